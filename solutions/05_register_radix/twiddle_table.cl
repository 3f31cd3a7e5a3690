/* Exercise 05_register_radix/twiddle_table — read a twiddle from a two-level table.
 *
 * What you write: the body of twiddle_lookup(x, hi, lo, lo_bits). It returns
 *     w_N^x = exp(-2*pi*i * x/N)   for 0 <= x < N,
 * from two tables the host filled in double precision and converted to real2_t:
 *     lo[z] = w_N^z                 for z < 2^lo_bits,
 *     hi[y] = w_N^(y * 2^lo_bits)   for y < N / 2^lo_bits,
 * lo_bits = ceil(log2 N / 2) (plan() in chapters/05_register_radix/main.c fills them).
 *
 * Where it goes: the chapter's program builds kernels/05_register_radix.cl with this file
 * in place of the block "#ifndef FL_EXERCISE_TWIDDLE_TABLE" (the chapter's own lookup).
 * Above that place you have real_t, real2_t, cmul and FFTLAB_PI (kernels/fftlab.clh),
 * the DFT blocks and twiddle_angle; below it twiddle(), which turns the w_M^a a pass needs
 * into w_N^x with x = a*N/M and calls your function. With --variant twiddle_table every
 * twiddle of the table kernels (register radix 16) comes through it; twiddle_powers in
 * kernels/05_passes.cl looks up w^a, w^4a and w^8a and multiplies the rest together.
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
 * Hints (exercises/05_register_radix/README.md has them in full)
 * - Split the exponent's bits: x = y * 2^lo_bits + z, y = x >> lo_bits (the high bits),
 *   z = x & (2^lo_bits - 1) (the low bits).
 * - Exponents add when powers multiply: w^(a + b) = w^a * w^b, a complex product (cmul).
 * ------------------------------------------------------------------------------------- */
/* w_N^x from the two-level table: x = hi_index * 2^lo_bits + lo_index, and
 * w^(a + b) = w^a * w^b, so one small table per half of x's bits is enough:
 *     hi[y] = w_N^(y * 2^lo_bits),  lo[z] = w_N^z. */
real2_t twiddle_lookup(int x, __global const real2_t *hi, __global const real2_t *lo, int lo_bits)
{
    //@exercise begin: w_N^x = hi[...] * lo[...] (see the hints above)
    //@stub return (real2_t)(1, 0);
    return cmul(hi[x >> lo_bits], lo[x & ((1 << lo_bits) - 1)]);
    //@exercise end
}
