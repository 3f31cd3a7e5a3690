#!/usr/bin/env bash
# call 2: conv_fused variants — registers (NVIDIA) and per-launch times
out=$1
A4="--size 4096x4096 --mode circular --filter-size 64"
A1="--size 2^20 --batch 16 --mode circular --filter-size 64"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $out/device.txt; date -u >> $out/device.txt
regs() { FFTLAB_BUILD_OPTIONS="-cl-nv-verbose $OPT" FFTLAB_BUILD_LOG=1 "$@" --repeat 1 --no-verify 2>&1 | grep -E "Compiling entry|Used|bytes spill" | sed "s/ptxas[ .a-z]*: *//" | paste -s -d" " | sed "s/Compiling/\nCompiling/g" | grep -E "conv_|fft_"; }
for v in k0 t1 g1 tg; do echo "== $v"; regs build-var/$v/build/11_convolution $A4; done > $out/regs.txt
{ echo "== x r8 wg512"; X_R8=1 regs build-var/x/build/11_convolution $A4 --wg 512
  echo "== k0 maxrreg128"; OPT=-cl-nv-maxrregcount=128 regs build-var/k0/build/11_convolution $A4; } >> $out/regs.txt
pl() { echo "== $*"; "$@" --explain --no-verify 2>&1 | grep -E "^  \[|^time" | cut -c1-60; }
for r in 1 2; do
  for v in k0 t1 g1 tg; do pl build-var/$v/build/11_convolution $A4; done
  X_R8=1 pl build-var/x/build/11_convolution $A4 --wg 512
  X_R8=1 pl build-var/x/build/11_convolution $A4 --wg 1024
  pl build-var/k0/build/11_convolution $A4 --wg 512
  pl build-var/k0/build/11_convolution $A4 --wg 512 --variant unfused
  FFTLAB_BUILD_OPTIONS=-cl-nv-maxrregcount=128 pl build-var/k0/build/11_convolution $A4
  pl build-var/k0/build/11_convolution $A1
  pl build-var/k0/build/11_convolution $A1 --wg 512
  pl build-var/k0/build/11_convolution $A1 --wg 128
  X_R8=1 pl build-var/x/build/11_convolution $A1 --wg 512
done > $out/times.txt 2>&1
date -u >> $out/device.txt
