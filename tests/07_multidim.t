#!/usr/bin/env bash
# 07_multidim: 2-D and 3-D shapes, square and not, axes of length 1, prime-ish axes
# (3x5x7), a row longer than local memory (8192, one pass in parts), rows in parts and
# rows in two passes (32768), columns that need two passes (2048 at a
# stride), columns in parts (4096 at stride 4), batches whose columns straddle work-groups, both directions, double precision,
# both variants (strided and transpose); --explain's per-axis plan; the CSV/JSON shape;
# --shapes and --tune (per-pass group shapes, the strided way only);
# bad shapes refused with exit 2, and the 1-D chapters naming 07 for a 2-D size.
#
# Time: every (shape, batch, variant, precision) compiles its own program (its axes are -D
# constants), 2-5 s of pocl CPU each on a cold kernel cache against 0.2-0.5 s for a run
# whose program is cached; a timed run adds about 2 s (the copy-bandwidth probe). So
# `make test` runs one case per path, and its cases share programs where they can:
#   strided, 2-D:   the default size 512x512 with --explain (x by rows, y by columns at
#                   stride 512, one pass each); 64x64 by --tune (one candidate), which
#                   builds the program of --shapes default,128x4
#   strided, 3-D:   9x10x12 x 2 inverse (radices 2 3 4 5, y and z by columns at strides
#                   12 and 120, a batch); the grid points, CSV and JSON runs reuse it
#   length 1:       64x1 (only y, by rows) in both variants (one program), and --tune's
#                   "nothing to measure" on it
#   transpose:      --explain 4x6x8 x 2 (rows, three transposes, the batch as the third
#                   dimension of the transpose launch)
#   row in parts:   5x8192 (--explain); the same rows in two passes: 5x8192 no_parts
#   columns in parts: 4096x4 inverse (--explain); two column passes: 2048x18 --shapes
#   double, small groups: 14x30x28 --wg 16;  nothing to do: 1x1 (both variants)
#   simd:           9x10x12 x 8 inverse with FFTLAB_SIMD_ARRAY=0 (a launch per axis: x by
#                   8 row lanes, y and z by column lanes that overlap; the program of the
#                   scratch tree's control, 9x10x12 x 2); 64x64 x 16 (one work-item per
#                   array, x by 06's simd rows: SCA_X=1); 16x16x16 x 4 double inverse (one
#                   work-item per array, x by 8 row lanes: SCA_X=2); 3x5x7 (an axis by the
#                   default passes); 1x1; FFTLAB_SIMD_QMAX refused
#   planted bugs in 07_simd.cl: all four (64x64, 9x10x12 x 2, 16x16x16 x 4, 16x16x16)
#   every usage error (exit 2, no kernel built).
# The slow set (FFTLAB_SLOW_TESTS=1, CI's first pass) adds the other sizes of each path:
# every shape in both variants, the other column-in-parts and row-in-parts shapes (z in
# parts, groups across arrays, 48 values per item, fp64 rows in two passes, y by rows in
# parts in the transpose way, 3x16384 in 4 parts), 3x32768, 2048x6, --explain at 1024x1024, 4x6x8 (batch 1)
# and 8x64x64, the timed runs (text and CSV), --tune with two candidates and at 64 x 16,
# grid points in 2-D, and the simd sizes 256x256 (06's rows launch by launch), 32x32x32,
# 1000x1000, 3^7x27, 2187x1024, 8192x8, 4x48, 2048x16 and 48x48 double, and
# FFTLAB_SIMD_COLS_PLAN.
# Measured 2026-11-25 on the 2-core pocl machine, cold kernel cache: the fast set
# 57.5 CPU-s, 86 s wall (before the split: 233.7 CPU-s, 361.6 s wall, every case in it).
# FFTLAB_SLOW_TESTS=1 runs all 105 cases (passed 2026-11-25, warm cache: 53 CPU-s).
. "$(dirname "$0")/lib.sh"
need_binary 07_multidim
M=$BUILD/07_multidim
USAGE='^FAIL \(usage, exit 2\): '

# Every shape with both variants (each shape is one kernel build per variant). Fast: 64x1
# (the one axis, y, by rows: fft_rows_y_p0; both variants build one program), strided
# 5x8192 (a row in parts, with its plan) and 9x10x12 x 2 inverse strided (3-D, columns
# at two strides, a batch); the transpose way's
# representative is the --explain 4x6x8 x 2 below. The others take the same paths.
for v in strided transpose; do
    for s in 8x64 64x8 3x5x7 128x1000 16x16x16 1x64 64x1 7x1x5 5x8192; do
        if [ "$v $s" = "strided 5x8192" ]; then
            # the fast set's row in parts (2 parts; 3x16384's 4 parts are slow, below)
            run_case "$v $s" 0 '^PASS$' --has 'fft_rowparts_x_p0' \
                --has 'axis x \(N=8192\) by rows, 1 pass in parts' \
                --has 'axis x N=8192 rows in 2 parts x\[q \+ 2 j\] of 4096: 16 x 16 x 16 x 2' \
                --has '-D Ax_KIND=ROWPARTS -D Ax_PARTS=2 -D Ax_WG=256 -D Ax_P0=4096,1,256,1,16,16,16,0' \
                -- "$M" --size "$s" --variant "$v" --explain --repeat 0
        elif [ "$s" = 64x1 ]; then
            run_case "$v $s" 0 '^PASS$' -- "$M" --size "$s" --variant "$v" --repeat 0
        else
            slow_case "$v $s" 0 '^PASS$' -- "$M" --size "$s" --variant "$v" --repeat 0
        fi
    done
    slow_case "$v 12x20 x batch 3" 0 '^PASS$' -- "$M" --size 12x20 --batch 3 --variant "$v" --repeat 0
    c=slow_case
    [ "$v" = strided ] && c=run_case
    $c "$v 9x10x12 x batch 2 inverse" 0 '^PASS$' --has 'N=9x10x12 \(1080 points\) batch=2 inverse' \
        -- "$M" --size 9x10x12 --batch 2 --inverse --variant "$v" --repeat 0
    slow_case "$v 48x48 double inverse" 0 '^PASS$' \
        -- "$M" --size 48x48 --precision double --inverse --variant "$v" --repeat 0
done
# Two column passes at a stride of 6 (no parts): the fast set's 2048x18 --shapes below
# takes the same kernels (fft_cols_y_p0, _p1, strided, not aligned).
slow_case "2048x6 x batch 2: two column passes of the y axis" 0 '^PASS$' \
    --has 'fft_cols_y_p1' --has 'axis y \(N=2048\) by columns at stride 6, 2 passes of Q = ' \
    -- "$M" --size 2048x6 --batch 2 --explain --repeat 0
# Columns in parts (lesson 07, "Columns in parts"): an outer axis of 1024 < N <= 4096
# fp32 points whose 4 columns per group are an aligned run takes one pass whose
# exchanges go a part at a time; stride 6 above does not (two passes). Fast: 4096x4; the
# slow set adds the other part counts, across arrays, fp64, 48 values, z in parts.
run_case "4096x4 inverse: y in one pass, 4 parts of 1 column" 0 '^PASS$' \
    --has 'fft_parts_y_p0' --has 'axis y \(N=4096\) by columns at stride 4, 1 pass in parts' \
    --has '4 neighbouring columns x 64 items per group \(64 values each\), exchanged in 4 parts of 1 column, ' \
    --has 'in 4 parts of 1 column, a column.s values 4 apart$' --has '256 rows x 1 item per group' \
    --lacks '(^|[ (/,])1 (rows|columns|items|passes|parts|stages|values)\b' \
    --has '^kernels +/.*: fftlab\.clh, 06_passes\.cl, .*, 07_multidim\.cl$' \
    --has '^legend +-D <name>_P<n>=Q,p,I,T,r,r,\.\.\.: pass n.s ' \
    --has '^  args fft_parts_y_p0\(x, y, u, tw, lines, flags\)$' --has '^  why: as above$' \
    -- "$M" --size 4096x4 --inverse --explain --repeat 0
slow_case "2048x8 x batch 3: 2 parts of 2 columns, groups across arrays" 0 '^PASS$' \
    --has 'exchanged in 2 parts of 2 columns' -- "$M" --size 2048x8 --batch 3 --explain --repeat 0
slow_case "2000x12 inverse: mixed radices in parts" 0 '^PASS$' --has 'fft_parts_y_p0' \
    -- "$M" --size 2000x12 --inverse --explain --repeat 0
slow_case "2048x8 double: 2 parts of 2 columns, 32 values (512 bytes) per item" 0 '^PASS$' \
    --has 'exchanged in 2 parts of 2 columns' --has '\(32 values each\)' \
    -- "$M" --size 2048x8 --precision double --explain --repeat 0
slow_case "3072x4: 48 values per item" 0 '^PASS$' --has '\(48 values each\)' \
    -- "$M" --size 3072x4 --explain --repeat 0
slow_case "2048x2x4: z at stride 8 in parts, y one small pass" 0 '^PASS$' --has 'fft_parts_z_p0' \
    -- "$M" --size 2048x2x4 --batch 2 --explain --repeat 0
slow_case "4096x2: 2 columns in all, 2 parts of 1" 0 '^PASS$' --has 'exchanged in 2 parts of 1 column, ' \
    -- "$M" --size 4096x2 --explain --repeat 0
# A row in parts (lesson 06, "A row in parts"; lesson 07, "Rows in parts"): the x axis (and
# with --variant transpose every axis, done as rows) of 8192 .. 16384 points in one pass.
# Fast: strided 5x8192 above (in 2 parts) and 5x8192 no_parts here (the same rows in two
# passes, fft_rows_x_p1); 3x16384 (4 parts; its plan is test_axis_plan's 2x16384) is slow.
slow_case "3x16384 inverse: x one pass in 4 parts" 0 '^PASS$' --has 'fft_rowparts_x_p0' \
    --has 'axis x \(N=16384\) by rows, 1 pass in parts' \
    --has 'axis x N=16384 rows in 4 parts x\[q \+ 4 j\] of 4096: 16 x 16 x 16 x 4' \
    --has '-D Ax_KIND=ROWPARTS -D Ax_PARTS=4 -D Ax_WG=256 -D Ax_P0=4096,1,256,1,16,16,16,0' \
    -- "$M" --size 3x16384 --inverse --explain --repeat 0
run_case "5x8192 --variant no_parts: x in two passes" 0 '^PASS$' --has 'fft_rows_x_p1' --lacks 'rowparts' \
    -- "$M" --size 5x8192 --variant no_parts --explain --repeat 0
slow_case "3x32768: x longer than 4 local memories, two passes" 0 '^PASS$' --has 'fft_rows_x_p1' \
    --lacks 'rowparts' -- "$M" --size 3x32768 --explain --repeat 0
slow_case "12288x8 --variant transpose: y, transposed into rows, in 3 parts" 0 '^PASS$' \
    --has 'fft_rowparts_y_p0' -- "$M" --size 12288x8 --variant transpose --explain --repeat 0
slow_case "2x10000 double inverse: x in two passes (4 parts would hold 40 fp64 values per item)" 0 \
    '^PASS$' --has 'fft_rows_x_p1' --lacks 'rowparts' \
    -- "$M" --size 2x10000 --precision double --inverse --explain --repeat 0
slow_case "2x10000 x 3: x in 4 parts of 2500" 0 '^PASS$' --has 'fft_rowparts_x_p0' \
    -- "$M" --size 2x10000 --batch 3 --explain --repeat 0
slow_case "4096x4 --variant no_parts: two column passes" 0 '^PASS$' --has 'fft_cols_y_p1' \
    --has 'axis y \(N=4096\) by columns at stride 4, 2 passes of Q = 64 x 64' \
    -- "$M" --size 4096x4 --variant no_parts --explain --repeat 0
slow_case "4096x4 --shapes 256x16,1024x16: 256 items of 16 values per column" 0 '^PASS$' \
    --has '4 neighbouring columns x 256 items per group \(16 values each\)' \
    -- "$M" --size 4096x4 --shapes 256x16,1024x16 --explain --repeat 0
run_case "4096x4 --shapes 256x16,128x16: a shape the pass in parts cannot keep (exit 2)" 2 "$USAGE" \
    --has 'cannot keep a group of at most 128 items' -- "$M" --size 4096x4 --shapes 256x16,128x16 --repeat 0
run_case "14x30x28 double, --wg 16 (small groups, more passes)" 0 '^PASS$' \
    -- "$M" --size 14x30x28 --precision double --wg 16 --repeat 0
run_case "1x1: nothing to do" 0 '^PASS$' -- "$M" --size 1x1 --batch 2 --repeat 0
# The default size with the plan's checks of the 1024x1024 case (slow) below.
run_case "default: the demo size 512x512, --explain: x by rows, y by columns at stride 512" 0 '^PASS$' \
    --has 'N=512x512 \(262144 points\) batch=1' --has 'plan \(forward\): 2 launches' \
    --has 'axis x \(N=512\) by rows, 1 pass; axis y \(N=512\) by columns at stride 512, 1 pass' \
    --has 'fft_rows_x_p0\(A, B' --has 'fft_cols_y_p0\(B, A' \
    --has 'axis y N=512 stride 512, pass 1/1: p=1 Q=512 = .*; 8 neighbouring columns' \
    --has 'table twiddles_y' --has '-D Ay_KIND=COLS' --lacks 'transpose_tiled' \
    -- "$M" --explain --repeat 0

# The plan, per axis.
slow_case "--explain 1024x1024: two passes, x by rows, y by columns at stride 1024" 0 '^PASS' \
    --has 'plan \(forward\): 2 launches' \
    --has 'axis x \(N=1024\) by rows, 1 pass; axis y \(N=1024\) by columns at stride 1024, 1 pass' \
    --has 'fft_rows_x_p0\(A, B' --has 'fft_cols_y_p0\(B, A' \
    --has 'axis y N=1024 stride 1024, pass 1/1: p=1 Q=1024 = .*; 4 neighbouring columns' \
    --has 'table twiddles_y' --has '-D Ay_KIND=COLS' --lacks 'transpose_tiled' \
    -- "$M" --size 1024x1024 --explain --repeat 0 --no-verify
run_case "--explain 4x6x8 x 2 transpose: rows and three transposes, the batch as the 3rd dimension" 0 '^PASS$' \
    --has 'plan \(forward\): 6 launches' --has 'fft_rows_z_p0' \
    --has 'transpose_tiled\(B, A, 24, 8\)  global 32x8x2  local 32x8x1' \
    --has 'after axis z: 48 x 4 -> 4 x 48, .*: the original layout again' --lacks 'fft_cols' \
    -- "$M" --size 4x6x8 --batch 2 --variant transpose --explain --repeat 0
slow_case "--explain 4x6x8 transpose: rows and three transposes" 0 '^PASS$' \
    --has 'plan \(forward\): 6 launches' --has 'fft_rows_z_p0' \
    --has 'transpose_tiled\(B, A, 24, 8\)  global 32x8x1  local 32x8x1' \
    --has 'after axis z: 48 x 4 -> 4 x 48, .*: the original layout again' --lacks 'fft_cols' \
    -- "$M" --size 4x6x8 --variant transpose --explain --repeat 0
slow_case "--explain 8x64x64: z at stride 4096, 256 columns per group" 0 '^PASS' \
    --has 'axis z N=8 stride 4096, pass 1/1: p=1 Q=8 = 8; 256 neighbouring columns' \
    --has 'axis y N=64 stride 64, pass 1/1: p=1 Q=64 = .*; 64 neighbouring columns' \
    -- "$M" --size 8x64x64 --explain --repeat 0 --no-verify

# The checks on a grid: the second impulse and the tone sit at grid points. Fast: on the
# 3-D 9x10x12 x 2 of the strided case above (its program), (z,y,x); slow: 2-D.
run_case "checks name grid points (3-D, 9x10x12 x 2)" 0 '^PASS$' --has 'impulse@\(4,4,5\) ' \
    --has 'tone@\(3,3,4\) ' -- "$M" --size 9x10x12 --batch 2 --repeat 0
slow_case "checks name grid points" 0 '^PASS$' --has 'impulse@\(5,22\) ' --has 'tone@\(4,17\) ' \
    -- "$M" --size 12x64 --repeat 0
# Timed runs (slow: a timed run measures the copy bandwidth first, ~2 CPU-s on pocl; the
# timing is the harness's own, common/time_plan.c, which the fast sets of 01-06, 08, 09 and
# 10 time, 2-D shapes among them: 09's 8x16 CSV, 10's 64x48). CSV and JSON: fast untimed
# (the row's n, batch and shape columns), on the program of 9x10x12 x 2.
slow_case "timed run (events, GFLOP/s from the total points)" 0 '^PASS$' \
    --has 'time +[0-9.]+ ms median' --has 'counting 5·N·log2 N' -- "$M" --size 64x64 --batch 2 --repeat 3 --warmup 1
run_case "--format csv, untimed: n is the total points, shape after loop_ms" 0 '^PASS$' \
    --stdout-has ',loop_ms,shape,ms_q1,' --stdout-has '^"07_multidim","strided",.*,1080,2,forward,.*,9x10x12,' \
    -- "$M" --size 9x10x12 --batch 2 --repeat 0 --format csv
slow_case "--format csv: n is the total points, shape after loop_ms" 0 '^PASS$' \
    --stdout-has ',loop_ms,shape,ms_q1,' --stdout-has '^"07_multidim","strided",.*,1080,2,forward,.*,9x10x12,[0-9.e-]+,' \
    -- "$M" --size 9x10x12 --batch 2 --repeat 2 --format csv
run_case "--format json: the shape as a list" 0 '^PASS$' --stdout-has '"n": 1080, "shape": \[9, 10, 12\], "batch": 2' \
    -- "$M" --size 9x10x12 --batch 2 --repeat 0 --format json

# ---- simd: a CPU's layout (kernels/07_simd.cl, common/fft/simd_cols.c). Rows by 06's simd
# rows; an outer axis by one launch whose work-items take 8 neighbouring columns as the
# lanes of their vectors; rows shorter than 64 by 8 rows per work-item as lanes; an axis
# neither can do by the default passes, said per axis. Fast: one case per host branch
# (FFTLAB_SIMD_ARRAY=0 with 06's rows and column lanes; a work-item per array with x by
# 06's rows and by 8 row lanes; the default passes for an axis; the scratch tree's
# control below: a launch per axis, x by row lanes, overlapping column lanes).
slow_case "simd 256x256 x 16, FFTLAB_SIMD_ARRAY=0: 06's simd rows, then y by column lanes" 0 '^PASS$' \
    --has 'axis x \(N=256\) by 06.s simd rows, Q = 16 x 16 in 1 launch; axis y \(N=256\) by 8 columns per item as lanes, Q = 16 x 16\. 2 launches' \
    --has 'fft_simd_rows\(A, B, simd_twiddles, 0\)' --has 'fft_simd_cols_y\(A, B, simd_cols_y, 0, 512\)' \
    --has '-D FFT_SIMD_COLS=1 -D SCy_N=256 -D SCy_S=256 -D SCy_NP=2 -D SCy_P0=16,1,4,4,1,4,' \
    -- env FFTLAB_SIMD_ARRAY=0 "$M" --size 256x256 --batch 16 --variant simd --explain --repeat 0
# FFTLAB_SIMD_ARRAY=0 where the arrays would go one per work-item (batch 8): a launch per
# axis; the program is the scratch tree's control's (9x10x12 x 2) below.
run_case "simd 9x10x12 x 8 inverse, FFTLAB_SIMD_ARRAY=0: x by 8 rows per item, y and z by column lanes that overlap" 0 '^PASS$' \
    --has 'axis x \(N=12\) by 8 rows per item as lanes, Q = 12 \[rows shorter than 64 have no 06 simd plan\]; axis y \(N=10\) by 8 columns per item as lanes, Q = 10; axis z \(N=9\) by 8 columns per item as lanes, Q = 9\. 3 launches' \
    --has 'fft_simd_rows8_x\(A, B, simd_cols_x, 1, 90, 720\)' --has 'fft_simd_cols_y\(B, A, simd_cols_y, 0, 144\)' \
    --has 'fft_simd_cols_z\(A, B, simd_cols_z, 2, 120\)' --lacks 'SCA_POINTS' \
    -- env FFTLAB_SIMD_ARRAY=0 "$M" --size 9x10x12 --batch 8 --inverse --variant simd --explain --repeat 0
slow_case "simd 32x32x32 x 4, FFTLAB_SIMD_ARRAY=0: x by 8 rows per item (Nx < 64), y and z by column lanes" 0 '^PASS$' \
    --has 'axis x \(N=32\) by 8 rows per item as lanes, Q = 32 \[rows shorter than 64 have no 06 simd plan\]' \
    --has 'axis z \(N=32\) by 8 columns per item as lanes' \
    --has 'fft_simd_rows8_x\(A, B, simd_cols_x, 0, 512, 4096\)' --has 'fft_simd_cols_z\(A, B, simd_cols_z, 0, 512\)' \
    -- env FFTLAB_SIMD_ARRAY=0 "$M" --size 32x32x32 --batch 4 --variant simd --explain --repeat 0
run_case "simd 64x64 x 16: one work-item per array through both axes" 0 '^PASS$' \
    --has 'a work-item per array through every axis .*axis x \(N=64\) by 06.s simd rows, Q = 8 x 8; axis y \(N=64\) by 8 columns as lanes, Q = 8 x 8\. 1 launch' \
    --has 'fft_simd_array\(A, B, simd_twiddles, simd_cols_y, simd_twiddles, 0, 0, 0\) +global 16 +local 1' \
    --has '-D SCA_POINTS=4096 -D SCA_X=1' -- "$M" --size 64x64 --batch 16 --variant simd --explain --repeat 0
slow_case "simd 256x256 x 16: one work-item per array through both axes" 0 '^PASS$' \
    --has 'a work-item per array through every axis .*axis x \(N=256\) by 06.s simd rows, Q = 16 x 16; axis y \(N=256\) by 8 columns as lanes, Q = 16 x 16\. 1 launch' \
    --has 'fft_simd_array\(A, B, simd_twiddles, simd_cols_y, simd_twiddles, 0, 0, 0\) +global 16 +local 1' \
    --has '-D SCA_POINTS=65536 -D SCA_X=1' -- "$M" --size 256x256 --batch 16 --variant simd --explain --repeat 0
run_case "simd 16x16x16 x 4 double inverse: one work-item per array, x by row lanes" 0 '^PASS$' \
    --has 'fft_simd_array\(A, B, simd_cols_x, simd_cols_y, simd_cols_z, 1, 0, 2\)' --has '-D SCA_POINTS=4096 -D SCA_X=2' \
    -- "$M" --size 16x16x16 --batch 4 --precision double --inverse --variant simd --explain --repeat 0
slow_case "simd 32x32x32 x 4 double inverse: one work-item per array, x by row lanes" 0 '^PASS$' \
    --has 'fft_simd_array\(A, B, simd_cols_x, simd_cols_y, simd_cols_z, 1, 0, 2\)' --has '-D SCA_POINTS=32768 -D SCA_X=2' \
    -- "$M" --size 32x32x32 --batch 4 --precision double --inverse --variant simd --explain --repeat 0
slow_case "simd 9x10x12 x 8 inverse: one work-item per array, 12 and 10 overlapping" 0 '^PASS$' --has 'fft_simd_array' \
    -- "$M" --size 9x10x12 --batch 8 --inverse --variant simd --explain --repeat 0
slow_case "simd 16x24x40 x 2 (3-D, 40 = 8 x 5 by row lanes)" 0 '^PASS$' -- "$M" --size 16x24x40 --batch 2 --variant simd --repeat 0
slow_case "simd 9x10x12 x 2 inverse (12 and 10 not multiples of 8: lanes overlap)" 0 '^PASS$' \
    -- "$M" --size 9x10x12 --batch 2 --inverse --variant simd --repeat 0
slow_case "simd 3^7x27 inverse: 3 passes through private memory" 0 '^PASS$' --has 'axis y \(N=2187\) by 8 columns per item as lanes, Q = [0-9]+ x [0-9]+ x [0-9]+' \
    -- "$M" --size 3^7x27 --inverse --variant simd --explain --repeat 0
slow_case "simd 1000x1000 (40 x 25 rows, 25 x 40 columns)" 0 '^PASS$' -- "$M" --size 1000x1000 --variant simd --repeat 0
slow_case "simd 48x48 double inverse" 0 '^PASS$' -- "$M" --size 48x48 --precision double --inverse --variant simd --repeat 0
slow_case "simd 32x32x32 x 3 double inverse" 0 '^PASS$' -- "$M" --size 32x32x32 --batch 3 --precision double --inverse --variant simd --repeat 0
slow_case "simd 2048x16 double: 2048-point columns on the stack" 0 '^PASS$' -- "$M" --size 2048x16 --precision double --variant simd --repeat 0
slow_case "simd 2187x1024 plan: groups of 2 (2 x 280 KiB of private arrays; pocl keeps every item's on its stack)" 0 '^PASS' \
    --has 'fft_simd_cols_y\(A, B, simd_cols_y, 0, 128\)  global 128  local 2 ' \
    -- "$M" --size 2187x1024 --variant simd --explain --repeat 0 --no-verify
run_case "simd 3x5x7: y (5 columns side by side) takes the default passes, said so" 0 '^PASS$' \
    --has 'axis y \(N=5\) by columns at stride 7, 1 pass \[the default column passes: fewer than 8 columns side by side for 8 lanes\]' \
    --has 'fft_simd_rows8_x' --has 'fft_cols_y_p0' --has 'fft_simd_cols_z' -- "$M" --size 3x5x7 --variant simd --explain --repeat 0
slow_case "simd 8192x8 x 2 inverse: y longer than 4096, the default passes" 0 '^PASS$' \
    --has 'axis y \(N=8192\) by columns at stride 8, 2 passes of Q = .* \[the default column passes: longer than' \
    -- "$M" --size 8192x8 --batch 2 --inverse --variant simd --explain --repeat 0
slow_case "simd 4x48: 4 rows of 48, x takes the default passes" 0 '^PASS$' \
    --has 'axis x \(N=48\) by rows, 1 pass \[the default passes: fewer than 8 rows for 8 lanes' \
    -- "$M" --size 4x48 --variant simd --explain --repeat 0
run_case "simd 1x1: nothing to do" 0 '^PASS$' -- "$M" --size 1x1 --batch 2 --variant simd --repeat 0
slow_case "simd FFTLAB_SIMD_COLS_PLAN=4x16 is followed" 0 '^PASS$' --has 'axis y \(N=64\) by 8 columns per item as lanes, Q = 4 x 16' \
    -- env FFTLAB_SIMD_COLS_PLAN=4x16 "$M" --size 64x64 --variant simd --explain --repeat 0
run_case "simd FFTLAB_SIMD_QMAX=7: refused" 2 "$USAGE" --has 'FFTLAB_SIMD_QMAX' \
    -- env FFTLAB_SIMD_QMAX=7 "$M" --size 64x64 --variant simd --repeat 0

# Planted bugs in kernels/07_simd.cl: the harness reads the files in `uses` from the
# kernels directory next to the binary, so a copy of the binary in a scratch tree runs
# the edited file (as tests/06_mixed_radix.t does for 06_simd.cl). Every plant is in the
# fast set (each builds a program of its own); the 3-D ones at 16x16x16, the smallest
# cube whose x still goes by 8 row lanes and whose arrays still go one per work-item.
scratch_tree "$M"
plant_simd() { plant_kernel 07_simd.cl "$@"; }
run_case "control: the scratch tree passes" 0 '^PASS$' \
    -- "$TMP/tree/build/07_multidim" --size 9x10x12 --batch 2 --variant simd --repeat 0
if plant_simd 's/wi = f\[(lo - 1) \* 2 \* P + P\];/wi = -f[(lo - 1) * 2 * P + P];/' "pass twiddle conjugated"; then
    run_case "simd column pass twiddle conjugated: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$TMP/tree/build/07_multidim" --size 64x64 --variant simd --repeat 0
fi
if plant_simd 's/min((g % nb) \* SV_VL, SC##a##_S - SV_VL)/(g % nb) * SV_VL/' "last block of columns not shifted back"; then
    run_case "simd columns past the line's end (12 = 8 + 4): FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$TMP/tree/build/07_multidim" --size 9x10x12 --batch 2 --variant simd --repeat 0
fi
if plant_simd 's/sc_cols_z(src, dst, twz, fz,/sc_cols_z(src, dst, twz, 0,/' "the whole-array kernel drops z's conjugation"; then
    run_case "simd fft_simd_array without the inverse's last conjugation: FAIL" 1 '^FAIL: check ' --has 'roundtrip .*WRONG' \
        -- "$TMP/tree/build/07_multidim" --size 16x16x16 --batch 4 --variant simd --repeat 0
fi
if plant_simd '0,/^            sv_transpose8(re);$/{/^            sv_transpose8(re);$/d}' "short rows loaded without the transpose"; then
    run_case "simd short rows without the 8x8 transpose: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$TMP/tree/build/07_multidim" --size 16x16x16 --variant simd --repeat 0
fi

# --shapes and --tune (common/fft/tune.h): in the strided way every pass of every axis takes a
# shape, x first (its pass of whole rows ignores it). 64x64: x one pass of rows, y one
# pass of columns at stride 64; 2048x18: y two passes of columns (stride 18: no parts).
run_case "--shapes 256x8,64x16,128x4 at 2048x18 inverse: y's two passes each their own" 0 '^PASS$' \
    --has 'fft_cols_y_p0.* local 64 +; ' --has 'fft_cols_y_p1.* local 128 +; ' \
    -- "$M" --size 2048x18 --shapes 256x8,64x16,128x4 --inverse --explain --repeat 0
# --tune builds a program per candidate: fast with one (128x4, which --shapes default,128x4
# then reuses), slow with two as first written.
run_case "--tune at 64x64 (one candidate): a table of two passes, kept, PASS" 0 '^PASS$' \
    --has '^tune +2 of 2 shapes measured' --has '^ +shape +pass 0 ms +pass 1 ms$' \
    --has '^tune +kept ' -- env FFTLAB_TUNE_SHAPES=128x4 "$M" --size 64x64 --tune --repeat 0
slow_case "--tune at 64x64 (two candidates): a table of two passes, kept, PASS" 0 '^PASS$' \
    --has '^tune +[0-9]+ of 3 shapes measured' --has '^ +shape +pass 0 ms +pass 1 ms$' \
    --has '^tune +kept ' -- env FFTLAB_TUNE_SHAPES=128x4,512x8 "$M" --size 64x64 --tune --repeat 0
run_case "--shapes default,128x4 at 64x64: y's columns in groups of 8 x 16 items" 0 '^PASS$' \
    --has 'fft_cols_y_p0.*local 128 +; .*8 neighbouring columns x 16 items per group' \
    -- "$M" --size 64x64 --shapes default,128x4 --explain --repeat 0
# "nothing to measure": fast on 64x1 (one pass of rows, the program of "strided 64x1");
# slow on 64 x 16 rows, the case as first written.
run_case "--tune at 64x1 (one pass, no columns): nothing to measure" 0 '^PASS$' \
    --has '^tune +nothing to measure' -- "$M" --size 64x1 --tune --repeat 0
slow_case "--tune at 64 x 16 rows (one pass, no columns): nothing to measure" 0 '^PASS$' \
    --has '^tune +nothing to measure' -- "$M" --size 64 --batch 16 --tune --repeat 0
run_case "--shapes in the transpose way: refused (transposes sit between the passes)" 2 "$USAGE" \
    --has 'variant transpose\) has 0 passes' -- "$M" --size 64x64 --variant transpose --shapes 128x4
run_case "--shapes with 3 shapes at 64x64 (two passes): exit 2" 2 "$USAGE" \
    --has 'has 2 passes that take one' -- "$M" --size 64x64 --shapes 128x4,128x4,128x4

# ---- the exercises ask for instances the chapter does not hold (exercises/07_multidim/):
# column_load's arrays are stored bottom-up, so its plan flips the input into that layout
# first and the result back last (flip_outer_axes, a 3-D case: both outer axes backwards);
# transpose_tile's transposes run as transpose_wide, blocks of 16 x 64 by groups of 64 x 4.
# The chapter's own column_addresses copied into the exercise (the lesson prints its map)
# earns nothing: it reads each line in the wrong order.
run_case "column_load solution: flipped into the bottom-up layout and back, 4x6x8 x 2" 0 '^PASS$' \
    --has '\[ 0\] flip_outer_axes\(A, B, 4, 6, 8\)  global 192x2  local 64x1' \
    --has '\[ 4\] flip_outer_axes\(A, B, 4, 6, 8\) .*back to top-down' --has 'fft_cols_z_p0' \
    -- "$M" --size 4x6x8 --batch 2 --variant column_load --exercise solutions/07_multidim/column_load.cl \
    --explain --repeat 0
run_case "transpose_tile solution: transpose_wide, blocks of 16 x 64 at 40x24" 0 '^PASS$' \
    --has 'transpose_wide\(B, A, 40, 24\)  global 64x12x1  local 64x4x1 .*blocks of 16 x 64' \
    --has 'transpose_wide\(B, A, 24, 40\)  global 64x8x1  local 64x4x1' --lacks 'transpose_tiled' \
    -- "$M" --size 40x24 --variant transpose_tile --exercise solutions/07_multidim/transpose_tile.cl \
    --explain --repeat 0
mkdir -p "$TMP/ex07"
awk '/^static INLINE void column_addresses/,/^}/' kernels/07_multidim.cl |
    sed 's/column_addresses/bottom_up_addresses/; s/size_t \*dj/long *dj/; s/size_t \*dy/long *dy/' \
    >"$TMP/ex07/library_column_load.cl"
grep -q 'long \*dj' "$TMP/ex07/library_column_load.cl" && grep -q '\*dy = (size_t)P \* S;' "$TMP/ex07/library_column_load.cl"
ok $? "the chapter's column_addresses, renamed, is at hand for the next case"
slow_case "column_load: the chapter's top-down column_addresses copied in fails" 1 '^FAIL: ' \
    -- "$M" --size 16x16 --variant column_load --exercise "$TMP/ex07/library_column_load.cl" --repeat 0

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
