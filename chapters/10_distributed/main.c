/* 10_distributed — a 2-D or 3-D FFT over several MPI ranks: slabs, local passes, one
 * all-to-all transpose, the last axis; checked against FFTW-MPI on the same slabs.
 *
 * What changed since 07_multidim: 07 transforms an array on one device. Here the array is
 * cut into P slabs, one per MPI process (rank), each on its own OpenCL device: rank d owns
 * the rows [d*Ny/P, (d+1)*Ny/P) of Ny x Nx (of the planes of Nz, in 3-D), as FFTW-MPI lays
 * data out. Every axis inside a slab is transformed locally with 07's passes.
 *
 * The idea: the outermost axis is spread over the ranks, so transpose the array globally
 * first. Each rank packs its slab into P blocks on the device, sends block e to rank e and
 * receives block d of every rank (one MPI_Alltoall: exchange.c's transport_alltoall), and
 * unpacks what arrived into a slab of the next axis, which now holds the outermost axis
 * whole. 2-D on P = 2 ranks, rank 0 holding the blocks a b (its rows, cut where rank 1's
 * part of x begins), rank 1 holding c d:
 *
 *     natural slabs       x passes      pack, exchange, unpack          y passes
 *     rank 0: [a b]   ->  program 1  ->  rank 0: [aT cT]            ->  program 2
 *     rank 1: [c d]                      rank 1: [bT dT]
 *
 * The result stays in that transposed layout (FFTW_MPI_TRANSPOSED_OUT: rank d owns
 * x [d*Nx/P, ...) of y[x][y]), or with --natural goes back to the input's layout (a
 * second all-to-all).
 *
 * going_further/ makes it fast, and a plain run uses it (--transport auto): the exchange
 * in chunks overlapped with the copies, through a node's shared memory, with no host copy
 * where the driver allows (going_further/choose.c picks); at P = 1 no exchange at all,
 * chapter 07's passes with the transpose in the last one's store (one_rank.c).
 * `--transport alltoall` runs the lesson's exchange alone: the baseline.
 *
 * Run it (Open MPI: make deps installs it; tools/mpirun.sh adds --oversubscribe,
 * --allow-run-as-root when you are root, and --bind-to none):
 *   make 10_distributed
 *   tools/mpirun.sh -n 2 ./build/10_distributed --size 1024x1024
 *   tools/mpirun.sh -n 2 ./build/10_distributed --size 64x48 --explain --repeat 0
 *   tools/mpirun.sh -n 2 ./build/10_distributed --size 256x256x256 --natural
 *   tools/mpirun.sh -n 2 ./build/10_distributed --transport alltoall   (the lesson's exchange)
 *   tools/mpirun.sh -n 2 ./build/10_distributed --variant exchange_map --size 8x6   (the exercise)
 *   FFTLAB_DEVICE=nvidia mpirun -n 2 ./build/10_distributed --size 4096x4096   (a GPU per rank)
 *
 * --explain names every kernel file compiled. Lesson: README.md here; distributed.h says
 * what the other files of this folder do. */
#include "distributed.h"
#include "going_further/transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_WG 256 /* work-items per group the planner may use (07's) */

int rank, nranks;      /* this process in MPI_COMM_WORLD, and how many */

int main(int argc, char **argv)
{
    /* MPI, FFTW-MPI, and fl_die ending every rank (common/mpi/ranks.c) */
    fl_mpi_init(&argc, &argv, &rank, &nranks);
    static struct ctx c;
    char err[1024] = "";
    options_parse(&c, argc, argv);  /* agreed: a bad option stops every rank, once */

    /* 1. The decomposition: the same answer on every rank, before any device work. Rank
     *    r owns rows [r*Na/P, (r+1)*Na/P) of the outermost axis a (slab.c). */
    fl_mpi_agree(slab_make(&c.s, c.dims, c.ndims, c.o.batch ? c.o.batch : 1, nranks, rank, err,
                           sizeof err) != 0 ? FL_EXIT_USAGE : 0, err);
    c.elem = c.o.precision == FL_DOUBLE ? 16 : 8;
    c.on_device = nranks == 1 && !c.variant->exercise;
    c.out = c.natural ? LAYOUT_NATURAL : LAYOUT_TRANSPOSED;
    c.bound = fl_bounds_for(FL_BOUND_FFT, c.s.n, c.o.precision == FL_DOUBLE);

    /* 2. This rank's device (run.c, common/mpi/devices.c), and the local passes' layouts:
     *    A for the axes inside a natural slab, B for the outermost axis once the transpose
     *    made it whole (pipeline.c, planned by common/fft/axis_plan.c as in 07). */
    open_device(&c);
    size_t wg = c.o.wg ? c.o.wg : DEFAULT_WG;
    fl_mpi_agree(pipeline_layouts(&c.s, &c.dev, c.elem, wg, c.on_device, &c.la, &c.lb, err,
                                  sizeof err) != 0 ? FL_EXIT_USAGE : 0, err);
    fl_mpi_watchdog_start(c.o.timeout_s, report_format == FL_FORMAT_JSON ? CHAPTER : NULL,
                          c.variant->name);
    report_who(&c);

    /* 3. Kernels: programs 1 and 2 are the same sources (07's passes + the pack and the
     *    unpack), built with A's and B's -D constants (run.c). */
    build_programs(&c);

    /* 4. The transform as steps (pipeline.c): local passes (A), the exchange (pack; the
     *    blocks to the other ranks: exchange.c, engine_call and transport_alltoall;
     *    unpack), local passes (B) [, the exchange back]. At P = 1 one step: every axis,
     *    the last pass storing the output's layout (going_further/one_rank.c).
     *    The other direction, from the output's layout back to natural, is the round
     *    trip's check (FFTW's TRANSPOSED_IN: last axis first, the exchange back, the slab). */
    size_t wg_items = c.dev.max_wg < 256 ? c.dev.max_wg : 256;
    int sign = c.o.inverse ? 1 : -1;
    if (c.on_device) {
        pipeline_begin(&c.main, sign, LAYOUT_NATURAL, c.out);
        one_rank(&c.main, &c.s, &c.la, &c.lb, c.elem);
        pipeline_begin(&c.back, -sign, c.out, LAYOUT_NATURAL);
        one_rank(&c.back, &c.s, &c.la, &c.lb, c.elem);
    } else {
        pipeline_make(&c.main, &c.s, &c.la, &c.lb, c.elem, wg_items, sign, LAYOUT_NATURAL,
                      c.out);
        pipeline_make(&c.back, &c.s, &c.la, &c.lb, c.elem, wg_items, -sign, c.out,
                      LAYOUT_NATURAL);
    }
    engine_prepare(&c.eng, &c.main);
    if (c.o.verify)
        engine_prepare(&c.eng, &c.back);
    if (c.o.explain)
        report_explain(&c);

    /* 5. Verify against FFTW-MPI on the same slabs (checks.c), then time. */
    double *x0 = fl_xmalloc(c.s.count * 16, "the input");
    double *out0 = fl_xmalloc(c.s.count * 16, "the output");
    static struct checks k;
    static struct fl_result r;
    if (c.o.verify)
        verify_ranks(&c, x0, out0, &k);
    report_checks(&c, &k, &r);   /* passed, or the reason: the first failed check */
    fl_report_json_running(c.variant->name, &r);
    if (!c.o.verify) {
        /* --no-verify: one call still, and a write outside the data still fails it, naming
         * the first rank that made one, the buffer and the side */
        input_fill(&c.s, INPUT_RANDOM, c.o.seed, 0, NULL, sign, c.o.precision == FL_SINGLE, x0);
        const char *guard = verified_call(&c, &c.main, x0, out0);
        char where[256];
        r.fault = c.eng.fault;
        int first_bad = fl_mpi_first(guard, where, sizeof where, &r.fault, sizeof r.fault);
        if (first_bad >= 0) {   /* (r.fault: its fields, for --format json's record) */
            r.passed = 0;
            snprintf(r.reason, sizeof r.reason, "rank %d: a kernel wrote out of bounds: %s",
                     first_bad, where);
        }
    }
    /* every rank ends with the worst rank's verdict, and rank 0's reason */
    r.passed = fl_mpi_agree_all(r.passed);
    MPI_Bcast(r.reason, sizeof r.reason, MPI_CHAR, 0, MPI_COMM_WORLD);
    report_rank(&c, &k);

    struct timing t;
    memset(&t, 0, sizeof t);
    r.timed = c.o.repeat != 0 && r.passed;
    if (r.timed)
        time_calls(&c, x0, &t);
    report_result(&c, &t, &r);

    engine_release(&c.eng, &c.main);
    if (c.o.verify)
        engine_release(&c.eng, &c.back);
    pipeline_free(&c.main);
    pipeline_free(&c.back);
    for (int i = 0; i < 2; i++)
        clReleaseProgram(c.eng.program[i]);
    engine_close(&c.eng);
    fl_device_close(&c.dev);
    free(x0);
    free(out0);
    fl_mpi_finish(r.passed ? FL_EXIT_OK : FL_EXIT_MISMATCH);
}
