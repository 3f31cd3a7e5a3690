#!/usr/bin/env bash
# (1) The copy ceiling: copyprobe.c (the chapters' copy kernel beside wider and longer
# copies, profiling events) at 128 and 256 MiB per buffer. (2) 08's first launch
# (bs_forward_first) in its own groups of 128 (NEW, -D BS_FIRST) against the build before
# (OLD: pass 0's groups for it too), one call, every row verified; per-launch times.
# Usage: results/h100-2026-11-26f/exp26.sh OUT NEW OLD
set -uo pipefail
out=$1 B=$2 O=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$out/gpu.txt" 2>&1
{ timeout 120 $B/copyprobe 128 200; timeout 120 $B/copyprobe 256 100; } >"$out/copy.txt" 2>&1
echo "[$((SECONDS-t0))s] copyprobe done" >>$log
for c in 65521:256 4099:4096 65537:256 40961:409 8191:2048 5851:2867 7681:2184 16411:1022 2049:8192; do
  n=${c%:*} b=${c#*:}
  row "old-$n-$b" $O/08_bluestein --size $n --batch $b
  row "new-$n-$b" $B/08_bluestein --size $n --batch $b
done
for c in 65521:256 4099:4096; do
  n=${c%:*} b=${c#*:}
  row "old2-$n-$b" $O/08_bluestein --size $n --batch $b
  row "new2-$n-$b" $B/08_bluestein --size $n --batch $b
  for b2 in $O $B; do
    echo "== $b2 $n x $b" >>"$out/explain.txt"
    timeout 60 $b2/08_bluestein --size $n --batch $b --no-verify --explain 2>&1 | grep -E "\] bs_.* ms|^time" >>"$out/explain.txt"
  done
done
echo "done $((SECONDS-t0))s" >>$log
