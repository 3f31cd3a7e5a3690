#!/usr/bin/env bash
# One-pass rows exchanged in halves (FFTLAB_EXP_HALVES=1, an experiment build: -D
# FL_PASS_HALVES on a one-pass plan, half the local memory), as cuFFT's kernels for 1024
# and 2401 points do (exp38: 4,224 and 9,604 bytes of shared memory), against the
# default, with and without cuFFT's group shape (--wg), same binary and call, verified.
# Usage: results/h100-2026-11-27/exp39.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
for rep in 1 2; do
for c in 2401:7000:343 1024:16384:64 3125:5368:625 2187:7671:729 1000:16777:100 625:26843:125 729:23014:243 343:48913:49 4096:4096:512 2000:8388:200; do
  IFS=: read n b w <<<"$c"
  row "def$rep-$n-$b" $B/06_mixed_radix --size $n --batch $b
  FFTLAB_EXP_HALVES=1 row "hv$rep-$n-$b" $B/06_mixed_radix --size $n --batch $b
  row "defw$rep-$n-$b" $B/06_mixed_radix --size $n --batch $b --wg $w
  FFTLAB_EXP_HALVES=1 row "hvw$rep-$n-$b" $B/06_mixed_radix --size $n --batch $b --wg $w
done
done
for c in 2401:7000 1024:16384 3125:5368 2187:7671; do
  FFTLAB_EXP_HALVES=1 $B/06_mixed_radix --size ${c%:*} --batch ${c#*:} --explain 2>&1 | grep -E "^build|\[ 0\]" | head -2 >>"$out/explain.txt"
done
echo "done $((SECONDS-t0))s" >>$log
