#!/usr/bin/env bash
# call 4: the pass twiddles of a pass with p > 1 from a row (3 lookups and
# products, as the stages' twiddles) plus one lookup per butterfly, not one lookup per value
out=$1
A1="--size 2^20 --batch 16 --mode circular --filter-size 64"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $out/device.txt; date -u >> $out/device.txt
pl() { echo "== $*"; "$@" --explain --no-verify 2>&1 | grep -E "^  \[ ?[0-9]\] [a-z_0-9]+ +[0-9.]+ ms|^time" | cut -c1-60; }
for r in 1 2 3; do
  for b in build-cmp/after build-var/p1; do
    pl $b/build/11_convolution $A1
    pl $b/build/11_convolution $A1 --variant unfused
  done
done > $out/times.txt 2>&1
date -u >> $out/device.txt
