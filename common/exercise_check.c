/* The rules of an exercise file's text (common/exercise_check.h says which and why). */
#include "exercise_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct scan {
    const char *t;
    size_t n, i;
    int line;
};

static int refuse(int *line_out, int line, char *why, size_t why_len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, why_len, fmt, ap);
    va_end(ap);
    *line_out = line;
    return -1;
}

#define SPLICE_WHY "it joins lines before the compiler looks for directives, so the grader " \
                   "could not judge your file as the compiler sees it"

/* Pass 1: the characters that give a directive more than one reading. */
static int check_chars(const char *t, size_t n, int *line_out, char *why, size_t why_len)
{
    int line = 1;
    for (size_t i = 0; i < n; i++) {
        char c = t[i], next = i + 1 < n ? t[i + 1] : '\0';
        if (c == '\n') {
            line++;
        } else if (c == '\0') {
            return refuse(line_out, line, why, why_len, "an exercise may not contain a NUL "
                          "byte: it is not text (save it as plain text)");
        } else if (c == '\f' || c == '\v') {
            return refuse(line_out, line, why, why_len, "an exercise may not contain a %s: "
                          "compilers read it as a blank or not, so a directive after it is "
                          "ambiguous (use spaces)", c == '\f' ? "form feed" : "vertical tab");
        } else if (c == '\r' && next != '\n') {
            return refuse(line_out, line, why, why_len, "an exercise may not contain a "
                          "carriage return that does not end a line (CR-only line ends): "
                          "compilers disagree on where its lines end (save it with Unix "
                          "line ends)");
        } else if (c == '\\') {
            size_t j = i + 1;
            while (j < n && (t[j] == ' ' || t[j] == '\t' || t[j] == '\r'))
                j++;
            if (j == n || t[j] == '\n')
                return refuse(line_out, line, why, why_len, "an exercise may not end a line "
                              "with a backslash (line splicing): " SPLICE_WHY);
        } else if (c == '?' && next == '?' && i + 2 < n && strchr("=()/'<>!-", t[i + 2]) &&
                   t[i + 2] != '\0') {
            return refuse(line_out, line, why, why_len, "an exercise may not contain a "
                          "trigraph (?\?%c): the preprocessor may read it as another "
                          "character (?\?= is #, ?\?/ a backslash)", t[i + 2]);
        } else if (c == '%' && next == ':') {
            return refuse(line_out, line, why, why_len, "an exercise may not contain the "
                          "digraph %%: (another spelling of #): the grader judges directives "
                          "by their plain spelling");
        }
    }
    return 0;
}

/* Skip a block comment that starts at s->i ("/ *"); 0 at its end, -1 when it never ends.
 * *NEWLINE is set when it spans lines. */
static int skip_comment(struct scan *s, int *newline)
{
    s->i += 2;
    while (s->i + 1 < s->n && !(s->t[s->i] == '*' && s->t[s->i + 1] == '/')) {
        if (s->t[s->i] == '\n') {
            s->line++;
            *newline = 1;
        }
        s->i++;
    }
    if (s->i + 1 >= s->n) {
        s->i = s->n;
        return -1;
    }
    s->i += 2;
    return 0;
}

int fl_check_exercise_text(const char *text, size_t len, int *line_out, char *why, size_t why_len)
{
    if (check_chars(text, len, line_out, why, why_len) != 0)
        return -1;
    struct scan s = {text, len, 0, 1};
    int at_start = 1, depth = 0, open_line = 0;
    while (s.i < s.n) {
        char c = s.t[s.i], next = s.i + 1 < s.n ? s.t[s.i + 1] : '\0';
        if (c == '\n') {
            s.line++;
            at_start = 1;
            s.i++;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            s.i++;
        } else if (c == '/' && next == '*') {
            int from = s.line, nl = 0;
            if (skip_comment(&s, &nl) != 0)
                return refuse(line_out, from, why, why_len, "an exercise may not end inside "
                              "a comment (/* without */): it would swallow the code after "
                              "your file");
            at_start |= nl; /* a comment over lines: count the next as a line start */
        } else if (c == '/' && next == '/') {
            while (s.i < s.n && s.t[s.i] != '\n')
                s.i++;
        } else if (c == '"' || c == '\'') {
            s.i++;
            int closed = 0;
            while (s.i < s.n && s.t[s.i] != '\n' && !closed) {
                if (s.t[s.i] == '\\')
                    s.i++; /* never a line end here: check_chars refused those */
                else if (s.t[s.i] == c)
                    closed = 1;
                s.i++;
            }
            if (!closed)
                return refuse(line_out, s.line, why, why_len, "an exercise may not leave a "
                              "%s open on its line (%c without its closing %c)",
                              c == '"' ? "string" : "character constant", c, c);
            at_start = 0;
        } else if (c == '\\') {
            return refuse(line_out, s.line, why, why_len, "an exercise may not contain a "
                          "backslash outside a string or a comment (a universal character "
                          "name like \\u0069 can spell a directive's letters)");
        } else if (c == '#' && at_start) {
            int line = s.line;
            s.i++;
            /* the directive's name: after blanks and comments, on the same line */
            for (;;) {
                while (s.i < s.n && (s.t[s.i] == ' ' || s.t[s.i] == '\t' || s.t[s.i] == '\r'))
                    s.i++;
                if (s.i + 1 < s.n && s.t[s.i] == '/' && s.t[s.i + 1] == '*') {
                    int from = s.line, nl = 0;
                    if (skip_comment(&s, &nl) != 0)
                        return refuse(line_out, from, why, why_len, "an exercise may not end "
                                      "inside a comment (/* without */): it would swallow the "
                                      "code after your file");
                    continue;
                }
                break;
            }
            at_start = 0;
            /* a number after # makes a line marker, and a preprocessing number may start
             * with a dot: # .1 "file" is read as one too (and refused by it, but still read) */
            size_t d = s.i + (s.i + 1 < s.n && s.t[s.i] == '.');
            if (d < s.n && s.t[d] >= '0' && s.t[d] <= '9')
                return refuse(line_out, line, why, why_len, "an exercise may not use a line "
                              "marker (# 1 \"file\", GNU's form of #line): compiler messages "
                              "must point into your own file");
            char word[16];
            size_t k = 0;
            while (s.i < s.n && (s.t[s.i] == '_' || (s.t[s.i] >= 'a' && s.t[s.i] <= 'z') ||
                                 (s.t[s.i] >= 'A' && s.t[s.i] <= 'Z') ||
                                 (s.t[s.i] >= '0' && s.t[s.i] <= '9'))) {
                if (k + 1 < sizeof word)
                    word[k++] = s.t[s.i];
                else
                    k = sizeof word; /* too long to be one we know */
                s.i++;
            }
            if (k >= sizeof word)
                continue;
            word[k] = '\0';
            static const char *const banned[] = {"include", "include_next", "import", "embed",
                                                 "line"};
            for (size_t b = 0; b < sizeof banned / sizeof *banned; b++)
                if (strcmp(word, banned[b]) == 0)
                    return refuse(line_out, line, why, why_len, "an exercise may not use #%s: "
                                  "the grader builds only your own text (write the function "
                                  "in this file)", word);
            if (strcmp(word, "if") == 0 || strcmp(word, "ifdef") == 0 ||
                strcmp(word, "ifndef") == 0) {
                if (depth++ == 0)
                    open_line = line;
            } else if (strcmp(word, "endif") == 0 || strcmp(word, "else") == 0 ||
                       strncmp(word, "elif", 4) == 0) {
                if (depth == 0)
                    return refuse(line_out, line, why, why_len, "#%s without #if (an "
                                  "exercise's #if/#endif must balance)", word);
                depth -= strcmp(word, "endif") == 0;
            }
        } else {
            at_start = 0;
            s.i++;
        }
    }
    if (depth > 0)
        return refuse(line_out, open_line, why, why_len, "#if without #endif (an exercise's "
                      "#if/#endif must balance)");
    return 0;
}
