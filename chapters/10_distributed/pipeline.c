/* The steps of one distributed transform, planned once per direction and layout. */
#include "distributed.h"

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

/* The next step of P: local passes of PROGRAM (0: program 1, 1: program 2), its plan empty. */
static struct step *local_step(struct pipeline *p, int program)
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
    if (unpack)
        fl_launch_note(l, "recv[e][a][v'][u][i] -> Y[a][v'][e*%zu + u][i]: block e (from rank e) "
                       "into its place, %zu values each", x.mu, block);
    else
        fl_launch_note(l, "X[a][u][e*%zu + v'][i] -> send[e][a][v'][u][i]: %d blocks of %zu values, "
                       "block e for rank e", x.mv, x.P, block);
    p->result = data;
    return p;
}

/* One rank, 2-D, when the outermost axis by columns would take more than one pass: two
 * steps, each a pass over whole rows. Step 1 (the program of layout IN): the contiguous
 * axis by rows, then chapter 07's tiled transpose, so the other axis becomes the rows.
 * Step 2 (the other program, whose first axis is that one): it by rows. The result is in
 * the other layout, as asked. Three sweeps over the data when each axis is one row pass;
 * 07's way with the transpose after it would take four. */
static void one_rank_tiled(struct pipeline *p, const struct slab *s, const struct fl_layout *L,
                           const struct fl_layout *other, size_t elem, const char *from,
                           const char *to)
{
    int conj = p->sign > 0, nat = p->in == LAYOUT_NATURAL;
    char rows_name = nat ? s->c_name : s->a_name, cols_name = nat ? s->a_name : s->c_name;
    /* each layout's contiguous axis alone: fl_layout_launches does the first naxes axes */
    struct fl_layout first = *L, second = *other;
    first.naxes = 1;
    second.naxes = 1;
    char how[320];

    struct step *st = local_step(p, !nat);
    int src = fl_layout_launches(st->plan, &first, elem, FL_BUF_A, FL_BUF_B, conj ? 1 : 0, 0,
                                 how, sizeof how);
    int dst = src == FL_BUF_A ? FL_BUF_B : FL_BUF_A;
    size_t rows = L->ax[L->naxes - 1].n, cols = L->ax[0].n;
    struct fl_launch *l = fl_transpose_launch(st->plan, rows, cols, s->batch, src, dst);
    fl_launch_note(l, "%zu x %zu -> %zu x %zu per array: chapter 07's tiled transpose, so that "
                   "axis %c becomes the rows", rows, cols, cols, rows, cols_name);
    st->plan->result = dst;
    snprintf(st->name, sizeof st->name, "%c passes, transpose", rows_name);
    snprintf(st->plan->summary, sizeof st->plan->summary, "program %d (one rank): the array %s, "
             "axis %c by chapter 07's passes: %s; then chapter 07's tiled transpose to %s (axis %c "
             "by columns would take %d passes)", nat ? 1 : 2, from, rows_name, how, to, cols_name,
             L->ax[L->naxes - 1].rp.npasses);

    st = local_step(p, nat);
    st->plan->result = fl_layout_launches(st->plan, &second, elem, dst, src, 0, conj ? 2 : 0,
                                          how, sizeof how);
    snprintf(st->name, sizeof st->name, "%c passes", cols_name);
    snprintf(st->plan->summary, sizeof st->plan->summary, "program %d (one rank): the array %s, "
             "axis %c, now the rows (its kernels call it x): %s", nat ? 2 : 1, to, cols_name, how);
    p->result = st->plan->result;
    p->launches = p->step[0].plan->nlaunch + st->plan->nlaunch;
}

/* One rank (P = 1): no exchange. One local step, chapter 07's passes over every axis of
 * the array in layout IN (program 1 on the natural array, program 2 on the transposed one);
 * where OUT differs, the last pass (the outermost axis's, by columns) stores into it
 * (PASS_STORE_TRANSPOSED, kernels/10_pass_hooks.cl): the transpose rides on a store the
 * transform makes anyway, no extra read and write. Except in 2-D when that axis takes more
 * than one pass: the last pass's outputs are then p apart and neighbouring columns N apart,
 * so its transposed store sends every value to its own 32-byte sector (on an H200 8192^2
 * took 4.1 ms that way against 0.95 for 07's passes alone; chapters/10_distributed/NOTES.md
 * section 11). There one_rank_tiled does rows, a tiled transpose, rows. */
static void one_rank(struct pipeline *p, const struct slab *s, const struct fl_layout *la,
                     const struct fl_layout *lb, size_t elem)
{
    int conj = p->sign > 0, moves = p->in != p->out, nat = p->in == LAYOUT_NATURAL;
    const struct fl_layout *L = nat ? la : lb;
    int n = s->ndims;
    static const char *const shown[2][2] = {{"[y][x]", "[x][y]"}, {"[z][y][x]", "[y][z][x]"}};
    const char *from = shown[n == 3][!nat], *to = shown[n == 3][nat];
    if (moves && n == 2 && L->ax[L->naxes - 1].rp.npasses > 1) {
        one_rank_tiled(p, s, L, nat ? lb : la, elem, from, to);
        return;
    }
    struct step *st = local_step(p, !nat);
    /* the inverse is conj(forward(conj x)): the first pass conjugates what it reads, the
     * last one what it writes */
    char how[320];
    st->plan->result = fl_layout_launches(st->plan, L, elem, FL_BUF_A, FL_BUF_B, conj ? 1 : 0,
                                          (conj ? 2 : 0) | (moves ? PASS_STORE_TRANSPOSED : 0),
                                          how, sizeof how);
    p->result = st->plan->result;
    p->launches = st->plan->nlaunch;

    /* the global axes, outermost first, as layout IN stores them (2-D: y x or x y; 3-D:
     * z y x or y z x); the passes go from the contiguous one out */
    char axes[3] = {nat ? s->a_name : s->c_name, nat ? s->c_name : s->a_name, 'x'};
    int sl = 0;
    for (int d = n - 1; d >= 0; d--)
        sl += snprintf(st->name + sl, sizeof st->name - (size_t)sl, "%c%s", axes[d],
                       d ? ", " : " passes");
    char last[96] = "";
    if (moves) {
        struct fl_launch *l = &st->plan->launch[st->plan->nlaunch - 1];
        char note[sizeof l->note];
        snprintf(note, sizeof note, "%s", l->note);
        fl_launch_note(l, "%s; stores %s (PASS_STORE_TRANSPOSED): the transpose", note, to);
        snprintf(last, sizeof last, "; the last pass stores %s: the transpose, in its store", to);
    }
    snprintf(st->plan->summary, sizeof st->plan->summary, "program %d (one rank): every axis of "
             "the array %s by chapter 07's passes (its kernels name the axes x, y%s from the "
             "contiguous one): %s%s", nat ? 1 : 2, from, n == 3 ? ", z" : "",
             how[0] ? how : "nothing to do", last);
}

void pipeline_make(struct pipeline *p, const struct slab *s, const struct fl_layout *la,
                   const struct fl_layout *lb, size_t elem, size_t wg_items, int sign,
                   enum layout in, enum layout out, int on_device)
{
    memset(p, 0, sizeof *p);
    p->sign = sign;
    p->in = in;
    p->out = out;
    snprintf(p->what, sizeof p->what, "%s, %s in, %s out", sign < 0 ? "forward" : "inverse",
             in == LAYOUT_NATURAL ? "natural" : "transposed", out == LAYOUT_NATURAL ? "natural" :
             "transposed");
    if (on_device) {
        one_rank(p, s, la, lb, elem);
        return;
    }
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
            struct step *st = local_step(p, order[i] == 'B');
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
