#!/usr/bin/env bash
# The autograding configurations (make classroom): .github/workflows/classroom.yml and
# .gitlab-ci.yml are what tools/make-classroom.sh makes of exercises/manifest.tsv, parse as
# YAML (python3's yaml, Debian python3-yaml; skipped without it), give each exercise one
# Classroom step with its command, timeout and points, and their commands run in order the
# way the runner would: each through `make -n` (a dry listing: the grade.sh command it
# would run), that command with --dry-run (the exercise exists, its cases parse), and in
# the slow set one of them for real (with the solution, into a private folder).
. "$(dirname "$0")/lib.sh"
WF=.github/workflows/classroom.yml
GL=.gitlab-ci.yml

run_case "make-classroom.sh regenerates both files" 0 '' -- tools/make-classroom.sh --out "$TMP/gen"
cmp -s "$WF" "$TMP/gen/$WF" && cmp -s "$GL" "$TMP/gen/$GL"
ok $? "the committed files are the manifest's (run make classroom after editing it)" ||
    diag "$(diff "$WF" "$TMP/gen/$WF" | head -n 10; diff "$GL" "$TMP/gen/$GL" | head -n 10)"

if python3 -c 'import yaml' 2>/dev/null; then
    # one line per grader step: id, test-name, command, timeout, max-score; then checks
    python3 - "$WF" "$GL" >"$TMP/steps.txt" 2>"$TMP/yaml.err" <<'PY'
import sys, yaml
wf = yaml.safe_load(open(sys.argv[1]))
gl = yaml.safe_load(open(sys.argv[2]))
job = wf["jobs"]["run-autograding-tests"]
assert job["runs-on"] == "ubuntu-24.04", job["runs-on"]
steps = job["steps"]
graders = [s for s in steps if s.get("uses", "").startswith("classroom-resources/autograding-command-grader@")]
rep = steps[-1]
assert rep["uses"].startswith("classroom-resources/autograding-grading-reporter@"), rep
ids = [s["id"] for s in graders]
assert rep["with"]["runners"].split(",") == ids, "runners differ from the step ids"
for s in graders:
    w = s["with"]
    assert set(w) >= {"test-name", "command", "timeout", "max-score"}, w
    env = s["id"].upper() + "_RESULTS"
    assert rep["env"][env] == "${{steps.%s.outputs.result}}" % s["id"], env
    print(s["id"], w["test-name"], w["command"], w["timeout"], w["max-score"], sep="\t")
g = gl["grade"]
assert g["artifacts"]["reports"]["junit"] == "grade.xml", g
assert "make grade" in g["script"], g["script"]
PY
    ok $? "both files parse as YAML; the workflow's steps, reporter and GitLab's JUnit report" || diag "$(tail -n 3 "$TMP/yaml.err")"
    [ "$(cut -f 1 "$TMP/steps.txt" | wc -l)" = 17 ] && [ "$(awk -F'\t' '{ s += $5 } END { print s }' "$TMP/steps.txt")" = 26 ]
    ok $? "17 grader steps, 26 points in all"
    # the runner's order: each step's command is make grade EX=<its exercise>; make -n
    # lists the grade.sh command it runs (once: the same rule for every step), and that
    # command for every step's exercise at once, with --dry-run, lists their runs in the
    # steps' order
    bad=""
    while IFS=$'\t' read -r sid name command _; do
        [ "$command" = "make grade EX=$name" ] || bad+=" $sid (command '$command')"
    done <"$TMP/steps.txt"
    first=$(head -n 1 "$TMP/steps.txt" | cut -f 2)
    all=$(cut -f 2 "$TMP/steps.txt" | paste -s -d,)
    line=$(make -n --no-print-directory grade EX="$first" BUILD="$BUILD" 2>/dev/null | grep 'tools/grade.sh')
    [[ $line == *"--only $first"* ]] || bad+=" (make -n: '$line')"
    eval "${line/--only $first/--only $all} --dry-run --json $TMP/dry.json" >"$TMP/dry.out" 2>&1 || bad+=" (--dry-run: $(tail -n 1 "$TMP/dry.out"))"
    [ "$(sed -n 's/^# run \([^ ]*\) group .*/\1/p' "$TMP/dry.out" | uniq | paste -s -d,)" = "$all" ] || bad+=" (runs not listed in the steps' order)"
    [ -z "$bad" ]
    ok $? "every step's command, in order, as the runner would run it (make -n, grade.sh --dry-run)" || diag "bad:$bad"
    slow_case "the first step's command for real (the solution, into TMP)" 0 '' --has "^ok 1 - $first" \
        -- bash -c "$line --from solutions --json $TMP/real.json"
else
    skip "the workflow parsed as YAML" "python3's yaml is missing (Debian: python3-yaml)"
fi
done_testing
