#!/usr/bin/env bash
# make bench, smoke-tested at a tiny sweep: it runs, every chapter and every built peer
# gives a verified row, the CSV parses and its numbers are numbers. Not timed: the
# performance goals live in `make bench`, never in tests.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run_case "bench at 2^10 and 2^12, 2^14 points per call" 0 '.*' --has 'bench: wrote ' \
    --timeout 300 -- tools/bench.sh --build "$BUILD" --sizes "2^10 2^12" --total 2^14 \
    --out "$tmp" --label smoke --no-readme
csv=$tmp/smoke.csv
expected=0
for d in chapters/[0-9][0-9]_*/; do [ "$(basename "$d")" = 01_dft ] || expected=$((expected + 2)); done
for p in peer_fftw peer_clfft peer_vkfft; do [ -x "$BUILD/$p" ] && expected=$((expected + 2)); done
awk "$(cat tools/csv.awk)"'
    function num(s) { return s ~ /^-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ }
    NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
    { m = csvsplit($0, v); rows++
      if (m != n) { print "row " NR ": " m " fields, header has " n; bad = 1 }
      if (v[c["verdict"]] != "PASS" || v[c["verified"]] != 1) { print "row " NR " not verified"; bad = 1 }
      split("ms_median gflops gbs pct_copy l2_error", need, " ")
      for (k in need) if (!num(v[c[need[k]]])) { print "row " NR ": " need[k] " = " v[c[need[k]]]; bad = 1 } }
    END { if (rows != want) { print rows " rows, expected " want; bad = 1 }; exit bad }' want="$expected" "$csv" >"$tmp/check" 2>&1
ok $? "the CSV has $expected verified rows of numbers" || note "$(cat "$tmp/check")"
if command -v gnuplot >/dev/null 2>&1; then
    [ -s "$tmp/smoke-gflops.svg" ] && [ -s "$tmp/smoke-pct_copy.svg" ]
    ok $? "both plots were drawn"
else
    skip "plots" "gnuplot is not installed"
fi
done_testing
