#!/usr/bin/env bash
# exercises/manifest.tsv says which path each case covers; this checks those claims against
# the chapters themselves. Every "#covers<TAB>id<TAB>case<TAB>pattern<TAB>set" line names a
# case of an exercise and a grep -E pattern that the chapter's --explain output for that
# case (run with the solution, --no-verify: the plan, not the numbers) must match. The
# command is the one tools/grade.sh runs for the case (its --dry-run listing, seed 1).
# Set fast: in make test (02 at N = 1, a plan with no launch: the mechanism, cheaply); slow:
# FFTLAB_SLOW_TESTS=1, every other claim (07's 4096,4, one pass in parts, which a stale
# comment once called two passes, costs a cold build of 8 CPU-s).
# Also, with no run at all: the real manifest parses, every exercise and point counts.
. "$(dirname "$0")/lib.sh"
M=exercises/manifest.tsv

# The manifest as grade.sh reads it: 19 exercises, 31 points (a change here changes the
# course's totals: README and exercises/README.md say them).
run_case "the manifest parses: 19 exercises" 0 '' --has '^1\.\.19$' --has '^# --dry-run: nothing run' \
    -- env BUILD="$BUILD" tools/grade.sh --from solutions --dry-run --draw 1
[ "$(awk -F'\t' '!/^#/ && $1 != "id" && NF == 5 { n = split($4, p, "+"); for (i = 1; i <= n; i++) s += p[i] } END { print s }' "$M")" = 31 ]
ok $? "the manifest's points add up to 31"

while IFS=$'\t' read -r tag id case pattern set; do
    [ "$tag" = "#covers" ] || continue
    name="$id $case: --explain matches /$pattern/"
    # the case must be one of the exercise's
    row=$(awk -F'\t' -v id="$id" '$1 == id { print $5 }' "$M")
    if ! printf '%s\n' $row | grep -qxF -- "$case"; then
        ok 1 "$name"
        diag "  no case '$case' in $id's cases: $row"
        continue
    fi
    if [ "$set" != fast ] && [ "$SLOW_TESTS" != 1 ]; then
        skip "$name" "slow set (FFTLAB_SLOW_TESTS=1)"
        continue
    fi
    chapter=$(awk -F'\t' -v id="$id" '$1 == id { print $2 }' "$M")
    variant=$(awk -F'\t' -v id="$id" '$1 == id { print $3 }' "$M")
    printf 'id\tchapter\tvariant\tpoints\tcases\n%s\t%s\t%s\t1\t%s:seed=1\n' "$id" "$chapter" "$variant" "$case" >"$TMP/one.tsv"
    line=$(env BUILD="$BUILD" tools/grade.sh --manifest "$TMP/one.tsv" --from solutions --dry-run | sed -n 's/^# run [^:]*: //p')
    eval "cmd=($line)"
    run_case "$name" 0 '' --has "$pattern" -- "${cmd[@]}" --explain --no-verify
done <"$M"
done_testing
