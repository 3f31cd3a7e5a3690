#!/usr/bin/env bash
# tools/ci/run-tests.sh — run the whole test suite with prove (called by `make test`, after
# `make all` has built the chapters and the unit tests; this script builds nothing).
#
#   BUILD=build tools/ci/run-tests.sh            everything
#   BUILD=build tools/ci/run-tests.sh tests/io.t one or more chosen tests
#
# Runs the unit test binaries ($BUILD/tests/test_*) and the shell tests (tests/*.t,
# including tests/exercises.t when it exists) in TEST_JOBS parallel jobs (default 2).
# Ends with prove's summary ("All tests successful." / "Result: PASS"); exits non-zero
# when any test fails. FFTLAB_SLOW_TESTS=1 adds the slow runs (01_dft at 2^14).
# The raw TAP of every file is kept in $BUILD/tap/, and a JUnit XML report of the run is
# written to $JUNIT (default $BUILD/junit.xml; make test JUNIT=path.xml) for CI dashboards.
set -u

cd "$(dirname "$0")/../.." || exit 2
BUILD=${BUILD:-build}
export BUILD
JOBS=${TEST_JOBS:-2}

if ! command -v prove >/dev/null 2>&1; then
    echo "run-tests: 'prove' is missing (Debian: apt-get install perl)" >&2
    exit 2
fi

# pocl: keep its kernel cache (the default, under ~/.cache/pocl) so that a second run
# does not compile every kernel again, and let it use every core.
unset POCL_MAX_PTHREAD_COUNT
if [ "${POCL_KERNEL_CACHE:-1}" = 0 ]; then
    echo "run-tests: POCL_KERNEL_CACHE=0 in the environment; turning the kernel cache back on" >&2
    unset POCL_KERNEL_CACHE
fi
if [ -z "${POCL_CACHE_DIR:-}" ]; then
    cache_home=${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}
    if ! mkdir -p "$cache_home/pocl" 2>/dev/null || [ ! -w "$cache_home/pocl" ]; then
        # No writable home: a cache under the build folder still persists between runs.
        export POCL_CACHE_DIR="$PWD/$BUILD/pocl-cache"
        mkdir -p "$POCL_CACHE_DIR"
    fi
fi

# `make SANITIZE=1 test`: clFFT (a C++ library, used by build-asan/peer_clfft) frees with
# a mismatched delete inside clfftDestroyPlan; that check cannot fire in our C code.
export ASAN_OPTIONS="new_delete_type_mismatch=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# `make SANITIZE=1 test`: leaks inside the OpenCL runtime are not ours (tests/lsan.supp);
# and LSan must not list the suppressed ones at exit: that list (it appears only when pocl
# happened to leak in that run) would end stderr after PASS, failing the last-line checks.
if [ -f tests/lsan.supp ]; then
    export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
fi

if [ $# -gt 0 ]; then
    tests=("$@")
else
    # Slowest first, so that the parallel jobs end together.
    tests=()
    # (the order of their cold times on 2026-11-25, the longest first)
    for t in tests/exercises.t tests/06_mixed_radix.t tests/10_distributed.t tests/09_real_input.t \
             tests/planted_bugs.t tests/05_register_radix.t tests/bench.t tests/07_multidim.t \
             tests/08_bluestein.t tests/04_coalescing.t tests/03_local_memory.t tests/02_radix2.t \
             tests/bad_input.t tests/01_dft.t tests/io.t; do
        [ -f "$t" ] && tests+=("$t")
    done
    for t in tests/*.t; do
        case " ${tests[*]} " in *" $t "*) ;; *) [ -f "$t" ] && tests+=("$t") ;; esac
    done
    units=("$BUILD"/tests/test_*)
    if [ ! -x "${units[0]}" ]; then
        echo "run-tests: no unit tests in $BUILD/tests: run 'make all' first (or 'make test')" >&2
        exit 2
    fi
    tests+=("${units[@]}")
fi
for t in "${tests[@]}"; do
    if [ ! -x "$t" ]; then
        echo "run-tests: $t is missing or not executable" >&2
        exit 2
    fi
done

JUNIT=${JUNIT:-$BUILD/junit.xml}
export TAP_DIR=${TAP_DIR:-$BUILD/tap}   # TAP_DIR=...: two runs of one build side by side
rm -rf "$TAP_DIR" && mkdir -p "$TAP_DIR" || exit 2

start=$SECONDS
echo "run-tests: ${#tests[@]} test files, $JOBS jobs, BUILD=$BUILD"
# prove's last line ("Result: PASS"/"Result: FAIL") is held back so the total time can
# go before it and the output still ends with prove's summary.
prove -j"$JOBS" --timer --exec tools/ci/tap-tee.sh "${tests[@]}" | {
    held=""
    while IFS= read -r line; do
        case $line in
            "Result: "*) held=$line ;;
            *) printf '%s\n' "$line" ;;
        esac
    done
    echo "run-tests: total wall time $((SECONDS - start)) s"
    [ -n "$held" ] && printf '%s\n' "$held"
}
status=${PIPESTATUS[0]}
# Each failed test again, with its diagnostics, at the very end: a CI log that keeps only
# its last lines then still says what failed and why.
if [ "$status" != 0 ]; then
    echo "run-tests: what failed, again:"
    for f in "$TAP_DIR"/*.tap; do
        grep -q '^not ok ' "$f" || continue
        name=$(basename "$f" .tap)
        grep '^not ok ' "$f" | head -n 5 | sed "s|^|$name: |"
        # the diagnostics of the first five failures, 25 lines each
        [ -f "$TAP_DIR/$name.err" ] && awk -v file="$name" '
            /^#   Failed test / { n++; k = 0 }
            n >= 1 && n <= 5 && ++k <= 25 { print file ": " $0 }' "$TAP_DIR/$name.err"
    done
fi
if perl tools/ci/tap2junit.pl "$JUNIT" "$TAP_DIR"/*.tap; then
    echo "run-tests: JUnit report $JUNIT"
else
    echo "run-tests: could not write the JUnit report $JUNIT" >&2
    [ "$status" = 0 ] && status=2
fi
exit "$status"
