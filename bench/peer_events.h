/* Device time of a library's transform call, measured as the chapters measure theirs.
 *
 * A chapter knows its kernels and asks each launch for a profiling event; the time of a
 * call is the START of its first kernel to the END of its last (common/time_plan.c). A
 * library (clFFT, VkFFT) enqueues kernels of its own choosing and returns at most one
 * event. To time it the same way, peer_events.c defines clEnqueueNDRangeKernel and
 * clEnqueueCopyBuffer itself: the peer executable exports them (linked with -rdynamic),
 * so the library's calls reach them first, and they pass each call on to the OpenCL
 * loader's function (dlsym(RTLD_NEXT)), asking for an event when the caller did not.
 * While a recording is open they keep the first and the latest event and count them.
 *
 * Outside a recording nothing changes: the call is passed on as it came. */
#ifndef FFTLAB_PEER_EVENTS_H
#define FFTLAB_PEER_EVENTS_H

#include "../common/clerr.h"

/* Start recording (forgets a previous recording's events). */
void peer_events_begin(void);

/* Stop recording. Returns how many kernels and copies were enqueued since
 * peer_events_begin, and in *MS the span from the first one's START to the last one's
 * END (it must have finished: clFinish first). Exits 3 if none was seen: that means the
 * interposition did not take (the library bound its OpenCL calls elsewhere), and a
 * silent fallback to another clock is exactly what this file exists to prevent. */
int peer_events_end(double *ms);

#endif
