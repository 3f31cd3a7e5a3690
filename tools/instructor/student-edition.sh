#!/usr/bin/env bash
# tools/instructor/student-edition.sh DEST — the repository as students get it (make
# student-edition DEST=dir): the files git tracks, less the answers.
#   - no solutions/, no docs/instructors.md, and no hidden manifest (exercises/hidden*.tsv, *.hidden.tsv: the
#     instructor's own cases);
#   - each composed exercise's region in kernels/ (#ifndef FL_EXERCISE_<NAME> ... #endif,
#     common/program.h) that holds the chapter's own function, its answer, holds instead
#         //@student exercises/<chapter>/<name>.cl
#     so every run of the chapter builds the student's file there (common/program.c): the
#     chapter's default path runs the student's function, and finishing the exercise is
#     what makes the chapter pass. Regions that hold only a comment (the chapter does not
#     solve the exercise: 06's) stay as they are;
#   - the Markdown pages lose their instructors' passages (between the lines
#     <!-- instructor:begin --> and <!-- instructor:end -->);
#   - README.md starts with a note that says so (once: the edition of an edition, as
#     make grade-submission makes from a template repository, is the same edition).
# DEST must not exist; the edition is built in a temporary folder beside it and renamed
# into place at the end, so DEST appears whole or not at all. Prints what it cut.
set -euo pipefail
[ $# -eq 1 ] && [ -n "$1" ] || { echo "usage: $0 DEST (make student-edition DEST=dir)" >&2; exit 2; }
dest=${1%/}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
[ -e "$dest" ] && { echo "student-edition: $dest exists; name a new folder" >&2; exit 2; }
parent=$(dirname "$dest")
[ -d "$parent" ] && [ -w "$parent" ] || { echo "student-edition: cannot write into $parent" >&2; exit 2; }
# The edition is what git tracks: without git, or in a copy that is no checkout (a
# download of the repository as an archive), say what to do instead of guessing the files.
command -v git >/dev/null 2>&1 ||
    { echo "student-edition: git is not installed (the edition is what git tracks): run 'make deps' (or apt-get install git), then make student-edition again" >&2; exit 2; }
git rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
    { echo "student-edition: $root is not a git checkout (the edition is what git tracks; a downloaded archive has no .git): work in a clone (git clone URL), or make this folder one with 'git init -q && git add -A', then make student-edition again" >&2; exit 2; }
work=$(mktemp -d "$parent/.student-edition.XXXXXX")
trap 'rm -rf "$work"' EXIT

# left_out PATH: 0 when PATH stays out of the edition.
left_out() {
    case $1 in
    solutions/* | docs/instructors.md) return 0 ;;
    exercises/hidden*.tsv | *.hidden.tsv) return 0 ;;
    esac
    return 1
}

files=()
while IFS= read -r -d '' f; do
    left_out "$f" && continue
    [ -e "$f" ] || continue # deleted in the working tree, not yet committed
    files+=("$f")
done < <(git ls-files -z)
n=${#files[@]}
printf '%s\0' "${files[@]}" | tar --null --no-recursion -T - -cf - | tar -xpf - -C "$work"

# The composed exercises: every exercises/NN_*/<name>.cl whose chapter's kernel files
# hold its guard. A region with code is replaced; awk keeps the guard and #endif lines.
cut=()
for stub in exercises/[0-9][0-9]_*/*.cl; do
    chapter=$(basename "$(dirname "$stub")") name=$(basename "$stub" .cl)
    guard=FL_EXERCISE_$(printf '%s' "$name" | tr '[:lower:]' '[:upper:]')
    for k in kernels/"${chapter%%_*}"_*.cl; do
        grep -q "^[[:space:]]*#ifndef $guard\([[:space:]]\|\$\)" "$k" || continue
        awk -v g="$guard" -v stub="$stub" '
            function code(l) {   # a line that is more than a comment or blanks
                gsub(/\/\*.*\*\//, "", l); sub(/\/\/.*/, "", l)
                return l !~ /^[ \t]*(\*.*|\/\*.*)?$/
            }
            !on && $1 == "#ifndef" && $2 == g { print; on = 1; depth = 1; n = 0; has = 0; next }
            on && /^[ \t]*#[ \t]*if/ { depth++ }
            on && /^[ \t]*#[ \t]*endif/ && --depth == 0 {
                if (has) {
                    print "/* Student edition: your " stub " is built here in every run"
                    print " * of the chapter (make grade EX=" substr(stub, 11, length(stub) - 13) " grades it). */"
                    print "//@student " stub
                } else {
                    for (i = 1; i <= n; i++) print kept[i]
                }
                print; on = 0; next
            }
            on { kept[++n] = $0; if (code($0)) has = 1; next }
            { print }
        ' "$work/$k" >"$work/$k.new"
        if cmp -s "$work/$k" "$work/$k.new"; then
            rm "$work/$k.new"
        else
            mv "$work/$k.new" "$work/$k"
            cut+=("$k: $guard -> $stub")
        fi
    done
done

# The instructors' passages of the Markdown pages: every block between a line
# "<!-- instructor:begin -->" and a line "<!-- instructor:end -->" (README.md's "For
# instructors", the answers' folder), so the edition's pages speak only of what it holds.
pages=()
for f in "${files[@]}"; do
    case $f in *.md) ;; *) continue ;; esac
    grep -q '^<!-- instructor:begin -->$' "$work/$f" || continue
    awk '/^<!-- instructor:begin -->$/ { skip = 1; next }
         /^<!-- instructor:end -->$/ { skip = 0; next }
         !skip' "$work/$f" >"$work/$f.new" && mv "$work/$f.new" "$work/$f"
    pages+=("$f: the instructors' passages")
done

# The students' note, first thing in README.md (unless it is there already).
if ! grep -q '^> \*\*Student edition\.\*\*' "$work/README.md"; then
    waiting=$(printf '%s\n' "${cut[@]}" | sed 's/.* -> exercises\//> - /; s/\.cl$//' | sort)
    {
        sed -n '1p' "$work/README.md"
        cat <<EOF

> **Student edition.** The answers are not here: where a chapter's kernel file held the
> function an exercise asks for, it now builds your file from exercises/ instead (a
> \`//@student\` line in kernels/). So those chapters fail until you finish their
> exercise, and pass once you have: \`make tour\` says which chapters wait on which
> exercise, \`make grade EX=<id>\` grades one (ids in exercises/manifest.tsv).
> \`make test\` is the instructors' suite: it checks the answers, which this edition
> leaves out.
> The exercises the chapters wait on:
$waiting
EOF
        sed -n '2,$p' "$work/README.md"
    } >"$work/README.md.new"
    mv "$work/README.md.new" "$work/README.md"
fi

chmod 755 "$work"
mv "$work" "$dest"
trap - EXIT
echo "student-edition: $dest: $n files (git ls-files, less solutions/ and hidden manifests)"
for c in "${cut[@]}" "${pages[@]}"; do echo "student-edition:   cut $c"; done
