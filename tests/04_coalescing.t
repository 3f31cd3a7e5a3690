#!/usr/bin/env bash
# 04_coalescing: a sample of every power of two 1 .. 2^22, several work-group sizes
# (radix 2 .. 512, with a smaller-radix pass for the leftover factor), both directions,
# batches, double precision, the unpadded variant, the stride experiment, bad --wg values.
. "$(dirname "$0")/lib.sh"
need_binary 04_coalescing
R=$BUILD/04_coalescing

# 2^22 takes the path of 2^20 with one more tiled pass, and 6 s of pocl and FFTW; the
# plain 2^20 is the run of the --explain case below: both in the slow set
# (FFTLAB_SLOW_TESTS=1).
for k in 22 20; do
    slow_case "N=2^$k forward" 0 '^PASS$' -- "$R" --size "2^$k" --repeat 0
done
for k in $(seq 0 16) 18; do
    run_case "N=2^$k forward" 0 '^PASS$' --has "problem +N=$((1 << k)) batch=1 forward" \
        -- "$R" --size "2^$k" --repeat 0
done
for k in 0 1 3 9 13; do
    run_case "N=2^$k inverse" 0 '^PASS$' -- "$R" --size "2^$k" --inverse --repeat 0
done
for wg in 16 32 64 128 1024 4096; do
    run_case "--wg $wg at N=2^13 x batch 3" 0 '^PASS$' -- "$R" --size 2^13 --batch 3 --wg "$wg" --repeat 0
done
run_case "--wg 16 at N=2^5 x batch 2 (radix 2, tiles narrower than T)" 0 '^PASS$' -- "$R" --size 32 --batch 2 --wg 16 --repeat 0
run_case "N=2^20 --explain: 4 tiled passes of radix 32" 0 '^PASS$' \
    --has 'plan \(forward\): 4 launches' --has 'fft_coalesced\(A, B, local 4352 B, local 128 B, 1, 32, 16, 1, -1\)' \
    -- "$R" --size 2^20 --explain --repeat 0
run_case "N=2^18 --explain: a radix-8 pass first" 0 '^PASS$' --has 'p=1: radix-8' \
    -- "$R" --size 2^18 --explain --repeat 0
for v in tiled unpadded; do
    run_case "--variant $v at N=2^16 x batch 4" 0 '^PASS$' -- "$R" --size 2^16 --batch 4 --variant "$v" --repeat 0
    run_case "--variant $v at N=2^12 inverse, --wg 1024" 0 '^PASS$' -- "$R" --size 2^12 --inverse --wg 1024 --variant "$v" --repeat 0
done
run_case "N=1024 x batch 16" 0 '^PASS$' -- "$R" --size 1024 --batch 16 --repeat 0
run_case "N=2 x batch 5 inverse" 0 '^PASS$' -- "$R" --size 2 --batch 5 --inverse --repeat 0
run_case "N=2^16 double inverse" 0 '^PASS$' -- "$R" --size 2^16 --precision double --inverse --repeat 0
run_case "N=2^10 double --wg 128 x batch 3" 0 '^PASS$' -- "$R" --size 2^10 --precision double --wg 128 --batch 3 --repeat 0
run_case "timed run" 0 '^PASS$' --has 'time +[0-9.]+ ms median' -- "$R" --size 2^14 --repeat 3 --warmup 1

run_case "--wg 8: less than one tile" 2 'FAIL.*' --has 'at least 16' -- "$R" --size 1024 --wg 8
run_case "--wg 48: not a power of two" 2 'FAIL.*' --has 'power of two' -- "$R" --size 1024 --wg 48
run_case "--wg 8192: more than the device allows" 2 'FAIL.*' --has 'CL_DEVICE_MAX_WORK_GROUP_SIZE' -- "$R" --size 2^20 --wg 8192
run_case "N=1000: powers of two only" 2 'FAIL.*' --has '01_dft' -- "$R" --size 1000

need_binary 04_stride
run_case "04_stride: table from stride 1 to 4096" 0 '^PASS$' --has '^ +1 +[0-9.]+ +[0-9.]+ +100.0%' \
    --has '^ +4096 ' -- "$BUILD/04_stride" --size 2^16 --repeat 2
run_case "04_stride --format csv" 0 '^PASS$' --has '^device,driver,n,stride,ms,gbs,pct_of_stride1$' \
    -- "$BUILD/04_stride" --size 2^16 --repeat 2 --format csv
run_case "04_stride: size below the largest stride" 2 'FAIL.*' --has 'power of two' -- "$BUILD/04_stride" --size 1000
done_testing
