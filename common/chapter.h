/* The contract between a chapter's main.c and the harness.
 *
 * A chapter describes itself (name, kernel file, variants, demo size) and provides one
 * function that turns a problem into a plan (common/fft/plan.h). fl_main does the rest:
 * options, device, kernel build, verification against FFTW, timing, report, exit code. */
#ifndef FFTLAB_CHAPTER_H
#define FFTLAB_CHAPTER_H

#include "device.h"
#include "options.h"
#include "fft/plan.h"
#include "reference.h"

struct fl_problem {
    size_t n;                       /* transform length (points per transform,  */
                                    /* all axes together; real_input: reals)    */
    size_t batch;                   /* transforms, one after another in memory  */
    int sign;                       /* -1 forward, +1 inverse                   */
    enum fl_precision precision;
    size_t wg;                      /* --wg, 0 = chapter default                */
    const char *variant;            /* never NULL: the default variant's name   */
    const struct fl_device *dev;
    int ndims;                      /* the shape, outermost first, row-major    */
    size_t dims[FL_MAX_DIMS];       /* (last axis contiguous); n = the product. */
                                    /* 1-D chapters: ndims 1, dims[0] = n       */
    struct fl_pass_shape shape[FL_RADIX_MAX_PASSES]; /* --shapes or --tune's choice: */
    int nshapes;                    /* the caps of passes 0..nshapes-1 (0: none) */
};

struct fl_variant {
    const char *name;
    const char *about;              /* one line for --help                          */
    const char *exercise;           /* NULL, or the exercise file whose kernels this
                                       variant runs, e.g. "exercises/02_radix2/dif.cl" */
    double bound_scale;             /* 0 = the chapter's bound; else that bound times this,
                                       for a variant that trades accuracy for speed on
                                       purpose (it must say so in `about`)             */
};

/* A chapter whose program computes something else than the DFT of its input, from its input
 * and data of its own (11_convolution: y = x conv h, the filter h its own). NULL in
 * chapters 01-10, whose runs are checked against FFTW's transform as always. With it the
 * harness runs the same steps, but: the output side has the shape result_dims gives (a
 * linear convolution's is longer than its input); the random, impulse and tone checks are
 * judged against reference(); the fifth check, in place of the round trip (no operator
 * has an inverse plan), compares up to a few thousand outputs of the main input with
 * direct(), a computation of another method (the plain sum, no FFT), which so checks the
 * reference as well as the kernels; --inverse is the chapter's to refuse (check()). */
enum fl_op_check { FL_OP_MAIN, FL_OP_IMPULSE, FL_OP_TONE };

struct fl_operator {
    const char *what;               /* the problem line's word for the run ("convolution") */
    const char *reference_text;     /* the "reference" line: how reference() computes       */
    const char *direct_name;        /* the fifth check's name ("direct")                     */
    /* OUT = the shape of one output array for input arrays of shape DIMS (NDIMS axes) */
    void (*result_dims)(const size_t *dims, int ndims, size_t *out);
    /* The answer for input X (BATCH arrays of shape DIMS, interleaved complex doubles) into
     * REF (BATCH arrays of result_dims), in double. KIND says which check's input X is: a
     * chapter may answer an impulse or a tone by a closed form. Returns 0, or -1 (out of
     * memory, FFTW could not plan). */
    int (*reference)(enum fl_op_check kind, const double *x, double *ref, const size_t *dims,
                     int ndims, size_t batch);
    /* At most MAX outputs of input X by another method than reference()'s: their flat
     * indices (into the BATCH result arrays, ascending) into IDX, their values into REF
     * (interleaved); returns how many (at least 1 when there is an output). */
    size_t (*direct)(const double *x, const size_t *dims, int ndims, size_t batch, size_t *idx,
                     double *ref, size_t max);
    /* The transform length the error bounds are for (fl_bounds_for's N: they grow with its
     * log2), for input arrays of shape DIMS: a convolution's is its FFTs' grid, which may
     * be much longer than the input. NULL: the input's points. */
    size_t (*bound_points)(const size_t *dims, int ndims);
    /* The largest factor by which the operator multiplies one frequency (a convolution: the
     * largest |H| of its filter's spectrum), for inputs of shape DIMS; NULL: none. The tone
     * check's bounds then grow by max(1, gain ||x|| / ||y||): a tone at a frequency the
     * operator all but removes (a blur) comes out of the rounding of the rest, and its
     * error relative to the tiny output says nothing of the kernels. */
    double (*gain)(const size_t *dims, int ndims);
};

struct fl_chapter {
    const char *name;               /* "02_radix2": folder, kernel file, binary, target */
    const char *title;
    const char *kernel_file;        /* "02_radix2.cl" */
    const char *const *uses;        /* earlier chapters' kernel files built in front of
                                       kernel_file (NULL-terminated; may be NULL)      */
    const char *help;               /* paragraph for --help */
    size_t demo_n, demo_batch;      /* the size the tour runs */
    const char *limit_note;         /* --help, after "largest N x batch: 2^30 values":
                                       what else bounds it, or NULL (limits.h)         */
    const char *demo_shape;         /* NULL, or a multi-dimensional demo size written
                                       like --size ("512x512"), used instead of demo_n */
    enum fl_bound_kind bound;
    const struct fl_variant *variants; /* the first is the default; ends with {NULL} */
    /* Chapter-specific limits beyond common/capabilities.c (work-group sizes...).
     * Returns 0, or -1 with WHY. May be NULL. */
    int (*check)(const struct fl_problem *p, char *why, size_t len);
    /* Fill PLAN for problem P (called once per direction the run needs). */
    void (*plan)(const struct fl_problem *p, struct fl_plan *plan);
    /* Extra kernel build options for problem P (e.g. -D constants the kernels are
     * specialized on), written to OPTS and added after the harness's own. Called once,
     * before the build; both directions share the program, so they must not depend on
     * P->sign. May be NULL (chapters 01-05). */
    void (*build_options)(const struct fl_problem *p, char *opts, size_t len);
    /* How many passes of P's plan take their group shape from P->shape (--shapes,
     * --tune: common/fft/tune.h), launch k of the plan being pass k; 0 when the plan has none
     * (one pass, a variant without shapes). The harness calls it once, after check() and
     * before any shape is set (P->nshapes = 0). NULL: the chapter takes no shapes, and
     * --shapes and --tune are refused. */
    int (*shaped_passes)(const struct fl_problem *p);
    /* 1: the chapter transforms real data (09_real_input). The problem's n and dims are
     * then the real arrays' (N reals, row-major); the plan for sign -1 is R2C: buffer A
     * holds the N reals of each transform (real_t each, the batch one after another), the
     * result is their half spectrum, shape dims with the last axis Nx/2 + 1 complex
     * values (FFTW's r2c layout, numpy.fft.rfftn's); the plan for sign +1 is C2R, from that
     * half spectrum to N reals, not divided by N. A and B each hold the larger of the two.
     * The harness reads and writes real .npy files for it and checks against FFTW's r2c
     * and c2r plans. 0 (the default): complex transforms, as chapters 01-07. */
    int real_input;
    /* NULL: the chapter transforms its input (01-10); else what it computes instead, and how
     * it is checked (struct fl_operator above) */
    const struct fl_operator *op;
};

int fl_main(int argc, char **argv, const struct fl_chapter *chapter);

/* --help's list of VARIANTS (ending with {NULL}): "variants (--variant):", then a line
 * per variant (its name, what it does, its exercise file), appended to TEXT at USED (of
 * LEN bytes). Returns the new length. fl_main's help prints it; so does a chapter with a
 * main of its own (10_distributed). */
int fl_variants_help(const struct fl_variant *variants, char *text, size_t len, int used);

/* VARIANTS' (ending with {NULL}) variant NAME, the first for NULL; or NULL with WHY:
 * "CHAPTER has no variant 'x' (it has: a, b)". */
const struct fl_variant *fl_variant_find(const struct fl_variant *variants, const char *chapter,
                                         const char *name, char *why, size_t len);

/* For chapters' check(): -1 with the usual message when WG is more than the device's
 * CL_DEVICE_MAX_WORK_GROUP_SIZE, else 0. */
int fl_check_group_size(const struct fl_problem *p, size_t wg, char *why, size_t len);

#endif
