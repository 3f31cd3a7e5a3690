/* 10_distributed — the two kernels of the global transpose: pack before the exchange,
 * unpack after it.
 *
 * P ranks (MPI processes) each hold a slab of a 2-D or 3-D array: rank d (0 <= d < P) owns
 * the rows d*Na/P .. (d+1)*Na/P - 1 of the outermost axis (FFTW-MPI's slab decomposition).
 * Every axis inside the slab is transformed locally (chapter 07's passes); the outermost
 * axis is spread over all the ranks, so before it can be transformed the data must be
 * redistributed: afterwards rank d owns a slab of the NEXT axis and all of the outermost
 * one. That redistribution is a transpose of the P x P grid of blocks, an all-to-all: rank
 * d sends its block e to rank e, for every other rank e, and receives block d of every
 * rank e.
 *
 * MPI sends contiguous blocks, one to each rank. So the host (chapters/10_distributed) runs,
 * per exchange:
 *     exchange_pack     x -> send   rearrange the slab into P blocks, block e holding what
 *                                   rank e will own, in the order rank e wants it
 *     the exchange: block e of send to rank e, block e of recv from rank e (staged through
 *                                   host memory: what a GPU-aware MPI would skip, see the
 *                                   lesson); its own block d is a copy on the device
 *     exchange_unpack   recv -> y   put the P received blocks where they belong
 * On one rank (P = 1) there is nothing to send, and no pack either: the transpose is in
 * the store of the last pass of chapter 07's passes (kernels/10_pass_hooks.cl); only an
 * exercise run packs and unpacks there.
 *
 * One index map covers every exchange of the chapter. On one rank the data are
 *     X[a][u][v][i]     a < batch   the array of the batch (batch: the kernels' argument)
 *                       u < MU      this rank's part of the axis distributed now
 *                       v < P*MV    an axis held whole now, distributed afterwards
 *                       i < NI      the axes inside, contiguous (1 in 2-D, Nx in 3-D)
 * and the exchange turns them into
 *     Y[a][v'][w][i]    v' < MV     this rank's part of v (rank d: v = d*MV + v')
 *                       w  < P*MU   the whole of u's axis (rank e sent w = e*MU + u)
 * That is the move FFTW-MPI calls a transposed output (FFTW_MPI_TRANSPOSED_OUT): in 2-D
 * (u = y, v = x, NI = 1) a slab of rows X[a][y][x] becomes a slab of columns Y[a][x][y];
 * in 3-D (u = z, v = y, NI = Nx) X[a][z][y][x] becomes Y[a][y][z][x]. The same kernels
 * with (MU, MV) swapped move the data back (--natural, and the inverse of a transposed
 * output).
 *
 * The send buffer holds, for each rank e, its block of batch*MV*MU*NI values, already
 * transposed the way rank e stores them:
 *     send[e][a][v'][u][i] = X[a][u][e*MV + v'][i]                    (pack)
 * Block e of the receive buffer is what rank e sent, recv[e][a][v'][u][i], with u a row
 * of e's slab; so
 *     Y[a][v'][e*MU + u][i] = recv[e][a][v'][u][i]                    (unpack)
 *
 * Work-items: one per value of the output (send for the pack, Y for the unpack), so that
 * neighbouring work-items write neighbouring addresses; each reads where the map says.
 * In 3-D, runs of NI = Nx values move together, in order. In 2-D (NI = 1) the pack reads
 * down a column: consecutive items read values P*MV apart — a transpose done the simple
 * way (chapter 07's tiled transpose would read and write in rows; the lesson says when
 * that matters).
 *
 * Notation: docs/notation.md (P ranks, rank d; e: the other rank of a block). The index
 * names a, u, v, v', w, i and the shape MU, MV, NI are this file's, as above; the kernels'
 * argument `batch` is the batch count. */

/* Exercise 10_distributed/exchange_map (--variant exchange_map, exercises/10_distributed/
 * exchange_map.cl): the student's unpack_source is built here, in place of this block, for
 * the other map: the exercise's pack below copies each block as it lies, and the unpack
 * does the transpose. */
#ifndef FL_EXERCISE_EXCHANGE_MAP
/* The chapter's maps are the ones below: its unpack reads the layout its own pack writes,
 * and fails the exercise. */
#endif

/* The two index maps of the chapter, pack_source and unpack_source: the transpose in the
 * pack, the unpack a copy of runs. Not built with the exercise, which has its own pack
 * (after them) and the student's unpack. */
#if !defined(FL_EXERCISE_EXCHANGE_MAP)
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
#else
/* The exercise's pack (--variant exchange_map only): the other map, no transpose here.
 * Block e of the send buffer holds rank e's part of v of each row u as it lies in X, in
 * runs of MV*NI values: with F = (((e*batch + a)*MU + u)*MV + v')*NI + i, value F is
 * X[a][u][e*MV + v'][i]. The student's unpack_source, built above, puts each received
 * value in its place in Y[a][v'][w][i]. */
static INLINE size_t pack_source(size_t f, const int batch, const int MU, const int MV,
                                 const int NI, const int P)
{
    const size_t run = (size_t)MV * NI;
    const size_t j = f % run;                   /* v'*NI + i: the place in the run */
    size_t r = f / run;
    const size_t u = r % MU;
    r /= MU;
    const size_t a = r % batch;
    const size_t e = r / batch;                 /* the block: for rank e */
    return (a * MU + u) * ((size_t)P * run) + e * run + j;
}
#endif

/* Contract (exchange_pack)
 *   work-items : 1-D, at least batch*MU*P*MV*NI (the rank's values); items past the end do
 *                nothing
 *   args       : x (the slab, X[a][u][v][i]), send, batch, MU, MV, NI, P
 *   reads      : x[pack_source(f)], every value once
 *   writes     : send[f], f < batch*MU*P*MV*NI, once; block e = send[e*batch*MV*MU*NI ..]
 *                is what goes to rank e
 *   host calls : after the local passes; then the exchange sends block e of send to rank e. */
__kernel void exchange_pack(__global const real2_t *x, __global real2_t *send, int batch,
                            int MU, int MV, int NI, int P)
{
    const size_t f = get_global_id(0);
    if (f >= (size_t)batch * MU * MV * NI * P)
        return;
    send[f] = x[pack_source(f, batch, MU, MV, NI, P)];
}

/* Contract (exchange_unpack)
 *   work-items : 1-D, at least batch*MV*P*MU*NI; items past the end do nothing
 *   args       : recv (block e from rank e), y (Y[a][v'][w][i]), batch, MU, MV, NI, P
 *   reads      : recv[unpack_source(f)], every value once
 *   writes     : y[f], once
 *   host calls : after the exchange wrote block e of every rank e into recv; then the
 *                passes along the axis that is now whole (w). */
__kernel void exchange_unpack(__global const real2_t *recv, __global real2_t *y, int batch,
                              int MU, int MV, int NI, int P)
{
    const size_t f = get_global_id(0);
    if (f >= (size_t)batch * MU * MV * NI * P)
        return;
    y[f] = recv[unpack_source(f, batch, MU, MV, NI, P)];
}
