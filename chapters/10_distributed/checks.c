/* The checks of one run: each test input's output against FFTW-MPI on the same slabs
 * (verify.c makes the inputs and the references), judged over the whole array and per
 * rank, with the first wrong values of every rank whose share is off. */
#include "distributed.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GATHER_LIMIT ((size_t)1 << 22) /* values of the batch rank 0 gathers for serial FFTW */


/* "array 1, (y, x) = (12, 5)" for index G of the whole batch (natural order). */
static char *where(const struct slab *s, size_t g, char *buf, size_t len)
{
    char at[64];
    snprintf(buf, len, "array %zu, (%s) = %s", g / s->n, s->ndims == 3 ? "z, y, x" : "y, x",
             fl_format_index(at, sizeof at, g % s->n, s->dims, s->ndims));
    return buf;
}

/* Up to LIMIT of this rank's values where OUT and REF differ by more than TOL * max|REF|
 * (NaN included), as lines of TEXT. */
static void mismatches(const struct ctx *c, enum layout l, const double *out, const double *ref,
                       double tol, int limit, char *text, size_t len)
{
    double rmax = 0;
    size_t tl = strlen(text);
    for (size_t i = 0; i < c->s.count; i++)
        rmax = fmax(rmax, hypot(ref[2 * i], ref[2 * i + 1]));
    MPI_Allreduce(MPI_IN_PLACE, &rmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    for (size_t i = 0; i < c->s.count && limit > 0 && tl < len; i++) {
        double d = hypot(out[2 * i] - ref[2 * i], out[2 * i + 1] - ref[2 * i + 1]);
        if (!(d <= tol * rmax)) {
            size_t b, flat = slab_global_index(&c->s, c->s.rank, l, i, &b);
            char w[96];
            tl += (size_t)snprintf(text + tl, len - tl, "           rank %d: %s: got (%.6g, %.6g), "
                                   "expected (%.6g, %.6g)\n", rank, where(&c->s, b * c->s.n + flat,
                                   w, sizeof w), out[2 * i], out[2 * i + 1], ref[2 * i], ref[2 * i + 1]);
            limit--;
        }
    }
}

/* Judge one run: OUT against REF, both this rank's values in layout L; GUARD is this rank's
 * guard damage (NULL: none). Prints the check's line (rank 0) and, when it fails, every
 * rank's share and its first mismatches. Collective. */
static struct fl_check *judge(struct ctx *c, struct checks *k, const char *name, enum layout l,
                              const double *out, const double *ref, double scale, const char *guard)
{
    struct dist_error e;
    dist_compare(&c->s, l, out, ref, &e);
    int i = k->n++;
    struct fl_check *chk = &k->chk[i];
    memset(chk, 0, sizeof *chk);
    snprintf(chk->name, sizeof chk->name, "%s", name);
    chk->err = e.all;
    chk->bound.l2 = c->bound.l2 * scale;
    chk->bound.max = c->bound.max * scale;
    chk->ok = e.all.rel_l2 <= chk->bound.l2 && e.all.rel_max <= chk->bound.max;
    k->share_l2[i] = e.share_l2;
    k->share_max[i] = e.share_max;
    int mine_ok = e.share_l2 <= chk->bound.l2 && e.share_max <= chk->bound.max && !guard;
    if (!mine_ok)
        k->rank_ok = 0;
    if (k->worst < 0 || !(e.share_l2 / chk->bound.l2 <= k->share_l2[k->worst] / k->chk[k->worst].bound.l2))
        k->worst = i;
    /* a guard zone written on any rank fails the check, naming the first such rank */
    char gname[88], w[96];   /* "buffer send, past its end (element 200 of 96)" */
    struct fl_fault fault = c->eng.fault;   /* the first rank's, for --format json's record */
    snprintf(fault.check, sizeof fault.check, "%s", name);
    int first_bad = fl_mpi_first(guard, gname, sizeof gname, &fault, sizeof fault);
    if (first_bad >= 0 && !k->fault.set)
        k->fault = fault;
    if (first_bad >= 0) {
        chk->ok = 0;
        snprintf(chk->detail, sizeof chk->detail, "rank %d: a kernel wrote out of bounds: "
                 "%s (an index outside the data, even if every value is right)", first_bad, gname);
    } else if (e.all.nonfinite) {
        snprintf(chk->detail, sizeof chk->detail, "%zu of %zu outputs never written (NaN) on %d "
                 "rank%s, first at %s", e.all.nonfinite, c->s.count * (size_t)nranks,
                 e.nonfinite_ranks, e.nonfinite_ranks == 1 ? "" : "s",
                 where(&c->s, e.all.first_nonfinite, w, sizeof w));
    } else if (!chk->ok) {
        snprintf(chk->detail, sizeof chk->detail, "largest error on rank %d, at %s", e.worst_rank,
                 where(&c->s, e.all.worst, w, sizeof w));
    }
    if (rank == 0)
        fl_report_check(report_format, chk);
    if (!chk->ok) {
        char text[2048];
        snprintf(text, sizeof text, "         rank %d: its share: rel L2 %.2e, rel max %.2e%s%s\n",
                 rank, e.share_l2, e.share_max, e.nonfinite ? ", NaN outputs" : "",
                 mine_ok ? " (within the bounds)" : "");
        mismatches(c, l, out, ref, chk->bound.max, mine_ok ? 0 : 3, text, sizeof text);
        char *all = fl_mpi_gather_text(text);   /* rank 0: every rank's, in rank order */
        if (all) {  /* printed, and kept: the record's got/expected (--format json) */
            fputs(all, fl_mpi_status_stream());
            fl_check_keep_mismatches(chk, all);
        }
        free(all);
    }
    return chk;
}

const char *verified_call(struct ctx *c, struct pipeline *p, const double *x, double *out)
{
    engine_upload(&c->eng, x);
    engine_call(&c->eng, p, 1, NULL);
    engine_download(&c->eng, p->result, out);
    return engine_guard_damage(&c->eng);
}

void verify_ranks(struct ctx *c, double *x0, double *out0, struct checks *k)
{
    const struct slab *s = &c->s;
    int sign = c->main.sign, round = c->o.precision == FL_SINGLE, nd = s->ndims;
    int transposed = c->out == LAYOUT_TRANSPOSED;   /* FFTW-MPI's TRANSPOSED_OUT */
    double *ref = fl_xmalloc(s->count * 16, "the reference"), *x = fl_xmalloc(s->count * 16,
           "a test input"), *out = fl_xmalloc(s->count * 16, "a test output");
    k->rank_ok = 1;
    k->worst = -1;

    /* 1. seeded random input: FFTW-MPI on the same slabs; then, for small sizes, the whole
     * batch on rank 0 against serial FFTW (which also proves the slabs and the layout are
     * where FFTW-MPI's manual says they are) */
    input_fill(s, INPUT_RANDOM, c->o.seed, 0, NULL, sign, round, x0);
    fl_mpi_reference(s->dims, nd, s->batch, s->ma, s->mc, x0, ref, sign, transposed);
    const char *guard = verified_call(c, &c->main, x0, out0);
    judge(c, k, "random", c->out, out0, ref, 1.0, guard);
    /* --explain: the output's digest, so that two runs that must agree bit for bit
     * (--chunks 1 and --chunks C) can be compared */
    unsigned long long digest = c->o.explain ? fl_mpi_digest(out0, s->count * 16) : 0;
    if (c->o.explain && rank == 0)
        fprintf(fl_mpi_status_stream(), "digest   the random check's output (FNV-1a of every "
                "rank's values, in rank order): %016llx\n", digest);

    size_t total = s->count * (size_t)nranks;
    if (total <= GATHER_LIMIT) {
        double *in_all = gather_natural(s, x0, LAYOUT_NATURAL);
        double *out_all = gather_natural(s, out0, c->out);
        if (rank == 0) {
            struct fl_check *chk = &k->chk[k->n++];
            memset(chk, 0, sizeof *chk);
            snprintf(chk->name, sizeof chk->name, "serial");
            chk->bound = c->bound;
            double *sref = malloc(total * 16), *want = malloc(total * 16);
            if (!sref || !want || fl_reference_dft_nd(in_all, sref, s->dims, nd, s->batch, sign) != 0)
                fl_die(FL_EXIT_OPENCL, "FFTW could not plan the serial reference (out of memory?)");
            fl_compare(out_all, sref, total, &chk->err);
            chk->ok = chk->err.rel_l2 <= chk->bound.l2 && chk->err.rel_max <= chk->bound.max;
            /* the ranks' parts of the input must be the numbers one process would draw */
            fl_fill_random(want, total, c->o.seed);
            if (round)
                fl_round_to_float(want, total);
            char w[96];
            if (memcmp(want, in_all, total * 16) != 0) {
                chk->ok = 0;
                snprintf(chk->detail, sizeof chk->detail, "the ranks' inputs are not "
                         "fl_fill_random's (chapter bug)");
            } else if (!chk->ok) {
                snprintf(chk->detail, sizeof chk->detail, "rank 0 gathered the whole batch: "
                         "largest error at %s", where(s, chk->err.worst, w, sizeof w));
            }
            k->share_l2[k->n - 1] = k->share_max[k->n - 1] = 0;
            fl_report_check(report_format, chk);
            if (!chk->ok)
                k->rank_ok = 0;
            free(sref);
            free(want);
            free(in_all);
            free(out_all);
        }
        MPI_Bcast(&k->n, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (rank != 0) { /* keep the check list the same length on every rank */
            memset(&k->chk[k->n - 1], 0, sizeof k->chk[0]);
            k->chk[k->n - 1].ok = 1;
            k->share_l2[k->n - 1] = k->share_max[k->n - 1] = 0;
        }
    } else if (rank == 0 && report_format == FL_FORMAT_TEXT) {
        printf("verify   serial       skipped: %zu values is more than the %zu rank 0 gathers "
               "(FFTW-MPI checked every slab above)\n", total, GATHER_LIMIT);
    }

    /* 2, 3. impulses at grid point 0 and at j_d = N_d/3 + 1 (array b: shifted by b) */
    size_t grid[2][3] = {{0, 0, 0}, {0, 0, 0}}, pos[2] = {0, 0};
    for (int d = 0; d < nd; d++) {
        grid[1][d] = s->dims[d] > 1 ? (s->dims[d] / 3 + 1) % s->dims[d] : 0;
        pos[1] = pos[1] * s->dims[d] + grid[1][d];
    }
    for (int i = 0; i < 2; i++) {
        char name[32];
        fl_check_name(name, sizeof name, "impulse", grid[i], nd);
        input_fill(s, INPUT_IMPULSE, 0, pos[i], NULL, sign, round, x);
        fl_mpi_reference(s->dims, nd, s->batch, s->ma, s->mc, x, ref, sign, transposed);
        guard = verified_call(c, &c->main, x, out);
        judge(c, k, name, c->out, out, ref, 1.0, guard);
    }

    /* 4. a tone at k_d = N_d/4 + 1: all its energy in one point (a flipped sign along an
     * axis puts it at N_d - k_d); the peak is looked for in the gathered array */
    size_t kk[3] = {0, 0, 0};
    for (int d = 0; d < nd; d++)
        kk[d] = s->dims[d] > 2 ? (s->dims[d] / 4 + 1) % s->dims[d] : s->dims[d] - 1;
    {
        char name[32];
        fl_check_name(name, sizeof name, "tone", kk, nd);
        input_fill(s, INPUT_TONE, 0, 0, kk, sign, round, x);
        fl_mpi_reference(s->dims, nd, s->batch, s->ma, s->mc, x, ref, sign, transposed);
        guard = verified_call(c, &c->main, x, out);
        struct fl_check *chk = judge(c, k, name, c->out, out, ref, 1.0, guard);
        if (total <= GATHER_LIMIT) {
            double *out_all = gather_natural(s, out, c->out);
            if (rank == 0) {
                struct fl_check peak = *chk;
                fl_check_tone_peak_nd(&peak, out_all, s->dims, nd, s->batch, kk);
                if (chk->ok && !peak.ok && report_format == FL_FORMAT_TEXT)
                    printf("         %s\n", peak.detail);
                *chk = peak;
                free(out_all);
            }
            MPI_Bcast(&chk->ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
        }
    }

    /* 5. round trip: the other direction, from this one's output layout back to natural,
     * undoes it up to the factor N (a transposed output comes back like FFTW's
     * FFTW_MPI_TRANSPOSED_IN plan: last axis first, the exchange back, then the slab) */
    guard = verified_call(c, &c->back, out0, out);
    for (size_t i = 0; i < 2 * s->count; i++)
        out[i] /= (double)s->n;
    judge(c, k, "roundtrip", LAYOUT_NATURAL, out, x0, 2.0, guard);

    free(ref);
    free(x);
    free(out);
}
