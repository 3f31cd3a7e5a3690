/* Running a pipeline on this rank's device: the local passes, and the exchanges staged
 * through host memory (pack on the device, read to the host, MPI_Alltoall, write back,
 * unpack on the device), timed phase by phase. */
#include "distributed.h"

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
    "local1", "pack", "d2h", "alltoall", "h2d", "unpack", "local2",
    "pack2", "d2h2", "alltoall2", "h2d2", "unpack2",
};

static void *xmalloc(size_t bytes, const char *what)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        fl_die(FL_EXIT_OPENCL, "out of host memory allocating %s (%zu MiB)", what, bytes >> 20);
    return p;
}

static cl_mem make_buffer(const struct runner *r, size_t bytes, const char *what)
{
    cl_int err;
    cl_mem m = clCreateBuffer(r->dev->context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot allocate %s (%zu MiB) on %s: %s", what, bytes >> 20,
               r->dev->name, fl_cl_error_name(err));
    return m;
}

size_t runner_guard_bytes(const struct fl_device *dev, const struct slab *s, size_t elem)
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
static cl_mem data_of(const struct runner *r, cl_mem all, const char *what)
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

void runner_open(struct runner *r, const struct fl_device *dev, const struct slab *s, size_t elem)
{
    memset(r, 0, sizeof *r);
    r->dev = dev;
    r->s = s;
    r->elem = elem;
    r->type = elem == 16 ? MPI_C_DOUBLE_COMPLEX : MPI_C_FLOAT_COMPLEX;
    r->data_bytes = s->count * elem;
    r->guard_bytes = runner_guard_bytes(dev, s, elem);
    static const char *const what[4] = {"buffer A", "buffer B", "the send buffer",
                                        "the receive buffer"};
    cl_mem *view[4] = {&r->buf[0], &r->buf[1], &r->send, &r->recv};
    for (int i = 0; i < 4; i++) {
        r->all[i] = make_buffer(r, r->data_bytes + 2 * r->guard_bytes, what[i]);
        *view[i] = data_of(r, r->all[i], what[i]);
    }
    r->host_send = xmalloc(s->count * elem, "the host send buffer");
    r->host_recv = xmalloc(s->count * elem, "the host receive buffer");
    r->staging = xmalloc(s->count * elem, "the staging buffer");
}

void runner_close(struct runner *r)
{
    clReleaseMemObject(r->buf[0]);
    clReleaseMemObject(r->buf[1]);
    clReleaseMemObject(r->send);
    clReleaseMemObject(r->recv);
    for (int i = 0; i < 4; i++)
        clReleaseMemObject(r->all[i]);
    free(r->host_send);
    free(r->host_recv);
    free(r->staging);
}

/* Kernels of PLAN from the step's program; twiddle tables uploaded, the scratch slots
 * "send" and "recv" set to the exchange buffers. */
static void prepare_plan(struct runner *r, struct fl_exec *ex, const struct fl_plan *plan, int program)
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

void runner_prepare(struct runner *r, struct pipeline *p)
{
    for (int i = 0; i < p->nsteps; i++) {
        struct step *st = &p->step[i];
        prepare_plan(r, &st->ex, st->plan, st->program);
        if (st->unpack)
            prepare_plan(r, &st->ex_unpack, st->unpack, st->program);
    }
}

void runner_release(struct runner *r, struct pipeline *p)
{
    (void)r;
    for (int i = 0; i < p->nsteps; i++) {
        release_plan(&p->step[i].ex, p->step[i].plan);
        if (p->step[i].unpack)
            release_plan(&p->step[i].ex_unpack, p->step[i].unpack);
    }
}

static void poison(struct runner *r, cl_mem m)
{
    static const float nan_f[2] = {NAN, NAN};
    static const double nan_d[2] = {NAN, NAN};
    CL_CHECK(clEnqueueFillBuffer(r->dev->queue, m, r->elem == 16 ? (const void *)nan_d : (const void *)nan_f,
                                 r->elem, 0, r->s->count * r->elem, 0, NULL, NULL));
}

/* Both guard zones of the whole buffer ALL. */
static void fill_guards(struct runner *r, cl_mem all)
{
    const unsigned char guard = GUARD_BYTE;
    size_t g = r->guard_bytes;
    CL_CHECK(clEnqueueFillBuffer(r->dev->queue, all, &guard, 1, 0, g, 0, NULL, NULL));
    CL_CHECK(clEnqueueFillBuffer(r->dev->queue, all, &guard, 1, g + r->data_bytes, g, 0, NULL, NULL));
}

/* Enqueue PLAN, wait, and return its device time (first START to last END). Every kernel
 * of the chapter runs here, so the watchdog knows a rank stuck in its own kernels. */
static double run_plan(struct fl_exec *ex, const struct fl_plan *plan)
{
    if (plan->nlaunch == 0)
        return 0;
    cl_event evs[FL_MAX_LAUNCHES];
    watchdog_kernels(1);
    fl_exec_enqueue(ex, plan, evs);
    CL_CHECK(clFinish(ex->queue));
    watchdog_kernels(0);
    double ms = fl_event_span_ms(evs[0], evs[plan->nlaunch - 1]);
    for (int i = 0; i < plan->nlaunch; i++)
        clReleaseEvent(evs[i]);
    return ms;
}

double runner_call(struct runner *r, struct pipeline *p, int do_poison, double *phases)
{
    double t_start = MPI_Wtime(), ph[PH_COUNT] = {0};
    size_t bytes = r->s->count * r->elem;
    int per_block = (int)(r->s->count / (size_t)r->s->P), nlocal = 0, nexchange = 0;
    if (do_poison) {
        poison(r, r->buf[1]);
        poison(r, r->send);
        poison(r, r->recv);
        for (int i = 0; i < 4; i++)
            fill_guards(r, r->all[i]);
    }
    for (int i = 0; i < p->nsteps; i++) {
        struct step *st = &p->step[i];
        if (st->kind == STEP_LOCAL) {
            ph[nlocal++ ? PH_LOCAL2 : PH_LOCAL1] = run_plan(&st->ex, st->plan);
            continue;
        }
        int k = nexchange++ ? PH_PACK2 - PH_PACK : 0;
        /* pack on the device: P blocks, block d for rank d */
        ph[PH_PACK + k] = run_plan(&st->ex, st->plan);
        /* the staging a GPU-aware MPI would skip: device -> host, the exchange between
         * host buffers, host -> device (blocking calls, timed on the host clock) */
        double t0 = MPI_Wtime();
        CL_CHECK(clEnqueueReadBuffer(r->dev->queue, r->send, CL_TRUE, 0, bytes, r->host_send, 0,
                                     NULL, NULL));
        double t1 = MPI_Wtime();
        MPI_Alltoall(r->host_send, per_block, r->type, r->host_recv, per_block, r->type,
                     MPI_COMM_WORLD);
        double t2 = MPI_Wtime();
        CL_CHECK(clEnqueueWriteBuffer(r->dev->queue, r->recv, CL_TRUE, 0, bytes, r->host_recv, 0,
                                      NULL, NULL));
        double t3 = MPI_Wtime();
        ph[PH_D2H + k] = (t1 - t0) * 1e3;
        ph[PH_ALLTOALL + k] = (t2 - t1) * 1e3;
        ph[PH_H2D + k] = (t3 - t2) * 1e3;
        /* the unpack overwrites the slab it came from: poisoned first, so a value it does
         * not write shows as NaN */
        if (do_poison)
            poison(r, st->ex_unpack.slot[st->unpack->result]);
        ph[PH_UNPACK + k] = run_plan(&st->ex_unpack, st->unpack);
    }
    CL_CHECK(clFinish(r->dev->queue));
    if (phases)
        memcpy(phases, ph, sizeof ph);
    return (MPI_Wtime() - t_start) * 1e3;
}

void runner_upload(struct runner *r, const double *x)
{
    size_t n = r->s->count;
    if (r->elem == 16)
        memcpy(r->staging, x, n * 16);
    else
        for (size_t i = 0; i < 2 * n; i++)
            ((float *)r->staging)[i] = (float)x[i];
    CL_CHECK(clEnqueueWriteBuffer(r->dev->queue, r->buf[0], CL_TRUE, 0, n * r->elem, r->staging,
                                  0, NULL, NULL));
}

void runner_download(struct runner *r, int slot, double *out)
{
    size_t n = r->s->count;
    CL_CHECK(clEnqueueReadBuffer(r->dev->queue, r->buf[slot == FL_BUF_B], CL_TRUE, 0, n * r->elem,
                                 r->staging, 0, NULL, NULL));
    if (r->elem == 16)
        memcpy(out, r->staging, n * 16);
    else
        for (size_t i = 0; i < 2 * n; i++)
            out[i] = ((float *)r->staging)[i];
}

const char *runner_guard_damage(struct runner *r)
{
    static char where[160];
    size_t bytes = r->guard_bytes, elem = r->elem, n = r->data_bytes / elem;
    unsigned char *g = xmalloc(bytes, "the guard check");
    const char *bad = NULL;
    for (int i = 0; i < 4 && !bad; i++)
        for (int side = 0; side < 2 && !bad; side++) {
            size_t at = side == 0 ? 0 : bytes + r->data_bytes;
            CL_CHECK(clEnqueueReadBuffer(r->dev->queue, r->all[i], CL_TRUE, at, bytes, g, 0, NULL,
                                         NULL));
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
