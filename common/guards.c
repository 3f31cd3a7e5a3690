/* A set of fenced or guarded buffers (guards.h). */
#include "guards.h"

#include "buffers.h"
#include "clerr.h"
#include "fence.h"
#include "timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_GUARDED 80   /* buffers of one set: the data's and every plan's tables */

struct guarded {
    struct fl_fence fence;      /* fenced: the buffer is fence.mem                       */
    cl_mem all, view;           /* guarded: guard | data | guard, and the data           */
    size_t bytes, guard;
};

struct fl_guards {
    const struct fl_device *dev;
    size_t elem;
    int fenced, n;
    struct guarded b[MAX_GUARDED];
};

struct fl_guards *fl_guards_open(const struct fl_device *dev, size_t elem)
{
    struct fl_guards *g = calloc(1, sizeof *g);
    if (!g)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the buffers' fences");
    g->dev = dev;
    g->elem = elem;
    g->fenced = fl_fence_usable(dev);
    return g;
}

int fl_guards_fenced(const struct fl_guards *g) { return g->fenced; }

size_t fl_guards_offset(const struct fl_guards *g, size_t guard) { return g->fenced ? 0 : guard; }

cl_mem fl_guards_add(struct fl_guards *g, size_t bytes, size_t guard, const char *name,
                     const char *what, const void *data, cl_mem *whole)
{
    if (g->n == MAX_GUARDED)
        fl_die(FL_EXIT_OPENCL, "more than %d buffers to fence (a bug)", MAX_GUARDED);
    struct guarded *b = &g->b[g->n++];
    cl_mem m;
    b->bytes = bytes;
    if (g->fenced) {
        fl_fence_make(&b->fence, g->dev, bytes, g->elem, name);
        m = b->fence.mem;
    } else {
        b->guard = guard;
        b->all = fl_make_buffer(g->dev, bytes + 2 * guard, what);
        b->view = m = fl_guarded_view(g->dev, b->all, guard, bytes, what);
        snprintf(b->fence.name, sizeof b->fence.name, "%s", name);
    }
    if (data)
        CL_CHECK(clEnqueueWriteBuffer(g->dev->queue, m, CL_TRUE, 0, bytes, data, 0, NULL, NULL));
    if (whole)
        *whole = g->fenced ? m : b->all;
    return m;
}

void fl_guards_tables(struct fl_guards *g, struct fl_exec *ex, const struct fl_plan *plan,
                      size_t guard)
{
    for (int t = 0; t < plan->ntables; t++) {
        const struct fl_table *tab = &plan->table[t];
        if (!tab->data)
            continue;
        void *buf = fl_xmalloc(tab->count * g->elem, "a table");
        fl_to_device_format(buf, tab->data, tab->count, g->elem);
        ex->slot[FL_BUF_TABLE0 + t] = fl_guards_add(g, tab->count * g->elem, guard, tab->name,
                                                    "a table", buf, NULL);
        free(buf);
    }
}

void fl_guards_arm(struct fl_guards *g, cl_command_queue q, const struct fl_fill_limits *fill)
{
    for (int i = 0; i < g->n; i++) {
        if (g->fenced)
            fl_fence_arm(&g->b[i].fence);
        else
            fl_fill_guards(q, g->b[i].all, g->b[i].guard, g->b[i].bytes, fill);
    }
}

const char *fl_guards_damage(struct fl_guards *g, cl_command_queue q, struct fl_fault *fault)
{
    const char *bad = NULL;
    for (int i = 0; i < g->n && !bad; i++) {
        struct guarded *b = &g->b[i];
        bad = g->fenced ? fl_fence_damage(&b->fence, fault)
                        : fl_guard_zone_damage(q, b->all, b->guard, b->bytes, g->elem,
                                               b->fence.name, fault);
    }
    return bad;
}

double fl_guards_run(struct fl_exec *ex, const struct fl_plan *plan, const char *check)
{
    static struct fl_plan one;
    struct fl_exec ex1 = *ex;
    double t0 = fl_wall_ms();
    for (int i = 0; i < plan->nlaunch; i++) {
        one.launch[0] = plan->launch[i];
        one.nlaunch = 1;
        one.result = plan->result;
        ex1.kernel[0] = ex->kernel[i];
        fl_fence_running(check, i, plan->nlaunch, plan->launch[i].kernel);
        fl_exec_enqueue(&ex1, &one, NULL);
        CL_CHECK(clFinish(ex->queue));
        fl_fence_running(NULL, -1, 0, NULL);
    }
    return fl_wall_ms() - t0;
}

void fl_guards_close(struct fl_guards *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->n; i++) {
        struct guarded *b = &g->b[i];
        if (g->fenced) {
            fl_fence_free(&b->fence);
        } else {
            clReleaseMemObject(b->view);
            clReleaseMemObject(b->all);
        }
    }
    free(g);
}
