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
 */
#define _POSIX_C_SOURCE 200809L
#include "chapter.h"

#include "capabilities.h"
#include "fill.h"
#include "limits.h"
#include "fence.h"
#include "isolate.h"
#include "npy.h"
#include "program.h"
#include "report.h"
#include "timing.h"
#include "tune.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Elements after the end of buffers A and B, filled with a known byte pattern: a kernel
 * that writes past the end of its data changes them, and the run fails saying so. */
/* Guard zones before and after the data of A and B: at least this many elements, and at
 * least a whole row (one transform), so that an off-by-a-row index lands in one. */
#define GUARD_ELEMENTS 4096
#define GUARD_MAX_BYTES ((size_t)256 << 20)
#define GUARD_BYTE 0x5A

struct run_ctx {
    const struct fl_chapter *ch;
    const struct fl_variant *variant;
    const struct fl_options *o;
    struct fl_device dev;
    size_t n, batch, count;       /* count = n * batch; n = points per transform */
    int ndims;                    /* the shape, outermost first (1-D: {n}) */
    size_t dims[FL_MAX_DIMS];
    size_t elem;                  /* bytes per complex element on the device */
    int real;                     /* real transforms: R2C forward, C2R inverse (chapter 09);
                                     n and dims are the real array's */
    size_t data_bytes;            /* bytes of A and B before their guard zones: the larger
                                     side (count * elem for complex transforms)           */
    cl_mem src, a, b;             /* A and B: sub-buffers of a_all, b_all between guards */
    cl_mem a_all, b_all;          /* guard_bytes | data_bytes | guard_bytes             */
    size_t guard_bytes;
    struct fl_fill_limits fill;   /* how poison and guards are filled (fill.h)        */
    int fenced;                   /* a CPU device: A, B and the input are fenced (fence.h),
                                     a_all and b_all unused */
    struct fl_fence fence_a, fence_b, fence_src;
    /* every table and scratch buffer of the two plans, fenced or between guard zones too:
     * a kernel reaches them as it reaches A and B */
    struct fl_fence fence_tab[2][FL_MAX_TABLES];
    cl_mem tab_all[2][FL_MAX_TABLES];  /* guard | table | guard (not fenced)            */
    size_t tab_guard;
    const struct fl_plan *plans[2];   /* the main plan and the round trip's            */
    const char *check;            /* the check running now, for messages ("random") */
    struct fl_fault fault;        /* the last guard damage found, as fields (run_end.h) */
    int runs;                     /* verified runs so far: a fenced run's view (fence.h) */
    struct fl_exec *exs[2];       /* the plans' executors, whose slots follow the view */
    void *staging;                /* data_bytes of device-format values */
    char kernel_file[4096];
    double *shared;               /* the arrays the checker and the worker exchange    */
};

/* What one side of a transform (its input or its output) holds per transform: N complex
 * values; for a real transform N reals, or the half spectrum. On the host every side is
 * interleaved complex doubles (a real value has imaginary part 0); on the device a real
 * side is one real_t per value. */
struct side {
    size_t n;                     /* values per transform                      */
    int real;                     /* 1: real values; 0: complex                 */
    size_t dims[FL_MAX_DIMS];     /* their shape (c->ndims axes)                */
};

/* The input (OUTPUT = 0) or the output side of a transform in direction SIGN. */
static struct side side_of(const struct run_ctx *c, int sign, int output)
{
    struct side s;
    memset(&s, 0, sizeof s);
    s.n = c->n;
    memcpy(s.dims, c->dims, sizeof s.dims);
    if (c->real && (sign < 0) == !output) {
        s.real = 1;               /* R2C's input, C2R's output: the reals */
    } else if (c->real) {
        fl_half_dims(c->dims, c->ndims, s.dims);
        s.n = fl_half_count(c->dims, c->ndims);
    }
    return s;
}

/* Device bytes of side S, the whole batch. */
static size_t side_bytes(const struct run_ctx *c, const struct side *s)
{
    return s->n * c->batch * (s->real ? c->elem / 2 : c->elem);
}

/* ---------------------------------------------------------------- helpers */

static void *xmalloc(size_t bytes, const char *what)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        fl_die(FL_EXIT_OPENCL, "out of host memory allocating %s (%zu MiB)", what, bytes >> 20);
    return p;
}

static cl_mem make_buffer(struct run_ctx *c, size_t bytes, const char *what)
{
    cl_int err;
    cl_mem m = clCreateBuffer(c->dev.context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot allocate %s (%zu MiB) on %s: %s", what, bytes >> 20,
               c->dev.name, fl_cl_error_name(err));
    return m;
}

/* The data between ALL's guard zones, as a sub-buffer: what the kernels get. */
static cl_mem data_of(struct run_ctx *c, cl_mem all, const char *what)
{
    cl_int err;
    cl_buffer_region region = {c->guard_bytes, c->data_bytes};
    cl_mem m = clCreateSubBuffer(all, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot make the guarded view of %s on %s: %s", what, c->dev.name,
               fl_cl_error_name(err));
    return m;
}

/* Host doubles (interleaved complex) of side S -> device format in c->staging: float or
 * double pairs, or for a real side the real parts alone. */
static void pack(struct run_ctx *c, const double *x, const struct side *s)
{
    size_t count = s->n * c->batch;
    if (!s->real && c->elem == 16)
        memcpy(c->staging, x, count * 16);
    else if (!s->real)
        for (size_t i = 0; i < 2 * count; i++)
            ((float *)c->staging)[i] = (float)x[i];
    else if (c->elem == 16)
        for (size_t i = 0; i < count; i++)
            ((double *)c->staging)[i] = x[2 * i];
    else
        for (size_t i = 0; i < count; i++)
            ((float *)c->staging)[i] = (float)x[2 * i];
}

static void unpack(struct run_ctx *c, double *x, const struct side *s)
{
    size_t count = s->n * c->batch;
    if (!s->real && c->elem == 16)
        memcpy(x, c->staging, count * 16);
    else if (!s->real)
        for (size_t i = 0; i < 2 * count; i++)
            x[i] = ((float *)c->staging)[i];
    else
        for (size_t i = 0; i < count; i++) {
            x[2 * i] = c->elem == 16 ? ((double *)c->staging)[i] : ((float *)c->staging)[i];
            x[2 * i + 1] = 0;
        }
}

/* IN_BYTES: what the input filled of A; WHICH: the plan that runs (its tables). */
static void poison_and_guard(struct run_ctx *c, size_t in_bytes, int which)
{
    /* NaN in every real of B: an element the plan never writes stays NaN and fails. */
    static const float nan_f[2] = {NAN, NAN};
    static const double nan_d[2] = {NAN, NAN};
    const void *nan = c->elem == 16 ? (const void *)nan_d : (const void *)nan_f;
    const unsigned char guard = GUARD_BYTE;
    size_t data = c->data_bytes, g = c->guard_bytes;
    /* in pieces, at offsets in the whole buffers (fill.h: past 2^31 bytes a driver's
     * clEnqueueFillBuffer may fill the wrong bytes). A fenced run's A and B are whole
     * buffers of their own (fence.h); otherwise the data lies between guard zones. */
    cl_command_queue q = c->dev.queue;
    cl_mem a = c->fenced ? c->a : c->a_all, b = c->fenced ? c->b : c->b_all;
    size_t at = c->fenced ? 0 : g;
    fl_fill_range(q, b, nan, c->elem, at, data, &c->fill, "buffer B with NaN");
    /* A real transform's input may fill less of A than its output needs (R2C): NaN in
     * the rest, so a result left in A is checked the same way */
    if (in_bytes < data)
        fl_fill_range(q, a, nan, c->elem, at + in_bytes, data - in_bytes, &c->fill,
                      "the rest of buffer A with NaN");
    const struct fl_plan *plan = c->plans[which];
    if (c->fenced) {
        fl_fence_arm(&c->fence_a);
        fl_fence_arm(&c->fence_b);
        for (int t = 0; t < plan->ntables; t++)
            fl_fence_arm(&c->fence_tab[which][t]);
        return;
    }
    cl_mem all[2] = {c->a_all, c->b_all};
    for (int i = 0; i < 2; i++) {
        fl_fill_range(q, all[i], &guard, 1, 0, g, &c->fill, "a guard zone");
        fl_fill_range(q, all[i], &guard, 1, g + data, g, &c->fill, "a guard zone");
    }
    for (int t = 0; t < plan->ntables; t++) {
        size_t bytes = plan->table[t].count * c->elem;
        fl_fill_range(q, c->tab_all[which][t], &guard, 1, 0, c->tab_guard, &c->fill, "a guard zone");
        fl_fill_range(q, c->tab_all[which][t], &guard, 1, c->tab_guard + bytes, c->tab_guard,
                      &c->fill, "a guard zone");
    }
}

/* Where in BUF's guard zones (GUARD bytes each side of DATA bytes) a kernel wrote, or
 * NULL: "buffer A, before its start (element -3)", "buffer B, past its end (...)". */
static const char *guard_zone_damage(struct run_ctx *c, cl_mem buf, size_t guard, size_t data,
                                     const char *name)
{
    static char where[160];
    unsigned char *g = xmalloc(guard, "guard check");
    const char *bad = NULL;
    for (int side = 0; side < 2 && !bad; side++) {
        size_t at = side == 0 ? 0 : guard + data;
        CL_CHECK(clEnqueueReadBuffer(c->dev.queue, buf, CL_TRUE, at, guard, g, 0, NULL, NULL));
        /* before the start: the damaged byte nearest the data; past the end: the first */
        for (size_t k = 0; k < guard; k++) {
            size_t b = side == 0 ? guard - 1 - k : k;
            if (g[b] != GUARD_BYTE) {
                long long element = side == 0 ? -(long long)((guard - b + c->elem - 1) / c->elem)
                                              : (long long)(data / c->elem + b / c->elem);
                if (side == 0)
                    snprintf(where, sizeof where, "buffer %s, before its start (element %lld)",
                             name, element);
                else
                    snprintf(where, sizeof where, "buffer %s, past its end (element %lld of %zu)",
                             name, element, data / c->elem);
                memset(&c->fault, 0, sizeof c->fault);
                c->fault.set = c->fault.has_element = 1;
                snprintf(c->fault.access, sizeof c->fault.access, "write");
                snprintf(c->fault.buffer, sizeof c->fault.buffer, "%s", name);
                snprintf(c->fault.side, sizeof c->fault.side, side == 0 ? "before the start"
                                                                         : "past the end");
                c->fault.element = element;
                c->fault.elements = data / c->elem;
                c->fault.launch = -1;
                bad = where;
                break;
            }
        }
    }
    free(g);
    return bad;
}

/* Returns NULL, or where a kernel wrote outside the data of A, B or a table of plan
 * WHICH: "buffer A, before its start (element -3)" or "buffer B, past its end (element N +
 * 2000)". */
static const char *guard_damage(struct run_ctx *c, int which)
{
    const struct fl_plan *plan = c->plans[which];
    const char *bad = NULL;
    if (c->fenced) {
        bad = fl_fence_damage_fault(&c->fence_a, &c->fault);
        bad = bad ? bad : fl_fence_damage_fault(&c->fence_b, &c->fault);
        for (int t = 0; t < plan->ntables && !bad; t++)
            bad = fl_fence_damage_fault(&c->fence_tab[which][t], &c->fault);
        return bad;
    }
    bad = guard_zone_damage(c, c->a_all, c->guard_bytes, c->data_bytes, "A");
    bad = bad ? bad : guard_zone_damage(c, c->b_all, c->guard_bytes, c->data_bytes, "B");
    for (int t = 0; t < plan->ntables && !bad; t++)
        bad = guard_zone_damage(c, c->tab_all[which][t], c->tab_guard,
                                plan->table[t].count * c->elem, c->fence_tab[which][t].name);
    return bad;
}

/* Fenced buffers: A and B in view V (fence.h), in every executor's slots too. The checks
 * take turns: a read just past the end faults in view 0, just before the start in 1. */
static void fence_views(struct run_ctx *c, int v)
{
    fl_fence_view(&c->fence_a, v);
    fl_fence_view(&c->fence_b, v);
    c->a = c->fence_a.mem;
    c->b = c->fence_b.mem;
    for (int i = 0; i < 2; i++)
        if (c->exs[i]) {
            c->exs[i]->slot[FL_BUF_A] = c->a;
            c->exs[i]->slot[FL_BUF_B] = c->b;
        }
}

/* The fence of buffer slot SLOT (A, B or a table of plan WHICH). */
static struct fl_fence *fence_of(struct run_ctx *c, int which, int slot)
{
    return slot == FL_BUF_A ? &c->fence_a : slot == FL_BUF_B ? &c->fence_b
                            : &c->fence_tab[which][slot - FL_BUF_TABLE0];
}

/* Whether argument ARG of kernel K is a const pointer (a fenced run builds with
 * -cl-kernel-arg-info; where the information is not given, nothing is made read-only). */
static int arg_is_const(cl_kernel k, cl_uint arg)
{
    cl_kernel_arg_type_qualifier q = 0;
    if (clGetKernelArgInfo(k, arg, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof q, &q, NULL) != CL_SUCCESS)
        return 0;
    return (q & CL_KERNEL_ARG_TYPE_CONST) != 0;
}

/* PLAN's launches one at a time, each finished before the next (a fenced run): the
 * launch that faults is named (fl_fence_running), and the buffers a launch takes only
 * as const are read-only while it runs. */
static void enqueue_fenced(struct run_ctx *c, int which)
{
    struct fl_exec *ex = c->exs[which];
    const struct fl_plan *plan = c->plans[which];
    static struct fl_plan one;
    struct fl_exec ex1 = *ex;
    for (int i = 0; i < plan->nlaunch; i++) {
        const struct fl_launch *l = &plan->launch[i];
        one.launch[0] = *l;
        one.nlaunch = 1;
        one.result = plan->result;
        ex1.kernel[0] = ex->kernel[i];
        /* read-only: a buffer passed as const and never as a writable argument (a
         * table too: a kernel that writes its twiddles faults) */
        int konst[FL_NUM_SLOTS] = {0}, writable[FL_NUM_SLOTS] = {0};
        int nslots = FL_BUF_TABLE0 + plan->ntables;
        for (int a = 0; a < l->nargs; a++) {
            const struct fl_arg *arg = &l->args[a];
            if (arg->kind != FL_ARG_BUFFER || arg->value < 0 || arg->value >= nslots)
                continue;
            if (arg_is_const(ex->kernel[i], (cl_uint)a))
                konst[arg->value] = 1;
            else
                writable[arg->value] = 1;
        }
        for (int s = 0; s < nslots; s++)
            if (konst[s] && !writable[s])
                fl_fence_read_only(fence_of(c, which, s), 1);
        fl_fence_running(c->check, i, plan->nlaunch, l->kernel);
        fl_exec_enqueue(&ex1, &one, NULL);
        CL_CHECK(clFinish(c->dev.queue));
        fl_fence_running(NULL, -1, 0, NULL);
        for (int s = 0; s < nslots; s++)
            fl_fence_read_only(fence_of(c, which, s), 0);
    }
}

/* The worker: one verified run of plan WHICH (0 main, 1 the round trip's) for direction
 * SIGN: input X into A, B poisoned, the plan, result read into OUT. */
static const char *run_plan_once(struct run_ctx *c, int which, int sign, const double *x,
                                 double *out)
{
    struct fl_exec *ex = c->exs[which];
    const struct fl_plan *plan = c->plans[which];
    struct side in = side_of(c, sign, 0), res = side_of(c, sign, 1);
    size_t in_bytes = side_bytes(c, &in);
    pack(c, x, &in);
    if (c->fenced)
        fence_views(c, c->runs++ % 2);
    CL_CHECK(clEnqueueWriteBuffer(c->dev.queue, c->a, CL_TRUE, 0, in_bytes, c->staging, 0, NULL, NULL));
    poison_and_guard(c, in_bytes, which);
    if (c->fenced) {
        CL_CHECK(clFinish(c->dev.queue));
        enqueue_fenced(c, which);
    } else {
        fl_exec_enqueue(ex, plan, NULL);
        CL_CHECK(clFinish(c->dev.queue));
    }
    cl_mem result = plan->result == FL_BUF_B ? c->b : c->a;
    CL_CHECK(clEnqueueReadBuffer(c->dev.queue, result, CL_TRUE, 0, side_bytes(c, &res), c->staging, 0,
                                 NULL, NULL));
    unpack(c, out, &res);
    return guard_damage(c, which);
}

/* ---------------------------------------------------------------- the two processes */

/* What the checker and the worker say to each other (common/isolate.h). The arrays go
 * through c->shared: the input of a run before MSG_RUN / MSG_TIME, its output before
 * MSG_OUTPUT. */
enum {
    MSG_JOB = 1,    /* checker: struct job; the worker answers MSG_STARTED, then MSG_READY */
    MSG_STARTED,    /* worker: struct dev_info, where the watchdog starts                */
    MSG_READY,      /* worker: int, the main plan's launches; buffers made, input wanted  */
    MSG_RUN,        /* checker: struct run_req; the worker answers MSG_OUTPUT             */
    MSG_OUTPUT,     /* worker: struct output_msg, where the run wrote out of bounds       */
    MSG_TIME,       /* checker: time the main plan on the input; answer MSG_TIMING        */
    MSG_TIMING,     /* worker: struct timing_msg                                          */
    MSG_END_JOB     /* checker: release this problem's objects (the device stays)         */
};

struct job {
    struct fl_options o;          /* its pointers point at what the fork copied         */
    size_t n, batch;
    int ndims, real, shared_device;
    size_t dims[FL_MAX_DIMS];
};

struct dev_info {
    char platform_name[256], name[256], driver[128], clc_version[128];
    unsigned platform_index, device_index;
    cl_device_type type;
};

struct output_msg {
    char where[160];              /* in words ("": nowhere)                              */
    struct fl_fault fault;        /* the same, as fields                                 */
};

struct run_req {
    int which, sign;              /* the plan (0 main, 1 the round trip's) and direction */
    char check[32];
};

struct timing_msg {
    struct fl_stats ms;
    double copy_gbs, h2d_ms, d2h_ms, loop_ms, gflops, gbs, pct_copy;
    int copy_given, warmup, cold, launches;
    int per_launch;               /* 1: the means below (--explain), over TOTAL runs       */
    int total;
    double mean_ms[FL_MAX_LAUNCHES];
    char kernel[FL_MAX_LAUNCHES][64], note[FL_MAX_LAUNCHES][512];
};

/* The checker: one run of plan WHICH in direction SIGN on input X (side `in` of SIGN) in
 * the worker; its output into OUT. Returns where it wrote out of bounds, or NULL. */
static const char *remote_run(struct run_ctx *c, int which, int sign, const double *x, double *out)
{
    static struct output_msg got;
    struct side in = side_of(c, sign, 0), res = side_of(c, sign, 1);
    struct run_req rq;
    memset(&rq, 0, sizeof rq);
    rq.which = which;
    rq.sign = sign;
    snprintf(rq.check, sizeof rq.check, "%s", c->check);
    memcpy(c->shared, x, in.n * c->batch * 16);
    fl_iso_send(MSG_RUN, 0, &rq, sizeof rq);
    struct fl_msg m;
    if (fl_iso_recv(&m, &got, sizeof got) != 0 || m.type != MSG_OUTPUT || m.len != sizeof got)
        fl_die(FL_EXIT_OPENCL, "the process that ran the kernels answered a run with message %u",
               (unsigned)m.type);
    /* a private copy, before anything reads it: the worker may write there at any time */
    memcpy(out, c->shared, res.n * c->batch * 16);
    fl_iso_clean(got.where, sizeof got.where);
    if (!got.where[0])
        return NULL;
    /* the fields as the worker gave them: text cleaned, the check's name this process's */
    c->fault = got.fault;
    c->fault.set = 1;
    fl_iso_clean(c->fault.access, sizeof c->fault.access);
    fl_iso_clean(c->fault.buffer, sizeof c->fault.buffer);
    fl_iso_clean(c->fault.side, sizeof c->fault.side);
    fl_iso_clean(c->fault.kernel, sizeof c->fault.kernel);
    snprintf(c->fault.check, sizeof c->fault.check, "%s", c->check ? c->check : "");
    return got.where;
}

/* ---------------------------------------------------------------- held-back lines */

/* The checker prints the verify lines once the worker has exited: until then each check's
 * mismatch lines wait here, in order. */
static struct {
    enum fl_format fmt;
    const struct fl_result *r;
    int shown, printed;           /* checks shown (judged and complete), printed */
    char *text[FL_MAX_CHECKS];
    const char *output;           /* --output written: its line, after the checks' */
} held;

static void print_held(void)
{
    for (; held.r && held.printed < held.shown; held.printed++) {
        fl_report_check(held.fmt, &held.r->check[held.printed]);
        FILE *to = held.fmt == FL_FORMAT_TEXT ? stdout : stderr;
        if (held.text[held.printed])
            fputs(held.text[held.printed], to);
        free(held.text[held.printed]);
        held.text[held.printed] = NULL;
    }
    if (held.output && held.fmt == FL_FORMAT_TEXT)
        printf("output   wrote %s\n", held.output);
    held.output = NULL;
    fflush(stdout);
}

/* ---------------------------------------------------------------- verification */

struct verifier {
    struct run_ctx *c;
    struct fl_result *r;
    struct fl_bounds bound;
    double *ref, *out;
};

/* Compare OUT with REF, both holding side S (its indices name the element in words). */
static struct fl_check *judge(struct verifier *v, const char *name, const double *out,
                              const double *ref, double scale, const struct side *s)
{
    struct fl_result *r = v->r;
    struct fl_check *chk = &r->check[r->nchecks++];
    memset(chk, 0, sizeof *chk);
    snprintf(chk->name, sizeof chk->name, "%s", name);
    const struct run_ctx *c = v->c;
    size_t n = s->n;
    fl_compare(out, ref, n * c->batch, &chk->err);
    chk->bound.l2 = v->bound.l2 * scale;
    chk->bound.max = v->bound.max * scale;
    chk->ok = chk->err.rel_l2 <= chk->bound.l2 && chk->err.rel_max <= chk->bound.max;
    char at[64];
    if (chk->err.nonfinite)
        snprintf(chk->detail, sizeof chk->detail, "%zu of %zu outputs never written (NaN), first "
                 "at row %zu index %s", chk->err.nonfinite, n * c->batch, chk->err.first_nonfinite / n,
                 fl_format_index(at, sizeof at, chk->err.first_nonfinite % n, s->dims, c->ndims));
    else if (!chk->ok)
        snprintf(chk->detail, sizeof chk->detail, "largest error at row %zu index %s",
                 chk->err.worst / n, fl_format_index(at, sizeof at, chk->err.worst % n, s->dims,
                                                     c->ndims));
    return chk;
}

/* A write out of bounds found after check CHK's run: the check fails, and the run's
 * first one is the JSON report's fault (c->fault, from the run). */
static void report_guard(const struct run_ctx *c, struct fl_result *r, struct fl_check *chk,
                         const char *buf)
{
    if (!r->fault.set) {
        r->fault = c->fault;
        snprintf(r->fault.check, sizeof r->fault.check, "%s", chk->name);
    }
    chk->ok = 0;
    snprintf(chk->detail, sizeof chk->detail, "a kernel wrote out of bounds: %s "
             "(an index outside the data, even if every value is right)", buf);
}

/* The check's line and, when it failed, its mismatches: held back (print_held). */
static void show_failure(struct verifier *v, const struct fl_check *chk, const double *out,
                         const double *ref, enum fl_format fmt, const struct side *s)
{
    int i = (int)(chk - v->r->check);
    held.fmt = fmt;
    held.r = v->r;
    held.text[i] = NULL;
    if (!chk->ok) {
        /* Under the check's own line (stdout in text mode), so captured output reads in order. */
        size_t len = 0;
        FILE *f = open_memstream(&held.text[i], &len);
        if (!f)
            fl_die(FL_EXIT_OPENCL, "out of host memory for a check's report");
        fl_print_mismatches_nd(f, out, ref, s->dims, v->c->ndims, v->c->batch, chk->bound.max, 5);
        fclose(f);
        fl_check_keep_mismatches(&v->r->check[i], held.text[i]);
    }
    held.shown = i + 1;
}

/* FFTW's answer REF for input X of direction SIGN is all zero while the input is not
 * (fl_reference_lost): the reference was not computed from this input, and no check can
 * pass against it. A C2R keeps only the Hermitian part of its input: that part is what
 * must be nonzero (an --input half spectrum may have none). */
static int reference_lost(const struct run_ctx *c, const double *x, const double *ref, int sign)
{
    struct side in = side_of(c, sign, 0), res = side_of(c, sign, 1);
    size_t in_count = in.n * c->batch, res_count = res.n * c->batch;
    if (!fl_reference_lost(x, in_count, ref, res_count))
        return 0;
    if (!(c->real && sign > 0))
        return 1;
    double *h = xmalloc(in_count * 16, "the input's Hermitian part");
    memcpy(h, x, in_count * 16);
    fl_hermitian_half(h, c->dims, c->ndims, c->batch);
    int lost = fl_reference_lost(h, in_count, ref, res_count);
    free(h);
    return lost;
}

static void report_lost_reference(struct fl_check *chk)
{
    chk->ok = 0;
    snprintf(chk->detail, sizeof chk->detail, "FFTW's reference is all zero but the input is "
             "not: the reference cannot be trusted, so the check fails");
}

/* Data from --input that no transform can take: a NaN or an infinity is the input's
 * fault, not the kernel's, so it is a usage error naming the first such element. */
static void check_input(const struct run_ctx *c, const double *x, size_t count)
{
    for (size_t i = 0; i < 2 * count; i++)
        if (!isfinite(x[i]))
            fl_die(FL_EXIT_USAGE, "--input %s: element %zu (row %zu, index %zu) is not finite "
                   "(%s %s part): an FFT of it has no finite answer to check", c->o->input, i / 2,
                   i / 2 / (count / c->batch), i / 2 % (count / c->batch), isnan(x[i]) ? "NaN" : "infinite",
                   i % 2 ? "imaginary" : "real");
}

/* Finite input whose transform is not finite in the run's precision (FFTW's reference,
 * in double, says how large it gets): the values overflow, a usage error. */
static void check_overflow(const struct run_ctx *c, const double *ref, size_t count)
{
    double most = c->o->precision == FL_DOUBLE ? DBL_MAX : FLT_MAX;
    for (size_t i = 0; i < 2 * count; i++)
        if (!(fabs(ref[i]) <= most))
            fl_die(FL_EXIT_USAGE, "--input %s: the transform's values overflow %s precision "
                   "(output element %zu is %g; the largest is %g): scale the input down",
                   c->o->input, c->o->precision == FL_DOUBLE ? "double" : "single", i / 2,
                   ref[i], most);
}

/* A check whose outputs are not finite, with --input: where the magnitudes of a row of
 * the check's input X (side S) add up to near the precision's largest value, an inner
 * stage or the output may overflow, so it is the input's fault, a usage error naming the
 * check (WHAT). Else nothing: the kernel's. Near: within INNER_HEADROOM. A value a radix
 * pass computes is a sum of the input's values times unit twiddles, at most that sum; but
 * Bluestein's convolution multiplies by a filter's spectrum, larger than 1, and a twiddle
 * rounded to float may be a little over 1. Only an --input this large is excused: the
 * grader's random inputs never come near. */
#define INNER_HEADROOM 1024.0
static void check_inner_overflow(const struct run_ctx *c, const char *what, const double *x,
                                 const struct side *s, const char *why)
{
    double most = c->o->precision == FL_DOUBLE ? DBL_MAX : FLT_MAX;
    for (size_t row = 0; row < c->batch; row++) {
        double sum = 0;
        for (size_t i = row * s->n; i < (row + 1) * s->n; i++)
            sum += hypot(x[2 * i], x[2 * i + 1]);
        if (!(sum <= most / INNER_HEADROOM))
            fl_die(FL_EXIT_USAGE, "--input %s: the %s overflows %s precision (outputs not "
                   "finite): the magnitudes of row %zu of its input add up to %g, more than "
                   "1/%g of the largest value (%g), so an inner stage or the output overflows%s: "
                   "scale the input down", c->o->input, what,
                   c->o->precision == FL_DOUBLE ? "double" : "single", row, sum, INNER_HEADROOM,
                   most, why);
    }
}

/* A plan with no launch (N = 1) runs no kernel of an exercise, so an empty file or a
 * misnamed kernel would pass it: look its kernels up anyway, in the plans of a few small
 * sizes (each size may take other kernels). Only where the program does not depend on the size (no
 * build_options: chapters 01-05); a composed exercise fails to build when empty. */
static void probe_exercise_kernels(const struct fl_chapter *ch, const struct fl_problem *prob,
                                   cl_program program, const char *file, const char *hint)
{
    static const size_t sizes[] = {2, 4, 8, 16, 64, 1024};
    if (ch->build_options || prob->ndims != 1 || ch->real_input)
        return;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        struct fl_problem probe = *prob;
        char why[256];
        probe.n = probe.dims[0] = sizes[i];
        probe.batch = 1;
        probe.wg = 0;
        probe.nshapes = 0;
        if (ch->check && ch->check(&probe, why, sizeof why) != 0)
            continue;
        static struct fl_plan plan;
        fl_plan_init(&plan);
        ch->plan(&probe, &plan);
        if (plan.nlaunch == 0) {
            fl_plan_free(&plan);
            continue;
        }
        struct fl_exec ex = {0};
        ex.program = program;
        fl_exec_prepare(&ex, &plan, file, hint[0] ? hint : NULL);
        fl_exec_release(&ex, &plan);
        fl_plan_free(&plan);
    }
}

/* FFTW's answer for input X in direction SIGN: the complex DFT, or r2c / c2r. */
static void reference(const struct run_ctx *c, const double *x, double *ref, int sign)
{
    int rc = !c->real ? fl_reference_dft_nd(x, ref, c->dims, c->ndims, c->batch, sign)
           : sign < 0 ? fl_reference_r2c_nd(x, ref, c->dims, c->ndims, c->batch)
                      : fl_reference_c2r_nd(x, ref, c->dims, c->ndims, c->batch);
    if (rc != 0)
        fl_die(FL_EXIT_OPENCL, "FFTW could not plan the reference (out of memory?)");
}

static void verify(struct run_ctx *c, const double *x0, double *out0, struct fl_result *r)
{
    const struct fl_options *o = c->o;
    struct verifier v = {c, r, fl_bounds_for(c->ch->bound, c->n, o->precision == FL_DOUBLE), NULL, NULL};
    if (c->variant->bound_scale > 0) {
        v.bound.l2 *= c->variant->bound_scale;
        v.bound.max *= c->variant->bound_scale;
    }
    int sign = r->sign;
    /* in: what the main direction reads (and the round trip gives back); res: what it writes */
    struct side in = side_of(c, sign, 0), res = side_of(c, sign, 1);
    size_t in_count = in.n * c->batch, res_count = res.n * c->batch;
    size_t most = in_count > res_count ? in_count : res_count;
    /* C2R reads half spectra: the ones made here are Hermitian-consistent (what an r2c
     * gives), so that every check has one right answer and the round trip returns them */
    int c2r = c->real && sign > 0;
    v.ref = xmalloc(most * 16, "reference");
    v.out = xmalloc(most * 16, "output");
    double *x = xmalloc(in_count * 16, "test input");

    /* 1. the main input (random, or --input) */
    const size_t *dims = c->dims;
    int nd = c->ndims;
    /* FFTW's answer is computed here, in the checker, from the checker's own copy of the
     * input, after the run: the kernels run in the worker, which cannot reach either */
    c->check = o->input ? "input" : "random";
    const char *guard = remote_run(c, 0, sign, x0, out0);
    reference(c, x0, v.ref, sign);
    if (o->input)
        check_overflow(c, v.ref, res_count);
    int lost = reference_lost(c, x0, v.ref, sign);
    struct fl_check *chk = judge(&v, o->input ? "input" : "random", out0, v.ref, 1.0, &res);
    if (lost) report_lost_reference(chk);
    if (o->input && chk->err.nonfinite && !guard)
        check_inner_overflow(c, sign < 0 ? "forward transform" : "inverse transform", x0, &in, "");
    if (guard) report_guard(c, r, chk, guard);
    show_failure(&v, chk, out0, v.ref, o->format, &res);
    memset(v.ref, 0, most * 16);

    /* 2, 3. impulses: at 0 every bin is 1; at j a pure rotation (finds index bugs). On a
     * grid, j is a point (j_z, j_y, j_x) with j_d = N_d/3 + 1 on every axis (of the input's
     * shape: a C2R impulse sits in the half spectrum). */
    size_t grid[2][FL_MAX_DIMS], positions[2] = {0, 0};
    for (int d = 0; d < nd; d++) {
        grid[0][d] = 0;
        grid[1][d] = in.dims[d] > 1 ? (in.dims[d] / 3 + 1) % in.dims[d] : 0;
        positions[1] = positions[1] * in.dims[d] + grid[1][d];
    }
    for (int i = 0; i < 2; i++) {
        char name[32];
        fl_check_name(name, sizeof name, "impulse", grid[i], nd);
        fl_fill_impulse(x, in.n, c->batch, positions[i]);
        if (c2r)
            fl_hermitian_half(x, dims, nd, c->batch);
        c->check = name;
        guard = remote_run(c, 0, sign, x, v.out);
        reference(c, x, v.ref, sign);
        lost = reference_lost(c, x, v.ref, sign);
        chk = judge(&v, name, v.out, v.ref, 1.0, &res);
        if (lost) report_lost_reference(chk);
        if (guard) report_guard(c, r, chk, guard);
        show_failure(&v, chk, v.out, v.ref, o->format, &res);
        memset(v.ref, 0, most * 16);
    }

    /* 4. a single tone: all energy must land in bin k (a flipped sign puts it at N-k); on a
     * grid, at the point (k_z, k_y, k_x), k_d = N_d/4 + 1. Real transforms: a real cosine
     * (R2C), or the half of a cosine spectrum (C2R), whose energy sits at k and -k. */
    size_t k[FL_MAX_DIMS];
    for (int d = 0; d < nd; d++)
        k[d] = dims[d] > 2 ? (dims[d] / 4 + 1) % dims[d] : dims[d] - 1;
    {
        char name[32];
        fl_check_name(name, sizeof name, "tone", k, nd);
        if (!c->real)
            fl_fill_tone_nd(x, dims, nd, c->batch, k, sign);
        else
            fl_fill_cos_nd(x, dims, nd, c->batch, k, in.dims[nd - 1]);
        if (c2r)
            fl_hermitian_half(x, dims, nd, c->batch);
        if (o->precision == FL_SINGLE)
            fl_round_to_float(x, in_count);
        c->check = name;
        guard = remote_run(c, 0, sign, x, v.out);
        reference(c, x, v.ref, sign);
        lost = reference_lost(c, x, v.ref, sign);
        chk = judge(&v, name, v.out, v.ref, 1.0, &res);
        if (guard) report_guard(c, r, chk, guard);
        if (!c->real)
            fl_check_tone_peak_nd(chk, v.out, dims, nd, c->batch, k);
        else
            fl_check_tone_peak_real(chk, v.out, dims, nd, c->batch, k, !c2r);
        if (lost) report_lost_reference(chk);
        show_failure(&v, chk, v.out, v.ref, o->format, &res);
        memset(v.ref, 0, most * 16);
    }

    /* 5. round trip: the other direction undoes this one, up to the factor N. C2R then
     * R2C gives back the Hermitian part of the input (all of it, unless --input held a
     * spectrum no real array has: then what FFTW and numpy keep of it) */
    {
        c->check = "roundtrip";
        guard = remote_run(c, 1, -sign, out0, v.out);
        for (size_t i = 0; i < 2 * in_count; i++)
            v.out[i] /= (double)c->n;
        const double *want = x0;
        if (c2r) {
            memcpy(x, x0, in_count * 16);
            fl_hermitian_half(x, dims, nd, c->batch);
            want = x;
        }
        chk = judge(&v, "roundtrip", v.out, want, 2.0, &in);
        if (o->input && chk->err.nonfinite && !guard) {
            char why[96];
            snprintf(why, sizeof why, " (it gives back N times the input, N = %zu)", c->n);
            check_inner_overflow(c, "round trip", out0, &res, why);
        }
        if (guard) report_guard(c, r, chk, guard);
        show_failure(&v, chk, v.out, want, o->format, &in);
    }

    fl_conclude_checks(r);
    free(x);
    free(v.ref);
    free(v.out);
}

/* ---------------------------------------------------------------- timing */

/* The worker: time the main plan on X0 (the checker sends it); the figures into T, which
 * the checker copies into its result and prints. */
static void time_plan(struct run_ctx *c, const double *x0, const char *options,
                      struct timing_msg *r)
{
    const struct fl_options *o = c->o;
    struct fl_exec *ex = c->exs[0];
    const struct fl_plan *plan = c->plans[0];
    int sign = o->inverse ? 1 : -1;
    size_t used;
    r->copy_gbs = fl_copy_bandwidth(&c->dev, options, c->elem, &used);
    r->copy_given = used == 0;
    struct side in = side_of(c, sign, 0), res = side_of(c, sign, 1);
    size_t in_bytes = side_bytes(c, &in), res_bytes = side_bytes(c, &res);

    /* Transfers, once each, for scale. */
    cl_event ev;
    pack(c, x0, &in);
    CL_CHECK(clEnqueueWriteBuffer(c->dev.queue, c->src, CL_FALSE, 0, in_bytes, c->staging, 0, NULL, &ev));
    CL_CHECK(clWaitForEvents(1, &ev));
    r->h2d_ms = fl_event_span_ms(ev, ev);
    clReleaseEvent(ev);

    int nl = plan->nlaunch;
    cl_event *evs = xmalloc((size_t)nl * sizeof *evs, "events");
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
        flush = make_buffer(c, flush_bytes, "the --flush-l2 buffer");
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
            /* Default: enough runs to fill ~0.2 s, at least 5 (3 for slow runs), at most 1000. */
            if (runs < 0) {
                double want = 200.0 / (t > 1e-6 ? t : 1e-6);
                runs = want > 1000 ? 1000 : want < 5 ? (t > 1000 ? 3 : 5) : (int)ceil(want);
            }
            ms = xmalloc((size_t)runs * sizeof *ms, "timings");
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
static void take_timing(struct timing_msg *t, enum fl_format fmt, struct fl_result *r)
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

/* ---------------------------------------------------------------- main */

int fl_check_group_size(const struct fl_problem *p, size_t wg, char *why, size_t len)
{
    if (wg <= p->dev->max_wg)
        return 0;
    snprintf(why, len, "--wg %zu is more than %s allows (CL_DEVICE_MAX_WORK_GROUP_SIZE = %zu)",
             wg, p->dev->name, p->dev->max_wg);
    return -1;
}

static const struct fl_variant *find_variant(const struct fl_chapter *ch, const char *name)
{
    if (!name)
        return &ch->variants[0];
    for (const struct fl_variant *v = ch->variants; v->name; v++)
        if (strcmp(v->name, name) == 0)
            return v;
    char list[512];
    int len = 0;
    for (const struct fl_variant *v = ch->variants; v->name; v++)
        len += snprintf(list + len, sizeof list - (size_t)len, "%s%s", len ? ", " : "", v->name);
    fl_die(FL_EXIT_USAGE, "%s has no variant '%s' (it has: %s)", ch->name, name, list);
}

static void print_help(const char *prog, const struct fl_chapter *ch)
{
    char text[4096];
    int len = snprintf(text, sizeof text, "%s — %s\n%s\n\nvariants (--variant):", ch->name,
                       ch->title, ch->help);
    for (const struct fl_variant *v = ch->variants; v->name && len < (int)sizeof text - 200; v++)
        len += snprintf(text + len, sizeof text - (size_t)len, "\n  %-16s %s%s%s%s", v->name, v->about,
                        v->exercise ? " [exercise: " : "", v->exercise ? v->exercise : "",
                        v->exercise ? "; --exercise FILE runs another copy]" : "");
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

/* "512x512" */
static const char *shape_text(const size_t *dims, int ndims, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int d = 0; d < ndims && used < len; d++)
        used += (size_t)snprintf(buf + used, len - used, "%s%zu", d ? "x" : "", dims[d]);
    return buf;
}

/* The shape of an --input file. 1-D chapters read (N,) or (batch, N). A chapter of up to
 * MAX_DIMS > 1 dimensions reads (N,), or an array whose first axis is the batch:
 * (batch, N), (batch, Ny, Nx), (batch, Nz, Ny, Nx); with --size D0xD1.. the file may also leave the batch
 * axis out: (D0, D1, ..). HALF: the file holds half spectra (C2R), whose last axis is
 * Nx/2 + 1: --size names the real arrays' shape, as numpy.fft.irfftn's s does; without
 * it Nx = 2 (m - 1) from the file's m, irfftn's default. */
static void shape_from_input(const struct fl_npy *in, const struct fl_options *o, int max_dims,
                             int half, struct run_ctx *c)
{
    int naxes = in->naxes, lead; /* lead = 1: the first axis is the batch */
    char want[96], got[96];
    if (max_dims <= 1) {
        if (naxes > 2)
            fl_die(FL_EXIT_USAGE, "%s has %d axes; 1-D chapters read shape (N,) or (batch, N)", o->input, naxes);
        lead = naxes == 2;
    } else if (o->ndims) {
        if (naxes != o->ndims && naxes != o->ndims + 1)
            fl_die(FL_EXIT_USAGE, "--size %s disagrees with %s, which has %d axes: --size %s reads "
                   "shape (%s) or (batch, %s)", shape_text(o->dims, o->ndims, want, sizeof want),
                   o->input, naxes, want, want, want);
        lead = naxes == o->ndims + 1;
    } else {
        if (naxes > max_dims + 1)
            fl_die(FL_EXIT_USAGE, "%s has %d axes; %s reads shape (N,), (batch, N), (batch, Ny, "
                   "Nx) or (batch, Nz, Ny, Nx)", o->input, naxes, c->ch->name);
        lead = naxes >= 2;
    }
    c->ndims = naxes - lead;
    c->n = 1;
    for (int d = 0; d < c->ndims; d++) {
        c->dims[d] = in->shape[lead + d];
        c->n *= c->dims[d];
    }
    c->batch = lead ? in->shape[0] : 1;
    /* the file's arrays as --size says they are: its shape, or its half spectrum's */
    size_t expect[FL_MAX_DIMS] = {0};
    const char *why_half = half ? " (half spectra: the last axis of a half spectrum of Nx reals "
                                  "is Nx/2 + 1)" : "";
    if (o->ndims && half)
        fl_half_dims(o->dims, o->ndims, expect);
    else if (o->ndims)
        memcpy(expect, o->dims, sizeof expect);
    if (o->ndims && max_dims <= 1 && (o->ndims != 1 || expect[0] != c->n))
        fl_die(FL_EXIT_USAGE, "--size %zu disagrees with %s, whose rows have length %zu%s",
               o->dims[0], o->input, c->n, why_half);
    if (o->ndims && (o->ndims != c->ndims || memcmp(expect, c->dims, (size_t)c->ndims * sizeof c->dims[0])))
        fl_die(FL_EXIT_USAGE, "--size %s disagrees with %s, whose arrays have shape %s%s",
               shape_text(o->dims, o->ndims, want, sizeof want), o->input,
               shape_text(c->dims, c->ndims, got, sizeof got), why_half);
    if (o->batch && o->batch != c->batch)
        fl_die(FL_EXIT_USAGE, "--batch %zu disagrees with %s, which holds %zu rows", o->batch,
               o->input, c->batch);
    if (half) {
        /* from here on, the real arrays' shape */
        size_t m = c->dims[c->ndims - 1];
        if (o->ndims)
            memcpy(c->dims, o->dims, sizeof c->dims);
        else if (m < 2)
            fl_die(FL_EXIT_USAGE, "%s: a half spectrum of Nx reals has Nx/2 + 1 values along its "
                   "last axis, at least 2 for the even Nx this chapter does; this one has %zu",
                   o->input, m);
        else
            c->dims[c->ndims - 1] = 2 * (m - 1);
        c->n = 1;
        for (int d = 0; d < c->ndims; d++)
            c->n *= c->dims[d];
    }
}

/* Read --input for chapter CH into IN (exits 2 on a file that does not fit the run). */
static void read_input(const struct fl_chapter *ch, const struct fl_options *o, struct fl_npy *in)
{
    char err[1024];
    int dbl = o->precision == FL_DOUBLE;
    if (!ch->real_input) {
        if (fl_npy_read(o->input, in, err, sizeof err) != 0)
            fl_die(FL_EXIT_USAGE, "%s", err);
        if (in->complex128 != dbl)
            fl_die(FL_EXIT_USAGE, "%s holds %s but this is a %s-precision run; use %s, or convert "
                   "with numpy: x.astype(np.%s)", o->input, in->complex128 ? "complex128" : "complex64",
                   dbl ? "double" : "single",
                   in->complex128 ? "--precision double" : "--precision single",
                   dbl ? "complex128" : "complex64");
        return;
    }
    /* real transforms: R2C reads real arrays, C2R half spectra */
    if (fl_npy_read_any(o->input, in, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    const char *has = in->real ? (in->complex128 ? "float64" : "float32")
                               : (in->complex128 ? "complex128" : "complex64");
    if (!o->inverse && !in->real)
        fl_die(FL_EXIT_USAGE, "%s holds %s values; %s's forward transform (R2C) reads real arrays, "
               "%s ('<%s'): np.save(path, x.astype(np.%s)). A half spectrum (numpy.fft.rfftn's) "
               "goes back with --inverse (C2R); complex data of any kind: 06_mixed_radix, 07_multidim",
               o->input, has, ch->name, dbl ? "float64" : "float32", dbl ? "f8" : "f4",
               dbl ? "float64" : "float32");
    if (o->inverse && in->real)
        fl_die(FL_EXIT_USAGE, "%s holds %s values; --inverse (C2R) reads half spectra, %s of shape "
               "(..., Nx/2 + 1), e.g. np.fft.rfftn(x, axes=...).astype(np.%s); real arrays are the "
               "forward transform's (R2C) input", o->input, has, dbl ? "complex128" : "complex64",
               dbl ? "complex128" : "complex64");
    if (in->complex128 != dbl)
        fl_die(FL_EXIT_USAGE, "%s holds %s but this is a %s-precision run; use %s, or convert "
               "with numpy: x.astype(np.%s)", o->input, has, dbl ? "double" : "single",
               in->complex128 ? "--precision double" : "--precision single",
               in->real ? (dbl ? "float64" : "float32") : (dbl ? "complex128" : "complex64"));
}

static int run_problem(const struct fl_chapter *ch, struct fl_options o, int shared_device,
                       int last);

/* A list's largest N x batch: the shared memory the one worker of a list is started with. */
static size_t list_values;
/* The memory the checker and the worker share (fl_iso_start): each run's input, then its
 * output, as interleaved complex doubles. */
static void *shared_mem;

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
    const struct fl_variant *variant = find_variant(ch, o->variant);
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
        print_help(argv[0], ch);
        return FL_EXIT_OK;
    }
    if (o.list_devices)
        return fl_list_devices(stdout) ? FL_EXIT_OK : FL_EXIT_OPENCL;
    if (o.size_list)
        return run_size_list(ch, &o);
    return run_problem(ch, o, 0, 1);
}

/* ---------------------------------------------------------------- the worker's part */

/* The worker: tables and scratch buffers of plan WHICH into its executor's slots, fenced
 * on a CPU device, else each between guard zones: a kernel reaches them as it reaches A
 * and B, and a kernel that writes outside them is caught the same way. */
static void make_tables(struct run_ctx *c, int which)
{
    const struct fl_plan *plan = c->plans[which];
    struct fl_exec *ex = c->exs[which];
    for (int t = 0; t < plan->ntables; t++) {
        const struct fl_table *tab = &plan->table[t];
        struct fl_fence *f = &c->fence_tab[which][t];
        size_t bytes = tab->count * c->elem;
        char name[32];
        snprintf(name, sizeof name, "%s", tab->name);
        void *host = NULL;
        if (c->fenced) {
            fl_fence_make(f, &c->dev, bytes, c->elem, name);
            host = f->data;
            ex->slot[FL_BUF_TABLE0 + t] = f->mem;
        } else {
            snprintf(f->name, sizeof f->name, "%s", name);
            c->tab_all[which][t] = make_buffer(c, bytes + 2 * c->tab_guard, tab->data ? "a table"
                                                                           : "a scratch buffer");
            cl_int err;
            cl_buffer_region region = {c->tab_guard, bytes};
            ex->slot[FL_BUF_TABLE0 + t] = clCreateSubBuffer(c->tab_all[which][t], CL_MEM_READ_WRITE,
                                                            CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
            if (err != CL_SUCCESS)
                fl_die(FL_EXIT_OPENCL, "cannot make the guarded view of table %s on %s: %s",
                       tab->name, c->dev.name, fl_cl_error_name(err));
            if (tab->data)
                host = xmalloc(bytes, "a table");
        }
        if (tab->data) {
            for (size_t i = 0; i < 2 * tab->count; i++) {
                if (c->elem == 16) ((double *)host)[i] = tab->data[i];
                else ((float *)host)[i] = (float)tab->data[i];
            }
            if (!c->fenced) {
                CL_CHECK(clEnqueueWriteBuffer(c->dev.queue, ex->slot[FL_BUF_TABLE0 + t], CL_TRUE, 0,
                                              bytes, host, 0, NULL, NULL));
                free(host);
            }
        }
    }
}

static void release_tables(struct run_ctx *c, int which)
{
    const struct fl_plan *plan = c->plans[which];
    struct fl_exec *ex = c->exs[which];
    for (int t = 0; t < plan->ntables; t++) {
        if (c->fenced) {
            fl_fence_free(&c->fence_tab[which][t]);
        } else {
            clReleaseMemObject(ex->slot[FL_BUF_TABLE0 + t]);
            clReleaseMemObject(c->tab_all[which][t]);
        }
        ex->slot[FL_BUF_TABLE0 + t] = NULL;
    }
}

/* The worker: one problem's device part (JOB, from the checker): the device (or SHARED, a
 * list's one device), its checks, the build, the plans, the buffers; then the checker's
 * requests (a run, the timing) until it ends the job; everything released. */
static void device_job(const struct fl_chapter *ch, const struct job *job, struct fl_device *shared)
{
    char err[1024];
    struct fl_options o = job->o;
    const struct fl_variant *variant = find_variant(ch, o.variant);
    struct run_ctx c;
    memset(&c, 0, sizeof c);
    c.ch = ch;
    c.variant = variant;
    c.o = &o;
    c.real = job->real;
    c.n = job->n;
    c.batch = job->batch;
    c.count = c.n * c.batch;
    c.ndims = job->ndims;
    memcpy(c.dims, job->dims, sizeof c.dims);
    c.shared = shared_mem;

    /* --- the device */
    if (shared)
        c.dev = *shared;
    else
        fl_device_open(o.device, &c.dev);
    if (o.precision == FL_DOUBLE && !c.dev.has_fp64)
        fl_die(FL_EXIT_USAGE, "--precision double needs cl_khr_fp64, which %s does not have",
               c.dev.name);
    c.elem = o.precision == FL_DOUBLE ? 16 : 8;
    int sign = o.inverse ? 1 : -1;
    struct side side_in = side_of(&c, sign, 0), side_res = side_of(&c, sign, 1);
    size_t in_bytes = side_bytes(&c, &side_in), res_bytes = side_bytes(&c, &side_res);
    c.data_bytes = in_bytes > res_bytes ? in_bytes : res_bytes;
    {
        cl_uint align_bits = 0;
        CL_CHECK(clGetDeviceInfo(c.dev.id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits,
                                 &align_bits, NULL));
        size_t align = align_bits >= 8 ? align_bits / 8 : 1;
        size_t row = c.data_bytes / c.batch, g = GUARD_ELEMENTS * c.elem;
        if (row > g)
            g = row < GUARD_MAX_BYTES ? row : GUARD_MAX_BYTES;
        c.guard_bytes = (g + align - 1) / align * align; /* the sub-buffer's origin */
        c.tab_guard = (GUARD_ELEMENTS * c.elem + align - 1) / align * align;
        c.fill = fl_fill_limits_for(align);
    }
    size_t buf_bytes = c.data_bytes + 2 * c.guard_bytes;
    if (buf_bytes > c.dev.max_alloc)
        fl_die(FL_EXIT_USAGE, "N x batch = %zu x %zu needs %zu MiB per buffer, but %s allows at "
               "most %llu MiB per buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE): too large for this device",
               c.n, c.batch, buf_bytes >> 20, c.dev.name, (unsigned long long)(c.dev.max_alloc >> 20));
    if (3 * buf_bytes > c.dev.global_mem)
        fl_die(FL_EXIT_USAGE, "N x batch = %zu x %zu needs 3 buffers of %zu MiB, more than the "
               "%llu MiB of %s: too large for this device", c.n, c.batch, buf_bytes >> 20,
               (unsigned long long)(c.dev.global_mem >> 20), c.dev.name);
    {
        /* the host's share, before anything is allocated: FFTW's arrays in long double
         * (32 bytes a complex value) for runs in double, else double; a complex one in
         * double is done in place in the reference's array (none). Both processes
         * together: the checker's arrays, the worker's staging, and the memory they share */
        size_t in_count = side_in.n * c.batch, res_count = side_res.n * c.batch, part =
               o.precision == FL_DOUBLE ? sizeof(long double) : sizeof(double);
        size_t ref = c.real ? c.count * part + fl_half_count(c.dims, c.ndims) * c.batch * 2 * part
                   : o.precision == FL_DOUBLE ? c.count * 2 * part : 0;
        size_t need = fl_host_bytes(in_count, res_count, c.data_bytes, o.verify, ref) +
                      c.count * 16, /* the memory shared with the worker */
               have = fl_host_memory();
        if (have && need > have)
            fl_die(FL_EXIT_USAGE, "N x batch = %zu x %zu needs %.1f GiB of host memory%s, more "
                   "than the %.1f GiB of this machine: use a smaller batch%s", c.n, c.batch,
                   need / 1073741824.0, o.verify ? " to verify (the input, the result, FFTW's "
                   "reference and the checks' copies)" : "", have / 1073741824.0,
                   o.verify ? ", or --no-verify" : "");
    }

    struct fl_problem prob = {c.n, c.batch, sign, o.precision, o.wg, variant->name, &c.dev,
                              c.ndims, {0}, {{0, 0}}, 0};
    memcpy(prob.dims, c.dims, sizeof prob.dims);
    if (o.tune && o.nshapes)
        fl_die(FL_EXIT_USAGE, "--tune measures the shapes that --shapes would set: give one of them");
    if ((o.nshapes || o.tune) && !ch->shaped_passes)
        fl_die(FL_EXIT_USAGE, "%s has no per-pass group shapes to set (--shapes) or measure "
               "(--tune); 06_mixed_radix, 07_multidim and 09_real_input (1-D) have", ch->name);
    if (ch->check && ch->check(&prob, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    /* passes whose group shape --shapes sets or --tune measures (counted with no shapes) */
    int shaped = ch->shaped_passes ? ch->shaped_passes(&prob) : 0;
    if (o.nshapes > shaped)
        fl_die(FL_EXIT_USAGE, "--shapes gives %d shape%s, but the plan of N = %zu (variant %s) "
               "has %d pass%s that take%s one%s", o.nshapes, o.nshapes == 1 ? "" : "s", c.n,
               variant->name, shaped, shaped == 1 ? "" : "es", shaped == 1 ? "s" : "",
               shaped ? "" : ": only the passes of a multi-pass plan do (a single pass does "
               "whole rows), and only in the variants that plan such passes");
    for (int k = 0; k < o.nshapes; k++)
        if (o.shapes[k].items > c.dev.max_wg)
            fl_die(FL_EXIT_USAGE, "--shapes: pass %d asks for %zu work-items per group, more than "
                   "the %zu %s allows", k, o.shapes[k].items, c.dev.max_wg, c.dev.name);
    prob.nshapes = o.nshapes;
    memcpy(prob.shape, o.shapes, sizeof prob.shape);
    if (o.nshapes && ch->check && ch->check(&prob, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err); /* a shape a pass cannot keep */

    /* the checker starts its watchdog here, and reports on this device */
    {
        struct dev_info di;
        memset(&di, 0, sizeof di);
        snprintf(di.platform_name, sizeof di.platform_name, "%s", c.dev.platform_name);
        snprintf(di.name, sizeof di.name, "%s", c.dev.name);
        snprintf(di.driver, sizeof di.driver, "%s", c.dev.driver);
        snprintf(di.clc_version, sizeof di.clc_version, "%s", c.dev.clc_version);
        di.platform_index = c.dev.platform_index;
        di.device_index = c.dev.device_index;
        di.type = c.dev.type;
        fl_iso_send(MSG_STARTED, 0, &di, sizeof di);
    }
    fl_report_header(o.format, ch->name, ch->title, &c.dev);
    if (o.format == FL_FORMAT_TEXT) {
        char shape[96], points[48] = "";
        shape_text(c.dims, c.ndims, shape, sizeof shape);
        if (c.ndims > 1)
            snprintf(points, sizeof points, " (%zu points)", c.n);
        char kind[160] = "";
        if (c.real) {
            /* what goes in and what comes out, in NumPy's shapes */
            char half[96];
            shape_text(o.inverse ? side_in.dims : side_res.dims, c.ndims, half, sizeof half);
            snprintf(kind, sizeof kind, o.inverse ? " c2r (%s complex -> %s reals)"
                                                  : " r2c (%s reals -> %s complex)",
                     o.inverse ? half : shape, o.inverse ? shape : half);
        }
        printf("problem  N=%s%s batch=%zu %s%s %s variant=%s input=%s\n", shape, points, c.batch,
               o.inverse ? "inverse" : "forward", kind, o.precision == FL_DOUBLE ? "double" : "single",
               variant->name, o.input ? o.input : "random");
        if (o.verify)
            printf("reference FFTW in %s precision\n", o.precision == FL_DOUBLE ? "long double" : "double");
        if (c.real && o.inverse && o.input && !o.ndims)
            printf("note     Nx = 2 (m - 1) = %zu from the file's last axis (m = %zu), as "
                   "numpy.fft.irfft's default n; give --size for the real arrays' shape\n",
                   c.dims[c.ndims - 1], c.dims[c.ndims - 1] / 2 + 1);
    }

    /* --- kernels */
    fl_exercise_setup(o.kernels, o.exercise, variant->name, variant->exercise, ch->kernel_file,
                      ch->uses, c.kernel_file, sizeof c.kernel_file);
    const char *base = o.precision == FL_DOUBLE
                     ? "-cl-std=CL1.2 -D real_t=double -D real2_t=double2 -D FFTLAB_DOUBLE=1"
                     : "-cl-std=CL1.2 -D real_t=float -D real2_t=float2";
    if (o.tune) {
        FILE *to = o.format == FL_FORMAT_TEXT ? stdout : stderr;
        static struct fl_tune tune;
        if (fl_tune_candidates(&tune, c.dev.max_wg, err, sizeof err) < 0)
            fl_die(FL_EXIT_USAGE, "%s", err);
        if (shaped == 0) {
            fprintf(to, "tune     nothing to measure: the plan of N = %zu (variant %s) has no "
                    "passes that take a group shape (a single pass does whole rows; only the "
                    "variants that plan several passes have them)\n", c.n, variant->name);
        } else {
            fl_tune_run(&tune, ch, &prob, shaped, c.kernel_file, base, c.data_bytes, c.elem,
                        o.warmup);
            fl_tune_print(&tune, to);
        }
    }
    char extra[1024] = "", options[1280];
    if (ch->build_options)
        ch->build_options(&prob, extra, sizeof extra);
    /* --explain names each kernel argument, and a fenced run (a CPU device, fence.h) makes
     * the buffers a launch takes as const read-only while it runs: both need the kernels'
     * argument information, which the compiler keeps only when asked. The build line
     * printed above (--explain) is the chapter's own. */
    snprintf(options, sizeof options, "%s%s%s", base, extra[0] ? " " : "", extra);
    c.fenced = fl_fence_usable(&c.dev);
    char built[1400];
    snprintf(built, sizeof built, "%s%s", options,
             c.fenced || o.explain ? " -cl-kernel-arg-info" : "");
    cl_program program = fl_build_program(&c.dev, c.kernel_file, ch->uses, built);
    char hint[4800] = "";
    if (variant->exercise)
        snprintf(hint, sizeof hint, "variant '%s' runs the exercise %s: does it define what "
                 "the exercise asks for?", variant->name, fl_exercise_path()[0] ? fl_exercise_path()
                 : c.kernel_file);

    static struct fl_plan plan_main, plan_back;
    fl_plan_init(&plan_main);
    fl_plan_init(&plan_back);
    ch->plan(&prob, &plan_main);
    struct fl_problem back = prob;
    back.sign = -prob.sign;
    if (o.verify)
        ch->plan(&back, &plan_back);

    struct fl_exec ex_main = {0}, ex_back = {0};
    ex_main.queue = ex_back.queue = c.dev.queue;
    ex_main.program = ex_back.program = program;
    fl_exec_prepare(&ex_main, &plan_main, c.kernel_file, hint[0] ? hint : NULL);
    if (o.verify)
        fl_exec_prepare(&ex_back, &plan_back, c.kernel_file, hint[0] ? hint : NULL);
    if (variant->exercise && plan_main.nlaunch == 0)
        probe_exercise_kernels(ch, &prob, program, c.kernel_file, hint);

    if (o.explain) {
        printf("kernels  %s\nbuild    %s\n", fl_program_files(), options);
        fl_print_build_legend(options);
        const char *dir_main = c.real ? (o.inverse ? "inverse, c2r" : "forward, r2c")
                                      : (o.inverse ? "inverse" : "forward");
        const char *dir_back = c.real ? (o.inverse ? "forward, r2c, for the round trip"
                                                   : "inverse, c2r, for the round trip")
                                      : (o.inverse ? "forward, for the round trip"
                                                   : "inverse, for the round trip");
        fl_plan_explain(&plan_main, dir_main, ex_main.kernel, NULL);
        if (o.verify)
            fl_plan_explain(&plan_back, dir_back, ex_back.kernel, &plan_main);
    }

    /* --- buffers */
    if (c.fenced) {
        /* a CPU device: each buffer between PROT_NONE regions, any access outside it faults */
        fl_fence_status_to_stderr(o.format != FL_FORMAT_TEXT);
        fl_fence_make(&c.fence_src, &c.dev, in_bytes, c.elem, "input");
        fl_fence_make(&c.fence_a, &c.dev, c.data_bytes, c.elem, "A");
        fl_fence_make(&c.fence_b, &c.dev, c.data_bytes, c.elem, "B");
        c.src = c.fence_src.mem;
        c.a = c.fence_a.mem;
        c.b = c.fence_b.mem;
    } else {
        c.src = make_buffer(&c, in_bytes, "input buffer");
        c.a_all = make_buffer(&c, buf_bytes, "buffer A");
        c.b_all = make_buffer(&c, buf_bytes, "buffer B");
        c.a = data_of(&c, c.a_all, "buffer A");
        c.b = data_of(&c, c.b_all, "buffer B");
    }
    c.staging = xmalloc(c.data_bytes, "staging buffer");
    c.exs[0] = &ex_main;
    c.exs[1] = &ex_back;
    c.plans[0] = &plan_main;
    c.plans[1] = &plan_back;
    ex_main.slot[FL_BUF_A] = ex_back.slot[FL_BUF_A] = c.a;
    ex_main.slot[FL_BUF_B] = ex_back.slot[FL_BUF_B] = c.b;
    make_tables(&c, 0);
    if (o.verify)
        make_tables(&c, 1);

    /* --- the checker's requests: each run's input and output in the shared memory */
    int nlaunch = plan_main.nlaunch;
    fl_iso_send(MSG_READY, 0, &nlaunch, sizeof nlaunch);
    for (;;) {
        struct fl_msg m;
        struct run_req rq;
        if (fl_iso_recv(&m, &rq, sizeof rq) != 0)
            _exit(FL_EXIT_OPENCL); /* the checker is gone */
        if (m.type == MSG_END_JOB)
            break;
        if (m.type == MSG_RUN && m.len == sizeof rq && (rq.which == 0 || (rq.which == 1 && o.verify))) {
            rq.check[sizeof rq.check - 1] = '\0';
            c.check = rq.check;
            static struct output_msg done;
            memset(&done, 0, sizeof done);
            const char *bad = run_plan_once(&c, rq.which, rq.sign, c.shared, c.shared);
            if (bad) {
                snprintf(done.where, sizeof done.where, "%s", bad);
                done.fault = c.fault;
            }
            c.check = NULL;
            fl_iso_send(MSG_OUTPUT, 0, &done, sizeof done);
        } else if (m.type == MSG_TIME && nlaunch > 0) {
            static struct timing_msg t;
            memset(&t, 0, sizeof t);
            time_plan(&c, c.shared, options, &t);
            fl_iso_send(MSG_TIMING, 0, &t, sizeof t);
        } else {
            fl_die(FL_EXIT_OPENCL, "the checker sent message %u, which this worker cannot "
                   "answer (a bug)", (unsigned)m.type);
        }
    }

    fl_exec_release(&ex_main, &plan_main);
    fl_exec_release(&ex_back, &plan_back);
    release_tables(&c, 0);
    if (o.verify)
        release_tables(&c, 1);
    fl_plan_free(&plan_main);
    fl_plan_free(&plan_back);
    if (c.fenced) {
        fl_fence_free(&c.fence_src);
        fl_fence_free(&c.fence_a);
        fl_fence_free(&c.fence_b);
    } else {
        clReleaseMemObject(c.src);
        clReleaseMemObject(c.a);
        clReleaseMemObject(c.b);
        clReleaseMemObject(c.a_all);
        clReleaseMemObject(c.b_all);
    }
    clReleaseProgram(program);
    if (!shared)
        fl_device_close(&c.dev);
    free(c.staging);
}

/* The worker's life: one job after another (a list's sizes share one device), until the
 * checker closes the channel. */
static void worker_main(void *arg)
{
    const struct fl_chapter *ch = arg;
    static struct fl_device dev;
    int opened = 0;
    for (;;) {
        struct fl_msg m;
        static struct job job;
        if (fl_iso_recv(&m, &job, sizeof job) != 0)
            break;
        if (m.type != MSG_JOB || m.len != sizeof job)
            fl_die(FL_EXIT_OPENCL, "the checker sent message %u where a job was due (a bug)",
                   (unsigned)m.type);
        if (job.shared_device && !opened) {
            fl_device_open(job.o.device, &dev);
            opened = 1;
        }
        device_job(ch, &job, job.shared_device ? &dev : NULL);
    }
    if (opened)
        fl_device_close(&dev);
}

/* ---------------------------------------------------------------- the checker's part */

/* One problem, start to end: the shape and the input here; the device's part in the worker
 * (started here for the first problem; SHARED_DEVICE: a list's, whose one device stays
 * open); verified here, timed there, the result reported here. LAST: the worker's last
 * problem, ended before the report, so that the verdict comes after everything it prints.
 * Returns FL_EXIT_OK or FL_EXIT_MISMATCH; any other failure exits the process (fl_die)
 * with its own code. */
static int run_problem(const struct fl_chapter *ch, struct fl_options o, int shared_device,
                       int last)
{
    char err[1024];
    const struct fl_variant *variant = find_variant(ch, o.variant);
    struct run_ctx c;
    memset(&c, 0, sizeof c);
    c.ch = ch;
    c.variant = variant;
    c.o = &o;
    fl_report_json_running(variant->name, NULL);

    /* --- the problem's shape */
    c.real = ch->real_input;
    struct fl_npy in;
    memset(&in, 0, sizeof in);
    if (o.input) {
        read_input(ch, &o, &in);
        const struct fl_capability *cap = fl_capability_of(ch->name);
        shape_from_input(&in, &o, cap ? cap->max_dims : 1, c.real && o.inverse, &c);
    } else {
        if (o.ndims) {
            c.ndims = o.ndims;
            memcpy(c.dims, o.dims, sizeof c.dims);
        } else if (ch->demo_shape) {
            if (fl_parse_size(ch->demo_shape, c.dims, &c.ndims, err, sizeof err) != 0)
                fl_die(FL_EXIT_OPENCL, "%s's demo_shape: %s (chapter bug)", ch->name, err);
        } else {
            c.ndims = 1;
            c.dims[0] = ch->demo_n;
        }
        c.n = 1;
        for (int d = 0; d < c.ndims; d++)
            c.n *= c.dims[d];
        c.batch = o.batch ? o.batch : (o.ndims ? 1 : ch->demo_batch);
    }
    if (fl_capability_check(ch->name, c.dims, c.ndims, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    if (fl_check_values(c.n, c.batch, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    c.count = c.n * c.batch;
    c.elem = o.precision == FL_DOUBLE ? 16 : 8;
    int sign = o.inverse ? 1 : -1;
    struct side side_in = side_of(&c, sign, 0), side_res = side_of(&c, sign, 1);

    /* --- the worker: everything OpenCL (no OpenCL object exists in this process) */
    if (!fl_iso_running()) {
        /* every side is at most N x batch complex doubles (a half spectrum is smaller) */
        size_t values = c.count > list_values ? c.count : list_values;
        fl_iso_start(values * 16, &shared_mem, worker_main, (void *)ch);
        fl_iso_on_lost(print_held);
    }
    c.shared = shared_mem;
    {
        static struct job job;
        memset(&job, 0, sizeof job);
        job.o = o;
        job.n = c.n;
        job.batch = c.batch;
        job.ndims = c.ndims;
        job.real = c.real;
        job.shared_device = shared_device;
        memcpy(job.dims, c.dims, sizeof job.dims);
        fl_iso_send(MSG_JOB, 0, &job, sizeof job);
    }
    struct fl_msg m;
    static struct dev_info di;
    if (fl_iso_recv(&m, &di, sizeof di) != 0 || m.type != MSG_STARTED || m.len != sizeof di)
        fl_die(FL_EXIT_OPENCL, "the process that runs the kernels sent message %u where its "
               "device was due", (unsigned)m.type);
    /* the device as the worker describes it, for the report (no OpenCL handle here) */
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
    c.dev = dev;
    fl_iso_watchdog(o.timeout_s, o.format != FL_FORMAT_TEXT);
    held.fmt = o.format;
    held.r = NULL;
    held.shown = held.printed = 0;
    int nlaunch = 0;
    if (fl_iso_recv(&m, &nlaunch, sizeof nlaunch) != 0 || m.type != MSG_READY ||
        m.len != sizeof nlaunch)
        fl_die(FL_EXIT_OPENCL, "the process that runs the kernels sent message %u where its "
               "buffers were due", (unsigned)m.type);

    /* a run in double is checked against FFTW in long double (docs/accuracy.md) */
    fl_reference_long_double(o.precision == FL_DOUBLE);

    /* --- the input the run transforms and times: this process's own copy */
    double *x0 = in.data;
    size_t in_count = side_in.n * c.batch, res_count = side_res.n * c.batch;
    if (!x0) {
        x0 = xmalloc(in_count * 16, "input");
        if (!c.real) {
            fl_fill_random(x0, c.count, o.seed);
        } else if (!o.inverse) {
            fl_fill_random_real(x0, in_count, o.seed);
        } else {
            /* a half spectrum some real array has (fl_hermitian_half) */
            fl_fill_random(x0, in_count, o.seed);
            fl_hermitian_half(x0, c.dims, c.ndims, c.batch);
        }
        if (o.precision == FL_SINGLE)
            fl_round_to_float(x0, in_count);
    }
    else
        check_input(&c, x0, in_count);
    double *out0 = xmalloc(res_count * 16, "result");

    static struct fl_result r;
    memset(&r, 0, sizeof r);
    r.chapter = ch->name;
    /* a tuned run's row says so ("stockham+tune"): its plan is not the default's, and a
     * bench table must not mix the two (tools/bench-label.awk keeps them apart) */
    static char tuned[96];
    r.variant = variant->name;
    if (o.tune) {
        snprintf(tuned, sizeof tuned, "%s+tune", variant->name);
        r.variant = tuned;
    }
    r.dev = &dev;
    r.n = c.n;
    r.ndims = c.ndims;
    memcpy(r.dims, c.dims, sizeof r.dims);
    r.batch = c.batch;
    r.sign = sign;
    r.real = c.real;
    r.precision = o.precision;
    r.seed = o.seed;
    r.input = o.input;
    r.passed = 1;
    r.verified = o.verify;
    held.r = &r;
    fl_report_json_running(r.variant, &r);

    if (o.verify) {
        verify(&c, x0, out0, &r);
    } else {
        c.check = "run";
        const char *guard = remote_run(&c, 0, sign, x0, out0);
        if (guard) {
            r.passed = 0;
            r.fault = c.fault;
            snprintf(r.reason, sizeof r.reason, "a kernel wrote out of bounds: %s", guard);
        }
    }
    if (o.output) {
        /* 1-D: (N,) for one row, else (B, N). A grid: (B, D0, D1, ..), the batch axis left
         * out only when the input file left it out. A real transform writes the half
         * spectra (R2C, complex) or the real arrays (C2R, float32/float64). */
        size_t shape[1 + FL_MAX_DIMS] = {c.batch};
        memcpy(shape + 1, side_res.dims, (size_t)c.ndims * sizeof c.dims[0]);
        int lead = c.ndims == 1 ? c.batch > 1 || (in.data && in.naxes == 2)
                                : !(in.data && in.naxes == c.ndims);
        if (fl_npy_write_kind(o.output, out0, lead ? shape : shape + 1, c.ndims + lead,
                              side_res.real, o.precision == FL_DOUBLE, err, sizeof err) != 0)
            fl_die(FL_EXIT_USAGE, "%s", err);
        held.output = o.output;
    }

    static struct timing_msg t;
    int timed = 0;
    if (o.repeat != 0 && nlaunch > 0 && r.passed) {
        memcpy(c.shared, x0, in_count * 16);
        fl_iso_send(MSG_TIME, 0, NULL, 0);
        if (fl_iso_recv(&m, &t, sizeof t) != 0 || m.type != MSG_TIMING || m.len != sizeof t)
            fl_die(FL_EXIT_OPENCL, "the process that ran the kernels sent message %u where its "
                   "timing was due", (unsigned)m.type);
        timed = 1;
    } else if (nlaunch == 0) {
        r.ms.count = -1; /* N = 1: nothing to time */
    }

    /* --- the worker's part is over: the verdict, printed after it (when last) has exited */
    fl_iso_send(MSG_END_JOB, 0, NULL, 0);
    if (last)
        fl_iso_finish();
    fl_iso_watchdog_done();
    print_held();
    if (timed)
        take_timing(&t, o.format, &r);
    fl_report_result(o.format, &r);
    held.r = NULL;

    free(out0);
    if (x0 != in.data)
        free(x0);
    fl_npy_free(&in);
    return r.passed ? FL_EXIT_OK : FL_EXIT_MISMATCH;
}
