/* The radix plan: how a transform of length N = 2^a 3^b 5^c 7^d is cut into radix
 * stages and into passes over global memory, and what shape of work-group does each pass.
 *
 * A pass reads the data once and writes it once. It does N/Q independent sub-FFTs of Q
 * points ("columns"); a work-group does T of them, each with I work-items that keep a few
 * values in registers and trade them through local memory between stages. Q is a product
 * of radices (the stages), the passes' Q multiply to N:
 *
 *     N = Q_0 x Q_1 x ...,   Q_i = r_0 x r_1 x ...,   r in {16, 10, 8, 4, 2, 3, 5, 7}
 *
 * This file only does arithmetic: no OpenCL, nothing chapter-specific. Chapter 06 turns a
 * plan into kernel launches; multi-dimensional, Bluestein and real-input chapters plan
 * their 1-D transforms with it too. */
#ifndef FFTLAB_RADIX_PLAN_H
#define FFTLAB_RADIX_PLAN_H

#include <stddef.h>

#define FL_RADIX_MAX_STAGES 32      /* stages of one whole transform (2^26 in radix 2: 26) */
#define FL_RADIX_MAX_PASS_STAGES 12 /* stages inside one pass (3^7 = 2187: 7)             */
#define FL_RADIX_MAX_PASSES 8       /* passes over global memory                           */
#define FL_RADIX_MAX_VALUES 24      /* values one work-item may hold in a stage (the
                                       kernels' register array; the planner keeps below)   */
#define FL_RADIX_MAX_PART_VALUES 64 /* ... in a pass in parts (06_column_parts.cl's FL_PART_VMAX):
                                       512 bytes of fp32 values, 128 registers             */

/* The shape a multi-pass plan gives one pass, as caps: at most ITEMS work-items per group,
 * and at least Q / VALUES work-items per column (0 = the limits' max_items, item_values).
 * VALUES is a cap on what an item holds between stages, not inside one: an item still does
 * whole butterflies, so with radix-8 stages it holds 8 values however small VALUES is (and
 * the items beyond Q / 8 wait in those stages). The
 * planner still chooses Q and the radices from the limits alone, so every shape of a pass
 * does the same columns: only how many go to a group, and with how many items each,
 * changes. Chapters 06's, 07's and 09's --shapes and --tune (common/fft/tune.h) set these. */
struct fl_pass_shape {
    size_t items, values;
};

/* What the device and the caller allow a plan to use. */
struct fl_radix_limits {
    size_t local_values;     /* complex values one work-group may keep in local memory  */
    size_t max_items;        /* work-items per group the plan may use (--wg)            */
    size_t item_values;      /* values a work-item should hold at most: Q <= I x this    */
    size_t min_columns;      /* columns per group a multi-pass plan needs (coalescing)   */
    const unsigned *radices; /* allowed radices, 0-terminated; NULL = fl_radix_default   */
    struct fl_pass_shape shape[FL_RADIX_MAX_PASSES]; /* per pass of a multi-pass plan (or
                                a strided axis): its caps; zeros = the two above       */
    size_t max_parts;        /* a strided axis may keep its group's columns in up to this
                                many parts (below); 0 or 1 = never (the default: only
                                kernels/07_multidim.cl's fft_parts_* can, and
                                common/fft/axis_plan.c turns it on for them)                 */
    size_t part_values;      /* values one work-item of a pass in parts may hold (its
                                registers): 512 bytes' worth, 64 fp32 or 32 fp64 values  */
    size_t max_row_parts;    /* a row longer than local memory holds may be one pass of
                                up to this many parts (below); 0 or 1 = never (the
                                default: only 06_row_parts.cl's row_parts_pass can; chapter
                                06 turns it on, and 07 through axis_plan's row_parts)    */
    size_t max_row_items;    /* work-items of such a row's group: 0 = max_items. A row
                                in parts is the only pass, so a larger group costs no
                                columns; 06 gives it the device's (lesson 06, "Larger
                                groups for a row in parts")                             */
    size_t max_row_rounds;   /* ... and at most this many rounds of exchanges (B per
                                exchange between a part's stages): 0 = no limit       */
    size_t row_halves;       /* where no B gives parts that local memory holds, a part
                                of up to twice local_values may exchange its real and
                                imaginary parts apart (2B rounds per exchange), if an
                                item then holds at most this many values: 0 = never
                                (the default; only 06_row_parts.cl's row_parts_pass can,
                                with FL_PASS_HALVES) ...                               */
    size_t row_halves_items; /* ... or else with a group of at most this many items
                                (0: not at all) ...                                   */
    size_t row_halves_values;/* ... holding at most this many values each            */
    size_t last_parts;       /* rows that take three passes or more of at most
                                multi_pass_max_q may take two of Q up to local_values,
                                a pass of more than that max with its min_columns
                                columns in up to this many parts (the first in 2; below);
                                0 or 1 = never (the default: only 06_column_parts.cl's
                                fft_mixed_parts_p<k> can; chapter 06 turns it on)      */
    size_t long_first;       /* N = 2^a in two passes: the longer pass first, the last
                                of at least this many points (below); 0 = never (the
                                default; chapter 06 turns it on)                       */
};

/* {16, 10, 8, 4, 2, 3, 5, 7, 0}: powers of two up to 16, the primes 3, 5, 7, and 10 = 2 x 5
 * (one stage where a 2 and a 5 would take two: kernels/06_mixed_radix.cl, dft10). */
extern const unsigned fl_radix_default[];
/* {16, 8, 4, 2, 3, 5, 7, 0}: the defaults without 10, as they were before the radix-10
 * block (06 --variant no_radix10; 08's Bluestein lengths, measured with them). */
extern const unsigned fl_radix_no10[];
/* {16, 10, 9, 8, 4, 2, 3, 5, 7, 0}: the defaults and 9 = 3 x 3 (kernels/06_mixed_radix.cl's
 * dft9, in 06's and 08's programs): chapter 06's stockham and 08's Rader lengths. */
extern const unsigned fl_radix_with9[];
/* {16, 10, 9, 8, 4, 2, 3, 5, 7, 25, 27, 0}: with9 and the two-level blocks of 25 and 27
 * points (kernels/06_blocks_25_27.cl, dft_two_level): chapter 06's whole rows of 3^a and 5^a.
 * An item of a stage of radix r > FL_RADIX_MAX_VALUES holds r values: its kernels need
 * FL_VMAX = FL_RADIX_MAX_BLOCK. */
extern const unsigned fl_radix_with25[];
#define FL_RADIX_MAX_BLOCK 27

/* "16, 10, 8, 4, 2, 3, 5, 7": RADICES (NULL = fl_radix_default), joined; returns BUF. */
char *fl_radix_list(const unsigned *radices, char *buf, size_t len);

/* One pass over global memory. */
struct fl_radix_pass {
    size_t q;          /* points of each sub-FFT ("column")                              */
    size_t span;       /* p: product of the q of the passes before this one (1 first)     */
    int nstages;
    unsigned radix[FL_RADIX_MAX_PASS_STAGES]; /* the stages, in order; product = q        */
    size_t items;      /* I: work-items per column                                        */
    size_t columns;    /* T: columns per work-group (rows when q = n)                     */
    size_t values;     /* most values one work-item holds in any stage of the pass        */
    size_t parts;      /* B: the T columns live in registers (I items each, as always),
                          and local memory holds T / B of them at a time: every exchange
                          is B rounds, one part each (1: all T at once). Only a strided
                          axis that would otherwise need two passes is parted: 4096 fp32
                          columns are one pass of T = 4 in 4 parts, not 64 x 64.
                          A row in parts (stride 1, Q = N, T = 1) is the same idea
                          across one row: its B parts are the B columns x[k + j*B]
                          (k < B) of N/B points, and its last stage, radix B, mixes
                          them in registers; items = I per column, values = B x what an
                          item holds of one column. 16384 fp32 = 4 parts of 4096.      */
    int halves;        /* a row in parts whose exchanges move real parts, then imaginary
                          parts (limits' row_halves): local memory holds half a part's
                          bytes, each exchange is 2B rounds. 13122 fp32 = 2 parts of 6561.    */
};

struct fl_radix_plan {
    size_t n;
    int npasses;
    struct fl_radix_pass pass[FL_RADIX_MAX_PASSES];
    int nstages;                          /* all stages, pass after pass                  */
    unsigned radix[FL_RADIX_MAX_STAGES];  /* their radices, in the order they run         */
    size_t single_pass_max;               /* largest N this plan's limits do in one pass   */
    size_t multi_pass_max_q;              /* largest Q of a pass in a multi-pass plan      */
};

/* Complex values of local memory a pass's kernel takes (the __local argument of the
 * passes of chapters 06-09): its T columns of Q values (T x Q / B of them in a pass of B
 * parts), plus the spare slot every 16 values the kernels' padded() adds; half that,
 * rounded up, for a row in parts exchanged in halves. Times the element size for the
 * launch. */
size_t fl_radix_pass_local_values(const struct fl_radix_pass *ps);

/* What a pass's kernel is built with (its -D constants): Q and the number of stages it
 * runs through local memory, returned and in *NSTAGES. A row in parts (parts > 1 and
 * T = 1: a column pass in parts always has T >= 2) lists one part's stages and then the
 * radix-B stage across the parts, done in registers: its kernel gets N/B and all stages
 * but that last one, and B apart. Any other pass: its q and nstages. */
size_t fl_radix_pass_kernel_q(const struct fl_radix_pass *ps, int *nstages);
/* 1 when PS is a row in parts (above). */
int fl_radix_pass_row_parts(const struct fl_radix_pass *ps);

/* Limits for a device with LOCAL_MEM_BYTES of local memory and ELEM_BYTES per complex
 * value (8 fp32, 16 fp64), using at most MAX_ITEMS work-items per group: local memory
 * less the 1/16 padding the kernels add, at most 4096 values; 16 values per item; 4
 * columns per group in multi-pass plans (4 x 8 bytes: one 32-byte memory sector); no
 * parts (max_parts and max_row_parts 0), part_values = 512 / ELEM_BYTES. */
void fl_radix_limits_default(struct fl_radix_limits *lim, unsigned long long local_mem_bytes,
                             size_t elem_bytes, size_t max_items);

/* The part of N made of primes no allowed radix contains: 1 when RADICES (NULL = default)
 * can factor N, else e.g. 11 for N = 44 with the default radices. */
size_t fl_radix_leftover(size_t n, const unsigned *radices);

/* Factor Q into stages: first the allowed radices that are not prime powers (a radix 6
 * takes a 2 and a 3) while they divide, then for each prime the fewest stages its power
 * needs, their exponents as even as possible (2^10 = 16 x 8 x 8). Radices go in RADIX in
 * the order they run: smallest prime first, larger radix first. Returns the number of
 * stages (0 for Q = 1), or -1 when Q has another prime factor or needs more than MAX. */
int fl_radix_factor(size_t q, const unsigned *radices, unsigned *radix, int max);

/* Plan N points x BATCH rows within LIM. Returns 0, or -1 with WHY (N has a prime factor
 * no radix covers, or needs more than FL_RADIX_MAX_PASSES passes within the limits).
 *   one pass  when N <= local_values and N <= max_items x item_values: a group holds
 *             whole rows, T of them (at most BATCH), with I = ceil(N / largest radix)
 *             items per row, at most max_items;
 *   else      the fewest passes whose Q fit min(local_values, max_items x item_values) /
 *             min_columns, primes spread so the Q are as even as possible (largest
 *             first); T = as many columns as local memory and max_items allow, then
 *             the fewest items per column that keep each stage's rounds (no item that
 *             only waits: 10^6 takes 50 items per column of 1000, not 64).
 * In the second case pass k's group shape is planned with LIM->shape[k]'s caps where they
 * are set; a cap the pass cannot keep (Q / values items per column, more than the group
 * may have) is an error naming the pass.
 * With LIM->max_row_parts > 1, a row longer than one pass holds is one pass in parts
 * when it can be (a row per group, struct fl_radix_pass's parts): B = the smallest
 * allowed radix <= max_row_parts that divides N with N/B <= local_values, I = N/B over
 * the largest radix of N/B's stages (at most max_row_items, or max_items where that is
 * 0; balanced as above), at most max_row_rounds rounds of exchanges (if set) and at most
 * part_values values per item and FL_RADIX_MAX_VALUES of each part; if no B fits and
 * LIM->row_halves is set, the same with N/B <= 2 x local_values, exchanges in halves
 * (twice the rounds) and at most row_halves values per item, or else a group of at most
 * row_halves_items items of at most row_halves_values; else the passes as above.
 * Shape caps do not apply to it (it is a single pass).
 * With LIM->last_parts > 1, rows that need three passes or more take two where they can:
 * Q0 x Q1 = N, each Q <= local_values and a multiple of min_columns; a pass of Q >
 * multi_pass_max_q has its T = min_columns columns in B = ceil(T / (local_values / Q))
 * parts (2 <= B <= last_parts; the first pass's B <= 2) with at most part_values values
 * per item, as an axis in parts below; of the splits, the fewest parts in all, then the
 * larger Q1. With LIM->long_first, a row of N = 2^a that takes two passes takes the
 * largest Q0 (a power of two <= local_values, in at most 2 parts as above) whose Q1 =
 * N/Q0 is at least long_first points, at most Q0, and fits as above: the last pass,
 * whose stores are strided, gets more columns, so longer runs (lesson 06, "The longer
 * pass first"). A pass's shape cap, where set, caps its group. */
int fl_radix_plan_make(size_t n, size_t batch, const struct fl_radix_limits *lim,
                       struct fl_radix_plan *plan, char *why, size_t len);

/* The same for an axis whose N points are STRIDE elements apart, with STRIDE such lines
 * side by side (an outer axis of a row-major 2-D/3-D array: a "column"), LINES times
 * (the outer index times the batch). Neighbouring columns are what a group reads
 * together, so every pass, a single one too, takes at least min_columns of them: one
 * pass only when N <= multi_pass_max_q, and T counts the LINES x (N/Q) x STRIDE columns.
 * With LIM->max_parts > 1, an axis longer than that which still fits local memory as
 * one column (N <= local_values and N <= max_items x item_values) is one pass in parts
 * instead of several: B = the fewest parts of local_values / N columns each that give
 * T >= min_columns (or all the columns there are), when B <= max_parts, T divides
 * STRIDE (each group's columns one aligned run) and a group of T columns fits
 * max_items with at most part_values values per item; otherwise the
 * passes as before. Shape caps change its group, never that choice (a cap it cannot
 * keep is an error). STRIDE <= 1 is fl_radix_plan_make(N, LINES, ...). */
int fl_radix_plan_strided(size_t n, size_t lines, size_t stride, const struct fl_radix_limits *lim,
                          struct fl_radix_plan *plan, char *why, size_t len);

/* The two-level twiddle table of the passes (chapters 05-07): w_N^x = hi[x >> b] * lo[x &
 * (2^b - 1)] with b = fl_twiddle_lo_bits(N), about half of log2 N, so both tables stay
 * small (2^b and ceil(N / 2^b) values) and every value is exact to the device's precision. */
int fl_twiddle_lo_bits(size_t n);
/* Fill LO (2^b complex values, interleaved re, im) with w_N^z and HI (ceil(N / 2^b)) with
 * w_N^(y 2^b), in double, forward roots (w_N = exp(-2 pi i / N)). */
void fl_twiddle_fill(size_t n, int b, double *lo, double *hi);

/* "16 x 3 x 3 x 5": the radices of STAGES, joined; returns BUF. */
char *fl_radix_join(const unsigned *radix, int nstages, char *buf, size_t len);

/* The digit-reverse permutation of an in-place mixed-radix FFT whose stages have radices
 * RADIX[0..nstages) (ARM's "digit-reverse" block): output position M of the reordering
 * reads input index fl_digit_reverse(M). Write M in the mixed radix of the stages,
 *     M = d_0 + d_1 r_0 + d_2 r_0 r_1 + ...,   0 <= d_s < r_s,
 * and reverse the digits' weights:
 *     fl_digit_reverse(M) = d_0 N/r_0 + d_1 N/(r_0 r_1) + ... + d_(S-1).
 * For radix 2 everywhere it is the bit reversal. */
size_t fl_digit_reverse(size_t m, const unsigned *radix, int nstages);

/* The smallest M >= N that RADICES (NULL = default) can factor: with the default radices
 * the next 2^a 3^b 5^c 7^d (2017 -> 2025). 0 when there is none below 2^40. */
size_t fl_smooth_at_least(size_t n, const unsigned *radices);

/* The primes (<= 64) that some radix of RADICES (NULL = default) contains, ascending, into
 * PRIMES (at most MAX); returns how many: the primes of the numbers the radices can factor. */
int fl_radix_primes(const unsigned *radices, unsigned *primes, int max);

/* Every product of PRIMES[0..NPRIMES) (fl_radix_primes) in [LO, HI], passed to VISIT with
 * CTX, in no particular order: the smooth numbers of a range, enumerated from their
 * exponents (a few thousand below 2^26), not by testing every integer of the range. */
void fl_smooth_visit(const unsigned *primes, int nprimes, size_t lo, size_t hi,
                     void (*visit)(size_t m, void *ctx), void *ctx);

#endif
