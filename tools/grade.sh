#!/usr/bin/env bash
# grade.sh — grade the exercises against FFTW; TAP on stdout, a JSON score file.
#
#   BUILD=build tools/grade.sh [options]        (make grade [EX=02_radix2/dif] [SRC=solutions])
#
#   --only ID         grade only exercise ID (repeatable, or ID,ID); see exercises/manifest.tsv
#   --from DIR        grade DIR/<id>.cl instead of exercises/<id>.cl (e.g. --from solutions)
#   --json PATH       where to write the score file (default: grade.json in the repository)
#   --expect-fail     stub mode: an exercise is "ok" when it FAILS because its answer is
#                     wrong (exit 1) or it does not build (exit 3); exit 0 when all do
#   --all-cases       run every case even after one of the exercise's cases failed
#   --quick           a quick look: --seed 1 only, and two of each exercise's cases (its
#                     first and its middle one, not the largest); not the full grade
#                     (make test grades this way, CI's slow set and `make grade` the full way)
#   --jobs J          cases run at once (default: env GRADE_JOBS, else the number of CPUs, at most 4)
#   --case-timeout S  seconds one run may take (program --timeout S, outer timeout S+30; default 60)
#   --manifest FILE   another manifest (default exercises/manifest.tsv)
#
# Every case of exercises/manifest.tsv runs with --seed 1 and --seed 2 (--quick: see above):
#   $BUILD/<chapter> --exercise <from>/<id>.cl --variant V --size N [--batch B] [--inverse]
#                    [--wg W] --seed S --repeat 0 --timeout 60      (under timeout -k 5 90)
# (a 2-D or 3-D case written 16,32 in the manifest runs as --size 16x32; a case with the
# option :ranks=P runs under MPI, as tools/mpirun.sh -n P $BUILD/<chapter> ...)
# and passes only when it exits 0 and its last line of stdout is exactly PASS. The chapter
# program always verifies against FFTW; the grader never passes --no-verify. Cases run
# J at a time, round by round (every exercise's first case, then every one's second...);
# once a case of an exercise has failed, its later cases are not started (--all-cases
# starts them). Results are printed in manifest order: a TAP line per
# exercise, why each failing case failed, and the first failure's command and output.
#
# Exit status: 0 every graded exercise passed (--expect-fail: every one failed as a stub
# should), 1 otherwise, 2 usage error (bad option, unknown --only id, missing build).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PROG=tools/grade.sh

usage_error() {
    echo "$PROG: $*" >&2
    echo "usage: BUILD=build $PROG [--only ID] [--from DIR] [--json PATH] [--expect-fail] [--all-cases] [--quick] [--jobs J] [--case-timeout S] [--manifest FILE]" >&2
    exit 2
}

# Paths the user gives are relative to where they ran us; we work from the repository root.
abspath() {
    if [[ $1 == /* || $PWD == "$ROOT" ]]; then printf '%s\n' "$1"; else printf '%s\n' "$PWD/$1"; fi
}

FROM=exercises
JSON_OUT=grade.json
MANIFEST=exercises/manifest.tsv
EXPECT_FAIL=0
ALL_CASES=0
QUICK=0
CASE_TIMEOUT=60
ONLY=()
ncpu=$(nproc 2>/dev/null || echo 2)
JOBS=${GRADE_JOBS:-$((ncpu > 4 ? 4 : ncpu))}

while (($#)); do
    opt=$1
    val=
    if [[ $opt == --*=* ]]; then
        val=${opt#*=}
        opt=${opt%%=*}
        set -- "$opt" "$val" "${@:2}"
    fi
    case $opt in
    --only | --from | --json | --jobs | --case-timeout | --manifest)
        (($# >= 2)) || usage_error "$opt needs a value"
        val=$2
        shift 2
        ;;
    *)
        shift
        ;;
    esac
    case $opt in
    --only)
        [[ -n ${val//[ ,]/} ]] || usage_error "--only needs an exercise id (exercises/manifest.tsv lists them)"
        IFS=, read -r -a more <<<"$val"
        for o in "${more[@]}"; do [[ -n $o ]] && ONLY+=("$o"); done ;;
    --from) FROM=$(abspath "${val%/}") ;;
    --json)
        [[ -n $val && ! -d $val && $val != */ ]] || usage_error "--json needs a file path, got '$val' (a folder)"
        JSON_OUT=$(abspath "$val") ;;
    --manifest) MANIFEST=$(abspath "$val") ;;
    --jobs) [[ $val =~ ^[1-9][0-9]?$ ]] || usage_error "--jobs must be a number from 1 to 99, got '$val'"; JOBS=$val ;;
    --case-timeout)
        [[ $val =~ ^[1-9][0-9]{0,4}$ ]] && ((val <= 86400)) ||
            usage_error "--case-timeout must be whole seconds from 1 to 86400 (the programs' --timeout limit), got '$val'"
        CASE_TIMEOUT=$val ;;
    --expect-fail) EXPECT_FAIL=1 ;;
    --all-cases) ALL_CASES=1 ;;
    --quick) QUICK=1 ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) usage_error "unknown option '$opt'" ;;
    esac
done
[[ $JOBS =~ ^[1-9][0-9]?$ ]] || usage_error "GRADE_JOBS must be a number from 1 to 99, got '$JOBS'"

BUILD=$(abspath "${BUILD:-build}")
cd "$ROOT" || exit 2
OUTER_TIMEOUT=$((CASE_TIMEOUT + 30))
command -v timeout >/dev/null || usage_error "the 'timeout' command (GNU coreutils) is needed"

# ------------------------------------------------------------------ the manifest

EX_ID=() EX_CHAPTER=() EX_VARIANT=() EX_POINTS=() EX_FIRST=() EX_COUNT=()
C_EX=() C_SPEC=() C_SEED=() C_SIZE=() C_BATCH=() C_INVERSE=() C_WG=() C_RANKS=()

manifest_error() {
    echo "$PROG: $MANIFEST:$1: $2" >&2
    exit 2
}

[[ -f $MANIFEST ]] || usage_error "no manifest $MANIFEST"
count_re='^([1-9][0-9]*|2\^[0-9]+)$'
# N of a multi-dimensional chapter: its axes joined by commas, outermost first (16,32 is
# --size 16x32; "x" is taken by the batch); up to three.
shape_re='^([1-9][0-9]*|2\^[0-9]+)(,([1-9][0-9]*|2\^[0-9]+)){0,2}$'
lineno=0
seen_header=0
all_ids=()
while IFS= read -r line || [[ -n $line ]]; do
    lineno=$((lineno + 1))
    line=${line%$'\r'}
    [[ -z ${line//[[:space:]]/} || $line == \#* ]] && continue
    IFS=$'\t' read -r -a f <<<"$line"
    if ((!seen_header)); then
        [[ ${f[0]} == id ]] || manifest_error $lineno "the first line that is not a comment must be the header (id, chapter, variant, points, cases)"
        seen_header=1
        continue
    fi
    ((${#f[@]} == 5)) || manifest_error $lineno "expected 5 tab-separated fields (id, chapter, variant, points, cases), got ${#f[@]}"
    id=${f[0]} chapter=${f[1]} variant=${f[2]} points=${f[3]} cases=${f[4]}
    [[ $id =~ ^[0-9][0-9]_[A-Za-z0-9_]+/[A-Za-z0-9_]+$ ]] || manifest_error $lineno "bad id '$id' (want NN_chapter/name)"
    [[ $chapter =~ ^[0-9][0-9]_[A-Za-z0-9_]+$ ]] || manifest_error $lineno "bad chapter '$chapter'"
    [[ $variant =~ ^[A-Za-z0-9_]+$ ]] || manifest_error $lineno "bad variant '$variant'"
    [[ $points =~ ^[0-9]+$ ]] || manifest_error $lineno "points must be a whole number, got '$points'"
    for other in "${all_ids[@]}"; do
        [[ $other == "$id" ]] && manifest_error $lineno "exercise $id is listed twice"
    done
    all_ids+=("$id")
    read -r -a specs <<<"$cases"
    ((${#specs[@]})) || manifest_error $lineno "$id has no cases"
    # Parse every case now, so a typo is a usage error before anything runs.
    parsed=()
    for spec in "${specs[@]}"; do
        IFS=: read -r -a parts <<<"$spec"
        shape=${parts[0]} size=${parts[0]%%x*} batch='' inverse=0 wg='' ranks=''
        [[ $shape == *x* ]] && batch=${shape#*x}
        [[ $size =~ $shape_re ]] || manifest_error $lineno "case '$spec': N must look like 1024, 2^10 or 16,32 (a 2-D shape)"
        [[ -z $batch || $batch =~ $count_re ]] || manifest_error $lineno "case '$spec': batch must be a number (NxB)"
        for opt in "${parts[@]:1}"; do
            case $opt in
            inverse) inverse=1 ;;
            wg=*) wg=${opt#wg=}; [[ $wg =~ ^[1-9][0-9]*$ ]] || manifest_error $lineno "case '$spec': wg=W needs a number" ;;
            ranks=*) ranks=${opt#ranks=}; [[ $ranks =~ ^[1-9][0-9]?$ ]] || manifest_error $lineno "case '$spec': ranks=P needs a number from 1 to 99" ;;
            *) manifest_error $lineno "case '$spec': unknown option '$opt' (known: inverse, wg=W, ranks=P)" ;;
            esac
        done
        parsed+=("$spec|$size|$batch|$inverse|$wg|$ranks")
    done
    if ((${#ONLY[@]})); then
        wanted=0
        for o in "${ONLY[@]}"; do [[ $o == "$id" ]] && wanted=1; done
        ((wanted)) || continue
    fi
    seeds=(1 2)
    if ((QUICK)); then
        # the first case (the edge: N = 1 mostly) and the middle one; the last ones, the
        # largest, are left to the full grade
        mid=$((${#parsed[@]} / 2))
        keep=("${parsed[0]}")
        ((mid > 0)) && keep+=("${parsed[$mid]}")
        parsed=("${keep[@]}")
        seeds=(1)
    fi
    e=${#EX_ID[@]}
    EX_ID+=("$id") EX_CHAPTER+=("$chapter") EX_VARIANT+=("$variant") EX_POINTS+=("$points")
    EX_FIRST+=("${#C_EX[@]}") EX_COUNT+=($((${#seeds[@]} * ${#parsed[@]})))
    for p in "${parsed[@]}"; do
        IFS='|' read -r spec size batch inverse wg ranks <<<"$p"
        for seed in "${seeds[@]}"; do
            C_EX+=("$e") C_SPEC+=("$spec") C_SEED+=("$seed") C_SIZE+=("$size")
            C_BATCH+=("$batch") C_INVERSE+=("$inverse") C_WG+=("$wg") C_RANKS+=("$ranks")
        done
    done
done <"$MANIFEST"
((seen_header)) || manifest_error $lineno "no header line"

for o in "${ONLY[@]}"; do
    known=0
    for id in "${all_ids[@]}"; do [[ $o == "$id" ]] && known=1; done
    ((known)) || usage_error "no exercise '$o' in $MANIFEST (there are: ${all_ids[*]})"
done
((${#EX_ID[@]})) || usage_error "no exercises to grade"

for chapter in "${EX_CHAPTER[@]}"; do
    if [[ ! -x $BUILD/$chapter ]]; then
        echo "$PROG: $BUILD/$chapter is missing: build the chapters first with 'make' (or 'make all'), or set BUILD to their folder" >&2
        exit 2
    fi
done
[[ -d $FROM ]] || usage_error "--from: no folder '$FROM'"
json_dir=$(dirname "$JSON_OUT")
[[ -d $json_dir && -w $json_dir ]] || usage_error "--json: cannot write into folder '$json_dir'"

# ------------------------------------------------------------------ running the cases

WORK=$(mktemp -d "${TMPDIR:-/tmp}/fftlab-grade.XXXXXX") || exit 2
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
    local f
    for f in "$WORK"/*.pid; do
        [[ -f $f ]] && kill -TERM "$(cat "$f")" 2>/dev/null
    done
    wait 2>/dev/null # for the cases' subshells, so none writes into a removed folder
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'echo "$PROG: interrupted" >&2; exit 130' INT TERM

now() { printf '%s\n' "${EPOCHREALTIME:-$(date +%s.%N)}"; }
T_START=$(now)

kernel_file() { printf '%s/%s.cl\n' "$FROM" "${EX_ID[$1]}"; }

# case_argv I: sets the array ARGV to the command line of case I.
case_argv() {
    local i=$1 e=${C_EX[$1]}
    ARGV=("$BUILD/${EX_CHAPTER[$e]}" --exercise "$(kernel_file "$e")" --variant "${EX_VARIANT[$e]}"
        --size "${C_SIZE[$i]//,/x}")
    [[ -n ${C_BATCH[$i]} ]] && ARGV+=(--batch "${C_BATCH[$i]}")
    ((C_INVERSE[i])) && ARGV+=(--inverse)
    [[ -n ${C_WG[$i]} ]] && ARGV+=(--wg "${C_WG[$i]}")
    ARGV+=(--seed "${C_SEED[$i]}" --repeat 0 --timeout "$CASE_TIMEOUT")
    # an MPI chapter's case (:ranks=P): P processes through the project's mpirun wrapper
    [[ -n ${C_RANKS[$i]} ]] && ARGV=("$ROOT/tools/mpirun.sh" -n "${C_RANKS[$i]}" "${ARGV[@]}")
    return 0
}

# classify RC OUT ERR: prints "OK" or why the case failed.
classify() {
    local rc=$1 out=$2 err=$3 last
    last=$(tail -n 1 "$out")
    if ((rc == 0)); then
        if [[ $last == PASS ]]; then echo OK; else echo "exit 0 but the last line is not PASS"; fi
        return
    fi
    case $rc in
    1)
        if grep -q 'wrote out of bounds' "$out" "$err"; then
            echo "exit 1 wrote out of bounds: $(grep -o -m1 'buffer [A-Za-z]*, [a-z ]*its [a-z]*' "$out" "$err" | head -n 1 | sed 's/^[^:]*://')"
        else echo "exit 1 wrong result"; fi ;;
    2)
        if grep -q 'an exercise may not use #' "$out" "$err"; then
            echo "exit 2 refused: $(grep -o -m1 'an exercise may not use #[a-z]*' "$out" "$err" | head -n 1 | sed 's/^[^:]*://') (the grader runs only your own text)"
        else echo "exit 2 usage error"; fi ;;
    3)
        if grep -q 'kernel build failed' "$out" "$err"; then echo "exit 3 build failed"
        elif grep -q 'no result before the --timeout' "$out" "$err"; then echo "exit 3 timed out after --timeout $CASE_TIMEOUT s (endless loop?)"
        elif grep -q 'is not defined in' "$out" "$err"; then echo "exit 3 kernel missing (wrong kernel name?)"
        elif grep -q 'clSetKernelArg' "$out" "$err"; then echo "exit 3 kernel parameters do not match the contract"
        else echo "exit 3 OpenCL error"; fi
        ;;
    124) echo "exit 124 killed by the outer timeout after $OUTER_TIMEOUT s" ;;
    137) echo "exit 137 killed by SIGKILL (outer timeout's -k 5, or out of memory)" ;;
    *)
        if ((rc > 128)); then
            echo "exit $rc crashed by signal SIG$(kill -l $((rc - 128)) 2>/dev/null || echo $((rc - 128)))"
        else
            echo "exit $rc unexpected exit status"
        fi
        ;;
    esac
}

# run_case I (in the background): writes $WORK/I.out, I.err and, last, I.res.
run_case() {
    local i=$1 t0 t1 rc verdict
    case_argv "$i"
    t0=$(now)
    timeout -k 5 "$OUTER_TIMEOUT" "${ARGV[@]}" >"$WORK/$i.out" 2>"$WORK/$i.err" </dev/null &
    echo $! >"$WORK/$i.pid"
    wait $! 2>/dev/null # (no "Segmentation fault" line from bash: the report says it)
    rc=$?
    rm -f "$WORK/$i.pid"
    t1=$(now)
    verdict=$(classify "$rc" "$WORK/$i.out" "$WORK/$i.err")
    printf '%s\n%s\n%s\n' "$rc" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')" \
        "$verdict" >"$WORK/$i.tmp"
    mv "$WORK/$i.tmp" "$WORK/$i.res"
}

# State of case I: R_RC, R_SECS, R_VERDICT; returns 1 while it has not finished.
read_result() {
    [[ -f $WORK/$1.res ]] || return 1
    { read -r R_RC; read -r R_SECS; read -r R_VERDICT; } <"$WORK/$1.res"
}

# Has any finished case of exercise E failed?
exercise_failed() {
    local e=$1 i
    for ((i = EX_FIRST[e]; i < EX_FIRST[e] + EX_COUNT[e]; i++)); do
        read_result "$i" && [[ $R_VERDICT != OK ]] && return 0
    done
    return 1
}

# ------------------------------------------------------------------ reporting

json_str() {
    local s=$1 out='' c i
    s=${s//\\/\\\\}
    s=${s//\"/\\\"}
    if [[ $s == *[[:cntrl:]]* ]]; then
        local LC_ALL=C
        for ((i = 0; i < ${#s}; i++)); do
            c=${s:i:1}
            [[ $c == [[:cntrl:]] ]] && printf -v c '\\u%04x' "'$c"
            out+=$c
        done
        s=$out
    fi
    printf '"%s"' "$s"
}

diag() { sed 's/^/#   /'; }

xml_str() {
    local s=$1
    # (the replacements are quoted: in bash 5.2 an unquoted & stands for the match)
    s=${s//&/"&amp;"}
    s=${s//</"&lt;"}
    s=${s//>/"&gt;"}
    s=${s//\"/"&quot;"}
    printf '%s' "${s//[$'\x01'-$'\x08'$'\x0b'$'\x0c'$'\x0e'-$'\x1f']/}"
}
XML_EX=()
TAP_N=0
SCORE=0
MAX=0
ALL_GOOD=1
JSON_EX=()

# report_exercise E: one TAP line (+ diagnostics) and the exercise's JSON.
report_exercise() {
    local e=$1 i id=${EX_ID[$1]} pts=${EX_POINTS[$1]} first_bad='' nrun=0 npass=0 nskip=0 cases_json=''
    local passed=false earned=0 usage_bad='' hang_bad='' line why xml_cases='' cname
    for ((i = EX_FIRST[e]; i < EX_FIRST[e] + EX_COUNT[e]; i++)); do
        [[ -n $cases_json ]] && cases_json+=", "
        local cname="${C_SPEC[$i]} seed ${C_SEED[$i]}"
        if [[ -f $WORK/$i.skip ]]; then
            xml_cases+="    <testcase classname=\"$(xml_str "$id")\" name=\"$(xml_str "$cname")\"><skipped message=\"$(xml_str "$(cat "$WORK/$i.skip")")\"/></testcase>"$'\n'
            nskip=$((nskip + 1))
            cases_json+="{\"case\": $(json_str "${C_SPEC[$i]}"), \"seed\": ${C_SEED[$i]}, \"exit\": null, \"ok\": false, \"skipped\": true, \"reason\": $(json_str "$(cat "$WORK/$i.skip")")}"
            continue
        fi
        read_result "$i"
        nrun=$((nrun + 1))
        if [[ $R_VERDICT == OK ]]; then
            xml_cases+="    <testcase classname=\"$(xml_str "$id")\" name=\"$(xml_str "$cname")\" time=\"$R_SECS\"/>"$'\n'
            npass=$((npass + 1))
            cases_json+="{\"case\": $(json_str "${C_SPEC[$i]}"), \"seed\": ${C_SEED[$i]}, \"exit\": $R_RC, \"ok\": true, \"seconds\": $R_SECS}"
        else
            xml_cases+="    <testcase classname=\"$(xml_str "$id")\" name=\"$(xml_str "$cname")\" time=\"$R_SECS\"><failure message=\"$(xml_str "$R_VERDICT")\">$(xml_str "$(tail -n 3 "$WORK/$i.out" 2>/dev/null)")</failure></testcase>"$'\n'
            [[ -z $first_bad ]] && first_bad=$i
            [[ $R_RC == 2 && -z $usage_bad ]] && usage_bad=$i
            [[ -z $hang_bad && ($R_VERDICT == *timed\ out* || $R_RC -ge 124) ]] && hang_bad=$i
            cases_json+="{\"case\": $(json_str "${C_SPEC[$i]}"), \"seed\": ${C_SEED[$i]}, \"exit\": $R_RC, \"ok\": false, \"seconds\": $R_SECS, \"reason\": $(json_str "$R_VERDICT")}"
        fi
    done
    if [[ -z $first_bad && $nskip -eq 0 ]]; then
        passed=true
        earned=$pts
    fi
    SCORE=$((SCORE + earned))
    MAX=$((MAX + pts))
    TAP_N=$((TAP_N + 1))

    local what=
    if [[ -n $first_bad ]]; then
        what="case ${C_SPEC[$first_bad]} seed ${C_SEED[$first_bad]}: $(read_result "$first_bad"; echo "$R_VERDICT")"
    elif ((nskip)); then
        what=$(cat "$WORK/${EX_FIRST[$e]}.skip")
    fi

    local ok_line as_expected=
    if ((EXPECT_FAIL)); then
        # A stub must fail by a wrong (or unwritten) answer, or by not building.
        if [[ $passed == true ]]; then
            ok_line="not ok $TAP_N - $id (the stub passes every case: it gives the answer away)"
        elif [[ -n $usage_bad ]]; then
            read_result "$usage_bad"
            ok_line="not ok $TAP_N - $id (case ${C_SPEC[$usage_bad]} seed ${C_SEED[$usage_bad]}: $R_VERDICT; a stub must fail because its answer is wrong (exit 1) or it does not build (exit 3), not because the command line is wrong)"
        elif [[ -n $hang_bad ]]; then
            read_result "$hang_bad"
            ok_line="not ok $TAP_N - $id (case ${C_SPEC[$hang_bad]} seed ${C_SEED[$hang_bad]}: $R_VERDICT; a stub must fail fast, by a wrong answer or a build error, not hang or crash)"
        elif [[ -z $first_bad ]]; then
            ok_line="not ok $TAP_N - $id ($what)"
        else
            read_result "$first_bad"
            if [[ $R_RC == 1 || $R_RC == 3 ]]; then
                ok_line="ok $TAP_N - $id fails as a stub should ($what)"
            else
                ok_line="not ok $TAP_N - $id ($what; a stub must fail with exit 1 or 3)"
            fi
        fi
        [[ $ok_line == ok* ]] && as_expected=true || as_expected=false
        [[ $as_expected == true ]] || ALL_GOOD=0
    else
        if [[ $passed == true ]]; then ok_line="ok $TAP_N - $id"; else ok_line="not ok $TAP_N - $id ($what)"; ALL_GOOD=0; fi
    fi
    echo "$ok_line"
    echo "#   $npass/$((nrun)) runs passed$( ((nskip)) && echo ", $nskip not run"), $earned/$pts points, kernels $(kernel_file "$e")"

    # Diagnostics: why each failing case failed; the first one's command and output.
    if [[ -n $first_bad ]]; then
        for ((i = EX_FIRST[e]; i < EX_FIRST[e] + EX_COUNT[e]; i++)); do
            [[ -f $WORK/$i.skip ]] && continue
            read_result "$i"
            [[ $R_VERDICT == OK ]] || echo "# case ${C_SPEC[$i]} seed ${C_SEED[$i]}: $R_VERDICT (${R_SECS} s)"
        done
        ((nskip)) && echo "# $nskip later run(s) not started after the first failure (--all-cases runs them)"
        # In --expect-fail mode, show the case that decided the verdict.
        local show=$first_bad
        ((EXPECT_FAIL)) && [[ -n $usage_bad ]] && show=$usage_bad
        ((EXPECT_FAIL)) && [[ -z $usage_bad && -n $hang_bad ]] && show=$hang_bad
        case_argv "$show"
        printf -v line '%q ' "${ARGV[@]}"
        read_result "$show"
        echo "# rerun: ${line% }"
        if [[ -s $WORK/$show.out ]]; then
            echo "# stdout (last 8 lines):"
            tail -n 8 "$WORK/$show.out" | diag
        else
            echo "# stdout: (empty$( ((R_RC > 128)) && echo ": a crash loses what the program had not flushed yet"))"
        fi
        if [[ -s $WORK/$show.err ]]; then
            local nerr
            nerr=$(wc -l <"$WORK/$show.err")
            echo "# stderr (mismatches, errors, build log):"
            if ((nerr <= 40)); then
                diag <"$WORK/$show.err"
            else
                head -n 28 "$WORK/$show.err" | diag
                echo "#   ... ($((nerr - 36)) lines left out)"
                tail -n 8 "$WORK/$show.err" | diag
            fi
        fi
    elif ((nskip)); then
        echo "# $what"
    fi

    why=
    [[ -n $what ]] && why=", \"reason\": $(json_str "$what")"
    local expect_json=
    ((EXPECT_FAIL)) && expect_json=", \"failed_as_expected\": $as_expected"
    XML_EX+=("  <testsuite name=\"$(xml_str "$id")\" tests=\"$((nrun + nskip))\" failures=\"$((nrun - npass))\" skipped=\"$nskip\">"$'\n'"$xml_cases  </testsuite>")
    JSON_EX+=("{\"id\": $(json_str "$id"), \"points\": $earned, \"max\": $pts, \"passed\": $passed$why$expect_json, \"cases\": [$cases_json]}")
}

# ------------------------------------------------------------------ main loop

NCASES=${#C_EX[@]}
echo "1..${#EX_ID[@]}"
echo "# grading $(kernel_file 0 | sed "s|/${EX_ID[0]}\.cl\$||")/<id>.cl with $BUILD/<chapter>: ${#EX_ID[@]} exercise(s), $NCASES run(s), $JOBS at a time$( ((EXPECT_FAIL)) && echo "; --expect-fail: each should FAIL")"

for ((e = 0; e < ${#EX_ID[@]}; e++)); do
    f=$(kernel_file "$e")
    if [[ ! -f $f ]]; then
        for ((i = EX_FIRST[e]; i < EX_FIRST[e] + EX_COUNT[e]; i++)); do
            echo "missing kernel file $f" >"$WORK/$i.skip"
        done
    fi
done

next_report=0
flush_reports() {
    local e i done_all
    while ((next_report < ${#EX_ID[@]})); do
        e=$next_report
        done_all=1
        for ((i = EX_FIRST[e]; i < EX_FIRST[e] + EX_COUNT[e]; i++)); do
            [[ -f $WORK/$i.skip || -f $WORK/$i.res ]] || { done_all=0; break; }
        done
        ((done_all)) || return 0
        report_exercise "$e"
        next_report=$((next_report + 1))
    done
}

# Cases start round by round: every exercise's first case, then every one's second, and so
# on. By the time an exercise's next case is due, its earlier ones have usually ended, so
# an exercise that already failed starts no more (a stub typically fails its first case:
# with the cases in manifest order, its second was started beside it, a kernel build and
# a run for nothing). Results are still reported in manifest order.
order=()
for ((r = 0; ; r++)); do
    more=0
    for ((e = 0; e < ${#EX_ID[@]}; e++)); do
        ((r < EX_COUNT[e])) || continue
        order+=($((EX_FIRST[e] + r)))
        more=1
    done
    ((more)) || break
done
running=0
for i in "${order[@]}"; do
    [[ -f $WORK/$i.skip ]] && continue
    while ((running >= JOBS)); do
        wait -n
        running=$(jobs -rp | wc -l)
        flush_reports
    done
    if ((!ALL_CASES)) && exercise_failed "${C_EX[$i]}"; then
        echo "not run: an earlier case of this exercise failed" >"$WORK/$i.skip"
        flush_reports
        continue
    fi
    run_case "$i" &
    running=$(jobs -rp | wc -l)
done
wait
flush_reports

T_END=$(now)
SECS=$(awk -v a="$T_START" -v b="$T_END" 'BEGIN { printf "%.1f", b - a }')
echo "# score: $SCORE/$MAX points"
((QUICK)) && echo "# quick: seed 1 and two cases per exercise; without --quick every case runs with both seeds"
echo "# graded in $SECS s"

# publish FILE: rename FILE.tmp.<pid>, written whole, over FILE (exit 2 if it cannot).
publish() {
    if ! mv "$1.tmp.$$" "$1" 2>/dev/null; then
        echo "$PROG: cannot write $1" >&2
        rm -f "$1.tmp.$$"
        exit 2
    fi
    echo "# wrote $( [[ $1 == "$ROOT"/* ]] && echo "${1#"$ROOT"/}" || echo "$1")"
}

src_name=${FROM#"$ROOT"/}
{
    printf '{"source": %s, "build": %s, "expect_fail": %s, "quick": %s, "score": %d, "max": %d, "seconds": %s, "exercises": [' \
        "$(json_str "$src_name")" "$(json_str "${BUILD#"$ROOT"/}")" \
        "$( ((EXPECT_FAIL)) && echo true || echo false)" "$( ((QUICK)) && echo true || echo false)" "$SCORE" "$MAX" "$SECS"
    sep=
    for j in "${JSON_EX[@]}"; do
        printf '%s\n  %s' "$sep" "$j"
        sep=,
    done
    printf '\n]}\n'
} >"$JSON_OUT.tmp.$$"
publish "$JSON_OUT"

# The same cases as JUnit XML beside it (grade.json -> grade.xml), one testcase per run.
XML_OUT=${JSON_OUT%.json}.xml
{
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="fftlab grade" score="%d" max="%d">\n' "$SCORE" "$MAX"
    for x in "${XML_EX[@]}"; do printf '%s\n' "$x"; done
    printf '</testsuites>\n'
} >"$XML_OUT.tmp.$$"
publish "$XML_OUT"

((ALL_GOOD)) && exit 0
exit 1
