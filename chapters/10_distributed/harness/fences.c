/* Every buffer a kernel of this chapter can reach, fenced or guarded: A, B, send, recv and
 * every plan's twiddle and index tables.
 *
 * On a CPU device that runs the kernels on this process's memory (common/fence.h's
 * fl_fence_usable: pocl) each buffer lies between PROT_NONE regions: any access outside it,
 * near or far, read or write, faults at once, and the handler names the buffer, the side,
 * the check and the launch (a verified call runs its launches one at a time for that; the
 * worker hands the fault to its rank, common/mpi/relay.h). Elsewhere (a GPU) each lies
 * between guard zones, filled before a verified call and read back after it
 * (common/buffers.h): a write outside the data is named the same way, a read is not seen.
 * Tables are read-only to the kernels: a write into a table's slack or zones is caught as
 * any other. (Not done here, as common/device_run.c does for the one-device chapters: the
 * two views that catch a read just before a buffer's start within its first page, and
 * making a const argument read-only while a launch runs.) */
#include "../distributed.h"

#include "../../../common/buffers.h"
#include "../../../common/fence.h"

#include <stdio.h>
#include <string.h>

#define MAX_TABLES 64   /* tables of both pipelines' plans                               */

/* One fenced or guarded buffer. */
struct fenced {
    struct fl_fence fence;      /* fenced: the buffer is fence.mem                       */
    cl_mem all, view;           /* guarded: guard | data | guard, and the data           */
    size_t bytes, guard;
    char name[32];
};

static struct fenced bufs[4], tabs[MAX_TABLES];
static int ntabs, fenced;
static const char *check;

int engine_fenced(const struct fl_device *dev)
{
    fenced = fl_fence_usable(dev);
    return fenced;
}

static cl_mem make(struct fenced *b, const struct fl_device *dev, size_t bytes, size_t elem,
                   size_t guard, const char *name, const char *what)
{
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->bytes = bytes;
    if (fenced) {
        fl_fence_make(&b->fence, dev, bytes, elem, b->name);
        return b->fence.mem;
    }
    b->guard = guard;
    b->all = fl_make_buffer(dev, bytes + 2 * guard, what);
    b->view = fl_guarded_view(dev, b->all, guard, bytes, what);
    return b->view;
}

cl_mem engine_buffer(struct engine *r, int i, const char *name, const char *what)
{
    cl_mem m = make(&bufs[i], r->dev, r->data_bytes, r->elem, r->guard_bytes, name, what);
    /* (poison fills the data through all[i] from guard_bytes on: fenced, from 0) */
    r->all[i] = fenced ? m : bufs[i].all;
    return m;
}

cl_mem engine_table(struct engine *r, const void *data, size_t bytes, const char *name)
{
    if (ntabs == MAX_TABLES)
        fl_die(FL_EXIT_OPENCL, "more than %d tables (a chapter bug)", MAX_TABLES);
    struct fenced *b = &tabs[ntabs++];
    cl_mem m = make(b, r->dev, bytes, r->elem, fl_guard_bytes(r->dev, 0, r->elem), name,
                    "a twiddle table");
    CL_CHECK(clEnqueueWriteBuffer(r->dev->queue, m, CL_TRUE, 0, bytes, data, 0, NULL, NULL));
    return m;
}

static void release(struct fenced *b)
{
    if (fenced) {
        fl_fence_free(&b->fence);
        return;
    }
    if (b->view)
        clReleaseMemObject(b->view);
    if (b->all)
        clReleaseMemObject(b->all);
    b->view = b->all = NULL;
}

void engine_buffers_free(struct engine *r)
{
    for (int i = 0; i < r->nbuf; i++)
        release(&bufs[i]);
    for (int t = 0; t < ntabs; t++)
        release(&tabs[t]);
    ntabs = 0;
}

void engine_running_check(const char *name)
{
    check = name;
}

/* Before a verified call: the slack of every fence, or every guard zone, filled. */
void engine_arm(struct engine *r)
{
    for (int i = 0; i < r->nbuf + ntabs; i++) {
        struct fenced *b = i < r->nbuf ? &bufs[i] : &tabs[i - r->nbuf];
        if (fenced)
            fl_fence_arm(&b->fence);
        else
            fl_fill_guards(r->dev->queue, b->all, b->guard, b->bytes, &r->fill);
    }
}

const char *engine_guard_damage(struct engine *r)
{
    const char *bad = NULL;
    for (int i = 0; i < r->nbuf + ntabs && !bad; i++) {
        struct fenced *b = i < r->nbuf ? &bufs[i] : &tabs[i - r->nbuf];
        bad = fenced ? fl_fence_damage(&b->fence, NULL)
                     : fl_guard_zone_damage(r->dev->queue, b->all, b->guard, b->bytes, r->elem,
                                            b->name, NULL);
    }
    return bad;
}

double engine_run_fenced(struct engine *r, struct fl_exec *ex, const struct fl_plan *plan)
{
    static struct fl_plan one;
    struct fl_exec ex1 = *ex;
    double t0 = fl_rl_wtime();
    fl_mpi_watchdog_kernels(1);
    for (int i = 0; i < plan->nlaunch; i++) {
        one.launch[0] = plan->launch[i];
        one.nlaunch = 1;
        one.result = plan->result;
        ex1.kernel[0] = ex->kernel[i];
        fl_fence_running(check, i, plan->nlaunch, plan->launch[i].kernel);
        fl_exec_enqueue(&ex1, &one, NULL);
        CL_CHECK(clFinish(r->dev->queue));
        fl_fence_running(NULL, -1, 0, NULL);
    }
    fl_mpi_watchdog_kernels(0);
    return (fl_rl_wtime() - t0) * 1e3;
}
