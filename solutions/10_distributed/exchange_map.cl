/* Exercise 10_distributed/exchange_map — the global transpose done in the unpack.
 *
 * What you write: the body of unpack_source, the unpack's index map for the other way to
 * split the all-to-all transpose between the two kernels. The chapter's program builds its
 * kernel file with this file in place of its own two maps. Above that place you have
 * real_t, real2_t, INLINE and chapter 07's passes; below it come this exercise's pack and
 * the kernels exchange_pack and exchange_unpack, which call the maps once per value, f
 * being the flat index of the value they write:
 *     exchange_pack     send[f] = X[pack_source(f, batch, MU, MV, NI, P)]   (given)
 *     (the host: block e of send goes to rank e, and arrives as block d of its recv)
 *     exchange_unpack   Y[f] = recv[unpack_source(f, batch, MU, MV, NI, P)]  (yours)
 *
 * The layouts on rank d of P (d, e < P), each array in C order (the last index fastest):
 *     before   X[a][u][v][i]          a < batch: the array of the batch
 *                                     u < MU: rank d's own rows of the distributed axis
 *                                     (P*MU rows in all: rank 0's MU, then rank 1's, ...)
 *                                     v < P*MV: the next axis, whole
 *                                     i < NI: the contiguous inner axes (1 in 2-D, Nx in 3-D)
 *     send     send[e][a][u][v'][i]   block e, for rank e: the part of v that rank e owns
 *                                     after the exchange (rank 0 the first MV values of v,
 *                                     rank 1 the next MV, ...), each row u's part as it
 *                                     lies in X: this pack does not transpose
 *     receive  recv[e][a][u][v'][i]   block e, from rank e: e's rows u, d's part v' of v
 *     after    Y[a][v'][w][i]         v' < MV: rank d's part of v;
 *                                     w < P*MU: the distributed axis, now whole
 * unpack_source(f) returns the index into recv of the value that goes to Y[f]: the
 * transpose happens here. In 2-D on 2 ranks with --size 8x6, rank 0 holds rows y = 0..3
 * (MU = 4) of all 6 columns; it sends columns 0..2 (MV = 3) of its rows to itself and
 * columns 3..5 to rank 1, each block as a 4 x 3 matrix (y, then x'), and receives the
 * same from rank 1 for rows 4..7; Y is 3 x 8 (x', then y). --explain prints the arguments
 * the host passes: exchange_unpack(recv, B, 1, 4, 3, 1, 2) is recv, then Y in buffer B,
 * batch, MU, MV, NI and P.
 *
 * Run:    tools/mpirun.sh -n 2 ./build/10_distributed --variant exchange_map --size 8x6
 *         (this file; --exercise FILE runs another copy)
 * Grade:  make grade EX=10_distributed/exchange_map   (each case under tools/mpirun.sh -n P)
 * Build errors and line numbers name this file.
 *
 * The placeholder returns its argument: the output is the receive buffer as it is, so
 * --size 8x6 on 2 ranks fails with most values wrong (the report names the rank and the
 * grid points). The chapter's own unpack_source (kernels/10_distributed.cl) reads the
 * other layout, recv[e][a][v'][u][i], and fails here too.
 *
 * Yours to work out: which row of which block of recv each row w of Y is, and where in
 * that block's row the value v' lies; then how a flat index splits into the digits of
 * its layout, and the flat index of the source from them. Hints, one step at a time:
 * exercises/10_distributed/README.md.
 * ------------------------------------------------------------------------------------- */
/* The index into recv of the value that goes to Y[f] (the unpack's map). */
static INLINE size_t unpack_source(size_t f, const int batch, const int MU, const int MV,
                                   const int NI, const int P)
{
    //@exercise begin: the index into recv of the value that goes to Y[f]
    //@stub /* placeholder: the output is the receive buffer as it is */
    //@stub (void)batch; (void)MU; (void)MV; (void)NI; (void)P;
    //@stub return f;
    /* Y[a][v'][w][i] with w = e*MU + u is recv[e][a][u][v'][i] */
    const size_t rows = (size_t)P * MU;         /* w: the distributed axis, now whole */
    const size_t i = f % NI, w = f / NI % rows;
    const size_t vl = f / NI / rows % MV, a = f / NI / rows / MV;
    const size_t u = w % MU, e = w / MU;        /* row w of Y was row u of rank e's slab */
    return (((e * batch + a) * MU + u) * MV + vl) * NI + i;
    //@exercise end
}
