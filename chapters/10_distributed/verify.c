/* Verification across ranks: every rank makes its part of one global test input, FFTW-MPI
 * transforms the same slabs in double (common/mpi/reference.c), every rank compares its
 * own values, and MPI reductions turn the parts into the usual relative errors of the
 * whole array. */
#include "distributed.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- test inputs */

/* fl_rng_next's step: the generator's state after k numbers is seed + k * GOLDEN, so a rank
 * can start at its own first value without drawing the ones before it. */
#define GOLDEN 0x9E3779B97F4A7C15ULL

void input_fill(const struct slab *s, enum input_kind kind, uint64_t seed, size_t pos,
                const size_t *k, int sign, int round, double *x)
{
    const double two_pi = 6.283185307179586476925286766559;
    for (size_t e = 0; e < s->count; e++) {
        size_t b, flat = slab_global_index(s, s->rank, LAYOUT_NATURAL, e, &b);
        double re = 0, im = 0;
        if (kind == INPUT_RANDOM) {
            /* the same numbers as fl_fill_random(x, batch * n, seed) on the whole batch */
            uint64_t state = seed + 2 * (uint64_t)(b * s->n + flat) * GOLDEN;
            re = (double)(fl_rng_next(&state) >> 11) * 0x1.0p-53 - 0.5;
            im = (double)(fl_rng_next(&state) >> 11) * 0x1.0p-53 - 0.5;
        } else if (kind == INPUT_IMPULSE) {
            re = flat == (pos + b) % s->n ? 1.0 : 0.0;
        } else {
            /* fl_fill_tone_nd's value at this point: per axis (j_d * bin_d) mod N_d, exactly */
            double a = 0;
            size_t rest = flat;
            for (int d = s->ndims - 1; d >= 0; d--) {
                size_t jd = rest % s->dims[d], bin = (k[d] + b) % s->dims[d];
                rest /= s->dims[d];
                size_t m = (size_t)(((unsigned __int128)jd * bin) % s->dims[d]);
                a += -sign * two_pi * (double)m / (double)s->dims[d];
            }
            re = cos(a);
            im = sin(a);
        }
        x[2 * e] = re;
        x[2 * e + 1] = im;
    }
    /* Not `re = (float)re` in the loop above: GCC 12.2 at -O2 (its SLP vectorizer) drops
     * that pair of conversions there, and the input stays unrounded. */
    if (round)
        fl_round_to_float(x, s->count);
}

/* ---------------------------------------------------------------- errors over the ranks */

void dist_compare(const struct slab *s, enum layout l, const double *out, const double *ref,
                  struct dist_error *e)
{
    /* this rank's sums (common/reference.c), then the sums and maxima over the ranks; the
     * largest error, with the rank that has it */
    struct fl_error_sums m;
    fl_error_sums(out, ref, s->count, &m);
    double sums[3] = {m.err2, m.ref2, (double)m.nonfinite}, tot[3], rmax_all;
    MPI_Allreduce(sums, tot, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&m.ref2_max, &rmax_all, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    struct { double v; int rank; } mine = {m.err2_max, s->rank}, top;
    MPI_Allreduce(&mine, &top, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    int has_nan = m.nonfinite > 0, nan_ranks, first_nan_rank, cand = has_nan ? s->rank : s->P;
    MPI_Allreduce(&has_nan, &nan_ranks, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&cand, &first_nan_rank, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);

    memset(e, 0, sizeof *e);
    e->all.rel_l2 = tot[1] > 0 ? sqrt(tot[0] / tot[1]) : sqrt(tot[0]);
    e->all.rel_max = rmax_all > 0 ? sqrt(top.v / rmax_all) : sqrt(top.v);
    e->all.nonfinite = (size_t)tot[2];
    e->share_l2 = tot[1] > 0 ? sqrt(m.err2 / tot[1]) : sqrt(m.err2);
    e->share_max = rmax_all > 0 ? sqrt(m.err2_max / rmax_all) : sqrt(m.err2_max);
    e->nonfinite = m.nonfinite;
    e->worst_rank = top.rank;
    e->nonfinite_ranks = nan_ranks;
    if (m.nonfinite)
        e->share_l2 = e->share_max = INFINITY;
    /* where, in the whole batch: b * n + the flat index of the point */
    size_t b0, b1, f0 = slab_global_index(s, s->rank, l, m.worst, &b0);
    size_t f1 = slab_global_index(s, s->rank, l, m.nonfinite ? m.first_nonfinite : 0, &b1);
    unsigned long long w0 = b0 * s->n + f0, w1 = b1 * s->n + f1;
    MPI_Bcast(&w0, 1, MPI_UNSIGNED_LONG_LONG, top.rank, MPI_COMM_WORLD);
    e->all.worst = (size_t)w0;
    if (first_nan_rank < s->P) {
        MPI_Bcast(&w1, 1, MPI_UNSIGNED_LONG_LONG, first_nan_rank, MPI_COMM_WORLD);
        e->all.first_nonfinite = (size_t)w1;
        e->all.rel_l2 = e->all.rel_max = INFINITY;
    }
}

/* ---------------------------------------------------------------- the whole array */

double *gather_natural(const struct slab *s, const double *local, enum layout l)
{
    double *parts = NULL, *whole = NULL;
    size_t total = s->count * (size_t)s->P;
    if (s->rank == 0) {
        parts = fl_xmalloc(total * 16, "the ranks' values on rank 0");
        whole = fl_xmalloc(total * 16, "the whole array on rank 0");
    }
    MPI_Gather(local, (int)(2 * s->count), MPI_DOUBLE, parts, (int)(2 * s->count), MPI_DOUBLE, 0,
               MPI_COMM_WORLD);
    if (s->rank == 0) {
        for (int q = 0; q < s->P; q++)
            for (size_t e = 0; e < s->count; e++) {
                size_t b, flat = slab_global_index(s, q, l, e, &b);
                const double *v = parts + 2 * ((size_t)q * s->count + e);
                whole[2 * (b * s->n + flat)] = v[0];
                whole[2 * (b * s->n + flat) + 1] = v[1];
            }
        free(parts);
    }
    return whole;
}
