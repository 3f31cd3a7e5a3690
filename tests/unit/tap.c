/* TAP producer: see tap.h. */
#include "tap.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int planned = -1; /* -1: no plan yet */
static int run;
static int failed;

void plan(int n)
{
    if (planned >= 0 || run > 0) {
        fprintf(stderr, "# tap: plan() called twice or after the first test\n");
        return;
    }
    planned = n;
    printf("1..%d\n", n);
    fflush(stdout);
}

/* Print one "ok"/"not ok" line; the name may not contain '#' (TAP directive) or newlines. */
static int report(int cond, const char *fmt, va_list ap)
{
    char name[512];
    vsnprintf(name, sizeof name, fmt, ap);
    for (char *p = name; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
        else if (*p == '#')
            *p = '_';
    run++;
    if (!cond)
        failed++;
    printf("%sok %d - %s\n", cond ? "" : "not ", run, name);
    fflush(stdout);
    if (!cond) {
        fprintf(stderr, "#   Failed test %d: '%s'\n", run, name);
    }
    return cond;
}

int ok(int cond, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = report(cond != 0, fmt, ap);
    va_end(ap);
    return r;
}

int is_int(long long got, long long expected, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = report(got == expected, fmt, ap);
    va_end(ap);
    if (!r)
        fprintf(stderr, "#          got: %lld\n#     expected: %lld\n", got, expected);
    return r;
}

int is_str(const char *got, const char *expected, const char *fmt, ...)
{
    int same = (got == NULL && expected == NULL) ||
               (got != NULL && expected != NULL && strcmp(got, expected) == 0);
    va_list ap;
    va_start(ap, fmt);
    int r = report(same, fmt, ap);
    va_end(ap);
    if (!r)
        fprintf(stderr, "#          got: %s%s%s\n#     expected: %s%s%s\n", got ? "'" : "",
                got ? got : "NULL", got ? "'" : "", expected ? "'" : "",
                expected ? expected : "NULL", expected ? "'" : "");
    return r;
}

int is_double_near(double got, double expected, double tol, const char *fmt, ...)
{
    int good;
    if (isnan(got) || isnan(expected))
        good = 0;
    else if (isinf(got) || isinf(expected))
        good = got == expected;
    else
        good = fabs(got - expected) <= tol;
    va_list ap;
    va_start(ap, fmt);
    int r = report(good, fmt, ap);
    va_end(ap);
    if (!r)
        fprintf(stderr, "#          got: %.17g\n#     expected: %.17g (tolerance %.3g, off by %.3g)\n",
                got, expected, tol, fabs(got - expected));
    return r;
}

int has_substr(const char *haystack, const char *needle, const char *fmt, ...)
{
    int good = haystack && needle && strstr(haystack, needle) != NULL;
    va_list ap;
    va_start(ap, fmt);
    int r = report(good, fmt, ap);
    va_end(ap);
    if (!r)
        fprintf(stderr, "#     text: %s%s%s\n#     does not contain: '%s'\n", haystack ? "'" : "",
                haystack ? haystack : "NULL", haystack ? "'" : "", needle ? needle : "NULL");
    return r;
}

static void vcomment(FILE *out, const char *fmt, va_list ap)
{
    char msg[2048];
    vsnprintf(msg, sizeof msg, fmt, ap);
    fflush(stdout);
    /* Every line of a multi-line message gets its own "# "; a final newline adds none. */
    char *line = msg;
    for (;;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        fprintf(out, "# %s\n", line);
        if (!nl || !nl[1])
            break;
        line = nl + 1;
    }
    fflush(out);
}

void diag(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vcomment(stderr, fmt, ap);
    va_end(ap);
}

void note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vcomment(stdout, fmt, ap);
    va_end(ap);
}

void skip(int n, const char *fmt, ...)
{
    char why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    for (int i = 0; i < n; i++) {
        run++;
        printf("ok %d # skip %s\n", run, why);
    }
    fflush(stdout);
}

void bail_out(const char *fmt, ...)
{
    char why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    printf("Bail out! %s\n", why);
    fflush(stdout);
    exit(255);
}

int tap_tests_run(void) { return run; }
int tap_tests_failed(void) { return failed; }

int done_testing(void)
{
    if (planned < 0) {
        printf("1..%d\n", run);
        fflush(stdout);
    } else if (planned != run) {
        fprintf(stderr, "# Looks like you planned %d test%s but ran %d.\n", planned,
                planned == 1 ? "" : "s", run);
        return 255;
    }
    if (failed) {
        fprintf(stderr, "# Looks like you failed %d test%s of %d.\n", failed,
                failed == 1 ? "" : "s", run);
        return failed > 254 ? 254 : failed;
    }
    return 0;
}
