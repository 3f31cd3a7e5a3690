#!/usr/bin/env bash
# Outer axes whose column pass in parts cannot exchange in slices (3000, 2000, 6000,
# 5000: 10 x 10 x 10 x k): in parts (the default) against two column passes
# (--variant no_parts), same binary and call, verified, twice; VkFFT beside; per launch.
# Usage: results/h100-2026-11-27/exp40.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
cases="3000x2048:2 2000x2000:4 6000x1024:2 5000x1000:3 3000x1000:5 2000x4096:2 1500x4096:2 4096x4096:1 2048x2048:4 3000x3000:1 1000x1000:16"
for rep in 1 2; do
  for c in $cases; do
    n=${c%:*} b=${c#*:}
    row "parts$rep-$n-$b" $B/07_multidim --size $n --batch $b
    row "np$rep-$n-$b" $B/07_multidim --size $n --batch $b --variant no_parts
  done
done
for c in 3000x2048:2 2000x2000:4 6000x1024:2; do
  n=${c%:*} b=${c#*:}
  row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b
  for v in strided no_parts; do
    $B/07_multidim --size $n --batch $b --variant $v --explain 2>&1 | grep -E "^\s+\[ ?[0-9]\] fft_[a-z_0-9]+ +[0-9.]+ ms" >>"$out/explain.txt"
  done
done
echo "done $((SECONDS-t0))s" >>$log
