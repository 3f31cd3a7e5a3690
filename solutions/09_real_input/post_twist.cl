/* Exercise 09_real_input/post_twist — the twist of R2C for the conjugated packing, one pair
 * of bins.
 *
 * What you write: the body of post_twist_pair below. Nothing else goes in this file.
 * The chapter builds it into its kernel file in place of its own version, so everything
 * above that place is yours to use and everything below it calls your function:
 * rfft_post, one work-item per pair (k, H - k), k = 0 .. H/2, of every row.
 *
 * What to compute. A row of N = 2H reals x_0 .. x_(N-1) has the half spectrum
 *     X_k = sum over n < N of x_n * w_N^(n*k),   k = 0 .. H,   w_N = exp(-2*pi*i/N)
 * (H + 1 bins; the others are their conjugates). The lesson packs the row as
 * x_(2j) + i x_(2j+1); this variant packs it the other way round in the imaginary part,
 *     z'_j = x_(2j) - i x_(2j+1),   j = 0 .. H-1
 * (the first pass conjugates the row as it loads it), and did the H-point FFT of every
 * row, Z' = DFT_H(z'). rfft_post then calls
 *     post_twist_pair(a = Z'_k, b = Z'_((H-k) mod H), w = w_N^k, &xk, &xmk)
 * (at k = 0, b is Z'_0 again: indices are mod H) and stores *xk as the bin X_k and *xmk
 * as the bin X_(H-k). One function, two outputs, one twiddle: no loads, no stores, no
 * branches needed.
 *
 * What you may use (defined before your function):
 *     real_t, real2_t    float and float2 (double and double2 with --precision double)
 *     cmul(a, b)         the complex product
 *     rh_conj(a)         the complex conjugate, (real2_t)(a.x, -a.y)
 * Multiplying by -i is (real2_t)(d.y, -d.x); by i, (real2_t)(-d.y, d.x).
 *
 * Run:   ./build/09_real_input --variant post_twist --size 16
 *        (runs exercises/09_real_input/post_twist.cl; --exercise FILE runs another copy)
 * Grade: make grade EX=09_real_input/post_twist
 *
 * Yours to work out: X_k and X_(H-k) from Z'_k and Z'_(H-k) alone: the spectra of the even
 * and the odd samples hidden in Z', and how they combine. The lesson's "Two for one" and
 * "The twist" do it for the other packing; the kernel's post_twist_pair is that packing's,
 * and fails here. Hints, one step at a time: exercises/09_real_input/README.md.
 * ---- */
static INLINE void post_twist_pair(real2_t a, real2_t b, real2_t w, real2_t *xk, real2_t *xmk)
{
    //@exercise begin: *xk = X_k, *xmk = X_(H-k) from a = Z'_k, b = Z'_(H-k), w = w_N^k
    //@stub /* placeholder: the packed spectrum as it is (wrong) */
    //@stub (void)w;
    //@stub *xk = a;
    //@stub *xmk = b;
    /* Z'_k = E_k - i O_k, and E, O are spectra of real rows: conj Z'_(H-k) = E_k + i O_k */
    const real2_t zc = (real2_t)(b.x, -b.y);                   /* conj Z'_(H-k) */
    const real2_t ek = (real_t)0.5 * (a + zc);                 /* E_k */
    const real2_t ok = (real_t)0.5 * (real2_t)(zc.y - a.y, a.x - zc.x); /* (zc - a)/2i */
    const real2_t t = cmul(w, ok);                             /* w_N^k O_k */
    *xk = ek + t;                                              /* the last radix-2 step */
    /* X_(H-k) = conj(E_k - w_N^k O_k), since w_N^(H-k) = -conj w_N^k */
    *xmk = (real2_t)(ek.x - t.x, t.y - ek.y);
    //@exercise end
}
