#!/usr/bin/env bash
# 09's padded rows (lesson 09 "Rows padded between passes"): the half spectrum's rows of
# M + 1 bins padded to a multiple of 4 between the passes of 2-D and 3-D transforms,
# against FFTLAB_R2C_PAD=0 (M + 1 throughout, as before) in the same build and call, both
# directions, every row verified; VkFFT and cuFFT (R2C) beside; per-launch times.
# Usage: results/h100-2026-11-26g/exp32.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv >"$out/gpu.txt" 2>&1
cu=""
for c in 256x256x256:1 4096x4096:1 1024x1024:16 512x512x64:1 96x96x96:16 2000x1000:8; do
  n=${c%:*} b=${c#*:}
  for d in fwd inv; do
    inv=(); [ $d = inv ] && inv=(--inverse)
    FFTLAB_R2C_PAD=0 row "nopad-$d-$n-$b" $B/09_real_input --size $n --batch $b "${inv[@]}"
    row "pad-$d-$n-$b" $B/09_real_input --size $n --batch $b "${inv[@]}"
  done
  row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b --real
  cu+=" r:${n//x/,}x$b"
done
FFTLAB_R2C_PAD=0 row "nopad2-fwd-256^3" $B/09_real_input --size 256x256x256
row "pad2-fwd-256^3" $B/09_real_input --size 256x256x256
timeout -k 5 150 python3 bench/peer_cufft.py --cases "$cu" >"$out/cufft.csv" 2>"$out/cufft.err"
echo "cufft exit $?" >>$log
ex() { echo "== $*" >>"$out/explain.txt"
  timeout 90 "$@" --no-verify --explain 2>&1 | grep -E "^ *\[ *[0-9]+\] .* ms|^time" >>"$out/explain.txt"; }
for a in "--size 256x256x256" "--size 256x256x256 --inverse" "--size 4096x4096" "--size 4096x4096 --inverse"; do
  FFTLAB_R2C_PAD=0 ex $B/09_real_input $a; ex $B/09_real_input $a
done
echo "done $((SECONDS-t0))s" >>$log
