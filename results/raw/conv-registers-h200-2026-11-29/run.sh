#!/usr/bin/env bash
# kernel-file variants of chapter 11 (build-var/k0 = main's kernels, k1 = reqd group on
# 11's fused kernels, k2 = k1 + reqd group on 07's row passes), one H200
b=build-gpu/11_convolution out=$1
A4="--size 4096x4096 --mode circular --filter-size 64"
A1="--size 2^20 --batch 16 --mode circular --filter-size 64"
ms() { awk -F, '/^chapter,/ { for (i = 1; i <= NF; i++) if ($i == "ms_median") c = i; next } c && /^"/ { print $c; exit }'; }
for r in 1 2; do
  for a in "$A4" "$A1"; do for v in fused unfused; do for k in k0 k1 k2; do
    echo "$r | $a | $v | $k | $($b --kernels build-var/$k $a --variant $v --no-verify --format csv 2>/dev/null | ms)"
  done; done; done
done > $out/times.txt
date -u >> $out/times.txt
for k in k0 k1; do for a in "$A4" "$A1"; do for v in fused unfused; do
  echo "== $k $a $v"
  FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 $b --kernels build-var/$k $a --variant $v --repeat 1 --no-verify 2>&1 | grep -E "Compiling entry|Used|spill"
done; done; done > $out/regs.txt
for a in "$A4" "$A1"; do $b --kernels build-var/k1 $a --repeat 1 2>&1 | tail -1; done > $out/verified.txt
date -u >> $out/verified.txt
