#!/usr/bin/env bash
# Rewrite bench/README.md between <!-- bench-table:begin --> and <!-- bench-table:end -->
# from results/bench/*.csv (the top README.md has only a summary, written by hand).
# The new page goes to a temporary file next to it, renamed over it when complete, so a
# reader never sees half a page; without both markers nothing is written (exit 1). Per device, two measures, each as a table of the power-of-two
# sweep, one of the mixed-radix cases, one of the 2D/3D shapes and one of the real-input
# (R2C) cases; one row per chapter (in order; a chapter's extra variant, bench.sh
# --variants, right after it as a row of its own, "05_register_radix simd":
# tools/bench/bench-label.awk) then per peer,
# one column per size ("—": not measured, e.g. a size the chapter does not do):
#   1. device time per call (ms_median: profiling events of every kernel, the chapters'
#      and the OpenCL peers' alike; cuFFT's CUDA events around each call, timing
#      "events-cuda"), each cell "ms (ratio)" with ratio = the best event-timed peer's
#      time / this time. FFTW runs on the host without events (timing "wall"):
#      its row is shown for scale, and never a ratio's reference.
#   2. loop throughput (loop_ms: K calls back to back, one clFinish, host clock, for
#      every row), ratio = the best peer's loop time (FFTW included) / this one.
# Above 1: faster than every such peer measured on that device in the same run.
#
#   tools/bench/bench-table.sh [--print] [FILE.csv...]
# FILE.csv...: tables of these instead of results/bench/*.csv (e.g. a bench.sh --out run);
# --print: write the tables to stdout and leave bench/README.md alone.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
print=0 csvs=()
while [ $# -gt 0 ]; do
    case $1 in
        --print) print=1 ;;
        -*) echo "bench-table: unknown option $1" >&2; exit 2 ;;
        /*) csvs+=("$1") ;;
        *) csvs+=("$PWD/$1") ;;   # named from here; the script works from $root
    esac
    shift
done
cd "$root"
shopt -s nullglob
[ ${#csvs[@]} -gt 0 ] || csvs=(results/bench/*.csv)
[ ${#csvs[@]} -gt 0 ] || { echo "no results/bench/*.csv: run make bench" >&2; exit 1; }
table=$(for f in "${csvs[@]}"; do
    [ -s "$f" ] || { echo "bench-table: $f is missing or empty" >&2; exit 1; }
    awk -v file="$f" "$(cat tools/csv.awk tools/bench/bench-label.awk)"'
        NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
        { csvsplit($0, v); who = benchlabel(v[c["chapter"]], v[c["variant"]]); sh = v[c["shape"]]; md = sh ~ /x/
          real = v[c["direction"]] ~ /^(r2c|c2r)$/
          key = (real ? "R2C " : "") (md ? sh : v[c["n"]]) " × " v[c["batch"]]
          if (!(key in seen)) { seen[key] = 1; m = v[c["n"]] + 0; while (m > 1 && m % 2 == 0) m /= 2
                                g = real ? 4 : md ? 3 : m == 1 ? 1 : 2; cols[g, ++nc[g]] = key }
          if (!(who in isrow)) { isrow[who] = 1; rows[++nr] = who }
          ms[1, who, key] = v[c["ms_median"]]; ms[2, who, key] = v[c["loop_ms"]]
          timing[who] = v[c["timing"]]
          peer = who !~ /^[0-9][0-9]_/
          if (peer && v[c["timing"]] ~ /^events/ && (!((1, key) in best) || v[c["ms_median"]] + 0 < best[1, key]))
              best[1, key] = v[c["ms_median"]] + 0
          if (peer && v[c["loop_ms"]] != "" && (!((2, key) in best) || v[c["loop_ms"]] + 0 < best[2, key]))
              best[2, key] = v[c["loop_ms"]] + 0
          # the OpenCL device and driver from a chapter row (cuFFT rows name CUDA)
          if (dev == "" || who ~ /^[0-9][0-9]_/ && !chdev) { dev = v[c["device"]]; drv = v[c["driver"]]; chdev = who ~ /^[0-9][0-9]_/ } }
        # table(t, g): measure t (1 events, 2 loop) over column group g (1 powers of two,
        # 2 mixed radix, 3 two and three dimensions: shape × batch, 4 real input, R2C)
        function table(t, g,   i, j, k, line, sep, cell) {
          line = "| | "; sep = "|---|"
          for (j = 1; j <= nc[g]; j++) { line = line cols[g, j] " | "; sep = sep "---|" }
          print line; print sep
          for (i = 1; i <= nr; i++) {
              line = "| " rows[i] (t == 1 && timing[rows[i]] ~ /^wall/ ? " (host clock)" : "") " | "
              for (j = 1; j <= nc[g]; j++) {
                  k = cols[g, j]
                  if ((t, rows[i], k) in ms && ms[t, rows[i], k] != "") {
                      cell = sprintf("%.4g", ms[t, rows[i], k])
                      if ((t, k) in best && ms[t, rows[i], k] > 0 && !(t == 1 && timing[rows[i]] ~ /^wall/))
                          cell = cell sprintf(" (%.2f)", best[t, k] / ms[t, rows[i], k])
                  } else cell = "—"
                  line = line cell " | "
              }
              print line
          }
        }
        function both(t, g) { if (nc[g] > 0) { print ""; table(t, g) } }
        END {
          printf "\n**%s** — driver %s (`%s`)\n\n", dev, drv, file
          print "Device time per call, ms (profiling events on every kernel; in brackets the best peer'"'"'s time by events, OpenCL or CUDA, / this time):"
          both(1, 1); both(1, 2); both(1, 3); both(1, 4)
          print "\nLoop throughput, ms per call (K calls back to back, one `clFinish`, host clock; in brackets the best peer'"'"'s, FFTW included, / this):"
          both(2, 1); both(2, 2); both(2, 3); both(2, 4)
        }' "$f"
done)
if [ $print = 1 ]; then
    printf '%s\n' "$table"
    exit 0
fi
page=bench/README.md
[ -f "$page" ] || { echo "bench-table: $page is missing" >&2; exit 1; }
grep -q '^<!-- bench-table:begin -->$' "$page" && grep -q '^<!-- bench-table:end -->$' "$page" || {
    echo "bench-table: $page lacks the <!-- bench-table:begin --> / <!-- bench-table:end --> lines" >&2
    exit 1
}
new=$(mktemp "$page.XXXXXX")
trap 'rm -f "$new"' EXIT
awk -v table="$table" '
    /^<!-- bench-table:begin -->$/ { print; print "<!-- generated by tools/bench/bench-table.sh from results/bench/*.csv; do not edit -->"; print table; print ""; skip = 1; next }
    /^<!-- bench-table:end -->$/ { skip = 0 }
    !skip { print }' "$page" >"$new"
chmod --reference="$page" "$new" 2>/dev/null || chmod 644 "$new"
mv -f "$new" "$page"
trap - EXIT
echo "updated $page (bench tables)"
