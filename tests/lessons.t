#!/usr/bin/env bash
# The lessons' mechanical checks — pure text, no OpenCL, well under a second. A lesson is
# chapters/NN_x/README.md; what the checks ask of it is in docs/notation.md (the letters)
# and the top README ("How to use this tutorial"):
#   - the generated tables are current: tools/bench/results-table.sh --check regenerates
#     every table between markers (the lessons' Measured tables, the README's "How fast",
#     the results tables) from results/ and finds no difference;
#   - docs/notation.md exists and every lesson from 05 on links it;
#   - the README has its start-here section and says which chapters build on which;
#   - no date and no issue number in a lesson, except one date on the Measured table
#     (lab-notebook matter goes to the chapter's NOTES.md);
#   - no prose line over 100 characters (code blocks, tables and a line's URL aside);
#   - every lesson ends with a "Next" section, and a lesson stays under 450 lines.
. "$(dirname "$0")/lib.sh"

lessons=(chapters/[0-9][0-9]_*/README.md)
[ ${#lessons[@]} -ge 10 ]
ok $? "ten lessons or more found (${#lessons[@]})"

tools/bench/results-table.sh --check >"$TMP/check" 2>&1
ok $? "every generated table is current (tools/bench/results-table.sh --check)" ||
    note "$(head -n 30 "$TMP/check")"

# 10_distributed runs under MPI, outside the bench sweep: its Measured table comes from its
# own runs (chapters/10_distributed/NOTES.md), not from results/bench/.
for f in README.md "${lessons[@]}"; do
    case $f in README.md|chapters/10_*) continue ;; esac
    grep -q '^<!-- measured:begin\|^<!-- results-table:begin\|^<!-- conv-table:begin' "$f" || echo "$f"
done >"$TMP/nomeasured"
[ ! -s "$TMP/nomeasured" ] && grep -q '^<!-- measured:begin summary -->$' README.md
ok $? "each lesson (10 aside: MPI) and the README's \"How fast\" have a generated table" ||
    note "without one: $(tr '\n' ' ' <"$TMP/nomeasured")"

[ -s docs/notation.md ]
ok $? "docs/notation.md exists"
missing=""
for f in "${lessons[@]}"; do
    case $f in chapters/0[1-4]_*) continue ;; esac
    grep -q '(\.\./\.\./docs/notation\.md)' "$f" || missing="$missing $f"
done
[ -z "$missing" ]
ok $? "every lesson from 05 on links docs/notation.md" || note "not linked:$missing"

grep -q '^## How to use this tutorial' README.md &&
    grep -qi 'any order' README.md && grep -q 'make grade EX=' README.md
ok $? "README: a \"How to use this tutorial\" section, the order of the chapters, the grade loop"

# Prose lines of a page (fenced code blocks, generated blocks and the markers of the
# expected outputs left out), as "LINE:TEXT".
prose() {
    awk '/^```/ { code = !code; next }
         /^<!-- expected/ { next }
         /^<!-- (measured|results-table|conv-table):begin/ { gen = 1 }
         /^<!-- (measured|results-table|conv-table):end/ { gen = 0; next }
         !code && !gen { print NR ":" $0 }' "$1"
}

bad=""
for f in "${lessons[@]}"; do
    # dates and issue numbers; the Measured section may carry one dated line
    n=$(prose "$f" | grep -cE '(^|[^0-9])20[0-9][0-9]-[01][0-9]-[0-3][0-9]')
    inmeasured=$(awk '/^## /{m = /^## Measured/} m' "$f" | grep -cE '20[0-9][0-9]-[01][0-9]-[0-3][0-9]')
    if [ "$n" -gt 1 ] || { [ "$n" = 1 ] && [ "$inmeasured" = 0 ]; }; then bad="$bad $f(dates:$n)"; fi
    prose "$f" | grep -qiE '\bissue #?[0-9]+|(^|[ (])#[0-9]{2,}\b' && bad="$bad $f(issue)"
done
[ -z "$bad" ]
ok $? "no dates (one on the Measured table at most) and no issue numbers in the lessons" ||
    note "found in:$bad"

long=""
for f in README.md "${lessons[@]}"; do
    # characters, not bytes (awk in the C locale counts bytes); perl comes with prove
    prose "$f" | grep -v '^[0-9]*:|' |
        F=$f perl -CS -ne 'chomp; my ($n, $line) = /^(\d+):(.*)$/ or next;
                           $line =~ s{https?://[^ )]*}{URL}g;
                           print "$ENV{F}:$n\n" if length($line) > 100'
done >"$TMP/long"
[ ! -s "$TMP/long" ]
ok $? "no prose line over 100 characters (code, tables and URLs aside)" ||
    note "$(head -n 20 "$TMP/long" | tr '\n' ' ')"

nonext=""
for f in "${lessons[@]}"; do
    last=$(grep '^## ' "$f" | tail -n 1)
    [ "$last" = "## Next" ] || nonext="$nonext $f"
done
[ -z "$nonext" ]
ok $? "every lesson ends with a \"Next\" section" || note "without:$nonext"

big=""
for f in "${lessons[@]}"; do
    [ "$(wc -l <"$f")" -lt 450 ] || big="$big $f"
done
[ -z "$big" ]
ok $? "every lesson under 450 lines" || note "longer:$big"

done_testing
