#!/usr/bin/env bash
# 06's multi-pass plans with the first pass at 8 values per item (--shapes 256x8,default...):
# the shape --tune kept for pass 0 at 65536, 2^18, 2^22, 2^24 on 2026-11-24 (NOTES.md), as a
# rule for every multi-pass size, against the default, both verified, in one call; 10^6
# also with 1024x4 (what --tune kept there). Usage: results/h100-2026-11-26/exp12.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
for c in 65536:256:2 2^18:64:2 2^20:16:2 2^22:4:3 2^24:1:3 1000000:16:2 78125:214:3 117649:142:2 59049:284:2 196608:85:2; do
  IFS=: read -r n b p <<<"$c"
  rest=$([ "$p" = 3 ] && echo ",default,default" || echo ",default")
  row "06-$n-$b" $B/06_mixed_radix --size $n --batch $b
  row "06s8-$n-$b" $B/06_mixed_radix --size $n --batch $b --shapes "256x8$rest"
done
row "06s4-1000000-16" $B/06_mixed_radix --size 1000000 --batch 16 --shapes 1024x4,default
echo "done $((SECONDS-t0))s" >>$log
