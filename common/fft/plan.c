#define _POSIX_C_SOURCE 200809L
#include "plan.h"

#include "../buffers.h"

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
    int n = vsnprintf(l->note, sizeof l->note, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof l->note)
        fl_die(FL_EXIT_OPENCL, "the --explain note of kernel %s has %d characters, more than "
               "the %zu a launch holds (chapter bug: shorten it or raise the limit in plan.h)",
               l->kernel, n, sizeof l->note - 1);
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

size_t fl_probe_q(size_t n)
{
    for (size_t q = 2; q + 1 < n; q++) {
        size_t a = n, b = q;
        while (b) {
            size_t t = a % b;
            a = b;
            b = t;
        }
        if (a == 1)
            return q;
    }
    return 1;
}

void fl_plan_scatter_bins(struct fl_plan *plan, int src, int dst, size_t n, size_t batch,
                          size_t q)
{
    size_t global[2] = {n, batch};
    struct fl_launch *l = fl_plan_add(plan, "fl_scatter_bins", 2, global, NULL);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    fl_arg_int(l, (int)n);
    fl_arg_int(l, (int)q);
    fl_launch_note(l, "the probe: the table held the roots to the power q = %zu, so bin k "
                   "goes to (q k) mod N", q);
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

/* Print TEXT with "1 <plural>" made singular ("1 rows" -> "1 row", "1 passes" -> "1 pass"):
 * the chapters' notes count with %zu and one size fits every count. */
void fl_print_counted(const char *text)
{
    static const char *const plural[][2] = {
        {"rows", "row"}, {"columns", "column"}, {"items", "item"}, {"passes", "pass"},
        {"stages", "stage"}, {"parts", "part"}, {"groups", "group"}, {"values", "value"},
        {"launches", "launch"}, {"blocks", "block"}, {"lines", "line"}, {"slices", "slice"},
        {"halves", "half"}, {"arrays", "array"}, {"ranks", "rank"}, {"tiles", "tile"},
        {"bins", "bin"}, {"points", "point"}, {"sub-FFTs", "sub-FFT"}, {"work-items", "work-item"},
        {"transforms", "transform"}, {"exchanges", "exchange"}, {"pairs", "pair"},
    };
    for (const char *t = text; *t;) {
        int one = t[0] == '1' && t[1] == ' ' &&
                  (t == text || t[-1] == ' ' || t[-1] == '(' || t[-1] == '/' || t[-1] == ',');
        size_t k = 0, nk = sizeof plural / sizeof plural[0];
        if (one) {
            for (k = 0; k < nk; k++) {
                size_t len = strlen(plural[k][0]);
                char after = t[2 + len];
                if (strncmp(t + 2, plural[k][0], len) == 0 &&
                    !(after == '-' || after == '_' || (after >= 'a' && after <= 'z') ||
                      (after >= 'A' && after <= 'Z') || (after >= '0' && after <= '9')))
                    break;
            }
        }
        if (one && k < nk) {
            printf("1 %s", plural[k][1]);
            t += 2 + strlen(plural[k][0]);
        } else {
            putchar(*t++);
        }
    }
}

/* The name of KERNEL's argument A, or NULL where the device does not say. */
static const char *arg_name(cl_kernel kernel, int a, char *buf, size_t len)
{
    if (!kernel)
        return NULL;
    size_t got = 0;
    if (clGetKernelArgInfo(kernel, (cl_uint)a, CL_KERNEL_ARG_NAME, len, buf, &got) != CL_SUCCESS ||
        got <= 1 || got > len)
        return NULL;
    buf[len - 1] = '\0';
    return buf;
}

void fl_plan_print(const struct fl_plan *plan, const char *direction)
{
    fl_plan_explain(plan, direction, NULL, NULL);
}

/* Whether kernel NAME is launched before launch I of PLAN, or anywhere in OTHER. */
static int kernel_seen(const struct fl_plan *plan, int i, const struct fl_plan *other, const char *name)
{
    for (int j = 0; j < i; j++)
        if (strcmp(plan->launch[j].kernel, name) == 0)
            return 1;
    for (int j = 0; other && j < other->nlaunch; j++)
        if (strcmp(other->launch[j].kernel, name) == 0)
            return 1;
    return 0;
}

void fl_plan_explain(const struct fl_plan *plan, const char *direction, const cl_kernel *kernels,
                     const struct fl_plan *same_why_as)
{
    printf("plan (%s): %d launch%s, result in buffer %s\n", direction, plan->nlaunch,
           plan->nlaunch == 1 ? "" : "es", slot_name(plan, plan->result));
    if (plan->summary[0] && same_why_as && strcmp(plan->summary, same_why_as->summary) == 0) {
        printf("  why: as above\n");
    } else if (plan->summary[0]) {
        printf("  why: ");
        fl_print_counted(plan->summary);
        putchar('\n');
    }
    for (int i = 0; i < plan->ntables; i++)
        printf(plan->table[i].data ? "  table %s: %zu complex value%s, computed on the host in double\n"
                                   : "  scratch %s: %zu complex value%s, device work space\n",
               plan->table[i].name, plan->table[i].count, plan->table[i].count == 1 ? "" : "s");
    /* The legend of the launch lines' bare arguments: each kernel's parameter names, once */
    for (int i = 0; kernels && i < plan->nlaunch; i++) {
        const struct fl_launch *l = &plan->launch[i];
        char name[64];
        if (kernel_seen(plan, i, same_why_as, l->kernel) || !arg_name(kernels[i], 0, name, sizeof name))
            continue;
        printf("  args %s(", l->kernel);
        for (int a = 0; a < l->nargs; a++)
            printf("%s%s", a ? ", " : "", arg_name(kernels[i], a, name, sizeof name) ? name : "?");
        printf(")\n");
    }
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
        printf("  [%2d] %s(%s)  global %s  local %s%s", i, l->kernel, args, g, loc,
               l->note[0] ? "  ; " : "");
        fl_print_counted(l->note);
        putchar('\n');
    }
}

void fl_print_build_legend(const char *options)
{
    int packed = 0, simd = 0; /* -D <name>_P<n>=... of fl_pass_option; of simd_cols.c */
    for (const char *d = strstr(options, "-D "); d; d = strstr(d + 3, "-D ")) {
        const char *eq = strchr(d + 3, '='), *sp = strchr(d + 3, ' ');
        if (!eq || (sp && sp < eq) || eq - (d + 3) < 3 || !strchr(eq, ','))
            continue;
        const char *p = eq - 1;
        while (p > d + 3 && *p >= '0' && *p <= '9')
            p--;
        if (p == eq - 1 || p[0] != 'P' || p[-1] != '_')
            continue;
        if (strncmp(d + 3, "SC", 2) == 0)
            simd = 1;
        else
            packed = 1;
    }
    if (packed)
        printf("legend   -D <name>_P<n>=Q,p,I,T,r,r,...: pass n's sub-FFTs of Q points at span p, "
               "I items per column, T columns per group, then each stage's radix r (0: no "
               "more stages)\n");
    if (simd)
        printf("legend   -D SC<axis>_P<n>=Q,p,Q1,Q2,Q3,BASE,TW,IN: pass n's sub-FFTs of Q points at "
               "span p as Q1 x Q2 x Q3 blocks, then the offsets of its base, twiddles and input "
               "(kernels/06_simd.cl)\n");
}

void fl_exec_prepare(struct fl_exec *ex, const struct fl_plan *plan, const char *file,
                     const char *missing_hint)
{
    for (int i = 0; i < plan->nlaunch; i++) {
        cl_int err;
        ex->kernel[i] = clCreateKernel(ex->program, plan->launch[i].kernel, &err);
        if (err == CL_INVALID_KERNEL_NAME) {
            struct fl_run_end missing = {.outcome = FL_OUTCOME_KERNEL_MISSING, .file = file};
            fl_die_end(&missing, FL_EXIT_OPENCL, "kernel '%s' is not defined in %s%s%s",
                       plan->launch[i].kernel, file, missing_hint ? "; " : "",
                       missing_hint ? missing_hint : "");
        }
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
            if (err != CL_SUCCESS) {
                struct fl_run_end contract = {.outcome = FL_OUTCOME_BAD_CONTRACT};
                fl_die_end(&contract, FL_EXIT_OPENCL, "clSetKernelArg(%s, arg %d) returned %s: the "
                           "kernel's parameters do not match what the chapter passes (see its "
                           "contract comment)", l->kernel, a, fl_cl_error_name(err));
            }
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
        if (!tab->data && ex->slot[FL_BUF_TABLE0 + t])
            continue;   /* a scratch table the caller gave a buffer of its own */
        if (tab->data) {
            buf = fl_xmalloc(bytes, "a table");
            fl_to_device_format(buf, tab->data, tab->count, elem);
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

