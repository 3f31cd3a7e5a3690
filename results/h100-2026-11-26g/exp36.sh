#!/usr/bin/env bash
# The kept form of the group-wide twist (R2C always; C2R where a row has fewer than 32
# items) against the kernel file before it (OLD, the row-at-a-time twist, through
# --kernels), same binary and call, verified; VkFFT and cuFFT (R2C) in the same call: issue
# 29's R2C rows and the bench's.
# Usage: results/h100-2026-11-26g/exp36.sh OUT BUILD OLD_09_KERNELS
set -uo pipefail
out=$1 B=$2 O=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv >"$out/gpu.txt" 2>&1
cu=""
for c in 256x256x256:1 512x512x64:1 128x128x128:8 4096x4096:1 2^20:16 64x64:4096; do
  n=${c%:*} b=${c#*:}
  row "old-fwd-$n-$b" $B/09_real_input --size $n --batch $b --kernels $O
  row "new-fwd-$n-$b" $B/09_real_input --size $n --batch $b
  row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b --real
  cu+=" r:${n//x/,}x$b"
done
for c in 2^12:4096 4096x4096:1 64x64:4096 256x256x256:1; do
  n=${c%:*} b=${c#*:}
  row "old-inv-$n-$b" $B/09_real_input --size $n --batch $b --inverse --kernels $O
  row "new-inv-$n-$b" $B/09_real_input --size $n --batch $b --inverse
done
timeout -k 5 150 python3 bench/peer_cufft.py --cases "$cu" >"$out/cufft.csv" 2>"$out/cufft.err"
echo "cufft exit $? done $((SECONDS-t0))s" >>$log
