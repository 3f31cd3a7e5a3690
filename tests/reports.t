#!/usr/bin/env bash
# The machine-readable reports parse with real parsers (jq for JSON, python3's
# xml.etree for JUnit XML), not only grep: make grade's grade.json and grade.xml, and
# the JUnit XML that tools/tap2junit.pl makes of make test's TAP.
. "$(dirname "$0")/lib.sh"
need_binary 02_radix2
have_jq=$(command -v jq) have_py=$(command -v python3)

# xml_summary FILE: "suites tests failures" of a JUnit file, or nothing when it does not parse.
xml_summary() {
    python3 - "$1" <<'PY' 2>/dev/null
import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
s = list(r)
print(len(s), sum(len(list(x)) for x in s), sum(1 for x in s for c in x if c.find("failure") is not None))
PY
}

# 1. make grade: one exercise, a passing and a failing source, through a small manifest.
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t2\t4 64x3:inverse\n' >"$TMP/m.tsv"
run_case "grade the solution" 0 '' --has '^# wrote .*sol\.xml' \
    -- env BUILD="$BUILD" tools/grade.sh --manifest "$TMP/m.tsv" --from solutions --json "$TMP/sol.json"
run_case "grade the stub" 1 '' -- env BUILD="$BUILD" tools/grade.sh --manifest "$TMP/m.tsv" --json "$TMP/stub.json"
if [ -n "$have_jq" ]; then
    [ "$(jq -r '.score, .max, .exercises[0].passed, (.exercises[0].cases | length)' "$TMP/sol.json" | tr '\n' ' ')" = "2 2 true 4 " ]
    ok $? "grade.json of the solution: score 2 of 2, passed, 4 cases (jq)"
    [ "$(jq -r '.score, .exercises[0].passed, .exercises[0].cases[0].ok' "$TMP/stub.json" | tr '\n' ' ')" = "0 false false " ]
    ok $? "grade.json of the stub: score 0, failed (jq)"
else
    skip "grade.json parsed by jq" "jq is not installed"
fi
if [ -n "$have_py" ]; then
    [ "$(xml_summary "$TMP/sol.xml")" = "1 4 0" ]
    ok $? "grade.xml of the solution: 1 suite, 4 testcases, no failure" || diag "got: $(xml_summary "$TMP/sol.xml")"
    [ "$(xml_summary "$TMP/stub.xml" | awk '{ print $1, ($3 >= 1) }')" = "1 1" ]
    ok $? "grade.xml of the stub: a failure with its message" || diag "got: $(xml_summary "$TMP/stub.xml")"
    grep -q '<failure message="exit 1 wrong result"' "$TMP/stub.xml"
    ok $? "grade.xml says why the case failed"
else
    skip "grade.xml parsed" "python3 is not installed"
fi

# 2. make test's JUnit: TAP with a pass, a failure with diagnostics, a skip, and a stream
#    that stopped before its plan.
printf 'ok 1 - fine\nnot ok 2 - wrong & <odd>\n# got 3, want 4\nok 3 - skipped # SKIP no device\n1..3\n' >"$TMP/a.tap"
printf 'ok 1 - first\n1..4\n' >"$TMP/short.tap"
run_case "tap2junit writes the report" 0 '' -- perl tools/tap2junit.pl "$TMP/junit.xml" "$TMP/a.tap" "$TMP/short.tap"
if [ -n "$have_py" ]; then
    [ "$(xml_summary "$TMP/junit.xml")" = "2 5 2" ]
    ok $? "JUnit: 2 suites, 5 testcases (one is the short file's plan), 2 failures" || diag "got: $(xml_summary "$TMP/junit.xml")"
    grep -q 'got 3, want 4' "$TMP/junit.xml"
    ok $? "JUnit: a failure carries its diagnostics"
else
    skip "JUnit parsed" "python3 is not installed"
fi
done_testing
