/* 07_multidim — 2-D and 3-D transforms, batched: column passes in place, or transposes.
 *
 * What changed since 06_mixed_radix: 06 transforms rows. Now the input is a batch of
 * row-major arrays, Ny x Nx or Nz x Ny x Nx (the last axis contiguous, as in NumPy), and
 * the transform runs along every axis, each planned by 06's planner.
 *
 * The idea: the lines along x are rows, which 06's pass does as it is; the lines along y
 * and z are columns, their values Nx or Ny*Nx apart, and a work-group that takes T
 * neighbouring columns reads T consecutive addresses for every value (04's coalescing,
 * one level up), so no transpose is needed.
 *
 * Variants (--variant):
 *   strided    (default) the columns read where they are; one pass per axis while an
 *              axis fits a group with >= 4 columns (N <= 1024 in fp32), and up to
 *              N = 4096 with the columns exchanged a part at a time (README "Columns in
 *              parts"), so 4096 x 4096 is two passes over memory.
 *   no_parts   strided without the parts, to compare.
 *   transpose  the Apple OpenCL_FFT sample's way: transform rows, transpose so the next
 *              axis becomes the rows (a padded tile, as in 04), repeat.
 *   simd       for a CPU: 8 neighbouring columns as the lanes of one work-item's vectors
 *              (common/fft/simd_cols.c plans it).
 *   column_load, transpose_tile   the exercises (exercises/07_multidim/): strided on
 *              arrays stored bottom-up (every outer axis backwards; a launch flips the
 *              input into that layout first and the result back last), and transpose
 *              with blocks of 16 x 64 instead of 32 x 32 (transpose_wide).
 *
 * --explain prints each axis's length, stride, passes and group shapes, and names every
 * kernel file compiled. The axis planning is common/fft/axis_plan.c, shared with 08-10.
 *
 * Run it:
 *   make 07_multidim
 *   ./build/07_multidim --size 512x512 --explain
 *   ./build/07_multidim --size 256x256x256 --variant transpose
 *   ./build/07_multidim --size 512x512x64 --batch 4 --inverse
 *   ./build/07_multidim --input x.npy --output y.npy      (complex64, shape (batch, Ny, Nx))
 *
 * Lesson: README.md here; runs and experiments: NOTES.md. */
#include "../../common/chapter.h"
#include "../../common/fft/axis_plan.h"
#include "../../common/fft/simd_cols.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"strided", "default: outer axes by column passes of T neighbouring columns, no transposes",
     NULL, 0},
    {"transpose", "rows only, a tiled transpose after each axis (Apple's OpenCL_FFT way)", NULL,
     0},
    {"no_parts", "strided without parts: 4096-point columns, 16384-point rows in two passes",
     NULL, 0},
    {"simd", "for a CPU: 8 neighbouring columns per work-item as vector lanes", NULL, 0},
    {"column_load", "strided on arrays stored bottom-up, with your bottom_up_addresses (exercise)",
     "exercises/07_multidim/column_load.cl", 0},
    {"transpose_tile", "transpose in blocks of 16 x 64, with your wide_store (exercise)",
     "exercises/07_multidim/transpose_tile.cl", 0},
    {NULL, NULL, NULL, 0},
};

#define DEFAULT_WG 256      /* work-items per group the planner may use */

static int is_transpose(const struct fl_problem *p)
{
    return strcmp(p->variant, "transpose") == 0 || strcmp(p->variant, "transpose_tile") == 0;
}

static int is_simd(const struct fl_problem *p)
{
    return strcmp(p->variant, "simd") == 0;
}

static size_t elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

/* Plan the axes AXES of problem P (bit 0 = x, 1 = y, 2 = z; 0 = all) by common/fft/axis_plan.c,
 * or -1 with WHY. */
static int make_layout(const struct fl_problem *p, unsigned axes, struct fl_layout *L, char *why,
                       size_t len)
{
    struct fl_radix_limits lim;
    size_t wg = p->wg ? p->wg : DEFAULT_WG;
    fl_radix_limits_default(&lim, p->dev->local_mem, elem_bytes(p),
                            wg < p->dev->max_wg ? wg : p->dev->max_wg);
    for (int k = 0; k < p->nshapes; k++) /* --shapes, or what --tune measured */
        lim.shape[k] = p->shape[k];
    struct fl_layout_spec spec = {p->ndims, {0}, p->batch, axes, is_transpose(p), &lim,
                                  strcmp(p->variant, "no_parts") == 0, 1, NULL};
    memcpy(spec.dims, p->dims, sizeof spec.dims);
    return fl_layout_make(&spec, L, why, len);
}

/* --variant simd: which way each axis goes (common/fft/simd_cols.c), and the axes that take the
 * default passes (bit 0 = x ...). */
static int simd_axes(const struct fl_problem *p, struct fl_simd_axis *ax)
{
    return fl_simd_axes(p->ndims, p->dims, p->batch, ax);
}

static unsigned simd_fallback_axes(const struct fl_problem *p)
{
    static struct fl_simd_axis ax[FL_MAX_DIMS];
    unsigned mask = 0;
    int na = simd_axes(p, ax);
    for (int i = 0; i < na; i++)
        if (ax[i].way == FL_SIMD_DEFAULT)
            mask |= 1u << i;
    return mask;
}

static int check(const struct fl_problem *p, char *why, size_t len)
{
    if (p->wg && fl_check_group_size(p, p->wg, why, len) != 0)
        return -1;
    if (is_transpose(p) && (size_t)FL_AXIS_TILE * FL_AXIS_TILE_ROWS > p->dev->max_wg) {
        snprintf(why, len, "the transpose needs groups of %d items; %s allows %zu",
                 FL_AXIS_TILE * FL_AXIS_TILE_ROWS, p->dev->name, p->dev->max_wg);
        return -1;
    }
    static struct fl_layout L;
    if (is_simd(p)) {
        if (fl_simd_qmax() == 0) {
            snprintf(why, len, "FFTLAB_SIMD_QMAX='%s' must be a number from 8 to 64",
                     getenv("FFTLAB_SIMD_QMAX"));
            return -1;
        }
        unsigned fallback = simd_fallback_axes(p);
        return fallback ? make_layout(p, fallback, &L, why, len) : 0;
    }
    return make_layout(p, 0, &L, why, len);
}

/* Passes whose group shape --shapes and --tune set (common/fft/tune.h): in the strided way
 * every pass of every axis, x first, launch k being pass k (a pass of whole rows ignores
 * its shape); none when no pass would use one (rows of one pass only), and none in the
 * transpose way (its transposes sit between the passes), the simd variant or the
 * column_load exercise (its flips sit before and after the passes). */
static int shaped_passes(const struct fl_problem *p)
{
    static struct fl_layout L;
    char why[256];
    if (is_simd(p) || is_transpose(p) || strcmp(p->variant, "column_load") == 0 ||
        make_layout(p, 0, &L, why, sizeof why) != 0)
        return 0;
    int passes = 0, shaped = 0;
    for (int i = 0; i < L.naxes; i++) {
        passes += L.ax[i].rp.npasses;
        shaped |= L.ax[i].rp.npasses > 1 || (L.ax[i].stride > 1 && L.ax[i].rp.npasses > 0);
    }
    return shaped ? passes : 0;
}

/* -D constants (kernels/07_multidim.cl): the tile, and for each axis a (x, y, z) with
 * passes A<a>_N, _LB, _S, _KIND and per pass A<a>_P<k> = Q,P,I,T,radices. */
static void build_options(const struct fl_problem *p, char *opts, size_t len)
{
    static struct fl_layout L;
    char why[256];
    opts[0] = '\0';
    if (is_simd(p)) {
        /* the default passes' constants for the axes that take them (and the transpose's
         * TILE, which kernels/07_multidim.cl always needs), then each simd axis's */
        static struct fl_simd_axis ax[FL_MAX_DIMS];
        unsigned fallback = simd_fallback_axes(p);
        size_t used;
        memset(&L, 0, sizeof L);
        if (fallback && make_layout(p, fallback, &L, why, sizeof why) != 0)
            return;
        used = fl_layout_options(&L, opts, 0, len);
        int na = simd_axes(p, ax);
        for (int i = 0; i < na; i++) {
            if (ax[i].way == FL_SIMD_ROWS)
                used = fl_simd_options(&ax[i].sp, opts, used, len);
            else if (ax[i].way == FL_SIMD_ROWS8 || ax[i].way == FL_SIMD_COLS)
                used = fl_simd_cols_options(&ax[i], opts, used, len);
        }
        if (fl_simd_array_fits(ax, na, p->n, elem_bytes(p), p->batch, p->dev))
            used = fl_simd_array_options(ax, na, p->n, opts, used, len);
        if (used >= len)
            fl_die(FL_EXIT_OPENCL, "kernel build options longer than %zu characters (chapter bug)", len);
        return;
    }
    if (make_layout(p, 0, &L, why, sizeof why) != 0)
        return; /* check() refused it already */
    fl_layout_options(&L, opts, 0, len);
}

/* --variant simd: each axis its own way, x first; the inverse is conj(forward(conj x)),
 * so the first launch of the whole plan conjugates what it reads, the last what it
 * writes. */
static void plan_simd(const struct fl_problem *p, struct fl_plan *plan, const char *shape)
{
    static struct fl_simd_axis ax[FL_MAX_DIMS];
    int na = simd_axes(p, ax), conj = p->sign > 0, first = -1, last = -1, src = FL_BUF_A,
        dst = FL_BUF_B, sl = 0;
    char how[400] = "";
    for (int i = 0; i < na; i++)
        if (ax[i].way != FL_SIMD_NONE) {
            if (first < 0)
                first = i;
            last = i;
        }
    int whole = fl_simd_array_fits(ax, na, p->n, elem_bytes(p), p->batch, p->dev);
    if (whole)
        src = fl_simd_array_launch(plan, ax, na, p->n, p->batch, FL_BUF_A, FL_BUF_B, conj);
    for (int i = 0; i < na && whole; i++) {
        const struct fl_simd_axis *a = &ax[i];
        char passes[96] = "";
        int pl = 0;
        if (a->way == FL_SIMD_NONE)
            continue;
        for (int k = 0; k < a->sp.npass; k++)
            pl += snprintf(passes + pl, sizeof passes - (size_t)pl, "%s%zu", k ? " x " : "",
                           a->sp.pass[k].q);
        sl += snprintf(how + sl, sizeof how - (size_t)sl, "%saxis %c (N=%zu) by %s, Q = %s",
                       sl ? "; " : "", a->name, a->n, a->way == FL_SIMD_ROWS ? "06's simd rows"
                       : a->way == FL_SIMD_ROWS8 ? "8 rows as lanes" : "8 columns as lanes", passes);
        if ((size_t)sl >= sizeof how)
            sl = (int)sizeof how - 1;
    }
    for (int i = 0; i < na && !whole; i++) {
        const struct fl_simd_axis *a = &ax[i];
        int flags = (conj && i == first ? 1 : 0) | (conj && i == last ? 2 : 0);
        char passes[96] = "";
        int res = src;
        if (a->way == FL_SIMD_NONE)
            continue;
        if (a->way == FL_SIMD_ROWS) {
            int table = fl_simd_table(plan, &a->sp);
            res = fl_simd_launches(plan, &a->sp, a->lines, p->dev, table, src, dst, flags,
                                   p->wg, passes, sizeof passes);
            sl += snprintf(how + sl, sizeof how - (size_t)sl, "%saxis x (N=%zu) by 06's simd rows, "
                           "Q = %s%s", sl ? "; " : "", a->n, passes,
                           fl_simd_fused(&a->sp, a->lines, p->dev) ? " in 1 launch" : "");
        } else if (a->way == FL_SIMD_ROWS8 || a->way == FL_SIMD_COLS) {
            res = fl_simd_cols_launch(plan, a, p->dev, elem_bytes(p), src, dst, flags, p->wg,
                                      passes, sizeof passes);
            if (a->way == FL_SIMD_COLS)
                sl += snprintf(how + sl, sizeof how - (size_t)sl, "%saxis %c (N=%zu) by 8 columns "
                               "per item as lanes, Q = %s", sl ? "; " : "", a->name, a->n, passes);
            else
                sl += snprintf(how + sl, sizeof how - (size_t)sl, "%saxis x (N=%zu) by 8 rows per "
                               "item as lanes, Q = %s [%s]", sl ? "; " : "", a->n, passes, a->why);
        } else {
            static struct fl_layout L;
            char why[256], axes[160];
            if (make_layout(p, 1u << i, &L, why, sizeof why) != 0)
                fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
            res = fl_layout_launches(plan, &L, elem_bytes(p), src, dst, flags & 1, flags & 2,
                                     axes, sizeof axes);
            sl += snprintf(how + sl, sizeof how - (size_t)sl, "%s%s [%s]", sl ? "; " : "", axes, a->why);
        }
        if ((size_t)sl >= sizeof how)
            sl = (int)sizeof how - 1;
        if (res != src) {
            dst = src;
            src = res;
        }
    }
    plan->result = src;
    snprintf(plan->summary, sizeof plan->summary, "%s x batch %zu, simd (a CPU's layout): %s%s. "
             "%d launch%s.", shape, p->batch, whole ? "a work-item per array through every axis "
             "(arrays <= 2 MiB, >= 2 per core; FFTLAB_SIMD_ARRAY=0: a launch per axis): " : "",
             how, plan->nlaunch, plan->nlaunch == 1 ? "" : "es");
}

/* --variant column_load: a launch of flip_outer_axes (kernels/07_multidim.cl), SRC -> DST. */
static void flip_launch(const struct fl_problem *p, struct fl_plan *plan, int src, int dst,
                        const char *why)
{
    size_t nz = p->ndims == 3 ? p->dims[0] : 1, ny = p->dims[p->ndims - 2],
           nx = p->dims[p->ndims - 1], g = 64;
    size_t global[2] = {(p->n + g - 1) / g * g, p->batch}, local[2] = {g, 1};
    struct fl_launch *l = fl_plan_add(plan, "flip_outer_axes", 2, global, local);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    fl_arg_int(l, (int)nz);
    fl_arg_int(l, (int)ny);
    fl_arg_int(l, (int)nx);
    fl_launch_note(l, "%s", why);
}

/* --variant transpose_tile: every transpose_tiled of the plan becomes transpose_wide, the
 * same transpose in blocks of WIDE_ROWS x WIDE_COLS input values (kernels/07_multidim.cl),
 * by groups of WIDE_COLS x WIDE_ITEM_ROWS items. */
#define WIDE_ROWS 16
#define WIDE_COLS 64
#define WIDE_ITEM_ROWS 4
static void wide_transposes(struct fl_plan *plan)
{
    for (int i = 0; i < plan->nlaunch; i++) {
        struct fl_launch *l = &plan->launch[i];
        if (strcmp(l->kernel, "transpose_tiled") != 0)
            continue;
        size_t rows = (size_t)l->args[2].value, cols = (size_t)l->args[3].value;
        snprintf(l->kernel, sizeof l->kernel, "transpose_wide");
        l->global[0] = (cols + WIDE_COLS - 1) / WIDE_COLS * WIDE_COLS;
        l->global[1] = (rows + WIDE_ROWS - 1) / WIDE_ROWS * WIDE_ITEM_ROWS;
        l->local[0] = WIDE_COLS;
        l->local[1] = WIDE_ITEM_ROWS;
        char *tiles = strstr(l->note, ", 32x32 tiles (+1 column of padding)");
        if (tiles) {
            char rest[512];
            snprintf(rest, sizeof rest, "%s", tiles + strlen(", 32x32 tiles (+1 column of padding)"));
            snprintf(tiles, sizeof l->note - (size_t)(tiles - l->note), ", blocks of %d x %d "
                     "(a tile of %d x %d), your wide_store%s", WIDE_ROWS, WIDE_COLS, WIDE_ROWS,
                     WIDE_COLS + 2, rest);
        }
    }
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    static struct fl_layout L;
    char why[256];
    plan->result = FL_BUF_A;
    char shape[64], axes[320];
    int sl = 0;
    for (int d = 0; d < p->ndims; d++)
        sl += snprintf(shape + sl, sizeof shape - (size_t)sl, "%s%zu", d ? " x " : "", p->dims[d]);
    if (is_simd(p)) {
        plan_simd(p, plan, shape);
        if (plan->nlaunch == 0)
            snprintf(plan->summary, sizeof plan->summary, "%s: every axis has length 1, the input "
                     "is its own transform", shape);
        return;
    }
    if (make_layout(p, 0, &L, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    int transpose = is_transpose(p), conj = p->sign > 0;
    int bottom_up = strcmp(p->variant, "column_load") == 0 && p->ndims > 1;
    int src = FL_BUF_A, dst = FL_BUF_B;
    if (bottom_up) {
        flip_launch(p, plan, FL_BUF_A, FL_BUF_B, "the input stored bottom-up: every outer "
                    "axis reversed in memory, the rows kept (the layout your "
                    "bottom_up_addresses reads and writes)");
        src = FL_BUF_B;
        dst = FL_BUF_A;
    }
    /* the inverse is conj(forward(conj x)) over all axes at once */
    plan->result = fl_layout_launches(plan, &L, elem_bytes(p), src, dst, conj ? 1 : 0,
                                      conj ? 2 : 0, axes, sizeof axes);
    if (bottom_up) {
        int back = plan->result == FL_BUF_A ? FL_BUF_B : FL_BUF_A;
        flip_launch(p, plan, plan->result, back, "the result back to top-down, for the checks");
        plan->result = back;
    }
    if (strcmp(p->variant, "transpose_tile") == 0)
        wide_transposes(plan);
    char why_q[160] = "";
    int parted = 0;
    for (int i = 0; i < L.naxes; i++)
        parted |= L.ax[i].rp.npasses == 1 && L.ax[i].rp.pass[0].parts > 1;
    if (!transpose && L.naxes > 1)
        snprintf(why_q, sizeof why_q, " A column pass keeps >= 4 neighbouring columns per group: "
                 "Q <= %zu%s.", L.ax[0].rp.multi_pass_max_q, parted ? ", or a whole axis whose "
                 "group keeps its columns in parts" : "");
    if (plan->nlaunch == 0)
        snprintf(plan->summary, sizeof plan->summary, "%s: every axis has length 1, the input "
                 "is its own transform", shape);
    else
        snprintf(plan->summary, sizeof plan->summary,
                 "%s x batch %zu, %s: %s. %d launch%s, each reading and writing all the data once.%s",
                 shape, p->batch, transpose ? "rows and transposes" : bottom_up ? "stored "
                 "bottom-up, rows, then columns in place" : L.naxes > 1 ? "rows, then "
                 "columns in place" : "rows", axes, plan->nlaunch, plan->nlaunch == 1 ? "" : "es", why_q);
}

int main(int argc, char **argv)
{
    /* 06_simd.cl and 07_simd.cl compile to nothing without -D FFT_SIMD / FFT_SIMD_COLS
     * (--variant simd) */
    static const char *const uses[] = {"06_passes.cl", "06_blocks_25_27.cl", "06_row_parts.cl",
                                       "06_column_parts.cl", "05_register_radix.cl",
                                       "06_mixed_radix.cl", "simd_cv.cl", "06_simd.cl",
                                       "07_simd.cl", NULL};
    static const struct fl_chapter chapter = {
        .name = "07_multidim",
        .title = "2-D and 3-D transforms: column passes in place, or transposes",
        .kernel_file = "07_multidim.cl",
        .uses = uses,
        .help = "Shapes like 512x512 or 256x256x256 (row-major, the last axis contiguous, as in\n"
                "NumPy), every axis 2^a 3^b 5^c 7^d, 2^26 points at most; --batch: that many\n"
                "arrays one after another; --input reads (batch, Ny, Nx) or (batch, Nz, Ny, Nx).\n"
                "The default variant (strided) does the outer axes by column passes that read\n"
                "neighbouring columns together; transpose does rows only, with a tiled transpose\n"
                "after each axis. --wg sets the work-items per group the planner may use\n"
                "(default 256); --explain shows every axis: its stride, its passes and their\n"
                "group shapes. --variant simd is for a CPU: 8 neighbouring columns (or short\n"
                "rows) per work-item as vector lanes, a whole axis per launch\n"
                "(FFTLAB_SIMD_QMAX=Q).",
        .demo_n = 512 * 512,
        .demo_batch = 1,
        .demo_shape = "512x512",
        .bound = FL_BOUND_FFT,
        .variants = variants,
        .check = check,
        .plan = plan,
        .build_options = build_options,
        .shaped_passes = shaped_passes,
    };
    return fl_main(argc, argv, &chapter);
}
