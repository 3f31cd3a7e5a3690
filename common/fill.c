/* Fills in pieces that keep every driver offset and size below 2^31 bytes (fill.h). */
#include "fill.h"

#include <stdlib.h>
#include <string.h>

static size_t gcd_z(size_t a, size_t b)
{
    while (b) {
        size_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

struct fl_fill_limits fl_fill_limits_for(size_t align)
{
    struct fl_fill_limits lim = {FL_FILL_PIECE, FL_FILL_DIRECT_END, align ? align : 1};
    /* a piece is a whole number of alignments and of the largest pattern (16 bytes) */
    size_t unit = lim.align / gcd_z(lim.align, 16) * 16;
    const char *env = getenv("FFTLAB_FILL_PIECE");
    if (env && *env) {
        char *end;
        unsigned long long v = strtoull(env, &end, 10);
        if (*end == '\0' && v > 0 && v <= FL_FILL_PIECE)
            lim.piece = lim.direct_end = (size_t)v;
    }
    lim.piece = (lim.piece + unit - 1) / unit * unit;
    if (lim.direct_end != FL_FILL_DIRECT_END)
        lim.direct_end = lim.piece;
    return lim;
}

size_t fl_fill_pieces(size_t bytes, const struct fl_fill_limits *lim)
{
    return bytes / lim->piece + (bytes % lim->piece != 0);
}

struct fl_piece fl_fill_piece(size_t offset, size_t bytes, size_t k, const struct fl_fill_limits *lim)
{
    struct fl_piece p = {0, 0, 0, 0};
    size_t done = k * lim->piece;            /* bytes of the range before piece k */
    size_t start = offset + done;            /* where it starts in the parent      */
    p.bytes = bytes - done < lim->piece ? bytes - done : lim->piece;
    if (start + p.bytes <= lim->direct_end) {
        p.offset = start;                    /* in place: the parent itself        */
        return p;
    }
    p.origin = start - start % lim->align;   /* a sub-buffer from the aligned byte */
    p.offset = start - p.origin;             /* below the alignment                */
    p.size = p.offset + p.bytes;             /* at most a piece plus the alignment */
    return p;
}

void fl_fill_range(cl_command_queue queue, cl_mem parent, const void *pattern, size_t psize,
                   size_t offset, size_t bytes, const struct fl_fill_limits *lim, const char *what)
{
    if (bytes == 0)
        return;
    if (psize > 16)
        fl_die(FL_EXIT_OPENCL, "fl_fill_range: a pattern of %zu bytes, more than 16 (a bug)", psize);
    size_t n = fl_fill_pieces(bytes, lim);
    for (size_t k = 0; k < n; k++) {
        struct fl_piece p = fl_fill_piece(offset, bytes, k, lim);
        if (p.size == 0) {
            CL_CHECK(clEnqueueFillBuffer(queue, parent, pattern, psize, p.offset, p.bytes, 0, NULL, NULL));
            continue;
        }
        cl_int err;
        cl_buffer_region region = {p.origin, p.size};
        cl_mem sub = clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
        CL_CHECK_ERR(err, "clCreateSubBuffer(a piece of a fill)");
        err = clEnqueueFillBuffer(queue, sub, pattern, psize, p.offset, p.bytes, 0, NULL, NULL);
        clReleaseMemObject(sub); /* the runtime keeps it until the fill is done */
        CL_CHECK_ERR(err, "clEnqueueFillBuffer(a piece of a fill)");
    }
    unsigned char last[16];
    CL_CHECK(clEnqueueReadBuffer(queue, parent, CL_TRUE, offset + bytes - psize, psize, last, 0, NULL,
                                 NULL));
    if (memcmp(last, pattern, psize) != 0)
        fl_die(FL_EXIT_OPENCL, "the OpenCL driver did not fill %s (%zu bytes from byte %zu): its "
               "last value is not the pattern; a driver bug with large buffers", what, bytes, offset);
}

/* The buffer a piece is in: PARENT itself, or a new sub-buffer (*MADE, released by the
 * caller once the command using it is enqueued). */
static cl_mem piece_buffer(cl_mem parent, const struct fl_piece *p, cl_mem *made)
{
    *made = NULL;
    if (p->size == 0)
        return parent;
    cl_int err;
    cl_buffer_region region = {p->origin, p->size};
    *made = clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    CL_CHECK_ERR(err, "clCreateSubBuffer(a piece of a copy)");
    return *made;
}

void fl_copy_range(cl_command_queue queue, cl_mem src, size_t src_offset, cl_mem dst,
                   size_t dst_offset, size_t bytes, const struct fl_fill_limits *lim)
{
    size_t n = fl_fill_pieces(bytes, lim);
    for (size_t k = 0; k < n; k++) {
        /* piece k of each side: the same bytes, each at its own aligned origin */
        struct fl_piece ps = fl_fill_piece(src_offset, bytes, k, lim);
        struct fl_piece pd = fl_fill_piece(dst_offset, bytes, k, lim);
        cl_mem s_made, d_made;
        cl_mem s = piece_buffer(src, &ps, &s_made), d = piece_buffer(dst, &pd, &d_made);
        cl_int err = clEnqueueCopyBuffer(queue, s, d, ps.offset, pd.offset, ps.bytes, 0, NULL, NULL);
        if (s_made)
            clReleaseMemObject(s_made);
        if (d_made)
            clReleaseMemObject(d_made);
        CL_CHECK_ERR(err, "clEnqueueCopyBuffer(a piece of a copy)");
    }
}
