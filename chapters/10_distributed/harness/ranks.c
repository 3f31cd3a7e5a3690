/* Every rank together: starting and ending MPI, failures every rank agrees on, one report
 * printed in rank order, and a watchdog that ends a stuck rank (and with it the job). */
#define _POSIX_C_SOURCE 200809L
#include "../distributed.h"

#include <fftw3-mpi.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

int rank, nranks;
enum fl_format report_format = FL_FORMAT_TEXT;
static char die_prefix[48];

/* ---------------------------------------------------------------- make SANITIZE=1 */

#if defined(__SANITIZE_ADDRESS__)
/* LeakSanitizer: what Open MPI and the libraries it loads keep until exit is theirs (as
 * tests/lsan.supp says of the OpenCL runtime). Their stacks only reach Open MPI's frames
 * when unwound fully: its libraries are built without frame pointers. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_options(void);
const char *__asan_default_options(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libmpi.so\nleak:libopen-rte.so\nleak:libopen-pal.so\nleak:libevent\n"
           "leak:libpmix\nleak:libhwloc\nleak:_dl_init\n";
}
const char *__asan_default_options(void) { return "fast_unwind_on_malloc=0"; }
/* (and no table of the suppressions used at exit: stderr ends with the verdict) */
const char *__lsan_default_options(void) { return "print_suppressions=0"; }
#endif

/* ---------------------------------------------------------------- starting, ending */

/* fl_die's hook: the message is printed; take every rank down with this exit code
 * (one rank exiting alone would leave the others waiting in a collective forever). */
static void abort_all(int code)
{
    fflush(stdout);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, code);
}

void ranks_init(int *argc, char ***argv)
{
    /* FFTW-MPI's reference runs on threads (only this one calls MPI: FUNNELED), the cores
     * of the node shared among its ranks: at 1024^3 its four transforms are what the
     * verification's time is */
    int provided;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    MPI_Comm node;
    int local_size = 1;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &local_size);
    MPI_Comm_free(&node);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = provided >= MPI_THREAD_FUNNELED && cores > local_size ?
                  (int)(cores / local_size) : 1;
    if (threads > 1 && fftw_init_threads())
        fftw_plan_with_nthreads(threads);
    fftw_mpi_init();
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (nranks > 1)
        snprintf(die_prefix, sizeof die_prefix, "rank %d of %d: ", rank, nranks);
    fl_set_die_hook(abort_all, die_prefix);
}

void finish(int code)
{
    fflush(stdout);
    fflush(stderr);
    reference_mpi_cleanup();
    fftw_mpi_cleanup();
    MPI_Finalize();
    exit(code);
}

FILE *status_stream(void) { return report_format == FL_FORMAT_TEXT ? stdout : stderr; }

/* ---------------------------------------------------------------- agreeing */

void agree(int code, const char *msg)
{
    int worst, failed = code != 0, nfailed, first, cand = code ? rank : nranks;
    MPI_Allreduce(&code, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!worst)
        return;
    MPI_Allreduce(&failed, &nfailed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&cand, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    char text[2048] = "";
    if (rank == first)
        snprintf(text, sizeof text, "%s", msg);
    MPI_Bcast(text, sizeof text, MPI_CHAR, first, MPI_COMM_WORLD);
    if (rank == 0) {
        char who[96] = "";
        if (nfailed < nranks)
            snprintf(who, sizeof who, "rank %d of %d: ", first, nranks);
        const char *kind = worst == FL_EXIT_USAGE ? "usage" : worst == FL_EXIT_OPENCL ? "opencl" : "error";
        fflush(stdout);
        fprintf(stderr, "error: %s%s\n", who, text);
        fprintf(status_stream(), "FAIL (%s, exit %d): %s%s%s\n", kind, worst, who, text,
                nfailed < nranks ? " (the other ranks stopped too)" : "");
    }
    finish(worst);
}

int agree_all(int ok)
{
    int all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all;
}

void print_ranks(FILE *stream, const char *text)
{
    int len = (int)strlen(text), *lens = NULL, *offs = NULL, total = 0;
    char *all = NULL;
    if (rank == 0) {
        lens = calloc((size_t)nranks, sizeof *lens);
        offs = calloc((size_t)nranks, sizeof *offs);
    }
    MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int i = 0; i < nranks; i++) {
            offs[i] = total;
            total += lens[i];
        }
        all = malloc((size_t)total + 1);
        if (!lens || !offs || !all)
            fl_die(FL_EXIT_OPENCL, "out of host memory gathering the ranks' reports");
    }
    MPI_Gatherv(text, len, MPI_CHAR, all, lens, offs, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        all[total] = '\0';
        fputs(all, stream);
        fflush(stream);
        free(all);
        free(lens);
        free(offs);
    }
}

/* ---------------------------------------------------------------- watchdog */

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
static volatile sig_atomic_t in_kernels, overdue;

static void watchdog_exit(const char *msg, const char *status)
{
    ssize_t ignored = write(STDERR_FILENO, msg, strlen(msg));
    ignored = write(report_format == FL_FORMAT_TEXT ? STDOUT_FILENO : STDERR_FILENO, status,
                    strlen(status));
    (void)ignored;
    _exit(FL_EXIT_OPENCL);
}

static void watchdog_fired(int sig)
{
    (void)sig;
    if (in_kernels || nranks == 1)
        watchdog_exit(watchdog_msg, watchdog_status);
    if (!overdue) {
        overdue = 1;    /* the grace: a stuck rank elsewhere speaks first */
        return;
    }
    watchdog_exit(waiting_msg, waiting_status);
}

void rank_watchdog_start(double seconds)
{
    if (seconds <= 0)
        return;
    snprintf(watchdog_msg, sizeof watchdog_msg, "error: %sno result before the --timeout: a kernel "
             "is probably stuck (or the size is too big for the time allowed); this rank exits, "
             "and mpirun stops the others\n", die_prefix);
    snprintf(watchdog_status, sizeof watchdog_status, "FAIL (opencl, exit 3): %stimed out "
             "(--timeout)\n", die_prefix);
    snprintf(waiting_msg, sizeof waiting_msg, "error: %sno result before the --timeout, which "
             "found this rank outside its kernels (waiting for the other ranks, one of which is "
             "probably stuck, or on the host); this rank exits, and mpirun stops the others\n",
             die_prefix);
    snprintf(waiting_status, sizeof waiting_status, "FAIL (opencl, exit 3): %stimed out "
             "outside its kernels (--timeout)\n", die_prefix);
    fl_on_alarm(watchdog_fired); /* sigaction: the grace's second alarm reaches it too */
    struct itimerval t = {{WATCHDOG_GRACE_S, 0},
                          {(time_t)seconds, (suseconds_t)((seconds - floor(seconds)) * 1e6)}};
    if (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0)
        t.it_value.tv_usec = 1; /* a tiny --timeout (1e-9) must not become an all-zero timer,
                                   which would turn the watchdog off: 1 microsecond at least */
    setitimer(ITIMER_REAL, &t, NULL);
}

void rank_watchdog_kernels(int running)
{
    if (running && overdue)
        watchdog_exit(waiting_msg, waiting_status);
    in_kernels = running;
}
