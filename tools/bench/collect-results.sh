#!/usr/bin/env bash
# Measure every chapter at the results tables' sizes on one device and write
# results/tour-sizes-LABEL.csv (the chapters' --format csv rows plus the date).
#   tools/bench/collect-results.sh pocl                       # default device
#   FFTLAB_DEVICE=nvidia tools/bench/collect-results.sh gpu-h100
# Then `make results` (tools/bench/results-table.sh) rewrites the tables of bench/README.md
# and the lessons from results/tour-sizes-*.csv.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
label=${1:?usage: tools/bench/collect-results.sh LABEL [BUILD_DIR]}
build=${2:-$root/build}
case $build in /*) ;; *) build=$root/$build ;; esac
out=$root/results/tour-sizes-$label.csv
mkdir -p "$root/results"

# chapter  N  batch: the demo sizes, and 2^20 points as 1024 x 1024 and 2^20 x 1, plus
# 2^22 and 2^20 x 16 (128 MiB: larger than any cache).
cases=${CASES:-"01_dft 1024 1
01_dft 4096 1
02_radix2 1024 1024
02_radix2 1048576 1
02_radix2 4194304 1
02_radix2 1048576 16
03_local_memory 1024 1024
03_local_memory 1048576 1
03_local_memory 4194304 1
03_local_memory 1048576 16
04_coalescing 1024 1024
04_coalescing 1048576 1
04_coalescing 4194304 1
04_coalescing 1048576 16
05_register_radix 1024 1024
05_register_radix 1048576 1
05_register_radix 4194304 1
05_register_radix 1048576 16"}

today=$(date -u +%Y-%m-%d)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
first=1
status=0
while read -r ch n batch; do
    [ -n "$ch" ] || continue
    if "$build/$ch" --size "$n" --batch "$batch" --format csv >"$tmp" 2>"$tmp.err"; then
        if [ $first -eq 1 ]; then
            printf '%s,date\n' "$(head -n 1 "$tmp")" >"$out"
            first=0
        fi
        printf '%s,%s\n' "$(sed -n 2p "$tmp")" "$today" >>"$out"
        echo "measured $ch N=$n batch=$batch"
    else
        echo "FAILED $ch N=$n batch=$batch: $(tail -n 1 "$tmp.err")" >&2
        status=1
    fi
done <<<"$cases"
rm -f "$tmp.err"
echo "wrote $out"
exit $status
