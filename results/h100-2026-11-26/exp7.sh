#!/usr/bin/env bash
# 06 exchanging in halves, second call: exchange_halves without its re[] registers (the real
# parts go to v[].x); rows in parts in halves (3^9, 2 x 3^8) against two passes
# (--variant no_parts); a whole row per group in halves (--variant whole_halves) against
# the row in parts at 6561, 8192, 5000; then NVIDIA's register report (-cl-nv-verbose) for
# 19683, 13122 and 15625. Usage (GPU machine): results/h100-2026-11-26/exp7.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv >"$out/gpu.txt" 2>&1
for c in 19683:852 13122:1278; do
  row "06-${c%:*}-${c#*:}" $B/06_mixed_radix --size ${c%:*} --batch ${c#*:}
  row "06np-${c%:*}-${c#*:}" $B/06_mixed_radix --variant no_parts --size ${c%:*} --batch ${c#*:}
done
for c in 6561:2560 8192:2048 5000:3355; do
  row "06-${c%:*}-${c#*:}" $B/06_mixed_radix --size ${c%:*} --batch ${c#*:}
  row "06wh-${c%:*}-${c#*:}" $B/06_mixed_radix --variant whole_halves --size ${c%:*} --batch ${c#*:}
done
for c in 19683:852 13122:1278 15625:1073; do
  FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 timeout 60 $B/06_mixed_radix \
    --size ${c%:*} --batch ${c#*:} --no-verify >>"$out/regs.txt" 2>&1
done
FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 timeout 60 $B/06_mixed_radix \
    --variant whole_halves --size 6561 --batch 2560 --no-verify >>"$out/regs.txt" 2>&1
echo "done $((SECONDS-t0))s" >>$log
