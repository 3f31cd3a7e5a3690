#!/usr/bin/env bash
# 08's middle launch (bs_middle) in smaller groups: the build before (groups of 256, OLD),
# MIDDLE_ITEMS 128 (NEW) and 64 (M64, an experiment-only build of the same code with the
# constant at 64), one call, every row verified; VkFFT and cuFFT on issue 29's two 08
# cases; per-launch times at 65521.
# Usage: results/h100-2026-11-26d/exp24.sh OUT NEW OLD M64
set -uo pipefail
out=$1 B=$2 O=$3 S=$4
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
for c in 65521:256 4099:4096 65537:256 40961:409 8191:2048 5851:2867 7681:2184 16411:1022; do
  n=${c%:*} b=${c#*:}
  row "old-$n-$b" $O/08_bluestein --size $n --batch $b
  row "new-$n-$b" $B/08_bluestein --size $n --batch $b
  row "m64-$n-$b" $S/08_bluestein --size $n --batch $b
done
for c in 65521:256 4099:4096; do
  row "vk-${c%:*}-${c#*:}" $B/peer_vkfft --size ${c%:*} --batch ${c#*:}
done
timeout -k 5 120 python3 bench/peer_cufft.py --cases "65521x256 4099x4096" >"$out/cufft.csv" 2>"$out/cufft.err"
for b in $O $B $S; do
  timeout 60 $b/08_bluestein --size 65521 --batch 256 --no-verify --explain 2>&1 | grep -E "\] bs_.* ms|^time" >>"$out/explain.txt"
done
echo "done $((SECONDS-t0))s" >>$log
