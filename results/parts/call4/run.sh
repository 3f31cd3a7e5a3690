#!/usr/bin/env bash
# one-off: after the review refactor (strided_load/strided_store shared by the column
# pass and the pass in parts, PASS_STAGES_WITH): the same kernels should time the same.
# 07 at 4096² (rows + parts), 1024² x 16 and 256³ (column passes), with the registers
# of the column kernels. Usage: run.sh OUT
set -uo pipefail
out=$1
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
: >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh
ROW_TIMEOUT=200
row "07-4096sq" build/07_multidim --size 4096x4096
row "07-4096sq-no_parts" build/07_multidim --size 4096x4096 --variant no_parts
row "07-1024sq16" build/07_multidim --size 1024x1024 --batch 16
row "07-256cube" build/07_multidim --size 256x256x256
row "06-2^20x16" build/06_mixed_radix --size 2^20 --batch 16
FFTLAB_BUILD_LOG=1 FFTLAB_BUILD_OPTIONS=-cl-nv-verbose build/07_multidim --size 4096x4096 --repeat 1 --no-verify 2>&1 | grep -A3 "Compiling entry function 'fft_" > $out/verbose.txt
echo "done in $((SECONDS - t0))s" >>"$log"
