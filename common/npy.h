/* NumPy .npy files of complex numbers: complex64 ('<c8') for single precision runs,
 * complex128 ('<c16') for double. Shapes (N,), (B, N), and up to 4 axes for the
 * multi-dimensional chapters. Data is returned and taken as interleaved doubles
 * (re, im, re, im, ...), whatever the file's precision.
 *
 * The real-input chapter (09) also reads and writes real arrays, float32 ('<f4') and
 * float64 ('<f8'): fl_npy_read_any and fl_npy_write_kind. Their data is held the same
 * way, as interleaved (re, im) doubles, with every imaginary part 0. */
#ifndef FFTLAB_NPY_H
#define FFTLAB_NPY_H

#include <stddef.h>

#define FL_NPY_MAX_AXES 4

struct fl_npy {
    int complex128;                  /* 0: complex64 (or float32), 1: complex128 (or
                                        float64): 8-byte parts                     */
    int real;                        /* 1: a real array, '<f4' or '<f8' (only from
                                        fl_npy_read_any); imaginary parts are 0    */
    int naxes;
    size_t shape[FL_NPY_MAX_AXES];
    size_t count;                    /* product of shape (complex elements) */
    double *data;                    /* 2*count doubles; free with fl_npy_free */
};

/* Returns 0, or -1 with a reason in ERR (malformed header, wrong dtype, short file...).
 * Complex files only: a real one is refused, naming its dtype. */
int fl_npy_read(const char *path, struct fl_npy *out, char *err, size_t errlen);
/* The same, also reading real float32/float64 files (OUT->real = 1). */
int fl_npy_read_any(const char *path, struct fl_npy *out, char *err, size_t errlen);

/* Write COUNT complex values (interleaved doubles) with the given shape. */
int fl_npy_write(const char *path, const double *data, const size_t *shape, int naxes,
                 int complex128, char *err, size_t errlen);
/* With REAL = 1 a real array, float64 ('<f8') when DOUBLE_PRECISION else float32 ('<f4'),
 * of the real parts of the interleaved values; with REAL = 0 what fl_npy_write writes. */
int fl_npy_write_kind(const char *path, const double *data, const size_t *shape, int naxes,
                      int real, int double_precision, char *err, size_t errlen);

void fl_npy_free(struct fl_npy *npy);

/* The writers write a temporary file beside the target and rename it over the target
 * (whole or not at all). A process that must end while one is written (the --timeout
 * watchdog, before its _exit) calls this first: it removes that file (async-signal-safe). */
void fl_npy_forget_temp(void);

#endif
