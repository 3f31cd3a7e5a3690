#!/usr/bin/env bash
# 08_bluestein: any N, as a convolution of length M. N = 1, 2, 3, 17 and primes (1009;
# 65521 at batch 2; 2^20 + 7 once), a 7-smooth N (1000), the largest one-kernel plan
# (2048: M = 4096) and one past it (2049: two passes per FFT), a batch whose last group is
# partly empty, both directions, double precision, the three variants and the exercise
# chirp_table composed into kernels/08_bluestein.cl (--exercise: the solution passes, the
# stub fails from N = 17, the chapter's own chirp() fails, a build error names the
# student's file), --wg; --explain (M
# and why, the tables, every launch); --input/--output; the
# CSV row; refusals (0, 2^24 + 1, 2-D, too big, too small groups), and 06 naming 08 for a
# prime. --variant simd (06's CPU passes, kernels/08_simd.cl): sizes, both directions,
# double, the one-launch and the per-pass plans, --explain, planted bugs.
#
# Time: every (N, batch, variant kind) compiles its own program (2-4 s of pocl CPU when not
# in the kernel cache, against 0.2-0.5 s for a run whose program is cached); a timed run
# adds about 2 s (the copy-bandwidth probe). So `make test` runs one case per path, and
# its cases share programs where they can:
#   fused, one launch:  N = 1009 x 3 (a prime, M = 2048), both directions; --explain, the
#                       timed run (per-launch times), --output/--input, the untimed CSV row
#                       and the default 1009 x 256 reuse its program
#   Rader, one launch:  N = 2161 x 3 (a prime, N - 1 = 2160 7-smooth, one group's, where
#                       Bluestein's M = 4480 takes two passes), both directions, --explain
#   two passes per FFT: N = 2049 x 3 (3 x 683: composite, not 7-smooth; the multiplies in
#                       06's hooks), by fused (its fallback, the middle two passes in one:
#                       bs_middle) and fused_passes (4 launches; one program), and its
#                       --explain
#   plain:              N = 1009 x 3, both directions, and its --explain
#   N = 1 (no launch), N = 17 x 100 (34 rows per group, the last group partly empty),
#   N = 1009 x 3 double inverse
#   exercise chirp_table: the solution at N = 1009 x 3, the stub and the chapter's own
#                       chirp() failing at N = 100, a build error naming the student's
#                       file and line
#   simd:               N = 1009 x 64 (one launch, 3 passes) and x 67 inverse; N = 17 x 5
#                       (M = 64, 2 passes); N = 2049 x 1 (a launch per pass: M > 4096,
#                       fewer rows than cores); N = 1; FFTLAB_SIMD_QMAX refused; both
#                       planted bugs in 08_simd.cl (at N = 17 x 5, the scratch tree's control
#                       too)
#   every refusal (exit 2, no kernel built) and 06 naming 08.
# The slow set (FFTLAB_SLOW_TESTS=1, CI's first pass) adds the other sizes: Rader at 4001
# (L = 4000) double inverse, at small primes with --wg 1 (Bluestein's M then takes several
# passes), 2161 by no_rader; N = 2, 3, 17 x 3,
# 2048 (the largest one-kernel M) in every variant, fused_passes at 1009 (one pass, both
# hooks), 65521 (M = 2^17) and 2^20 + 7 (three passes), 1000 (7-smooth), 4099 double,
# --wg 7 (three passes per FFT), the chirp_table solution at 2049 and 65521 and the stub
# at 17, simd double, at N = 2 and 65521, the simd timed run, the timed CSV row and the
# bench case 1009 x 16384.
# Measured 2026-11-25 on the 2-core pocl machine, cold kernel cache: the fast set
# 49.0 CPU-s, 101 s wall (before the split, every case in it: about 150 CPU-s, the sum of
# its builds measured one by one). FFTLAB_SLOW_TESTS=1 runs all 75 cases (passed
# 2026-11-25).
. "$(dirname "$0")/lib.sh"
need_binary 08_bluestein
B=$BUILD/08_bluestein
USAGE='^FAIL \(usage, exit 2\): '

# ---- every variant: N = 1 (no launch), 2 (M = 3), 3, 17, a prime whose M fits a group,
# the largest N that does (M = 4096) and the first that does not (two passes per FFT)
# Fast: fused at 1, 1009 and 2049 (its fallback, fused_passes: the program of
# fused_passes N=2049, which is fast too), plain at 1009, and 1009 inverse where fast.
fast_sizes=" fused:1 fused:1009 fused:2049 fused_passes:2049 plain:1009 "
for v in fused fused_passes plain; do
    fast=() slow=()
    for n in 1 2 3 17 1009 2048 2049; do
        if [[ $fast_sizes == *" $v:$n "* ]]; then fast+=("$n"); else slow+=("$n"); fi
    done
    # (as --size lists, run_sizes: one process each, pocl's kernel library read once)
    run_sizes "$v x 3" "$(IFS=,; printf '%s' "${fast[*]}")" --timeout 300 \
        -- "$B" --batch 3 --variant "$v" --repeat 0
    slow_sizes "$v x 3" "$(IFS=,; printf '%s' "${slow[*]}")" --timeout 600 \
        -- "$B" --batch 3 --variant "$v" --repeat 0
    c=slow_case
    [[ $fast_sizes == *" $v:1009 "* ]] && c=run_case
    $c "$v N=1009 x 3 inverse" 0 '^PASS$' -- "$B" --size 1009 --batch 3 --inverse --variant "$v" --repeat 0
done

# ---- the exercise chirp_table, composed into kernels/08_bluestein.cl at
# #ifndef FL_EXERCISE_CHIRP_TABLE (--exercise FILE; by default the stub in exercises/)
# (fast: the solution at 1009 x 3, the stub failing, the chapter's own chirp() failing,
# the build error; the solution's other sizes take the two-pass path of fused N=2049 with
# the chirp buffer filled on the device, and the stub at 3 the stub's program at another
# size). The exercise asks for another chirp than the chapter's, c'_n =
# exp(sign pi i n(n+N)/N), and the host makes Bh from c' for it.
SOL=solutions/08_bluestein/chirp_table.cl
run_case "chirp_table --exercise solution N=1009 x 3" 0 '^PASS$' \
    --has 'chirp_table\(chirp, -1\)' --has "c'_n = exp\\(- pi i n\\(n\\+N\\)/N\\) for n < 1009" \
    -- "$B" --size 1009 --batch 3 --variant chirp_table --explain --exercise "$SOL" --repeat 0
sed -n '/^#if !defined(FL_EXERCISE_CHIRP_TABLE)/,/^#endif/p' kernels/08_bluestein.cl | sed '1d;$d' \
    >"$TMP/chirp-chapter.cl"
grep -q '^real2_t chirp(int n, int sign)' "$TMP/chirp-chapter.cl" ||
    bail_out "no chirp() under kernels/08_bluestein.cl's #if !defined(FL_EXERCISE_CHIRP_TABLE)"
run_case "chirp_table: the chapter's own chirp() (c_n, not the exercise's c'_n) fails it" 1 '^FAIL: check ' \
    --has 'WRONG' -- "$B" --size 100 --variant chirp_table --exercise "$TMP/chirp-chapter.cl" --repeat 0
slow_case "chirp_table --exercise solution N=2049 x 3 inverse (the device's chirp in the hooks)" 0 '^PASS$' \
    -- "$B" --size 2049 --batch 3 --inverse --variant chirp_table --exercise "$SOL" --repeat 0
slow_case "chirp_table --exercise solution N=65521 inverse (n(n+N) > 2^31)" 0 '^PASS$' \
    -- "$B" --size 65521 --inverse --variant chirp_table --exercise "$SOL" --repeat 0
slow_case "chirp_table stub (the default file) N=3: the unreduced angle still passes" 0 '^PASS$' \
    -- "$B" --size 3 --batch 3 --variant chirp_table --repeat 0
run_case "chirp_table stub N=100: the unreduced angle fails" 1 '^FAIL: check ' --has 'WRONG' \
    -- "$B" --size 100 --variant chirp_table --repeat 0
sed 's/return cexpi(sign \* angle);/return cexpi(sign * angle)/' exercises/08_bluestein/chirp_table.cl >"$TMP/chirp-bad.cl"
BADLINE=$(grep -n 'return cexpi(sign \* angle)$' "$TMP/chirp-bad.cl" | cut -d: -f1)
run_case "chirp_table with a build error: exit 3, the student's file and line named" 3 '^FAIL' \
    --has "chirp-bad\\.cl:$BADLINE:" -- "$B" --size 17 --variant chirp_table --exercise "$TMP/chirp-bad.cl" --repeat 0

# ---- primes, large; a 7-smooth N; batches; double precision; small groups. Fast: the plan
# of two passes per FFT at N = 2049 x 3 (the program of fused N=2049 above), 17 x 100,
# 1009 double inverse, the default size (the program of fused N=1009).
run_case "--explain N=2049 x 3 (M = 4480 in two passes: the middle two in one, the first and middle in groups of about 128, 3 launches)" 0 '^PASS$' \
    --has 'N = 2049 \(the factor 683 is no radix of 06\) by Bluestein, M = 4480 = ' \
    --has 'plan \(forward\): 3 launches' --has '-D BS_FIRST=80,1,5,25,' \
    --has 'bs_forward_first\(A, work0, .*local 125 +;.* 25 columns x 5 items' \
    --has 'bs_middle\(work0, work1, .*local 128 +;' \
    --has 'bs_inverse_after_middle\(work1, B, .*local 255 +;.* 51 columns x 5 items' \
    --has '-D FL_PASS_HOOKS=1' --lacks 'bs_forward_last' \
    -- "$B" --size 2049 --batch 3 --explain --repeat 0
slow_case "--explain N=65537 (M = 131712): halved, the first launch would keep 5 columns, so it keeps pass 0's 10" 0 '^PASS$' \
    --lacks 'BS_FIRST' --has 'bs_forward_first\(A, work0, .*local 250 +;.* 10 columns x 25 items' \
    -- "$B" --size 65537 --explain --repeat 0
slow_case "fused_passes N=65521 x 2 (M = 2^17, two passes per FFT, 4 launches)" 0 '^PASS$' \
    --has 'M = 131072 = ' --has 'plan \(forward\): 4 launches' --has 'bs_forward_first\(A, work0' \
    --has 'bs_forward_last\(work0, work1' --has 'fft_rows_x_p0\(work1, work0, .*, 2, 1\)' \
    --has 'bs_inverse_last\(work0, B' --has '-D FL_PASS_HOOKS=1' \
    -- "$B" --size 65521 --batch 2 --variant fused_passes --explain --repeat 0
slow_case "plain N=65521 x 2 inverse" 0 '^PASS$' -- "$B" --size 65521 --batch 2 --inverse --variant plain --repeat 0
slow_case "N=2^20+7 (prime, three passes per FFT)" 0 '^PASS$' --has 'N = 1048583 \(prime\)' \
    --has 'M = 2107392 = ' --has 'plan \(forward\): 6 launches' --has 'fft_rows_x_p1\(' \
    -- "$B" --size 1048583 --explain --repeat 0
slow_case "N=1000 x 3: 7-smooth, still by Bluestein (06 is the direct way)" 0 '^PASS$' \
    --has '06_mixed_radix does it directly' --has 'M = 2048' -- "$B" --size 1000 --batch 3 --explain --repeat 0
run_case "N=17 x 100: 3 groups of 34 rows, the last one partly empty" 0 '^PASS$' \
    -- "$B" --size 17 --batch 100 --repeat 0
run_case "N=1009 double inverse x 3" 0 '^PASS$' -- "$B" --size 1009 --batch 3 --precision double --inverse --repeat 0
slow_case "N=4099 double (two passes, hooks)" 0 '^PASS$' -- "$B" --size 4099 --precision double --repeat 0
slow_case "plain N=4099 double inverse" 0 '^PASS$' -- "$B" --size 4099 --precision double --inverse --variant plain --repeat 0
slow_case "--wg 7 at N=1009 x 3: small groups, three passes per FFT" 0 '^PASS$' \
    --has 'plan \(forward\): 6 launches' -- "$B" --size 1009 --batch 3 --wg 7 --explain --repeat 0
run_case "default: the demo size 1009 x 256" 0 '^PASS$' --has 'N=1009 batch=256' -- "$B" --repeat 0

# ---- Rader's way (README "Rader's way for some primes"): a prime whose N - 1 is 7-smooth
# and one group's FFT, where Bluestein's M takes more passes
run_case "--explain N=2161 x 3: by Rader, L = 2160, one launch (Bluestein: M = 4480, 2 passes)" 0 '^PASS$' \
    --has 'N = 2161 \(prime\) by Rader, g = 23: .*L = N - 1 = 2160 = 10 x 8 x 9 x 3, .*M = 4480 takes 2 passes' \
    --has 'plan \(forward\): 1 launch' \
    --has 'rader_fused\(A, B, local 18360 B, twiddles_x, twiddles_x, rader_perm, rader_gh, 3\)  global 648  local 216' \
    --has 'table rader_perm: 2160 complex' --has 'table rader_gh: 2160 complex' --lacks 'table chirp' \
    --has 'build .*-D BS_N=2161 -D BS_M=2160 -D BS_RADER=1 .*-D Ax_N=2160' \
    -- "$B" --size 2161 --batch 3 --explain --repeat 0
run_case "Rader N=2161 x 3 inverse" 0 '^PASS$' -- "$B" --size 2161 --batch 3 --inverse --repeat 0
slow_case "Rader N=4001 double inverse (L = 4000)" 0 '^PASS$' --has 'by Rader, g = 3: ' \
    -- "$B" --size 4001 --precision double --inverse --explain --repeat 0
slow_sizes "Rader at --wg 1 (Bluestein's M in several passes) x 3" "3,5,7,11,13,17,29,97" --timeout 600 \
    -- "$B" --batch 3 --wg 1 --repeat 0
slow_case "no_rader N=2161 x 3: Bluestein, two passes" 0 '^PASS$' --has 'by Bluestein, M = 4480' \
    --lacks 'rader_fused' -- "$B" --size 2161 --batch 3 --variant no_rader --explain --repeat 0
run_case "N=1009 x 3: by Bluestein (M = 2048 is one pass)" 0 '^PASS$' --has 'N = 1009 \(prime\) by Bluestein' \
    --lacks 'BS_RADER' -- "$B" --size 1009 --batch 3 --explain --repeat 0

# ---- --explain: M and why, the tables, the launches
run_case "--explain N=1009 x 3: M = 2048, not the smallest 2025; one launch" 0 '^PASS$' \
    --has 'N = 1009 \(prime\) by Bluestein, M = 2048 = 16 x 16 x 8' \
    --has ': 1 pass, 3 stages \(M >= 2N - 1 = 2017; the smallest 7-smooth one, 2025 = 3 x 3 x 3 x 3 x 5 x 5, takes 1 pass and 6 stages' \
    --has 'plan \(forward\): 1 launch, result in buffer B' \
    --has 'bluestein_fused\(A, B, local 17408 B, twiddles_x, twiddles_x, chirp, bhat, 3\)  global 384  local 128' \
    --has 'table chirp: 1009 complex' --has 'table bhat: 2048 complex' \
    --has 'build .*-D BS_N=1009 -D BS_M=2048 .*-D Ax_N=2048' --lacks 'FL_PASS_HOOKS' \
    -- "$B" --size 1009 --batch 3 --explain --repeat 0
run_case "--explain plain N=1009 x 3: five launches" 0 '^PASS$' \
    --has 'plan \(forward\): 5 launches' --has '\[ 0\] bs_premul\(A, work0, chirp\)  global 2048x3  local 256x1' \
    --has '\[ 1\] fft_rows_x_p0\(work0, work1, .*, 3, 0\)' --has '\[ 2\] bs_pointwise\(work1, bhat\)' \
    --has '\[ 3\] fft_rows_x_p0\(work1, work0, .*, 3, 3\)' --has '\[ 4\] bs_postmul\(work0, B, chirp\)  global 1024x3' \
    --has 'scratch work1: 6144 complex values' \
    -- "$B" --size 1009 --batch 3 --variant plain --explain --repeat 0
slow_case "--explain fused_passes N=1009 x 3: two launches, one scratch" 0 '^PASS$' \
    --has 'plan \(forward\): 2 launches' --has 'bs_forward_first\(A, work0, .*stores FFT_M\(a\)\*Bh' \
    --has 'bs_inverse_last\(work0, B, ' --lacks 'work1' \
    -- "$B" --size 1009 --batch 3 --variant fused_passes --explain --repeat 0
run_case "--explain N=1: no launch" 0 '^PASS$' --has 'N = 1: the input is its own transform' \
    --has 'plan \(forward\): 0 launches' -- "$B" --size 1 --batch 3 --explain --repeat 0
# (fast: no other test file's fast set prints the per-launch table of --explain with timing)
run_case "timed run, per-launch times" 0 '^PASS$' --has 'time +[0-9.]+ ms median' \
    --has '\[ 0\] bluestein_fused +[0-9.]+ ms' -- "$B" --size 1009 --batch 3 --explain --repeat 3 --warmup 1

# ---- --variant simd (kernels/08_simd.cl, 06's simd passes): one launch where 06 takes a
# row per work-item, W items that each take rows g, g + W, ...; else plain's multiplies
# around a launch per pass. M < 64 (N <= 32) is raised to 64.
run_case "simd N=1009 x 64: one launch, M = 2048 by 06's simd passes" 0 '^PASS$' \
    --has 'M = 2048 \(the planner.s, for M >= 2N - 1 = 2017\) = 8 x 16 x 16: 06.s simd passes' \
    --has 'plan \(forward\): 1 launch, result in buffer B' \
    --has '\[ 0\] bs_simd_rows\(A, B, work0, work1, simd_twiddles, chirp, bhat, 64\)  global [0-9]+  local 1 ' \
    --has 'build .*-D BS_N=1009 -D BS_M=2048 .*-D FFT_SIMD=1 -D SV_N=2048 -D SV_NPASS=3' \
    --lacks 'Ax_N' -- "$B" --size 1009 --batch 64 --variant simd --explain --repeat 0
run_case "simd N=1009 x 67 inverse (rows not a multiple of the items)" 0 '^PASS$' \
    -- "$B" --size 1009 --batch 67 --variant simd --inverse --repeat 0
slow_case "simd N=1009 x 3 double inverse" 0 '^PASS$' \
    -- "$B" --size 1009 --batch 3 --variant simd --precision double --inverse --repeat 0
run_case "simd N=17 x 5: the planner's M = 35 has no simd plan, M = 64" 0 '^PASS$' \
    --has 'M = 64 \(the planner.s 35 has no simd plan' -- "$B" --size 17 --batch 5 --variant simd --explain --repeat 0
slow_case "simd N=2 x 3 inverse (M = 64)" 0 '^PASS$' -- "$B" --size 2 --batch 3 --variant simd --inverse --repeat 0
run_case "simd N=1 x 3: no launch" 0 '^PASS$' --has 'plan \(forward\): 0 launches' \
    -- "$B" --size 1 --batch 3 --variant simd --explain --repeat 0
run_case "simd N=2049 x 1: one row, M = 4480 > 4096: plain's multiplies around a launch per pass" 0 '^PASS$' \
    --has 'plan \(forward\): 9 launches' --has '\[ 0\] bs_premul\(A, work0, chirp\)' \
    --has '\[ 1\] fft_simd_p0\(work0, work1, simd_twiddles, 0, ' --has 'bs_pointwise\(work1, bhat\)' \
    --has 'fft_simd_p0\(work1, work0, simd_twiddles, 1, ' --has '\[ 8\] bs_postmul\(work0, B, chirp\)' \
    -- "$B" --size 2049 --variant simd --explain --repeat 0
slow_case "simd N=65521 x 1: one row, M = 2^17: plain's multiplies around a launch per pass" 0 '^PASS$' \
    --has 'plan \(forward\): 11 launches' --has '\[ 0\] bs_premul\(A, work0, chirp\)' \
    --has '\[ 1\] fft_simd_p0\(work0, work1, simd_twiddles, 0, ' --has 'bs_pointwise\(work0, bhat\)' \
    --has 'fft_simd_p0\(work0, work1, simd_twiddles, 1, ' --has '\[10\] bs_postmul\(work0, B, chirp\)' \
    -- "$B" --size 65521 --variant simd --explain --repeat 0
slow_case "simd timed run, per-launch times" 0 '^PASS$' --has '\[ 0\] bs_simd_rows +[0-9.]+ ms' \
    -- "$B" --size 1009 --batch 64 --variant simd --explain --repeat 3 --warmup 1
run_case "simd FFTLAB_SIMD_QMAX=7: refused" 2 "$USAGE" --has 'FFTLAB_SIMD_QMAX' \
    -- env FFTLAB_SIMD_QMAX=7 "$B" --size 1009 --variant simd --repeat 0

# Planted bugs in kernels/08_simd.cl: the files built in front of the chapter's own come
# from the binary's ../kernels, so a scratch tree (a copy of the binary and kernels/) runs
# the edited file, as tests/06_mixed_radix.t does for 06_simd.cl.
scratch_tree "$B"
plant_simd() { plant_kernel 08_simd.cl "$@"; }
SB=$TMP/tree/build/08_bluestein
# All at N = 17 x 5 (M = 64: the smallest simd program; the control reuses the program of
# "simd N=17 x 5" above).
run_case "control: the scratch tree's copy passes" 0 '^PASS$' -- "$SB" --size 17 --batch 5 --variant simd --repeat 0
# 1. *Bh on the first N values only (M - N of the spectrum left as A)
if plant_simd 's/bs_sv_mul(f, bh, f, BS_M);/bs_sv_mul(f, bh, f, BS_N);/' "pointwise over N, not M"; then
    run_case "simd pointwise over N values only: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$SB" --size 17 --batch 5 --variant simd --repeat 0
fi
# 2. the scalar tail of the multiplies (17 = 2 x 8 + 1): a sign in the imaginary part
if plant_simd 's/out\[2 \* j + 1\] = a \* s + b \* c;/out[2 * j + 1] = a * s - b * c;/' "scalar tail sign"; then
    run_case "simd multiply's scalar tail with a wrong sign: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$SB" --size 17 --batch 5 --variant simd --repeat 0
fi

# ---- files and formats
run_case "--output N=1009 x 2" 0 '^PASS$' --has "wrote $TMP/y\\.npy" \
    -- "$B" --size 1009 --batch 2 --output "$TMP/y.npy" --repeat 0
run_case "--input of that output, inverse" 0 '^PASS$' --has "input=$TMP/y\\.npy" \
    -- "$B" --input "$TMP/y.npy" --inverse --repeat 0
run_case "--format csv, untimed (the bench's row, at batch 3)" 0 '^PASS$' \
    --stdout-has '^chapter,variant,.*,verdict,timing,launches,' \
    --stdout-has '^"08_bluestein","fused",.*,1009,3,forward,single,1,.*,PASS,"",' \
    -- "$B" --size 1009 --batch 3 --repeat 0 --format csv
slow_case "--format csv (the bench's row, at batch 3)" 0 '^PASS$' \
    --stdout-has '^"08_bluestein","fused",.*,1009,3,forward,single,1,.*,PASS,"events",1,' \
    -- "$B" --size 1009 --batch 3 --repeat 2 --warmup 1 --format csv
slow_case "the bench case 1009 x 16384, --format csv (one call, unverified: slow on pocl)" 0 '^PASS' \
    --stdout-has '^"08_bluestein","fused",.*,1009,16384,forward,single,0,.*,"events",1,' \
    -- "$B" --size 1009 --batch 16384 --no-verify --repeat 1 --warmup 0 --format csv

# ---- refusals
run_case "--size 0" 2 "$USAGE" --has 'at least 1' -- "$B" --size 0 --repeat 0
run_case "--size 2^24+1: beyond 2^24" 2 "$USAGE" --has 'cannot transform size 16777217' \
    --has 'any N up to 2\^24' -- "$B" --size 16777217 --repeat 0
run_case "--size 2^25" 2 "$USAGE" --has '2\^24' --has '02_radix2' -- "$B" --size 2^25 --repeat 0
run_case "--size 64x64: 1-D only, names 07" 2 "$USAGE" --has 'dimensional' --has '07_multidim' \
    -- "$B" --size 64x64 --repeat 0
run_case "--size 2^24 --batch 64: too large for the device" 2 "$USAGE" --has 'too large for this device' \
    -- "$B" --size 2^24 --batch 64 --repeat 0
run_case "--wg 1 at N=2^24: M = 2^25 needs more than 4 passes" 2 "$USAGE" --has 'larger --wg' \
    -- "$B" --size 2^24 --wg 1 --repeat 0
run_case "--wg 8192: more than the device allows" 2 "$USAGE" --has 'CL_DEVICE_MAX_WORK_GROUP_SIZE' \
    -- "$B" --size 1009 --wg 8192 --repeat 0
if [ -x "$BUILD/06_mixed_radix" ]; then
    run_case "06_mixed_radix --size 1048583 names 08_bluestein only" 2 "$USAGE" \
        --has 'Chapters that can: 08_bluestein \(any N up to 2\^24' --lacks '01_dft' \
        -- "$BUILD/06_mixed_radix" --size 1048583 --repeat 0
    run_case "06_mixed_radix --size 1009 names 01_dft and 08_bluestein" 2 "$USAGE" \
        --has 'Chapters that can: 01_dft .*08_bluestein' --lacks 'Coming' \
        -- "$BUILD/06_mixed_radix" --size 1009 --repeat 0
else
    skip "06_mixed_radix names 08_bluestein" "$BUILD/06_mixed_radix is not built"
    skip "06_mixed_radix names 01_dft and 08_bluestein" "$BUILD/06_mixed_radix is not built"
fi
done_testing
