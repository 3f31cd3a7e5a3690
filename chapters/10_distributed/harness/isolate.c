/* The kernels in a process of their own (common/mpi/relay.h says why and how): this rank
 * keeps the input, FFTW-MPI's reference, the checks and the verdict; the worker it forks
 * opens the device, builds, runs and times the kernels, and asks the rank for the MPI its
 * exchange needs. What crosses between them:
 *
 *   the worker -> the rank   READY: the device, how it was chosen, the transport and the
 *                            main pipeline's steps (what the report names)
 *   the rank -> the worker   RUN: one verified call of the main pipeline or the round
 *                            trip's, its input in the arena; OUTPUT back: the output in the
 *                            arena, and where a kernel wrote outside the data (or nothing)
 *   the rank -> the worker   TIME: the timed calls on the input in the arena; TIMING back
 *
 * The arena holds four slabs of doubles: the input, the output, and the host copies of the
 * send and receive buffers that the lesson's exchange (MPI_Alltoall) and mpi's chunks hand
 * to MPI. The rank copies an output out of the arena before it judges it. */
#include "../distributed.h"
#include "../going_further/transport.h"

#include "../../../common/mpi/relay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MSG_READY = 1, MSG_RUN, MSG_OUTPUT, MSG_TIME, MSG_TIMING };

#define NXPORT 5
struct ready {
    struct fl_device dev;       /* (its handles mean nothing here)                       */
    char how[160];
    int xport;                  /* 0 none, then alltoall, mpi, shm, zerocopy               */
    int has_fast, chunks, shm_copy, copy_threads;
    char transport_note[192], shm_note[320];
    int nsteps, launches, kind[MAX_STEPS], back[MAX_STEPS];
    char name[MAX_STEPS][64];
};
struct run_req { int which; char check[32]; };
struct output { char guard[256]; };

static double *arena;           /* ARENA_PARTS slabs of count complex doubles             */
static size_t slab_bytes;

void *arena_part(int part)
{
    return (char *)arena + (size_t)part * slab_bytes;
}

static const struct transport *const xports[NXPORT] = {NULL, &transport_alltoall,
                                                       &transport_mpi, &transport_shm,
                                                       &transport_zerocopy};

/* ---------------------------------------------------------------- the worker */

static struct ctx *wctx;
static void (*device_main)(struct ctx *c);

static void worker_main(void *arg)
{
    (void)arg;
    size_t bytes;
    arena = fl_rl_arena(&bytes);
    device_main(wctx);
}

/* One verified call of pipeline P on X into OUT: poisoned first, the guard zones checked
 * after (exchange.c). Returns where a kernel wrote outside the data, or NULL. */
static const char *device_call(struct ctx *c, struct pipeline *p, const double *x, double *out)
{
    engine_upload(&c->eng, x);
    engine_call(&c->eng, p, 1, NULL);
    engine_download(&c->eng, p->result, out);
    return engine_guard_damage(&c->eng);
}

void device_serve(struct ctx *c)
{
    static struct ready rd;
    memset(&rd, 0, sizeof rd);
    rd.dev = c->dev;
    snprintf(rd.how, sizeof rd.how, "%s", c->how);
    for (int i = 0; i < NXPORT; i++)
        if (c->eng.xport == xports[i])
            rd.xport = i;
    if (c->eng.fast) {
        const struct fast *f = c->eng.fast;
        rd.has_fast = 1;
        rd.chunks = f->chunks;
        rd.shm_copy = (int)f->shm_copy;
        rd.copy_threads = f->copy_threads;
        snprintf(rd.transport_note, sizeof rd.transport_note, "%s", f->transport_note);
        snprintf(rd.shm_note, sizeof rd.shm_note, "%s", f->shm_note);
    }
    rd.nsteps = c->main.nsteps;
    rd.launches = c->main.launches;
    for (int i = 0; i < c->main.nsteps; i++) {
        rd.kind[i] = (int)c->main.step[i].kind;
        rd.back[i] = c->main.step[i].back;
        snprintf(rd.name[i], sizeof rd.name[i], "%s", c->main.step[i].name);
    }
    fl_iso_send(MSG_READY, 0, &rd, sizeof rd);
    double *x = malloc(slab_bytes), *out = malloc(slab_bytes);
    if (!x || !out)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the worker's input");
    for (;;) {
        struct fl_msg m;
        struct run_req rq;
        if (fl_iso_recv(&m, &rq, sizeof rq) != 0)
            break;          /* the rank is done */
        memcpy(x, arena_part(ARENA_IN), slab_bytes);
        if (m.type == MSG_RUN && m.len == sizeof rq && (rq.which == 0 || rq.which == 1)) {
            static struct output o;
            rq.check[sizeof rq.check - 1] = '\0';
            engine_running_check(rq.check[0] ? rq.check : NULL);
            const char *bad = device_call(c, rq.which ? &c->back : &c->main, x, out);
            engine_running_check(NULL);
            memcpy(arena_part(ARENA_OUT), out, slab_bytes);
            memset(&o, 0, sizeof o);
            if (bad)
                snprintf(o.guard, sizeof o.guard, "%s", bad);
            fl_iso_send(MSG_OUTPUT, 0, &o, sizeof o);
        } else if (m.type == MSG_TIME && m.len == 0) {
            static struct timing t;
            time_calls(c, x, &t);
            fl_iso_send(MSG_TIMING, 0, &t, sizeof t);
        } else {
            fl_die(FL_EXIT_OPENCL, "the rank sent message %u, which its worker cannot answer "
                   "(a bug)", (unsigned)m.type);
        }
    }
    free(x);
    free(out);
}

/* ---------------------------------------------------------------- the rank */

/* The worker's text, made one clean line. */
static void clean(char *text, size_t len)
{
    fl_iso_clean(text, len);
}

void isolate_start(struct ctx *c, void (*device_side)(struct ctx *c))
{
    slab_bytes = (c->s.count * 16 + 4095) / 4096 * 4096;
    /* shm and zerocopy's window: allocated here, before the fork, so that the worker
     * inherits it (going_further/window.c) */
    if (nranks > 1)
        window_early(&c->s, c->elem, &c->xport);
    wctx = c;
    device_main = device_side;
    fl_iso_watchdog(0, fl_mpi_status_stream() != stdout);  /* (where a worker's FAIL goes) */
    void *mem;
    fl_rl_start(ARENA_PARTS * slab_bytes, &mem, worker_main, NULL);
    arena = mem;
    /* the device, the build and the transport, in the worker: this rank relays its MPI
     * until the worker is ready, then takes what the report names */
    static struct ready rd;
    struct fl_msg m;
    fl_rl_serve(&m, &rd, sizeof rd);
    if (m.type != MSG_READY || m.len != sizeof rd || (unsigned)rd.xport >= NXPORT ||
        rd.nsteps < 0 || rd.nsteps > MAX_STEPS)
        fl_die(FL_EXIT_OPENCL, "the process that runs the kernels sent message %u where it "
               "was to be ready: its memory was changed, or a bug", (unsigned)m.type);
    c->dev = rd.dev;
    c->dev.platform = NULL;
    c->dev.id = NULL;
    c->dev.context = NULL;
    c->dev.queue = NULL;
    clean(c->dev.platform_name, sizeof c->dev.platform_name);
    clean(c->dev.name, sizeof c->dev.name);
    clean(c->dev.driver, sizeof c->dev.driver);
    clean(c->dev.clc_version, sizeof c->dev.clc_version);
    clean(rd.how, sizeof rd.how);
    snprintf(c->how, sizeof c->how, "%s", rd.how);
    memset(&c->eng, 0, sizeof c->eng);
    c->eng.s = &c->s;
    c->eng.elem = c->elem;
    c->eng.xport = xports[rd.xport];
    if (rd.has_fast) {
        static struct fast f;
        memset(&f, 0, sizeof f);
        f.chunks = rd.chunks;
        f.shm_copy = rd.shm_copy >= 0 && rd.shm_copy < 4 ? (enum shm_copy)rd.shm_copy : SHM_WINDOW;
        f.copy_threads = rd.copy_threads;
        clean(rd.transport_note, sizeof rd.transport_note);
        clean(rd.shm_note, sizeof rd.shm_note);
        snprintf(f.transport_note, sizeof f.transport_note, "%s", rd.transport_note);
        snprintf(f.shm_note, sizeof f.shm_note, "%s", rd.shm_note);
        c->eng.fast = &f;
    }
    c->main.nsteps = rd.nsteps;
    c->main.launches = rd.launches;
    for (int i = 0; i < rd.nsteps; i++) {
        struct step *st = &c->main.step[i];
        memset(st, 0, sizeof *st);
        st->kind = rd.kind[i] == STEP_EXCHANGE ? STEP_EXCHANGE : STEP_LOCAL;
        st->back = rd.back[i] != 0;
        clean(rd.name[i], sizeof rd.name[i]);
        snprintf(st->name, sizeof st->name, "%s", rd.name[i]);
    }
}

const char *verified_call(struct ctx *c, struct pipeline *p, const double *x, double *out,
                          const char *check)
{
    static struct output o;
    struct run_req rq;
    memset(&rq, 0, sizeof rq);
    rq.which = p == &c->back;
    snprintf(rq.check, sizeof rq.check, "%s", check);
    memcpy(arena_part(ARENA_IN), x, c->s.count * 16);
    fl_iso_send(MSG_RUN, 0, &rq, sizeof rq);
    struct fl_msg m;
    fl_rl_serve(&m, &o, sizeof o);
    if (m.type != MSG_OUTPUT || m.len != sizeof o)
        fl_die(FL_EXIT_OPENCL, "the process that runs the kernels sent message %u where an "
               "output was due: its memory was changed, or a bug", (unsigned)m.type);
    /* copied out first: the worker may write the arena at any time */
    memcpy(out, arena_part(ARENA_OUT), c->s.count * 16);
    clean(o.guard, sizeof o.guard);
    return o.guard[0] ? o.guard : NULL;
}

void time_remote(struct ctx *c, const double *x0, struct timing *t)
{
    memcpy(arena_part(ARENA_IN), x0, c->s.count * 16);
    fl_iso_send(MSG_TIME, 0, NULL, 0);
    struct fl_msg m;
    fl_rl_serve(&m, t, sizeof *t);
    if (m.type != MSG_TIMING || m.len != sizeof *t)
        fl_die(FL_EXIT_OPENCL, "the process that runs the kernels sent message %u where the "
               "timings were due: its memory was changed, or a bug", (unsigned)m.type);
    /* numbers, as the worker measured them; the ranks it names must be ranks */
    if (t->runs < 0)
        t->runs = 0;
    for (int p = 0; p < PH_COUNT; p++)
        if (t->phase_max_rank[p] < 0 || t->phase_max_rank[p] >= nranks)
            t->phase_max_rank[p] = 0;
}

void isolate_end(void)
{
    fl_rl_finish();
    window_early_free();
}
