/* libFuzzer target for the rules of an exercise file (common/exercise_check.c), checked
 * against the C preprocessor itself: whatever fl_check_exercise_text accepts, GCC's
 *     gcc -E -x c -std=c11 -nostdinc -undef -trigraphs -H -dI -fdiagnostics-plain-output FILE
 * run on it alone (in a folder of its own) must open no other file (-H lists each file it
 * opens; a name it cannot find is a "No such file" error), print no #include it saw (-dI),
 * emit no line marker naming another file, and say nothing about an #include, #line or
 * line marker it read (a malformed one is still one the check missed). A refusal must
 * give a reason on one line. Any other outcome aborts.
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

/* A message of the preprocessor (ERR, one per line: no caret lines) about an include,
 * #line or line marker it read: the first, into LINE. "invalid preprocessing directive
 * #include_x" is not one (the check accepts that name, and so does the compiler: as an
 * error). */
static int directive_message(const char *err, char *line, size_t len)
{
    static const char *const seen[] = {"#include", "#import", "#line", "#embed", "include path",
                                       "line marker", "linemarker", "after # is not"};
    for (const char *p = err; p && *p;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char *copy = strndup(p, n);
        check(copy != NULL, "strndup", NULL);
        int hit = 0;
        if (!strstr(copy, "invalid preprocessing directive"))
            for (size_t k = 0; k < sizeof seen / sizeof *seen && !hit; k++)
                hit = strstr(copy, seen[k]) != NULL;
        if (hit)
            snprintf(line, len, "%s", copy);
        free(copy);
        if (hit)
            return 1;
        p = end ? end + 1 : NULL;
    }
    return 0;
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
    check(!find_line(e, NULL, "No such file", line, sizeof line), "accepted, but the "
          "preprocessor looked for another file", line);
    check(!directive_message(e, line, sizeof line), "accepted, but the preprocessor read a "
          "directive the check refuses", line);
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
