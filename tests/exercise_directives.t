#!/usr/bin/env bash
# An exercise's directives are judged as the compiler will see them (common/exercise_check.h),
# and nothing the student writes brings the chapter's own function back (common/program.c
# cuts it out of the compiled text). Every disguise of #include, #line or a line marker
# that once passed the grader with the solution's text, and the 4-byte "// \" file that
# once earned every composed exercise's points, is refused here with exit 2 and its rule
# named; the check runs before any kernel build, so each case costs milliseconds.
# One pocl build (a student's compile error, which must name the student's file and line;
# its program text, FFTLAB_BUILD_SOURCE=1, holds no line of the chapter's own function)
# and, through tools/grade.sh, one failing run per composed exercise for the "// \" file
# (3-4 s, 10's mpirun included); the slow set grades the open-comment file the same way.
. "$(dirname "$0")/lib.sh"
need_binary 02_radix2
need_binary 05_register_radix

SOL=$PWD/solutions/02_radix2/dif.cl
D=$TMP/forms
mkdir -p "$D"

# refused NAME RULE-REGEX: the file $D/NAME, run as 02's dif exercise, exits 2 naming RULE.
refused() {
    run_case "refused: $1" 2 '^FAIL \(usage, exit 2\)' --has "$D/$1:[0-9]+: .*$2" --lacks '^PASS' \
        -- "$BUILD/02_radix2" --variant dif --exercise "$D/$1" --size 8 --repeat 0
}

# The forms of issue 41, each with the solution's path (absolute, or relative to the
# repository, where the compiler runs).
printf '#/**/include "%s"\n' "$SOL" >"$D/comment-after-hash"
printf '#\\\ninclude "%s"\n' "$SOL" >"$D/splice-after-hash"
printf '%%:include "%s"\n' "$SOL" >"$D/digraph"
printf '??=include "%s"\n' "$SOL" >"$D/trigraph"
printf '#\finclude "%s"\n' "$SOL" >"$D/form-feed-after-hash"
printf '#\vinclude "%s"\n' "$SOL" >"$D/vertical-tab-after-hash"
printf '\f#include "%s"\n' "$SOL" >"$D/leading-form-feed"
printf '/* CR-only line ends */\r#include "%s"\r' "$SOL" >"$D/cr-only"
printf '#inc\\\nlude "%s"\n' "$SOL" >"$D/splice-in-word"
printf '// a comment continued by a backslash \\\n/* hides this from a naive check\n#include "%s"\n/* */\n' "$SOL" >"$D/comment-hides-open"
printf '#include "solutions/02_radix2/dif.cl"\n' >"$D/relative-path"
printf '#/**/include "solutions/02_radix2/dif.cl"\n' >"$D/relative-path-disguised"
printf '# 1 "/etc/passwd"\n' >"$D/line-marker"
refused comment-after-hash 'may not use #include'
refused splice-after-hash 'backslash \(line splicing\)'
refused digraph 'digraph %:'
refused trigraph 'trigraph \(\?\?=\)'
refused form-feed-after-hash 'form feed'
refused vertical-tab-after-hash 'vertical tab'
refused leading-form-feed 'form feed'
refused cr-only 'carriage return .*CR-only'
refused splice-in-word 'backslash \(line splicing\)'
refused comment-hides-open 'backslash \(line splicing\)'
refused relative-path 'may not use #include'
refused relative-path-disguised 'may not use #include'
refused line-marker 'line marker'

# Point 1's files: the // comment ending in a backslash with no newline (it joined the
# host's #define to the comment, so the chapter's function compiled), and a file that
# ends inside an open comment whose #if 1 the old check saw balanced (it read only a
# line's first token): the comment swallowed the #endif, the #define and the #ifndef
# line, the chapter's function compiled, and the region's #endif closed the #if 1.
printf '// \\' >"$D/comment-backslash-eof"
printf '#if 1\nvoid unused(void) { } /*\n#endif\n' >"$D/open-comment-if"
refused comment-backslash-eof 'backslash \(line splicing\)'
refused open-comment-if 'inside a comment \(/\* without \*/\)'

# Tried beyond the issue's list: a universal character name in the directive's name,
# ??/ (a backslash) at a line's end, a backslash then blanks then the line end, a comment
# that spans lines before the #, the other file-naming directives, #line without a file,
# a line marker after a comment, an open quote, an unbalanced #if or #endif, a NUL byte.
printf '#\\u0069nclude "%s"\n' "$SOL" >"$D/ucn"
printf '// ??/\n#include "%s"\n' "$SOL" >"$D/trigraph-splice"
printf '#\\  \ninclude "%s"\n' "$SOL" >"$D/splice-blanks"
printf '/*\n*/ #include "%s"\n' "$SOL" >"$D/comment-over-lines"
printf '#include_next "%s"\n' "$SOL" >"$D/include-next"
printf '#import "%s"\n' "$SOL" >"$D/import"
printf '#embed "%s"\n' "$SOL" >"$D/embed"
printf '#line 40\n' >"$D/line"
printf '/**/ # /**/ 7 "x.cl" 1\n' >"$D/line-marker-comments"
printf 'int x = '"'"'a;\n' >"$D/open-quote"
printf '#if 0\n' >"$D/open-if"
printf '#endif\n' >"$D/extra-endif"
printf 'int x;\0#include "%s"\n' "$SOL" >"$D/nul"
refused ucn 'backslash outside a string'
refused trigraph-splice 'trigraph \(\?\?/\)'
refused splice-blanks 'backslash \(line splicing\)'
refused comment-over-lines 'may not use #include'
refused include-next 'may not use #include_next'
refused import 'may not use #import'
refused embed 'may not use #embed'
refused line 'may not use #line'
refused line-marker-comments 'line marker'
refused open-quote 'character constant open'
refused open-if '#if without #endif'
refused extra-endif '#endif without #if'
refused nul 'NUL byte'

# A compile error in the student's text names the student's file and line (the #line
# in front of it): here line 3 of a composed exercise (05's twiddle_table, one failing
# build).
printf '/* line 1 */\nreal2_t twiddle_lookup3(int x, __global const real2_t *t, int bits)\n{ this is not C; }\n' >"$D/compile-error.cl"
run_case "a compile error names the student's file and line" 3 '' \
    --has "$D/compile-error.cl:3:" --has 'kernel build failed .*with your exercise' \
    -- env FFTLAB_BUILD_SOURCE=1 "$BUILD/05_register_radix" --variant twiddle_table --exercise "$D/compile-error.cl" \
    --size 64 --repeat 0
# The same run's program text (FFTLAB_BUILD_SOURCE=1): not one line of the region the
# exercise takes the place of (the chapter's two-level lookup, in
# kernels/05_register_radix.cl) is in it, not even behind an #ifndef; the student's file
# is, after its #line; the chapter's other blocks (dft8, the library's) stay.
region() { awk -v g="$1" '!on && $1 == "#ifndef" && $2 == g { on = 1; d = 1; print; next }
    on && /^[ \t]*#[ \t]*if/ { d++ } on && /^[ \t]*#[ \t]*endif/ { if (--d == 0) exit } on { print }' "$2"; }
src=$TMP/source
sed -n '/^---- program source for/,/^---- end of program source/p' "$RC_ERR" >"$src"
present=0 absent=0 found=
while IFS= read -r line; do # (lines that other kernel files have too do not count)
    [ ${#line} -ge 12 ] && ! grep -qxF -- "$line" $(ls kernels/*.cl | grep -v 05_register_radix.cl) || continue
    if grep -qxF -- "$line" "$src"; then found="$found"$'\n'"$line"; else absent=$((absent + 1)); fi
done < <(region FL_EXERCISE_TWIDDLE_TABLE kernels/05_register_radix.cl)
while IFS= read -r line; do
    [ ${#line} -ge 12 ] && grep -qxF -- "$line" "$src" && present=$((present + 1))
done < <(sed -n '/^void dft8(/,/^}/p' kernels/05_register_radix.cl)
[ -z "$found" ] && [ "$absent" -ge 4 ] && [ "$present" -ge 8 ] &&
    grep -qx "#line 1 \"$D/compile-error.cl\"" "$src" && grep -qxF '{ this is not C; }' "$src"
ok $? "the exercise run's program text holds none of the chapter's lookup ($absent lines), the student's file, and dft8 ($present lines)" ||
    diag "in it:$found"

# Through the grader: the 4-byte file and the open comment, as every composed exercise
# (05-10), earn no point (each once earned full marks).
composed=(05_register_radix/dft32 05_register_radix/twiddle_table 06_mixed_radix/dft6
    06_mixed_radix/digit_reverse 06_mixed_radix/own_pass 07_multidim/column_load
    07_multidim/transpose_tile 08_bluestein/chirp_table 09_real_input/post_twist 10_distributed/exchange_map)
only=$(IFS=,; echo "${composed[*]}")
for kind in comment-backslash-eof open-comment-if; do
    for id in "${composed[@]}"; do
        mkdir -p "$TMP/$kind/${id%/*}"
        cp "$D/$kind" "$TMP/$kind/$id.cl"
    done
    how=run_case
    [ $kind = open-comment-if ] && how=slow_case # the same path: refused before any build
    $how "grade.sh: the $kind file earns no point in the 10 composed exercises" 1 '' \
        --has ' 0/17 points' --lacks '^ok [0-9]+ - ' --has "^not ok 10 - 10_distributed/exchange_map" \
        --timeout 300 \
        -- env BUILD="$BUILD" tools/grade.sh --only "$only" --from "$TMP/$kind" --json "$TMP/$kind.json" --jobs 1
done
done_testing
