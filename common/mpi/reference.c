/* The reference of a transform over the ranks: FFTW-MPI in double on the same slabs, as
 * common/reference.c's FFTW is the one-device chapters'. */
#include "ranks.h"

#include "../clerr.h"
#include "../exitcodes.h"

#include <fftw3-mpi.h>
#include <string.h>

/* One plan per direction and output layout, made when first needed (collectively: every
 * rank asks for them in the same order). */
struct ref_plan {
    int used, sign, transposed;
    fftw_plan plan;
    fftw_complex *in, *outbuf;
};
static struct ref_plan plans[4];

static struct ref_plan *get_plan(const size_t *dims, int ndims, size_t m0, size_t m1, int sign,
                                 int transposed)
{
    for (int i = 0; i < 4; i++)
        if (plans[i].used && plans[i].sign == sign && plans[i].transposed == transposed)
            return &plans[i];
    struct ref_plan *rp = NULL;
    for (int i = 0; i < 4 && !rp; i++)
        if (!plans[i].used)
            rp = &plans[i];
    if (!rp)
        fl_die(FL_EXIT_OPENCL, "more than 4 FFTW-MPI plans (program bug)");
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    ptrdiff_t n[3], local_n0, local_0_start, local_n1, local_1_start;
    for (int d = 0; d < ndims; d++)
        n[d] = (ptrdiff_t)dims[d];
    /* FFTW's own decomposition (default blocks: ceil(N/P) rows per rank): with P dividing
     * both axes it must be the program's, or the slabs would not line up */
    ptrdiff_t alloc = fftw_mpi_local_size_many_transposed(
        ndims, n, 1, FFTW_MPI_DEFAULT_BLOCK, FFTW_MPI_DEFAULT_BLOCK, MPI_COMM_WORLD,
        &local_n0, &local_0_start, &local_n1, &local_1_start);
    if ((size_t)local_n0 != m0 || (size_t)local_0_start != (size_t)rank * m0 ||
        (size_t)local_n1 != m1 || (size_t)local_1_start != (size_t)rank * m1)
        fl_die(FL_EXIT_OPENCL, "FFTW-MPI's slabs differ from this program's: it gives this rank "
               "[%td, +%td) of the first axis and after the transpose [%td, +%td) of the "
               "second, the program [%zu, +%zu) and [%zu, +%zu)", local_0_start, local_n0,
               local_1_start, local_n1, rank * m0, m0, rank * m1, m1);
    rp->in = fftw_alloc_complex((size_t)alloc);
    rp->outbuf = fftw_alloc_complex((size_t)alloc);
    if (!rp->in || !rp->outbuf)
        fl_die(FL_EXIT_OPENCL, "out of host memory for FFTW-MPI's buffers");
    rp->plan = fftw_mpi_plan_many_dft(ndims, n, 1, FFTW_MPI_DEFAULT_BLOCK,
                                      FFTW_MPI_DEFAULT_BLOCK, rp->in, rp->outbuf, MPI_COMM_WORLD,
                                      sign < 0 ? FFTW_FORWARD : FFTW_BACKWARD,
                                      FFTW_ESTIMATE | (transposed ? FFTW_MPI_TRANSPOSED_OUT : 0));
    if (!rp->plan)
        fl_die(FL_EXIT_OPENCL, "FFTW-MPI could not plan the reference");
    rp->used = 1;
    rp->sign = sign;
    rp->transposed = transposed;
    return rp;
}

void fl_mpi_reference(const size_t *dims, int ndims, size_t batch, size_t m0, size_t m1,
                      const double *in, double *out, int sign, int transposed)
{
    struct ref_plan *rp = get_plan(dims, ndims, m0, m1, sign, transposed);
    /* FFTW-MPI's "many" plans interleave their howmany transforms (stride howmany); the
     * project keeps the batch outermost, so the reference runs one array at a time */
    size_t per = m0;
    for (int d = 1; d < ndims; d++)
        per *= dims[d];
    for (size_t b = 0; b < batch; b++) {
        memcpy(rp->in, in + 2 * b * per, per * sizeof(fftw_complex));
        fftw_execute(rp->plan);
        memcpy(out + 2 * b * per, rp->outbuf, per * sizeof(fftw_complex));
    }
}

void fl_mpi_reference_cleanup(void)
{
    for (int i = 0; i < 4; i++)
        if (plans[i].used) {
            fftw_destroy_plan(plans[i].plan);
            fftw_free(plans[i].in);
            fftw_free(plans[i].outbuf);
            plans[i].used = 0;
        }
}
