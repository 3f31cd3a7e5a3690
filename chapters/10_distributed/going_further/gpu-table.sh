#!/usr/bin/env bash
# chapters/10_distributed/going_further/gpu-table.sh DIR — the lesson's table "1 and 2 GPUs,
# before and after" (../README.md, between <!-- 10-gpu-table:begin --> and
# <!-- 10-gpu-table:end -->), generated from one GPU run's files in DIR (gpu-run.sh here
# writes them):
#   DIR/before.csv   10_distributed rows of the build before the staged exchange was
#                    pipelined (no "chunks" column)
#   DIR/after.csv    10_distributed rows of this build (with "chunks")
#   DIR/07.csv       07_multidim rows on the same shapes (one GPU)
#   DIR/transport.csv  (if there) P = 2 rows of this build, one per --transport/--shm-copy/
#                    --copy-threads setting: a second table, in NOTES.md (a sweep, not the
#                    lesson's), between <!-- 10-transport-table:begin --> and its :end
#                    (--transport alltoall, the lesson's textbook exchange, is a row there)
#   DIR/explain-*.txt  --explain output; its "link" lines give the pinned and pageable rates
# A CSV may hold a header line before each row (one run's output appended after another).
# Nothing is edited by hand; each page is written to a temporary file and renamed over it.
#   chapters/10_distributed/going_further/gpu-table.sh results/10_distributed-h200x2
#       (rewrite the tables)
#   chapters/10_distributed/going_further/gpu-table.sh -n DIR   (print it only)
# With -t, DIR needs only transport.csv, and its table goes to the lesson's Measured section
# (../README.md, between <!-- MARKER:begin --> and its :end; MARKER 10-baseline-table unless
# named): each run set against the lesson's exchange (--transport alltoall) on the same
# shape, the baseline:
#   chapters/10_distributed/going_further/gpu-table.sh -t results/10_distributed-pocl
#   chapters/10_distributed/going_further/gpu-table.sh -t \
#       results/10_distributed-h200x2/alltoall-call 10-baseline-gpu-table
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
chapter=$(cd "$here/.." && pwd)
root=$(cd "$here/../../.." && pwd)
print_only=0 baseline_only=0
while [ $# -gt 1 ]; do
    case $1 in -n) print_only=1 ;; -t) baseline_only=1 ;; *) break ;; esac
    shift
done
dir=${1:?usage: gpu-table.sh [-n] [-t] DIR [MARKER] (with before.csv, after.csv, 07.csv; -t: transport.csv)}
marker=${2:-10-baseline-table}
needed="before.csv after.csv 07.csv"
[ "$baseline_only" = 0 ] || needed=transport.csv
for f in $needed; do
    [ -f "$dir/$f" ] || { echo "gpu-table.sh: $dir/$f is missing" >&2; exit 2; }
done
link=$(cat "$dir"/explain-*.txt 2>/dev/null | grep -m1 '^rank 0 *link ' || true)

table=""
[ "$baseline_only" = 1 ] || table=$(awk -v link="$link" -v dir="$dir" "$(cat "$root/tools/csv.awk")"'
    # file 1: 07, file 2: before, file 3: after; a header line (re)names the columns
    FNR == 1 { file++ }
    /^chapter,/ { n = csvsplit($0, h); delete c; for (i = 1; i <= n; i++) c[h[i]] = i; next }
    { m = csvsplit($0, v)
      s = v[c["shape"]]; ms = v[c["ms_median"]]; ok = v[c["verdict"]]
      if (!(s in seen)) { seen[s] = 1; order[++ns] = s }
      if (file == 1) { t07[s] = ms; next }
      P = v[c["ranks"]]
      key = s SUBSEP P
      if (file == 2) { before[key] = ms; next }
      after[key] = ms; verdict[key] = ok; dev = v[c["device"]]; date = v[c["date"]]
      # one rank: its kernels by profiling events, to set beside the events of 07; the
      # wall clock adds a barrier and a host wait per call that 07 does not time
      if (P == 1) k1ev[s] = v[c["ph_sum_ms"]]
      if (P == 2) {
          ex[s] = v[c["ph_exchange_ms"]]; d2h[s] = v[c["ph_d2h_ms"]]; mpi[s] = v[c["ph_mpi_ms"]]
          h2d[s] = v[c["ph_h2d_ms"]]; chunks[s] = v[c["chunks"]]
          how[s] = ""     # the transport (the later builds have a "transport" column)
          if ("transport" in c && v[c["transport"]] == "shm") how[s] = ", shm " v[c["shm_copy"]] (v[c["copy_threads"]] + 0 ? " on " v[c["copy_threads"]] " threads" : "")
          else if ("transport" in c && v[c["transport"]] != "") how[s] = ", " v[c["transport"]]
          kern[s] = v[c["ph_local1_ms"]] + v[c["ph_pack_ms"]] + v[c["ph_unpack_ms"]] + v[c["ph_local2_ms"]]
          # bytes each rank moves per exchange, each way: (P-1)/P of its slab
          el = v[c["precision"]] == "double" ? 16 : 8
          moved[s] = v[c["n"]] * v[c["batch"]] * el / 2 / 2
      }
    }
    function f(x) { return x == "" ? "—" : sprintf("%.3g", x) }
    function ratio(a, b) { return (a == "" || b == "" || b == 0) ? "—" : sprintf("%.2f×", a / b) }
    END {
      # the pinned rates from --explain: "pinned D / H GB/s"
      pd = ph = 0
      if (match(link, /pinned [0-9.e+]+ \/ [0-9.e+]+/)) {
          split(substr(link, RSTART + 7, RLENGTH - 7), r, " / "); pd = r[1]; ph = r[2]
      }
      # (no date: a lesson carries none outside its Measured table; NOTES.md dates the run)
      printf "%s (`%s`); ms per call, the slowest rank'"'"'s median of its wall clock (from a barrier to its last clFinish); P = 2: one rank per GPU. 07 is timed by its kernels'"'"' profiling events, so P = 1 after gives its kernels'"'"' events too, in parentheses, and the ratio sets events beside events.\n\n", dev, dir
      printf "| shape | 07, one GPU | 10 P=1 before | 10 P=1 after (kernels) | kernels ÷ 07 | 10 P=2 before | 10 P=2 after | P=2 before ÷ after | P=2 after: kernels / exchange (d2h, MPI or shm copies, h2d) | exchange ÷ link | verified |\n"
      printf "|---|---|---|---|---|---|---|---|---|---|---|\n"
      for (i = 1; i <= ns; i++) {
          s = order[i]; k1 = s SUBSEP 1; k2 = s SUBSEP 2
          has = 0; if (s in ex) has = 1
          ideal = 0
          if (has && pd > 0 && ph > 0) ideal = (moved[s] / (pd * 1e9) + moved[s] / (ph * 1e9)) * 1e3
          vv = ""; if (k1 in verdict) vv = verdict[k1]
          if (k2 in verdict) vv = vv " " verdict[k2]
          phases = "—"; vsl = "—"
          if (has) phases = sprintf("%s / %s (%s, %s, %s; %s chunks%s)", f(kern[s]), f(ex[s]), f(d2h[s]), f(mpi[s]), f(h2d[s]), chunks[s], how[s])
          if (ideal > 0) vsl = ratio(ex[s], ideal)
          p1cell = f(after[k1]); if (k1ev[s] != "") p1cell = p1cell " (" f(k1ev[s]) ")"
          printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", s, f(t07[s]),
              f(before[k1]), p1cell, ratio(k1ev[s], t07[s]), f(before[k2]), f(after[k2]),
              ratio(before[k2], after[k2]), phases, vsl, vv
      }
      sub(/^rank 0 +link /, "", link)
      if (link != "") printf "\nThe link of rank 0'"'"'s GPU (`--explain`): %s.\n", link
    }' "$dir/07.csv" "$dir/before.csv" "$dir/after.csv")

# The transports at P = 2 (gpu-run.sh's transport.csv, when there is one): one row per run.
transports=""
if [ -f "$dir/transport.csv" ]; then
    transports=$(awk -v link="$link" "$(cat "$root/tools/csv.awk")"'
    /^chapter,/ { n = csvsplit($0, h); delete c; for (i = 1; i <= n; i++) c[h[i]] = i; next }
    function f(x) { return x == "" ? "—" : sprintf("%.3g", x) }
    { m = csvsplit($0, v); rows[++nr] = $0 }
    { s = v[c["shape"]]; t = v[c["transport"]]; shm = t == "shm"; dev = v[c["device"]]
      shape[nr] = s; ms[nr] = v[c["ms_median"]]
      if (t == "alltoall" && !(s in base)) base[s] = v[c["ms_median"]]
      el = v[c["precision"]] == "double" ? 16 : 8
      moved = v[c["n"]] * v[c["batch"]] * el / 2 / 2
      ideal = (pd > 0 && ph > 0) ? (moved / (pd * 1e9) + moved / (ph * 1e9)) * 1e3 : 0
      ex = v[c["ph_exchange_ms"]]
      line[nr] = sprintf("| %s | %s | %s | %s | %s | %s | %s (%s, %s, %s) | %s", s, t,
          shm ? v[c["shm_copy"]] : "—",
          shm && v[c["copy_threads"]] + 0 ? v[c["copy_threads"]] : "—", v[c["chunks"]],
          f(v[c["ms_median"]]), f(ex), f(v[c["ph_d2h_ms"]]),
          f(v[c["ph_mpi_ms"]]), f(v[c["ph_h2d_ms"]]),
          (ideal > 0 && ex != "") ? sprintf("%.2f×", ex / ideal) : "—")
    }
    BEGIN { pd = ph = 0
      if (match(link, /pinned [0-9.e+]+ \/ [0-9.e+]+/)) {
          split(substr(link, RSTART + 7, RLENGTH - 7), r, " / "); pd = r[1]; ph = r[2]
      } }
    END {
      printf "%s (`%s`): the exchange'"'"'s transports at P=2 (`--transport`, `--shm-copy`, `--copy-threads`, `--chunks`; timed only):\n\n", dev, dir
      printf "| shape | transport | --shm-copy | copy threads | chunks | P=2 ms | exchange (d2h, MPI or shm copies, h2d) | exchange ÷ link | alltoall ÷ this |\n"
      printf "|---|---|---|---|---|---|---|---|---|\n"
      for (i = 1; i <= nr; i++) {
          vs = "—"
          if (shape[i] in base && base[shape[i]] > 0 && ms[i] > 0)
              vs = sprintf("%.2f×", base[shape[i]] / ms[i])
          printf "%s | %s |\n", line[i], vs
      }
    }' dir="$dir" "$dir/transport.csv")
fi

# Prose lines wrapped at 92 characters (a lesson's rule); table rows stay whole.
wrap() {
    printf '%s\n' "$1" | sed 's/best of 3: pinned/best of 3:\npinned/' |
    while IFS= read -r l; do
        case $l in
            '|'*) printf '%s\n' "$l" ;;
            *) printf '%s\n' "$l" | fold -s -w 92 | sed 's/ *$//' ;;
        esac
    done
}
table=$(wrap "$table")
[ -z "$transports" ] || transports=$(wrap "$transports")

if [ "$print_only" = 1 ]; then
    [ -z "$table" ] || printf '%s\n' "$table"
    [ -z "$transports" ] || printf '\n%s\n' "$transports"
    exit 0
fi
# splice FILE NAME TEXT: TEXT between FILE's <!-- NAME:begin --> and <!-- NAME:end -->,
# written to a temporary file and renamed over FILE
splice() {
    local file=$1 name=$2 text=$3 tmp
    grep -q "^<!-- $name:begin -->" "$file" || { echo "gpu-table.sh: no $name markers in $file" >&2; exit 2; }
    tmp=$(mktemp "$file.XXXXXX")
    awk -v table="$text" -v b="<!-- $name:begin -->" -v e="<!-- $name:end -->" '
        $0 == b { print; print "<!-- generated by chapters/10_distributed/going_further/gpu-table.sh; do not edit -->"; print table; skip = 1; next }
        $0 == e { skip = 0 }
        !skip' "$file" >"$tmp"
    chmod --reference="$file" "$tmp"
    mv "$tmp" "$file"
    echo "gpu-table.sh: rewrote $name in $file from $dir"
}
if [ "$baseline_only" = 1 ]; then
    splice "$chapter/README.md" "$marker" "$transports"
    exit 0
fi
splice "$chapter/README.md" 10-gpu-table "$table"
[ -z "$transports" ] || splice "$chapter/NOTES.md" 10-transport-table "$transports"
