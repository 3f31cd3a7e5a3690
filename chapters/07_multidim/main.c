/* 07_multidim — 2-D and 3-D transforms, batched: column passes in place, or transposes.
 *
 * What changed since 06_mixed_radix: 06 transforms rows. Now the input is a batch of
 * row-major arrays, Ny x Nx or Nz x Ny x Nx (the last axis contiguous, as in NumPy), and
 * the transform runs along every axis. Each axis is a 1-D transform of all its lines,
 * planned by the same planner as 06 (common/radix_plan.c). The lines along x are rows:
 * 06's pass does them as it is. The lines along y and z are columns, their values Nx or
 * Ny*Nx elements apart. Two ways, side by side:
 *   strided    (default) read the columns where they are: a work-group takes T
 *              neighbouring columns, so its lanes read T consecutive addresses for every
 *              value (05's coalescing, one level up); no transposes, one pass per axis
 *              while an axis fits a group with >= 4 columns (N <= 1024 in fp32), so
 *              1024 x 1024 is two passes over memory.
 *   transpose  the Apple OpenCL_FFT sample's way: transform rows, transpose the array so
 *              the next axis becomes the rows (a padded tile in local memory, as in 04),
 *              repeat; one more read and write of the data per axis.
 * --explain prints, per axis, its length, stride, passes and group shapes.
 *
 * Build and run:
 *   make 07_multidim
 *   ./build/07_multidim --size 512x512 --explain
 *   ./build/07_multidim --size 256x256x256 --variant transpose
 *   ./build/07_multidim --size 512x512x64 --batch 4 --inverse
 *   ./build/07_multidim --input x.npy --output y.npy      (complex64, shape (B, Ny, Nx))
 * Kernels: kernels/07_multidim.cl (the column pass and the transpose; --kernels replaces
 * this one), kernels/06_passes.cl (the row pass and the stages), kernels/05_register_radix.cl
 * and kernels/06_mixed_radix.cl (the dft blocks). Lesson: README.md here. */
#include "../../common/chapter.h"
#include "../../common/radix_plan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"strided", "no transposes: outer axes by column passes that read T neighbouring columns "
     "per group (coalesced), few passes (the chapter's default)", NULL, 0},
    {"transpose", "rows only: 1-D passes along the contiguous axis, then a tiled transpose "
     "that makes the next axis contiguous (Apple's OpenCL_FFT way)", NULL, 0},
    {"column_load", "strided with your column_addresses (exercise)",
     "exercises/07_multidim/column_load.cl", 0},
    {"transpose_tile", "transpose with your tile store (exercise)",
     "exercises/07_multidim/transpose_tile.cl", 0},
    {NULL, NULL, NULL, 0},
};

#define DEFAULT_WG 256      /* work-items per group the planner may use           */
#define TILE 32             /* transpose: TILE x TILE blocks ...                    */
#define TILE_ROWS 8         /* ... moved by TILE x TILE_ROWS items                   */
#define MAX_AXIS_PASSES 4   /* kernels/07_multidim.cl has fft_*_<a>_p0 .. p3 per axis */

/* One axis of the plan, in the order the plan does them. */
struct axis {
    char name;              /* 'x' (the last, contiguous axis), 'y', 'z'                 */
    size_t n;               /* its length                                              */
    size_t stride;          /* elements between neighbours along it, as its passes see the
                               data: 1 = rows (06's pass), more = columns (strided_pass) */
    size_t lines;           /* lines of the axis: rows (stride 1), or the outer lines a
                               column pass counts (batch x the axes outside this one)   */
    size_t tr_rows, tr_cols;/* transpose variant: the rows x cols matrix transposed after
                               this axis (0 when there is nothing to move)              */
    int lo_bits;            /* twiddle table split                                     */
    struct fl_radix_plan rp;
};

struct layout {
    int naxes;
    struct axis ax[FL_MAX_DIMS];
};

static int is_transpose(const struct fl_problem *p)
{
    return strcmp(p->variant, "transpose") == 0 || strcmp(p->variant, "transpose_tile") == 0;
}

static size_t elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

/* Plan every axis of problem P, or -1 with WHY. */
static int make_layout(const struct fl_problem *p, struct layout *L, char *why, size_t len)
{
    struct fl_radix_limits lim;
    size_t wg = p->wg ? p->wg : DEFAULT_WG;
    fl_radix_limits_default(&lim, p->dev->local_mem, elem_bytes(p),
                            wg < p->dev->max_wg ? wg : p->dev->max_wg);
    memset(L, 0, sizeof *L);
    L->naxes = p->ndims;
    for (int i = 0; i < p->ndims; i++) {
        /* axis i of the plan is dims[ndims-1-i]: x first, then y, then z */
        int d = p->ndims - 1 - i;
        struct axis *a = &L->ax[i];
        a->name = "xyz"[i];
        a->n = p->dims[d];
        a->lo_bits = fl_twiddle_lo_bits(a->n);
        size_t inner = 1; /* product of the axes after d */
        for (int e = d + 1; e < p->ndims; e++)
            inner *= p->dims[e];
        int rc;
        if (is_transpose(p)) {
            /* the axes before this one were moved to the front: this one is the rows */
            a->stride = 1;
            a->lines = p->batch * (p->n / a->n);
            if (p->n / a->n > 1 && a->n > 1) {
                a->tr_rows = p->n / a->n;
                a->tr_cols = a->n;
            }
            rc = fl_radix_plan_make(a->n, a->lines, &lim, &a->rp, why, len);
        } else {
            a->stride = inner;
            a->lines = p->batch * (p->n / (a->n * inner));
            rc = fl_radix_plan_strided(a->n, a->lines, a->stride, &lim, &a->rp, why, len);
        }
        if (rc != 0)
            return -1;
        if (a->rp.npasses > MAX_AXIS_PASSES) {
            snprintf(why, len, "axis %c (N = %zu) needs %d passes within %zu work-items per group; "
                     "this chapter does at most %d per axis: use a larger --wg", a->name, a->n,
                     a->rp.npasses, lim.max_items, MAX_AXIS_PASSES);
            return -1;
        }
    }
    return 0;
}

static int check(const struct fl_problem *p, char *why, size_t len)
{
    if (p->wg && fl_check_group_size(p, p->wg, why, len) != 0)
        return -1;
    if (is_transpose(p) && (size_t)TILE * TILE_ROWS > p->dev->max_wg) {
        snprintf(why, len, "the transpose needs groups of %d items; %s allows %zu", TILE * TILE_ROWS,
                 p->dev->name, p->dev->max_wg);
        return -1;
    }
    static struct layout L;
    return make_layout(p, &L, why, len);
}

/* -D constants (kernels/07_multidim.cl): the tile, and for each axis a (x, y, z) with
 * passes A<a>_N, _LB, _S, _KIND and per pass A<a>_P<k> = Q,P,I,T,radices. */
static void build_options(const struct fl_problem *p, char *opts, size_t len)
{
    static struct layout L;
    char why[256];
    size_t used = 0;
    opts[0] = '\0';
    if (make_layout(p, &L, why, sizeof why) != 0)
        return; /* check() refused it already */
    used += (size_t)snprintf(opts, len, "-D TILE=%d -D TILE_ROWS=%d", TILE, TILE_ROWS);
    for (int i = 0; i < L.naxes && used < len; i++) {
        const struct axis *a = &L.ax[i];
        if (a->rp.npasses == 0)
            continue;
        used += (size_t)snprintf(opts + used, len - used, " -D A%c_N=%zu -D A%c_LB=%d -D A%c_S=%zu "
                                 "-D A%c_KIND=%s", a->name, a->n, a->name, a->lo_bits, a->name,
                                 a->stride, a->name, a->stride > 1 ? "COLS" : "ROWS");
        for (int k = 0; k < a->rp.npasses && used < len; k++) {
            const struct fl_radix_pass *ps = &a->rp.pass[k];
            used += (size_t)snprintf(opts + used, len - used, " -D A%c_P%d=%zu,%zu,%zu,%zu", a->name,
                                     k, ps->q, ps->span, ps->items, ps->columns);
            /* all FL_RADIX_MAX_PASS_STAGES radices, 0 after the last: the kernel pastes
             * Q,P,I,T and the list as that many arguments (no variadic macros in OpenCL
             * C 1.2 to count them) */
            for (int s = 0; s < FL_RADIX_MAX_PASS_STAGES && used < len; s++)
                used += (size_t)snprintf(opts + used, len - used, ",%u",
                                         s < ps->nstages ? ps->radix[s] : 0);
        }
    }
    if (used >= len)
        fl_die(FL_EXIT_OPENCL, "07_multidim: build options longer than %zu characters (chapter bug)", len);
}

/* The axis's table: 06's two-level table (common/radix_plan.h) in one buffer, lo (2^b
 * values) then hi (ceil(N / 2^b)). */
static int twiddle_table(struct fl_plan *plan, const struct axis *a)
{
    size_t nlo = (size_t)1 << a->lo_bits, nhi = (a->n + nlo - 1) >> a->lo_bits;
    char name[32];
    double *w;
    snprintf(name, sizeof name, "twiddles_%c", a->name);
    int slot = fl_plan_table(plan, name, nlo + nhi, &w);
    fl_twiddle_fill(a->n, a->lo_bits, w, w + 2 * nlo);
    return slot;
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    static struct layout L;
    char why[256];
    plan->result = FL_BUF_A;
    if (make_layout(p, &L, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    int transpose = is_transpose(p);
    int src = FL_BUF_A, dst = FL_BUF_B, total_passes = 0, done = 0;
    for (int i = 0; i < L.naxes; i++)
        total_passes += L.ax[i].rp.npasses;
    int conj = p->sign > 0;
    char shape[64], axes[400];
    int sl = 0, al = 0;
    for (int d = 0; d < p->ndims; d++)
        sl += snprintf(shape + sl, sizeof shape - (size_t)sl, "%s%zu", d ? " x " : "", p->dims[d]);
    axes[0] = '\0';

    for (int i = 0; i < L.naxes; i++) {
        const struct axis *a = &L.ax[i];
        const struct fl_radix_plan *rp = &a->rp;
        int cols = a->stride > 1, table = rp->npasses ? twiddle_table(plan, a) : -1;
        char qs[64] = "";
        int ql = 0;
        for (int k = 0; k < rp->npasses; k++) {
            const struct fl_radix_pass *ps = &rp->pass[k];
            size_t columns = a->lines * (a->n / ps->q) * (cols ? a->stride : 1);
            size_t groups = (columns + ps->columns - 1) / ps->columns;
            size_t items = ps->items * ps->columns;
            size_t global[1] = {groups * items}, local[1] = {items};
            char kernel[32], radices[64];
            snprintf(kernel, sizeof kernel, "fft_%s_%c_p%d", cols ? "cols" : "rows", a->name, k);
            struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, local);
            fl_arg_buffer(l, src);
            fl_arg_buffer(l, dst);
            fl_arg_local(l, (ps->columns * ps->q + ps->columns * ps->q / 16) * elem_bytes(p));
            fl_arg_buffer(l, table);
            fl_arg_int(l, (int)a->lines);
            fl_arg_int(l, (done == 0 && conj ? 1 : 0) | (done == total_passes - 1 && conj ? 2 : 0));
            fl_radix_join(ps->radix, ps->nstages, radices, sizeof radices);
            if (cols)
                fl_launch_note(l, "axis %c N=%zu stride %zu, pass %d/%d: p=%zu Q=%zu = %s; %zu "
                               "neighbouring columns x %zu items per group, a column's values %zu apart",
                               a->name, a->n, a->stride, k + 1, rp->npasses, ps->span, ps->q, radices,
                               ps->columns, ps->items, a->n / ps->q * a->stride);
            else
                fl_launch_note(l, "axis %c N=%zu rows, pass %d/%d: p=%zu Q=%zu = %s; %zu %s x %zu "
                               "items per group", a->name, a->n, k + 1, rp->npasses, ps->span, ps->q,
                               radices, ps->columns, rp->npasses == 1 ? "rows" : "columns", ps->items);
            ql += snprintf(qs + ql, sizeof qs - (size_t)ql, "%s%zu", k ? " x " : "", ps->q);
            done++;
            int t = src;
            src = dst;
            dst = t;
        }
        if (transpose && a->tr_rows) {
            size_t global[3] = {(a->tr_cols + TILE - 1) / TILE * TILE,
                                (a->tr_rows + TILE - 1) / TILE * TILE_ROWS, p->batch};
            size_t local[3] = {TILE, TILE_ROWS, 1};
            struct fl_launch *l = fl_plan_add(plan, "transpose_tiled", 3, global, local);
            fl_arg_buffer(l, src);
            fl_arg_buffer(l, dst);
            fl_arg_int(l, (int)a->tr_rows);
            fl_arg_int(l, (int)a->tr_cols);
            fl_launch_note(l, "after axis %c: %zu x %zu -> %zu x %zu, %dx%d tiles (+1 column "
                           "of padding)%s", a->name, a->tr_rows, a->tr_cols, a->tr_cols, a->tr_rows,
                           TILE, TILE, i + 1 < L.naxes ? ": the next axis becomes the rows" : ": "
                           "the original layout again");
            int t = src;
            src = dst;
            dst = t;
        }
        if (a->n > 1 && al < (int)sizeof axes) {
            char how[48];
            if (cols)
                snprintf(how, sizeof how, "columns at stride %zu", a->stride);
            else
                snprintf(how, sizeof how, "rows");
            al += snprintf(axes + al, sizeof axes - (size_t)al, "%saxis %c (N=%zu) by %s, %d pass%s%s%s%s",
                           al ? "; " : "", a->name, a->n, how, rp->npasses, rp->npasses == 1 ? "" : "es",
                           rp->npasses > 1 ? " of Q = " : "", rp->npasses > 1 ? qs : "",
                           transpose && a->tr_rows ? ", then a transpose" : "");
        }
    }
    plan->result = src;
    char why_q[96] = "";
    if (!transpose && L.naxes > 1)
        snprintf(why_q, sizeof why_q, " A column pass keeps >= 4 neighbouring columns per group: "
                 "Q <= %zu.", L.ax[0].rp.multi_pass_max_q);
    if (plan->nlaunch == 0)
        snprintf(plan->summary, sizeof plan->summary, "%s: every axis has length 1, the input "
                 "is its own transform", shape);
    else
        snprintf(plan->summary, sizeof plan->summary,
                 "%s x batch %zu, %s: %s. %d launch%s, each reading and writing all the data once.%s",
                 shape, p->batch, transpose ? "rows and transposes" : L.naxes > 1 ? "rows, then "
                 "columns in place" : "rows", axes, plan->nlaunch, plan->nlaunch == 1 ? "" : "es", why_q);
}

int main(int argc, char **argv)
{
    static const char *const uses[] = {"06_passes.cl", "05_register_radix.cl", "06_mixed_radix.cl", NULL};
    static const struct fl_chapter chapter = {
        .name = "07_multidim",
        .title = "2-D and 3-D transforms: column passes in place, or transposes",
        .kernel_file = "07_multidim.cl",
        .uses = uses,
        .help = "Shapes like 512x512 or 256x256x256 (row-major, the last axis contiguous, as\n"
                "in NumPy), every axis 2^a 3^b 5^c 7^d, 2^26 points at most; --batch B arrays\n"
                "one after another; --input reads (B, Ny, Nx) or (B, Nz, Ny, Nx). The default\n"
                "variant (strided) does the outer axes by column passes that read neighbouring\n"
                "columns together; transpose does rows only, with a tiled transpose after each\n"
                "axis. --wg sets the work-items per group the planner may use (default 256);\n"
                "--explain shows every axis: its stride, its passes and their group shapes.",
        .demo_n = 512 * 512,
        .demo_batch = 1,
        .demo_shape = "512x512",
        .bound = FL_BOUND_FFT,
        .variants = variants,
        .check = check,
        .plan = plan,
        .build_options = build_options,
    };
    return fl_main(argc, argv, &chapter);
}
