/* 11_convolution: running a task's convolution (--task blur|sharpen|chirp: task_image.c,
 * task_chirp.c) through the harness, as a user's own data would run: the task's signal is
 * written as a float32 .npy file into a temporary folder and given as --input, its filter
 * handed over as --filter's contents, and fl_main verifies the run (the task's own input,
 * impulses, a tone, the plain sum), times it if asked (--repeat), and writes y as --output
 * into the same folder, which the task reads back. The folder is removed at the end,
 * whatever happens (an exit through fl_die too, in the process that made it). */
#define _POSIX_C_SOURCE 200809L
#include "conv.h"
#include "tasks.h"

#include "../../common/buffers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
    char dir[1024], x[1100], y[1100];
    pid_t owner;                    /* the process that made the folder: only it cleans */
    int made;
} tmp;

static void remove_temp(void)
{
    if (!tmp.made || getpid() != tmp.owner)
        return;
    unlink(tmp.x);
    unlink(tmp.y);
    rmdir(tmp.dir);
    tmp.made = 0;
}

int task_take_options(int argc, char **argv, struct task_opts *t)
{
    static const char *const refused[] = {"--input", "--batch", "--inverse", "--format",
                                          "--kernels", "--exercise", NULL};
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = conv_option_value(argc, argv, &i, "--output"))) {
            t->output = v;
            continue;
        }
        if ((v = conv_option_value(argc, argv, &i, "--size"))) {
            char err[256];
            if (fl_parse_size(v, t->dims, &t->ndims, err, sizeof err) != 0)
                fl_die(FL_EXIT_USAGE, "--size: %s", err);
            continue;
        }
        for (const char *const *r = refused; *r; r++)
            if (strncmp(argv[i], *r, strlen(*r)) == 0 &&
                (argv[i][strlen(*r)] == '\0' || argv[i][strlen(*r)] == '='))
                fl_die(FL_EXIT_USAGE, "--task %s makes its own input and reports in text: %s is "
                       "not for a task (the convolution's own runs take it)", t->name, *r);
        if (strcmp(argv[i], "--repeat") == 0 || strncmp(argv[i], "--repeat=", 9) == 0)
            t->repeat_given = 1;
        argv[kept++] = argv[i];
    }
    argv[kept] = NULL;
    if (conv_args.filter_path || conv_args.mode != CONV_LINEAR || conv_args.block)
        fl_die(FL_EXIT_USAGE, "--task %s chooses its own filter, --mode linear and the default "
               "plans: --filter, --mode and --block are not for a task", t->name);
    return kept;
}

int task_convolve(const struct fl_chapter *ch, int argc, char **argv, const struct task_opts *t,
                  const double *x, const size_t *xdims, int ndims, const double *h,
                  const size_t *hdims, struct fl_npy *y)
{
    char err[1024];
    const char *base = getenv("TMPDIR");
    snprintf(tmp.dir, sizeof tmp.dir, "%s/fftlab-task-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmp.dir))
        fl_die(FL_EXIT_OPENCL, "--task %s: cannot make a temporary folder in %s", t->name,
               base && *base ? base : "/tmp");
    tmp.owner = getpid();
    tmp.made = 1;
    atexit(remove_temp);
    snprintf(tmp.x, sizeof tmp.x, "%s/x.npy", tmp.dir);
    snprintf(tmp.y, sizeof tmp.y, "%s/y.npy", tmp.dir);
    size_t xn = 1, hn = 1;
    for (int d = 0; d < ndims; d++) {
        xn *= xdims[d];
        hn *= hdims[d];
    }
    double *xi = fl_xmalloc(xn * 16, "the task's signal");
    for (size_t i = 0; i < xn; i++) {
        xi[2 * i] = x[i];
        xi[2 * i + 1] = 0;
    }
    if (fl_npy_write_kind(tmp.x, xi, xdims, ndims, 1, conv_args.double_precision, err,
                          sizeof err) != 0)
        fl_die(FL_EXIT_OPENCL, "--task %s: %s", t->name, err);
    free(xi);
    /* the filter, as --filter would have read it: reals, rounded to the run's precision */
    struct fl_npy *f = &conv_args.filter;
    memset(f, 0, sizeof *f);
    f->real = 1;
    f->complex128 = conv_args.double_precision;
    f->naxes = ndims;
    memcpy(f->shape, hdims, (size_t)ndims * sizeof *hdims);
    f->count = hn;
    f->data = fl_xmalloc(hn * 16, "the task's filter");
    for (size_t i = 0; i < hn; i++) {
        f->data[2 * i] = conv_args.double_precision ? h[i] : (double)(float)h[i];
        f->data[2 * i + 1] = 0;
    }
    conv_args.filter_path = "(the task's filter)";
    conv_args.real = 1;
    /* the harness's command line: the user's options, then the task's files */
    char **args = fl_xmalloc((size_t)(argc + 10) * sizeof *args, "the command line");
    static char size[64]; /* a 2-D file is one array: its shape given (else (batch, N)) */
    snprintf(size, sizeof size, "%zux%zu", xdims[0], ndims == 2 ? xdims[1] : 1);
    int n = 0;
    for (int i = 0; i < argc; i++)
        args[n++] = argv[i];
    args[n++] = "--input";
    args[n++] = tmp.x;
    args[n++] = "--output";
    args[n++] = tmp.y;
    if (ndims == 2) {
        args[n++] = "--size";
        args[n++] = size;
    }
    if (!t->repeat_given) {
        args[n++] = "--repeat";
        args[n++] = "0";
    }
    args[n] = NULL;
    int rc = fl_main(n, args, ch);
    free(args);
    if (rc == 0 && fl_npy_read_any(tmp.y, y, err, sizeof err) != 0)
        fl_die(FL_EXIT_OPENCL, "--task %s: reading the convolution back: %s", t->name, err);
    remove_temp();
    return rc;
}
