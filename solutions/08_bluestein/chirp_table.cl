/* Exercise 08_bluestein/chirp_table — the chirp, computed on the device.
 *
 * What you write: the body of chirp(n, sign). It returns
 *     c_n = exp(sign*pi*i*n^2/N)   as (cos, sin) in real_t,
 * for 0 <= n < N <= 2^24 and sign = -1 (forward) or +1 (inverse), accurate to a few units
 * in the last place of fp32 at every N: the whole transform must stay within the
 * chapter's bound (4x the FFT's, about 3-10e-6 in fp32). N is the constant BS_N.
 *
 * Where it goes: the chapter's program builds kernels/08_bluestein.cl with this file in
 * place of the block "#ifndef FL_EXERCISE_CHIRP_TABLE" (the chapter's own chirp). Above
 * that place you have real_t, real2_t, cmul, cexpi and FFTLAB_PI (kernels/fftlab.clh),
 * BS_N and the passes; below it the kernel chirp_table calls your chirp(n, sign) once per
 * n < N into a device buffer, and the fused plan (one kernel up to N = 2048, the passes
 * with hooks above) reads the chirp from there instead of from the host's table.
 *
 * Run:    ./build/08_bluestein --size 1009 --variant chirp_table      (this file)
 *         ./build/08_bluestein --size 1009 --variant chirp_table --exercise FILE
 * Grade:  make grade EX=08_bluestein/chirp_table
 * Build errors and line numbers name this file.
 *
 * The placeholder computes the angle pi*n^2/N as the formula is written: --size 17
 * passes, --size 100 fails (rel L2 7.8e-6 against a bound of 3.2e-6), --size 65521 is
 * wrong in the third digit. Work out why from the size of the angle, then:
 *
 * Hints
 * - exp(sign*pi*i*(n^2 + 2N)/N) = exp(sign*pi*i*n^2/N) * exp(sign*2*pi*i): c_n depends
 *   on n^2 only modulo 2N. With r = n^2 mod 2N the angle pi*r/N is below 2*pi, whatever
 *   N is. Reduce first, in exact integer arithmetic; then compute the angle.
 * - n < 2^24, so n^2 < 2^48: compute it as (ulong)n * n (64-bit integers are part of
 *   OpenCL C). n * n in int wraps from n = 46341 on, (ulong)(n * n) too (the cast comes
 *   after the overflow), and a float holds integers exactly only up to 2^24.
 * - r is exact; the angle is not. A float holds r exactly while r <= 2^24, and r goes up
 *   to 2N - 1 <= 2^25 - 1: fold r >= N to r - 2N (the same chirp, the angle now in
 *   [-pi, pi)), and |r| <= 2^24. Then r / N rounds once.
 * - cospi(f) and sinpi(f) are cos(pi*f) and sin(pi*f) without rounding pi first; cexpi
 *   of (real_t)FFTLAB_PI * f is nearly as good.
 * - Test smallest first: --size 17, --size 1009 --batch 3 (one kernel), --size 1009
 *   --inverse (the sign), --size 4099 --batch 2 --explain (two passes per FFT: your chirp
 *   is read by the first pass's load hook and the last pass's store hook), --size 65521
 *   --inverse (n^2 > 2^31), --size 1048583 (2^20 + 7: n^2 near 2^40).
 * ------------------------------------------------------------------------------------- */
real2_t chirp(int n, int sign)
{
    //@exercise begin: c_n = exp(sign*pi*i*n^2/N), the angle kept small and exact (see the hints)
    //@stub /* placeholder: the angle pi*n^2/N as it stands, in real_t (not reduced) */
    //@stub real_t angle = (real_t)FFTLAB_PI * ((real_t)n * (real_t)n / (real_t)BS_N);
    //@stub return cexpi(sign * angle);
    /* c_n depends on n^2 only modulo 2N (exp(pi*i*2N/N) = 1): reduce it exactly, in 64-bit
     * integers, and the angle pi*r/N is below 2*pi */
    ulong r = (ulong)n * (ulong)n % (2 * (ulong)BS_N);
    /* fold r in [N, 2N) to r - 2N, so f = r/N is in [-1, 1) (r is exact in fp32 up to
     * 2^24); cospi and sinpi take pi*f without rounding pi first */
    long s = r >= (ulong)BS_N ? (long)r - 2 * (long)BS_N : (long)r;
    real_t f = (real_t)s / (real_t)BS_N;
    return (real2_t)(cospi(f), sign * sinpi(f));
    //@exercise end
}
