/* going_further/: the faster transports of chapter 10's exchange, behind the lesson's
 * struct transport (../distributed.h: open, exchange, close), and what they share.
 *
 *   choose.c     which transport a run gets (--transport, auto by default): the fallback
 *                order, in one place
 *   staging.c    the pinned host buffers, the chunks (their bounds), the device <-> host
 *                copies every staged transport makes
 *   mpi.c        --transport mpi: chunks by MPI_Isend/MPI_Irecv, overlapped with the copies
 *   shm.c        --transport shm: an MPI-3 shared window of the node, copied by threads
 *                (--shm-copy cma, window, direct); window.c the window itself
 *   zerocopy.c   shm with no host copy (--shm-copy zerocopy, the default on one node)
 *   options.c    --chunks, --transport, --shm-copy, --copy-threads, and their help
 *   explain.c    what --explain and the timed report say of them; the link probe
 *   one_rank.c   one rank (P = 1): no exchange, the transpose in a pass's store
 *
 * The lesson (../main.c) runs without any of this by --transport alltoall: pack, one
 * MPI_Alltoall through host memory, unpack (../exchange.c). */
#ifndef FFTLAB_DISTRIBUTED_TRANSPORT_H
#define FFTLAB_DISTRIBUTED_TRANSPORT_H

#include "../distributed.h"

/* --chunks 0 (the default): chunks of about this much per peer, at most AUTO_CHUNKS */
#define AUTO_CHUNK_BYTES ((size_t)4 << 20)
#define AUTO_CHUNKS 8
#define BANDWIDTH_PROBE_BYTES ((size_t)64 << 20)   /* --explain's link probe, at most */
#define MAX_CHUNKS 4096     /* --chunks' largest value                                   */
#define SHM_DEFAULT_THREADS 8   /* --copy-threads 0: the node's cores / its ranks, at most this */
#define SHM_CHUNK_BYTES ((size_t)8 << 20)   /* shm, --chunks 0: chunks at most this per peer */

/* --transport's words (struct transport_want's transport). */
enum transport_choice { CHOOSE_AUTO, CHOOSE_ALLTOALL, CHOOSE_MPI, CHOOSE_SHM };
extern const char *const transport_choice_name[4];   /* "auto", "alltoall", "mpi", "shm" */

/* How shm moves a chunk from one rank's device to another's (--shm-copy). */
enum shm_copy {
    SHM_ZEROCOPY,   /* no host copy: device -> the sender's window slot, wrapped in every rank
                       as a CL_MEM_USE_HOST_PTR buffer (pinned), -> the receiver's device
                       (zerocopy.c)                                                       */
    SHM_CMA,        /* one copy: the receiver's threads read the sender's pinned send buffer
                       (process_vm_readv, Linux's cross-memory attach)                    */
    SHM_WINDOW,     /* two copies: pinned send -> the sender's window slot -> pinned recv   */
    SHM_DIRECT      /* one copy: pinned send -> the window slot; host -> device from there  */
};
extern const char *const shm_copy_name[4];    /* "zerocopy", "cma", "window", "direct"    */

struct shm;                     /* window.c */

/* What the staged transports keep per rank (the engine's FAST). */
struct fast {
    int chunks;                 /* chunks per block in the exchange (after XFER_MAX's cap) */
    cl_command_queue q_in;      /* host -> device copies, beside the kernels' queue        */
    cl_mem pin_send, pin_recv;  /* pinned host staging (CL_MEM_ALLOC_HOST_PTR), mapped once
                                   as the engine's host_send, host_recv (none for zerocopy,
                                   which stages in the window)                             */
    enum shm_copy shm_copy;     /* shm: how a chunk crosses                                */
    int copy_threads;           /* shm: threads per host copy (0: zerocopy, none)          */
    size_t shm_bytes;           /* shm: this rank's part of the shared window              */
    int shm_slots;              /* shm: its chunk slots (the ring; 0 for cma)              */
    struct shm *shm;            /* shm: the window, its counters and the copy threads      */
    char transport_note[192];   /* why auto chose as it did ("" when asked by name)         */
    char shm_note[320];         /* shm: why zerocopy or cma fell back ("" when neither did) */
};

/* Chunk C of C_ALL of a block of BLK values: its first value *LO and its length *LEN
 * (uneven chunks differ by one value at most). Every transport cuts blocks this way. */
static inline void chunk_bounds(size_t blk, int c, int c_all, size_t *lo, size_t *len)
{
    *lo = blk * (size_t)c / (size_t)c_all;
    *len = blk * (size_t)(c + 1) / (size_t)c_all - *lo;
}

/* ---------------------------------------------------------------- choose.c */

/* The transport of R (P > 1) for WANT, opened: the one named, or for auto the first of the
 * fallback order that opens on every rank. Collective; a transport asked by name that
 * cannot be had ends every rank (exit 2 or 3). */
void transport_choose(struct engine *r, const struct transport_want *want);

/* ---------------------------------------------------------------- the transports */

extern const struct transport transport_mpi;       /* mpi.c                               */
extern const struct transport transport_shm;       /* shm.c: R's fast->shm_copy cma, window
                                                      or direct                           */
extern const struct transport transport_zerocopy;  /* zerocopy.c                          */

/* ---------------------------------------------------------------- staging.c */

/* The chunks an exchange uses for WANT (--chunks; 0 = automatic): at least enough that no
 * message passes XFER_MAX, at most one value each. The same on every rank. */
int transport_chunks(const struct slab *s, size_t elem, int want);
/* R's FAST with CHUNKS chunks and the host -> device queue; fast_close releases it, its
 * pinned buffers with it. */
void fast_open(struct engine *r, int chunks);
void fast_close(struct engine *r);
/* Pinned host memory of BYTES, mapped (the buffer in *M, the pointer returned; WHAT names
 * it in an error). Exits 3 (through fl_die) if it does not fit. */
void *staging_pinned(const struct engine *r, size_t bytes, cl_mem *m, const char *what);
/* The pinned staging (R's host_send, host_recv); a second call does nothing. */
void staging_pin(struct engine *r);
/* Enqueue every chunk of every peer's block device -> pinned host (event rd[c*P + q];
 * last_rd[c]: the peer whose read ends chunk c) and this rank's own block device ->
 * device, then flush. */
void staging_reads(struct engine *r, cl_event *rd, int *last_rd);
/* Add the device time of the N reads RD and writes WR (null: none) to D2H and H2D, in ms,
 * and release them. */
void staging_times(size_t n, cl_event *rd, cl_event *wr, double *d2h, double *h2d);

/* ---------------------------------------------------------------- window.c */

/* Threads per host copy when --copy-threads is 0: the node's cores shared by its ranks. */
int window_default_threads(int ranks_on_node);
/* zerocopy: rank Q's slots as this process maps them (*P) and their bytes; 0 (and NULL)
 * when the transport is not zerocopy. */
size_t window_slots(const struct engine *r, int q, void **p);

/* ---------------------------------------------------------------- options.c */

/* Takes ARGV[*I] (and its value, *I moved past it) when it is one of these options: 1, or
 * 1 with ERR set (a bad value; the first error only); 0 when it is not one of them. */
/* These options as lines of the block every rank must share (common/mpi/agree.c). */
size_t transport_describe(char *buf, size_t used, const struct transport_want *x);
int transport_option(int argc, char **argv, int *i, struct transport_want *w, char *err,
                     size_t len);
extern const char transport_help[];   /* their lines of --help */

/* ---------------------------------------------------------------- explain.c */

/* --explain: the link each rank's staging crosses (collective), then on rank 0 what the
 * exchange moves and how. */
void explain_transport(const struct ctx *c);
/* --explain: an exchange step's middle line, between its pack and unpack. */
void explain_exchange_step(const struct ctx *c);
/* The timed report: a phase's label where the transport has its own (NULL: the lesson's),
 * how an exchange's phases were timed, by transport (NULL: not an exchange's); the lines
 * of what the NX exchanges of a call moved, and at what rate. */
const char *transport_phase_label(const struct engine *r, int ph);
const char *transport_phase_clock(const struct engine *r, int ph);
void report_transport(const struct ctx *c, const struct timing *t, int nx);
/* The CSV row's last columns: chunks, transport, copy_threads, shm_copy. */
void csv_transport(const struct ctx *c);

/* ---------------------------------------------------------------- one_rank.c */

/* One rank, not an exercise run: P's steps (P begun by pipeline_begin): one step, every
 * axis by LA's passes (natural in) or LB's (transposed in), the last pass storing the
 * output's layout (PASS_STORE_TRANSPOSED); in 2-D, when the outer axis by columns takes
 * several passes, two steps instead: the contiguous axis by rows and 07's tiled
 * transpose, then the other axis by the other layout's rows. */
void one_rank(struct pipeline *p, const struct slab *s, const struct fl_layout *la,
              const struct fl_layout *lb, size_t elem);
/* engine_call at P = 1 (no exchange): every step enqueued, one wait (a clFinish per step
 * costs a host round trip, tens of microseconds, where a GPU's whole transform is a few
 * hundred); PHASES as engine_call's, the wall time since T_START (MPI_Wtime) returned. */
double one_rank_call(struct engine *r, struct pipeline *p, double t_start, double *phases);

#endif
