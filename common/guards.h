/* A set of device buffers a run's kernels can reach (data, scratch, twiddle and index
 * tables), each fenced or between guard zones, for a program that manages its own buffers
 * (chapter 10's engine; common/device_run.c does the same for the one-device runner).
 *
 * On a CPU device whose kernels run on this process's memory (fence.h's fl_fence_usable:
 * pocl) each buffer lies between PROT_NONE regions: any access outside it, near or far,
 * read or write, faults at once, and the handler names the buffer, the side, the check and
 * the launch (fl_guards_run runs a plan one launch at a time for that). Elsewhere (a GPU)
 * each lies between guard zones (buffers.h), filled before a checked run and read back
 * after it: a write outside the data is named the same way, a read is not seen. (Not done
 * here, as device_run.c does: the second view that catches a read just before a buffer's
 * start within its first page, and a const argument made read-only while a launch runs.) */
#ifndef FFTLAB_GUARDS_H
#define FFTLAB_GUARDS_H

#include "device.h"
#include "fill.h"
#include "fft/plan.h"

#include <stddef.h>

struct fl_guards;

/* An empty set for DEV's buffers of ELEM-byte values (fenced where DEV allows). */
struct fl_guards *fl_guards_open(const struct fl_device *dev, size_t elem);
/* 1 when the set's buffers are fenced (then they need no guard zones of their own). */
int fl_guards_fenced(const struct fl_guards *g);
/* A buffer of BYTES named NAME ("A", "twiddles_x"; WHAT in an error: "buffer A"), GUARD
 * bytes of guard zone each side where not fenced, holding DATA (NULL: nothing written):
 * the buffer the kernels get. *WHOLE (may be NULL) gets the buffer the data lie in, from
 * fl_guards_offset(g, GUARD) on. Exits 3 when it cannot be had. */
cl_mem fl_guards_add(struct fl_guards *g, size_t bytes, size_t guard, const char *name,
                     const char *what, const void *data, cl_mem *whole);
/* Where the data start in a WHOLE buffer: GUARD, or 0 when fenced. */
size_t fl_guards_offset(const struct fl_guards *g, size_t guard);
/* Every table of PLAN that has data, in EX's slots: on the device (as ELEM-byte values) in
 * buffers of the set, GUARD bytes of guard zone each side where not fenced. (A table with
 * no data, scratch, keeps the slot the caller gave it.) */
void fl_guards_tables(struct fl_guards *g, struct fl_exec *ex, const struct fl_plan *plan,
                      size_t guard);
/* Before a checked run, on queue Q: every fence's slack or guard zone filled. After it:
 * NULL, or where a kernel wrote outside the data (buffers.h's words: "buffer send, past its
 * end (element 200 of 96)"), and FAULT (may be NULL) its fields (run_end.h). */
void fl_guards_arm(struct fl_guards *g, cl_command_queue q, const struct fl_fill_limits *fill);
const char *fl_guards_damage(struct fl_guards *g, cl_command_queue q, struct fl_fault *fault);
/* A checked run of PLAN by EX on fenced buffers: one launch at a time, each finished and
 * named for a fault's message with CHECK (may be NULL). Returns its wall time in ms. */
double fl_guards_run(struct fl_exec *ex, const struct fl_plan *plan, const char *check);
/* Every buffer released, and the set. */
void fl_guards_close(struct fl_guards *g);

#endif
