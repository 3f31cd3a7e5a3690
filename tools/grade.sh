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
#   --all-cases       run every case even after a case of its group failed
#   --quick           a quick look: --seed 1 only, and two of each exercise's cases (its
#                     first and its middle one, not the largest); not the full grade
#                     (make test grades this way, CI's slow set and `make grade` the full way)
#   --jobs J          cases run at once (default: env GRADE_JOBS, else the number of CPUs, at most 4)
#   --case-timeout S  seconds one run may take (program --timeout S, outer timeout S+30; default 60)
#   --manifest FILE   another manifest (default exercises/manifest.tsv)
#   --hidden FILE     also the cases of an instructor's manifest (repeatable; env GRADE_HIDDEN,
#                     paths joined by ':'; make grade HIDDEN=FILE): a row whose id the manifest
#                     has adds its case groups and points to that exercise, a new id a new one
#   --draw S          the draw of the random sizes and seeds (default: a fresh one each run,
#                     printed as "# drawn with --draw S", so a failure can be rerun exactly)
#   --dry-run         print the draw and every run's command line, run nothing, write nothing
#   --progress PATH   the progress file (default: beside --json, <name>-progress.tsv). A run
#                     of some exercises (--only) merges its results into it; a run of all of
#                     them writes it whole. Each run ends with "# progress: k of K exercises,
#                     p/P points". Not written with --expect-fail.
#
# Every case of exercises/manifest.tsv runs with --seed 1 and with a seed drawn for this
# run (--quick: seed 1 only), or with its own :seed=S; a drawn case (~kind[lo..hi]) runs at
# a size drawn for this run, with the drawn seed (see the manifest's header):
#   $BUILD/<chapter> --exercise <from>/<id>.cl --variant V --size N [--batch B] [--inverse]
#                    [--wg W] --seed S --repeat 0 --timeout 60      (under timeout -k 5 90)
# (a 2-D or 3-D case written 16,32 in the manifest runs as --size 16x32; a case with the
# option :ranks=P runs under MPI, as tools/mpirun.sh -n P $BUILD/<chapter> ...)
# and passes only when it exits 0 and its last line of stdout is exactly PASS. The chapter
# program always verifies against FFTW; the grader never passes --no-verify. Cases run
# J at a time, round by round (every exercise's first case, then every one's second...);
# once a case of an exercise's group has failed, that group's later cases are not started
# (--all-cases starts them; --quick: the exercise's). Results are printed in manifest
# order: a TAP line per exercise, why each failing case failed, and the first failure's
# command, its first failing check (the WRONG line with got/expected), any out-of-bounds
# line with its launch, and its output's tail.
#
# Points: an exercise's cases come in groups (the manifest's cases separated by '|'), each
# with its points; a group earns them when every one of its runs passes (--quick: all the
# exercise's points or none, since most groups do not run). Once a run fails, the later
# runs of its group are not started (--all-cases starts them).
# Reports: TAP on stdout; the JSON score file; JUnit XML beside it (grade.json -> grade.xml,
# one testcase per exercise as in the TAP, valid against tests/junit-10.xsd); the progress
# file. Each is written whole (a temporary file in its folder, then rename), never onto a
# folder, a link or a device. A run's stdout and stderr are capped (64 MiB while it runs,
# then 64 KiB kept for the reports: its first and last 32 KiB).
#
# Exit status: 0 every graded exercise passed (--expect-fail: every one failed as a stub
# should), 1 otherwise, 2 usage error (bad option, unknown --only id, missing build).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PROG=tools/grade.sh

usage_error() {
    echo "$PROG: $*" >&2
    echo "usage: BUILD=build $PROG [--only ID] [--from DIR] [--json PATH] [--expect-fail] [--all-cases] [--quick] [--jobs J] [--case-timeout S] [--manifest FILE] [--hidden FILE] [--draw S] [--progress PATH] [--dry-run]" >&2
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
DRY_RUN=0
CASE_TIMEOUT=60
ONLY=()
HIDDEN=()
DRAW=
PROGRESS=
if [[ -n ${GRADE_HIDDEN:-} ]]; then
    IFS=: read -r -a HIDDEN <<<"$GRADE_HIDDEN"
    for h in "${!HIDDEN[@]}"; do HIDDEN[h]=$(abspath "${HIDDEN[h]}"); done
fi
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
    --only | --from | --json | --jobs | --case-timeout | --manifest | --hidden | --draw | --progress)
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
    --progress)
        [[ -n $val && ! -d $val && $val != */ ]] || usage_error "--progress needs a file path, got '$val' (a folder)"
        PROGRESS=$(abspath "$val") ;;
    --manifest) MANIFEST=$(abspath "$val") ;;
    --hidden) [[ -f $val ]] || usage_error "--hidden: no manifest '$val'"; HIDDEN+=("$(abspath "$val")") ;;
    --draw) [[ $val =~ ^[0-9]{1,9}$ ]] || usage_error "--draw must be a number from 0 to 999999999, got '$val'"; DRAW=$((10#$val)) ;;
    --jobs) [[ $val =~ ^[1-9][0-9]?$ ]] || usage_error "--jobs must be a number from 1 to 99, got '$val'"; JOBS=$val ;;
    --case-timeout)
        [[ $val =~ ^[1-9][0-9]{0,4}$ ]] && ((val <= 86400)) ||
            usage_error "--case-timeout must be whole seconds from 1 to 86400 (the programs' --timeout limit), got '$val'"
        CASE_TIMEOUT=$val ;;
    --expect-fail) EXPECT_FAIL=1 ;;
    --all-cases) ALL_CASES=1 ;;
    --quick) QUICK=1 ;;
    --dry-run) DRY_RUN=1 ;;
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

EX_ID=() EX_CHAPTER=() EX_VARIANT=() EX_POINTS=() EX_FIRST=() EX_COUNT=() EX_GPTS=() EX_DSEED=()
C_EX=() C_SPEC=() C_SEED=() C_SIZE=() C_BATCH=() C_INVERSE=() C_WG=() C_RANKS=() C_GROUP=()

MF=$MANIFEST
manifest_error() {
    echo "$PROG: $MF:$1: $2" >&2
    exit 2
}

[[ -f $MANIFEST ]] || usage_error "no manifest $MANIFEST"
count_re='^([1-9][0-9]*|2\^[0-9]+)$'
# N of a multi-dimensional chapter: its axes joined by commas, outermost first (16,32 is
# --size 16x32; "x" is taken by the batch); up to three.
shape_re='^([1-9][0-9]*|2\^[0-9]+)(,([1-9][0-9]*|2\^[0-9]+)){0,2}$'
# a drawn axis: kind[lo..hi], kind any (every integer), pow2 (powers of two), smooth (2^a
# 3^b 5^c 7^d) or even (even and smooth); lo and hi as N is written
bound='([1-9][0-9]*|2\^[0-9]+)'
axis_re="(any|pow2|smooth|even)\[$bound\.\.$bound\]"
drawn_re="^~$axis_re(,$axis_re){0,2}\$"
num() { if [[ $1 == 2^* ]]; then echo $((1 << ${1#2^})); else echo $((10#$1)); fi; }

# The rows of every manifest (the main one, then --hidden ones), merged by id: R_* hold, per
# id, its chapter, variant, points per group ("1 1") and groups (case lists joined by '|').
R_ID=() R_CHAPTER=() R_VARIANT=() R_GPTS=() R_GROUPS=() R_HIDDEN=()
read_manifest() {
    MF=$1
    local hidden=$2 line lineno=0 seen_header=0 id chapter variant points cases r spec
    local -a f groups gp specs parts
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
        [[ $points =~ ^[0-9]+(\+[0-9]+)*$ ]] || manifest_error $lineno "points must be a whole number, or one per case group joined by + (1+1), got '$points'"
        IFS='|' read -r -a groups <<<"$cases"
        IFS=+ read -r -a gp <<<"$points"
        ((${#gp[@]} == ${#groups[@]})) ||
            manifest_error $lineno "$id: ${#groups[@]} case group(s) (separated by '|') but ${#gp[@]} point value(s) ('$points')"
        # Parse every case now, so a typo is a usage error before anything runs.
        for g in "${groups[@]}"; do
            read -r -a specs <<<"$g"
            ((${#specs[@]})) || manifest_error $lineno "$id has an empty case group"
            for spec in "${specs[@]}"; do
                IFS=: read -r -a parts <<<"$spec"
                local shape=${parts[0]} size batch=''
                size=${shape%%x*}
                [[ $shape == *x* ]] && batch=${shape#*x}
                if [[ $size == @* ]]; then
                    [[ $spec =~ ^@[0-9][0-9]_[A-Za-z0-9_]+$ ]] || manifest_error $lineno "case '$spec': a property check is @PROGRAM alone (a program in \$BUILD, like @04_tile_probe)"
                elif [[ $size == \~* ]]; then
                    [[ $size =~ $drawn_re ]] || manifest_error $lineno "case '$spec': a drawn size looks like ~pow2[2..2^16] or ~smooth[1..64],even[2..64] (kinds: any, pow2, smooth, even)"
                else
                    [[ $size =~ $shape_re ]] || manifest_error $lineno "case '$spec': N must look like 1024, 2^10 or 16,32 (a 2-D shape)"
                fi
                [[ -z $batch || $batch =~ $count_re ]] || manifest_error $lineno "case '$spec': batch must be a number (NxB)"
                local opt
                for opt in "${parts[@]:1}"; do
                    case $opt in
                    inverse) ;;
                    wg=*) [[ ${opt#wg=} =~ ^[1-9][0-9]*$ ]] || manifest_error $lineno "case '$spec': wg=W needs a number" ;;
                    ranks=*) [[ ${opt#ranks=} =~ ^[1-9][0-9]?$ ]] || manifest_error $lineno "case '$spec': ranks=P needs a number from 1 to 99" ;;
                    seed=*) [[ ${opt#seed=} =~ ^[0-9]{1,9}$ ]] || manifest_error $lineno "case '$spec': seed=S needs a number" ;;
                    *) manifest_error $lineno "case '$spec': unknown option '$opt' (known: inverse, wg=W, ranks=P, seed=S)" ;;
                    esac
                done
            done
        done
        for ((r = 0; r < ${#R_ID[@]}; r++)); do [[ ${R_ID[r]} == "$id" ]] && break; done
        if ((r < ${#R_ID[@]})); then
            ((hidden)) || manifest_error $lineno "exercise $id is listed twice"
            [[ ${R_CHAPTER[r]} == "$chapter" && ${R_VARIANT[r]} == "$variant" ]] ||
                manifest_error $lineno "$id: chapter and variant must be those of the main manifest (${R_CHAPTER[r]}, ${R_VARIANT[r]})"
            R_GPTS[r]+=" ${gp[*]}" R_GROUPS[r]+="|$cases" R_HIDDEN[r]+=" ${#groups[@]}"
        else
            R_ID+=("$id") R_CHAPTER+=("$chapter") R_VARIANT+=("$variant") R_GPTS+=("${gp[*]}")
            R_GROUPS+=("$cases") R_HIDDEN+=("$( ((hidden)) && echo "${#groups[@]}" || echo 0)")
        fi
    done <"$MF"
    ((seen_header)) || manifest_error $lineno "no header line"
}
read_manifest "$MANIFEST" 0
for h in "${HIDDEN[@]}"; do
    [[ -f $h ]] || usage_error "--hidden: no manifest '$h'"
    read_manifest "$h" 1
done
all_ids=("${R_ID[@]}")
ALL_MAX=0
for gp in "${R_GPTS[@]}"; do for p in $gp; do ALL_MAX=$((ALL_MAX + p)); done; done

# The draw: bash's RANDOM seeded with --draw, so the same --draw draws the same again.
if [[ -z $DRAW ]]; then
    DRAW=$(( ${SRANDOM:-$(od -An -tu4 -N4 /dev/urandom)} % 1000000000 ))
fi
RANDOM=$DRAW
# (R30 is set in this shell, not printed: a subshell would reseed RANDOM)
rand30() { R30=$(((RANDOM << 15) | RANDOM)); }
# draw_axis KIND LO HI R: one N of the kind in [LO, HI] (uniform over the kind's numbers
# there), picked by the random number R.
draw_axis() {
    awk -v kind="$1" -v lo="$2" -v hi="$3" -v r="$4" 'BEGIN {
        n = 0
        if (kind == "any") { print lo + r % (hi - lo + 1); exit }
        for (a = 1; a <= hi; a *= 2) for (b = a; b <= hi; b *= 3) for (c = b; c <= hi; c *= 5)
            for (d = c; d <= hi; d *= 7) {
                if (d < lo) continue
                if (kind == "pow2" && d != a) continue
                if (kind == "even" && d % 2) continue
                v[n++] = d
            }
        if (n == 0) exit 1
        print v[r % n]
    }'
}

for ((r = 0; r < ${#R_ID[@]}; r++)); do
    id=${R_ID[r]}
    if ((${#ONLY[@]})); then
        wanted=0
        for o in "${ONLY[@]}"; do [[ $o == "$id" ]] && wanted=1; done
        ((wanted)) || continue
    fi
    IFS='|' read -r -a groups <<<"${R_GROUPS[r]}"
    e=${#EX_ID[@]}
    rand30
    drawn_seed=$((3 + R30 % 999999990))
    parsed=()
    for ((g = 0; g < ${#groups[@]}; g++)); do
        read -r -a specs <<<"${groups[g]}"
        for spec in "${specs[@]}"; do
            # --quick: a deterministic quick look, no drawn case
            ((QUICK)) && [[ $spec == \~* || $spec == @* ]] && continue
            IFS=: read -r -a parts <<<"$spec"
            shape=${parts[0]} size=${parts[0]%%x*} batch='' inverse=0 wg='' ranks='' seeds=''
            [[ $shape == *x* ]] && batch=${shape#*x}
            if [[ $size == \~* ]]; then
                axes=()
                IFS=, read -r -a ax <<<"${size#\~}"
                for a in "${ax[@]}"; do
                    [[ $a =~ ^([a-z0-9]+)\[(.*)\.\.(.*)\]$ ]]
                    rand30
                    n=$(draw_axis "${BASH_REMATCH[1]}" "$(num "${BASH_REMATCH[2]}")" "$(num "${BASH_REMATCH[3]}")" "$R30") ||
                        usage_error "$id: no size of kind '$a' to draw"
                    axes+=("$n")
                done
                size=$(IFS=,; echo "${axes[*]}")
                seeds=$drawn_seed
                spec="$size${batch:+x$batch}${spec#"${parts[0]}"} (drawn from $shape)"
            fi
            for opt in "${parts[@]:1}"; do
                case $opt in
                inverse) inverse=1 ;;
                wg=*) wg=${opt#wg=} ;;
                ranks=*) ranks=${opt#ranks=} ;;
                seed=*) seeds=$((10#${opt#seed=})) ;;
                esac
            done
            [[ $size == @* ]] && seeds=-
            [[ -z $seeds ]] && { if ((QUICK)); then seeds=1; else seeds="1 $drawn_seed"; fi; }
            parsed+=("$spec|$size|$batch|$inverse|$wg|$ranks|$g|$seeds")
        done
    done
    if ((QUICK)); then
        # the first case (the edge: N = 1 mostly) and the middle one; the last ones, the
        # largest, are left to the full grade
        mid=$((${#parsed[@]} / 2))
        keep=("${parsed[0]}")
        ((mid > 0)) && keep+=("${parsed[$mid]}")
        parsed=("${keep[@]}")
    fi
    EX_ID+=("$id") EX_CHAPTER+=("${R_CHAPTER[r]}") EX_VARIANT+=("${R_VARIANT[r]}")
    EX_GPTS+=("${R_GPTS[r]}") EX_DSEED+=("$drawn_seed")
    pts=0
    for p in ${R_GPTS[r]}; do pts=$((pts + p)); done
    EX_POINTS+=("$pts") EX_FIRST+=("${#C_EX[@]}")
    for p in "${parsed[@]}"; do
        IFS='|' read -r spec size batch inverse wg ranks g seeds <<<"$p"
        ((QUICK)) && g=0
        for seed in $seeds; do
            C_EX+=("$e") C_SPEC+=("$spec") C_SEED+=("$seed") C_SIZE+=("$size") C_GROUP+=("$g")
            C_BATCH+=("$batch") C_INVERSE+=("$inverse") C_WG+=("$wg") C_RANKS+=("$ranks")
        done
    done
    EX_COUNT+=($((${#C_EX[@]} - EX_FIRST[e])))
done

for o in "${ONLY[@]}"; do
    known=0
    for id in "${all_ids[@]}"; do [[ $o == "$id" ]] && known=1; done
    ((known)) || usage_error "no exercise '$o' in $MANIFEST (there are: ${all_ids[*]})"
done
((${#EX_ID[@]})) || usage_error "no exercises to grade"

for ((i = 0; i < ${#C_SIZE[@]}; i++)); do
    if [[ ${C_SIZE[i]} == @* && ! -x $BUILD/${C_SIZE[i]#@} ]]; then
        echo "$PROG: $BUILD/${C_SIZE[i]#@} is missing (a property check of ${EX_ID[${C_EX[i]}]}): build it with 'make all'" >&2
        exit 2
    fi
done
for chapter in "${EX_CHAPTER[@]}"; do
    if [[ ! -x $BUILD/$chapter ]]; then
        echo "$PROG: $BUILD/$chapter is missing: build the chapters first with 'make' (or 'make all'), or set BUILD to their folder" >&2
        exit 2
    fi
done
[[ -d $FROM ]] || usage_error "--from: no folder '$FROM'"
# The reports: each path must be a plain file or nothing yet, in a folder we can write to
# (never a folder, a link, a device node or a pipe, which a rename would replace or a
# write go through).
XML_OUT=${JSON_OUT%.json}.xml
[[ $XML_OUT == "$JSON_OUT" ]] && XML_OUT=$JSON_OUT.xml
[[ -n $PROGRESS ]] || PROGRESS=${JSON_OUT%.json}-progress.tsv
check_out() {
    local what=$1 path=$2 dir
    dir=$(dirname "$path")
    [[ -d $dir && -w $dir ]] || usage_error "$what: cannot write into folder '$dir'"
    if [[ -L $path ]]; then usage_error "$what: '$path' is a symbolic link; give the path of a plain file"
    elif [[ -e $path && ! -f $path ]]; then usage_error "$what: '$path' exists and is not a plain file (a folder, device or pipe)"
    fi
    return 0
}
check_out --json "$JSON_OUT"
check_out "the JUnit report (beside --json)" "$XML_OUT"
((EXPECT_FAIL)) || check_out --progress "$PROGRESS"

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
    if [[ ${C_SIZE[$i]} == @* ]]; then
        # a property check: its own program, given the exercise file
        ARGV=("$BUILD/${C_SIZE[$i]#@}" --exercise "$(kernel_file "$e")" --timeout "$CASE_TIMEOUT")
        return 0
    fi
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

# An access outside a buffer, however the chapter words it ("wrote out of bounds", "read 8
# bytes past the end of buffer B (launch 2: fft_radix2)", "before the start of")
OOB_RE='out of bounds|past the end of|before the start of|outside (its|the) buffer'
# A store into a buffer the kernel takes as const (the CPU device's fences, common/fence.c)
RO_RE='wrote into its read-only input'

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
        # the chapters' guard zones and the CPU device's fences (common/fence.c) name the
        # access: "wrote out of bounds", "read out of bounds", "read or wrote out of
        # bounds" (buffer X, past its end / before its start, or outside every buffer),
        # "wrote into its read-only input: buffer X"
        local what
        what=$(grep -Eho -m1 '((read or wrote|wrote|read) out of bounds: (buffer [A-Za-z0-9_]*, [a-z ]*its [a-z]*|outside every buffer)|wrote into its read-only input: buffer [A-Za-z0-9_]*)' "$out" "$err" | head -n 1)
        if [[ $what == 'wrote into its read-only input: '* ]]; then
            echo "exit 1 wrote its read-only input: ${what#*: }"
        elif [[ -n $what ]]; then
            echo "exit 1 ${what%%: *}: ${what#*: }"
        elif grep -Eq "$OOB_RE" "$out" "$err"; then
            echo "exit 1 out of bounds: $(grep -Eho -m1 '(read|wrote|wrote into|changed) [^:;]*(past the end|before the start|outside)[^:;]*' "$out" "$err" | head -n 1 | cut -c1-160)"
        else echo "exit 1 wrong result"; fi ;;
    2)
        # the exercise check's rules (common/exercise_check.c): "an exercise may not ...: why",
        # "#endif without #if (...)", "#if without #endif (...)"
        local rule
        rule=$(grep -Eho -m1 'an exercise may not [^:]*|#[a-z]+ without #[a-z]+' "$out" "$err" | head -n 1 | cut -c1-160)
        if [[ $rule == *'may not use #'* ]]; then
            echo "exit 2 refused: $rule (the grader runs only your own text)"
        elif [[ $rule == *' without #'* ]]; then
            echo "exit 2 refused: $rule (an exercise's #if/#endif must balance)"
        elif [[ -n $rule ]]; then
            echo "exit 2 refused: $rule"
        else echo "exit 2 usage error"; fi ;;
    3)
        if grep -q 'kernel build failed' "$out" "$err"; then echo "exit 3 build failed"
        elif grep -q 'no result before the --timeout' "$out" "$err"; then echo "exit 3 timed out after --timeout $CASE_TIMEOUT s (endless loop?)"
        elif grep -q 'is not defined in' "$out" "$err"; then echo "exit 3 kernel missing (wrong kernel name?)"
        elif grep -q 'clSetKernelArg' "$out" "$err"; then echo "exit 3 kernel parameters do not match the contract"
        else echo "exit 3 OpenCL error"; fi
        ;;
    124) echo "exit 124 killed by the outer timeout after $OUTER_TIMEOUT s" ;;
    153) echo "exit 153 stopped: its output passed the 64 MiB cap (a kernel printf in a loop?)" ;;
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

# cap FILE: keep the first and the last 32 KiB of a run's output (what the reports show),
# as valid UTF-8 (a kernel's printf may print any bytes; the XML must stay well-formed).
CAP=32768
cap() {
    local f=$1 size
    size=$(stat -c %s "$f" 2>/dev/null) || return 0
    if ((size > 2 * CAP)); then
        { head -c "$CAP" "$f"; printf '\n[... %d bytes of output left out ...]\n' $((size - 2 * CAP)); tail -c "$CAP" "$f"; } >"$f.cap"
        mv "$f.cap" "$f"
    fi
    if ! iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1; then
        iconv -c -f UTF-8 -t UTF-8 "$f" >"$f.cap" 2>/dev/null
        mv "$f.cap" "$f"
    fi
}

# run_case I (in the background): writes $WORK/I.out, I.err and, last, I.res.
run_case() {
    local i=$1 t0 t1 rc verdict
    case_argv "$i"
    # a run may write 64 MiB to each stream (then SIGXFSZ stops it), not the disk full
    ulimit -f 65536 # (KiB in bash)
    t0=$(now)
    timeout -k 5 "$OUTER_TIMEOUT" "${ARGV[@]}" >"$WORK/$i.out" 2>"$WORK/$i.err" </dev/null &
    echo $! >"$WORK/$i.pid"
    wait $! 2>/dev/null # (no "Segmentation fault" line from bash: the report says it)
    rc=$?
    rm -f "$WORK/$i.pid"
    t1=$(now)
    verdict=$(classify "$rc" "$WORK/$i.out" "$WORK/$i.err")
    cap "$WORK/$i.out"
    cap "$WORK/$i.err"
    printf '%s\n%s\n%s\n' "$rc" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')" \
        "$verdict" >"$WORK/$i.tmp"
    mv "$WORK/$i.tmp" "$WORK/$i.res"
}

# State of case I: R_RC, R_SECS, R_VERDICT; returns 1 while it has not finished.
read_result() {
    [[ -f $WORK/$1.res ]] || return 1
    { read -r R_RC; read -r R_SECS; read -r R_VERDICT; } <"$WORK/$1.res"
}

# Has any finished case of case I's group (of its exercise) failed?
group_failed() {
    local e=${C_EX[$1]} g=${C_GROUP[$1]} i
    for ((i = EX_FIRST[e]; i < EX_FIRST[e] + EX_COUNT[e]; i++)); do
        [[ ${C_GROUP[i]} == "$g" ]] && read_result "$i" && [[ $R_VERDICT != OK ]] && return 0
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
XML_CASES=()
XML_TIME=0
XML_FAIL=0
XML_SKIP=0
PROG_LINES=()
TAP_N=0
SCORE=0
MAX=0
ALL_GOOD=1
JSON_EX=()

# report_exercise E: one TAP line (+ diagnostics) and the exercise's JSON.
report_exercise() {
    local e=$1 i id=${EX_ID[$1]} pts=${EX_POINTS[$1]} first_bad='' nrun=0 npass=0 nskip=0 cases_json=''
    local passed=false earned=0 usage_bad='' hang_bad='' line why runs_txt='' secs=0 g
    local -a gpts gbad gskip gnum
    read -r -a gpts <<<"${EX_GPTS[$e]}"
    for g in "${!gpts[@]}"; do gbad[g]=0 gskip[g]=0 gnum[g]=0; done
    for ((i = EX_FIRST[e]; i < EX_FIRST[e] + EX_COUNT[e]; i++)); do
        [[ -n $cases_json ]] && cases_json+=", "
        g=${C_GROUP[$i]}
        gnum[g]=$((gnum[g] + 1))
        if [[ -f $WORK/$i.skip ]]; then
            runs_txt+="${C_SPEC[$i]} seed ${C_SEED[$i]}: $(cat "$WORK/$i.skip")"$'\n'
            nskip=$((nskip + 1))
            gskip[g]=1
            cases_json+="{\"case\": $(json_str "${C_SPEC[$i]}"), \"seed\": ${C_SEED[$i]/#-/null}, \"group\": $((g + 1)), \"exit\": null, \"ok\": false, \"skipped\": true, \"reason\": $(json_str "$(cat "$WORK/$i.skip")")}"
            continue
        fi
        read_result "$i"
        nrun=$((nrun + 1))
        secs=$(awk -v a="$secs" -v b="$R_SECS" 'BEGIN { printf "%.2f", a + b }')
        runs_txt+="${C_SPEC[$i]} seed ${C_SEED[$i]}: $R_VERDICT ($R_SECS s)"$'\n'
        if [[ $R_VERDICT == OK ]]; then
            npass=$((npass + 1))
            cases_json+="{\"case\": $(json_str "${C_SPEC[$i]}"), \"seed\": ${C_SEED[$i]/#-/null}, \"group\": $((g + 1)), \"exit\": $R_RC, \"ok\": true, \"seconds\": $R_SECS}"
        else
            gbad[g]=1
            [[ -z $first_bad ]] && first_bad=$i
            [[ $R_RC == 2 && -z $usage_bad ]] && usage_bad=$i
            [[ -z $hang_bad && ($R_VERDICT == *timed\ out* || $R_RC -ge 124) ]] && hang_bad=$i
            cases_json+="{\"case\": $(json_str "${C_SPEC[$i]}"), \"seed\": ${C_SEED[$i]/#-/null}, \"group\": $((g + 1)), \"exit\": $R_RC, \"ok\": false, \"seconds\": $R_SECS, \"reason\": $(json_str "$R_VERDICT")}"
        fi
    done
    # Points: a group whose runs all ran and passed earns its points (--quick: the
    # exercise's cases are one group, all its points or none).
    local groups_json='' gsep=''
    if ((QUICK)); then
        [[ -z $first_bad && $nskip -eq 0 ]] && earned=$pts
    else
        for g in "${!gpts[@]}"; do
            local gok=false
            ((gbad[g] == 0 && gskip[g] == 0 && gnum[g] > 0)) && { gok=true; earned=$((earned + gpts[g])); }
            groups_json+="$gsep{\"group\": $((g + 1)), \"points\": $( [[ $gok == true ]] && echo "${gpts[g]}" || echo 0), \"max\": ${gpts[g]}, \"runs\": ${gnum[g]}, \"passed\": $gok}"
            gsep=", "
        done
    fi
    [[ -z $first_bad && $nskip -eq 0 ]] && passed=true
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
        elif ((earned)); then
            ok_line="not ok $TAP_N - $id (the stub earns $earned/$pts points: every case group needs a case it fails)"
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
    local gsum=
    if ((!QUICK && ${#gpts[@]} > 1)); then
        gsum=" (groups:"
        for g in "${!gpts[@]}"; do
            gsum+=" $( ((gbad[g] == 0 && gskip[g] == 0 && gnum[g] > 0)) && echo "${gpts[g]}" || echo 0)/${gpts[g]}"
        done
        gsum+=")"
    fi
    echo "#   $npass/$((nrun)) runs passed$( ((nskip)) && echo ", $nskip not run"), $earned/$pts points$gsum, kernels $(kernel_file "$e")"

    # Diagnostics: why each failing case failed; the first one's command and output: its
    # first failing check (the WRONG line and the got/expected lines under it), a line
    # about an access out of bounds, then the output's last lines.
    local diag_txt=
    if [[ -n $first_bad ]]; then
        diag_txt=$(
            for ((i = EX_FIRST[e]; i < EX_FIRST[e] + EX_COUNT[e]; i++)); do
                [[ -f $WORK/$i.skip ]] && continue
                read_result "$i"
                [[ $R_VERDICT == OK ]] || echo "# case ${C_SPEC[$i]} seed ${C_SEED[$i]}: $R_VERDICT (${R_SECS} s)"
            done
            ((nskip)) && echo "# $nskip later run(s) not started after a failure in their group (--all-cases runs them)"
            # In --expect-fail mode, show the case that decided the verdict.
            show=$first_bad
            ((EXPECT_FAIL)) && [[ -n $usage_bad ]] && show=$usage_bad
            ((EXPECT_FAIL)) && [[ -z $usage_bad && -n $hang_bad ]] && show=$hang_bad
            case_argv "$show"
            printf -v line '%q ' "${ARGV[@]}"
            read_result "$show"
            echo "# rerun: ${line% }"
            if grep -q 'WRONG' "$WORK/$show.out" 2>/dev/null; then
                echo "# the first failing check:"
                awk '/WRONG/ && !n { n = 1; print; next } n == 1 && /^    / { if (++k <= 6) print; next } n == 1 { exit }' \
                    "$WORK/$show.out" | cut -c1-300 | diag
            fi
            if grep -Eqh "$OOB_RE" "$WORK/$show.out" "$WORK/$show.err" 2>/dev/null; then
                echo "# out of bounds (the launch that did it):"
                grep -Eh -m 2 -B 1 "$OOB_RE|^launch [0-9]+:" "$WORK/$show.out" "$WORK/$show.err" | grep -v '^--$' | cut -c1-300 | diag
            elif grep -qh "$RO_RE" "$WORK/$show.out" "$WORK/$show.err" 2>/dev/null; then
                echo "# a write into its read-only input (the launch that did it):"
                grep -h -m 1 "$RO_RE" "$WORK/$show.out" "$WORK/$show.err" | cut -c1-300 | diag
            fi
            for f in out err; do
                left=$(grep -a -m1 -o '^\[\.\.\. [0-9]* bytes of output left out \.\.\.\]$' "$WORK/$show.$f" 2>/dev/null)
                [[ -n $left ]] && echo "# std$f was over 64 KiB: $left (the report keeps its first and last 32 KiB)"
            done
            if [[ -s $WORK/$show.out ]]; then
                echo "# stdout (last 8 lines):"
                tail -n 8 "$WORK/$show.out" | cut -c1-300 | diag
            else
                echo "# stdout: (empty$( ((R_RC > 128)) && echo ": a crash loses what the program had not flushed yet"))"
            fi
            if [[ -s $WORK/$show.err ]]; then
                nerr=$(wc -l <"$WORK/$show.err")
                echo "# stderr (mismatches, errors, build log):"
                if ((nerr <= 40)); then
                    cut -c1-300 "$WORK/$show.err" | diag
                else
                    head -n 28 "$WORK/$show.err" | cut -c1-300 | diag
                    echo "#   ... ($((nerr - 36)) lines left out)"
                    tail -n 8 "$WORK/$show.err" | cut -c1-300 | diag
                fi
            fi
        )
        printf '%s\n' "$diag_txt"
    elif ((nskip)); then
        diag_txt="# $what"
        printf '%s\n' "$diag_txt"
    fi

    why=
    [[ -n $what ]] && why=", \"reason\": $(json_str "$what")"
    local expect_json=
    ((EXPECT_FAIL)) && expect_json=", \"failed_as_expected\": $as_expected"
    # JUnit: one testcase per exercise, as in the TAP; a failure carries the diagnostics
    # above (the command to rerun, its exit status, the output's first failing check and
    # tail); every run's verdict goes to system-out.
    local body
    body="    <testcase classname=\"$(xml_str "${EX_CHAPTER[$e]}")\" name=\"$(xml_str "$id")\" time=\"$secs\">"$'\n'
    if [[ $passed != true ]]; then
        local tag=failure
        [[ -z $first_bad ]] && tag=skipped
        body+="      <$tag message=\"$(xml_str "$earned/$pts points: $what")\">$(xml_str "$ok_line"$'\n'"$diag_txt")</$tag>"$'\n'
    fi
    body+="      <system-out>$(xml_str "$runs_txt")</system-out>"$'\n'"    </testcase>"
    XML_CASES+=("$body")
    XML_TIME=$(awk -v a="$XML_TIME" -v b="$secs" 'BEGIN { printf "%.2f", a + b }')
    [[ $passed == true ]] || { [[ -n $first_bad ]] && XML_FAIL=$((XML_FAIL + 1)) || XML_SKIP=$((XML_SKIP + 1)); }
    JSON_EX+=("{\"id\": $(json_str "$id"), \"points\": $earned, \"max\": $pts, \"passed\": $passed$why$expect_json, \"groups\": [$groups_json], \"cases\": [$cases_json]}")
    PROG_LINES+=("$id"$'\t'"$earned"$'\t'"$pts"$'\t'"$passed")
}

# ------------------------------------------------------------------ main loop

NCASES=${#C_EX[@]}
echo "1..${#EX_ID[@]}"
echo "# grading $(kernel_file 0 | sed "s|/${EX_ID[0]}\.cl\$||")/<id>.cl with $BUILD/<chapter>: ${#EX_ID[@]} exercise(s), $NCASES run(s), $JOBS at a time$( ((EXPECT_FAIL)) && echo "; --expect-fail: each should FAIL")"
if ((!QUICK)); then
    echo "# drawn with --draw $DRAW (the same --draw draws the same again):"
    for ((e = 0; e < ${#EX_ID[@]}; e++)); do
        line=
        for ((i = EX_FIRST[e]; i < EX_FIRST[e] + EX_COUNT[e]; i++)); do
            [[ ${C_SPEC[$i]} == *"(drawn from"* ]] && line+=", size ${C_SPEC[$i]}"
        done
        echo "#   ${EX_ID[$e]}: seed ${EX_DSEED[$e]}$line"
    done
fi
if ((DRY_RUN)); then
    for ((i = 0; i < NCASES; i++)); do
        case_argv "$i"
        printf -v line '%q ' "${ARGV[@]}"
        echo "# run ${EX_ID[${C_EX[$i]}]} group $((C_GROUP[i] + 1)): ${line% }"
    done
    echo "# --dry-run: nothing run, nothing written"
    exit 0
fi

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
    if ((!ALL_CASES)) && group_failed "$i"; then
        echo "not run: an earlier case of its group failed" >"$WORK/$i.skip"
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
((QUICK)) && echo "# quick: seed 1 and two cases per exercise, no drawn case; without --quick every case runs with seed 1 and a drawn seed"
echo "# graded in $SECS s"

# write_out PATH: stdin, written whole to a fresh, unpredictable temporary file in PATH's
# folder, then renamed over PATH (whose mode is kept when it existed); exit 2 if it cannot.
write_out() {
    local path=$1 tmp
    tmp=$(mktemp "$(dirname "$path")/.$(basename "$path").XXXXXX") || { echo "$PROG: cannot write into the folder of $path" >&2; exit 2; }
    TMP_OUT=$tmp
    if ! cat >"$tmp"; then rm -f "$tmp"; echo "$PROG: cannot write $path" >&2; exit 2; fi
    if [[ -f $path && ! -L $path ]]; then chmod --reference="$path" "$tmp" 2>/dev/null
    else chmod "$(printf '%o' $((0666 & ~8#$(umask))))" "$tmp"; fi
    # (checked again just before the rename: nothing but a plain file is replaced)
    if [[ -L $path || (-e $path && ! -f $path) ]] || ! mv -T "$tmp" "$path" 2>/dev/null; then
        rm -f "$tmp"
        echo "$PROG: cannot write $path (not a plain file, or its folder is not writable)" >&2
        exit 2
    fi
    TMP_OUT=
    echo "# wrote $( [[ $path == "$ROOT"/* ]] && echo "${path#"$ROOT"/}" || echo "$path")"
}
TMP_OUT=
trap 'cleanup; [[ -n $TMP_OUT ]] && rm -f "$TMP_OUT"' EXIT

src_name=${FROM#"$ROOT"/}
{
    printf '{"source": %s, "build": %s, "expect_fail": %s, "quick": %s, "draw": %d, "score": %d, "max": %d, "seconds": %s, "exercises": [' \
        "$(json_str "$src_name")" "$(json_str "${BUILD#"$ROOT"/}")" \
        "$( ((EXPECT_FAIL)) && echo true || echo false)" "$( ((QUICK)) && echo true || echo false)" "$DRAW" "$SCORE" "$MAX" "$SECS"
    sep=
    for j in "${JSON_EX[@]}"; do
        printf '%s\n  %s' "$sep" "$j"
        sep=,
    done
    printf '\n]}\n'
} | write_out "$JSON_OUT"

# JUnit XML beside it (grade.json -> grade.xml): one testsuite, one testcase per exercise,
# so its counts read as the TAP's; the score in the suite's properties (junit-10.xsd allows
# no other attributes).
{
    printf '<?xml version="1.0" encoding="UTF-8"?>\n'
    printf '<testsuites name="fftlab grade" tests="%d" failures="%d" errors="0" time="%s">\n' \
        "${#EX_ID[@]}" "$XML_FAIL" "$XML_TIME"
    printf '  <testsuite name="%s" tests="%d" failures="%d" errors="0" skipped="%d" time="%s">\n' \
        "$(xml_str "grade $src_name")" "${#EX_ID[@]}" "$XML_FAIL" "$XML_SKIP" "$XML_TIME"
    printf '    <properties>\n'
    printf '      <property name="%s" value="%s"/>\n' score "$SCORE" max "$MAX" draw "$DRAW" \
        source "$(xml_str "$src_name")" expect_fail "$EXPECT_FAIL" quick "$QUICK"
    printf '    </properties>\n'
    for x in "${XML_CASES[@]}"; do printf '%s\n' "$x"; done
    printf '  </testsuite>\n</testsuites>\n'
} | write_out "$XML_OUT"

# Progress: one line per exercise graded so far (id, points, max, passed, source, when). A
# run of every exercise writes it whole; a run of some (--only) merges into it, keeping the
# other exercises' lines when they were graded from the same source. --quick and
# --expect-fail runs leave it alone (not a grade of the student's work).
if ((!EXPECT_FAIL && !QUICK)); then
    when=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    {
        printf '# fftlab grade progress: id, points, max, passed, source, graded at (tools/grade.sh)\n'
        if ((${#ONLY[@]})) && [[ -f $PROGRESS ]]; then
            while IFS=$'\t' read -r pid ppts pmax ppass psrc pwhen; do
                [[ $pid == \#* || -z $pid || $psrc != "$src_name" ]] && continue
                keep_it=0
                for id in "${all_ids[@]}"; do [[ $id == "$pid" ]] && keep_it=1; done
                for id in "${EX_ID[@]}"; do [[ $id == "$pid" ]] && keep_it=0; done
                ((keep_it)) && printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pid" "$ppts" "$pmax" "$ppass" "$psrc" "$pwhen"
            done <"$PROGRESS"
        fi
        for l in "${PROG_LINES[@]}"; do printf '%s\t%s\t%s\n' "$l" "$src_name" "$when"; done
    } | write_out "$PROGRESS"
    awk -F'\t' -v total="${#all_ids[@]}" -v max="$ALL_MAX" '
        /^#/ { next }
        { n++; p += $2; if ($4 == "true") k++ }
        END { printf "# progress: %d of %d exercises, %d/%d points (%d graded)\n", k, total, p, max, n }' "$PROGRESS"
fi

((ALL_GOOD)) && exit 0
exit 1
