#!/usr/bin/env bash
# 07's columns in parts with larger groups: --wg 256 / 512 / 1024 at the 2-D/3-D cases of
# issue 29 and the sweep (the y pass in parts takes the group; the x rows keep theirs).
# Usage (GPU machine): results/h100-2026-11-26/exp3.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
for c in 3000x2048:2 4096x4096:1 96x96x96:16 1024x1024:16 1000x1000:16 128x128x128:8; do
  n=${c%:*} b=${c#*:}
  for wg in 256 512 1024; do row "07-$n-$b-wg$wg" $B/07_multidim --size $n --batch $b --wg $wg; done
done
for c in 3000x2048:2 4096x4096:1; do
  for wg in 256 1024; do
    timeout 60 $B/07_multidim --size ${c%:*} --batch ${c#*:} --wg $wg --no-verify --explain >>$out/explain.txt 2>&1
  done
done
echo "done $((SECONDS-t0))s" >>$log
