/* Exercise 05_register_radix/twiddle_table — read a twiddle from a three-level table.
 *
 * What you write: the body of twiddle_lookup3(x, t, bits). It returns
 *     w_N^x = exp(-2*pi*i * x/N)   for 0 <= x < N,
 * from one table t of three levels of 2^bits values each, back to back, that the host
 * filled in double precision and converted to real2_t:
 *     t[y]              = w_N^y                   for y < 2^bits      (level 0)
 *     t[2^bits + y]     = w_N^(y * 2^bits)        for y < 2^bits      (level 1)
 *     t[2 * 2^bits + y] = w_N^(y * 2^(2*bits))    for y < 2^bits      (level 2)
 * bits = ceil(log2 N / 3), so 2^(3*bits) >= N. For N = 2^21 that is 3 x 128 values
 * where the chapter's own two levels (kernels/05_register_radix.cl) take 2 x 1024.
 *
 * What you may use (defined before your function): real_t, real2_t, cmul(a, b) (the
 * complex product). Below your function, twiddle() turns the w_M^a a pass needs into
 * w_N^x with x = a*N/M and calls yours: with --variant twiddle_table every twiddle of
 * the table kernels (register radix 16) comes through it.
 *
 * Run:    ./build/05_register_radix --size 32 --variant twiddle_table      (this file)
 *         ./build/05_register_radix --size 32 --variant twiddle_table --exercise FILE
 *         then --size 4096 --inverse, 2^20 --explain, 2^21
 * Grade:  make grade EX=05_register_radix/twiddle_table
 * Build errors and line numbers name this file.
 *
 * The placeholder returns 1 for every twiddle: N <= 16 needs none and passes; from
 * N = 32 on every case fails.
 *
 * Yours to work out: which entry of each level, and how to combine them. Hints, one
 * step at a time: exercises/05_register_radix/README.md.
 * ------------------------------------------------------------------------------------- */
// TODO(exercise): twiddle_lookup3 returns w_N^x from one entry of each level of t
/* w_N^x, 0 <= x < N, from the three levels of t (see the header). */
real2_t twiddle_lookup3(int x, __global const real2_t *t, int bits)
{
    return (real2_t)(1, 0); /* placeholder */
}
