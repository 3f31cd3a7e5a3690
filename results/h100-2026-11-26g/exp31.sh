#!/usr/bin/env bash
# Where the time goes in the cases issue 29 still loses that no experiment has looked at:
# R2C 256^3 (09: rows + twist, then y at stride 129 and z at stride 33024), against 07's
# complex 256 x 256 x 128 and 256 x 256 x 125 (the same column passes at an aligned and an odd stride); 07's 3000 x 2048 x 2;
# 08's 65521 x 256. Per-launch times (--explain), each pass's shapes (--tune), verified rows.
# Usage: results/h100-2026-11-26g/exp31.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv >"$out/gpu.txt" 2>&1
row "09-256^3" $B/09_real_input --size 256x256x256
row "vk-r256^3" $B/peer_vkfft --size 256x256x256 --real
row "07-256x256x128" $B/07_multidim --size 256x256x128
row "07-256x256x125" $B/07_multidim --size 256x256x125
row "07-3000x2048x2" $B/07_multidim --size 3000x2048 --batch 2
row "08-65521x256" $B/08_bluestein --size 65521 --batch 256
ex() { echo "== $*" >>"$out/explain.txt"
  timeout 90 "$@" --no-verify --explain 2>&1 | grep -E "^ *\[ *[0-9]+\] .* ms|^time|^plan" >>"$out/explain.txt"; }
ex $B/09_real_input --size 256x256x256
ex $B/07_multidim --size 256x256x128
ex $B/07_multidim --size 256x256x125
ex $B/07_multidim --size 3000x2048 --batch 2
ex $B/08_bluestein --size 65521 --batch 256
echo "== tune 09 256^3" >>"$out/tune.txt"
timeout 200 $B/09_real_input --size 256x256x256 --tune --no-verify >>"$out/tune.txt" 2>&1
echo "== tune 07 3000x2048x2" >>"$out/tune.txt"
timeout 120 $B/07_multidim --size 3000x2048 --batch 2 --tune --no-verify >>"$out/tune.txt" 2>&1
echo "done $((SECONDS-t0))s" >>$log
