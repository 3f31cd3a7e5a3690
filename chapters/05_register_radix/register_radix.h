/* 05_register_radix: what the chapter's files share.
 *
 *   main.c    the variants, and plan(): the twiddle table and one launch per pass
 *   layout.c  the plan's shape: how many passes, the Q, columns per group (T) and
 *             register radix (R) of each, and the one-pass plan of a row in parts
 *   simd.c    --variant simd, the passes shaped for a CPU's vector unit */
#ifndef FFTLAB_REGISTER_RADIX_H
#define FFTLAB_REGISTER_RADIX_H

#include "../../common/chapter.h"

#define DEFAULT_WG 256      /* work-items per group the plan aims for                     */
#define MAX_FUSED 4096      /* largest Q one work-group does (local memory, 32 KiB fp32)  */
#define MIN_COLUMNS 4       /* a group of a multi-pass plan reads runs of >= 4 columns:
                               4 x 8 bytes = one 32-byte memory sector                    */
#define MAX_PARTS 4         /* a row in parts: at most 4 local memories' worth of values
                               (16384 fp32 on an H100: 128 KiB, half the 256 KiB
                               register file of one compute unit)                         */
#define ITEM_BYTES 512      /* a row in parts: at most 512 bytes of values per work-item
                               (64 fp32 complex values = 128 registers)                   */

/* ---------------------------------------------------------------- layout.c */

enum pass_kind {
    PASS_PLAIN,         /* fft_r<R>_<tw>: T*Q values in local memory at once              */
    PASS_ROWS,          /* fft_rows_r<R>_table: a whole row of B columns in B parts, then
                           a radix-B stage in registers                                   */
};

struct pass_shape {
    size_t Q, T, R;     /* points per column, columns per group, register radix           */
    enum pass_kind kind;
};

struct layout {
    int npass;
    struct pass_shape pass[32];
    size_t lmax;        /* local values a group may use (FFTLAB_LOCAL_VALUES applied)     */
    size_t B;           /* parts of a PASS_ROWS pass; else 0                              */
};

/* The plan's shape for P at register radix R. ROW_PARTS: a row of more than one local
 * memory but at most MAX_PARTS takes one pass in parts (the default variant). */
void layout(const struct fl_problem *p, size_t R, int row_parts, struct layout *L);

/* Bytes per complex value (8 in fp32, 16 in fp64). */
size_t elem_bytes(const struct fl_problem *p);

/* FFTLAB_LOCAL_VALUES: 0 when unset, (size_t)-1 when malformed, else the values local
 * memory is taken to hold. */
size_t local_cap(void);

/* The largest power of two <= V; log2 N split into NPASS near-equal parts, larger first. */
size_t floor_pow2(size_t v);
void split_evenly(int log2n, int npass, int *logq);

/* ---------------------------------------------------------------- simd.c */

int is_simd(const struct fl_problem *p);
/* 0, or -1 with WHY when a FFTLAB_SIMD_* knob is malformed. */
int simd_check(char *why, size_t len);
/* The -D options of kernels/05_simd.cl (written at OPTS, returns the length). */
size_t simd_build_options(char *opts, size_t len);
/* The simd plan; 0 when N is too small for it (the caller plans the default then). */
int simd_plan(const struct fl_problem *p, struct fl_plan *plan);

#endif
