/* 11_convolution, --variant direct: the convolution by its definition on the device, no FFT
 * (kernels/11_direct.cl, conv_direct): one launch, KY x KX complex multiply-adds per output
 * point, where the FFT's plans do O(log M) per point whatever the filter. It is the
 * measure the FFT is set against as the filter grows (the lesson's Measured table: in 1-D
 * the FFT wins from a few dozen taps on; in 2-D from a few taps per axis), and a second
 * method on the device for the same answer.
 *
 * The filter goes to the device as it is (the table "filter", fn values); x is read from
 * A where it lies and y written to B in its final shape (circular: N per axis; linear:
 * N + K - 1), so there is no grid, no pad and no cut. */
#include "conv.h"

#include <stdio.h>
#include <string.h>

/* The kernel's group and outputs per work-item: kernels/11_direct.cl's DIRECT_G and
 * DIRECT_R (its reqd_work_group_size makes a group of another size fail to launch). */
#define DIRECT_G 256
#define DIRECT_R 4

int conv_direct_check(const struct conv *cv, const struct fl_problem *p, char *why, size_t len)
{
    double work = (double)cv->on * (double)cv->batch * (double)cv->fn;
    if (work > CONV_DIRECT_MAX_WORK) {
        snprintf(why, len, "--variant direct: %zu outputs x batch %zu x %zu filter taps is %.3g "
                 "complex multiply-adds a call, more than the %.3g this variant is allowed (it "
                 "would run for minutes): use the FFT variants, or a shorter filter or signal",
                 cv->on, cv->batch, cv->fn, work, CONV_DIRECT_MAX_WORK);
        return -1;
    }
    if (p && p->dev && p->dev->max_wg < DIRECT_G) {
        snprintf(why, len, "--variant direct runs groups of %d work-items; %s allows %zu",
                 DIRECT_G, p->dev->name, (size_t)p->dev->max_wg);
        return -1;
    }
    if (p && p->wg && p->wg != DIRECT_G) {
        snprintf(why, len, "--variant direct runs groups of %d work-items (--wg %zu)", DIRECT_G,
                 p->wg);
        return -1;
    }
    return 0;
}

void conv_plan_direct(const struct conv *cv, struct fl_plan *plan)
{
    char text[320];
    int one_d = cv->ndims == 1, linear = cv->mode == CONV_LINEAR;
    size_t nx = cv->dims[cv->ndims - 1], ny = one_d ? 1 : cv->dims[0];
    size_t ox = cv->odims[cv->ndims - 1], oy = one_d ? 1 : cv->odims[0];
    size_t kx = cv->fdims[cv->ndims - 1], ky = one_d ? 1 : cv->fdims[0];
    double *h;
    int filter = fl_plan_table(plan, "filter", cv->fn, &h);
    memcpy(h, cv->h, cv->fn * 16);
    size_t span = (size_t)DIRECT_G * DIRECT_R;
    size_t global[3] = {(ox + span - 1) / span * DIRECT_G, oy, cv->batch};
    size_t local[3] = {DIRECT_G, 1, 1};
    struct fl_launch *l = fl_plan_add(plan, "conv_direct", 3, global, local);
    fl_arg_buffer(l, FL_BUF_A);
    fl_arg_buffer(l, FL_BUF_B);
    fl_arg_buffer(l, filter);
    fl_arg_int(l, (int)nx);
    fl_arg_int(l, (int)ny);
    fl_arg_int(l, (int)nx);
    fl_arg_int(l, (int)cv->n);
    fl_arg_int(l, (int)ox);
    fl_arg_int(l, (int)oy);
    fl_arg_int(l, (int)ox);
    fl_arg_int(l, (int)cv->on);
    fl_arg_int(l, (int)kx);
    fl_arg_int(l, (int)ky);
    fl_arg_int(l, linear ? 0 : 1);
    fl_launch_note(l, "y = sum of h[a][b] x[r - a][c - b] over the %zu taps, %s; %d outputs per "
                   "item, %d apart; the taps through local memory", cv->fn,
                   linear ? "0 outside x (linear)" : "indices mod N (circular)", DIRECT_R, DIRECT_G);
    plan->result = FL_BUF_B;
    conv_text(cv, text, sizeof text);
    snprintf(plan->summary, sizeof plan->summary, "%.300s. direct: no FFT, %zu complex "
             "multiply-adds per output point in one launch (conv_direct).", text, cv->fn);
}
