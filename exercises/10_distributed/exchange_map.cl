/* GENERATED from solutions/10_distributed/exchange_map.cl by tools/make-stubs.sh. Edit this file only at the TODO(exercise) places; maintainers edit the solution and run make stubs. */
/* Exercise 10_distributed/exchange_map — where the global transpose moves each value.
 *
 * This is the chapter's kernel file (kernels/10_distributed.cl) with the bodies of
 * pack_source and unpack_source left for you. exchange_pack calls pack_source(e) to learn
 * which value of the slab X goes to place e of the send buffer S; exchange_unpack calls
 * unpack_source(f) to learn which value of the receive buffer R goes to place f of the
 * output Y. Between them, MPI_Alltoall sends block d of S to rank d. The comment at the top
 * gives both layouts; the README walks through them. The chapter runs it with --variant
 * exchange_map, under MPI:
 * Run:  tools/mpirun.sh -n 2 ./build/10_distributed --variant exchange_map --kernels exercises/10_distributed/exchange_map.cl --size 8x6
 * Grade: make grade EX=10_distributed/exchange_map
 * -------------------------------------------------------------------------------------- */
/* 10_distributed — the two kernels of the global transpose: pack before MPI_Alltoall,
 * unpack after it.
 *
 * P ranks (MPI processes) each hold a slab of a 2-D or 3-D array: rank r owns the rows
 * r*Na/P .. (r+1)*Na/P - 1 of the outermost axis (FFTW-MPI's slab decomposition). Every
 * axis inside the slab is transformed locally (chapter 07's passes); the outermost axis is
 * spread over all the ranks, so before it can be transformed the data must be
 * redistributed: afterwards rank r owns a slab of the NEXT axis and all of the outermost
 * one. That redistribution is a transpose of the P x P grid of blocks, and MPI_Alltoall
 * does it: rank r sends its block d to rank d and receives block r of every rank.
 *
 * MPI_Alltoall sends P contiguous blocks of equal size, block d to rank d. So the host
 * (chapters/10_distributed) runs, per exchange:
 *     exchange_pack     X  -> S   rearrange the slab into P send blocks, block d holding
 *                                 what rank d will own, in the order rank d wants it
 *     read S to the host, MPI_Alltoall, write what arrived into R   (host memory: the
 *                                 staging a GPU-aware MPI would skip, see the lesson)
 *     exchange_unpack   R  -> Y   put the P received blocks where they belong
 *
 * One index map covers every exchange of the chapter. On one rank the data are
 *     X[b][u][v][i]     b < B       the batch
 *                       u < MU      this rank's part of the axis distributed now
 *                       v < P*MV    an axis held whole now, distributed afterwards
 *                       i < NI      the axes inside, contiguous (1 in 2-D, Nx in 3-D)
 * and the exchange turns them into
 *     Y[b][v'][w][i]    v' < MV     this rank's part of v (rank r: v = r*MV + v')
 *                       w  < P*MU   the whole of u's axis (rank s sent w = s*MU + u)
 * That is the move FFTW-MPI calls a transposed output (FFTW_MPI_TRANSPOSED_OUT): in 2-D
 * (u = y, v = x, NI = 1) a slab of rows a[b][y][x] becomes a slab of columns a[b][x][y];
 * in 3-D (u = z, v = y, NI = Nx) a[b][z][y][x] becomes a[b][y][z][x]. The same kernels
 * with (MU, MV) swapped move the data back (--natural, and the inverse of a transposed
 * output).
 *
 * The send buffer holds, for each destination d, its block of B*MV*MU*NI values, already
 * transposed the way d stores them:
 *     S[d][b][v'][u][i] = X[b][u][d*MV + v'][i]                      (pack)
 * Block s of the receive buffer is what rank s sent, R[s][b][v'][u][i], with u a row of
 * s's slab; so
 *     Y[b][v'][s*MU + u][i] = R[s][b][v'][u][i]                       (unpack)
 *
 * Work-items: one per value of the output (S for the pack, Y for the unpack), so that
 * neighbouring work-items write neighbouring addresses; each reads where the map says.
 * In 3-D, runs of NI = Nx values move together, in order. In 2-D (NI = 1) the pack reads
 * down a column: consecutive items read values P*MV apart — a transpose done the simple
 * way (chapter 07's tiled transpose would read and write in rows; the lesson says when
 * that matters). */

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

/* Contract (exchange_pack)
 *   work-items : 1-D, at least B*MU*P*MV*NI (the rank's values); items past the end do
 *                nothing
 *   args       : x (the slab, X[b][u][v][i]), send (S), B, MU, MV, NI, P
 *   reads      : x[pack_source(e)], every value once
 *   writes     : send[e], e < B*MU*P*MV*NI, once; block d = send[d*B*MV*MU*NI ..] is what
 *                goes to rank d
 *   host calls : after the local passes; then reads send to the host for MPI_Alltoall. */
__kernel void exchange_pack(__global const real2_t *x, __global real2_t *send, int B, int MU,
                            int MV, int NI, int P)
{
    const size_t e = get_global_id(0);
    if (e >= (size_t)B * MU * MV * NI * P)
        return;
    send[e] = x[pack_source(e, B, MU, MV, NI, P)];
}

/* Contract (exchange_unpack)
 *   work-items : 1-D, at least B*MV*P*MU*NI; items past the end do nothing
 *   args       : recv (R, block s from rank s), y (Y[b][v'][w][i]), B, MU, MV, NI, P
 *   reads      : recv[unpack_source(f)], every value once
 *   writes     : y[f], once
 *   host calls : after MPI_Alltoall's result was written into recv; then the passes along
 *                the axis that is now whole (w). */
__kernel void exchange_unpack(__global const real2_t *recv, __global real2_t *y, int B, int MU,
                              int MV, int NI, int P)
{
    const size_t f = get_global_id(0);
    if (f >= (size_t)B * MU * MV * NI * P)
        return;
    y[f] = recv[unpack_source(f, B, MU, MV, NI, P)];
}
