/* The worker process (common/isolate.h): forked before any OpenCL object exists, it does
 * each problem's device part (the device, its checks, the build, the plans, the buffers)
 * and then answers the checker's requests (a run, the timing) until the checker ends the
 * job; a list's sizes share its one device. */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include "isolate.h"
#include "program.h"
#include "limits.h"
#include "fft/tune.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* One job's state in the worker, beyond the run's context: what each step leaves for the
 * next. */
struct job_state {
    struct fl_options o;          /* the job's options (c.o points here)                */
    struct run_ctx c;
    struct side side_in, side_res;
    size_t in_bytes, res_bytes, buf_bytes;
    struct fl_problem prob;
    int shaped;                   /* passes whose group shape --shapes sets or --tune measures */
    char options[1280];           /* the build options (the chapter's)                  */
    char hint[4800];              /* an exercise's hint for a kernel not found          */
    cl_program program;
    struct fl_exec ex_main, ex_back;
};

/* The job's context from JOB; the device (SHARED: a list's one device), the sides, the
 * sizes of the buffers and their guard zones. */
static void open_job(struct job_state *js, const struct fl_chapter *ch, const struct job *job,
                     struct fl_device *shared)
{
    struct run_ctx *cp = &js->c;
    memset(js, 0, sizeof *js);
    js->o = job->o;
    const struct fl_options *o = &js->o;
    cp->ch = ch;
    cp->variant = run_find_variant(ch, o->variant);
    cp->o = o;
    cp->real = job->real;
    cp->n = job->n;
    cp->batch = job->batch;
    cp->count = cp->n * cp->batch;
    cp->ndims = job->ndims;
    memcpy(cp->dims, job->dims, sizeof cp->dims);
    cp->shared = run_shared_mem;

    /* --- the device */
    if (shared)
        cp->dev = *shared;
    else
        fl_device_open(o->device, &cp->dev);
    char why[512];
    if (fl_device_refuses(&cp->dev, o->precision == FL_DOUBLE, 0, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why);
    cp->elem = o->precision == FL_DOUBLE ? 16 : 8;
    int sign = o->inverse ? 1 : -1;
    js->side_in = run_side_of(cp, sign, 0);
    js->side_res = run_side_of(cp, sign, 1);
    js->in_bytes = run_side_bytes(cp, &js->side_in);
    js->res_bytes = run_side_bytes(cp, &js->side_res);
    cp->data_bytes = js->in_bytes > js->res_bytes ? js->in_bytes : js->res_bytes;
    cp->guard_bytes = fl_guard_bytes(&cp->dev, cp->data_bytes / cp->batch, cp->elem);
    cp->tab_guard = fl_guard_bytes(&cp->dev, 0, cp->elem);
    cp->fill = fl_fill_limits_for(fl_base_align(&cp->dev));
    js->buf_bytes = cp->data_bytes + 2 * cp->guard_bytes;
}

/* Exit 2 when the job's buffers do not fit the device, or its arrays the host. */
static void check_memory(const struct job_state *js)
{
    const struct run_ctx *cp = &js->c;
    const struct fl_options *o = &js->o;
    size_t buf_bytes = js->buf_bytes;
    if (buf_bytes > cp->dev.max_alloc)
        fl_die(FL_EXIT_USAGE, "N x batch = %zu x %zu needs %zu MiB per buffer, but %s allows at "
               "most %llu MiB per buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE): too large for this device",
               cp->n, cp->batch, buf_bytes >> 20, cp->dev.name,
               (unsigned long long)(cp->dev.max_alloc >> 20));
    if (3 * buf_bytes > cp->dev.global_mem)
        fl_die(FL_EXIT_USAGE, "N x batch = %zu x %zu needs 3 buffers of %zu MiB, more than the "
               "%llu MiB of %s: too large for this device", cp->n, cp->batch, buf_bytes >> 20,
               (unsigned long long)(cp->dev.global_mem >> 20), cp->dev.name);
    /* the host's share, before anything is allocated: FFTW's arrays in long double
     * (32 bytes a complex value) for runs in double, else double; a complex one in
     * double is done in place in the reference's array (none). Both processes
     * together: the checker's arrays, the worker's staging, and the memory they share */
    size_t in_count = js->side_in.n * cp->batch, res_count = js->side_res.n * cp->batch, part =
           o->precision == FL_DOUBLE ? sizeof(long double) : sizeof(double);
    size_t ref = cp->real ? cp->count * part + fl_half_count(cp->dims, cp->ndims) * cp->batch * 2 * part
               : o->precision == FL_DOUBLE ? cp->count * 2 * part : 0;
    size_t need = fl_host_bytes(in_count, res_count, cp->data_bytes, o->verify, ref) +
                  run_most_values(cp) * 16, /* the memory shared with the worker */
           have = fl_host_memory();
    if (have && need > have)
        fl_die(FL_EXIT_USAGE, "N x batch = %zu x %zu needs %.1f GiB of host memory%s, more "
               "than the %.1f GiB of this machine: use a smaller batch%s", cp->n, cp->batch,
               need / 1073741824.0, o->verify ? " to verify (the input, the result, FFTW's "
               "reference and the checks' copies)" : "", have / 1073741824.0,
               o->verify ? ", or --no-verify" : "");
}

/* The problem the chapter plans (js->prob) and its checks: the chapter's own, --shapes
 * and --tune (exit 2 on what the plan cannot take). */
static void check_problem(struct job_state *js)
{
    char err[1024];
    struct run_ctx *cp = &js->c;
    const struct fl_options *o = &js->o;
    const struct fl_chapter *ch = cp->ch;
    const struct fl_variant *variant = cp->variant;
    struct fl_problem prob = {cp->n, cp->batch, o->inverse ? 1 : -1, o->precision, o->wg,
                              variant->name, &cp->dev, cp->ndims, {0}, {{0, 0}}, 0};
    memcpy(prob.dims, cp->dims, sizeof prob.dims);
    if (o->tune && o->nshapes)
        fl_die(FL_EXIT_USAGE, "--tune measures the shapes that --shapes would set: give one of them");
    if ((o->nshapes || o->tune) && !ch->shaped_passes)
        fl_die(FL_EXIT_USAGE, "%s has no per-pass group shapes to set (--shapes) or measure "
               "(--tune); 06_mixed_radix, 07_multidim and 09_real_input (1-D) have", ch->name);
    if (ch->check && ch->check(&prob, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    /* passes whose group shape --shapes sets or --tune measures (counted with no shapes) */
    int shaped = ch->shaped_passes ? ch->shaped_passes(&prob) : 0;
    if (o->nshapes > shaped)
        fl_die(FL_EXIT_USAGE, "--shapes gives %d shape%s, but the plan of N = %zu (variant %s) "
               "has %d pass%s that take%s one%s", o->nshapes, o->nshapes == 1 ? "" : "s", cp->n,
               variant->name, shaped, shaped == 1 ? "" : "es", shaped == 1 ? "s" : "",
               shaped ? "" : ": only the passes of a multi-pass plan do (a single pass does "
               "whole rows), and only in the variants that plan such passes");
    for (int k = 0; k < o->nshapes; k++)
        if (o->shapes[k].items > cp->dev.max_wg)
            fl_die(FL_EXIT_USAGE, "--shapes: pass %d asks for %zu work-items per group, more than "
                   "the %zu %s allows", k, o->shapes[k].items, cp->dev.max_wg, cp->dev.name);
    prob.nshapes = o->nshapes;
    memcpy(prob.shape, o->shapes, sizeof prob.shape);
    if (o->nshapes && ch->check && ch->check(&prob, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err); /* a shape a pass cannot keep */
    js->prob = prob;
    js->shaped = shaped;
}

/* The device to the checker (it starts its watchdog here, and reports on this device);
 * the report's header and, in text, the problem's lines. */
static void announce(const struct job_state *js)
{
    const struct run_ctx *cp = &js->c;
    const struct fl_options *o = &js->o;
    {
        struct dev_info di;
        memset(&di, 0, sizeof di);
        snprintf(di.platform_name, sizeof di.platform_name, "%s", cp->dev.platform_name);
        snprintf(di.name, sizeof di.name, "%s", cp->dev.name);
        snprintf(di.driver, sizeof di.driver, "%s", cp->dev.driver);
        snprintf(di.clc_version, sizeof di.clc_version, "%s", cp->dev.clc_version);
        di.platform_index = cp->dev.platform_index;
        di.device_index = cp->dev.device_index;
        di.type = cp->dev.type;
        fl_iso_send(MSG_STARTED, 0, &di, sizeof di);
    }
    fl_report_header(o->format, cp->ch->name, cp->ch->title, &cp->dev);
    if (o->format != FL_FORMAT_TEXT)
        return;
    char shape[96], points[48] = "";
    run_shape_text(cp->dims, cp->ndims, shape, sizeof shape);
    if (cp->ndims > 1)
        snprintf(points, sizeof points, " (%zu points)", cp->n);
    char kind[160] = "";
    if (cp->real && cp->ch->op) {
        snprintf(kind, sizeof kind, " real");
    } else if (cp->real) {
        /* what goes in and what comes out, in NumPy's shapes */
        char half[96];
        run_shape_text(o->inverse ? js->side_in.dims : js->side_res.dims, cp->ndims, half,
                       sizeof half);
        snprintf(kind, sizeof kind, o->inverse ? " c2r (%s complex -> %s reals)"
                                               : " r2c (%s reals -> %s complex)",
                 o->inverse ? half : shape, o->inverse ? shape : half);
    }
    printf("problem  N=%s%s batch=%zu %s%s %s variant=%s input=%s\n", shape, points, cp->batch,
           cp->ch->op ? cp->ch->op->what : o->inverse ? "inverse" : "forward", kind,
           o->precision == FL_DOUBLE ? "double" : "single", cp->variant->name,
           o->input ? o->input : "random");
    if (o->verify && cp->ch->op)
        printf("reference %s\n", cp->ch->op->reference_text);
    else if (o->verify)
        printf("reference FFTW in %s precision\n", o->precision == FL_DOUBLE ? "long double" : "double");
    if (cp->real && o->inverse && o->input && !o->ndims)
        printf("note     Nx = 2 (m - 1) = %zu from the file's last axis (m = %zu), as "
               "numpy.fft.irfft's default n; give --size for the real arrays' shape\n",
               cp->dims[cp->ndims - 1], cp->dims[cp->ndims - 1] / 2 + 1);
}

/* The kernel file (an exercise's, or --kernels), --tune's measurements, the build options
 * and the program (js->options, js->program, js->hint). */
static void build_kernels(struct job_state *js)
{
    char err[1024];
    struct run_ctx *cp = &js->c;
    const struct fl_options *o = &js->o;
    const struct fl_chapter *ch = cp->ch;
    const struct fl_variant *variant = cp->variant;
    fl_exercise_setup(o->kernels, o->exercise, variant->name, variant->exercise, ch->kernel_file,
                      ch->uses, cp->kernel_file, sizeof cp->kernel_file);
    const char *base = fl_precision_options(o->precision);
    if (o->tune) {
        FILE *to = o->format == FL_FORMAT_TEXT ? stdout : stderr;
        static struct fl_tune tune;
        if (fl_tune_candidates(&tune, cp->dev.max_wg, err, sizeof err) < 0)
            fl_die(FL_EXIT_USAGE, "%s", err);
        if (js->shaped == 0) {
            fprintf(to, "tune     nothing to measure: the plan of N = %zu (variant %s) has no "
                    "passes that take a group shape (a single pass does whole rows; only the "
                    "variants that plan several passes have them)\n", cp->n, variant->name);
        } else {
            fl_tune_run(&tune, ch, &js->prob, js->shaped, cp->kernel_file, base, cp->data_bytes,
                        cp->elem, o->warmup);
            fl_tune_print(&tune, to);
        }
    }
    char extra[1024] = "";
    if (ch->build_options)
        ch->build_options(&js->prob, extra, sizeof extra);
    /* --explain names each kernel argument, and a fenced run (a CPU device, fence.h) makes
     * the buffers a launch takes as const read-only while it runs: both need the kernels'
     * argument information, which the compiler keeps only when asked. The build line
     * printed above (--explain) is the chapter's own. */
    snprintf(js->options, sizeof js->options, "%s%s%s", base, extra[0] ? " " : "", extra);
    cp->fenced = fl_fence_usable(&cp->dev);
    char built[1400];
    snprintf(built, sizeof built, "%s%s", js->options,
             cp->fenced || o->explain ? " -cl-kernel-arg-info" : "");
    js->program = fl_build_program(&cp->dev, cp->kernel_file, ch->uses, built);
    if (variant->exercise)
        snprintf(js->hint, sizeof js->hint, "variant '%s' runs the exercise %s: does it define "
                 "what the exercise asks for?", variant->name, fl_exercise_path()[0] ?
                 fl_exercise_path() : cp->kernel_file);
}

/* The main plan and, to verify, the round trip's; their kernels looked up; --explain's
 * account of them. */
static void make_plans(struct job_state *js, struct fl_plan *plan_main, struct fl_plan *plan_back)
{
    struct run_ctx *cp = &js->c;
    const struct fl_options *o = &js->o;
    const struct fl_chapter *ch = cp->ch;
    const char *hint = js->hint[0] ? js->hint : NULL;
    fl_plan_init(plan_main);
    fl_plan_init(plan_back);
    ch->plan(&js->prob, plan_main);
    struct fl_problem back = js->prob;
    back.sign = -js->prob.sign;
    if (run_round_trip(cp))
        ch->plan(&back, plan_back);

    struct fl_exec *ex_main = &js->ex_main, *ex_back = &js->ex_back;
    ex_main->queue = ex_back->queue = cp->dev.queue;
    ex_main->program = ex_back->program = js->program;
    fl_exec_prepare(ex_main, plan_main, cp->kernel_file, hint);
    if (run_round_trip(cp))
        fl_exec_prepare(ex_back, plan_back, cp->kernel_file, hint);
    if (cp->variant->exercise && plan_main->nlaunch == 0)
        probe_exercise_kernels(ch, &js->prob, js->program, cp->kernel_file, js->hint);

    if (o->explain) {
        printf("kernels  %s\nbuild    %s\n", fl_program_files(), js->options);
        fl_print_build_legend(js->options);
        const char *dir_main = cp->real ? (o->inverse ? "inverse, c2r" : "forward, r2c")
                                        : (o->inverse ? "inverse" : "forward");
        const char *dir_back = cp->real ? (o->inverse ? "forward, r2c, for the round trip"
                                                      : "inverse, c2r, for the round trip")
                                        : (o->inverse ? "forward, for the round trip"
                                                      : "inverse, for the round trip");
        if (ch->op)
            dir_main = ch->op->what;
        fl_plan_explain(plan_main, dir_main, ex_main->kernel, NULL);
        if (run_round_trip(cp))
            fl_plan_explain(plan_back, dir_back, ex_back->kernel, plan_main);
    }
    cp->exs[0] = ex_main;
    cp->exs[1] = ex_back;
    cp->plans[0] = plan_main;
    cp->plans[1] = plan_back;
}

/* The input buffer, A and B (fenced on a CPU device, else between guard zones), the
 * staging buffer, and the plans' tables, into the executors' slots. */
static void make_buffers(struct job_state *js)
{
    struct run_ctx *cp = &js->c;
    const struct fl_options *o = &js->o;
    if (cp->fenced) {
        /* a CPU device: each buffer between PROT_NONE regions, any access outside it faults */
        fl_fence_status_to_stderr(o->format != FL_FORMAT_TEXT);
        fl_fence_make(&cp->fence_src, &cp->dev, js->in_bytes, cp->elem, "input");
        fl_fence_make(&cp->fence_a, &cp->dev, cp->data_bytes, cp->elem, "A");
        fl_fence_make(&cp->fence_b, &cp->dev, cp->data_bytes, cp->elem, "B");
        cp->src = cp->fence_src.mem;
        cp->a = cp->fence_a.mem;
        cp->b = cp->fence_b.mem;
    } else {
        cp->src = fl_make_buffer(&cp->dev, js->in_bytes, "input buffer");
        cp->a_all = fl_make_buffer(&cp->dev, js->buf_bytes, "buffer A");
        cp->b_all = fl_make_buffer(&cp->dev, js->buf_bytes, "buffer B");
        cp->a = fl_guarded_view(&cp->dev, cp->a_all, cp->guard_bytes, cp->data_bytes, "buffer A");
        cp->b = fl_guarded_view(&cp->dev, cp->b_all, cp->guard_bytes, cp->data_bytes, "buffer B");
    }
    cp->staging = fl_xmalloc(cp->data_bytes, "staging buffer");
    js->ex_main.slot[FL_BUF_A] = js->ex_back.slot[FL_BUF_A] = cp->a;
    js->ex_main.slot[FL_BUF_B] = js->ex_back.slot[FL_BUF_B] = cp->b;
    run_make_tables(cp, 0);
    if (run_round_trip(cp))
        run_make_tables(cp, 1);
}

/* The checker's requests, each run's input and output in the shared memory, until it ends
 * the job (MSG_END_JOB). NLAUNCH: the main plan's launches. */
static void serve_requests(struct job_state *js, int nlaunch)
{
    struct run_ctx *cp = &js->c;
    fl_iso_send(MSG_READY, 0, &nlaunch, sizeof nlaunch);
    for (;;) {
        struct fl_msg m;
        struct run_req rq;
        if (fl_iso_recv(&m, &rq, sizeof rq) != 0)
            _exit(FL_EXIT_OPENCL); /* the checker is gone */
        if (m.type == MSG_END_JOB)
            break;
        if (m.type == MSG_RUN && m.len == sizeof rq &&
            (rq.which == 0 || (rq.which == 1 && run_round_trip(cp)))) {
            rq.check[sizeof rq.check - 1] = '\0';
            cp->check = rq.check;
            static struct output_msg done;
            memset(&done, 0, sizeof done);
            const char *bad = run_plan_once(cp, rq.which, rq.sign, cp->shared, cp->shared);
            if (bad) {
                snprintf(done.where, sizeof done.where, "%s", bad);
                done.fault = cp->fault;
            }
            cp->check = NULL;
            fl_iso_send(MSG_OUTPUT, 0, &done, sizeof done);
        } else if (m.type == MSG_TIME && nlaunch > 0) {
            static struct timing_msg t;
            memset(&t, 0, sizeof t);
            run_time_plan(cp, cp->shared, js->options, &t);
            fl_iso_send(MSG_TIMING, 0, &t, sizeof t);
        } else {
            fl_die(FL_EXIT_OPENCL, "the checker sent message %u, which this worker cannot "
                   "answer (a bug)", (unsigned)m.type);
        }
    }
}

/* Everything the job made, released (the device too, unless SHARED: a list's). */
static void release_job(struct job_state *js, struct fl_plan *plan_main, struct fl_plan *plan_back,
                        int shared)
{
    struct run_ctx *cp = &js->c;
    fl_exec_release(&js->ex_main, plan_main);
    fl_exec_release(&js->ex_back, plan_back);
    run_release_tables(cp, 0);
    if (run_round_trip(cp))
        run_release_tables(cp, 1);
    fl_plan_free(plan_main);
    fl_plan_free(plan_back);
    if (cp->fenced) {
        fl_fence_free(&cp->fence_src);
        fl_fence_free(&cp->fence_a);
        fl_fence_free(&cp->fence_b);
    } else {
        clReleaseMemObject(cp->src);
        clReleaseMemObject(cp->a);
        clReleaseMemObject(cp->b);
        clReleaseMemObject(cp->a_all);
        clReleaseMemObject(cp->b_all);
    }
    clReleaseProgram(js->program);
    if (!shared)
        fl_device_close(&cp->dev);
    free(cp->staging);
}

/* The worker: one problem's device part (JOB, from the checker): the device (or SHARED, a
 * list's one device), its checks, the build, the plans, the buffers; then the checker's
 * requests (a run, the timing) until it ends the job; everything released. */
static void device_job(const struct fl_chapter *ch, const struct job *job, struct fl_device *shared)
{
    static struct job_state js;   /* the plans and the hint: too big for some stacks */
    static struct fl_plan plan_main, plan_back;
    open_job(&js, ch, job, shared);
    check_memory(&js);
    check_problem(&js);
    announce(&js);
    build_kernels(&js);
    make_plans(&js, &plan_main, &plan_back);
    make_buffers(&js);
    serve_requests(&js, plan_main.nlaunch);
    release_job(&js, &plan_main, &plan_back, shared != NULL);
}

/* The worker's life: one job after another (a list's sizes share one device), until the
 * checker closes the channel. */
void run_worker_main(void *arg)
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
