#!/usr/bin/env bash
# Exercises hold only what the student writes, and the chapter's kernels do not hold it.
#
# A composed exercise (chapters 05-10) is a function or two that the chapter program
# builds, in the exercise's runs only, in place of a block of its kernel file:
#     #ifndef FL_EXERCISE_<NAME>     (NAME: the exercise's name, upper-cased)
#     ... the chapter's own function that the exercise's replaces, or only a comment
#     #endif
# The exercise asks for another instance of what the chapter teaches (05's dft32 where
# the chapter has dft2 .. dft16; its three-level twiddle lookup where the chapter has
# two), so its answer is nowhere in the kernels. For each solution solutions/NN_x/<name>.cl
# whose chapter has that block, this checks:
#   - the solution has a header that ends with a line starting with " * ----";
#   - no line of its answer (its //@exercise regions, code lines of 24 characters or
#     more) is in the chapter's kernel files (copying them does not solve it);
#   - the solution and its stub are at most 150 lines (the few lines a student writes).
# A whole-file exercise (chapters 01-04: a small kernel of its own) is only held to the
# 150 lines. The last checks show that an answer pasted into a kernel file and a missing
# header end are caught.
. "$(dirname "$0")/lib.sh"

MAX_LINES=150

# guard_file NAME CHAPTER: the kernel file of CHAPTER (kernels/NN_*.cl) holding the guard.
guard_file() {
    local f
    for f in kernels/"${2%%_*}"_*.cl; do
        grep -q "^[[:space:]]*#ifndef FL_EXERCISE_$1\([[:space:]]\|\$\)" "$f" && { printf '%s\n' "$f"; return 0; }
    done
    return 1
}

# block NAME FILE: the lines strictly between the guard and its matching #endif.
block() {
    awk -v g="FL_EXERCISE_$1" '
        !on && $1 == "#ifndef" && $2 == g { on = 1; depth = 1; next }
        on && /^[ \t]*#[ \t]*if/ { depth++ }
        on && /^[ \t]*#[ \t]*endif/ { if (--depth == 0) exit }
        on { print }
    ' "$2"
}

# strip_solution FILE: FILE without its header and //@ lines; exit 1 without a header end.
strip_solution() {
    awk '!done { if (/^ \* ----/) done = 1; next } /^[ \t]*\/\/@/ { next } { print } END { exit !done }' "$1"
}

# code_only: drop comment-only and blank lines (a block that holds no code).
code_only() { sed -e 's,/\*.*\*/,,g' -e 's,//.*,,' -e '/^[[:space:]]*\*/d' -e '/^[[:space:]]*\/\*/d' -e '/^[[:space:]]*$/d'; }

WHY=$TMP/why
# check_solution SOLUTION: 0 when in sync; otherwise 1 with why in $WHY.
check_solution() {
    local sol=$1 kdir=${2:-kernels} chapter name upper kfile stripped=$TMP/stripped.cl
    chapter=$(basename "$(dirname "$sol")") name=$(basename "$sol" .cl)
    upper=$(printf '%s' "$name" | tr '[:lower:]' '[:upper:]')
    : >"$WHY"
    kfile=$(guard_file "$upper" "$chapter") || return 0 # whole-file exercise
    if ! strip_solution "$sol" >"$stripped"; then
        echo "  $sol has no line starting with ' * ----': its header must end with one" >"$WHY"
        return 1
    fi
    # The chapter does not solve it: no line of the solution's code is in its kernel files.
    local line
    while IFS= read -r line; do
        [ ${#line} -ge 24 ] || continue
        if grep -qF -- "$line" "$kdir"/"${chapter%%_*}"_*.cl; then
            echo "  $sol: '$line' is in the chapter's kernel files, which must not solve it" >"$WHY"
            return 1
        fi
    done < <(awk '/^[ \t]*\/\/@exercise begin/ { on = 1; next } /^[ \t]*\/\/@exercise end/ { on = 0 } on && !/\/\/@/' "$sol" | code_only)
    return 0
}

for sol in solutions/[0-9][0-9]_*/*.cl; do
    stub=exercises/${sol#solutions/}
    check_solution "$sol"
    ok $? "$sol: its answer is not in the chapter's kernel files" || diag "$(cat "$WHY")"
    n=$(wc -l <"$sol") m=$( [ -f "$stub" ] && wc -l <"$stub" || echo 0)
    [ "$n" -le $MAX_LINES ] && [ "$m" -le $MAX_LINES ]
    ok $? "$sol ($n lines) and its stub ($m) are at most $MAX_LINES lines"
done

# The check itself, on the first composed solution: its answer pasted into a copy of the
# chapter's kernel file is found, and so is a header without its end line.
for sol in solutions/[0-9][0-9]_*/*.cl; do
    name=$(basename "$sol" .cl) upper=$(basename "$sol" .cl | tr '[:lower:]' '[:upper:]')
    chapter=$(basename "$(dirname "$sol")")
    kfile=$(guard_file "$upper" "$chapter") || continue
    mkdir -p "$TMP/k"
    cp kernels/"${chapter%%_*}"_*.cl "$TMP/k/"
    awk '/^[ \t]*\/\/@exercise begin/ { on = 1; next } /^[ \t]*\/\/@exercise end/ { on = 0 }
         on && !/\/\/@/' "$sol" >>"$TMP/k/$(basename "$kfile")"
    ! check_solution "$sol" "$TMP/k" && grep -q "is in the chapter's kernel files" "$WHY"
    ok $? "$sol's answer pasted into a copy of $kfile is found" || diag "$(cat "$WHY")"
    d=$TMP/$(dirname "$sol")
    mkdir -p "$d"
    grep -v '^ \* ----' "$sol" >"$d/$name.cl"
    ! check_solution "$d/$name.cl" && grep -q 'no line starting with' "$WHY"
    ok $? "a copy of $sol without the header's end line is reported"
    break
done
done_testing
