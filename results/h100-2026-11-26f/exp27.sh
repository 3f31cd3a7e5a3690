#!/usr/bin/env bash
# 06's last pass in parts (fft_mixed_parts_p<k>): rows that took three passes of Q <= 1024
# take two, the last with Q up to 4096 and its 4 columns in parts (NEW), against the build
# before (OLD: three passes), and the new build with groups of 256 (--wg 256: 64 items of
# 64 values a column in the parted pass, where the default gives 128 of 32); sizes it does
# not change as controls; VkFFT and cuFFT in the same call; per-launch times and NVIDIA's
# register report.
# Usage: results/h100-2026-11-26f/exp27.sh OUT NEW OLD
set -uo pipefail
out=$1 B=$2 O=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
cu=""
for c in 2^22:4 2^21:8 3145728:4 2^22:1 2^21:1 1572864:8 2^23:2 2^20:16 2^24:1; do
  n=${c%:*} b=${c#*:}
  row "old-$n-$b" $O/06_mixed_radix --size $n --batch $b
  row "new-$n-$b" $B/06_mixed_radix --size $n --batch $b
  case $n in 2^23|2^20|2^24) ;; *) row "wg256-$n-$b" $B/06_mixed_radix --size $n --batch $b --wg 256 ;; esac
  case $n in 2^22|2^21|3145728) [ $b -gt 1 ] && { row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b; cu+=" ${n}x$b"; } ;; esac
done
for c in 2^22:4 2^21:8; do
  n=${c%:*} b=${c#*:}
  row "old2-$n-$b" $O/06_mixed_radix --size $n --batch $b
  row "new2-$n-$b" $B/06_mixed_radix --size $n --batch $b
done
timeout -k 5 150 python3 bench/peer_cufft.py --cases "$cu" >"$out/cufft.csv" 2>"$out/cufft.err"
for a in "--size 2^22 --batch 4" "--size 2^22 --batch 4 --wg 256" "--size 2^21 --batch 8" "--size 3145728 --batch 4"; do
  echo "== new $a" >>"$out/explain.txt"
  timeout 60 $B/06_mixed_radix $a --no-verify --explain 2>&1 | grep -E "\] fft_.* ms|^time" >>"$out/explain.txt"
done
FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 timeout 60 $B/06_mixed_radix --size 2^22 --batch 4 \
  --no-verify --repeat 3 2>&1 | grep -iE "registers|spill|Compiling entry" >"$out/regs.txt"
echo "done $((SECONDS-t0))s" >>$log
