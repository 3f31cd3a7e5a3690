#!/usr/bin/env bash
# Rewrite the generated tables of the pages, each between its markers:
#   results-table (from results/tour-sizes-*.csv, made by tools/bench/collect-results.sh):
#     bench/README.md          between <!-- results-table:begin --> and <!-- results-table:end -->
#     chapters/NN_x/README.md  between <!-- results-table:begin NN_x --> and the end marker,
#                              holding only that chapter's rows (lessons 01-04).
#   measured (from results/bench/*.csv, made by `make bench`; the bench's tables are
#   tools/bench/bench-table.sh's, on bench/README.md):
#     chapters/NN_x/README.md  between <!-- measured:begin NN_x --> and <!-- measured:end -->:
#                              the chapter's Measured table, every case of the sweep it ran
#                              (lessons 05-10);
#     README.md                between <!-- measured:begin summary --> and the end marker:
#                              "How fast", one row per chapter and peer, from the same cells.
#   conv-table (lesson 11, a convolution: from results/11_convolution-*/, by
#   tools/bench/conv-table.sh, which this script runs).
# A lesson and the README thus show the same run's number for the same quantity.
# Rows stay in chapter order, one table per device. Never edit the tables by hand. Each page
# is written to a temporary file next to it and renamed over it when complete.
#   tools/bench/results-table.sh            rewrite the pages
#   tools/bench/results-table.sh --check    rewrite nothing; exit 1 and name each page whose
#                                     generated text is not current (tests/lessons.t)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
check=0
case ${1:-} in
    --check) check=1 ;;
    "") ;;
    *) echo "results-table: unknown argument $1 (usage: tools/bench/results-table.sh [--check])" >&2; exit 2 ;;
esac
shopt -s nullglob
csvs=(results/tour-sizes-*.csv)
[ ${#csvs[@]} -gt 0 ] || { echo "no results/tour-sizes-*.csv yet: run tools/bench/collect-results.sh LABEL" >&2; exit 1; }
benchcsvs=(results/bench/*.csv)
stale=0

# A table's caption: the device line, and the CSV it comes from on the same line when the
# two fit in 92 characters, else on a line of its own (the lessons' prose width).
caption_awk='
function caption(text, file) {
    if (length(text) + length(file) + 5 <= 92) printf "\n%s (`%s`)\n\n", text, file
    else printf "\n%s\n(`%s`)\n\n", text, file
}'
render() { # $1 = chapter filter ("" = all)
    for f in "${csvs[@]}"; do
        awk -v want="$1" -v file="$f" "$(cat tools/csv.awk)$caption_awk"'
            NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
            { m = csvsplit($0, v)
              if (want != "" && v[c["chapter"]] != want) next
              if (!head) {
                  caption(sprintf("**%s** — driver %s, measured %s", v[c["device"]], v[c["driver"]], v[c["date"]]), file)
                  printf "| chapter | N × batch | precision | ms (median) | min–max ms | GFLOP/s | GB/s | %% of copy BW | copy GB/s | rel L2 error | verified |\n"
                  printf "|---|---|---|---|---|---|---|---|---|---|---|\n"
                  head = 1
              }
              printf "| %s | %s × %s | %s | %.4g | %.4g–%.4g | %.4g | %.4g | %.3g%% | %.4g | %.2e | %s |\n",
                  v[c["chapter"]], v[c["n"]], v[c["batch"]], v[c["precision"]], v[c["ms_median"]],
                  v[c["ms_min"]], v[c["ms_max"]], v[c["gflops"]], v[c["gbs"]], v[c["pct_copy"]],
                  v[c["copy_gbs"]], v[c["l2_error"]], v[c["verdict"]]
            }' "$f"
    done
}

# measured WANT: WANT = a chapter (NN_x): its Measured table; "summary": the README's.
# Per device CSV, in file order: a case is a column of bench-table.sh's (N × batch, a shape,
# "R2C ..."); a chapter's rows are labelled as there (tools/bench/bench-label.awk: its
# default variant, then "CHAPTER VARIANT"); where a case was run twice the later row counts,
# as there. "best peer" is the fastest event-timed peer of the case (OpenCL or CUDA; FFTW,
# timed by the host clock, is never the reference); a ratio is its time / the chapter's.
measured() {
    local f
    for f in "${benchcsvs[@]}"; do
        awk -v want="$1" -v file="$f" "$(cat tools/csv.awk tools/bench/bench-label.awk)$caption_awk"'
        NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
        { csvsplit($0, v); who = benchlabel(v[c["chapter"]], v[c["variant"]]); sh = v[c["shape"]]
          real = v[c["direction"]] ~ /^(r2c|c2r)$/
          key = (real ? "R2C " : "") (sh ~ /x/ ? sh : v[c["n"]]) " × " v[c["batch"]]
          if (!(key in seen)) { seen[key] = 1; keys[++nk] = key }
          if (!(who in isrow)) { isrow[who] = 1; rows[++nr] = who }
          ms[who, key] = v[c["ms_median"]] + 0; timing[who] = v[c["timing"]]
          if (who !~ /^[0-9][0-9]_/ && v[c["timing"]] ~ /^events/ &&
              (!(key in best) || v[c["ms_median"]] + 0 < best[key])) { best[key] = v[c["ms_median"]] + 0; bestwho[key] = who }
          if (v[c["chapter"]] ~ /^[0-9][0-9]_/ && !chdev) { dev = v[c["device"]]; drv = v[c["driver"]]; chdev = 1 }
          # the reference case of the summary: 2^20 points per row, 1-D (R2C for 09)
          if (v[c["n"]] == 1048576 && sh !~ /x/ && !((v[c["chapter"]], real) in ref)) ref[v[c["chapter"]], real] = key }
        function ch(who) { return who ~ /^[0-9][0-9]_/ ? (split(who, w, " ") ? w[1] : who) : "" }
        function cell(who, key) {
            if (!((who, key) in ms)) return "—"
            return sprintf("%.4g", ms[who, key]) ((key in best && ms[who, key] > 0) ? sprintf(" (%.2f)", best[key] / ms[who, key]) : "")
        }
        END {
          dname = file; sub(/^.*\//, "", dname); sub(/\.csv$/, "", dname)
          if (want != "summary") {
              ncol = 0
              for (i = 1; i <= nr; i++) if (ch(rows[i]) == want) col[++ncol] = rows[i]
              if (ncol == 0) exit
              caption(sprintf("**%s** — %s, driver %s", dname, dev, drv), file)
              line = "| case |"; sep = "|---|"
              for (j = 1; j <= ncol; j++) { line = line " " (col[j] == want ? "this chapter" : substr(col[j], length(want) + 2)) ", ms |"; sep = sep "---|" }
              print line " best peer, ms |"; print sep "---|"
              for (k = 1; k <= nk; k++) {
                  any = 0; for (j = 1; j <= ncol; j++) if ((col[j], keys[k]) in ms) any = 1
                  if (!any) continue
                  line = "| " keys[k] " |"
                  for (j = 1; j <= ncol; j++) line = line " " cell(col[j], keys[k]) " |"
                  line = line " " (keys[k] in best ? sprintf("%s %.4g", bestwho[keys[k]], best[keys[k]]) : "—") " |"
                  print line
              }
              exit
          }
          caption(sprintf("**%s** — %s, driver %s", dname, dev, drv), file)
          print "| row | ms at 2^20 points per row | best peer ÷ row, over the cases it ran |"
          print "|---|---|---|"
          for (pass = 1; pass <= 2; pass++) for (i = 1; i <= nr; i++) {
              who = rows[i]; chap = ch(who); lo = ""; hi = ""; ncase = 0
              if ((pass == 1) != (chap != "")) continue   # the chapters first, then the peers
              r = (chap != "" ? chap : who)
              key = ((r, 0) in ref) ? ref[r, 0] : ((r, 1) in ref) ? ref[r, 1] : ""
              for (k = 1; k <= nk; k++) if ((who, keys[k]) in ms && keys[k] in best && ms[who, keys[k]] > 0) {
                  q = best[keys[k]] / ms[who, keys[k]]; ncase++
                  if (lo == "" || q < lo) lo = q; if (hi == "" || q > hi) hi = q }
              msc = (key != "" && (who, key) in ms) ? sprintf("%.4g (%s)", ms[who, key], key) : "—"
              rng = (chap == "" || ncase == 0) ? "—" : lo == hi ? sprintf("%.2f", lo) : sprintf("%.2f–%.2f", lo, hi)
              printf "| %s%s | %s | %s |\n", who, (timing[who] == "wall" ? " (host clock)" : ""), msc, rng
          }
        }' "$f"
    done
}

# replace PAGE KIND TABLE: the text between PAGE's KIND markers becomes TABLE.
replace() {
    local readme=$1 kind=$2 table=$3 gen=$4 new
    grep -q "^<!-- $kind:end -->\$" "$readme" || {
        echo "results-table: $readme has a begin marker but no <!-- $kind:end --> line" >&2
        exit 1
    }
    new=$(mktemp "$readme.XXXXXX")
    trap 'rm -f "$new"' EXIT
    awk -v table="$table" -v kind="$kind" -v gen="$gen" '
        $0 ~ "^<!-- " kind ":begin" { print; print "<!-- generated by " gen "; do not edit -->"; print table; print ""; skip = 1; next }
        $0 == "<!-- " kind ":end -->" { skip = 0 }
        !skip { print }' "$readme" >"$new"
    if [ $check = 1 ]; then
        if cmp -s "$new" "$readme"; then :; else
            echo "results-table: $readme: the $kind table is not current (tools/bench/results-table.sh rewrites it)" >&2
            diff "$readme" "$new" | head -n 20 >&2 || true
            stale=1
        fi
        rm -f "$new"
    else
        chmod --reference="$readme" "$new" 2>/dev/null || chmod 644 "$new"
        mv -f "$new" "$readme"
        echo "updated $readme"
    fi
    trap - EXIT
}

for readme in bench/README.md chapters/*/README.md; do
    [ -f "$readme" ] || continue
    grep -q '^<!-- results-table:begin' "$readme" || continue
    filter=$(sed -n 's/^<!-- results-table:begin \{0,1\}\([0-9A-Za-z_]*\) *-->.*/\1/p' "$readme" | head -n 1)
    replace "$readme" results-table "$(render "$filter")" "tools/bench/results-table.sh from results/tour-sizes-*.csv"
done
for readme in README.md chapters/*/README.md; do
    [ -f "$readme" ] || continue
    grep -q '^<!-- measured:begin' "$readme" || continue
    [ ${#benchcsvs[@]} -gt 0 ] || { echo "results-table: no results/bench/*.csv: run make bench" >&2; exit 1; }
    want=$(sed -n 's/^<!-- measured:begin \([0-9A-Za-z_]*\) *-->.*/\1/p' "$readme" | head -n 1)
    [ -n "$want" ] || { echo "results-table: $readme: the measured marker names no chapter" >&2; exit 1; }
    replace "$readme" measured "$(measured "$want")" "tools/bench/results-table.sh from results/bench/*.csv"
done
# Lesson 11's Measured table comes from its own runs (results/11_convolution-*/, made by
# tools/gpu/gpu-conv.sh): tools/bench/conv-table.sh, between <!-- conv-table:begin --> and
# its end marker.
if grep -q '^<!-- conv-table:begin -->$' chapters/11_convolution/README.md 2>/dev/null; then
    if [ $check = 1 ]; then
        tools/bench/conv-table.sh --check || stale=1
    else
        tools/bench/conv-table.sh
    fi
fi
exit $stale
