/* The steps of one distributed transform, planned once per direction and layout. */
#include "distributed.h"

#include "../../common/program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pipeline_layouts(const struct slab *s, const struct fl_device *dev, size_t elem, size_t wg,
                     int on_device, struct fl_layout *la, struct fl_layout *lb, char *why,
                     size_t len)
{
    struct fl_radix_limits lim;
    fl_radix_limits_default(&lim, dev->local_mem, elem, wg < dev->max_wg ? wg : dev->max_wg);
    if (on_device) {
        /* One rank: chapter 07's layout, every axis of the whole array (x by rows, the outer
         * axes by columns in place, a long row in parts as 07 does it), on the natural array
         * (A: Na x Nc x Ni) and on the transposed one (B: Nc x Na x Ni, the round trip's
         * input). The last pass of the outermost axis stores into the other layout. */
        struct fl_layout_spec a = {s->ndims, {s->na, s->nc, s->ni}, s->batch, 0, 0, &lim, 0, 1,
                                   NULL};
        struct fl_layout_spec b = {s->ndims, {s->nc, s->na, s->ni}, s->batch, 0, 0, &lim, 0, 1,
                                   NULL};
        if (fl_layout_make(&a, la, why, len) != 0 || fl_layout_make(&b, lb, why, len) != 0)
            return -1;
        return 0;
    }
    /* A: the axes inside a natural slab, x (2-D) or x and y (3-D), on batch arrays of
     * Na/P x Nc (x Ni) */
    struct fl_layout_spec a = {s->ndims, {s->ma, s->nc, s->ni}, s->batch,
                               s->ndims == 3 ? 3u : 1u, 0, &lim, 0, 0, NULL};
    /* B: the outermost axis, whole in a transposed slab. 2-D: rows of Ny, Nx/P of them
     * per array (axis "x" of a Nx/P x Ny array). 3-D: columns of Nz at stride Nx in each
     * of the Ny/P planes (axis "y" of a Ny/P x Nz x Nx array). */
    struct fl_layout_spec b = {s->ndims, {s->mc, s->na, s->ni}, s->batch,
                               s->ndims == 3 ? 2u : 1u, 0, &lim, 0, 0, NULL};
    if (fl_layout_make(&a, la, why, len) != 0 || fl_layout_make(&b, lb, why, len) != 0)
        return -1;
    return 0;
}

static struct fl_plan *new_plan(void)
{
    struct fl_plan *p = calloc(1, sizeof *p);
    if (!p)
        fl_die(FL_EXIT_OPENCL, "out of host memory for a plan");
    fl_plan_init(p);
    return p;
}

struct step *pipeline_local_step(struct pipeline *p, int program)
{
    struct step *st = &p->step[p->nsteps++];
    st->kind = STEP_LOCAL;
    st->program = program;
    st->plan = new_plan();
    return st;
}

/* exchange_pack or exchange_unpack as a one-launch plan: SRC -> DST, one of them the
 * device buffer NAME ("send" or "recv", a scratch slot the engine fills in). */
static struct fl_plan *exchange_plan(const struct slab *s, int back, int unpack, int data,
                                     size_t wg_items)
{
    struct fl_plan *p = new_plan();
    struct exchange_shape x = slab_exchange(s, back);
    int buf = fl_plan_scratch(p, unpack ? "recv" : "send", s->count);
    size_t global[1] = {(s->count + wg_items - 1) / wg_items * wg_items}, local[1] = {wg_items};
    struct fl_launch *l = fl_plan_add(p, unpack ? "exchange_unpack" : "exchange_pack", 1, global, local);
    fl_arg_buffer(l, unpack ? buf : data);
    fl_arg_buffer(l, unpack ? data : buf);
    fl_arg_int(l, (int)x.batch);
    fl_arg_int(l, (int)x.mu);
    fl_arg_int(l, (int)x.mv);
    fl_arg_int(l, (int)x.ni);
    fl_arg_int(l, x.P);
    size_t block = x.batch * x.mu * x.mv * x.ni;
    if (unpack && fl_exercise_path()[0]) /* the exercise's map: the student's to derive */
        fl_launch_note(l, "recv -> Y by your unpack_source: block e (from rank e) into its place, "
                       "%zu values each", block);
    else if (fl_exercise_path()[0]) /* the exercise's pack (kernels/10_distributed.cl) */
        fl_launch_note(l, "X[a][u][e*%zu + v'][i] -> send[e][a][u][v'][i]: %d blocks of %zu values, "
                       "block e for rank e", x.mv, x.P, block);
    else if (unpack)
        fl_launch_note(l, "recv[e][a][v'][u][i] -> Y[a][v'][e*%zu + u][i]: block e (from rank e) "
                       "into its place, %zu values each", x.mu, block);
    else
        fl_launch_note(l, "X[a][u][e*%zu + v'][i] -> send[e][a][v'][u][i]: %d blocks of %zu values, "
                       "block e for rank e", x.mv, x.P, block);
    p->result = data;
    return p;
}

void pipeline_begin(struct pipeline *p, int sign, enum layout in, enum layout out)
{
    memset(p, 0, sizeof *p);
    p->sign = sign;
    p->in = in;
    p->out = out;
    snprintf(p->what, sizeof p->what, "%s, %s in, %s out", sign < 0 ? "forward" : "inverse",
             in == LAYOUT_NATURAL ? "natural" : "transposed", out == LAYOUT_NATURAL ? "natural" :
             "transposed");
}

void pipeline_make(struct pipeline *p, const struct slab *s, const struct fl_layout *la,
                   const struct fl_layout *lb, size_t elem, size_t wg_items, int sign,
                   enum layout in, enum layout out)
{
    pipeline_begin(p, sign, in, out);
    /* the steps: 'A' local passes of program 1, 'B' of program 2, 'f'/'b' exchanges */
    const char *order = in == LAYOUT_TRANSPOSED ? "BbA" : out == LAYOUT_TRANSPOSED ? "AfB" : "AfBb";
    int conj = sign > 0, first = -1, last = -1;
    for (int i = 0; order[i]; i++) {
        const struct fl_layout *L = order[i] == 'A' ? la : order[i] == 'B' ? lb : NULL;
        if (L && fl_layout_launch_count(L) > 0) {
            if (first < 0)
                first = i;
            last = i;
        }
    }
    int cur = FL_BUF_A;
    char axes_a[8], axes_b[8];
    snprintf(axes_a, sizeof axes_a, "%s", s->ndims == 3 ? "y,x" : "x");
    snprintf(axes_b, sizeof axes_b, "%c", s->a_name);
    for (int i = 0; order[i]; i++) {
        if (order[i] == 'A' || order[i] == 'B') {
            const struct fl_layout *L = order[i] == 'A' ? la : lb;
            struct step *st = pipeline_local_step(p, order[i] == 'B');
            char how[320];
            /* the inverse is conj(forward(conj x)) over the whole transform: the first pass
             * of the first local step conjugates what it reads, the last one what it writes */
            int ff = conj && i == first ? 1 : 0, lf = conj && i == last ? 2 : 0;
            st->plan->result = fl_layout_launches(st->plan, L, elem, cur, cur == FL_BUF_A ?
                                                  FL_BUF_B : FL_BUF_A, ff, lf, how, sizeof how);
            cur = st->plan->result;
            snprintf(st->name, sizeof st->name, "%s passes", order[i] == 'A' ? axes_a : axes_b);
            if (order[i] == 'A')
                snprintf(st->plan->summary, sizeof st->plan->summary, "program 1, the axes "
                         "inside a natural slab (%s): %s", axes_a, how[0] ? how : "nothing to do");
            else
                snprintf(st->plan->summary, sizeof st->plan->summary, "program 2, axis %c, whole "
                         "in a transposed slab; its kernels call it %s: %s", s->a_name,
                         s->ndims == 3 ? "y (the middle axis of y', z, x)" : "x (the rows of x', y)",
                         how[0] ? how : "nothing to do");
        } else {
            struct step *st = &p->step[p->nsteps++];
            st->kind = STEP_EXCHANGE;
            st->back = order[i] == 'b';
            st->program = 0;
            st->plan = exchange_plan(s, st->back, 0, cur, wg_items);
            st->unpack = exchange_plan(s, st->back, 1, cur, wg_items);
            snprintf(st->name, sizeof st->name, "%s", st->back ? "exchange back" : "exchange");
        }
    }
    p->result = cur;
    for (int i = 0; i < p->nsteps; i++)
        p->launches += p->step[i].plan->nlaunch + (p->step[i].unpack ? p->step[i].unpack->nlaunch : 0);
}

void pipeline_free(struct pipeline *p)
{
    for (int i = 0; i < p->nsteps; i++) {
        if (p->step[i].plan) {
            fl_plan_free(p->step[i].plan);
            free(p->step[i].plan);
        }
        if (p->step[i].unpack) {
            fl_plan_free(p->step[i].unpack);
            free(p->step[i].unpack);
        }
    }
    memset(p, 0, sizeof *p);
}
