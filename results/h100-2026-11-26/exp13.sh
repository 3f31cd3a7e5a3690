#!/usr/bin/env bash
# 08's one-kernel Bluestein after bluestein_row and rader_row became one function
# (fused_row) against the kernel file before it (by --kernels; write it first:
# `git show fe5d23c:kernels/08_bluestein.cl > results/h100-2026-11-26/exp13/08_bluestein_before.cl`),
# twice each, VkFFT and cuFFT in the same call; all verified.
# Usage (GPU machine): results/h100-2026-11-26/exp13.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
K=results/h100-2026-11-26/exp13/08_bluestein_before.cl
[ -f "$K" ] || { echo "exp13: write $K first (see above)" >&2; exit 2; }
for round in 1 2; do
  row "08-1009-16384-r$round" $B/08_bluestein --size 1009 --batch 16384
  row "08before-1009-16384-r$round" $B/08_bluestein --kernels $K --size 1009 --batch 16384
  row "08-2048-8192-r$round" $B/08_bluestein --size 2048 --batch 8192
  row "08before-2048-8192-r$round" $B/08_bluestein --kernels $K --size 2048 --batch 8192
done
row "vk-1009-16384" $B/peer_vkfft --size 1009 --batch 16384
timeout -k 5 120 python3 bench/peer_cufft.py --cases "1009x16384" >"$out/cufft.csv" 2>"$out/cufft.err"
FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 timeout 60 $B/08_bluestein --size 1009 --batch 16384 --no-verify 2>&1 | grep -E "Function properties|ptxas info    : Used|time " >"$out/regs.txt"
FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 timeout 60 $B/08_bluestein --kernels $K --size 1009 --batch 16384 --no-verify 2>&1 | grep -E "Function properties|ptxas info    : Used|time " >>"$out/regs.txt"
echo "done $((SECONDS-t0))s" >>$log
