#!/usr/bin/env bash
# 11_convolution --variant direct: the plain sum on the device (chapters/11_convolution/
# direct.c, kernels/11_direct.cl), checked by the chapter's operator checks like the FFT
# variants (random, two impulses, a tone, the plain sum on the host). One case per path of
# the kernel:
#   1-D linear, a filter longer than one chunk of taps (K = 300 > DIRECT_CH = 256: two
#       chunks, the second partial) and an output longer than one group's span (1299 > 1024);
#   1-D circular, the filter as long as the signal (every index wraps);
#   2-D linear with a 3x5 filter (rows of the filter skipped past the signal's edge) and
#       2-D circular 12x20 x 2 (rows wrapped, a batch);
#   --explain: one launch, conv_direct, no FFT table;
#   refused (exit 2, before any kernel is built): more than 2^36 multiply-adds a call, a
#       --wg other than the kernel's 256, real data (--real: 09's R2C and C2R are for the
#       FFT variants).
# Every size here is small: cold (pocl's cache empty) about 6 s wall on 2 busy cores.
. "$(dirname "$0")/lib.sh"
need_binary 11_convolution
B=$BUILD/11_convolution
USAGE='^FAIL \(usage, exit 2\): '

run_case "direct 1-D linear N=1000 x 3, K=300 (two chunks of taps, two groups a row)" 0 '^PASS$' \
    --has 'verify   random ' --has 'verify   direct ' \
    -- "$B" --variant direct --size 1000 --batch 3 --filter-size 300 --repeat 0
run_case "direct 1-D circular N=1024 x 2, K=N (every index wraps)" 0 '^PASS$' \
    --has 'verify   tone@' -- "$B" --variant direct --size 1024 --batch 2 --mode circular \
    --filter-size 1024 --repeat 0
run_case "direct 2-D linear 30x40 x 2, filter 3x5" 0 '^PASS$' \
    -- "$B" --variant direct --size 30x40 --batch 2 --filter-size 3x5 --repeat 0
run_case "direct 2-D circular 12x20 x 2, filter 5x7, --explain: one launch" 0 '^PASS$' \
    --has 'plan \(convolution\): 1 launch' --has 'conv_direct\(A, B, filter' \
    --has 'direct: no FFT, 35 complex multiply-adds per output point' --lacks 'spectrum' \
    -- "$B" --variant direct --size 12x20 --batch 2 --mode circular --filter-size 5x7 \
    --explain --repeat 0
run_case "direct 4096x4096, filter 512x512: too much work, exit 2" 2 "$USAGE" \
    --has 'more than the 6.87e\+10 this variant is allowed' --lacks 'verify' \
    -- "$B" --variant direct --size 4096x4096 --filter-size 512 --mode circular
run_case "direct --wg 128: its groups are 256, exit 2" 2 "$USAGE" \
    --has 'runs groups of 256 work-items \(--wg 128\)' \
    -- "$B" --variant direct --size 1024 --filter-size 8 --wg 128
run_case "direct --real: complex data only, exit 2" 2 "$USAGE" \
    --has 'direct sums complex data' -- "$B" --variant direct --real --size 100 --filter-size 5
done_testing
