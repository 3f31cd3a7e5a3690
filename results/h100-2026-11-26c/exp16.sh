#!/usr/bin/env bash
# The group rules (chapters/06_mixed_radix/plan.c) against the build before them, one
# call, each case old then new, both verified: 06's multi-pass sizes (about 2^24
# elements each) and the one-pass whole-row sizes the 128-item rule changes.
# Usage: results/h100-2026-11-26c/exp16.sh OUT NEW_BUILD OLD_BUILD
set -uo pipefail
out=$1 B=$2 O=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
for c in 65536:256 2^18:64 2^20:16 2^22:4 2^24:1 1000000:16 78125:214 117649:142 59049:284 \
         196608:85 100000:167 531441:31 390625:43 \
         256:65536 512:32768 1000:16384 1024:16384 2048:8192 625:26843 343:48913 729:23014; do
  n=${c%:*} b=${c#*:}
  row "old-$n-$b" $O/06_mixed_radix --size $n --batch $b
  row "new-$n-$b" $B/06_mixed_radix --size $n --batch $b
done
echo "done $((SECONDS-t0))s" >>$log
