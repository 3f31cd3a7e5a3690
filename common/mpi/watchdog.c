/* A watchdog that ends a stuck rank (and with it the job), and lets the stuck rank, not
 * one waiting for it, be the one that speaks. */
#define _POSIX_C_SOURCE 200809L
#include "ranks.h"

#include "../clerr.h"
#include "../exitcodes.h"

#include <math.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

/* The messages are made before the alarm can fire: the handler only writes and exits (a
 * rank that exits alone makes mpirun stop the others).
 *
 * Which rank speaks: every rank's timer starts at the same collective, so a kernel stuck on
 * rank 1 fires rank 1's alarm and, at about the same moment, the alarm of rank 0, which is
 * only waiting for rank 1 in a collective. Whichever signal came first used to name its
 * rank: rank 0 as often as rank 1. So a rank whose alarm finds it outside its own kernels
 * (waiting for the others, building, on the host) does not exit at once when there are
 * other ranks: it marks itself overdue and gives them WATCHDOG_GRACE_S seconds to speak
 * first; the timer fires again after that, and then it exits. An overdue rank starts no
 * more kernels either (it exits at the next run of them), so a run past --timeout never
 * ends in PASS because of the grace. Its message says where the alarm found it. */
#define WATCHDOG_GRACE_S 5
static char watchdog_msg[256], watchdog_status[160], waiting_msg[300], waiting_status[160];
/* --format json, rank 0: the run's record of each end (docs/report-json.md), made here as
 * text because the handler may not format; "" otherwise */
static char watchdog_json[640], waiting_json[640];
static volatile sig_atomic_t in_kernels, overdue, alone, status_fd = STDOUT_FILENO;

static void watchdog_exit(const char *msg, const char *status)
{
    ssize_t ignored = write(STDERR_FILENO, msg, strlen(msg));
    ignored = write(status_fd, status, strlen(status));
    const char *json = msg == watchdog_msg ? watchdog_json : waiting_json;
    ignored = write(STDOUT_FILENO, json, strlen(json));
    (void)ignored;
    _exit(FL_EXIT_OPENCL);
}

/* mpirun ends the other ranks when one exits. Rank 0 past its --timeout (overdue), or
 * within STOPPED_SLACK_S of it (another rank's timer, started at the same collective, may
 * fire a moment before its own), ends with its record of the timeout, as its alarm would
 * have; any other end is mpirun's. */
#define STOPPED_SLACK_S 1.0
static struct timespec started;
static double limit_s;

static void stopped(int sig)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double t = (double)(now.tv_sec - started.tv_sec) +
               (double)(now.tv_nsec - started.tv_nsec) * 1e-9;
    if (overdue || t + STOPPED_SLACK_S >= limit_s)
        watchdog_exit(in_kernels ? watchdog_msg : waiting_msg,
                      in_kernels ? watchdog_status : waiting_status);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* RECORD: the JSON object of a timeout whose reason is MSG's words after "error: " (the
 * rank's PREFIX and the rest, up to its newline). */
static void json_record(char *record, size_t len, const char *chapter, const char *variant,
                        const char *msg, double seconds)
{
    const char *why = msg + strlen("error: ");
    snprintf(record, len, "{\"chapter\": \"%s\", \"variant\": \"%s\", \"checks\": [], "
             "\"verdict\": \"FAIL\", \"outcome\": \"timeout\", \"exit\": %d, \"reason\": "
             "\"%.*s\", \"timeout_s\": %.6g}\n", chapter, variant, FL_EXIT_OPENCL,
             (int)strcspn(why, "\n"), why, seconds);
}

static void watchdog_fired(int sig)
{
    (void)sig;
    if (in_kernels || alone)
        watchdog_exit(watchdog_msg, watchdog_status);
    if (!overdue) {
        overdue = 1;    /* the grace: a stuck rank elsewhere speaks first */
        return;
    }
    watchdog_exit(waiting_msg, waiting_status);
}

void fl_mpi_watchdog_start(double seconds, const char *json_chapter, const char *variant)
{
    if (seconds <= 0)
        return;
    int rank, nranks;
    char prefix[48] = "";
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    if (nranks > 1)
        snprintf(prefix, sizeof prefix, "rank %d of %d: ", rank, nranks);
    alone = nranks == 1;
    status_fd = fl_mpi_status_stream() == stdout ? STDOUT_FILENO : STDERR_FILENO;
    snprintf(watchdog_msg, sizeof watchdog_msg, "error: %sno result before the --timeout: a kernel "
             "is probably stuck (or the size is too big for the time allowed); this rank exits, "
             "and mpirun stops the others\n", prefix);
    snprintf(watchdog_status, sizeof watchdog_status, "FAIL (opencl, exit 3): %stimed out "
             "(--timeout)\n", prefix);
    snprintf(waiting_msg, sizeof waiting_msg, "error: %sno result before the --timeout, which "
             "found this rank outside its kernels (waiting for the other ranks, one of which is "
             "probably stuck, or on the host); this rank exits, and mpirun stops the others\n",
             prefix);
    snprintf(waiting_status, sizeof waiting_status, "FAIL (opencl, exit 3): %stimed out "
             "outside its kernels (--timeout)\n", prefix);
    if (json_chapter && rank == 0) {
        json_record(watchdog_json, sizeof watchdog_json, json_chapter, variant, watchdog_msg,
                    seconds);
        json_record(waiting_json, sizeof waiting_json, json_chapter, variant, waiting_msg,
                    seconds);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = stopped;
        clock_gettime(CLOCK_MONOTONIC, &started);
        limit_s = seconds;
        sigaction(SIGTERM, &sa, NULL);
    }
    fl_on_alarm(watchdog_fired); /* sigaction: the grace's second alarm reaches it too */
    struct itimerval t = {{WATCHDOG_GRACE_S, 0},
                          {(time_t)seconds, (suseconds_t)((seconds - floor(seconds)) * 1e6)}};
    if (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0)
        t.it_value.tv_usec = 1; /* a tiny --timeout (1e-9) must not become an all-zero timer,
                                   which would turn the watchdog off: 1 microsecond at least */
    setitimer(ITIMER_REAL, &t, NULL);
}

void fl_mpi_watchdog_kernels(int running)
{
    if (running && overdue)
        watchdog_exit(waiting_msg, waiting_status);
    in_kernels = running;
}
