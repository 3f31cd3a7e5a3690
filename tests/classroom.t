#!/usr/bin/env bash
# The autograding configurations (make classroom): .github/workflows/classroom.yml and
# .gitlab-ci.yml are what tools/instructor/make-classroom.sh makes of
# exercises/manifest.tsv, parse as YAML (python3's yaml, Debian python3-yaml; skipped
# without it), grade from the grader's copy only (the template checked out at the pinned
# commit into grader/, the submission into submission/; every command run is the grader's:
# its install-deps.sh, its make, its check_group.py), give each case group of the manifest
# one Classroom step with its points, in manifest order, keep the reports as an artifact,
# and their commands run the way the runner would: the grade step's make line through `make
# -n` (the grade_submission.py command), and every step's check_group.py command on a
# grade.json in tools/grade.sh's schema (exit 0 for a group that passed, 1 for one that did
# not). --hidden adds a step per hidden group. In the slow set, the grade step and the first
# group's step for real (the solution in a student edition, into a private folder).
. "$(dirname "$0")/lib.sh"
WF=.github/workflows/classroom.yml
GL=.gitlab-ci.yml

run_case "make-classroom.sh regenerates both files" 0 '' -- tools/instructor/make-classroom.sh --out "$TMP/gen"
cmp -s "$WF" "$TMP/gen/$WF" && cmp -s "$GL" "$TMP/gen/$GL"
ok $? "the committed files are the manifest's (run make classroom after editing it)" ||
    diag "$(diff "$WF" "$TMP/gen/$WF" | head -n 10; diff "$GL" "$TMP/gen/$GL" | head -n 10)"

# the manifest's case groups in order: id, group number, points
awk -F'\t' '!/^#/ && NF == 5 && $1 != "id" { n = split($4, p, "+"); for (g = 1; g <= n; g++) print $1 "\t" g "\t" p[g] }' \
    exercises/manifest.tsv >"$TMP/groups.txt"

# steps.py WF GL: one line per grader step (id, test-name, command, timeout, max-score),
# after checking the job's structure; the checks fail with an AssertionError.
cat >"$TMP/steps.py" <<'PY'
import re, sys, yaml
wf = yaml.safe_load(open(sys.argv[1]))
gl = yaml.safe_load(open(sys.argv[2]))
job = wf["jobs"]["run-autograding-tests"]
assert job["runs-on"] == "ubuntu-24.04", job["runs-on"]
steps = job["steps"]
co = [s for s in steps if s.get("uses", "").startswith("actions/checkout@")]
assert [s["with"]["path"] for s in co] == ["submission", "grader"], co
assert co[1]["with"]["repository"] == "${{ vars.FFTLAB_TEMPLATE }}", co[1]
assert co[1]["with"]["ref"] == "${{ vars.FFTLAB_TEMPLATE_REF }}", co[1]
assert "secrets.FFTLAB_TEMPLATE_TOKEN" in co[1]["with"]["token"], co[1]
runs = [s["run"] for s in steps if "run" in s]
# every command is the grader's: tools/ only under grader/, make only with -C grader
for r in runs:
    for m in re.finditer(r"(\S*)tools/", r):
        assert m.group(1).endswith("grader/"), "runs a tools/ script that is not the grader's: " + r
    for m in re.finditer(r"\bmake\b(.*)", r):
        assert m.group(1).lstrip().startswith("-C grader "), "a make that is not the grader's: " + r
    assert "submission/" not in r.replace('SUBMISSION="$GITHUB_WORKSPACE/submission"', ""), r
assert any("sudo grader/tools/install-deps.sh" in r for r in runs), runs
grade = [s for s in steps if "grade-submission" in s.get("run", "")]
assert len(grade) == 1 and "secrets.FFTLAB_HIDDEN_MANIFEST" in grade[0]["env"]["HIDDEN_MANIFEST"], grade
assert "HIDDEN=" in grade[0]["run"] and 'OUT="$GITHUB_WORKSPACE/grade"' in grade[0]["run"], grade
print(re.search(r"make -C grader (grade-submission[^|]*)", grade[0]["run"]).group(1).strip(), file=sys.stderr)
graders = [s for s in steps if s.get("uses", "").startswith("classroom-resources/autograding-command-grader@")]
assert steps.index(grade[0]) < steps.index(graders[0]), "the group steps come after the grade step"
up = [s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@")]
assert len(up) == 1 and up[0]["if"] == "always()" and up[0]["with"]["path"] == "grade/", up
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
assert g["artifacts"]["reports"]["junit"] == "fftlab-grade/grade.xml", g
script = "\n".join(g["script"])
assert 'git -C "$GRADER" checkout --quiet --detach "$FFTLAB_TEMPLATE_REF"' in script, script
assert '$GRADER/tools/install-deps.sh' in script, script
assert re.search(r'make -C "\$GRADER" grade-submission SUBMISSION="\$CI_PROJECT_DIR" OUT="\$CI_PROJECT_DIR/fftlab-grade" \$\{FFTLAB_HIDDEN_MANIFEST:\+HIDDEN=', script), script
for m in re.finditer(r"(\S*)tools/", script):
    assert m.group(1).endswith("$GRADER/"), "runs a tools/ script that is not the grader's"
for m in re.finditer(r"\bmake\b(.*)", script):
    assert m.group(1).lstrip().startswith('-C "$GRADER" '), "a make that is not the grader's"
PY

if python3 -c 'import yaml' 2>/dev/null; then
    python3 "$TMP/steps.py" "$WF" "$GL" >"$TMP/steps.txt" 2>"$TMP/yaml.err"
    ok $? "both files parse as YAML; only the grader's copy runs (checkouts, install, make); the grade step, artifact and reporter; GitLab's job and JUnit report" ||
        diag "$(tail -n 3 "$TMP/yaml.err")"
    [ "$(wc -l <"$TMP/steps.txt")" = 31 ] && [ "$(awk -F'\t' '{ s += $5 } END { print s }' "$TMP/steps.txt")" = 31 ]
    ok $? "31 grader steps (one per case group), 31 points in all"
    # each step is its group: in manifest order, its command that group's check, its points
    bad=""
    n=0
    while IFS=$'\t' read -r sid name command timeout pts; do
        n=$((n + 1))
        IFS=$'\t' read -r id g gp < <(sed -n "${n}p" "$TMP/groups.txt")
        [ "$command" = "python3 grader/tools/instructor/check_group.py grade/grade.json $id $g" ] &&
            [ "$pts" = "$gp" ] && [ "$timeout" = 1 ] && [[ $name == "$id"* ]] || bad+=" $sid ('$command', $pts points)"
    done <"$TMP/steps.txt"
    [ -z "$bad" ] && [ "$n" = "$(wc -l <"$TMP/groups.txt")" ]
    ok $? "every step checks its own case group, in manifest order, with the group's points" || diag "bad:$bad"

    # the runner's way: the grade step's make line lists the grade_submission.py command;
    # each step's command, run from the workspace on a grade.json in grade.sh's schema
    # where the odd-numbered steps' groups passed, exits 0 exactly for those
    mline=$(sed -n 's/^grade-submission /make -n --no-print-directory grade-submission BUILD=build /p' "$TMP/yaml.err" |
        sed 's/"\$GITHUB_WORKSPACE[^"]*"/x/g; s/"\${hidden\[@\]}"//')
    listed=$(eval "$mline" 2>&1 | grep 'grade_submission.py')
    [[ $listed == *"tools/instructor/grade_submission.py --submission \"x\""*'--out "x"'* ]]
    ok $? "the grade step's make line runs this checkout's grade_submission.py (make -n)" || diag "make -n: $listed"
    mkdir -p "$TMP/ws/grader/tools" "$TMP/ws/grade"
    ln -s "$ROOT/tools/instructor" "$TMP/ws/grader/tools/instructor"
    python3 - "$TMP/groups.txt" >"$TMP/ws/grade/grade.json" <<'PY'
import json, sys
ex, k = {}, 0
for line in open(sys.argv[1]):
    i, g, p = line.rstrip("\n").split("\t")
    k += 1
    ok = k % 2 == 1
    ex.setdefault(i, {"id": i, "points": 0, "max": 0, "passed": False, "groups": [], "cases": []})
    e = ex[i]
    e["max"] += int(p); e["points"] += int(p) if ok else 0
    e["groups"].append({"group": int(g), "points": int(p) if ok else 0, "max": int(p), "runs": 2, "passed": ok})
    e["cases"].append({"case": "16", "seed": 1, "group": int(g), "exit": 0 if ok else 1, "ok": ok,
                       **({} if ok else {"reason": "exit 1 wrong result"})})
print(json.dumps({"quick": False, "score": 0, "max": 0, "exercises": list(ex.values())}))
PY
    bad=""
    n=0
    while IFS=$'\t' read -r sid _ command _; do
        n=$((n + 1))
        (cd "$TMP/ws" && env -i PATH="$PATH" HOME="$HOME" bash -c "$command" >/dev/null 2>&1)
        rc=$?
        [ "$rc" = $((n % 2 == 1 ? 0 : 1)) ] || bad+=" $sid (exit $rc)"
    done <"$TMP/steps.txt"
    [ -z "$bad" ]
    ok $? "every step's command, as the runner runs it, passes exactly when its group passed" || diag "bad:$bad"

    printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t3\t64\n99_extra/one\t99_extra\tone\t2+1\t8 | 16\n' >"$TMP/hidden.tsv"
    tools/instructor/make-classroom.sh --out "$TMP/hid" --hidden "$TMP/hidden.tsv" >/dev/null &&
        python3 "$TMP/steps.py" "$TMP/hid/$WF" "$TMP/hid/$GL" 2>/dev/null >"$TMP/hsteps.txt"
    [ "$(wc -l <"$TMP/hsteps.txt")" = 34 ] && [ "$(awk -F'\t' '{ s += $5 } END { print s }' "$TMP/hsteps.txt")" = 37 ] &&
        grep -q $'\t02_radix2/dif hidden group 3\tpython3 grader/tools/instructor/check_group.py grade/grade.json 02_radix2/dif 3\t1\t3$' "$TMP/hsteps.txt" &&
        grep -q $'\t99_extra/one hidden group 2\t.* 99_extra/one 2\t1\t1$' "$TMP/hsteps.txt"
    ok $? "--hidden: a step per hidden group, numbered after the manifest's (as grade.sh numbers them)" ||
        diag "$(tail -n 4 "$TMP/hsteps.txt")"

    first=$(head -n 1 "$TMP/steps.txt" | cut -f 2)
    if [ "$SLOW_TESTS" = 1 ]; then
        env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s student-edition DEST="$TMP/ws/submission" >/dev/null &&
            cp "solutions/$first.cl" "$TMP/ws/submission/exercises/$first.cl"
    fi
    slow_case "the grade step and the first group's step for real (the solution, into TMP)" 0 \
        "^$first group 1: 1/1 points" \
        -- bash -c "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s grade-submission BUILD=$BUILD SUBMISSION=$TMP/ws/submission OUT=$TMP/ws/grade EX=$first >/dev/null &&
            cd $TMP/ws && $(head -n 1 "$TMP/steps.txt" | cut -f 3)"
else
    skip "the workflow parsed as YAML" "python3's yaml is missing (Debian: python3-yaml)"
fi
done_testing
