#!/usr/bin/env bash
# tools/bench/bench-merge.sh INTO.csv FROM.csv... — fold later `make bench` runs into one
# CSV.
#
# A bench table compares rows of one column (one size × batch, complex or real) measured
# in the same run, so a column is replaced whole: every row of INTO whose column appears
# in a FROM file is dropped, then that FROM's rows are added (later FROM files win over
# earlier ones). Columns only INTO has stay as they were. Used when one device session
# cannot run the whole sweep (a GPU call is limited in time): run parts with
# tools/bench/bench.sh --sizes/--cases/--shapes/--real and merge. The header must match.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: tools/bench/bench-merge.sh INTO.csv FROM.csv..." >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
into=$1
shift
for f in "$into" "$@"; do
    [ -s "$f" ] || { echo "bench-merge: $f is missing or empty" >&2; exit 2; }
    [ "$(head -n 1 "$f")" = "$(head -n 1 "$into")" ] || {
        echo "bench-merge: $f has another header than $into" >&2; exit 2; }
done
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for from in "$@"; do
    # a replaced row takes the place of the row it replaces (the same column, chapter and
    # variant), so the columns keep their order; rows new to INTO go last
    awk "$(cat "$root/tools/csv.awk")"'
        function key(line,   v) { csvsplit(line, v)
            return v[c["shape"]] " x " v[c["batch"]] (v[c["direction"]] ~ /^(r2c|c2r)$/ ? " real" : "") }
        function who(line,   v) { csvsplit(line, v); return v[c["chapter"]] " " v[c["variant"]] }
        FNR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i
                   if (NR == 1) print; next }
        NR == FNR { k = key($0); new[k] = 1; rows[++nr] = $0; at[k SUBSEP who($0)] = nr; next }
        { k = key($0) }
        !(k in new) { print; next }
        (k SUBSEP who($0)) in at && !done[at[k SUBSEP who($0)]]++ { print rows[at[k SUBSEP who($0)]] }
        END { for (i = 1; i <= nr; i++) if (!done[i]) print rows[i] }' "$from" "$into" >"$tmp"
    # the rows in the sweep's order: the chapters by number (a chapter's variants after
    # it, as they came), then the peers as bench.sh runs them; stable within each
    awk "$(cat "$root/tools/csv.awk")"'
        NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; print "0\t" $0; next }
        { csvsplit($0, v); who = v[c["chapter"]]
          k = who ~ /^[0-9][0-9]_/ ? 1 + substr(who, 1, 2) : \
              who == "fftw" ? 101 : who == "clfft" ? 102 : who == "vkfft" ? 103 : who == "cufft" ? 104 : 105
          print k "\t" $0 }' "$tmp" | sort -s -t "$(printf '\t')" -k1,1n | cut -f2- >"$into.tmp.$$" &&
        mv "$into.tmp.$$" "$into"   # whole or not at all
done
echo "bench-merge: $into has $(($(wc -l <"$into") - 1)) rows"
