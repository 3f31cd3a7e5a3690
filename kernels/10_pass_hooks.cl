/* 10_distributed — the hook of chapter 07's column pass that stores transposed: one rank's
 * whole exchange inside the last pass of the outermost axis.
 *
 * Built in front of kernels/07_multidim.cl, whose column passes (strided_pass,
 * parted_pass) call COLUMN_STORE_AT once per column after working out where it reads and
 * writes ("Extension point" there). With PASS_STORE_TRANSPOSED in a pass's flags, the
 * outputs go to FFTW-MPI's transposed layout instead of back in place.
 *
 * Why: on one rank (P = 1) the slab is the whole array, and the all-to-all transpose
 * (kernels/10_distributed.cl) has nothing to send; what is left is the transpose itself,
 * one more read and write of the array. But the outermost axis is transformed by column
 * passes anyway, the whole array read and written by each, and the last of them may as well
 * write where the transpose would put the value. So at P = 1 the chapter runs chapter 07's
 * passes on the natural array (x rows, then the outer axes as columns) and only the last
 * pass's store differs:
 *     natural      X[a][u][v][i]     a < batch, u < Nu: the outermost axis (the one the
 *                                    pass transforms), v < Nv: the next one,
 *                                    i < SLAB_NI: the axes inside (1 in 2-D, Nx in 3-D)
 *     transposed   Y[a][v][u][i]     2-D: y[x][y]; 3-D: y[y][z][x] (FFTW-MPI's n1 x n0 x n2)
 * The round trip's pass back (transposed in, natural out) is the same with u and v
 * swapped: chapter 07's passes on the transposed array, the last storing natural.
 *
 * The column's neighbour index s = v*SLAB_NI + i (S = Nv*SLAB_NI side-by-side lines) and
 * its line o = a (the outermost axis has nothing outside it but the batch); its output j
 * is u = (t - k)*Q + k + j*p, so it goes to Y[o][v][u][i]:
 *     out = ((o*Nv + v)*N + (t - k)*Q + k)*SLAB_NI + i,   dy = p*SLAB_NI
 * In 3-D neighbouring columns (lanes) are neighbouring i and write neighbouring addresses,
 * as in the natural layout. In 2-D (SLAB_NI = 1) they are neighbouring v, N apart; an
 * item's outputs j are p apart: when the axis is one pass (p = 1) the lanes of one column
 * write a run, otherwise every value goes its own way, so in 2-D the host takes this store
 * only when the outermost axis is one pass (chapters/10_distributed/pipeline.c).
 *
 * -D SLAB_NI (the host, chapters/10_distributed/run.c): the values of the axes inside,
 * 1 in 2-D, Nx in 3-D. The span p is spelled P in the code, as in chapter 07's.
 *
 * Notation: docs/notation.md */
#ifndef SLAB_NI
#error "SLAB_NI is not defined: build through chapters/10_distributed (run.c passes -D SLAB_NI=...)"
#endif

#define PASS_STORE_TRANSPOSED 256 /* (distributed.h has the same) */

/* Where column COL of a pass (Q, P) along the outermost axis (N points, S = Nv*SLAB_NI
 * side-by-side lines) stores in the transposed layout: output j at *OUT + j * *DY. */
static INLINE void transposed_addresses(size_t col, const int N, const int S, const int Q,
                                        const int P, size_t *out, size_t *dy)
{
    const int per_line = N / Q;
    const int s = (int)(col % S);
    const size_t rest = col / S;
    const int t = (int)(rest % per_line);
    const size_t o = rest / per_line;               /* the array of the batch            */
    const int k = t % P;
    const int v = s / SLAB_NI, i = s % SLAB_NI;     /* the next axis, the axes inside    */
    *out = ((o * (size_t)(S / SLAB_NI) + v) * N + (size_t)(t - k) * Q + k) * SLAB_NI + i;
    *dy = (size_t)P * SLAB_NI;
}

#define COLUMN_STORE_AT(col, flags, N, S, Q, P, out, dy)                                   \
    if ((flags) & PASS_STORE_TRANSPOSED)                                                   \
        transposed_addresses(col, N, S, Q, P, out, dy)
