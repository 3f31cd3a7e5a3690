/* The exchange with no host copy (--transport shm, --shm-copy zerocopy: the default when
 * every rank is on one node). The staged transports copy every chunk three times: device
 * -> this rank's pinned buffer (DMA), pinned buffer -> pinned buffer of the other rank (a
 * host copy: MPI's, or shm.c's threads), pinned buffer -> device (DMA). The host copy is
 * the slow one (4-20 GB/s against the link's 55 on the H200 host of NOTES.md). Here the
 * window's slots are the staging itself:
 *
 *     rank d's device --(device -> host)--> rank d's slot --(host -> device)--> rank e's device
 *
 * Every rank wraps every rank's slots (as its process maps them) in a CL_MEM_USE_HOST_PTR
 * buffer. The buffers are never used in a command: wrapping is how a program asks an
 * OpenCL driver to pin memory it did not allocate (NVIDIA's does: malloc'd memory wrapped
 * so reads and writes at the pinned rate, 54.6 GB/s by the link probe, NOTES.md). The copies then
 * name the slot's host pointer, as clEnqueueReadBuffer into it and clEnqueueWriteBuffer
 * out of it, and the driver finds the pages pinned. pocl copies with memcpy either way.
 *
 * The protocol is shm.c's (ready, consumed[q]), driven by one loop that never blocks, so
 * every rank keeps both of its jobs moving (sending its chunks, receiving the peers'):
 *
 *   1. read      chunk k of every peer's block, device -> this rank's slot k mod S, once
 *                every peer has consumed what the slot held (chunk k - S)
 *   2. publish   chunk k's reads done: ready = k + 1
 *   3. write     every peer has published chunk k: host -> device straight out of their
 *                slots (a second queue)
 *   4. consume   chunk k's writes done: consumed[q] = k + 1 for every peer q, its slot free
 *
 * With S slots a rank reads up to S chunks ahead of what its peers have taken, so while
 * chunk k goes host -> device on the receiver, chunk k + 1 comes device -> host on the
 * sender: the two directions of the link at once. Counts run over all exchanges (the
 * window's seq), as in shm.c; the reads and writes carry events, whose status the loop
 * polls. Each value takes the same path (a chunk's place in its block) as in the other
 * transports: the bits are theirs. */
#include "shm.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void zerocopy_unwrap(struct engine *r, struct shm *m);

/* Wrap every rank's slots in this process (CL_MEM_USE_HOST_PTR). Returns 0, or -1 with WHY
 * ("could not wrap ...": the buffers made so far released). FFTLAB_SHM_NO_ZEROCOPY=1 acts
 * as a refusal (the tests take the fallback this way). Not collective. */
static int zerocopy_wrap(struct engine *r, struct shm *m, char *why, size_t len)
{
    const int P = r->s->P;
    const size_t bytes = slots_bytes(m, P);
    const char *no = getenv("FFTLAB_SHM_NO_ZEROCOPY");
    if (no && *no && strcmp(no, "0") != 0) {
        snprintf(why, len, "has FFTLAB_SHM_NO_ZEROCOPY set");
        return -1;
    }
    m->wrap = calloc((size_t)P, sizeof *m->wrap);
    if (!m->wrap)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the window's buffers");
    for (int q = 0; q < P; q++) {
        cl_int err;
        m->wrap[q] = clCreateBuffer(r->dev->context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                                    bytes, m->base[q] + m->hdr, &err);
        if (err != CL_SUCCESS) {
            m->wrap[q] = NULL;
            snprintf(why, len, "could not wrap rank %d's slots (%zu KiB) as a "
                     "CL_MEM_USE_HOST_PTR buffer: %s", q, bytes >> 10, fl_cl_error_name(err));
            zerocopy_unwrap(r, m);
            return -1;
        }
    }
    return 0;
}

static void zerocopy_unwrap(struct engine *r, struct shm *m)
{
    if (!m->wrap)
        return;
    for (int q = 0; q < r->s->P; q++)
        if (m->wrap[q])
            clReleaseMemObject(m->wrap[q]);
    free(m->wrap);
    m->wrap = NULL;
}

/* Every rank wraps every rank's slots; where any rank cannot, no rank keeps them: -1 and
 * WHY ("rank 1 has FFTLAB_SHM_NO_ZEROCOPY set"), the same on every rank; -2 where the window
 * itself cannot be had. Collective. */
static int zerocopy_open(struct engine *r, char *why, size_t len)
{
    char mine[160] = "";
    if (window_open(r, SHM_ZEROCOPY, why, len) != 0)
        return -2;
    struct shm *m = r->fast->shm;
    int bad = zerocopy_wrap(r, m, mine, sizeof mine) != 0 ? r->s->rank : r->s->P, first;
    fl_rl_allreduce(&bad, &first, 1, FL_RL_INT, FL_RL_MIN);    /* (by the rank: relay.h) */
    if (first == r->s->P) {
        r->fast->copy_threads = 0;  /* no host copy, no copy threads */
        return 0;
    }
    zerocopy_unwrap(r, m);
    window_close(r);
    fl_rl_bcast(mine, sizeof mine, first);
    snprintf(why, len, "rank %d %s", first, mine);
    return -1;
}

static void zerocopy_close(struct engine *r)
{
    if (r->fast->shm)   /* the driver lets go of the pages before they are unmapped */
        zerocopy_unwrap(r, r->fast->shm);
    window_close(r);
    fast_close(r);
}

/* 1 when the N events EV (null ones count as done) are all complete. */
static int all_done(const cl_event *ev, int n)
{
    for (int i = 0; i < n; i++) {
        cl_int st = CL_COMPLETE;
        if (ev[i])
            CL_CHECK(clGetEventInfo(ev[i], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st,
                                    NULL));
        if (st < 0)
            fl_die(FL_EXIT_OPENCL, "a copy of the exchange failed on the device: %s",
                   fl_cl_error_name(st));
        if (st != CL_COMPLETE)
            return 0;
    }
    return 1;
}

/* 1 when counter IDX (0: ready, 1 + ME: consumed[ME]) of every peer of ME has reached
 * WANT (an acquire load: what the peer wrote before it is there). */
static int peers_reached(const struct shm *m, int P, int me, int idx, uint64_t want)
{
    for (int q = 0; q < P; q++)
        if (q != me && atomic_load_explicit(ctr(m, q, idx), memory_order_acquire) < want)
            return 0;
    return 1;
}

static void zerocopy_exchange(struct engine *r, double *ph)
{
    struct shm *m = r->fast->shm;
    const struct slab *s = r->s;
    const int P = s->P, me = s->rank, C = r->fast->chunks, S = m->slots;
    const size_t blk = s->count / (size_t)P, elem = r->elem, n = (size_t)C * (size_t)P;
    double t0 = fl_rl_wtime(), idle = 0, idle_from = -1, d2h = 0, h2d = 0;
    cl_event *rd = m->rd, *wr = m->wr;
    memset(rd, 0, n * sizeof *rd);
    memset(wr, 0, n * sizeof *wr);
    /* this rank's own block, device to device, on the second queue: it runs while the
     * first chunks go device -> host, before any peer's chunk can come back */
    CL_CHECK(clEnqueueCopyBuffer(r->fast->q_in, r->send, r->recv, (size_t)me * blk * elem,
                                 (size_t)me * blk * elem, blk * elem, 0, NULL, NULL));
    CL_CHECK(clFlush(r->fast->q_in));
    int read = 0, published = 0, written = 0, consumed = 0;   /* chunks of this exchange */
    unsigned spins = 0;
    while (consumed < C || published < C) {
        int moved = 0;
        /* 1. read: device -> this rank's slot, once every peer is done with what it held */
        uint64_t g = m->seq + (uint64_t)read;
        if (read < C && (g < (uint64_t)S ||
                         peers_reached(m, P, me, 1 + me, g + 1 - (uint64_t)S))) {
            size_t lo, len;
            chunk_bounds(blk, read, C, &lo, &len);
            for (int q = 0; q < P; q++)
                if (q != me)
                    CL_CHECK(clEnqueueReadBuffer(r->dev->queue, r->send, CL_FALSE,
                                                 ((size_t)q * blk + lo) * elem, len * elem,
                                                 slot_of(m, P, me, (int)(g % (uint64_t)S), q),
                                                 0, NULL, &rd[(size_t)read * P + q]));
            CL_CHECK(clFlush(r->dev->queue));
            read++;
            moved = 1;
        }
        /* 2. publish: chunk k in this rank's slot (a release store: the data first) */
        if (published < read && all_done(&rd[(size_t)published * P], P)) {
            published++;
            atomic_store_explicit(ctr(m, me, 0), m->seq + (uint64_t)published,
                                  memory_order_release);
            moved = 1;
        }
        /* 3. write: every peer's chunk k there, host -> device straight out of its slot */
        g = m->seq + (uint64_t)written;
        if (written < C && peers_reached(m, P, me, 0, g + 1)) {
            size_t lo, len;
            chunk_bounds(blk, written, C, &lo, &len);
            for (int q = 0; q < P; q++)
                if (q != me)
                    CL_CHECK(clEnqueueWriteBuffer(r->fast->q_in, r->recv, CL_FALSE,
                                                  ((size_t)q * blk + lo) * elem, len * elem,
                                                  slot_of(m, P, q, (int)(g % (uint64_t)S), me),
                                                  0, NULL, &wr[(size_t)written * P + q]));
            CL_CHECK(clFlush(r->fast->q_in));
            written++;
            moved = 1;
        }
        /* 4. consume: chunk k on this device, the peers may rewrite its slot */
        if (consumed < written && all_done(&wr[(size_t)consumed * P], P)) {
            consumed++;
            for (int q = 0; q < P; q++)
                if (q != me)
                    atomic_store_explicit(ctr(m, me, 1 + q), m->seq + (uint64_t)consumed,
                                          memory_order_release);
            moved = 1;
        }
        /* nothing to do: a copy still running, or a peer behind. Count the wait; yield
         * the core now and then (pocl's threads, more ranks than cores) */
        if (moved) {
            if (idle_from >= 0)
                idle += fl_rl_wtime() - idle_from;
            idle_from = -1;
            spins = 0;
        } else {
            if (idle_from < 0)
                idle_from = fl_rl_wtime();
            if (++spins >= 64)
                sched_yield();
        }
    }
    if (idle_from >= 0)
        idle += fl_rl_wtime() - idle_from;
    CL_CHECK(clFinish(r->fast->q_in));
    CL_CHECK(clFinish(r->dev->queue));
    m->seq += (uint64_t)C;
    ph[PH_XCHG] = (fl_rl_wtime() - t0) * 1e3;
    staging_times(n, rd, wr, &d2h, &h2d);
    ph[PH_MPI] = idle * 1e3;
    ph[PH_D2H] = d2h;
    ph[PH_H2D] = h2d;
}

const struct transport transport_zerocopy = {"shm", zerocopy_open, zerocopy_exchange,
                                              zerocopy_close};
