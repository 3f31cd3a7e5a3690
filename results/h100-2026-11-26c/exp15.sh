#!/usr/bin/env bash
# Group sizes, two sweeps (both verified, one call each):
#   multi: 06's multi-pass sizes at the default, --wg 512 (what 512-item groups change:
#          fewer values per item, more columns), and the first pass at 8 values per item
#          (--shapes 256x8,default...), every case 2^24 elements (about);
#   one:   06's one-pass sizes at --wg 64, 128, 256 (default), 512 (rows per group, items per row).
# Usage: results/h100-2026-11-26c/exp15.sh multi|one OUT [BUILD]
set -uo pipefail
what=$1 out=$2 B=${3:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
if [ "$what" = multi ]; then
  for c in 65536:256:2 2^18:64:2 2^20:16:2 2^22:4:3 2^24:1:3 1000000:16:2 78125:214:2 117649:142:2 \
           59049:284:2 196608:85:2 100000:167:2 531441:31:2 390625:43:2; do
    IFS=: read -r n b p <<<"$c"
    rest=$([ "$p" = 3 ] && echo ",default,default" || echo ",default")
    row "06-$n-$b" $B/06_mixed_radix --size $n --batch $b
    row "06w512-$n-$b" $B/06_mixed_radix --size $n --batch $b --wg 512
    row "06s8-$n-$b" $B/06_mixed_radix --size $n --batch $b --shapes "256x8$rest"
  done
else
  for c in 256:65536 512:32768 1000:16384 1024:16384 2048:8192 2401:7000 3125:5369 4096:4096 \
           625:26843 343:48913 729:23014 2187:7671 3000:5592; do
    IFS=: read -r n b <<<"$c"
    for wg in 64 128 256 512; do row "06w$wg-$n-$b" $B/06_mixed_radix --size $n --batch $b --wg $wg; done
  done
fi
echo "done $((SECONDS-t0))s" >>$log
