#!/usr/bin/env bash
# Chapter 04's access-pattern experiment as a table and a picture:
#   tools/bench/plot-stride.sh [BUILD_DIR]     runs build/04_stride on the chosen device
#                                              (FFTLAB_DEVICE) into
#                                              results/stride/<device>.csv
#   tools/bench/plot-stride.sh --plot CSV...   redraws results/stride/stride.svg from
#                                              existing CSVs
# The plot (gnuplot, SVG) has one line per CSV: GB/s against the stride, log scales.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
if [ "${1:-}" = "--plot" ]; then
    shift
    csvs=("$@")
else
    build=${1:-build}
    tmp=$(mktemp)
    "$build/04_stride" --format csv >"$tmp"
    dev=$(awk -F'"' 'NR == 2 { print $2 }' "$tmp")
    slug=$(printf '%s' "$dev" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//' | cut -d- -f1-2)
    mkdir -p results/stride
    mv "$tmp" "results/stride/$slug.csv"
    echo "wrote results/stride/$slug.csv"
    csvs=(results/stride/*.csv)
fi
if ! command -v gnuplot >/dev/null 2>&1; then
    echo "gnuplot is not installed: 'sudo apt-get install gnuplot-nox' (or make deps) to draw the plot" >&2
    exit 1
fi
plot=""
for f in "${csvs[@]}"; do
    title=$(awk -F'"' 'NR == 2 { print $2 }' "$f" | sed 's/_/ /g')
    plot="$plot${plot:+, }'$f' using 4:6 every ::1 with linespoints lw 2 title '$title'"
done
gnuplot <<GP
set terminal svg size 800,480 font 'sans,13' background '#ffffff'
set output 'results/stride/stride.svg'
set datafile separator ','
set logscale x 2
set logscale y 10
set xlabel 'stride between neighbouring work-items (elements of 8 bytes)'
set ylabel 'GB/s (one read + one write per element)'
set title 'Same data, different order: reading at a stride (kernels/04\_stride.cl)'
set grid
set key bottom left
plot $plot
GP
echo "wrote results/stride/stride.svg"
