#!/usr/bin/env bash
# 07_multidim: 2-D and 3-D shapes, square and not, axes of length 1, prime-ish axes
# (3x5x7), a row longer than one pass (8192), columns that need two passes (2048 at a
# stride), batches whose columns straddle work-groups, both directions, double precision,
# both variants (strided and transpose); --explain's per-axis plan; the CSV/JSON shape;
# bad shapes refused with exit 2, and the 1-D chapters naming 07 for a 2-D size.
. "$(dirname "$0")/lib.sh"
need_binary 07_multidim
M=$BUILD/07_multidim
USAGE='^FAIL \(usage, exit 2\): '

# Every shape with both variants (each shape is one kernel build per variant).
for v in strided transpose; do
    for s in 8x64 64x8 3x5x7 128x1000 16x16x16 1x64 64x1 7x1x5 5x8192; do
        run_case "$v $s" 0 '^PASS$' -- "$M" --size "$s" --variant "$v" --repeat 0
    done
    run_case "$v 12x20 x batch 3" 0 '^PASS$' -- "$M" --size 12x20 --batch 3 --variant "$v" --repeat 0
    run_case "$v 9x10x12 x batch 2 inverse" 0 '^PASS$' --has 'N=9x10x12 \(1080 points\) batch=2 inverse' \
        -- "$M" --size 9x10x12 --batch 2 --inverse --variant "$v" --repeat 0
    run_case "$v 48x48 double inverse" 0 '^PASS$' \
        -- "$M" --size 48x48 --precision double --inverse --variant "$v" --repeat 0
done
run_case "2048x6 x batch 2: two column passes of the y axis" 0 '^PASS$' \
    --has 'fft_cols_y_p1' --has 'axis y \(N=2048\) by columns at stride 6, 2 passes of Q = ' \
    -- "$M" --size 2048x6 --batch 2 --explain --repeat 0
run_case "14x30x28 double, --wg 16 (small groups, more passes)" 0 '^PASS$' \
    -- "$M" --size 14x30x28 --precision double --wg 16 --repeat 0
run_case "1x1: nothing to do" 0 '^PASS$' -- "$M" --size 1x1 --batch 2 --repeat 0
run_case "default: the demo size 512x512" 0 '^PASS$' --has 'N=512x512 \(262144 points\) batch=1' \
    -- "$M" --repeat 0

# The plan, per axis.
run_case "--explain 1024x1024: two passes, x by rows, y by columns at stride 1024" 0 '^PASS' \
    --has 'plan \(forward\): 2 launches' \
    --has 'axis x \(N=1024\) by rows, 1 pass; axis y \(N=1024\) by columns at stride 1024, 1 pass' \
    --has 'fft_rows_x_p0\(A, B' --has 'fft_cols_y_p0\(B, A' \
    --has 'axis y N=1024 stride 1024, pass 1/1: p=1 Q=1024 = .*; 4 neighbouring columns' \
    --has 'table twiddles_y' --has '-D Ay_KIND=COLS' --lacks 'transpose_tiled' \
    -- "$M" --size 1024x1024 --explain --repeat 0 --no-verify
run_case "--explain 4x6x8 transpose: rows and three transposes" 0 '^PASS$' \
    --has 'plan \(forward\): 6 launches' --has 'fft_rows_z_p0' \
    --has 'transpose_tiled\(B, A, 24, 8\)  global 32x8x1  local 32x8x1' \
    --has 'after axis z: 48 x 4 -> 4 x 48, .*: the original layout again' --lacks 'fft_cols' \
    -- "$M" --size 4x6x8 --variant transpose --explain --repeat 0
run_case "--explain 8x64x64: z at stride 4096, 256 columns per group" 0 '^PASS' \
    --has 'axis z N=8 stride 4096, pass 1/1: p=1 Q=8 = 8; 256 neighbouring columns' \
    --has 'axis y N=64 stride 64, pass 1/1: p=1 Q=64 = .*; 64 neighbouring columns' \
    -- "$M" --size 8x64x64 --explain --repeat 0 --no-verify

# The checks on a grid: the second impulse and the tone sit at grid points.
run_case "checks name grid points" 0 '^PASS$' --has 'impulse@\(5,22\) ' --has 'tone@\(4,17\) ' \
    -- "$M" --size 12x64 --repeat 0
run_case "timed run (events, GFLOP/s from the total points)" 0 '^PASS$' \
    --has 'time +[0-9.]+ ms median' --has 'counting 5·N·log2 N' -- "$M" --size 64x64 --batch 2 --repeat 3 --warmup 1
run_case "--format csv: n is the total points, shape the last column" 0 '^PASS$' \
    --stdout-has ',loop_ms,shape$' --stdout-has '^"07_multidim","strided",.*,1080,2,forward,.*,9x10x12$' \
    -- "$M" --size 9x10x12 --batch 2 --repeat 2 --format csv
run_case "--format json: the shape as a list" 0 '^PASS$' --stdout-has '"n": 1080, "shape": \[9, 10, 12\], "batch": 1' \
    -- "$M" --size 9x10x12 --repeat 0 --format json

# Refusals.
run_case "--size 0x16" 2 "$USAGE" --has 'at least 1' -- "$M" --size 0x16 --repeat 0
run_case "--size 16x" 2 "$USAGE" --has '512x512x64' -- "$M" --size 16x --repeat 0
run_case "--size x16" 2 "$USAGE" --has '512x512x64' -- "$M" --size x16 --repeat 0
run_case "--size 2x2x2x2: four dimensions" 2 "$USAGE" --has 'more than 3 dimensions' -- "$M" --size 2x2x2x2 --repeat 0
run_case "--size 11x16: 11 is no radix" 2 "$USAGE" --has '11x16' --has '2\^a 3\^b 5\^c 7\^d' \
    -- "$M" --size 11x16 --repeat 0
run_case "--size 16384x8192: more than 2^26 points" 2 "$USAGE" --has '2\^26' -- "$M" --size 16384x8192 --repeat 0
run_case "--size 2^13x2^13 --batch 64: more than 2^31 elements" 2 "$USAGE" --has '2\^31' \
    -- "$M" --size 2^13x2^13 --batch 64 --repeat 0
run_case "--wg 8192: more than the device allows" 2 "$USAGE" --has 'CL_DEVICE_MAX_WORK_GROUP_SIZE' \
    -- "$M" --size 64x64 --wg 8192 --repeat 0
run_case "--wg 1 at 2^17x2: more than 4 passes per axis" 2 "$USAGE" --has 'at most 4 per axis' \
    -- "$M" --size 2^17x2 --wg 1 --repeat 0
for ch in 02_radix2 05_register_radix 06_mixed_radix; do
    [ -x "$BUILD/$ch" ] || { skip "$ch refuses 64x64" "$BUILD/$ch is not built"; continue; }
    run_case "$ch --size 64x64: refused, naming 07_multidim" 2 "$USAGE" --has 'dimensional' \
        --has 'Chapters that can: 07_multidim' -- "$BUILD/$ch" --size 64x64 --repeat 0
done
done_testing
