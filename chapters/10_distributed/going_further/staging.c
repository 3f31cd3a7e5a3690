/* The pinned host buffers of the staged transports, and the copies between a rank's
 * device and them that both transports share (exchange.c: MPI; shm.c: one host copy on
 * the node): every chunk of every peer's block device -> host, this rank's own block
 * device -> device, and the copies' device time once the exchange is done. */
#include "../distributed.h"
#include "../../../common/timing.h"

/* Pinned host memory of BYTES, mapped: the buffer in *M, the pointer returned. */
void *staging_pinned(const struct engine *r, size_t bytes, cl_mem *m, const char *what)
{
    cl_int err;
    *m = clCreateBuffer(r->dev->context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes, NULL,
                        &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot allocate %s (%zu MiB of pinned host memory) for %s: %s",
               what, bytes >> 20, r->dev->name, fl_cl_error_name(err));
    void *p = clEnqueueMapBuffer(r->dev->queue, *m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes,
                                 0, NULL, NULL, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot map %s (%zu MiB) on %s: %s", what, bytes >> 20,
               r->dev->name, fl_cl_error_name(err));
    return p;
}

/* The pinned send and receive buffers of the staged transports, made once (MPI's, and
 * shm's cma, window and direct modes), reused by every call. */
void engine_pin(struct engine *r)
{
    if (r->host_send)
        return;
    r->host_send = staging_pinned(r, r->data_bytes, &r->pin_send, "the host send buffer");
    r->host_recv = staging_pinned(r, r->data_bytes, &r->pin_recv, "the host receive buffer");
}

void staging_reads(struct engine *r, cl_event *rd, int *last_rd)
{
    const struct slab *s = r->s;
    const int P = s->P, me = s->rank, C = r->chunks;
    const size_t blk = s->count / (size_t)P, elem = r->elem;
    char *hs = r->host_send;
    /* every chunk in order on the kernels' in-order queue: chunk c is on the host once its
     * last read (last_rd[c]) is done */
    for (int c = 0; c < C; c++) {
        size_t lo = blk * (size_t)c / (size_t)C, len = blk * (size_t)(c + 1) / (size_t)C - lo;
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
