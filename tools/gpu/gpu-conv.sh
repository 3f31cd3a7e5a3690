#!/usr/bin/env bash
# tools/gpu/gpu-conv.sh OUT — chapter 11's measures on the chosen device (FFTLAB_DEVICE), in
# one run, circular convolution (the peers' problem: x and h on the same grid, nothing
# padded), one filter of K taps per axis (K x K in 2-D):
#   - the fused product against the unfused sequence (forward -> product kernel ->
#     inverse), against VkFFT (its three steps, and its own convolution mode) and cuFFT
#     through CuPy (fftn, product, ifftn), or FFTW's three steps on the host, at the cases
#     CONV_CASES (default 2-D 4096x4096 and 1-D 2^20 x 16), ROUNDS rounds so that the
#     spread between rounds shows;
#   - the same, fused and unfused, in linear mode (the lesson's default; the grid is the
#     smallest 7-smooth length >= N + K - 1), once;
#   - the direct convolution on the device (--variant direct) as K grows, at CONV_DIRECT_1D
#     and CONV_DIRECT_2D, with the FFT variants of the same case: where the FFT wins.
# Every row is verified first and timed by events (the chapter's profiling events on every
# kernel, the OpenCL peers' interposed, CUDA events for cuFFT), warm-up, repeats, median;
# FFTW by the host clock. The chapter's --explain of the fused and unfused plans, with each
# launch's mean time, goes to OUT/explain.txt. Writes OUT/rows.csv (a first column
# `label`, "WHO-VARIANT-CASE-KK[-ROUND]", then the chapters' --format csv columns),
# OUT/log.txt (every command, its exit status and seconds) and OUT/device.txt (date, the
# GPU and driver when nvidia-smi is there, the build's commit):
#   FFTLAB_DEVICE=nvidia tools/gpu/gpu-conv.sh OUT                      (the GPU)
#   FFTLAB_DEVICE=cpu CONV_CASES="512x512:1 2^16:16" CONV_DIRECT_1D=2^16:16 \
#       CONV_DIRECT_2D=256x256:1 CONV_FFTW=1 tools/gpu/gpu-conv.sh OUT   (pocl)
# tools/bench/conv-table.sh makes the lesson's Measured table from OUT/rows.csv once it is
# copied to results/11_convolution-<device>/ (with device.txt and explain.txt); `make bench`
# runs this script for its convolution part (tools/bench/bench.sh --conv). Exit status 1
# when a row failed (the log says which), 0 else.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
[ $# -ge 1 ] || { echo "usage: tools/gpu/gpu-conv.sh OUT" >&2; exit 2; }
out=$1 b=${BUILD:-build}
mkdir -p "$out"
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$csv"; : >"$log"; : >"$out/explain.txt"
t0=$SECONDS
. tools/gpu/gpu-rows.sh   # row LABEL PROGRAM ARGS...
bad=0
r() { row "$@" || bad=$((bad + 1)); }   # a failed row is logged, counted, and the run goes on
commit=$(cat "$b/commit.txt" 2>/dev/null || git describe --always --dirty 2>/dev/null || echo unknown)
{
    date -u +%Y-%m-%dT%H:%M:%SZ
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || echo "no nvidia-smi"
    echo "build $commit"
} >"$out/device.txt"
K=${CONV_K:-64}
cases=${CONV_CASES-4096x4096:1 2^20:16}
have_cupy=0
python3 -c 'import cupy' 2>/dev/null && have_cupy=1

chapter() { # LABEL VARIANT SIZE BATCH K MODE
    r "$1" "$b/11_convolution" --size "$3" --batch "$4" --filter-size "$5" --mode "$6" --variant "$2"
}
peers() { # CASE-TAG SIZE BATCH ROUND
    if [ -x "$b/peer_vkfft" ]; then
        r "vkfft-unfused-$1-K$K$4" "$b/peer_vkfft" --conv unfused --size "$2" --batch "$3" --filter-size "$K"
        r "vkfft-fused-$1-K$K$4" "$b/peer_vkfft" --conv fused --size "$2" --batch "$3" --filter-size "$K"
    fi
    [ "$have_cupy" = 0 ] ||
        r "cufft-unfused-$1-K$K$4" python3 bench/peer_cufft.py --conv unfused --size "$2" --batch "$3" \
            --filter-size "$K" --commit "$commit"
    [ "${CONV_FFTW:-0}" = 0 ] ||
        r "fftw-unfused-$1-K$K$4" "$b/peer_fftw" --conv unfused --size "$2" --batch "$3" --filter-size "$K"
}
for round in $(seq 1 "${ROUNDS:-2}"); do
    for c in $cases; do
        s=${c%:*} bt=${c#*:} tag=${c%:*}x${c#*:}
        chapter "ch11-fused-$tag-K$K-$round" fused "$s" "$bt" "$K" circular
        chapter "ch11-unfused-$tag-K$K-$round" unfused "$s" "$bt" "$K" circular
        peers "$tag" "$s" "$bt" "-$round"
    done
done
for c in $cases; do
    s=${c%:*} bt=${c#*:} tag=${c%:*}x${c#*:}
    chapter "ch11linear-fused-$tag-K$K" fused "$s" "$bt" "$K" linear
    chapter "ch11linear-unfused-$tag-K$K" unfused "$s" "$bt" "$K" linear
    for v in fused unfused; do
        { echo "== $v $s x $bt, K $K, circular"
          timeout -k 5 120 "$b/11_convolution" --size "$s" --batch "$bt" --filter-size "$K" \
              --mode circular --variant "$v" --explain 2>&1 | grep -v '^verify'; } >>"$out/explain.txt"
    done
done
# direct against the FFT as K grows (1-D: K taps; 2-D: K x K)
for c in ${CONV_DIRECT_1D-2^20:16}; do
    s=${c%:*} bt=${c#*:} tag=${c%:*}x${c#*:}
    for k in ${CONV_KS_1D-4 8 16 32 64 128 256 512}; do
        chapter "ch11-direct-$tag-K$k" direct "$s" "$bt" "$k" circular
    done
done
for c in ${CONV_DIRECT_2D-1024x1024:1}; do
    s=${c%:*} bt=${c#*:} tag=${c%:*}x${c#*:}
    for k in ${CONV_KS_2D-3 5 7 9 13 17 25 33}; do
        chapter "ch11-direct-$tag-K$k" direct "$s" "$bt" "$k" circular
    done
    chapter "ch11-fused-$tag-K$K" fused "$s" "$bt" "$K" circular
    chapter "ch11-unfused-$tag-K$K" unfused "$s" "$bt" "$K" circular
done
echo "done in $((SECONDS - t0))s, $bad row(s) failed" >>"$log"
[ "$bad" = 0 ]
