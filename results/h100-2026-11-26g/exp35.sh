#!/usr/bin/env bash
# The fused rows' twist over the group's pairs (pair e of the T rows, neighbouring items on
# neighbouring bins of one row) against the twist a row at a time (I items per row: the
# kernel file before, OLD, through --kernels), same binary, same call, verified, both
# directions; per-launch times at R2C 256^3 and 4096^2.
# Usage: results/h100-2026-11-26g/exp35.sh OUT BUILD OLD_09_KERNELS
set -uo pipefail
out=$1 B=$2 O=$3
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
for c in 256x256x256:1 512x512x64:1 128x128x128:8 4096x4096:1 64x64:4096 2^12:4096; do
  n=${c%:*} b=${c#*:}
  var=(); [ $n = 2^12 ] && var=(--variant fused)
  for d in fwd inv; do
    inv=(); [ $d = inv ] && inv=(--inverse)
    row "old-$d-$n-$b" $B/09_real_input --size $n --batch $b "${inv[@]}" "${var[@]}" --kernels $O
    row "new-$d-$n-$b" $B/09_real_input --size $n --batch $b "${inv[@]}" "${var[@]}"
  done
done
ex() { echo "== $*" >>"$out/explain.txt"
  timeout 90 "$@" --no-verify --explain 2>&1 | grep -E "^ *\[ *[0-9]+\] .* ms|^time" >>"$out/explain.txt"; }
for a in "--size 256x256x256" "--size 256x256x256 --inverse" "--size 4096x4096"; do
  ex $B/09_real_input $a --kernels $O; ex $B/09_real_input $a
done
echo "done $((SECONDS-t0))s" >>$log
