/* common/npy.c: write/read round trips (bit-exact), the header numpy expects, and every
 * malformed file refused with -1 and a message naming the problem. numpy is not needed:
 * files are checked and crafted byte by byte here. */
#define _POSIX_C_SOURCE 200809L
#include "../../common/npy.h"
#include "tap.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------ temp files */

static char tmpdir[1024];
static char paths[64][1200];
static int npaths;

static const char *new_temp_path(void)
{
    if (npaths == 64)
        bail_out("too many temp files");
    char *p = paths[npaths];
    snprintf(p, sizeof paths[0], "%s/fftlab-test-npy-XXXXXX", tmpdir);
    int fd = mkstemp(p);
    if (fd < 0)
        bail_out("mkstemp(%s) failed", p);
    close(fd);
    npaths++;
    return p;
}

static void remove_temp_files(void)
{
    for (int i = 0; i < npaths; i++)
        unlink(paths[i]);
}

static const char *write_bytes(const void *bytes, size_t len)
{
    const char *path = new_temp_path();
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(bytes, 1, len, f) != len || fclose(f) != 0)
        bail_out("cannot write %s", path);
    return path;
}

static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *b = realloc(buf, cap *= 2);
            if (!b) { free(buf); buf = NULL; }
            buf = b;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

/* A .npy file as numpy writes it: magic, version, header length, DICT padded with spaces
 * and '\n' to a 64-byte boundary, then DATA. VERSION 1 uses a u16 length, 2 a u32. */
static const char *craft_npy(int version, const char *dict, const void *data, size_t data_len)
{
    size_t pre = version == 1 ? 10 : 12;
    size_t dlen = strlen(dict);
    size_t total = pre + dlen + 1;
    size_t pad = (64 - total % 64) % 64;
    size_t hlen = dlen + pad + 1;
    size_t len = pre + hlen + data_len;
    unsigned char *b = malloc(len);
    memcpy(b, "\x93NUMPY", 6);
    b[6] = (unsigned char)version;
    b[7] = 0;
    for (size_t i = 0; i < pre - 8; i++)
        b[8 + i] = (unsigned char)(hlen >> (8 * i));
    memcpy(b + pre, dict, dlen);
    memset(b + pre + dlen, ' ', pad);
    b[pre + dlen + pad] = '\n';
    if (data_len)
        memcpy(b + pre + hlen, data, data_len);
    const char *path = write_bytes(b, len);
    free(b);
    return path;
}

/* ------------------------------------------------------------ header checks */

/* A strict reader of the header dict as numpy's ast.literal_eval would see it: keys in
 * single quotes, values a quoted string, True/False, or a tuple of ints with numpy's
 * 1-tuple comma. Fills descr, fortran ("True"/"False") and the shape text. */
static int parse_dict(const char *s, char *descr, char *fortran, char *shape)
{
    int have = 0;
    if (*s++ != '{')
        return -1;
    for (;;) {
        while (*s == ' ') s++;
        if (*s == '}')
            break;
        if (*s++ != '\'')
            return -1;
        const char *k = s;
        while (*s && *s != '\'') s++;
        if (*s != '\'')
            return -1;
        size_t klen = (size_t)(s - k);
        s++;
        if (*s++ != ':' || *s++ != ' ')
            return -1;
        const char *v = s;
        if (*s == '\'') {
            s = strchr(s + 1, '\'');
            if (!s)
                return -1;
            s++;
        } else if (strncmp(s, "True", 4) == 0) {
            s += 4;
        } else if (strncmp(s, "False", 5) == 0) {
            s += 5;
        } else if (*s == '(') {
            s++;
            int items = 0, trailing_comma = 0;
            while (*s != ')') {
                if (!isdigit((unsigned char)*s))
                    return -1;
                while (isdigit((unsigned char)*s)) s++;
                items++;
                trailing_comma = 0;
                if (*s == ',') {
                    s++;
                    trailing_comma = 1;
                    if (*s == ' ') s++;
                } else if (*s != ')') {
                    return -1;
                }
            }
            if (items == 1 && !trailing_comma) /* (5) is an int, not a tuple */
                return -1;
            s++;
        } else {
            return -1;
        }
        size_t vlen = (size_t)(s - v);
        char *dst = NULL;
        if (klen == 5 && strncmp(k, "descr", 5) == 0) dst = descr, have |= 1;
        else if (klen == 13 && strncmp(k, "fortran_order", 13) == 0) dst = fortran, have |= 2;
        else if (klen == 5 && strncmp(k, "shape", 5) == 0) dst = shape, have |= 4;
        else return -1;
        if (vlen >= 64)
            return -1;
        memcpy(dst, v, vlen);
        dst[vlen] = '\0';
        while (*s == ' ') s++;
        if (*s == ',') s++;
        else if (*s != '}') return -1;
    }
    s++;
    while (*s == ' ') s++;
    return (have == 7 && *s == '\0') ? 0 : -1;
}

static void check_written_file(const char *path, const char *what, int complex128,
                               const char *shape_text, size_t count)
{
    size_t len = 0;
    unsigned char *b = slurp(path, &len);
    if (!ok(b != NULL && len >= 10, "%s: file readable", what)) {
        free(b);
        return;
    }
    ok(memcmp(b, "\x93NUMPY", 6) == 0, "%s: magic \\x93NUMPY", what);
    ok(b[6] == 1 && b[7] == 0, "%s: format version 1.0 (got %u.%u)", what, b[6], b[7]);
    size_t hlen = (size_t)b[8] | (size_t)b[9] << 8;
    is_int((long long)((10 + hlen) % 64), 0, "%s: data starts on a 64-byte boundary (10 + %zu)",
           what, hlen);
    is_int((long long)len, (long long)(10 + hlen + count * (complex128 ? 16 : 8)),
           "%s: file size = header + %zu elements", what, count);
    if (10 + hlen > len) {
        free(b);
        return;
    }
    char *hdr = malloc(hlen + 1);
    memcpy(hdr, b + 10, hlen);
    hdr[hlen] = '\0';
    int printable = 1;
    for (size_t i = 0; i + 1 < hlen; i++)
        if (hdr[i] < 0x20 || hdr[i] > 0x7e)
            printable = 0;
    ok(printable, "%s: header is printable ASCII", what);
    ok(hlen > 0 && hdr[hlen - 1] == '\n', "%s: header ends with a newline", what);
    hdr[hlen - 1] = '\0';
    char descr[64] = "", fortran[64] = "", shape[64] = "";
    if (!ok(parse_dict(hdr, descr, fortran, shape) == 0, "%s: header is a Python dict literal", what))
        diag("header: %s", hdr);
    is_str(descr, complex128 ? "'<c16'" : "'<c8'", "%s: descr", what);
    is_str(fortran, "False", "%s: fortran_order", what);
    is_str(shape, shape_text, "%s: shape", what);
    free(hdr);
    free(b);
}

/* ------------------------------------------------------------ round trips */

static void fill_values(double *x, size_t count)
{
    /* Exact and inexact in float, signed zero, subnormal in double, large, small. */
    static const double special[] = {0.0, -0.0, 1.0, -1.0, 0.1, 1.0 / 3.0, 3.141592653589793,
                                     1e-310, 1e30, -2.5e-20, 65504.0, 16777217.0};
    uint64_t s = 12345;
    for (size_t i = 0; i < 2 * count; i++) {
        if (i < sizeof special / sizeof special[0]) {
            x[i] = special[i];
        } else {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            x[i] = ((double)(s >> 11) * 0x1.0p-53 - 0.5) * 1000.0;
        }
    }
}

static int bits_equal(const double *a, const double *b, size_t n, size_t *where)
{
    for (size_t i = 0; i < n; i++)
        if (memcmp(&a[i], &b[i], sizeof(double)) != 0) {
            *where = i;
            return 0;
        }
    return 1;
}

static void round_trip(int complex128, const size_t *shape, int naxes, const char *shape_text)
{
    char what[96];
    snprintf(what, sizeof what, "%s %s", complex128 ? "complex128" : "complex64", shape_text);
    size_t count = 1;
    for (int i = 0; i < naxes; i++)
        count *= shape[i];
    double *x = malloc(2 * count * sizeof *x), *want = malloc(2 * count * sizeof *want);
    fill_values(x, count);
    for (size_t i = 0; i < 2 * count; i++)
        want[i] = complex128 ? x[i] : (double)(float)x[i];

    const char *path = new_temp_path();
    char err[512] = "";
    if (!is_int(fl_npy_write(path, x, shape, naxes, complex128, err, sizeof err), 0,
                "%s: fl_npy_write succeeds", what))
        diag("error: %s", err);
    check_written_file(path, what, complex128, shape_text, count);

    /* The data bytes themselves: little-endian floats or doubles in C order. */
    size_t len;
    unsigned char *b = slurp(path, &len);
    size_t hlen = b && len >= 10 ? ((size_t)b[8] | (size_t)b[9] << 8) : 0;
    int data_ok = b && len == 10 + hlen + count * (complex128 ? 16 : 8);
    for (size_t i = 0; data_ok && i < 2 * count; i++) {
        unsigned char le[8];
        if (complex128) {
            uint64_t u;
            memcpy(&u, &want[i], 8);
            for (int k = 0; k < 8; k++) le[k] = (unsigned char)(u >> (8 * k));
            data_ok = memcmp(b + 10 + hlen + 8 * i, le, 8) == 0;
        } else {
            float f = (float)x[i];
            uint32_t u;
            memcpy(&u, &f, 4);
            for (int k = 0; k < 4; k++) le[k] = (unsigned char)(u >> (8 * k));
            data_ok = memcmp(b + 10 + hlen + 4 * i, le, 4) == 0;
        }
    }
    ok(data_ok, "%s: data bytes are little-endian %s in C order", what,
       complex128 ? "doubles" : "floats");
    free(b);

    struct fl_npy in;
    memset(&in, 0xAB, sizeof in);
    err[0] = '\0';
    if (!is_int(fl_npy_read(path, &in, err, sizeof err), 0, "%s: fl_npy_read succeeds", what))
        diag("error: %s", err);
    is_int(in.complex128, complex128, "%s: dtype read back", what);
    is_int(in.naxes, naxes, "%s: number of axes read back", what);
    int same_shape = in.naxes == naxes;
    for (int i = 0; same_shape && i < naxes; i++)
        same_shape = in.shape[i] == shape[i];
    ok(same_shape, "%s: shape read back", what);
    is_int((long long)in.count, (long long)count, "%s: count read back", what);
    size_t where = 0;
    if (!ok(in.data && in.count == count && bits_equal(in.data, want, 2 * count, &where),
            "%s: values bit-exact%s", what, complex128 ? "" : " (rounded to float)"))
        if (in.data && in.count == count)
            diag("first difference at double %zu: got %.17g, expected %.17g", where,
                 in.data[where], want[where]);
    fl_npy_free(&in);
    ok(in.data == NULL, "%s: fl_npy_free clears data", what);
    free(x);
    free(want);
}

/* ------------------------------------------------------------ malformed files */

static void expect_refused(const char *path, const char *what, const char *word1, const char *word2)
{
    struct fl_npy in;
    memset(&in, 0, sizeof in);
    char err[1024] = "";
    int rc = fl_npy_read(path, &in, err, sizeof err);
    is_int(rc, -1, "%s: refused", what);
    ok(in.data == NULL, "%s: no data left allocated", what);
    if (!ok(err[0] != '\0' && strstr(err, word1) != NULL && (!word2 || strstr(err, word2) != NULL),
            "%s: message mentions '%s'%s%s%s", what, word1, word2 ? " and '" : "",
            word2 ? word2 : "", word2 ? "'" : ""))
        diag("message: %s", err);
    fl_npy_free(&in);
}

/* DICT with 4 complex64 values is read with shape (D0, D1) (D1 = 0: 1 axis), or refused with
 * a message holding WORD1 and WORD2 (WANT_OK = 0). */
static void header_case(const float *data4, const char *dict, int want_ok, size_t d0, size_t d1,
                        const char *word1, const char *word2)
{
    const char *p = craft_npy(1, dict, data4, 8 * sizeof *data4);
    if (!want_ok) {
        expect_refused(p, dict, word1, word2);
        return;
    }
    struct fl_npy in;
    char err[512] = "";
    if (!is_int(fl_npy_read(p, &in, err, sizeof err), 0, "%s: read", dict))
        diag("message: %s", err);
    ok(in.naxes == (d1 ? 2 : 1) && in.shape[0] == d0 && (!d1 || in.shape[1] == d1) &&
       in.complex128 == 0 && in.data && in.data[2] == 2.0, "%s: shape and values", dict);
    fl_npy_free(&in);
}

/* The header is the Python literal numpy's reader (ast.literal_eval) sees: read token by
 * token, never searched as text. */
static void header_literals(const float *data4)
{
    /* spellings numpy reads the same way */
    header_case(data4, "{\"descr\": \"<c8\", \"fortran_order\": False, \"shape\": (4,)}", 1, 4, 0, 0, 0);
    header_case(data4, "{'descr':'<c8','fortran_order':False,'shape':(4,)}", 1, 4, 0, 0, 0);
    header_case(data4, "{\t'descr' : '<c8' ,\n 'fortran_order' :\r\n False , 'shape' : ( 4 , ) , }",
                1, 4, 0, 0, 0);
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 'shape': (2, 2,), }", 1, 2, 2, 0, 0);
    header_case(data4, "{'shape': (1, 4), 'descr': '<c8', 'fortran_order': False}", 1, 1, 4, 0, 0);
    /* each key exactly once: numpy would take the last, a text search the first */
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 'shape': (2, 2), 'fortran_order': True}",
                0, 0, 0, "'fortran_order' appears twice", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 'shape': (4,), 'shape': (2, 2)}",
                0, 0, 0, "'shape' appears twice", NULL);
    header_case(data4, "{'descr': '<c8', 'descr': '<c8', 'fortran_order': False, 'shape': (4,)}",
                0, 0, 0, "'descr' appears twice", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 'shape': (4,), 'order': 'C'}",
                0, 0, 0, "unknown key 'order'", NULL);
    /* text in a string is that string, never a key */
    header_case(data4, "{\"descr\": \"'descr': '<c8', 'shape': (2, 2)\", \"fortran_order\": False, "
                "\"shape\": (4,)}", 0, 0, 0, "dtype \"'descr': '<c8', 'shape': (2, 2)\"", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, \"shape\": (4,), 'x': \"'shape': (2, 2)\"}",
                0, 0, 0, "unknown key 'x'", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 'shape': (4,), 'd': '}'}",
                0, 0, 0, "unknown key 'd'", NULL);
    /* the rest of the grammar, each refusal saying what is wrong */
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 'shape': (4)}", 0, 0, 0, "shape", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 'shape': (04,)}", 0, 0, 0, "shape", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 'shape': (2,, 2)}", 0, 0, 0, "shape", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 'shape': (18446744073709551617,)}",
                0, 0, 0, "shape too large", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': 0, 'shape': (4,)}", 0, 0, 0,
                "fortran_order must be True or False, not 0", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': 'False', 'shape': (4,)}", 0, 0, 0,
                "fortran_order must be True or False, not 'False'", NULL);
    header_case(data4, "{'descr': '\\x3cc8', 'fortran_order': False, 'shape': (4,)}", 0, 0, 0,
                "escapes are not supported", NULL);
    header_case(data4, "{'descr': '<c8, 'fortran_order': False, 'shape': (4,)}", 0, 0, 0,
                "expected ',' or '}' after a value at header byte 17", NULL);
    header_case(data4, "{'descr': \"<c8', 'fortran_order': False, 'shape': (4,)}", 0, 0, 0,
                "unterminated string", NULL);
    header_case(data4, "{'descr': '<c8' 'fortran_order': False, 'shape': (4,)}", 0, 0, 0,
                "expected ',' or '}'", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 'shape': (4,)} x", 0, 0, 0,
                "text after the closing '}'", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 'shape': (4,),,}", 0, 0, 0,
                "expected a key in quotes", NULL);
    header_case(data4, "{'descr': '<c8', 'fortran_order': False, 1: 2, 'shape': (4,)}", 0, 0, 0,
                "expected a key in quotes", NULL);
    {
        static const char nul[] = "{'descr': '<c8', 'fortran_order': False, 'shape': (4,)}\0 ";
        unsigned char b[10 + 64 + 32];
        memcpy(b, "\x93NUMPY\x01\x00\x40\x00", 10);
        memset(b + 10, ' ', 64);
        memcpy(b + 10, nul, sizeof nul - 1);
        b[10 + 63] = '\n';
        memcpy(b + 74, data4, 32);
        expect_refused(write_bytes(b, sizeof b), "a NUL byte in the header", "NUL", NULL);
    }
}

static void malformed_files(void)
{
    float data4[8] = {1, 0, 2, 0, 3, 0, 4, 0};
    const char *c8_4 = "{'descr': '<c8', 'fortran_order': False, 'shape': (4,), }";

    /* numpy-made files are read (v1 and v2 headers, 2 axes, 1-D in Fortran order). */
    {
        struct fl_npy in;
        char err[512] = "";
        const char *p = craft_npy(1, c8_4, data4, sizeof data4);
        is_int(fl_npy_read(p, &in, err, sizeof err), 0, "numpy v1.0 file (4,) complex64 is read");
        ok(in.naxes == 1 && in.shape[0] == 4 && in.count == 4 && in.data && in.data[4] == 3.0,
           "numpy v1.0 file: shape (4,) and values");
        fl_npy_free(&in);

        p = craft_npy(2, c8_4, data4, sizeof data4);
        is_int(fl_npy_read(p, &in, err, sizeof err), 0, "numpy v2.0 file (u32 header length) is read");
        fl_npy_free(&in);

        p = craft_npy(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (2, 2), }", data4,
                      sizeof data4);
        is_int(fl_npy_read(p, &in, err, sizeof err), 0, "numpy file (2, 2) is read");
        ok(in.naxes == 2 && in.shape[0] == 2 && in.shape[1] == 2 && in.count == 4,
           "numpy file (2, 2): shape");
        fl_npy_free(&in);

        p = craft_npy(1, "{'descr': '<c8', 'fortran_order': True, 'shape': (4,), }", data4,
                      sizeof data4);
        if (!is_int(fl_npy_read(p, &in, err, sizeof err), 0,
                    "fortran_order True with 1 axis is read (same bytes as C order)"))
            diag("message: %s", err);
        fl_npy_free(&in);
    }

    static const unsigned char bad_magic[] = "\x93NUMPX\x01\x00\x10\x00{}              \n";
    expect_refused(write_bytes(bad_magic, sizeof bad_magic - 1), "bad magic", "magic", NULL);
    expect_refused(write_bytes("", 0), "empty file", "magic", NULL);
    expect_refused(write_bytes("\x93NUMPY\x01\x00\x76", 9), "header length cut off", "truncated", NULL);
    {
        /* Says 118 header bytes, holds 30. */
        unsigned char b[40];
        memcpy(b, "\x93NUMPY\x01\x00\x76\x00", 10);
        memcpy(b + 10, "{'descr': '<c8', 'fortran_ord", 30);
        expect_refused(write_bytes(b, sizeof b), "truncated header", "truncated", NULL);
    }
    {
        unsigned char b[74];
        memcpy(b, "\x93NUMPY\x09\x00\x40\x00", 10);
        memset(b + 10, ' ', 64);
        expect_refused(write_bytes(b, sizeof b), "format version 9", "version", NULL);
    }
    expect_refused(craft_npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (8,), }",
                             data4, sizeof data4), "dtype <f4 (real float32)", "dtype", "<f4");
    expect_refused(craft_npy(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (8,), }",
                             data4, sizeof data4), "dtype <i4 (int32)", "dtype", "<i4");
    expect_refused(craft_npy(1, "{'descr': '>c8', 'fortran_order': False, 'shape': (4,), }",
                             data4, sizeof data4), "big-endian >c8", ">c8", NULL);
    expect_refused(craft_npy(1, "{'descr': '<c8', 'fortran_order': True, 'shape': (2, 2), }",
                             data4, sizeof data4), "fortran_order True with 2 axes", "fortran", NULL);
    expect_refused(craft_npy(1, c8_4, data4, sizeof data4 - 8), "file shorter than its shape",
                   "shorter", NULL);
    expect_refused(craft_npy(1, c8_4, data4, sizeof data4 - 1), "file one byte short", "shorter", NULL);
    {
        float more[10] = {0};
        expect_refused(craft_npy(1, c8_4, more, sizeof more), "file longer than its shape",
                       "longer", NULL);
        expect_refused(craft_npy(1, c8_4, more, sizeof data4 + 1), "file one byte long",
                       "longer", NULL);
    }
    expect_refused(craft_npy(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (), }", data4, 8),
                   "shape () (a scalar)", "empty", NULL);
    expect_refused(craft_npy(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (0,), }", NULL, 0),
                   "shape (0,)", "empty", NULL);
    expect_refused(craft_npy(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (3, 0), }", NULL, 0),
                   "shape (3, 0)", "empty", NULL);
    expect_refused(craft_npy(1, "{'descr': '<c8', 'fortran_order': False, }", data4, sizeof data4),
                   "header without shape", "malformed", NULL);
    expect_refused(craft_npy(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (4x,), }",
                             data4, sizeof data4), "shape with a non-number", "shape", NULL);
    expect_refused(craft_npy(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (1, 1, 1, 1, 4), }",
                             data4, sizeof data4), "5 axes", "axes", NULL);
    header_literals(data4);
    {
        char missing[1200];
        snprintf(missing, sizeof missing, "%s/fftlab-no-such-file.npy", tmpdir);
        unlink(missing);
        expect_refused(missing, "missing file", "fftlab-no-such-file.npy", NULL);
    }
}

int main(void)
{
    const char *t = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s", t && *t ? t : "/tmp");
    atexit(remove_temp_files);

    size_t n5[1] = {5}, b3n4[2] = {3, 4}, n1[1] = {1}, three[3] = {2, 3, 4};
    round_trip(0, n5, 1, "(5,)");
    round_trip(0, b3n4, 2, "(3, 4)");
    round_trip(1, n5, 1, "(5,)");
    round_trip(1, b3n4, 2, "(3, 4)");
    round_trip(0, n1, 1, "(1,)");
    round_trip(1, three, 3, "(2, 3, 4)");
    {
        /* A longer shape text changes the padding; the data must still start at 64k. */
        char err[256];
        size_t n = 4096;
        double *x = calloc(2 * n, sizeof *x);
        const char *p = new_temp_path();
        is_int(fl_npy_write(p, x, &n, 1, 0, err, sizeof err), 0, "write (4096,)");
        check_written_file(p, "complex64 (4096,)", 0, "(4096,)", n);
        free(x);
    }
    {
        char err[512] = "";
        double x[2] = {1, 2};
        size_t n = 1;
        char path[1200];
        snprintf(path, sizeof path, "%s/fftlab-no-such-dir/out.npy", tmpdir);
        is_int(fl_npy_write(path, x, &n, 1, 0, err, sizeof err), -1, "write into a missing folder fails");
        has_substr(err, "fftlab-no-such-dir/out.npy", "the write error names the file");
    }
    /* Real arrays (chapter 09): float32 and float64, written from the real parts and read
     * back by fl_npy_read_any with imaginary parts 0; fl_npy_read keeps refusing them. */
    for (int dbl = 0; dbl < 2; dbl++) {
        char err[512] = "";
        size_t shape[2] = {2, 3};
        double x[12] = {1.5, 9, -2.25, 9, 3, 9, 0.125, 9, -7, 9, 1e-3, 9}; /* 9: imaginary, dropped */
        const char *p = new_temp_path();
        is_int(fl_npy_write_kind(p, x, shape, 2, 1, dbl, err, sizeof err), 0, "write a real %s (2, 3)",
               dbl ? "float64" : "float32");
        size_t len;
        unsigned char *b = slurp(p, &len);
        size_t hlen = b && len >= 10 ? ((size_t)b[8] | (size_t)b[9] << 8) : 0;
        ok(b && len == 10 + hlen + 6 * (dbl ? 8 : 4) && (10 + hlen) % 64 == 0 &&
           strstr((const char *)b + 10, dbl ? "'descr': '<f8'" : "'descr': '<f4'") != NULL,
           "real %s: header says %s, 6 values after a 64-byte aligned header",
           dbl ? "float64" : "float32", dbl ? "<f8" : "<f4");
        free(b);
        struct fl_npy in;
        is_int(fl_npy_read_any(p, &in, err, sizeof err), 0, "fl_npy_read_any reads it");
        int same = in.real == 1 && in.complex128 == dbl && in.naxes == 2 && in.shape[0] == 2 &&
                   in.shape[1] == 3 && in.count == 6 && in.data != NULL;
        for (size_t i = 0; same && i < 6; i++)
            same = in.data[2 * i] == (dbl ? x[2 * i] : (double)(float)x[2 * i]) && in.data[2 * i + 1] == 0;
        ok(same, "real %s read back: real = 1, shape (2, 3), the values, imaginary parts 0",
           dbl ? "float64" : "float32");
        fl_npy_free(&in);
        is_int(fl_npy_read(p, &in, err, sizeof err), -1, "fl_npy_read still refuses a real file");
        has_substr(err, dbl ? "<f8" : "<f4", "its message names the dtype");
        fl_npy_free(&in);
    }
    malformed_files();
    return done_testing();
}
