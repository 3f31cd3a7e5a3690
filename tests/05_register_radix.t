#!/usr/bin/env bash
# 05_register_radix: every register radix (16, 8, 4) and twiddle strategy (table, sincos,
# native with its widened bound), one pass, 2 and 3 passes, leftover stages (log2 Q not a
# multiple of log2 R), both directions, batches that do not fill the last work-group,
# double precision, --wg, --explain's plan, and bad --wg values. Then the default's row in
# parts (a group holding 2 or 4 times what local memory holds, exchanging in parts): rows of
# 8192 and 16384, the same code paths at small N with FFTLAB_LOCAL_VALUES (register radix
# 8 and 4), both directions, double precision. Then simd (the passes as CPU vector code):
# a row per work-item, a launch per pass, both directions, double, its plans, planted
# bugs. The variants dropped in issue 25 (runtime_radix, fixed, regfile and its relatives)
# took their tests with them: chapters/05_register_radix/NOTES.md.
#
# Time (issue 28). On pocl every kernel is compiled for each work-group size it is launched
# with (and each -D set), 1.5-6 CPU-s a build; the sizes are kernel arguments here, so a
# case whose kernels and group size an earlier case built costs ~0.3 s. The fast set keeps
# one build per path: fft_r16_table at groups of 256 (N = 4096 one pass, 2^10 x 3/7 with
# rows per group > batch, 2^11 inverse, 2^15 two passes), the tiny rows N = 1, 2
# (fft_r2_table); radix8, radix4, sincos and native at N = 2^10 x 3 (one pass, a leftover
# stage) and 2^14 inverse (two passes), radix4 at 2^17 x 3 (three passes) and --wg 1024;
# double by radix4 at 2^11 (two passes); the rows in 2 and 4 parts at 8192 and 16384, the
# r8 (double) and r4 rows by FFTLAB_LOCAL_VALUES; simd's row kernel (2^6, 2^13, 2^14
# inverse, 2^16 x 4, both planted bugs), a launch per pass (2^19 inverse: q16 and q8),
# double (2^16), q32 (FFTLAB_SIMD_QMAX), float16 (FFTLAB_SIMD_VL=16), the fallback below 64
# (N = 2); every refusal. The slow set (FFTLAB_SLOW_TESTS=1) adds the sweep of powers of two
# 2^2 .. 2^22 (3 passes at 2^21 and 2^22), each variant at 2^1 .. 2^17 x 3 and 2^19, more
# --wg values, the default in double, simd at more sizes, and the exercises' solutions
# (graded in the fast set by tests/exercises.t). Fast set, cold pocl cache:
# 73 CPU-s (57.6 user + 15.3 sys; 2026-11-25, this 2-core machine, shared; was ~300+).
. "$(dirname "$0")/lib.sh"
need_binary 05_register_radix
R=$BUILD/05_register_radix

# ---- the sizes (the default, radix16): fast N = 1, 2 (the smallest rows); one pass at
# 4096 and two passes at 2^15 are the --explain cases below, 8192 and 16384 the parts
# (the slow set's sizes as --size lists, run_sizes: one process each, pocl's kernel
# library read once a list, not once a size)
slow_sizes "forward" 2^22,2^21 --timeout 600 -- "$R" --repeat 0
for k in 0 1; do
    run_case "N=2^$k forward" 0 '^PASS$' --has "problem +N=$((1 << k)) batch=1 forward" \
        -- "$R" --size "2^$k" --repeat 0
done
slow_sizes "forward" "$(seq -s, -f '2^%g' 2 18),2^20" --timeout 600 -- "$R" --repeat 0
# Each variant at 2^10 x 3 (one pass, a leftover stage, a group of 256 holding more rows
# than the batch) and 2^14 inverse (two passes; for radix16 the row in 4 parts); radix16's
# and native's 2^10 x 3 are the L2 bound cases below.
for v in radix16 radix8 radix4 sincos native; do
    slow=()
    for k in 1 2 3 5 7 10 12 13 17; do
        case $v:$k in
            radix16:10|native:10) ;;
            *:10) run_case "--variant $v N=2^$k x batch 3" 0 '^PASS$' \
                      -- "$R" --size "2^$k" --batch 3 --variant "$v" --repeat 0 ;;
            radix4:17)   # three passes (64 x 64 x 32), table twiddles
                run_case "--variant $v N=2^$k x batch 3" 0 '^PASS$' \
                    --has 'N = 64 x 64 x 32 \(3 passes\)' --has 'p=4096 Q=32: a radix-2 stage' \
                    -- "$R" --size "2^$k" --batch 3 --variant "$v" --explain --repeat 0 ;;
            *) slow+=("2^$k") ;;
        esac
    done
    slow_sizes "--variant $v x batch 3" "$(IFS=,; printf '%s' "${slow[*]}")" --timeout 600 \
        -- "$R" --batch 3 --variant "$v" --repeat 0
    run_case "--variant $v N=2^14 inverse" 0 '^PASS$' -- "$R" --size 2^14 --inverse --variant "$v" --repeat 0
    slow_case "--variant $v N=2^19" 0 '^PASS$' -- "$R" --size 2^19 --variant "$v" --repeat 0
done
for k in 0 1 4 11 15; do
    c=slow_case
    case $k in 0|11) c=run_case ;; esac
    $c "N=2^$k inverse x batch 2" 0 '^PASS$' -- "$R" --size "2^$k" --batch 2 --inverse --repeat 0
done
for wg in 1 4 16 64; do
    c=slow_case
    [ "$wg" = 64 ] && c=run_case
    $c "--wg $wg at N=2^14 x batch 3" 0 '^PASS$' -- "$R" --size 2^14 --batch 3 --wg "$wg" --repeat 0
done
# Above 256 items r = 16 groups do not grow (4096 values of local memory); radix 4 and 8 do.
run_case "--wg 1024 --variant radix4: 4096 in one pass of 1024 items" 0 '^PASS$' \
    --has 'N = 4096 \(1 pass\)' --has 'local 1024' \
    -- "$R" --size 4096 --batch 3 --wg 1024 --variant radix4 --explain --repeat 0
slow_case "--wg 512 --variant radix8 inverse" 0 '^PASS$' -- "$R" --size 4096 --batch 2 --wg 512 --variant radix8 --inverse --repeat 0
# 4 rows per group of 256 items, a batch of 7: the last group holds 3 (the same path as
# N=64 x batch 7, 8 rows per group, without a build of its own)
run_case "N=2^10 x batch 7 (rows per group do not divide the batch)" 0 '^PASS$' \
    --has 'local 256 +; p=1 Q=1024: .* 4 columns per group' \
    -- "$R" --size 2^10 --batch 7 --explain --repeat 0
slow_case "N=64 x batch 7 (rows per group do not divide the batch)" 0 '^PASS$' -- "$R" --size 64 --batch 7 --repeat 0
slow_case "N=2^16 double inverse" 0 '^PASS$' -- "$R" --size 2^16 --precision double --inverse --repeat 0
slow_case "N=2^12 double x batch 3" 0 '^PASS$' -- "$R" --size 2^12 --precision double --batch 3 --repeat 0
run_case "N=2^11 double --variant radix4" 0 '^PASS$' -- "$R" --size 2^11 --precision double --variant radix4 --repeat 0
slow_case "N=2^20 --explain: 1024 x 1024, a radix-4 stage then two radix-16" 0 '^PASS$' \
    --has 'plan \(forward\): 2 launches' --has 'N = 1024 x 1024 \(2 passes\)' \
    --has 'p=1024 Q=1024: a radix-4 stage, then 2 radix-16 stages' --has 'table twiddles_lo: 1024' \
    -- "$R" --size 2^20 --explain --repeat 0
run_case "N=4096 --explain: one pass" 0 '^PASS$' --has 'N = 4096 \(1 pass\)' \
    --has 'fft_r16_table\(A, B' --has '^kernels +/.*: fftlab\.clh, 05_passes\.cl, .*, 05_register_radix\.cl$' \
    -- "$R" --size 4096 --explain --repeat 0
run_case "N=2^13 x batch 3 --explain: the default's one parted pass (2 local memories)" 0 '^PASS$' \
    --has 'N = 8192 \(1 pass: 2 columns of 4096 and a radix-2 stage\)' --has 'fft_rows_r16_table\(A, B' \
    --has 'FFT_PARTS=2' -- "$R" --size 2^13 --batch 3 --explain --repeat 0
# (the plan of two passes that N=2^20 --explain checks in the slow set, here at 256 x 128)
run_case "N=2^15: more than 4 local memories, the plain passes" 0 '^PASS$' --has 'fft_r16_table\(A, B' \
    --lacks 'FFT_PARTS' --has 'plan \(forward\): 2 launches' --has 'N = 256 x 128 \(2 passes\)' \
    --has 'p=256 Q=128: a radix-8 stage, then 1 radix-16 stage' --has 'table twiddles_lo: 256' \
    -- "$R" --size 2^15 --explain --repeat 0
slow_case "N=2^22 --explain --variant sincos: 3 passes, no table" 0 '^PASS$' \
    --has 'N = 256 x 128 x 128 \(3 passes\)' --lacks 'table twiddles' --has 'fft_r16_sincos' \
    -- "$R" --size 2^22 --variant sincos --explain --repeat 0
# At N = 1024 the L2 bound is 2 eps 10 = 1.19e-06; native is checked against 4x that.
run_case "--variant native is checked against 4x the L2 bound" 0 '^PASS$' \
    --has 'random +rel L2 [0-9.e+-]+ \(bound 4\.77e-06\)' \
    -- "$R" --size 2^10 --batch 3 --variant native --repeat 0
run_case "--variant radix16 keeps the plain L2 bound" 0 '^PASS$' \
    --has 'random +rel L2 [0-9.e+-]+ \(bound 1\.19e-06\)' \
    -- "$R" --size 2^10 --batch 3 --repeat 0
# (the timing loop is the harness's: 02, 03, 04 and 06 time a run in the fast set)
slow_case "timed run" 0 '^PASS$' --has 'time +[0-9.]+ ms median' -- "$R" --size 2^14 --repeat 3 --warmup 1

# ---- the default's row in parts: rows beyond local memory (pocl's local values are capped
# at 4096, as on an H100 in fp32)
run_case "N=2^14 inverse x batch 2 (one pass, 4 parts)" 0 '^PASS$' \
    -- "$R" --size 2^14 --batch 2 --inverse --repeat 0
run_case "N=2^14 --explain: one fft_rows pass, 4 parts, radix-4 stage in registers" 0 '^PASS$' \
    --has 'plan \(forward\): 1 launch' --has 'N = 16384 \(1 pass: 4 columns of 4096 and a radix-4 stage\)' \
    --has 'fft_rows_r16_table\(A, B, local 34816 B' --has 'local 256 +; row of 16384 = 4 x 4096' \
    --has 'exchanges in 4 parts' --has 'build .*-D FFT_PARTS=4 -D FFT_LOCAL_VALUES=4096' \
    -- "$R" --size 2^14 --explain --repeat 0
run_case "--variant sincos N=2^14: plain passes (only the default takes parts)" 0 '^PASS$' \
    --has 'N = 128 x 128 \(2 passes\)' --has 'fft_r16_sincos' --lacks 'FFT_PARTS' --lacks 'table twiddles' \
    -- "$R" --size 2^14 --variant sincos --explain --repeat 0
# An H100 holds 2048 fp64 values in local memory: 8192 is then 4 parts, r = 8 (512 bytes per item)
slow_case "N=2^13 double with 2048 local values: 4 parts, radix 8" 0 '^PASS$' \
    --has 'fft_rows_r8_table' --has 'exchanges in 4 parts' \
    -- env FFTLAB_LOCAL_VALUES=2048 "$R" --size 2^13 --precision double --explain --repeat 0

# ---- the same code paths at small N: pretend local memory holds 64 (or 16) values
slow_case "FFTLAB_LOCAL_VALUES=64 N=2^7 x batch 3 (a row in 2 parts)" 0 '^PASS$' \
    -- env FFTLAB_LOCAL_VALUES=64 "$R" --size 2^7 --batch 3 --repeat 0
slow_case "FFTLAB_LOCAL_VALUES=64 N=2^8 inverse x batch 3 (a row in 4 parts)" 0 '^PASS$' \
    -- env FFTLAB_LOCAL_VALUES=64 "$R" --size 2^8 --batch 3 --inverse --repeat 0
slow_case "FFTLAB_LOCAL_VALUES=64 N=256 --explain: 4 columns of 64" 0 '^PASS$' \
    --has 'FFTLAB_LOCAL_VALUES: local memory taken as 64 values' --has 'row of 256 = 4 x 64' \
    --has 'local 4 +;' --has '-D FFT_PARTS=4 -D FFT_LOCAL_VALUES=64' \
    -- env FFTLAB_LOCAL_VALUES=64 "$R" --size 256 --explain --repeat 0
run_case "FFTLAB_LOCAL_VALUES=64 N=2^8 double inverse x batch 3 (4 parts, radix 8)" 0 '^PASS$' \
    --has 'fft_rows_r8_table' --has 'FFTLAB_LOCAL_VALUES: local memory taken as 64 values' \
    --has 'row of 256 = 4 x 64' --has '-D FFT_PARTS=4 -D FFT_LOCAL_VALUES=64' \
    -- env FFTLAB_LOCAL_VALUES=64 "$R" --size 2^8 --precision double --inverse --batch 3 --explain --repeat 0
run_case "FFTLAB_LOCAL_VALUES=16 N=64 inverse x batch 3 (4 parts, radix 4)" 0 '^PASS$' \
    --has 'fft_rows_r4_table' --has 'row of 64 = 4 x 16' \
    -- env FFTLAB_LOCAL_VALUES=16 "$R" --size 64 --inverse --batch 3 --explain --repeat 0
slow_case "FFTLAB_LOCAL_VALUES=64 radix16 N=2^10: the default kernels in more passes" 0 '^PASS$' \
    -- env FFTLAB_LOCAL_VALUES=64 "$R" --size 2^10 --batch 3 --repeat 0

# ---- simd: the passes shaped for a CPU (kernels/05_simd.cl). One work-item does 8
# neighbouring columns as float8/double8 vectors; rows up to 2^18 with rows >= cores (or
# N <= 4096) take every pass in one kernel (fft_simd_rows), others one launch per pass
# (fft_simd_q<Q>); N < 64 falls back to the default plan.
run_case "--variant simd N=2^1 x batch 3" 0 '^PASS$' \
    --has 'simd needs N >= 64: the default plan' --has 'fft_r2_table' \
    -- "$R" --size 2^1 --batch 3 --variant simd --explain --repeat 0
for k in 6 9 13 17; do
    c=slow_case
    case $k in 6|13) c=run_case ;; esac
    $c "--variant simd N=2^$k x batch 3" 0 '^PASS$' \
        -- "$R" --size "2^$k" --batch 3 --variant simd --repeat 0
done
run_case "--variant simd N=2^14 inverse x batch 2 (one kernel per row)" 0 '^PASS$' \
    -- "$R" --size 2^14 --batch 2 --inverse --variant simd --repeat 0
run_case "--variant simd N=2^19 inverse (a launch per pass)" 0 '^PASS$' \
    --has 'N = 16 x 16 x 16 x 16 x 8 \(5 passes\)' --has 'build .*-D FFT_SIMD=1 -D FFT_SIMD_VL=8' \
    --has 'fft_simd_q16\(A, B, simd_twiddles, 524288, 1, 0, 1, 4096\) +global 4096 +local 16' \
    --has 'fft_simd_q8\(A, B, simd_twiddles, 524288, 65536, ' \
    -- "$R" --size 2^19 --inverse --variant simd --explain --repeat 0
slow_case "--variant simd N=2^12 double inverse x batch 3" 0 '^PASS$' \
    -- "$R" --size 2^12 --precision double --inverse --batch 3 --variant simd --repeat 0
run_case "--variant simd N=2^16 double (a launch per pass: one row, two cores)" 0 '^PASS$' \
    --has 'fft_simd_q16' -- "$R" --size 2^16 --precision double --variant simd --explain --repeat 0
slow_case "simd N=2^20 --explain: 5 passes of 16, the first stores transposed" 0 '^PASS$' \
    --has 'N = 16 x 16 x 16 x 16 x 16 \(5 passes\)' --has 'build .*-D FFT_SIMD=1 -D FFT_SIMD_VL=8' \
    --has 'fft_simd_q16\(A, B, simd_twiddles, 1048576, 1, 0, 0, 8192\) +global 8192 +local 16' \
    --has 'p=65536 Q=16' -- "$R" --size 2^20 --variant simd --explain --repeat 0
run_case "simd N=2^16 x 4 --explain: one work-item per row, 4 passes in one launch" 0 '^PASS$' \
    --has 'plan \(forward\): 1 launch' --has 'fft_simd_rows\(A, B, simd_twiddles, 65536, 4, 17476, 0\) +global 4 +local 1' \
    -- "$R" --size 2^16 --batch 4 --variant simd --explain --repeat 0
slow_case "simd N=32 --explain: below 64, the default plan, said so" 0 '^PASS$' \
    --has 'simd needs N >= 64: the default plan' --has 'fft_r16_table' \
    -- "$R" --size 32 --variant simd --explain --repeat 0
run_case "FFTLAB_SIMD_QMAX=32 FFTLAB_SIMD_FUSED_MAX=0 simd N=2^10 x 3: 32 x 32" 0 '^PASS$' \
    --has 'N = 32 x 32 \(2 passes\)' \
    -- env FFTLAB_SIMD_QMAX=32 FFTLAB_SIMD_FUSED_MAX=0 "$R" --size 2^10 --batch 3 --variant simd --explain --repeat 0
slow_case "FFTLAB_SIMD_VL=16 simd N=2^11 inverse x batch 3" 0 '^PASS$' \
    -- env FFTLAB_SIMD_VL=16 "$R" --size 2^11 --inverse --batch 3 --variant simd --repeat 0
# (float16 vectors in the per-pass kernel: a cheaper build than the row kernel's)
run_case "FFTLAB_SIMD_VL=16 simd N=2^16 inverse (a launch per pass)" 0 '^PASS$' \
    --has 'FFT_SIMD_VL=16' --has 'fft_simd_q16' \
    -- env FFTLAB_SIMD_VL=16 "$R" --size 2^16 --inverse --variant simd --explain --repeat 0
run_case "FFTLAB_SIMD_QMAX=12: refused" 2 'FAIL.*' --has 'FFTLAB_SIMD_QMAX' \
    -- env FFTLAB_SIMD_QMAX=12 "$R" --size 1024 --variant simd
# Planted bugs in kernels/05_simd.cl: the harness reads the files it builds in front of the
# chapter's kernel file from the binary's ../kernels, so a copy of build/ and kernels/ in a
# scratch tree runs the edited file.
scratch_tree "$R"
plant_simd() { plant_kernel 05_simd.cl "$@"; }
run_case "control: the scratch tree's copy passes" 0 '^PASS$' \
    -- "$TMP/tree/build/05_register_radix" --size 2^12 --batch 2 --variant simd --repeat 0
# 1. the constant twiddles' imaginary sign flipped (every radix-8/16 butterfly)
if plant_simd 's/cv_mulk(a, simd_cos64\[r\], -simd_cos64\[16 - r\])/cv_mulk(a, simd_cos64[r], simd_cos64[16 - r])/' "butterfly twiddle sign"; then
    run_case "simd butterfly twiddle sign flipped: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$TMP/tree/build/05_register_radix" --size 2^12 --batch 2 --variant simd --repeat 0
fi
# 2. the row kernel's table offset not advanced by 2p per factor: the third pass's twiddles
if plant_simd 's/tw_off += simd_factor_count(Q) \* 2 \* p;/tw_off += simd_factor_count(Q) * p;/' "row kernel table offset"; then
    run_case "simd row kernel table offset wrong: FAIL at 3 passes" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$TMP/tree/build/05_register_radix" --size 2^12 --batch 2 --variant simd --repeat 0
fi

run_case "FFTLAB_LOCAL_VALUES=100: not a power of two" 2 'FAIL.*' --has 'FFTLAB_LOCAL_VALUES' \
    -- env FFTLAB_LOCAL_VALUES=100 "$R" --size 1024
run_case "FFTLAB_LOCAL_VALUES=8: below 16" 2 'FAIL.*' --has 'power of two >= 16' \
    -- env FFTLAB_LOCAL_VALUES=8 "$R" --size 1024

# ---- the exercises, composed into kernels/05_register_radix.cl (--exercise)
# ---- the exercises, composed into kernels/05_register_radix.cl (--exercise): the fast
# set grades both solutions in tests/exercises.t (tools/grade.sh --quick)
slow_case "--variant dft32 --exercise solution: PASS at 2^11 (a radix-2 stage, two radix-32)" 0 '^PASS$' \
    --has 'fft_r32_table' --has 'a radix-2 stage, then 2 radix-32 stages' -- "$R" --size 2^11 \
    --variant dft32 --explain --exercise solutions/05_register_radix/dft32.cl --repeat 0
# A run compiles only the pass kernels it launches (build_options: FFT_ONLY_R, FFT_ONLY_TW):
# sincos at N = 4 launches fft_r4_sincos, and the variant's own radix 16 is always built.
run_case "sincos at N = 4: radix 4, and 16 (the variant's), computed twiddles" 0 '^PASS$' \
    --has '^build .*-D FFT_ONLY_R=20 -D FFT_ONLY_TW=0' -- "$R" --size 4 --variant sincos --explain --repeat 0
slow_case "--variant twiddle_table --exercise solution: PASS at 2^20 inverse" 0 '^PASS$' \
    -- "$R" --size 2^20 --inverse --variant twiddle_table \
    --exercise solutions/05_register_radix/twiddle_table.cl --repeat 0
# The exercises' variants at the chapter's largest size (2^26: three passes; the
# three-level table's 9-bit digits): ~25 CPU-s and 3 GiB each
slow_case "--variant dft32 --exercise solution: PASS at 2^26, its largest" 0 '^PASS$' --timeout 600 \
    --has 'N = 512 x 512 x 256 \(3 passes\), register radix 32' -- "$R" --size 2^26 --variant dft32 \
    --explain --exercise solutions/05_register_radix/dft32.cl --repeat 0
slow_case "--variant twiddle_table --exercise solution: PASS at 2^26, its largest" 0 '^PASS$' \
    --timeout 600 --has 'table twiddles_3: 1536 complex values' -- "$R" --size 2^26 \
    --variant twiddle_table --explain --exercise solutions/05_register_radix/twiddle_table.cl --repeat 0
run_case "--wg 48: not a power of two" 2 'FAIL.*' --has 'power of two' -- "$R" --size 1024 --wg 48
run_case "--wg 8192: more than the device allows" 2 'FAIL.*' --has 'CL_DEVICE_MAX_WORK_GROUP_SIZE' -- "$R" --size 2^20 --wg 8192
run_case "N=1000: powers of two only" 2 'FAIL.*' --has '01_dft' -- "$R" --size 1000
run_case "N=2^27: beyond the plan" 2 'FAIL.*' --has '2\^26' -- "$R" --size 2^27
done_testing
