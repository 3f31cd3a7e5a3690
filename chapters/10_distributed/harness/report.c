/* What a run prints: who is who, --explain's slabs, exchange sizes and steps, each rank's
 * verdict, and the timed phases as text or one CSV row. */
#include "../distributed.h"
#include "../going_further/transport.h"

#include "../../../common/program.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *shape_text(const struct slab *s, char *buf, size_t len)
{
    int sl = 0;
    buf[0] = '\0';
    for (int d = 0; d < s->ndims; d++)
        sl += snprintf(buf + sl, len - (size_t)sl, "%s%zu", d ? "x" : "", s->dims[d]);
    return buf;
}

void report_who(const struct ctx *c)
{
    char line[1024], shape[64];
    if (rank == 0) {
        if (report_format == FL_FORMAT_TEXT) {
            char lib[MPI_MAX_LIBRARY_VERSION_STRING];
            int ll;
            MPI_Get_library_version(lib, &ll);
            lib[strcspn(lib, ",\n")] = '\0';
            printf("%s — %s\n", CHAPTER, TITLE);
            printf("ranks    %d MPI process%s (%s), one OpenCL device each\n", nranks,
                   nranks == 1 ? "" : "es", lib);
        } else {
            fl_report_header(report_format, CHAPTER, TITLE, &c->dev);
        }
    }
    snprintf(line, sizeof line, "rank %-3d device %u:%u %s (%s) on platform %s | driver %s (%s)\n",
             rank, c->dev.platform_index, c->dev.device_index, c->dev.name,
             fl_device_type_name(c->dev.type), c->dev.platform_name, c->dev.driver, c->how);
    fl_mpi_print_ranks(fl_mpi_status_stream(), line);
    if (rank == 0 && report_format == FL_FORMAT_TEXT)
        printf("problem  N=%s (%zu points) batch=%zu %s %s layout=%s variant=%s input=random "
               "seed=%llu\n", shape_text(&c->s, shape, sizeof shape), c->s.n, c->s.batch,
               c->o.inverse ? "inverse" : "forward", c->o.precision == FL_DOUBLE ? "double" :
               "single", c->natural ? "natural" : "transposed-out", c->variant->name,
               (unsigned long long)c->o.seed);
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
    char line[1024], a[96], b[96];
    if (c->o.verify)
        snprintf(line, sizeof line, "rank %-3d %s -> %s: %s, largest share of the error %.2e "
                 "(rel L2, %s; bound %.2e)\n", rank,
                 slab_describe(&c->s, rank, LAYOUT_NATURAL, a, sizeof a),
                 slab_describe(&c->s, rank, c->out, b, sizeof b), k->rank_ok ? "its values ok" :
                 "its values WRONG", k->worst >= 0 ? k->share_l2[k->worst] : 0.0,
                 k->worst >= 0 ? k->chk[k->worst].name : "-", c->bound.l2);
    else
        snprintf(line, sizeof line, "rank %-3d %s -> %s: not verified (--no-verify)\n", rank,
                 slab_describe(&c->s, rank, LAYOUT_NATURAL, a, sizeof a),
                 slab_describe(&c->s, rank, c->out, b, sizeof b));
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

static const char *phase_clock(const struct ctx *c, int ph)
{
    const char *own = transport_phase_clock(&c->eng, ph);
    if (own)
        return own;
    switch (ph) {
    case PH_XCHG: case PH_XCHG2:
        return "host clock, the pack's end to the last chunk on the device";
    case PH_D2H: case PH_D2H2:
        return "profiling events, the reads' device time added over the chunks";
    case PH_H2D: case PH_H2D2:
        return "profiling events, the writes' device time added over the chunks";
    case PH_MPI: case PH_MPI2:
        return "host clock in MPI_Waitall, added over the chunks: the transport's copy, and "
               "waiting for the slowest rank (the device copies go on meanwhile)";
    default: return "device, profiling events";
    }
}

/* One CSV row: the columns every chapter writes (common/report.h's fl_csv_header, filled
 * by name, so a column added there stays aligned: this chapter leaves it empty), then this
 * chapter's: ranks, layout, and each phase's time (the slowest rank's median, ms). */
static void report_csv(const struct ctx *c, const struct checks *k, const struct timing *t,
                       int timed, int passed)
{
    const struct fl_check *w = NULL;
    for (int i = 0; i < k->n; i++)
        if (!w || !(k->chk[i].err.rel_l2 / k->chk[i].bound.l2 <= w->err.rel_l2 / w->bound.l2))
            w = &k->chk[i];
    double secs = t->total.median * 1e-3, nlog = c->s.n > 1 ? log2((double)c->s.n) : 0;
    double flops = 5.0 * (double)c->s.n * nlog * (double)c->s.batch;
    double bytes = 2.0 * (double)c->s.n * (double)c->s.batch * (double)c->elem;
    char shape[64], stamp[256];
    printf("%s,ranks,layout", fl_csv_header);
    for (int p = 0; p < PH_COUNT; p++)
        printf(",ph_%s_ms", phase_name[p]);
    printf(",ph_sum_ms,chunks,transport,copy_threads,shm_copy\n");
    const char *h = fl_csv_header;
    int first = 1;
    while (*h) {
        char col[32];
        size_t n = strcspn(h, ",");
        snprintf(col, sizeof col, "%.*s", (int)(n < sizeof col ? n : sizeof col - 1), h);
        h += n + (h[n] == ',');
        if (!first)
            putchar(',');
        first = 0;
#define COL(name) (strcmp(col, name) == 0)
        if (COL("chapter")) fl_csv_text(CHAPTER);
        else if (COL("variant")) fl_csv_text(c->variant->name);
        else if (COL("device")) fl_csv_text(c->dev.name);
        else if (COL("driver")) fl_csv_text(c->dev.driver);
        else if (COL("n")) printf("%zu", c->s.n);
        else if (COL("batch")) printf("%zu", c->s.batch);
        else if (COL("direction")) printf("%s", c->main.sign < 0 ? "forward" : "inverse");
        else if (COL("precision")) printf("%s", c->o.precision == FL_DOUBLE ? "double" : "single");
        else if (COL("verified")) printf("%d", c->o.verify);
        else if (COL("l2_error") && w) printf("%.6g", w->err.rel_l2);
        else if (COL("max_error") && w) printf("%.6g", w->err.rel_max);
        else if (COL("l2_bound") && w) printf("%.3g", w->bound.l2);
        else if (COL("max_bound") && w) printf("%.3g", w->bound.max);
        else if (COL("ms_median") && timed) printf("%.6g", t->total.median);
        else if (COL("ms_min") && timed) printf("%.6g", t->total.min);
        else if (COL("ms_max") && timed) printf("%.6g", t->total.max);
        else if (COL("runs")) printf("%d", timed ? t->runs : 0);
        else if (COL("gflops") && timed) printf("%.6g", secs > 0 ? flops / secs / 1e9 : 0);
        else if (COL("gbs") && timed) printf("%.6g", secs > 0 ? bytes / secs / 1e9 : 0);
        else if (COL("h2d_ms") && timed) printf("%.6g", t->phase_max[PH_H2D] + t->phase_max[PH_H2D2]);
        else if (COL("d2h_ms") && timed) printf("%.6g", t->phase_max[PH_D2H] + t->phase_max[PH_D2H2]);
        else if (COL("verdict")) printf("%s", passed ? (c->o.verify ? "PASS" : "UNVERIFIED") : "FAIL");
        else if (COL("timing") && timed) fl_csv_text("wall");
        else if (COL("launches") && timed) printf("%d", c->main.launches);
        else if (COL("shape")) printf("%s", shape_text(&c->s, shape, sizeof shape));
        else if (COL("ms_q1") && timed) printf("%.6g", t->total.q1);
        else if (COL("ms_q3") && timed) printf("%.6g", t->total.q3);
        else if (COL("ms_stddev") && timed) printf("%.6g", t->total.stddev);
        else if (COL("date")) printf("%s", fl_utc_now(stamp, sizeof stamp));
        else if (COL("commit")) fl_csv_text(fl_build_commit());
        else if (COL("host")) fl_csv_text(fl_host_name(stamp, sizeof stamp));
#undef COL
    }
    printf(",%d,%s", nranks, c->out == LAYOUT_NATURAL ? "natural" : "transposed");
    for (int p = 0; p < PH_COUNT; p++) {
        char lab[64];
        if (timed && phase_label(c, p, lab, sizeof lab))
            printf(",%.6g", t->phase_max[p]);
        else
            printf(",");
    }
    if (timed)
        printf(",%.6g", t->phase_sum);
    else
        printf(",");
    csv_transport(c);
    fflush(stdout);
}

static void report_text(const struct ctx *c, const struct timing *t)
{
    const struct slab *s = &c->s;
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
    double secs = t->total.median * 1e-3, nlog = s->n > 1 ? log2((double)s->n) : 0;
    double flops = 5.0 * (double)s->n * nlog * (double)s->batch;
    double bytes = 2.0 * (double)s->n * (double)s->batch * (double)c->elem;
    printf("rate     %.4g GFLOP/s (counting 5·N·log2 N per transform of the whole array, all "
           "ranks together)  %.4g GB/s (one read + one write of the whole array)\n",
           secs > 0 ? flops / secs / 1e9 : 0, secs > 0 ? bytes / secs / 1e9 : 0);
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

void report_result(const struct ctx *c, const struct checks *k, const struct timing *t,
                   int timed, int passed, const char *reason)
{
    if (rank != 0)
        return;
    if (report_format == FL_FORMAT_CSV)
        report_csv(c, k, t, timed, passed);
    else if (timed)
        report_text(c, t);
    else
        printf("time     not timed (%s)\n", passed ? "--repeat 0" : "the result is wrong");
    FILE *st = fl_mpi_status_stream();
    if (!passed)
        fprintf(st, "FAIL: %s\n", reason);
    else if (!c->o.verify)
        fprintf(st, "PASS (unverified: --no-verify was given)\n");
    else
        fprintf(st, "PASS\n");
    fflush(st);
}
