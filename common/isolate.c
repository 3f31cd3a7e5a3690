/* Two processes: the worker runs the kernels, the checker judges them (isolate.h). */
#define _GNU_SOURCE /* prctl's PR_SET_PDEATHSIG; MSG_NOSIGNAL */
#include "isolate.h"

#include "clerr.h"
#include "fence.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

enum { MSG_DIE = FL_ISO_RESERVED, MSG_FAULT };

struct fault_msg {
    char check[32], what[512], hint[200];
    struct fl_fault fault;
};

/* fl_die in the worker, as the checker reports it (run_end.h's fields, as text) */
struct die_msg {
    int32_t code, outcome, line;
    char file[1024], rule[512], text[2048];
};

static int chan = -1;                       /* this side's end of the socket pair   */
static volatile pid_t worker;               /* the checker: the worker's pid, or 0  */
static int in_worker;
static void (*before_report)(void);
static volatile sig_atomic_t timed_out;
static int timeout_status_fd = STDOUT_FILENO;
static double timeout_seconds;
static int mpi_rank;                        /* the checker is an MPI rank (fl_iso_mpi_rank)  */

/* The worker's end with CODE: exit, or under an MPI rank its streams flushed and _exit
 * (the exit handlers it inherited are the rank's). */
static _Noreturn void worker_exit(int code)
{
    if (mpi_rank) {
        fflush(NULL);
        _exit(code);
    }
    exit(code);
}

void fl_iso_mpi_rank(int on) { mpi_rank = on; }

static const char *fault_prefix = "";
void fl_iso_fault_prefix(const char *prefix) { fault_prefix = prefix ? prefix : ""; }

void fl_iso_clean(char *text, size_t len)
{
    if (len == 0)
        return;
    text[len - 1] = '\0';
    for (char *p = text; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';
}

/* ---------------------------------------------------------------- the worker's ends */

/* fl_die in the worker: the checker prints it. */
static void worker_die(const struct fl_run_end *end)
{
    static struct die_msg d;
    memset(&d, 0, sizeof d);
    d.code = end->exit_code;
    d.outcome = (int32_t)end->outcome;
    d.line = end->line;
    fl_copy_text(d.file, sizeof d.file, end->file);
    fl_copy_text(d.rule, sizeof d.rule, end->rule);
    fl_copy_text(d.text, sizeof d.text, end->reason);
    fflush(stdout);
    fl_iso_send(MSG_DIE, (uint32_t)end->exit_code, &d, sizeof d);
    worker_exit(end->exit_code);
}

/* A fenced fault in the worker (a signal handler: send() and a stack buffer only). */
static void worker_fault(const char *check, const char *what, const char *hint,
                         const struct fl_fault *fault)
{
    struct fault_msg f;
    fl_copy_text(f.check, sizeof f.check, check);
    fl_copy_text(f.what, sizeof f.what, what);
    fl_copy_text(f.hint, sizeof f.hint, hint);
    f.fault = *fault;
    struct fl_msg m = {MSG_FAULT, 0, sizeof f};
    ssize_t ignored = send(chan, &m, sizeof m, MSG_NOSIGNAL);
    ignored = send(chan, &f, sizeof f, MSG_NOSIGNAL);
    (void)ignored;
}

/* ---------------------------------------------------------------- the checker's view */

static void reap(int *status)
{
    pid_t pid = worker;
    *status = 0;
    if (pid <= 0)
        return;
    while (waitpid(pid, status, 0) < 0 && errno == EINTR)
        ;
    worker = 0;
    if (chan >= 0)
        close(chan);
    chan = -1;
}

static void say_before(void)
{
    if (before_report) {
        void (*b)(void) = before_report;
        before_report = NULL;
        b();
    }
    fflush(stdout);
}

static _Noreturn void report_timeout(void)
{
    say_before();
    fputs("error: no result before the --timeout: a kernel is probably stuck in a loop (or "
          "the size is too big for the time allowed)\n", stderr);
    FILE *status = timeout_status_fd == STDERR_FILENO ? stderr : stdout;
    fputs("FAIL (opencl, exit 3): timed out (--timeout)\n", status);
    fflush(status);
    struct fl_run_end end = {.outcome = FL_OUTCOME_TIMEOUT, .exit_code = FL_EXIT_OPENCL,
                             .reason = "timed out (--timeout)", .timeout_s = timeout_seconds};
    fl_run_end(&end);
    exit(FL_EXIT_OPENCL);
}

/* The worker ended without its results, with wait status STATUS. */
static _Noreturn void report_end(int status)
{
    if (timed_out)
        report_timeout();
    fl_set_die_prepare(NULL);
    say_before();
    if (WIFSIGNALED(status)) {
        /* the run ends as the worker did, by its signal (a grader tells a crash by it, as
         * when the kernels ran in this process), after a line that says so */
        int sig = WTERMSIG(status);
        fprintf(stderr, "error: the process that ran the kernels was killed by signal %d (%s) "
                "before it gave its results\n", sig, strsignal(sig));
        FILE *out = timeout_status_fd == STDERR_FILENO ? stderr : stdout;
        fprintf(out, "FAIL (signal %d): the process that ran the kernels was killed by signal %d "
                "(%s) before it gave its results\n", sig, sig, strsignal(sig));
        fflush(out);
        char reason[200];
        snprintf(reason, sizeof reason, "the process that ran the kernels was killed by signal "
                 "%d (%s) before it gave its results", sig, strsignal(sig));
        struct fl_run_end end = {.outcome = FL_OUTCOME_CRASHED, .exit_code = 128 + sig,
                                 .reason = reason, .signal = sig};
        fl_run_end(&end);
        struct rlimit none = {0, 0};
        setrlimit(RLIMIT_CORE, &none); /* a core of this process would mislead */
        signal(sig, SIG_DFL);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, sig);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        raise(sig);
        _exit(128 + sig);
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : FL_EXIT_OPENCL;
    struct fl_run_end crashed = {.outcome = FL_OUTCOME_CRASHED};
    if (code == 0)
        fl_die_end(&crashed, FL_EXIT_OPENCL, "the process that ran the kernels ended before it "
                   "gave its results");
    fl_die_end(&crashed, code, "the process that ran the kernels exited with status %d before "
               "it gave its results", code);
}

static _Noreturn void worker_lost(void)
{
    int status;
    reap(&status);
    report_end(status);
}

/* Read exactly LEN bytes; 0, or -1 at the channel's end. */
static int read_all(void *buf, size_t len)
{
    unsigned char *p = buf;
    while (len) {
        ssize_t got = recv(chan, p, len, 0);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return -1;
        p += got;
        len -= (size_t)got;
    }
    return 0;
}

static int write_all(const void *buf, size_t len)
{
    const unsigned char *p = buf;
    while (len) {
        ssize_t put = send(chan, p, len, MSG_NOSIGNAL);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            return -1;
        p += put;
        len -= (size_t)put;
    }
    return 0;
}

/* The checker, on a DIE or FAULT message: wait for the worker, then say it. */
static _Noreturn void worker_failed(const struct fl_msg *m)
{
    static struct die_msg d;
    static struct fault_msg f;
    int ok = m->type == MSG_DIE ? m->len == sizeof d && read_all(&d, sizeof d) == 0
                                : m->len == sizeof f && read_all(&f, sizeof f) == 0;
    int status;
    reap(&status);
    if (!ok)
        report_end(status);
    if (m->type == MSG_DIE) {
        fl_iso_clean(d.text, sizeof d.text);
        fl_iso_clean(d.file, sizeof d.file);
        fl_iso_clean(d.rule, sizeof d.rule);
        int code = d.code >= 1 && d.code <= 3 ? (int)d.code : FL_EXIT_OPENCL;
        /* (an outcome the checker does not know, or one that only it may give, is named
         * by the exit code) */
        enum fl_outcome o = (enum fl_outcome)d.outcome;
        if (o != FL_OUTCOME_REFUSED && o != FL_OUTCOME_BUILD_ERROR &&
            o != FL_OUTCOME_KERNEL_MISSING && o != FL_OUTCOME_BAD_CONTRACT &&
            o != FL_OUTCOME_BAD_INPUT && o != FL_OUTCOME_OPENCL_ERROR)
            o = FL_OUTCOME_NONE;
        struct fl_run_end what = {.outcome = o, .file = d.file[0] ? d.file : NULL,
                                  .line = d.line > 0 ? d.line : 0, .rule = d.rule[0] ? d.rule : NULL};
        fl_die_end(&what, code, "%s", d.text); /* its prepare prints what was held back */
    }
    fl_set_die_prepare(NULL);
    say_before();
    fl_iso_clean(f.check, sizeof f.check);
    fl_iso_clean(f.what, sizeof f.what);
    fl_iso_clean(f.hint, sizeof f.hint);
    /* as fence.c prints it in a process of its own */
    FILE *status_out = timeout_status_fd == STDERR_FILENO ? stderr : stdout;
    if (status_out == stdout && f.check[0])
        printf("verify   %-12s WRONG: %s%s%s\n", f.check, fault_prefix, f.what, f.hint);
    if (f.check[0])
        fprintf(status_out, "FAIL: check %s: %s%s\n", f.check, fault_prefix, f.what);
    else
        fprintf(status_out, "FAIL: %s%s\n", fault_prefix, f.what);
    fflush(status_out);
    /* the fault's fields as the worker gave them: text cleaned, numbers as they are */
    struct fl_fault *ft = &f.fault;
    fl_iso_clean(ft->access, sizeof ft->access);
    fl_iso_clean(ft->buffer, sizeof ft->buffer);
    fl_iso_clean(ft->side, sizeof ft->side);
    fl_iso_clean(ft->kernel, sizeof ft->kernel);
    memcpy(ft->check, f.check, sizeof ft->check);
    ft->set = 1;
    struct fl_run_end end = {.outcome = strcmp(ft->side, "inside") == 0 ? FL_OUTCOME_READ_ONLY_WRITE
                                                                       : FL_OUTCOME_OUT_OF_BOUNDS,
                             .exit_code = FL_EXIT_MISMATCH, .reason = f.what, .fault = ft};
    fl_run_end(&end);
    exit(FL_EXIT_MISMATCH);
}

/* ---------------------------------------------------------------- both */

void fl_iso_send(uint32_t type, uint32_t aux, const void *payload, size_t len)
{
    struct fl_msg m = {type, aux, len};
    if (write_all(&m, sizeof m) == 0 && (len == 0 || write_all(payload, len) == 0))
        return;
    if (in_worker)
        _exit(FL_EXIT_OPENCL); /* the checker is gone: nobody to tell */
    /* the worker is gone: the message it left before it went, if any, says why */
    struct fl_msg last;
    if (recv(chan, &last, sizeof last, MSG_DONTWAIT | MSG_PEEK) == (ssize_t)sizeof last &&
        read_all(&last, sizeof last) == 0 && (last.type == MSG_DIE || last.type == MSG_FAULT))
        worker_failed(&last);
    worker_lost();
}

int fl_iso_recv(struct fl_msg *m, void *payload, size_t cap)
{
    if (read_all(m, sizeof *m) != 0) {
        if (in_worker)
            return -1;
        worker_lost();
    }
    if (!in_worker && (m->type == MSG_DIE || m->type == MSG_FAULT))
        worker_failed(m);
    if (m->len > cap || read_all(payload, m->len) != 0) {
        if (in_worker)
            _exit(FL_EXIT_OPENCL);
        fl_iso_kill();
        fl_die(FL_EXIT_OPENCL, "the process that ran the kernels sent a message of %llu bytes "
               "(type %u) where at most %zu fit: its memory was changed", (unsigned long long)m->len,
               (unsigned)m->type, cap);
    }
    return 0;
}

/* ---------------------------------------------------------------- the checker */

static void kill_on_die(void)
{
    fl_iso_kill();
    say_before();
}

void fl_iso_start(size_t shared_bytes, void **shared, void (*work)(void *arg), void *arg)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t bytes = shared_bytes ? shared_bytes : (size_t)(page > 0 ? page : 4096);
    void *mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED)
        fl_die(FL_EXIT_OPENCL, "cannot map %zu MiB of memory shared with the process that runs "
               "the kernels: %s", bytes >> 20, strerror(errno));
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0)
        fl_die(FL_EXIT_OPENCL, "cannot make the channel to the process that runs the kernels: %s",
               strerror(errno));
    fflush(stdout);
    fflush(stderr);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0)
        fl_die(FL_EXIT_OPENCL, "cannot start the process that runs the kernels: %s", strerror(errno));
    if (pid == 0) {
        in_worker = 1;
        close(fds[0]);
        chan = fds[1];
#ifdef __linux__
        /* a checker killed (SIGKILL, a grader's timeout) takes its worker along */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
        if (getppid() != parent)
            _exit(FL_EXIT_OPENCL);
        fl_set_die_prepare(NULL);
        fl_set_die_sink(worker_die);
        fl_fence_fault_sink(worker_fault);
        *shared = mem;
        work(arg);
        fflush(stdout);
        worker_exit(0);
    }
    close(fds[1]);
    chan = fds[0];
    worker = pid;
#if defined(__linux__) && !defined(__SANITIZE_ADDRESS__)
    /* a worker that a kernel took over runs as the same user: it may not attach to this
     * process (ptrace, /proc/PID/mem) where Yama would allow it. (Not under ASan: LSan's
     * leak check attaches to its own process, which a non-dumpable one forbids. Not in an
     * MPI rank: its shared-memory transport reads and writes the ranks' memory across
     * processes, process_vm_readv, which a non-dumpable one forbids too.) */
    if (!mpi_rank)
        prctl(PR_SET_DUMPABLE, 0);
#endif
    *shared = mem;
    fl_set_die_prepare(kill_on_die);
}

int fl_iso_running(void)
{
    return worker > 0;
}

int fl_iso_worker_pid(void)
{
    return (int)worker;
}

void fl_iso_finish(void)
{
    if (worker <= 0)
        return;
    if (chan >= 0)
        shutdown(chan, SHUT_WR); /* the worker reads the end, releases everything, exits */
    int status;
    reap(&status);
    if (!(WIFEXITED(status) && WEXITSTATUS(status) == 0))
        report_end(status);
}

void fl_iso_kill(void)
{
    if (worker <= 0)
        return;
    kill(worker, SIGKILL);
    int status;
    reap(&status);
}

void fl_iso_on_lost(void (*before)(void))
{
    before_report = before;
}

static void iso_watchdog_fired(int sig)
{
    (void)sig;
    timed_out = 1;
    if (worker > 0)
        kill(worker, SIGKILL); /* the checker's read ends, and reports the timeout */
}

void fl_iso_watchdog(double seconds, int status_to_stderr)
{
    timeout_status_fd = status_to_stderr ? STDERR_FILENO : STDOUT_FILENO;
    timeout_seconds = seconds;
    if (seconds <= 0)
        return;
    fl_on_alarm(iso_watchdog_fired);
    struct itimerval t = {{0, 0}, {(time_t)seconds, (suseconds_t)((seconds - floor(seconds)) * 1e6)}};
    if (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0)
        t.it_value.tv_usec = 1; /* an all-zero timer would turn the watchdog off */
    setitimer(ITIMER_REAL, &t, NULL);
}

void fl_iso_watchdog_done(void)
{
    struct itimerval off;
    memset(&off, 0, sizeof off);
    setitimer(ITIMER_REAL, &off, NULL);
    if (timed_out) {
        fl_iso_kill();
        report_timeout();
    }
}
