/* fl_main: everything a chapter program does besides describing its kernels.
 *
 *   options -> size checks -> device -> build -> plans -> buffers
 *   -> verification (5 checks against FFTW, outputs poisoned first)
 *   -> timing (profiling events) -> report -> exit code
 *
 * In two processes (common/isolate.h): the worker, forked before any OpenCL object exists,
 * does the device's part (device_job: device, build, plans, buffers, each run, timing);
 * this process, the checker, keeps every input, asks the worker for each run (the input
 * in the shared memory, the output back there), computes FFTW's reference, judges, and
 * prints the verdict lines, the timing and PASS or FAIL once the worker has exited. A
 * kernel, which on pocl runs in the worker's memory, never shares a process with what it
 * is checked against. A list of sizes (--size 16,32) keeps one worker for all of them.
 *
 * A real-input chapter (fl_chapter.real_input, chapter 09) runs the same steps on real
 * transforms: forward is R2C (N reals per transform in, the half spectrum out: the last
 * axis Nx/2 + 1 complex values, FFTW's and numpy.fft.rfftn's layout), --inverse is C2R
 * (that half spectrum in, N reals out, not divided by N). The two sides of a transform
 * then differ in size and kind (struct side); buffers A and B are as large as the larger.
 *
 * This file is the flow: fl_main, a list of sizes, and run_problem's steps in the checker.
 * Each step is a file of its own: problem.c (the shape and the input), worker.c (the
 * worker's part, device_job), device_run.c (one guarded run of a plan), verify.c (the
 * checks), time_plan.c (the timing); run.h is what they share, buffers.h the guard zones.
 */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include "capabilities.h"
#include "isolate.h"
#include "limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- main */

int fl_check_group_size(const struct fl_problem *p, size_t wg, char *why, size_t len)
{
    return fl_device_refuses(p->dev, 0, wg, why, len);
}

int fl_variants_help(const struct fl_variant *variants, char *text, size_t len, int used)
{
    used += snprintf(text + used, len - (size_t)used, "variants (--variant):");
    for (const struct fl_variant *v = variants; v->name && used < (int)len - 200; v++)
        used += snprintf(text + used, len - (size_t)used, "\n  %-16s %s%s%s%s", v->name, v->about,
                         v->exercise ? " [exercise: " : "", v->exercise ? v->exercise : "",
                         v->exercise ? "; --exercise FILE runs another copy]" : "");
    return used;
}

static void print_chapter_help(const char *prog, const struct fl_chapter *ch)
{
    char text[4096];
    int len = snprintf(text, sizeof text, "%s — %s\n%s\n\n", ch->name, ch->title, ch->help);
    len = fl_variants_help(ch->variants, text, sizeof text, len);
    char demo[32];
    if (ch->demo_shape)
        snprintf(demo, sizeof demo, "%s", ch->demo_shape);
    else
        snprintf(demo, sizeof demo, "%zu", ch->demo_n);
    len += snprintf(text + len, sizeof text - (size_t)len,
                    "\nsizes: %s; demo size %s x batch %zu\nlargest N x batch: %s values%s",
                    fl_capability_of(ch->name) ? fl_capability_of(ch->name)->sizes : "?", demo,
                    ch->demo_batch, FL_MAX_VALUES_TEXT, ch->limit_note ? ch->limit_note : "");
    fl_print_usage(prog, text);
}

static int run_problem(const struct fl_chapter *ch, struct fl_options o, int shared_device,
                       int last);

/* A list's largest N x batch: the shared memory the one worker of a list is started with. */
static size_t list_values;
/* The memory the checker and the worker share (fl_iso_start): each run's input, then its
 * output, as interleaved complex doubles. */
void *run_shared_mem;

/* --size 16,32,2^10: each size in turn, in this one process. The OpenCL runtime starts
 * once (pocl reads its 9 MB kernel library once, 0.5 s of a cold build, not once a size):
 * the tests' sweeps run this way. Each size prints what a run of it alone prints; then a
 * line with the count and, last, PASS or the failed sizes. Text output of plain runs only:
 * the options that write files or pick a size's own shapes take one size. */
static int run_size_list(const struct fl_chapter *ch, const struct fl_options *o)
{
    if (o->format != FL_FORMAT_TEXT || o->input || o->output || o->exercise || o->tune ||
        o->nshapes)
        fl_die(FL_EXIT_USAGE, "--size %s: a list of sizes runs them one after another in text "
               "output; --format csv/json, --input, --output, --exercise, --tune and --shapes "
               "take one size", o->size_list);
    const struct fl_variant *variant = run_find_variant(ch, o->variant);
    if (variant->exercise)
        fl_die(FL_EXIT_USAGE, "--size %s: variant '%s' is an exercise, graded one size at a "
               "time (make grade)", o->size_list, variant->name);
    /* every size this chapter can do, before the first runs (fl_parse_options has parsed
     * each one already) */
    char one[256], err[1024];
    int total = 0;
    for (const char *p = o->size_list; *p; total++) {
        size_t dims[FL_MAX_DIMS], n = 1, batch = o->batch ? o->batch : 1;
        int ndims;
        p = fl_size_list_next(p, one, sizeof one);
        if (fl_parse_size(one, dims, &ndims, err, sizeof err) != 0 ||
            fl_capability_check(ch->name, dims, ndims, err, sizeof err) != 0)
            fl_die(FL_EXIT_USAGE, "%s", err);
        for (int d = 0; d < ndims; d++)
            n *= dims[d];
        if (ch->op) { /* an operator's output may be the larger side */
            size_t out[FL_MAX_DIMS], m = 1;
            ch->op->result_dims(dims, ndims, out);
            for (int d = 0; d < ndims; d++)
                m *= out[d];
            n = m > n ? m : n;
        }
        if (fl_check_values(n, batch, err, sizeof err) == 0 && n * batch > list_values)
            list_values = n * batch;
    }
    /* one device and context for every size, in one worker: pocl keeps its compiler's
     * state (the kernel library it links into every program) only while a context lives */
    char failed[512] = "";
    size_t used = 0;
    int count = 0, nfailed = 0;
    for (const char *p = o->size_list; *p; ) {
        p = fl_size_list_next(p, one, sizeof one);
        struct fl_options each = *o;
        each.size_list = NULL;
        if (fl_parse_size(one, each.dims, &each.ndims, err, sizeof err) != 0)
            fl_die(FL_EXIT_USAGE, "%s", err); /* (checked above) */
        count++;
        /* the line tests/lib.sh's run_sizes splits the output at */
        printf("%ssize     %s (%d of %d)\n", count > 1 ? "\n" : "", one, count, total);
        if (run_problem(ch, each, 1, count == total) != FL_EXIT_OK) {
            nfailed++;
            if (used < sizeof failed)
                used += (size_t)snprintf(failed + used, sizeof failed - used, "%s%s",
                                         nfailed > 1 ? ", " : "", one);
        }
    }
    fl_iso_finish(); /* (the last size's run has ended the worker already) */
    printf("\nsizes    %d of %d passed (--size %s)\n", count - nfailed, count, o->size_list);
    if (nfailed) {
        printf("FAIL: size%s %s\n", nfailed > 1 ? "s" : "", failed);
        return FL_EXIT_MISMATCH;
    }
    printf("PASS\n");
    return FL_EXIT_OK;
}

int fl_main(int argc, char **argv, const struct fl_chapter *ch)
{
    struct fl_options o;
    char err[1024];
    setvbuf(stdout, NULL, _IOLBF, 0);
    fl_options_defaults(&o);
    /* Find --format before anything can fail, so CSV/JSON stdout stays clean. */
    for (int i = 1; i < argc; i++) {
        const char *f = strcmp(argv[i], "--format") == 0 && i + 1 < argc ? argv[i + 1]
                      : strncmp(argv[i], "--format=", 9) == 0 ? argv[i] + 9 : NULL;
        if (f)
            fl_set_status_stream_stderr(strcmp(f, "csv") == 0 || strcmp(f, "json") == 0);
        if (f && strcmp(f, "json") == 0)
            fl_report_json_ends(ch->name); /* a bad option after it: a JSON record too */
    }
    if (fl_parse_options(argc, argv, &o, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    if (o.format != FL_FORMAT_TEXT)
        fl_set_status_stream_stderr(1);
    fl_set_run_end_report(NULL); /* (the pre-scan's guess, until the options are known) */
    if (o.format == FL_FORMAT_JSON && !o.help && !o.list_devices)
        fl_report_json_ends(ch->name);
    if (o.help) {
        print_chapter_help(argv[0], ch);
        return FL_EXIT_OK;
    }
    if (o.list_devices)
        return fl_list_devices(stdout) ? FL_EXIT_OK : FL_EXIT_OPENCL;
    if (o.size_list)
        return run_size_list(ch, &o);
    return run_problem(ch, o, 0, 1);
}

/* ---------------------------------------------------------------- the checker's part */

/* The worker (started here for the first problem) is given the job: the problem's shape
 * and options (SHARED_DEVICE: a list's, whose one device stays open). Returns the device
 * as the worker describes it, for the report (no OpenCL handle here). */
static const struct fl_device *start_job(struct run_ctx *c, const struct fl_options *o,
                                         int shared_device)
{
    if (!fl_iso_running()) {
        /* every side is at most N x batch complex doubles (a half spectrum is smaller; an
         * operator's output may be larger) */
        size_t most = run_most_values(c), values = most > list_values ? most : list_values;
        fl_iso_start(values * 16, &run_shared_mem, run_worker_main, (void *)c->ch);
        fl_iso_on_lost(run_print_held);
    }
    c->shared = run_shared_mem;
    {
        static struct job job;
        memset(&job, 0, sizeof job);
        job.o = *o;
        job.n = c->n;
        job.batch = c->batch;
        job.ndims = c->ndims;
        job.real = c->real;
        job.shared_device = shared_device;
        memcpy(job.dims, c->dims, sizeof job.dims);
        fl_iso_send(MSG_JOB, 0, &job, sizeof job);
    }
    struct fl_msg m;
    static struct dev_info di;
    if (fl_iso_recv(&m, &di, sizeof di) != 0 || m.type != MSG_STARTED || m.len != sizeof di)
        fl_die(FL_EXIT_OPENCL, "the process that runs the kernels sent message %u where its "
               "device was due", (unsigned)m.type);
    static struct fl_device dev;
    memset(&dev, 0, sizeof dev);
    fl_iso_clean(di.platform_name, sizeof di.platform_name);
    fl_iso_clean(di.name, sizeof di.name);
    fl_iso_clean(di.driver, sizeof di.driver);
    fl_iso_clean(di.clc_version, sizeof di.clc_version);
    memcpy(dev.platform_name, di.platform_name, sizeof dev.platform_name);
    memcpy(dev.name, di.name, sizeof dev.name);
    memcpy(dev.driver, di.driver, sizeof dev.driver);
    memcpy(dev.clc_version, di.clc_version, sizeof dev.clc_version);
    dev.platform_index = di.platform_index;
    dev.device_index = di.device_index;
    dev.type = di.type;
    c->dev = dev;
    return &dev;
}

/* The watchdog started, the held lines emptied; then the worker's word that its buffers
 * are made. Returns the main plan's launches. */
static int wait_ready(const struct fl_options *o)
{
    fl_iso_watchdog(o->timeout_s, o->format != FL_FORMAT_TEXT);
    run_held.fmt = o->format;
    run_held.r = NULL;
    run_held.shown = run_held.printed = 0;
    int nlaunch = 0;
    struct fl_msg m;
    if (fl_iso_recv(&m, &nlaunch, sizeof nlaunch) != 0 || m.type != MSG_READY ||
        m.len != sizeof nlaunch)
        fl_die(FL_EXIT_OPENCL, "the process that runs the kernels sent message %u where its "
               "buffers were due", (unsigned)m.type);
    return nlaunch;
}

/* The result's description of the problem, before any check (passed until one fails). */
static struct fl_result *start_result(const struct run_ctx *c, const struct fl_device *dev)
{
    const struct fl_options *o = c->o;
    static struct fl_result r;
    memset(&r, 0, sizeof r);
    r.chapter = c->ch->name;
    /* a tuned run's row says so ("stockham+tune"): its plan is not the default's, and a
     * bench table must not mix the two (tools/bench/bench-label.awk keeps them apart) */
    static char tuned[96];
    r.variant = c->variant->name;
    if (o->tune) {
        snprintf(tuned, sizeof tuned, "%s+tune", c->variant->name);
        r.variant = tuned;
    }
    r.dev = dev;
    r.n = c->n;
    r.ndims = c->ndims;
    memcpy(r.dims, c->dims, sizeof r.dims);
    r.batch = c->batch;
    r.sign = o->inverse ? 1 : -1;
    r.real = c->real;
    r.op = c->ch->op != NULL;
    r.precision = o->precision;
    r.seed = o->seed;
    r.input = o->input;
    r.passed = 1;
    r.verified = o->verify;
    return &r;
}

/* --output: the result OUT0 as .npy. 1-D: (N,) for one row, else (B, N). A grid: (B, D0,
 * D1, ..), the batch axis left out only when the input file IN left it out. A real
 * transform writes the half spectra (R2C, complex) or the real arrays (C2R, float32/float64). */
static void write_output(const struct run_ctx *c, const struct fl_npy *in, const double *out0)
{
    char err[1024];
    const struct fl_options *o = c->o;
    struct side side_res = run_side_of(c, o->inverse ? 1 : -1, 1);
    size_t shape[1 + FL_MAX_DIMS] = {c->batch};
    memcpy(shape + 1, side_res.dims, (size_t)c->ndims * sizeof c->dims[0]);
    int lead = c->ndims == 1 ? c->batch > 1 || (in->data && in->naxes == 2)
                             : !(in->data && in->naxes == c->ndims);
    if (fl_npy_write_kind(o->output, out0, lead ? shape : shape + 1, c->ndims + lead,
                          side_res.real, o->precision == FL_DOUBLE, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    run_held.output = o->output;
}

/* The worker times the main plan on X0 (IN_COUNT values) into T. */
static void request_timing(struct run_ctx *c, const double *x0, size_t in_count,
                           struct timing_msg *t)
{
    struct fl_msg m;
    memcpy(c->shared, x0, in_count * 16);
    fl_iso_send(MSG_TIME, 0, NULL, 0);
    if (fl_iso_recv(&m, t, sizeof *t) != 0 || m.type != MSG_TIMING || m.len != sizeof *t)
        fl_die(FL_EXIT_OPENCL, "the process that ran the kernels sent message %u where its "
               "timing was due", (unsigned)m.type);
}

/* One problem, start to end: the shape and the input here; the device's part in the worker
 * (started here for the first problem; SHARED_DEVICE: a list's, whose one device stays
 * open); verified here, timed there, the result reported here. LAST: the worker's last
 * problem, ended before the report, so that the verdict comes after everything it prints.
 * Returns FL_EXIT_OK or FL_EXIT_MISMATCH; any other failure exits the process (fl_die)
 * with its own code. */
static int run_problem(const struct fl_chapter *ch, struct fl_options o, int shared_device,
                       int last)
{
    struct run_ctx c;
    memset(&c, 0, sizeof c);
    c.ch = ch;
    c.variant = run_find_variant(ch, o.variant);
    c.o = &o;
    fl_report_json_running(c.variant->name, NULL);

    /* --- the problem's shape */
    struct fl_npy in;
    run_problem_shape(ch, &o, &c, &in);
    int sign = o.inverse ? 1 : -1;
    struct side side_in = run_side_of(&c, sign, 0);

    /* --- the worker: everything OpenCL (no OpenCL object exists in this process) */
    const struct fl_device *dev = start_job(&c, &o, shared_device);
    int nlaunch = wait_ready(&o);

    /* a run in double is checked against FFTW in long double (docs/accuracy.md) */
    fl_reference_long_double(o.precision == FL_DOUBLE);

    /* --- the input the run transforms and times: this process's own copy */
    double *x0 = run_make_input(&c, &in);
    size_t in_count = side_in.n * c.batch;
    double *out0 = fl_xmalloc(run_side_of(&c, sign, 1).n * c.batch * 16, "result");

    struct fl_result *r = start_result(&c, dev);
    run_held.r = r;
    fl_report_json_running(r->variant, r);
    if (o.verify) {
        run_verify(&c, x0, out0, r);
    } else {
        c.check = "run";
        const char *guard = run_remote(&c, 0, sign, x0, out0);
        if (guard) {
            r->passed = 0;
            r->fault = c.fault;
            snprintf(r->reason, sizeof r->reason, "a kernel wrote out of bounds: %s", guard);
        }
    }
    if (o.output)
        write_output(&c, &in, out0);

    static struct timing_msg t;
    int timed = 0;
    if (o.repeat != 0 && nlaunch > 0 && r->passed) {
        request_timing(&c, x0, in_count, &t);
        timed = 1;
    } else if (nlaunch == 0) {
        r->ms.count = -1; /* N = 1: nothing to time */
    }

    /* --- the worker's part is over: the verdict, printed after it (when last) has exited */
    fl_iso_send(MSG_END_JOB, 0, NULL, 0);
    if (last)
        fl_iso_finish();
    fl_iso_watchdog_done();
    run_print_held();
    if (timed)
        run_take_timing(&t, o.format, r);
    fl_report_result(o.format, r);
    run_held.r = NULL;

    free(out0);
    if (x0 != in.data)
        free(x0);
    fl_npy_free(&in);
    return r->passed ? FL_EXIT_OK : FL_EXIT_MISMATCH;
}
