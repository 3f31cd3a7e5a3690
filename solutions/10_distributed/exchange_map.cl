/* Exercise 10_distributed/exchange_map — where the global transpose moves each value.
 *
 * What you write: the bodies of pack_source and unpack_source, the two index maps of the
 * all-to-all transpose. The chapter's program builds its kernel file with this file in
 * place of its own two functions. Above that place you have real_t, real2_t, INLINE
 * and chapter 07's passes; below it the kernels exchange_pack and exchange_unpack call
 * your functions once per value, f being the flat index of the value they write:
 *     exchange_pack     send[f] = X[pack_source(f, batch, MU, MV, NI, P)]
 *     (the host: block e of send goes to rank e, and arrives as block d of its recv)
 *     exchange_unpack   Y[f] = recv[unpack_source(f, batch, MU, MV, NI, P)]
 *
 * The layouts on rank d of P (d, e < P), each array in C order (the last index fastest):
 *     before   X[a][u][v][i]          a < batch: the array of the batch
 *                                     u < MU: rank d's own rows of the distributed axis
 *                                     (P*MU rows in all: rank 0's MU, then rank 1's, ...)
 *                                     v < P*MV: the next axis, whole
 *                                     i < NI: the contiguous inner axes (1 in 2-D, Nx in 3-D)
 *     send     send[e][a][v'][u][i]   block e, for rank e: the part of v that rank e owns
 *                                     after the exchange (rank 0 the first MV values of v,
 *                                     rank 1 the next MV, ...)
 *     receive  recv[e][a][v'][u][i]   block e, from rank e: e's rows u, d's part v' of v
 *     after    Y[a][v'][w][i]         v' < MV: rank d's part of v;
 *                                     w < P*MU: the distributed axis, now whole
 * pack_source(f) returns the index into X of the value that goes to send[f];
 * unpack_source(f) the index into recv of the value that goes to Y[f]. In 2-D on 2 ranks
 * with --size 8x6, rank 0 holds rows y = 0..3 (MU = 4) of all 6 columns; it sends columns
 * 0..2 (MV = 3) of its rows to itself and columns 3..5 to rank 1, each block as a 3 x 4
 * matrix (x', then y): the transpose happens in the pack. --explain prints the arguments
 * the host passes: exchange_pack(B, send, 1, 4, 3, 1, 2) is X in buffer B, then send,
 * batch, MU, MV, NI and P.
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
 * Yours to work out: which value of X each place of a send block holds and which row of
 * which block of recv each row w of Y is, then how a flat index splits into the digits of
 * its layout, and the flat index of the source from them. Hints, one step at a time:
 * exercises/10_distributed/README.md.
 * ------------------------------------------------------------------------------------- */
//@exercise begin: the body of pack_source: the index into X of the value that goes to send[f]
//@stub /* The index into X of the value that goes to send[f] (the pack's map). */
//@stub static INLINE size_t pack_source(size_t f, const int batch, const int MU, const int MV,
//@stub                                  const int NI, const int P)
//@stub {
//@stub     /* placeholder: the send buffer is the slab as it is (no blocks, no transpose) */
//@stub     (void)batch; (void)MU; (void)MV; (void)NI; (void)P;
//@stub     return f;
//@stub }
/* Where value F of the send buffer comes from in the slab X (the pack's map). With
 * F = (((e*batch + a)*MV + v')*MU + u)*NI + i, it is X[a][u][e*MV + v'][i]. */
static INLINE size_t pack_source(size_t f, const int batch, const int MU, const int MV,
                                 const int NI, const int P)
{
    const size_t i = f % NI;
    size_t r = f / NI;
    const size_t u = r % MU;
    r /= MU;
    const size_t vl = r % MV;
    r /= MV;
    const size_t a = r % batch;
    const size_t e = r / batch;                 /* the block: for rank e */
    return ((a * MU + u) * ((size_t)P * MV) + e * MV + vl) * NI + i;
}
//@exercise end

//@exercise begin: the body of unpack_source: the index into recv of the value that goes to Y[f]
//@stub /* The index into recv of the value that goes to Y[f] (the unpack's map). */
//@stub static INLINE size_t unpack_source(size_t f, const int batch, const int MU, const int MV,
//@stub                                    const int NI, const int P)
//@stub {
//@stub     /* placeholder: the output is the receive buffer as it is */
//@stub     (void)batch; (void)MU; (void)MV; (void)NI; (void)P;
//@stub     return f;
//@stub }
/* Where value F of the output Y comes from in the receive buffer (the unpack's map). With
 * F = ((a*MV + v')*(P*MU) + w)*NI + i and w = e*MU + u, it is recv[e][a][v'][u][i]. */
static INLINE size_t unpack_source(size_t f, const int batch, const int MU, const int MV,
                                   const int NI, const int P)
{
    const size_t i = f % NI;
    size_t r = f / NI;
    const size_t w = r % ((size_t)P * MU);
    r /= (size_t)P * MU;
    const size_t vl = r % MV;
    const size_t a = r / MV;
    const size_t e = w / MU, u = w % MU;        /* the block: from rank e */
    return (((e * batch + a) * MV + vl) * MU + u) * NI + i;
}
//@exercise end
