/* The options of a run: every chapter's (common/options.c), plus --natural; refused the same
 * way on every rank (agree), so a bad option ends the job with one message. */
#include "../distributed.h"
#include "../going_further/transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEMO_SHAPE "1024x1024"

enum fl_format report_format = FL_FORMAT_TEXT;

/* The first is the default; the list ends with {NULL} (common/chapter.h). */
static const struct fl_variant variants[] = {
    {"slab", "the chapter's pack and unpack (default)", NULL, 0},
    {"exchange_map", "the same with your pack_source / unpack_source", "exercises/10_distributed/"
     "exchange_map.cl", 0},
    {NULL, NULL, NULL, 0},
};

static void print_help(const char *prog)
{
    char text[8192], run[512];
    snprintf(run, sizeof run, fl_mpi_help_run, prog);   /* and the other words on ranks: */
    int len = snprintf(text, sizeof text,
        CHAPTER " — " TITLE "\n%s Shapes 2-D or 3-D (row-major, outermost first), every\n"
        "axis 2^a 3^b 5^c 7^d; P must divide the first two axes (Ny and Nx of NyxNx, Nz and Ny\n"
        "of NzxNyxNx). Rank d owns rows [d*n0/P, (d+1)*n0/P) of the first axis (length n0),\n"
        "FFTW-MPI's slabs; the output is FFTW-MPI's transposed layout\n"
        "(FFTW_MPI_TRANSPOSED_OUT: rank d owns [d*n1/P, ...) of the second axis, length n1,\n"
        "the first two axes swapped), or with --natural the input's layout.\n"
        "%s --explain prints\n"
        "each rank's slabs, the exchange sizes and the plan. Each rank makes its own seeded\n"
        "input (no --input or --output files). Checked against FFTW-MPI\n"
        "on the same slabs and, up to 2^22 values, against serial FFTW on the array gathered\n"
        "on rank 0. %s\n"
        "  --natural           output in the input's layout (one more exchange)\n"
        "%s\n", run, fl_mpi_help_devices, fl_mpi_help_agree, transport_help);
    len = fl_variants_help(variants, text, sizeof text, len);
    snprintf(text + len, sizeof text - (size_t)len, "\nsizes: 2-D and 3-D, each axis 2^a 3^b 5^c "
             "7^d; N x batch / P below 2^31 values per rank (07's passes count their lines in\n"
             "int; every offset is 64-bit), and 4 buffers of that slab (2 at P = 1) must fit the\n"
             "device; past either, exit 2 before any allocation. Demo size %s x batch 1",
             DEMO_SHAPE);
    fl_print_usage_files(prog, text, 0);
}

/* The options --natural (a second exchange: a hang on one rank alone) and going_further/'s
 * (the collectives of the exchange) add to the list every rank must share. */
static size_t describe_own(char *buf, size_t u, const void *arg)
{
    const struct ctx *c = arg;
    u = fl_mpi_describe(buf, u, "--natural", "%s", c->natural ? "--natural" : "no --natural");
    return transport_describe(buf, u, &c->xport);
}

void options_parse(struct ctx *c, int argc, char **argv)
{
    char err[1024] = "";
    int rc = 0;
    fl_options_defaults(&c->o);
    fl_mpi_early_format(argc, argv, CHAPTER);
    /* this chapter's own option, taken out before the shared parser sees the rest */
    char **args = fl_xmalloc(((size_t)argc + 1) * sizeof *args, "the options");
    int nargs = 0;
    for (int i = 0; i < argc; i++) {
        if (i > 0 && strcmp(argv[i], "--natural") == 0) {
            c->natural = 1;
            continue;
        }
        /* --transport, and going_further/'s --chunks, --shm-copy, --copy-threads */
        if (i > 0 && transport_option(argc, argv, &i, &c->xport, err, sizeof err)) {
            rc = err[0] ? FL_EXIT_USAGE : 0;
            continue;
        }
        args[nargs++] = argv[i];
    }
    /* (the shared parser keeps pointers into argv, not into args) */
    if (rc) {
        /* --transport's (--chunks', --shm-copy's, --copy-threads') message */
    } else if (fl_parse_options(nargs, args, &c->o, err, sizeof err) != 0) {
        rc = FL_EXIT_USAGE;
    } else if (c->o.size_list) {
        snprintf(err, sizeof err, "--size %s: 10_distributed takes one size (a list of "
                 "sizes is for the one-device chapters)", c->o.size_list);
        rc = FL_EXIT_USAGE;
    }
    free(args);
    fl_mpi_agree(rc, err);
    /* before anything else collective: the ranks agree or stop */
    char mine[FL_MPI_AGREE_BYTES];
    fl_mpi_describe_options(&c->o, DEMO_SHAPE, variants[0].name, mine, describe_own, c);
    fl_mpi_agree_options(mine, CHAPTER);
    fl_mpi_set_format(report_format = c->o.format, CHAPTER);
    fl_mpi_help_or_list(&c->o, print_help, argv[0]);
    if (c->o.input || c->o.output) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "10_distributed makes its input on every rank (seeded, "
                 "--seed) and does not read or write .npy files; use 07_multidim for "
                 "--input/--output");
    }
    fl_mpi_agree(rc, err);
    c->variant = fl_variant_find(variants, CHAPTER, c->o.variant, err, sizeof err);
    fl_mpi_agree(c->variant ? 0 : FL_EXIT_USAGE, err);
    fl_report_json_running(c->variant->name, NULL);   /* what rank 0's record names */
    if (c->o.ndims) {
        c->ndims = c->o.ndims;
        memcpy(c->dims, c->o.dims, sizeof c->dims);
    } else if (fl_parse_size(DEMO_SHAPE, c->dims, &c->ndims, err, sizeof err) != 0) {
        fl_die(FL_EXIT_OPENCL, "demo shape: %s (chapter bug)", err);
    }
}
