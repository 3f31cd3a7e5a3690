/* 08_bluestein — the hooks of fused_passes: Bluestein's three multiplies inside chapter 06's
 * pass, filled into its extension points (kernels/06_passes.cl, "Extension points").
 *
 * Built in front of kernels/06_passes.cl, and only with -D FL_PASS_HOOKS (the host gives
 * it when a plan uses the hooks); without it this file is empty and the pass is chapter
 * 06's. With it, 06's pass is compiled as mixed_pass_hooked, which takes two tables more
 * (hook_in, hook_out), and three more flags mean something:
 *   PASS_HOOK_LOAD   value e of the row (e = t + j*(N/Q)) is read as
 *                    pass_load_hook(x, row, e, hook_in, flags), not as x[row*N + e]
 *   PASS_HOOK_STORE  output e of the row (e = (t - k)*Q + k + j*P) is written by
 *                    pass_store_hook(y, row, e, value, hook_out, flags), not to
 *                    y[row*N + e]; only where a pass stores from registers (a single pass,
 *                    or a pass with P > 1: never the first pass of several)
 *   PASS_HOOK_MIDDLE the last pass of a forward FFT (P = N/Q) and the first of an inverse
 *                    in one: after the stages, pass_middle_hook(v, u, hook_out, ...)
 *                    (output e (as above) times hook_out[e], conjugated, back to the first
 *                    stage's order), then the same stages again and the store of a pass
 *                    with P = 1 (PASS_BETWEEN below)
 * kernels/08_bluestein.cl defines the load and store hooks (flag 16 is its own), and
 * kernels/11_convolution.cl its own (chapter 11 builds this file too);
 * kernels/08_fused_convolution.cl defines pass_middle_hook, whose table row may depend on
 * the row (-D PASS_MIDDLE_ROWS=R: row r's product reads table row r mod R, rows of N, for
 * chapter 11's 2-D spectra; default 1, one row for all). mixed_pass
 * becomes a wrapper that keeps only the conjugation flags, so 06's and 07's kernels compile
 * without the hook branches.
 *
 * Notation: docs/notation.md */
#ifdef FL_PASS_HOOKS
#define PASS_HOOK_LOAD 4
#define PASS_HOOK_STORE 8
#define PASS_HOOK_MIDDLE 32
real2_t pass_load_hook(__global const real2_t *x, size_t row, int e, __global const real2_t *tab,
                       int flags) __attribute__((always_inline));
void pass_store_hook(__global real2_t *y, size_t row, int e, real2_t value,
                     __global const real2_t *tab, int flags) __attribute__((always_inline));
/* Static: no copy of its own, where the loops could not unroll (their bounds are the
 * caller's). */
static void pass_middle_hook(real2_t *v, __local real2_t *u, __global const real2_t *tab, int e0,
                             int es, int i, int c, const int rl, const int r0, const int Q,
                             const int I, const int T, const int cf) __attribute__((always_inline));

/* 06's pass as mixed_pass_hooked, with the hook tables; mixed_pass (06_passes.cl, after the
 * pass) calls it with the conjugation flags only and no tables. */
#define mixed_pass mixed_pass_hooked
#define PASS_RENAMED mixed_pass_hooked
#define PASS_EXTRA_PARAMS , __global const real2_t *hook_in, __global const real2_t *hook_out
#define PASS_PLAIN_FLAGS(flags) flags & (PASS_CONJ_IN | PASS_CONJ_OUT)
#define PASS_PLAIN_ARGS , 0, 0

#define PASS_READ(j)                                                                       \
    (flags & PASS_HOOK_LOAD ? pass_load_hook(x, row, t + (j) * per_row, hook_in, flags)    \
                            : in[(size_t)(j) * per_row])
#define PASS_WRITE(j, value)                                                               \
    if (flags & PASS_HOOK_STORE)                                                           \
        pass_store_hook(y, row, (t - k) * Q + k + (j) * P, value, hook_out, flags);        \
    else                                                                                   \
        out[(size_t)(j) * P] = value;

/* Bluestein's middle (PASS_HOOK_MIDDLE): this pass is a forward FFT's last, P = N/Q, so
 * column t (< P, k = t) wrote outputs t + j*P, and those are exactly what column t of the
 * inverse FFT's first pass (Q, p = 1) reads. So do both here: Z = V * Bh at each output
 * (hook_out), conjugated (the inverse as a forward FFT, conj in and out), back to the first
 * stage's order through local memory, the same stages again, and store as a pass with
 * p = 1 does (PASS_P_OUT). One pass over memory instead of two. */
#define PASS_BETWEEN                                                                       \
    const int middle = (flags & PASS_HOOK_MIDDLE) != 0;                                    \
    if (middle) {                                                                          \
        pass_middle_hook(v, u, hook_out + PASS_MIDDLE_ROW_AT(row, N), (t - k) * Q + k, P, i, \
                         c, PASS_LAST_RADIX, r0, Q, I, T, cf);                             \
        PASS_STAGES                                                                        \
    }
#define PASS_P_OUT (middle ? 1 : P) /* the middle stores as a pass with p = 1 */
#ifndef PASS_MIDDLE_ROWS
#define PASS_MIDDLE_ROWS 1
#endif
/* where row ROW's table starts (rows of N values, PASS_MIDDLE_ROWS of them) */
#define PASS_MIDDLE_ROW_AT(row, N) (PASS_MIDDLE_ROWS > 1 ? (int)((row) % PASS_MIDDLE_ROWS) * (N) : 0)
#endif
