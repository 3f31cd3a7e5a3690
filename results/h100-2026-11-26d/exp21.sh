#!/usr/bin/env bash
# exp20 said: the blocks of 25 and 27 win on some one-pass whole rows and lose on
# multi-pass sizes. Here, one call: one-pass whole rows with a factor 5^2 or 3^3, about
# 2^24 points each, default then --variant big_odd (now 25 and 27 only), both verified;
# and the last pass of 2^a multi-pass plans in groups of 512 items of 16 values
# (--shapes default,...,512x16, --tune's choice at 2^18) against the default.
# (--variant big_odd was an experiment-only variant, never committed: 06 planning every
# size with fl_radix_with25, in exp20 with a block of 49 too; chapter 06 NOTES.md.)
# Usage: results/h100-2026-11-26d/exp21.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
for n in 125 250 375 625 675 1125 1250 1875 2025 2500 3125 3375 3750 5000 243 486 729 1458 2187 2916 4374; do
  b=$(( (1 << 24) / n ))
  row "def-$n-$b" $B/06_mixed_radix --size $n --batch $b
  row "big-$n-$b" $B/06_mixed_radix --size $n --batch $b --variant big_odd
done
for c in 2^18:64 2^19:32 2^21:8 2^23:2; do
  n=${c%:*} b=${c#*:}
  np=$($B/06_mixed_radix --size $n --batch $b --no-verify --repeat 2 --explain 2>&1 | grep -o "fft_mixed_p[0-9](" | sort -u | wc -l)
  shapes=$(printf 'default,%.0s' $(seq 2 $np))512x16
  row "def-$n-$b" $B/06_mixed_radix --size $n --batch $b
  row "last-$n-$b" $B/06_mixed_radix --size $n --batch $b --shapes $shapes
  echo "$n: $np passes, --shapes $shapes" >>"$out/shapes.txt"
done
echo "done $((SECONDS-t0))s" >>$log
