/* Which transport a run's exchange gets, chosen once when the engine opens. By name:
 * --transport alltoall (the lesson's), mpi or shm (with its --shm-copy). By default (auto)
 * the fastest that opens on every rank, in this order, each tried when the one before it
 * cannot be had:
 *
 *     zerocopy -> shm cma -> shm window -> mpi
 *
 * zerocopy (no host copy) needs every driver to wrap the shared window; cma needs the
 * kernel to let a rank read another's memory; both shm ones need every rank on one node
 * (else mpi, which works anywhere). --shm-copy picks where in the order shm starts
 * (direct is outside it: asked by name only, no fallback). */
#include "transport.h"

#include <stdio.h>
#include <string.h>

const char *const transport_choice_name[4] = {"auto", "alltoall", "mpi", "shm"};
const char *const shm_copy_name[4] = {"zerocopy", "cma", "window", "direct"};

/* How many ranks the smallest node holds (all of them: one node). Collective. */
static int fewest_on_a_node(const struct slab *s, int *on_node)
{
    MPI_Comm node;
    int fewest;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, s->rank, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, on_node);
    MPI_Comm_free(&node);
    MPI_Allreduce(on_node, &fewest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return fewest;
}

/* Opens T (collective): 0, -1 (this mode refused on some rank: try the next) or -2 (the
 * shared window itself could not be had); WHY says why, the same on every rank. */
static int try_open(struct engine *r, const struct transport *t, char *why, size_t len)
{
    why[0] = '\0';
    int rc = t->open(r, why, len);
    if (rc == 0)
        r->xport = t;
    return rc;
}

/* shm from --shm-copy COPY on, down the order (zerocopy -> cma -> window). 0, or -2 with
 * WHY when the window cannot be had. The notes say why a mode fell back. */
static int open_shm(struct engine *r, enum shm_copy copy, char *why, size_t len)
{
    struct fast *f = r->fast;
    char refused[256];
    if (copy == SHM_ZEROCOPY) {
        f->shm_copy = SHM_ZEROCOPY;
        int rc = try_open(r, &transport_zerocopy, refused, sizeof refused);
        if (rc != -1)
            return rc == 0 ? 0 : (snprintf(why, len, "%s", refused), -2);
        snprintf(f->shm_note, sizeof f->shm_note, "--shm-copy zerocopy: %s, so cma", refused);
        copy = SHM_CMA;
    }
    if (copy == SHM_CMA) {
        f->shm_copy = SHM_CMA;
        int rc = try_open(r, &transport_shm, refused, sizeof refused);
        if (rc != -1)
            return rc == 0 ? 0 : (snprintf(why, len, "%s", refused), -2);
        size_t l = strlen(f->shm_note);
        snprintf(f->shm_note + l, sizeof f->shm_note - l, "%s--shm-copy cma: %s, so window",
                 l ? "; " : "", refused);
        copy = SHM_WINDOW;
    }
    f->shm_copy = copy;
    return try_open(r, &transport_shm, why, len) == 0 ? 0 : -2;
}

void transport_choose(struct engine *r, const struct transport_want *want)
{
    if (want->transport == CHOOSE_ALLTOALL) {   /* refused: a block too large (exit 2) */
        char why[256];
        if (try_open(r, &transport_alltoall, why, sizeof why) != 0)
            fl_mpi_agree(FL_EXIT_USAGE, why);
        return;
    }
    fast_open(r, want->chunks);
    struct fast *f = r->fast;
    int on_node, rc = 0;
    int fewest = fewest_on_a_node(r->s, &on_node);
    char why[320] = "";
    if (want->transport == CHOOSE_SHM && fewest < r->s->P) {
        rc = FL_EXIT_USAGE;
        snprintf(why, sizeof why, "--transport shm needs every rank on one node (a shared "
                 "window is memory of one node); here a node holds only %d of the %d ranks: "
                 "use --transport mpi", fewest, r->s->P);
    }
    fl_mpi_agree(rc, why);
    if (want->transport == CHOOSE_AUTO && fewest < r->s->P)
        snprintf(f->transport_note, sizeof f->transport_note, "the ranks are on more than one "
                 "node");
    if (want->transport != CHOOSE_MPI && fewest == r->s->P) {
        f->copy_threads = want->threads ? want->threads : window_default_threads(on_node);
        /* automatic chunks: no more than SHM_CHUNK_BYTES per peer, so that the window (4
         * slots) stays small whatever the slab (shared memory may be a small tmpfs) */
        size_t bytes = r->s->count / (size_t)r->s->P * r->elem;
        size_t least = (bytes + SHM_CHUNK_BYTES - 1) / SHM_CHUNK_BYTES;
        if (!want->chunks && least > (size_t)f->chunks)
            f->chunks = transport_chunks(r->s, r->elem, least < MAX_CHUNKS ? (int)least :
                                         MAX_CHUNKS);
        if (open_shm(r, (enum shm_copy)want->copy, why, sizeof why) == 0) {
            if (want->transport == CHOOSE_AUTO)
                snprintf(f->transport_note, sizeof f->transport_note, "every rank on one node");
            return;
        }
        if (want->transport == CHOOSE_SHM)   /* (every rank has the same WHY) */
            fl_mpi_agree(FL_EXIT_OPENCL, why);
        snprintf(f->transport_note, sizeof f->transport_note, "%s", why);
        f->shm_note[0] = '\0';
    }
    f->copy_threads = 0;
    if (try_open(r, &transport_mpi, why, sizeof why) != 0)
        fl_mpi_agree(FL_EXIT_OPENCL, why);
}
