#!/usr/bin/env bash
# 08 by Rader as kept: rader_fused (permutation straight from global memory, its own
# group's registers) only where Bluestein's M takes more than one pass; 2161 and 4001
# against --variant no_rader (Bluestein, two passes), VkFFT and cuFFT in the same call;
# 1009 (Bluestein, one pass, unchanged). All verified.
# Usage (GPU machine): results/h100-2026-11-26/exp11.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv >"$out/gpu.txt" 2>&1
for c in 2161:7763 4001:4096 1009:16384; do
  n=${c%:*} b=${c#*:}
  row "08-$n-$b" $B/08_bluestein --size $n --batch $b
  [ $n = 1009 ] || row "08nr-$n-$b" $B/08_bluestein --variant no_rader --size $n --batch $b
  row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b
done
timeout -k 5 120 python3 bench/peer_cufft.py --cases "2161x7763 4001x4096 1009x16384" >"$out/cufft.csv" 2>"$out/cufft.err"
echo "[$((SECONDS - t0))s] cufft: exit $?" >>"$log"
timeout 60 $B/08_bluestein --size 4001 --batch 4096 --no-verify --explain >"$out/explain.txt" 2>&1
echo "done $((SECONDS-t0))s" >>$log
