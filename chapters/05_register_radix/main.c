/* 05_register_radix — radix 4/8/16 in registers, a plan of few passes.
 *
 * What changed since 04_coalescing: in 04 every radix-2 stage of a pass went through
 * local memory with a barrier, two values per work-item. Now each work-item holds R = 16
 * (or 8, or 4) values in registers and does a whole radix-R butterfly there (dft16 is
 * four dft4s, twiddles, four dft4s); local memory only carries values from one item to
 * another between such stages. A pass is a work-group finishing Q-point sub-FFTs
 * ("columns", Q up to 4096) this way, and the plan needs few of them: one pass for
 * N <= 4096, two up to 2^20, three up to 2^26 on a GPU. Every pass reads and writes the
 * data once, so fewer passes is less memory traffic, and memory traffic is the cost.
 * Twiddles come three ways, side by side: sincos, a two-level table, native_sin/cos.
 *
 * Beyond one local memory (--variant regfile and its relatives, the README's last
 * section): a group may hold more values than local memory does — up to 4x, in
 * registers — if it exchanges them through local memory in parts, one part after
 * another. Rows of 8192 and 16384 points then take one pass instead of two, and passes
 * of longer rows take 4x the columns per group. --variant fixed compiles the sizes of a
 * one-pass plan into the kernel (-D), as chapter 06 does.
 *
 * Build and run:
 *   make 05_register_radix
 *   ./build/05_register_radix --size 2^20 --batch 16 --explain
 *   ./build/05_register_radix --size 4096 --batch 4096 --variant table
 *   ./build/05_register_radix --size 16384 --batch 8 --variant regfile --explain
 *   FFTLAB_LOCAL_VALUES=64 ./build/05_register_radix --size 256 --variant regfile --explain
 *                      (pretend local memory holds 64 values: the parts at small N)
 *   ./build/05_register_radix --size 2^20 --variant simd --explain
 *                      (on a CPU: the passes as SIMD vector code, README "On a CPU")
 * Kernels: kernels/05_register_radix.cl (the DFT blocks and twiddles),
 * kernels/05_passes.cl (the pass kernels), kernels/simd_cv.cl and kernels/05_simd.cl
 * (--variant simd's vectors and kernels, compiled only for it). Lesson: README.md here. */
#include "../../common/chapter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"radix16", "R = 16 values per work-item, twiddles from a two-level table; rows of 2 to 4 "
     "local memories (8192, 16384) in one pass as regfile does (the chapter's default)", NULL, 0},
    {"radix8", "R = 8 (dft8 = two dft4s and a twiddle), table twiddles", NULL, 0},
    {"radix4", "R = 4, table twiddles: more stages, more local-memory exchanges", NULL, 0},
    {"sincos", "R = 16, every twiddle computed with full-precision sincos", NULL, 0},
    {"native", "R = 16, twiddles from native_sin/native_cos: faster, less accurate; "
     "checked against 4x the bound, not graded", NULL, 4.0},
    {"runtime_radix", "R = 16, the leftover stage's radix passed at run time: v[] leaves the "
     "registers (the lesson's spill demo; slow on a GPU)", NULL, 0},
    {"regfile", "R = 16, table twiddles; a group holds up to 4x what local memory holds, in "
     "registers, and exchanges in parts: 8192 and 16384 in one pass, 4x the columns per group "
     "in longer rows", NULL, 0},
    {"regfile8", "regfile with R = 8 (twice the work-items per group, half the values each)", NULL, 0},
    {"regfile4", "regfile with R = 4 (1024 work-items per group at 16384, 16 values each)", NULL, 0},
    {"regfile_sincos", "regfile, every twiddle computed with full-precision sincos (no table)", NULL, 0},
    {"regfile_native", "regfile, twiddles from native_sin/native_cos; checked against 4x the "
     "bound, not graded", NULL, 4.0},
    {"regfile_fixed", "regfile with N compiled into the kernel (-D), and fixed below", NULL, 0},
    {"fixed", "radix16 with N, T and the group size compiled into the kernel (-D), as chapter 06 "
     "does: one kernel for a one-pass plan, one per distinct Q (at most two) of a multi-pass "
     "plan, p passed at run time", NULL, 0},
    {"simd", "for a CPU: one work-item does 8 neighbouring columns of a pass as SIMD vectors "
     "(float8/double8, real and imaginary parts apart), radix 8 or 16 in registers, no local "
     "memory; rows up to 2^18 through all passes in one kernel (README, \"On a CPU\"). "
     "N < 64: the default plan", NULL, 0},
    {"dft8", "R = 8 with your dft8 built from dft4/dft2 (exercise)",
     "exercises/05_register_radix/dft8.cl", 0},
    {"twiddle_table", "R = 16 with your two-level table lookup (exercise)",
     "exercises/05_register_radix/twiddle_table.cl", 0},
    {NULL, NULL, NULL, 0},
};

#define DEFAULT_WG 256      /* work-items per group the plan aims for            */
#define MAX_FUSED 4096      /* largest Q one work-group does (local memory, 32 KiB fp32) */
#define MIN_COLUMNS 4       /* a group of a multi-pass plan reads runs of >= 4 columns:
                               4 x 8 bytes = one 32-byte memory sector                 */
#define MAX_PARTS 4         /* regfile: a group holds at most 4 local memories' worth of
                               values (16384 fp32 on an H100: 128 KiB, half the 256 KiB
                               register file of one compute unit)                       */
#define ITEM_BYTES 512      /* regfile: at most 512 bytes of values per work-item (64 fp32
                               complex values = 128 registers), so R shrinks in fp64    */
#define REGFILE_MIN_COLUMNS 8 /* regfile: columns per group in multi-pass plans, at least:
                               runs of 8 x 8 = 64 bytes (FFTLAB_MIN_COLUMNS overrides)   */

/* What a variant asks for. */
struct shape {
    size_t R;           /* register radix                                              */
    const char *tw;     /* twiddle strategy, the kernel name's suffix                  */
    int regfile;        /* groups beyond local memory, exchanges in parts              */
    int fixed;          /* sizes compiled in with -D                                   */
};

static struct shape shape_of(const char *variant)
{
    struct shape sh = {16, "table", 0, 0};
    if (strcmp(variant, "radix8") == 0 || strcmp(variant, "dft8") == 0)
        sh.R = 8;
    else if (strcmp(variant, "radix4") == 0)
        sh.R = 4;
    else if (strcmp(variant, "sincos") == 0)
        sh.tw = "sincos";
    else if (strcmp(variant, "native") == 0)
        sh.tw = "native";
    else if (strcmp(variant, "fixed") == 0)
        sh.fixed = 1;
    else if (strncmp(variant, "regfile", 7) == 0) {
        const char *rest = variant + 7;
        sh.regfile = 1;
        if (strcmp(rest, "8") == 0)
            sh.R = 8;
        else if (strcmp(rest, "4") == 0)
            sh.R = 4;
        else if (strcmp(rest, "_sincos") == 0)
            sh.tw = "sincos";
        else if (strcmp(rest, "_native") == 0)
            sh.tw = "native";
        else if (strcmp(rest, "_fixed") == 0)
            sh.fixed = 1;
    }
    return sh;
}

static size_t floor_pow2(size_t v)
{
    size_t r = 1;
    while (r * 2 <= v)
        r *= 2;
    return r;
}

static size_t ceil_pow2(size_t v)
{
    size_t r = 1;
    while (r < v)
        r *= 2;
    return r;
}

static size_t elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

/* FFTLAB_LOCAL_VALUES=V (a power of two >= 16) pretends local memory holds only V
 * values, for every variant: on pocl, whose local memory is plentiful, that makes small
 * sizes take the paths a GPU takes at large ones (parts, several passes). 0 when unset,
 * (size_t)-1 when malformed (check() says so). */
static size_t local_cap(void)
{
    const char *e = getenv("FFTLAB_LOCAL_VALUES");
    if (!e || !e[0])
        return 0;
    char *end;
    unsigned long long v = strtoull(e, &end, 10);
    if (*end || v < 16 || (v & (v - 1)))
        return (size_t)-1;
    return (size_t)v;
}

/* Complex values a group may keep in local memory: the device's local memory less the
 * 1/16 padding, rounded down to a power of two, at most MAX_FUSED (and the cap above). */
static size_t local_values(const struct fl_problem *p)
{
    size_t v = floor_pow2((size_t)(p->dev->local_mem / elem_bytes(p) * 16 / 17));
    size_t cap = local_cap();
    if (cap && cap != (size_t)-1 && cap < v)
        v = cap;
    return v < MAX_FUSED ? v : MAX_FUSED;
}

/* FFTLAB_MIN_COLUMNS=T (a power of two >= 1): regfile's columns per group in multi-pass
 * plans, at least (an experiment knob: fewer columns allow a larger Q, so fewer passes). */
static size_t regfile_min_columns(void)
{
    const char *e = getenv("FFTLAB_MIN_COLUMNS");
    if (!e || !e[0])
        return REGFILE_MIN_COLUMNS;
    char *end;
    unsigned long long v = strtoull(e, &end, 10);
    if (*end || v < 1 || (v & (v - 1)))
        return 0;
    return (size_t)v;
}

static size_t group_items(const struct fl_problem *p)
{
    size_t wg = p->wg ? p->wg : DEFAULT_WG;
    return wg < p->dev->max_wg ? wg : floor_pow2(p->dev->max_wg);
}

static size_t simd_qmax(void);
static size_t simd_vl(void);
static size_t simd_fused_max(void);

static int check(const struct fl_problem *p, char *why, size_t len)
{
    size_t wg = p->wg;
    if (local_cap() == (size_t)-1) {
        snprintf(why, len, "FFTLAB_LOCAL_VALUES='%s' must be a power of two >= 16 (the values "
                 "local memory is pretended to hold)", getenv("FFTLAB_LOCAL_VALUES"));
        return -1;
    }
    if (regfile_min_columns() == 0) {
        snprintf(why, len, "FFTLAB_MIN_COLUMNS='%s' must be a power of two >= 1",
                 getenv("FFTLAB_MIN_COLUMNS"));
        return -1;
    }
    if (simd_qmax() == 0) {
        snprintf(why, len, "FFTLAB_SIMD_QMAX='%s' must be 8, 16, 32 or 64",
                 getenv("FFTLAB_SIMD_QMAX"));
        return -1;
    }
    if (simd_fused_max() == (size_t)-1) {
        snprintf(why, len, "FFTLAB_SIMD_FUSED_MAX='%s' must be 0 or a power of two",
                 getenv("FFTLAB_SIMD_FUSED_MAX"));
        return -1;
    }
    if (simd_vl() == 0) {
        snprintf(why, len, "FFTLAB_SIMD_VL='%s' must be 8 or 16", getenv("FFTLAB_SIMD_VL"));
        return -1;
    }
    if (!wg)
        return 0;
    if (wg & (wg - 1)) {
        snprintf(why, len, "--wg %zu must be a power of two (a column of Q values is shared by "
                 "Q/R work-items, and Q, R are powers of two)", wg);
        return -1;
    }
    return fl_check_group_size(p, wg, why, len);
}

/* ---------------------------------------------------------------- the plan's shape
 * Computed once per problem by layout(), used by plan() (the launches) and by
 * build_options() (the -D constants the kernels are specialized on), so both agree. */
enum pass_kind {
    PASS_PLAIN,         /* fft_r<R>_<tw>: T*Q values in local memory at once        */
    PASS_FIXED,         /* fft_fixed_table: the same, sizes compiled in (-D)        */
    PASS_FIXED_A,       /* fft_fixed_pass_a/_b: a pass of a multi-pass plan, its Q  */
    PASS_FIXED_B,       /* and T compiled in (a plan has two Q's at most), p not    */
    PASS_ROWS,          /* fft_rows_r<R>_<tw>: a whole row in B parts + radix-B stage */
    PASS_COLS,          /* fft_cols_r<R>_<tw>: T columns in B parts                 */
};

struct pass_shape {
    size_t Q, T, R;
    enum pass_kind kind;
};

struct layout {
    int npass;
    struct pass_shape pass[32];
    size_t lmax;        /* local values (FFTLAB_LOCAL_VALUES applied)                */
    size_t B;           /* parts, for PASS_ROWS / PASS_COLS; else 0                  */
    size_t min_columns; /* the multi-pass rule's columns per group                   */
    size_t qcap;        /* regfile columns: the largest Q of a pass                  */
    int regfile_fell_back; /* a regfile variant that could not use its kernels here  */
};

/* Register radix of a regfile pass of Q with B parts: at most the variant's R and Q, at
 * most ITEM_BYTES of values per item (B x R values), and few enough items for the device
 * (a group is lmax / R items), but at least 4 of them: pocl 3.1's work-group compiler
 * stops on an assertion (ParallelRegion.cc: exit != NULL) building these kernels for
 * groups of 1 or 2 items, which only a tiny FFTLAB_LOCAL_VALUES asks for. 0 if no radix
 * from 4 to 16 fits. */
static size_t parts_radix(const struct fl_problem *p, size_t R, size_t Q, size_t B, size_t lmax)
{
    if (R > Q)
        R = Q;
    while (R > 4 && lmax / R < 4)
        R /= 2;
    while (R > 4 && B * R * elem_bytes(p) > ITEM_BYTES)
        R /= 2;
    while (R < 16 && R < Q && lmax / R > p->dev->max_wg)
        R *= 2;
    return R >= 4 && lmax / R <= p->dev->max_wg ? R : 0;
}

/* Split log2 N into NPASS near-equal parts, the larger ones first. */
static void split_evenly(int log2n, int npass, int *logq)
{
    for (int i = 0; i < npass; i++)
        logq[i] = log2n / npass + (i < log2n % npass);
}

/* ---------------------------------------------------------------- --variant simd
 * kernels/05_simd.cl: the passes shaped for a CPU's SIMD unit. One work-item does
 * SIMD_VL neighbouring columns of a pass as vectors, a whole radix-Q column each (Q <= 16
 * by default: what the register file holds), so there is no local memory and no
 * exchange, and the plan is just the list of Q's. Two rules from the kernel's contract:
 * every pass has n/Q >= SIMD_VL columns per row (a work-item's lanes), and p = 1 or
 * p >= SIMD_VL (the lanes' k = t mod p are consecutive); so the first Q is >= SIMD_VL and
 * N >= SIMD_VL^2 = 64. Smaller N take the default plan. */
#define SIMD_VL 8           /* lanes (FFTLAB_SIMD_VL: 8 or 16): float8 is one ymm register
                               (AVX2 width), double8 one zmm (AVX-512 width)              */
#define SIMD_QMAX 16        /* largest radix of a pass (FFTLAB_SIMD_QMAX: 8 .. 64): 16
                               values are 32 vectors, AVX-512's 32 registers; 32 spills
                               and is slower for all its fewer passes (README, "On a CPU") */
#define SIMD_FUSED_MAX 262144 /* rows up to this many points take all their passes in one
                               kernel, one work-item per row, so the row stays in the core's
                               caches (2^16 fp32: 512 KiB, L2; 2^18: 2 MiB, still faster
                               than four sweeps of the batch; 2^20 x 2 about even);
                               FFTLAB_SIMD_FUSED_MAX, 0 = never                           */
#define SIMD_GROUP 16       /* work-items per group of fft_simd_q<Q> (--wg): on pocl a
                               group is one task for a core; 1, 4, 16 and 64 measured
                               within the noise of each other at 2^10..2^22              */

static int is_simd(const struct fl_problem *p)
{
    return strcmp(p->variant, "simd") == 0;
}

/* FFTLAB_SIMD_VL=8 or 16: the lanes per work-item, for the README's experiment; 0 when
 * malformed (check() says so). */
static size_t simd_vl(void)
{
    const char *e = getenv("FFTLAB_SIMD_VL");
    if (!e || !e[0])
        return SIMD_VL;
    return strcmp(e, "8") == 0 ? 8 : strcmp(e, "16") == 0 ? 16 : 0;
}

/* FFTLAB_SIMD_FUSED_MAX=N (0 or a power of two): the longest row fft_simd_rows takes;
 * (size_t)-1 when malformed (check() says so). */
static size_t simd_fused_max(void)
{
    const char *e = getenv("FFTLAB_SIMD_FUSED_MAX");
    if (!e || !e[0])
        return SIMD_FUSED_MAX;
    char *end;
    unsigned long long v = strtoull(e, &end, 10);
    if (*end || (v & (v - 1)))
        return (size_t)-1;
    return (size_t)v;
}

/* FFTLAB_SIMD_QMAX=Q (8, 16, 32 or 64): the largest radix per pass, for the README's
 * experiment; 0 when malformed (check() says so). */
static size_t simd_qmax(void)
{
    const char *e = getenv("FFTLAB_SIMD_QMAX");
    if (!e || !e[0])
        return SIMD_QMAX;
    char *end;
    unsigned long long v = strtoull(e, &end, 10);
    if (*end || v < 8 || v > 64 || (v & (v - 1)))
        return 0;
    return (size_t)v;
}

/* The twiddle-table factors of radix Q: m = d * 4^L < Q, d = 1..3 (the kernel's
 * simd_factors, in the same order). M holds them. */
static int simd_factor_list(size_t Q, size_t *m)
{
    int count = 0;
    for (size_t m4 = 1; m4 < Q; m4 *= 4)
        for (size_t d = 1; d <= 3; d++)
            if (d * m4 < Q)
                m[count++] = d * m4;
    return count;
}

/* log2 of each pass's Q: the fewest passes with Q <= qmax that keep the two rules; log2 N
 * split evenly, larger parts first (the first pass then has the largest Q, >= SIMD_VL).
 * Returns the number of passes, 0 when N is below SIMD_VL^2. */
static int simd_passes(size_t n, size_t qmax, int *logq)
{
    int log2n = fl_log2(n), lv = fl_log2(simd_vl()), lq = fl_log2(qmax);
    if (log2n < 2 * lv)
        return 0;
    for (int npass = (log2n + lq - 1) / lq; npass <= log2n; npass++) {
        split_evenly(log2n, npass, logq);
        int ok = logq[0] >= lv;
        for (int i = 0; i < npass; i++)
            ok = ok && logq[i] <= lq && log2n - logq[i] >= lv;
        if (ok)
            return npass;
    }
    return 0;
}

/* The regfile plan: 0, or -1 when this problem does not need it (N fits local memory) or
 * the device cannot run it (then the default plan is used). */
static int regfile_layout(const struct fl_problem *p, const struct shape *sh, struct layout *L)
{
    size_t lmax = L->lmax, n = p->n;
    int log2n = fl_log2(n);
    if (n <= lmax)
        return -1;
    if (n <= lmax * MAX_PARTS) {
        /* a whole row per group: B = N / lmax columns of lmax points, one per part */
        L->B = n / lmax;
        size_t R = parts_radix(p, sh->R, lmax, L->B, lmax);
        if (!R)
            return -1;
        L->npass = 1;
        L->pass[0] = (struct pass_shape){lmax, L->B, R, PASS_ROWS};
        return 0;
    }
    /* columns: T x Q = MAX_PARTS x lmax values per group, T >= min_columns */
    size_t C = lmax * MAX_PARTS, cap = C / L->min_columns;
    if (cap > lmax)
        cap = lmax;
    if (cap < 16)
        cap = 16;
    int logcap = fl_log2(cap);
    L->qcap = cap;
    L->B = MAX_PARTS;
    L->npass = (log2n + logcap - 1) / logcap;
    int logq[32];
    split_evenly(log2n, L->npass, logq);
    for (int i = 0; i < L->npass; i++) {
        size_t Q = (size_t)1 << logq[i];
        size_t R = parts_radix(p, sh->R, Q, L->B, lmax);
        if (!R)
            return -1;
        L->pass[i] = (struct pass_shape){Q, C / Q, R, PASS_COLS};
    }
    return 0;
}

static void layout(const struct fl_problem *p, struct layout *L)
{
    struct shape sh = shape_of(p->variant);
    memset(L, 0, sizeof *L);
    L->lmax = local_values(p);
    L->min_columns = sh.regfile ? regfile_min_columns() : MIN_COLUMNS;
    if (p->n < 2)
        return;
    if (sh.regfile) {
        if (regfile_layout(p, &sh, L) == 0)
            return;
        L->regfile_fell_back = p->n > L->lmax;
        L->B = 0;
    } else if (strcmp(p->variant, "radix16") == 0 && p->n > L->lmax && p->n <= L->lmax * MAX_PARTS) {
        /* the default's one rule from regfile: a row up to 4 local memories (8192 and
         * 16384 in fp32) in one pass with exchanges in parts, not two passes (measured on
         * an H100: 2.1x and 1.7x faster; README, "Beyond one local memory"); longer rows
         * keep the plain passes, which beat regfile's fat column groups there */
        struct shape rs = sh;
        rs.regfile = 1;
        if (regfile_layout(p, &rs, L) == 0)
            return;
        L->B = 0;
    }
    size_t R = sh.R, wg = group_items(p), lmax = L->lmax;
    int log2n = fl_log2(p->n);

    /* Pass sizes. One pass when the whole row fits a group (Q = N). Otherwise each pass
     * must keep MIN_COLUMNS columns per group for coalesced reads, which caps Q; take as
     * few passes as that cap allows and split log2 N evenly between them. */
    size_t Rn = R < p->n ? R : p->n;
    int one_pass = p->n <= lmax && p->n <= wg * Rn;
    int npass = 1, logq[32];
    logq[0] = log2n;
    if (!one_pass) {
        size_t cap = wg * R / MIN_COLUMNS;
        if (cap > lmax / MIN_COLUMNS)
            cap = lmax / MIN_COLUMNS;
        if (cap < 2)
            cap = 2;
        int logcap = fl_log2(floor_pow2(cap));
        npass = (log2n + logcap - 1) / logcap;
        split_evenly(log2n, npass, logq);
    }
    L->npass = npass;
    for (int i = 0; i < npass; i++) {
        size_t Q = (size_t)1 << logq[i], Ri = R < Q ? R : Q;
        size_t T = wg * Ri / Q;                     /* columns per group to fill wg items */
        if (T > lmax / Q) T = lmax / Q;
        if (npass > 1 && T > p->n / Q) T = p->n / Q;
        if (npass == 1 && T > ceil_pow2(p->batch)) T = ceil_pow2(p->batch); /* no idle rows */
        if (T < 1) T = 1;
        T = floor_pow2(T);
        /* --variant fixed: a one-pass plan has all its sizes known per run; a multi-pass
         * one all but p, and its passes have two Q's at most (split_evenly) */
        int fixed = sh.fixed && strcmp(sh.tw, "table") == 0;
        enum pass_kind kind = !fixed ? PASS_PLAIN : npass == 1 ? PASS_FIXED
                            : Q == L->pass[0].Q || i == 0 ? PASS_FIXED_A : PASS_FIXED_B;
        L->pass[i] = (struct pass_shape){Q, T, Ri, kind};
    }
}

/* The -D constants: FFT_PARTS and friends for the regfile kernels (kernels/05_passes.cl
 * compiles them only then), FFT_FIXED_* for --variant fixed and regfile_fixed. Both
 * directions share the program; nothing here depends on the sign. */
static void build_options(const struct fl_problem *p, char *opts, size_t len)
{
    struct layout L;
    layout(p, &L);
    struct shape sh = shape_of(p->variant);
    size_t used = 0;
    /* FFT_PARTS_TWIDDLE: kernels/05_passes.cl's TWIDDLE_SINCOS 0, _TABLE 1, _NATIVE 2 */
    opts[0] = '\0';
    if (is_simd(p))  /* kernels/05_simd.cl compiles its kernels only then */
        used += (size_t)snprintf(opts, len, "-D FFT_SIMD=1 -D FFT_SIMD_VL=%zu", simd_vl());
    if (L.B)
        used += (size_t)snprintf(opts + used, len - used, "%s-D FFT_PARTS=%zu -D FFT_LOCAL_VALUES=%zu "
                                 "-D FFT_MAX_ITEMS=%zu -D FFT_ITEMS_R4=%zu -D FFT_ITEMS_R8=%zu "
                                 "-D FFT_ITEMS_R16=%zu -D FFT_PARTS_TWIDDLE=%d", used ? " " : "", L.B, L.lmax,
                                 p->dev->max_wg, L.lmax / 4, L.lmax / 8, L.lmax / 16,
                                 strcmp(sh.tw, "table") == 0 ? 1 : strcmp(sh.tw, "sincos") == 0 ? 0 : 2);
    if (used < len && sh.fixed && L.B)
        used += (size_t)snprintf(opts + used, len - used, " -D FFT_FIXED_N=%zu", p->n);
    if (used < len && L.npass == 1 && L.pass[0].kind == PASS_FIXED) {
        const struct pass_shape *ps = &L.pass[0];
        snprintf(opts + used, len - used, "%s-D FFT_FIXED_N=%zu -D FFT_FIXED_T=%zu -D FFT_FIXED_R=%zu "
                 "-D FFT_FIXED_ITEMS=%zu -D FFT_FIXED_LO_BITS=%d", used ? " " : "", p->n, ps->T,
                 ps->R, ps->T * ps->Q / ps->R, (fl_log2(p->n) + 1) / 2);
    }
    if (used < len && L.npass > 1 && L.pass[0].kind == PASS_FIXED_A) {
        used += (size_t)snprintf(opts + used, len - used, "%s-D FFT_FIXED_N=%zu -D FFT_FIXED_LO_BITS=%d",
                                 used ? " " : "", p->n, (fl_log2(p->n) + 1) / 2);
        for (int k = PASS_FIXED_A; k <= PASS_FIXED_B; k++)
            for (int i = 0; i < L.npass; i++) {
                const struct pass_shape *ps = &L.pass[i];
                if ((int)ps->kind != k || used >= len)
                    continue;
                char ab = k == PASS_FIXED_A ? 'A' : 'B';
                used += (size_t)snprintf(opts + used, len - used, " -D FFT_FIXED_Q%c=%zu -D FFT_FIXED_T%c=%zu "
                                         "-D FFT_FIXED_R%c=%zu -D FFT_FIXED_ITEMS_%c=%zu", ab, ps->Q, ab,
                                         ps->T, ab, ps->R, ab, ps->T * ps->Q / ps->R);
                break;
            }
    }
}

/* One pass (p, Q) of shape PS. */
static void add_pass(const struct fl_problem *p, const struct layout *L, struct fl_plan *plan,
                     int *src, int *dst, size_t span, const struct pass_shape *ps, int flags,
                     int hi, int lo, int lo_bits)
{
    const char *tw = shape_of(p->variant).tw;
    size_t Q = ps->Q, T = ps->T, R = ps->R, columns = p->batch * (p->n / Q);
    int parted = ps->kind == PASS_ROWS || ps->kind == PASS_COLS;
    size_t held = parted ? L->lmax : T * Q;           /* values in local memory at once */
    size_t items = held / R;
    size_t groups = (columns + T - 1) / T;
    size_t global[1] = {groups * items}, local[1] = {items};
    char kernel[64];
    if (ps->kind == PASS_FIXED)
        snprintf(kernel, sizeof kernel, "fft_fixed_table");
    else if (ps->kind == PASS_FIXED_A || ps->kind == PASS_FIXED_B)
        snprintf(kernel, sizeof kernel, "fft_fixed_pass_%c", ps->kind == PASS_FIXED_A ? 'a' : 'b');
    else if (parted)
        snprintf(kernel, sizeof kernel, "fft_%s_r%zu_%s", ps->kind == PASS_ROWS ? "rows" : "cols", R, tw);
    else
        snprintf(kernel, sizeof kernel, "fft_r%zu_%s%s", R, tw,
                 strcmp(p->variant, "runtime_radix") == 0 && R == 16 ? "_runtime" : "");
    struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, local);
    fl_arg_buffer(l, *src);
    fl_arg_buffer(l, *dst);
    fl_arg_local(l, (held + held / 16) * elem_bytes(p));
    fl_arg_buffer(l, hi >= 0 ? hi : *src);     /* non-table kernels never read hi/lo */
    fl_arg_buffer(l, lo >= 0 ? lo : *src);
    fl_arg_int(l, (int)p->n);
    fl_arg_int(l, (int)span);
    fl_arg_int(l, (int)Q);
    fl_arg_int(l, (int)T);
    fl_arg_int(l, (int)p->batch);
    fl_arg_int(l, flags);
    fl_arg_int(l, lo_bits);
    int rest = fl_log2(Q) % fl_log2(R), stages = fl_log2(Q) / fl_log2(R);
    char leftover[32] = "";
    if (rest)
        snprintf(leftover, sizeof leftover, "a radix-%d stage, then ", 1 << rest);
    if (ps->kind == PASS_ROWS)
        fl_launch_note(l, "row of %zu = %zu x %zu: %s%d radix-%zu stage%s, exchanges in %zu parts, "
                       "a radix-%zu stage in registers; %zu items x %zu values", p->n, T, Q,
                       leftover, stages, R, stages == 1 ? "" : "s", L->B, T, items, L->B * R);
    else if (ps->kind == PASS_COLS)
        fl_launch_note(l, "p=%zu Q=%zu: %s%d radix-%zu stage%s, %zu columns per group in %zu "
                       "parts of %zu; %zu items x %zu values", span, Q, leftover, stages, R,
                       stages == 1 ? "" : "s", T, L->B, T / L->B, items, L->B * R);
    else
        fl_launch_note(l, "p=%zu Q=%zu: %s%d radix-%zu stage%s in registers, %zu item%s per column, "
                       "%zu column%s per group%s", span, Q, leftover, stages, R, stages == 1 ? "" : "s",
                       Q / R, Q / R == 1 ? "" : "s", T, T == 1 ? "" : "s",
                       ps->kind == PASS_FIXED ? "; sizes compiled in"
                       : ps->kind != PASS_PLAIN ? "; N, Q and T compiled in" : "");
    int t = *src;
    *src = *dst;
    *dst = t;
}

static void simd_plan(const struct fl_problem *p, struct fl_plan *plan, int npass, const int *logq)
{
    size_t n = p->n, span = 1, reals = 0, off[32], fac[8], vl = simd_vl();
    /* the table: one block per pass after the first, factors x 2 x p reals each */
    for (int i = 0; i < npass; i++) {
        size_t Q = (size_t)1 << logq[i];
        off[i] = reals;
        if (span > 1)
            reals += (size_t)simd_factor_list(Q, fac) * 2 * span;
        span *= Q;
    }
    double *tw;
    int table = fl_plan_table(plan, "simd_twiddles", reals / 2, &tw);
    const double two_pi = 6.283185307179586476925286766559;
    span = 1;
    for (int i = 0; i < npass; i++) {
        size_t Q = (size_t)1 << logq[i], M = Q * span;
        int nf = simd_factor_list(Q, fac);
        for (int e = 0; span > 1 && e < nf; e++)
            for (size_t k = 0; k < span; k++) {
                /* w_M^(k*m), the exponent reduced mod M exactly, in integers */
                double a = -two_pi * (double)((k * fac[e]) % M) / (double)M;
                tw[off[i] + (size_t)e * 2 * span + k] = cos(a);
                tw[off[i] + (size_t)e * 2 * span + span + k] = sin(a);
            }
        span *= Q;
    }

    /* a whole row per group, all passes in one kernel, when the row fits a core's L2 and
     * there are rows enough for every core (or the row is small anyway) */
    int fused = n <= simd_fused_max() && npass <= 7 &&
                (p->batch >= p->dev->compute_units || n <= 4096);
    int log2qs = 0;
    for (int i = 0; i < npass; i++) {
        fused = fused && logq[i] >= 3 && logq[i] <= 5;   /* the kernel's Q = 8, 16, 32 */
        log2qs |= logq[i] << (4 * i);
    }
    char passes[160];
    int pl = 0;
    for (int i = 0; i < npass; i++)
        pl += snprintf(passes + pl, sizeof passes - (size_t)pl, "%s%d", i ? " x " : "", 1 << logq[i]);
    if (fused) {
        size_t global[1] = {p->batch}, lsz[1] = {1};
        struct fl_launch *l = fl_plan_add(plan, "fft_simd_rows", 1, global, lsz);
        fl_arg_buffer(l, FL_BUF_A);
        fl_arg_buffer(l, FL_BUF_B);
        fl_arg_buffer(l, table);
        fl_arg_int(l, (int)n);
        fl_arg_int(l, npass);
        fl_arg_int(l, log2qs);
        fl_arg_int(l, p->sign > 0 ? 3 : 0);
        fl_launch_note(l, "a row per work-item: %d passes (%s) one after another, the row in L2",
                       npass, passes);
        plan->result = npass % 2 ? FL_BUF_B : FL_BUF_A;
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %.60s (%d passes in 1 launch), simd: one work-item takes a whole row through "
                 "all its passes, so the row (%zu KiB) stays in the core's L2 (N <= %zu, "
                 "FFTLAB_SIMD_FUSED_MAX; rows >= cores, or N <= 4096; --wg ignored). A pass does "
                 "%zu neighbouring columns at a time as %s%zu vectors, a whole radix-Q column in "
                 "registers. Pass twiddles: a table of w^(k*d*4^L) (%zu values).",
                 passes, npass, n * elem_bytes(p) / 1024, simd_fused_max(), vl,
                 p->precision == FL_DOUBLE ? "double" : "float", vl, reals / 2);
        return;
    }

    int src = FL_BUF_A, dst = FL_BUF_B;
    span = 1;
    for (int i = 0; i < npass; i++) {
        size_t Q = (size_t)1 << logq[i];
        size_t items = p->batch * (n / Q) / vl;
        /* always the same group size, even when items < group (the extra items return at
         * once): pocl compiles a kernel once per group size, so one size is one build */
        size_t local = p->wg ? p->wg : SIMD_GROUP;
        size_t global[1] = {(items + local - 1) / local * local}, lsz[1] = {local};
        char kernel[64];
        snprintf(kernel, sizeof kernel, "fft_simd_q%zu", Q);
        struct fl_launch *l = fl_plan_add(plan, kernel, 1, global, lsz);
        int flags = (i == 0 && p->sign > 0 ? 1 : 0) | (i == npass - 1 && p->sign > 0 ? 2 : 0);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        fl_arg_buffer(l, table);
        fl_arg_int(l, (int)n);
        fl_arg_int(l, (int)span);
        fl_arg_int(l, (int)off[i]);
        fl_arg_int(l, flags);
        fl_arg_int(l, (int)items);
        fl_launch_note(l, "p=%zu Q=%zu: radix %zu in registers, %zu columns per item as vectors, "
                       "%s", span, Q, Q, vl, span == 1 ? "stores transposed (p = 1)"
                       : "twiddles from the table");
        span *= Q;
        int t = src;
        src = dst;
        dst = t;
    }
    plan->result = src;
    snprintf(plan->summary, sizeof plan->summary,
             "N = %.60s (%d passes), simd: a work-item does %zu neighbouring columns of a pass as "
             "%s%zu vectors (real and imaginary parts apart), a whole radix-Q column in "
             "registers, no local memory. Q <= %zu (FFTLAB_SIMD_QMAX), n/Q >= %zu, first Q >= "
             "%zu; fewest passes, log2 N split evenly. Pass twiddles: a table of w^(k*d*4^L), "
             "d = 1..3 (%zu values).", passes, npass, vl,
             p->precision == FL_DOUBLE ? "double" : "float", vl, simd_qmax(), vl, vl, reals / 2);
}

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    int src = FL_BUF_A, dst = FL_BUF_B;
    plan->result = FL_BUF_A;
    if (p->n < 2) {
        snprintf(plan->summary, sizeof plan->summary, "N = 1: the input is its own transform");
        return;
    }
    int simd_logq[32], simd_npass = is_simd(p) ? simd_passes(p->n, simd_qmax(), simd_logq) : 0;
    if (simd_npass) {
        simd_plan(p, plan, simd_npass, simd_logq);
        return;
    }
    struct shape sh = shape_of(p->variant);
    const char *tw = sh.tw;
    struct layout L;
    layout(p, &L);
    int log2n = fl_log2(p->n);

    /* The two-level twiddle table for w_N^x: lo holds x < 2^lo_bits, hi the multiples. */
    int hi = -1, lo = -1, lo_bits = (log2n + 1) / 2;
    if (strcmp(tw, "table") == 0) {
        double *h, *w;
        size_t nlo = (size_t)1 << lo_bits, nhi = p->n >> lo_bits;
        lo = fl_plan_table(plan, "twiddles_lo", nlo, &w);
        hi = fl_plan_table(plan, "twiddles_hi", nhi, &h);
        /* forward roots only: the kernels do an inverse as conj(forward(conj x)) */
        const double two_pi = 6.283185307179586476925286766559;
        for (size_t z = 0; z < nlo; z++) {
            w[2 * z] = cos(-two_pi * (double)z / (double)p->n);
            w[2 * z + 1] = sin(-two_pi * (double)z / (double)p->n);
        }
        for (size_t y = 0; y < nhi; y++) {
            h[2 * y] = cos(-two_pi * (double)(y << lo_bits) / (double)p->n);
            h[2 * y + 1] = sin(-two_pi * (double)(y << lo_bits) / (double)p->n);
        }
    }

    int npass = L.npass, sign_flags = p->sign > 0;
    size_t span = 1;
    char passes[160];
    int pl = 0;
    for (int i = 0; i < npass; i++) {
        int flags = (i == 0 && sign_flags ? 1 : 0) | (i == npass - 1 && sign_flags ? 2 : 0);
        add_pass(p, &L, plan, &src, &dst, span, &L.pass[i], flags, hi, lo, lo_bits);
        pl += snprintf(passes + pl, sizeof passes - (size_t)pl, "%s%zu", i ? " x " : "", L.pass[i].Q);
        span *= L.pass[i].Q;
    }
    plan->result = src;
    size_t Rn = L.pass[0].R;
    char cap_note[96] = "";
    if (local_cap() && local_cap() != (size_t)-1)
        snprintf(cap_note, sizeof cap_note, " (FFTLAB_LOCAL_VALUES: local memory taken as %zu values)",
                 L.lmax);
    if (L.B && L.pass[0].kind == PASS_ROWS) {
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %zu (1 pass: %zu columns of %zu and a radix-%zu stage), register radix %zu, "
                 "twiddles: %s%s. N is more than local memory holds (%zu values%s) but not more than "
                 "%d times that, which the group keeps in registers: each exchange goes through local "
                 "memory in %zu parts, one column at a time, so the data is read and written once.",
                 p->n, L.B, L.pass[0].Q, L.B, Rn, tw, sh.fixed ? ", N compiled in" : "", L.lmax,
                 cap_note, MAX_PARTS, L.B);
        return;
    }
    if (L.B) {
        snprintf(plan->summary, sizeof plan->summary,
                 "N = %s (%d passes), register radix %zu, twiddles: %s%s. N is more than %d x local "
                 "memory (%zu values%s), so several passes; a group keeps %d x local memory's worth "
                 "of values in registers (T x Q = %zu, exchanges in %d parts), takes >= %zu "
                 "neighbouring columns (FFTLAB_MIN_COLUMNS), so Q <= %zu; fewest passes, log2 N split "
                 "evenly.", passes, npass, Rn, tw, sh.fixed ? ", N compiled in" : "", MAX_PARTS, L.lmax,
                 cap_note, MAX_PARTS, L.lmax * MAX_PARTS, MAX_PARTS, L.min_columns, L.qcap);
        return;
    }
    snprintf(plan->summary, sizeof plan->summary,
             "N = %s (%d pass%s), register radix %zu, twiddles: %s%s. %s%s%s", passes, npass,
             npass == 1 ? "" : "es", Rn, tw, L.pass[0].kind == PASS_FIXED ? ", sizes compiled in" : "",
             npass == 1 ? "One work-group holds a whole row (N <= its local memory and "
                          "work-items x R), so the data is read and written once."
                        : "N is more than one group can hold, and groups of a multi-pass plan "
                          "take >= 4 neighbouring columns for coalesced reads, so Q <= "
                          "min(items x R, local values) / 4; fewest passes, log2 N split evenly.",
             cap_note, L.regfile_fell_back ? " (regfile: its parted kernels do not fit this device "
                                             "here, so the default plan)"
                       : is_simd(p) ? " (simd needs N >= 64: the default plan)" : "");
}

int main(int argc, char **argv)
{
    static const char *const uses[] = {"05_passes.cl", "simd_cv.cl", "05_simd.cl", NULL};
    static const struct fl_chapter chapter = {
        .name = "05_register_radix",
        .title = "register radix-4/8/16 butterflies, few passes",
        .kernel_file = "05_register_radix.cl",
        .uses = uses,
        .help = "Each work-item holds R = 16 (8, 4) values in registers and does radix-R\n"
                "butterflies there; a work-group finishes Q-point sub-FFTs (Q <= 4096) with\n"
                "local memory only for the exchange. --wg sets the work-items per group the\n"
                "plan aims for (default 256); --explain shows the passes and why.\n"
                "--variant regfile*: a group holds up to 4x what local memory holds (rows of\n"
                "16384 in one pass) and exchanges in parts. Experiments: FFTLAB_LOCAL_VALUES=V\n"
                "pretends local memory holds V values; FFTLAB_MIN_COLUMNS=T sets regfile's\n"
                "columns per group in multi-pass plans (default 8).",
        .demo_n = (size_t)1 << 20,
        .demo_batch = 1,
        .bound = FL_BOUND_FFT,
        .variants = variants,
        .check = check,
        .plan = plan,
        .build_options = build_options,
    };
    return fl_main(argc, argv, &chapter);
}
