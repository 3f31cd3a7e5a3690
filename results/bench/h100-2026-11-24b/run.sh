#!/usr/bin/env bash
# The H100 bench columns re-run on 2026-11-24 (one device call cannot run the whole
# sweep): run.sh OUT "SIZES" ["REAL"] runs tools/bench.sh on those power-of-two sizes
# (every chapter, 06 and 07 with --tune, every peer) and R2C cases, into OUT; the CSVs
# are folded into results/bench/gpu-h100.csv with tools/bench-merge.sh.
set -uo pipefail
out=$1 sizes=$2 real=${3:-}
t0=$SECONDS
tools/bench.sh --label gpu-h100-part --sizes "$sizes" --cases "" --shapes "" --real "$real" \
    --out "$out" --no-readme > "$out/bench.log" 2>&1
echo "bench exit $? in $((SECONDS - t0))s" >> "$out/bench.log"
