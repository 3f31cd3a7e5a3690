/* 11_convolution: what the chapter's host files share.
 *
 *   main.c       the idea, the variants, the chapter's own options (--mode, --filter-size,
 *                --filter), the harness's description of the chapter
 *   setup.c      struct conv from a problem (the shapes, the filter), the checks, the -D
 *                options, the filter's spectrum
 *   plan.c       the plans: unfused (forward -> product -> inverse) and fused
 *   direct.c     the plan of --variant direct: the plain sum on the device, no FFT
 *   reference.c  the answer in double on the host (FFTW, closed forms, the plain sum)
 * Calls go one way: main.c > plan.c > setup.c, main.c > direct.c > setup.c, and main.c >
 * reference.c > setup.c.
 * Real data, overlap-save and the tasks have their own files and header (tasks.h).
 *
 * The interface other parts of the chapter build on (real data, overlap-save, direct
 * convolution on the device): struct conv, conv_describe, conv_spectrum_table and the plan
 * functions conv_plan_<variant>(const struct conv *, struct fl_plan *), chosen by
 * --variant. */
#ifndef FFTLAB_CONV_H
#define FFTLAB_CONV_H

#include "../../common/chapter.h"
#include "../../common/npy.h"
#include "../../common/fft/axis_plan.h"

#include <stddef.h>

#define CONV_MAX_DIMS 2      /* 1-D (batched) and 2-D signals                        */
#define CONV_DEFAULT_K 31    /* --filter-size when not given: 31 (31x31), or N if less */
#define CONV_DEFAULT_WG 256  /* work-items per group the planner may use (--wg)       */
/* Work-items per group of the streaming kernels (pad, cut, product: one value per item,
 * no local memory): 256, or the device's most if it is less. Groups of 64 left the product
 * at 43 % of the copy kernel's bandwidth on an H200 (NOTES.md sections 8 and 9). */
#define CONV_STREAM_ITEMS 256

enum conv_mode { CONV_CIRCULAR, CONV_LINEAR };

/* The chapter's own options, parsed by main.c before the harness sees the command line
 * (and taken out of it), so that both of the harness's processes (common/isolate.h) have
 * them: the filter file is read before they fork. */
struct conv_args {
    enum conv_mode mode;             /* --mode, default linear                            */
    int fndims;                      /* --filter-size's axes (0: not given)               */
    size_t fdims[FL_MAX_DIMS];       /* ... "K" or "KyxKx" (fl_parse_size's)              */
    const char *filter_path;         /* --filter h.npy, or NULL                           */
    struct fl_npy filter;            /* its contents (data NULL when none)                */
    unsigned long long seed;         /* --seed (the generated filter's seed is made from it) */
    int double_precision;            /* --precision double                               */
    size_t block;                    /* --block B: overlap-save's block length (0: blocks.c's
                                        default)                                         */
    int real;                        /* --real, or a float32/float64 --input: real x and h
                                        through 09's R2C and C2R (real.c)                */
};
extern struct conv_args conv_args;
/* The value of option NAME at ARGV[*I] ("--name value" or "--name=value"), moving *I past
 * it; NULL when ARGV[*I] is not NAME. Exits 2 when the value is missing. (setup.c; main.c
 * and task.c read their options with it.) */
const char *conv_option_value(int argc, char **argv, int *i, const char *name);

/* One run's convolution: y = x (*) h for every array x of the batch. */
struct conv {
    enum conv_mode mode;
    int real;                        /* 0: complex data (1: real, through 09's plans)     */
    int ndims;                       /* 1 or 2                                           */
    size_t dims[CONV_MAX_DIMS];      /* the signal x: one array of the batch             */
    size_t fdims[CONV_MAX_DIMS];     /* the filter h (the same for every array)          */
    size_t odims[CONV_MAX_DIMS];     /* the output y: circular, dims; linear, dims +
                                        fdims - 1 on every axis                          */
    size_t mdims[CONV_MAX_DIMS];     /* the transform's grid: circular, dims; linear, the
                                        smallest 2^a 3^b 5^c 7^d >= odims on every axis   */
    size_t n, fn, on, mn;            /* the points of each (the products of the above)   */
    size_t batch;
    const double *h;                 /* fn values, interleaved (re, im) doubles           */
    const struct fl_problem *p;      /* the problem planned (NULL in the checker)         */
};

/* ---------------------------------------------------------------- setup.c */
/* CV for signal arrays of shape DIMS (NDIMS axes) x BATCH, with conv_args' mode and filter
 * (a generated filter is made here, the same in both processes). Returns 0, or -1 with
 * WHY: a filter longer than the signal in circular mode, a filter of other axes than the
 * signal, a filter file of another dtype, a transform the planner cannot do. */
int conv_describe(const size_t *dims, int ndims, size_t batch, struct conv *cv, char *why,
                  size_t len);
/* The same for problem P (its dims, batch, precision), with cv->p = P. */
int conv_of_problem(const struct fl_problem *p, struct conv *cv, char *why, size_t len);
/* The transform grid's layout (common/fft/axis_plan.c) for problem P: mdims x batch, all
 * axes. Returns 0 or -1 with WHY. */
int conv_layout(const struct conv *cv, struct fl_layout *L, char *why, size_t len);
/* bytes of one complex value in P's precision */
size_t conv_elem_bytes(const struct fl_problem *p);
/* work-items per group of a streaming kernel on P's device (CONV_STREAM_ITEMS or less) */
size_t conv_stream_items(const struct fl_problem *p);
/* The filter's spectrum on the transform grid, divided by its mn points (the inverse's
 * 1/M, once, here): FFTW in double of h zero-padded to mdims, computed once per plan on the
 * host and uploaded as table "spectrum", which every launch of every call and every array
 * of the batch reads. HALF: real data's half spectrum (FFTW's r2c; the last axis even),
 * for 09's R2C. Returns its slot. */
int conv_spectrum_table(struct fl_plan *plan, const struct conv *cv, int half);
/* The complex values of that table, one array's spectrum: mn, or (HALF) My x (Mx/2 + 1) */
size_t conv_spectrum_values(const struct conv *cv, int half);
/* "4096 x 16, filter 31 (linear: y has 4126, M = 4200)", for --explain */
void conv_text(const struct conv *cv, char *buf, size_t len);

/* ---------------------------------------------------------------- plan.c */
/* unfused: [pad] -> the forward passes -> conv_product -> the inverse passes -> [cut] */
/* conv_box (or KERNEL, its real twin conv_box_real): each of the batch arrays SRC (shape
 * SDIMS) into DST (shape DDIMS), the corner they share copied, the rest of DST zero: a pad
 * (the signal into the grid) or a cut (the output out of it). (plan.c; real.c too) */
struct fl_launch *conv_box_launch(struct fl_plan *plan, const struct conv *cv, const char *kernel,
                                  int src, int dst, const size_t *sdims, const size_t *ddims);
void conv_plan_unfused(const struct conv *cv, struct fl_plan *plan);
/* conv_product: Z = Z * Hh in place, ROWS arrays of COUNT values in slot Z, Hh in slot
 * SPECTRUM (the same COUNT values for every array); the caller notes what Z holds */
struct fl_launch *conv_product_launch(struct fl_plan *plan, const struct conv *cv, int z,
                                      int spectrum, size_t count, size_t rows);
/* fused (the default): the product inside the passes (plan.c says where) */
void conv_plan_fused(const struct conv *cv, struct fl_plan *plan);
/* -D options of CV's plans for variant VARIANT */
void conv_build_options(const struct conv *cv, const char *variant, char *opts, size_t len);

/* ---------------------------------------------------------------- direct.c */
/* direct: the plain sum on the device, no FFT (kernels/11_direct.cl), one launch */
void conv_plan_direct(const struct conv *cv, struct fl_plan *plan);
/* Its limit: at most CONV_DIRECT_MAX_WORK complex multiply-adds a call (outputs x batch x
 * taps; 2^36, about a second on a large GPU), and its own group size. Returns 0, or -1
 * with WHY. P may be NULL. */
#define CONV_DIRECT_MAX_WORK 68719476736.0
int conv_direct_check(const struct conv *cv, const struct fl_problem *p, char *why, size_t len);

/* ---------------------------------------------------------------- reference.c */
/* fl_operator's reference() and direct() (common/chapter.h) for a convolution */
int conv_reference(enum fl_op_check kind, const double *x, double *ref, const size_t *dims,
                   int ndims, size_t batch);
size_t conv_direct(const double *x, const size_t *dims, int ndims, size_t batch, size_t *idx,
                   double *ref, size_t max);
void conv_result_dims(const size_t *dims, int ndims, size_t *out);
/* ... and bound_points(): the grid's M points (the bounds grow with log2 M) */
size_t conv_grid_points(const size_t *dims, int ndims);
/* ... and gain(): the largest |Hh| times M, the filter's largest gain (the tone check) */
double conv_gain(const size_t *dims, int ndims);

#endif
