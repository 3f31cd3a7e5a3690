/* Running a pipeline on this rank's device: the local passes and the exchanges (pack on
 * the device, the blocks across to the other ranks through the run's transport, unpack on
 * the device), timed phase by phase. The lesson's transport is at the end of this file:
 * the whole send buffer to the host, one MPI_Alltoall, the whole receive buffer back
 * (transport_alltoall). going_further/ has faster ones (in chunks, overlapped with the
 * copies, through a node's shared memory), chosen by --transport: auto, by default, takes
 * the fastest that works here. At P = 1 there is no exchange (going_further/one_rank.c),
 * except in an exercise run, whose pack and unpack move the rank's own block. */
#include "distributed.h"
#include "going_further/transport.h"

#include "../../common/guards.h"
#include "../../common/timing.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every device buffer (A, B, send, recv, the tables) lies between two guard zones, filled
 * before each verified call, or on pocl between fences (common/guards.h): a kernel that
 * writes before the start or past the end is caught, and the verification names the buffer
 * and the side. Each zone covers at least one array of this rank's slab (the batch
 * stride), so that an off-by-an-array index lands in it. */
const char *const phase_name[PH_COUNT] = {
    "local1", "pack", "exchange", "d2h", "mpi", "h2d", "unpack", "local2",
    "pack2", "exchange2", "d2h2", "mpi2", "h2d2", "unpack2",
};


int phase_inside(int ph)
{
    int k = ph >= PH_PACK2 ? ph - PH_PER_EXCHANGE : ph;
    return k == PH_D2H || k == PH_MPI || k == PH_H2D;
}

static const char *const buffer_name[4] = {"A", "B", "send", "recv"};

void engine_open(struct engine *r, const struct fl_device *dev, const struct slab *s, size_t elem,
                 int on_device, const struct transport_want *want)
{
    memset(r, 0, sizeof *r);
    r->dev = dev;
    r->s = s;
    r->elem = elem;
    r->type = elem == 16 ? FL_RL_CDOUBLE : FL_RL_CFLOAT;
    r->data_bytes = s->count * elem;
    /* every buffer fenced on a CPU device, else between guard zones (common/guards.h) */
    r->guards = fl_guards_open(dev, elem);
    r->guard_bytes = fl_guards_fenced(r->guards) ? 0 : fl_guard_bytes(dev, s->count /
                                                     (s->batch ? s->batch : 1) * elem, elem);
    r->fill = fl_fill_limits_for(fl_base_align(dev));
    r->nbuf = on_device ? 2 : 4;
    static const char *const what[4] = {"buffer A", "buffer B", "the send buffer",
                                        "the receive buffer"};
    cl_mem *view[4] = {&r->buf[0], &r->buf[1], &r->send, &r->recv};
    for (int i = 0; i < r->nbuf; i++)
        *view[i] = fl_guards_add(r->guards, r->data_bytes, r->guard_bytes, buffer_name[i],
                                 what[i], NULL, &r->all[i]);
    r->staging = fl_xmalloc(s->count * elem, "the staging buffer");
    if (s->P > 1)   /* the transport: by name, or auto's fastest (going_further/choose.c) */
        transport_choose(r, want);
    else if (!on_device) {  /* an exercise run: its own block, through MPI_Alltoall */
        char why[256];
        r->xport = &transport_alltoall;
        if (r->xport->open(r, why, sizeof why) != 0) {
            r->xport = NULL;
            fl_mpi_agree(FL_EXIT_USAGE, why);
        }
    }
}

void engine_close(struct engine *r)
{
    if (r->xport)
        r->xport->close(r);
    fl_guards_close(r->guards);
    free(r->staging);
}

/* Kernels of PLAN from the step's program; twiddle tables uploaded, the scratch slots
 * "send" and "recv" set to the exchange buffers. */
static void prepare_plan(struct engine *r, struct fl_exec *ex, const struct fl_plan *plan, int program)
{
    memset(ex, 0, sizeof *ex);
    ex->queue = r->dev->queue;
    ex->program = r->program[program];
    ex->slot[FL_BUF_A] = r->buf[0];
    ex->slot[FL_BUF_B] = r->buf[1];
    fl_exec_prepare(ex, plan, r->kernel_file, NULL);
    for (int t = 0; t < plan->ntables; t++)
        if (!plan->table[t].data)
            ex->slot[FL_BUF_TABLE0 + t] = strcmp(plan->table[t].name, "send") == 0 ? r->send
                                                                                  : r->recv;
    fl_guards_tables(r->guards, ex, plan, fl_guard_bytes(r->dev, 0, r->elem));
}

static void release_plan(struct fl_exec *ex, const struct fl_plan *plan)
{
    fl_exec_release(ex, plan);  /* (the tables: engine_close's fl_guards_close) */
}

void engine_prepare(struct engine *r, struct pipeline *p)
{
    for (int i = 0; i < p->nsteps; i++) {
        struct step *st = &p->step[i];
        prepare_plan(r, &st->ex, st->plan, st->program);
        if (st->unpack)
            prepare_plan(r, &st->ex_unpack, st->unpack, st->program);
    }
}

void engine_release(struct engine *r, struct pipeline *p)
{
    (void)r;
    for (int i = 0; i < p->nsteps; i++) {
        release_plan(&p->step[i].ex, p->step[i].plan);
        if (p->step[i].unpack)
            release_plan(&p->step[i].ex_unpack, p->step[i].unpack);
    }
}

/* NaN into every value of buffer I (0 A, 1 B, 2 send, 3 recv), in the whole buffer's
 * pieces (common/fill.h): a value no step writes stays NaN and fails the check. */
static void poison(struct engine *r, int i)
{
    static const float nan_f[2] = {NAN, NAN};
    static const double nan_d[2] = {NAN, NAN};
    const void *nan = r->elem == 16 ? (const void *)nan_d : (const void *)nan_f;
    fl_fill_range(r->dev->queue, r->all[i], nan, r->elem, r->guard_bytes, r->data_bytes,
                  &r->fill, "a buffer with NaN");
}

/* PLAN's launches, waited for: its device time (first START to last END), in ms. Every
 * kernel of the chapter runs here (or in going_further/one_rank.c's one_rank_call), so
 * the watchdog knows a rank stuck in its own kernels. */
static const char *fenced_check;   /* a verified call on fenced buffers: its check, or "" */

static double run_plan(struct fl_exec *ex, const struct fl_plan *plan)
{
    cl_event ev[FL_MAX_LAUNCHES];
    if (plan->nlaunch == 0)
        return 0;
    fl_mpi_watchdog_kernels(1);
    if (fenced_check) {     /* a verified call on fenced buffers: one launch at a time */
        double ms = fl_guards_run(ex, plan, *fenced_check ? fenced_check : NULL);
        fl_mpi_watchdog_kernels(0);
        return ms;
    }
    fl_exec_enqueue(ex, plan, ev);
    CL_CHECK(clFinish(ex->queue));
    fl_mpi_watchdog_kernels(0);
    double ms = fl_event_span_ms(ev[0], ev[plan->nlaunch - 1]);
    for (int i = 0; i < plan->nlaunch; i++)
        clReleaseEvent(ev[i]);
    return ms;
}

double engine_call(struct engine *r, struct pipeline *p, int do_poison, double *phases)
{
    double t_start = fl_rl_wtime(), ph[PH_COUNT] = {0};
    int nlocal = 0, nexchange = 0;
    if (do_poison) {
        for (int i = 1; i < r->nbuf; i++)   /* B, send, recv */
            poison(r, i);
        fl_guards_arm(r->guards, r->dev->queue, &r->fill);  /* every buffer's, tables too */
    }
    /* a fault at a fence names the launch and the check (run_plan) */
    fenced_check = do_poison && fl_guards_fenced(r->guards) ? (r->check ? r->check : "") : NULL;
    if (r->nbuf == 2 && !fenced_check)  /* one rank on the device, no exchange (one_rank.c) */
        return one_rank_call(r, p, t_start, phases);
    for (int i = 0; i < p->nsteps; i++) {
        struct step *st = &p->step[i];
        if (st->kind == STEP_LOCAL) {
            ph[nlocal++ ? PH_LOCAL2 : PH_LOCAL1] = run_plan(&st->ex, st->plan);
            continue;
        }
        int k = nexchange++ ? PH_PER_EXCHANGE : 0;
        /* pack on the device: P blocks, block d for rank d */
        ph[PH_PACK + k] = run_plan(&st->ex, st->plan);
        /* block e of send to rank e, block d of every rank's send into recv: the run's
         * transport (transport_alltoall below, or going_further/'s) */
        r->xport->exchange(r, ph + k);
        /* the unpack overwrites the slab it came from: poisoned first, so a value it does
         * not write shows as NaN */
        if (do_poison)
            poison(r, st->ex_unpack.slot[st->unpack->result] == r->buf[0] ? 0 : 1);
        ph[PH_UNPACK + k] = run_plan(&st->ex_unpack, st->unpack);
    }
    CL_CHECK(clFinish(r->dev->queue));
    double wall = (fl_rl_wtime() - t_start) * 1e3;
    if (phases)
        memcpy(phases, ph, sizeof ph);
    return wall;
}

void engine_transfer(struct engine *r, cl_mem m, int to_host, void *h, size_t bytes)
{
    for (size_t at = 0; at < bytes; at += XFER_MAX) {
        size_t n = bytes - at < XFER_MAX ? bytes - at : XFER_MAX;
        if (to_host)
            CL_CHECK(clEnqueueReadBuffer(r->dev->queue, m, CL_FALSE, at, n, (char *)h + at, 0,
                                         NULL, NULL));
        else
            CL_CHECK(clEnqueueWriteBuffer(r->dev->queue, m, CL_FALSE, at, n, (char *)h + at, 0,
                                          NULL, NULL));
    }
    CL_CHECK(clFinish(r->dev->queue));
}

void engine_upload(struct engine *r, const double *x)
{
    if (x)
        fl_to_device_format(r->staging, x, r->s->count, r->elem);
    engine_transfer(r, r->buf[0], 0, r->staging, r->s->count * r->elem);
}

void engine_download(struct engine *r, int slot, double *out)
{
    engine_transfer(r, r->buf[slot == FL_BUF_B], 1, r->staging, r->s->count * r->elem);
    fl_from_device_format(out, r->staging, r->s->count, r->elem);
}

/* ---------------------------------------------------------------- the textbook exchange */

/* --transport alltoall: the exchange as one collective. The pack left block e (count/P
 * values, from e*count/P) of send for rank e; MPI_Alltoall gives every rank block d of
 * every rank's send, in rank order: recv, ready for the unpack. Through host memory (an MPI
 * that reads device memory would skip the two copies), one piece, one step after the
 * other: the baseline that going_further/'s transports overlap and cut into chunks. */
static int alltoall_open(struct engine *r, char *why, size_t len)
{
    size_t block = r->data_bytes / (size_t)r->s->P;
    if (block > XFER_MAX) { /* one message per block: past this, MPI may cut it wrong */
        snprintf(why, len, "--transport alltoall sends each block as one message, at most "
                 "%zu MiB, and a block here is %zu MiB: use more ranks, or the default "
                 "transport, which cuts it into chunks", XFER_MAX >> 20, block >> 20);
        return -1;
    }
    /* in the memory the rank sees (harness/isolate.c): it makes the MPI_Alltoall */
    r->host_send = fl_rl_part(ARENA_SEND);
    r->host_recv = fl_rl_part(ARENA_RECV);
    return 0;
}

static void alltoall_exchange(struct engine *r, double *ph)
{
    const size_t blk = r->s->count / (size_t)r->s->P;   /* values per block: below 2^31 */
    double t0 = fl_rl_wtime();
    engine_transfer(r, r->send, 1, r->host_send, r->data_bytes);               /* device -> host */
    double t1 = fl_rl_wtime();
    fl_rl_alltoall(r->host_send, r->host_recv, (int)blk, r->type);  /* MPI_Alltoall, by the
                                                                       rank (relay.h) */
    double t2 = fl_rl_wtime();
    engine_transfer(r, r->recv, 0, r->host_recv, r->data_bytes);               /* host -> device */
    double t3 = fl_rl_wtime();
    ph[PH_D2H] = (t1 - t0) * 1e3;
    ph[PH_MPI] = (t2 - t1) * 1e3;
    ph[PH_H2D] = (t3 - t2) * 1e3;
    ph[PH_XCHG] = (t3 - t0) * 1e3;
}

static void alltoall_close(struct engine *r)
{
    r->host_send = r->host_recv = NULL;
}

const struct transport transport_alltoall = {"alltoall", alltoall_open, alltoall_exchange,
                                             alltoall_close};
