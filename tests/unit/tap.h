/* A tiny TAP (Test Anything Protocol) producer for the unit tests, read by `prove`.
 *
 *   int main(void)
 *   {
 *       ok(1 + 1 == 2, "addition");
 *       is_int(f(3), 9, "f(%d)", 3);
 *       is_str(name, "cpu", "device name");
 *       is_double_near(x, 0.5, 1e-12, "x");
 *       diag("a note for people: %s", why);
 *       return done_testing();
 *   }
 *
 * Results go to stdout as "ok N - name" / "not ok N - name"; diagnostics ("# ...") go
 * to stderr for failures and diag(), so they show in prove's non-verbose output.
 * plan() is optional: done_testing() prints "1..N" at the end when no plan was given.
 * done_testing() returns the exit status: 0 when every test passed and the count matched
 * the plan, else non-zero. */
#ifndef FFTLAB_TAP_H
#define FFTLAB_TAP_H

#define TAP_PRINTF(a, b) __attribute__((format(printf, a, b)))

/* Announce N tests ("1..N"). Call at most once, before the first test. */
void plan(int n);

/* One test: passes when COND is non-zero. Returns COND != 0. */
int ok(int cond, const char *fmt, ...) TAP_PRINTF(2, 3);

/* Comparisons that print what was got and expected when they fail. */
int is_int(long long got, long long expected, const char *fmt, ...) TAP_PRINTF(3, 4);
int is_str(const char *got, const char *expected, const char *fmt, ...) TAP_PRINTF(3, 4);
/* |got - expected| <= tol (NaN never passes, equal infinities do). */
int is_double_near(double got, double expected, double tol, const char *fmt, ...)
    TAP_PRINTF(4, 5);
/* HAYSTACK contains NEEDLE (case-sensitive); NULL never passes. */
int has_substr(const char *haystack, const char *needle, const char *fmt, ...) TAP_PRINTF(3, 4);

/* "# ..." lines on stderr. */
void diag(const char *fmt, ...) TAP_PRINTF(1, 2);
/* "# ..." lines on stdout (seen with prove -v). */
void note(const char *fmt, ...) TAP_PRINTF(1, 2);

/* Record N tests as skipped, with a reason. */
void skip(int n, const char *fmt, ...) TAP_PRINTF(2, 3);

/* Stop the whole run ("Bail out!") and exit 255. */
_Noreturn void bail_out(const char *fmt, ...) TAP_PRINTF(1, 2);

/* Number of tests run / failed so far. */
int tap_tests_run(void);
int tap_tests_failed(void);

/* Print the plan if none was given, check the count, return the exit status. */
int done_testing(void);

#endif
