/* Real transforms as plans (real_plan.h): chapter 09's layouts, twist table and twist
 * launch, and its plain R2C / C2R sequence, shared with chapter 11. */
#include "real_plan.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int fl_real_plan_make(int ndims, const size_t *dims, size_t batch,
                      const struct fl_radix_limits *xlim, const struct fl_radix_limits *lim,
                      size_t pad, struct fl_real_plan *R, char *why, size_t len)
{
    memset(R, 0, sizeof *R);
    R->ndims = ndims;
    R->nx = dims[ndims - 1];
    R->m = R->nx / 2;
    R->rows = batch;
    for (int d = 0; d + 1 < ndims; d++)
        R->rows *= dims[d];
    /* the x axis: rows of M complex values (bit 0 = x) */
    struct fl_layout_spec sx = {ndims, {0}, batch, 1, 0, xlim, 0, 0, "H"};
    memcpy(sx.dims, dims, (size_t)ndims * sizeof *dims);
    sx.dims[ndims - 1] = R->m;
    if (fl_layout_make(&sx, &R->x, why, len) != 0)
        return -1;
    R->pad = pad ? pad : R->m + 1;
    if (ndims == 1)
        return 0;
    /* y and z (bits 1 and 2) on the half spectrum */
    struct fl_layout_spec syz = sx;
    syz.lim = lim;
    syz.axes = 2 | 4;
    syz.dims[ndims - 1] = R->pad;
    return fl_layout_make(&syz, &R->yz, why, len);
}

size_t fl_real_options(const struct fl_real_plan *R, char *opts, size_t used, size_t len)
{
    used = fl_layout_options(&R->x, opts, used, len);
    if (R->ndims > 1)
        used = fl_layout_options(&R->yz, opts, used, len);
    if (used < len)
        used += (size_t)snprintf(opts + used, len - used, " -D RH_M=%zu -D RH_PAIRS=%zu", R->m,
                                 R->m / 2 + 1);
    return used;
}

/* w_N^k for k = 0 .. M/2 (angles up to pi/2), in double; past N/8 from the complementary
 * angle pi/2 - 2 pi k/N = pi (N - 4k) / (2N), whose numerator is exact, so w_N^(N/4) is
 * exactly -i. */
int fl_real_twist_table(struct fl_plan *plan, size_t nx)
{
    const double pi = 3.14159265358979323846264338327950288;
    size_t m = nx / 2, count = m / 2 + 1;
    double *w;
    int slot = fl_plan_table(plan, "twist_w", count, &w);
    for (size_t k = 0; k < count; k++) {
        double c, s;
        if (8 * k <= nx) {
            c = cos(2 * pi * (double)k / (double)nx);
            s = sin(2 * pi * (double)k / (double)nx);
        } else {
            double a = pi * (double)(nx - 4 * k) / (2.0 * (double)nx);
            c = sin(a);
            s = cos(a);
        }
        w[2 * k] = c;
        w[2 * k + 1] = -s;
    }
    return slot;
}

int fl_real_add_twist(struct fl_plan *plan, const struct fl_real_plan *R, int inverse, int s,
                      int dst, int twist, size_t max_wg)
{
    size_t pairs = R->m / 2 + 1, wg = FL_TWIST_WG < max_wg ? FL_TWIST_WG : max_wg;
    size_t global[1] = {(R->rows * pairs + wg - 1) / wg * wg}, local[1] = {wg};
    struct fl_launch *l = fl_plan_add(plan, inverse ? "irfft_pre" : "rfft_post", 1, global, local);
    fl_arg_buffer(l, s);
    fl_arg_buffer(l, dst);
    fl_arg_buffer(l, twist);
    fl_arg_int(l, (int)R->rows);
    fl_launch_note(l, "%s: %zu rows, N=%zu: %zu values <-> %zu bins; one item per pair (k, %zu "
                   "- k), k = 0..%zu", inverse ? "inverse twist" : "twist", R->rows, R->nx, R->m,
                   R->m + 1, R->m, R->m / 2);
    return dst;
}

int fl_real_launches(struct fl_plan *plan, const struct fl_real_plan *R, int inverse,
                     int first_flags, size_t elem,
                     int src, int dst, int twist, size_t max_wg, char *how_x, char *how_yz,
                     size_t how_len)
{
    int multi = R->ndims > 1, s = src;
#define OTHER(slot) ((slot) == src ? dst : src)
    if (!inverse) {
        /* the M-point FFT of every packed row (the reals read as complex pairs), the twist
         * into rows of M + 1 bins, then the outer axes of the half spectrum */
        s = fl_layout_launches(plan, &R->x, elem, s, OTHER(s), first_flags, 0, how_x,
                               how_len);
        s = fl_real_add_twist(plan, R, 0, s, OTHER(s), twist, max_wg);
        if (multi)
            s = fl_layout_launches(plan, &R->yz, elem, s, OTHER(s), 0, 0, how_yz, how_len);
    } else {
        /* backwards: the outer axes (inverse: conj in the first pass, conj out the last),
         * the twist undone, the inverse M-point FFT of every row */
        if (multi)
            s = fl_layout_launches(plan, &R->yz, elem, s, OTHER(s), 1, 2, how_yz, how_len);
        s = fl_real_add_twist(plan, R, 1, s, OTHER(s), twist, max_wg);
        s = fl_layout_launches(plan, &R->x, elem, s, OTHER(s), 1, 2, how_x, how_len);
    }
#undef OTHER
    return s;
}
