#!/usr/bin/env bash
# Passes in parts, the first too (exp29's experiment as the planner's rule: two passes
# whose Q > 1024 keep their 4 columns in parts, the first in at most 2; the fewest parts in
# all, then the larger last Q), NEW, against the build with only the last pass in parts
# (OLD: its binary beside its own kernels), one call, every row verified; VkFFT and cuFFT
# on the sizes that change; per-launch times.
# Usage: results/h100-2026-11-26f/exp30.sh OUT NEW OLD_BIN_DIR
set -uo pipefail
out=$1 B=$2 O=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
cu=""
for c in 2^22:4 2^23:2 3145728:4 1572864:8 6291456:2 2^21:8 2^20:16 2^24:1; do
  n=${c%:*} b=${c#*:}
  row "old-$n-$b" $O/06_mixed_radix --size $n --batch $b
  row "new-$n-$b" $B/06_mixed_radix --size $n --batch $b
  case $n in 2^20|2^24|2^21) ;; *) row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b; cu+=" ${n}x$b" ;; esac
done
row "old2-2^22-4" $O/06_mixed_radix --size 2^22 --batch 4
row "new2-2^22-4" $B/06_mixed_radix --size 2^22 --batch 4
timeout -k 5 150 python3 bench/peer_cufft.py --cases "$cu" >"$out/cufft.csv" 2>"$out/cufft.err"
for a in "--size 2^22 --batch 4" "--size 3145728 --batch 4" "--size 1572864 --batch 8" "--size 6291456 --batch 2"; do
  echo "== new $a" >>"$out/explain.txt"
  timeout 60 $B/06_mixed_radix $a --no-verify --explain 2>&1 | grep -E "\] fft_.* ms|^time" >>"$out/explain.txt"
done
echo "done $((SECONDS-t0))s" >>$log
