/* libFuzzer target for the rules of an exercise file (common/exercise_check.c), checked
 * against the C preprocessor itself: whatever fl_check_exercise_text accepts, GCC's
 *     gcc -E -x c -std=c11 -nostdinc -undef -trigraphs -H -dI -fdiagnostics-plain-output FILE
 * run on it alone (in a folder of its own) must open no other file (-H lists each file it
 * opens; a name it cannot find is a "No such file" error), print no #include it saw (-dI),
 * emit no line marker naming another file, and say nothing about an #include, #line or
 * line marker it read (a malformed one is still one the check missed). Its messages are
 * read without what repeats the student's own words: an #error's text, a pragma's string,
 * a token it quotes ("invalid suffix "linemarker" on integer constant" is about a number).
 * A refusal must give a reason on one line. Any other outcome aborts.
 *
 * FUZZ_ACCEPT_ALL=1 skips the check (everything goes to the preprocessor): the oracle's
 * own test, which must then abort on a disguised #include (tests/fuzz_corpus.t).
 * FUZZ_CPP names another gcc-compatible driver (clang: the compiler pocl builds with).
 * Built and run by `make fuzz` (tests/fuzz/fuzz.mk). FUZZ_VERBOSE=1 prints, on stderr, one
 * line per input ("ok" or "refused: ..."), which tests/fuzz_corpus.t reads. */
#define _GNU_SOURCE
#include "../../common/exercise_check.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void check(int cond, const char *what, const char *detail)
{
    if (!cond) {
        fprintf(stderr, "fuzz_exercise: broken invariant: %s%s%s\n", what, detail ? ": " : "",
                detail ? detail : "");
        abort();
    }
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf)
        buf[len] = '\0';
    return buf;
}

/* The first line of TEXT that starts with PREFIX or holds NEEDLE (either may be NULL),
 * copied into LINE; 1 when found. */
static int find_line(const char *text, const char *prefix, const char *needle, char *line,
                     size_t len)
{
    for (const char *p = text; p && *p;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        int hit = prefix && strncmp(p, prefix, strlen(prefix)) == 0;
        if (!hit && needle) {
            char *copy = strndup(p, n);
            hit = copy && strstr(copy, needle) != NULL;
            free(copy);
        }
        if (hit) {
            snprintf(line, len, "%.*s", (int)(n < len ? n : len - 1), p);
            return 1;
        }
        p = end ? end + 1 : NULL;
    }
    return 0;
}

static int is_word_char(uint8_t c)
{
    return c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

enum { NOT_DIRECTIVE, DIRECTIVE, USER_TEXT };

/* What each line of TEXT is to the preprocessor, kinds[1..lines]: part of a directive (from
 * its # to the end of the line its name is on, through comments that run over lines), part
 * of an #error, #warning or #pragma directive or a line that holds _Pragma (USER_TEXT: its
 * messages repeat the student's words, and clang prints "#error #include x" as "error:
 * #include x"), or neither. A message about an #include or #line that was read comes from
 * a DIRECTIVE line. Strings do not run over lines (the check refuses splices). */
static unsigned char *line_kinds(const uint8_t *t, size_t n, long *lines_out)
{
    long lines = 1;
    for (size_t i = 0; i < n; i++)
        lines += t[i] == '\n';
    unsigned char *kinds = calloc((size_t)lines + 2, 1);
    check(kinds != NULL, "calloc", NULL);
    long line = 1, from = 0; /* from: the line of the open directive's #, 0 when none */
    int at_start = 1, naming = 0, kind = NOT_DIRECTIVE; /* naming: its name comes next */
    for (size_t i = 0; i < n;) {
        if (t[i] == '\n') {
            if (from)
                for (long l = from; l <= line; l++)
                    kinds[l] = (unsigned char)kind;
            from = 0, naming = 0;
            line++, i++, at_start = 1;
        } else if (t[i] == ' ' || t[i] == '\t' || t[i] == '\r') {
            i++;
        } else if (i + 1 < n && t[i] == '/' && t[i + 1] == '*') {
            const uint8_t *close = memmem(t + i + 2, n - i - 2, "*/", 2);
            size_t end = close ? (size_t)(close + 2 - t) : n;
            for (; i < end; i++)
                if (t[i] == '\n')
                    line++, at_start = 1;
        } else if (i + 1 < n && t[i] == '/' && t[i + 1] == '/') {
            while (i < n && t[i] != '\n')
                i++;
        } else if (t[i] == '"' || t[i] == '\'') {
            uint8_t q = t[i++];
            while (i < n && t[i] != '\n' && t[i] != q)
                i += t[i] == '\\' && i + 1 < n && t[i + 1] != '\n' ? 2 : 1;
            i += i < n && t[i] == q;
            at_start = 0, naming = 0;
        } else if (t[i] == '#' && at_start && !from) {
            from = line, kind = DIRECTIVE, at_start = 0, naming = 1, i++;
        } else {
            static const char *const names[] = {"error", "warning", "pragma"};
            for (size_t k = 0; naming && k < sizeof names / sizeof *names; k++) {
                size_t m = strlen(names[k]);
                if (i + m <= n && memcmp(t + i, names[k], m) == 0 &&
                    (i + m == n || !is_word_char(t[i + m])))
                    kind = USER_TEXT;
            }
            at_start = 0, naming = 0, i++;
        }
    }
    if (from)
        for (long l = from; l <= line; l++)
            kinds[l] = (unsigned char)kind;
    /* _Pragma on any line, and GCC names no macro when one expands to it: a message at a
     * line that holds _Pragma may be its string */
    line = 1;
    for (size_t i = 0; i < n; i++) {
        if (t[i] == '\n')
            line++;
        else if (n - i >= 7 && memcmp(t + i, "_Pragma", 7) == 0)
            kinds[line] = USER_TEXT;
    }
    *lines_out = lines;
    return kinds;
}

/* MSG with what it quotes blanked, from the first OPEN to the last CLOSE: a quoted token
 * is the student's (invalid suffix "linemarker" on integer constant), and may hold quotes
 * itself (GCC: found ""#line 4""), never the preprocessor's own words about a directive,
 * which stand before or after the quotes (#include expects "FILENAME" or <FILENAME>). */
static void blank_quoted(char *msg, const char *open, const char *close)
{
    char *first = strstr(msg, open), *last = NULL;
    if (!first)
        return;
    first += strlen(open);
    for (char *p = first; (p = strstr(p, close)) != NULL; p++)
        last = p;
    if (last)
        memset(first, ' ', (size_t)(last - first));
}

/* Whether MSG holds WORD in the preprocessor's own words. A directive's name with its #
 * (#include) always counts: no identifier holds a #. Another word (linemarker) counts
 * unless the run of word characters around it is in TEXT, the input, as well: then it is
 * an identifier the student wrote, echoed unquoted (GCC: warning: `emblinemarkerd\U00000344'
 * is not in NFC). */
static int holds_own_word(const char *msg, const char *word, const uint8_t *text, size_t size)
{
    size_t w = strlen(word);
    for (const char *p = msg; (p = strstr(p, word)) != NULL; p++) {
        if (word[0] == '#')
            return 1;
        const char *a = p, *b = p + w;
        while (a > msg && is_word_char((uint8_t)a[-1]))
            a--;
        while (is_word_char((uint8_t)*b))
            b++;
        if (!memmem(text, size, a, (size_t)(b - a)))
            return 1;
    }
    return 0;
}

/* A message of the preprocessor (ERR, one per line: no caret lines) that holds one of
 * SEEN: the first, into LINE. Left out as the student's words, not the preprocessor's:
 * "invalid preprocessing directive #include_x" (the check accepts that name, and so does
 * the compiler: as an error); what a message quotes (blank_quoted); a message at a
 * USER_TEXT line of TEXT, the input (line_kinds); one at a line outside directives when a
 * macro may expand to _Pragma; one followed by a note of a macro's expansion (clang's, for
 * a _Pragma from a macro); a word of the student's that holds one of SEEN
 * (holds_own_word). */
static int preprocessor_said(const char *err, const char *in, const uint8_t *text, size_t size,
                             const char *const *seen, size_t seen_count, char *line, size_t len)
{
    size_t in_len = strlen(in);
    long lines;
    unsigned char *kinds = line_kinds(text, size, &lines);
    /* a macro used on any line may expand to _Pragma, spelled or pasted (##) */
    int may_pragma = memmem(text, size, "_Pragma", 7) || memmem(text, size, "##", 2);
    int hit = 0;
    for (const char *p = err; p && *p && !hit;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        const char *next = end ? end + 1 : NULL;
        char *copy = strndup(p, n);
        check(copy != NULL, "strndup", NULL);
        int skip = strstr(copy, "invalid preprocessing directive") != NULL;
        if (!skip && strncmp(copy, in, in_len) == 0 && copy[in_len] == ':') {
            long at = strtol(copy + in_len + 1, NULL, 10);
            skip = at >= 1 && at <= lines &&
                   (kinds[at] == USER_TEXT || (kinds[at] == NOT_DIRECTIVE && may_pragma));
        }
        if (!skip && next) {
            const char *next_end = strchr(next, '\n');
            size_t m = next_end ? (size_t)(next_end - next) : strlen(next);
            char *note = strndup(next, m);
            check(note != NULL, "strndup", NULL);
            skip = strstr(note, "note: expanded from") || strstr(note, "in expansion of macro");
            free(note);
        }
        if (!skip) {
            blank_quoted(copy, "\"", "\"");
            blank_quoted(copy, "`", "'"); /* GCC's older quotes */
            blank_quoted(copy, "'", "'");
            blank_quoted(copy, "\xe2\x80\x98", "\xe2\x80\x99"); /* GCC's curly quotes */
            for (size_t k = 0; k < seen_count && !hit; k++)
                hit = holds_own_word(copy, seen[k], text, size);
        }
        if (hit)
            snprintf(line, len, "%.*s", (int)n, p);
        free(copy);
        p = next;
    }
    free(kinds);
    return hit;
}

/* Line markers of OUT ("# N "name" flags") that name a file other than SELF. */
static int other_file_marker(const char *out, const char *self, char *line, size_t len)
{
    for (const char *p = out; p && *p;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (p[0] == '#' && p[1] == ' ' && p[2] >= '0' && p[2] <= '9') {
            const char *q = memchr(p, '"', n);
            if (q) {
                size_t rest = n - (size_t)(q + 1 - p);
                const char *close = memchr(q + 1, '"', rest);
                size_t name_len = close ? (size_t)(close - q - 1) : rest;
                int ok = (name_len == strlen(self) && memcmp(q + 1, self, name_len) == 0) ||
                         (name_len == 10 && memcmp(q + 1, "<built-in>", 10) == 0) ||
                         (name_len == 14 && memcmp(q + 1, "<command-line>", 14) == 0) ||
                         (name_len == 14 && memcmp(q + 1, "<command line>", 14) == 0);
                if (!ok) {
                    snprintf(line, len, "%.*s", (int)(n < len ? n : len - 1), p);
                    return 1;
                }
            }
        }
        p = end ? end + 1 : NULL;
    }
    return 0;
}

/* Run the preprocessor on DATA alone and check what it did. */
static void judge_with_cpp(const uint8_t *data, size_t size)
{
    char dir[] = "/tmp/fuzz_exercise.XXXXXX";
    check(mkdtemp(dir) != NULL, "mkdtemp", NULL);
    char in[64], out[64], err[64];
    snprintf(in, sizeof in, "%s/s.cl", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(err, sizeof err, "%s/err", dir);
    FILE *f = fopen(in, "wb");
    check(f && fwrite(data, 1, size, f) == size && fclose(f) == 0, "write the input", in);

    const char *cpp = getenv("FUZZ_CPP");
    if (!cpp || !cpp[0])
        cpp = "gcc";
    /* messages without the source line under them (it would repeat the student's text) */
    int clang = strstr(cpp, "clang") != NULL;
    char *argv[] = {(char *)cpp, "-E", "-x", "c", "-std=c11", "-nostdinc", "-undef",
                    "-trigraphs", "-H", "-dI",
                    clang ? "-fno-caret-diagnostics" : "-fdiagnostics-plain-output",
                    "-o", out, in, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    pid_t pid;
    int rc = posix_spawnp(&pid, cpp, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    check(rc == 0, "cannot run the preprocessor (FUZZ_CPP, default gcc)", cpp);
    int status = 0;
    pid_t got;
    while ((got = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
        continue; /* libFuzzer's own timers */
    check(got == pid, "waitpid", strerror(errno));
    check(WIFEXITED(status), "the preprocessor died of a signal", cpp);

    char *o = slurp(out), *e = slurp(err);
    /* removed before the checks, so an abort leaves nothing behind */
    unlink(in);
    unlink(out);
    unlink(err);
    rmdir(dir);
    char line[512];
    if (!o)
        o = strdup("");
    check(e != NULL, "read the preprocessor's messages", err);
    /* -H: ". path" for every file opened; a name not found is a fatal error. */
    check(!find_line(e, ". ", NULL, line, sizeof line), "accepted, but the preprocessor "
          "opened another file", line);
    static const char *const not_found[] = {"No such file", "file not found"};
    check(!preprocessor_said(e, in, data, size, not_found, 2, line, sizeof line), "accepted, "
          "but the preprocessor looked for another file", line);
    static const char *const directive[] = {"#include", "#import", "#line", "#embed",
                                            "include path", "line marker", "linemarker",
                                            "after # is not"};
    check(!preprocessor_said(e, in, data, size, directive, 8, line, sizeof line), "accepted, "
          "but the preprocessor read a directive the check refuses", line);
    /* -dI: the #include directives it saw, kept in its output */
    check(!find_line(o, "#include", NULL, line, sizeof line) &&
          !find_line(o, "#import", NULL, line, sizeof line), "accepted, but the preprocessor "
          "kept an #include", line);
    check(!other_file_marker(o, in, line, sizeof line), "accepted, but the preprocessor's "
          "output names another file", line);
    free(o);
    free(e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int verbose = -1, accept_all;
    if (verbose < 0) {
        const char *v = getenv("FUZZ_VERBOSE"), *a = getenv("FUZZ_ACCEPT_ALL");
        verbose = v && strcmp(v, "1") == 0;
        accept_all = a && strcmp(a, "1") == 0;
    }
    if (size > 1 << 16)
        return 0;
    /* its own allocation, so ASan sees a read past the end */
    char *text = malloc(size ? size : 1);
    check(text != NULL, "malloc", NULL);
    memcpy(text, data, size);
    char why[512];
    int line = 0;
    if (accept_all || fl_check_exercise_text(text, size, &line, why, sizeof why) == 0) {
        if (verbose)
            fprintf(stderr, "ok\n");
        judge_with_cpp(data, size);
    } else {
        check(memchr(why, '\0', sizeof why) && why[0] && !strchr(why, '\n'),
              "a refusal gives a reason on one line", NULL);
        check(line >= 1, "a refusal names a line", NULL);
        if (verbose)
            fprintf(stderr, "refused: line %d: %s\n", line, why);
    }
    free(text);
    return 0;
}
