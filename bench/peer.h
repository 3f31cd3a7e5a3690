/* What every peer benchmark shares: the command line, the checks against FFTW in
 * double precision, the wall-clock timing loop and the one CSV row.
 *
 * A peer times another FFT library (FFTW, clFFT, ...) on the same data as the chapters
 * and prints the chapters' CSV schema (fl_csv_header, then one row) on stdout, with the
 * PASS/FAIL line on stderr, so a sweep script can treat a peer like a chapter.
 * The output is always CSV: --format csv is accepted, text/json are refused.
 *
 * The difference that matters when reading a peer's row next to a chapter's: chapters
 * time their kernels with OpenCL profiling events (device time only); a library's
 * transform call can enqueue several kernels, transposes and copies we cannot see, so
 * peers time the whole call on the host clock (CLOCK_MONOTONIC), including for an
 * OpenCL peer the enqueue overhead and the clFinish wait. */
#ifndef FFTLAB_PEER_H
#define FFTLAB_PEER_H

#include "../common/clerr.h"
#include "../common/report.h"

#include <stddef.h>

struct peer_problem {
    struct fl_options o;
    size_t n, batch, count;   /* count = n * batch complex elements */
    int sign;                 /* -1 forward, +1 inverse */
};

/* Parse the chapters' options (fl_parse_options), refuse the ones a peer does not do
 * (--input, --output, --precision double, 2D/3D sizes, --format text/json, ...), print
 * HELP for --help, and fill P. EXTRA(name, value) may take options of the peer's own
 * (it returns 1 when it took the option, 0 when it is not one of its own, and dies
 * on a bad value); those are removed before fl_parse_options sees the line. Returns 1
 * when the program should exit 0 right away (--help, --list-devices handled by caller
 * through P->o.list_devices). Dies with exit 2 on a usage error. */
int peer_parse(int argc, char **argv, const char *help, int (*extra)(const char *name, const char *value),
               struct peer_problem *p);

/* One transform of the peer: IN and OUT are interleaved complex doubles, P->count of
 * them; the peer converts to and from its own float format. */
typedef void (*peer_run_fn)(void *ctx, const double *in, double *out);
/* One timed call on data already in place; returns its wall time in ms. */
typedef double (*peer_time_fn)(void *ctx);

/* The checks (seeded random input, an impulse at j, a tone at bin k), filled into R
 * (check[], nchecks, passed, reason). Prints each check's line on stderr. */
/* The report's fixed fields for peer NAME (the CSV's chapter column) on DEV. */
void peer_result_init(struct fl_result *r, const struct peer_problem *p, const char *name,
                      const char *variant, const struct fl_device *dev);

void peer_verify(const struct peer_problem *p, peer_run_fn run, void *ctx, struct fl_result *r);

/* Warm-up, then the repeats (--repeat, or enough for ~0.2 s: at least 5, at most 1000);
 * fills r->ms, r->warmup, r->timed, and the rates from the median (5 N log2 N flops per
 * transform, one read + one write of 8-byte elements), with pct_copy against COPY_GBS. */
void peer_time(const struct peer_problem *p, peer_time_fn one, void *ctx, double copy_gbs,
               struct fl_result *r);

/* An OpenCL peer's host->device (TO_DEVICE = 1) or device->host copy of BYTES between
 * STAGING and BUF on QUEUE, timed with a profiling event like the chapters' transfers; ms. */
double peer_transfer_ms(cl_command_queue queue, cl_mem buf, void *staging, size_t bytes,
                        int to_device);

/* Wall clock in ms (CLOCK_MONOTONIC). */
double peer_now_ms(void);

void *peer_xmalloc(size_t bytes, const char *what);

#endif
