#!/usr/bin/env bash
# Where R2C 256^3's fused rows lose to 07's complex rows (0.065 against 0.049 ms): group
# sizes (--wg, which sets every pass's), the twist on its own (--variant twist), and 07's
# 96^3 x 16 (issue 29: 0.94) per launch and by --tune. Per-launch times, no verification
# (the same plans are verified in exp33 and final/ except --wg's, verified here by rows).
# Usage: results/h100-2026-11-26g/exp34.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
ex() { echo "== $*" >>"$out/explain.txt"
  timeout 90 "$@" --no-verify --explain 2>&1 | grep -E "^ *\[ *[0-9]+\] .* ms|^time" >>"$out/explain.txt"; }
for w in 64 128 512 1024; do
  row "09-256^3-wg$w" $B/09_real_input --size 256x256x256 --wg $w
  ex $B/09_real_input --size 256x256x256 --wg $w
done
ex $B/09_real_input --size 256x256x256
ex $B/09_real_input --size 256x256x256 --variant twist
ex $B/09_real_input --size 512x512x64
for w in 128 512; do ex $B/09_real_input --size 512x512x64 --wg $w; done
ex $B/07_multidim --size 96x96x96 --batch 16
ex $B/07_multidim --size 256x256x128
echo "== tune 07 96^3 x 16" >>"$out/tune.txt"
timeout 150 $B/07_multidim --size 96x96x96 --batch 16 --tune --no-verify >>"$out/tune.txt" 2>&1
echo "done $((SECONDS-t0))s" >>$log
