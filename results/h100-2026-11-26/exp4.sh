#!/usr/bin/env bash
# 06's rows in 7 and 8 parts (B = 7, 8 with 625-item groups) on the GPU: verified, and
# timed against --wg 256 (the two passes they took before). About 2^24 points each.
# Usage (GPU machine): results/h100-2026-11-26/exp4.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
for c in 25000:671 21875:767; do
  n=${c%:*} b=${c#*:}
  row "06-$n-$b" $B/06_mixed_radix --size $n --batch $b
  row "06-$n-$b-inv" $B/06_mixed_radix --size $n --batch $b --inverse
  row "06-$n-$b-wg256" $B/06_mixed_radix --size $n --batch $b --wg 256
  row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b
done
echo "done $((SECONDS-t0))s" >>$log
