/* Axis plans: a batch of row-major arrays transformed along some of their axes, turned
 * into kernel launches of kernels/07_multidim.cl (which builds on 06's passes).
 *
 * common/fft/radix_plan.h plans one axis: its passes and group shapes. This file places
 * those passes on an array: which axis is contiguous (rows: 06's pass as it is), which
 * are columns at a stride (07's strided pass), or, for the transpose way, when to
 * transpose. It writes the -D constants the kernels are specialized on and appends the
 * launches to a plan. Chapter 07 uses it for whole 2-D/3-D transforms; 08 (Bluestein)
 * for the 1-D transforms of its padded convolution; 09 (real input) for the half-length
 * rows and the outer axes of the half spectrum; 10 (distributed) for each rank's slab.
 *
 * Axes are named from the last, contiguous one: x, y, z. Kernel names and -D constants
 * carry the name (fft_rows_x_p0, A<a>_N ...), so two layouts can share one program as
 * long as they do different axes (09: x on one shape, y and z on another). */
#ifndef FFTLAB_AXIS_PLAN_H
#define FFTLAB_AXIS_PLAN_H

#include "../options.h"
#include "plan.h"
#include "radix_plan.h"

#define FL_AXIS_MAX_PASSES 4   /* kernels/07_multidim.cl has fft_*_<a>_p0 .. p3 per axis */
#define FL_AXIS_TILE 32        /* the transpose's TILE x TILE blocks ...                 */
#define FL_AXIS_TILE_ROWS 8    /* ... moved by TILE x TILE_ROWS work-items               */
#define FL_AXIS_MAX_PARTS 4    /* a column pass may keep 4 local memories' worth of its
                                  columns in registers (lesson 07, "Columns in parts")    */

/* The array and what to do with it. */
struct fl_layout_spec {
    int ndims;                  /* the shape of one array, outermost first, row-major    */
    size_t dims[FL_MAX_DIMS];
    size_t batch;               /* arrays one after another                              */
    unsigned axes;              /* which axes to transform: bit 0 = x (the last), bit 1 =
                                   y, bit 2 = z; 0 means all                             */
    int transpose;              /* 07's transpose way: rows only, a tiled transpose after
                                   each axis (needs every axis transformed)              */
    const struct fl_radix_limits *lim;  /* its shape[k] caps the k-th pass of the whole
                                   layout, the axes' passes counted x first (chapter 07's
                                   --shapes and --tune); a pass of whole rows ignores it */
    int no_parts;               /* 1: never a column pass in parts (fft_parts_<a>_p0, below):
                                   an axis too long for min_columns columns in local memory
                                   takes two passes, as before parts (07 --variant
                                   no_parts, to compare); no row in parts either         */
    int row_parts;              /* 1: an axis done as rows that does not fit local memory
                                   but fits FL_AXIS_MAX_PARTS of it is one pass in parts
                                   (fft_rowparts_<a>_p0: chapter 06's row in parts);
                                   only chapter 07 asks (08's hooked passes and 09's
                                   twisted rows have no such kernel)                     */
    const char *x_len;          /* the letter --explain gives axis x's length, as
                                   docs/notation.md has it: 08's M (Rader's L), 09's H;
                                   NULL: N                                               */
};

/* One transformed axis, in the order the plan does them (x first). */
struct fl_axis {
    char name;                  /* 'x', 'y', 'z'                                         */
    size_t n;                   /* its length                                            */
    const char *len_name;       /* what --explain calls n: "N", or the spec's x_len      */
    size_t stride;              /* elements between neighbours as its passes see the data:
                                   1 = rows (06's pass), more = columns (strided_pass)   */
    size_t lines;               /* rows (stride 1), or the outer lines a column pass
                                   counts (batch x the axes outside this one)            */
    size_t tr_rows, tr_cols;    /* transpose way: the rows x cols matrix transposed after
                                   this axis (0 when nothing moves)                       */
    int lo_bits;                /* twiddle table split (fl_twiddle_lo_bits)               */
    struct fl_radix_plan rp;
};

struct fl_layout {
    int naxes;
    struct fl_axis ax[FL_MAX_DIMS];
    int transpose;
    size_t elems;               /* elements of the whole batch                           */
};

/* Plan SPEC. Returns 0, or -1 with WHY (a length the radices cannot factor, too many
 * passes for the limits, transpose with a partial set of axes). An outer axis whose
 * min_columns neighbouring columns do not fit local memory but one column does (fp32:
 * 1024 < N <= 4096) is one pass in parts (struct fl_radix_pass's parts, up to
 * FL_AXIS_MAX_PARTS; kernels/07_multidim.cl's fft_parts_<a>_p0) unless SPEC->no_parts;
 * with SPEC->row_parts, so is an axis of rows longer than local memory holds, up to
 * FL_AXIS_MAX_PARTS of it (fft_rowparts_<a>_p0). */
int fl_layout_make(const struct fl_layout_spec *spec, struct fl_layout *L, char *why, size_t len);

/* Append L's -D constants to OPTS (holding USED characters; returns the new length):
 * TILE and TILE_ROWS (the transpose kernel's), and per axis a: A<a>_N, _LB, _S, _KIND
 * (ROWS, COLS, PARTS or ROWPARTS) and per pass A<a>_P<k> = Q,P,I,T,r0..r11; a PARTS or
 * ROWPARTS axis also A<a>_PARTS = B and A<a>_WG = its group's items (for ROWPARTS, Q and
 * the radices in A<a>_P0 are one part's: the radix-B stage across the parts is not
 * listed). Exits 3 if LEN is too small (a
 * chapter bug). */
size_t fl_layout_options(const struct fl_layout *L, char *opts, size_t used, size_t len);
/* One pass's list, " -D NAME=Q,P,I,T,r0,...,r11" (as fl_layout_options writes A<a>_P<k>), at
 * OPTS + USED; returns the new length. Exits 3 if LEN is too small (a chapter bug). */
size_t fl_pass_option(const char *name, const struct fl_radix_pass *ps, char *opts, size_t used,
                      size_t len);

/* Add table NAME to PLAN: 06's two-level table of w_N (common/fft/radix_plan.h) in one buffer,
 * lo (2^LO_BITS values) then hi (ceil(N / 2^LO_BITS)), as the axis kernels take it (hi at
 * tw + (1 << LO_BITS)). Returns its slot. fl_layout_launches adds one per axis; chapters
 * 08 and 09 add their own with it. */
int fl_twiddle_table(struct fl_plan *plan, const char *name, size_t n, int lo_bits);

/* Append L's launches to PLAN: every pass of every axis (and the transposes), reading
 * slot SRC and ping-ponging with DST. ELEM is bytes per complex value (8 or 16); FLAGS
 * of the first pass and of the last one are added to theirs (PASS_CONJ_IN = 1 on the
 * first, PASS_CONJ_OUT = 2 on the last: an inverse as conj(forward(conj x))). One
 * twiddle table per axis is added to PLAN. If HOW is not NULL it gets one line on the
 * axes ("axis x (N=512) by rows, 1 pass; ..."). Returns the slot holding the result
 * (SRC when there is nothing to do). */
int fl_layout_launches(struct fl_plan *plan, const struct fl_layout *L, size_t elem, int src,
                       int dst, int first_flags, int last_flags, char *how, size_t how_len);

/* Append a launch of KERNEL doing pass PS of axis A (one of A's passes, or a pass of
 * another shape over A's lines, like 08's bs_forward_first in its own groups): the
 * work-items, groups and local memory fl_layout_launches gives the pass, and its first
 * three arguments (SRC, DST, the local memory at ELEM bytes per value). The caller adds the
 * kernel's other arguments. fl_layout_launches makes every pass with it; 08 and 11 their
 * hooked passes. */
struct fl_launch *fl_axis_pass_launch(struct fl_plan *plan, const struct fl_axis *a,
                                      const struct fl_radix_pass *ps, const char *kernel, int src,
                                      int dst, size_t elem);

/* Append one transpose_tiled launch to PLAN (kernels/07_multidim.cl): each of the BATCH
 * arrays, a ROWS x COLS matrix in slot SRC, becomes its COLS x ROWS transpose in slot DST.
 * fl_layout_launches adds these for the transpose way; chapter 10 adds one between one
 * rank's two axes. Returns the launch (for its note). */
struct fl_launch *fl_transpose_launch(struct fl_plan *plan, size_t rows, size_t cols,
                                      size_t batch, int src, int dst);

/* Passes (and transposes) fl_layout_launches adds for L. */
int fl_layout_launch_count(const struct fl_layout *L);

#endif
