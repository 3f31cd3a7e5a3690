#!/usr/bin/env bash
# One-pass rows of 2048 < N <= 4096: the default (a whole row per group of up to 256
# items) against --wg 128 (for these a row in 2 to 7 parts by 49 to 128 items of 20 to 54
# values), both verified, one call, about 2^24 elements per case.
# Usage: results/h100-2026-11-26c/exp17.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
for n in 2187 2250 2304 2401 2500 2560 2592 2700 2744 2880 3000 3072 3125 3200 3375 3430 \
         3456 3584 3600 3645 3750 3840 3888 4000 4096; do
  b=$(( 16777216 / n ))
  row "def-$n-$b" $B/06_mixed_radix --size $n --batch $b
  row "w128-$n-$b" $B/06_mixed_radix --size $n --batch $b --wg 128
done
echo "done $((SECONDS-t0))s" >>$log
