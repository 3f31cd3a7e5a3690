#!/usr/bin/env bash
# call 5: before d77136f, after = tw_inv + pass twiddles by rows; 06 08 09 11
out=$1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $out/device.txt; date -u >> $out/device.txt
ONLY='^(06|08|09|11)' LOG=$out/cmp.log tools/gpu/compare-builds.sh build-cmp/before build-cmp/after 2 > $out/cmp.txt 2>&1
date -u >> $out/device.txt
