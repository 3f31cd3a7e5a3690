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
#define NVARIANTS (sizeof variants / sizeof variants[0] - 1)

static void print_help(const char *prog)
{
    char text[8192];
    int len = snprintf(text, sizeof text,
        CHAPTER " — " TITLE "\n"
        "Run it under MPI, one rank per device: tools/mpirun.sh -n P %s --size 1024x1024\n"
        "(plain mpirun works too; tools/mpirun.sh adds --oversubscribe, --bind-to none and,\n"
        "as root, --allow-run-as-root). Shapes 2-D or 3-D (row-major, outermost first), every\n"
        "axis 2^a 3^b 5^c 7^d; P must divide the first two axes (Ny and Nx of NyxNx, Nz and Ny\n"
        "of NzxNyxNx). Rank d owns rows [d*n0/P, (d+1)*n0/P) of the first axis (length n0),\n"
        "FFTW-MPI's slabs; the output is FFTW-MPI's transposed layout\n"
        "(FFTW_MPI_TRANSPOSED_OUT: rank d owns [d*n1/P, ...) of the second axis, length n1,\n"
        "the first two axes swapped), or with --natural the input's layout.\n"
        "Devices: rank d (counted on its node) takes device d mod count among the GPUs (else\n"
        "the CPU devices), or among those --device/FFTLAB_DEVICE matches. --explain prints\n"
        "each rank's slabs, the exchange sizes and the plan. Each rank makes its own seeded\n"
        "input (no --input or --output files; --format text or csv). Checked against FFTW-MPI\n"
        "on the same slabs and, up to 2^22 values, against serial FFTW on the array gathered\n"
        "on rank 0. Every rank must get the same options (Open MPI's A : B form can give them\n"
        "different ones: that is exit 2, naming the option); only --device, --kernels and\n"
        "--exercise may differ.\n"
        "  --natural           output in the input's layout (one more exchange)\n"
        "%s\n", prog, transport_help);
    len = fl_variants_help(variants, text, sizeof text, len);
    snprintf(text + len, sizeof text - (size_t)len, "\nsizes: 2-D and 3-D, each axis 2^a 3^b 5^c "
             "7^d; N x batch / P below 2^31 values per rank (07's passes count their lines in\n"
             "int; every offset is 64-bit), and 4 buffers of that slab (2 at P = 1) must fit the\n"
             "device; past either, exit 2 before any allocation. Demo size %s x batch 1",
             DEMO_SHAPE);
    fl_print_usage_files(prog, text, 0);
}

/* The options --natural and going_further/'s add to the list every rank must share
 * (common/mpi/agree.c): --natural adds a second exchange (a hang on one rank alone), the
 * transport and its chunks change the collectives. */
static size_t describe_own(char *buf, size_t u, const void *arg)
{
    const struct ctx *c = arg;
    const struct transport_want *x = &c->xport;
    u = fl_mpi_describe(buf, u, "--natural", "%s", c->natural ? "--natural" : "no --natural");
    u = fl_mpi_describe(buf, u, "--chunks", "%d%s", x->chunks, x->chunks ? "" : " (automatic)");
    u = fl_mpi_describe(buf, u, "--transport", "%s", transport_choice_name[x->transport]);
    u = fl_mpi_describe(buf, u, "--shm-copy", "%s", shm_copy_name[x->copy]);
    return fl_mpi_describe(buf, u, "--copy-threads", "%d%s", x->threads,
                           x->threads ? "" : " (automatic)");
}

void options_parse(struct ctx *c, int argc, char **argv)
{
    char err[1024] = "";
    int rc = 0;
    fl_options_defaults(&c->o);
    /* this chapter's own option, taken out before the shared parser sees the rest */
    char **args = calloc((size_t)argc + 1, sizeof *args);
    if (!args)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the options");
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
        const char *f = strcmp(argv[i], "--format") == 0 && i + 1 < argc ? argv[i + 1]
                      : strncmp(argv[i], "--format=", 9) == 0 ? argv[i] + 9 : NULL;
        if (f && (strcmp(f, "csv") == 0 || strcmp(f, "json") == 0)) {
            report_format = FL_FORMAT_CSV;
            fl_mpi_set_text(0);
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
    report_format = c->o.format;
    fl_mpi_set_text(report_format == FL_FORMAT_TEXT);
    if (c->o.help || c->o.list_devices) {
        int ok = 1;
        if (rank == 0) {
            if (c->o.help)
                print_help(argv[0]);
            else
                ok = fl_list_devices(stdout) > 0;
        }
        MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
        fl_mpi_finish(ok ? FL_EXIT_OK : FL_EXIT_OPENCL);
    }
    if (report_format == FL_FORMAT_JSON) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "10_distributed writes text or csv; --format json is not "
                 "supported here");
    } else if (c->o.input || c->o.output) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "10_distributed makes its input on every rank (seeded, "
                 "--seed) and does not read or write .npy files; use 07_multidim for "
                 "--input/--output");
    }
    fl_mpi_agree(rc, err);
    c->variant = &variants[0];
    if (c->o.variant) {
        c->variant = NULL;
        for (size_t i = 0; i < NVARIANTS; i++)
            if (strcmp(c->o.variant, variants[i].name) == 0)
                c->variant = &variants[i];
        if (!c->variant) {
            rc = FL_EXIT_USAGE;
            snprintf(err, sizeof err, "10_distributed has no variant '%s' (it has: %s, %s)",
                     c->o.variant, variants[0].name, variants[1].name);
        }
    }
    fl_mpi_agree(rc, err);
    if (c->o.ndims) {
        c->ndims = c->o.ndims;
        memcpy(c->dims, c->o.dims, sizeof c->dims);
    } else if (fl_parse_size(DEMO_SHAPE, c->dims, &c->ndims, err, sizeof err) != 0) {
        fl_die(FL_EXIT_OPENCL, "demo shape: %s (chapter bug)", err);
    }
}
