#!/usr/bin/env bash
# 01_dft: the naive DFT verified against FFTW at many sizes (any N), both directions,
# batches, double precision, the unreduced-angle accuracy lesson, and --wg. The slow set
# (FFTLAB_SLOW_TESTS=1) adds 2^13 and 2^14 (4096 takes the same kernel) and 4096 in double
# (double: 1 and 1000, both ways).
. "$(dirname "$0")/lib.sh"
need_binary 01_dft
D=$BUILD/01_dft

for n in 1 2 3 5 7 16 17 100 127 1000 4096; do
    run_case "N=$n forward" 0 '^PASS$' --has "problem +N=$n batch=1 forward single" \
        -- "$D" --size "$n" --repeat 0
done
for n in 1 2 17 100 1000; do
    run_case "N=$n inverse" 0 '^PASS$' --has "problem +N=$n batch=1 inverse" \
        -- "$D" --size "$n" --inverse --repeat 0
done
run_case "N=100 x batch 3" 0 '^PASS$' --has 'N=100 batch=3' -- "$D" --size 100 --batch 3 --repeat 0
run_case "N=17 x batch 5 inverse" 0 '^PASS$' --has 'N=17 batch=5 inverse' \
    -- "$D" --size 17 --batch 5 --inverse --repeat 0
run_case "N=1 x batch 4" 0 '^PASS$' -- "$D" --size 1 --batch 4 --repeat 0
run_case "N=12 x batch 1000" 0 '^PASS$' -- "$D" --size 12 --batch 1000 --repeat 0
# (N=4096 double: slow set since 2026-11-26 (night), 2 s of a cold run, the run and FFTW's
# reference more than the build: double by 1 and 1000 (both ways), 4096 by its float case)
for n in 1 1000 4096; do
    c=run_case
    [ "$n" = 4096 ] && c=slow_case
    $c "N=$n double" 0 '^PASS$' --has "N=$n batch=1 forward double" \
        -- "$D" --size "$n" --precision double --repeat 0
done
run_case "N=1000 double inverse x batch 2" 0 '^PASS$' \
    -- "$D" --size 1000 --batch 2 --precision double --inverse --repeat 0
run_case "--seed 7" 0 '^PASS$' -- "$D" --size 64 --seed 7 --repeat 0
run_case "every check is reported" 0 '^PASS$' \
    --has 'verify +random .* ok' --has 'verify +impulse@0 .* ok' --has 'verify +impulse@[0-9]+ .* ok' \
    --has 'verify +tone@[0-9]+ .* ok' --has 'verify +roundtrip .* ok' -- "$D" --size 60 --repeat 0

# The chapter's accuracy lesson: the angle formed from j*k in float, not reduced mod N,
# has an absolute error of about eps * |angle|, which grows like N, against a bound that
# grows like sqrt(N). chapters/01_dft/README.md measures it failing at N = 8, 64, 1024,
# 4096 and 16384; at N = 4 the angles stay small and it passes.
run_case "--variant unreduced N=4096 fails (accuracy lesson)" 1 '^FAIL' \
    --has 'variant=unreduced' --has 'WRONG' --lacks '^PASS' \
    -- "$D" --variant unreduced --size 4096 --repeat 0
run_case "--variant unreduced N=64 fails too (README's table)" 1 '^FAIL: check ' \
    -- "$D" --variant unreduced --size 64 --repeat 0
run_case "--variant unreduced N=4 passes" 0 '^PASS$' -- "$D" --variant unreduced --size 4 --repeat 0
run_case "--variant reduced (the default, by name)" 0 '^PASS$' --has 'variant=reduced' \
    -- "$D" --variant reduced --size 100 --repeat 0

run_case "--wg 8 at N=64" 0 '^PASS$' -- "$D" --size 64 --wg 8 --repeat 0
run_case "--wg 1 at N=17" 0 '^PASS$' -- "$D" --size 17 --wg 1 --repeat 0
run_case "--wg 64 at N=1024 x batch 4" 0 '^PASS$' -- "$D" --size 1024 --batch 4 --wg 64 --repeat 0
run_case "--wg 7 at N=64 is refused (must divide N)" 2 '^FAIL' --has 'divide' \
    -- "$D" --size 64 --wg 7 --repeat 0
run_case "--explain prints the plan" 0 '^PASS$' --has 'dft\(A, B, 8, -1\)' --has 'build +-cl-std' \
    -- "$D" --size 8 --explain --repeat 0
run_case "--no-verify: PASS (unverified), no checks" 0 'unverified' --lacks 'verify +random' \
    -- "$D" --size 64 --no-verify --repeat 0
run_case "timed run (--repeat 3 --warmup 1)" 0 '^PASS$' \
    --has 'time +[0-9.]+ ms median .*3 runs after 1 warm-up' --has 'GFLOP/s' \
    -- "$D" --size 256 --repeat 3 --warmup 1

# The issue asks for 01_dft verified up to 2^14. On pocl with 2 cores that run takes
# about 30 s (5 O(N^2) transforms), too slow for every `make test`: FFTLAB_SLOW_TESTS=1.
# 2^13 (8 s) is in the slow set too: 4096 above takes the same kernel at a quarter of the work.
slow_case "N=2^14 forward" 0 '^PASS$' --timeout 300 -- "$D" --size 2^14 --repeat 0
slow_case "N=2^13 forward" 0 '^PASS$' -- "$D" --size 2^13 --repeat 0

done_testing
