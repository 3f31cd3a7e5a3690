#!/usr/bin/env bash
# Blocks of 25, 27 and 49 points (06 --variant big_odd) against the default, one call,
# each case default then big_odd, both verified: the powers of 3, 5 and 7 of issue 29's
# table and of 06's sweeps, one-pass whole rows and multi-pass; then per-launch times
# (--explain) and NVIDIA's register report of the big_odd kernels.
# (--variant big_odd was an experiment-only variant, never committed: 06 planning every
# size with fl_radix_with25, in exp20 with a block of 49 too; chapter 06 NOTES.md.)
# Usage: results/h100-2026-11-26d/exp20.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv >"$out/gpu.txt" 2>&1
for c in 2401:7000 3125:5368 625:26843 343:48913 729:23014 2187:7671 125:134217 \
         15625:1073 16807:998 19683:852 6561:2560 78125:214 117649:142 59049:284 390625:43; do
  n=${c%:*} b=${c#*:}
  row "def-$n-$b" $B/06_mixed_radix --size $n --batch $b
  row "big-$n-$b" $B/06_mixed_radix --size $n --batch $b --variant big_odd
done
for c in 2^18:64 2^20:16; do
  n=${c%:*} b=${c#*:}
  row "shp-$n-$b" $B/06_mixed_radix --size $n --batch $b --shapes default,512x16
done
for c in 15625:1073 16807:998 19683:852 6561:2560 2401:7000 3125:5368; do
  timeout 60 $B/06_mixed_radix --size ${c%:*} --batch ${c#*:} --no-verify --explain --variant big_odd >>"$out/explain.txt" 2>&1
done
for c in 2401:7000 16807:998 15625:1073; do
  FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 timeout 60 $B/06_mixed_radix --size ${c%:*} --batch ${c#*:} \
    --no-verify --variant big_odd --repeat 3 2>&1 | grep -iE "registers|spill|problem|fft_" >>"$out/regs.txt"
done
echo "done $((SECONDS-t0))s" >>$log
