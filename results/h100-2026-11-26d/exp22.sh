#!/usr/bin/env bash
# The cases of issue 29 within a few per cent of the better peer, under other group
# shapes and --tune, with the peers in the same call: 1024 x 16384 (one pass), 65536 x 256
# (a tie), 10^6 x 16, 2^20 x 16, 2401 x 7000. Each chapter row verified.
# Usage: results/h100-2026-11-26d/exp22.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
M=$B/06_mixed_radix
row "def-1024" $M --size 1024 --batch 16384
for w in 64 256 512; do row "wg$w-1024" $M --size 1024 --batch 16384 --wg $w; done
row "vk-1024" $B/peer_vkfft --size 1024 --batch 16384
row "def-65536" $M --size 65536 --batch 256
for s in 256x8,512x8 256x8,128x16 128x16,default 256x8,1024x8; do
  row "shp$s-65536" $M --size 65536 --batch 256 --shapes $s; done
row "vk-65536" $B/peer_vkfft --size 65536 --batch 256
for c in 1000000:16 2^20:16 2401:7000; do
  n=${c%:*} b=${c#*:}
  row "def-$n" $M --size $n --batch $b
  row "tune-$n" $M --size $n --batch $b --tune
  row "vk-$n" $B/peer_vkfft --size $n --batch $b
done
for w in 512 1024; do row "wg$w-2401" $M --size 2401 --batch 7000 --wg $w; done
echo "done $((SECONDS-t0))s" >>$log
