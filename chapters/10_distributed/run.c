/* Running the transform: the kernel programs (the chapter's file, or with an exercise
 * variant the student's functions composed into it), and the timed calls. */
#include "distributed.h"

#include "../../common/program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Earlier chapters' kernel files built in front of kernels/10_distributed.cl: 07's passes
 * and what they use, with this chapter's hook into 07's column pass (10_pass_hooks.cl: the
 * store into the transposed layout, one rank's transpose) in front of 07's file. */
const char *const kernel_uses[] = {"06_passes.cl", "06_blocks_25_27.cl", "06_row_parts.cl",
                                   "06_column_parts.cl", "05_register_radix.cl",
                                   "06_mixed_radix.cl", "10_pass_hooks.cl", "07_multidim.cl",
                                   NULL};

void open_device(struct ctx *c)
{
    char err[1024] = "", pick[32];
    int rc = fl_mpi_choose_device(c->o.device, pick, sizeof pick, c->how, sizeof c->how, err,
                                  sizeof err);
    fl_mpi_agree(rc, err);
    fl_device_open(pick, &c->dev);
    /* each buffer: the slab between two guard zones (exchange.c, common/buffers.h) */
    size_t row = c->s.count / (c->s.batch ? c->s.batch : 1) * c->elem;
    size_t need = c->s.count * c->elem + 2 * fl_guard_bytes(&c->dev, row, c->elem);
    int nbuf = c->on_device ? 2 : 4;   /* one rank: no exchange, no exchange buffers */
    if (fl_device_refuses(&c->dev, c->o.precision == FL_DOUBLE, c->o.wg, err, sizeof err)) {
        rc = FL_EXIT_USAGE;
    } else if (need > c->dev.max_alloc || (size_t)nbuf * need > c->dev.global_mem) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "a slab of %zu values needs %d buffers of %zu MiB (the data, a "
                 "second buffer%s, each with its guard zones) on %s, which has %llu "
                 "MiB (at most %llu MiB per buffer): use more ranks", c->s.count, nbuf, need >> 20,
                 nbuf == 4 ? ", the exchange's send and receive buffers" : "",
                 c->dev.name, (unsigned long long)(c->dev.global_mem >> 20),
                 (unsigned long long)(c->dev.max_alloc >> 20));
    }
    fl_mpi_agree(rc, err);
}

void build_programs(struct ctx *c)
{
    for (int i = 0; i < 2; i++) {
        /* SLAB_NI: the values of the axes inside a row of the exchange (1 in 2-D, Nx in
         * 3-D), for the store into the transposed layout (kernels/10_pass_hooks.cl) */
        size_t used = (size_t)snprintf(c->build[i], sizeof c->build[i], "%s -D SLAB_NI=%zu",
                                       fl_precision_options(c->o.precision), c->s.ni);
        fl_layout_options(i ? &c->lb : &c->la, c->build[i], used, sizeof c->build[i]);
    }
    engine_open(&c->eng, &c->dev, &c->s, c->elem, c->on_device, &c->xport);
    c->eng.kernel_file = c->kernel_file;
    /* the kernel file: --kernels FILE or DIR, else kernels/10_distributed.cl; with
     * --variant exchange_map, the exercise file (--exercise FILE, else the variant's) in
     * place of the FL_EXERCISE_EXCHANGE_MAP block (common/program.h). Rank 0 goes first:
     * a missing or malformed file, or a build error, ends the job with its one message
     * (fl_die, MPI_Abort; --format json: its record) while the other ranks wait at the
     * barrier, instead of one message per rank, or another rank's first. */
    for (int turn = 0; turn < 2; turn++) {
        if ((rank == 0) == (turn == 0)) {
            fl_exercise_setup(c->o.kernels, c->o.exercise, c->variant->name, c->variant->exercise,
                              "10_distributed.cl", kernel_uses, c->kernel_file,
                              sizeof c->kernel_file);
            for (int i = 0; i < 2; i++)
                c->eng.program[i] = fl_build_program(&c->dev, c->kernel_file, kernel_uses,
                                                     c->build[i]);
        }
        if (turn == 0)
            fl_rl_barrier();    /* (the worker's MPI, through its rank: relay.h) */
    }
}

void time_calls(struct ctx *c, const double *x0, struct timing *t)
{
    memset(t, 0, sizeof *t);
    int runs = c->o.repeat, total = 0;
    double *tmax = NULL, *ph = NULL;
    t->warmup = c->o.warmup;
    for (int done = 0, timed = 0;; done++) {
        double phases[PH_COUNT];
        engine_upload(&c->eng, done ? NULL : x0);  /* (x0 converted once) */
        fl_rl_barrier_tight();  /* (the rank's, outside the call's clock: relay.h) */
        double ms = engine_call(&c->eng, &c->main, 0, phases), slowest;
        fl_rl_allreduce(&ms, &slowest, 1, FL_RL_DOUBLE, FL_RL_MAX);
        if (done < c->o.warmup)
            continue;
        if (!tmax) {
            if (runs < 0)   /* the same number on every rank: the slowest rank's first call */
                runs = fl_auto_runs(slowest);
            total = runs;
            tmax = fl_xmalloc((size_t)total * sizeof *tmax, "the timings");
            ph = fl_xmalloc((size_t)total * PH_COUNT * sizeof *ph, "the phases' timings");
        }
        tmax[timed] = slowest;
        memcpy(ph + (size_t)timed * PH_COUNT, phases, sizeof phases);
        if (++timed == total)
            break;
    }
    t->runs = total;
    t->total = fl_stats_of(tmax, total);
    /* per phase: this rank's median, then the largest and smallest over the ranks */
    double *col = fl_xmalloc((size_t)total * sizeof *col, "a phase's timings");
    for (int p = 0; p < PH_COUNT; p++) {
        for (int i = 0; i < total; i++)
            col[i] = ph[(size_t)i * PH_COUNT + p];
        struct fl_stats st = fl_stats_of(col, total);
        struct { double v; int r; } mine = {st.median, rank}, hi;
        fl_rl_allreduce(&mine, &hi, 1, FL_RL_DOUBLE_INT, FL_RL_MAXLOC);
        fl_rl_allreduce(&st.median, &t->phase_min[p], 1, FL_RL_DOUBLE, FL_RL_MIN);
        t->phase_max[p] = hi.v;
        t->phase_max_rank[p] = hi.r;
        if (!phase_inside(p))     /* d2h, mpi, h2d overlap inside the exchange's wall time */
            t->phase_sum += hi.v;
    }
    free(col);
    free(tmax);
    free(ph);
}
