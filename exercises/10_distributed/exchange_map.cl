/* GENERATED from solutions/10_distributed/exchange_map.cl by tools/make-stubs.sh. Edit this file only at the TODO(exercise) places; maintainers edit the solution and run make stubs. */
/* Exercise 10_distributed/exchange_map — where the global transpose moves each value.
 *
 * What you write: the bodies of pack_source and unpack_source, the two index maps of the
 * all-to-all transpose. The chapter's program builds kernels/10_distributed.cl with this
 * file in place of the block "#ifndef FL_EXERCISE_EXCHANGE_MAP". Above that place you have
 * real_t, real2_t and INLINE (kernels/fftlab.clh) and chapter 07's passes; below it the
 * kernels exchange_pack and exchange_unpack call your functions once per value:
 *     exchange_pack     send[e] = x[pack_source(e, B, MU, MV, NI, P)]
 *     (the host: send to host memory, MPI_Alltoall sends block d to rank d, back to recv)
 *     exchange_unpack   y[f] = recv[unpack_source(f, B, MU, MV, NI, P)]
 *
 * The layouts on one rank (b < B the batch, i < NI the contiguous inner axes: NI = 1 in
 * 2-D; NI = Nx in 3-D):
 *     before   X[b][u][v][i]       u < MU: its own rows of the distributed axis,
 *                                  v < P*MV: the next axis, whole
 *     send     S[d][b][v'][u][i]   block d (for rank d) = X[b][u][d*MV + v'][i]
 *     receive  R[s][b][v'][u][i]   block s (from rank s): s's rows u, this rank's part v'
 *     after    Y[b][v'][w][i]      w = s*MU + u < P*MU: the distributed axis, now whole
 * pack_source(e) returns the index into X of the value that goes to S[e]; unpack_source(f)
 * the index into R of the value that goes to Y[f]. In 2-D on 2 ranks with --size 8x6,
 * rank 0 holds rows y = 0..3 (MU = 4) of all 6 columns; it sends columns 0..2 (MV = 3) of
 * its rows to itself and columns 3..5 to rank 1, each block as a 3 x 4 matrix (x', then
 * y): the transpose happens in the pack. --explain prints the arguments the host passes:
 * exchange_pack(B, send, 1, 4, 3, 1, 2) is B, MU, MV, NI, P.
 *
 * Run:    tools/mpirun.sh -n 2 ./build/10_distributed --variant exchange_map --size 8x6
 *         (this file; --exercise FILE runs another copy, e.g. solutions/10_distributed/...)
 * Grade:  make grade EX=10_distributed/exchange_map   (each case under tools/mpirun.sh -n P)
 * Build errors and line numbers name this file.
 *
 * The placeholders return their argument: the send buffer is the slab as it is and the
 * output the receive buffer as it is, so --size 8x6 on 2 ranks fails with most values
 * wrong (the report names the rank and the grid points).
 *
 * Hints
 * - Split a flat index from its fastest digit: for S[d][b][v'][u][i], i = e % NI, then u
 *   from (e / NI) % MU, then v', then b, and what is left is d. Then build X's index from
 *   the outermost digit in: ((b*MU + u)*(P*MV) + d*MV + v')*NI + i.
 * - In Y[b][v'][w][i], w runs over all P*MU rows of the distributed axis: s = w / MU is
 *   the rank the row came from and u = w % MU its row there.
 * - The two maps must agree with each other and with MPI_Alltoall; the grader checks only
 *   the final answer, so another consistent pair also passes.
 * - Use size_t for the indices: B*MU*P*MV*NI passes 2^31 long before any one factor does.
 * - Test smallest first: --size 8x6, --size 64x48 --batch 3 (the batch sits inside each
 *   block), --size 16x12x20 (3-D: NI = 20), -n 1 --size 8x12x6, -n 3 --size 12x12, and
 *   --natural (the exchange back calls the same functions with MU and MV swapped; every
 *   run's round-trip check uses it too).
 * ------------------------------------------------------------------------------------- */
/* Where value E of the send buffer S comes from in the slab X (the pack's map). With
 * E = (((d*B + b)*MV + v')*MU + u)*NI + i, it is X[b][u][d*MV + v'][i]. */
static INLINE size_t pack_source(size_t e, const int B, const int MU, const int MV, const int NI,
                                 const int P)
{
    // TODO(exercise): split E into (d, b, v', u, i), i fastest, and return the index of X[b][u][d*MV + v'][i]
    /* placeholder: the send buffer is the slab as it is (no blocks, no transpose) */
    (void)B; (void)MU; (void)MV; (void)NI; (void)P;
    return e;
}

/* Where value F of the output Y comes from in the receive buffer R (the unpack's map).
 * With F = ((b*MV + v')*(P*MU) + w)*NI + i and w = s*MU + u, it is R[s][b][v'][u][i]. */
static INLINE size_t unpack_source(size_t f, const int B, const int MU, const int MV, const int NI,
                                   const int P)
{
    // TODO(exercise): split F into (b, v', w, i), i fastest, w = s*MU + u, and return the index of R[s][b][v'][u][i]
    /* placeholder: the output is the receive buffer as it is */
    (void)B; (void)MU; (void)MV; (void)NI; (void)P;
    return f;
}
