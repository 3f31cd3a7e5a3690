/* libFuzzer target for the .npy reader (common/npy.c): fl_npy_read and fl_npy_read_any.
 *
 * The reader takes a path, so each input is written to one memfd (created once) and read
 * back through /proc/self/fd/N. After a success the result must hold together: 1 to
 * FL_NPY_MAX_AXES axes, count the product of the shape, 2*count doubles readable (ASan
 * checks the allocation), imaginary parts 0 for a real file. After a failure: a
 * NUL-terminated reason, one line of printable ASCII, and no data. Any other outcome
 * aborts, so libFuzzer reports it.
 *
 * Built and run by `make fuzz` (tests/fuzz/fuzz.mk). FUZZ_VERBOSE=1 prints, on stderr,
 * one line per input and reader ("complex ok c8 shape (4,)", "any refused: ..."), which
 * tests/fuzz_corpus.t reads. */
#define _GNU_SOURCE
#include "../../common/npy.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int fd = -1;
static char path[64];
static int verbose;

static void check(int cond, const char *what)
{
    if (!cond) {
        fprintf(stderr, "fuzz_npy: broken invariant: %s\n", what);
        abort();
    }
}

static void read_one(int any)
{
    struct fl_npy npy;
    char err[512];
    memset(err, 'x', sizeof err);
    int rc = any ? fl_npy_read_any(path, &npy, err, sizeof err)
                 : fl_npy_read(path, &npy, err, sizeof err);
    if (rc != 0) {
        check(rc == -1, "a failure returns -1");
        check(memchr(err, '\0', sizeof err) != NULL && err[0] != '\0', "a failure gives a reason");
        /* the reason ends the FAIL line: the file's bytes must not break or color it */
        for (const char *c = err; *c; c++)
            check(isprint((unsigned char)*c), "the reason is one line of printable ASCII");
        check(npy.data == NULL, "a failure leaves no data");
        if (verbose)
            fprintf(stderr, "%s refused: %s\n", any ? "any" : "complex", err);
        return;
    }
    check(npy.naxes >= 1 && npy.naxes <= FL_NPY_MAX_AXES, "1 to FL_NPY_MAX_AXES axes");
    size_t count = 1;
    for (int i = 0; i < npy.naxes; i++)
        count *= npy.shape[i];
    check(count == npy.count && count >= 1, "count is the product of the shape");
    check(any || !npy.real, "fl_npy_read refuses real files");
    check(npy.data != NULL, "a success has data");
    /* every double is read (ASan catches a short allocation), and a real file's
     * imaginary parts are 0 */
    volatile double sink = 0;
    for (size_t i = 0; i < 2 * npy.count; i++) {
        sink += npy.data[i];
        if (npy.real && i % 2 == 1)
            check(npy.data[i] == 0, "a real file's imaginary parts are 0");
    }
    (void)sink;
    if (verbose) {
        fprintf(stderr, "%s ok %s%s shape (", any ? "any" : "complex", npy.real ? "f" : "c",
               npy.real ? (npy.complex128 ? "8" : "4") : (npy.complex128 ? "16" : "8"));
        for (int i = 0; i < npy.naxes; i++)
            fprintf(stderr, "%zu%s", npy.shape[i], npy.naxes == 1 ? "," : i + 1 < npy.naxes ? ", " : "");
        fprintf(stderr, ")\n");
    }
    fl_npy_free(&npy);
    check(npy.data == NULL, "fl_npy_free clears data");
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fd = memfd_create("fuzz_npy", 0);
    if (fd < 0) {
        perror("fuzz_npy: memfd_create");
        exit(1);
    }
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    const char *v = getenv("FUZZ_VERBOSE");
    verbose = v && *v && strcmp(v, "0") != 0;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ftruncate(fd, 0) != 0 || (size && pwrite(fd, data, size, 0) != (ssize_t)size)) {
        perror("fuzz_npy: writing the memfd");
        exit(1);
    }
    read_one(0);
    read_one(1);
    return 0;
}
