/* common/fft/axis_plan.c: axes, strides and lines on a row-major array; the -D constants;
 * the launches (kernel names, ping-pong, the conj flags on the first and last pass). */
#include "../../common/fft/axis_plan.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

static struct fl_radix_limits lim;

static int make(int ndims, const size_t *dims, size_t batch, unsigned axes, int transpose,
                struct fl_layout *L, char *why, size_t len)
{
    struct fl_layout_spec spec = {ndims, {0}, batch, axes, transpose, &lim, 0, 0, NULL};
    memcpy(spec.dims, dims, (size_t)ndims * sizeof dims[0]);
    why[0] = '\0';
    return fl_layout_make(&spec, L, why, len);
}

/* The flags argument (the last) of launch I. */
static int flags_of(const struct fl_plan *plan, int i)
{
    const struct fl_launch *l = &plan->launch[i];
    return l->args[l->nargs - 1].value;
}

int main(void)
{
    static struct fl_layout L;
    static struct fl_plan plan;
    char why[256], opts[4096];
    /* fp32 on a 48 KiB device, 256 items per group: Q <= 1024 in a column pass */
    fl_radix_limits_default(&lim, 48 * 1024, 8, 256);

    /* ---- 2-D 64 x 48, batch 3, every axis, strided */
    size_t d2[2] = {64, 48};
    is_int(make(2, d2, 3, 0, 0, &L, why, sizeof why), 0, "64x48 x 3: a plan");
    is_int(L.naxes, 2, "two axes");
    ok(L.ax[0].name == 'x' && L.ax[0].n == 48 && L.ax[0].stride == 1 && L.ax[0].lines == 64 * 3,
       "axis x: N 48, rows (stride 1), 192 lines");
    ok(L.ax[1].name == 'y' && L.ax[1].n == 64 && L.ax[1].stride == 48 && L.ax[1].lines == 3,
       "axis y: N 64, columns at stride 48, one line per array");
    is_int((long long)L.elems, 64 * 48 * 3, "elements of the batch");
    size_t used = fl_layout_options(&L, opts, 0, sizeof opts);
    is_int((long long)used, (long long)strlen(opts), "options: the returned length is the string's");
    has_substr(opts, "-D TILE=32 -D TILE_ROWS=8", "options: the transpose kernel's tile, always");
    has_substr(opts, "-D Ax_N=48", "options: axis x's length");
    has_substr(opts, "-D Ay_S=48 -D Ay_KIND=COLS", "options: axis y by columns at stride 48");
    /* appended after what is there */
    snprintf(opts, sizeof opts, "-D X=1");
    fl_layout_options(&L, opts, strlen(opts), sizeof opts);
    ok(strncmp(opts, "-D X=1 -D TILE=32", 17) == 0, "options append after existing text");

    fl_plan_init(&plan);
    char how[256];
    int result = fl_layout_launches(&plan, &L, 8, FL_BUF_A, FL_BUF_B, 1, 2, how, sizeof how);
    is_int(plan.nlaunch, fl_layout_launch_count(&L), "launch count as fl_layout_launch_count says");
    is_int(plan.nlaunch, 2, "one pass per axis");
    is_str(plan.launch[0].kernel, "fft_rows_x_p0", "first launch: rows of x");
    is_str(plan.launch[1].kernel, "fft_cols_y_p0", "second launch: columns of y");
    is_int(result, FL_BUF_A, "two passes: the result is back in A");
    is_int(flags_of(&plan, 0), 1, "first pass: conj in");
    is_int(flags_of(&plan, 1), 2, "last pass: conj out");
    is_int(plan.ntables, 2, "a twiddle table per axis");
    has_substr(how, "axis x (N=48) by rows, 1 pass; axis y (N=64) by columns at stride 48",
               "the one-line description");
    fl_plan_free(&plan);

    /* ---- only y and z of 4 x 6 x 10 (what 09 does on its half spectrum) */
    size_t d3[3] = {4, 6, 10};
    is_int(make(3, d3, 2, 6, 0, &L, why, sizeof why), 0, "4x6x10, axes y and z: a plan");
    is_int(L.naxes, 2, "two axes planned");
    ok(L.ax[0].name == 'y' && L.ax[0].n == 6 && L.ax[0].stride == 10 && L.ax[0].lines == 4 * 2,
       "axis y: N 6 at stride 10, 8 lines");
    ok(L.ax[1].name == 'z' && L.ax[1].n == 4 && L.ax[1].stride == 60 && L.ax[1].lines == 2,
       "axis z: N 4 at stride 60, 2 lines");
    fl_layout_options(&L, opts, 0, sizeof opts);
    ok(strstr(opts, "Ax_") == NULL, "no constants for the axis left out");
    fl_plan_init(&plan);
    result = fl_layout_launches(&plan, &L, 8, FL_BUF_B, FL_BUF_A, 0, 0, NULL, 0);
    is_int(result, FL_BUF_B, "from B, two passes: the result in B");
    is_int(flags_of(&plan, 0) | flags_of(&plan, 1), 0, "forward: no conj flags");
    fl_plan_free(&plan);

    /* ---- an outer axis of 4096: one pass in parts (07's fft_parts_y_p0), or two */
    size_t d4[2] = {4096, 8};
    is_int(make(2, d4, 1, 0, 0, &L, why, sizeof why), 0, "4096x8: a plan");
    ok(L.ax[1].rp.npasses == 1 && L.ax[1].rp.pass[0].parts == 4, "axis y: 1 pass in 4 parts");
    fl_layout_options(&L, opts, 0, sizeof opts);
    has_substr(opts, "-D Ay_KIND=PARTS -D Ay_PARTS=4 -D Ay_WG=256", "options: the parted kind, B and group");
    fl_plan_init(&plan);
    fl_layout_launches(&plan, &L, 8, FL_BUF_A, FL_BUF_B, 0, 0, how, sizeof how);
    is_str(plan.launch[1].kernel, "fft_parts_y_p0", "the parted kernel");
    ok(plan.launch[1].local[0] == 256 && plan.launch[1].global[0] == 2 * 256,
       "8 columns, 4 per group of 4 x 64 items: 2 groups (got global %zu, local %zu)",
       plan.launch[1].global[0], plan.launch[1].local[0]);
    has_substr(how, "1 pass in parts", "the description says so");
    fl_plan_free(&plan);
    struct fl_layout_spec np = {2, {4096, 8}, 1, 0, 0, &lim, 1, 0, NULL};
    is_int(fl_layout_make(&np, &L, why, sizeof why), 0, "4096x8 no_parts: a plan");
    ok(L.ax[1].rp.npasses == 2 && L.ax[1].rp.pass[0].parts == 1, "no_parts: two column passes");
    is_int(make(2, d4, 1, 0, 1, &L, why, sizeof why), 0, "4096x8 transpose: a plan");
    ok(L.ax[1].rp.pass[0].parts == 1, "the transpose way: rows only, never parts");

    /* ---- a row in parts (row_parts: chapter 07 asks, 08 and 09 do not) */
    size_t r16[2] = {2, 16384};
    is_int(make(2, r16, 1, 0, 0, &L, why, sizeof why), 0, "2x16384 without row_parts: a plan");
    ok(L.ax[0].rp.npasses == 2, "without row_parts: rows of 16384 take two passes");
    struct fl_layout_spec rs = {2, {2, 16384}, 1, 0, 0, &lim, 0, 1, NULL};
    is_int(fl_layout_make(&rs, &L, why, sizeof why), 0, "2x16384 row_parts: a plan");
    ok(L.ax[0].rp.npasses == 1 && L.ax[0].rp.pass[0].parts == 4 && L.ax[1].rp.pass[0].parts == 1,
       "row_parts: x is one pass in 4 parts, y (2 points) as before");
    opts[0] = '\0';
    fl_layout_options(&L, opts, 0, sizeof opts);
    has_substr(opts, "-D Ax_KIND=ROWPARTS -D Ax_PARTS=4 -D Ax_WG=256 -D Ax_P0=4096,1,256,1,16,16,16,0",
               "options: ROWPARTS, B, the group, and one part's Q and radices");
    fl_plan_init(&plan);
    fl_layout_launches(&plan, &L, 8, FL_BUF_A, FL_BUF_B, 0, 0, how, sizeof how);
    is_str(plan.launch[0].kernel, "fft_rowparts_x_p0", "the row-parts kernel");
    ok(plan.launch[0].local[0] == 256 && plan.launch[0].global[0] == 2 * 256,
       "2 rows, a group of 256 items each (got global %zu, local %zu)", plan.launch[0].global[0],
       plan.launch[0].local[0]);
    fl_plan_free(&plan);
    rs.no_parts = 1;
    is_int(fl_layout_make(&rs, &L, why, sizeof why), 0, "2x16384 row_parts and no_parts: a plan");
    ok(L.ax[0].rp.npasses == 2, "no_parts wins: two passes");

    /* ---- the transpose way */
    is_int(make(2, d2, 1, 0, 1, &L, why, sizeof why), 0, "64x48 transpose: a plan");
    ok(L.ax[0].tr_rows == 64 && L.ax[0].tr_cols == 48 && L.ax[1].tr_rows == 48 &&
       L.ax[1].tr_cols == 64, "a transpose after each axis");
    is_int(fl_layout_launch_count(&L), 4, "two passes and two transposes");
    is_int(make(3, d3, 1, 1, 1, &L, why, sizeof why), -1, "transpose with some axes only: refused");
    ok(why[0] != '\0', "... with a reason");

    /* ---- 1-D, multi-pass; too many passes for the axis kernels */
    size_t d1[1] = {(size_t)1 << 20};
    is_int(make(1, d1, 1, 0, 0, &L, why, sizeof why), 0, "2^20: a plan");
    ok(L.ax[0].rp.npasses > 1, "2^20 needs more than one pass");
    fl_radix_limits_default(&lim, 48 * 1024, 8, 1);
    size_t d17[1] = {(size_t)1 << 17};
    is_int(make(1, d17, 2, 0, 0, &L, why, sizeof why), -1, "2^17 in groups of 1 item: refused");
    has_substr(why, "at most 4 per axis", "... saying the axis kernels' limit");
    return done_testing();
}
