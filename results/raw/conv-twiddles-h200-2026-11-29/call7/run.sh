#!/usr/bin/env bash
# call 7: linear mode, per launch: 35e99b1 (b35), d77136f (before), 1a08518 (after)
out=$1
L1="--size 2^20 --batch 16 --filter-size 64"
L2="--size 4096x4096 --filter-size 64"
pl() { echo "== $*"; "$@" --explain --no-verify 2>&1 | grep -E "^  \[ ?[0-9]\] [a-z_0-9]+ +[0-9.]+ ms|^time" | cut -c1-110; }
for s in b35 before after; do for v in fused unfused; do pl build-cmp/$s/build/11_convolution $L1 --variant $v; done; done > $out/times.txt 2>&1
for s in b35 after; do for v in fused unfused; do pl build-cmp/$s/build/11_convolution $L2 --variant $v; done; done >> $out/times.txt 2>&1
