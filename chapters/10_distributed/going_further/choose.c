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
    int fewest, local_rank;
    (void)s;
    fl_mpi_node(&local_rank, on_node);
    fl_rl_allreduce(on_node, &fewest, 1, FL_RL_INT, FL_RL_MIN);  /* (by the rank: relay.h) */
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
        f->chunks = shm_chunks(r->s, r->elem, want->chunks);   /* (window_early's too) */
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

/* ---------------------------------------------------------------- the rank's mirror */

static const struct transport *const known[5] = {NULL, &transport_alltoall, &transport_mpi,
                                                 &transport_shm, &transport_zerocopy};

void transport_info_get(const struct engine *r, struct transport_info *t)
{
    memset(t, 0, sizeof *t);
    for (int i = 0; i < 5; i++)
        if (r->xport == known[i])
            t->xport = i;
    if (!r->fast)
        return;
    t->has_fast = 1;
    t->chunks = r->fast->chunks;
    t->shm_copy = (int)r->fast->shm_copy;
    t->copy_threads = r->fast->copy_threads;
    snprintf(t->transport_note, sizeof t->transport_note, "%s", r->fast->transport_note);
    snprintf(t->shm_note, sizeof t->shm_note, "%s", r->fast->shm_note);
}

void transport_info_set(struct engine *r, struct transport_info *t)
{
    static struct fast f;
    r->xport = t->xport >= 0 && t->xport < 5 ? known[t->xport] : NULL;
    if (!t->has_fast)
        return;
    memset(&f, 0, sizeof f);
    f.chunks = t->chunks;
    f.shm_copy = t->shm_copy >= 0 && t->shm_copy < 4 ? (enum shm_copy)t->shm_copy : SHM_WINDOW;
    f.copy_threads = t->copy_threads;
    fl_iso_clean(t->transport_note, sizeof t->transport_note);
    fl_iso_clean(t->shm_note, sizeof t->shm_note);
    snprintf(f.transport_note, sizeof f.transport_note, "%s", t->transport_note);
    snprintf(f.shm_note, sizeof f.shm_note, "%s", t->shm_note);
    r->fast = &f;
}
