/* Exercise 08_bluestein/chirp_table — the chirp, computed on the device.
 *
 * What you write: the body of chirp(n, sign). It returns
 *     c_n = exp(sign*pi*i*n^2/N)   as (cos, sin) in real_t,
 * for 0 <= n < N <= 2^24 and sign = -1 (forward) or +1 (inverse), accurate to a few units
 * in the last place of fp32 at every N: the whole transform must stay within the
 * chapter's bound (4x the FFT's, about 3-10e-6 in fp32). N is the constant BS_N.
 *
 * What you may use (defined before your function): real_t, real2_t, cmul, cexpi(angle)
 * (exp(i*angle)), FFTLAB_PI, BS_N, and OpenCL C's built-ins (64-bit ulong and long,
 * cospi(f) and sinpi(f): cos(pi*f) and sin(pi*f) without rounding pi first). Below your
 * function the kernel chirp_table calls chirp(n, sign) once per n < N into a device
 * buffer, and the fused plan reads the chirp from there instead of from the host's table.
 *
 * Run:    ./build/08_bluestein --size 1009 --variant chirp_table      (this file)
 *         ./build/08_bluestein --size 1009 --variant chirp_table --exercise FILE
 * Grade:  make grade EX=08_bluestein/chirp_table
 * Build errors and line numbers name this file.
 *
 * The placeholder computes the angle pi*n^2/N as the formula is written: --size 17
 * passes, --size 100 fails (rel L2 7.8e-6 against a bound of 3.2e-6), --size 65521 is
 * wrong in the third digit.
 *
 * Yours to work out: why, from the size of the angle, and an angle that stays small and
 * exact at every n. Hints, one step at a time: exercises/08_bluestein/README.md.
 * ------------------------------------------------------------------------------------- */
real2_t chirp(int n, int sign)
{
    //@exercise begin: c_n = exp(sign*pi*i*n^2/N), accurate at every n < N <= 2^24
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
