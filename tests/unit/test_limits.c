/* The arithmetic of large runs, with 64-bit expectations at the limit (issue 40):
 * common/limits.c (the largest N x batch every chapter accepts) and common/fill.c (the
 * pieces a fill of a buffer past 2^31 bytes is cut into, so that no driver call gets an
 * offset or size of 2^31 bytes or more). The sizes here are the ones of a run at the
 * limit; nothing is allocated. */
#define _POSIX_C_SOURCE 200809L
#include "../../common/device.h"
#include "../../common/fill.h"
#include "../../common/limits.h"
#include "../../common/npy.h"
#include "tap.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GIB ((size_t)1 << 30)
#define TWO31 ((size_t)1 << 31)

/* Every piece of [OFFSET, OFFSET + BYTES): within the driver's safe range, its sub-buffer
 * at an aligned origin, and the pieces one after another covering the range exactly. */
static void check_pieces(const char *what, size_t offset, size_t bytes, const struct fl_fill_limits *lim,
                         size_t expect_pieces)
{
    size_t n = fl_fill_pieces(bytes, lim);
    is_int((long long)n, (long long)expect_pieces, "%s: %zu pieces", what, expect_pieces);
    size_t next = offset, bad = 0;
    for (size_t k = 0; k < n; k++) {
        struct fl_piece p = fl_fill_piece(offset, bytes, k, lim);
        size_t start = p.origin + p.offset; /* in the parent */
        int ok_piece = start == next && p.bytes > 0 && p.bytes <= lim->piece &&
                       p.origin % lim->align == 0 && p.offset < TWO31 && p.bytes < TWO31 &&
                       (p.size == 0 ? start + p.bytes <= lim->direct_end
                                    : p.offset < lim->align && p.size == p.offset + p.bytes &&
                                      p.size < TWO31);
        if (!ok_piece && bad++ == 0)
            diag("%s: piece %zu: origin %zu size %zu offset %zu bytes %zu (expected start %zu)", what,
                 k, p.origin, p.size, p.offset, p.bytes, next);
        next = start + p.bytes;
    }
    ok(bad == 0, "%s: every piece below 2^31 bytes, aligned, in order", what);
    is_int((long long)next, (long long)(offset + bytes), "%s: the pieces end at byte %zu", what,
           offset + bytes);
}

/* A .npy file of SHAPE complex64 values whose data is a hole (a sparse file: no disk),
 * so that the reader's checks of a 16 GiB file run on nothing. Returns 0 or -1. */
static int sparse_npy(const char *path, const char *shape, size_t values)
{
    char dict[128];
    int len = snprintf(dict, sizeof dict, "{'descr': '<c8', 'fortran_order': False, 'shape': %s, }",
                       shape);
    int total = 10 + len + 1, pad = (64 - total % 64) % 64;
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    unsigned hlen = (unsigned)(len + pad + 1);
    fprintf(f, "\x93NUMPY%c%c%c%c%s%*s\n", 1, 0, hlen & 0xff, hlen >> 8, dict, pad, "");
    int ok_file = fclose(f) == 0 && truncate(path, (off_t)(10 + hlen) + (off_t)(values * 8)) == 0;
    return ok_file ? 0 : -1;
}

/* The pieces on a real device (pocl): 64 KiB in 4 KiB pieces (FFTLAB_FILL_PIECE), each
 * past the first through a sub-buffer, as a run past 2^31 bytes fills and copies. */
static void on_the_device(void)
{
    struct fl_device dev;
    fl_device_open(NULL, &dev);
    cl_uint bits = 0;
    clGetDeviceInfo(dev.id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, NULL);
    setenv("FFTLAB_FILL_PIECE", "4096", 1);
    struct fl_fill_limits lim = fl_fill_limits_for(bits >= 8 ? bits / 8 : 1);
    unsetenv("FFTLAB_FILL_PIECE");
    enum { BYTES = 65536 };
    cl_int err;
    cl_mem a = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, BYTES, NULL, &err);
    cl_mem b = clCreateBuffer(dev.context, CL_MEM_READ_WRITE, BYTES, NULL, &err);
    static unsigned char host[BYTES], want[BYTES];
    for (int i = 0; i < BYTES; i++)
        host[i] = (unsigned char)(i * 7 + 3);
    clEnqueueWriteBuffer(dev.queue, a, CL_TRUE, 0, BYTES, host, 0, NULL, NULL);
    /* fill b: 0x5A, then doubles of 1.5 from byte 1000 (an unaligned start) for 40000 bytes */
    const unsigned char g = 0x5A;
    const double v = 1.5;
    fl_fill_range(dev.queue, b, &g, 1, 0, BYTES, &lim, "b");
    fl_fill_range(dev.queue, b, &v, 8, 1000, 40000, &lim, "b's doubles");
    memset(want, 0x5A, BYTES);
    for (int i = 1000; i < 41000; i += 8)
        memcpy(want + i, &v, 8);
    /* then a's bytes 520 .. 520 + 20000 to b at 44000 (other offsets, other alignments) */
    fl_copy_range(dev.queue, a, 520, b, 44000, 20000, &lim);
    memcpy(want + 44000, host + 520, 20000);
    static unsigned char got[BYTES];
    clEnqueueReadBuffer(dev.queue, b, CL_TRUE, 0, BYTES, got, 0, NULL, NULL);
    size_t first = BYTES;
    for (size_t i = 0; i < BYTES && first == BYTES; i++)
        if (got[i] != want[i])
            first = i;
    if (!ok(first == BYTES, "on %s, 4 KiB pieces (align %zu): fills and a copy land on their "
            "bytes and no others", dev.name, lim.align))
        diag("first wrong byte: %zu", first);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    fl_device_close(&dev);
}

int main(void)
{
    char why[512];

    /* ---- the largest N x batch */
    is_int((long long)FL_MAX_VALUES, 1073741824LL, "FL_MAX_VALUES = 2^30");
    is_int(fl_check_values(1, FL_MAX_VALUES, why, sizeof why), 0, "1 x 2^30: accepted");
    is_int(fl_check_values(1024, 1048576, why, sizeof why), 0, "1024 x 2^20 = 2^30 (06's failing GPU run): accepted");
    is_int(fl_check_values((size_t)1 << 20, 1024, why, sizeof why), 0, "2^20 x 1024 (the other one): accepted");
    is_int(fl_check_values(3, 357913941, why, sizeof why), 0, "3 x 357913941 = 2^30 - 1: accepted");
    is_int(fl_check_values(3, 357913942, why, sizeof why), -1, "3 x 357913942 = 2^30 + 2: refused");
    has_substr(why, "= 1073741826 values", "  the message gives the product");
    is_int(fl_check_values(1024, 1048577, why, sizeof why), -1, "1024 x (2^20 + 1): refused");
    has_substr(why, "1024 x 1048577 = 1073742848 values, more than 2^30 = 1073741824", "  the message: %s", why);
    is_int(fl_check_values(2, (size_t)1 << 30, why, sizeof why), -1, "2 x 2^30 = 2^31 (negative in int): refused");
    has_substr(why, "= 2147483648 values", "  the product in 64 bits");
    /* a product past 2^32 that a 32-bit multiply would wrap to a small number: 2^32 + 1024 */
    is_int(fl_check_values(((size_t)1 << 22) + 1, (size_t)1 << 10, why, sizeof why), -1,
           "(2^22 + 1) x 2^10 = 2^32 + 2^10 (2^10 in 32 bits): refused");
    has_substr(why, "= 4294968320 values", "  the product in 64 bits");
    is_int(fl_check_values((size_t)1 << 40, (size_t)1 << 30, why, sizeof why), -1, "2^40 x 2^30: refused");
    has_substr(why, "more than 2^64 values", "  a product past 2^64 is named so, not wrapped");

    /* ---- the host memory of a run at the limit (the GPU machine has 128 GiB) */
    size_t top = FL_MAX_VALUES;
    is_int((long long)fl_host_bytes(top, top, top * 8, 1, 0), 88LL << 30,
           "2^30 complex floats, verified: 88 GiB of host memory (FFTW in double, in place)");
    is_int((long long)fl_host_bytes(top, top, top * 16, 1, top * 32), 128LL << 30,
           "2^30 complex doubles, verified: 128 GiB (FFTW in long double)");
    is_int((long long)fl_host_bytes(top, top, top * 8, 0, top * 16), 40LL << 30,
           "2^30 complex floats, --no-verify: 40 GiB");
    /* R2C of 2^30 reals (rows of 2^20): half spectra of 2^29 + 2^10 complex values */
    size_t half = ((size_t)1 << 29) + 1024;
    is_int((long long)fl_host_bytes(top, half, half * 8, 1, top * 8 + half * 16),
           (long long)(top * 16 + half * 16 + half * 8 + 2 * top * 16 + top * 16 + top * 8 + half * 16),
           "R2C of 2^30 reals, verified: the larger side counts twice");

    /* ---- an --input file past the limit: refused by the reader before its allocation */
    char path[1100], err[1400];
    const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(path, sizeof path, "%.1000s/fftlab-test-limits-%ld.npy", tmp, (long)getpid());
    if (sparse_npy(path, "(3, 357913942)", (size_t)1073741826) == 0) {
        struct fl_npy in;
        is_int(fl_npy_read(path, &in, err, sizeof err), -1, "a (3, 357913942) complex64 file (8 GiB, sparse): refused");
        has_substr(err, "1073741826 values, more than 2^30", "  before allocating 16 GiB: %s", err);
        fl_npy_free(&in);
    } else {
        skip(2, "could not make a sparse file in %s", tmp);
    }
    unlink(path);

    /* ---- the bytes of a run at the limit: 2^33 and 2^34, a size_t (0 in 32 bits) */
    size_t most = FL_MAX_VALUES;
    is_int((long long)(most * 8), 8589934592LL, "2^30 complex floats: 2^33 bytes");
    is_int((long long)(most * 16), 17179869184LL, "2^30 complex doubles: 2^34 bytes");
    is_int((long long)(uint32_t)(most * 8), 0, "  (the first in 32 bits: 0, where the GPU fill went)");

    /* ---- the fills of the failing GPU run: 2^30 complex floats, guard zones of 32 KiB */
    struct fl_fill_limits lim = {FL_FILL_PIECE, FL_FILL_DIRECT_END, 512}; /* NVIDIA: 4096 bits */
    size_t data = GIB * 8, g = 32768;
    check_pieces("B's NaN, 2^30 complex floats", g, data, &lim, 8);
    struct fl_piece p = fl_fill_piece(g, data, 7, &lim);
    is_int((long long)p.origin, 7516225536LL, "  the last piece's sub-buffer starts at 7 GiB + 32 KiB");
    is_int((long long)p.offset, 0, "  and the fill starts at its byte 0");
    is_int((long long)p.bytes, (long long)GIB, "  for 1 GiB");
    p = fl_fill_piece(g, data, 0, &lim);
    ok(p.size == 0 && p.offset == g && p.bytes == GIB, "  the first piece (below 2^31) in place");
    check_pieces("the guard after A, at byte 2^33 + 32 KiB", g + data, g, &lim, 1);
    p = fl_fill_piece(g + data, g, 0, &lim);
    is_int((long long)p.origin, 8589967360LL, "  its sub-buffer starts at byte 2^33 + 32768 (not 32768)");
    is_int((long long)p.size, 32768, "  32 KiB long");
    check_pieces("the guard before A", 0, g, &lim, 1);

    /* ---- in double with guard zones of 256 MiB, N x batch = 3 x 357913941 = 2^30 - 1:
     * the data ends 16 bytes before a piece's end, off the alignment */
    size_t g2 = (size_t)256 << 20, data2 = (most - 1) * 16;
    check_pieces("B's NaN, 2^30 - 1 complex doubles", g2, data2, &lim, 16);
    check_pieces("the guard after it (at an offset 16 bytes before a boundary)", g2 + data2, g2, &lim, 1);
    p = fl_fill_piece(g2 + data2, g2, 0, &lim);
    is_int((long long)p.origin, 17448304128LL, "  its sub-buffer starts at the 512-byte boundary below");
    is_int((long long)p.offset, 496, "  and the fill 496 bytes into it");
    /* R2C: the NaN after the input, from an odd offset of 4-byte reals */
    check_pieces("an R2C rest of A from byte 2^32 + 8", g + TWO31 * 2 + 8, GIB * 3 - 8, &lim, 3);

    /* ---- a small run: one fill, in place, as before */
    check_pieces("a small run's B", 4096, 1 << 20, &lim, 1);
    p = fl_fill_piece(4096, 1 << 20, 0, &lim);
    ok(p.size == 0 && p.offset == 4096 && p.bytes == (1 << 20), "  in place at its offset");
    check_pieces("a range ending at 2^31 - 1", 1, TWO31 - 2, &lim, 2);
    p = fl_fill_piece(1, TWO31 - 2, 1, &lim);
    ok(p.size == 0, "  its second piece ends at 2^31 - 1: in place");
    check_pieces("a range ending at 2^31", 0, TWO31, &lim, 2);
    p = fl_fill_piece(0, TWO31, 1, &lim);
    ok(p.size != 0 && p.origin == GIB && p.offset == 0, "  its second piece ends at 2^31: a sub-buffer");

    /* ---- the limits a device gets, and the tests' small pieces (FFTLAB_FILL_PIECE) */
    unsetenv("FFTLAB_FILL_PIECE");
    struct fl_fill_limits d = fl_fill_limits_for(128);
    ok(d.piece == FL_FILL_PIECE && d.direct_end == FL_FILL_DIRECT_END && d.align == 128,
       "default: 1 GiB pieces, in place below 2^31");
    setenv("FFTLAB_FILL_PIECE", "4000", 1);
    d = fl_fill_limits_for(128);
    ok(d.piece == 4096 && d.direct_end == 4096, "FFTLAB_FILL_PIECE=4000, align 128: 4096-byte pieces");
    d = fl_fill_limits_for(48);
    ok(d.piece == 4032 && d.piece % 48 == 0 && d.piece % 16 == 0, "align 48: a multiple of 48 and 16");
    check_pieces("FFTLAB_FILL_PIECE=4000: 100 KiB from byte 4096", 4096, 102400, &d, 26);
    setenv("FFTLAB_FILL_PIECE", "junk", 1);
    d = fl_fill_limits_for(128);
    ok(d.piece == FL_FILL_PIECE, "FFTLAB_FILL_PIECE=junk: ignored");
    unsetenv("FFTLAB_FILL_PIECE");
    on_the_device();
    return done_testing();
}
