#!/usr/bin/env bash
# The longer pass first (N = 2^a in two passes; lesson 06 "The longer pass first"), as
# committed, against the binary before it (BEFORE, same kernels), two rounds, every row
# verified; VkFFT and cuFFT in the same call; per launch.
# Usage: results/h100-2026-11-27/exp42.sh OUT BUILD BEFORE_BINARY
set -uo pipefail
out=$1 B=$2 O=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv >"$out/gpu.txt" 2>&1
cases="2^18:64 2^19:32 2^20:16 2^21:8 2^17:128 65536:256 2^22:4"
for rep in 1 2; do
  for c in $cases; do
    n=${c%:*} b=${c#*:}
    row "before$rep-$n-$b" $O --size $n --batch $b
    row "new$rep-$n-$b" $B/06_mixed_radix --size $n --batch $b
  done
done
cu=""
for c in $cases; do
  n=${c%:*} b=${c#*:}
  row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b
  cu+=" ${n}x$b"
  echo "== $n x $b" >>"$out/explain.txt"
  timeout 60 $B/06_mixed_radix --size $n --batch $b --no-verify --explain 2>&1 | grep -E "why|\] fft_.* ms|^time" >>"$out/explain.txt"
done
timeout -k 5 150 python3 bench/peer_cufft.py --cases "$cu" >"$out/cufft.csv" 2>"$out/cufft.err"
echo "cufft exit $? done $((SECONDS-t0))s" >>$log
