#!/usr/bin/env bash
# one-off: the final build (parts only where T divides the stride): 07 in parts and
# no_parts, 09 R2C 4096² (stride 2049: no parts now), then the bench's 4096² columns
# (2-D and R2C, every chapter and peer that runs them) for results/bench. Usage: run.sh OUT
set -uo pipefail
out=$1
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
: >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh
ROW_TIMEOUT=200
row "07-4096sq-parts" build/07_multidim --size 4096x4096
row "07-4096sq-no_parts" build/07_multidim --size 4096x4096 --variant no_parts
row "07-2048sq4-parts" build/07_multidim --size 2048x2048 --batch 4
row "07-2048sq4-no_parts" build/07_multidim --size 2048x2048 --batch 4 --variant no_parts
row "09-r2c-4096sq" build/09_real_input --size 4096x4096
build/09_real_input --size 4096x4096 --explain --repeat 100 2>&1 | grep -E "^  \[ *[0-9]\] [a-z_0-9]+  |^time" > $out/explain.txt
echo "rows done in $((SECONDS - t0))s" >>"$log"
tools/bench.sh --label gpu-h100-4096sq --sizes "" --cases "" --shapes "4096x4096:1" \
    --real "4096x4096:1" --out $out --no-readme > $out/bench.log 2>&1
echo "bench exit $? done in $((SECONDS - t0))s" >>"$log"
