/* The worker's runs: one verified run of a plan (its input packed into A, B poisoned with
 * NaN, the guard zones or fences armed, the launches, the result read back and unpacked,
 * the guards checked), and the tables and scratch buffers of a plan. */
#define _POSIX_C_SOURCE 200809L
#include "run.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Host doubles (interleaved complex) of side S -> device format in c->staging: float or
 * double pairs, or for a real side the real parts alone. */
void run_pack(struct run_ctx *c, const double *x, const struct side *s)
{
    size_t count = s->n * c->batch;
    if (!s->real)
        fl_to_device_format(c->staging, x, count, c->elem);
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
    if (!s->real)
        fl_from_device_format(x, c->staging, count, c->elem);
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
    size_t data = c->data_bytes, g = c->guard_bytes;
    /* in pieces, at offsets in the whole buffers (fill.h: past 2^31 bytes a driver's
     * clEnqueueFillBuffer may fill the wrong bytes). A fenced run's A and B are whole
     * buffers of their own (fence.h); otherwise the data lies between guard zones. */
    cl_command_queue q = c->dev.queue;
    cl_mem a = c->fenced ? c->a : c->a_all, b = c->fenced ? c->b : c->b_all;
    size_t at = c->fenced ? 0 : g;
    /* one real at a time: a real side of an odd count (chapter 11's real data) is not
     * a whole number of complex values */
    fl_fill_range(q, b, nan, c->elem / 2, at, data, &c->fill, "buffer B with NaN");
    /* A real transform's input may fill less of A than its output needs (R2C): NaN in
     * the rest, so a result left in A is checked the same way */
    if (in_bytes < data)
        fl_fill_range(q, a, nan, c->elem / 2, at + in_bytes, data - in_bytes, &c->fill,
                      "the rest of buffer A with NaN");
    const struct fl_plan *plan = c->plans[which];
    if (c->fenced) {
        fl_fence_arm(&c->fence_a);
        fl_fence_arm(&c->fence_b);
        for (int t = 0; t < plan->ntables; t++)
            fl_fence_arm(&c->fence_tab[which][t]);
        return;
    }
    fl_fill_guards(q, c->a_all, g, data, &c->fill);
    fl_fill_guards(q, c->b_all, g, data, &c->fill);
    for (int t = 0; t < plan->ntables; t++)
        fl_fill_guards(q, c->tab_all[which][t], c->tab_guard, plan->table[t].count * c->elem,
                       &c->fill);
}

/* Returns NULL, or where a kernel wrote outside the data of A, B or a table of plan
 * WHICH: "buffer A, before its start (element -3)" or "buffer B, past its end (element N +
 * 2000)". */
static const char *guard_damage(struct run_ctx *c, int which)
{
    const struct fl_plan *plan = c->plans[which];
    const char *bad = NULL;
    if (c->fenced) {
        bad = fl_fence_damage(&c->fence_a, &c->fault);
        bad = bad ? bad : fl_fence_damage(&c->fence_b, &c->fault);
        for (int t = 0; t < plan->ntables && !bad; t++)
            bad = fl_fence_damage(&c->fence_tab[which][t], &c->fault);
        return bad;
    }
    cl_command_queue q = c->dev.queue;
    bad = fl_guard_zone_damage(q, c->a_all, c->guard_bytes, c->data_bytes, c->elem, "A",
                               &c->fault);
    bad = bad ? bad : fl_guard_zone_damage(q, c->b_all, c->guard_bytes, c->data_bytes, c->elem,
                                           "B", &c->fault);
    for (int t = 0; t < plan->ntables && !bad; t++)
        bad = fl_guard_zone_damage(q, c->tab_all[which][t], c->tab_guard,
                                   plan->table[t].count * c->elem, c->elem,
                                   c->fence_tab[which][t].name, &c->fault);
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
const char *run_plan_once(struct run_ctx *c, int which, int sign, const double *x,
                                 double *out)
{
    struct fl_exec *ex = c->exs[which];
    const struct fl_plan *plan = c->plans[which];
    struct side in = run_side_of(c, sign, 0), res = run_side_of(c, sign, 1);
    size_t in_bytes = run_side_bytes(c, &in);
    run_pack(c, x, &in);
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
    CL_CHECK(clEnqueueReadBuffer(c->dev.queue, result, CL_TRUE, 0, run_side_bytes(c, &res), c->staging, 0,
                                 NULL, NULL));
    unpack(c, out, &res);
    return guard_damage(c, which);
}


/* The worker: tables and scratch buffers of plan WHICH into its executor's slots, fenced
 * on a CPU device, else each between guard zones: a kernel reaches them as it reaches A
 * and B, and a kernel that writes outside them is caught the same way. */
void run_make_tables(struct run_ctx *c, int which)
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
            c->tab_all[which][t] = fl_make_buffer(&c->dev, bytes + 2 * c->tab_guard, tab->data ? "a table"
                                                                           : "a scratch buffer");
            char what[48];
            snprintf(what, sizeof what, "table %s", tab->name);
            ex->slot[FL_BUF_TABLE0 + t] = fl_guarded_view(&c->dev, c->tab_all[which][t],
                                                          c->tab_guard, bytes, what);
            if (tab->data)
                host = fl_xmalloc(bytes, "a table");
        }
        if (tab->data) {
            fl_to_device_format(host, tab->data, tab->count, c->elem);
            if (!c->fenced) {
                CL_CHECK(clEnqueueWriteBuffer(c->dev.queue, ex->slot[FL_BUF_TABLE0 + t], CL_TRUE, 0,
                                              bytes, host, 0, NULL, NULL));
                free(host);
            }
        }
    }
}

void run_release_tables(struct run_ctx *c, int which)
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
