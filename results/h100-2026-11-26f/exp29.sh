#!/usr/bin/env bash
# Both passes of a two-pass plan in parts (the first with p = 1, stored straight from
# registers): an experiment-only build (EXP: its planner takes Q0 = EXP_Q0 and both passes
# in parts; its own copy of the kernels with fft_mixed_parts_p0; never committed) against
# the default, one call, every row verified; per-launch times.
# Usage: results/h100-2026-11-26f/exp29.sh OUT BUILD EXP_BIN_DIR
set -uo pipefail
out=$1 B=$2 E=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
for c in "2^24 1 4096" "2^22 4 2048" "2^23 2 2048" "2^20 16 1024" "2^24 1 4096" "2^22 4 2048"; do
  set -- $c
  row "def-$1-$2" $B/06_mixed_radix --size $1 --batch $2
  EXP_Q0=$3 row "exp-$1-$2-Q0_$3" $E/06_mixed_radix --size $1 --batch $2
done
for c in "2^24 1 4096" "2^22 4 2048" "2^23 2 2048"; do
  set -- $c
  echo "== default $1 x $2" >>"$out/explain.txt"
  timeout 60 $B/06_mixed_radix --size $1 --batch $2 --no-verify --explain 2>&1 | grep -E "\] fft_.* ms|^time" >>"$out/explain.txt"
  echo "== EXP_Q0=$3 $1 x $2" >>"$out/explain.txt"
  EXP_Q0=$3 timeout 60 $E/06_mixed_radix --size $1 --batch $2 --no-verify --explain 2>&1 | grep -E "\] fft_.* ms|^time" >>"$out/explain.txt"
done
echo "done $((SECONDS-t0))s" >>$log
