/* GENERATED from solutions/01_dft/twiddle_table.cl by tools/make-stubs.sh. Edit this file only at the TODO(exercise) places; maintainers edit the solution and run make stubs. */
/* Exercise 01_dft/twiddle_table — the DFT with its twiddles read from a table.
 *
 * The chapter kernel (kernels/01_dft.cl) calls sincos once per multiply-add: N^2 calls
 * for one transform. But only N different twiddles exist: exp(sign*2*pi*i*m/N) for
 * m = 0 .. N-1, because the exponent is periodic in j*k with period N. The host computes
 * those N values once, in double, and uploads them; the kernel replaces sincos by one
 * load from a small table that stays in cache. Two things to take away:
 *   - on a CPU (pocl) sincos is the expensive part of the loop; a table turns a
 *     compute-bound loop into a load-and-multiply loop (compare the times);
 *   - the table only works because we keep m = (j*k) mod N as an exact integer, which
 *     is the same reduction that gives the chapter kernel its accuracy.
 * The table also fixes the sign: the host fills it with the direction's sign, so the
 * kernel has no `sign` parameter.
 *
 * Contract
 *   work-items : global (n, batch), any local size (the chapter may pass --wg W dividing
 *                n); item (k, row) computes bin k of transform `row`
 *   table      : w[m] = exp(sign * 2*pi*i * m / n), m = 0 .. n-1, filled by the host
 *   reads      : x[row*n + 0 .. row*n + n-1] and all of w[0 .. n-1]
 *   writes     : y[row*n + k], exactly once
 *   host calls : once per transform (one launch); x and y are different buffers */
__kernel void dft_table(__global const real2_t *x, __global real2_t *y,
                        __global const real2_t *w, int n)
{
    const int k = get_global_id(0);
    const size_t base = (size_t)get_global_id(1) * (size_t)n;

    real2_t acc = (real2_t)(0, 0);
    // TODO(exercise): Sum x[base + j] * w[m] over j = 0 .. n-1, with m = (j*k) mod n kept exact: add k each step, subtract n once it reaches n.
    /* acc stays 0: every bin comes out wrong. */
    y[base + k] = acc;
}
