#!/usr/bin/env bash
# Exercises hold only what the student writes, and the chapter teaches the same code.
#
# A composed exercise (chapters 05-10) is a function or two that the chapter program
# builds in place of a block of its kernel file:
#     #ifndef FL_EXERCISE_<NAME>     (NAME: the exercise's name, upper-cased)
#     ... the chapter's own version, or only a comment when the chapter does not solve it
#     #endif
# For each solution solutions/NN_x/<name>.cl whose chapter has that block, this checks:
#   - the solution without its header (every line up to and including the first that
#     starts with " * ----") and without its //@ lines equals the block's lines byte for
#     byte, when the block holds code (so the graded answer and the taught code never
#     drift apart); when the block holds only comments, the solution's code is not in the
#     chapter's kernel files (copying them does not solve it);
#   - the solution and its stub are at most 150 lines (the few lines a student writes).
# A whole-file exercise (chapters 01-04: a small kernel of its own) is only held to the
# 150 lines. The last checks show that drift and a missing header end are caught.
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
    local sol=$1 chapter name upper kfile stripped=$TMP/stripped.cl blk=$TMP/block.cl
    chapter=$(basename "$(dirname "$sol")") name=$(basename "$sol" .cl)
    upper=$(printf '%s' "$name" | tr '[:lower:]' '[:upper:]')
    : >"$WHY"
    kfile=$(guard_file "$upper" "$chapter") || return 0 # whole-file exercise
    if ! strip_solution "$sol" >"$stripped"; then
        echo "  $sol has no line starting with ' * ----': its header must end with one" >"$WHY"
        return 1
    fi
    block "$upper" "$kfile" >"$blk"
    if [ -n "$(code_only <"$blk")" ]; then
        cmp -s "$blk" "$stripped" && return 0
        {
            echo "  $sol has drifted from the FL_EXERCISE_$upper block of $kfile."
            echo "  Without its header and //@ lines it must equal that block: edit both, then"
            echo "  run 'make stubs'. The difference (first 60 lines):"
            diff -u --label "$kfile (block)" --label "$sol without header and //@ lines" "$blk" "$stripped" |
                head -n 60 | sed 's/^/  /'
        } >"$WHY"
        return 1
    fi
    # The chapter does not solve it: no line of the solution's code is in its kernel files.
    local line
    while IFS= read -r line; do
        [ ${#line} -ge 24 ] || continue
        if grep -qF -- "$line" kernels/"${chapter%%_*}"_*.cl; then
            echo "  $sol: '$line' is in the chapter's kernel files, which must not solve it" >"$WHY"
            return 1
        fi
    done < <(awk '/^[ \t]*\/\/@exercise begin/ { on = 1; next } /^[ \t]*\/\/@exercise end/ { on = 0 } on && !/\/\/@/' "$sol" | code_only)
    return 0
}

for sol in solutions/[0-9][0-9]_*/*.cl; do
    stub=exercises/${sol#solutions/}
    check_solution "$sol"
    ok $? "$sol matches the chapter's kernel file" || diag "$(cat "$WHY")"
    n=$(wc -l <"$sol") m=$( [ -f "$stub" ] && wc -l <"$stub" || echo 0)
    [ "$n" -le $MAX_LINES ] && [ "$m" -le $MAX_LINES ]
    ok $? "$sol ($n lines) and its stub ($m) are at most $MAX_LINES lines"
done

# The check itself, on the first composed solution whose block holds code.
for sol in solutions/[0-9][0-9]_*/*.cl; do
    name=$(basename "$sol" .cl) upper=$(basename "$sol" .cl | tr '[:lower:]' '[:upper:]')
    kfile=$(guard_file "$upper" "$(basename "$(dirname "$sol")")") || continue
    [ -n "$(block "$upper" "$kfile" | code_only)" ] || continue
    mkdir -p "$TMP/solutions/${sol%/*}"
    d=$TMP/$(dirname "$sol")
    mkdir -p "$d"
    sed '0,/^[ \t]*\/\/@exercise end/s//&\n\/* an extra line *\//' "$sol" >"$d/$name.cl"
    ! check_solution "$d/$name.cl" && grep -q '^  +/\* an extra line \*/$' "$WHY"
    ok $? "a line added to a copy of $sol is reported as drift, with the diff"
    grep -v '^ \* ----' "$sol" >"$d/$name.cl"
    ! check_solution "$d/$name.cl" && grep -q 'no line starting with' "$WHY"
    ok $? "a copy of $sol without the header's end line is reported"
    break
done
done_testing
