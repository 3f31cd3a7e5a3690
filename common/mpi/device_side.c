/* The rank's questions to its worker (relay.h's fl_rl_device_*): the worker opens the
 * device side and says READY with what the rank's report names; then each RUN (a checked
 * run, its input in arena part 0, its output back in part 1, and where a kernel wrote
 * outside its data) and each TIME (the timed calls, their figures back), until the rank
 * closes the channel. The rank relays the worker's MPI while it waits for an answer. */
#include "relay.h"
#include "ranks.h"

#include "../buffers.h"
#include "../clerr.h"
#include "../exitcodes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MSG_READY = 1, MSG_RUN, MSG_OUTPUT, MSG_TIME, MSG_TIMING };

struct run_req { int32_t which; char check[32]; };
struct output { char damage[256]; struct fl_fault fault; };

static const struct fl_rl_device *side;
static void *side_ctx;
static size_t values;           /* complex values of a run's input and output            */

/* ---------------------------------------------------------------- the worker */

static void worker_main(void *arg)
{
    (void)arg;
    static unsigned char info[FL_RL_MAX_INFO];
    memset(info, 0, sizeof info);
    side->open(side_ctx, info);
    fl_iso_send(MSG_READY, 0, info, side->info_bytes);
    double *x = fl_xmalloc(values * 16, "the worker's input"),
           *out = fl_xmalloc(values * 16, "the worker's output");
    void *timing = fl_xmalloc(side->timing_bytes, "the worker's timings");
    for (;;) {
        struct fl_msg m;
        struct run_req rq;
        if (fl_iso_recv(&m, &rq, sizeof rq) != 0)
            break;          /* the rank is done */
        memcpy(x, fl_rl_part(0), values * 16);     /* (the rank may not write it meanwhile) */
        if (m.type == MSG_RUN && m.len == sizeof rq) {
            static struct output o;
            rq.check[sizeof rq.check - 1] = '\0';
            memset(&o, 0, sizeof o);
            const char *bad = side->run(side_ctx, rq.which, rq.check[0] ? rq.check : NULL, x,
                                        out, &o.fault);
            memcpy(fl_rl_part(1), out, values * 16);
            if (bad)
                snprintf(o.damage, sizeof o.damage, "%s", bad);
            fl_iso_send(MSG_OUTPUT, 0, &o, sizeof o);
        } else if (m.type == MSG_TIME && m.len == 0) {
            side->time(side_ctx, x, timing);
            fl_iso_send(MSG_TIMING, 0, timing, side->timing_bytes);
        } else {
            fl_die(FL_EXIT_OPENCL, "the rank sent message %u, which its worker cannot answer "
                   "(a bug)", (unsigned)m.type);
        }
    }
    free(x);
    free(out);
    free(timing);
    side->close(side_ctx);
}

/* ---------------------------------------------------------------- the rank */

/* Send TYPE (PAYLOAD, LEN bytes), relay until the answer: WANT, of exactly CAP bytes. */
static void ask(uint32_t type, const void *payload, size_t len, uint32_t want, void *reply,
                size_t cap)
{
    struct fl_msg m;
    if (type)
        fl_iso_send(type, 0, payload, len);
    fl_rl_serve(&m, reply, cap);
    if (m.type != want || m.len != cap)
        fl_die(FL_EXIT_OPENCL, "the process that runs the kernels sent message %u of %llu bytes "
               "where message %u was due: its memory was changed, or a bug", (unsigned)m.type,
               (unsigned long long)m.len, (unsigned)want);
}

void fl_rl_device_start(const struct fl_rl_device *d, void *ctx, size_t count, int parts,
                        void *info)
{
    if (d->info_bytes > FL_RL_MAX_INFO)
        fl_die(FL_EXIT_OPENCL, "the report's %zu bytes from the worker: at most %d (a bug)",
               d->info_bytes, FL_RL_MAX_INFO);
    side = d;
    side_ctx = ctx;
    fl_iso_watchdog(0, fl_mpi_status_stream() != stdout);  /* where a worker's FAIL goes */
    values = count;
    fl_rl_start(parts < 2 ? 2 : parts, count * 16, worker_main, NULL);
    ask(0, NULL, 0, MSG_READY, info, d->info_bytes);
}

const char *fl_rl_device_run(int which, const char *check, const double *x, double *out,
                             struct fl_fault *fault)
{
    static struct output o;
    struct run_req rq;
    memset(&rq, 0, sizeof rq);
    rq.which = which;
    snprintf(rq.check, sizeof rq.check, "%s", check ? check : "");
    memcpy(fl_rl_part(0), x, values * 16);
    ask(MSG_RUN, &rq, sizeof rq, MSG_OUTPUT, &o, sizeof o);
    memcpy(out, fl_rl_part(1), values * 16);    /* first: the worker may write it any time */
    fl_iso_clean(o.damage, sizeof o.damage);
    if (fault) {    /* numbers as the worker gave them, text cleaned */
        struct fl_fault *f = &o.fault;
        fl_iso_clean(f->access, sizeof f->access);
        fl_iso_clean(f->buffer, sizeof f->buffer);
        fl_iso_clean(f->side, sizeof f->side);
        fl_iso_clean(f->kernel, sizeof f->kernel);
        fl_iso_clean(f->check, sizeof f->check);
        f->set = o.damage[0] != 0;
        *fault = *f;
    }
    return o.damage[0] ? o.damage : NULL;
}

void fl_rl_device_time(const double *x, void *timing)
{
    memcpy(fl_rl_part(0), x, values * 16);
    ask(MSG_TIME, NULL, 0, MSG_TIMING, timing, side->timing_bytes);
}

void fl_rl_clean_device(struct fl_device *dev, char *how, size_t len)
{
    dev->platform = NULL;
    dev->id = NULL;
    dev->context = NULL;
    dev->queue = NULL;
    fl_iso_clean(dev->platform_name, sizeof dev->platform_name);
    fl_iso_clean(dev->name, sizeof dev->name);
    fl_iso_clean(dev->driver, sizeof dev->driver);
    fl_iso_clean(dev->clc_version, sizeof dev->clc_version);
    fl_iso_clean(how, len);
}
