#!/usr/bin/env bash
# 05_register_radix: a sample of every power of two 1 .. 2^22 (single-pass sizes up to
# 4096, then 2 and 3 passes), every register radix (16, 8, 4) and twiddle strategy
# (table, sincos, native with its widened bound), leftover stages (log2 Q not a multiple
# of log2 R), both directions, batches that do not fill the last work-group, double
# precision, --wg, --explain's plan, and bad --wg values.
. "$(dirname "$0")/lib.sh"
need_binary 05_register_radix
R=$BUILD/05_register_radix

for k in 22 21; do
    run_case "N=2^$k forward" 0 '^PASS$' -- "$R" --size "2^$k" --repeat 0
done
for k in $(seq 0 18) 20; do
    run_case "N=2^$k forward" 0 '^PASS$' --has "problem +N=$((1 << k)) batch=1 forward" \
        -- "$R" --size "2^$k" --repeat 0
done
for v in radix16 radix8 radix4 sincos native runtime_radix; do
    for k in 1 2 3 5 7 10 12 13 17; do
        run_case "--variant $v N=2^$k x batch 3" 0 '^PASS$' \
            -- "$R" --size "2^$k" --batch 3 --variant "$v" --repeat 0
    done
    run_case "--variant $v N=2^14 inverse" 0 '^PASS$' -- "$R" --size 2^14 --inverse --variant "$v" --repeat 0
    run_case "--variant $v N=2^19" 0 '^PASS$' -- "$R" --size 2^19 --variant "$v" --repeat 0
done
for k in 0 1 4 11 15; do
    run_case "N=2^$k inverse x batch 2" 0 '^PASS$' -- "$R" --size "2^$k" --batch 2 --inverse --repeat 0
done
for wg in 1 4 16 64; do
    run_case "--wg $wg at N=2^14 x batch 3" 0 '^PASS$' -- "$R" --size 2^14 --batch 3 --wg "$wg" --repeat 0
done
# Above 256 items R = 16 groups do not grow (4096 values of local memory); radix 4 and 8 do.
run_case "--wg 1024 --variant radix4: 4096 in one pass of 1024 items" 0 '^PASS$' \
    --has 'N = 4096 \(1 pass\)' --has 'local 1024' \
    -- "$R" --size 4096 --batch 3 --wg 1024 --variant radix4 --explain --repeat 0
run_case "--wg 512 --variant radix8 inverse" 0 '^PASS$' -- "$R" --size 4096 --batch 2 --wg 512 --variant radix8 --inverse --repeat 0
run_case "N=64 x batch 7 (rows per group do not divide the batch)" 0 '^PASS$' -- "$R" --size 64 --batch 7 --repeat 0
run_case "N=2^16 double inverse" 0 '^PASS$' -- "$R" --size 2^16 --precision double --inverse --repeat 0
run_case "N=2^12 double x batch 3" 0 '^PASS$' -- "$R" --size 2^12 --precision double --batch 3 --repeat 0
run_case "N=2^11 double --variant radix4" 0 '^PASS$' -- "$R" --size 2^11 --precision double --variant radix4 --repeat 0
run_case "N=2^20 --explain: 1024 x 1024, a radix-4 stage then two radix-16" 0 '^PASS$' \
    --has 'plan \(forward\): 2 launches' --has 'N = 1024 x 1024 \(2 passes\)' \
    --has 'p=1024 Q=1024: a radix-4 stage, then 2 radix-16 stages' --has 'table twiddles_lo: 1024' \
    -- "$R" --size 2^20 --explain --repeat 0
run_case "N=4096 --explain: one pass" 0 '^PASS$' --has 'N = 4096 \(1 pass\)' \
    --has 'fft_r16_table\(A, B' -- "$R" --size 4096 --explain --repeat 0
run_case "N=2^22 --explain --variant sincos: 3 passes, no table" 0 '^PASS$' \
    --has 'N = 256 x 128 x 128 \(3 passes\)' --lacks 'table twiddles' --has 'fft_r16_sincos' \
    -- "$R" --size 2^22 --variant sincos --explain --repeat 0
# At N = 1024 the L2 bound is 2 eps 10 = 1.19e-06; native is checked against 4x that.
run_case "--variant native is checked against 4x the L2 bound" 0 '^PASS$' \
    --has 'random +rel L2 [0-9.e+-]+ \(bound 4\.77e-06\)' \
    -- "$R" --size 2^10 --variant native --repeat 0
run_case "--variant radix16 keeps the plain L2 bound" 0 '^PASS$' \
    --has 'random +rel L2 [0-9.e+-]+ \(bound 1\.19e-06\)' \
    -- "$R" --size 2^10 --repeat 0
run_case "timed run" 0 '^PASS$' --has 'time +[0-9.]+ ms median' -- "$R" --size 2^14 --repeat 3 --warmup 1

run_case "--wg 48: not a power of two" 2 'FAIL.*' --has 'power of two' -- "$R" --size 1024 --wg 48
run_case "--wg 8192: more than the device allows" 2 'FAIL.*' --has 'CL_DEVICE_MAX_WORK_GROUP_SIZE' -- "$R" --size 2^20 --wg 8192
run_case "N=1000: powers of two only" 2 'FAIL.*' --has '01_dft' -- "$R" --size 1000
run_case "N=2^27: beyond the plan" 2 'FAIL.*' --has '2\^26' -- "$R" --size 2^27
done_testing
