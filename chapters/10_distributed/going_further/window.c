/* The shared window of one node that shm.c and zerocopy.c exchange through: per rank a
 * header of counters (ready, consumed[q]: shm.c says how they make the protocol) and, but
 * for cma, a ring of chunk slots (SHM_SLOTS, or C when the exchange has fewer chunks; each
 * slot one chunk for each peer), every rank's part mapped by every rank.
 *
 * The rank allocates it (MPI_Win_allocate_shared, collective) before it forks the worker
 * that runs the kernels (harness/isolate.c), as large as any mode needs, and the worker
 * inherits the mapping: the exchange's protocol is plain shared memory, so the worker
 * runs it without asking the rank for anything. window_open only clears this rank's part
 * and lays it out for the mode. */
#include "shm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int window_default_threads(int ranks_on_node)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long t = cores > 0 ? cores / (ranks_on_node > 0 ? ranks_on_node : 1) : 1;
    return t < 1 ? 1 : t > SHM_DEFAULT_THREADS ? SHM_DEFAULT_THREADS : (int)t;
}

/* The window of COPY (cma: the counters only) for P ranks, a block of BLK values of ELEM
 * bytes in C chunks: its bytes per rank, and in M its header, chunk and slot sizes. */
static size_t window_bytes(struct shm *m, int P, size_t blk, size_t elem, int C,
                           enum shm_copy copy)
{
    size_t most = (blk + (size_t)C - 1) / (size_t)C;
    /* zerocopy: the devices copy straight into and out of the slots, each on whole pages */
    size_t align = copy == SHM_ZEROCOPY ? 4096 : LINE;
    m->cb = (most * elem + align - 1) / align * align;
    m->hdr = ((size_t)LINE * (size_t)(P + 1) + 4095) / 4096 * 4096;
    m->slots = C < SHM_SLOTS ? C : SHM_SLOTS;
    return m->hdr + (copy == SHM_CMA ? 0 : slots_bytes(m, P));
}

/* The window the rank allocated before it forked its worker (window_early): every rank's
 * part as this process maps it, or why there is none. */
static struct {
    int made;
    size_t bytes;
    char **base;
    MPI_Win win;
    MPI_Comm node;
    char why[160];
} early;

void window_early(const struct slab *s, size_t elem, const struct transport_want *want)
{
    int local_rank, on_node, fewest;
    if (s->P < 2 || want->transport == CHOOSE_ALLTOALL || want->transport == CHOOSE_MPI)
        return;
    fl_mpi_node(&local_rank, &on_node);
    MPI_Allreduce(&on_node, &fewest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (fewest < s->P)
        return;     /* more than one node: no shm (choose.c) */
    /* the largest any mode takes (zerocopy's page-aligned slots), for shm's chunks */
    struct shm m;
    size_t bytes = window_bytes(&m, s->P, s->count / (size_t)s->P, elem,
                                shm_chunks(s, elem, want->chunks), SHM_ZEROCOPY);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, s->rank, MPI_INFO_NULL, &early.node);
    MPI_Comm_set_errhandler(early.node, MPI_ERRORS_RETURN);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");   /* each segment its own pages */
    char *mine = NULL;
    int rc = MPI_Win_allocate_shared((MPI_Aint)bytes, 1, info, early.node, &mine, &early.win);
    MPI_Info_free(&info);
    int ok = rc == MPI_SUCCESS, all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all_ok) {
        snprintf(early.why, sizeof early.why, "MPI_Win_allocate_shared of %zu MiB per rank "
                 "failed on a rank", bytes >> 20);
        if (ok)
            MPI_Win_free(&early.win);
        MPI_Comm_free(&early.node);
        return;
    }
    early.base = calloc((size_t)s->P, sizeof *early.base);
    if (!early.base)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the shared window");
    for (int q = 0; q < s->P; q++) {
        MPI_Aint size;
        int disp;
        MPI_Win_shared_query(early.win, q, &size, &disp, &early.base[q]);
    }
    early.bytes = bytes;
    early.made = 1;
}

void window_early_free(void)
{
    if (!early.made)
        return;
    MPI_Win_free(&early.win);
    MPI_Comm_free(&early.node);
    free(early.base);
    early.made = 0;
}

int window_open(struct engine *r, enum shm_copy copy, char *why, size_t len)
{
    const struct slab *s = r->s;
    const int P = s->P;
    struct fast *f = r->fast;
    struct shm *m = calloc(1, sizeof *m);
    if (!m)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the shared window");
    size_t bytes = window_bytes(m, P, s->count / (size_t)P, r->elem, f->chunks, copy);
    /* the rank's window, inherited (window_early): the same on every rank */
    if (!early.made || bytes > early.bytes) {
        snprintf(why, len, "%s", early.made ? "the shared window is smaller than this exchange "
                 "needs (a bug)" : early.why[0] ? early.why : "no shared window was allocated");
        free(m);
        return -1;
    }
    char *mine = early.base[s->rank];
    memset(mine, 0, bytes);     /* the counters at 0; every page touched now, not mid-call */
    m->base = calloc((size_t)P, sizeof *m->base);
    m->seg = calloc((size_t)P, sizeof *m->seg);
    m->wr = calloc((size_t)f->chunks * (size_t)P, sizeof *m->wr);
    m->rd = calloc((size_t)f->chunks * (size_t)P, sizeof *m->rd);
    if (!m->base || !m->seg || !m->wr || !m->rd)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the shared window");
    memcpy(m->base, early.base, (size_t)P * sizeof *m->base);
    fl_rl_barrier();            /* every header zeroed before anyone reads one */
    f->shm = m;
    f->shm_bytes = bytes;
    f->shm_slots = copy == SHM_CMA ? 0 : m->slots;
    return 0;
}

void window_close(struct engine *r)
{
    struct shm *m = r->fast->shm;
    if (!m)
        return;
    free(m->base);
    free(m->seg);
    free(m->wr);
    free(m->rd);
    free(m->pid);
    free(m->send);
    free(m);
    r->fast->shm = NULL;
}

size_t window_slots(const struct engine *r, int q, void **p)
{
    const struct shm *m = r->fast ? r->fast->shm : NULL;
    *p = NULL;
    if (r->xport != &transport_zerocopy || !m || !m->wrap)
        return 0;
    *p = m->base[q] + m->hdr;
    return slots_bytes(m, r->s->P);
}
