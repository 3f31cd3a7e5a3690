#!/usr/bin/env bash
# one-off: radix 10 + balanced items (build) against the previous planner (build-old), VkFFT same run
set -uo pipefail
out=$1
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
: >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu/gpu-rows.sh
ROW_TIMEOUT=200
for round in 1 2; do
  for nb in 1000000/16 19683/852 15625/1073 16807/998 1000/16384; do
    n=${nb%/*} bt=${nb#*/}
    row "06-$n-old-$round" build-old/06_mixed_radix --size $n --batch $bt
    row "06-$n-new-$round" build/06_mixed_radix --size $n --batch $bt
    [ $n = 1000000 ] && row "06-$n-no10-$round" build/06_mixed_radix --size $n --batch $bt --variant no_radix10
    [ $n = 1000000 ] && [ $round = 1 ] && { row "06-$n-tune" build/06_mixed_radix --size $n --batch $bt --tune; grep -A16 "^tune" $tmp/err >> $out/tune.txt; }
    row "vk-$n-$round" build/peer_vkfft --size $n --batch $bt
  done
  row "07-1000sq-old-$round" build-old/07_multidim --size 1000x1000 --batch 16
  row "07-1000sq-new-$round" build/07_multidim --size 1000x1000 --batch 16
  row "vk-1000sq-$round" build/peer_vkfft --size 1000x1000 --batch 16
done
for bin in build-old build; do build/../$bin/07_multidim --size 1000x1000 --batch 16 --explain --repeat 200 2>&1 | grep -E "^build|^  \[|^time" >> $out/explain.txt; done
for bin in build-old build; do $bin/06_mixed_radix --size 1000000 --batch 16 --explain --repeat 200 2>&1 | grep -E "^build|^  \[|^time" >> $out/explain.txt; done
echo "done in $((SECONDS - t0))s" >>"$log"
