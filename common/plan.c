#define _POSIX_C_SOURCE 200809L
#include "plan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fl_plan_init(struct fl_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    plan->result = FL_BUF_A;
}

struct fl_launch *fl_plan_add(struct fl_plan *plan, const char *kernel, cl_uint dims,
                              const size_t *global, const size_t *local)
{
    if (plan->nlaunch == FL_MAX_LAUNCHES)
        fl_die(FL_EXIT_OPENCL, "plan has more than %d launches (chapter bug)", FL_MAX_LAUNCHES);
    struct fl_launch *l = &plan->launch[plan->nlaunch++];
    memset(l, 0, sizeof *l);
    snprintf(l->kernel, sizeof l->kernel, "%s", kernel);
    l->dims = dims;
    for (cl_uint d = 0; d < dims; d++) {
        l->global[d] = global[d];
        l->local[d] = local ? local[d] : 0;
    }
    l->has_local = local != NULL;
    return l;
}

void fl_launch_note(struct fl_launch *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->note, sizeof l->note, fmt, ap);
    va_end(ap);
}

static struct fl_arg *next_arg(struct fl_launch *l)
{
    if (l->nargs == FL_MAX_ARGS)
        fl_die(FL_EXIT_OPENCL, "kernel %s has more than %d arguments (chapter bug)", l->kernel,
               FL_MAX_ARGS);
    return &l->args[l->nargs++];
}

void fl_arg_buffer(struct fl_launch *l, int slot)
{
    struct fl_arg *a = next_arg(l);
    a->kind = FL_ARG_BUFFER;
    a->value = slot;
}

void fl_arg_int(struct fl_launch *l, int value)
{
    struct fl_arg *a = next_arg(l);
    a->kind = FL_ARG_INT;
    a->value = value;
}

void fl_arg_local(struct fl_launch *l, size_t bytes)
{
    struct fl_arg *a = next_arg(l);
    a->kind = FL_ARG_LOCAL;
    a->bytes = bytes;
}

int fl_plan_table(struct fl_plan *plan, const char *name, size_t count, double **data)
{
    if (plan->ntables == FL_MAX_TABLES)
        fl_die(FL_EXIT_OPENCL, "plan has more than %d tables (chapter bug)", FL_MAX_TABLES);
    struct fl_table *t = &plan->table[plan->ntables];
    t->count = count;
    t->data = calloc(2 * count, sizeof(double));
    if (!t->data)
        fl_die(FL_EXIT_OPENCL, "out of host memory for table %s (%zu values)", name, count);
    snprintf(t->name, sizeof t->name, "%s", name);
    *data = t->data;
    return FL_BUF_TABLE0 + plan->ntables++;
}

int fl_plan_scratch(struct fl_plan *plan, const char *name, size_t count)
{
    if (plan->ntables == FL_MAX_TABLES)
        fl_die(FL_EXIT_OPENCL, "plan has more than %d tables (chapter bug)", FL_MAX_TABLES);
    struct fl_table *t = &plan->table[plan->ntables];
    t->count = count;
    t->data = NULL;
    snprintf(t->name, sizeof t->name, "%s", name);
    return FL_BUF_TABLE0 + plan->ntables++;
}

int fl_log2(size_t n)
{
    int l = 0;
    while (((size_t)1 << l) < n)
        l++;
    return l;
}

void fl_plan_free(struct fl_plan *plan)
{
    for (int i = 0; i < plan->ntables; i++) {
        free(plan->table[i].data);
        plan->table[i].data = NULL;
    }
}

static const char *slot_name(const struct fl_plan *plan, int slot)
{
    if (slot == FL_BUF_A) return "A";
    if (slot == FL_BUF_B) return "B";
    if (slot >= FL_BUF_TABLE0 && slot - FL_BUF_TABLE0 < plan->ntables)
        return plan->table[slot - FL_BUF_TABLE0].name;
    return "?";
}

void fl_plan_print(const struct fl_plan *plan, const char *direction)
{
    printf("plan (%s): %d launch%s, result in buffer %s\n", direction, plan->nlaunch,
           plan->nlaunch == 1 ? "" : "es", slot_name(plan, plan->result));
    if (plan->summary[0])
        printf("  why: %s\n", plan->summary);
    for (int i = 0; i < plan->ntables; i++)
        printf(plan->table[i].data ? "  table %s: %zu complex values, computed on the host in double\n"
                                   : "  scratch %s: %zu complex values, device work space\n",
               plan->table[i].name, plan->table[i].count);
    for (int i = 0; i < plan->nlaunch; i++) {
        const struct fl_launch *l = &plan->launch[i];
        char g[64], loc[64], args[256];
        int gl = 0, ll = 0, al = 0;
        for (cl_uint d = 0; d < l->dims; d++) {
            gl += snprintf(g + gl, sizeof g - (size_t)gl, "%s%zu", d ? "x" : "", l->global[d]);
            if (l->has_local)
                ll += snprintf(loc + ll, sizeof loc - (size_t)ll, "%s%zu", d ? "x" : "", l->local[d]);
        }
        if (!l->has_local)
            snprintf(loc, sizeof loc, "driver's choice");
        args[0] = '\0';
        for (int a = 0; a < l->nargs && al < (int)sizeof args - 32; a++) {
            const struct fl_arg *arg = &l->args[a];
            if (arg->kind == FL_ARG_BUFFER)
                al += snprintf(args + al, sizeof args - (size_t)al, "%s%s", a ? ", " : "", slot_name(plan, arg->value));
            else if (arg->kind == FL_ARG_INT)
                al += snprintf(args + al, sizeof args - (size_t)al, "%s%d", a ? ", " : "", arg->value);
            else
                al += snprintf(args + al, sizeof args - (size_t)al, "%slocal %zu B", a ? ", " : "", arg->bytes);
        }
        printf("  [%2d] %s(%s)  global %s  local %s%s%s\n", i, l->kernel, args, g, loc,
               l->note[0] ? "  ; " : "", l->note);
    }
}

void fl_exec_prepare(struct fl_exec *ex, const struct fl_plan *plan, const char *file,
                     const char *missing_hint)
{
    for (int i = 0; i < plan->nlaunch; i++) {
        cl_int err;
        ex->kernel[i] = clCreateKernel(ex->program, plan->launch[i].kernel, &err);
        if (err == CL_INVALID_KERNEL_NAME)
            fl_die(FL_EXIT_OPENCL, "kernel '%s' is not defined in %s%s%s", plan->launch[i].kernel,
                   file, missing_hint ? "; " : "", missing_hint ? missing_hint : "");
        CL_CHECK_ERR(err, plan->launch[i].kernel);
    }
}

/* Enqueue PLAN's launches; a refused launch exits 3, or with REFUSED set returns its
 * error and sets *REFUSED to its index (the launches before it are enqueued). */
static cl_int enqueue_all(struct fl_exec *ex, const struct fl_plan *plan, cl_event *events,
                          int *refused)
{
    for (int i = 0; i < plan->nlaunch; i++) {
        const struct fl_launch *l = &plan->launch[i];
        cl_kernel k = ex->kernel[i];
        for (int a = 0; a < l->nargs; a++) {
            const struct fl_arg *arg = &l->args[a];
            cl_int err;
            if (arg->kind == FL_ARG_BUFFER)
                err = clSetKernelArg(k, (cl_uint)a, sizeof(cl_mem), &ex->slot[arg->value]);
            else if (arg->kind == FL_ARG_INT) {
                cl_int v = arg->value;
                err = clSetKernelArg(k, (cl_uint)a, sizeof v, &v);
            } else
                err = clSetKernelArg(k, (cl_uint)a, arg->bytes, NULL);
            if (err != CL_SUCCESS)
                fl_die(FL_EXIT_OPENCL, "clSetKernelArg(%s, arg %d) returned %s: the kernel's "
                       "parameters do not match what the chapter passes (see its contract comment)",
                       l->kernel, a, fl_cl_error_name(err));
        }
        cl_int err = clEnqueueNDRangeKernel(ex->queue, k, l->dims, NULL, l->global,
                                            l->has_local ? l->local : NULL, 0, NULL,
                                            events ? &events[i] : NULL);
        if (err != CL_SUCCESS) {
            if (!refused)
                fl_die(FL_EXIT_OPENCL, "clEnqueueNDRangeKernel(%s, launch %d) returned %s%s",
                       l->kernel, i, fl_cl_error_name(err), err == CL_OUT_OF_RESOURCES
                       ? " (a group of this kernel asks for more registers or local memory than "
                         "a compute unit has: fewer work-items per group, --wg or --shapes)" : "");
            *refused = i;
            return err;
        }
    }
    return CL_SUCCESS;
}

void fl_exec_enqueue(struct fl_exec *ex, const struct fl_plan *plan, cl_event *events)
{
    enqueue_all(ex, plan, events, NULL);
}

cl_int fl_exec_try_enqueue(struct fl_exec *ex, const struct fl_plan *plan, cl_event *events,
                           int *refused)
{
    return enqueue_all(ex, plan, events, refused);
}

void fl_exec_release(struct fl_exec *ex, const struct fl_plan *plan)
{
    for (int i = 0; i < plan->nlaunch; i++)
        if (ex->kernel[i]) {
            clReleaseKernel(ex->kernel[i]);
            ex->kernel[i] = NULL;
        }
}

void fl_exec_tables(struct fl_exec *ex, const struct fl_plan *plan, cl_context context, size_t elem,
                    const char *device)
{
    for (int t = 0; t < plan->ntables; t++) {
        const struct fl_table *tab = &plan->table[t];
        size_t bytes = tab->count * elem;
        void *buf = NULL;
        if (tab->data) {
            buf = malloc(bytes ? bytes : 1);
            if (!buf)
                fl_die(FL_EXIT_OPENCL, "out of host memory for table %s (%zu MiB)", tab->name,
                       bytes >> 20);
            for (size_t i = 0; i < 2 * tab->count; i++) {
                if (elem == 16) ((double *)buf)[i] = tab->data[i];
                else ((float *)buf)[i] = (float)tab->data[i];
            }
        }
        cl_int err;
        /* a scratch table is device-only: the host never fills or reads it */
        ex->slot[FL_BUF_TABLE0 + t] = clCreateBuffer(context, buf ? CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR
                                                                  : CL_MEM_READ_WRITE,
                                                     bytes, buf, &err);
        free(buf);
        if (err != CL_SUCCESS)
            fl_die(FL_EXIT_OPENCL, "cannot allocate %s %s (%zu MiB) on %s: %s",
                   tab->data ? "table" : "scratch buffer", tab->name, bytes >> 20, device,
                   fl_cl_error_name(err));
    }
}

void fl_exec_tables_release(struct fl_exec *ex, const struct fl_plan *plan)
{
    for (int t = 0; t < plan->ntables; t++)
        if (ex->slot[FL_BUF_TABLE0 + t]) {
            clReleaseMemObject(ex->slot[FL_BUF_TABLE0 + t]);
            ex->slot[FL_BUF_TABLE0 + t] = NULL;
        }
}

