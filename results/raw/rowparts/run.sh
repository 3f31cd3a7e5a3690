#!/usr/bin/env bash
# one-off: 06's row in parts (fft_row_parts_p0, one pass) against two passes (--variant
# no_parts), 05's default (its own row in parts) and VkFFT in the same run.
# Usage: run.sh OUT
set -uo pipefail
out=$1
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
: >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu/gpu-rows.sh
ROW_TIMEOUT=200
for round in 1 2; do
  for s in 16384x1024 8192x2048 12288x1024 10000x1600 5000x3000; do
    n=${s%x*} b=${s#*x}
    row "06-$s-parts-$round" build/06_mixed_radix --size $n --batch $b
    row "06-$s-no_parts-$round" build/06_mixed_radix --size $n --batch $b --variant no_parts
    case $n in 16384|8192) row "05-$s-$round" build/05_register_radix --size $n --batch $b ;; esac
    row "vk-$s-$round" build/peer_vkfft --size $n --batch $b
  done
done
for n in 16384 8192 10000; do
  build/06_mixed_radix --size $n --batch 16 --explain --repeat 50 2>&1 | grep -E "^  \[ *[0-9]\] [a-z_0-9]+  |^time|^build" >> $out/explain.txt
  FFTLAB_BUILD_LOG=1 FFTLAB_BUILD_OPTIONS=-cl-nv-verbose build/06_mixed_radix --size $n --batch 16 --repeat 1 --no-verify 2>&1 | grep -A3 "fft_row_parts" >> $out/verbose.txt
done
echo "done in $((SECONDS - t0))s" >>"$log"
