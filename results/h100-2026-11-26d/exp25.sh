#!/usr/bin/env bash
# 07's columns in parts exchanged in slices (every item busy in every round,
# sliced_exchange) against parts a round at a time (the kernel file before, through
# --kernels FILE), one call, every row verified; VkFFT and cuFFT on the shapes;
# per-launch times and NVIDIA's register report at 4096^2.
# Usage: results/h100-2026-11-26d/exp25.sh OUT BUILD OLD_KERNEL_FILE
set -uo pipefail
out=$1 B=$2 K=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
cu=""
for c in 4096x4096:1 2048x2048:4 4096x2048:2 2048x4096:2 2048x2x4096:2 3000x2048:2 2000x2000:4; do
  n=${c%:*} b=${c#*:}
  row "new-$n-$b" $B/07_multidim --size $n --batch $b
  row "old-$n-$b" $B/07_multidim --size $n --batch $b --kernels $K
  row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b
  cu+=" ${n//x/,}x$b"
done
timeout -k 5 150 python3 bench/peer_cufft.py --cases "$cu" >"$out/cufft.csv" 2>"$out/cufft.err"
for k in new old; do
  extra=(); [ $k = old ] && extra=(--kernels $K)
  timeout 60 $B/07_multidim --size 4096x4096 --no-verify --explain "${extra[@]}" 2>&1 | grep -E "\] fft_.* ms|^time" >>"$out/explain.txt"
done
FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 timeout 60 $B/07_multidim --size 4096x4096 \
  --no-verify --repeat 3 2>&1 | grep -iE "registers|spill|Compiling entry" >"$out/regs.txt"
echo "done $((SECONDS-t0))s" >>$log
