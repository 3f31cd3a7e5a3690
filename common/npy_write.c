/* Writing a .npy file (npy.h: fl_npy_write, fl_npy_write_kind): whole or not at all, a
 * temporary file beside the path renamed over it, removed if the program is stopped
 * while writing (whole_file.h). Reading is npy.c. */
#define _POSIX_C_SOURCE 200809L
#include "npy.h"
#include "whole_file.h"

#include <stdio.h>

/* The --timeout watchdog's call (npy.h): the temporary file is whole_file.c's. */
void fl_npy_forget_temp(void)
{
    fl_whole_forget_temp();
}

int fl_npy_write(const char *path, const double *data, const size_t *shape, int naxes,
                 int complex128, char *err, size_t errlen)
{
    return fl_npy_write_kind(path, data, shape, naxes, 0, complex128, err, errlen);
}

int fl_npy_write_kind(const char *path, const double *data, const size_t *shape, int naxes,
                      int real, int double_precision, char *err, size_t errlen)
{
    const int complex128 = double_precision; /* 8-byte parts */
    char dict[256];
    int len = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (",
                       real ? (complex128 ? "<f8" : "<f4") : complex128 ? "<c16" : "<c8");
    size_t count = 1;
    for (int i = 0; i < naxes; i++) {
        len += snprintf(dict + len, sizeof dict - (size_t)len, "%zu,%s", shape[i],
                        i + 1 < naxes ? " " : "");
        count *= shape[i];
    }
    if (naxes > 1) len--; /* (4, 1024) not (4, 1024,) */
    len += snprintf(dict + len, sizeof dict - (size_t)len, "), }");
    /* Pad so that magic(6)+version(2)+hlen(2)+header is a multiple of 64. */
    size_t total = 10 + (size_t)len + 1;
    size_t pad = (64 - total % 64) % 64;
    /* Whole or not at all: a temporary file beside PATH, renamed over it (whole_file.h) */
    struct fl_whole w;
    FILE *f = fl_whole_open(&w, path, err, errlen);
    if (!f)
        return -1;
    size_t hlen = (size_t)len + pad + 1;
    unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0,
                             (unsigned char)(hlen & 0xff), (unsigned char)(hlen >> 8)};
    int ok = fwrite(pre, 1, 10, f) == 10 && fwrite(dict, 1, (size_t)len, f) == (size_t)len;
    for (size_t i = 0; ok && i < pad; i++)
        ok = fputc(' ', f) != EOF;
    ok = ok && fputc('\n', f) != EOF;
    /* a real array: the real parts only (every other double) */
    for (size_t i = 0, step = real ? 2 : 1; ok && i < 2 * count; i += step) {
        if (complex128) {
            ok = fwrite(&data[i], 8, 1, f) == 1;
        } else {
            float v = (float)data[i];
            ok = fwrite(&v, 4, 1, f) == 1;
        }
    }
    return fl_whole_close(&w, ok, err, errlen);
}
