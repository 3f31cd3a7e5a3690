/* What the runner's files share (common/runner.c and the steps it calls: problem.c,
 * worker.c, device_run.c, verify.c, time_plan.c): one problem's context, the sides of a
 * transform, the messages of the checker and the worker (common/isolate.h), and the
 * functions each step gives the others. Internal to fl_main: chapters include chapter.h. */
#ifndef FFTLAB_RUN_H
#define FFTLAB_RUN_H

#include "chapter.h"

#include "buffers.h"
#include "fence.h"
#include "fill.h"
#include "isolate.h"
#include "npy.h"
#include "report.h"
#include "timing.h"

struct run_ctx {
    const struct fl_chapter *ch;
    const struct fl_variant *variant;
    const struct fl_options *o;
    struct fl_device dev;
    size_t n, batch, count;       /* count = n * batch; n = points per transform */
    int ndims;                    /* the shape, outermost first (1-D: {n}) */
    size_t dims[FL_MAX_DIMS];
    size_t elem;                  /* bytes per complex element on the device */
    int real;                     /* real transforms: R2C forward, C2R inverse (chapter 09);
                                     n and dims are the real array's */
    size_t data_bytes;            /* bytes of A and B before their guard zones: the larger
                                     side (count * elem for complex transforms)           */
    cl_mem src, a, b;             /* A and B: sub-buffers of a_all, b_all between guards */
    cl_mem a_all, b_all;          /* guard_bytes | data_bytes | guard_bytes             */
    size_t guard_bytes;
    struct fl_fill_limits fill;   /* how poison and guards are filled (fill.h)        */
    int fenced;                   /* a CPU device: A, B and the input are fenced (fence.h),
                                     a_all and b_all unused */
    struct fl_fence fence_a, fence_b, fence_src;
    /* every table and scratch buffer of the two plans, fenced or between guard zones too:
     * a kernel reaches them as it reaches A and B */
    struct fl_fence fence_tab[2][FL_MAX_TABLES];
    cl_mem tab_all[2][FL_MAX_TABLES];  /* guard | table | guard (not fenced)            */
    size_t tab_guard;
    const struct fl_plan *plans[2];   /* the main plan and the round trip's            */
    const char *check;            /* the check running now, for messages ("random") */
    struct fl_fault fault;        /* the last guard damage found, as fields (run_end.h) */
    int runs;                     /* verified runs so far: a fenced run's view (fence.h) */
    struct fl_exec *exs[2];       /* the plans' executors, whose slots follow the view */
    void *staging;                /* data_bytes of device-format values */
    char kernel_file[4096];
    double *shared;               /* the arrays the checker and the worker exchange    */
};

/* What one side of a transform (its input or its output) holds per transform: N complex
 * values; for a real transform N reals, or the half spectrum. On the host every side is
 * interleaved complex doubles (a real value has imaginary part 0); on the device a real
 * side is one real_t per value. */
struct side {
    size_t n;                     /* values per transform                      */
    int real;                     /* 1: real values; 0: complex                 */
    size_t dims[FL_MAX_DIMS];     /* their shape (c->ndims axes)                */
};

/* The input (OUTPUT = 0) or the output side of a transform in direction SIGN (problem.c). */
struct side run_side_of(const struct run_ctx *c, int sign, int output);
/* The larger side's values (complex), the whole batch (problem.c). */
size_t run_most_values(const struct run_ctx *c);
/* 1 when the run verifies with a round trip (a plan of the other direction): not for an
 * operator (fl_chapter.op), which has no inverse plan. */
#define run_round_trip(c) ((c)->o->verify && !(c)->ch->op)
/* Device bytes of side S, the whole batch. */
size_t run_side_bytes(const struct run_ctx *c, const struct side *s);

/* What the checker and the worker say to each other (common/isolate.h). The arrays go
 * through c->shared: the input of a run before MSG_RUN / MSG_TIME, its output before
 * MSG_OUTPUT. */
enum {
    MSG_JOB = 1,    /* checker: struct job; the worker answers MSG_STARTED, then MSG_READY */
    MSG_STARTED,    /* worker: struct dev_info, where the watchdog starts                */
    MSG_READY,      /* worker: int, the main plan's launches; buffers made, input wanted  */
    MSG_RUN,        /* checker: struct run_req; the worker answers MSG_OUTPUT             */
    MSG_OUTPUT,     /* worker: struct output_msg, where the run wrote out of bounds       */
    MSG_TIME,       /* checker: time the main plan on the input; answer MSG_TIMING        */
    MSG_TIMING,     /* worker: struct timing_msg                                          */
    MSG_END_JOB     /* checker: release this problem's objects (the device stays)         */
};

struct job {
    struct fl_options o;          /* its pointers point at what the fork copied         */
    size_t n, batch;
    int ndims, real, shared_device;
    size_t dims[FL_MAX_DIMS];
};

struct dev_info {
    char platform_name[256], name[256], driver[128], clc_version[128];
    unsigned platform_index, device_index;
    cl_device_type type;
};

struct output_msg {
    char where[160];              /* in words ("": nowhere)                              */
    struct fl_fault fault;        /* the same, as fields                                 */
};

struct run_req {
    int which, sign;              /* the plan (0 main, 1 the round trip's) and direction */
    char check[32];
};

struct timing_msg {
    struct fl_stats ms;
    double copy_gbs, h2d_ms, d2h_ms, loop_ms, gflops, gbs, pct_copy;
    int copy_given, warmup, cold, launches;
    int per_launch;               /* 1: the means below (--explain), over TOTAL runs       */
    int total;
    double mean_ms[FL_MAX_LAUNCHES];
    char kernel[FL_MAX_LAUNCHES][64], note[FL_MAX_LAUNCHES][512];
};

/* The checker prints the verify lines once the worker has exited: until then each check's
 * mismatch lines wait here, in order (verify.c). */
struct run_held {
    enum fl_format fmt;
    const struct fl_result *r;
    int shown, printed;           /* checks shown (judged and complete), printed */
    char *text[FL_MAX_CHECKS];
    const char *output;           /* --output written: its line, after the checks' */
};

extern struct run_held run_held;

/* The memory the checker and the worker share (fl_iso_start): each run's input, then its
 * output, as interleaved complex doubles (runner.c). */
extern void *run_shared_mem;

/* problem.c: the variant NAME of CH (NULL: the first), or exit 2 listing them */
const struct fl_variant *run_find_variant(const struct fl_chapter *ch, const char *name);
/* problem.c: "512x512" */
const char *run_shape_text(const size_t *dims, int ndims, char *buf, size_t len);
/* problem.c: the problem's shape into C (from --size, the demo, or --input read into IN) */
void run_problem_shape(const struct fl_chapter *ch, const struct fl_options *o,
                       struct run_ctx *c, struct fl_npy *in);
/* problem.c: the input the run transforms: IN's data (checked), or random (freed by the
 * caller when it is not IN's) */
double *run_make_input(const struct run_ctx *c, const struct fl_npy *in);

/* device_run.c (the worker): host doubles (interleaved complex) of side S -> device format
 * in c->staging */
void run_pack(struct run_ctx *c, const double *x, const struct side *s);
/* device_run.c (the worker): one verified run of plan WHICH for direction SIGN, input X,
 * result OUT; where it wrote out of bounds, or NULL */
const char *run_plan_once(struct run_ctx *c, int which, int sign, const double *x,
                          double *out);
/* device_run.c (the worker): plan WHICH's tables and scratch buffers, made and released */
void run_make_tables(struct run_ctx *c, int which);
void run_release_tables(struct run_ctx *c, int which);

/* worker.c: the worker process's life (fl_iso_start's function; ARG: the chapter) */
void run_worker_main(void *arg);

/* verify.c (the checker): one run in the worker; the five checks; the held lines */
const char *run_remote(struct run_ctx *c, int which, int sign, const double *x, double *out);
void run_verify(struct run_ctx *c, const double *x0, double *out0, struct fl_result *r);
void run_print_held(void);

/* time_plan.c: the worker times the main plan on X0; the checker takes its figures */
void run_time_plan(struct run_ctx *c, const double *x0, const char *options,
                   struct timing_msg *r);
void run_take_timing(struct timing_msg *t, enum fl_format fmt, struct fl_result *r);

#endif
