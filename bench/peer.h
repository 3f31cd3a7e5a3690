/* What every peer benchmark shares: the command line, the checks against FFTW in
 * double precision, the timing loop and the one CSV row.
 *
 * A peer times another FFT library (FFTW, clFFT, ...) on the same data as the chapters
 * and prints the chapters' CSV schema (fl_csv_header, then one row) on stdout, with the
 * PASS/FAIL line on stderr, so a sweep script can treat a peer like a chapter.
 * The output is always CSV: --format csv is accepted, text/json are refused.
 *
 * Timing is the chapters' own: for an OpenCL library, the profiling events of every
 * kernel the call enqueued, START of the first to END of the last (peer_events.h says
 * how a library's kernels are caught); the CSV's `timing` column says
 * "events-interposed". Only FFTW, which runs on the host and has no events, is timed on
 * the host clock ("wall"). Both also report the loop throughput (loop_ms). */
#ifndef FFTLAB_PEER_H
#define FFTLAB_PEER_H

#include "../common/clerr.h"
#include "../common/report.h"

#include <stddef.h>

struct peer_problem {
    struct fl_options o;
    int ndims;                /* 1, 2 or 3                                              */
    size_t dims[FL_MAX_DIMS]; /* outermost first, the last axis contiguous (as --size)  */
    size_t n, batch, count;   /* n = points per transform (the product), count = n * batch */
    int sign;                 /* -1 forward, +1 inverse */
    int real;                 /* --real: real input. Forward is R2C (N reals -> the half
                                 spectrum, last axis Nx/2+1 complex: FFTW's r2c, NumPy's
                                 rfftn); with --inverse, C2R (half spectrum -> N reals) */
    size_t half;              /* --real: complex values of one half spectrum            */
};

/* Parse the chapters' options (fl_parse_options), refuse the ones a peer does not do
 * (--input, --output, --precision double, --format text/json, ...), print
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

/* What peer_time needs to time a peer's transform. */
struct peer_timer {
    /* Put the timed input back in place, outside the timed region (an in-place library
     * would otherwise transform its last output again); may be NULL. */
    void (*reset)(void *ctx);
    /* One transform call: an OpenCL peer enqueues it and returns without waiting; a host
     * library (QUEUE NULL) runs it. */
    void (*call)(void *ctx);
    /* The OpenCL queue the library enqueues on (profiling enabled), or NULL for a host
     * library, which is then timed on the host clock. */
    cl_command_queue queue;
};

/* The report's fixed fields for peer NAME (the CSV's chapter column) on DEV. */
void peer_result_init(struct fl_result *r, const struct peer_problem *p, const char *name,
                      const char *variant, const struct fl_device *dev);

/* The checks (seeded random input, an impulse at j, a tone at bin k), filled into R
 * (check[], nchecks, passed, reason). Prints each check's line on stderr.
 * With P->real, RUN's IN and OUT are: R2C, P->count reals in, P->half * P->batch complex
 * out; C2R, the reverse. The reference is FFTW's r2c / c2r in double; a C2R input is the
 * r2c of a real signal (a Hermitian-consistent half spectrum). */
void peer_verify(const struct peer_problem *p, peer_run_fn run, void *ctx, struct fl_result *r);
/* One check of P's output OUT against REF (P->count complex values), appended to R with
 * the bounds of KIND for P->n and, where it fails, where: peer_verify's and peer_conv.c's. */
struct fl_check *peer_judge(const struct peer_problem *p, struct fl_result *r, const char *name,
                            const double *out, const double *ref, enum fl_bound_kind kind);

/* Warm-up, then the repeats (--repeat, or enough for ~0.2 s: at least 5, at most 1000),
 * each one reset + call, timed by events (queue) or the host clock; then the same number
 * of calls back to back for the loop throughput. Fills r->ms, r->warmup, r->timed,
 * r->timing, r->launches, r->loop_ms and the rates from the median (5 N log2 N flops per
 * transform, one read + one write of 8-byte elements; real input: 2.5 N log2 N, the N
 * reals read and the half spectrum written), with pct_copy against COPY_GBS. */
void peer_time(const struct peer_problem *p, const struct peer_timer *t, void *ctx,
               double copy_gbs, struct fl_result *r);

/* An OpenCL peer's host->device (TO_DEVICE = 1) or device->host copy of BYTES between
 * STAGING and BUF on QUEUE, timed with a profiling event like the chapters' transfers; ms. */
double peer_transfer_ms(cl_command_queue queue, cl_mem buf, void *staging, size_t bytes,
                        int to_device);

void *peer_xmalloc(size_t bytes, const char *what);

#endif
