/* Error reporting: one macro for OpenCL calls, one function for everything else.
 *
 *   CL_CHECK(clFinish(queue));
 *     -> on failure prints "OpenCL error: clFinish(queue) returned CL_OUT_OF_RESOURCES
 *        (-5) at chapters/02_radix2/main.c:42" and exits with FL_EXIT_OPENCL.
 *
 * A command-line program has one cleanup path that never loses anything: nothing
 * is written until a run has succeeded, and the OS frees the rest on exit. */
#ifndef FFTLAB_CLERR_H
#define FFTLAB_CLERR_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "exitcodes.h"
#include "run_end.h"

const char *fl_cl_error_name(cl_int err);

/* Print "context: message" to stderr, then the final "FAIL: ..." line, and exit. */
_Noreturn void fl_die(int exit_code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* fl_die with what the run's JSON report says of it (common/run_end.h): WHAT's outcome,
 * file, line and rule (its exit code and reason are this call's). NULL: as fl_die. */
_Noreturn void fl_die_end(const struct fl_run_end *what, int exit_code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

_Noreturn void fl_cl_fail(cl_int err, const char *call, const char *file, int line);

#define CL_CHECK(call)                                                 \
    do {                                                               \
        cl_int cl_check_err_ = (call);                                 \
        if (cl_check_err_ != CL_SUCCESS)                               \
            fl_cl_fail(cl_check_err_, #call, __FILE__, __LINE__);      \
    } while (0)

/* For the clCreate* calls that return an object and report through a pointer. */
#define CL_CHECK_ERR(err, what)                                        \
    do {                                                               \
        if ((err) != CL_SUCCESS)                                       \
            fl_cl_fail((err), (what), __FILE__, __LINE__);             \
    } while (0)

/* Where stdout machine-readable output goes; the FAIL line must not corrupt it. */
void fl_set_status_stream_stderr(int on);

/* For a program that runs as several processes (10_distributed, under MPI): one process
 * that exits alone leaves the others waiting for it forever. PREFIX (may be NULL) goes in
 * front of every fl_die message ("rank 1 of 2: "); HOOK (may be NULL) is called after the
 * message is printed, with the exit code, and should end every process (MPI_Abort with
 * that code); if it returns, fl_die exits as usual. */
void fl_set_die_hook(void (*hook)(int exit_code), const char *prefix);

/* For the chapters' two processes (common/isolate.h). PREPARE (may be NULL) runs first
 * in fl_die, before anything is printed: the checking process ends the one that runs the
 * kernels and prints what it held back. SINK (may be NULL), in the process that runs the
 * kernels, takes the end (its exit code, outcome and message as reason) instead of any
 * printing and must not return: the other process prints it (a process that runs a
 * student's kernels prints no verdict, not even a FAIL line). After its lines fl_die hands
 * the end to fl_run_end (the JSON report, where one is set). */
void fl_set_die_prepare(void (*prepare)(void));
void fl_set_die_sink(void (*sink)(const struct fl_run_end *end));

/* The --timeout watchdogs (common/isolate.c, 10's ranks.c): HANDLER for SIGALRM, installed
 * with sigaction and SA_RESTART. Not signal(): under _POSIX_C_SOURCE that handler is
 * one-shot (SA_RESETHAND), and a second alarm (10's grace period) would kill the process
 * (exit 142) instead of reaching the handler. */
void fl_on_alarm(void (*handler)(int));

#endif
