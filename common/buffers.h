/* Host allocation and guarded device buffers: the harness's memory, for fl_main's runner
 * and for any program that runs kernels on buffers of its own (chapter 10's ranks).
 *
 * A guarded buffer is   guard | data | guard   in one cl_mem: the kernels get the data
 * alone, as a sub-buffer (fl_guarded_view); before a run the guards are filled with
 * FL_GUARD_BYTE (fl_fill_guards), after it they are read back (fl_guard_zone_damage): a
 * kernel that wrote before the start or past the end of its data changed them, and the
 * run fails saying where. (A CPU device fences its buffers instead: fence.h.) */
#ifndef FFTLAB_BUFFERS_H
#define FFTLAB_BUFFERS_H

#include "device.h"
#include "fill.h"

#include <stddef.h>

/* Guard zones before and after the data: at least FL_GUARD_ELEMENTS elements, and at least
 * a whole row (one transform), so that an off-by-a-row index lands in one; at most
 * FL_GUARD_MAX_BYTES. Filled with FL_GUARD_BYTE. */
#define FL_GUARD_ELEMENTS 4096
#define FL_GUARD_MAX_BYTES ((size_t)256 << 20)
#define FL_GUARD_BYTE 0x5A

/* BYTES of host memory (at least 1), or exit 3 naming WHAT: "out of host memory
 * allocating WHAT (N MiB)". Never returns NULL; free() it. */
void *fl_xmalloc(size_t bytes, const char *what);

/* COUNT complex values, X's interleaved doubles, into DEV_FORMAT as the kernels hold them
 * (ELEM 8: float pairs, 16: double pairs), and back. */
void fl_to_device_format(void *dev_format, const double *x, size_t count, size_t elem);
void fl_from_device_format(double *x, const void *dev_format, size_t count, size_t elem);

/* A read-write buffer of BYTES on DEV, or exit 3 naming WHAT, its size and the device. */
cl_mem fl_make_buffer(const struct fl_device *dev, size_t bytes, const char *what);

/* DEV's CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes (at least 1): a sub-buffer's origin must
 * be a multiple of it. */
size_t fl_base_align(const struct fl_device *dev);

/* The bytes of one guard zone for data whose rows are ROW_BYTES (0: no row to cover) of
 * elements of ELEM bytes: FL_GUARD_ELEMENTS elements, or the row when it is larger (at most
 * FL_GUARD_MAX_BYTES), rounded up to fl_base_align so that the data's view can start there. */
size_t fl_guard_bytes(const struct fl_device *dev, size_t row_bytes, size_t elem);

/* The DATA bytes after the first GUARD bytes of ALL (made GUARD + DATA + GUARD long), as a
 * sub-buffer: what the kernels get. Exit 3 naming WHAT when the device refuses it. Release
 * it before ALL. */
cl_mem fl_guarded_view(const struct fl_device *dev, cl_mem all, size_t guard, size_t data,
                       const char *what);

/* FL_GUARD_BYTE into both guard zones of ALL (GUARD bytes each side of DATA), in pieces
 * within FILL's limits (fill.h), on queue Q (not waited for). */
void fl_fill_guards(cl_command_queue q, cl_mem all, size_t guard, size_t data,
                    const struct fl_fill_limits *fill);

/* Reads back the guard zones of ALL (as fl_fill_guards left them) on queue Q: NULL when
 * both are whole, else where a kernel wrote, in elements of ELEM bytes, naming the buffer
 * NAME: "buffer A, before its start (element -3)" (the damaged byte nearest the data) or
 * "buffer B, past its end (element 1030 of 1024)" (the first). The text is static: valid
 * until the next call. FAULT (may be NULL) gets the same as fields (common/run_end.h). */
const char *fl_guard_zone_damage(cl_command_queue q, cl_mem all, size_t guard, size_t data,
                                 size_t elem, const char *name, struct fl_fault *fault);

#endif
