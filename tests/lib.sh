# tests/lib.sh — TAP helpers for the shell tests. Source it from a tests/*.t script:
#
#   #!/usr/bin/env bash
#   . "$(dirname "$0")/lib.sh"
#   run_case "N=16 forward" 0 '^PASS$' -- "$BUILD/02_radix2" --size 16 --repeat 0
#   run_case "bad size" 2 '^FAIL' --has 'at least 1' -- "$BUILD/02_radix2" --size 0
#   done_testing
#
# run_case NAME EXPECTED_EXIT EXPECTED_LAST_LINE_REGEX [checks] -- COMMAND...
#   runs COMMAND under a timeout, stdout and stderr captured apart, and prints one TAP
#   line. It passes when the exit status is EXPECTED_EXIT, the last line of the status
#   stream matches EXPECTED_LAST_LINE_REGEX (grep -E; '' = don't check) and every check
#   holds. The status stream is stdout, or stderr when the command has --format csv/json
#   (the harness sends its PASS/FAIL line there then). Checks:
#     --has REGEX          stdout+stderr match REGEX (grep -E)
#     --has-i REGEX        the same, ignoring case
#     --lacks REGEX        stdout+stderr do not match REGEX
#     --stdout-has REGEX   stdout alone matches
#     --stdout-lacks REGEX stdout alone does not match
#     --stdout-empty       nothing on stdout
#     --max-seconds S      finished within S seconds
#     --timeout S          give the command S seconds (default $RUN_TIMEOUT, 120)
#     --status-stream stdout|stderr   where the last line is looked for
#   Afterwards RC_EXIT, RC_SECONDS and the files RC_OUT, RC_ERR (stdout, stderr) and
#   RC_ALL (stdout then stderr) describe the run, for further checks with ok.
#
# slow_case NAME ...: run_case's arguments, for a case of the slow set. It runs only when
#   FFTLAB_SLOW_TESTS=1 (CI's first pass, or by hand); otherwise it prints one
#   "ok N - NAME # skip slow set" line, so that `make test` lists what the slow set adds.
#   A case goes there when the fast set already takes its code path (another size through
#   the same kernels and launches) and it costs a kernel build of its own. The test
#   file's header says which path each fast case stands for; tests/NOTES.md lists every
#   case of the slow set and the fast case that takes its path.
#
# Also: plan N, ok STATUS NAME (STATUS 0 = pass, like a shell exit status), skip NAME
# REASON, diag TEXT (stderr), note TEXT (stdout), bail_out TEXT, done_testing (prints
# the plan if none was given; its exit status is the number of failures).
#
# Environment: BUILD (default build) holds the binaries; TMP is a private temporary
# folder removed at exit. Scripts run from the repository root.

set -u

TESTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$TESTS_DIR/.." && pwd)
cd "$ROOT" || exit 255
BUILD=${BUILD:-build}
RUN_TIMEOUT=${RUN_TIMEOUT:-120}
SLOW_TESTS=${FFTLAB_SLOW_TESTS:-0}
export LC_ALL=C
# Open MPI (10_distributed's cases): every rank is on this host, so the shared-memory
# transport alone (pml ob1, btl self,vader; no UCX start-up: 0.33 s a run, not 0.55),
# and a job whose rank failed is killed at once, not after odls's 1 s grace per signal
# (a usage error's case: 0.45 s, not 2.4). Settings of your own win.
export OMPI_MCA_pml=${OMPI_MCA_pml:-ob1}
export OMPI_MCA_btl=${OMPI_MCA_btl:-self,vader}
export OMPI_MCA_odls_base_sigkill_timeout=${OMPI_MCA_odls_base_sigkill_timeout:-0}

TMP=$(mktemp -d "${TMPDIR:-/tmp}/fftlab-tests.XXXXXX") || { echo "Bail out! mktemp -d failed"; exit 255; }
trap 'rm -rf "$TMP"' EXIT

_tap_n=0
_tap_failed=0
_tap_planned=
_case_no=0

plan() {
    _tap_planned=$1
    echo "1..$1"
}

diag() {
    local line
    while IFS= read -r line; do printf '# %s\n' "$line" >&2; done <<<"$*"
}

note() {
    local line
    while IFS= read -r line; do printf '# %s\n' "$line"; done <<<"$*"
}

# ok STATUS NAME: STATUS 0 passes (so `ok $? "name"` follows a command).
ok() {
    local status=$1
    shift
    local name=${*//#/_}
    _tap_n=$((_tap_n + 1))
    if [ "$status" -eq 0 ]; then
        echo "ok $_tap_n - $name"
        return 0
    fi
    _tap_failed=$((_tap_failed + 1))
    echo "not ok $_tap_n - $name"
    diag "  Failed test $_tap_n: '$name'"
    return 1
}

skip() {
    _tap_n=$((_tap_n + 1))
    echo "ok $_tap_n - ${1//#/_} # skip ${2:-}"
}

bail_out() {
    echo "Bail out! $*"
    exit 255
}

done_testing() {
    if [ -z "$_tap_planned" ]; then
        echo "1..$_tap_n"
    elif [ "$_tap_planned" -ne "$_tap_n" ]; then
        diag "Looks like you planned $_tap_planned tests but ran $_tap_n."
        exit 255
    fi
    if [ "$_tap_failed" -gt 0 ]; then
        diag "Looks like you failed $_tap_failed test(s) of $_tap_n."
        exit $((_tap_failed > 254 ? 254 : _tap_failed))
    fi
    exit 0
}

# The command as one line a person can paste into a shell.
_quote_cmd() {
    local out="" a
    for a in "$@"; do out+=$(printf '%q ' "$a"); done
    printf '%s' "${out% }"
}

# Seconds since the epoch with microseconds.
_now() { printf '%s' "${EPOCHREALTIME:-$(date +%s.%N)}"; }

_last_line() {
    # Last non-empty line of a file, carriage returns dropped.
    tr -d '\r' <"$1" | awk 'NF { last = $0 } END { print last }'
}

_show_tail() {
    local label=$1 file=$2
    if [ -s "$file" ]; then
        diag "  --- $label (last 15 lines) ---"
        diag "$(tail -n 15 "$file" | cut -c1-300)"
    else
        diag "  --- $label: empty ---"
    fi
}

# _run_captured LIMIT COMMAND...: the next case's files; COMMAND under a timeout of LIMIT
# seconds, stdout and stderr apart; sets RC_OUT, RC_ERR, RC_ALL, RC_EXIT, RC_SECONDS.
_run_captured() {
    local limit=$1 t0 t1
    shift
    _case_no=$((_case_no + 1))
    RC_OUT=$TMP/case$_case_no.out
    RC_ERR=$TMP/case$_case_no.err
    RC_ALL=$TMP/case$_case_no.all
    t0=$(_now)
    timeout -k 5 "$limit" "$@" >"$RC_OUT" 2>"$RC_ERR" </dev/null
    RC_EXIT=$?
    t1=$(_now)
    RC_SECONDS=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    cat "$RC_OUT" "$RC_ERR" >"$RC_ALL"
}

run_case() {
    if [ $# -lt 4 ]; then
        bail_out "run_case: usage: run_case NAME EXIT LAST_LINE_REGEX [checks] -- command... (EXIT: a code, or codes as 1|139)"
    fi
    local name=$1 want_exit=$2 want_last=$3
    shift 3
    local -a checks=()
    local max_seconds="" limit=$RUN_TIMEOUT stream=""
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
        case $1 in
            --has|--has-i|--lacks|--stdout-has|--stdout-lacks)
                [ $# -ge 2 ] || bail_out "run_case $name: $1 needs a value"
                checks+=("$1" "$2"); shift 2 ;;
            --stdout-empty) checks+=("$1" ""); shift ;;
            --max-seconds) max_seconds=$2; shift 2 ;;
            --timeout) limit=$2; shift 2 ;;
            --status-stream) stream=$2; shift 2 ;;
            *) bail_out "run_case $name: unknown check '$1' (missing -- before the command?)" ;;
        esac
    done
    [ "${1:-}" = "--" ] || bail_out "run_case $name: no -- before the command"
    shift
    [ $# -gt 0 ] || bail_out "run_case $name: no command"

    if [ -z "$stream" ]; then
        stream=stdout
        local prev="" a
        for a in "$@"; do
            case "$prev $a" in
                "--format csv"|"--format json") stream=stderr ;;
            esac
            case $a in --format=csv|--format=json) stream=stderr ;; esac
            prev=$a
        done
    fi

    _run_captured "$limit" "$@"

    local -a problems=()
    if [ "$RC_EXIT" -eq 124 ] || [ "$RC_EXIT" -eq 137 ]; then
        problems+=("killed after the ${limit} s timeout (exit $RC_EXIT)")
    elif [[ "|$want_exit|" != *"|$RC_EXIT|"* ]]; then
        problems+=("exit status $RC_EXIT, expected $want_exit")
    fi
    local status_file=$RC_OUT
    [ "$stream" = stderr ] && status_file=$RC_ERR
    local last
    last=$(_last_line "$status_file")
    if [ -n "$want_last" ] && ! printf '%s\n' "$last" | grep -Eq -- "$want_last"; then
        problems+=("last line of $stream is '$last', expected to match /$want_last/")
    fi
    local i kind pat
    for ((i = 0; i < ${#checks[@]}; i += 2)); do
        kind=${checks[i]}
        pat=${checks[i + 1]}
        case $kind in
            --has) grep -Eq -- "$pat" "$RC_ALL" || problems+=("output does not match /$pat/") ;;
            --has-i) grep -Eiq -- "$pat" "$RC_ALL" || problems+=("output does not match /$pat/i") ;;
            --lacks) ! grep -Eq -- "$pat" "$RC_ALL" || problems+=("output matches /$pat/ but must not") ;;
            --stdout-has) grep -Eq -- "$pat" "$RC_OUT" || problems+=("stdout does not match /$pat/") ;;
            --stdout-lacks) ! grep -Eq -- "$pat" "$RC_OUT" || problems+=("stdout matches /$pat/ but must not") ;;
            --stdout-empty) [ ! -s "$RC_OUT" ] || problems+=("stdout is not empty") ;;
        esac
    done
    if [ -n "$max_seconds" ] && awk -v s="$RC_SECONDS" -v m="$max_seconds" 'BEGIN { exit !(s > m) }'; then
        problems+=("took $RC_SECONDS s, more than $max_seconds s")
    fi

    if [ ${#problems[@]} -eq 0 ]; then
        ok 0 "$name"
        note "  ${RC_SECONDS}s: $(_quote_cmd "$@")"
        return 0
    fi
    ok 1 "$name"
    diag "  command: $(_quote_cmd "$@")"
    diag "  took ${RC_SECONDS} s"
    local p
    for p in "${problems[@]}"; do diag "  $p"; done
    _show_tail stdout "$RC_OUT"
    _show_tail stderr "$RC_ERR"
    return 1
}

# run_sizes NAME SIZES [--timeout S] -- COMMAND...: COMMAND --size SIZES, SIZES a comma
#   list (16,32,2^10), runs every size in one process, one after another (the chapters'
#   --size list): the OpenCL runtime starts once, and on pocl its kernel library (0.5 s to
#   read) is read once, not once a size. One TAP line per size, "NAME N=SIZE": ok when that
#   size's part of the output (from its "size     SIZE (k of n)" line on) ends in PASS;
#   the last one also needs the run's exit status 0. The timeout is for the whole list.
# slow_sizes: the same for the slow set (one "# skip slow set" line per size otherwise).
run_sizes() {
    local name=$1 sizes=$2 limit=$RUN_TIMEOUT
    shift 2
    if [ "${1:-}" = --timeout ]; then limit=$2; shift 2; fi
    [ "${1:-}" = "--" ] || bail_out "run_sizes $name: no -- before the command"
    shift
    [ -n "$sizes" ] || return 0   # (an empty list: nothing to run)
    _run_captured "$limit" "$@" --size "$sizes"
    # each size's lines into case$_case_no.size$k
    awk -v base="$TMP/case$_case_no.size" '
        /^size     .* \([0-9]+ of [0-9]+\)$/ { k++; f = base k }
        /^sizes    [0-9]+ of [0-9]+ passed/ { f = "" }
        f != "" { print > f }' "$RC_OUT"
    # one size is no list: the chapter prints it as a plain run, without a "size" line
    [[ $sizes == *,* ]] || cp "$RC_OUT" "$TMP/case$_case_no.size1"
    local -a list
    IFS=, read -r -a list <<<"$sizes"
    local k=0 one file last why
    for one in "${list[@]}"; do
        k=$((k + 1))
        file=$TMP/case$_case_no.size$k
        why=""
        if [ ! -s "$file" ]; then
            why="no output for it: the run ended before it (exit $RC_EXIT)"
        else
            last=$(_last_line "$file")
            [ "$last" = PASS ] || why="its last line is '$last', not PASS"
        fi
        if [ -z "$why" ] && [ "$k" -eq "${#list[@]}" ] && [ "$RC_EXIT" -ne 0 ]; then
            why="the run's exit status is $RC_EXIT, expected 0"
        fi
        if [ -z "$why" ]; then
            ok 0 "$name N=$one"
        else
            ok 1 "$name N=$one"
            diag "  command: $(_quote_cmd "$@" --size "$sizes")"
            diag "  N=$one: $why"
            if [ -s "$file" ]; then _show_tail "N=$one" "$file"; else _show_tail stderr "$RC_ERR"; fi
        fi
    done
    note "  ${RC_SECONDS}s for ${#list[@]} sizes: $(_quote_cmd "$@" --size "$sizes")"
}

slow_sizes() {
    if [ "$SLOW_TESTS" = 1 ]; then
        run_sizes "$@"
    else
        local one
        local -a list=()
        [ -n "$2" ] && IFS=, read -r -a list <<<"$2"
        for one in "${list[@]}"; do skip "$1 N=$one" "slow set (FFTLAB_SLOW_TESTS=1)"; done
    fi
}

slow_case() {
    if [ "$SLOW_TESTS" = 1 ]; then
        run_case "$@"
    else
        skip "$1" "slow set (FFTLAB_SLOW_TESTS=1)"
    fi
}

# need_binary NAME: bail out when $BUILD/NAME is missing (make all first).
need_binary() {
    [ -x "$BUILD/$1" ] || bail_out "$BUILD/$1 is missing: run 'make all' (BUILD=$BUILD)"
}

# need_mpi_binary NAME: need_binary for a program built with mpicc (10_distributed). Where
# it is missing because MPI is not installed, the whole file is skipped (outside CI, which
# installs Open MPI and must run it).
need_mpi_binary() {
    if [ ! -x "$BUILD/$1" ] && ! command -v mpicc >/dev/null 2>&1 && [ "${CI:-}" != true ]; then
        echo "1..0 # SKIP MPI is not installed (make deps installs Open MPI; then make $1)"
        exit 0
    fi
    need_binary "$1"
}

# make_npy FILE DESCR SHAPE [DATA-FILE]: a version 1.0 .npy with the header padded to 64
# bytes the way numpy writes it, then the bytes of DATA-FILE (tests/io.t, 09_real_input.t).
# make_npy_dict FILE DICT [DATA-FILE]: the same with the header dict DICT as it is given.
make_npy() {
    make_npy_dict "$1" "{'descr': '$2', 'fortran_order': False, 'shape': $3, }" "${4:-/dev/null}"
}
make_npy_dict() {
    local file=$1 dict=$2 data=${3:-/dev/null}
    local len=$(( ${#dict} + 1 ))
    local pad=$(( (64 - (10 + len) % 64) % 64 ))
    local hlen=$(( len + pad ))
    {
        printf '\223NUMPY\001\000'
        printf "\\x$(printf %02x $((hlen & 255)))\\x$(printf %02x $((hlen >> 8)))"
        printf '%s' "$dict"
        printf "%${pad}s" ''
        printf '\n'
        cat "$data"
    } >"$file"
}

# scratch_tree BINARY...: copies of BINARY... in $TMP/tree/build, the kernel files in
# $TMP/tree/kernels. The harness reads the files it builds in front of a chapter's own
# (its `uses`: 05_simd.cl, 06_simd.cl ...) from the binary's ../kernels, and --kernels
# replaces only the chapter's own file, so a bug planted in such a file runs from a
# scratch tree: $TMP/tree/build/NAME. (05-09's simd tests.)
scratch_tree() {
    mkdir -p "$TMP/tree/build" "$TMP/tree/kernels"
    cp "$@" "$TMP/tree/build/"
    cp "$ROOT/kernels/"*.cl "$ROOT/kernels/"*.clh "$TMP/tree/kernels/"
}

# plant_kernel FILE SED WHAT: the scratch tree's kernels/FILE becomes the repository's
# kernels/FILE edited by SED (each plant starts from the original); one TAP line, ok when
# the edit changed the file. Its exit status says whether to run the planted case.
plant_kernel() {
    sed -e "$2" "$ROOT/kernels/$1" >"$TMP/tree/kernels/$1"
    ! cmp -s "$ROOT/kernels/$1" "$TMP/tree/kernels/$1"
    ok $? "planted into $1: $3" || diag "sed script matched nothing: $2"
}
