#!/usr/bin/env bash
# 09_real_input: R2C and C2R against FFTW's r2c/c2r. Even lengths from 2 (the twist
# alone) to 2^20, 2-D and 3-D shapes (the last axis halved), batches, both directions,
# double precision; odd last axes refused with exit 2 naming the complex chapters;
# column_pairs (the default: R2C of 1-D rows by the twist in the first of two passes) and
# its fallbacks to fused; --shapes and --tune on 1-D rows of several passes;
# --explain's plan; the report (r2c/c2r in the CSV's direction column, 2.5 N log2 N);
# .npy files in and out (float32 -> complex64 -> float32), checked with numpy when a
# python3 with numpy is found; planted twist bugs caught. --variant simd (06's CPU passes
# and kernels/09_simd.cl): 1-D sizes both ways, double, the fallbacks, planted bugs.
#
# Time (issue 28). Each size is a kernel build of its own here (the sizes are -D constants),
# ~2-4 CPU-s on pocl; a case with an earlier case's size, variant and precision costs
# ~0.3 s. The fast set takes each path once: N = 2 (the twist alone, H = 1); fused's one
# launch at 2^12 (column_pairs --explain, C2R, the timed run); 8x16 and 3x5x14 x 2 (2-D, 3-D,
# odd outer axes, both ways, the CSV); double by 1000 (C2R, CSV), 6x16 (2-D C2R), 10240 x 3
# (paired pass, short last groups) and 20000 x 3 (column pairs); the twist variant at 16 and
# 64x64 C2R; fused's paired pass at 2^14 in two sweeps, in one at 26244 (odd Q) and by the
# --shapes cases, H odd at 31250; column pairs at 2^14 (both ways) and 20000 x 3 double; --shapes
# at 2^16 (pairs) and 2^14 (fused, and its one-sweep rule); the .npy cases (64, 12x10,
# 6x16 double); simd at 2^20 (a launch per pass), 1000 x 3 (a row per item),
# 31250 double C2R, 8x16x128 x 2 (3-D), 16 (the fallback); every planted bug (the DC one
# at N = 8, its --input's size) and every refusal. The slow set (FFTLAB_SLOW_TESTS=1) adds
# more sizes of the same paths (4, 6, 12 x 5, 1000, 2^20, 64x64, 48x48, 6x2, 1x64, 15x8;
# since 2026-11-26 (night) column pairs at 2^20 x 2 and FFTLAB_PAIR_SWEEPS=1 at 2^14 too),
# the twist variant at more shapes, fused 4096 and 8192, more paired-pass shapes, column
# pairs at more sizes, --tune (2^16 and 2^14 both ways), more --shapes, simd at more sizes
# and shapes, --format json, and the per-launch timed run. Fast set, cold pocl cache:
# 152 CPU-s (116.3 user + 35.5 sys; 2026-11-25, this 2-core machine, shared; was ~300+): 15
# builds are the planted bugs (~45 CPU-s), 2 timed runs ~9 CPU-s.
. "$(dirname "$0")/lib.sh"
need_binary 09_real_input
R=$BUILD/09_real_input
USAGE='^FAIL \(usage, exit 2\): '

# ---- 1-D, both directions (each length is one kernel build)
# (fast: 2, the twist alone; 4096's C2R, whose R2C is the column_pairs 2^12 --explain case
# below: fused's one launch, as at 1000, whose radix 5 the double C2R below takes)
for n in 2 4 6 1000 2^12; do
    c=slow_case
    [ "$n" = 2 ] && c=run_case
    $c "N=$n r2c" 0 '^PASS$' -- "$R" --size "$n" --repeat 0
    case $n in 2|2^12) c=run_case ;; esac
    $c "N=$n c2r" 0 '^PASS$' -- "$R" --size "$n" --inverse --repeat 0
done
slow_case "N=12 x batch 5 (rows of the twist one after another)" 0 '^PASS$' \
    -- "$R" --size 12 --batch 5 --repeat 0
slow_case "N=2^20 r2c (two passes, then the twist)" 0 '^PASS$' --has 'N=1048576 batch=1 forward r2c \(1048576 reals -> 524289 complex\)' \
    -- "$R" --size 2^20 --repeat 0
run_case "N=1000 double c2r" 0 '^PASS$' -- "$R" --size 1000 --precision double --inverse --repeat 0

# ---- 2-D and 3-D: the last axis halved
run_case "8x16 r2c" 0 '^PASS$' --has 'N=8x16 \(128 points\) batch=1 forward r2c \(8x16 reals -> 8x9 complex\)' \
    --has 'impulse@\(3,6\) ' --has 'tone@\(3,5\) ' -- "$R" --size 8x16 --repeat 0
run_case "8x16 c2r: the impulse sits in the half spectrum" 0 '^PASS$' \
    --has 'inverse c2r \(8x9 complex -> 8x16 reals\)' --has 'impulse@\(3,4\) ' \
    -- "$R" --size 8x16 --inverse --repeat 0
run_case "3x5x14 x batch 2 r2c" 0 '^PASS$' -- "$R" --size 3x5x14 --batch 2 --repeat 0
run_case "3x5x14 x batch 2 c2r" 0 '^PASS$' -- "$R" --size 3x5x14 --batch 2 --inverse --repeat 0
# R2C's input (reals) fills less of A than its output: the NaN after it is a fill of its
# own, from an offset no other chapter has; in 4 KiB pieces (FFTLAB_FILL_PIECE), through
# sub-buffers, as a run past 2^31 bytes fills (common/fill.h, issue 40).
run_case "3x5x14 x batch 20 r2c, fills in 4 KiB pieces (A's NaN after the reals too)" 0 '^PASS$' \
    -- env FFTLAB_FILL_PIECE=4096 "$R" --size 3x5x14 --batch 20 --repeat 0
# 3-D with y >= 128: the rows padded between the passes (lesson "Rows padded between
# passes"): 6 bins to 8; R2C's last pass stores them unpadded (flags 64), the round trip's
# C2R loads them unpadded in its first (flags 1 + 128)
run_case "2x128x10 x batch 2 r2c: rows of 6 bins padded to 8 between the passes" 0 '^PASS$' \
    --has 'rows padded to 8 between the passes' --has '-D RH_OS=8 -D FL_UNPAD_W=6 -D FL_UNPAD_PW=8' \
    --has 'rfft_rows_fused\(A, padded0, ' --has 'fft_cols_z_p0\(padded1, B, .*, 64\) ' \
    --has 'fft_cols_y_p0\(A, padded0, .*, 129\) ' --has 'irfft_rows_fused\(padded1, B, ' \
    -- "$R" --size 2x128x10 --batch 2 --explain --repeat 0
run_case "FFTLAB_R2C_PAD=1 3x5x10 x batch 2 c2r: padded at any y" 0 '^PASS$' \
    -- env FFTLAB_R2C_PAD=1 "$R" --size 3x5x10 --batch 2 --inverse --repeat 0
run_case "FFTLAB_R2C_PAD=1 1x1x10: outer axes of 1 point, no pass to drop a pad, none" 0 '^PASS$' \
    --lacks 'rows padded' --lacks 'padded0' --lacks 'RH_OS' \
    -- env FFTLAB_R2C_PAD=1 "$R" --size 1x1x10 --explain --repeat 0
run_case "FFTLAB_R2C_PAD=2: exit 2, named" 2 'FAIL \(usage' --has "FFTLAB_R2C_PAD='2' must be 0 or 1" \
    -- env FFTLAB_R2C_PAD=2 "$R" --size 3x5x10
slow_case "64x64 x batch 3 r2c" 0 '^PASS$' -- "$R" --size 64x64 --batch 3 --repeat 0
slow_case "64x64 x batch 3 c2r" 0 '^PASS$' -- "$R" --size 64x64 --batch 3 --inverse --repeat 0
# (2-D double: the build of the npy double case below, which needs numpy)
run_case "6x16 double c2r" 0 '^PASS$' -- "$R" --size 6x16 --precision double --inverse --repeat 0
slow_case "48x48 double c2r" 0 '^PASS$' -- "$R" --size 48x48 --precision double --inverse --repeat 0
slow_case "6x2 (rows of H = 1: the twist alone along x)" 0 '^PASS$' -- "$R" --size 6x2 --batch 2 --repeat 0
slow_case "1x64 (an outer axis of length 1)" 0 '^PASS$' -- "$R" --size 1x64 --inverse --repeat 0
slow_case "default: the demo size 2^20" 0 '^PASS$' --has 'N=1048576 batch=1 forward' -- "$R" --repeat 0

# ---- --variant twist (the twist in its own pass) and fused (the default: inside a row pass)
for a in "16" "6" "2^14 --inverse" "8x16" "3x5x14 --batch 2 --inverse" "48x48 --precision double"; do
    c=slow_case
    [ "$a" = 16 ] && c=run_case   # (2-D and C2R: --explain 64x64 c2r below)
    # shellcheck disable=SC2086
    $c "twist $a" 0 '^PASS$' --has 'rfft_post' -- "$R" --size $a --variant twist --explain --repeat 0
done
for a in "4096 --batch 3" "8192 --inverse"; do
    # (fused's one launch: column_pairs 2^12 --explain takes it; the paths of several passes
    # are the fused 2^14 cases)
    # shellcheck disable=SC2086
    slow_case "fused $a" 0 '^PASS$' -- "$R" --size $a --variant fused --repeat 0
done
run_case "fused 2^14: x takes two passes, the twist rides in the last (R2C) and the first (C2R)" \
    0 '^PASS$' --has 'rfft_rows_paired\(B, A, local [0-9]+ B, twiddles_x, twist_w\)' \
    --has 'irfft_rows_paired\(A, B, ' --has 'then the twist; columns t and [0-9]+ - t in a group' \
    --has 'RH_PAIR_LAST=1 -D RH_PAIR_SWEEPS=2 -D RH_PAIR_FIRST=1' --has 'the twist in its last pass' \
    --has '64 \+ 64 per group x 8 items, in 2 sweeps' --lacks 'rfft_post' \
    --lacks 'irfft_pre' -- "$R" --size 2^14 --variant fused --explain --repeat 0
# R2C's paired pass in one sweep (h = T/2 columns and their mirrors) and in two (the
# default: T and T, sweep A's outputs in registers): both, at the shapes above and with an
# odd Q (81: column C/2 pairs j = 40 with itself, bin M/2)
# (slow since 2026-11-26 (night): one sweep runs fast by 26244 (one sweep by default),
# --shapes 64x8,256x4 and default,256x4 at 2^14, and FFTLAB_PAIR_SWEEPS=1 at 2^14 by the
# planted "paired-no-mid" below (the one-sweep kernel's column C/2, caught))
slow_case "fused 2^14, FFTLAB_PAIR_SWEEPS=1: 32 + 32 columns, one sweep" 0 '^PASS$' \
    --has 'RH_PAIR_SWEEPS=1' --has '32 \+ 32 per group x 8 items$' --lacks 'in 2 sweeps' \
    -- env FFTLAB_PAIR_SWEEPS=1 "$R" --size 2^14 --variant fused --explain --repeat 0
slow_case "fused 10240 double x 3, one sweep" 0 '^PASS$' \
    -- env FFTLAB_PAIR_SWEEPS=1 "$R" --size 10240 --batch 3 --precision double --repeat 0
slow_case "fused 26244 x 2 (last Q = 81, odd), FFTLAB_PAIR_SWEEPS=2: two sweeps" 0 '^PASS$' \
    --has 'Q=81 = 3 x 3 x 3 x 3, then the twist' --has 'in 2 sweeps' \
    -- env FFTLAB_PAIR_SWEEPS=2 "$R" --size 26244 --batch 2 --variant fused --explain --repeat 0
run_case "fused 26244: 9 values per item, so one sweep by default" 0 '^PASS$' \
    --has '25 \+ 25 per group x 9 items$' -- "$R" --size 26244 --variant fused --explain --repeat 0
slow_case "fused 3x26244 double, one sweep" 0 '^PASS$' \
    -- env FFTLAB_PAIR_SWEEPS=1 "$R" --size 3x26244 --precision double --repeat 0
run_case "FFTLAB_PAIR_SWEEPS=3: usage error" 2 "${USAGE}FFTLAB_PAIR_SWEEPS='3' must be 1 or 2" \
    -- env FFTLAB_PAIR_SWEEPS=3 "$R" --size 2^14 --repeat 0
# groups of the paired pass that run past the row's columns (C = 80 columns, 32 + 32 per
# group), odd groups (51 columns), double, 2-D and 3-D, and H odd (no pairing: the twist)
run_case "fused 10240 double, both ways: short last groups" 0 '^PASS$' --has 'rfft_rows_paired' \
    -- "$R" --size 10240 --batch 3 --precision double --explain --repeat 0
slow_case "fused 10240 c2r" 0 '^PASS$' -- "$R" --size 10240 --inverse --repeat 0
slow_case "fused 2x3x10240 r2c" 0 '^PASS$' --has 'rfft_rows_paired' --has 'fft_cols_z_p0' \
    -- "$R" --size 2x3x10240 --explain --repeat 0
slow_case "fused 4x20000 c2r" 0 '^PASS$' -- "$R" --size 4x20000 --inverse --repeat 0
run_case "fused 2 x 5^6 = 31250: H odd, so the separate twist" 0 '^PASS$' --has 'rfft_post' \
    --lacks 'rows_paired' --lacks 'paired pass' -- "$R" --size 31250 --explain --repeat 0
run_case "fused --explain 8x16: one launch for x and the twist, both ways" 0 '^PASS$' \
    --has 'plan \(forward, r2c\): 2 launches' --has 'rfft_rows_fused\(A, B, local [0-9]+ B, twiddles_x, twist_w, 8\)' \
    --has 'irfft_rows_fused\(B, A, ' --has 'axis x \(H=8\) and the twist in one pass' --lacks 'rfft_post' \
    -- "$R" --size 8x16 --variant fused --explain --repeat 0

# ---- column_pairs (the default): R2C of 1-D rows whose N/2 takes several passes, as N =
# N1 x N2, the twist's pairs inside the first pass's columns; everything else is fused's plan
run_case "column_pairs 2^14: N1 = 32 x N2 = 512, two launches, no paired pass" 0 '^PASS$' \
    --has 'variant=column_pairs' --has 'as N = N1 x N2 = 32 x 512' \
    --has 'rfft_pairs_first\(A, B, local [0-9]+ B, twiddles_n, 1\)' \
    --has 'rfft_pairs_last\(B, A, local [0-9]+ B, twiddles_n, 1\)' --has 'RC_N=16384 -D RC_LB=7' \
    --has 'irfft_rows_paired\(A, B' --lacks 'rfft_rows_paired\(B' --lacks 'rfft_post' \
    -- "$R" --size 2^14 --explain --repeat 0
# (slow since 2026-11-26 (night), with N=2^20 r2c, its build: column pairs fast at 2^14 both
# ways (A = 32 = 8 x 4) and 20000 x 3 double (A = 40 = 10 x 4, 102 columns a group); the
# columns per group are a -D constant of the same rfft_pairs_first)
slow_case "column_pairs 2^20 x 2: 2048 x 512, 2 columns per group in the first pass" 0 '^PASS$' \
    --has 'N1 = 2048 = 16 x 16 x 8 on 256 complex columns a row' --has '2 columns x 128 items per group' \
    --has 'N2 = 512 = 8 x 8 x 8 on columns k1 = 0..1024, times w_N\^\(j k1\); bins past 524288 mirrored' -- "$R" --size 2^20 --batch 2 --explain --repeat 0
for a in "2^16 --batch 7" "10^6" "20000 --batch 3 --precision double" "2^18 --precision double" \
    "10240 --batch 2" "2^14 --batch 5 --seed 7"; do
    c=slow_case
    case $a in 20000*) c=run_case ;; esac
    # shellcheck disable=SC2086
    $c "column_pairs $a" 0 '^PASS$' --has 'rfft_pairs_last' -- "$R" --size $a --explain --repeat 0
done
run_case "column_pairs 2^12 (N/2 in one pass): fused's one launch, said so" 0 '^PASS$' \
    --has "fused's plan: column pairs do R2C of 1-D rows whose N/2 takes several passes" \
    --has 'rfft_rows_fused' -- "$R" --size 2^12 --explain --repeat 0
run_case "column_pairs --inverse: fused's C2R (column pairs do the round trip's R2C)" 0 '^PASS$' \
    --has 'plan \(inverse, c2r\): 2 launches' --has '\[ 0\] irfft_rows_paired\(A, B' \
    --has 'plan \(forward, r2c, for the round trip\)' --has '\[ 0\] rfft_pairs_first' \
    -- "$R" --size 2^14 --inverse --explain --repeat 0
slow_case "column_pairs 4x2^14 (2-D): fused's plan" 0 '^PASS$' --lacks 'rfft_pairs' \
    -- "$R" --size 4x2^14 --explain --repeat 0
slow_case "column_pairs 2 x 3^9 (no split into two even factors): fused's plan" 0 '^PASS$' \
    --has 'rfft_post' -- "$R" --size 39366 --explain --repeat 0
run_case "column_pairs --shapes 512x8,256x16 at 2^16: each pass its own" 0 '^PASS$' \
    --has 'then the split; 32 columns x 16 items per group' --has 'mirrored; 8 columns x 32 items per group' \
    -- "$R" --size 2^16 --shapes 512x8,256x16 --explain --repeat 0
run_case "column_pairs --shapes 16x4 at 2^16: the first pass cannot keep it: exit 2" 2 \
    "${USAGE}--shapes: pass 0 \\(Q = 128\\) needs 32 work-items per column" -- "$R" --size 2^16 --shapes 16x4 --repeat 0
slow_case "column_pairs --tune at 2^16 (two candidates): a table of two passes, kept, PASS" 0 '^PASS$' \
    --has '^tune +[0-9] of 3 shapes measured' --has '^ +shape +pass 0 ms +pass 1 ms$' --has '^tune +kept ' \
    -- env FFTLAB_TUNE_SHAPES=512x8,256x16 "$R" --size 2^16 --batch 2 --tune --repeat 0
run_case "column_pairs --shapes with --inverse (fused's C2R takes none here): exit 2" 2 "$USAGE" \
    --has 'has 0 passes that take one' -- "$R" --size 2^16 --inverse --shapes 512x8 --repeat 0

# ---- --shapes and --tune (common/fft/tune.h): the x axis's passes, 1-D fused only (launch k
# is pass k in both directions). 2^14: pass 0 Q = 128 (16 x 8), pass 1 Q = 64 (8 x 8).
run_case "--shapes 64x8,256x4 at 2^14 x 2: pass 0 in groups of 4 x 16, the paired pass 8 + 8" \
    0 '^PASS$' --has 'Ax_P0=128,1,16,4,16,8,' --has 'Ax_P1=64,128,16,16,8,8,' \
    --has 'pass 1/2: p=1 Q=128 = 16 x 8; 4 columns x 16 items per group' \
    --has '8 \+ 8 per group x 16 items$' --lacks 'in 2 sweeps' \
    -- "$R" --size 2^14 --batch 2 --variant fused --shapes 64x8,256x4 --explain --repeat 0
# (16 items per column, 8 butterflies per stage: items wait, so one sweep even when forced)
run_case "--shapes default,256x4, FFTLAB_PAIR_SWEEPS=2: still one sweep (items that wait)" 0 '^PASS$' \
    --has 'RH_PAIR_SWEEPS=1' -- env FFTLAB_PAIR_SWEEPS=2 "$R" --size 2^14 --variant fused --shapes default,256x4 --explain --repeat 0
slow_case "--shapes 64x8 at 2^14 c2r: the inverse twist's pass in groups of 2 + 2" 0 '^PASS$' \
    --has 'the inverse twist first; columns t and 64 - t in a group, 2 \+ 2 per group x 16 items' \
    -- "$R" --size 2^14 --variant fused --shapes 64x8 --inverse --explain --repeat 0
slow_case "--shapes 128x8,512x8 at 10240 double" 0 '^PASS$' \
    -- "$R" --size 10240 --batch 3 --precision double --variant fused --shapes 128x8,512x8 --repeat 0
for d in "" --inverse; do
    slow_case "--tune at 2^14 x 2 $d (two candidates): a table of two passes, kept, PASS" 0 '^PASS$' \
        --has '^tune +3 of 3 shapes measured' --has '^ +shape +pass 0 ms +pass 1 ms$' \
        --has '^tune +kept ' -- env FFTLAB_TUNE_SHAPES=128x8,512x8 "$R" --size 2^14 --batch 2 --variant fused $d --tune --repeat 0
done
run_case "--shapes 32x4 at 2^14: one column per group, no room for the twist's pairs: exit 2" 2 \
    "${USAGE}--shapes: the twist needs 2 columns per group in the first and the last pass of x" \
    --has 'this shape gives 1 and 64' -- "$R" --size 2^14 --variant fused --shapes 32x4 --repeat 0
run_case "--shapes on a 2-D size: exit 2 (x passes of 1-D rows only)" 2 "$USAGE" \
    --has 'has 0 passes that take one' -- "$R" --size 64x2^14 --shapes 128x8 --repeat 0
run_case "--shapes with --variant twist: exit 2" 2 "$USAGE" \
    --has 'variant twist\) has 0 passes' -- "$R" --size 2^14 --variant twist --shapes 128x8 --repeat 0
run_case "--shapes at 2 x 3^9 (the twist on its own: odd columns): exit 2" 2 "$USAGE" \
    --has 'has 0 passes' -- "$R" --size 39366 --shapes 128x8 --repeat 0
run_case "--shapes with 3 shapes at 2^14 (two passes): exit 2" 2 "$USAGE" \
    --has 'has 2 passes that take one' -- "$R" --size 2^14 --variant fused --shapes 128x8,128x8,128x8 --repeat 0

# ---- the plan
run_case "--explain 16: the x pass, then the twist; the round trip backwards" 0 '^PASS$' \
    --has 'plan \(forward, r2c\): 2 launches' --has 'fft_rows_x_p0\(A, B' \
    --has 'rfft_post\(B, A, twist_w, 1\)' --has 'table twist_w: 5 complex values' \
    --has 'plan \(inverse, c2r, for the round trip\): 2 launches' --has 'irfft_pre\(A, B, twist_w, 1\)' \
    --has '-D RH_M=8 -D RH_PAIRS=5' --has 'Ax_N=8 ' \
    -- "$R" --size 16 --variant twist --explain --repeat 0
# (each axis's inverse conjugates what it reads and what it writes: flags 3)
run_case "--explain 64x64 c2r: the y axis first, on 64 x 33; then the twist; then x" 0 '^PASS' \
    --has 'plan \(inverse, c2r\): 3 launches' --has 'fft_cols_y_p0\(A, B.*, 3\)  global' \
    --has 'axis y N=64 stride 33' --has 'irfft_pre\(B, A, twist_w, 64\)' \
    --has 'fft_rows_x_p0\(A, B.*, 3\)  global' --has 'Ay_N=64 .*Ay_S=33' --has 'Ax_N=32 ' \
    -- "$R" --size 64x64 --variant twist --inverse --explain --repeat 0 --no-verify

# ---- the report
run_case "timed run: 2.5 N log2 N, bytes of both sides" 0 '^PASS$' \
    --has 'counting 2\.5·N·log2 N per real transform' --has 'the N reals read \+ the half spectrum written' \
    -- "$R" --size 4096 --batch 2 --repeat 3 --warmup 1
run_case "--format csv: direction r2c, n and shape of the real array" 0 '^PASS$' \
    --stdout-has '^"09_real_input","column_pairs",.*,128,2,r2c,single,1,.*,8x16,[0-9.e-]+,' \
    -- "$R" --size 8x16 --batch 2 --repeat 2 --format csv
run_case "--format csv --inverse: direction c2r" 0 '^PASS$' --stdout-has ',1000,1,c2r,double,1,' \
    -- "$R" --size 1000 --inverse --precision double --repeat 0 --format csv
# (the flop count: the timed run's text; the direction column: the CSV cases)
slow_case "--format json: direction and flop count" 0 '^PASS$' --stdout-has '"direction": "r2c"' \
    --stdout-has '"flop_count": "2\.5\*N\*log2\(N\)\*batch"' -- "$R" --size 64 --repeat 2 --format json

# ---- refusals
run_case "N=15 (odd): exit 2, names the complex chapters" 2 "$USAGE" --has 'even' \
    --has 'half-length' --has 'on complex input' --has '06_mixed_radix' -- "$R" --size 15 --repeat 0
run_case "N=1 (odd)" 2 "$USAGE" --has 'even' -- "$R" --size 1 --repeat 0
run_case "8x15: the last axis odd" 2 "$USAGE" --has '8x15' --has 'even' --has '07_multidim' \
    -- "$R" --size 8x15 --repeat 0
slow_case "15x8: an odd outer axis is fine" 0 '^PASS$' -- "$R" --size 15x8 --repeat 0
run_case "N=22: 11 is no radix" 2 "$USAGE" --has '2\^a 3\^b 5\^c 7\^d' --has '01_dft' -- "$R" --size 22 --repeat 0
run_case "N=2^27: more than 2^26 reals" 2 "$USAGE" --has '2\^26' -- "$R" --size 2^27 --repeat 0
run_case "--variant nosuch lists the variants" 2 "$USAGE" --has 'twist' --has 'post_twist' \
    -- "$R" --variant nosuch --size 16
# ---- the exercise post_twist: the twist plan with the rows packed conjugated (the first
# pass's conj-in flag, its last argument 1), the twist the student's; the chapter's own
# post_twist_pair, for the lesson's packing, built in as the exercise fails (the solution
# and the stub: tests/exercises.t)
sed -n '/^#if !defined(FL_EXERCISE_POST_TWIST)/,/^#endif/p' kernels/09_real_input.cl | sed '1d;$d' \
    >"$TMP/twist-chapter.cl"
grep -q '^static INLINE void post_twist_pair(' "$TMP/twist-chapter.cl" ||
    bail_out "no post_twist_pair under kernels/09_real_input.cl's #if !defined(FL_EXERCISE_POST_TWIST)"
run_case "post_twist: the chapter's own post_twist_pair (the lesson's packing) fails the exercise" 1 \
    '^FAIL: check random' --has '\[ 0\] fft_rows_x_p0\(A, B, .*, 1, 1\)  global' \
    -- "$R" --size 16 --variant post_twist --exercise "$TMP/twist-chapter.cl" --explain --repeat 0
for ch in 06_mixed_radix 07_multidim; do
    [ -x "$BUILD/$ch" ] || { skip "$ch does not name 09" "$BUILD/$ch is not built"; continue; }
    run_case "$ch --size 11x22: the refusal does not offer 09_real_input" 2 "$USAGE" \
        --lacks '09_real_input' -- "$BUILD/$ch" --size 11x22 --repeat 0
done

# ---- .npy files: float32 in, complex64 out, and back (numpy checks the values)
PY=
for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import numpy' 2>/dev/null; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
    for t in "npy 1-D round trip" "npy 2-D round trip" "npy c2r of a spectrum no real array has"; do
        skip "$t" "no python3 with numpy (apt-get install python3-numpy)"
    done
else
    # 1-D: (3, 64) float32 -> (3, 33) complex64 = np.fft.rfft; back by C2R (Nx from the file)
    "$PY" -c "import numpy as np; np.save('$TMP/x.npy', np.random.default_rng(5).uniform(-1, 1, (3, 64)).astype(np.float32))"
    run_case "npy: float32 (3, 64) r2c --output" 0 '^PASS$' --has 'verify +input ' \
        -- "$R" --input "$TMP/x.npy" --output "$TMP/X.npy" --repeat 0
    run_case "npy: its complex64 (3, 33) c2r, Nx = 2(m - 1) = 64" 0 '^PASS$' \
        --has 'N=64 batch=3 inverse c2r \(33 complex -> 64 reals\)' --has 'numpy.fft.irfft' \
        -- "$R" --input "$TMP/X.npy" --inverse --output "$TMP/y.npy" --repeat 0
    "$PY" - "$TMP" <<'PY'
import sys, numpy as np
t = sys.argv[1]
x, X, y = np.load(t + '/x.npy'), np.load(t + '/X.npy'), np.load(t + '/y.npy')
ref = np.fft.rfft(x.astype(np.float64))
assert X.dtype == np.complex64 and X.shape == (3, 33), (X.dtype, X.shape)
assert np.abs(X - ref).max() <= 1e-5 * np.abs(ref).max(), np.abs(X - ref).max()
assert y.dtype == np.float32 and y.shape == (3, 64), (y.dtype, y.shape)
assert np.abs(y / 64 - x).max() <= 1e-5, np.abs(y / 64 - x).max()
PY
    ok $? "npy 1-D round trip: X = np.fft.rfft(x) (complex64, (3, 33)), c2r(X)/64 = x (float32, (3, 64))"

    # 2-D: (2, 12, 10) float32 = two 12x10 arrays -> rfftn over the last two axes, (2, 12, 6)
    "$PY" -c "import numpy as np; np.save('$TMP/x2.npy', np.random.default_rng(6).uniform(-1, 1, (2, 12, 10)).astype(np.float32))"
    run_case "npy: float32 (2, 12, 10) r2c" 0 '^PASS$' --has 'N=12x10 \(120 points\) batch=2 forward r2c' \
        -- "$R" --input "$TMP/x2.npy" --output "$TMP/X2.npy" --repeat 0
    run_case "npy: complex64 (2, 12, 6) c2r with --size 12x10" 0 '^PASS$' --lacks 'numpy.fft.irfft' \
        -- "$R" --input "$TMP/X2.npy" --inverse --size 12x10 --output "$TMP/y2.npy" --repeat 0
    "$PY" - "$TMP" <<'PY'
import sys, numpy as np
t = sys.argv[1]
x, X, y = np.load(t + '/x2.npy'), np.load(t + '/X2.npy'), np.load(t + '/y2.npy')
ref = np.fft.rfftn(x.astype(np.float64), axes=(1, 2))
assert X.dtype == np.complex64 and X.shape == (2, 12, 6), (X.dtype, X.shape)
assert np.abs(X - ref).max() <= 1e-5 * np.abs(ref).max(), np.abs(X - ref).max()
assert y.dtype == np.float32 and y.shape == (2, 12, 10), (y.dtype, y.shape)
assert np.abs(y / 120 - x).max() <= 1e-5, np.abs(y / 120 - x).max()
PY
    ok $? "npy 2-D round trip: X = np.fft.rfftn(x, axes=(1, 2)), c2r(X)/120 = x"

    # C2R of random complex numbers: no real array has that half spectrum (imaginary parts
    # at DC and Nyquist, a kx = 0 column that is not Hermitian). FFTW and numpy keep the
    # same part of it; so must the chapter. Double precision.
    "$PY" -c "import numpy as np; r = np.random.default_rng(7); np.save('$TMP/h.npy', (r.uniform(-1, 1, (6, 9)) + 1j * r.uniform(-1, 1, (6, 9))).astype(np.complex128))"
    run_case "npy: c2r of random complex (6, 9) --size 6x16, double" 0 '^PASS$' \
        -- "$R" --input "$TMP/h.npy" --inverse --size 6x16 --precision double --output "$TMP/hy.npy" --repeat 0
    "$PY" - "$TMP" <<'PY'
import sys, numpy as np
t = sys.argv[1]
h, y = np.load(t + '/h.npy'), np.load(t + '/hy.npy')
ref = np.fft.irfftn(h, s=(6, 16)) * 96
assert y.dtype == np.float64 and y.shape == (6, 16), (y.dtype, y.shape)
assert np.abs(y - ref).max() <= 1e-12 * np.abs(ref).max(), np.abs(y - ref).max()
PY
    ok $? "npy c2r of a spectrum no real array has: = np.fft.irfftn(h, s=(6, 16)) * 96"
fi

# ---- --variant simd (06's simd passes for the rows of H = N/2, kernels/09_simd.cl's
# twist: 8 pairs per work-item); 1-D only, other shapes and H < 64 take the default plan
run_case "simd 2^20 r2c: a launch per pass, then rfft_post_simd" 0 '^PASS$' \
    --has 'the rows of H = 524288 = 8 x 16 x 16 x 16 x 16 by 06.s simd passes' \
    --has '\[ 0\] fft_simd_p0\(A, B, simd_twiddles, 0, ' --has '\[ 5\] rfft_post_simd\(B, A, twist_w, 1\)  global 32768  local 16 ' \
    --has '\[ 0\] irfft_pre_simd\(A, B, twist_w, 1\)' --has 'fft_simd_p4\(B, A, simd_twiddles, 2, ' \
    --has '-D RH_M=524288 .*-D FFT_SIMD=1 -D SV_N=524288' --lacks 'Ax_N' \
    -- "$R" --size 2^20 --variant simd --explain --repeat 0
slow_case "simd 2^20 c2r" 0 '^PASS$' -- "$R" --size 2^20 --variant simd --inverse --repeat 0
run_case "simd 1000 x 3 r2c: a row per work-item (fft_simd_rows), 32 twist items a row" 0 '^PASS$' \
    --has 'fft_simd_rows\(A, B, simd_twiddles, 0\)' --has 'rfft_post_simd\(A, B, twist_w, 3\)  global 96 ' \
    -- "$R" --size 1000 --batch 3 --variant simd --explain --repeat 0
run_case "simd 1000 x 3 c2r" 0 '^PASS$' -- "$R" --size 1000 --batch 3 --variant simd --inverse --repeat 0
slow_case "simd 31250 r2c (H = 5^6, odd)" 0 '^PASS$' -- "$R" --size 31250 --variant simd --repeat 0
run_case "simd 31250 double c2r" 0 '^PASS$' -- "$R" --size 31250 --variant simd --precision double --inverse --repeat 0
for a in "128 --batch 2" "128 --batch 2 --inverse" "144" "144 --inverse" "2^12 --batch 3 --precision double"; do
    # shellcheck disable=SC2086
    slow_case "simd $a" 0 '^PASS$' -- "$R" --size $a --variant simd --repeat 0
done
slow_case "simd 64x64 x 2: Nx/2 = 32 < 64 takes the default plan, and says so" 0 '^PASS$' \
    --has '\(simd: Nx/2 < 64 has fewer than 8 columns' --lacks 'simd_twiddles' \
    -- "$R" --size 64x64 --batch 2 --variant simd --explain --repeat 0
# 2-D and 3-D: the rows of Nx/2 and the twist as in 1-D, the outer axes of the half
# spectrum (last axis Nx/2 + 1, an odd stride) by 07's column kernel, after the twist
# (R2C) or before the inverse twist (C2R, which conjugates into the first outer axis and
# out of the last)
slow_case "simd 1024x1024 r2c: y by 07's column kernel after the twist" 0 '^PASS$' \
    --has 'rfft_post_simd' --has 'fft_simd_cols_y\(B, A, simd_cols_y, 0, ' \
    --has 'The outer axes of the half spectrum \(last axis 513\), after the x part' \
    -- "$R" --size 1024x1024 --variant simd --explain --repeat 0
slow_case "simd 1024x1024 c2r: y first (conj in and out), then the inverse twist" 0 '^PASS$' \
    --has '\[ 0\] fft_simd_cols_y\(A, B, simd_cols_y, 3, ' --has '\[ 1\] irfft_pre_simd\(B, A' \
    -- "$R" --size 1024x1024 --variant simd --inverse --explain --repeat 0
run_case "simd 8x16x128 x 2 c2r: z conjugates in, y out" 0 '^PASS$' \
    --has 'fft_simd_cols_y\(A, B, simd_cols_y, 1, ' --has 'fft_simd_cols_z\(B, A, simd_cols_z, 2, ' \
    -- "$R" --size 8x16x128 --batch 2 --variant simd --inverse --explain --repeat 0
for a in "8x16x128" "3x200x128 --precision double" "100x1000 --precision double --inverse" "4x256 --batch 3" "1x1x256"; do
    c=slow_case
    [ "$a" = 8x16x128 ] && c=run_case   # (the build of the 3-D C2R case above)
    # shellcheck disable=SC2086
    $c "simd $a" 0 '^PASS$' -- "$R" --size $a --variant simd --repeat 0
done
run_case "simd 16 c2r: Nx/2 = 8 < 64 takes the default plan" 0 '^PASS$' \
    --has '\(simd: Nx/2 < 64 has fewer than 8 columns' -- "$R" --size 16 --variant simd --inverse --explain --repeat 0
slow_case "simd timed run, per-launch times" 0 '^PASS$' --has '\[ 1\] rfft_post_simd +[0-9.]+ ms' \
    -- "$R" --size 1000 --batch 3 --variant simd --explain --repeat 3 --warmup 1
run_case "simd FFTLAB_SIMD_QMAX=7: refused" 2 "$USAGE" --has 'FFTLAB_SIMD_QMAX' \
    -- env FFTLAB_SIMD_QMAX=7 "$R" --size 1000 --variant simd --repeat 0

# Planted bugs in kernels/09_simd.cl, run from a scratch tree (a copy of the binary and
# kernels/: the files built in front of the chapter's own come from the binary's ../kernels)
scratch_tree "$R"
plant_simd() { plant_kernel 09_simd.cl "$@"; }
SR=$TMP/tree/build/09_real_input
run_case "control: the scratch tree's copy passes" 0 '^PASS$' -- "$SR" --size 1000 --variant simd --repeat 0
# 1. the mirrors Z_(M-k0-7) .. Z_(M-k0) taken in memory order, not reversed
if plant_simd 's/cv bc = rs_conj(rs_rev_cv(cv_ld(zr + 2 \* (M - k0 - 7))));/cv bc = rs_conj(cv_ld(zr + 2 * (M - k0 - 7)));/' "mirrors not reversed"; then
    run_case "simd twist without the lane reversal: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$SR" --size 1000 --variant simd --repeat 0
fi
# 2. C2R's pair 0: Z_0 = (X_0 + X_M) + i (X_0 - X_M), the sign of the second swapped
if plant_simd 's/zr\[1\] = x0 - xm;/zr[1] = xm - x0;/' "C2R pair 0 sign"; then
    run_case "simd inverse twist with pair 0's sign swapped: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$SR" --size 1000 --variant simd --inverse --repeat 0
fi

# ---- planted bugs in the twist (--kernels replaces kernels/09_real_input.cl; the twist in
# the passes: the scratch tree)
mkdir -p "$TMP/k"
K=kernels/09_real_input.cl
plant() {
    sed -e "$2" "$K" >"$TMP/k/$1.cl"
    ! cmp -s "$K" "$TMP/k/$1.cl"
    ok $? "planted '$1' into $(basename "$K")" || { diag "sed script matched nothing: $2"; return 1; }
}
# The twist inside the passes lives in files built in front of 09_real_input.cl, which
# --kernels does not replace: those plants go into the scratch tree above (the binary's
# ../kernels), each starting from the repository's files.
plant_moved() {
    cp "$ROOT/kernels/09_fused_rows.cl" "$ROOT/kernels/09_paired_pass.cl" \
        "$ROOT/kernels/09_column_pairs.cl" "$ROOT/kernels/09_simd.cl" "$TMP/tree/kernels/"
    plant_kernel "$1" "$3" "$2"
}
if plant conj-twiddle 's/cmul(w, (real2_t)(d\.y, -d\.x))/cmul(rh_conj(w), (real2_t)(d.y, -d.x))/'; then
    run_case "twist with conj(w^k): FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$R" --kernels "$TMP/k/conj-twiddle.cl" --size 64 --repeat 0
    run_case "twist with conj(w^k): FAIL in the fused rows too" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$R" --kernels "$TMP/k/conj-twiddle.cl" --size 8x16 --variant fused --repeat 0
fi
if plant swapped-pair 's/^    \*xk = e + wo;/    *xk = rh_conj(e - wo);/; s/^    \*xmk = rh_conj(e - wo);/    *xmk = e + wo;/'; then
    run_case "X_k and X_(M-k) swapped: the tone lands on the mirror bin" 1 '^FAIL: check ' \
        --has 'tone@17 .*WRONG: row 0: peak at bin 15, expected 17' \
        -- "$R" --kernels "$TMP/k/swapped-pair.cl" --size 64 --repeat 0
fi
if plant no-wrap 's/zr\[k ? M - k : 0\]/zr[M - k]/'; then
    run_case "Z_(M-k) read without the wrap at k = 0: FAIL at batch 2" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$R" --kernels "$TMP/k/no-wrap.cl" --size 32 --batch 2 --variant twist --repeat 0
fi
if plant_moved 09_fused_rows.cl fused-no-barrier '/^    barrier(CLK_LOCAL_MEM_FENCE);$/d'; then
    run_case "fused R2C without the barrier before the twist: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$SR" --size 4096 --variant fused --repeat 0
fi
if plant_moved 09_paired_pass.cl paired-no-mid 's/tc ? C - tc : mid;/tc ? C - tc : 0;/'; then
    run_case "one-sweep paired pass without column C/2 (column 0 twice): FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- env FFTLAB_PAIR_SWEEPS=1 "$SR" --size 2^14 --variant fused --repeat 0
fi
if plant_moved 09_paired_pass.cl sweeps-no-u0 's/^        u0\[b + m \* B\] = v\[jb \* rl + m\];/        ;/'; then
    run_case "two-sweep pass without column 0 in u0: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$SR" --size 2^14 --variant fused --repeat 0
fi
if plant_moved 09_paired_pass.cl sweeps-no-mid 's/s == 0 ? ta : zero ? mid : C - ta;/s == 0 ? ta : zero ? 0 : C - ta;/'; then
    run_case "two-sweep pass with column 0 for C/2: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$SR" --size 2^14 --variant fused --repeat 0
fi
if plant_moved 09_column_pairs.cl pairs-nyquist 's/^        const int kz = k1 ? Q - k1 : H;/        const int kz = k1 ? Q - k1 : 0;/'; then
    run_case "column pairs packing Z_0 where Z_(A/2) goes: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$SR" --size 2^14 --repeat 0
fi
if plant_moved 09_column_pairs.cl pairs-mirror 's/(P - k1)\] = rh_conj(X);/(P - k1)] = X;/'; then
    run_case "column pairs storing a mirror bin without the conjugate: FAIL" 1 '^FAIL: check ' \
        --has 'WRONG' -- "$SR" --size 2^14 --repeat 0
fi
if plant_moved 09_column_pairs.cl pairs-half 's/^            a = (real2_t)(a\.y, 0);/            a = (real2_t)(a.x, 0);/'; then
    run_case "column pairs reading column A/2 from the real parts: FAIL" 1 '^FAIL: check ' \
        --has 'WRONG' -- "$SR" --size 2^14 --repeat 0
fi
if plant dc-imag 's/^        a\.y = 0;$//; s/^        b\.y = 0;$//'; then
    run_case "C2R keeping DC's imaginary part: right on a real array's spectrum" 0 '^PASS$' \
        -- "$R" --kernels "$TMP/k/dc-imag.cl" --size 8 --inverse --repeat 0
    # A half spectrum with imaginary parts at DC and Nyquist: X = (1+1i, 0, 0, 0, 2+1i),
    # N = 8. FFTW's c2r (and numpy's irfft) ignore them: y_j = 1 + 2 (-1)^j.
    bytes() { local b; for b in "$@"; do printf "\\x$(printf %02x "$b")"; done; }
    {
        bytes 0 0 128 63 0 0 128 63   # (1, 1) in complex64: 1.0f = 00 00 80 3f
        head -c 24 /dev/zero          # three zeros
        bytes 0 0 0 64 0 0 128 63     # (2, 1): 2.0f = 00 00 00 40
    } >"$TMP/dc.raw"
    make_npy "$TMP/dc.npy" '<c8' '(5,)' "$TMP/dc.raw"
    run_case "C2R of (1+1i, 0, 0, 0, 2+1i): the chapter ignores the imaginary parts, as FFTW" 0 '^PASS$' \
        --has 'N=8 batch=1 inverse' -- "$R" --input "$TMP/dc.npy" --inverse --repeat 0
    run_case "... the planted kernel does not: FAIL" 1 '^FAIL: check input' --has 'verify +input .*WRONG' \
        -- "$R" --kernels "$TMP/k/dc-imag.cl" --input "$TMP/dc.npy" --inverse --repeat 0
fi
done_testing
