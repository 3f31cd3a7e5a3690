#!/usr/bin/env bash
# Exercise 04_coalescing/tile_index is graded on its access pattern too (the performance
# property of chapter 04, which pocl measures exactly, not by timing): build/04_tile_probe
# builds the exercise with kernels/04_tile_probe.cl in front, records tile_at(m, c, T) for
# every tile shape of the plan, and counts bank conflicts of the row and column walks
# against the lesson's padded layout. A layout without padding is right (every FFT
# passes) but conflicts: through the grader it earns the first case group only. With
# --format json (the grader's) the probe's verdict is one JSON object on stdout.
. "$(dirname "$0")/lib.sh"
need_binary 04_tile_probe
need_binary 04_coalescing
P=$BUILD/04_tile_probe
mkdir -p "$TMP/unpadded/04_coalescing" "$TMP/overlap/04_coalescing"
sed 's|^    return m \* (T + 1) + c;|    return m * T + c;|' solutions/04_coalescing/tile_index.cl >"$TMP/unpadded/04_coalescing/tile_index.cl"
sed 's|^    return m \* (T + 1) + c;|    return m * T + (c \& (T / 2 - 1));|' solutions/04_coalescing/tile_index.cl >"$TMP/overlap/04_coalescing/tile_index.cl"

run_case "the solution's padded tile" 0 '^PASS$' --has '^  16   16 +1 \(1\)  +1 \(1\) ' \
    -- "$P" --exercise solutions/04_coalescing/tile_index.cl
run_case "no padding: bank conflicts down the columns" 1 '^FAIL: bank conflicts: 10 tile shape' \
    --has '^  16   16 +1 \(1\)  +16 \(1\)!' -- "$P" --exercise "$TMP/unpadded/04_coalescing/tile_index.cl"
slow_case "two entries in one place" 1 '^FAIL: tile_at puts .* both at' \
    -- "$P" --exercise "$TMP/overlap/04_coalescing/tile_index.cl"
run_case "the stub (no padding) fails" 1 '^FAIL: bank conflicts' -- "$P" --exercise exercises/04_coalescing/tile_index.cl
# --format json (as the grader runs it): the table and the FAIL line on stderr, one JSON
# object on stdout (docs/report-json.md) naming the check that failed.
run_case "no padding, --format json: the report names the banks check" 1 '^FAIL: bank conflicts' \
    --stdout-has '^\{"chapter": "04_tile_probe", "variant": "tile_index", .*"checks": \[\{"name": "layout", .*"ok": true\}, \{"name": "banks", .*"ok": false, "detail": "bank conflicts: 10 tile shape.*"verdict": "FAIL", "outcome": "wrong", "exit": 1, "failed_check": "banks", ' \
    --stdout-lacks 'row walk' -- "$P" --exercise "$TMP/unpadded/04_coalescing/tile_index.cl" --format json
[ "$(wc -l <"$RC_OUT")" = 1 ]
ok $? "... its stdout is that one line" || diag "$(head -c 300 "$RC_OUT")"

# Through the grader: right at every size, but unpadded: the group with the check fails.
# (one small case per group: the grader's path, not the FFT's, is under test here; the
# full grade runs every size)
printf 'id\tchapter\tvariant\tpoints\tcases\n04_coalescing/tile_index\t04_coalescing\ttile_index\t1+1\t4:seed=1 | @04_tile_probe\n' >"$TMP/m.tsv"
run_case "grade: a correct kernel without padding earns 1 of 2 points" 1 '' \
    --has '^#   1/2 runs passed, 1/2 points \(groups: 1/1 0/1\)' \
    --has '^# case @04_tile_probe seed -: exit 1 wrong result' --has 'FAIL: bank conflicts' \
    -- env BUILD="$BUILD" tools/grade.sh --manifest "$TMP/m.tsv" --from "$TMP/unpadded" --json "$TMP/g.json"
run_case "grade: the solution earns 2 of 2" 0 '' --has '^#   2/2 runs passed, 2/2 points' \
    -- env BUILD="$BUILD" tools/grade.sh --manifest "$TMP/m.tsv" --from solutions --json "$TMP/s.json"
if command -v jq >/dev/null; then
    [ "$(jq -r '.exercises[0].cases[1].seed' "$TMP/s.json")" = null ]
    ok $? "grade.json: the property check has no seed (null)"
else
    skip "grade.json's seed" "jq is not installed"
fi
done_testing
