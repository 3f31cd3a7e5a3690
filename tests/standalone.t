#!/usr/bin/env bash
# The repository stands alone: a clone has nothing beside it, so no file of it may point
# at the material the project was started from (a folder "shared" next to the checkout:
# its seeds, notes and GPU scripts). Sources are cited by author, title and public
# address; what the project needs from those notes is in its own docs/ (accuracy.md,
# peers.md). Checked over every file git knows: the tracked ones and the new ones it does
# not ignore (what the next commit would hold), nothing excluded. Needs no build; < 2 s.
. "$(dirname "$0")/lib.sh"
if ! git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    skip "the repository stands alone" "not a git checkout (git ls-files lists the files)"
    done_testing
fi
# The patterns are put together here so that this file does not match them itself.
s=shared
files=$TMP/files
git -C "$ROOT" ls-files -z --cached --others --exclude-standard >"$files"
count=$(tr -cd '\0' <"$files" | wc -c)
[ "$count" -gt 0 ]
ok $? "git lists the repository's files ($count)"
# every listed file that exists (one deleted but not yet committed is skipped), read once
while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done <"$files" >"$files.here"
pats=("../$s" "$s/seeds" "$s/notes" "$s/gpu")
xargs -0 -r grep -n -F "${pats[@]/#/-e}" -- <"$files.here" >"$TMP/hits" 2>/dev/null
for pat in "${pats[@]}"; do
    hits=$(grep -F -e "$pat" "$TMP/hits")
    [ -z "$hits" ]
    ok $? "no file points at '$pat'" || diag "$(printf '%s\n' "$hits" | cut -c1-200)"
done
done_testing
