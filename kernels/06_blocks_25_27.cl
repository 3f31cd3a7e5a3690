/* 06_mixed_radix, going further — blocks of 25 and 27 points (lesson 06, "Blocks of 25
 * and 27"). Built after kernels/06_passes.cl, whose dft_r calls dft25 and dft27 when the
 * host gives -D FL_VMAX=27 (it plans them for whole rows of 3^a and 5^a only); FL_VMAX
 * (06_passes.cl) is then the register array's size and FOR_M reaches 32.
 *
 * Notation: docs/notation.md */

#if FL_VMAX > 24
/* Blocks of 25 = 5 x 5 and 27 = 3 x 9 points, in registers: the two-level
 * split dft9 makes of 9 = 3 x 3, one size up. With n = n1 + r1*n2 and k = k2 + r2*k1,
 *     X[k2 + r2*k1] = sum_n1 w_r1^(n1*k1) * w_r^(n1*k2) * (sum_n2 x[n1 + r1*n2] w_r2^(n2*k2))
 * so r1 DFTs of r2 points, the r1*r2 constant twiddles w_r^(n1*k2) (tables below, forward
 * roots w_r^m = exp(-2 pi i m / r)), then r2 DFTs of r1 points. One stage of radix 25
 * does the work of two of radix 5 with one exchange through local memory less, and
 * twiddles that are constants instead of table lookups (lesson 06, "Blocks of 25 and 27";
 * kernels/05_simd.cl's simd_dft_split is the same split for planar SIMD vectors). */
__constant real_t w25_table[50] = {
    (real_t)1, (real_t)0,
    (real_t)0.96858316112863108, (real_t)-0.24868988716485479,
    (real_t)0.87630668004386358, (real_t)-0.48175367410171532,
    (real_t)0.72896862742141155, (real_t)-0.68454710592868862,
    (real_t)0.53582679497899655, (real_t)-0.84432792550201508,
    (real_t)0.30901699437494745, (real_t)-0.95105651629515353,
    (real_t)0.062790519529313527, (real_t)-0.99802672842827156,
    (real_t)-0.1873813145857246, (real_t)-0.98228725072868872,
    (real_t)-0.42577929156507272, (real_t)-0.90482705246601947,
    (real_t)-0.63742398974868975, (real_t)-0.77051324277578925,
    (real_t)-0.80901699437494734, (real_t)-0.58778525229247325,
    (real_t)-0.92977648588825135, (real_t)-0.36812455268467814,
    (real_t)-0.99211470131447776, (real_t)-0.12533323356430454,
    (real_t)-0.99211470131447788, (real_t)0.12533323356430429,
    (real_t)-0.92977648588825146, (real_t)0.36812455268467792,
    (real_t)-0.80901699437494778, (real_t)0.58778525229247269,
    (real_t)-0.63742398974868952, (real_t)0.77051324277578936,
    (real_t)-0.42577929156507216, (real_t)0.9048270524660198,
    (real_t)-0.18738131458572463, (real_t)0.98228725072868872,
    (real_t)0.062790519529312833, (real_t)0.99802672842827156,
    (real_t)0.30901699437494723, (real_t)0.95105651629515364,
    (real_t)0.53582679497899677, (real_t)0.84432792550201496,
    (real_t)0.72896862742141122, (real_t)0.68454710592868895,
    (real_t)0.87630668004386314, (real_t)0.4817536741017161,
    (real_t)0.96858316112863097, (real_t)0.24868988716485535
};
__constant real_t w27_table[54] = {
    (real_t)1, (real_t)0,
    (real_t)0.97304487057982381, (real_t)-0.23061587074244017,
    (real_t)0.89363264032341228, (real_t)-0.44879918020046217,
    (real_t)0.76604444311897801, (real_t)-0.64278760968653925,
    (real_t)0.59715859170278618, (real_t)-0.80212319275504373,
    (real_t)0.3960797660391569, (real_t)-0.918216106880274,
    (real_t)0.17364817766693041, (real_t)-0.98480775301220802,
    (real_t)-0.058144828910475774, (real_t)-0.99830815827126818,
    (real_t)-0.28680323271109021, (real_t)-0.9579895123154889,
    (real_t)-0.49999999999999978, (real_t)-0.86602540378443871,
    (real_t)-0.68624163786873349, (real_t)-0.72737364157304885,
    (real_t)-0.83548781141293627, (real_t)-0.54950897807080623,
    (real_t)-0.93969262078590832, (real_t)-0.34202014332566888,
    (real_t)-0.99323835774194302, (real_t)-0.11609291412522993,
    (real_t)-0.99323835774194302, (real_t)0.11609291412523012,
    (real_t)-0.93969262078590854, (real_t)0.34202014332566821,
    (real_t)-0.83548781141293649, (real_t)0.54950897807080601,
    (real_t)-0.6862416378687336, (real_t)0.72737364157304862,
    (real_t)-0.50000000000000044, (real_t)0.86602540378443837,
    (real_t)-0.28680323271109065, (real_t)0.95798951231548879,
    (real_t)-0.058144828910476239, (real_t)0.99830815827126818,
    (real_t)0.17364817766693083, (real_t)0.98480775301220802,
    (real_t)0.39607976603915651, (real_t)0.91821610688027411,
    (real_t)0.59715859170278585, (real_t)0.80212319275504396,
    (real_t)0.76604444311897779, (real_t)0.64278760968653958,
    (real_t)0.89363264032341216, (real_t)0.44879918020046244,
    (real_t)0.97304487057982403, (real_t)0.23061587074243958
};

/* The blocks dft_two_level is made of: 5 (in 25), 3 and 9 (in 27). */
static INLINE void dft_small(real2_t *v, const int r)
{
    if (r == 3) dft3(v);
    else if (r == 5) dft5(v);
    else dft9(v);
}

static INLINE void dft_two_level(real2_t *v, const int r1, const int r2, __constant const real_t *w)
{
    real2_t t[27];
    #pragma unroll
    for (int n1 = 0; n1 < r1; n1++) {
        real2_t a[9];
        #pragma unroll
        for (int n2 = 0; n2 < r2; n2++)
            a[n2] = v[n1 + r1 * n2];
        dft_small(a, r2);
        #pragma unroll
        for (int k2 = 0; k2 < r2; k2++) {
            const int e = (n1 * k2) % (r1 * r2);
            t[n1 * r2 + k2] = e ? cmul(a[k2], (real2_t)(w[2 * e], w[2 * e + 1])) : a[k2];
        }
    }
    #pragma unroll
    for (int k2 = 0; k2 < r2; k2++) {
        real2_t a[9];
        #pragma unroll
        for (int n1 = 0; n1 < r1; n1++)
            a[n1] = t[n1 * r2 + k2];
        dft_small(a, r1);
        #pragma unroll
        for (int k1 = 0; k1 < r1; k1++)
            v[k2 + r2 * k1] = a[k1];
    }
}

static INLINE void dft25(real2_t *v)
{
    dft_two_level(v, 5, 5, w25_table);
}

static INLINE void dft27(real2_t *v)
{
    dft_two_level(v, 3, 9, w27_table);
}
#endif
