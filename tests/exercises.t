#!/usr/bin/env bash
# Exercises: the stubs are what the solutions' marked regions generate (no drift), every
# solution passes the grader, every stub fails it (for a wrong answer or a build error,
# never a usage error), and the score file is written. Runs the real grader, so a kernel
# the grader wrongly accepted would show up here too.
#
# Time: grading compiles each exercise's kernels once per case (the student's text is
# built into the chapter's kernel file, whose sizes are -D constants): the full grade of
# the 17 solutions, 223 cases with two seeds each, took 440 CPU-s of a cold `make test`
# (2026-11-25). `make test` grades every solution and every stub --quick (seed 1 and two
# cases per exercise: its first and its middle one); the slow set (FFTLAB_SLOW_TESTS=1,
# CI's first pass) grades every case with both seeds, as `make grade` does.
. "$(dirname "$0")/lib.sh"
for ch in $(awk -F'\t' '!/^#/ && $1 != "id" && $2 != "" { print $2 }' exercises/manifest.tsv | sort -u); do
    need_binary "$ch"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run_case "stubs match their solutions (make-stubs check)" 0 '.*' -- tools/instructor/make-stubs.sh check

# Every exercise's README section gives its hints in steps with the formula last, under
# "#### Stuck?" after "### Hints", and no README or stub points to a solution: the
# student works from the contract and the hints, never from the answer.
why=
for id in $(awk -F'\t' '!/^#/ && $1 != "id" && $1 != "" { print $1 }' exercises/manifest.tsv); do
    readme=exercises/${id%%/*}/README.md name=${id#*/}
    awk -v name="$name" '
        /^## / { on = ($2 == name); next }
        on && /^### Hints/ { hints = 1 }
        on && /^#### Stuck\?/ && hints { stuck = 1 }
        END { exit !stuck }' "$readme" || why+=" $id"
done
[[ -z $why ]]
ok $? "every exercise's README section has Hints, then a Stuck? section" || diag "missing in:$why"
! grep -n 'solutions/' exercises/[0-9]*/README.md exercises/[0-9]*/*.cl
ok $? "no exercise file or exercise README names a solution"
run_case "every solution passes the grader (--quick)" 0 '^# wrote ' --has '^# score: ([0-9]+)/\1 points' \
    --has '^# quick: ' --lacks '^not ok' --timeout 600 \
    -- env BUILD="$BUILD" tools/grade.sh --quick --from solutions --json "$tmp/solutions.json"
grep -q '"passed": true' "$tmp/solutions.json" 2>/dev/null && grep -q '"quick": true' "$tmp/solutions.json"
ok $? "the solutions' score file records passed exercises, graded quick"
run_case "every stub fails the grader (--quick --expect-fail)" 0 '^# wrote ' --has '^# score: 0/[0-9]+ points' \
    --lacks '^not ok' --timeout 600 \
    -- env BUILD="$BUILD" tools/grade.sh --quick --expect-fail --json "$tmp/stubs-quick.json"
# (a full grade ends with the progress line: every exercise, every point)
slow_case "every solution passes the full grade" 0 '^# progress: ([0-9]+) of \1 exercises, ([0-9]+)/\2 points' \
    --has '^# score: ([0-9]+)/\1 points' --has '^# wrote .*/solutions-full\.json$' \
    --lacks '^not ok' --lacks '^# quick' --timeout 900 \
    -- env BUILD="$BUILD" tools/grade.sh --from solutions --json "$tmp/solutions-full.json"
slow_case "every stub fails the full grade (--expect-fail)" 0 '^# wrote ' --has '^# score: 0/[0-9]+ points' \
    --lacks '^not ok' --timeout 900 -- env BUILD="$BUILD" tools/grade.sh --expect-fail --json "$tmp/stubs.json"
run_case "grading a stub exits 1, its score 0" 1 '^# wrote ' --has '^not ok 1 ' --has '^# score: 0/' \
    -- env BUILD="$BUILD" tools/grade.sh --quick --only 02_radix2/dif --json "$tmp/plain.json"
grep -q '"score": 0,' "$tmp/plain.json" 2>/dev/null
ok $? "the stub's score file says 0"
run_case "an unknown exercise is a usage error" 2 '.*' -- env BUILD="$BUILD" tools/grade.sh --only 02_radix2/nosuch --json "$tmp/x.json"
done_testing
