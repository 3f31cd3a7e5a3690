/* Interposed enqueue calls: see peer_events.h. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include "peer_events.h"

#include "../common/timing.h"

#include <dlfcn.h>

static int recording;
static int seen;
static cl_event first_ev, last_ev;

static void *next_symbol(const char *name)
{
    void *f = dlsym(RTLD_NEXT, name);
    if (!f)
        fl_die(FL_EXIT_OPENCL, "peer_events: dlsym(RTLD_NEXT, \"%s\") found nothing: %s", name,
               dlerror());
    return f;
}

/* EV is the caller's event pointer or NULL; MINE receives the event we asked for. */
static void keep(cl_event *ev, cl_event mine)
{
    cl_event e = ev ? *ev : mine;
    if (ev)
        clRetainEvent(e); /* the caller releases its own reference */
    if (seen++ == 0) {
        first_ev = e;
        return;
    }
    if (last_ev)
        clReleaseEvent(last_ev);
    last_ev = e;
}

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel, cl_uint dims, const size_t *offset,
                       const size_t *global, const size_t *local, cl_uint nwait,
                       const cl_event *wait, cl_event *ev) CL_API_SUFFIX__VERSION_1_0
{
    typedef cl_int(CL_API_CALL * fn)(cl_command_queue, cl_kernel, cl_uint, const size_t *,
                                     const size_t *, const size_t *, cl_uint, const cl_event *,
                                     cl_event *);
    static fn next;
    if (!next)
        next = (fn)next_symbol("clEnqueueNDRangeKernel");
    if (!recording)
        return next(queue, kernel, dims, offset, global, local, nwait, wait, ev);
    cl_event mine = NULL;
    cl_int err = next(queue, kernel, dims, offset, global, local, nwait, wait, ev ? ev : &mine);
    if (err == CL_SUCCESS)
        keep(ev, mine);
    return err;
}

CL_API_ENTRY cl_int CL_API_CALL
clEnqueueCopyBuffer(cl_command_queue queue, cl_mem src, cl_mem dst, size_t src_offset,
                    size_t dst_offset, size_t bytes, cl_uint nwait, const cl_event *wait,
                    cl_event *ev) CL_API_SUFFIX__VERSION_1_0
{
    typedef cl_int(CL_API_CALL * fn)(cl_command_queue, cl_mem, cl_mem, size_t, size_t, size_t,
                                     cl_uint, const cl_event *, cl_event *);
    static fn next;
    if (!next)
        next = (fn)next_symbol("clEnqueueCopyBuffer");
    if (!recording)
        return next(queue, src, dst, src_offset, dst_offset, bytes, nwait, wait, ev);
    cl_event mine = NULL;
    cl_int err = next(queue, src, dst, src_offset, dst_offset, bytes, nwait, wait, ev ? ev : &mine);
    if (err == CL_SUCCESS)
        keep(ev, mine);
    return err;
}

void peer_events_begin(void)
{
    recording = 1;
    seen = 0;
    first_ev = last_ev = NULL;
}

int peer_events_end(double *ms)
{
    recording = 0;
    if (seen == 0)
        fl_die(FL_EXIT_OPENCL, "peer_events: the library's transform call enqueued no kernel that "
               "this program saw, so its device time cannot be measured (was the peer linked with "
               "-rdynamic, as bench/bench.mk does?)");
    *ms = fl_event_span_ms(first_ev, last_ev ? last_ev : first_ev);
    clReleaseEvent(first_ev);
    if (last_ev)
        clReleaseEvent(last_ev);
    first_ev = last_ev = NULL;
    return seen;
}
