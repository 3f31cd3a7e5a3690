/* Exercise 08_bluestein/chirp_table — another chirp, computed on the device.
 *
 * What you write: the body of chirp(n, sign). It returns
 *     c'_n = exp(sign*pi*i*n*(n+N)/N)   as (cos, sin) in real_t,
 * for 0 <= n < N <= 2^24 and sign = -1 (forward) or +1 (inverse), accurate to a few units
 * in the last place of fp32 at every N: the whole transform must stay within the
 * chapter's bound (4x the FFT's, about 3-10e-6 in fp32). N is the constant BS_N.
 * It is not the lesson's chirp c_n = exp(sign*pi*i*n^2/N), but Bluestein's identity
 * takes it as well: with --variant chirp_table the host makes Bh from c', the kernel
 * chirp_table below your function calls chirp(n, sign) once per n < N into a device
 * buffer, and the fused plan reads that table for both of its chirp multiplies.
 *
 * What you may use (defined before your function): real_t, real2_t, cmul, cexpi(angle)
 * (exp(i*angle)), FFTLAB_PI, BS_N, and OpenCL C's built-ins (64-bit ulong and long,
 * cospi(f) and sinpi(f): cos(pi*f) and sin(pi*f) without rounding pi first).
 *
 * Run:    ./build/08_bluestein --size 1009 --variant chirp_table      (this file)
 *         ./build/08_bluestein --size 1009 --variant chirp_table --exercise FILE
 * Grade:  make grade EX=08_bluestein/chirp_table
 * Build errors and line numbers name this file.
 *
 * The placeholder computes the angle pi*n*(n+N)/N as the formula is written: small N
 * pass, and the error grows with N until the answer is noise.
 *
 * Yours to work out: why c' serves as well as c, why the placeholder fails from the size
 * of its angle, and an angle that stays small and exact at every n < 2^24. Hints, one step
 * at a time: exercises/08_bluestein/README.md.
 * ------------------------------------------------------------------------------------- */
real2_t chirp(int n, int sign)
{
    // TODO(exercise): c'_n = exp(sign*pi*i*n*(n+N)/N), accurate at every n < N <= 2^24
    /* placeholder: the angle pi*n*(n+N)/N as it stands, in real_t (not reduced) */
    real_t nn = (real_t)n * ((real_t)n + (real_t)BS_N);
    real_t angle = (real_t)FFTLAB_PI * (nn / (real_t)BS_N);
    return cexpi(sign * angle);
}
