/* The kernels in a process of their own (common/mpi/relay.h): the rank keeps the input,
 * the reference and the verdict; its worker runs the device (common/mpi/device_side.c). */
#include "../distributed.h"
#include "../going_further/transport.h"

#include "../../../common/guards.h"

#include <stdio.h>

struct info { struct fl_device dev; char how[160]; struct transport_info xport; };

static void (*open_side)(void *c);

static void device_open(void *arg, void *out)
{
    struct ctx *c = arg;
    struct info *in = out;
    open_side(c);
    in->dev = c->dev;
    snprintf(in->how, sizeof in->how, "%s", c->how);
    transport_info_get(&c->eng, &in->xport);
}

static const char *device_run(void *arg, int which, const char *check, const double *x,
                              double *out, struct fl_fault *fault)
{
    struct ctx *c = arg;
    struct pipeline *p = which ? &c->back : &c->main;
    c->eng.check = check;
    engine_upload(&c->eng, x);
    engine_call(&c->eng, p, 1, NULL);       /* poisoned, every buffer's guards armed */
    engine_download(&c->eng, p->result, out);
    return fl_guards_damage(c->eng.guards, c->dev.queue, fault);
}

static void device_time(void *arg, const double *x, void *t) { time_calls(arg, x, t); }

void isolate_start(struct ctx *c, void (*open)(void *c), void (*close)(void *c))
{
    static struct fl_rl_device side = {device_open, device_run, device_time, NULL,
                                       sizeof(struct info), sizeof(struct timing)};
    static struct info in;
    open_side = open;
    side.close = close;
    if (nranks > 1)     /* shm's window, for the worker to inherit (going_further/window.c) */
        window_early(&c->s, c->elem, &c->xport);
    fl_rl_device_start(&side, c, c->s.count, ARENA_PARTS, &in);
    fl_rl_clean_device(&in.dev, in.how, sizeof in.how);
    c->dev = in.dev;
    snprintf(c->how, sizeof c->how, "%s", in.how);
    c->eng.s = &c->s;
    c->eng.elem = c->elem;
    transport_info_set(&c->eng, &in.xport);
}

const char *verified_call(struct ctx *c, struct pipeline *p, const double *x, double *out,
                          const char *check)
{
    return fl_rl_device_run(p == &c->back, check, x, out, &c->eng.fault);
}
