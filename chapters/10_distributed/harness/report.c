/* What a run prints: who is who, --explain's slabs, exchange sizes and steps, each rank's
 * verdict, and the timed phases as text or one CSV row. */
#include "../distributed.h"
#include "../going_further/transport.h"

#include "../../../common/program.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void report_who(const struct ctx *c)
{
    char shape[64];
    if (rank == 0 && report_format == FL_FORMAT_TEXT)
        printf("%s — %s\n", CHAPTER, TITLE);
    else if (rank == 0)
        fl_report_header(report_format, CHAPTER, TITLE, &c->dev);
    fl_mpi_report_devices(&c->dev, c->how, report_format == FL_FORMAT_TEXT);
    if (rank == 0 && report_format == FL_FORMAT_TEXT)
        printf("problem  N=%s (%zu points) batch=%zu %s %s layout=%s variant=%s input=random "
               "seed=%llu\n", fl_size_text(c->s.dims, c->s.ndims, shape, sizeof shape), c->s.n,
               c->s.batch, c->o.inverse ? "inverse" : "forward",
               c->o.precision == FL_DOUBLE ? "double" : "single", c->natural ? "natural" :
               "transposed-out", c->variant->name, (unsigned long long)c->o.seed);
}

void report_explain(const struct ctx *c)
{
    char line[1024], a[96], b[96];
    snprintf(line, sizeof line, "rank %-3d in  %-32s -> out %s  (%zu values of %zu each)\n", rank,
             slab_describe(&c->s, rank, LAYOUT_NATURAL, a, sizeof a),
             slab_describe(&c->s, rank, c->out, b, sizeof b), c->s.count, c->elem);
    if (rank == 0 && report_format == FL_FORMAT_TEXT) {
        const char *ex = fl_exercise_path();
        printf("kernels  %s\n", fl_program_files()); /* what the programs compiled */
        if (ex[0] && strcmp(ex, c->kernel_file) != 0)
            printf("exercise %s, built in place of the file's #ifndef FL_EXERCISE_EXCHANGE_MAP "
                   "block\n", ex);
        printf("build 1  %s\nbuild 2  %s\n", c->build[0], c->build[1]);
        printf("slabs    rank d owns %c [d*%zu, (d+1)*%zu) of every array (natural); after the "
               "transpose %c [d*%zu, (d+1)*%zu), stored %s\n", c->s.a_name, c->s.ma, c->s.ma,
               c->s.c_name, c->s.mc, c->s.mc, c->s.ndims == 3 ? "y', z, x (FFTW-MPI's n1 x n0 x n2)"
               : "x', y (FFTW-MPI's n1 x n0)");
    }
    fl_mpi_print_ranks(stdout, report_format == FL_FORMAT_TEXT ? line : "");
    /* the link, what the exchange moves and how (going_further/explain.c) */
    explain_transport(c);
    if (rank != 0 || report_format != FL_FORMAT_TEXT)
        return;
    const struct pipeline *ps[2] = {&c->main, &c->back};
    for (int q = 0; q < (c->o.verify ? 2 : 1); q++) {
        const struct pipeline *p = ps[q];
        printf("pipeline (%s%s): %d step%s, %d launches, result in buffer %s\n", p->what,
               q ? ", for the round trip" : "", p->nsteps, p->nsteps == 1 ? "" : "s",
               p->launches, p->result == FL_BUF_A ? "A" : "B");
        for (int i = 0; i < p->nsteps; i++) {
            const struct step *st = &p->step[i];
            printf("step %d: %s\n", i + 1, st->name);
            if (st->kind == STEP_LOCAL) {
                fl_plan_print(st->plan, st->program ? "program 2" : "program 1");
                continue;
            }
            fl_plan_print(st->plan, "pack");
            explain_exchange_step(c);
            fl_plan_print(st->unpack, "unpack");
        }
    }
}

void report_rank(const struct ctx *c, const struct checks *k)
{
    char line[1024], a[96], b[96], verdict[256] = "not verified (--no-verify)";
    if (c->o.verify)
        snprintf(verdict, sizeof verdict, "%s, largest share of the error %.2e (rel L2, %s; "
                 "bound %.2e)", k->rank_ok ? "its values ok" : "its values WRONG",
                 k->worst >= 0 ? k->share_l2[k->worst] : 0.0,
                 k->worst >= 0 ? k->chk[k->worst].name : "-", c->bound.l2);
    snprintf(line, sizeof line, "rank %-3d %s -> %s: %s\n", rank,
             slab_describe(&c->s, rank, LAYOUT_NATURAL, a, sizeof a),
             slab_describe(&c->s, rank, c->out, b, sizeof b), verdict);
    fl_mpi_print_ranks(fl_mpi_status_stream(), line);
}

/* Which step of the main pipeline a phase belongs to: its label, or NULL if the pipeline
 * has no such phase. */
static const char *phase_label(const struct ctx *c, int ph, char *buf, size_t len)
{
    static const char *const sub[PH_EXCHANGE_PARTS] = {"pack (device)", "exchange (wall)",
                                                     "  device -> host", "  MPI (wait)",
                                                     "  host -> device", "unpack (device)"};
    const struct pipeline *p = &c->main;
    int nlocal = 0, nexch = 0;
    for (int i = 0; i < p->nsteps; i++) {
        const struct step *st = &p->step[i];
        if (st->kind == STEP_LOCAL) {
            int my = nlocal++ ? PH_LOCAL2 : PH_LOCAL1;
            if (my == ph) {
                snprintf(buf, len, "%s", st->name);
                return buf;
            }
        } else {
            int base = nexch++ ? PH_PACK2 : PH_PACK;
            if (ph >= base && ph < base + PH_EXCHANGE_PARTS) {
                const char *what = transport_phase_label(&c->eng, ph);
                snprintf(buf, len, "%s%s", what ? what : sub[ph - base], st->back ? " (back)" : "");
                return buf;
            }
        }
    }
    return NULL;
}

/* How phase PH was timed: an exchange's parts as its transport times them
 * (going_further/explain.c), the kernels by their profiling events. */
static const char *phase_clock(const struct ctx *c, int ph)
{
    const char *own = transport_phase_clock(&c->eng, ph);
    return own ? own : "device, profiling events";
}

/* This chapter's CSV columns after every chapter's (common/report.c writes those from the
 * fl_result): ranks, layout, each phase's time (the slowest rank's median, ms), the
 * transport's. */
static const struct ctx *csv_ctx;
static const struct timing *csv_timing;

static void csv_columns(const struct fl_result *r)
{
    const struct ctx *c = csv_ctx;
    printf(",%d,%s", nranks, c->out == LAYOUT_NATURAL ? "natural" : "transposed");
    for (int p = 0; p < PH_COUNT; p++) {
        char lab[64];
        if (r->timed && phase_label(c, p, lab, sizeof lab))
            printf(",%.6g", csv_timing->phase_max[p]);
        else
            printf(",");
    }
    if (r->timed)
        printf(",%.6g", csv_timing->phase_sum);
    else
        printf(",");
    csv_transport(c);
}

static void report_text(const struct ctx *c, const struct timing *t, const struct fl_result *r)
{
    printf("phases   ms per call: each rank's median over %d calls, then the slowest rank "
           "(and the fastest):\n", t->runs);
    for (int p = 0; p < PH_COUNT; p++) {
        char lab[64];
        if (!phase_label(c, p, lab, sizeof lab))
            continue;
        printf("  %-24s %10.4f  (rank %d; fastest %.4f)  %s\n", lab, t->phase_max[p],
               t->phase_max_rank[p], t->phase_min[p], phase_clock(c, p));
    }
    printf("  %-24s %10.4f  (the slowest rank of each phase, added%s)\n", "sum", t->phase_sum,
           nranks > 1 ? "; the indented ones are inside the exchange's wall time, not added" : "");
    printf("time     %.4f ms median per call (min %.4f, max %.4f; %d runs after %d warm-up) — the "
           "slowest rank's wall clock, from a barrier to its last clFinish\n", t->total.median,
           t->total.min, t->total.max, t->runs, t->warmup);
    printf("rate     %.4g GFLOP/s (counting 5·N·log2 N per transform of the whole array, all "
           "ranks together)  %.4g GB/s (one read + one write of the whole array)\n", r->gflops,
           r->gbs);
    int nx = 0;
    for (int i = 0; i < c->main.nsteps; i++)
        nx += c->main.step[i].kind == STEP_EXCHANGE;
    if (c->eng.xport)   /* what the exchanges moved, and how fast (going_further/explain.c) */
        report_transport(c, t, nx);
    else
        printf("moved    nothing: one rank, no exchange%s\n",
               c->out != LAYOUT_TRANSPOSED ? "" : c->main.nsteps > 1 ? /* one_rank_tiled */
               " (the transpose is chapter 07's tiled transpose, on the device)" :
               " (the transpose is in the last pass's store)");
}

void report_checks(const struct ctx *c, const struct checks *k, struct fl_result *r)
{
    memset(r, 0, sizeof *r);
    r->chapter = CHAPTER;
    r->variant = c->variant->name;
    r->dev = &c->dev;
    r->n = c->s.n;
    r->batch = c->s.batch;
    r->ndims = c->s.ndims;
    memcpy(r->dims, c->s.dims, sizeof c->s.dims);
    r->sign = c->main.sign;
    r->precision = c->o.precision;
    r->seed = c->o.seed;
    r->verified = c->o.verify;
    r->nchecks = k->n;
    memcpy(r->check, k->chk, sizeof r->check);
    r->fault = k->fault;
    r->passed = 1;
    fl_conclude_checks(r);  /* the first failed check, as every chapter words it */
}

void report_result(const struct ctx *c, const struct timing *t, struct fl_result *r)
{
    static char header[1024];
    if (rank != 0)
        return;
    if (r->timed) {
        double per_s = t->total.median > 0 ? (double)c->s.batch / (t->total.median * 1e-3) : 0;
        r->ms = t->total;
        r->warmup = t->warmup;
        r->gflops = 5.0 * (double)c->s.n * (c->s.n > 1 ? log2((double)c->s.n) : 0) * per_s / 1e9;
        r->gbs = 2.0 * (double)c->s.n * (double)c->elem * per_s / 1e9;
        r->h2d_ms = t->phase_max[PH_H2D] + t->phase_max[PH_H2D2];
        r->d2h_ms = t->phase_max[PH_D2H] + t->phase_max[PH_D2H2];
        r->timing = "wall";
        r->launches = c->main.launches;
    }
    if (report_format != FL_FORMAT_TEXT) {
        int len = snprintf(header, sizeof header, ",ranks,layout");
        for (int p = 0; p < PH_COUNT; p++)
            len += snprintf(header + len, sizeof header - (size_t)len, ",ph_%s_ms", phase_name[p]);
        snprintf(header + len, sizeof header - (size_t)len,
                 ",ph_sum_ms,chunks,transport,copy_threads,shm_copy");
        csv_ctx = c;
        csv_timing = t;
        r->csv_header = header;
        r->csv_columns = csv_columns;
        r->no_copy_loop = 1;
        fl_report_result(report_format, r);
        return;
    }
    if (r->timed)
        report_text(c, t, r);
    else
        printf("time     not timed (%s)\n", r->passed ? "--repeat 0" : "the result is wrong");
    fl_report_status(report_format, r);
}
