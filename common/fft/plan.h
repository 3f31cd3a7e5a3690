/* A plan is what a chapter hands the harness: the list of kernel launches that computes
 * one transform, in order, with their arguments. The harness owns the buffers, runs the
 * list (to verify and to time), and prints it for --explain, as Apple's OpenCL_FFT sample
 * could dump its kernels and launch sizes.
 *
 * Buffers are named by slot. FL_BUF_A holds the input when the plan starts; FL_BUF_B is
 * a second buffer of the same size, poisoned with NaN before verification runs. A plan
 * may overwrite both and says in `result` which one holds the answer at the end. Twiddle
 * tables or other constants a chapter needs are extra slots made with fl_plan_table. */
#ifndef FFTLAB_PLAN_H
#define FFTLAB_PLAN_H

#include "../clerr.h"

#include <stddef.h>

#define FL_MAX_LAUNCHES 128
#define FL_MAX_ARGS 16
#define FL_MAX_TABLES 8

enum fl_slot { FL_BUF_A = 0, FL_BUF_B = 1, FL_BUF_TABLE0 = 2, FL_NUM_SLOTS = 2 + FL_MAX_TABLES };

enum fl_arg_kind { FL_ARG_BUFFER, FL_ARG_INT, FL_ARG_LOCAL };

struct fl_arg {
    enum fl_arg_kind kind;
    int value;      /* slot for FL_ARG_BUFFER, the integer for FL_ARG_INT */
    size_t bytes;   /* FL_ARG_LOCAL: local memory bytes                   */
};

struct fl_launch {
    char kernel[64];
    cl_uint dims;
    size_t global[3];
    size_t local[3];
    int has_local;          /* 0: let the driver choose (local size NULL) */
    struct fl_arg args[FL_MAX_ARGS];
    int nargs;
    char note[512];         /* stage parameters, for --explain (fl_launch_note checks the
                               length: a note is never cut short)                      */
};

struct fl_table {
    size_t count;           /* complex values */
    double *data;           /* interleaved (re, im) doubles, rounded to real_t on upload;
                               NULL for a scratch buffer (fl_plan_scratch)              */
    char name[32];
};

struct fl_plan {
    struct fl_launch launch[FL_MAX_LAUNCHES];
    int nlaunch;
    int result;             /* FL_BUF_A or FL_BUF_B */
    struct fl_table table[FL_MAX_TABLES];
    int ntables;
    char summary[512];      /* what the plan does and why, for --explain */
};

/* Builders used by the chapters' plan functions. They abort (exit 3) if a fixed limit
 * is exceeded: that is a bug in the chapter, not in the input. */
void fl_plan_init(struct fl_plan *plan);
struct fl_launch *fl_plan_add(struct fl_plan *plan, const char *kernel, cl_uint dims,
                              const size_t *global, const size_t *local);
void fl_launch_note(struct fl_launch *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fl_arg_buffer(struct fl_launch *l, int slot);
void fl_arg_int(struct fl_launch *l, int value);
void fl_arg_local(struct fl_launch *l, size_t bytes);
/* A table of COUNT complex values; returns its slot, and *data to fill (doubles). */
int fl_plan_table(struct fl_plan *plan, const char *name, size_t count, double **data);
/* A device work buffer of COUNT complex values that the host never fills or reads (a
 * chapter whose transform needs more room than A and B, like Bluestein's padded
 * convolution); it counts as a table slot. Returns its slot. */
int fl_plan_scratch(struct fl_plan *plan, const char *name, size_t count);
void fl_plan_free(struct fl_plan *plan);

/* ceil(log2 n): the number of radix-2 stages for a power of two n (0 for n = 1). */
int fl_log2(size_t n);

/* The grader's table probe (--variant table_probe of 01_dft and 02_radix2): a transform
 * whose twiddle table holds the roots w^q instead of w computes bin (q k) mod N at k when,
 * and only when, it reads every twiddle from the table. fl_probe_q(N) is the q to use: the
 * smallest q >= 2 coprime to N other than N - 1 (whose roots are the conjugates, which a
 * kernel could undo by flipping a sign); 1 when N < 5 has none. fl_plan_scatter_bins adds
 * the launch of fftlab.clh's fl_scatter_bins that puts the bins back, SRC -> DST. */
size_t fl_probe_q(size_t n);
void fl_plan_scatter_bins(struct fl_plan *plan, int src, int dst, size_t n, size_t batch,
                          size_t q);

/* Print the plan: one line per enqueue. */
void fl_plan_print(const struct fl_plan *plan, const char *direction);
/* The same, for --explain: KERNELS (one per launch, as fl_exec_prepare made them; may be
 * NULL) give the legend of the launch lines' arguments, a line "args KERNEL(name, ...)"
 * per kernel not shown before, where the device reports parameter names (programs built
 * with -cl-kernel-arg-info); a plan printed right after SAME_WHY_AS whose `why:` is the
 * same text says "as above" instead of repeating it (SAME_WHY_AS may be NULL). */
void fl_plan_explain(const struct fl_plan *plan, const char *direction, const cl_kernel *kernels,
                     const struct fl_plan *same_why_as);
/* Print TEXT (a note or a summary) with "1 <plural>" made singular: "1 rows" -> "1 row". */
void fl_print_counted(const char *text);
/* --explain's legend of the build options' packed values (-D <axis>_P<k>=Q,p,I,T,radices...
 * and the like): one line per kind that OPTIONS holds, nothing when it holds none. */
void fl_print_build_legend(const char *options);

/* Running a plan: the harness's buffers and the kernels created from the program. */
struct fl_exec {
    cl_command_queue queue;
    cl_program program;
    cl_mem slot[FL_NUM_SLOTS];
    cl_kernel kernel[FL_MAX_LAUNCHES];  /* one per launch, created by fl_exec_prepare */
};

/* Create the plan's kernels; exits 3 naming the missing kernel and FILE otherwise. */
void fl_exec_prepare(struct fl_exec *ex, const struct fl_plan *plan, const char *file,
                     const char *missing_hint);
/* Create PLAN's table buffers in CONTEXT (ELEM bytes per complex value: the doubles
 * rounded to float when ELEM is 8; a scratch table left unfilled, or, when its slot is
 * set already, the caller's buffer kept) into EX's table slots. Exits 3 naming the table
 * and DEVICE when one cannot be allocated. */
void fl_exec_tables(struct fl_exec *ex, const struct fl_plan *plan, cl_context context, size_t elem,
                    const char *device);
/* Release the buffers in PLAN's table slots (NULL a slot of the caller's first). */
void fl_exec_tables_release(struct fl_exec *ex, const struct fl_plan *plan);
/* Enqueue every launch; EVENTS (may be NULL) receives one event per launch. */
void fl_exec_enqueue(struct fl_exec *ex, const struct fl_plan *plan, cl_event *events);
/* The same, but a launch the device refuses (CL_OUT_OF_RESOURCES: a group asking for more
 * registers than a compute unit has) is not fatal: its error is returned, *REFUSED is its
 * index, and the launches before it are enqueued (with their EVENTS). CL_SUCCESS else. */
cl_int fl_exec_try_enqueue(struct fl_exec *ex, const struct fl_plan *plan, cl_event *events,
                           int *refused);
void fl_exec_release(struct fl_exec *ex, const struct fl_plan *plan);

#endif
