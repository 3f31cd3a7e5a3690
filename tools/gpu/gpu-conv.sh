#!/usr/bin/env bash
# tools/gpu/gpu-conv.sh OUT — chapter 11's measures on the chosen device (FFTLAB_DEVICE), in
# one run: the fused product against the unfused sequence (forward -> product kernel ->
# inverse), against VkFFT (its three steps, and its own convolution mode) and cuFFT through
# CuPy (fftn, product, ifftn), at 2-D 4096x4096 and 1-D 2^20 x 16, circular, one filter of
# K = 64 taps per axis; and the direct convolution on the device against the FFT as K grows
# (2^20 x 16 and 1024x1024 circular). Every row is verified first and timed by events
# (profiling events on every kernel of a call: the chapter's own, the peers' interposed,
# CUDA events for cuFFT), warm-up, then repeats, median. Two rounds of the FFT rows, so the
# spread between rounds shows. Writes OUT/rows.csv (a first column `label`, then the
# chapters' --format csv columns), OUT/log.txt (every command, its exit status and
# seconds) and OUT/device.txt (device, driver, date):
#   FFTLAB_DEVICE=nvidia tools/gpu/gpu-conv.sh OUT
# tools/bench/conv-table.sh makes the lesson's Measured table from OUT/rows.csv once it is
# copied to results/11_convolution-<device>/rows.csv.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
[ $# -ge 1 ] || { echo "usage: tools/gpu/gpu-conv.sh OUT" >&2; exit 2; }
out=$1 b=${BUILD:-build}
mkdir -p "$out"
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$csv"; : >"$log"
t0=$SECONDS
. tools/gpu/gpu-rows.sh   # row LABEL PROGRAM ARGS...
{
    date -u +%Y-%m-%dT%H:%M:%SZ
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
    git describe --always --dirty 2>/dev/null || cat "$b/commit.txt" 2>/dev/null
} >"$out/device.txt"
K=${CONV_K:-64}
for round in 1 2; do
    for shape in "4096x4096 1" "2^20 16"; do
        set -- $shape
        s=$1 bt=$2 tag="$1x$2"
        row "ch11-fused-$tag-$round" "$b/11_convolution" --size "$s" --batch "$bt" --filter-size "$K" --variant fused
        row "ch11-unfused-$tag-$round" "$b/11_convolution" --size "$s" --batch "$bt" --filter-size "$K" --variant unfused
        row "vkfft-unfused-$tag-$round" "$b/peer_vkfft" --conv unfused --size "$s" --batch "$bt" --filter-size "$K"
        row "vkfft-fused-$tag-$round" "$b/peer_vkfft" --conv fused --size "$s" --batch "$bt" --filter-size "$K"
        row "cufft-unfused-$tag-$round" python3 bench/peer_cufft.py --conv unfused --size "$s" --batch "$bt" --filter-size "$K" \
            --commit "$(cat "$b/commit.txt" 2>/dev/null)"
    done
done
# one transform of the same size, for scale (what the unfused sequence does twice)
row "vkfft-fft-4096x4096x1" "$b/peer_vkfft" --size 4096x4096 --batch 1
row "vkfft-fft-2^20x16" "$b/peer_vkfft" --size 2^20 --batch 16
# direct against FFT as K grows (1-D taps K; 2-D K x K)
for k in ${CONV_KS_1D-4 8 16 32 64 128 256 512}; do
    row "ch11-direct-2^20x16-K$k" "$b/11_convolution" --size 2^20 --batch 16 --filter-size "$k" --variant direct
done
for k in ${CONV_KS_2D-3 5 7 9 13 17 25 33}; do
    row "ch11-direct-1024x1024-K$k" "$b/11_convolution" --size 1024x1024 --filter-size "$k" --variant direct
done
row "ch11-fused-1024x1024" "$b/11_convolution" --size 1024x1024 --filter-size 33 --variant fused
row "ch11-unfused-1024x1024" "$b/11_convolution" --size 1024x1024 --filter-size 33 --variant unfused
echo "done in $((SECONDS - t0))s" >>"$log"
