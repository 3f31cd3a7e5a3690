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

#include "../../common/timing.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Guard zones before and after the data of every device buffer (A, B, send, recv), filled
 * with a known byte before each verified call: a kernel that writes before the start or
 * past the end changes them, and the verification names the buffer and the side. As in
 * common/runner.c: each zone is at least GUARD_ELEMENTS values and at least one array of
 * this rank's slab (the batch stride, so that an off-by-an-array index lands in it), at most
 * GUARD_MAX_BYTES, rounded up to CL_DEVICE_MEM_BASE_ADDR_ALIGN; the kernels get the data
 * between the zones as a sub-buffer. */
#define GUARD_ELEMENTS 4096
#define GUARD_MAX_BYTES ((size_t)256 << 20)
#define GUARD_BYTE 0x5A

const char *const phase_name[PH_COUNT] = {
    "local1", "pack", "exchange", "d2h", "mpi", "h2d", "unpack", "local2",
    "pack2", "exchange2", "d2h2", "mpi2", "h2d2", "unpack2",
};


int phase_inside(int ph)
{
    int k = ph >= PH_PACK2 ? ph - PH_PER_EXCHANGE : ph;
    return k == PH_D2H || k == PH_MPI || k == PH_H2D;
}

static void *xmalloc(size_t bytes, const char *what)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        fl_die(FL_EXIT_OPENCL, "out of host memory allocating %s (%zu MiB)", what, bytes >> 20);
    return p;
}

static cl_mem make_buffer(const struct engine *r, size_t bytes, const char *what)
{
    cl_int err;
    cl_mem m = clCreateBuffer(r->dev->context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot allocate %s (%zu MiB) on %s: %s", what, bytes >> 20,
               r->dev->name, fl_cl_error_name(err));
    return m;
}

size_t engine_guard_bytes(const struct fl_device *dev, const struct slab *s, size_t elem)
{
    cl_uint align_bits = 0;
    CL_CHECK(clGetDeviceInfo(dev->id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits,
                             &align_bits, NULL));
    size_t align = align_bits >= 8 ? align_bits / 8 : 1;
    size_t row = s->count / (s->batch ? s->batch : 1) * elem, g = GUARD_ELEMENTS * elem;
    if (row > g)
        g = row < GUARD_MAX_BYTES ? row : GUARD_MAX_BYTES;
    return (g + align - 1) / align * align; /* the sub-buffer's origin must be aligned */
}

/* The data between ALL's guard zones, as a sub-buffer: what the kernels get. */
static cl_mem data_of(const struct engine *r, cl_mem all, const char *what)
{
    cl_int err;
    cl_buffer_region region = {r->guard_bytes, r->data_bytes};
    cl_mem m = clCreateSubBuffer(all, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot make the guarded view of %s on %s: %s", what, r->dev->name,
               fl_cl_error_name(err));
    return m;
}

static const char *const buffer_name[4] = {"A", "B", "send", "recv"};

void engine_open(struct engine *r, const struct fl_device *dev, const struct slab *s, size_t elem,
                 int on_device, const struct transport_want *want)
{
    memset(r, 0, sizeof *r);
    r->dev = dev;
    r->s = s;
    r->elem = elem;
    r->type = elem == 16 ? MPI_C_DOUBLE_COMPLEX : MPI_C_FLOAT_COMPLEX;
    r->data_bytes = s->count * elem;
    r->guard_bytes = engine_guard_bytes(dev, s, elem);
    r->nbuf = on_device ? 2 : 4;
    static const char *const what[4] = {"buffer A", "buffer B", "the send buffer",
                                        "the receive buffer"};
    cl_mem *view[4] = {&r->buf[0], &r->buf[1], &r->send, &r->recv};
    for (int i = 0; i < r->nbuf; i++) {
        r->all[i] = make_buffer(r, r->data_bytes + 2 * r->guard_bytes, what[i]);
        *view[i] = data_of(r, r->all[i], what[i]);
    }
    r->guard_copy = make_buffer(r, r->guard_bytes, "the guard check's buffer");
    r->staging = xmalloc(s->count * elem, "the staging buffer");
    if (s->P > 1)   /* the transport: by name, or auto's fastest (going_further/choose.c) */
        transport_choose(r, want);
    else if (!on_device) {  /* an exercise run: its own block, through MPI_Alltoall */
        char why[8];
        r->xport = &transport_alltoall;
        r->xport->open(r, why, sizeof why);
    }
}

void engine_close(struct engine *r)
{
    cl_mem views[4] = {r->buf[0], r->buf[1], r->send, r->recv};
    if (r->xport)
        r->xport->close(r);
    for (int i = 0; i < r->nbuf; i++) {
        clReleaseMemObject(views[i]);
        clReleaseMemObject(r->all[i]);
    }
    clReleaseMemObject(r->guard_copy);
    if (r->k_nan) {
        clReleaseKernel(r->k_nan);
        clReleaseKernel(r->k_fill);
        clReleaseKernel(r->k_copy);
    }
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
    for (int t = 0; t < plan->ntables; t++) {
        const struct fl_table *tab = &plan->table[t];
        if (!tab->data) {
            ex->slot[FL_BUF_TABLE0 + t] = strcmp(tab->name, "send") == 0 ? r->send : r->recv;
            continue;
        }
        void *buf = xmalloc(tab->count * r->elem, "a twiddle table");
        for (size_t i = 0; i < 2 * tab->count; i++) {
            if (r->elem == 16) ((double *)buf)[i] = tab->data[i];
            else ((float *)buf)[i] = (float)tab->data[i];
        }
        cl_int err;
        ex->slot[FL_BUF_TABLE0 + t] = clCreateBuffer(r->dev->context, CL_MEM_READ_ONLY |
                                                     CL_MEM_COPY_HOST_PTR, tab->count * r->elem,
                                                     buf, &err);
        CL_CHECK_ERR(err, "clCreateBuffer(twiddle table)");
        free(buf);
    }
}

static void release_plan(struct fl_exec *ex, const struct fl_plan *plan)
{
    fl_exec_release(ex, plan);
    for (int t = 0; t < plan->ntables; t++)
        if (plan->table[t].data && ex->slot[FL_BUF_TABLE0 + t])
            clReleaseMemObject(ex->slot[FL_BUF_TABLE0 + t]);
}

void engine_prepare(struct engine *r, struct pipeline *p)
{
    if (!r->k_nan) {
        cl_int e1, e2, e3;
        r->k_nan = clCreateKernel(r->program[0], "fill_nan", &e1);
        r->k_fill = clCreateKernel(r->program[0], "fill_bytes", &e2);
        r->k_copy = clCreateKernel(r->program[0], "copy_bytes", &e3);
        if (e1 != CL_SUCCESS || e2 != CL_SUCCESS || e3 != CL_SUCCESS)
            fl_die(FL_EXIT_OPENCL, "%s has no fill_nan, fill_bytes or copy_bytes kernel (the "
                   "harness's fills, at the end of kernels/10_distributed.cl)", r->kernel_file);
    }
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

/* One of the fill kernels over N items (groups of 256). */
static void launch_fill(struct engine *r, cl_kernel k, size_t n)
{
    size_t local = 256 < r->dev->max_wg ? 256 : r->dev->max_wg;
    size_t global = (n + local - 1) / local * local;
    if (n == 0)
        return;
    CL_CHECK(clEnqueueNDRangeKernel(r->dev->queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
}

static void poison(struct engine *r, cl_mem m)
{
    cl_ulong n = r->s->count;
    CL_CHECK(clSetKernelArg(r->k_nan, 0, sizeof m, &m));
    CL_CHECK(clSetKernelArg(r->k_nan, 1, sizeof n, &n));
    launch_fill(r, r->k_nan, r->s->count);
}

/* Both guard zones of the whole buffer ALL. */
static void fill_guards(struct engine *r, cl_mem all)
{
    cl_uint guard = GUARD_BYTE;
    cl_ulong at[2] = {0, r->guard_bytes + r->data_bytes}, n = r->guard_bytes;
    for (int side = 0; side < 2; side++) {
        CL_CHECK(clSetKernelArg(r->k_fill, 0, sizeof all, &all));
        CL_CHECK(clSetKernelArg(r->k_fill, 1, sizeof at[side], &at[side]));
        CL_CHECK(clSetKernelArg(r->k_fill, 2, sizeof n, &n));
        CL_CHECK(clSetKernelArg(r->k_fill, 3, sizeof guard, &guard));
        launch_fill(r, r->k_fill, r->guard_bytes);
    }
}

/* A plan's launches enqueued, their events kept until its device time is read. */
struct pending {
    cl_event ev[FL_MAX_LAUNCHES];
    int n;
    double *ms;                 /* where its time goes                                    */
};

/* PLAN's device time (first START to last END) into *PD->ms; its events released. */
static void pending_done(struct pending *pd)
{
    *pd->ms = pd->n ? fl_event_span_ms(pd->ev[0], pd->ev[pd->n - 1]) : 0;
    for (int i = 0; i < pd->n; i++)
        clReleaseEvent(pd->ev[i]);
    pd->n = 0;
}

/* Enqueue PLAN with its time to go to *MS. DEFER 0: wait for it and read its time now;
 * DEFER 1 (one rank: nothing between the steps needs the host): leave it queued in *PD,
 * the caller waits once for every step (a clFinish per step costs a host round trip, tens
 * of microseconds, where a GPU's whole transform is a few hundred). Every kernel of the
 * chapter runs here, so the watchdog knows a rank stuck in its own kernels. */
static void run_plan_into(struct fl_exec *ex, const struct fl_plan *plan, double *ms, int defer,
                          struct pending *pd)
{
    pd->n = plan->nlaunch;
    pd->ms = ms;
    if (plan->nlaunch == 0) {
        *ms = 0;
        return;
    }
    rank_watchdog_kernels(1);
    fl_exec_enqueue(ex, plan, pd->ev);
    if (defer)
        return;
    CL_CHECK(clFinish(ex->queue));
    rank_watchdog_kernels(0);
    pending_done(pd);
}

static double run_plan(struct fl_exec *ex, const struct fl_plan *plan)
{
    double ms;
    struct pending pd;
    run_plan_into(ex, plan, &ms, 0, &pd);
    return ms;
}

double engine_call(struct engine *r, struct pipeline *p, int do_poison, double *phases)
{
    double t_start = MPI_Wtime(), ph[PH_COUNT] = {0};
    int nlocal = 0, nexchange = 0;
    /* one rank on the device (no exchange through the host): every step enqueued, one wait */
    int defer = r->nbuf == 2, np = 0;
    struct pending pd[MAX_STEPS];
    if (do_poison) {
        poison(r, r->buf[1]);
        if (r->nbuf == 4) {
            poison(r, r->send);
            poison(r, r->recv);
        }
        for (int i = 0; i < r->nbuf; i++)
            fill_guards(r, r->all[i]);
    }
    for (int i = 0; i < p->nsteps; i++) {
        struct step *st = &p->step[i];
        if (st->kind == STEP_LOCAL) {
            run_plan_into(&st->ex, st->plan, &ph[nlocal++ ? PH_LOCAL2 : PH_LOCAL1], defer,
                          &pd[np++]);
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
            poison(r, st->ex_unpack.slot[st->unpack->result]);
        ph[PH_UNPACK + k] = run_plan(&st->ex_unpack, st->unpack);
    }
    CL_CHECK(clFinish(r->dev->queue));
    double wall = (MPI_Wtime() - t_start) * 1e3;
    if (defer) {
        rank_watchdog_kernels(0);
        for (int i = 0; i < np; i++)
            pending_done(&pd[i]);
    }
    if (phases)
        memcpy(phases, ph, sizeof ph);
    return wall;
}

/* BYTES between device buffer M (from offset 0) and host memory H, in transfers of at most
 * XFER_MAX bytes, blocking. */
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
    size_t n = r->s->count;
    if (r->elem == 16)
        memcpy(r->staging, x, n * 16);
    else
        for (size_t i = 0; i < 2 * n; i++)
            ((float *)r->staging)[i] = (float)x[i];
    engine_transfer(r, r->buf[0], 0, r->staging, n * r->elem);
}

void engine_download(struct engine *r, int slot, double *out)
{
    size_t n = r->s->count;
    engine_transfer(r, r->buf[slot == FL_BUF_B], 1, r->staging, n * r->elem);
    if (r->elem == 16)
        memcpy(out, r->staging, n * 16);
    else
        for (size_t i = 0; i < 2 * n; i++)
            out[i] = ((float *)r->staging)[i];
}

const char *engine_guard_damage(struct engine *r)
{
    static char where[160];
    size_t bytes = r->guard_bytes, elem = r->elem, n = r->data_bytes / elem;
    unsigned char *g = xmalloc(bytes, "the guard check");
    const char *bad = NULL;
    for (int i = 0; i < r->nbuf && !bad; i++)
        for (int side = 0; side < 2 && !bad; side++) {
            /* the zone copied to offset 0 of a small buffer by a kernel (ulong offsets),
             * then read: no transfer starts past 4 GiB */
            cl_ulong at = side == 0 ? 0 : bytes + r->data_bytes, len = bytes;
            CL_CHECK(clSetKernelArg(r->k_copy, 0, sizeof r->all[i], &r->all[i]));
            CL_CHECK(clSetKernelArg(r->k_copy, 1, sizeof at, &at));
            CL_CHECK(clSetKernelArg(r->k_copy, 2, sizeof len, &len));
            CL_CHECK(clSetKernelArg(r->k_copy, 3, sizeof r->guard_copy, &r->guard_copy));
            launch_fill(r, r->k_copy, bytes);
            engine_transfer(r, r->guard_copy, 1, g, bytes);
            /* before the start: the damaged byte nearest the data; past the end: the first */
            for (size_t k = 0; k < bytes; k++) {
                size_t b = side == 0 ? bytes - 1 - k : k;
                if (g[b] == GUARD_BYTE)
                    continue;
                if (side == 0)
                    snprintf(where, sizeof where, "buffer %s, before its start (element -%zu)",
                             buffer_name[i], (bytes - b + elem - 1) / elem);
                else
                    snprintf(where, sizeof where, "buffer %s, past its end (element %zu of %zu)",
                             buffer_name[i], n + b / elem, n);
                bad = where;
                break;
            }
        }
    free(g);
    return bad;
}

/* ---------------------------------------------------------------- the textbook exchange */

/* --transport alltoall: the exchange as one collective. The pack left block e (count/P
 * values, from e*count/P) of send for rank e; MPI_Alltoall gives every rank block d of
 * every rank's send, in rank order: recv, ready for the unpack. Through host memory (an MPI
 * that reads device memory would skip the two copies), one piece, one step after the
 * other: the baseline that going_further/'s transports overlap and cut into chunks. */
static int alltoall_open(struct engine *r, char *why, size_t len)
{
    (void)why, (void)len;
    r->host_send = xmalloc(r->data_bytes, "the host send buffer");
    r->host_recv = xmalloc(r->data_bytes, "the host receive buffer");
    return 0;
}

static void alltoall_exchange(struct engine *r, double *ph)
{
    const size_t blk = r->s->count / (size_t)r->s->P;   /* values per block: below 2^31 */
    double t0 = MPI_Wtime();
    engine_transfer(r, r->send, 1, r->host_send, r->data_bytes);               /* device -> host */
    double t1 = MPI_Wtime();
    MPI_Alltoall(r->host_send, (int)blk, r->type, r->host_recv, (int)blk, r->type,
                 MPI_COMM_WORLD);
    double t2 = MPI_Wtime();
    engine_transfer(r, r->recv, 0, r->host_recv, r->data_bytes);               /* host -> device */
    double t3 = MPI_Wtime();
    ph[PH_D2H] = (t1 - t0) * 1e3;
    ph[PH_MPI] = (t2 - t1) * 1e3;
    ph[PH_H2D] = (t3 - t2) * 1e3;
    ph[PH_XCHG] = (t3 - t0) * 1e3;
}

static void alltoall_close(struct engine *r)
{
    free(r->host_send);
    free(r->host_recv);
    r->host_send = r->host_recv = NULL;
}

const struct transport transport_alltoall = {"alltoall", alltoall_open, alltoall_exchange,
                                             alltoall_close};
