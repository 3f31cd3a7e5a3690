/* 08_bluestein, --variant simd — Bluestein's transform shaped for a CPU.
 *
 * The same steps as --variant plain (kernels/08_bluestein.cl: a = x*c zero-padded to M,
 * Z = FFT_M(a)*Bh, conv = conj(FFT_M(conj Z)), X = c*conv for k < N), with the two
 * FFTs of M points done by chapter 06's CPU passes (kernels/06_simd.cl, planned by
 * common/fft/simd_plan.c: 8 neighbouring columns per work-item as planar float8 vectors, a
 * radix-Q column in registers). Where 06 would take a whole row per work-item
 * (fft_simd_rows: M <= 2^18 and a row per core at least, or M <= 4096), this file's
 * bs_simd_rows does the WHOLE transform of a row in one work-item: the three multiplies
 * too, 8 complex values at a time, while the row of M values is still in the core's L1
 * and L2. Plain's separate multiplies each read and write all M x batch values once more
 * from memory; here they cost a few vector instructions per 8 values. The launch has a
 * few work-items per core (not one per row), each taking row after row through the same
 * two scratch rows: scratch that a core reuses stays in its cache, while scratch rows of
 * their own for all rows would each be fetched and written back to memory (7.7 against
 * 3.0 ms at 1009 x 1024 on pocl; chapters/08_bluestein/README.md, "On a CPU").
 *
 * Elsewhere (M > 2^18, or fewer rows than cores with M > 4096) the host runs plain's
 * kernels around 06's per-pass kernels (fft_simd_p<n>), and this file is not used.
 *
 * -D constants: BS_N, BS_M (= SV_N) and 06's SV_... (common/fft/simd_plan.c,
 * fl_simd_options). Built after kernels/06_simd.cl (cv, cv_ld, cv_st, cv_mul, sv_block,
 * SV_ROW_PASS); like it, this file compiles to nothing without -D FFT_SIMD, so it sits in
 * every 08 program and only --variant simd builds it.
 *
 * Notation: docs/notation.md */
#if defined(FFT_SIMD) && defined(BS_N) && defined(SV1_Q)

/* The SV_NPASS passes of 06's plan over one row, ping-ponging between WA and WB (SV_ROW_PASS
 * uses the names tw, row and flags, and b for its loop). The result is in WB when SV_NPASS
 * is odd, else in WA. */
static SV_INLINE void bs_sv_passes(__global real_t *wa, __global real_t *wb, __global const real_t *tw,
                                   size_t row, int flags)
{
    SV_ALL_PASSES(wa, wb)
}

/* z[j] *= t[j] for j < count, 8 values per vector (interleaved re, im; count need not be
 * a multiple of 8: the rest one by one). */
static SV_INLINE void bs_sv_mul(__global const real_t *z, __global const real_t *t,
                                __global real_t *out, const int count)
{
    int j = 0;
    for (; j + SV_VL <= count; j += SV_VL)
        cv_st(cv_mul(cv_ld(z + 2 * j), cv_ld(t + 2 * j)), out + 2 * j);
    for (; j < count; j++) {
        real_t a = z[2 * j], b = z[2 * j + 1], c = t[2 * j], s = t[2 * j + 1];
        out[2 * j] = a * c - b * s;
        out[2 * j + 1] = a * s + b * c;
    }
}

/* Contract (bs_simd_rows: --variant simd, when 06 would take a row per work-item)
 *   work-items : 1-D, W groups of ONE work-item (the host's W: a few per core, at most
 *                batch); item g does rows g, g + W, g + 2W, ... < batch, each the whole
 *                transform, in its own scratch rows g of w0 and w1
 *   args       : x (A: rows of N), y (B: rows of N), w0, w1 (scratch: W rows of M each),
 *                tw (06's simd table for M: fl_simd_table), ch (N values: the chirp), bh
 *                (M values: FFT_M(b) / M), all interleaved complex as real_t; batch
 *   reads      : x[r*N .. r*N + N) of its rows r; ch, bh, tw; its scratch rows in between
 *   writes     : w0[g*M ..+M), w1[g*M ..+M) over and over (so they stay in the core's
 *                cache: W rows of scratch, not batch), y[r*N + k] for k < N once
 *   steps      : w0 = x*c, 0 past N; the forward passes (w0 <-> w1); *= Bh in place; the
 *                passes again with conj in and out (the inverse); y = c*conv, first N
 *   host calls : alone. */
__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void bs_simd_rows(__global const real_t *x, __global real_t *y, __global real_t *w0,
                  __global real_t *w1, __global const real_t *tw, __global const real_t *ch,
                  __global const real_t *bh, int batch)
{
    const size_t row = get_global_id(0) * BS_M;   /* the scratch rows, in complex values */
    __global real_t *a = w0 + 2 * row, *b = w1 + 2 * row;
    /* where each FFT's result lands: b after an odd number of passes, else a */
    __global real_t *f = SV_NPASS % 2 ? b : a, *g = SV_NPASS % 2 ? a : b;
    __global real_t *fw = SV_NPASS % 2 ? w1 : w0, *gw = SV_NPASS % 2 ? w0 : w1;
    __global const real_t *conv = SV_NPASS % 2 ? g : f;
    const vreal zero = (vreal)0;

    for (size_t r = get_global_id(0); r < (size_t)batch; r += get_global_size(0)) {
        /* 1. a = x * c for j < N, zeros up to M (vector stores from a multiple of 8 on) */
        bs_sv_mul(x + 2 * r * BS_N, ch, a, BS_N);
        int j = BS_N;
        for (; j < BS_M && j % SV_VL; j++)
            a[2 * j] = a[2 * j + 1] = 0;
        for (; j + SV_VL <= BS_M; j += SV_VL)
            cv_st((cv){zero, zero}, a + 2 * j);
        for (; j < BS_M; j++)
            a[2 * j] = a[2 * j + 1] = 0;

        /* 2. FFT_M(a), 06's passes over the scratch row */
        bs_sv_passes(w0, w1, tw, row, 0);

        /* 3. Z = FFT_M(a) * Bh, in place */
        bs_sv_mul(f, bh, f, BS_M);

        /* 4. conv = conj(FFT_M(conj Z)) */
        bs_sv_passes(fw, gw, tw, row, SV_CONJ_IN | SV_CONJ_OUT);

        /* 5. X = c * conv, the first N */
        bs_sv_mul(conv, ch, y + 2 * r * BS_N, BS_N);
    }
}

#endif
