/* 11_convolution: real data (--real, or a float32/float64 --input), whatever the variant
 * of the default plans: y = x (*) h for real x and h through chapter 09's R2C and C2R,
 * planned by common/fft/real_plan.c (moved there from chapters/09_real_input so both
 * chapters call it), with kernels/11_real.cl's pad and cut of reals around them.
 *
 *   conv_box_real (pad: x into the grid M, zeros after it), R2C (the rows of Mx reals as
 *   Mx/2 complex values, the twist, the columns of the half spectrum), conv_product on the
 *   My x (Mx/2 + 1) half spectrum with the filter's (FFTW's r2c of h on the grid, divided
 *   by M, once per plan: table "spectrum"), C2R, conv_box_real (cut: the first N + K - 1).
 *
 * The grid's last axis must be even (R2C reads it as Mx/2 complex values): linear mode
 * takes the smallest even 2^a 3^b 5^c 7^d >= N + K - 1, circular mode needs an even N. The
 * half spectrum is larger than the grid (My (Mx + 2) reals against My Mx), so the plan
 * works in two scratch buffers of that size, not in A and B. main.c calls this file; it
 * calls setup.c and common/. */
#include "conv.h"
#include "tasks.h"

#include "../../common/fft/real_plan.h"
#include "../../common/reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* CV's grid for real data: the last axis made even (linear mode), or -1 with WHY. */
static int real_grid(const struct conv *cv, struct conv *g, char *why, size_t len)
{
    *g = *cv;
    int last = cv->ndims - 1;
    if (cv->mode == CONV_CIRCULAR && cv->dims[last] % 2) {
        snprintf(why, len, "--mode circular with real data: the last axis (%zu) must be even "
                 "(R2C reads it as %zu/2 complex values); --mode linear pads any length",
                 cv->dims[last], cv->dims[last]);
        return -1;
    }
    size_t m = g->mdims[last];
    while (m % 2)
        m = fl_smooth_at_least(m + 1, NULL);
    g->mn = g->mn / g->mdims[last] * m;
    g->mdims[last] = m;
    return 0;
}

/* The R2C/C2R plan of G's grid. */
static int real_layouts(const struct conv *g, struct fl_real_plan *R, char *why, size_t len)
{
    const struct fl_problem *p = g->p;
    struct fl_radix_limits lim;
    size_t wg = p->wg ? p->wg : CONV_DEFAULT_WG;
    fl_radix_limits_default(&lim, p->dev->local_mem, conv_elem_bytes(p),
                            wg < p->dev->max_wg ? wg : p->dev->max_wg);
    return fl_real_plan_make(g->ndims, g->mdims, g->batch, &lim, &lim, 0, R, why, len);
}

int conv_real_check(const struct conv *cv, char *why, size_t len)
{
    static struct fl_real_plan R;
    struct conv g;
    if (real_grid(cv, &g, why, len) != 0)
        return -1;
    return real_layouts(&g, &R, why, len);
}

void conv_real_options(const struct conv *cv, char *opts, size_t len)
{
    static struct fl_real_plan R;
    struct conv g;
    char why[256];
    opts[0] = '\0';
    if (real_grid(cv, &g, why, sizeof why) != 0 || real_layouts(&g, &R, why, sizeof why) != 0)
        return; /* check() refused it already */
    size_t used = fl_real_options(&R, opts, 0, len);
    if ((size_t)snprintf(opts + used, len - used, "%s", CONV_NO_FUSED_OPTIONS) >= len - used)
        fl_die(FL_EXIT_OPENCL, "kernel build options longer than %zu characters (chapter bug)", len);
}

/* "560x560": DIMS (NDIMS axes) into BUF */
static const char *dims_text(const size_t *dims, int ndims, char *buf, size_t len)
{
    snprintf(buf, len, ndims == 2 ? "%zux%zu" : "%zu", dims[0], ndims == 2 ? dims[1] : 0);
    return buf;
}

void conv_plan_real(const struct conv *cv, struct fl_plan *plan)
{
    static struct fl_real_plan R;
    struct conv g;
    char why[256], how_x[320] = "", how_y[320] = "", text[320], dims[64];
    if (real_grid(cv, &g, why, sizeof why) != 0 || real_layouts(&g, &R, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    size_t half = conv_spectrum_values(&g, 1); /* the half spectrum's values per array */
    int spectrum = conv_spectrum_table(plan, &g, 1);
    int twist = fl_real_twist_table(plan, R.nx);
    int s0 = fl_plan_scratch(plan, "half0", half * cv->batch);
    int s1 = fl_plan_scratch(plan, "half1", half * cv->batch);
    struct fl_launch *l = conv_box_launch(plan, cv, "conv_box_real", FL_BUF_A, s0, cv->dims,
                                          g.mdims);
    fl_launch_note(l, "pad: the %zu reals of x into the grid of M = %zu reals, zeros after them",
                   cv->n, g.mn);
    size_t elem = conv_elem_bytes(cv->p), wg = cv->p->dev->max_wg;
    int r = fl_real_launches(plan, &R, 0, 0, elem, s0, s1, twist, wg, how_x, how_y, sizeof how_x);
    l = conv_product_launch(plan, cv, r, spectrum, half, cv->batch);
    fl_launch_note(l, "Z = R2C(x) * Hh in place, the %zu values of the half spectrum (Hh: the "
                   "half of FFT_M(h)/M, FFTW's r2c, from the host once: the table \"spectrum\")",
                   half);
    r = fl_real_launches(plan, &R, 1, 0, elem, r, r == s0 ? s1 : s0, twist, wg, how_x, how_y,
                         sizeof how_x);
    l = conv_box_launch(plan, cv, "conv_box_real", r, FL_BUF_B, g.mdims, cv->odims);
    fl_launch_note(l, "cut: y = the first %zu of the M = %zu reals", cv->on, g.mn);
    plan->result = FL_BUF_B;
    conv_text(cv, text, sizeof text);
    char *grid = strstr(text, ", the grid M");
    if (grid) /* the real grid: its last axis even */
        snprintf(grid, sizeof text - (size_t)(grid - text), ", the grid M = %s (the last axis "
                 "even: the smallest even 7-smooth length >= N + K - 1, or N)",
                 dims_text(g.mdims, g.ndims, dims, sizeof dims));
    snprintf(plan->summary, sizeof plan->summary, "%.170s. real data: pad, R2C (%.120s; the "
             "twist%s), conv_product on the half spectrum, C2R, cut: %d launches.", text, how_x,
             cv->ndims > 1 ? "; then the columns of the half spectrum" : "", plan->nlaunch);
}
