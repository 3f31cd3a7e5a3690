#!/usr/bin/env bash
# call 3: tw_inv (the inverse's twiddles through a second pointer) before/after;
# NVIDIA's registers; the same in the 1-D middle (m1, a diagnostic)
out=$1
A4="--size 4096x4096 --mode circular --filter-size 64"
A1="--size 2^20 --batch 16 --mode circular --filter-size 64"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $out/device.txt; date -u >> $out/device.txt
ONLY='^(08|11)' LOG=$out/cmp.log tools/gpu/compare-builds.sh build-cmp/before build-cmp/after 2 > $out/cmp.txt 2>&1
date -u >> $out/device.txt
regs() { FFTLAB_BUILD_OPTIONS="-cl-nv-verbose" FFTLAB_BUILD_LOG=1 "$@" --repeat 1 --no-verify 2>&1 | grep -E "Compiling entry|Used|bytes spill" | sed "s/ptxas[ .a-z]*: *//" | paste -s -d" " | sed "s/Compiling/\nCompiling/g" | grep -E "conv_|fft_|bluestein_|rader_|bs_"; }
for s in before after; do
  echo "== $s 11 A4"; regs build-cmp/$s/build/11_convolution $A4
  echo "== $s 08 1009"; regs build-cmp/$s/build/08_bluestein --size 1009 --batch 1024
  echo "== $s 08 4001"; regs build-cmp/$s/build/08_bluestein --size 4001 --batch 1024
done > $out/regs.txt
{ echo "== m1 11 A1"; regs build-var/m1/build/11_convolution $A1; echo "== after 11 A1"; regs build-cmp/after/build/11_convolution $A1; } >> $out/regs.txt
pl() { echo "== $*"; "$@" --explain --no-verify 2>&1 | grep -E "^  \[|^time" | grep -v "(" | cut -c1-60; }
for r in 1 2; do
  pl build-cmp/after/build/11_convolution $A1
  pl build-var/m1/build/11_convolution $A1
  pl build-cmp/after/build/11_convolution $A4
done > $out/times.txt 2>&1
date -u >> $out/device.txt
