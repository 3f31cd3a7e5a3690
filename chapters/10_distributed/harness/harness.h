/* harness/: what chapter 10's run prints and takes, besides the idea:
 *
 *   options.c   the options (every rank must get the same: common/mpi/agree.c) and the
 *               variants
 *   report.c    what a run prints: who is who, --explain, each rank's verdict, the phases
 *   isolate.c   the kernels in a process of their own: the rank forks the worker that
 *               runs the device side, and asks it for each verified and timed call
 *               (common/mpi/relay.h relays the worker's MPI)
 *   fences.c    every buffer a kernel reaches fenced (pocl) or between guard zones
 *
 * The ranks running together (MPI start and end, agreed failures, output in rank order,
 * the watchdog, a device per rank) are common/mpi/'s harness (common/mpi/ranks.h).
 * Included at the end of ../distributed.h. */
#ifndef FFTLAB_DISTRIBUTED_HARNESS_H
#define FFTLAB_DISTRIBUTED_HARNESS_H

#include "../distributed.h"
#include "../../../common/mpi/ranks.h"

#include <stdio.h>

extern int rank, nranks;                 /* this process in MPI_COMM_WORLD, and how many */
extern enum fl_format report_format;     /* text or csv                                  */

/* ---------------------------------------------------------------- options.c, run.c */

/* The options (--natural is this chapter's), the variant and the shape; a bad one ends
 * every rank with one message (exit 2); --help and --list-devices end the run. */
void options_parse(struct ctx *c, int argc, char **argv);
/* This rank's device: number (rank on its node) mod count among the GPUs, else the CPU
 * devices, or among those --device/FFTLAB_DEVICE matches; then whether C's slab fits on
 * it. Agreed: one rank's failure ends every rank. */
void open_device(struct ctx *c);

/* ---------------------------------------------------------------- isolate.c */

/* The rank forks the worker (common/mpi/relay.h), which runs DEVICE_SIDE(C): the device,
 * the build, the pipelines, then device_serve. The rank relays the worker's MPI until it is
 * ready, and takes into C what the report names (the device, the transport, the steps). */
void isolate_start(struct ctx *c, void (*device_side)(struct ctx *c));
/* The worker: answer the rank's runs and timing until it is done. */
void device_serve(struct ctx *c);
/* The rank: the timed calls, made by the worker on X0; the worker's end. */
void time_remote(struct ctx *c, const double *x0, struct timing *t);
void isolate_end(void);
/* The memory both see: a slab of complex doubles each. */
enum { ARENA_IN, ARENA_OUT, ARENA_SEND, ARENA_RECV, ARENA_PARTS };
void *arena_part(int part);

/* ---------------------------------------------------------------- report.c */

void report_who(const struct ctx *c);          /* the header, one line per rank's device */
void report_explain(const struct ctx *c);      /* --explain: slabs, exchange, the steps   */
void report_rank(const struct ctx *c, const struct checks *k);   /* each rank's verdict  */
/* K's checks and the run as every chapter reports them (common/report.h), R->passed and
 * R->reason from the first failed check. */
void report_checks(const struct ctx *c, const struct checks *k, struct fl_result *r);
/* Rank 0: the phases (text), or the CSV row or JSON record (common/report.c, with this
 * chapter's columns), then PASS or FAIL: R's reason. */
void report_result(const struct ctx *c, const struct timing *t, struct fl_result *r);

#endif
