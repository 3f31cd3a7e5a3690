/* libFuzzer target for the command line (common/options.c): fl_parse_options, and the
 * value parsers it calls (fl_parse_size, fl_parse_count, fl_parse_shapes) on each word.
 *
 * The input is split into argv words on NUL or newline ("--size\n512x512x64\n--batch\n4"
 * is `prog --size 512x512x64 --batch 4`); each word is its own allocation, so ASan sees a
 * read past its end. After a success the result must be in range (sizes 1 to 2^40 in at
 * most FL_MAX_DIMS axes, shapes that print back to themselves); after a failure the
 * reason must be a NUL-terminated line. Any other outcome aborts.
 *
 * Built and run by `make fuzz` (tests/fuzz/fuzz.mk). FUZZ_VERBOSE=1 prints, on stderr,
 * one line per input ("ok" or "refused: ..."), which tests/fuzz_corpus.t reads. */
#define _GNU_SOURCE
#include "../../common/options.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 64
#define MAX_COUNT ((size_t)1 << 40)

static int verbose;

static void check(int cond, const char *what)
{
    if (!cond) {
        fprintf(stderr, "fuzz_options: broken invariant: %s\n", what);
        abort();
    }
}

static void check_err(const char *err, size_t len)
{
    check(memchr(err, '\0', len) != NULL && err[0] != '\0', "a failure gives a reason");
}

static void check_dims(const size_t *dims, int ndims)
{
    size_t total = 1;
    check(ndims >= 1 && ndims <= FL_MAX_DIMS, "1 to FL_MAX_DIMS dimensions");
    for (int i = 0; i < ndims; i++) {
        check(dims[i] >= 1 && dims[i] <= MAX_COUNT, "each dimension 1 to 2^40");
        check(dims[i] <= MAX_COUNT / total, "at most 2^40 elements");
        total *= dims[i];
    }
}

static void check_shapes(const struct fl_pass_shape *shapes, int n)
{
    check(n >= 1 && n <= FL_RADIX_MAX_PASSES, "1 to FL_RADIX_MAX_PASSES shapes");
    for (int k = 0; k < n; k++) {
        int dflt = shapes[k].items == 0 && shapes[k].values == 0;
        check(dflt || (shapes[k].items >= 1 && shapes[k].items <= 4096 && shapes[k].values >= 1 &&
                       shapes[k].values <= FL_RADIX_MAX_VALUES),
              "shapes: items 1 to 4096 and values 1 to FL_RADIX_MAX_VALUES, or default");
    }
    /* printed and parsed again, the same shapes */
    char text[16 * FL_RADIX_MAX_PASSES + 1], err[256];
    struct fl_pass_shape again[FL_RADIX_MAX_PASSES];
    fl_shapes_text(shapes, n, text, sizeof text);
    check(fl_parse_shapes(text, again, err, sizeof err) == n, "fl_shapes_text parses back");
    for (int k = 0; k < n; k++)
        check(again[k].items == shapes[k].items && again[k].values == shapes[k].values,
              "fl_shapes_text round trip");
}

/* Each word on its own, through each value parser. */
static void parse_word(const char *w)
{
    char err[256];
    size_t dims[FL_MAX_DIMS], count;
    int ndims = 0;
    struct fl_pass_shape shapes[FL_RADIX_MAX_PASSES];
    if (fl_parse_size(w, dims, &ndims, err, sizeof err) == 0)
        check_dims(dims, ndims);
    else
        check_err(err, sizeof err);
    if (fl_parse_count(w, "--batch", &count, err, sizeof err) == 0)
        check(count >= 1 && count <= MAX_COUNT, "a count is 1 to 2^40");
    else
        check_err(err, sizeof err);
    int n = fl_parse_shapes(w, shapes, err, sizeof err);
    if (n >= 0)
        check_shapes(shapes, n);
    else
        check_err(err, sizeof err);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    unsetenv("FFTLAB_DEVICE"); /* fl_parse_options reads it: keep runs reproducible */
    const char *v = getenv("FUZZ_VERBOSE");
    verbose = v && *v && strcmp(v, "0") != 0;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *argv[MAX_WORDS + 2];
    int argc = 0;
    argv[argc++] = strdup("fuzz_options");
    /* words end at NUL or newline; a last word without one counts too */
    size_t start = 0;
    for (size_t i = 0; i <= size && argc <= MAX_WORDS; i++) {
        if (i < size && data[i] != '\0' && data[i] != '\n')
            continue;
        if (i == size && start == size)
            break;
        char *w = malloc(i - start + 1);
        if (!w)
            abort();
        memcpy(w, data + start, i - start);
        w[i - start] = '\0';
        argv[argc++] = w;
        start = i + 1;
    }
    argv[argc] = NULL;

    struct fl_options o;
    char err[256];
    fl_options_defaults(&o);
    memset(err, 'x', sizeof err);
    int rc = fl_parse_options(argc, argv, &o, err, sizeof err);
    if (rc == 0) {
        if (o.ndims)
            check_dims(o.dims, o.ndims);
        check(o.batch <= MAX_COUNT, "--batch at most 2^40");
        check(o.wg <= MAX_COUNT, "--wg at most 2^40");
        if (o.nshapes)
            check_shapes(o.shapes, o.nshapes);
        check(o.warmup >= 0 && o.warmup <= 1000, "--warmup 0 to 1000");
        check(o.repeat >= -1 && o.repeat <= 100000, "--repeat -1 to 100000");
        check(o.timeout_s >= 0 && o.timeout_s <= 86400, "--timeout 0 to 86400");
        check(o.precision == FL_SINGLE || o.precision == FL_DOUBLE, "a precision");
        if (verbose)
            fprintf(stderr, "ok\n");
    } else {
        check(rc == -1, "a failure returns -1");
        check_err(err, sizeof err);
        if (verbose)
            fprintf(stderr, "refused: %s\n", err);
    }
    for (int i = 1; i < argc; i++)
        parse_word(argv[i]);
    for (int i = 0; i < argc; i++)
        free(argv[i]);
    return 0;
}
