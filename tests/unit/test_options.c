/* common/options.c: sizes, counts and the shared command line. fl_parse_options never
 * exits, so every refusal and its message is checked here. */
#define _POSIX_C_SOURCE 200809L
#include "../../common/options.h"
#include "tap.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void size_ok(const char *s, int ndims, size_t d0, size_t d1, size_t d2)
{
    size_t dims[FL_MAX_DIMS] = {0, 0, 0};
    int nd = -1;
    char err[256] = "";
    int rc = fl_parse_size(s, dims, &nd, err, sizeof err);
    if (!is_int(rc, 0, "--size '%s' is accepted", s))
        diag("error: %s", err);
    is_int(nd, ndims, "--size '%s': %d dimension%s", s, ndims, ndims == 1 ? "" : "s");
    size_t want[3] = {d0, d1, d2};
    int same = 1;
    for (int i = 0; i < ndims && i < FL_MAX_DIMS; i++)
        same = same && dims[i] == want[i];
    if (!ok(same, "--size '%s': dimensions", s))
        diag("got %zu x %zu x %zu", dims[0], dims[1], dims[2]);
}

/* Refused with -1; the message quotes the input (when WORD is NULL) or contains WORD. */
static void size_bad(const char *s, const char *word)
{
    size_t dims[FL_MAX_DIMS] = {0, 0, 0};
    int nd = -7;
    char err[256] = "";
    int rc = fl_parse_size(s, dims, &nd, err, sizeof err);
    is_int(rc, -1, "--size '%s' is refused", s);
    char quoted[64];
    snprintf(quoted, sizeof quoted, "'%s'", s);
    if (!ok(strstr(err, "--size") && strstr(err, word ? word : quoted),
            "--size '%s': message names --size and %s", s, word ? word : "the value"))
        diag("message: %s", err);
    is_int(nd, -7, "--size '%s': ndims untouched on failure", s);
}

static void count_case(const char *s, int want_rc, size_t want, const char *word)
{
    size_t v = 12345;
    char err[256] = "";
    int rc = fl_parse_count(s, "--batch", &v, err, sizeof err);
    is_int(rc, want_rc, "fl_parse_count('%s') returns %d", s, want_rc);
    if (want_rc == 0) {
        is_int((long long)v, (long long)want, "fl_parse_count('%s') = %zu", s, want);
    } else if (!ok(strstr(err, "--batch") && (!word || strstr(err, word)),
                   "fl_parse_count('%s'): message names --batch%s%s", s, word ? " and says " : "",
                   word ? word : "")) {
        diag("message: %s", err);
    }
}

/* fl_parse_shapes(S) gives WANT_N shapes, WANT their items and values in pairs; and
 * fl_shapes_text writes them back as TEXT, which parses to the same shapes again. */
static void shapes_ok(const char *s, int want_n, const size_t *want, const char *text)
{
    struct fl_pass_shape sh[FL_RADIX_MAX_PASSES];
    memset(sh, 0x5a, sizeof sh);
    char err[256] = "";
    int n = fl_parse_shapes(s, sh, err, sizeof err);
    if (!is_int(n, want_n, "--shapes '%s': %d shape%s", s, want_n, want_n == 1 ? "" : "s"))
        diag("error: %s", err);
    int same = n == want_n;
    for (int k = 0; same && k < want_n; k++)
        same = sh[k].items == want[2 * k] && sh[k].values == want[2 * k + 1];
    if (!ok(same, "--shapes '%s': items and values per pass", s))
        for (int k = 0; k < n && k < FL_RADIX_MAX_PASSES; k++)
            diag("pass %d: got %zu x %zu", k, sh[k].items, sh[k].values);
    if (n != want_n)
        return;
    char buf[256];
    is_str(fl_shapes_text(sh, n, buf, sizeof buf), text, "fl_shapes_text of '%s'", s);
    struct fl_pass_shape again[FL_RADIX_MAX_PASSES];
    int m = fl_parse_shapes(buf, again, err, sizeof err);
    ok(m == n && memcmp(again, sh, (size_t)n * sizeof sh[0]) == 0,
       "--shapes '%s': its text '%s' parses to the same shapes", s, buf);
}

/* Refused with -1; the message names --shapes and contains WORD (or quotes the input
 * when WORD is NULL). */
static void shapes_bad(const char *s, const char *word)
{
    struct fl_pass_shape sh[FL_RADIX_MAX_PASSES];
    char err[256] = "";
    int rc = fl_parse_shapes(s, sh, err, sizeof err);
    is_int(rc, -1, "--shapes '%s' is refused", s);
    char quoted[160];
    snprintf(quoted, sizeof quoted, "'%s'", s);
    if (!ok(strstr(err, "--shapes") && strstr(err, word ? word : quoted),
            "--shapes '%s': message names --shapes and %s", s, word ? word : "the value"))
        diag("message: %s", err);
}

/* Parse a NULL-terminated argument list (argv[0] is added). */
static int parse(struct fl_options *o, char *err, size_t errlen, ...)
{
    char *argv[64];
    int argc = 0;
    argv[argc++] = "prog";
    va_list ap;
    va_start(ap, errlen);
    char *a;
    while ((a = va_arg(ap, char *)) != NULL && argc < 63)
        argv[argc++] = a;
    va_end(ap);
    argv[argc] = NULL;
    fl_options_defaults(o);
    err[0] = '\0';
    return fl_parse_options(argc, argv, o, err, errlen);
}

#define PARSE(o, err, ...) parse(o, err, sizeof err, __VA_ARGS__, (char *)NULL)

static void option_bad(const char *what, const char *word, int rc, const char *err)
{
    is_int(rc, -1, "%s is refused", what);
    if (!ok(err[0] && strstr(err, word), "%s: message mentions '%s'", what, word))
        diag("message: %s", err);
}

int main(void)
{
    unsetenv("FFTLAB_DEVICE");

    /* ---- sizes */
    size_ok("1024", 1, 1024, 0, 0);
    size_ok("1", 1, 1, 0, 0);
    size_ok("2^20", 1, (size_t)1 << 20, 0, 0);
    size_ok("2^0", 1, 1, 0, 0);
    size_ok("2^40", 1, (size_t)1 << 40, 0, 0);
    size_ok("512x512x64", 3, 512, 512, 64);
    size_ok("2^9x2^9", 2, 512, 512, 0);
    size_ok("64X32", 2, 64, 32, 0);
    size_bad("0", "at least 1");
    size_bad("-5", "positive");
    size_bad("abc", NULL);
    size_bad("12abc", NULL);
    size_bad("1.5", NULL);
    size_bad(" 64", NULL);
    size_ok("3^4", 1, 81, 0, 0);
    size_ok("10^6", 1, 1000000, 0, 0);
    size_ok("7^0", 1, 1, 0, 0);
    size_ok("3^10x5^2", 2, 59049, 25, 0);
    size_bad("1^4", "base at least 2");
    size_bad("0^4", "base at least 2");
    size_bad("3^", NULL);
    size_bad("3^26", "too large");
    size_bad("99999999^99999999", "too large");
    size_bad("2^", NULL);
    size_bad("2^41", "too large");
    size_bad("2^100", "too large");
    size_bad("99999999999999999999999", "too large");
    size_bad("1099511627777", "too large"); /* 2^40 + 1 */
    size_bad("2^20x2^20x2", "too large");
    size_bad("1x", NULL);
    size_bad("x4", NULL);
    size_bad("4xx4", NULL);
    size_bad("4x0", "at least 1");
    size_bad("1X", NULL);
    size_bad("X4", NULL);
    size_bad("4XX4", NULL);
    size_bad("2x2x2x2", "more than 3");
    size_bad("", NULL);

    /* ---- counts */
    count_case("16", 0, 16, NULL);
    count_case("2^4", 0, 16, NULL);
    count_case("0", -1, 0, "at least 1");
    count_case("-3", -1, 0, "positive");
    count_case("", -1, 0, "empty");
    count_case("7x2", -1, 0, NULL);
    count_case("2^41", -1, 0, "too large");
    count_case("5^2", 0, 25, NULL);
    count_case("1^2", -1, 0, "base at least 2");

    /* ---- --shapes: ITEMSxVALUES per pass, or "default" (0x0: the chapter's own) */
    {
        static const size_t one[] = {256, 16}, two[] = {256, 16, 512, 8}, dflt[] = {0, 0},
                            mixed[] = {0, 0, 512, 4}, mixed2[] = {128, 4, 0, 0, 1, 1},
                            edges[] = {1, 1, 4096, 24},
                            eight[] = {1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8};
        shapes_ok("256x16", 1, one, "256x16");
        shapes_ok("256x16,512x8", 2, two, "256x16,512x8");
        shapes_ok("default", 1, dflt, "default");
        shapes_ok("default,512x4", 2, mixed, "default,512x4");
        shapes_ok("128x4,default,1x1", 3, mixed2, "128x4,default,1x1");
        shapes_ok("1x1,4096x24", 2, edges, "1x1,4096x24");
        shapes_ok("0256x016", 1, one, "256x16"); /* leading zeros: still decimal */
        shapes_ok("1x1,2x2,3x3,4x4,5x5,6x6,7x7,8x8", FL_RADIX_MAX_PASSES, eight,
                  "1x1,2x2,3x3,4x4,5x5,6x6,7x7,8x8");
        shapes_bad("", "empty");
        shapes_bad("256", NULL);
        shapes_bad("256x", NULL);
        shapes_bad("x16", NULL);
        shapes_bad("0x16", NULL);
        shapes_bad("256x0", NULL);
        shapes_bad("5000x4", NULL);
        shapes_bad("256x5000", NULL);
        shapes_bad("256x25", NULL); /* more than FL_RADIX_MAX_VALUES */
        shapes_bad("4097x16", NULL);
        shapes_bad("99999999999999999999x4", NULL);
        shapes_bad("256x16,", "nothing after the last comma");
        shapes_bad("default,", "nothing after the last comma");
        shapes_bad("256x16,,8x8", NULL);
        shapes_bad(",256x16", NULL);
        shapes_bad("256x16x4", NULL);
        shapes_bad("256X16", NULL);
        shapes_bad("256x-16", NULL);
        shapes_bad("-256x16", NULL);
        shapes_bad(" 256x16", NULL);
        shapes_bad("256x16 ", NULL);
        shapes_bad("defaults", NULL);
        shapes_bad("Default", NULL);
        shapes_bad("1x1,2x2,3x3,4x4,5x5,6x6,7x7,8x8,9x9", "at most 8");
        /* fl_shapes_text: nothing for no shapes, a small buffer never overrun */
        char text[16];
        struct fl_pass_shape two_shapes[2] = {{256, 16}, {512, 8}};
        memset(text, 'Z', sizeof text);
        is_str(fl_shapes_text(two_shapes, 0, text, sizeof text), "", "fl_shapes_text of no shapes: ''");
        memset(text, 'Z', sizeof text);
        fl_shapes_text(two_shapes, 2, text, 8);
        ok(strlen(text) < 8 && strncmp(text, "256x16", 6) == 0 && text[8] == 'Z',
           "fl_shapes_text keeps to its buffer (got '%s')", text);
    }

    struct fl_options o;
    char err[512];

    /* ---- defaults */
    is_int(PARSE(&o, err, (char *)NULL), 0, "no arguments parse");
    ok(o.ndims == 0 && o.batch == 0 && !o.inverse && !o.input && !o.output && o.seed == 1 &&
       o.precision == FL_SINGLE && o.warmup == 2 && o.repeat == -1 && o.verify &&
       o.format == FL_FORMAT_TEXT && !o.explain && !o.device && !o.kernels && !o.variant &&
       o.wg == 0 && o.timeout_s == 0 && !o.list_devices && !o.help,
       "defaults: seed 1, single, warmup 2, repeat -1 (auto), verify on, text, nothing else set");

    /* ---- every option, both spellings */
    int rc = PARSE(&o, err, "--size", "2^10", "--batch", "8", "--inverse", "--input", "x.npy",
                   "--output", "y.npy", "--seed", "42", "--precision", "double", "--warmup", "0",
                   "--repeat", "5", "--no-verify", "--format", "csv", "--explain", "--device",
                   "0:0", "--kernels", "k.cl", "--variant", "dif", "--wg", "64", "--timeout", "2.5");
    if (!is_int(rc, 0, "a full command line parses"))
        diag("error: %s", err);
    ok(o.ndims == 1 && o.dims[0] == 1024 && o.batch == 8 && o.inverse && o.seed == 42 &&
       o.precision == FL_DOUBLE && o.warmup == 0 && o.repeat == 5 && !o.verify &&
       o.format == FL_FORMAT_CSV && o.explain && o.wg == 64 && o.timeout_s == 2.5,
       "a full command line: every value stored");
    is_str(o.input, "x.npy", "--input stored");
    is_str(o.output, "y.npy", "--output stored");
    is_str(o.device, "0:0", "--device stored");
    is_str(o.kernels, "k.cl", "--kernels stored");
    is_str(o.variant, "dif", "--variant stored");

    rc = PARSE(&o, err, "--size=64", "--batch=2^3", "--format=json", "--precision=single");
    if (!is_int(rc, 0, "--opt=value form parses"))
        diag("error: %s", err);
    ok(o.ndims == 1 && o.dims[0] == 64 && o.batch == 8 && o.format == FL_FORMAT_JSON,
       "--size=64 --batch=2^3 --format=json stored");
    rc = PARSE(&o, err, "-n", "32", "-h", "--list-devices");
    ok(rc == 0 && o.dims[0] == 32 && o.help && o.list_devices, "-n, -h and --list-devices");
    rc = PARSE(&o, err, "--size", "512x512x64");
    ok(rc == 0 && o.ndims == 3 && o.dims[2] == 64, "--size 512x512x64 gives ndims 3");
    rc = PARSE(&o, err, "--format", "text", "--format", "json");
    ok(rc == 0 && o.format == FL_FORMAT_JSON, "the last --format wins");
    rc = PARSE(&o, err, "--kernels", "a=b.cl");
    ok(rc == 0 && o.kernels && strcmp(o.kernels, "a=b.cl") == 0, "a separate value may hold '='");

    /* ---- refusals */
    rc = PARSE(&o, err, "--precision", "bogus");
    option_bad("--precision bogus", "bogus", rc, err);
    option_bad("--precision bogus (names the choices)", "double", rc, err);
    rc = PARSE(&o, err, "--precision", "quad");
    option_bad("--precision quad", "--precision", rc, err);
    rc = PARSE(&o, err, "--format", "bogus");
    option_bad("--format bogus", "bogus", rc, err);
    option_bad("--format bogus (names the choices)", "json", rc, err);
    rc = PARSE(&o, err, "--frobnicate");
    option_bad("unknown option --frobnicate", "--frobnicate", rc, err);
    rc = PARSE(&o, err, "--size=64", "extra");
    option_bad("a stray argument", "extra", rc, err);
    rc = PARSE(&o, err, "--size");
    option_bad("--size without a value at the end", "needs a value", rc, err);
    rc = PARSE(&o, err, "--size", "64", "--device");
    option_bad("--device without a value at the end", "--device", rc, err);
    rc = PARSE(&o, err, "--size=");
    option_bad("--size= (empty value)", "--size", rc, err);
    rc = PARSE(&o, err, "--size", "0");
    option_bad("--size 0 through fl_parse_options", "at least 1", rc, err);
    /* --size LIST: every entry checked, the first one in dims, the list kept */
    rc = PARSE(&o, err, "--size", "16,2^5,8x4");
    ok(rc == 0 && o.size_list && strcmp(o.size_list, "16,2^5,8x4") == 0 && o.ndims == 1 &&
       o.dims[0] == 16, "--size 16,2^5,8x4: a list, dims the first");
    ok(fl_size_list_count("16,2^5,8x4", err, sizeof err) == 3, "fl_size_list_count: 3 sizes");
    rc = PARSE(&o, err, "--size", "16,0");
    option_bad("--size 16,0: the bad entry", "at least 1", rc, err);
    rc = PARSE(&o, err, "--size", "16,,32");
    option_bad("--size 16,,32: an empty entry", "no empty", rc, err);
    rc = PARSE(&o, err, "--size", "16,");
    option_bad("--size 16, (a trailing comma)", "no empty", rc, err);
    rc = PARSE(&o, err, "--size", "16,32", "--size", "64");
    ok(rc == 0 && !o.size_list && o.dims[0] == 64, "--size 16,32 --size 64: the last one, no list");
    rc = PARSE(&o, err, "--batch", "0");
    option_bad("--batch 0", "--batch", rc, err);
    rc = PARSE(&o, err, "--wg", "-1");
    option_bad("--wg -1", "--wg", rc, err);

    /* --seed */
    rc = PARSE(&o, err, "--seed", "0");
    ok(rc == 0 && o.seed == 0, "--seed 0");
    rc = PARSE(&o, err, "--seed", "18446744073709551615");
    ok(rc == 0 && o.seed == UINT64_MAX, "--seed 2^64-1");
    rc = PARSE(&o, err, "--seed", "18446744073709551616");
    option_bad("--seed 2^64", "--seed", rc, err);
    rc = PARSE(&o, err, "--seed", "-1");
    option_bad("--seed -1", "--seed", rc, err);
    rc = PARSE(&o, err, "--seed", "12abc");
    option_bad("--seed 12abc", "--seed", rc, err);
    rc = PARSE(&o, err, "--seed", "");
    option_bad("--seed ''", "--seed", rc, err);

    /* --warmup / --repeat ranges */
    rc = PARSE(&o, err, "--warmup", "1000", "--repeat", "100000");
    ok(rc == 0 && o.warmup == 1000 && o.repeat == 100000, "--warmup 1000 --repeat 100000 (the maxima)");
    rc = PARSE(&o, err, "--warmup", "0", "--repeat", "0");
    ok(rc == 0 && o.warmup == 0 && o.repeat == 0, "--warmup 0 --repeat 0");
    rc = PARSE(&o, err, "--warmup", "1001");
    option_bad("--warmup 1001", "--warmup", rc, err);
    rc = PARSE(&o, err, "--warmup", "-1");
    option_bad("--warmup -1", "--warmup", rc, err);
    rc = PARSE(&o, err, "--repeat", "100001");
    option_bad("--repeat 100001", "--repeat", rc, err);
    rc = PARSE(&o, err, "--repeat", "-1");
    option_bad("--repeat -1", "--repeat", rc, err);
    rc = PARSE(&o, err, "--repeat", "3x");
    option_bad("--repeat 3x", "--repeat", rc, err);
    rc = PARSE(&o, err, "--repeat", "99999999999999999999");
    option_bad("--repeat 99999999999999999999", "--repeat", rc, err);

    /* --timeout */
    rc = PARSE(&o, err, "--timeout", "0");
    ok(rc == 0 && o.timeout_s == 0, "--timeout 0 (none)");
    rc = PARSE(&o, err, "--timeout", "86400");
    ok(rc == 0 && o.timeout_s == 86400, "--timeout 86400");
    rc = PARSE(&o, err, "--timeout", "-1");
    option_bad("--timeout -1", "--timeout", rc, err);
    rc = PARSE(&o, err, "--timeout", "-0.5");
    option_bad("--timeout -0.5", "--timeout", rc, err);
    rc = PARSE(&o, err, "--timeout", "nan");
    option_bad("--timeout nan", "--timeout", rc, err);
    rc = PARSE(&o, err, "--timeout", "inf");
    option_bad("--timeout inf", "--timeout", rc, err);
    rc = PARSE(&o, err, "--timeout", "3s");
    option_bad("--timeout 3s", "--timeout", rc, err);

    /* --shapes and --tune through fl_parse_options */
    rc = PARSE(&o, err, "--size", "8");
    ok(rc == 0 && o.nshapes == 0 && !o.tune, "no --shapes, no --tune: nshapes 0, tune 0");
    rc = PARSE(&o, err, "--shapes", "256x16,default", "--tune");
    ok(rc == 0 && o.nshapes == 2 && o.shapes[0].items == 256 && o.shapes[0].values == 16 &&
       o.shapes[1].items == 0 && o.shapes[1].values == 0 && o.tune,
       "--shapes 256x16,default --tune: 2 shapes stored, tune set (the runner refuses the pair)");
    rc = PARSE(&o, err, "--shapes=512x8");
    ok(rc == 0 && o.nshapes == 1 && o.shapes[0].items == 512 && o.shapes[0].values == 8,
       "--shapes=512x8 stored");
    rc = PARSE(&o, err, "--shapes", "256x16", "--shapes", "128x4,64x2");
    ok(rc == 0 && o.nshapes == 2 && o.shapes[0].items == 128 && o.shapes[1].values == 2,
       "the last --shapes wins");
    rc = PARSE(&o, err, "--shapes", "256");
    option_bad("--shapes 256", "--shapes", rc, err);
    option_bad("--shapes 256 (names the form)", "ITEMSxVALUES", rc, err);
    rc = PARSE(&o, err, "--shapes");
    option_bad("--shapes without a value", "needs a value", rc, err);
    rc = PARSE(&o, err, "--shapes=");
    option_bad("--shapes= (empty value)", "--shapes", rc, err);
    rc = PARSE(&o, err, "--tune=1");
    ok(rc == -1 && !o.tune, "--tune=1 is refused, not taken as --tune");

    /* Flags take no value: '--inverse=0' must not silently mean --inverse. */
    rc = PARSE(&o, err, "--inverse=0");
    ok(rc == -1 && !o.inverse, "--inverse=0 is refused, not taken as --inverse");
    if (rc == 0)
        diag("parsed with inverse = %d", o.inverse);
    rc = PARSE(&o, err, "--no-verify=false");
    ok(rc == -1 && o.verify, "--no-verify=false is refused, not taken as --no-verify");

    /* ---- FFTLAB_DEVICE */
    setenv("FFTLAB_DEVICE", "cpu", 1);
    rc = PARSE(&o, err, "--size", "8");
    ok(rc == 0 && o.device && strcmp(o.device, "cpu") == 0, "FFTLAB_DEVICE is the default --device");
    rc = PARSE(&o, err, "--device", "0:0", "--size", "8");
    ok(rc == 0 && o.device && strcmp(o.device, "0:0") == 0, "--device overrides FFTLAB_DEVICE");
    rc = PARSE(&o, err, "--size", "8", "--device=gpu");
    ok(rc == 0 && o.device && strcmp(o.device, "gpu") == 0, "--device=gpu overrides FFTLAB_DEVICE");
    setenv("FFTLAB_DEVICE", "", 1);
    rc = PARSE(&o, err, "--size", "8");
    ok(rc == 0 && o.device == NULL, "an empty FFTLAB_DEVICE means no device spec");
    unsetenv("FFTLAB_DEVICE");
    rc = PARSE(&o, err, "--size", "8");
    ok(rc == 0 && o.device == NULL, "no FFTLAB_DEVICE, no --device: device NULL");

    /* ---- a small error buffer is never overrun and stays a C string */
    {
        char small[16];
        memset(small, 'Z', sizeof small);
        size_t dims[FL_MAX_DIMS];
        int nd;
        rc = fl_parse_size("abcdefghijklmnopqrstuvwxyz", dims, &nd, small, 8);
        ok(rc == -1 && strlen(small) == 7 && small[8] == 'Z', "errlen is respected");
    }
    return done_testing();
}
