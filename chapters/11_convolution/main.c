/* 11_convolution — fast convolution, y = x (*) h, with the product fused into the passes.
 *
 * What changed since 08_bluestein: 08 computed a DFT as a convolution of its own chirp.
 * Now the convolution is the job: a batch of signals x (1-D rows, or 2-D arrays) and one
 * filter h, given (--filter h.npy) or generated (--filter-size K), and the output is
 *     circular  y[n] = sum_m h[m] x[(n - m) mod N]           (n < N; h no longer than x)
 *     linear    y[n] = sum_m h[m] x[n - m], 0 <= n - m < N   (n < N + K - 1)
 * on every axis. By the convolution theorem both are a pointwise product between FFTs on a
 * grid M (circular: M = N; linear: the smallest 7-smooth M >= N + K - 1, x and h zero-padded
 * to it, so that nothing wraps around):
 *     y = IFFT_M( FFT_M(x) . Hh ),   Hh = FFT_M(h) / M
 * FFTW's conventions: forward exp(-2 pi i jk/M), neither direction normalized; the 1/M
 * is divided once, into the filter's spectrum (setup.c, conv_spectrum_table), which is
 * computed once on the host in double per plan and read by every call and every array of
 * the batch, so only x's two FFTs run per call.
 *
 * Variants (--variant):
 *   fused    (default) the product inside the passes. 1-D: where a row of M fits one
 *            work-group, one launch does each row's pad, forward FFT, product, inverse FFT
 *            and cut (conv_fused); M in two passes, the forward's last pass, the product
 *            and the inverse's first pass in one launch (08's PASS_HOOK_MIDDLE): 3
 *            launches; more passes: the product in the last forward pass's stores. The pad
 *            is in the first pass's loads, the cut in the last pass's stores. 2-D: the
 *            columns forward, the rows fused as 1-D, the columns inverse.
 *   unfused  the textbook sequence: [pad], the forward passes, a product kernel, the
 *            inverse passes, [cut]: each step one more read and write of the grid.
 *   direct   no FFT: y by its definition, K (Ky x Kx) multiply-adds per output point, one
 *            launch (direct.c, kernels/11_direct.cl): the FFT's rival as K grows.
 *   overlap_save  1-D linear, a filter much shorter than the signal: the signal in blocks
 *            of W, each block's last W - K + 1 outputs kept (overlap_save.c, blocks.c).
 *   overlap_add   the same plan with the exercise's pieces (exercises/11_convolution/).
 * Real data (--real, or a float32/float64 --input) go through 09's R2C and C2R (real.c);
 * --task blur|sharpen|chirp runs a use end to end (task.c, task_image.c, task_chirp.c).
 *
 * Run it:
 *   make 11_convolution
 *   ./build/11_convolution --explain                         (4096 x 16, filter 31, linear)
 *   ./build/11_convolution --size 1000 --mode circular --filter-size 64
 *   ./build/11_convolution --size 512x512 --filter-size 15x15 --variant unfused
 *   ./build/11_convolution --input x.npy --filter h.npy --output y.npy
 *
 * Checks (common/verify.c with this chapter's fl_operator): random input, two impulses
 * (y = h placed at the impulse: a closed form), a tone (circular: y = c times the tone, c
 * the filter's DFT at the tone's frequency, by the plain sum at one point; linear: FFTW),
 * all against the reference in double (reference.c: FFTW in double, long double for
 * --precision double), with bounds for the grid's length M; and "direct", in place
 * of the round trip: up to 4096 outputs of the random input by the plain O(K) sum, no FFT
 * at all, which checks the reference's method as well as the kernels.
 *
 * Files: conv.h (what the spine's files share: setup.c, plan.c, direct.c, reference.c),
 * tasks.h (real data, blocks and tasks: their files listed there); kernels/
 * 11_convolution.cl, 11_direct.cl, 11_blocks.cl, 11_real.cl. Lesson: README.md here;
 * measurements: NOTES.md. */
#include "conv.h"
#include "tasks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct fl_variant variants[] = {
    {"fused", "the default: the product inside the passes; 1-D rows of one work-group in "
     "one launch, two passes in three (the middle two in one), 2-D the rows fused between "
     "the column passes", NULL, 0},
    {"unfused", "the plain sequence: [pad], forward passes, a product kernel, inverse "
     "passes, [cut]", NULL, 0},
    {"direct", "no FFT: the plain sum of K (Ky x Kx) products per output point on the device, "
     "one launch (direct.c); what the FFT is measured against as K grows", NULL, 0},
    {"overlap_save", "1-D linear, a filter much shorter than the signal: blocks of W = 8K or "
     "so (--block W), each by W-point FFTs, the first K - 1 outputs of each dropped", NULL, 0},
    {"overlap_add", "overlap_save's plan with your ola_source and ola_output: pieces of L = W "
     "- K + 1 samples, the blocks' outputs added (exercise)",
     "exercises/11_convolution/overlap_add.cl", 0},
    {NULL, NULL, NULL, 0},
};

struct conv_args conv_args = {.mode = CONV_LINEAR, .seed = 1};
static struct task_opts task; /* --task and its options (tasks.h) */

/* --variant direct: its program is kernels/11_direct.cl alone (no passes, nothing of
 * 11_convolution.cl), so main() gives the harness that file and no USES for it. */
static int variant_direct;

/* Take the chapter's own options out of ARGV (the harness refuses options it does not
 * know), into conv_args; returns the new argc. The filter file is read here, before the
 * harness forks, so the checker and the worker hold the same filter. */
static int take_options(int argc, char **argv)
{
    int kept = 1;
    char err[1024];
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = conv_option_value(argc, argv, &i, "--mode"))) {
            if (strcmp(v, "circular") == 0)
                conv_args.mode = CONV_CIRCULAR;
            else if (strcmp(v, "linear") == 0)
                conv_args.mode = CONV_LINEAR;
            else
                fl_die(FL_EXIT_USAGE, "--mode must be circular or linear, got '%s'", v);
        } else if ((v = conv_option_value(argc, argv, &i, "--filter-size"))) {
            if (fl_parse_size(v, conv_args.fdims, &conv_args.fndims, err, sizeof err) != 0)
                fl_die(FL_EXIT_USAGE, "--filter-size: %s", err);
            if (conv_args.fndims > CONV_MAX_DIMS)
                fl_die(FL_EXIT_USAGE, "--filter-size %s: a filter has 1 or 2 axes, like 31 or "
                       "15x15", v);
        } else if ((v = conv_option_value(argc, argv, &i, "--filter"))) {
            conv_args.filter_path = v;
        } else if ((v = conv_option_value(argc, argv, &i, "--task"))) {
            if (strcmp(v, "blur") != 0 && strcmp(v, "sharpen") != 0 && strcmp(v, "chirp") != 0)
                fl_die(FL_EXIT_USAGE, "--task must be blur, sharpen or chirp, got '%s'", v);
            task.name = v;
        } else if ((v = conv_option_value(argc, argv, &i, "--image"))) {
            task.image = v;
        } else if ((v = conv_option_value(argc, argv, &i, "--sigma"))) {
            char *end;
            task.sigma = strtod(v, &end);
            if (!*v || *end || !(task.sigma >= 0.3 && task.sigma <= 170))
                fl_die(FL_EXIT_USAGE, "--sigma must be a width in pixels from 0.3 to 170, got "
                       "'%s'", v);
        } else if (strcmp(argv[i], "--real") == 0) {
            conv_args.real = 1;
        } else if ((v = conv_option_value(argc, argv, &i, "--block"))) {
            char *end;
            unsigned long long b = strtoull(v, &end, 10);
            if (!*v || *end || b < 1 || b > ((size_t)1 << 26))
                fl_die(FL_EXIT_USAGE, "--block must be a block length from 1 to 2^26, got '%s'",
                       v);
            conv_args.block = (size_t)b;
        } else {
            argv[kept++] = argv[i];
        }
    }
    argv[kept] = NULL;
    if (conv_args.filter_path && conv_args.fndims)
        fl_die(FL_EXIT_USAGE, "--filter %s and --filter-size: give one (a file's filter has its "
               "own size)", conv_args.filter_path);
    /* --seed and --precision, which the generated filter follows (fl_main reports any
     * error in the options itself) */
    struct fl_options o;
    fl_options_defaults(&o);
    if (fl_parse_options(kept, argv, &o, err, sizeof err) == 0) {
        conv_args.seed = o.seed;
        variant_direct = o.variant && strcmp(o.variant, "direct") == 0;
        conv_args.double_precision = o.precision == FL_DOUBLE;
        if (o.help)
            return kept;
    }
    if (conv_args.filter_path &&
        fl_npy_read_any(conv_args.filter_path, &conv_args.filter, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "--filter: %s", err);
    /* real data: --real, or an --input of reals (float32, float64), which the harness then
     * reads as such (real.c) */
    struct fl_npy in;
    if (!conv_args.real && o.input) {
        if (fl_npy_read_any(o.input, &in, err, sizeof err) != 0)
            fl_die(FL_EXIT_USAGE, "%s", err);
        conv_args.real = in.real;
        fl_npy_free(&in);
    }
    return kept;
}

static int check(const struct fl_problem *p, char *why, size_t len)
{
    static struct conv cv;
    if (p->sign > 0) {
        snprintf(why, len, "--inverse: a convolution has no direction (its inverse FFT is part "
                 "of every run)");
        return -1;
    }
    if (p->wg && fl_check_group_size(p, p->wg, why, len) != 0)
        return -1;
    if (conv_args.block && !conv_is_blocked(p->variant)) {
        snprintf(why, len, "--block: only --variant overlap_save and overlap_add cut the signal "
                 "in blocks");
        return -1;
    }
    if (conv_of_problem(p, &cv, why, len) != 0)
        return -1;
    if (strcmp(p->variant, "direct") == 0) {
        if (cv.real) {
            snprintf(why, len, "--variant direct sums complex data; real data goes through 09's "
                     "R2C and C2R (--variant fused or unfused)");
            return -1;
        }
        return conv_direct_check(&cv, p, why, len); /* direct.c */
    }
    if (conv_is_blocked(p->variant))
        return conv_blocks_check(&cv, why, len); /* overlap_save.c */
    return cv.real ? conv_real_check(&cv, why, len) : 0; /* real.c */
}

static void build_options(const struct fl_problem *p, char *opts, size_t len)
{
    static struct conv cv;
    char why[512];
    opts[0] = '\0';
    if (strcmp(p->variant, "direct") == 0)
        return; /* kernels/11_direct.cl takes its sizes as arguments */
    if (conv_of_problem(p, &cv, why, sizeof why) != 0)
        return; /* check() refused it already */
    if (conv_is_blocked(p->variant))
        conv_blocks_options(&cv, opts, len); /* overlap_save.c */
    else if (cv.real)
        conv_real_options(&cv, opts, len); /* real.c */
    else
        conv_build_options(&cv, p->variant, opts, len);
}

/* Each variant's plan function (conv.h), by name: a variant of variants[] above has one. */
static const struct {
    const char *variant;
    void (*plan)(const struct conv *cv, struct fl_plan *plan);
} plans[] = {
    {"fused", conv_plan_fused},
    {"unfused", conv_plan_unfused},
    {"direct", conv_plan_direct},                /* direct.c */
    {"overlap_save", conv_plan_blocks}, /* overlap_save.c */
    {"overlap_add", conv_plan_blocks},
};

static void plan(const struct fl_problem *p, struct fl_plan *plan)
{
    static struct conv cv;
    char why[512];
    if (conv_of_problem(p, &cv, why, sizeof why) != 0)
        fl_die(FL_EXIT_USAGE, "%s", why); /* check() refused it already */
    if (cv.real && !conv_is_blocked(p->variant)) {
        conv_plan_real(&cv, plan); /* real.c: whatever the variant, 09's R2C and C2R */
        return;
    }
    for (size_t i = 0; i < sizeof plans / sizeof plans[0]; i++)
        if (strcmp(p->variant, plans[i].variant) == 0) {
            plans[i].plan(&cv, plan);
            return;
        }
    fl_die(FL_EXIT_OPENCL, "variant %s has no plan function (a chapter bug)", p->variant);
}

int main(int argc, char **argv)
{
    static const char *const uses[] = {"08_pass_hooks.cl", "06_passes.cl", "06_blocks_25_27.cl",
                                       "06_row_parts.cl", "06_column_parts.cl",
                                       "05_register_radix.cl", "06_mixed_radix.cl",
                                       "07_multidim.cl", "08_fused_convolution.cl",
                                       "11_blocks.cl", NULL};
    /* real data: 09's twist and the real pad and cut too */
    static const char *const uses_real[] = {"08_pass_hooks.cl", "06_passes.cl",
                                            "06_blocks_25_27.cl", "06_row_parts.cl",
                                            "06_column_parts.cl", "05_register_radix.cl",
                                            "06_mixed_radix.cl", "07_multidim.cl",
                                            "08_fused_convolution.cl", "11_blocks.cl",
                                            "09_real_input.cl", "11_real.cl", NULL};
    static const struct fl_operator op = {
        .what = "convolution",
        .reference_text = "convolution in double on the host (FFTW; long double for --precision "
                          "double), impulses by a closed form, direct = the plain sum",
        .direct_name = "direct",
        .result_dims = conv_result_dims,
        .reference = conv_reference,
        .direct = conv_direct,
        .gain = conv_gain,
        .bound_points = conv_grid_points,
    };
    static struct fl_chapter chapter = {
        .name = "11_convolution",
        .title = "fast convolution: the product fused into the passes",
        .kernel_file = "11_convolution.cl",
        .uses = uses,
        .help = "y = x (*) h for a batch of signals x (1-D rows, or 2-D arrays like 512x512) and\n"
                "one filter h, by FFTs on a grid M: circular (M = N, the filter no longer than\n"
                "the signal) or linear (M = the smallest 2^a 3^b 5^c 7^d >= N + K - 1 per axis;\n"
                "y has N + K - 1 values per axis). The chapter's own options:\n"
                "  --mode M            linear (default) or circular\n"
                "  --filter-size K     a generated filter of K (1-D) or KyxKx (2-D; K alone\n"
                "                      means KxK) values, seeded by --seed; default 31, or N\n"
                "                      if the signal is shorter\n"
                "  --filter H.npy      your filter: complex64 (complex128 with --precision\n"
                "                      double), shape (K,) or (Ky, Kx), one for every array\n"
                "  --block W           overlap_save's (and overlap_add's) block length\n"
                "  --real              real x and h (float32; float64 with --precision double)\n"
                "                      through 09's R2C and C2R; a real --input implies it\n"
                "  --task T            a real use, run end to end and verified: blur or sharpen\n"
                "                      an image (--image in.pgm, or a drawn test pattern of\n"
                "                      --size HxW; --sigma S; --output out.pgm), or chirp: a\n"
                "                      matched filter finds a chirp buried in noise (--size N,\n"
                "                      --filter-size K, --seed S)\n"
                "--input reads the signals as the other chapters do ((N,), (batch, N), or with\n"
                "--size NyxNx (Ny, Nx) / (batch, Ny, Nx)); --output writes y. --explain shows\n"
                "the grid, where the product is fused, and every launch.",
        .demo_n = 4096,
        .demo_batch = 16,
        .limit_note = ";\nthe grid M x batch at most the same (the work buffers)",
        .bound = FL_BOUND_CHIRP,
        .variants = variants,
        .check = check,
        .plan = plan,
        .build_options = build_options,
        .op = &op,
    };
    argc = take_options(argc, argv);
    if ((task.image || task.sigma > 0) && !task.name)
        fl_die(FL_EXIT_USAGE, "--image and --sigma are options of --task blur and --task sharpen");
    if (task.name) {
        argc = task_take_options(argc, argv, &task);
        conv_args.real = 1; /* the tasks' data is real */
    }
    chapter.real_input = conv_args.real; /* the harness's real sides: reals in, reals out */
    if (conv_args.real)
        chapter.uses = uses_real;
    else if (variant_direct) {
        chapter.kernel_file = "11_direct.cl"; /* alone: no passes (direct.c) */
        chapter.uses = NULL;
    }
    int rc = !task.name ? fl_main(argc, argv, &chapter)
             : strcmp(task.name, "chirp") == 0 ? task_chirp(&chapter, argc, argv, &task)
                                                : task_image(&chapter, argc, argv, &task);
    fl_npy_free(&conv_args.filter);
    return rc;
}
