/* The rules an exercise file's text must keep, judged as the preprocessor will see it.
 *
 * The grader builds a student's file in place of the chapter's function (common/program.c),
 * so the file must be only the student's own text: no #include, #line or line marker
 * (they would bring in another file, the solution for one), and nothing that can reach
 * past the file's end (an open comment or #if would swallow the chapter's code after it).
 *
 * Those rules are judged on what the compiler sees, not on the letters of the file. The
 * C preprocessor rewrites a file before it finds directives: trigraphs (??= is #),
 * backslash-newline joins lines (#\<newline>include is #include, a // comment ending in \
 * swallows the next line), comments are blanks (#/ * * /include), the digraph %: is #, and
 * a form feed, vertical tab or lone carriage return is a blank or a line end to one
 * compiler and not to another. Rather than copy every compiler's rules, the check refuses
 * the characters that make a directive's reading depend on them, anywhere in the file:
 *     a backslash at a line's end (blanks between allowed) or at the file's end,
 *     a backslash outside a string or character constant (a UCN: \u0069nclude),
 *     a trigraph (?? and one of = ( ) / ' < > ! -), the digraph %:,
 *     a form feed, a vertical tab, a carriage return not followed by a newline, a NUL.
 * What is left has one reading: a line is a physical line, a comment is a comment. Then
 * every # that starts a line (after blanks and comments; a comment spanning lines counts
 * as a line start, which refuses more, never less) names a directive, read past blanks
 * and comments; include, include_next, import, embed, line and a number (GNU's line
 * marker # 1 "file") are refused, #if/#endif must balance, and a comment or a quote must
 * close. tests/fuzz/fuzz_exercise.c checks the rule against GCC's preprocessor itself:
 * whatever it accepts opens no other file there and names no other file.
 *
 * Used by fl_exercise_setup (common/program.c); pure, so the fuzz target links it alone. */
#ifndef FFTLAB_EXERCISE_CHECK_H
#define FFTLAB_EXERCISE_CHECK_H

#include <stddef.h>

/* Check TEXT (LEN bytes, NUL bytes included). 0 when it keeps every rule; otherwise -1,
 * with *LINE the 1-based line of the first problem and WHY (WHY_LEN bytes) a sentence
 * that names the rule, e.g. "an exercise may not use #include: ...". */
int fl_check_exercise_text(const char *text, size_t len, int *line, char *why, size_t why_len);

#endif
