/* An MPI rank that never runs a kernel: the rank checks, a worker it forks runs the device.
 *
 * On a CPU device (pocl) a kernel runs inside the process that launched it, and a kernel
 * that forms a pointer from an integer can read and write any of that process's memory: the
 * input kept for the reference, FFTW-MPI's reference, the verdict. common/isolate.h splits
 * the one-device chapters into two processes; an MPI program cannot split the same way,
 * because the reference (FFTW-MPI) is collective and the checks are reduced over the ranks:
 * the process that checks must be the MPI rank. So the launched process stays the rank (the
 * input, the reference, the checks across ranks, the verdict, the watchdog) and forks, after
 * MPI_Init but before any OpenCL object exists, a worker that never calls MPI and runs the
 * device side: the device choice, the build, the kernels, the timing. The parent never
 * touches the device (NVIDIA's driver is not fork-safe; pocl starts threads).
 *
 * The worker asks its parent for every MPI operation it needs, over common/isolate.h's
 * channel (a socket pair; the same DIE and FAULT messages end a worker that fails, and a
 * crash, a fault at a fence and fl_die keep their meaning and exit codes):
 *
 *     barrier, allreduce, bcast, allgather   small values, in the message and its reply
 *     alltoall, isend, irecv, waitall        buffers in the arena (below), by offset
 *     agree, print_ranks, watchdog           the harness's own (ranks.h), done by the parent
 *
 * The arena: one MAP_SHARED mapping made before the fork, the only memory both processes
 * see (besides an MPI shared window a transport allocates in the parent before the fork and
 * the worker inherits: chapter 10's shm and zerocopy, whose protocol is plain shared memory
 * and needs no relay while it runs). Its first page holds the flags (the worker in its
 * kernels, for the watchdog; the watchdog overdue, for the worker; the count of tight
 * requests done, below); the rest, in parts, the buffers the parent hands to MPI and the
 * arrays the two exchange (a run's input and output: device_side.c). The worker can write
 * there at any time: the parent copies what it must trust out of it before it uses it, and
 * hands MPI only buffers whose contents it does not judge.
 *
 * device_side.c is the protocol on top: the worker opens the device side and says READY
 * with what the rank's report names; the rank then asks for each checked run (RUN: input
 * in, output, guard damage and its fields out) and for the timed calls (TIME).
 *
 * Everything the worker sends is untrusted: each request's sizes, offsets, peers, types and
 * request slots are checked against the arena and the job, text is cleaned before it is
 * printed, and a request the parent cannot place ends the run (exit 3). A worker whose
 * parent is gone exits 3. The worker ends with _exit (after flushing its streams): Open
 * MPI's exit handlers, which the fork copied, belong to the parent.
 *
 * What it does not stop, beyond what common/isolate.h says: the parent stays dumpable
 * (Open MPI's shared-memory transport copies between the ranks with process_vm_readv and
 * lets any process of the user do so, PR_SET_PTRACER), so a worker whose code (not just
 * its data) a kernel took over could still reach the parent by those system calls. A
 * kernel's writes through a pointer reach the worker's memory, the arena and the shared
 * window only.
 *
 * What the relay costs: a request is one round trip over a local socket. Those of a timed
 * call (its starting barrier, the lesson's MPI_Alltoall, mpi's waits) are answered by a
 * count in the arena that the worker spins on, yielding the core, so that no worker wakes
 * late: on pocl (2 ranks, 2 busy cores) 15 to 20 microseconds per MPI_Alltoall, and no
 * change measured on shm or zerocopy, which relay nothing inside the call
 * (chapters/10_distributed/NOTES.md 15.2). */
#ifndef FFTLAB_MPI_RELAY_H
#define FFTLAB_MPI_RELAY_H

#include "../device.h"
#include "../isolate.h"

#include <stddef.h>
#include <stdint.h>

/* What a relayed value is (the worker never holds an MPI handle). */
enum fl_rl_type {
    FL_RL_CHAR, FL_RL_INT, FL_RL_LONG, FL_RL_DOUBLE, FL_RL_UINT64, FL_RL_DOUBLE_INT,
    FL_RL_CFLOAT, FL_RL_CDOUBLE, FL_RL_NTYPES
};
enum fl_rl_op { FL_RL_SUM, FL_RL_MIN, FL_RL_MAX, FL_RL_MAXLOC, FL_RL_NOPS };
/* Bytes of one value of type T. */
size_t fl_rl_size(enum fl_rl_type t);

/* Message types below this are the program's own; from it up to FL_ISO_RESERVED the
 * relay's. */
#define FL_RL_FIRST 900u

/* The parent: fork the worker with an arena of PARTS parts of BYTES each (each rounded up
 * to whole pages); WORK(ARG) runs in the worker, which then exits 0. Every rank calls it at
 * the same point. */
void fl_rl_start(int parts, size_t bytes, void (*work)(void *arg), void *arg);
/* 1 in the worker. */
int fl_rl_in_worker(void);
/* Either side: part I of the arena (page-aligned). */
void *fl_rl_part(int i);

/* ---------------------------------------------------------------- the device side
 * (device_side.c) What a program's worker does, for its rank: */
#define FL_RL_MAX_INFO 4096
struct fl_rl_device {
    /* the worker: the device side opened (the device, the build, the plans); INFO
     * (INFO_BYTES) gets what the rank's report names, as plain values */
    void (*open)(void *ctx, void *info);
    /* the worker: checked run WHICH for check CHECK (may be NULL) on X into OUT (COUNT
     * complex doubles each); where a kernel wrote outside its data, or NULL, and FAULT
     * its fields (run_end.h) */
    const char *(*run)(void *ctx, int which, const char *check, const double *x, double *out,
                       struct fl_fault *fault);
    /* the worker: the timed calls on X, their figures into TIMING (TIMING_BYTES) */
    void (*time)(void *ctx, const double *x, void *timing);
    void (*close)(void *ctx);   /* the worker: everything released */
    size_t info_bytes, timing_bytes;
};
/* The rank: fork the worker for D with CTX (the fork's copy), runs of COUNT complex values,
 * an arena of PARTS parts of COUNT complex doubles (0 and 1: a run's input and output; the
 * others the program's, fl_rl_part); relay its MPI until it is open, its INFO into INFO
 * (untrusted: text must be cleaned). */
void fl_rl_device_start(const struct fl_rl_device *d, void *ctx, size_t count, int parts,
                        void *info);
/* The rank: run WHICH for CHECK on X, its output into OUT (copied out of the arena); where
 * a kernel wrote outside its data (cleaned text), or NULL, and FAULT (may be NULL) its
 * fields. The timed calls on X. */
const char *fl_rl_device_run(int which, const char *check, const double *x, double *out,
                             struct fl_fault *fault);
void fl_rl_device_time(const double *x, void *timing);
/* The rank: a device as its worker described it made safe to print: its handles cleared,
 * its text and HOW (LEN bytes) cleaned. */
void fl_rl_clean_device(struct fl_device *dev, char *how, size_t len);

/* ---------------------------------------------------------------- the worker's requests */

/* Seconds on a monotonic clock: the worker's MPI_Wtime. */
double fl_rl_wtime(void);

void fl_rl_barrier(void);
/* A barrier before a timed call: the worker waits for its parent's MPI_Barrier spinning
 * (yielding the core) on a count in the arena, not asleep on the channel, so that every
 * rank's call starts within microseconds of the others. */
void fl_rl_barrier_tight(void);
/* IN (COUNT values of T) reduced by OP over the ranks into OUT (every rank). */
void fl_rl_allreduce(const void *in, void *out, int count, enum fl_rl_type t, enum fl_rl_op op);
/* BYTES of BUF from rank ROOT to every rank. */
void fl_rl_bcast(void *buf, size_t bytes, int root);
/* BYTES of IN from every rank into OUT (nranks * BYTES), in rank order. */
void fl_rl_allgather(const void *in, size_t bytes, void *out);
/* MPI_Alltoall of COUNT values of T per rank, SEND and RECV in the arena. */
void fl_rl_alltoall(const void *send, void *recv, int count, enum fl_rl_type t);
/* MPI_Irecv / MPI_Isend of COUNT values of T at BUF (in the arena) from / to PEER with
 * TAG, as request SLOT (< FL_RL_MAX_SLOTS); fl_rl_waitall waits for slots FIRST .. FIRST+N-1
 * (a slot never posted, or already waited for, counts as done). */
#define FL_RL_MAX_SLOTS (1u << 22)
void fl_rl_irecv(void *buf, int count, enum fl_rl_type t, int peer, int tag, unsigned slot);
void fl_rl_isend(const void *buf, int count, enum fl_rl_type t, int peer, int tag, unsigned slot);
void fl_rl_waitall(unsigned first, unsigned n);
/* ranks.h's fl_mpi_agree, fl_mpi_print_ranks (STREAM 1 stdout, 2 stderr) and
 * fl_mpi_watchdog_start (JSON_CHAPTER may be NULL), done by the parent. */
void fl_rl_agree(int code, const char *msg);
void fl_rl_print_ranks(int stream, const char *text);
void fl_rl_watchdog_start(double seconds, const char *json_chapter, const char *variant);
/* The worker's side of fl_mpi_watchdog_kernels: RUNNING into the arena's flag for the
 * parent's watchdog; an overdue watchdog stops the worker here until it ends the run. */
void fl_rl_kernels(int running);

/* ---------------------------------------------------------------- the parent */

/* Serve the worker's requests until it sends a message of the program's own: that one into
 * M, its payload into PAYLOAD (at most CAP bytes: more is a broken channel, exit 3). A
 * worker that fails or ends is reported as common/isolate.h says (and the run ends). */
void fl_rl_serve(struct fl_msg *m, void *payload, size_t cap);
/* The parent's watchdog (ranks.h) asks: is the worker in its kernels? Mark it overdue. */
int fl_rl_worker_in_kernels(void);
void fl_rl_mark_overdue(void);
/* The parent: the worker's pid (0: none), to kill it from a signal handler. */
int fl_rl_worker_pid(void);
/* The parent's end: close the channel and wait for the worker (it must exit 0). */
void fl_rl_finish(void);

#endif
