/* Reporting one run: the verification checks, the timing, and the verdict, as text for
 * people or CSV/JSON for scripts (the README tables are made from the CSV). The JSON
 * object's schema, and the object every other end of a run prints in --format json (a
 * build error, a fault, a timeout, a crash: fl_report_json_ends), is docs/report-json.md. */
#ifndef FFTLAB_REPORT_H
#define FFTLAB_REPORT_H

#include "device.h"
#include "options.h"
#include "reference.h"
#include "run_end.h"
#include "timing.h"

#define FL_MAX_CHECKS 6
#define FL_MAX_MISMATCH_LINES 6

struct fl_check {
    char name[32];          /* "random", "impulse@0", "tone@5", "roundtrip" */
    struct fl_error err;
    struct fl_bounds bound;
    int ok;
    char detail[200];       /* why it failed, or "" */
    /* the got/expected lines printed under a failed check's verify line, without their
     * indent (fl_check_keep_mismatches): the JSON report's "mismatches" */
    char mismatch[FL_MAX_MISMATCH_LINES][120];
    int nmismatch;
    int counted;            /* 1: a check that counts (04_tile_probe): no error figures */
};

struct fl_result {
    const char *chapter, *variant;
    const struct fl_device *dev;
    size_t n, batch;                   /* n: points per transform (all axes together)   */
    int ndims;                         /* the shape, outermost first: 512x512 is {512,   */
    size_t dims[FL_MAX_DIMS];          /* 512}; ndims 0 means 1-D of length n            */
    int sign;
    /* 1: a real transform (chapter 09): sign -1 is R2C (N reals -> the half spectrum),
     * +1 is C2R. The CSV and JSON `direction` says "r2c" or "c2r" instead of "forward" or
     * "inverse", and GFLOP/s counts 2.5 N log2 N per transform (half a complex one's:
     * FFTW's benchFFT convention for real data). 0: complex, as everywhere else. */
    int real;
    /* 1: an operator's run (fl_chapter.op, chapter 11): with real data both sides are
     * real, the `direction` says "real" (else "forward"), and GB/s counts the reals read
     * and written */
    int op;
    enum fl_precision precision;
    uint64_t seed;
    const char *input;                 /* --input file, or NULL */
    struct fl_check check[FL_MAX_CHECKS];
    int nchecks;
    int verified;                      /* 0 with --no-verify */
    int timed;                         /* 0 with --repeat 0 or when the plan is empty */
    struct fl_stats ms;                /* per transform call (all batch rows)        */
    int warmup;
    /* How ms was measured, named in the CSV's `timing` column so a table never sets two
     * clocks side by side unknowingly:
     *   "events"             profiling events of every kernel the call enqueued: START
     *                        of the first to END of the last (the chapters; device time)
     *   "events-interposed"  the same, for a library's kernels, caught by interposing
     *                        clEnqueueNDRangeKernel (bench/peer_events.c)
     *   "wall"               the host clock around the call (FFTW: no device, no events) */
    const char *timing;
    int launches;                      /* kernels enqueued per call (0: not a device run) */
    /* Loop throughput: K = ms.count calls enqueued back to back, one clFinish, on the
     * host clock, divided by K: the same measure for every row (FFTW's included), and
     * what the per-call event time hides: enqueue costs and gaps between kernels and
     * calls when the host cannot keep the device fed. */
    double loop_ms;
    double gflops, gbs, copy_gbs, pct_copy;
    int copy_given;                    /* copy_gbs came from FFTLAB_COPY_GBS (a sweep's) */
    double h2d_ms, d2h_ms;             /* one transfer each way, for comparison   */
    int passed;
    char reason[512];                  /* the FAIL reason */
    struct fl_fault fault;             /* the first access out of bounds the guards found */
    /* A program's own CSV columns after the common ones (10_distributed: ranks, layout,
     * its phases): CSV_HEADER (",ranks,layout,...") ends the header line, CSV_COLUMNS
     * prints their values, each after its comma, before the row's newline. NULL: none. */
    const char *csv_header;
    void (*csv_columns)(const struct fl_result *r);
    /* 1: no copy-bandwidth probe and no loop time (10_distributed times the wall clock of
     * its calls): copy_gbs, pct_copy and loop_ms are left empty, and out of the JSON. */
    int no_copy_loop;
};

/* The tone check's extra question: does row b's energy sit at bin (k + b) mod n? On the
 * first row where it does not, mark CHK wrong and say where it went. OUT holds BATCH rows. */
void fl_check_tone_peak(struct fl_check *chk, const double *out, size_t n, size_t batch, size_t k);
/* The same for BATCH arrays of shape DIMS: row b's energy must sit at the grid point
 * ((k_d + b) mod N_d); a flipped sign puts it at (N_d - that) on every axis. */
void fl_check_tone_peak_nd(struct fl_check *chk, const double *out, const size_t *dims, int ndims,
                           size_t batch, const size_t *k);

/* The tone check of a real transform. Row b's input is a real cosine at the grid point
 * k_b = ((k_d + b) mod N_d) (R2C), or a half spectrum that is one (C2R); either way the
 * energy sits at k_b and at its mirror -k_b, equally. HALF = 1: OUT holds half spectra
 * of full shape DIMS (R2C), and the peak must be at whichever of k_b, -k_b lies in the
 * half (both when k_b's last index is 0 or Nx/2); HALF = 0: OUT holds real arrays of
 * shape DIMS (C2R), peak at k_b or -k_b. On the first row where it is not, mark CHK
 * wrong and say where it went. */
void fl_check_tone_peak_real(struct fl_check *chk, const double *out, const size_t *dims,
                             int ndims, size_t batch, const size_t *k, int half);

/* A check's name: "impulse@5", or "impulse@(1,2)" for grid point (1, 2) of a 2-D shape. */
void fl_check_name(char *buf, size_t len, const char *what, const size_t *at, int ndims);

/* After the checks: passed = every check ok; reason = the first failing check, in words. */
void fl_conclude_checks(struct fl_result *r);
/* Keep TEXT's lines (the mismatch lines printed under CHK's verify line) in CHK. */
void fl_check_keep_mismatches(struct fl_check *chk, const char *text);

/* --format json: every end of the run from now on prints one JSON object on stdout, the
 * run's last line (docs/report-json.md): fl_report_result's, or, for a run that ends
 * before it (fl_die, a timeout, a crash, a fault: common/run_end.h), a record of that end
 * with CHAPTER and what fl_report_json_running last gave. */
void fl_report_json_ends(const char *chapter);
/* The run under way: its VARIANT and its result so far (the checks judged; may be NULL). */
void fl_report_json_running(const char *variant, const struct fl_result *r);

void fl_report_header(enum fl_format fmt, const char *chapter, const char *title,
                      const struct fl_device *dev);
void fl_report_check(enum fl_format fmt, const struct fl_check *c);
/* The result (timing, summary line for csv/json) and the final PASS/FAIL line. */
void fl_report_result(enum fl_format fmt, const struct fl_result *r);
/* That last line alone: PASS, PASS (unverified ...) or FAIL: the reason (on stderr when
 * stdout is CSV/JSON). */
void fl_report_status(enum fl_format fmt, const struct fl_result *r);

/* The CSV column names, one line (tools read them by name). `n` is the number of points
 * per transform, all axes together; `shape`, the last column, spells it out ("512x512",
 * or "1024" for 1-D). `direction` is forward or inverse, or for a real transform r2c
 * (forward: N reals in, the half spectrum out) or c2r (its inverse); n and shape are
 * then those of the real array. */
extern const char *const fl_csv_header;
/* S as one CSV text field on stdout: in double quotes, a quote inside doubled (device
 * names may hold commas, so every text field is quoted). */
void fl_csv_text(const char *s);
/* The commit the program was built from (`git describe --always --dirty` at build time),
 * or "unknown" outside a checkout: the CSV's commit column. */
const char *fl_build_commit(void);
/* "2026-11-25T12:30:00Z" (UTC, now), and this machine's host name ("unknown" when it has
 * none), written into BUF: the CSV's date and host columns. Return BUF. */
const char *fl_utc_now(char *buf, size_t len);
const char *fl_host_name(char *buf, size_t len);

#endif
