#!/usr/bin/env bash
# Exploration, one call: (a) fewer neighbouring columns per group for long strided passes
# (FFTLAB_EXP_MIN_COLUMNS, an experiment-only override of the planner's min_columns = 4:
# 2 = 07's 4096-point y pass in 2 parts of 1 column, 06's 2^22 in two passes of 2048;
# 1 = no parts, one column per group, 06's 2^24 in two passes of 4096);
# (b) one-pass 06 rows at other --wg; (c) 10^6 with 10 values per item.
# Usage: results/h100-2026-11-26c/exp14.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
for mc in 4 2 1; do
  export FFTLAB_EXP_MIN_COLUMNS=$mc
  row "07-4096x4096-1-mc$mc" $B/07_multidim --size 4096x4096 --batch 1
  row "07-3000x2048-2-mc$mc" $B/07_multidim --size 3000x2048 --batch 2
  row "07-2048x2048-4-mc$mc" $B/07_multidim --size 2048x2048 --batch 4
  row "09-256x256x256-1-mc$mc" $B/09_real_input --size 256x256x256 --batch 1
  [ $mc = 4 ] || row "06-2^22-4-mc$mc" $B/06_mixed_radix --size 2^22 --batch 4
  [ $mc = 4 ] || row "06-2^18-64-mc$mc" $B/06_mixed_radix --size 2^18 --batch 64
  [ $mc = 1 ] && row "06-2^24-1-mc$mc" $B/06_mixed_radix --size 2^24 --batch 1
  timeout 60 $B/07_multidim --size 4096x4096 --no-verify --explain --repeat 100 >>"$out/explain.txt" 2>&1
  [ $mc = 4 ] || timeout 60 $B/06_mixed_radix --size 2^22 --batch 4 --no-verify --explain --repeat 100 >>"$out/explain.txt" 2>&1
  [ $mc = 1 ] && timeout 60 $B/06_mixed_radix --size 2^24 --batch 1 --no-verify --explain --repeat 100 >>"$out/explain.txt" 2>&1
done
unset FFTLAB_EXP_MIN_COLUMNS
row "07-4096x4096-1-wg512-mc4" $B/07_multidim --size 4096x4096 --batch 1 --wg 512
FFTLAB_EXP_MIN_COLUMNS=2 row "07-4096x4096-1-wg512-mc2" $B/07_multidim --size 4096x4096 --batch 1 --wg 512
for n in 2^22:4 2^24:1 2^18:64; do row "06-$n" $B/06_mixed_radix --size ${n%:*} --batch ${n#*:}; done
for wg in 64 128 256; do row "06-1024-16384-wg$wg" $B/06_mixed_radix --size 1024 --batch 16384 --wg $wg; done
for wg in 256 512; do row "06-2401-7000-wg$wg" $B/06_mixed_radix --size 2401 --batch 7000 --wg $wg; done
for wg in 128 256; do row "06-6561-2560-wg$wg" $B/06_mixed_radix --size 6561 --batch 2560 --wg $wg; done
row "06-1000000-16" $B/06_mixed_radix --size 1000000 --batch 16
for sh in 512x10,512x10 512x10,default default,512x10 256x10,256x10 512x5,512x5; do
  row "06-1000000-16-$sh" $B/06_mixed_radix --size 1000000 --batch 16 --shapes $sh
done
echo "done $((SECONDS-t0))s" >>$log
