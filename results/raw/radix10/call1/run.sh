#!/usr/bin/env bash
# one-off: radix-10 stages at 10^6 x 16 and 1000 x 16384, VkFFT in the same run
set -uo pipefail
out=$1 b=build
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
: >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu/gpu-rows.sh
ROW_TIMEOUT=300
for round in 1 2; do
  n=1000000 bt=16
  row "06-1e6-default-$round" $b/06_mixed_radix --size $n --batch $bt
  row "06-1e6-r10-$round" $b/06_mixed_radix --size $n --batch $bt --variant radix10
  row "06-1e6-r10-200x20-$round" $b/06_mixed_radix --size $n --batch $bt --variant radix10 --shapes 200x20,200x20
  row "06-1e6-r10-512x16-$round" $b/06_mixed_radix --size $n --batch $bt --variant radix10 --shapes 512x16,512x16
  row "06-1e6-r10-400x10-$round" $b/06_mixed_radix --size $n --batch $bt --variant radix10 --shapes 400x10,400x10
  row "vk-1e6-$round" $b/peer_vkfft --size $n --batch $bt
  if [ $round = 1 ]; then
    row "06-1e6-tune" $b/06_mixed_radix --size $n --batch $bt --tune; grep -A14 "^tune" $tmp/err >> $out/tune.txt
    row "06-1e6-r10-tune" $b/06_mixed_radix --size $n --batch $bt --variant radix10 --tune; grep -A14 "^tune" $tmp/err >> $out/tune.txt
  fi
  n=1000 bt=16384
  row "06-1000-default-$round" $b/06_mixed_radix --size $n --batch $bt
  row "06-1000-r10-$round" $b/06_mixed_radix --size $n --batch $bt --variant radix10
  row "vk-1000-$round" $b/peer_vkfft --size $n --batch $bt
done
FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 $b/06_mixed_radix --size 1000000 --batch 16 --variant radix10 --repeat 3 > $out/verbose.txt 2>&1
FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 $b/06_mixed_radix --size 1000000 --batch 16 --repeat 3 --explain --repeat 200 >> $out/verbose.txt 2>&1
$b/06_mixed_radix --size 1000000 --batch 16 --variant radix10 --explain --repeat 200 2>&1 | grep -A3 "per launch" >> $out/verbose.txt
echo "done in $((SECONDS - t0))s" >>"$log"
