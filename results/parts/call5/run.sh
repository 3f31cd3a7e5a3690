#!/usr/bin/env bash
# one-off (run inline on the device, written down here): 07 at 4096² in parts against
# no_parts, three interleaved rounds, after the review refactor; then --explain per launch.
set -uo pipefail
out=$1 csv=$1/rows.csv log=$1/log.txt tmp=$(mktemp -d)
: >"$csv"; : >"$log"
. tools/gpu-rows.sh
ROW_TIMEOUT=200
for r in 1 2 3; do
  row "07-4096sq-$r" build/07_multidim --size 4096x4096
  row "07-4096sq-no_parts-$r" build/07_multidim --size 4096x4096 --variant no_parts
done
build/07_multidim --size 4096x4096 --explain --repeat 200 2>&1 | grep -E "^  \[ *[0-9]\] [a-z_0-9]+  |^time" > $out/explain.txt
