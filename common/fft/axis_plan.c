/* Axis plans on row-major arrays (see axis_plan.h). */
#include "axis_plan.h"

#include "../exitcodes.h"

#include <stdio.h>
#include <string.h>

int fl_layout_make(const struct fl_layout_spec *spec, struct fl_layout *L, char *why, size_t len)
{
    unsigned all = (1u << spec->ndims) - 1, axes = spec->axes ? spec->axes & all : all;
    size_t total = 1;
    memset(L, 0, sizeof *L);
    L->transpose = spec->transpose;
    for (int d = 0; d < spec->ndims; d++)
        total *= spec->dims[d];
    L->elems = total * spec->batch;
    if (spec->transpose && axes != all) {
        snprintf(why, len, "the transpose way transforms every axis (a chapter bug if you see this)");
        return -1;
    }
    int planned = 0; /* passes of the axes before this one: its pass k takes shape[planned + k] */
    for (int i = 0; i < spec->ndims; i++) {
        if (!(axes & (1u << i)))
            continue;
        struct fl_radix_limits lim = *spec->lim;
        if (!spec->transpose && !spec->no_parts)
            lim.max_parts = FL_AXIS_MAX_PARTS;
        if (spec->row_parts && !spec->no_parts)
            lim.max_row_parts = FL_AXIS_MAX_PARTS;
        for (int k = 0; k < FL_RADIX_MAX_PASSES; k++)
            lim.shape[k] = planned + k < FL_RADIX_MAX_PASSES ? spec->lim->shape[planned + k]
                                                             : (struct fl_pass_shape){0, 0};
        /* axis i from the last is dims[ndims-1-i]: x first, then y, then z */
        int d = spec->ndims - 1 - i;
        struct fl_axis *a = &L->ax[L->naxes++];
        a->name = "xyz"[i];
        a->n = spec->dims[d];
        a->len_name = i == 0 && spec->x_len ? spec->x_len : "N";
        a->lo_bits = fl_twiddle_lo_bits(a->n);
        size_t inner = 1; /* product of the axes after d */
        for (int e = d + 1; e < spec->ndims; e++)
            inner *= spec->dims[e];
        int rc;
        if (spec->transpose) {
            /* the axes before this one were moved to the front: this one is the rows */
            a->stride = 1;
            a->lines = spec->batch * (total / a->n);
            if (total / a->n > 1 && a->n > 1) {
                a->tr_rows = total / a->n;
                a->tr_cols = a->n;
            }
            rc = fl_radix_plan_make(a->n, a->lines, &lim, &a->rp, why, len);
        } else {
            a->stride = inner;
            a->lines = spec->batch * (total / (a->n * inner));
            rc = fl_radix_plan_strided(a->n, a->lines, a->stride, &lim, &a->rp, why, len);
        }
        if (rc != 0)
            return -1;
        if (a->rp.npasses > FL_AXIS_MAX_PASSES) {
            snprintf(why, len, "axis %c (N = %zu) needs %d passes within %zu work-items per group; "
                     "the axis kernels do at most %d per axis: use a larger --wg", a->name, a->n,
                     a->rp.npasses, spec->lim->max_items, FL_AXIS_MAX_PASSES);
            return -1;
        }
        planned += a->rp.npasses;
    }
    return 0;
}

size_t fl_layout_options(const struct fl_layout *L, char *opts, size_t used, size_t len)
{
    /* the transpose kernel is always in the file, so its tile always has a size (once,
     * when two layouts share a program) */
    if (used < len && (used == 0 || !strstr(opts, "-D TILE=")))
        used += (size_t)snprintf(opts + used, len - used, "%s-D TILE=%d -D TILE_ROWS=%d",
                                 used ? " " : "", FL_AXIS_TILE, FL_AXIS_TILE_ROWS);
    for (int i = 0; i < L->naxes && used < len; i++) {
        const struct fl_axis *a = &L->ax[i];
        if (a->rp.npasses == 0)
            continue;
        const struct fl_radix_pass *p0 = &a->rp.pass[0];
        used += (size_t)snprintf(opts + used, len - used, "%s-D A%c_N=%zu -D A%c_LB=%d -D A%c_S=%zu "
                                 "-D A%c_KIND=%s", used ? " " : "", a->name, a->n, a->name,
                                 a->lo_bits, a->name, a->stride, a->name,
                                 fl_radix_pass_row_parts(p0) ? "ROWPARTS" : p0->parts > 1 ? "PARTS"
                                 : a->stride > 1 ? "COLS" : "ROWS");
        if (p0->parts > 1 && used < len)
            used += (size_t)snprintf(opts + used, len - used, " -D A%c_PARTS=%zu -D A%c_WG=%zu",
                                     a->name, p0->parts, a->name, p0->items * p0->columns);
        for (int k = 0; k < a->rp.npasses && used < len; k++) {
            char name[16];
            snprintf(name, sizeof name, "A%c_P%d", a->name, k);
            used = fl_pass_option(name, &a->rp.pass[k], opts, used, len);
        }
    }
    if (used >= len)
        fl_die(FL_EXIT_OPENCL, "kernel build options longer than %zu characters (chapter bug)", len);
    return used;
}

size_t fl_pass_option(const char *name, const struct fl_radix_pass *ps, char *opts, size_t used,
                      size_t len)
{
    int nstages; /* a row in parts: one part's Q and stages */
    size_t q = fl_radix_pass_kernel_q(ps, &nstages);
    if (used < len)
        used += (size_t)snprintf(opts + used, len - used, " -D %s=%zu,%zu,%zu,%zu", name, q,
                                 ps->span, ps->items, ps->columns);
    /* all FL_RADIX_MAX_PASS_STAGES radices, 0 after the last: the kernel pastes Q,P,I,T and
     * the list as that many arguments (no variadic macros in OpenCL C 1.2 to count them) */
    for (int s = 0; s < FL_RADIX_MAX_PASS_STAGES && used < len; s++)
        used += (size_t)snprintf(opts + used, len - used, ",%u", s < nstages ? ps->radix[s] : 0);
    if (used >= len)
        fl_die(FL_EXIT_OPENCL, "kernel build options longer than %zu characters (chapter bug)", len);
    return used;
}

int fl_twiddle_table(struct fl_plan *plan, const char *name, size_t n, int lo_bits)
{
    size_t nlo = (size_t)1 << lo_bits, nhi = (n + nlo - 1) >> lo_bits;
    double *w;
    int slot = fl_plan_table(plan, name, nlo + nhi, &w);
    fl_twiddle_fill(n, lo_bits, w, w + 2 * nlo);
    return slot;
}

/* The axis's table, "twiddles_x" (y, z). */
static int twiddle_table(struct fl_plan *plan, const struct fl_axis *a)
{
    char name[32];
    snprintf(name, sizeof name, "twiddles_%c", a->name);
    return fl_twiddle_table(plan, name, a->n, a->lo_bits);
}

int fl_layout_launch_count(const struct fl_layout *L)
{
    int count = 0;
    for (int i = 0; i < L->naxes; i++)
        count += L->ax[i].rp.npasses + (L->transpose && L->ax[i].tr_rows ? 1 : 0);
    return count;
}

struct fl_launch *fl_transpose_launch(struct fl_plan *plan, size_t rows, size_t cols,
                                      size_t batch, int src, int dst)
{
    /* transpose_tiled's contract: a group per TILE x TILE block, TILE x TILE_ROWS items */
    size_t global[3] = {(cols + FL_AXIS_TILE - 1) / FL_AXIS_TILE * FL_AXIS_TILE,
                        (rows + FL_AXIS_TILE - 1) / FL_AXIS_TILE * FL_AXIS_TILE_ROWS, batch};
    size_t local[3] = {FL_AXIS_TILE, FL_AXIS_TILE_ROWS, 1};
    struct fl_launch *l = fl_plan_add(plan, "transpose_tiled", 3, global, local);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    fl_arg_int(l, (int)rows);
    fl_arg_int(l, (int)cols);
    return l;
}

struct fl_launch *fl_axis_pass_launch(struct fl_plan *plan, const struct fl_axis *a,
                                      const struct fl_radix_pass *ps, const char *kernel, int src,
                                      int dst, size_t elem)
{
    size_t columns = a->lines * (a->n / ps->q) * (a->stride > 1 ? a->stride : 1);
    size_t groups = (columns + ps->columns - 1) / ps->columns;
    size_t items = ps->items * ps->columns;
    size_t global[1] = {groups * items}, local[1] = {items};
    struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, local);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    fl_arg_local(l, fl_radix_pass_local_values(ps) * elem);
    return l;
}

int fl_layout_launches(struct fl_plan *plan, const struct fl_layout *L, size_t elem, int src,
                       int dst, int first_flags, int last_flags, char *how, size_t how_len)
{
    int total_passes = 0, done = 0, hl = 0;
    for (int i = 0; i < L->naxes; i++)
        total_passes += L->ax[i].rp.npasses;
    if (how && how_len)
        how[0] = '\0';
    for (int i = 0; i < L->naxes; i++) {
        const struct fl_axis *a = &L->ax[i];
        const struct fl_radix_plan *rp = &a->rp;
        int cols = a->stride > 1, table = rp->npasses ? twiddle_table(plan, a) : -1;
        char qs[64] = "";
        int ql = 0;
        for (int k = 0; k < rp->npasses; k++) {
            const struct fl_radix_pass *ps = &rp->pass[k];
            char kernel[32], radices[64];
            snprintf(kernel, sizeof kernel, "fft_%s_%c_p%d",
                     fl_radix_pass_row_parts(ps) ? "rowparts" : ps->parts > 1 ? "parts"
                     : cols ? "cols" : "rows", a->name, k);
            struct fl_launch *l = fl_axis_pass_launch(plan, a, ps, kernel, src, dst, elem);
            fl_arg_buffer(l, table);
            fl_arg_int(l, (int)a->lines);
            fl_arg_int(l, (done == 0 ? first_flags : 0) | (done == total_passes - 1 ? last_flags : 0));
            fl_radix_join(ps->radix, ps->nstages, radices, sizeof radices);
            if (cols) {
                char parted[96] = ""; /* a pass in parts says so, and how */
                if (ps->parts > 1)
                    snprintf(parted, sizeof parted, " (%zu values each), exchanged in %zu parts of "
                             "%zu columns", ps->values, ps->parts, ps->columns / ps->parts);
                fl_launch_note(l, "axis %c %s=%zu stride %zu, pass %d/%d: p=%zu Q=%zu = %s; %zu "
                               "neighbouring columns x %zu items per group%s, a column's values %zu "
                               "apart", a->name, a->len_name, a->n, a->stride, k + 1, rp->npasses, ps->span, ps->q,
                               radices, ps->columns, ps->items, parted, a->n / ps->q * a->stride);
            } else if (ps->parts > 1)
                fl_launch_note(l, "axis %c %s=%zu rows in %zu parts x[q + %zu j] of %zu: %s, the last "
                               "across the parts in registers; a row of %zu items (%zu values each) "
                               "per group", a->name, a->len_name, a->n, ps->parts, ps->parts, ps->q / ps->parts,
                               radices, ps->items, ps->values);
            else
                fl_launch_note(l, "axis %c %s=%zu rows, pass %d/%d: p=%zu Q=%zu = %s; %zu %s x %zu "
                               "items per group", a->name, a->len_name, a->n, k + 1, rp->npasses, ps->span, ps->q,
                               radices, ps->columns, rp->npasses == 1 ? "rows" : "columns", ps->items);
            ql += snprintf(qs + ql, sizeof qs - (size_t)ql, "%s%zu", k ? " x " : "", ps->q);
            done++;
            int t = src;
            src = dst;
            dst = t;
        }
        if (L->transpose && a->tr_rows) {
            struct fl_launch *l = fl_transpose_launch(plan, a->tr_rows, a->tr_cols,
                                                      L->elems / (a->tr_rows * a->tr_cols),
                                                      src, dst);
            fl_launch_note(l, "after axis %c: %zu x %zu -> %zu x %zu, %dx%d tiles (+1 column "
                           "of padding)%s", a->name, a->tr_rows, a->tr_cols, a->tr_cols, a->tr_rows,
                           FL_AXIS_TILE, FL_AXIS_TILE, i + 1 < L->naxes ? ": the next axis becomes "
                           "the rows" : ": the original layout again");
            int t = src;
            src = dst;
            dst = t;
        }
        if (how && a->n > 1 && hl < (int)how_len) {
            char by[48];
            if (cols)
                snprintf(by, sizeof by, "columns at stride %zu", a->stride);
            else
                snprintf(by, sizeof by, "rows");
            hl += snprintf(how + hl, how_len - (size_t)hl, "%saxis %c (%s=%zu) by %s, %d pass%s%s%s%s%s",
                           hl ? "; " : "", a->name, a->len_name, a->n, by, rp->npasses, rp->npasses == 1 ? "" : "es",
                           rp->npasses > 1 ? " of Q = " : "", rp->npasses > 1 ? qs : "",
                           rp->npasses && rp->pass[0].parts > 1 ? " in parts" : "",
                           L->transpose && a->tr_rows ? ", then a transpose" : "");
        }
    }
    return src;
}
