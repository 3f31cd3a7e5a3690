#!/usr/bin/env bash
# The grader reads chapter 10's JSON record (rank 0's, docs/report-json.md) as it reads
# 01-09's: a run on 2 ranks is named by the record's outcome and exit, its failing check
# and got/expected come from the record's checks, never from the words of the text.
#   - the solution of 10_distributed/exchange_map passes (outcome pass, exit 0);
#   - the stub (exercises/10_distributed/exchange_map.cl, wrong maps) fails as a wrong
#     result: grade.json's outcome "wrong" and failed_check "random", the excerpt's first
#     failing check with every rank's got/expected lines;
#   - a size 2 ranks cannot split (7x6: 2 does not divide 7), which every rank refuses
#     together: exit 2, outcome "bad_input", the record's reason in the excerpt.
# (Before the record, chapter 10 was named by its exit status alone: no outcome, no
# failed check.) Three runs of 8x6 or smaller on 2 ranks, --quick (seed 1 only): ~2 s with
# the kernels in pocl's cache (1.2 s wall, 1.2 CPU-s, 2026-11-29).
. "$(dirname "$0")/lib.sh"
need_mpi_binary 10_distributed

row() { printf 'id\tchapter\tvariant\tpoints\tcases\n10_distributed/exchange_map\t10_distributed\texchange_map\t1\t%s\n' "$1"; }
row '8,6:ranks=2' >"$TMP/m.tsv"
row '7,6:ranks=2' >"$TMP/bad.tsv"
G=(env BUILD="$BUILD" tools/grade.sh --quick --jobs 1)

run_case "10's solution on 2 ranks: its record says pass" 0 '' \
    --has '^ok 1 - 10_distributed/exchange_map$' --has '^# score: 1/1 points$' \
    -- "${G[@]}" --manifest "$TMP/m.tsv" --from solutions --json "$TMP/pass.json"
grep -q '"case": "8,6:ranks=2", "seed": 1, "group": 1, "exit": 0, "ok": true' "$TMP/pass.json"
ok $? "grade.json: the case passed, exit 0"

run_case "10's stub on 2 ranks: a wrong result, by its record" 1 '' \
    --has '^not ok 1 - 10_distributed/exchange_map \(case 8,6:ranks=2 seed 1: exit 1 wrong result\)$' \
    --has '^# the first failing check:$' \
    --has '^#   verify   random +rel L2 .* WRONG: largest error on rank [01], at array 0, \(y, x\) = ' \
    --has '^#       rank 0: its share: rel L2 ' \
    --has '^#       rank [01]: array 0, \(y, x\) = \([0-9]+, [0-9]+\): got \(.*\), expected \(.*\)$' \
    --has '^# score: 0/1 points$' \
    -- "${G[@]}" --manifest "$TMP/m.tsv" --from exercises --json "$TMP/stub.json"
grep -q '"exit": 1, "ok": false, .*"reason": "exit 1 wrong result", "outcome": "wrong", "failed_check": "random"' \
    "$TMP/stub.json"
ok $? "grade.json: the record's outcome (wrong) and first failed check (random)" ||
    note "$(cat "$TMP/stub.json")"

run_case "a size 2 ranks cannot split: exit 2, bad_input, by its record" 1 '' \
    --has '^not ok 1 - 10_distributed/exchange_map \(case 7,6:ranks=2 seed 1: exit 2 usage error\)$' \
    --has '^# its report: --size 7x6 on 2 ranks: the number of ranks must divide Ny = 7 ' \
    -- "${G[@]}" --manifest "$TMP/bad.tsv" --from solutions --json "$TMP/bad.json"
grep -q '"exit": 2, "ok": false, .*"reason": "exit 2 usage error", "outcome": "bad_input"' "$TMP/bad.json"
ok $? "grade.json: the record's outcome (bad_input)" || note "$(cat "$TMP/bad.json")"

done_testing
