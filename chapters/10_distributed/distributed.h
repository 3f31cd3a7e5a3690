/* 10_distributed: what the chapter's files share.
 *
 *   main.c      the idea: one run from slabs to the verdict, in order
 *   slab.c      the decomposition: who owns which rows, the two layouts, the index maps
 *               between a rank's elements and the global array
 *   pipeline.c  the steps of one transform: local passes (chapter 07's kernels, planned by
 *               common/fft/axis_plan.c), exchanges (pack, the blocks to the other ranks,
 *               unpack), in order
 *   exchange.c  running the steps on this rank's device, timed phase by phase, and the
 *               exchange itself: pack -> MPI_Alltoall -> unpack (transport_alltoall)
 *   verify.c    test inputs by global index, FFTW-MPI's answer on the same slabs, errors
 *               reduced over the ranks, the whole array gathered for serial FFTW
 *   checks.c    the checks of one run, judged over the whole array and per rank
 *   run.c       the kernel programs (and the exercise composed into them), timed calls
 *
 * harness/ takes the options, prints the report and runs the kernels in a process of their
 * own (isolate.c); common/mpi/ runs the ranks together (MPI start and end, agreed failures,
 * options every rank must share, a device each, output in rank order, the watchdog,
 * FFTW-MPI's reference, the worker's MPI). going_further/ makes the exchange fast. */
#ifndef FFTLAB_DISTRIBUTED_H
#define FFTLAB_DISTRIBUTED_H

#include <mpi.h>

#include "../../common/fft/axis_plan.h"
#include "../../common/buffers.h"
#include "../../common/device.h"
#include "../../common/fill.h"
#include "../../common/options.h"
#include "../../common/fft/plan.h"
#include "../../common/reference.h"
#include "../../common/report.h"
#include "../../common/chapter.h"
#include "../../common/mpi/ranks.h"
#include "../../common/mpi/relay.h"

#include <stdio.h>

/* ---------------------------------------------------------------- slab.c */

/* The two layouts of a rank's data (FFTW-MPI's names):
 *   natural     rank d holds rows [d*Na/P, (d+1)*Na/P) of the outermost axis a, every other
 *               axis whole, row-major: 2-D x[b][y][x], 3-D x[b][z][y][x]
 *   transposed  (FFTW_MPI_TRANSPOSED_OUT) rank d holds the part [d*Nc/P, (d+1)*Nc/P) of
 *               the next axis c, with the first two axes swapped: 2-D y[b][x][y],
 *               3-D y[b][y][z][x] */
enum layout { LAYOUT_NATURAL, LAYOUT_TRANSPOSED };

struct slab {
    int P, rank;
    int ndims;                  /* 2 or 3                                                */
    size_t dims[3];             /* the global shape, outermost first                     */
    size_t batch, n;            /* arrays; points of one array                           */
    size_t count;               /* values a rank holds, batch * n / P, in either layout  */
    size_t na, nc, ni;          /* the axes of the exchange: a (distributed first), c (its
                                   neighbour, distributed after), inner (contiguous, the
                                   product of the rest): 2-D Ny, Nx, 1; 3-D Nz, Ny, Nx   */
    size_t ma, mc;              /* a rank's part of a and of c: na / P, nc / P           */
    char a_name, c_name;        /* 'y', 'x' (2-D) or 'z', 'y' (3-D)                      */
};

/* The decomposition of DIMS (2 or 3 axes) x BATCH over P ranks. Returns 0, or -1 with WHY
 * (the same on every rank: it depends on the arguments only). */
int slab_make(struct slab *s, const size_t *dims, int ndims, size_t batch, int P, int rank,
              char *why, size_t len);

/* Element E of rank R's data in layout L: its array *B and the flat index of its point in
 * the global array (row-major over dims, natural order) — where a test input's value and a
 * reported error are. */
size_t slab_global_index(const struct slab *s, int rank, enum layout L, size_t e, size_t *b);

/* "y [0, 32) of 64, x whole" for rank R in layout L. */
char *slab_describe(const struct slab *s, int rank, enum layout L, char *buf, size_t len);

/* The exchange's shape (kernels/10_distributed.cl): X[b][u][v][i] -> Y[b][v'][w][i].
 * BACK = 0: natural -> transposed (u = a, v = c); 1: transposed -> natural (u = c, v = a). */
struct exchange_shape { size_t batch, mu, mv, ni; int P; };
struct exchange_shape slab_exchange(const struct slab *s, int back);

/* ---------------------------------------------------------------- pipeline.c */

/* One transform = a list of steps. A local step runs a plan of passes (program 1: the axes
 * inside a natural slab; program 2: the axis that is whole in a transposed slab). An
 * exchange runs exchange_pack, the host transfer and exchange_unpack. */
enum step_kind { STEP_LOCAL, STEP_EXCHANGE };

#define MAX_STEPS 4

struct step {
    enum step_kind kind;
    int program;                /* STEP_LOCAL: 0 = program 1, 1 = program 2              */
    int back;                   /* STEP_EXCHANGE: 0 natural -> transposed, 1 back        */
    struct fl_plan *plan;       /* STEP_LOCAL: the passes; STEP_EXCHANGE: the pack        */
    struct fl_plan *unpack;     /* STEP_EXCHANGE: the unpack                              */
    struct fl_exec ex, ex_unpack;
    char name[64];              /* "x passes", "exchange", "exchange back"               */
};

struct pipeline {
    struct step step[MAX_STEPS];
    int nsteps;
    int sign;                   /* -1 forward, +1 inverse                                */
    enum layout in, out;
    int result;                 /* FL_BUF_A or FL_BUF_B                                  */
    int launches;               /* kernels enqueued per call                             */
    char what[96];              /* "forward, natural in, transposed out"                 */
};

/* The local passes' layouts: A (the axes inside a natural slab) and B (the remaining axis,
 * in a transposed slab), planned for groups of up to WG items. ON_DEVICE (one rank, not an
 * exercise run): A every axis of the natural array, B every axis of the transposed one.
 * Returns 0 or -1 + WHY. */
int pipeline_layouts(const struct slab *s, const struct fl_device *dev, size_t elem, size_t wg,
                     int on_device, struct fl_layout *la, struct fl_layout *lb, char *why,
                     size_t len);

/* A column pass's flag (kernels/10_pass_hooks.cl): store into the other layout, Y[b][v][u][i]
 * for X[b][u][v][i] (u the axis of the pass, i the SLAB_NI values inside). */
#define PASS_STORE_TRANSPOSED 256

/* Steps for direction SIGN from layout IN to layout OUT (natural -> transposed,
 * natural -> natural, or transposed -> natural): local passes, pack, exchange, unpack.
 * (One rank's pipeline, with no exchange: going_further/one_rank.c.) */
void pipeline_make(struct pipeline *p, const struct slab *s, const struct fl_layout *la,
                   const struct fl_layout *lb, size_t elem, size_t wg_items, int sign,
                   enum layout in, enum layout out);
/* P empty, for direction SIGN from layout IN to OUT; its next step, local passes of
 * PROGRAM (0: program 1, 1: program 2) with an empty plan. */
void pipeline_begin(struct pipeline *p, int sign, enum layout in, enum layout out);
struct step *pipeline_local_step(struct pipeline *p, int program);
void pipeline_free(struct pipeline *p);

/* ---------------------------------------------------------------- exchange.c */

/* Phases of one call, in ms, as exchange.c measures them. Per exchange: the pack, the
 * exchange's wall time (from the pack's end to the receive buffer on the device), inside
 * it the device -> host copies, the wait in MPI and the host -> device copies (one after
 * the other in the lesson's exchange; going_further/'s overlap them chunk by chunk, so only
 * the wall time adds up), and the unpack. At P = 1 there is no exchange: one local step,
 * PH_LOCAL1. */
enum phase {
    PH_LOCAL1, PH_PACK, PH_XCHG, PH_D2H, PH_MPI, PH_H2D, PH_UNPACK, PH_LOCAL2,
    PH_PACK2, PH_XCHG2, PH_D2H2, PH_MPI2, PH_H2D2, PH_UNPACK2, PH_COUNT
};
#define PH_PER_EXCHANGE (PH_PACK2 - PH_PACK)   /* the second exchange's phases: + this */
#define PH_EXCHANGE_PARTS (PH_UNPACK - PH_PACK + 1)   /* pack .. unpack                   */
extern const char *const phase_name[PH_COUNT];   /* "local1", "pack", ...: CSV columns  */
/* 1 for the phases inside an exchange's wall time (d2h, mpi, h2d): not added to the sum */
int phase_inside(int ph);

/* The most bytes one device <-> host transfer moves: a slab of 2^29 fp32 values is 4 GiB,
 * and a transfer's size is cut into pieces of at most this (going_further/'s transports cut
 * their MPI messages there too: Open MPI splits or truncates messages near 2^31 bytes). */
#define XFER_MAX ((size_t)1 << 30)

struct engine;

/* How the exchange's blocks go from rank to rank, between the pack (send: block e for rank
 * e) and the unpack (recv: block d from rank d). One transport per run, chosen when the
 * engine opens: the lesson's transport_alltoall, or one of going_further/'s faster ones
 * (going_further/choose.c). */
struct transport {
    const char *name;           /* what the report calls it: "alltoall", "mpi", "shm"      */
    /* Set up R's part. Collective: 0, or (the same on every rank) below 0 and WHY. */
    int (*open)(struct engine *r, char *why, size_t len);
    /* send -> recv, every rank's blocks; PH gets PH_XCHG and the parts inside it. */
    void (*exchange)(struct engine *r, double *ph);
    void (*close)(struct engine *r);
};
/* exchange.c: the whole send buffer to the host, one MPI_Alltoall, the whole receive
 * buffer back (--transport alltoall; one rank's exercise runs too). */
extern const struct transport transport_alltoall;

/* What the options ask of the exchange: --transport (0 auto, the default: what
 * going_further/choose.c finds fastest; 1 alltoall; 2 mpi; 3 shm), going_further/'s
 * --shm-copy, --copy-threads and --chunks (0: automatic). */
struct transport_want { int transport, copy, threads, chunks; };

struct fast;                    /* going_further/transport.h */
struct fl_guards;               /* common/guards.h */

/* This rank's device side: the buffers, the kernels, the exchange. */
struct engine {
    const struct fl_device *dev;
    const struct slab *s;
    size_t elem;                /* bytes per complex value on the device (8 or 16)       */
    enum fl_rl_type type;       /* FL_RL_CFLOAT or FL_RL_CDOUBLE (relay.h)                */
    cl_program program[2];      /* A, B                                                  */
    const char *kernel_file;
    int nbuf;                   /* 4 (A, B, send, recv), or 2 at P = 1 (no exchange buffers,
                                   engine_open's ON_DEVICE)                              */
    cl_mem buf[2];              /* A, B: count values each, between guard zones          */
    cl_mem send, recv;          /* the exchange's device buffers, the same               */
    cl_mem all[4];              /* A, B, send, recv whole: guard | data | guard; the four
                                   above are sub-buffers of these (exchange.c)           */
    size_t data_bytes, guard_bytes;
    struct fl_guards *guards;   /* every buffer, fenced (guard_bytes 0) or guarded      */
    const char *check;          /* the check a verified call runs for (a fault names it)  */
    struct fl_fill_limits fill; /* the pieces the fills go in (common/fill.h)            */
    void *staging;              /* device-format copy of one slab, for uploads/downloads */
    const struct transport *xport;   /* the exchange's transport (NULL: one rank's device) */
    void *host_send, *host_recv;/* the transport's host copies of send and recv (alltoall:
                                   malloc'd; going_further/'s: pinned)                    */
    struct fast *fast;          /* going_further/'s transports: their state              */
    struct fl_fault fault;      /* engine_guard_damage's, as fields                      */
};

/* Device and host buffers for S's slab: 4 (A, B, send, recv), or 2 when ON_DEVICE (one
 * rank's transposes need no exchange buffers); the transport WANT asks for when there is
 * an exchange. Exits 3 (through fl_die) if they do not fit. */
void engine_open(struct engine *r, const struct fl_device *dev, const struct slab *s, size_t elem,
                 int on_device, const struct transport_want *want);
void engine_close(struct engine *r);

/* Create the kernels of P's steps (and upload their twiddle tables). */
void engine_prepare(struct engine *r, struct pipeline *p);
void engine_release(struct engine *r, struct pipeline *p);

/* One call of P on the data in buffer A. POISON: fill B, the exchange buffers and every
 * unpack's target with NaN first, so an unwritten value shows. PHASES (may be NULL) gets
 * each phase's time in ms (0 for a phase P does not have). Collective: every rank calls
 * it. Returns the wall time of the call in ms on this rank. */
double engine_call(struct engine *r, struct pipeline *p, int poison, double *phases);

/* BYTES between device buffer M (from offset 0) and host memory H (TO_HOST: device ->
 * host), in transfers of at most XFER_MAX bytes; returns when they are done. */
void engine_transfer(struct engine *r, cl_mem m, int to_host, void *h, size_t bytes);
/* X (count values, doubles) -> buffer A (NULL: the last X again, still converted in the
 * staging buffer if no download came between); buffer SLOT -> OUT (doubles). */
void engine_upload(struct engine *r, const double *x);
void engine_download(struct engine *r, int slot, double *out);


/* ---------------------------------------------------------------- verify.c */

enum input_kind { INPUT_RANDOM, INPUT_IMPULSE, INPUT_TONE };

/* This rank's part (natural layout) of the global test input: INPUT_RANDOM the same
 * numbers fl_fill_random gives the whole batch with SEED; an impulse at flat point POS
 * (array b: at (POS + b) mod n); a tone at grid point K (as fl_fill_tone_nd). Rounded to
 * float for single precision (ROUND). */
void input_fill(const struct slab *s, enum input_kind kind, uint64_t seed, size_t pos,
                const size_t *k, int sign, int round, double *x);

/* The distributed error of OUT against REF (this rank's values, layout L): the usual
 * relative measures over the whole array (reduced over the ranks), and this rank's share
 * of them. Collective. */
struct dist_error {
    struct fl_error all;        /* the whole array, as fl_compare measures it; worst and
                                   first_nonfinite are indices into the whole batch in
                                   natural order (b * n + flat point index)               */
    double share_l2;            /* this rank: ||out - ref||_2 over its values / ||ref||_2
                                   of the whole array (the squares add up over the ranks) */
    double share_max;           /* this rank: max |out - ref| over its values / max |ref| */
    size_t nonfinite;           /* this rank's NaN/Inf values                             */
    int worst_rank;             /* the rank holding the largest error                     */
    int nonfinite_ranks;        /* how many ranks hold a NaN/Inf                          */
};
void dist_compare(const struct slab *s, enum layout l, const double *out, const double *ref,
                  struct dist_error *e);

/* Gather every rank's values (layout L) to rank 0 as the whole batch in natural order.
 * Returns a malloc'd array on rank 0, NULL on the others. Collective. */
double *gather_natural(const struct slab *s, const double *local, enum layout l);

/* ---------------------------------------------------------------- the run (main.c) */

#define CHAPTER "10_distributed"
#define TITLE "slabs over MPI ranks: local passes, an all-to-all transpose, the last axis"
#define MAX_CHECKS FL_MAX_CHECKS /* random, serial, two impulses, tone, round trip */

/* Everything one rank knows about the run. */
struct ctx {
    struct fl_options o;
    const struct fl_variant *variant;
    int natural;                /* --natural: the output back in the input's layout       */
    struct transport_want xport;/* --transport (going_further/: --chunks, --shm-copy, ...)  */
    int on_device;              /* one rank, not an exercise run: no exchange, the transpose
                                   in a pass's store (an exercise run keeps pack + unpack
                                   at P = 1: the grader's P = 1 case must go through the
                                   student's maps)                                        */
    size_t dims[FL_MAX_DIMS];   /* the global shape, outermost first                     */
    int ndims;
    struct slab s;              /* this rank's part                                      */
    struct fl_device dev;       /* this rank's device ...                                */
    char how[160];              /* ... and how it was chosen                             */
    struct fl_layout la, lb;    /* the local passes: A (a natural slab), B (transposed)   */
    char build[2][1536];        /* the build options of programs 1 and 2                 */
    char kernel_file[4096];
    struct engine eng;
    struct pipeline main, back; /* the transform, and the other direction (round trip)   */
    enum layout out;
    size_t elem;                /* bytes per complex value on the device                 */
    struct fl_bounds bound;
};

/* The verdicts of one verified run, the same list on every rank. */
struct checks {
    struct fl_check chk[MAX_CHECKS];
    double share_l2[MAX_CHECKS], share_max[MAX_CHECKS];
    int n;
    int rank_ok;                /* this rank's shares all within the bounds              */
    int worst;                  /* the check where this rank's share is largest (rel L2)  */
    struct fl_fault fault;      /* the first write out of bounds, on the first rank with one */
};

/* The timed calls. */
struct timing {
    int runs, warmup;
    struct fl_stats total;          /* per call: the slowest rank's wall time              */
    double phase_max[PH_COUNT];     /* each phase: every rank's median, the largest ...    */
    double phase_min[PH_COUNT];     /* ... and the smallest                                */
    int phase_max_rank[PH_COUNT];
    double phase_sum;               /* the sum of phase_max                                */
};

/* ---------------------------------------------------------------- run.c, checks.c */

extern const char *const kernel_uses[];  /* 07's kernel files, built in front of ours    */
/* The kernel file (with an exercise composed into it), programs 1 and 2, the buffers. */
void build_programs(struct ctx *c);
/* The worker: time --repeat calls (after --warmup) of C's main pipeline on X0 (the rank
 * asks for them: fl_rl_device_time). Collective. */
void time_calls(struct ctx *c, const double *x0, struct timing *t);
/* The rank: one verified call of pipeline P for check CHECK on X (this rank's values in
 * P's input layout) into OUT, by the worker; returns its guard damage (NULL: none). */
const char *verified_call(struct ctx *c, struct pipeline *p, const double *x, double *out,
                          const char *check);
/* The checks: random input against FFTW-MPI (and serial FFTW on rank 0 up to 2^22 values),
 * two impulses, a tone, the round trip. X0 and OUT0 get the random input and its output.
 * Prints each check's line. Collective. */
void verify_ranks(struct ctx *c, double *x0, double *out0, struct checks *k);

/* This rank's device (common/mpi/devices.c's choice), then whether C's slab fits on it.
 * Agreed: one rank's failure ends every rank. (run.c) */
void open_device(struct ctx *c);

/* ---------------------------------------------------------------- harness/ */

extern int rank, nranks;                 /* this process in MPI_COMM_WORLD, and how many */
extern enum fl_format report_format;     /* text, csv or json                            */
/* options.c: the options (--natural is this chapter's), the variant and the shape; a bad
 * one ends every rank with one message (exit 2); --help and --list-devices end the run. */
void options_parse(struct ctx *c, int argc, char **argv);

/* isolate.c: the rank forks the worker that runs OPEN(C), the rank's calls and CLOSE(C)
 * (common/mpi/relay.h); the device and the transport into C. The arena's parts: */
void isolate_start(struct ctx *c, void (*open)(void *c), void (*close)(void *c));
enum { ARENA_IN, ARENA_OUT, ARENA_SEND, ARENA_RECV, ARENA_PARTS };

/* report.c: the header, --explain (slabs, exchange, steps), each rank's verdict; K's
 * checks as every chapter reports them (common/report.h: R->passed, R->reason, the
 * first failed check); rank 0's phases (text), CSV row or JSON record, then the verdict. */
void report_who(const struct ctx *c);
void report_explain(const struct ctx *c);
void report_rank(const struct ctx *c, const struct checks *k);
void report_checks(const struct ctx *c, const struct checks *k, struct fl_result *r);
void report_result(const struct ctx *c, const struct timing *t, struct fl_result *r);

#endif
