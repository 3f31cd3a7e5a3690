/* The steps of one distributed transform, planned once per direction and layout. */
#include "distributed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pipeline_layouts(const struct slab *s, const struct fl_device *dev, size_t elem, size_t wg,
                     struct fl_layout *la, struct fl_layout *lb, char *why, size_t len)
{
    struct fl_radix_limits lim;
    fl_radix_limits_default(&lim, dev->local_mem, elem, wg < dev->max_wg ? wg : dev->max_wg);
    /* A: the axes inside a natural slab, x (2-D) or x and y (3-D), on B arrays of
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

/* exchange_pack or exchange_unpack as a one-launch plan: SRC -> DST, one of them the
 * device buffer NAME ("send" or "recv", a scratch slot the runner fills in). */
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
    if (unpack)
        fl_launch_note(l, "recv[d][b][v'][u][i] -> Y[b][v'][d*%zu + u][i]: block d (from rank d) "
                       "into its place, %zu values each", x.mu, block);
    else
        fl_launch_note(l, "X[b][u][d*%zu + v'][i] -> send[d][b][v'][u][i]: %d blocks of %zu values, "
                       "block d for rank d", x.mv, x.P, block);
    p->result = data;
    return p;
}

/* One rank: exchange_pack from slab SRC to slab DST is the whole transpose (P = 1: one
 * block, X[b][u][v][i] -> Y[b][v][u][i]). */
static struct fl_plan *transpose_plan(const struct slab *s, int back, int src, int dst,
                                      size_t wg_items)
{
    struct fl_plan *p = new_plan();
    struct exchange_shape x = slab_exchange(s, back);
    if (x.ni == 1) {
        /* 2-D: a plain batched matrix transpose, MU x MV -> MV x MU; chapter 07's tiled one
         * (through local memory: rows read and rows written) instead of the pack, whose
         * reads go down the columns */
        size_t global[3] = {(x.mv + FL_AXIS_TILE - 1) / FL_AXIS_TILE * FL_AXIS_TILE,
                            (x.mu + FL_AXIS_TILE - 1) / FL_AXIS_TILE * FL_AXIS_TILE_ROWS, x.batch};
        size_t local[3] = {FL_AXIS_TILE, FL_AXIS_TILE_ROWS, 1};
        struct fl_launch *l = fl_plan_add(p, "transpose_tiled", 3, global, local);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        fl_arg_int(l, (int)x.mu);
        fl_arg_int(l, (int)x.mv);
        fl_launch_note(l, "%zu x %zu -> %zu x %zu per array: the whole transpose on the device "
                       "(P = 1), chapter 07's tiles; no host copy, no MPI", x.mu, x.mv, x.mv, x.mu);
        p->result = dst;
        return p;
    }
    /* 3-D: runs of NI values move whole, X[b][u][v][i] -> Y[b][v][u][i] (the pack's move
     * at P = 1, in 32-bit index arithmetic) */
    size_t global[1] = {(s->count + wg_items - 1) / wg_items * wg_items}, local[1] = {wg_items};
    struct fl_launch *l = fl_plan_add(p, "transpose_slab", 1, global, local);
    fl_arg_buffer(l, src);
    fl_arg_buffer(l, dst);
    fl_arg_int(l, (int)x.batch);
    fl_arg_int(l, (int)x.mu);
    fl_arg_int(l, (int)x.mv);
    fl_arg_int(l, (int)x.ni);
    fl_launch_note(l, "X[b][u][v][i] -> Y[b][v][u][i]: the whole transpose on the device (P = 1), "
                   "runs of %zu values; no host copy, no MPI", x.ni);
    p->result = dst;
    return p;
}

void pipeline_make(struct pipeline *p, const struct slab *s, const struct fl_layout *la,
                   const struct fl_layout *lb, size_t elem, size_t wg_items, int sign,
                   enum layout in, enum layout out, int on_device)
{
    memset(p, 0, sizeof *p);
    p->sign = sign;
    p->in = in;
    p->out = out;
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
        struct step *st = &p->step[p->nsteps++];
        if (order[i] == 'A' || order[i] == 'B') {
            const struct fl_layout *L = order[i] == 'A' ? la : lb;
            st->kind = STEP_LOCAL;
            st->program = order[i] == 'B';
            st->plan = new_plan();
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
            st->kind = STEP_EXCHANGE;
            st->back = order[i] == 'b';
            st->program = 0;
            if (on_device) {
                /* one rank: block 0 of the pack is the whole transposed slab, and the unpack
                 * would copy it unchanged; so the pack writes the other slab buffer, and
                 * nothing leaves the device */
                int other = cur == FL_BUF_A ? FL_BUF_B : FL_BUF_A;
                st->plan = transpose_plan(s, st->back, cur, other, wg_items);
                cur = other;
            } else {
                st->plan = exchange_plan(s, st->back, 0, cur, wg_items);
                st->unpack = exchange_plan(s, st->back, 1, cur, wg_items);
            }
            snprintf(st->name, sizeof st->name, "%s%s", st->back ? "exchange back" : "exchange",
                     on_device ? " (one rank: on the device)" : "");
        }
    }
    p->result = cur;
    for (int i = 0; i < p->nsteps; i++)
        p->launches += p->step[i].plan->nlaunch + (p->step[i].unpack ? p->step[i].unpack->nlaunch : 0);
    snprintf(p->what, sizeof p->what, "%s, %s in, %s out", sign < 0 ? "forward" : "inverse",
             in == LAYOUT_NATURAL ? "natural" : "transposed", out == LAYOUT_NATURAL ? "natural" :
             "transposed");
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
