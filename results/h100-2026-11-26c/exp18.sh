#!/usr/bin/env bash
# Whole rows whose largest-radix butterflies outnumber 256 items: the build before
# (256 items, the last round of each stage part-idle) against the planner's balanced
# whole rows (the fewest items that keep each stage's rounds), both verified, one call,
# about 2^24 elements per case. Usage: results/h100-2026-11-26c/exp18.sh OUT NEW OLD
set -uo pipefail
out=$1 B=$2 O=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
for n in 2401 3125 3000 3750 3600 4000 2700 2880 3200 3430 3645 2592; do
  b=$(( 16777216 / n ))
  row "old-$n-$b" $O/06_mixed_radix --size $n --batch $b
  row "new-$n-$b" $B/06_mixed_radix --size $n --batch $b
done
row "old-2401-7000" $O/06_mixed_radix --size 2401 --batch 7000
row "new-2401-7000" $B/06_mixed_radix --size 2401 --batch 7000
echo "done $((SECONDS-t0))s" >>$log
