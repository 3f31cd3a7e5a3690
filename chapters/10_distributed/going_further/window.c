/* The shared window of one node that shm.c and zerocopy.c exchange through: per rank a
 * header of counters (ready, consumed[q]: shm.c says how they make the protocol) and, but
 * for cma, a ring of chunk slots (SHM_SLOTS, or C when the exchange has fewer chunks; each
 * slot one chunk for each peer), every rank's part mapped by every rank. */
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

int window_open(struct engine *r, enum shm_copy copy, char *why, size_t len)
{
    const struct slab *s = r->s;
    const int P = s->P;
    struct fast *f = r->fast;
    struct shm *m = calloc(1, sizeof *m);
    if (!m)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the shared window");
    size_t blk = s->count / (size_t)P, most = (blk + (size_t)f->chunks - 1) / (size_t)f->chunks;
    /* zerocopy: the devices copy straight into and out of the slots, each on whole pages */
    size_t align = copy == SHM_ZEROCOPY ? 4096 : LINE;
    m->cb = (most * r->elem + align - 1) / align * align;
    m->hdr = ((size_t)LINE * (size_t)(P + 1) + 4095) / 4096 * 4096;
    m->slots = f->chunks < SHM_SLOTS ? f->chunks : SHM_SLOTS;
    size_t bytes = m->hdr + (copy == SHM_CMA ? 0 : slots_bytes(m, P));
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, s->rank, MPI_INFO_NULL, &m->node);
    MPI_Comm_set_errhandler(m->node, MPI_ERRORS_RETURN);
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");   /* each segment its own pages */
    char *mine = NULL;
    int rc = MPI_Win_allocate_shared((MPI_Aint)bytes, 1, info, m->node, &mine, &m->win);
    MPI_Info_free(&info);
    int ok = rc == MPI_SUCCESS, all_ok = 0;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!all_ok) {
        snprintf(why, len, "MPI_Win_allocate_shared of %zu MiB per rank failed on a rank",
                 bytes >> 20);
        if (ok)
            MPI_Win_free(&m->win);
        MPI_Comm_free(&m->node);
        free(m);
        return -1;
    }
    memset(mine, 0, bytes);     /* the counters at 0; every page touched now, not mid-call */
    m->base = calloc((size_t)P, sizeof *m->base);
    m->seg = calloc((size_t)P, sizeof *m->seg);
    m->wr = calloc((size_t)f->chunks * (size_t)P, sizeof *m->wr);
    m->rd = calloc((size_t)f->chunks * (size_t)P, sizeof *m->rd);
    if (!m->base || !m->seg || !m->wr || !m->rd)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the shared window");
    for (int q = 0; q < P; q++) {
        MPI_Aint size;
        int disp;
        MPI_Win_shared_query(m->win, q, &size, &disp, &m->base[q]);
    }
    MPI_Barrier(m->node);       /* every header zeroed before anyone reads one */
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
    MPI_Win_free(&m->win);
    MPI_Comm_free(&m->node);
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
