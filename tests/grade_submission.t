#!/usr/bin/env bash
# make grade-submission and make grade-class (tools/instructor/): a student's checkout is
# graded with this checkout's grader, manifest, programs and kernels, taking only its
# exercise files. One submission, made from the student edition, tampers every way the
# old CI trusted: (a) `exit 0` as line 2 of tools/grade.sh, (b) a Makefile whose grade:
# target is `true`, (c) a manifest with the cases cut and the points raised; and (d) it
# solves 01_dft/bin_per_group with the solution's file and leaves 01_dft/twiddle_table a
# stub (bin_per_group's full grade is the cheaper one: no N = 65536 case). It is also hostile: an exercise file that is a link to the instructor's solution,
# an exercise folder that is a link to the solutions' folder, a 2 MiB (sparse) exercise
# file, a 3 GiB (sparse) file, a named pipe, a file named with a newline, a deleted file,
# and a build output that .gitignore names. Fast set (~10 s warm: the edition, three
# starters, 01's kernel built four times at 01's sizes): the full grade of it (the
# solved exercise every case, the stub failing at once): the stub earns nothing, the
# solved exercise its point, the linked files are refused unread, every tampered path is
# listed (odd names escaped), in grade.json, tampered.txt and as # lines, grade.xml is
# JUnit, and check_group.py reads its case groups (the GitHub Classroom steps); then a
# class: a roster with the clean submission as a folder and as a file:// URL cloned
# shallowly, the tampered one, and a URL that does not clone, into one CSV (--quick).
# Usage errors, last.
. "$(dirname "$0")/lib.sh"
unset MAKEFLAGS MFLAGS MAKELEVEL
# The starter a submission is compared with is this checkout's student edition, which is
# made from what git tracks (tests/student_edition.t tests the message without it).
if ! command -v git >/dev/null 2>&1 || ! git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    skip "make grade-submission and make grade-class" \
        "$ROOT is not a git checkout (an archive?): the starter is the student edition, which needs one (git clone, or git init -q && git add -A)"
    done_testing
    exit
fi

ED=$TMP/edition
make -s student-edition DEST="$ED" >/dev/null || bail_out "make student-edition failed"

# the clean submission: the edition, 01_dft/bin_per_group solved
CLEAN=$TMP/clean
cp -a "$ED" "$CLEAN" && cp solutions/01_dft/bin_per_group.cl "$CLEAN/exercises/01_dft/" || bail_out "cp"

# the tampered one
S=$TMP/tampered
cp -a "$CLEAN" "$S" || bail_out "cp"
sed -i '2i exit 0' "$S/tools/grade.sh"                                         # (a)
awk '/^grade:/ { print "grade:"; print "\ttrue"; skip = 1; next }
     skip && /^\t/ { next } { skip = 0; print }' "$ED/Makefile" >"$S/Makefile"  # (b)
awk -F'\t' -v OFS='\t' '/^01_dft\/bin_per_group\t/ { $4 = 9; $5 = "1" } !/^01_dft\/twiddle_table\t/' \
    "$ED/exercises/manifest.tsv" >"$S/exercises/manifest.tsv"                   # (c)
ln -sf "$ROOT/solutions/02_radix2/dif.cl" "$S/exercises/02_radix2/dif.cl"
rm -r "$S/exercises/03_local_memory" && ln -s "$ROOT/solutions/03_local_memory" "$S/exercises/03_local_memory"
truncate -s 2M "$S/exercises/02_radix2/twiddle_table.cl"
truncate -s 3G "$S/big.bin"
mkfifo "$S/pipe"
printf 'x\n' >"$S/odd"$'\n'"name"
rm "$S/docs/notation.md"
mkdir -p "$S/build" && printf 'x\n' >"$S/build/ignored.o"
[ "$(sed -n 2p "$S/tools/grade.sh")" = "exit 0" ] && [ "$(grep -A1 '^grade:' "$S/Makefile" | tr '\n' '|')" = $'grade:|\ttrue|' ] ||
    bail_out "the tampered submission was not made"

OUT=$TMP/out
EXS=01_dft/twiddle_table,01_dft/bin_per_group,02_radix2/dif,03_local_memory/missing_barrier
run_case "make grade-submission: the tampered submission graded (exit 1: not everything passes)" 2 '' \
    --has 'grade-submission\] Error 1$' --stdout-has 'wrote .*grade\.json, grade\.xml, tampered\.txt' \
    --stdout-has '^not ok 1 - 01_dft/twiddle_table' \
    --stdout-has '^ok 2 - 01_dft/bin_per_group$' \
    --stdout-has '^# submission .*: 2/6 points' \
    --stdout-has '^#   tools/grade.sh: changed$' \
    -- make -s grade-submission BUILD="$BUILD" SUBMISSION="$S" EX="$EXS" OUT="$OUT"

python3 - "$OUT/grade.json" "$ROOT" >"$TMP/checks.txt" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ex = {e["id"]: e for e in d["exercises"]}
bad = []
def want(cond, what):
    if not cond:
        bad.append(what)
t = ex["01_dft/bin_per_group"]
want(t["points"] == 2 and t["max"] == 2 and t["passed"], "bin_per_group keeps its 2/2 points: %r" % t)
want(len(t["cases"]) == 32 and all(c["ok"] for c in t["cases"]), "the instructor's 32 runs, not the student's one")
want(ex["01_dft/twiddle_table"]["points"] == 0 and ex["01_dft/twiddle_table"]["max"] == 1, "the stub earns nothing")
for i in ("02_radix2/dif", "03_local_memory/missing_barrier"):
    want(ex[i]["points"] == 0 and "symbolic link" in ex[i]["reason"] and not any(c.get("ok") for c in ex[i]["cases"]),
         "%s (a link to the solution) refused: %r" % (i, ex[i].get("reason")))
want(d["score"] == 2 and d["max"] == 6, "score 2/6: %s/%s" % (d["score"], d["max"]))
tam = {x["path"]: x["change"] for x in d["tampered"]}
for p, c in [("tools/grade.sh", "changed"), ("Makefile", "changed"), ("exercises/manifest.tsv", "changed"),
             ("big.bin", "added"), ("odd\\x0aname", "added"), ("docs/notation.md", "deleted"),
             ("pipe", "a named pipe, added")]:
    want(tam.get(p) == c, "%s listed as %s: %r" % (p, c, tam.get(p)))
want(tam.get("exercises/02_radix2/dif.cl", "").startswith("a symbolic link to " + sys.argv[2]), "the linked exercise file")
want("symbolic link to " + sys.argv[2] in tam.get("exercises/03_local_memory", ""), "the linked exercise folder")
want("exercises/03_local_memory/README.md" in tam, "the linked folder's starter files are deleted")
want(tam.get("exercises/02_radix2/twiddle_table.cl", "").startswith("2097152 bytes, over"), "the 2 MiB exercise file")
for p in ("exercises/01_dft/twiddle_table.cl", "exercises/01_dft/bin_per_group.cl", "build/ignored.o", ".git"):
    want(p not in tam, "%s is not listed" % p)
want(d["tampered_complete"] is True and d["submission"].endswith("/tampered"), "complete, the submission named")
want(d["source"].endswith("/tampered/exercises"), "source names the submission's exercises: " + d["source"])
want("fftlab-grade-submission." not in d["build"] + json.dumps(t), "no temporary path left: " + d["build"])
print("\n".join(bad) or "all good")
print(len(d["tampered"]))
PY
[ "$(head -n 1 "$TMP/checks.txt")" = "all good" ]
ok $? "grade.json: the stub earns nothing, the solved exercise its point from the instructor's cases, links refused unread, every tampered path listed" ||
    diag "$(cat "$TMP/checks.txt")"

n=$(tail -n 1 "$TMP/checks.txt")
[ "$(wc -l <"$OUT/tampered.txt")" = "$n" ] && grep -qx $'changed\ttools/grade.sh' "$OUT/tampered.txt" &&
    grep -qx $'added\todd\\\\x0aname' "$OUT/tampered.txt" && [ "$(sed -n '/^# tampered: /,$p' "$RC_OUT" | grep -c '^#   ')" = "$n" ] &&
    python3 -c 'import sys, xml.etree.ElementTree as E; assert len(list(E.parse(sys.argv[1]).iter("testcase"))) == 4' "$OUT/grade.xml"
ok $? "tampered.txt and the # lines list the same $n paths (one line each: the newline escaped); grade.xml holds the 4 testcases" ||
    diag "$(head -n 5 "$OUT/tampered.txt")"

# the GitHub Classroom steps' check on this real grade.json
cg() { python3 tools/instructor/check_group.py "$OUT/grade.json" "$@" >/dev/null 2>&1; echo $?; }
[ "$(cg 01_dft/bin_per_group 1) $(cg 01_dft/bin_per_group 2) $(cg 01_dft/twiddle_table 1) $(cg 02_radix2/dif 1) $(cg 01_dft/bin_per_group 3) $(cg 05_register_radix/dft8 1)" = "0 0 1 1 2 2" ]
ok $? "check_group.py on it: the solved group passes, the stub's and the refused file's groups do not, an unknown group or exercise is an error"

# the class: folders, a shallow clone, a URL that does not clone
git -C "$CLEAN" init -q && git -C "$CLEAN" add -A && git -C "$CLEAN" -c user.name=t -c user.email=t@t commit -qm s ||
    bail_out "cannot commit the clean submission"
printf '# the class\n%s\tAda\n\n%s\nfile://%s\tCy\nfile://%s/none.git\t=Bob\n' "$CLEAN" "$S" "$CLEAN" "$TMP" >"$TMP/roster"
printf 'id\tchapter\tvariant\tpoints\tcases\n01_dft/bin_per_group\t01_dft\tbin_per_group\t1\t16:seed=5\n' >"$TMP/hidden.tsv"
run_case "make grade-class: four submissions with a hidden manifest, one does not clone (exit 1), the CSV written" 2 '' \
    --has 'grade-class\] Error 1$' --stdout-has 'wrote .*class\.csv \(3 of 4 graded' \
    --stdout-has '^ok 1 - Ada: 3/3 points, 0 tampered' --stdout-has '^ok 2 - tampered: 3/3 points, 1[0-9] tampered' \
    --stdout-has '^ok 3 - Cy: 3/3 points, 0 tampered' --stdout-has '^not ok 4 - =Bob: clone failed: ' \
    -- make -s grade-class BUILD="$BUILD" ROSTER="$TMP/roster" HIDDEN="$TMP/hidden.tsv" EX=01_dft/bin_per_group QUICK=1 CSV="$TMP/class.csv"
python3 - "$TMP/class.csv" >"$TMP/csv.txt" 2>&1 <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
bad = []
if rows[0] != ["student", "exercise", "points", "max", "tampered", "note"]:
    bad.append("header %r" % rows[0])
got = [r[:4] for r in rows[1:]]
if got != [["Ada", "01_dft/bin_per_group", "3", "3"], ["Ada", "total", "3", "3"],
           ["tampered", "01_dft/bin_per_group", "3", "3"], ["tampered", "total", "3", "3"],
           ["Cy", "01_dft/bin_per_group", "3", "3"], ["Cy", "total", "3", "3"], ["'=Bob", "", "", ""]]:
    bad.append("rows %r" % got)
t = rows[3][4]
for p in ("tools/grade.sh (changed)", "Makefile (changed)", "exercises/manifest.tsv (changed)", "odd\\x0aname (added)"):
    if p not in t:
        bad.append("tampered cell lacks " + p)
if rows[1][4] or rows[5][4]:
    bad.append("the clean submission (folder, clone) has tampered files: %r %r" % (rows[1][4], rows[5][4]))
if not rows[7][5].startswith("clone failed: "):
    bad.append("Bob's note: %r" % rows[7][5])
print("\n".join(bad) or "all good")
PY
[ "$(cat "$TMP/csv.txt")" = "all good" ] && [ -f "$TMP/class/02-tampered/tampered.txt" ] && ! ls "$TMP"/.class.csv.* >/dev/null 2>&1
ok $? "the CSV: a row per exercise and a total per student, the same points tampered or not, the tampered paths, the clone failure; reports per student" ||
    diag "$(cat "$TMP/csv.txt")"

run_case "no SUBMISSION: a usage error" 2 '' --has 'usage: make grade-submission SUBMISSION=dir' \
    -- make -s grade-submission BUILD="$BUILD"
run_case "a SUBMISSION that is not a folder, an unknown EX: usage errors, nothing written" 2 '' \
    --has "grade-submission: --submission: '$TMP/none' is not a folder" \
    -- python3 tools/instructor/grade_submission.py --submission "$TMP/none" --out "$TMP/out2"
run_case "an unknown exercise id" 2 '' --has "grade-submission: no exercise '01_dft/nope' in the manifests" \
    -- python3 tools/instructor/grade_submission.py --submission "$S" --only 01_dft/nope --out "$TMP/out2"
[ ! -e "$TMP/out2" ]
ok $? "the usage errors wrote nothing"
done_testing
