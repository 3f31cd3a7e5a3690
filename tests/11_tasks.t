#!/usr/bin/env bash
# 11_convolution's real data, overlap-save and tasks (chapters/11_convolution/real.c,
# overlap_save.c, task*.c; tests/11_convolution.t has the complex plans):
#   - real data (--real, or a float32 --input): odd lengths and batches, 2-D, circular,
#     double; .npy in and out (float32 -> float32 of N + K - 1); the refusals (an odd
#     length in circular mode, a complex filter for real data, a real filter for complex);
#   - --variant overlap_save: blocks with a partial last one, a batch, --block, --explain's
#     plan, complex and real data (09's R2C and C2R of the blocks); the refusals (2-D,
#     circular, an odd block for real data, overlap_add of real data, --block elsewhere, a
#     block shorter than the filter or not 7-smooth); planted bugs caught (ols_load's blocks one sample
#     early; in the slow set, conv_box_real dropping each row's last value);
#   - the tasks: --task chirp finds the planted position, --task blur and sharpen write a
#     PGM (P5, the image beside the result) whose row steps fall (blur) or grow (sharpen),
#     --image reads a PGM; the refusals of options a task cannot take.
# The bookkeeping of the blocks, the PGM reader and writer, the test image, the filters and
# the chirp have unit tests of their own (tests/unit/test_conv_*.c); the exercise
# (overlap_add: the same plan with the student's two functions) is graded in
# tests/exercises.t.
#
# Time: each size is a kernel build (pocl, 1-3 CPU-s cold). The fast set builds eight
# programs: the blocks' W = 800 (100000 x 3, K = 100) complex and real, the planted
# ols_load, real 999 x 3 (1-D, grid 1040), real 6x8 from a file, the chirp at 4096 (grid
# 5120) and the image tasks at 64x64 (2-D real, grid 100x100: blur and sharpen share it);
# the refusals build nothing. Cold pocl cache, 2 busy cores, 2026-11-29: about 15 s wall,
# 10 CPU-s (the 2-D real cases are in the slow set: the image tasks take their path). The
# slow set (FFTLAB_SLOW_TESTS=1) adds the lesson's own runs (the chirp at 2^20, the blur
# and sharpening at 512x512), more block lengths (L = 1 and 2, a filter longer than the
# signal, 2^22 x 2), the chirp by overlap_save, real 2-D linear and circular, in double
# and at 2^20, and a planted conv_box_real.
. "$(dirname "$0")/lib.sh"
need_binary 11_convolution
C=$BUILD/11_convolution
USAGE='^FAIL \(usage, exit 2\): '

# ---- real data
run_case "real N=999 x 3 K=31: an odd length, a batch (09's R2C/C2R on the grid 1040)" 0 '^PASS$' \
    --has '^problem .* convolution real single' --has 'verify   direct .* ok' \
    --has 'real data: pad, R2C' --has 'rfft_post' --has 'irfft_pre' --has 'conv_box_real' \
    -- "$C" --real --size 999 --batch 3 --filter-size 31 --repeat 0 --explain
slow_case "real 64x48 K=7x5: 2-D, the columns on the half spectrum" 0 '^PASS$' \
    --has 'verify   tone@.* ok' -- "$C" --real --size 64x48 --filter-size 7x5 --repeat 0
slow_case "real circular N=64x48: the grid is the signal's" 0 '^PASS$' \
    -- "$C" --real --size 64x48 --filter-size 7x5 --mode circular --repeat 0
slow_case "real N=2^20 K=1000" 0 '^PASS$' -- "$C" --real --size 2^20 --filter-size 1000 --repeat 0
slow_case "real double N=1001 x 2 K=64" 0 '^PASS$' \
    -- "$C" --real --size 1001 --batch 2 --filter-size 64 --precision double --repeat 0
run_case "real circular with an odd length is refused" 2 "$USAGE.*must be even" \
    -- "$C" --real --size 9 --mode circular --filter-size 3

# .npy: float32 in and out; the input's dtype makes the run real
printf '\000\000\200\077\000\000\000\100\000\000\100\100\000\000\200\100\000\000\240\100\000\000\300\100' >"$TMP/x6.bin"
for i in 1 2 3 4 5 6 7 8; do cat "$TMP/x6.bin"; done >"$TMP/x48.bin"   # 48 floats
make_npy "$TMP/x.npy" '<f4' '(6, 8)' "$TMP/x48.bin"
printf '\000\000\200\077\000\000\000\000\000\000\200\277' >"$TMP/h3.bin"   # 1, 0, -1
make_npy "$TMP/h.npy" '<f4' '(1, 3)' "$TMP/h3.bin"
head -c 24 /dev/zero >"$TMP/hc.bin"
make_npy "$TMP/hc.npy" '<c8' '(1, 3)' "$TMP/hc.bin"
run_case "a float32 --input (6, 8) with a float32 filter (1, 3): real, y.npy written" 0 '^PASS$' \
    --has '^problem  N=6x8 .* convolution real' --has '^output   wrote ' \
    -- "$C" --input "$TMP/x.npy" --size 6x8 --filter "$TMP/h.npy" --output "$TMP/y.npy" --repeat 0
head -c 128 "$TMP/y.npy" 2>/dev/null | grep -q "'descr': '<f4', 'fortran_order': False, 'shape': (6, 10)"
ok $? "y.npy is float32 of shape (6, 10): N + K - 1 on the last axis"
run_case "a complex64 filter for real data is refused" 2 "$USAGE.*holds complex64 values; .* real data reads float32" \
    -- "$C" --input "$TMP/x.npy" --size 6x8 --filter "$TMP/hc.npy"
run_case "a float32 filter for complex data is refused" 2 "$USAGE.*holds float32 values; .* complex data reads complex64" \
    -- "$C" --size 64 --filter "$TMP/h.npy"

# ---- overlap-save
run_case "overlap_save N=100000 x 3 K=100: 143 blocks of 800, the last partial" 0 '^PASS$' \
    --has 'verify   direct .* ok' --has 'overlap-save in 143 blocks of W = 800 \(hop L = 701\)' \
    --has 'ols_load' --has 'ols_store' --has 'first K - 1 = 99 outputs wrapped around and are dropped' \
    -- "$C" --variant overlap_save --size 100000 --batch 3 --filter-size 100 --repeat 0 --explain
slow_case "overlap_save --block 5 K=5: L = 1, one output per block" 0 '^PASS$' \
    -- "$C" --variant overlap_save --size 100 --filter-size 5 --block 5 --repeat 0
slow_case "overlap_save K=200 > N=50: one block" 0 '^PASS$' \
    -- "$C" --variant overlap_save --size 50 --filter-size 200 --repeat 0
slow_case "overlap_save N=2^22 x 2 K=257" 0 '^PASS$' \
    -- "$C" --variant overlap_save --size 2^22 --batch 2 --filter-size 257 --repeat 0
# planted: a block that starts K values before its first output, not K - 1 (the blocks
# read one sample too early: every output off by one tap) fails
scratch_tree "$C"
if plant_kernel 11_blocks.cl 's/const long src = blk \* hop + j - (k - 1);/const long src = blk * hop + j - k;/' \
    "ols_load starts each block K values early"; then
    run_case "planted ols_load off by one fails" 1 '^FAIL: check random' \
        -- "$TMP/tree/build/11_convolution" --variant overlap_save --size 100000 --batch 3 --filter-size 100 --repeat 0
fi
if plant_kernel 11_real.cl 's/r < sy \&\& c < sx ? x\[/r < sy \&\& c + 1 < sx ? x[/' \
    "conv_box_real drops the last value of every row"; then
    slow_case "planted conv_box_real fails" 1 '^FAIL: check random' \
        -- "$TMP/tree/build/11_convolution" --real --size 999 --batch 3 --filter-size 31 --repeat 0
fi
run_case "overlap_save of a 2-D signal is refused" 2 "$USAGE.*a linear convolution of 1-D signals" \
    -- "$C" --variant overlap_save --size 64x64
run_case "overlap_save in circular mode is refused" 2 "$USAGE.*--mode linear" \
    -- "$C" --variant overlap_save --size 1000 --mode circular
run_case "overlap_save of real data N=100000 x 3 K=100: 09's R2C/C2R of the blocks" 0 '^PASS$' \
    --has 'ols_load_real' --has 'rfft_post' --has 'irfft_pre' --has 'ols_store_real' \
    --has 'overlap-save in 143 blocks of W = 800' --has 'verify   direct .* ok' \
    -- "$C" --variant overlap_save --real --size 100000 --batch 3 --filter-size 100 --repeat 0 --explain
slow_case "overlap_save of real data, W = 6 (L = 2)" 0 '^PASS$' \
    -- "$C" --variant overlap_save --real --size 100 --filter-size 5 --block 6 --repeat 0
slow_case "--task chirp --variant overlap_save (2^16: 9 blocks of W = 8192)" 0 '^PASS$' \
    --has 'overlap-save in .* blocks of W = 8192' --has 'found: the position printed is the one planted' \
    -- "$C" --task chirp --size 65536 --filter-size 1024 --seed 7 --variant overlap_save --explain
run_case "overlap_save of real data with an odd --block is refused" 2 "$USAGE.*W = 5 must be even" \
    -- "$C" --variant overlap_save --real --size 100 --filter-size 5 --block 5
run_case "overlap_add of real data is refused" 2 "$USAGE.*1-D complex signals" \
    -- "$C" --variant overlap_add --size 1000 --real
run_case "--block without a block variant is refused" 2 "$USAGE--block: only --variant overlap_save" \
    -- "$C" --size 1000 --block 64
run_case "--block shorter than the filter is refused" 2 "$USAGE.*W >= K" \
    -- "$C" --variant overlap_save --size 1000 --filter-size 31 --block 16
run_case "--block 251 (prime) is refused, naming 252" 2 "$USAGE.*not 2\^a 3\^b 5\^c 7\^d \(the next one is 252\)" \
    -- "$C" --variant overlap_save --size 1000 --block 251
run_case "--block x is refused" 2 "$USAGE--block must be a block length" \
    -- "$C" --variant overlap_save --size 1000 --block x

# ---- the tasks
run_case "--task chirp at 4096, a chirp of 1024: the position found is the one planted" 0 '^PASS$' \
    --has '^task     chirp: 4096 samples .* planted at ([0-9]+)$' --has 'so the chirp starts at' \
    --has '^task     found: the position printed is the one planted' --has 'verify   input .* ok' \
    -- "$C" --task chirp --size 4096 --filter-size 1024 --seed 3
planted=$(sed -n 's/.* planted at \([0-9]*\)$/\1/p' "$RC_OUT")
found=$(sed -n 's/.* so the chirp starts at [0-9]* - (K - 1) = \([0-9]*\);.*/\1/p' "$RC_OUT")
[ -n "$planted" ] && [ "$planted" = "$found" ]
ok $? "the printed positions agree (planted $planted, found $found)"
slow_case "--task chirp at 2^16, a chirp of 1024, seed 7" 0 '^PASS$' \
    --has 'found: the position printed is the one planted' \
    -- "$C" --task chirp --size 65536 --filter-size 1024 --seed 7
slow_case "--task chirp (the lesson's: 2^20, a chirp of 4096)" 0 '^PASS$' \
    --has 'found: the position printed is the one planted' -- "$C" --task chirp
run_case "--task blur 64x64 sigma 3 writes a PGM, the row steps smaller" 0 '^PASS$' \
    --has '^task     wrote .*blur.pgm \(128x64' --has 'verify   direct .* ok' \
    -- "$C" --task blur --size 64x64 --sigma 3 --output "$TMP/blur.pgm"
steps=$(sed -n 's/.*along the rows: \([0-9.]*\) before, \([0-9.]*\) after.*/\1 \2/p' "$RC_OUT")
awk -v s="$steps" 'BEGIN { split(s, a, " "); exit !(a[2] > 0 && a[2] < a[1] / 2) }'
ok $? "blur: the mean step falls to less than half ($steps)"
head -c 14 "$TMP/blur.pgm" | tr '\n' ' ' | grep -q '^P5 128 64 255 $'
ok $? "blur.pgm is a P5 of 128 x 64, maxval 255"
[ "$(stat -c %s "$TMP/blur.pgm" 2>/dev/null)" = $((14 + 128 * 64)) ]
ok $? "blur.pgm holds the header and 128 x 64 samples"
# a 64 x 64 PGM of random bytes: the blur's grid and filter size, so its program too
{ printf 'P5\n64 64\n255\n'; head -c 4096 /dev/urandom; } >"$TMP/noise.pgm"
run_case "--task sharpen --image noise.pgm (a PGM in): the row steps larger" 0 '^PASS$' \
    --has '^task     sharpen: .*noise.pgm 64x64' \
    -- "$C" --task sharpen --image "$TMP/noise.pgm" --sigma 3 --output "$TMP/sharp.pgm"
steps=$(sed -n 's/.*along the rows: \([0-9.]*\) before, \([0-9.]*\) after.*/\1 \2/p' "$RC_OUT")
awk -v s="$steps" 'BEGIN { split(s, a, " "); exit !(a[2] > a[1]) }'
ok $? "sharpen: the mean step grows ($steps)"
slow_case "--task blur (the lesson's: 512x512, sigma 8, 49x49 taps)" 0 '^PASS$' \
    --has 'mean step between neighbours along the rows: 0.0756 before, 0.0020 after' \
    -- "$C" --task blur --output "$TMP/blur512.pgm"
slow_case "--task sharpen (the lesson's: 512x512, sigma 4)" 0 '^PASS$' \
    --has 'mean step between neighbours along the rows: 0.0756 before, 0.1910 after' \
    -- "$C" --task sharpen --output "$TMP/sharp512.pgm"
run_case "--task foo is refused" 2 "$USAGE--task must be blur, sharpen or chirp" -- "$C" --task foo
run_case "--task blur with --input is refused" 2 "$USAGE.*--input is not for a task" \
    -- "$C" --task blur --input "$TMP/x.npy"
run_case "--task chirp with --mode circular is refused" 2 "$USAGE.*--mode and --block are not for a task" \
    -- "$C" --task chirp --mode circular
run_case "--task blur --image of a file that is not a PGM" 2 "$USAGE--image: .*not a PGM image" \
    -- "$C" --task blur --image "$TMP/x.npy"
run_case "--sigma without a task is refused" 2 "$USAGE--image and --sigma are options of --task" \
    -- "$C" --sigma 3 --size 64
run_case "--task chirp with a chirp longer than half the signal" 2 "$USAGE.*at most half the signal" \
    -- "$C" --task chirp --size 1000 --filter-size 600
ls "${TMPDIR:-/tmp}"/fftlab-task-* >/dev/null 2>&1
[ $? -ne 0 ]
ok $? "no task left its temporary folder behind"
done_testing
