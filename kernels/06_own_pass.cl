/* 06_own_pass.cl — the harness's side of a learner's own Stockham pass: what stands around
 * the file of --variant own_pass and own_pass_once (06_mixed_radix --pass-kernel FILE;
 * the exercise exercises/06_mixed_radix/own_pass.cl). Every other variant compiles this
 * file to nothing. The host's side is chapters/06_mixed_radix/pass_kernel.c.
 *
 * The contract the learner's file keeps (its header says it in full):
 *   kernel own_pass(OWN_PASS_PARAMS)         OWN_PASS_PARAMS = the two buffers, which the
 *                  file never names, then int N, int r, int L, int sign
 *   LOAD(i)        value i (0 <= i < N) of this work-item's row of the input x
 *   STORE(i, v)    value i of this work-item's row of the output y becomes v
 *   global size    (N / r, batch); get_global_id(1) is the row, which LOAD and STORE add
 * The file may not spell __global or global, the names below that end in '_' (own_..._,
 * OWN_..._), or ##: the
 * buffers are reached through LOAD and STORE only, so counting those counts every access
 * (the host refuses such a file before the build, pass_kernel.c).
 *
 * own_pass       LOAD and STORE are plain accesses: the run that is timed.
 * own_pass_once  the grader's probe of "each launch reads and writes each value once": every
 *                LOAD and STORE also counts its index with an atomic, in groups of one
 *                work-item (no local memory to share values through); after each launch
 *                own_pass_tally checks that every index was read once and written once and
 *                none outside 0..N-1 was asked for, and clears the counts; at the end
 *                own_pass_verdict fills the result with (b, -1e30) if any launch broke that,
 *                b the bits below (1 a value read other than once, 2 one written other than
 *                once, 4 an index outside the row; their sum), so the run's checks fail and
 *                their "got" lines say which rule broke.
 * own_pass_layout  the grader's probe of the layout between launches (the contract's): the
 *                learner's kernel runs every stage but the last, then own_pass_finish
 *                computes the transform from what the contract says the data holds at
 *                that point (L = N / the last radix), so only a pass that leaves the
 *                contract's layout after each launch passes (any other self-sorting pass,
 *                right at the end of all its launches, fails here). */
#if defined(FL_EXERCISE_OWN_PASS) || defined(FL_EXERCISE_OWN_PASS_ONCE) || \
    defined(FL_EXERCISE_OWN_PASS_LAYOUT)

/* The row this work-item's LOAD and STORE address: N values from row * N. */
#define OWN_ROW ((size_t)get_global_id(1) * (size_t)N)

#ifdef FL_EXERCISE_OWN_PASS_ONCE
/* Counts (ints): [0, NB) reads per index, [NB, 2 NB) writes, [2 NB] what went wrong, the
 * bits below; NB = N x batch. */
#define OWN_READ_NOT_ONCE 1
#define OWN_WRITTEN_NOT_ONCE 2
#define OWN_OUTSIDE_ROW 4

#define OWN_PASS_PARAMS __global const real2_t *own_x_, __global real2_t *own_y_, int N, int r, \
                        int L, int sign, __global volatile int *own_counts_
#define OWN_PASS_ARGS_ own_x_, own_y_, N, r, L, sign, own_counts_

real2_t own_load_(__global const real2_t *x, __global volatile int *c, int n, long i)
{
    size_t nb = (size_t)n * get_global_size(1), at = (size_t)get_global_id(1) * (size_t)n;
    if (i < 0 || i >= n) {
        atomic_or(&c[2 * nb], OWN_OUTSIDE_ROW);
        return (real2_t)(0, 0);
    }
    atomic_inc(&c[at + (size_t)i]);
    return x[at + (size_t)i];
}

void own_store_(__global real2_t *y, __global volatile int *c, int n, long i, real2_t v)
{
    size_t nb = (size_t)n * get_global_size(1), at = (size_t)get_global_id(1) * (size_t)n;
    if (i < 0 || i >= n) {
        atomic_or(&c[2 * nb], OWN_OUTSIDE_ROW);
        return;
    }
    atomic_inc(&c[nb + at + (size_t)i]);
    y[at + (size_t)i] = v;
}

#define LOAD(i) own_load_(own_x_, own_counts_, N, (long)(i))
#define STORE(i, v) own_store_(own_y_, own_counts_, N, (long)(i), (v))
#else
#define OWN_PASS_PARAMS __global const real2_t *own_x_, __global real2_t *own_y_, int N, int r, \
                        int L, int sign
#define OWN_PASS_ARGS_ own_x_, own_y_, N, r, L, sign
/* (a cast: a value, never an lvalue whose address could reach the buffer) */
#define LOAD(i) ((real2_t)own_x_[OWN_ROW + (size_t)(i)])
#define STORE(i, v) (own_y_[OWN_ROW + (size_t)(i)] = (v))
#endif

/* The learner's file goes in one of these two places, the running variant's (regions
 * follow each other: the harness splices at most one per build, never nested ones). */
#ifndef FL_EXERCISE_OWN_PASS
/* --variant own_pass: the file */
#endif
#ifndef FL_EXERCISE_OWN_PASS_ONCE
/* --variant own_pass_once: the file */
#endif
#ifndef FL_EXERCISE_OWN_PASS_LAYOUT
/* --variant own_pass_layout: the file */
#endif

/* A file without own_pass, or with other parameters, fails to build at every N (N = 1
 * launches nothing, and would pass): this calls it, as a kernel may call a kernel. */
__kernel void own_pass_defined_(OWN_PASS_PARAMS)
{
    own_pass(OWN_PASS_ARGS_);
}

#ifdef FL_EXERCISE_OWN_PASS_LAYOUT
/* The transform from the contract's layout at L (global size N x batch, item k a bin):
 *     X[s + L f] = sum over e < E of x[s E + e] w_E^(e f),   E = N / L,
 * the definition of that layout (its sequence s has the DFT X[s + L f]), summed directly. */
__kernel void own_pass_finish(__global const real2_t *x, __global real2_t *y, int n, int l,
                              int sign)
{
    const int k = get_global_id(0), s = k % l, f = k / l, e = n / l;
    const size_t row = (size_t)get_global_id(1) * (size_t)n;
    real2_t acc = (real2_t)(0, 0);
    for (int j = 0; j < e; j++)
        acc += cmul(x[row + (size_t)s * (size_t)e + (size_t)j],
                    cexpi((real_t)sign * (real_t)(2 * FFTLAB_PI) * (real_t)(j * f % e) / (real_t)e));
    y[row + (size_t)k] = acc;
}
#endif

#ifdef FL_EXERCISE_OWN_PASS_ONCE
/* Before the first launch: every count 0 (COUNT ints; the buffer starts unset). */
__kernel void own_pass_clear(__global volatile int *c, int count)
{
    const size_t i = get_global_id(0);
    if (i < (size_t)count)
        c[i] = 0;
}

/* After each launch, one item per index of the NB: read once, written once? Clears both. */
__kernel void own_pass_tally(__global volatile int *c, int nb)
{
    const size_t i = get_global_id(0), n = (size_t)nb;
    const int bad = (c[i] != 1 ? OWN_READ_NOT_ONCE : 0) | (c[n + i] != 1 ? OWN_WRITTEN_NOT_ONCE : 0);
    if (bad)
        atomic_or(&c[2 * n], bad);
    c[i] = 0;
    c[n + i] = 0;
}

/* After the last: the result all (b, -1e30) when any launch broke the rule, b its bits. */
__kernel void own_pass_verdict(__global const int *c, __global real2_t *y, int nb)
{
    const int bits = c[2 * (size_t)nb];
    if (bits != 0)
        y[get_global_id(0)] = (real2_t)((real_t)bits, (real_t)-1e30f);
}
#endif

#endif
