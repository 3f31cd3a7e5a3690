#!/usr/bin/env bash
# 08 after its middle step moved into pass_middle_hook (kernels/08_bluestein.cl, shared
# by bluestein_fused and bs_middle): the three Bluestein cases of issue 29, verified, with
# VkFFT in the same call. Usage (GPU machine): results/h100-2026-11-26/exp5.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
for c in 1009:16384 4099:4096 65521:256; do
  row "08-${c%:*}-${c#*:}" $B/08_bluestein --size ${c%:*} --batch ${c#*:}
  row "vk-${c%:*}-${c#*:}" $B/peer_vkfft --size ${c%:*} --batch ${c#*:}
done
echo "done $((SECONDS-t0))s" >>$log
