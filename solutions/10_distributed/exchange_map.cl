/* Exercise 10_distributed/exchange_map — where the global transpose moves each value.
 *
 * What you write: the bodies of pack_source and unpack_source, the two index maps of the
 * all-to-all transpose. The chapter's program builds its kernel file with this file in
 * place of its own two functions. Above that place you have real_t, real2_t, INLINE
 * and chapter 07's passes; below it the kernels exchange_pack and exchange_unpack call
 * your functions once per value:
 *     exchange_pack     send[e] = x[pack_source(e, B, MU, MV, NI, P)]
 *     (the host: send to host memory, MPI_Alltoall sends block d to rank d, back to recv)
 *     exchange_unpack   y[f] = recv[unpack_source(f, B, MU, MV, NI, P)]
 *
 * The layouts on one rank, each array in C order (the last index fastest). P ranks; b < B
 * the batch; i < NI the contiguous inner axes (NI = 1 in 2-D, NI = Nx in 3-D); the
 * distributed axis has P*MU rows, MU per rank; the next axis P*MV, MV per rank after:
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
 *         (this file; --exercise FILE runs another copy)
 * Grade:  make grade EX=10_distributed/exchange_map   (each case under tools/mpirun.sh -n P)
 * Build errors and line numbers name this file.
 *
 * The placeholders return their argument: the send buffer is the slab as it is and the
 * output the receive buffer as it is, so --size 8x6 on 2 ranks fails with most values
 * wrong (the report names the rank and the grid points).
 *
 * Yours to work out: how a flat index splits into the digits of its layout, and the flat
 * index of the source from them. Hints, one step at a time:
 * exercises/10_distributed/README.md.
 * ------------------------------------------------------------------------------------- */
//@exercise begin: the body of pack_source: the index into X of the value that goes to S[e]
//@stub /* The index into X of the value that goes to S[e] (the pack's map). */
//@stub static INLINE size_t pack_source(size_t e, const int B, const int MU, const int MV, const int NI,
//@stub                                  const int P)
//@stub {
//@stub     /* placeholder: the send buffer is the slab as it is (no blocks, no transpose) */
//@stub     (void)B; (void)MU; (void)MV; (void)NI; (void)P;
//@stub     return e;
//@stub }
/* Where value F of the send buffer comes from in the slab X (the pack's map). With
 * F = (((e*batch + b)*MV + v')*MU + u)*NI + i, it is X[b][u][e*MV + v'][i]. */
static INLINE size_t pack_source(size_t f, const int batch, const int MU, const int MV,
                                 const int NI, const int P)
{
    const size_t i = f % NI;
    size_t r = f / NI;
    const size_t u = r % MU;
    r /= MU;
    const size_t vl = r % MV;
    r /= MV;
    const size_t b = r % batch;
    const size_t e = r / batch;                 /* the block: for rank e */
    return ((b * MU + u) * ((size_t)P * MV) + e * MV + vl) * NI + i;
}
//@exercise end

//@exercise begin: the body of unpack_source: the index into R of the value that goes to Y[f]
//@stub /* The index into R of the value that goes to Y[f] (the unpack's map). */
//@stub static INLINE size_t unpack_source(size_t f, const int B, const int MU, const int MV, const int NI,
//@stub                                    const int P)
//@stub {
//@stub     /* placeholder: the output is the receive buffer as it is */
//@stub     (void)B; (void)MU; (void)MV; (void)NI; (void)P;
//@stub     return f;
//@stub }
/* Where value F of the output Y comes from in the receive buffer (the unpack's map). With
 * F = ((b*MV + v')*(P*MU) + w)*NI + i and w = e*MU + u, it is recv[e][b][v'][u][i]. */
static INLINE size_t unpack_source(size_t f, const int batch, const int MU, const int MV,
                                   const int NI, const int P)
{
    const size_t i = f % NI;
    size_t r = f / NI;
    const size_t w = r % ((size_t)P * MU);
    r /= (size_t)P * MU;
    const size_t vl = r % MV;
    const size_t b = r / MV;
    const size_t e = w / MU, u = w % MU;        /* the block: from rank e */
    return (((e * batch + b) * MV + vl) * MU + u) * NI + i;
}
//@exercise end
