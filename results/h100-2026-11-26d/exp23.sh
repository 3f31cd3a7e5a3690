#!/usr/bin/env bash
# Rader in two passes (08: a prime N whose N - 1 is 13-smooth and two passes of L = N - 1,
# Bluestein's three launches on L points) against Bluestein (--variant no_rader), one call,
# both verified, VkFFT (events on every kernel) and cuFFT (CuPy, CUDA events) on the same
# cases; per-launch times and NVIDIA's register report at 65521.
# The code it measured is commit 70c1324, reverted in the next (chapter 08 NOTES.md §13).
# Usage: results/h100-2026-11-26d/exp23.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
cu=""
for c in 65521:256 65537:256 40961:409 8191:2048 5851:2867 7681:2184 786433:21; do
  n=${c%:*} b=${c#*:}
  row "rader-$n-$b" $B/08_bluestein --size $n --batch $b
  row "blue-$n-$b" $B/08_bluestein --size $n --batch $b --variant no_rader
  row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b
  cu+=" ${n}x$b"
done
s=$SECONDS
timeout -k 5 200 python3 bench/peer_cufft.py --cases "$cu" >"$out/cufft.csv" 2>"$out/cufft.err"
echo "[$((SECONDS - t0))s] cufft: exit $?, $((SECONDS - s))s" >>"$log"
timeout 60 $B/08_bluestein --size 65521 --batch 256 --no-verify --explain >"$out/explain.txt" 2>&1
FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 timeout 60 $B/08_bluestein --size 65521 \
  --batch 256 --no-verify --repeat 3 2>&1 | grep -iE "registers|spill|Compiling entry" >"$out/regs.txt"
echo "done $((SECONDS-t0))s" >>$log
