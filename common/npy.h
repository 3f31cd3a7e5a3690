/* NumPy .npy files of complex numbers: complex64 ('<c8') for single precision runs,
 * complex128 ('<c16') for double. Shapes (N,), (B, N), and up to 4 axes for the
 * multi-dimensional chapters. Data is returned and taken as interleaved doubles
 * (re, im, re, im, ...), whatever the file's precision. */
#ifndef FFTLAB_NPY_H
#define FFTLAB_NPY_H

#include <stddef.h>

#define FL_NPY_MAX_AXES 4

struct fl_npy {
    int complex128;                  /* 0: complex64, 1: complex128 */
    int naxes;
    size_t shape[FL_NPY_MAX_AXES];
    size_t count;                    /* product of shape (complex elements) */
    double *data;                    /* 2*count doubles; free with fl_npy_free */
};

/* Returns 0, or -1 with a reason in ERR (malformed header, wrong dtype, short file...). */
int fl_npy_read(const char *path, struct fl_npy *out, char *err, size_t errlen);

/* Write COUNT complex values (interleaved doubles) with the given shape. */
int fl_npy_write(const char *path, const double *data, const size_t *shape, int naxes,
                 int complex128, char *err, size_t errlen);

void fl_npy_free(struct fl_npy *npy);

#endif
