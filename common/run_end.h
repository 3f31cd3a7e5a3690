/* How a run ended, as fields: what a chapter's JSON report (--format json) says of a run
 * that fails before its verdict, and of a fault. The schema is docs/report-json.md.
 *
 * A run ends in many places: fl_die (a bad option, a build error, an OpenCL failure, in
 * either process of common/isolate.h), the --timeout watchdog, the process that ran the
 * kernels killed by a signal, a fenced fault (common/fence.c). Each fills a struct
 * fl_run_end and hands it to fl_run_end(), which calls the report that the program set
 * (common/report.c's JSON record, in --format json), once; in text and CSV nothing is set
 * and the messages alone say it, as always. The outcome names are the scripts' contract:
 * tools/grader/verdict.py classifies by them, never by a message's words. */
#ifndef FFTLAB_RUN_END_H
#define FFTLAB_RUN_END_H

enum fl_outcome {
    FL_OUTCOME_NONE = 0,      /* fl_die without one: named by its exit code */
    FL_OUTCOME_PASS,
    FL_OUTCOME_UNVERIFIED,
    FL_OUTCOME_WRONG,
    FL_OUTCOME_OUT_OF_BOUNDS,
    FL_OUTCOME_READ_ONLY_WRITE,
    FL_OUTCOME_BAD_INPUT,
    FL_OUTCOME_REFUSED,
    FL_OUTCOME_BUILD_ERROR,
    FL_OUTCOME_KERNEL_MISSING,
    FL_OUTCOME_BAD_CONTRACT,
    FL_OUTCOME_TIMEOUT,
    FL_OUTCOME_OPENCL_ERROR,
    FL_OUTCOME_CRASHED,
    FL_OUTCOME_COUNT
};

/* "pass", "out_of_bounds", ... (docs/report-json.md); NONE and unknown values: "". */
const char *fl_outcome_name(enum fl_outcome o);
/* The outcome of an fl_die with EXIT_CODE and no outcome of its own: 2 bad_input, 3
 * opencl_error, anything else crashed (a process that ended with its own status). */
enum fl_outcome fl_outcome_of_exit(int exit_code);

/* An access outside a buffer, or a write into a read-only one. Plain arrays, no pointers:
 * fence.c fills it in a signal handler and isolate.c sends it between processes. */
struct fl_fault {
    int set;
    char access[16];          /* "read", "write", "read or write" */
    char buffer[32];          /* "A", "B", a table's name; "" outside every buffer */
    char side[24];            /* "past the end", "before the start", "inside",
                               * "outside every buffer" */
    int has_element;
    long long element;        /* its index; negative before the start */
    unsigned long long elements;
    int launch, launches;     /* the launch that did it; launch < 0: not known */
    char kernel[64];
    char check[32];           /* the check that was running; "" when none */
};

struct fl_run_end {
    enum fl_outcome outcome;
    int exit_code;            /* as exitcodes.h; a signal's end: 128 + its number */
    const char *reason;       /* in words, for people (may be NULL) */
    const char *file;         /* build_error, refused: the file (may be NULL) */
    int line;                 /* refused: its line (0: none) */
    const char *rule;         /* refused: the exercise check's rule, in words */
    const struct fl_fault *fault;
    int signal;               /* crashed by this signal (0: none) */
    double timeout_s;         /* timeout: the --timeout that passed */
};

/* REPORT (may be NULL) takes every end of a run from now on. */
void fl_set_run_end_report(void (*report)(const struct fl_run_end *end));
/* Hand END to the report, once per process (a second end, a failure inside the report,
 * is not reported again). */
void fl_run_end(const struct fl_run_end *end);

/* Async-signal-safe: copy FROM into TO (CAP bytes, always ended by a NUL). */
void fl_copy_text(char *to, unsigned long cap, const char *from);

#endif
