/* Timing a problem: the worker times the main plan (profiling events, --repeat runs after
 * --warmup, the transfers, the loop throughput; --explain per launch, --flush-l2 from a cold
 * cache), and the checker takes the figures into its result. */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include "isolate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The worker: time the main plan on X0 (the checker sends it); the figures into T, which
 * the checker copies into its result and prints. */
void run_time_plan(struct run_ctx *c, const double *x0, const char *options,
                      struct timing_msg *r)
{
    const struct fl_options *o = c->o;
    struct fl_exec *ex = c->exs[0];
    const struct fl_plan *plan = c->plans[0];
    int sign = o->inverse ? 1 : -1;
    size_t used;
    r->copy_gbs = fl_copy_bandwidth(&c->dev, options, c->elem, &used);
    r->copy_given = used == 0;
    struct side in = run_side_of(c, sign, 0), res = run_side_of(c, sign, 1);
    size_t in_bytes = run_side_bytes(c, &in), res_bytes = run_side_bytes(c, &res);

    /* Transfers, once each, for scale. */
    cl_event ev;
    run_pack(c, x0, &in);
    CL_CHECK(clEnqueueWriteBuffer(c->dev.queue, c->src, CL_FALSE, 0, in_bytes, c->staging, 0, NULL, &ev));
    CL_CHECK(clWaitForEvents(1, &ev));
    r->h2d_ms = fl_event_span_ms(ev, ev);
    clReleaseEvent(ev);

    int nl = plan->nlaunch;
    cl_event *evs = fl_xmalloc((size_t)nl * sizeof *evs, "events");
    int runs = o->repeat, total = 0;
    double *ms = NULL;
    /* With --explain, the mean time of each launch shows where a plan spends it. */
    double *per_launch = o->explain ? calloc((size_t)nl, sizeof(double)) : NULL;
    /* --flush-l2: a buffer of twice the device's global memory cache (at least 128 MiB)
     * written between the input copy and the transform, so that the copy's data is no
     * longer in the cache when the first kernel reads it (the events time the kernels
     * alone, never the flush). */
    cl_mem flush = NULL;
    size_t flush_bytes = 0;
    if (o->flush_l2) {
        cl_ulong cache = 0;
        clGetDeviceInfo(c->dev.id, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof cache, &cache, NULL);
        flush_bytes = 2 * (size_t)cache > ((size_t)128 << 20) ? 2 * (size_t)cache : (size_t)128 << 20;
        flush = fl_make_buffer(&c->dev, flush_bytes, "the --flush-l2 buffer");
    }
    for (int done = 0, timed = 0;; done++) {
        fl_copy_range(c->dev.queue, c->src, 0, c->fenced ? c->a : c->a_all,
                      c->fenced ? 0 : c->guard_bytes, in_bytes, &c->fill);
        if (flush) {
            static const cl_uint pattern = 0;
            CL_CHECK(clEnqueueFillBuffer(c->dev.queue, flush, &pattern, sizeof pattern, 0, flush_bytes,
                                         0, NULL, NULL));
        }
        fl_exec_enqueue(ex, plan, evs);
        CL_CHECK(clFinish(c->dev.queue));
        double t = fl_event_span_ms(evs[0], evs[nl - 1]);
        if (done >= o->warmup && per_launch)
            for (int i = 0; i < nl; i++)
                per_launch[i] += fl_event_span_ms(evs[i], evs[i]);
        for (int i = 0; i < nl; i++)
            clReleaseEvent(evs[i]);
        if (done < o->warmup)
            continue;
        if (!ms) {
            if (runs < 0)
                runs = fl_auto_runs(t);
            ms = fl_xmalloc((size_t)runs * sizeof *ms, "timings");
            total = runs;
        }
        ms[timed++] = t;
        if (timed == total)
            break;
    }
    if (per_launch && o->format == FL_FORMAT_TEXT) {
        /* printed by the checker (print_timing), after the verdict lines */
        r->per_launch = 1;
        r->total = total;
        for (int i = 0; i < nl && i < FL_MAX_LAUNCHES; i++) {
            r->mean_ms[i] = per_launch[i] / total;
            snprintf(r->kernel[i], sizeof r->kernel[i], "%s", plan->launch[i].kernel);
            snprintf(r->note[i], sizeof r->note[i], "%s", plan->launch[i].note);
        }
    }
    free(per_launch);
    if (flush)
        clReleaseMemObject(flush);
    r->ms = fl_stats_of(ms, total);
    r->warmup = o->warmup;
    free(ms);
    r->cold = flush != NULL;
    r->launches = nl;

    /* Loop throughput: the same number of calls enqueued back to back (no copy between
     * them: each call transforms what the last one left, which costs the same), one
     * clFinish, on the host clock: what a caller waiting for K calls sees, enqueue costs
     * and gaps between kernels included. */
    CL_CHECK(clFinish(c->dev.queue));
    double t0 = fl_wall_ms();
    for (int k = 0; k < total; k++)
        fl_exec_enqueue(ex, plan, NULL);
    CL_CHECK(clFinish(c->dev.queue));
    r->loop_ms = (fl_wall_ms() - t0) / total;
    free(evs);

    cl_mem result = plan->result == FL_BUF_B ? c->b : c->a;
    CL_CHECK(clEnqueueReadBuffer(c->dev.queue, result, CL_FALSE, 0, res_bytes, c->staging, 0, NULL, &ev));
    CL_CHECK(clWaitForEvents(1, &ev));
    r->d2h_ms = fl_event_span_ms(ev, ev);
    clReleaseEvent(ev);

    /* flops: 5 N log2 N per complex transform, half that per real one (FFTW's benchFFT
     * convention); bytes: the input read once and the output written once */
    double secs = r->ms.median * 1e-3;
    double flops = (c->real ? 2.5 : 5.0) * (double)c->n * (c->n > 1 ? log2((double)c->n) : 0.0) *
                   (double)c->batch;
    double bytes = (double)in_bytes + (double)res_bytes;
    r->gflops = secs > 0 ? flops / secs / 1e9 : 0;
    r->gbs = secs > 0 ? bytes / secs / 1e9 : 0;
    r->pct_copy = r->copy_gbs > 0 ? 100.0 * r->gbs / r->copy_gbs : 0;
}

/* The checker: the worker's figures T into R, and per launch (--explain) printed. */
void run_take_timing(struct timing_msg *t, enum fl_format fmt, struct fl_result *r)
{
    r->copy_gbs = t->copy_gbs;
    r->copy_given = t->copy_given;
    r->h2d_ms = t->h2d_ms;
    r->d2h_ms = t->d2h_ms;
    r->ms = t->ms;
    r->warmup = t->warmup;
    r->timing = t->cold ? "events-cold" : "events";
    r->launches = t->launches;
    r->loop_ms = t->loop_ms;
    r->gflops = t->gflops;
    r->gbs = t->gbs;
    r->pct_copy = t->pct_copy;
    r->timed = 1;
    if (!t->per_launch || fmt != FL_FORMAT_TEXT)
        return;
    int nl = t->launches < 0 ? 0 : t->launches > FL_MAX_LAUNCHES ? FL_MAX_LAUNCHES : t->launches;
    printf("per launch (mean over %d timed runs, profiling events):\n", t->total);
    for (int i = 0; i < nl; i++) {
        fl_iso_clean(t->kernel[i], sizeof t->kernel[i]);
        fl_iso_clean(t->note[i], sizeof t->note[i]);
        printf("  [%2d] %-20s %9.4f ms  ", i, t->kernel[i], t->mean_ms[i]);
        fl_print_counted(t->note[i]);
        putchar('\n');
    }
}
