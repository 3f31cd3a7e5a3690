#!/usr/bin/env bash
# 03_local_memory: a sample of every power of two 1 .. 2^22, several work-group sizes
# (so the split between radix-2 and local passes changes), both directions, batches,
# double precision, and bad --wg values with their messages.
. "$(dirname "$0")/lib.sh"
need_binary 03_local_memory
R=$BUILD/03_local_memory

# 2^22 takes the path of 2^20 with two more radix-2 passes, and 6 s of pocl and FFTW:
# the slow set (FFTLAB_SLOW_TESTS=1) runs it.
slow_case "N=2^22 forward" 0 '^PASS$' -- "$R" --size 2^22 --repeat 0
run_case "N=2^20 forward" 0 '^PASS$' -- "$R" --size 2^20 --repeat 0
for k in $(seq 0 16) 18; do
    run_case "N=2^$k forward" 0 '^PASS$' --has "problem +N=$((1 << k)) batch=1 forward" \
        -- "$R" --size "2^$k" --repeat 0
done
for k in 0 1 3 9 13; do
    run_case "N=2^$k inverse" 0 '^PASS$' -- "$R" --size "2^$k" --inverse --repeat 0
done
# Work-group sizes: 1 (R = 2: local passes only, one stage each) up to the pocl maximum.
for wg in 1 2 8 32 64 512 4096; do
    run_case "--wg $wg at N=2^13 x batch 3" 0 '^PASS$' -- "$R" --size 2^13 --batch 3 --wg "$wg" --repeat 0
done
run_case "--wg 512 at N=1024: one launch" 0 '^PASS$' --has 'plan \(forward\): 1 launch,' \
    --has '0 radix-2 passes \+ 1 local pass' -- "$R" --size 1024 --wg 512 --explain --repeat 0
run_case "--wg 256 at N=2^20: 2 radix-2 + 2 local passes" 0 '^PASS$' \
    --has 'plan \(forward\): 4 launches' --has 'fft_radix2\(A, B, 1, -1\)' --has 'fft_local\(A, B, local 4096 B, local 2048 B, 4, -1\)' \
    -- "$R" --size 2^20 --wg 256 --explain --repeat 0
run_case "N=1024 x batch 16" 0 '^PASS$' -- "$R" --size 1024 --batch 16 --repeat 0
run_case "N=2 x batch 5 inverse" 0 '^PASS$' -- "$R" --size 2 --batch 5 --inverse --repeat 0
run_case "N=2^12 x batch 7 --wg 64 inverse" 0 '^PASS$' -- "$R" --size 2^12 --batch 7 --wg 64 --inverse --repeat 0
run_case "N=2^16 double inverse" 0 '^PASS$' -- "$R" --size 2^16 --precision double --inverse --repeat 0
run_case "N=2^10 double --wg 128 x batch 3" 0 '^PASS$' -- "$R" --size 2^10 --precision double --wg 128 --batch 3 --repeat 0
run_case "timed run" 0 '^PASS$' --has 'time +[0-9.]+ ms median' -- "$R" --size 2^14 --repeat 3 --warmup 1

run_case "--wg 3: not a power of two" 2 'FAIL.*' --has 'must be a power of two' -- "$R" --size 1024 --wg 3
run_case "--wg 8192: more than the device allows" 2 'FAIL.*' --has 'CL_DEVICE_MAX_WORK_GROUP_SIZE' -- "$R" --size 2^20 --wg 8192
run_case "--wg 512 at N=256: a group needs N >= 2 wg" 2 'FAIL.*' --has 'needs N >= 1024' -- "$R" --size 256 --wg 512
run_case "N=1000: powers of two only" 2 'FAIL.*' --has '01_dft' -- "$R" --size 1000
done_testing
