#!/usr/bin/env bash
# Bad options, impossible sizes, missing platforms and broken kernels: each gives its
# exit status (2 usage, 3 OpenCL/build/hang) and a message that says what is wrong.
#
# Fast set (make test): every case; there is no slow set. Most fail before any kernel is
# built (~0.1-0.3 CPU-s each). The pocl builds: 02_radix2's own kernels once (--device
# cpu, --device pthread and "--timeout 60 does not fire" all run N=16: cache hits),
# the dif exercise stub, 02 with an empty exercise, the eight composed empty exercises
# (failed builds, not cached), and the tiny syntax/misnamed/params/loop kernel files (the
# two loop cases share one build).
# Measured cold (empty pocl cache, 2 cores, 2026-11-25): 27.3 CPU-s (30.2 before).
. "$(dirname "$0")/lib.sh"
need_binary 01_dft
need_binary 02_radix2
D=$BUILD/01_dft
R=$BUILD/02_radix2
USAGE='^FAIL \(usage, exit 2\): '
OPENCL='^FAIL \(opencl, exit 3\): '

# ---- sizes
run_case "--size 0" 2 "$USAGE" --has 'at least 1' -- "$R" --size 0 --repeat 0
run_case "--size -4" 2 "$USAGE" --has 'positive' -- "$R" --size -4 --repeat 0
run_case "--size abc" 2 "$USAGE" --has "'abc'" -- "$R" --size abc --repeat 0
run_case "--size 12abc" 2 "$USAGE" --has "'12abc'" -- "$D" --size 12abc --repeat 0
run_case "--size 2^41" 2 "$USAGE" --has 'too large' -- "$R" --size 2^41 --repeat 0
run_case "--size 2^30 --batch 2^10" 2 "$USAGE" --has '2\^28|2\^31|too large' \
    -- "$R" --size 2^30 --batch 2^10 --repeat 0
run_case "--size 2^20 --batch 2^12: more than 2^31 elements" 2 "$USAGE" --has '2\^31' \
    -- "$R" --size 2^20 --batch 2^12 --repeat 0
# 16 GiB per buffer (2^30 values, the most a chapter takes): more than pocl allows here.
run_case "--size 2^26 --batch 16 double: too large for the device" 2 "$USAGE" \
    --has 'too large for this device' --has 'MiB' \
    -- "$R" --size 2^26 --batch 16 --precision double --timeout 30 --repeat 0
run_case "--batch 0" 2 "$USAGE" --has '--batch' -- "$R" --size 16 --batch 0 --repeat 0
run_case "02_radix2 --size 1000 names 01_dft" 2 "$USAGE" --has 'powers of two' --has '01_dft' \
    -- "$R" --size 1000 --repeat 0
run_case "01_dft --size 65537 (prime, beyond the naive DFT: 08 named)" 2 "$USAGE" --has '65537' --has '65536' --has '08_bluestein' \
    -- "$D" --size 65537 --repeat 0
run_case "01_dft --size 2^17 names 02_radix2" 2 "$USAGE" --has '02_radix2' -- "$D" --size 2^17 --repeat 0
run_case "02_radix2 --size 64x64" 2 "$USAGE" --has 'dimensional' -- "$R" --size 64x64 --repeat 0
run_case "01_dft --size 8x8x8" 2 "$USAGE" --has 'dimensional' -- "$D" --size 8x8x8 --repeat 0
if [ -x "$BUILD/09_real_input" ]; then
    run_case "09_real_input --size 1001 (odd): names the complex chapters" 2 "$USAGE" --has 'even' \
        --has 'on complex input' --has '01_dft' -- "$BUILD/09_real_input" --size 1001 --repeat 0
    run_case "09_real_input --size 2x2x2x2" 2 "$USAGE" --has 'more than 3 dimensions' \
        -- "$BUILD/09_real_input" --size 2x2x2x2 --repeat 0
fi
run_case "02_radix2 --size 1000 does not offer the real-input chapter" 2 "$USAGE" --lacks '09_real_input' \
    -- "$R" --size 1000 --repeat 0

# ---- options
run_case "--precision quad" 2 "$USAGE" --has 'single or double' -- "$R" --size 16 --precision quad
run_case "--format xml" 2 "$USAGE" --has 'text, csv or json' -- "$R" --size 16 --format xml
run_case "unknown option" 2 "$USAGE" --has "unknown option '--frobnicate'" -- "$R" --frobnicate
run_case "option missing its value" 2 "$USAGE" --has 'needs a value' -- "$R" --size
run_case "--timeout -1" 2 "$USAGE" --has '--timeout' -- "$R" --size 16 --timeout -1
run_case "--wg 3 at N=1024 on 02_radix2" 2 "$USAGE" --has 'divide' -- "$R" --size 1024 --wg 3 --repeat 0
run_case "--wg 8192 at N=2^20: more than the device allows" 2 "$USAGE" \
    --has 'MAX_WORK_GROUP_SIZE' -- "$R" --size 2^20 --wg 8192 --repeat 0
run_case "--wg 2 at N=1 (no pass to split)" 2 "$USAGE" --has '--wg' -- "$R" --size 1 --wg 2 --repeat 0
run_case "--variant nosuch lists the variants" 2 "$USAGE" --has 'nosuch' --has 'stockham' \
    --has 'twiddle_table' --has 'dif' -- "$R" --variant nosuch --size 16
# An exercise variant runs exercises/<chapter>/<variant>.cl by default (the stub: wrong).
run_case "--variant dif runs the exercise stub" 1 '^FAIL' -- "$R" --variant dif --size 1024 --repeat 0
run_case "--exercise with a variant that is no exercise" 2 "$USAGE" --has "'stockham' is not an exercise" \
    -- "$R" --exercise solutions/02_radix2/dif.cl --size 16 --repeat 0
run_case "--exercise missing file" 2 "$USAGE" --has "$TMP/nosuch\.cl" --has 'not found' \
    -- "$R" --variant dif --exercise "$TMP/nosuch.cl" --size 16 --repeat 0
# An exercise is the student's own text: it may not #include a project file (the solution).
printf '#include "%s/solutions/02_radix2/dif.cl"\n' "$PWD" >"$TMP/include.cl"
run_case "--exercise that #includes the solution" 2 "$USAGE" --has 'include\.cl:1: an exercise may not use #include' \
    -- "$R" --variant dif --exercise "$TMP/include.cl" --size 16 --repeat 0
: >"$TMP/empty.cl"
run_case "an empty exercise fails at N = 1 too (its kernels are looked up)" 3 "$OPENCL" \
    --has "kernel 'fft_radix2_dif' is not defined" -- "$R" --variant dif --exercise "$TMP/empty.cl" --size 1 --repeat 0
# The same in the composed exercises (05-09): a file without the function fails to build,
# also at sizes whose plan would not call it.
for ex in 05_register_radix/dft8:1 05_register_radix/twiddle_table:1 06_mixed_radix/dft6:1 \
          06_mixed_radix/digit_reverse:1 07_multidim/column_load:16x16 07_multidim/transpose_tile:32x32 \
          08_bluestein/chirp_table:1 09_real_input/post_twist:2; do
    id=${ex%:*} n=${ex#*:}
    run_case "an empty $id fails to build at $n" 3 "$OPENCL" --has 'with your exercise .*empty\.cl' \
        -- "$BUILD/${id%/*}" --variant "${id#*/}" --exercise "$TMP/empty.cl" --size "$n" --repeat 0
done
printf '/* #include "x" in a comment is fine */\n#if 0\nint x;\n' >"$TMP/open_if.cl"
run_case "--exercise with an #if never closed" 2 "$USAGE" --has 'open_if\.cl:2: #if without #endif' \
    -- "$R" --variant dif --exercise "$TMP/open_if.cl" --size 16 --repeat 0
run_case "--help" 0 '' --stdout-has '--size' --stdout-has 'exit status' --stdout-has 'stockham' -- "$R" --help
run_case "--list-devices" 0 '' --stdout-has '--device 0:0 +CPU ' -- "$R" --list-devices

# A usage error with --format json/csv: the FAIL line goes to stderr; stdout holds nothing
# (csv), or one line, the JSON report of the run's end (json: docs/report-json.md).
run_case "--format json with a size 02_radix2 can't do" 2 "$USAGE" \
    --stdout-has '^\{"chapter": "02_radix2", "variant": "stockham", "checks": \[\], "verdict": "FAIL", "outcome": "bad_input", "exit": 2, "reason": "02_radix2 cannot transform size 1000' \
    --stdout-lacks '^FAIL' -- "$R" --format json --size 1000
[ "$(wc -l <"$RC_OUT")" = 1 ]
ok $? "... its stdout is that one line" || diag "$(head -c 300 "$RC_OUT")"
run_case "--format json and an unknown option: the record, from the first argument on" 2 "$USAGE" \
    --stdout-has '^\{"chapter": "02_radix2", "checks": \[\], "verdict": "FAIL", "outcome": "bad_input", "exit": 2, ' \
    -- "$R" --format json --no-such-option
run_case "--format csv with a bad --size" 2 "$USAGE" --stdout-empty \
    -- "$R" --format csv --size abc

# ---- devices and platforms
run_case "--device nosuchdevice lists the devices" 2 "$USAGE" --has "'nosuchdevice'" \
    --has '--device 0:0' -- "$R" --device nosuchdevice --size 16 --repeat 0
run_case "FFTLAB_DEVICE=nosuchdevice" 2 "$USAGE" --has "'nosuchdevice'" \
    -- env FFTLAB_DEVICE=nosuchdevice "$R" --size 16 --repeat 0
run_case "--device 0:9 (no such index)" 2 "$USAGE" --has "'0:9'" -- "$R" --device 0:9 --size 16 --repeat 0
# cpu: pocl's CPU device, named pthread-... by pocl 3 and cpu-... by pocl 5 and 6; pocl 3's
# name still picks it on either
run_case "--device cpu" 0 '^PASS$' --has '^device .*\(CPU\)' -- "$R" --device cpu --size 16 --repeat 0
run_case "--device pthread (pocl 3's name, on every pocl)" 0 '^PASS$' --has '^device .*\(CPU\)' \
    -- "$R" --device pthread --size 16 --repeat 0
run_case "no OpenCL platform (OCL_ICD_VENDORS=/nonexistent)" 3 "$OPENCL" \
    --has 'no OpenCL platform' --has 'pocl-opencl-icd' \
    -- env -u OCL_ICD_FILENAMES OCL_ICD_VENDORS=/nonexistent "$R" --size 16 --repeat 0
run_case "no OpenCL platform, --list-devices" 3 '' --has 'no OpenCL platform' --has 'install|Install' \
    -- env -u OCL_ICD_FILENAMES OCL_ICD_VENDORS=/nonexistent "$R" --list-devices

# ---- kernel files
mkdir -p "$TMP/kernels" "$TMP/empty"
run_case "--kernels /nonexistent/dir" 2 "$USAGE" --has '/nonexistent/dir' \
    -- "$R" --kernels /nonexistent/dir --size 16 --repeat 0
run_case "--kernels DIR without the chapter's file" 2 "$USAGE" --has '02_radix2\.cl' --has 'not found' \
    -- "$R" --kernels "$TMP/empty" --size 16 --repeat 0
run_case "--kernels missing FILE.cl" 2 "$USAGE" --has "$TMP/nosuch\.cl" \
    -- "$R" --kernels "$TMP/nosuch.cl" --size 16 --repeat 0

cat >"$TMP/kernels/syntax.cl" <<'CL'
/* A planted compile error on line 4. */
__kernel void fft_radix2(__global const real2_t *x, __global real2_t *y, int p, int sign)
{
    y[0] = x[0] + undeclared_thing_xyz;
}
CL
run_case "kernel with a syntax error" 3 "$OPENCL" --has "$TMP/kernels/syntax\.cl" \
    --has 'build log' --has "undeclared_thing_xyz" --has "syntax\.cl:4:" \
    -- "$R" --kernels "$TMP/kernels/syntax.cl" --size 16 --repeat 0

cat >"$TMP/kernels/misnamed.cl" <<'CL'
__kernel void not_the_kernel(__global const real2_t *x, __global real2_t *y, int p, int sign)
{
    y[get_global_id(0)] = x[get_global_id(0)] * (real_t)(p + sign);
}
CL
run_case "kernel file without the expected kernel" 3 "$OPENCL" --has "'fft_radix2'" \
    --has "$TMP/kernels/misnamed\.cl" -- "$R" --kernels "$TMP/kernels/misnamed.cl" --size 16 --repeat 0

cat >"$TMP/kernels/params.cl" <<'CL'
__kernel void fft_radix2(__global const real2_t *x, __global real2_t *y)
{
    y[get_global_id(0)] = x[get_global_id(0)];
}
CL
run_case "kernel with the wrong parameters" 3 "$OPENCL" --has 'clSetKernelArg' --has 'fft_radix2' \
    -- "$R" --kernels "$TMP/kernels/params.cl" --size 16 --repeat 0

cat >"$TMP/kernels/loop.cl" <<'CL'
/* Never finishes: the harness's --timeout must end the run. */
__kernel void fft_radix2(__global const real2_t *x, __global real2_t *y, int p, int sign)
{
    volatile int forever = 1;
    while (forever)
        ;
    y[get_global_id(0)] = x[get_global_id(0)] * (real_t)(p + sign);
}
CL
run_case "infinite-loop kernel with --timeout 3" 3 "$OPENCL" --has 'timed out|--timeout' \
    --max-seconds 10 --timeout 60 -- "$R" --kernels "$TMP/kernels/loop.cl" --size 1024 --timeout 3 --repeat 0
# A tiny --timeout must not become an all-zero timer (which turns the watchdog off).
run_case "a hanging kernel with --timeout 1e-9 still times out" 3 '' --has 'no result before the --timeout' \
    --max-seconds 10 --timeout 60 -- "$R" --kernels "$TMP/kernels/loop.cl" --size 1024 --timeout 1e-9 --repeat 0
run_case "--timeout 60 does not fire on a good run" 0 '^PASS$' -- "$R" --size 16 --timeout 60 --repeat 0

# --size LIST (the tests' sweeps, tests/lib.sh run_sizes): every size is checked before the
# first runs; a list takes text output and plain runs only; the MPI chapter and the peers
# take one size.
run_case "--size 16,13: exit 2 before any size runs" 2 'FAIL \(usage' --has 'cannot transform size 13' \
    --lacks 'size     16' -- "$R" --size 16,13 --repeat 0
run_case "--size 16,32 --format csv: exit 2" 2 'FAIL \(usage' --has 'take one size' \
    -- "$R" --size 16,32 --repeat 0 --format csv
run_case "--size 16,32: both run, counted, PASS last" 0 '^PASS$' --has '^size     32 \(2 of 2\)' \
    --has '^sizes    2 of 2 passed' -- "$R" --size 16,32 --repeat 0
run_case "--size 4,64,8 with a size that fails: exit 1, the last line names them" 1 '^FAIL: sizes 64, 8$' \
    --has '^sizes    1 of 3 passed' -- "$BUILD/01_dft" --variant unreduced --size 4,64,8 --repeat 0
if [ -x "$BUILD/peer_fftw" ]; then
    run_case "peer_fftw --size 16,32: exit 2" 2 '' --has 'a peer takes one size' \
        -- "$BUILD/peer_fftw" --size 16,32 --repeat 0
fi
if [ -x "$BUILD/10_distributed" ]; then
    run_case "10_distributed --size 16x12,8x8: exit 2" 2 'FAIL \(usage' --has '10_distributed takes one size' \
        -- tools/mpirun.sh -n 1 "$BUILD/10_distributed" --size 16x12,8x8 --repeat 0
fi

done_testing
