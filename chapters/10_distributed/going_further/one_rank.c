/* One rank (P = 1, not an exercise run): no exchange, so no pack, no unpack, no copy
 * through the host: chapter 07's passes do every axis on the device, and where the output
 * is in the other layout the last pass stores it there (kernels/10_pass_hooks.cl). A
 * pipeline of one step (or two: one_rank_tiled), in place of ../pipeline.c's. */
#include "transport.h"

#include "../../../common/timing.h"

#include <stdio.h>
#include <string.h>

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

    struct step *st = pipeline_local_step(p, !nat);
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

    st = pipeline_local_step(p, nat);
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
void one_rank(struct pipeline *p, const struct slab *s, const struct fl_layout *la,
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
    struct step *st = pipeline_local_step(p, !nat);
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

double one_rank_call(struct engine *r, struct pipeline *p, double t_start, double *phases)
{
    cl_event ev[MAX_STEPS][FL_MAX_LAUNCHES];
    double ph[PH_COUNT] = {0};
    fl_mpi_watchdog_kernels(1);
    for (int i = 0; i < p->nsteps; i++)
        if (p->step[i].plan->nlaunch)
            fl_exec_enqueue(&p->step[i].ex, p->step[i].plan, ev[i]);
    CL_CHECK(clFinish(r->dev->queue));
    double wall = (MPI_Wtime() - t_start) * 1e3;
    fl_mpi_watchdog_kernels(0);
    for (int i = 0, nlocal = 0; i < p->nsteps; i++) {
        int n = p->step[i].plan->nlaunch;
        ph[nlocal++ ? PH_LOCAL2 : PH_LOCAL1] = n ? fl_event_span_ms(ev[i][0], ev[i][n - 1]) : 0;
        for (int k = 0; k < n; k++)
            clReleaseEvent(ev[i][k]);
    }
    if (phases)
        memcpy(phases, ph, sizeof ph);
    return wall;
}