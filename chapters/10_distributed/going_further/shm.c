/* The exchange between ranks of one node (--transport shm): the chunks cross the host's
 * memory through an MPI-3 shared window (MPI_Win_allocate_shared: memory every rank of the
 * node maps), instead of through the MPI library's own shared-memory transport (one
 * thread, its own bounce segments: 4 GB/s on the H200 host of NOTES.md). How a chunk
 * crosses (--shm-copy):
 *
 *   zerocopy  (the default; zerocopy.c) no host copy: the window's slots are wrapped in
 *           every rank as CL_MEM_USE_HOST_PTR buffers, which the driver pins, so the
 *           sender's device writes its chunk straight into its slot (device -> host) and
 *           the receiver's device reads it from there (host -> device). Where a rank's
 *           driver refuses the wrap, cma.
 * The others stage every chunk device -> pinned send (DMA) on the sender and pinned recv
 * -> device (DMA) on the receiver, and copy between the two pinned buffers on a few
 * threads (shm.c):
 *   cma     one copy: the receiver's threads read the sender's pinned send buffer with
 *           process_vm_readv (Linux's cross-memory attach: one process reads another's
 *           memory, what Open MPI's single-copy transport uses, on one thread). Needs the
 *           kernel's leave (ptrace rules); tried once at the start, else window.
 *   window  two copies: pinned send -> the sender's slot -> pinned recv.
 *   direct  one copy: pinned send -> the sender's slot; the receiver's host -> device reads
 *           the slot itself (memory the driver has not pinned: its slower path).
 *
 * The window holds, per rank, a header of counters and (all but cma) a ring of chunk slots
 * (SHM_SLOTS, or C when the exchange has fewer chunks; each slot: one chunk for each
 * peer), not a whole slab: a slot is reused once every peer is done with it. Two kinds of
 * counter, one cache line each, make the protocol:
 *   ready        chunks this rank has published (read to pinned send, and in its slot for
 *                window, direct and zerocopy), counted over all exchanges
 *   consumed[q]  chunks of rank q's this rank no longer needs (copied, or for direct and
 *                zerocopy their host -> device writes complete)
 * A sender publishes chunk g (into slot g mod S, S slots) once every peer's consumed[me]
 * reaches g + 1 - S (cma: its pinned send buffer is rewritten only by the next exchange,
 * after every peer's consumed[me] reaches the chunks sent so far), then sets ready = g + 1
 * (a release store: the data land first); a receiver copies after ready reaches g + 1 (an
 * acquire load). The counters are C11 atomics in the shared window (lock-free 64-bit
 * atomics work across processes). */
#define _GNU_SOURCE
#include "shm.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/uio.h>
#include <unistd.h>

/* N bytes from process PID's SRC to this process's DST (cross-memory attach); -1 and errno
 * on failure. */
static int read_peer(char *dst, pid_t pid, const char *src, size_t n)
{
    while (n > 0) {
        struct iovec local = {dst, n}, remote = {(void *)src, n};
        ssize_t got = process_vm_readv(pid, &local, 1, &remote, 1, 0);
        if (got <= 0)
            return -1;
        dst += got;
        src += got;
        n -= (size_t)got;
    }
    return 0;
}

/* Thread T's share of the segments: bytes [total*t/T, total*(t+1)/T) of their concatenation. */
static void copy_part(const struct seg *seg, int nseg, size_t total, int t, int T)
{
    size_t lo = total * (size_t)t / (size_t)T, hi = total * (size_t)(t + 1) / (size_t)T, at = 0;
    for (int i = 0; i < nseg && at < hi; at += seg[i].n, i++) {
        size_t a = lo > at ? lo - at : 0, b = hi - at < seg[i].n ? hi - at : seg[i].n;
        if (a < b && !seg[i].pid)
            memcpy(seg[i].dst + a, seg[i].src + a, b - a);
        else if (a < b && read_peer(seg[i].dst + a, seg[i].pid, seg[i].src + a, b - a) != 0)
            fl_die(FL_EXIT_OPENCL, "process_vm_readv from rank process %ld failed: %s",
                   (long)seg[i].pid, strerror(errno));
    }
}

static void *copier_thread(void *arg)
{
    struct worker *w = arg;
    struct copier *cp = w->cp;
    unsigned long seen = 0;
    pthread_mutex_lock(&cp->mu);
    for (;;) {
        while (cp->gen == seen && !cp->quit)
            pthread_cond_wait(&cp->go, &cp->mu);
        if (cp->quit)
            break;
        seen = cp->gen;
        pthread_mutex_unlock(&cp->mu);
        copy_part(cp->seg, cp->nseg, cp->total, w->t, cp->T);
        pthread_mutex_lock(&cp->mu);
        if (--cp->pending == 0)
            pthread_cond_signal(&cp->done);
    }
    pthread_mutex_unlock(&cp->mu);
    return NULL;
}

static void copier_start(struct copier *cp, int T)
{
    memset(cp, 0, sizeof *cp);
    cp->T = T < 1 ? 1 : T > MAX_COPY_THREADS ? MAX_COPY_THREADS : T;
    pthread_mutex_init(&cp->mu, NULL);
    pthread_cond_init(&cp->go, NULL);
    pthread_cond_init(&cp->done, NULL);
    for (int t = 1; t < cp->T; t++) {
        cp->w[t] = (struct worker){cp, t};
        if (pthread_create(&cp->th[t], NULL, copier_thread, &cp->w[t]) != 0)
            fl_die(FL_EXIT_OPENCL, "cannot start copy thread %d of %d", t, cp->T);
    }
}

static void copier_stop(struct copier *cp)
{
    pthread_mutex_lock(&cp->mu);
    cp->quit = 1;
    pthread_cond_broadcast(&cp->go);
    pthread_mutex_unlock(&cp->mu);
    for (int t = 1; t < cp->T; t++)
        pthread_join(cp->th[t], NULL);
    pthread_mutex_destroy(&cp->mu);
    pthread_cond_destroy(&cp->go);
    pthread_cond_destroy(&cp->done);
}

/* Copy the NSEG segments, on all T threads; returns when every byte is there. */
static void copier_run(struct copier *cp, const struct seg *seg, int nseg)
{
    size_t total = 0;
    for (int i = 0; i < nseg; i++)
        total += seg[i].n;
    if (cp->T == 1 || total == 0) {
        copy_part(seg, nseg, total, 0, 1);
        return;
    }
    pthread_mutex_lock(&cp->mu);
    cp->seg = seg;
    cp->nseg = nseg;
    cp->total = total;
    cp->pending = cp->T - 1;
    cp->gen++;
    pthread_cond_broadcast(&cp->go);
    pthread_mutex_unlock(&cp->mu);
    copy_part(seg, nseg, total, 0, cp->T);
    pthread_mutex_lock(&cp->mu);
    while (cp->pending)
        pthread_cond_wait(&cp->done, &cp->mu);
    pthread_mutex_unlock(&cp->mu);
}

/* Whether every rank may read every other's pinned send buffer (cma): each rank lets any
 * process of its user read it (Yama's ptrace_scope 1 would allow only its ancestors), then
 * reads 64 bytes of each peer's. Collective; on failure WHY says the first rank's errno. */
static int cma_works(struct engine *r, struct shm *m, char *why, size_t len)
{
    const int P = r->s->P;
    long me[2] = {(long)getpid(), (long)(intptr_t)r->host_send};
    long *all = calloc(2 * (size_t)P, sizeof *all);
    m->pid = calloc((size_t)P, sizeof *m->pid);
    m->send = calloc((size_t)P, sizeof *m->send);
    if (!all || !m->pid || !m->send)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the cross-memory attach");
#ifdef PR_SET_PTRACER
    prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
#endif
    fl_rl_allgather(me, sizeof me, all);    /* (by the rank: relay.h) */
    for (int q = 0; q < P; q++) {
        m->pid[q] = (pid_t)all[2 * q];
        m->send[q] = (char *)(intptr_t)all[2 * q + 1];
    }
    free(all);
    fl_rl_barrier();                /* every rank's prctl done */
    int err = 0, first = 0;
    char probe[64];
    size_t n = r->data_bytes < sizeof probe ? r->data_bytes : sizeof probe;
    for (int q = 0; q < P && !err; q++)
        if (q != r->s->rank && read_peer(probe, m->pid[q], m->send[q], n) != 0)
            err = errno ? errno : EIO;
    /* FFTLAB_SHM_NO_CMA=1: as if the kernel refused (the tests take the fallback this way) */
    const char *no = getenv("FFTLAB_SHM_NO_CMA");
    if (no && *no && strcmp(no, "0") != 0)
        err = EPERM;
    fl_rl_allreduce(&err, &first, 1, FL_RL_INT, FL_RL_MAX);
    if (first)
        snprintf(why, len, "process_vm_readv refused (%s)", strerror(first));
    return !first;
}

/* shm's open, for R's fast->shm_copy cma, window or direct: the pinned staging, the window
 * (counters, and but for cma the slots), the copy threads. Collective: 0; -1 (WHY) where
 * the kernel refuses cma on some rank; -2 (WHY) where the window cannot be had. */
static int shm_open(struct engine *r, char *why, size_t len)
{
    struct fast *f = r->fast;
    staging_pin(r);     /* the host copies go between pinned buffers */
    if (window_open(r, f->shm_copy, why, len) != 0)
        return -2;
    if (f->shm_copy == SHM_CMA && !cma_works(r, f->shm, why, len)) {
        window_close(r);
        return -1;
    }
    copier_start(&f->shm->cp, f->copy_threads);
    f->copy_threads = f->shm->cp.T;
    return 0;
}

static void shm_close(struct engine *r)
{
    if (r->fast->shm)
        copier_stop(&r->fast->shm->cp);
    window_close(r);
    fast_close(r);
}

/* direct: chunks whose host -> device writes are complete no longer need the peers'
 * slots; say so, in order. */
static void progress(struct engine *r)
{
    struct shm *m = r->fast->shm;
    const int P = r->s->P, me = r->s->rank;
    if (r->fast->shm_copy != SHM_DIRECT)
        return;
    while (m->marked < m->issued) {
        for (int q = 0; q < P; q++) {
            cl_int st = CL_COMPLETE;
            cl_event e = m->wr[(size_t)m->marked * (size_t)P + (size_t)q];
            if (e)
                CL_CHECK(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st,
                                        NULL));
            if (st < 0)
                fl_die(FL_EXIT_OPENCL, "a host -> device write of the exchange failed: %s",
                       fl_cl_error_name(st));
            if (st != CL_COMPLETE)
                return;
        }
        m->marked++;
        for (int q = 0; q < P; q++)
            if (q != me)
                atomic_store_explicit(ctr(m, me, 1 + q), m->seq + (uint64_t)m->marked,
                                      memory_order_release);
    }
}

static void wait_for(struct engine *r, _Atomic uint64_t *a, uint64_t want)
{
    for (unsigned spins = 0; atomic_load_explicit(a, memory_order_acquire) < want; spins++) {
        progress(r);
        if (spins >= 64)    /* a busy node (pocl's threads, more ranks than cores) */
            sched_yield();
    }
}

static void shm_exchange(struct engine *r, double *ph)
{
    struct shm *m = r->fast->shm;
    const struct slab *s = r->s;
    const int P = s->P, me = s->rank, C = r->fast->chunks;
    const size_t blk = s->count / (size_t)P, elem = r->elem, n = (size_t)C * (size_t)P;
    double t0 = fl_rl_wtime(), host = 0, d2h = 0, h2d = 0;
    char *hs = r->host_send, *hr = r->host_recv;
    cl_event *rd = calloc(n, sizeof *rd), *wr = m->wr;
    if (!rd)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the exchange's events");
    memset(wr, 0, n * sizeof *wr);
    m->marked = m->issued = 0;
    const int cma = r->fast->shm_copy == SHM_CMA, direct = r->fast->shm_copy == SHM_DIRECT;
    /* cma: the peers read this rank's pinned send buffer itself; the reads below rewrite it
     * once every peer has all of the last exchange's chunks */
    for (int q = 0; q < P && cma; q++)
        if (q != me)
            wait_for(r, ctr(m, q, 1 + me), m->seq);
    host += fl_rl_wtime() - t0;
    /* device -> pinned host, every chunk in order; the own block on the device */
    int last_rd[MAX_CHUNKS];
    staging_reads(r, rd, last_rd);
    for (int c = 0; c < C; c++) {
        size_t lo, len;
        chunk_bounds(blk, c, C, &lo, &len);
        uint64_t g = m->seq + (uint64_t)c;
        int slot = (int)(g % (uint64_t)m->slots), ns = 0;
        CL_CHECK(clWaitForEvents(1, &rd[(size_t)c * P + last_rd[c]]));
        double h0 = fl_rl_wtime();
        if (!cma) {
            /* into this rank's slot, once every peer is done with what it held */
            for (int q = 0; q < P; q++)
                if (q != me && g >= (uint64_t)m->slots)
                    wait_for(r, ctr(m, q, 1 + me), g + 1 - (uint64_t)m->slots);
            for (int q = 0; q < P; q++)
                if (q != me)
                    m->seg[ns++] = (struct seg){slot_of(m, P, me, slot, q),
                                                hs + ((size_t)q * blk + lo) * elem, len * elem,
                                                0};
            copier_run(&m->cp, m->seg, ns);
        }
        atomic_store_explicit(ctr(m, me, 0), g + 1, memory_order_release);
        /* out of the peers' slots (cma: out of their pinned send buffers) */
        ns = 0;
        for (int q = 0; q < P; q++)
            if (q != me) {
                wait_for(r, ctr(m, q, 0), g + 1);
                m->seg[ns++] = cma ? (struct seg){hr + ((size_t)q * blk + lo) * elem,
                                                  m->send[q] + ((size_t)me * blk + lo) * elem,
                                                  len * elem, m->pid[q]}
                                   : (struct seg){hr + ((size_t)q * blk + lo) * elem,
                                                  slot_of(m, P, q, slot, me), len * elem, 0};
            }
        if (!direct) {
            copier_run(&m->cp, m->seg, ns);
            for (int q = 0; q < P; q++)
                if (q != me)
                    atomic_store_explicit(ctr(m, me, 1 + q), g + 1, memory_order_release);
        }
        host += fl_rl_wtime() - h0;
        for (int q = 0; q < P; q++)
            if (q != me) {
                size_t at = ((size_t)q * blk + lo) * elem;
                const char *src = direct ? slot_of(m, P, q, slot, me) : hr + at;
                CL_CHECK(clEnqueueWriteBuffer(r->fast->q_in, r->recv, CL_FALSE, at, len * elem, src,
                                              0, NULL, &wr[(size_t)c * P + q]));
            }
        CL_CHECK(clFlush(r->fast->q_in));
        m->issued = c + 1;
    }
    CL_CHECK(clFinish(r->fast->q_in));
    CL_CHECK(clFinish(r->dev->queue));
    progress(r);    /* direct: every write done, every slot released */
    m->seq += (uint64_t)C;
    ph[PH_XCHG] = (fl_rl_wtime() - t0) * 1e3;
    staging_times(n, rd, wr, &d2h, &h2d);
    free(rd);
    ph[PH_MPI] = host * 1e3;
    ph[PH_D2H] = d2h;
    ph[PH_H2D] = h2d;
}

const struct transport transport_shm = {"shm", shm_open, shm_exchange, shm_close};
