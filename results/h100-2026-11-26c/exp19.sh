#!/usr/bin/env bash
# 07's and 09's cases of issue 29 at their default and with --tune (each pass's group
# shape measured on the device), both verified, one call; the tune tables in tune.txt.
# Usage: results/h100-2026-11-26c/exp19.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=150; export FFTLAB_DEVICE=nvidia
for c in 07:96x96x96:16 07:3000x2048:2 07:4096x4096:1 09:256x256x256:1 09:4096x4096:1; do
  IFS=: read -r ch n b <<<"$c"
  p=$([ $ch = 07 ] && echo 07_multidim || echo 09_real_input)
  row "$ch-$n-$b" $B/$p --size $n --batch $b
  row "${ch}tune-$n-$b" $B/$p --size $n --batch $b --tune
  { echo "== $ch $n x $b"; grep -E '^(tune| {9})' "$tmp/err"; } >>"$out/tune.txt"
done
echo "done $((SECONDS-t0))s" >>$log
