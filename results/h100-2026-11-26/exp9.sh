#!/usr/bin/env bash
# 08 by Rader for primes whose N - 1 is 7-smooth (rader_fused, lesson 08 "Rader's way for
# some primes"): 1009, 2017 and 4001 by the default (Rader) against --variant no_rader
# (Bluestein, the default before), VkFFT and cuFFT in the same call; 1009 also at --wg 64,
# 128, 512 (1, 2, 8 rows per group; the default takes 4). All verified.
# Usage (GPU machine): results/h100-2026-11-26/exp9.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv >"$out/gpu.txt" 2>&1
for c in 1009:16384 2017:8192 4001:4096; do
  n=${c%:*} b=${c#*:}
  row "08-$n-$b" $B/08_bluestein --size $n --batch $b
  row "08nr-$n-$b" $B/08_bluestein --variant no_rader --size $n --batch $b
  row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b
done
for wg in 64 128 512; do
  row "08-1009-16384-wg$wg" $B/08_bluestein --size 1009 --batch 16384 --wg $wg
done
timeout -k 5 120 python3 bench/peer_cufft.py --cases "1009x16384 2017x8192 4001x4096" >"$out/cufft.csv" 2>"$out/cufft.err"
echo "[$((SECONDS - t0))s] cufft: exit $?" >>"$log"
timeout 60 $B/08_bluestein --size 1009 --batch 16384 --no-verify --explain >"$out/explain.txt" 2>&1
echo "done $((SECONDS-t0))s" >>$log
