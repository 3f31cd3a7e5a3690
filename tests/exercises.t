#!/usr/bin/env bash
# Exercises: the stubs are what the solutions' marked regions generate (no drift), every
# solution passes the grader, every stub fails it (for a wrong answer or a build error,
# never a usage error), and the score file is written. Runs the real grader, so a kernel
# the grader wrongly accepted would show up here too.
. "$(dirname "$0")/lib.sh"
for ch in $(awk -F'\t' '!/^#/ && $1 != "id" && $2 != "" { print $2 }' exercises/manifest.tsv | sort -u); do
    need_binary "$ch"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run_case "stubs match their solutions (make-stubs check)" 0 '.*' -- tools/make-stubs.sh check
run_case "every solution passes the grader" 0 '^# wrote ' --has '^# score: ([0-9]+)/\1 points' \
    --lacks '^not ok' --timeout 600 -- env BUILD="$BUILD" tools/grade.sh --from solutions --json "$tmp/solutions.json"
run_case "every stub fails the grader (--expect-fail)" 0 '^# wrote ' --has '^# score: 0/[0-9]+ points' \
    --lacks '^not ok' --timeout 600 -- env BUILD="$BUILD" tools/grade.sh --expect-fail --json "$tmp/stubs.json"
run_case "grading the stubs exits 1" 1 '^# wrote ' --has '^not ok 1 ' --has '^# score: 0/' \
    -- env BUILD="$BUILD" tools/grade.sh --json "$tmp/plain.json"
grep -q '"passed": true' "$tmp/solutions.json" 2>/dev/null
ok $? "the solutions' score file records passed exercises"
grep -q '"score": 0,' "$tmp/plain.json" 2>/dev/null
ok $? "the stubs' score file says 0"
run_case "an unknown exercise is a usage error" 2 '.*' -- env BUILD="$BUILD" tools/grade.sh --only 02_radix2/nosuch --json "$tmp/x.json"
done_testing
