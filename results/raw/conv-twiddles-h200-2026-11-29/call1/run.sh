#!/usr/bin/env bash
# call 1: time the pointer change (before 35e99b1, after HEAD) and NVIDIA's registers
out=$1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $out/device.txt; date -u >> $out/device.txt
ONLY='^(08|11)' LOG=$out/cmp.log tools/gpu/compare-builds.sh build-cmp/before build-cmp/after 2 > $out/cmp.txt 2>&1
A4="--size 4096x4096 --mode circular --filter-size 64"
A1="--size 2^20 --batch 16 --mode circular --filter-size 64"
for s in before after; do
  for a in "$A4" "$A1"; do
    echo "== $s $a"
    FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 build-cmp/$s/build/11_convolution $a --repeat 1 --no-verify 2>&1 | grep -E "Compiling entry|Used|spill"
  done
  for n in 1009 4001; do
    echo "== $s 08 $n"
    FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 build-cmp/$s/build/08_bluestein --size $n --batch 1024 --repeat 1 --no-verify 2>&1 | grep -E "Compiling entry|Used|spill"
  done
done > $out/regs.txt
for v in fused unfused; do for a in "$A4" "$A1"; do echo "== $v $a"; build-cmp/after/build/11_convolution $a --variant $v --explain 2>&1 | grep -A12 "^per launch"; done; done > $out/explain.txt
date -u >> $out/device.txt
