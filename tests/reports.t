#!/usr/bin/env bash
# The machine-readable reports parse with real parsers (jq for JSON, python3's
# xml.etree for JUnit XML, xmllint against Jenkins' junit-10.xsd kept in tests/), not only
# grep: make grade's grade.json and grade.xml, and the JUnit XML that tools/ci/tap2junit.pl
# makes of make test's TAP. Also what make grade reports beyond pass/fail: partial credit
# per case group, drawn sizes and seeds, hidden cases, the progress file, the first failing
# check in the excerpt, the cap on a run's output, and where it refuses to write; and the
# chapters' JSON report of every end of a run (a build error, a fault, a timeout, a
# refusal), which the grader reads instead of their messages.
# Every grade here runs through a small manifest at sizes <= 64 (a run is ~0.3 s).
. "$(dirname "$0")/lib.sh"
need_binary 02_radix2
have_jq=$(command -v jq) have_py=$(command -v python3) have_xmllint=$(command -v xmllint)
XSD=tests/junit-10.xsd

# xml_summary FILE: "suites tests failures" of a JUnit file, or nothing when it does not parse.
xml_summary() {
    python3 - "$1" <<'PY' 2>/dev/null
import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
s = list(r)
print(len(s), sum(1 for x in s for c in x if c.tag == "testcase"),
      sum(1 for x in s for c in x if c.tag == "testcase" and c.find("failure") is not None))
PY
}
# valid NAME FILE: one TAP line, FILE validates against junit-10.xsd
valid() {
    if [ -z "$have_xmllint" ]; then skip "$1" "xmllint is not installed (Debian: libxml2-utils)"; return; fi
    xmllint --noout --schema "$XSD" "$2" >"$TMP/xmllint.log" 2>&1
    ok $? "$1" || diag "$(head -n 5 "$TMP/xmllint.log")"
}

# The manifest: 02_radix2/dif in two case groups of 1 point each, twiddle_table in one;
# the hidden manifest adds a group to dif (a case with its own seed, and a drawn size).
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1+1\t4 16:inverse | 64x3:inverse\n02_radix2/twiddle_table\t02_radix2\ttwiddle_table\t1\t8\n' >"$TMP/m.tsv"
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1\t8:seed=7 ~pow2[2..2^4]\n' >"$TMP/hidden.tsv"
G=(env BUILD="$BUILD" tools/grade.sh --manifest "$TMP/m.tsv")

# 1. The solution, one exercise at a time into one progress file (make grade EX=...), the
#    first with the hidden cases (--hidden), the second through GRADE_HIDDEN.
run_case "grade the solution: dif with hidden cases" 0 '' --has '^# wrote .*sol\.xml' \
    --has '^#   02_radix2/dif: seed [0-9]+, size (2|4|8|16) \(drawn from ~pow2\[2\.\.2\^4\]\)' \
    --has '^#   8/8 runs passed, 3/3 points \(groups: 1/1 1/1 1/1\)' \
    --has '^# progress: 1 of 2 exercises, 3/4 points' \
    -- "${G[@]}" --hidden "$TMP/hidden.tsv" --only 02_radix2/dif --from solutions --json "$TMP/sol.json" --draw 5
drawn=$(grep -o '^#   02_radix2/dif: seed [0-9]*, size [0-9]*' "$RC_OUT" | sed 's/^#   02_radix2\/dif: //')
run_case "grade the solution: twiddle_table (merged into the progress file)" 0 '' \
    --has '^# progress: 2 of 2 exercises, 4/4 points' \
    -- env GRADE_HIDDEN="$TMP/hidden.tsv" "${G[@]}" --only 02_radix2/twiddle_table --from solutions --json "$TMP/sol.json"
[ "$(cut -f 1-4 "$TMP/sol-progress.tsv" | grep -v '^#' | sort | tr '\t\n' ' |')" = "02_radix2/dif 3 3 true|02_radix2/twiddle_table 1 1 true|" ]
ok $? "the progress file holds both exercises" || diag "$(cat "$TMP/sol-progress.tsv")"
run_case "--draw draws the same sizes and seeds again (--dry-run: nothing runs)" 0 '' \
    --has "^#   02_radix2/dif: ${drawn:-no draw} \\(drawn" --has '^# run 02_radix2/dif group 3: .*--size 8 --seed 7 ' \
    --lacks '^# wrote' \
    -- "${G[@]}" --hidden "$TMP/hidden.tsv" --only 02_radix2/dif --from solutions --json "$TMP/redraw.json" --draw 5 --dry-run
run_case "grade the stub" 1 '' --has '^# the first failing check:' \
    --has '^#   verify   random .*WRONG' --has '^#       row 0, index 0: got .*, expected ' \
    -- "${G[@]}" --json "$TMP/stub.json"
if [ -n "$have_jq" ]; then
    [ "$(jq -r '.score, .max, .exercises[0].passed, (.exercises[0].cases | length), (.exercises[0].groups | length)' "$TMP/sol.json" | tr '\n' ' ')" = "1 1 true 2 1 " ]
    ok $? "grade.json of the last solution run: score 1 of 1, passed, 2 runs, 1 group (jq)"
    [ "$(jq -r '.score, .exercises[0].passed, .exercises[0].cases[0].ok, .exercises[0].groups[1].passed' "$TMP/stub.json" | tr '\n' ' ')" = "0 false false false " ]
    ok $? "grade.json of the stub: score 0, failed (jq)"
else
    skip "grade.json parsed by jq" "jq is not installed"
fi
if [ -n "$have_py" ]; then
    [ "$(xml_summary "$TMP/sol.xml")" = "1 1 0" ]
    ok $? "grade.xml of the solution: 1 suite, 1 testcase (one per exercise, as the TAP), no failure" || diag "got: $(xml_summary "$TMP/sol.xml")"
    [ "$(xml_summary "$TMP/stub.xml")" = "1 2 2" ]
    ok $? "grade.xml of the stub: 2 exercises, both failed" || diag "got: $(xml_summary "$TMP/stub.xml")"
    grep -q '<failure message="0/2 points: case 4 seed 1: exit 1 wrong result"' "$TMP/stub.xml"
    ok $? "grade.xml says why the exercise failed"
    grep -q '^# rerun: .*02_radix2 --exercise' "$TMP/stub.xml" && grep -q 'WRONG' "$TMP/stub.xml"
    ok $? "grade.xml's failure carries the rerun command and the first failing check"
else
    skip "grade.xml parsed" "python3 is not installed"
fi
valid "grade.xml of the solution validates against junit-10.xsd" "$TMP/sol.xml"
valid "grade.xml of the stub validates against junit-10.xsd" "$TMP/stub.xml"

# 2. Partial credit: a kernel right at n = 4 and 16, wrong from n = 64 on, where it also
#    prints 96 KB of kernel printf, with bytes that are not UTF-8.
mkdir -p "$TMP/partial/02_radix2"
pad=$(printf '%0990d' 0)
sed -e "s|    y\[base + j + p\] = cmul(a - b, tw);|    y[base + j + p] = half_n >= 32 ? a - b : cmul(a - b, tw);\n    if (half_n >= 32) if (p == 1) printf(\"\\\\xff\\\\xfe $pad\\\\n\");|" \
    solutions/02_radix2/dif.cl >"$TMP/partial/02_radix2/dif.cl"
run_case "partial credit: right at small n only" 1 '' \
    --has '^not ok 1 - 02_radix2/dif' --has '^#   4/6 runs passed, 1/2 points \(groups: 1/1 0/1\)' \
    --has '^# stdout was over 64 KiB: \[\.\.\. [0-9]+ bytes of output left out' \
    --has '^# score: 1/2 points' \
    -- "${G[@]}" --only 02_radix2/dif --from "$TMP/partial" --json "$TMP/partial.json" --all-cases
[ "$(stat -c %s "$TMP/partial.xml")" -lt 65536 ] && grep -q 'bytes of output left out' "$TMP/partial.xml"
ok $? "a run's output is capped in the report (64 KiB, its first and last 32 KiB)" || diag "$(stat -c %s "$TMP/partial.xml")"
valid "grade.xml with a kernel's bytes that are not UTF-8 validates" "$TMP/partial.xml"

# 3. Where the reports go: never onto a folder, a link or a device/pipe (checked before
#    anything runs), and the temporary files are gone afterwards.
mkdir -p "$TMP/out/d.xml"
run_case "the JUnit path beside --json is a folder" 2 '' --has 'is not a plain file' \
    -- "${G[@]}" --json "$TMP/out/d.json"
echo keep >"$TMP/out/target"
ln -s "$TMP/out/target" "$TMP/out/l.xml"
run_case "the JUnit path is a symbolic link" 2 '' --has 'symbolic link' -- "${G[@]}" --json "$TMP/out/l.json"
[ "$(cat "$TMP/out/target")" = keep ]
ok $? "the link's target is untouched"
mkfifo "$TMP/out/f.json"
run_case "--json onto a pipe (as a device node)" 2 '' --has 'not a plain file' -- "${G[@]}" --json "$TMP/out/f.json"
[ -p "$TMP/out/f.json" ]
ok $? "the pipe is still there"
[ -z "$(find "$TMP" -maxdepth 1 -name '.*.json.*' -o -maxdepth 1 -name '*.tmp.*')" ]
ok $? "no temporary file left beside the reports"
# A program that writes more than the 64 MiB cap is stopped (a fake chapter: a script).
mkdir -p "$TMP/fake"
printf '#!/bin/sh\nhead -c 70000000 /dev/zero\necho PASS\n' >"$TMP/fake/02_radix2"
chmod +x "$TMP/fake/02_radix2"
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1\t4:seed=1\n' >"$TMP/one.tsv"
run_case "a run's output over 64 MiB stops it" 1 '' \
    --has '^# case 4:seed=1 seed 1: exit 153 stopped: its output passed the 64 MiB cap' \
    -- env BUILD="$TMP/fake" tools/grade.sh --manifest "$TMP/one.tsv" --from solutions --json "$TMP/big.json"
[ "$(stat -c %s "$TMP/big.xml")" -lt 65536 ]
ok $? "... and its report stays small" || diag "$(stat -c %s "$TMP/big.xml")"
# An access out of bounds: the verdict and the excerpt name it and the launch that did it,
# from the report's fault fields (fake chapters printing the JSON report the chapters
# print, docs/report-json.md, with words of their own).
jr() { printf '#!/bin/sh\necho "launch 3: (progress of its own)"\necho "error: something else in words" >&2\n'"echo '%s'\nexit %s\n" "$1" "$2" >"$TMP/fake/02_radix2"; }
jr '{"chapter": "02_radix2", "checks": [], "verdict": "FAIL", "outcome": "out_of_bounds", "exit": 1, "fault": {"access": "write", "buffer": "B", "side": "past the end", "element": 1025, "elements": 1024, "launch": 3, "launches": 10, "kernel": "fft_radix2_dif", "check": "random"}, "reason": "in words"}' 1
run_case "out of bounds, named with its launch" 1 '' \
    --has '^# case 4:seed=1 seed 1: exit 1 wrote out of bounds: buffer B, past its end \(' \
    --has '^# out of bounds \(the launch that did it\):' \
    --has '^#   launch 3 of 10: fft_radix2_dif; wrote buffer B, past the end \(element 1025 of 1024\); check random$' \
    -- env BUILD="$TMP/fake" tools/grade.sh --manifest "$TMP/one.tsv" --from solutions --json "$TMP/oob.json"
jr '{"chapter": "02_radix2", "checks": [{"name": "random", "ok": false, "detail": "in words"}], "verdict": "FAIL", "outcome": "out_of_bounds", "exit": 1, "fault": {"access": "write", "buffer": "B", "side": "before the start", "element": -3, "elements": 8, "check": "random"}}' 1
run_case "out of bounds, found by the guard zones (no launch)" 1 '' \
    --has '^# case 4:seed=1 seed 1: exit 1 wrote out of bounds: buffer B, before its start \(' \
    --has '^#   wrote buffer B, before the start \(element -3 of 8\); check random$' \
    -- env BUILD="$TMP/fake" tools/grade.sh --manifest "$TMP/one.tsv" --from solutions --json "$TMP/oob.json"
# The CPU device's fences (common/fence.c) and the exercise check (common/exercise_check.c)
# by their reports, one case group each (so every one runs): each verdict names what
# happened, never "wrong result" or "usage error". One grade run of a fake chapter.
cat >"$TMP/fake/02_radix2" <<'SH'
#!/bin/sh
while [ $# -gt 0 ] && [ "$1" != --size ]; do shift; done
r() { echo "{\"chapter\": \"02_radix2\", \"verdict\": \"FAIL\", $1}"; }
case $2 in
4) r '"outcome": "out_of_bounds", "exit": 1, "fault": {"access": "read", "buffer": "A", "side": "past the end", "element": 100512, "elements": 512, "launch": 0, "launches": 10, "kernel": "fft_radix2_dif", "check": "random"}'; exit 1 ;;
8) r '"outcome": "read_only_write", "exit": 1, "fault": {"access": "write", "buffer": "A", "side": "inside", "element": 0, "elements": 64, "launch": 0, "launches": 6, "kernel": "fft_radix2_dif", "check": "random"}'; exit 1 ;;
16) r "\"outcome\": \"refused\", \"exit\": 2, \"file\": \"x/dif.cl\", \"line\": 45, \"rule\": \"#endif without #if (an exercise's #if/#endif must balance)\""; exit 2 ;;
32) r '"outcome": "refused", "exit": 2, "file": "x/dif.cl", "line": 9, "rule": "an exercise may not end a line with a backslash (line splicing): it joins lines"'; exit 2 ;;
esac
SH
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1+1+1+1\t4:seed=1 | 8:seed=1 | 16:seed=1 | 32:seed=1\n' >"$TMP/four.tsv"
run_case "the fences' and the exercise check's verdicts name them" 1 '' \
    --has '^# case 4:seed=1 seed 1: exit 1 read out of bounds: buffer A, past its end \(' \
    --has '^# case 8:seed=1 seed 1: exit 1 wrote its read-only input: buffer A \(' \
    --has "^# case 16:seed=1 seed 1: exit 2 refused: #endif without #if \\(an exercise's #if/#endif must balance\\) \\(" \
    --has '^# case 32:seed=1 seed 1: exit 2 refused: an exercise may not end a line with a backslash \(line splicing\): it joins lines \(' \
    --lacks 'wrong result|usage error' \
    -- env BUILD="$TMP/fake" tools/grade.sh --manifest "$TMP/four.tsv" --from solutions --json "$TMP/four.json"

# 4. The chapters' own JSON report (docs/report-json.md): every end of a run is one object
#    on the last line of stdout, with its outcome and exit code (real runs of 02_radix2,
#    at 16 or 1024), and the grader's verdict and excerpt come from its fields.
# json_is NAME FILE PYTHON-EXPR: one TAP line, the expression true of the object D that is
# the file's one line (stdout held only that line).
json_is() {
    local why
    why=$(python3 - "$2" "$3" <<'PY' 2>&1
import json, sys
lines = open(sys.argv[1]).read().split("\n")
assert len(lines) == 2 and lines[1] == "", "stdout is not one line: %r" % lines[:3]
D = json.loads(lines[0])
assert eval(sys.argv[2]), "false of %s" % json.dumps(D)[:600]
PY
)
    ok $? "$1" || diag "$why"
}
R2=(env FFTLAB_DEVICE=cpu "$BUILD/02_radix2" --variant dif --repeat 0 --format json)
mkdir -p "$TMP/bad/02_radix2"
printf '__kernel void fft_radix2_dif( {\n' >"$TMP/bad/02_radix2/dif.cl"
run_case "--format json: a build error is a JSON record" 3 '^FAIL \(opencl, exit 3\)' \
    -- "${R2[@]}" --exercise "$TMP/bad/02_radix2/dif.cl" --size 16
json_is "... outcome build_error, exit 3, the file that did not build" "$RC_OUT" \
    'D["outcome"] == "build_error" and D["exit"] == 3 and D["verdict"] == "FAIL" and D["file"].endswith("bad/02_radix2/dif.cl")'
# the solution plus a write 2000 elements past the end (tests/grader_bounds.t's "far")
awk '{ print } /y\[base \+ j \+ p\] = cmul/ { print "    if (i == 0) y[base + 2 * half_n + 2000] = a + b; /* far past the end */" }' \
    solutions/02_radix2/dif.cl >"$TMP/far.cl"
run_case "--format json: a write past the end, at the fence" 1 '^FAIL: check random: ' \
    -- "${R2[@]}" --exercise "$TMP/far.cl" --size 1024
json_is "... outcome out_of_bounds, exit 1, the fault's buffer, side, element and launch" "$RC_OUT" \
    'D["outcome"] == "out_of_bounds" and D["exit"] == 1 and D["failed_check"] == "random" and D["fault"] == {"access": "write", "buffer": "B", "side": "past the end", "element": 3024, "elements": 1024, "launch": 0, "launches": 10, "kernel": "fft_radix2_dif", "check": "random"}'
run_case "--format json: the same, found by the guard zones (no fences)" 1 '^FAIL: check random: ' \
    -- env FFTLAB_FENCE=0 "${R2[@]}" --exercise "$TMP/far.cl" --size 1024
json_is "... outcome out_of_bounds, the fault's buffer and element, every check failed" "$RC_OUT" \
    'D["outcome"] == "out_of_bounds" and D["exit"] == 1 and D["fault"]["buffer"] == "A" and D["fault"]["side"] == "past the end" and D["fault"]["element"] == 3024 and "launch" not in D["fault"] and len(D["checks"]) == 5 and not any(c["ok"] for c in D["checks"])'
awk '{ print } /y\[base \+ j \+ p\] = cmul/ { print "    if (i == 0) for (;;) y[base + j] = a + b; /* never ends */" }' \
    solutions/02_radix2/dif.cl >"$TMP/loop.cl"
run_case "--format json: a kernel that never ends, --timeout 1" 3 '^FAIL \(opencl, exit 3\): timed out' \
    -- "${R2[@]}" --exercise "$TMP/loop.cl" --size 16 --timeout 1
json_is "... outcome timeout, exit 3, timeout_s 1" "$RC_OUT" \
    'D["outcome"] == "timeout" and D["exit"] == 3 and D["timeout_s"] == 1'
printf '#include "dif.cl"\n' >"$TMP/inc.cl"
run_case "--format json: an exercise file the check refuses" 2 '^FAIL \(usage, exit 2\)' \
    -- "${R2[@]}" --exercise "$TMP/inc.cl" --size 16
json_is "... outcome refused, exit 2, the file, its line and the rule" "$RC_OUT" \
    'D["outcome"] == "refused" and D["exit"] == 2 and D["file"].endswith("inc.cl") and D["line"] == 1 and D["rule"].startswith("an exercise may not use #include")'
# The grader on these real reports, its chapters' messages changed on the way (every
# verify, error and FAIL line rewritten: the verdicts come from the JSON alone).
mkdir -p "$TMP/worded"
cat >"$TMP/worded/02_radix2" <<SH
#!/bin/bash
out=\$(mktemp) err=\$(mktemp)
"$BUILD/02_radix2" "\$@" 2>"\$err" >"\$out"
st=\$?
sed 's/[a-z]/x/g' "\$err" >&2
cat "\$out"
rm -f "\$out" "\$err"
exit \$st
SH
chmod +x "$TMP/worded/02_radix2"
mkdir -p "$TMP/far/02_radix2" "$TMP/loop/02_radix2"
cp "$TMP/far.cl" "$TMP/far/02_radix2/dif.cl"
cp "$TMP/loop.cl" "$TMP/loop/02_radix2/dif.cl"
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1\t1024:seed=1\n' >"$TMP/k1024.tsv"
run_case "grade: a build error, by its report" 1 '' \
    --has '^# case 1024:seed=1 seed 1: exit 3 build failed \(' \
    --has '^# the file that did not build: .*bad/02_radix2/dif\.cl \(the compiler.s log is in stderr below\)$' \
    -- env FFTLAB_DEVICE=cpu BUILD="$TMP/worded" tools/grade.sh --manifest "$TMP/k1024.tsv" --from "$TMP/bad" --json "$TMP/g1.json"
run_case "grade: a write past the end, by its report" 1 '' \
    --has '^# case 1024:seed=1 seed 1: exit 1 wrote out of bounds: buffer B, past its end \(' \
    --has '^#   launch 0 of 10: fft_radix2_dif; wrote buffer B, past the end \(element 3024 of 1024\); check random$' \
    --has '^# rerun: .*/02_radix2 --exercise .*far/02_radix2/dif\.cl --variant dif --size 1024 --seed 1 --repeat 0 --timeout 60$' \
    -- env FFTLAB_DEVICE=cpu BUILD="$TMP/worded" tools/grade.sh --manifest "$TMP/k1024.tsv" --from "$TMP/far" --json "$TMP/g2.json"
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1\t16:seed=1:timeout=1\n' >"$TMP/k16.tsv"
run_case "grade: a timeout, by its report" 1 '' \
    --has '^# case 16:seed=1:timeout=1 seed 1: exit 3 timed out after --timeout 1 s \(endless loop\?\) \(' \
    -- env FFTLAB_DEVICE=cpu BUILD="$TMP/worded" tools/grade.sh --manifest "$TMP/k16.tsv" --from "$TMP/loop" --json "$TMP/g3.json"

# 5. make test's JUnit: TAP with a pass, a failure with diagnostics (and its stderr block,
#    as tests/lib.sh writes it), a skip, a repeated name, times from tap-tee.sh's files,
#    and a stream that stopped before its plan.
printf 'ok 1 - fine\nnot ok 2 - wrong & <odd>\n# got 3, want 4\nok 3 - skipped # SKIP no device\nok 4 - fine\n1..4\n' >"$TMP/a.tap"
printf "#   Failed test 2: 'wrong'\n#   command: build/02_radix2 --size 3\n#   exit status 2, expected 0\n" >"$TMP/a.err"
printf 'tests/a.t 3.5 1.0\n' >"$TMP/a.time"
printf '100\n100.5\n101.25\n101.5\n102\n' >"$TMP/a.stamps"
printf 'ok 1 - first\n1..4\n' >"$TMP/short.tap"
run_case "tap2junit writes the report" 0 '' -- perl tools/ci/tap2junit.pl "$TMP/junit.xml" "$TMP/a.tap" "$TMP/short.tap"
if [ -n "$have_py" ]; then
    [ "$(xml_summary "$TMP/junit.xml")" = "2 6 2" ]
    ok $? "JUnit: 2 suites, 6 testcases (one is the short file's plan), 2 failures" || diag "got: $(xml_summary "$TMP/junit.xml")"
    grep -q 'got 3, want 4' "$TMP/junit.xml"
    ok $? "JUnit: a failure carries its diagnostics"
    grep -q 'command: build/02_radix2 --size 3' "$TMP/junit.xml" && grep -q 'exit status 2, expected 0' "$TMP/junit.xml"
    ok $? "JUnit: a failure carries its stderr block (command, exit status)"
    grep -q '<testcase classname="a" name="fine" time="0.500"/>' "$TMP/junit.xml" &&
        grep -q 'name="fine (2)"' "$TMP/junit.xml" && ! grep -q 'name="[0-9]' "$TMP/junit.xml"
    ok $? "JUnit: names without the TAP ordinal (a repeated one numbered), times from the stamps"
    grep -q '<testsuite name="a" tests="4" failures="1" errors="0" skipped="1" time="3.500">' "$TMP/junit.xml"
    ok $? "JUnit: a suite's errors, skipped and time (the file's wall time)"
else
    skip "JUnit parsed" "python3 is not installed"
fi
valid "tap2junit's JUnit validates against junit-10.xsd" "$TMP/junit.xml"
mkdir -p "$TMP/jdir.xml"
run_case "tap2junit refuses a folder as its output" 2 '' --has 'is not a plain file' \
    -- perl tools/ci/tap2junit.pl "$TMP/jdir.xml" "$TMP/a.tap"
done_testing
