/* What the staged transports share: their state (struct fast: the chunks, the host ->
 * device queue, the pinned buffers), and the copies between a rank's device and its pinned
 * host buffers (mpi.c; shm.c's host copies): every chunk of every peer's block device ->
 * host, this rank's own block device -> device, and the copies' device time once the
 * exchange is done. */
#include "transport.h"

#include "../../../common/timing.h"

#include <stdlib.h>

int transport_chunks(const struct slab *s, size_t elem, int want)
{
    size_t blk = s->count / (size_t)s->P, bytes = blk * elem, c;
    if (want > 0)
        c = (size_t)want;
    else
        c = bytes / AUTO_CHUNK_BYTES < 1 ? 1 : bytes / AUTO_CHUNK_BYTES > AUTO_CHUNKS ?
            AUTO_CHUNKS : bytes / AUTO_CHUNK_BYTES;
    size_t least = (bytes + XFER_MAX - 1) / XFER_MAX;   /* no message past XFER_MAX */
    if (c < least)
        c = least;
    if (c > blk)
        c = blk ? blk : 1;
    return (int)c;
}

int shm_chunks(const struct slab *s, size_t elem, int want)
{
    /* automatic chunks: no more than SHM_CHUNK_BYTES per peer, so that the window (4
     * slots) stays small whatever the slab (shared memory may be a small tmpfs) */
    int chunks = transport_chunks(s, elem, want);
    size_t bytes = s->count / (size_t)s->P * elem;
    size_t least = (bytes + SHM_CHUNK_BYTES - 1) / SHM_CHUNK_BYTES;
    if (!want && least > (size_t)chunks)
        chunks = transport_chunks(s, elem, least < MAX_CHUNKS ? (int)least : MAX_CHUNKS);
    return chunks;
}

void fast_open(struct engine *r, int chunks)
{
    struct fast *f = calloc(1, sizeof *f);
    if (!f)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the exchange");
    f->chunks = transport_chunks(r->s, r->elem, chunks);
    cl_int err;
    f->q_in = clCreateCommandQueue(r->dev->context, r->dev->id, CL_QUEUE_PROFILING_ENABLE, &err);
    CL_CHECK_ERR(err, "clCreateCommandQueue(the host -> device queue)");
    r->fast = f;
}

void fast_close(struct engine *r)
{
    struct fast *f = r->fast;
    if (!f)
        return;
    if (r->host_send) {
        clEnqueueUnmapMemObject(r->dev->queue, f->pin_send, r->host_send, 0, NULL, NULL);
        clEnqueueUnmapMemObject(r->dev->queue, f->pin_recv, r->host_recv, 0, NULL, NULL);
        clFinish(r->dev->queue);
        clReleaseMemObject(f->pin_send);
        clReleaseMemObject(f->pin_recv);
        r->host_send = r->host_recv = NULL;
    }
    clReleaseCommandQueue(f->q_in);
    free(f);
    r->fast = NULL;
}

/* Pinned host memory of BYTES (at HOST, or where the driver puts it when NULL), mapped:
 * the buffer in *M, the pointer returned. */
static void *pinned(const struct engine *r, size_t bytes, void *host, cl_mem *m, const char *what)
{
    cl_int err;
    *m = clCreateBuffer(r->dev->context, CL_MEM_READ_WRITE | (host ? CL_MEM_USE_HOST_PTR :
                        CL_MEM_ALLOC_HOST_PTR), bytes, host, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot allocate %s (%zu MiB of pinned host memory) for %s: %s",
               what, bytes >> 20, r->dev->name, fl_cl_error_name(err));
    void *p = clEnqueueMapBuffer(r->dev->queue, *m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes,
                                 0, NULL, NULL, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot map %s (%zu MiB) on %s: %s", what, bytes >> 20,
               r->dev->name, fl_cl_error_name(err));
    if (host && p != host)
        fl_die(FL_EXIT_OPENCL, "%s maps %s somewhere else than the memory it was given "
               "(CL_MEM_USE_HOST_PTR): use --transport alltoall", r->dev->name, what);
    return p;
}

void *staging_pinned(const struct engine *r, size_t bytes, cl_mem *m, const char *what)
{
    return pinned(r, bytes, NULL, m, what);
}

/* The pinned send and receive buffers of the staged transports, made once (mpi's, and
 * shm's cma, window and direct modes), reused by every call. */
void staging_pin_at(struct engine *r, void *send, void *recv)
{
    if (r->host_send)
        return;
    r->host_send = pinned(r, r->data_bytes, send, &r->fast->pin_send, "the host send buffer");
    r->host_recv = pinned(r, r->data_bytes, recv, &r->fast->pin_recv, "the host receive buffer");
}

void staging_pin(struct engine *r)
{
    if (r->host_send)
        return;
    r->host_send = staging_pinned(r, r->data_bytes, &r->fast->pin_send, "the host send buffer");
    r->host_recv = staging_pinned(r, r->data_bytes, &r->fast->pin_recv,
                                  "the host receive buffer");
}

void staging_reads(struct engine *r, cl_event *rd, int *last_rd)
{
    const struct slab *s = r->s;
    const int P = s->P, me = s->rank, C = r->fast->chunks;
    const size_t blk = s->count / (size_t)P, elem = r->elem;
    char *hs = r->host_send;
    /* every chunk in order on the kernels' in-order queue: chunk c is on the host once its
     * last read (last_rd[c]) is done */
    for (int c = 0; c < C; c++) {
        size_t lo, len;
        chunk_bounds(blk, c, C, &lo, &len);
        for (int q = 0; q < P; q++)
            if (q != me) {
                size_t at = ((size_t)q * blk + lo) * elem;
                CL_CHECK(clEnqueueReadBuffer(r->dev->queue, r->send, CL_FALSE, at, len * elem,
                                             hs + at, 0, NULL, &rd[(size_t)c * P + q]));
                last_rd[c] = q;
            }
    }
    /* this rank's own block, device to device, behind the reads */
    CL_CHECK(clEnqueueCopyBuffer(r->dev->queue, r->send, r->recv, (size_t)me * blk * elem,
                                 (size_t)me * blk * elem, blk * elem, 0, NULL, NULL));
    CL_CHECK(clFlush(r->dev->queue));
}

void staging_times(size_t n, cl_event *rd, cl_event *wr, double *d2h, double *h2d)
{
    for (size_t i = 0; i < n; i++) {
        if (rd[i]) {
            *d2h += fl_event_span_ms(rd[i], rd[i]);
            clReleaseEvent(rd[i]);
        }
        if (wr[i]) {
            *h2d += fl_event_span_ms(wr[i], wr[i]);
            clReleaseEvent(wr[i]);
        }
    }
}
