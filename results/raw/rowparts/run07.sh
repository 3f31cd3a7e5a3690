#!/usr/bin/env bash
# one-off: 07's rows in parts (fft_rowparts_x_p0) against its two row passes (--variant
# no_parts), VkFFT in the same run. Usage: run07.sh OUT
set -uo pipefail
out=$1
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
: >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu/gpu-rows.sh
ROW_TIMEOUT=200
for round in 1 2; do
  row "07-16384x1024-parts-$round" build/07_multidim --size 16384 --batch 1024
  row "07-16384x1024-no_parts-$round" build/07_multidim --size 16384 --batch 1024 --variant no_parts
  row "vk-16384x1024-$round" build/peer_vkfft --size 16384 --batch 1024
  row "07-8192sq-parts-$round" build/07_multidim --size 8192x8192
  row "07-8192sq-no_parts-$round" build/07_multidim --size 8192x8192 --variant no_parts
  row "vk-8192sq-$round" build/peer_vkfft --size 8192x8192
  row "07-1024x16384-parts-$round" build/07_multidim --size 1024x16384
  row "07-1024x16384-no_parts-$round" build/07_multidim --size 1024x16384 --variant no_parts
  row "vk-1024x16384-$round" build/peer_vkfft --size 1024x16384
done
build/07_multidim --size 8192x8192 --explain --repeat 50 2>&1 | grep -E "^  \[ *[0-9]\] [a-z_0-9]+  |^time|^build" >> $out/explain.txt
build/07_multidim --size 1024x16384 --explain --repeat 50 2>&1 | grep -E "^  \[ *[0-9]\] [a-z_0-9]+  |^time|^build" >> $out/explain.txt
FFTLAB_BUILD_LOG=1 FFTLAB_BUILD_OPTIONS=-cl-nv-verbose build/07_multidim --size 16384 --batch 16 --repeat 1 --no-verify 2>&1 | grep -A3 "fft_rowparts" > $out/verbose.txt
echo "done in $((SECONDS - t0))s" >>"$log"
