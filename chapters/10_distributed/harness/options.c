/* The options of a run: every chapter's (common/options.c), plus --natural; refused the same
 * way on every rank (agree), so a bad option ends the job with one message. */
#include "../distributed.h"
#include "../going_further/transport.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEMO_SHAPE "1024x1024"

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

/* ---------------------------------------------------------------- ranks that agree */

/* Open MPI's "A : B" form gives each rank its own command line. Every option that shapes
 * the problem, the collectives or what rank 0 prints must be the same on every rank: a
 * different --size or --batch makes the ranks' buffers and MPI message counts disagree
 * (a crash or a hang), --natural adds a second exchange on one rank only (a hang),
 * --precision changes the MPI datatype (an abort), --inverse or --seed make the ranks
 * compute parts of different transforms (a wrong result blamed on the chapter), and
 * --explain, --repeat, --warmup, --no-verify, --format, --help or --list-devices change
 * which collectives a rank makes. So right after parsing, before any other collective,
 * every rank describes its options as "name<TAB>value" lines in a fixed-size block,
 * MPI_Allgather gives every rank every block, and the first option on which any rank
 * differs from rank 0 ends the run on every rank with exit 2, naming it.
 *
 * Exempt, on purpose (they may differ per rank):
 *   --device (and FFTLAB_DEVICE): each rank picks its own device; that is the point.
 *   --kernels, --exercise: which kernel source a rank builds. The host side (shapes,
 *     buffers, plans, collectives) does not depend on it, so a different file cannot make
 *     the ranks disagree about the problem: a wrong kernel on one rank gives that rank's
 *     values wrong (exit 1, named by its share), a build error or a missing file ends the
 *     job through fl_die (MPI_Abort), a kernel that never ends meets --timeout. The tests
 *     plant bugs on one rank this way. */
#define AGREE_BYTES 4096
#define AGREE_VALUE_MAX 120     /* longer values are shown cut, with a hash of the whole */

static size_t describe(char *buf, size_t used, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static size_t describe(char *buf, size_t used, const char *name, const char *fmt, ...)
{
    char value[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(value, sizeof value, fmt, ap);
    va_end(ap);
    for (char *p = value; *p; p++)      /* one line per option, whatever the value holds */
        if (*p == '\n' || *p == '\t')
            *p = ' ';
    if (strlen(value) > AGREE_VALUE_MAX) {
        uint64_t h = 1469598103934665603ull;  /* FNV-1a of the whole value */
        for (const unsigned char *p = (const unsigned char *)value; *p; p++)
            h = (h ^ *p) * 1099511628211ull;
        snprintf(value + AGREE_VALUE_MAX - 40, 41, "... (hash %016llx)", (unsigned long long)h);
    }
    int n = snprintf(buf + used, AGREE_BYTES - used, "%s\t%s\n", name, value);
    if (n < 0 || (size_t)n >= AGREE_BYTES - used)
        fl_die(FL_EXIT_OPENCL, "the options' description is longer than %d bytes (chapter bug)",
               AGREE_BYTES);
    return used + (size_t)n;
}

/* This rank's options as lines, every value as it takes effect (a default spelled out
 * equals the default left out). */
static void describe_options(const struct fl_options *o, int natural,
                             const struct transport_want *x, char *buf)
{
    size_t u = 0;
    char size[96] = DEMO_SHAPE, shapes[256] = "default", wg[32] = "default";
    if (o->ndims) {
        size_t l = 0;
        for (int d = 0; d < o->ndims; d++)
            l += (size_t)snprintf(size + l, sizeof size - l, "%s%zu", d ? "x" : "", o->dims[d]);
    }
    if (o->wg)
        snprintf(wg, sizeof wg, "%zu", o->wg);
    if (o->nshapes)
        fl_shapes_text(o->shapes, o->nshapes, shapes, sizeof shapes);
    memset(buf, 0, AGREE_BYTES);
#define FLAG_VALUE(on, name) ((on) ? name : "no " name)
    u = describe(buf, u, "--help", "%s", FLAG_VALUE(o->help, "--help"));
    u = describe(buf, u, "--list-devices", "%s", FLAG_VALUE(o->list_devices, "--list-devices"));
    u = describe(buf, u, "--size", "%s", size);
    u = describe(buf, u, "--batch", "%zu", o->batch ? o->batch : 1);
    u = describe(buf, u, "--inverse", "%s", FLAG_VALUE(o->inverse, "--inverse"));
    u = describe(buf, u, "--precision", "%s", o->precision == FL_DOUBLE ? "double" : "single");
    u = describe(buf, u, "--natural", "%s", FLAG_VALUE(natural, "--natural"));
    u = describe(buf, u, "--chunks", "%d%s", x->chunks, x->chunks ? "" : " (automatic)");
    u = describe(buf, u, "--transport", "%s", transport_choice_name[x->transport]);
    u = describe(buf, u, "--shm-copy", "%s", shm_copy_name[x->copy]);
    u = describe(buf, u, "--copy-threads", "%d%s", x->threads, x->threads ? "" : " (automatic)");
    u = describe(buf, u, "--seed", "%llu", (unsigned long long)o->seed);
    u = describe(buf, u, "--variant", "%s", o->variant ? o->variant : variants[0].name);
    u = describe(buf, u, "--wg", "%s", wg);
    u = describe(buf, u, "--shapes", "%s", shapes);
    u = describe(buf, u, "--tune", "%s", FLAG_VALUE(o->tune, "--tune"));
    u = describe(buf, u, "--flush-l2", "%s", FLAG_VALUE(o->flush_l2, "--flush-l2"));
    u = describe(buf, u, "--no-verify", "%s", FLAG_VALUE(!o->verify, "--no-verify"));
    u = describe(buf, u, "--warmup", "%d", o->warmup);
    u = describe(buf, u, "--repeat", "%d%s", o->repeat, o->repeat < 0 ? " (automatic)" : "");
    char timeout[48] = "none";
    if (o->timeout_s > 0)   /* the shortest text that reads back as the same number */
        for (int digits = 1; digits <= 17; digits++) {
            snprintf(timeout, sizeof timeout, "%.*g", digits, o->timeout_s);
            if (strtod(timeout, NULL) == o->timeout_s)
                break;
        }
    u = describe(buf, u, "--timeout", "%s", timeout);
    u = describe(buf, u, "--format", "%s", o->format == FL_FORMAT_CSV ? "csv" :
                 o->format == FL_FORMAT_JSON ? "json" : "text");
    u = describe(buf, u, "--explain", "%s", FLAG_VALUE(o->explain, "--explain"));
    u = describe(buf, u, "--input", "%s", o->input ? o->input : "none");
    u = describe(buf, u, "--output", "%s", o->output ? o->output : "none");
#undef FLAG_VALUE
    (void)u;
}

/* Line I of BLOCK (without its newline) into OUT; returns 0 when there is no line I. */
static int line_of(const char *block, int i, char *out, size_t len)
{
    const char *p = block;
    for (; i > 0 && *p; i--) {
        p = strchr(p, '\n');
        if (!p)
            return 0;
        p++;
    }
    if (!*p)
        return 0;
    size_t n = strcspn(p, "\n");
    snprintf(out, len, "%.*s", (int)n, p);
    return 1;
}

/* Every rank's options against rank 0's; a difference ends every rank (exit 2). */
static void agree_options(const struct fl_options *o, int natural,
                          const struct transport_want *x)
{
    char mine[AGREE_BYTES], err[1024] = "";
    describe_options(o, natural, x, mine);
    char *all = malloc((size_t)nranks * AGREE_BYTES);
    if (!all)
        fl_die(FL_EXIT_OPENCL, "out of host memory comparing the ranks' options");
    MPI_Allgather(mine, AGREE_BYTES, MPI_CHAR, all, AGREE_BYTES, MPI_CHAR, MPI_COMM_WORLD);
    /* every rank walks the same blocks, so every rank reaches the same verdict: the first
     * option (in the list's order) on which a rank differs from rank 0, and the first such
     * rank */
    int rc = 0;
    for (int i = 0; !rc; i++) {
        char first[AGREE_BYTES], other[AGREE_BYTES];
        int more = line_of(all, i, first, sizeof first);
        for (int r = 1; r < nranks && !rc; r++) {
            int has = line_of(all + (size_t)r * AGREE_BYTES, i, other, sizeof other);
            if (has == more && (!more || strcmp(first, other) == 0))
                continue;
            rc = FL_EXIT_USAGE;
            size_t name0 = more ? strcspn(first, "\t") : 0, name1 = has ? strcspn(other, "\t") : 0;
            if (!has || !more || name0 != name1 || strncmp(first, other, name0) != 0 ||
                !first[name0] || !other[name1])
                snprintf(err, sizeof err, "ranks disagree on their options: rank %d runs a "
                         "different build of 10_distributed than rank 0", r);
            else
                snprintf(err, sizeof err, "ranks disagree on %.*s: rank 0 has %s, rank %d has %s "
                         "(every rank must get the same options; only --device, --kernels and "
                         "--exercise may differ)", (int)name0, first, first + name0 + 1, r,
                         other + name1 + 1);
        }
        if (!more)
            break;
    }
    free(all);
    agree(rc, err);
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
            fl_set_status_stream_stderr(1);
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
    agree(rc, err);
    /* before anything else collective: the ranks agree or stop */
    agree_options(&c->o, c->natural, &c->xport);
    report_format = c->o.format;
    fl_set_status_stream_stderr(report_format != FL_FORMAT_TEXT);
    if (c->o.help || c->o.list_devices) {
        int ok = 1;
        if (rank == 0) {
            if (c->o.help)
                print_help(argv[0]);
            else
                ok = fl_list_devices(stdout) > 0;
        }
        MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
        finish(ok ? FL_EXIT_OK : FL_EXIT_OPENCL);
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
    agree(rc, err);
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
    agree(rc, err);
    if (c->o.ndims) {
        c->ndims = c->o.ndims;
        memcpy(c->dims, c->o.dims, sizeof c->dims);
    } else if (fl_parse_size(DEMO_SHAPE, c->dims, &c->ndims, err, sizeof err) != 0) {
        fl_die(FL_EXIT_OPENCL, "demo shape: %s (chapter bug)", err);
    }
}
