/* Exercise 05_register_radix/twiddle_table — read a twiddle from a two-level table.
 *
 * What you write: the body of twiddle_lookup(x, hi, lo, lo_bits). It returns
 *     w_N^x = exp(-2*pi*i * x/N)   for 0 <= x < N,
 * from two tables the host filled in double precision and converted to real2_t:
 *     lo[z] = w_N^z                 for z < 2^lo_bits,
 *     hi[y] = w_N^(y * 2^lo_bits)   for y < N / 2^lo_bits,
 * lo_bits = ceil(log2 N / 2). For N = 2^20 that is 1024 + 1024 values instead of a
 * table of every w_N^x (a million).
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
 * Yours to work out: which entry of each table, and how to combine the two. Hints, one
 * step at a time: exercises/05_register_radix/README.md.
 * ------------------------------------------------------------------------------------- */
// TODO(exercise): twiddle_lookup returns w_N^x from one entry of hi and one of lo
/* w_N^x, 0 <= x < N, from the tables hi and lo (see the header). */
real2_t twiddle_lookup(int x, __global const real2_t *hi, __global const real2_t *lo, int lo_bits)
{
    return (real2_t)(1, 0); /* placeholder */
}
