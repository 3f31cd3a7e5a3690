/* common/mpi/: the harness of a program whose ranks run together under MPI (chapter 10),
 * what every such run needs besides its idea, in plain values (no chapter's types):
 *
 *   ranks.c     MPI start and end, failures every rank agrees on, output in rank order
 *   watchdog.c  --timeout for a rank, and which rank speaks when one is stuck
 *   devices.c   which OpenCL device a rank opens
 *   agree.c     the options, which every rank must get the same
 *   reference.c FFTW-MPI's answer on the same slabs (common/reference.c's, over ranks)
 *
 * Built with mpicc for the MPI chapters only (the Makefile's MPI_CHAPTERS), never into the
 * one-device chapters' common/ objects. */
#ifndef FFTLAB_MPI_RANKS_H
#define FFTLAB_MPI_RANKS_H

#include "../device.h"
#include "../options.h"

#include <stddef.h>
#include <stdio.h>

/* ---------------------------------------------------------------- ranks.c */

/* MPI_Init, FFTW-MPI (its threads: the cores of the node shared among its ranks), and
 * fl_die ending every rank (MPI_Abort). RANK, NRANKS: this process in MPI_COMM_WORLD, and
 * how many. */
void fl_mpi_init(int *argc, char ***argv, int *rank, int *nranks);
/* Every rank's end: FFTW-MPI and MPI finalized, exit with CODE. */
_Noreturn void fl_mpi_finish(int code);
/* The run's report FORMAT: status lines (PASS, FAIL) on stdout for text, else on stderr;
 * in JSON, rank 0 ends the run with CHAPTER's record (common/report.h's
 * fl_report_json_ends), whatever ends it there: the verdict, an agreed failure
 * (fl_mpi_agree), fl_die, its watchdog. */
void fl_mpi_set_format(enum fl_format format, const char *chapter);
FILE *fl_mpi_status_stream(void);
/* A failure every rank checks at the same point (bad options, a size P does not divide,
 * no device): each rank passes its own CODE (0 = fine) and message. If any failed, rank 0
 * prints the lowest failing rank's message once, naming the rank unless all of them
 * failed, and every rank exits with the worst code — no rank is left waiting. */
void fl_mpi_agree(int code, const char *msg);
/* 1 when OK is 1 on every rank. Collective. */
int fl_mpi_agree_all(int ok);
/* Rank 0: every rank's TEXT, in rank order, malloc'd; NULL on the others. Collective. */
char *fl_mpi_gather_text(const char *text);
/* The lowest rank whose MINE is not NULL (-1: none), and its MINE into TEXT on every
 * rank (cut at LEN), and its FIELDS' BYTES (may be 0) into every rank's FIELDS.
 * Collective. */
int fl_mpi_first(const char *mine, char *text, size_t len, void *fields, size_t bytes);
/* Rank 0: a 64-bit FNV-1a of every rank's digest of its BYTES at DATA (FNV-1a), in rank
 * order; 0 on the other ranks. Collective. */
unsigned long long fl_mpi_digest(const void *data, size_t bytes);
/* Rank 0 prints every rank's TEXT (any number of lines), in rank order. Collective. */
void fl_mpi_print_ranks(FILE *stream, const char *text);

/* ---------------------------------------------------------------- watchdog.c */

/* After SECONDS (0: never) this rank prints why and exits 3; mpirun stops the others. A
 * rank found outside its kernels, with other ranks, waits 5 s more first (watchdog.c).
 * JSON_CHAPTER (NULL: text or CSV): rank 0 then ends with a JSON record of the timeout
 * (outcome timeout, exit 3; VARIANT run), also when mpirun stops it (SIGTERM) past its
 * --timeout, or within a second of it, because another rank timed out first. */
void fl_mpi_watchdog_start(double seconds, const char *json_chapter, const char *variant);
/* RUNNING 1 around this rank's kernels (enqueue to finish), 0 after: where the watchdog
 * finds a rank decides whether it is the stuck one. An overdue rank exits here. */
void fl_mpi_watchdog_kernels(int running);

/* ---------------------------------------------------------------- devices.c */

/* Which device this rank opens: among the devices SPEC matches (P:D, cpu, gpu, or part of
 * a platform or device name: fl_device_matches; without SPEC the GPUs, else the CPU
 * devices), number (this rank's number on its node) mod their count, so every node's
 * first rank takes its first device. Writes "P:D" into PICK and how it was chosen into
 * HOW. Returns 0, or an exit code with WHY (2: nothing matches SPEC, 3: no OpenCL
 * platform). Not collective: pass the code to fl_mpi_agree. */
int fl_mpi_choose_device(const char *spec, char *pick, size_t plen, char *how, size_t hlen,
                         char *why, size_t wlen);

/* Who is who: with TEXT, rank 0's "ranks    2 MPI processes (Open MPI v4.1.4), one OpenCL
 * device each"; then every rank's DEV and HOW it was chosen, a line each in rank order on
 * the status stream. Collective. */
void fl_mpi_report_devices(const struct fl_device *dev, const char *how, int text);

/* ---------------------------------------------------------------- agree.c */

/* --help's words on running ranks: how to start them (PROG's name in %s), the device each
 * rank takes (devices.c), and that every rank must get the same options (below). */
extern const char fl_mpi_help_run[], fl_mpi_help_devices[], fl_mpi_help_agree[];

/* Before the options are parsed and agreed: the --format ARGV asks for (fl_mpi_set_format,
 * CHAPTER's), so that a refusal of the options keeps stdout a CSV's or ends in the JSON
 * record. */
void fl_mpi_early_format(int argc, char **argv, const char *chapter);
/* --help or --list-devices in O: rank 0 prints HELP(PROG) or the devices, and every rank
 * ends (exit 0, or 3 when there is no device). Returns when neither was given. */
void fl_mpi_help_or_list(const struct fl_options *o, void (*help)(const char *prog),
                         const char *prog);

#define FL_MPI_AGREE_BYTES 4096   /* one rank's options as "name<TAB>value" lines */

/* Append "NAME<TAB>value" (FMT's, on one line; a long one cut, with a hash of the whole)
 * to the block BUF holding USED bytes; returns the bytes it holds now. */
size_t fl_mpi_describe(char *buf, size_t used, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The options every chapter has (common/options.h) as lines into BUF (FL_MPI_AGREE_BYTES),
 * each value as it takes effect (a default spelled out equals the default left out):
 * DEMO_SIZE and VARIANT0 stand for --size and --variant not given. EXTRA (may be NULL)
 * appends the program's own options after --precision, with ARG. */
void fl_mpi_describe_options(const struct fl_options *o, const char *demo_size,
                             const char *variant0, char *buf,
                             size_t (*extra)(char *buf, size_t used, const void *arg),
                             const void *arg);
/* Every rank's block MINE against rank 0's: the first option on which a rank differs ends
 * every rank with exit 2, naming it (PROGRAM: what a block of other lines is a different
 * build of). Collective, and before any other collective that the options shape. */
void fl_mpi_agree_options(const char *mine, const char *program);

/* ---------------------------------------------------------------- reference.c */

/* FFTW-MPI in double: OUT = DFT_sign(IN) for BATCH arrays of shape DIMS (NDIMS 2 or 3,
 * outermost first, the batch outermost), on this rank's slab: IN natural, rows
 * [rank*M0, +M0) of the first axis; OUT the same, or with TRANSPOSED FFTW-MPI's
 * TRANSPOSED_OUT layout (rows [rank*M1, +M1) of the second axis, the first two swapped).
 * Collective. Exits 3 on a plan failure, or if FFTW's slabs are not M0 and M1 per rank.
 * The plans are kept until fl_mpi_finish (fl_mpi_reference_cleanup). */
void fl_mpi_reference(const size_t *dims, int ndims, size_t batch, size_t m0, size_t m1,
                      const double *in, double *out, int sign, int transposed);
void fl_mpi_reference_cleanup(void);

#endif
