/* What window.c (the shared window of a node), shm.c (the exchange by host copies) and
 * zerocopy.c (the exchange with no host copy) share: the window and where its counters and
 * slots are. Only these three files include it; the rest sees struct shm as opaque. */
#ifndef FFTLAB_DISTRIBUTED_SHM_H
#define FFTLAB_DISTRIBUTED_SHM_H

#include "transport.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/types.h>

#define SHM_SLOTS 4             /* the ring: at most this many chunk slots per rank       */
#define LINE 64                 /* one counter per cache line: no false sharing           */
#define MAX_COPY_THREADS 64

/* One copy: N bytes from SRC to DST; SRC in process PID's memory (0: this process's). */
struct seg { char *dst; const char *src; size_t n; pid_t pid; };

/* A pool of T - 1 threads (the caller is the T-th) that copy one list of segments, split
 * into T equal byte ranges. T = 0: not started (zerocopy has no host copies). */
struct copier {
    int T;
    pthread_t th[MAX_COPY_THREADS];
    struct worker { struct copier *cp; int t; } w[MAX_COPY_THREADS];
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    unsigned long gen;          /* one more per job                                       */
    int pending, quit;
    const struct seg *seg;
    int nseg;
    size_t total;
};

struct shm {
    char **base;                /* every rank's segment: header, then its slots           */
    size_t hdr, cb;             /* header bytes; bytes of one chunk for one peer (largest) */
    int slots;                  /* chunk slots per rank (the ring): SHM_SLOTS, or C if fewer */
    uint64_t seq;               /* chunks published before this exchange                   */
    int marked;                 /* direct: chunks of this exchange marked done             */
    int issued;                 /* ... and those whose writes are enqueued                 */
    cl_event *wr;               /* ... their writes, [c * P + q]                           */
    cl_event *rd;               /* zerocopy: the reads into this rank's slots, [c * P + q] */
    cl_mem *wrap;               /* zerocopy: every rank's slots, wrapped in this process as
                                   a CL_MEM_USE_HOST_PTR buffer (the driver pins them)     */
    struct seg *seg;            /* P segments, reused                                      */
    pid_t *pid;                 /* cma: every rank's process ...                           */
    char **send;                /* ... and its pinned send buffer, in its address space    */
    struct copier cp;
};

/* Counter IDX of rank Q's header: 0 ready, 1 + p consumed[p]. */
static inline _Atomic uint64_t *ctr(const struct shm *m, int q, int idx)
{
    return (_Atomic uint64_t *)(void *)(m->base[q] + (size_t)LINE * (size_t)idx);
}

/* Rank OWNER's slot SLOT, the part for rank DEST. */
static inline char *slot_of(const struct shm *m, int P, int owner, int slot, int dest)
{
    int k = (dest - owner - 1 + P) % P;     /* 0 .. P-2: the peers after OWNER, in turn */
    return m->base[owner] + m->hdr + ((size_t)slot * (size_t)(P - 1) + (size_t)k) * m->cb;
}

/* Bytes of one rank's slots (the ring): what zerocopy wraps. */
static inline size_t slots_bytes(const struct shm *m, int P)
{
    return (size_t)m->slots * (size_t)(P - 1) * m->cb;
}

/* R's window for COPY (cma: the counters only; the others: the slots too) in
 * R's fast->shm. Collective: 0, or -1 with WHY on every rank when a rank could not allocate
 * its part (nothing kept). */
int window_open(struct engine *r, enum shm_copy copy, char *why, size_t len);
void window_close(struct engine *r);

#endif
