#!/usr/bin/env bash
# Two local-memory buffers taken in turn, one barrier an exchange (FFTLAB_EXP_DB=1, an
# experiment build: -D FL_EXCHANGE_DB) against the default, same binary and call, verified,
# on the 06 cases whose passes fit twice in 48 KiB; VkFFT beside. Then 3^9 at 6, 6.45 and 7
# waves of rows (132 SMs, one row per SM), and what the machine has for profiling.
# Usage: results/h100-2026-11-27/exp37.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version --format=csv >"$out/gpu.txt" 2>&1
for c in 16807:998 6561:2560 2401:7000 2187:7671 1024:16384 1000:16777 729:23014 625:26843 343:48913 16384:1024; do
  n=${c%:*} b=${c#*:}
  row "def-$n-$b" $B/06_mixed_radix --size $n --batch $b
  FFTLAB_EXP_DB=1 row "db-$n-$b" $B/06_mixed_radix --size $n --batch $b
  row "def2-$n-$b" $B/06_mixed_radix --size $n --batch $b
  FFTLAB_EXP_DB=1 row "db2-$n-$b" $B/06_mixed_radix --size $n --batch $b
done
FFTLAB_EXP_DB=1 $B/06_mixed_radix --size 16807 --batch 998 --explain >"$out/explain-db.txt" 2>&1
for c in 16807:998 6561:2560 2401:7000 1024:16384; do
  n=${c%:*} b=${c#*:}
  row "vk-$n-$b" $B/peer_vkfft --size $n --batch $b
done
for b in 792 852 924; do row "waves-19683-$b" $B/06_mixed_radix --size 19683 --batch $b --no-verify; done
for b in 1056 1073 1188; do row "waves-15625-$b" $B/06_mixed_radix --size 15625 --batch $b --no-verify; done
{ which ncu nsys nvcc nvdisasm cuobjdump; python3 -c "import cupy; print('cupy', cupy.__version__)";
  pip list 2>/dev/null | grep -i -E "nvidia|cupy"; clinfo 2>/dev/null | grep -i -E "extensions|local mem|Max work group" | head -20; } >"$out/tools.txt" 2>&1
echo "done $((SECONDS-t0))s" >>$log
