#!/usr/bin/env bash
# 06 exchanging in halves (kernels/06_passes.cl, exchange_halves; lesson 06 "Exchanging in
# halves"): a row in parts of 3^9 (3 parts of 6561) and 2 x 3^8 against two passes
# (--variant no_parts); multi-pass plans of 2^21, 2^22 in two passes of 2048 against three
# (--variant halves against the default), and every multi-pass power of two with twice the
# columns per group (--variant halves_all); all verified, one call; then the per-launch
# times of 2^22. Usage (GPU machine): results/h100-2026-11-26/exp6.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv >"$out/gpu.txt" 2>&1
for c in 19683:852 13122:1278 6561:2560; do
  row "06-${c%:*}-${c#*:}" $B/06_mixed_radix --size ${c%:*} --batch ${c#*:}
  row "06np-${c%:*}-${c#*:}" $B/06_mixed_radix --variant no_parts --size ${c%:*} --batch ${c#*:}
done
for c in 2^21:8 2^22:4; do
  row "06-${c%:*}-${c#*:}" $B/06_mixed_radix --size ${c%:*} --batch ${c#*:}
  row "06h-${c%:*}-${c#*:}" $B/06_mixed_radix --variant halves --size ${c%:*} --batch ${c#*:}
  row "06ha-${c%:*}-${c#*:}" $B/06_mixed_radix --variant halves_all --size ${c%:*} --batch ${c#*:}
done
for c in 1024:16384 65536:256 2^18:64 2^20:16 2^24:1 1000000:16; do
  row "06-${c%:*}-${c#*:}" $B/06_mixed_radix --size ${c%:*} --batch ${c#*:}
  row "06ha-${c%:*}-${c#*:}" $B/06_mixed_radix --variant halves_all --size ${c%:*} --batch ${c#*:}
done
for v in stockham halves; do
  timeout 60 $B/06_mixed_radix --variant $v --size 2^22 --batch 4 --no-verify >>"$out/passes.txt" 2>&1
done
echo "done $((SECONDS-t0))s" >>$log
