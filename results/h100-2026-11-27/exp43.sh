#!/usr/bin/env bash
# The longer pass first on the GPU's own limits, fp32 inverse and fp64 both ways (plans
# that exp42 did not time): verified rows and their plans.
# Usage: results/h100-2026-11-27/exp43.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
for c in 2^18:64 2^19:32 2^20:16 2^21:8; do
  n=${c%:*} b=${c#*:}
  row "f32inv-$n-$b" $B/06_mixed_radix --size $n --batch $b --inverse
  row "f64fwd-$n-$b" $B/06_mixed_radix --size $n --batch $((b / 2)) --precision double
  row "f64inv-$n-$b" $B/06_mixed_radix --size $n --batch $((b / 2)) --precision double --inverse
  for pr in single double; do
    echo "== $n $pr" >>"$out/explain.txt"
    timeout 60 $B/06_mixed_radix --size $n --batch 1 --precision $pr --no-verify --explain 2>&1 | grep -E "why|\] fft_.* ms" >>"$out/explain.txt"
  done
done
echo "done $((SECONDS-t0))s" >>$log
