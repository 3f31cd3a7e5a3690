/* Timing with OpenCL profiling events: device time of the kernels only, never the
 * host's enqueue overhead or the transfers (those are timed separately). The one host
 * clock here is for the loop throughput (K calls back to back, one clFinish). */
#ifndef FFTLAB_TIMING_H
#define FFTLAB_TIMING_H

#include "device.h"

/* Median, extremes, quartiles (q1, q3: the interquartile range is their spread) and
 * standard deviation of COUNT timings, in ms. */
struct fl_stats { double median, min, max; int count; double q1, q3, stddev; };

/* Sorts V in place. */
struct fl_stats fl_stats_of(double *v, int count);

/* --repeat not given: how many timed calls, from the first call's FIRST_MS: enough to fill
 * ~0.2 s, at least 5 (3 for calls over a second), at most 1000. */
int fl_auto_runs(double first_ms);

/* The host clock in ms (CLOCK_MONOTONIC): for the loop throughput, which is a wall-clock
 * measure on purpose (what a caller waiting on K calls sees), and for host libraries. */
double fl_wall_ms(void);

/* Milliseconds from the start of FIRST to the end of LAST (both finished). */
double fl_event_span_ms(cl_event first, cl_event last);

/* Copy bandwidth of DEV in GB/s (bytes read + bytes written per second), measured once
 * with a copy kernel (kernels/copy_bandwidth.cl) on up to 2^25 elements of ELEM_BYTES,
 * median of several runs. BUILD_OPTIONS selects real_t. With FFTLAB_COPY_GBS set (a
 * sweep's one measure, tools/bench/bench.sh) it returns that value and *ELEMENTS_USED = 0. */
double fl_copy_bandwidth(const struct fl_device *dev, const char *build_options,
                         size_t elem_bytes, size_t *elements_used);

#endif
