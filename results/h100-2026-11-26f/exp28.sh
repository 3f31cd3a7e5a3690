#!/usr/bin/env bash
# Two-pass plans whose last pass (Q <= 1024, local memory holds it) takes the parted kernel
# anyway, with more columns per group: an experiment-only build (EXP: its planner takes
# EXP_T columns in EXP_B parts for such a last pass; never committed) against the default,
# one call, every row verified; per-launch times.
# Usage: results/h100-2026-11-26f/exp28.sh OUT BUILD EXP
set -uo pipefail
out=$1 B=$2 E=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
for c in "2^20 16 8 2" "2^20 16 4 2" "2^18 64 16 2" "65536 256 32 2" "1000000 16 8 2" "2^20 16 16 4"; do
  set -- $c
  row "def-$1-$2" $B/06_mixed_radix --size $1 --batch $2
  EXP_T=$3 EXP_B=$4 row "exp-$1-$2-T$3B$4" $E/06_mixed_radix --size $1 --batch $2
done
row "def2-2^20-16" $B/06_mixed_radix --size 2^20 --batch 16
for c in "2^20 16 8 2" "2^18 64 16 2" "65536 256 32 2"; do
  set -- $c
  echo "== default $1 x $2" >>"$out/explain.txt"
  timeout 60 $B/06_mixed_radix --size $1 --batch $2 --no-verify --explain 2>&1 | grep -E "\] fft_.* ms|^time" >>"$out/explain.txt"
  echo "== EXP_T=$3 EXP_B=$4 $1 x $2" >>"$out/explain.txt"
  EXP_T=$3 EXP_B=$4 timeout 60 $E/06_mixed_radix --size $1 --batch $2 --no-verify --explain 2>&1 | grep -E "\] fft_.* ms|^time" >>"$out/explain.txt"
done
echo "done $((SECONDS-t0))s" >>$log
