#!/usr/bin/env bash
# one-off: 07's column pass in parts (build) against two column passes (--variant no_parts)
# and 09 R2C before parts (build-old = 72dc5b3); VkFFT in the same run. Usage: run.sh OUT
set -uo pipefail
out=$1
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
: >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh
ROW_TIMEOUT=200
for round in 1 2; do
  row "07-4096sq-parts-$round" build/07_multidim --size 4096x4096
  row "07-4096sq-no_parts-$round" build/07_multidim --size 4096x4096 --variant no_parts
  row "vk-4096sq-$round" build/peer_vkfft --size 4096x4096
  row "07-2048sq4-parts-$round" build/07_multidim --size 2048x2048 --batch 4
  row "07-2048sq4-no_parts-$round" build/07_multidim --size 2048x2048 --batch 4 --variant no_parts
  row "vk-2048sq4-$round" build/peer_vkfft --size 2048x2048 --batch 4
  row "07-2000sq4-parts-$round" build/07_multidim --size 2000x2000 --batch 4
  row "07-2000sq4-no_parts-$round" build/07_multidim --size 2000x2000 --batch 4 --variant no_parts
  row "vk-2000sq4-$round" build/peer_vkfft --size 2000x2000 --batch 4
  row "09-r2c-4096sq-parts-$round" build/09_real_input --size 4096x4096
  row "09-r2c-4096sq-old-$round" build-old/09_real_input --size 4096x4096
  row "vk-r2c-4096sq-$round" build/peer_vkfft --size 4096x4096 --real
done
row "07-4096sq-512x8" build/07_multidim --size 4096x4096 --shapes 256x16,512x8
row "07-4096sq-tune" build/07_multidim --size 4096x4096 --tune; grep -A16 "^tune" $tmp/err >> $out/tune.txt
for v in strided no_parts; do build/07_multidim --size 4096x4096 --variant $v --explain --repeat 200 2>&1 | grep -E "^build|^  \[|^time" >> $out/explain.txt; done
build-old/09_real_input --size 4096x4096 --explain --repeat 200 2>&1 | grep -E "^build|^  \[|^time" >> $out/explain.txt
build/09_real_input --size 4096x4096 --explain --repeat 200 2>&1 | grep -E "^build|^  \[|^time" >> $out/explain.txt
FFTLAB_BUILD_LOG=1 FFTLAB_BUILD_OPTIONS=-cl-nv-verbose build/07_multidim --size 4096x4096 --repeat 1 --no-verify > $out/verbose.txt 2>&1
echo "done in $((SECONDS - t0))s" >>"$log"
