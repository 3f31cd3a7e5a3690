/* The command line every chapter shares. fl_parse_options never exits, so the unit tests
 * can check each error message; the runner turns a failure into exit FL_EXIT_USAGE. */
#ifndef FFTLAB_OPTIONS_H
#define FFTLAB_OPTIONS_H

#include "fft/radix_plan.h"

#include <stddef.h>
#include <stdint.h>

#define FL_MAX_DIMS 3

enum fl_precision { FL_SINGLE = 1, FL_DOUBLE = 2 };
enum fl_format { FL_FORMAT_TEXT, FL_FORMAT_CSV, FL_FORMAT_JSON };

struct fl_options {
    size_t dims[FL_MAX_DIMS]; /* --size, outermost first: 512x256 -> {512, 256}      */
    int ndims;                /* 0 when --size was not given                          */
    const char *size_list;    /* --size 16,32,64: several sizes, one after another in one
                                 process (dims: the first); NULL for one size          */
    size_t batch;             /* --batch, 0 when not given                            */
    int inverse;              /* --inverse: exp(+2 pi i jk/N), not normalized          */
    const char *input;        /* --input X.npy                                         */
    const char *output;       /* --output Y.npy                                        */
    uint64_t seed;            /* --seed, default 1                                     */
    enum fl_precision precision;
    int warmup;               /* --warmup, default 2                                   */
    int repeat;               /* --repeat, -1 = enough runs to fill ~0.2 s; 0 = no timing */
    int verify;               /* cleared by --no-verify                                */
    enum fl_format format;
    int explain;
    const char *device;       /* --device SPEC, else env FFTLAB_DEVICE                 */
    const char *kernels;      /* --kernels DIR or FILE.cl                              */
    const char *exercise;     /* --exercise FILE.cl (an exercise variant's file)       */
    const char *variant;      /* --variant NAME (a chapter's alternative kernels)      */
    size_t wg;                /* --wg, 0 = chapter default                             */
    struct fl_pass_shape shapes[FL_RADIX_MAX_PASSES]; /* --shapes 256x16,512x8: per pass  */
    int nshapes;              /* how many --shapes gave (0: the chapter's own)         */
    int tune;                 /* --tune: measure the shapes of each pass (common/fft/tune.h) */
    int flush_l2;             /* --flush-l2: evict the device's cache before each timed run */
    double timeout_s;         /* --timeout, 0 = none: a hung kernel becomes exit 3     */
    int list_devices, help;
};

void fl_options_defaults(struct fl_options *o);

/* Returns 0, or -1 with a one-line reason in ERR. */
int fl_parse_options(int argc, char **argv, struct fl_options *o, char *err, size_t errlen);

/* "1024", "2^20", "512x512x64" (each factor a number or 2^k). Returns 0 or -1 + ERR. */
int fl_parse_size(const char *s, size_t dims[FL_MAX_DIMS], int *ndims, char *err, size_t errlen);

/* --size 16,32,2^10: how many sizes the list has (each one checked by fl_parse_size), or
 * -1 + ERR. The runner runs them one after another in one process, so that the OpenCL
 * runtime starts once (on pocl: its kernel library is read once, not once a size). */
#define FL_MAX_SIZE_LIST 64
int fl_size_list_count(const char *list, char *err, size_t errlen);
/* The entry of a size list at P into ONE (LEN bytes); returns where the next one starts
 * (at the terminating '\0' after the last). */
const char *fl_size_list_next(const char *p, char *one, size_t len);

/* One positive count: "16", "2^4". Returns 0 or -1 + ERR. */
int fl_parse_count(const char *s, const char *what, size_t *out, char *err, size_t errlen);

/* "256x16,512x8": per pass, at most ITEMS work-items per group x VALUES per item (struct
 * fl_pass_shape; ITEMS 1 to 4096, VALUES 1 to FL_RADIX_MAX_VALUES, at most
 * FL_RADIX_MAX_PASSES pairs; "default" for a pass keeps the chapter's own shape, 0x0).
 * Returns how many, or -1 + ERR. */
int fl_parse_shapes(const char *s, struct fl_pass_shape *shapes, char *err, size_t errlen);

/* "1024x1024": the shape DIMS (NDIMS axes, outermost first) as --size spells it, into BUF;
 * returns BUF. */
char *fl_size_text(const size_t *dims, int ndims, char *buf, size_t len);
/* "256x16,512x8" (or "default" where a pair is 0x0): the inverse of fl_parse_shapes. */
char *fl_shapes_text(const struct fl_pass_shape *shapes, int n, char *buf, size_t len);

/* The usage text; CHAPTER_HELP (may be NULL) is the chapter's own paragraph. */
void fl_print_usage(const char *prog, const char *chapter_help);
/* The same for a chapter that reads and writes no files (FILES = 0: no --input/--output,
 * and --format text or csv, no json). */
void fl_print_usage_files(const char *prog, const char *chapter_help, int files);

#endif
