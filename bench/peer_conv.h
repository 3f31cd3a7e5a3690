/* What the convolution peers share (chapter 11's measure against the libraries): the
 * filter, its spectrum, the checks of y = x (*) h against closed forms and FFTW in
 * double, and the rates of one call.
 *
 * The problem is chapter 11's circular convolution at the transform's size: BATCH signals
 * x of shape DIMS (bench/peer.h's peer_problem), one filter h of K taps per axis
 * (--filter-size K; 2-D: K x K) at the origin of the same grid, zero elsewhere, and
 *
 *     y[j] = sum_m h[m] x[(j - m) mod N]      on every axis, for every row of the batch.
 *
 * A library computes it as forward transform, product with the filter's spectrum,
 * inverse transform. The filter's spectrum is computed once, before any check or timed
 * call, and the inverse's 1/N is folded into it there (H = DFT(h) / N): the timed call
 * is the three steps and nothing else, for every peer alike.
 *
 * The filter is seeded random (seed + 1 of the input's), rounded to float, so every peer
 * and the reference hold the same one. */
#ifndef FFTLAB_PEER_CONV_H
#define FFTLAB_PEER_CONV_H

#include "peer.h"

struct peer_conv {
    size_t k;          /* taps per axis (--filter-size; default 64)                       */
    size_t taps;       /* k^ndims                                                         */
    double *h;         /* the filter on the full grid, P->n complex values, 0 beyond the taps */
    double *spectrum;  /* DFT(h) / N on the full grid, P->n complex values (double)       */
};

/* How a peer runs with --conv: not at all (a plain transform, the default), as the three
 * steps (forward, product, inverse), or fused (the library's own convolution mode). */
enum peer_conv_kind { PEER_CONV_NONE, PEER_CONV_UNFUSED, PEER_CONV_FUSED };

/* For a peer's peer_parse EXTRA: takes --conv unfused|fused and --filter-size K (returns
 * 1 when it took NAME, 0 when NAME is not one of them; dies with exit 2 on a bad value). */
int peer_conv_option(const char *name, const char *value);

/* What --conv asked for. */
enum peer_conv_kind peer_conv_kind(void);

/* The CSV's variant of a convolution row: "unfused" or "fused", with SUFFIX after a space
 * when it is not NULL (FFTW's "threads=T"); BUF is returned. */
const char *peer_conv_variant(char *buf, size_t len, const char *suffix);

/* The filter and its spectrum for P (dies with exit 2 when K exceeds an axis: a circular
 * convolution's filter fits its signal). */
void peer_conv_init(const struct peer_problem *p, struct peer_conv *c);
void peer_conv_free(struct peer_conv *c);

/* The spectrum as the library multiplies by it: P->n interleaved floats pairs. */
void peer_conv_spectrum_float(const struct peer_problem *p, const struct peer_conv *c, float *out);

/* The checks, filled into R: seeded random input against FFTW in double (x's DFT times
 * the exact spectrum, inverse); an impulse in row b at flat index (N/3 + 1 + b) mod N,
 * whose answer is h shifted there (closed form, no FFT); a tone at grid point
 * (N_d/4 + 1 + b) mod N_d in row b, whose answer is the tone times H at that point (H
 * summed over the taps in double, no FFT). RUN gets interleaved complex doubles, P->count
 * values in and out. Bounds: FL_BOUND_CHIRP of N (two transforms and a product, as
 * Bluestein's). */
void peer_conv_verify(const struct peer_problem *p, const struct peer_conv *c, peer_run_fn run,
                      void *ctx, struct fl_result *r);

/* After peer_time: the row's rates for a convolution call, each of BATCH rows
 * 10 N log2 N + 6 N flops (two transforms and the complex product), bytes x read and y
 * written once plus the spectrum read once (16 count + 8 N). */
void peer_conv_rates(const struct peer_problem *p, struct fl_result *r);

#endif
