/* harness/: chapter 10's ranks running together, what every run needs besides the idea:
 *
 *   ranks.c     MPI start and end, failures every rank agrees on, output in rank order,
 *               the watchdog
 *   options.c   the options (every rank must get the same) and the variants
 *   devices.c   which device each rank opens
 *   report.c    what a run prints: who is who, --explain, each rank's verdict, the phases
 *
 * Included at the end of ../distributed.h. */
#ifndef FFTLAB_DISTRIBUTED_HARNESS_H
#define FFTLAB_DISTRIBUTED_HARNESS_H

#include "../distributed.h"

#include <stdio.h>

/* ---------------------------------------------------------------- ranks.c */

extern int rank, nranks;                 /* this process in MPI_COMM_WORLD, and how many */
extern enum fl_format report_format;     /* text or csv                                  */

/* MPI_Init, this rank's number, FFTW-MPI, and fl_die ending every rank (MPI_Abort). */
void ranks_init(int *argc, char ***argv);
/* Every rank's end: FFTW-MPI and MPI finalized, exit with CODE. */
_Noreturn void finish(int code);
/* Where the status lines go: stdout for text, stderr under --format csv. */
FILE *status_stream(void);
/* A failure every rank checks at the same point (bad options, a size P does not divide,
 * no device): each rank passes its own CODE (0 = fine) and message. If any failed, rank 0
 * prints the lowest failing rank's message once, naming the rank unless all of them
 * failed, and every rank exits with the worst code — no rank is left waiting. */
void agree(int code, const char *msg);
/* 1 when OK is 1 on every rank. Collective. */
int agree_all(int ok);
/* Rank 0 prints every rank's TEXT (any number of lines), in rank order. Collective. */
void print_ranks(FILE *stream, const char *text);
/* After SECONDS (0: never) this rank prints why and exits 3; mpirun stops the others. A
 * rank found outside its kernels, with other ranks, waits 5 s more first (ranks.c). */
void rank_watchdog_start(double seconds);
/* RUNNING 1 around this rank's kernels (enqueue to finish), 0 after: where the watchdog
 * finds a rank decides whether it is the stuck one. An overdue rank exits here. */
void rank_watchdog_kernels(int running);

/* ---------------------------------------------------------------- options.c, devices.c */

/* The options (--natural is this chapter's), the variant and the shape; a bad one ends
 * every rank with one message (exit 2); --help and --list-devices end the run. */
void options_parse(struct ctx *c, int argc, char **argv);
/* This rank's device: number (rank on its node) mod count among the GPUs, else the CPU
 * devices, or among those --device/FFTLAB_DEVICE matches; then whether C's slab fits on
 * it. Agreed: one rank's failure ends every rank. */
void open_device(struct ctx *c);

/* ---------------------------------------------------------------- report.c */

void report_who(const struct ctx *c);          /* the header, one line per rank's device */
void report_explain(const struct ctx *c);      /* --explain: slabs, exchange, the steps   */
void report_rank(const struct ctx *c, const struct checks *k);   /* each rank's verdict  */
/* Rank 0: the phases (text) or the CSV row, then PASS or FAIL: REASON. */
void report_result(const struct ctx *c, const struct checks *k, const struct timing *t,
                   int timed, int passed, const char *reason);

#endif
