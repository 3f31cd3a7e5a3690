/* The ground truth: test inputs, FFTW's answer in double precision, and the error
 * measures and bounds of docs/accuracy.md.
 *
 * All arrays here are interleaved complex doubles (re, im, ...), BATCH rows of N. */
#ifndef FFTLAB_REFERENCE_H
#define FFTLAB_REFERENCE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Deterministic generator (splitmix64), so a seed means the same input everywhere. */
uint64_t fl_rng_next(uint64_t *state);

/* Uniform in [-0.5, 0.5) for real and imaginary parts. */
void fl_fill_random(double *x, size_t count, uint64_t seed);
/* Row b gets an impulse at (pos + b) mod n. */
void fl_fill_impulse(double *x, size_t n, size_t batch, size_t pos);
/* Row b gets exp(-sign 2 pi i (k+b) j / n), whose transform in direction SIGN is n at
 * bin (k+b) mod n and zero elsewhere. */
void fl_fill_tone(double *x, size_t n, size_t batch, size_t k, int sign);

/* Multi-dimensional shapes: BATCH arrays of DIMS[0] x ... x DIMS[ndims-1] points,
 * row-major (the last axis contiguous, as in NumPy), one after another; 1 <= ndims <= 3.
 * With ndims = 1 each function below is its 1-D namesake above.
 * Row b gets exp(-sign 2 pi i sum_d (k_d + b) j_d / N_d): its transform in direction SIGN
 * is (N_0 ... N_(ndims-1)) at the grid point ((k_d + b) mod N_d) and zero elsewhere. */
void fl_fill_tone_nd(double *x, const size_t *dims, int ndims, size_t batch, const size_t *k,
                     int sign);

/* "(z, y, x)" for element I of one array of shape DIMS (flat index, row-major), or "i"
 * when ndims is 1; returns BUF. */
char *fl_format_index(char *buf, size_t len, size_t i, const size_t *dims, int ndims);

/* Round every value to float, as the device sees a single-precision input. */
void fl_round_to_float(double *x, size_t count);

/* The references below run FFTW in double by default. With fl_reference_long_double(1)
 * they run FFTW in long double (fftw3l, 64-bit mantissa on x86), so that a run in double
 * precision is measured against a reference whose own error is ~2000x smaller; inputs
 * and outputs stay double arrays (docs/accuracy.md). Runs in single keep double. */
void fl_reference_long_double(int on);
int fl_reference_is_long_double(void);

/* How many threads FFTW may use for a reference of VALUES complex values: 1 below 2^18,
 * else the cores online (FFTLAB_REFERENCE_THREADS=N sets it; at most 256). The
 * reference of 2^30 values then takes seconds, not minutes. */
int fl_reference_threads(size_t values);

/* FFTW: out = DFT_sign(in) per row of length n; sign -1 forward, +1 inverse,
 * unnormalized. Returns 0 or -1 (out of memory / plan failure). */
int fl_reference_dft(const double *in, double *out, size_t n, size_t batch, int sign);
/* The same over every axis of each of BATCH arrays of shape DIMS (FFTW's plan_many_dft of
 * rank ndims). */
int fl_reference_dft_nd(const double *in, double *out, const size_t *dims, int ndims,
                        size_t batch, int sign);

/* Real transforms (chapter 09). A real array of shape DIMS (N = the product of DIMS
 * reals, row-major) has a Hermitian spectrum, X(-k) = conj X(k), so half of it says
 * everything: the points whose last index is 0 .. Nx/2, shape DIMS with the last axis
 * Nx/2 + 1 (FFTW's r2c layout, numpy.fft.rfftn's). Real arrays are held here like
 * complex ones, as interleaved doubles, with every imaginary part 0. */

/* Complex values of one half spectrum: N / Nx * (Nx/2 + 1). */
size_t fl_half_count(const size_t *dims, int ndims);
/* HALF = DIMS with the last axis Nx/2 + 1. */
void fl_half_dims(const size_t *dims, int ndims, size_t *half);
/* Real parts uniform in [-0.5, 0.5), imaginary parts 0 (one random number per value). */
void fl_fill_random_real(double *x, size_t count, uint64_t seed);
/* Real cosines on the grid of DIMS: row b gets cos(2 pi sum_d ((k_d + b) mod N_d) j_d / N_d)
 * (imaginary parts 0), written for the last index j_x < NX_FILL only: NX_FILL = Nx gives
 * the whole real array, Nx/2 + 1 the half of a (real, even, so Hermitian) spectrum. */
void fl_fill_cos_nd(double *x, const size_t *dims, int ndims, size_t batch, const size_t *k,
                    size_t nx_fill);
/* Make BATCH half spectra of full shape DIMS Hermitian-consistent: in the planes whose
 * last index is 0 or Nx/2 (they hold their own mirror points), X(k) and X(-k) become
 * (X(k) + conj X(-k))/2 and its conjugate, so the imaginary parts of DC and Nyquist are 0.
 * That is what FFTW's c2r and numpy's irfftn make of any input (the imaginary parts they
 * cannot represent are dropped): r2c(c2r(X)) / N. */
void fl_hermitian_half(double *x, const size_t *dims, int ndims, size_t batch);
/* FFTW in double, plans of rank ndims: r2c, BATCH real arrays of shape DIMS (real parts
 * of IN) -> their half spectra (forward, exp(-2 pi i jk/N)); c2r, BATCH half spectra ->
 * real arrays (imaginary parts of OUT set to 0), exp(+2 pi i jk/N), not divided by N.
 * IN is left as it was (c2r works on a copy). Returns 0 or -1. */
int fl_reference_r2c_nd(const double *in, double *out, const size_t *dims, int ndims,
                        size_t batch);
int fl_reference_c2r_nd(const double *in, double *out, const size_t *dims, int ndims,
                        size_t batch);

struct fl_error {
    double rel_l2;        /* ||out - ref||_2 / ||ref||_2                          */
    double rel_max;       /* max_i |out_i - ref_i| / max_i |ref_i|               */
    size_t worst;         /* element index of the largest |out - ref|            */
    size_t nonfinite;     /* NaN/Inf outputs: an unwritten (poisoned) element      */
    size_t first_nonfinite;
};

void fl_compare(const double *out, const double *ref, size_t count, struct fl_error *e);
/* fl_compare's sums over COUNT values, what a comparison in parts (10's ranks) adds up:
 * the squared norms of the error and of the reference, their largest squared values (the
 * error's at WORST), and the NaN/Inf outputs, which the sums skip. */
struct fl_error_sums {
    double err2, ref2, err2_max, ref2_max;
    size_t worst, nonfinite, first_nonfinite;
};
void fl_error_sums(const double *out, const double *ref, size_t count, struct fl_error_sums *s);

/* 1 when REF (REF_COUNT complex values) is all zero but IN (IN_COUNT) is not. A DFT, an
 * R2C and a C2R of a Hermitian half spectrum map a nonzero input to a nonzero output, so
 * such a reference was not computed from this input (something changed the input or the
 * answer): no check may pass against it. A C2R's caller passes the input's Hermitian
 * part (fl_hermitian_half), the part a C2R keeps. */
int fl_reference_lost(const double *in, size_t in_count, const double *ref, size_t ref_count);

/* Which bound model a chapter is held to. */
enum fl_bound_kind {
    FL_BOUND_FFT,       /* L2 <= 2 eps L, max <= 8 eps L, L = max(1, log2 N) */
    FL_BOUND_DFT,       /* L2 <= 2 eps sqrt(N), max <= 8 eps sqrt(N)         */
    FL_BOUND_CHIRP      /* 4x the FFT bound (Bluestein, later chapters)      */
};

struct fl_bounds { double l2, max; };

/* eps = 2^-24 for single, 2^-53 for double. N is the total transform length
 * (product of the dimensions). */
struct fl_bounds fl_bounds_for(enum fl_bound_kind kind, size_t n, int is_double);

/* Print up to LIMIT elements where out and ref differ by more than TOL * max|ref|
 * (and every non-finite one up to LIMIT), as "row b, index j: got ..., expected ...". */
void fl_print_mismatches(FILE *stream, const double *out, const double *ref, size_t n,
                         size_t batch, double tol, int limit);
/* The same for BATCH arrays of shape DIMS: "row b, index (y, x): ...". */
void fl_print_mismatches_nd(FILE *stream, const double *out, const double *ref, const size_t *dims,
                            int ndims, size_t batch, double tol, int limit);

#endif
