/* Filling a range of a large buffer (the poison and the guard zones of common/device_run.c)
 * so that no driver call gets an offset or a size of 2^31 bytes or more.
 *
 * Why: NVIDIA's clEnqueueFillBuffer goes wrong past 2^31 bytes (pyopencl issue 395, "
 * enqueue_fill_buffer issues on NVIDIA for nbytes >= 2**31"). At 2^30 complex floats
 * (8 GiB buffers) the guard zone after buffer A, at byte 2^33 + g, was never filled and
 * part of the data was overwritten instead, and every check failed with "a kernel wrote
 * out of bounds ... past its end (element 1073741824 of 1073741824)": no kernel had.
 *
 * So a range is cut into pieces of at most FL_FILL_PIECE bytes; a piece that ends below
 * 2^31 is filled in place, any other through a sub-buffer whose origin is the piece's
 * start rounded down to the device's CL_DEVICE_MEM_BASE_ADDR_ALIGN: the driver then sees
 * an offset below that alignment and a size of at most a piece plus it. The arithmetic is
 * in fl_fill_piece (tests/unit/test_limits.c checks it at the largest size the chapters
 * accept); fl_fill_range does the OpenCL calls and reads the range's last value back.
 * Copies (fl_copy_range) are cut the same way: the timed runs' input copy of 8 GiB. */
#ifndef FFTLAB_FILL_H
#define FFTLAB_FILL_H

#include "clerr.h"

#include <stddef.h>

/* 1 GiB: a multiple of every pattern size and base alignment, far below 2^31. */
#define FL_FILL_PIECE ((size_t)1 << 30)
/* A piece that ends at or below this byte is filled in place. */
#define FL_FILL_DIRECT_END (((size_t)1 << 31) - 1)

struct fl_fill_limits {
    size_t piece;      /* bytes per piece (a multiple of the alignment)        */
    size_t direct_end; /* pieces ending at or below this byte: no sub-buffer   */
    size_t align;      /* a sub-buffer's origin is a multiple of this          */
};

/* The limits for a device whose sub-buffers start at multiples of ALIGN bytes:
 * FL_FILL_PIECE and FL_FILL_DIRECT_END, or both FFTLAB_FILL_PIECE bytes when that is set
 * (the tests set a few KiB, so that small runs fill through sub-buffers too), rounded up
 * to a multiple of ALIGN and of 16 (the largest pattern). */
struct fl_fill_limits fl_fill_limits_for(size_t align);

/* Piece K of the range [OFFSET, OFFSET + BYTES) of a parent buffer. */
struct fl_piece {
    size_t origin; /* where the sub-buffer starts in the parent (0: the parent itself) */
    size_t size;   /* the sub-buffer's size (0: the parent itself)                      */
    size_t offset; /* what the fill call gets: where the piece starts in its buffer     */
    size_t bytes;  /* and how many bytes it fills                                       */
};

/* How many pieces the range has (0 for BYTES = 0). */
size_t fl_fill_pieces(size_t bytes, const struct fl_fill_limits *lim);
struct fl_piece fl_fill_piece(size_t offset, size_t bytes, size_t k, const struct fl_fill_limits *lim);

/* Fill [OFFSET, OFFSET + BYTES) of PARENT (a buffer, not a sub-buffer) with PATTERN
 * (PSIZE bytes; OFFSET and BYTES multiples of it), piece by piece, then read the last
 * PSIZE bytes back: a driver that did not fill them is an OpenCL failure (exit 3, naming
 * WHAT), never a kernel's out-of-bounds write found later. Blocks until done. */
void fl_fill_range(cl_command_queue queue, cl_mem parent, const void *pattern, size_t psize,
                   size_t offset, size_t bytes, const struct fl_fill_limits *lim, const char *what);

/* Copy BYTES from SRC at SRC_OFFSET to DST at DST_OFFSET (both whole buffers, not
 * sub-buffers), piece by piece the same way (no verified run depends on it: the timed
 * runs' input copy). Enqueued only; the caller waits. */
void fl_copy_range(cl_command_queue queue, cl_mem src, size_t src_offset, cl_mem dst,
                   size_t dst_offset, size_t bytes, const struct fl_fill_limits *lim);

#endif
