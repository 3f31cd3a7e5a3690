#!/usr/bin/env bash
# Fewer, fuller items. (1) 3^9 in one pass, 3 parts of 6561 in halves, with groups of 243
# or 365 items (81 or 54 values each) instead of 729 (27 values, which spilled in exp7):
# an experimental build (B2, kernels with 32 values per part, the planner's caps from
# EXP_ROW_HALVES_VALUES / EXP_PART_VALUES), against the default's two passes. (2) one-pass
# rows whose largest radix leaves more butterflies than the default 256 items: 7^4, 5^5,
# 3000, at --wg 512 / 1024 (one butterfly per item) against the default. All verified.
# Usage (GPU machine): results/h100-2026-11-26/exp8.sh OUT BUILD EXPBUILD
set -uo pipefail
out=$1 B=$2 B2=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv >"$out/gpu.txt" 2>&1
row "06-19683-852" $B/06_mixed_radix --size 19683 --batch 852
for wg in 256 512; do
  EXP_ROW_HALVES_VALUES=96 EXP_PART_VALUES=96 row "exp-19683-852-wg$wg" $B2/06_mixed_radix --size 19683 --batch 852 --wg $wg
  EXP_ROW_HALVES_VALUES=96 EXP_PART_VALUES=96 FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 \
    timeout 60 $B2/06_mixed_radix --size 19683 --batch 852 --wg $wg --no-verify --explain 2>&1 | grep -E "problem|ptxas|row of" >>"$out/regs.txt"
done
row "06-6561-2560" $B/06_mixed_radix --size 6561 --batch 2560
EXP_PART_VALUES=96 row "exp-6561-2560-wg128" $B2/06_mixed_radix --size 6561 --batch 2560 --wg 128
for c in 2401:7000:512 3125:5368:1024 3000:5592:512; do
  IFS=: read -r n b wg <<<"$c"
  row "06-$n-$b" $B/06_mixed_radix --size $n --batch $b
  row "06-$n-$b-wg$wg" $B/06_mixed_radix --size $n --batch $b --wg $wg
done
echo "done $((SECONDS-t0))s" >>$log
