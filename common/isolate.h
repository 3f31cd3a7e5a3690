/* Two processes: one runs the kernels, the other checks them.
 *
 * On a CPU device (pocl) a kernel runs inside the process that launched it, and a kernel
 * that forms a pointer from an integer can read and write any of that process's memory:
 * the host's copy of the input, FFTW's reference, the verdict. So a chapter program forks
 * before it makes any OpenCL object (pocl starts threads; a fork after that is unsafe):
 * the worker opens the device, builds, runs and times the kernels, and hands each output
 * back; the checking process keeps its own copy of every input (copy-on-write makes the
 * worker's writes its own), computes FFTW's reference, judges, and prints every verdict
 * line and the last PASS or FAIL line itself, after the worker has exited. The worker
 * prints progress (the device, the plan, --explain) and nothing that judges: a failure in
 * it (fl_die, a fenced fault) is handed over as a message and printed by the checker, so
 * a worker whose memory a kernel took over may write what it likes before, never after,
 * the checker's last line. The same code runs on every device.
 *
 * The channel: a socket pair for messages (a header, then LEN bytes) and one MAP_SHARED
 * mapping, made before the fork, for the arrays (the checker copies what it reads out of
 * it before it uses it: the worker can write there at any time). Everything the worker
 * sends is untrusted: lengths are checked and text is cleaned before it is printed.
 *
 * The checker's side of a worker's end: a DIE message (fl_die in the worker) is printed as
 * fl_die prints it and exits with its code (2 or 3, or 1); a FAULT message (a fenced
 * fault) as fence.c printed it, exit 1; a worker killed by --timeout as the watchdog
 * always said it (exit 3); a worker killed by a signal (a crash) by a FAIL line naming it,
 * then the checker ends by the same signal, as a crash ended the one process before; an
 * exit without the results by "FAIL (opencl, exit 3)", or with the worker's own non-zero
 * exit code. Each of these ends is also handed to fl_run_end (common/run_end.h) with its
 * fields (the DIE message carries fl_die's outcome, file, line and rule; the FAULT message
 * the fault's buffer, side, element and launch), which --format json reports as one object.
 *
 * What it does not stop: a kernel that goes beyond data and takes over the worker's code
 * runs as the same user, so it could still signal the checker (a run killed that way
 * ends by the signal, never with exit 0) or leave a process behind that writes after the
 * checker's last line. The checker is made non-dumpable, so that such a worker cannot
 * attach to it (ptrace, /proc/PID/mem) where the system would otherwise allow it. A list
 * of sizes keeps one worker for all of them: each size's verdict is printed while the
 * worker waits for the next, only the last after it has exited. */
#ifndef FFTLAB_ISOLATE_H
#define FFTLAB_ISOLATE_H

#include <stddef.h>
#include <stdint.h>

struct fl_msg {
    uint32_t type, aux;
    uint64_t len;   /* payload bytes after the header */
};

/* Message types at or above this are the channel's own (DIE, FAULT). */
#define FL_ISO_RESERVED 1000u

/* The checker: fork the worker, with SHARED_BYTES of memory both see (*SHARED). In the
 * worker WORK(ARG) runs, then the worker exits 0 (it never returns from this call). The
 * checker's fl_die first ends the worker. Exits 3 when the fork or the memory fails. */
void fl_iso_start(size_t shared_bytes, void **shared, void (*work)(void *arg), void *arg);
/* 1 in the checker while a worker runs. */
int fl_iso_running(void);
/* The checker: the worker's pid, 0 when none runs (for a signal handler's kill). */
int fl_iso_worker_pid(void);
/* Before fl_iso_start, in an MPI rank (common/mpi/relay.h): the worker ends by _exit, its
 * streams flushed first, never by exit (the exit handlers the fork copied are the rank's),
 * and the checker stays dumpable (MPI's shared-memory transport reads and writes the
 * ranks' memory across processes, which a non-dumpable process forbids). */
void fl_iso_mpi_rank(int on);
/* The checker: PREFIX (static text) before what a fenced fault's lines say ("rank 1: "). */
void fl_iso_fault_prefix(const char *prefix);

/* Either side: send a message. A worker whose checker is gone exits 3; a checker whose
 * worker is gone reports the worker's end (above) and exits. */
void fl_iso_send(uint32_t type, uint32_t aux, const void *payload, size_t len);
/* Either side: the next message into M, its payload into PAYLOAD (at most CAP bytes;
 * more is a broken channel). The checker never sees DIE or FAULT (they end it, above), nor
 * an end of the channel; the worker gets -1 there (the checker is done with it). */
int fl_iso_recv(struct fl_msg *m, void *payload, size_t cap);

/* The checker: close the channel and wait for the worker, which must exit 0 (else its end
 * is reported as above). */
void fl_iso_finish(void);
/* The checker: kill the worker and reap it (nothing when none runs). */
void fl_iso_kill(void);
/* The checker: BEFORE (may be NULL) runs before a worker's end is reported: the lines
 * held back so far go out first. */
void fl_iso_on_lost(void (*before)(void));

/* The checker's --timeout (0: none): after SECONDS the worker is killed, and the run fails
 * with the watchdog's message ("FAIL (opencl, exit 3): timed out (--timeout)" on stdout,
 * or on stderr when STATUS_TO_STDERR). */
void fl_iso_watchdog(double seconds, int status_to_stderr);
/* After the worker has given its results: a watchdog that fired fails the run as above;
 * else it is stopped. */
void fl_iso_watchdog_done(void);

/* Clean text a worker sent: at most LEN bytes, ended by a NUL, control characters made
 * '?', so that it prints on one line. */
void fl_iso_clean(char *text, size_t len);

#endif
