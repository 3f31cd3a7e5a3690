#define _POSIX_C_SOURCE 200809L
#include "tune.h"

#include "../clerr.h"
#include "../fill.h"
#include "../program.h"
#include "../timing.h"

#include <stdlib.h>
#include <string.h>

#define MIN_RUNS 5
#define MAX_RUNS 20
#define ENOUGH_MS 50.0 /* timed runs stop past MIN_RUNS once they add up to this */
#define ROUNDS 2       /* every candidate is timed this many times, interleaved      */

int fl_tune_candidates(struct fl_tune *t, size_t max_items, char *why, size_t len)
{
    static const size_t items[] = {128, 256, 512, 1024}, values[] = {16, 8, 4};
    memset(t, 0, sizeof *t);
    t->ncand = 1; /* cand[0] = {0, 0}: the chapter's own shape, so tuning never loses it */
    const char *env = getenv("FFTLAB_TUNE_SHAPES");
    if (env && *env) {
        char err[256];
        struct fl_pass_shape s[FL_RADIX_MAX_PASSES];
        int n = fl_parse_shapes(env, s, err, sizeof err);
        if (n < 0) {
            snprintf(why, len, "FFTLAB_TUNE_SHAPES: %s", err);
            return -1;
        }
        for (int i = 0; i < n; i++)
            t->cand[t->ncand++] = s[i];
        return t->ncand;
    }
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++)
        for (size_t v = 0; v < sizeof values / sizeof values[0]; v++)
            if (items[i] <= max_items && t->ncand < FL_TUNE_MAX_CANDIDATES)
                t->cand[t->ncand++] = (struct fl_pass_shape){items[i], values[v]};
    return t->ncand;
}

void fl_tune_pick(struct fl_tune *t)
{
    for (int k = 0; k < t->npass; k++) {
        t->best[k] = -1;
        for (int c = 0; c < t->ncand; c++)
            if (!t->skipped[c] && (t->best[k] < 0 || t->ms[c][k] < t->ms[t->best[k]][k]))
                t->best[k] = c;
    }
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* What buffer A is filled with before every run. */
struct fill {
    cl_mem buf;
    const void *pattern;
    size_t elem, bytes;
    struct fl_fill_limits lim; /* in pieces below 2^31 bytes (fill.h) */
};

/* Time PLAN on the device: per launch, the median of the timed runs into MS. Returns the
 * number of timed runs, or -1 with WHY when the device refused a launch. */
static int time_launches(const struct fl_device *dev, struct fl_exec *ex, const struct fl_plan *plan,
                         const struct fill *in, int warmup, double *ms, char *why, size_t len)
{
    int nl = plan->nlaunch, runs = 0;
    cl_event evs[FL_MAX_LAUNCHES];
    double samples[FL_RADIX_MAX_PASSES][MAX_RUNS], total = 0;
    for (int done = 0; runs < MAX_RUNS && (runs < MIN_RUNS || total < ENOUGH_MS); done++) {
        /* the same input every run (outside the launches' events), not the last run's
         * output: transforms of transforms of a constant grow until they overflow */
        fl_fill_range(dev->queue, in->buf, in->pattern, in->elem, 0, in->bytes, &in->lim,
                      "the --tune input");
        int refused = -1;
        cl_int err = fl_exec_try_enqueue(ex, plan, evs, &refused);
        CL_CHECK(clFinish(dev->queue));
        if (err != CL_SUCCESS) {
            for (int i = 0; i < refused; i++)
                clReleaseEvent(evs[i]);
            snprintf(why, len, "the device refused launch %d, %s: %s", refused,
                     plan->launch[refused].kernel, fl_cl_error_name(err));
            return -1;
        }
        for (int i = 0; i < nl; i++) {
            if (done >= warmup) {
                double t = fl_event_span_ms(evs[i], evs[i]);
                samples[i][runs] = t;
                total += t;
            }
            clReleaseEvent(evs[i]);
        }
        if (done >= warmup)
            runs++;
    }
    for (int i = 0; i < nl; i++) {
        qsort(samples[i], (size_t)runs, sizeof samples[i][0], by_value);
        ms[i] = runs % 2 ? samples[i][runs / 2] : 0.5 * (samples[i][runs / 2 - 1] + samples[i][runs / 2]);
    }
    return runs;
}

void fl_tune_run(struct fl_tune *t, const struct fl_chapter *ch, struct fl_problem *p, int npass,
                 const char *kernel_file, const char *base_options, size_t data_bytes,
                 size_t elem, int warmup)
{
    const struct fl_device *dev = p->dev;
    double t0 = fl_wall_ms();
    t->npass = npass;
    static char built[FL_TUNE_MAX_CANDIDATES][1280];

    /* One pair of buffers for every candidate; A is filled with a constant before every
     * run (the complex value 1 + 0.5i: an FFT's time does not depend on its values, as long
     * as they stay finite and not denormal, which this keeps so). */
    cl_int err;
    cl_mem a = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, data_bytes, NULL, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "--tune: cannot allocate a buffer of %zu MiB on %s: %s",
               data_bytes >> 20, dev->name, fl_cl_error_name(err));
    cl_mem b = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, data_bytes, NULL, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "--tune: cannot allocate a second buffer of %zu MiB on %s: %s",
               data_bytes >> 20, dev->name, fl_cl_error_name(err));
    const float one_f[2] = {1.0f, 0.5f};
    const double one_d[2] = {1.0, 0.5};
    cl_uint align_bits = 0;
    CL_CHECK(clGetDeviceInfo(dev->id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits, &align_bits,
                             NULL));
    const struct fill in = {a, elem == 16 ? (const void *)one_d : (const void *)one_f, elem, data_bytes,
                            fl_fill_limits_for(align_bits >= 8 ? align_bits / 8 : 1)};
    fl_fill_range(dev->queue, b, in.pattern, elem, 0, data_bytes, &in.lim, "the --tune output");

    /* Build every candidate first, then time them in ROUNDS interleaved rounds and keep
     * each pass's best median: a clock still ramping up, or another job, then costs every
     * candidate alike instead of whichever came first. */
    static struct fl_plan plans[FL_TUNE_MAX_CANDIDATES];
    static struct fl_exec ex[FL_TUNE_MAX_CANDIDATES];
    static char refused[FL_TUNE_MAX_CANDIDATES][160];
    int ready[FL_TUNE_MAX_CANDIDATES] = {0};
    for (int c = 0; c < t->ncand; c++) {
        struct fl_problem q = *p;
        q.nshapes = t->npass;
        for (int k = 0; k < t->npass; k++)
            q.shape[k] = t->cand[c];
        if (t->cand[c].items == 0)
            q.nshapes = 0; /* the chapter's own shapes */
        static char why[256];
        if (ch->check && ch->check(&q, why, sizeof why) != 0) {
            /* e.g. more items per column than the group may have: not a shape of this N */
            t->skipped[c] = "does not fit this plan";
            continue;
        }
        char extra[1024] = "";
        ch->build_options(&q, extra, sizeof extra);
        snprintf(built[c], sizeof built[c], "%s %s", base_options, extra);
        for (int e = 0; e < c && !t->skipped[c]; e++)
            if (!t->skipped[e] && strcmp(built[e], built[c]) == 0)
                t->skipped[c] = "the same kernels as an earlier one";
        if (t->skipped[c])
            continue;
        fl_plan_init(&plans[c]);
        ch->plan(&q, &plans[c]);
        if (plans[c].nlaunch != t->npass) {
            /* a chapter bug: shaped_passes must count the plan's launches */
            fl_die(FL_EXIT_OPENCL, "--tune: %s's plan has %d launches for %d shaped passes "
                   "(chapter bug)", ch->name, plans[c].nlaunch, t->npass);
        }
        memset(&ex[c], 0, sizeof ex[c]);
        ex[c].queue = dev->queue;
        ex[c].program = fl_build_program(dev, kernel_file, ch->uses, built[c]);
        ex[c].slot[FL_BUF_A] = a;
        ex[c].slot[FL_BUF_B] = b;
        fl_exec_prepare(&ex[c], &plans[c], kernel_file, NULL);
        fl_exec_tables(&ex[c], &plans[c], dev->context, elem, dev->name);
        ready[c] = 1;
    }
    for (int round = 0; round < ROUNDS; round++)
        for (int c = 0; c < t->ncand; c++) {
            if (t->skipped[c])
                continue;
            double ms[FL_RADIX_MAX_PASSES];
            int runs = time_launches(dev, &ex[c], &plans[c], &in, warmup, ms, refused[c],
                                     sizeof refused[c]);
            if (runs < 0) {
                /* e.g. 1024 items of 16 values: more registers than a compute unit has */
                t->skipped[c] = refused[c];
                continue;
            }
            if (t->runs == 0 || runs < t->runs)
                t->runs = runs; /* the fewest any candidate had */
            for (int k = 0; k < t->npass; k++)
                if (round == 0 || ms[k] < t->ms[c][k])
                    t->ms[c][k] = ms[k];
        }
    for (int c = 0; c < t->ncand; c++) {
        if (!ready[c])
            continue;
        fl_exec_tables_release(&ex[c], &plans[c]);
        fl_exec_release(&ex[c], &plans[c]);
        clReleaseProgram(ex[c].program);
        fl_plan_free(&plans[c]);
    }
    clReleaseMemObject(a);
    clReleaseMemObject(b);

    fl_tune_pick(t);
    p->nshapes = t->npass;
    for (int k = 0; k < t->npass; k++) {
        /* the default candidate keeps the chapter's own shape: caps of 0 */
        p->shape[k] = t->best[k] >= 0 ? t->cand[t->best[k]] : (struct fl_pass_shape){0, 0};
    }
    t->seconds = (fl_wall_ms() - t0) / 1000.0;
}

void fl_tune_print(const struct fl_tune *t, FILE *out)
{
    int measured = 0;
    for (int c = 0; c < t->ncand; c++)
        measured += !t->skipped[c];
    fprintf(out, "tune     %d of %d shapes measured in %.1f s (per pass the better median of %d rounds "
            "of at least %d runs, profiling events; * = kept):\n", measured, t->ncand, t->seconds, ROUNDS, t->runs);
    fprintf(out, "         %-9s", "shape");
    for (int k = 0; k < t->npass; k++)
        fprintf(out, "   pass %d ms", k);
    fputc('\n', out);
    for (int c = 0; c < t->ncand; c++) {
        char name[32];
        fl_shapes_text(&t->cand[c], 1, name, sizeof name);
        fprintf(out, "         %-9s", name);
        if (t->skipped[c]) {
            fprintf(out, "   (%s)\n", t->skipped[c]);
            continue;
        }
        for (int k = 0; k < t->npass; k++)
            fprintf(out, "  %9.4f%c", t->ms[c][k], t->best[k] == c ? '*' : ' ');
        fputc('\n', out);
    }
    struct fl_pass_shape chosen[FL_RADIX_MAX_PASSES];
    for (int k = 0; k < t->npass; k++)
        chosen[k] = t->best[k] >= 0 ? t->cand[t->best[k]] : (struct fl_pass_shape){0, 0};
    char text[256];
    fl_shapes_text(chosen, t->npass, text, sizeof text);
    fprintf(out, "tune     kept %s%s\n", text,
            strstr(text, "default") ? " (default: the chapter's own shape)" : "");
}
