/* --transport mpi: the exchange in chunks, MPI_Isend/MPI_Irecv between pinned host buffers,
 * overlapped with the device copies. Block e of send (count/P values from e*count/P) goes
 * to rank e's recv at block d (this rank's number); this rank's own block is a copy on the
 * device. The others go in C chunks, a pipeline of three stages:
 *
 *     device -> host    chunk k+1   reads on the kernels' queue, all enqueued at once
 *     MPI               chunk k     MPI_Isend to every peer as soon as its reads are done;
 *                                   the receives, all posted first, waited for chunk by chunk
 *     host -> device    chunk k-1   writes on a second queue (q_in), each as its data land
 *
 * so the copy engines and the MPI transport work at the same time. Every transfer and every
 * message is one chunk of one block: at most XFER_MAX bytes, an MPI count in complex values
 * (never bytes) below 2^31. Each value takes the same path whatever C is: chunked and
 * unchunked exchanges agree bit for bit, and with the lesson's MPI_Alltoall. PH gets the
 * exchange's wall time and, inside it, the copies' device time and the wait in MPI. */
#include "transport.h"

#include <stdlib.h>

static int mpi_open(struct engine *r, char *why, size_t len)
{
    (void)why, (void)len;
    /* the host buffers in the memory the rank sees: it makes the sends and receives
     * (relay.h), on request slots recv c*P + q, send C*P + c*P + q */
    staging_pin_at(r, fl_rl_part(ARENA_SEND), fl_rl_part(ARENA_RECV));
    return 0;
}

static void mpi_exchange(struct engine *r, double *ph)
{
    const struct slab *s = r->s;
    const int P = s->P, me = s->rank, C = r->fast->chunks;
    const size_t blk = s->count / (size_t)P, elem = r->elem, n = (size_t)C * (size_t)P;
    double t0 = fl_rl_wtime(), mpi = 0, d2h = 0, h2d = 0;
    char *hs = r->host_send, *hr = r->host_recv;
    cl_event *ev = calloc(2 * n, sizeof *ev);     /* reads [c*P + q], then writes */
    if (!ev)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the exchange's requests");
    cl_event *rd = ev, *wr = ev + n;
    size_t lo, len;
    /* the receives first, all of them: chunk c of block q (from rank q), tag c */
    for (int c = 0; c < C; c++) {
        chunk_bounds(blk, c, C, &lo, &len);
        for (int q = 0; q < P; q++)
            if (q != me)
                fl_rl_irecv(hr + ((size_t)q * blk + lo) * elem, (int)len, r->type, q, c,
                            (unsigned)((size_t)c * P + q));
    }
    /* device -> pinned host, every chunk in order; the own block on the device */
    int last_rd[MAX_CHUNKS];
    staging_reads(r, rd, last_rd);
    for (int c = 0; c < C; c++) {
        chunk_bounds(blk, c, C, &lo, &len);
        /* the queue is in order: chunk c's last read done, all of its reads are */
        CL_CHECK(clWaitForEvents(1, &rd[(size_t)c * P + last_rd[c]]));
        double m0 = fl_rl_wtime();
        for (int k = 1; k < P; k++) {       /* peers in the order me+1, me+2, ... */
            int q = (me + k) % P;
            fl_rl_isend(hs + ((size_t)q * blk + lo) * elem, (int)len, r->type, q, c,
                        (unsigned)(n + (size_t)c * P + q));
        }
        fl_rl_waitall((unsigned)((size_t)c * P), (unsigned)P);
        mpi += fl_rl_wtime() - m0;
        for (int q = 0; q < P; q++)
            if (q != me) {
                size_t at = ((size_t)q * blk + lo) * elem;
                CL_CHECK(clEnqueueWriteBuffer(r->fast->q_in, r->recv, CL_FALSE, at, len * elem,
                                              hr + at, 0, NULL, &wr[(size_t)c * P + q]));
            }
        CL_CHECK(clFlush(r->fast->q_in));
    }
    double m0 = fl_rl_wtime();
    fl_rl_waitall((unsigned)n, (unsigned)n);
    mpi += fl_rl_wtime() - m0;
    CL_CHECK(clFinish(r->fast->q_in));
    CL_CHECK(clFinish(r->dev->queue));
    ph[PH_XCHG] = (fl_rl_wtime() - t0) * 1e3;
    staging_times(n, rd, wr, &d2h, &h2d);
    free(ev);
    ph[PH_MPI] = mpi * 1e3;
    ph[PH_D2H] = d2h;
    ph[PH_H2D] = h2d;
}

const struct transport transport_mpi = {"mpi", mpi_open, mpi_exchange, fast_close};
