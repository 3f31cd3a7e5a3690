/* Ranks that agree on their options. Open MPI's "A : B" form gives each rank its own
 * command line. Every option that shapes the problem, the collectives or what rank 0
 * prints must be the same on every rank: a different --size or --batch makes the ranks'
 * buffers and MPI message counts disagree (a crash or a hang), --precision changes the MPI
 * datatype (an abort), --inverse or --seed make the ranks compute parts of different
 * transforms (a wrong result blamed on the chapter), and --explain, --repeat, --warmup,
 * --no-verify, --format, --help or --list-devices change which collectives a rank makes.
 * So right after parsing, before any other collective, every rank describes its options
 * as "name<TAB>value" lines in a fixed-size block, MPI_Allgather gives every rank every
 * block, and the first option on which any rank differs from rank 0 ends the run on every
 * rank with exit 2, naming it.
 *
 * Exempt, on purpose (they may differ per rank):
 *   --device (and FFTLAB_DEVICE): each rank picks its own device; that is the point.
 *   --kernels, --exercise: which kernel source a rank builds. The host side (shapes,
 *     buffers, plans, collectives) does not depend on it, so a different file cannot make
 *     the ranks disagree about the problem: a wrong kernel on one rank gives that rank's
 *     values wrong (exit 1, named by its share), a build error or a missing file ends the
 *     job through fl_die (MPI_Abort), a kernel that never ends meets --timeout. The tests
 *     plant bugs on one rank this way. */
#include "ranks.h"

#include "../clerr.h"
#include "../device.h"
#include "../exitcodes.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char fl_mpi_help_run[] =
    "Run it under MPI, one rank per device: tools/mpirun.sh -n P %s --size 1024x1024\n"
    "(plain mpirun works too; tools/mpirun.sh adds --oversubscribe, --bind-to none and,\n"
    "as root, --allow-run-as-root).";
const char fl_mpi_help_devices[] =
    "Devices: rank d (counted on its node) takes device d mod count among the GPUs (else\n"
    "the CPU devices), or among those --device/FFTLAB_DEVICE matches.";
const char fl_mpi_help_agree[] =
    "Every rank must get the same options (Open MPI's A : B form can give them\n"
    "different ones: that is exit 2, naming the option); only --device, --kernels and\n"
    "--exercise may differ.";

void fl_mpi_early_format(int argc, char **argv, const char *chapter)
{
    for (int i = 1; i < argc; i++) {
        const char *f = strcmp(argv[i], "--format") == 0 && i + 1 < argc ? argv[i + 1]
                      : strncmp(argv[i], "--format=", 9) == 0 ? argv[i] + 9 : NULL;
        if (f && (strcmp(f, "csv") == 0 || strcmp(f, "json") == 0))
            fl_mpi_set_format(f[0] == 'c' ? FL_FORMAT_CSV : FL_FORMAT_JSON, chapter);
    }
}

void fl_mpi_help_or_list(const struct fl_options *o, void (*help)(const char *prog),
                         const char *prog)
{
    int rank, ok = 1;
    if (!o->help && !o->list_devices)
        return;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0 && o->help)
        help(prog);
    else if (rank == 0)
        ok = fl_list_devices(stdout) > 0;
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    fl_mpi_finish(ok ? FL_EXIT_OK : FL_EXIT_OPENCL);
}

#define AGREE_VALUE_MAX 120     /* longer values are shown cut, with a hash of the whole */

size_t fl_mpi_describe(char *buf, size_t used, const char *name, const char *fmt, ...)
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
    int n = snprintf(buf + used, FL_MPI_AGREE_BYTES - used, "%s\t%s\n", name, value);
    if (n < 0 || (size_t)n >= FL_MPI_AGREE_BYTES - used)
        fl_die(FL_EXIT_OPENCL, "the options' description is longer than %d bytes (program bug)",
               FL_MPI_AGREE_BYTES);
    return used + (size_t)n;
}

void fl_mpi_describe_options(const struct fl_options *o, const char *demo_size,
                             const char *variant0, char *buf,
                             size_t (*extra)(char *buf, size_t used, const void *arg),
                             const void *arg)
{
    size_t u = 0;
    char size[96], shapes[256] = "default", wg[32] = "default";
    snprintf(size, sizeof size, "%s", demo_size);
    if (o->ndims)
        fl_size_text(o->dims, o->ndims, size, sizeof size);
    if (o->wg)
        snprintf(wg, sizeof wg, "%zu", o->wg);
    if (o->nshapes)
        fl_shapes_text(o->shapes, o->nshapes, shapes, sizeof shapes);
    memset(buf, 0, FL_MPI_AGREE_BYTES);
#define FLAG_VALUE(on, name) ((on) ? name : "no " name)
    u = fl_mpi_describe(buf, u, "--help", "%s", FLAG_VALUE(o->help, "--help"));
    u = fl_mpi_describe(buf, u, "--list-devices", "%s",
                        FLAG_VALUE(o->list_devices, "--list-devices"));
    u = fl_mpi_describe(buf, u, "--size", "%s", size);
    u = fl_mpi_describe(buf, u, "--batch", "%zu", o->batch ? o->batch : 1);
    u = fl_mpi_describe(buf, u, "--inverse", "%s", FLAG_VALUE(o->inverse, "--inverse"));
    u = fl_mpi_describe(buf, u, "--precision", "%s",
                        o->precision == FL_DOUBLE ? "double" : "single");
    if (extra)
        u = extra(buf, u, arg);
    u = fl_mpi_describe(buf, u, "--seed", "%llu", (unsigned long long)o->seed);
    u = fl_mpi_describe(buf, u, "--variant", "%s", o->variant ? o->variant : variant0);
    u = fl_mpi_describe(buf, u, "--wg", "%s", wg);
    u = fl_mpi_describe(buf, u, "--shapes", "%s", shapes);
    u = fl_mpi_describe(buf, u, "--tune", "%s", FLAG_VALUE(o->tune, "--tune"));
    u = fl_mpi_describe(buf, u, "--flush-l2", "%s", FLAG_VALUE(o->flush_l2, "--flush-l2"));
    u = fl_mpi_describe(buf, u, "--no-verify", "%s", FLAG_VALUE(!o->verify, "--no-verify"));
    u = fl_mpi_describe(buf, u, "--warmup", "%d", o->warmup);
    u = fl_mpi_describe(buf, u, "--repeat", "%d%s", o->repeat,
                        o->repeat < 0 ? " (automatic)" : "");
    char timeout[48] = "none";
    if (o->timeout_s > 0)   /* the shortest text that reads back as the same number */
        for (int digits = 1; digits <= 17; digits++) {
            snprintf(timeout, sizeof timeout, "%.*g", digits, o->timeout_s);
            if (strtod(timeout, NULL) == o->timeout_s)
                break;
        }
    u = fl_mpi_describe(buf, u, "--timeout", "%s", timeout);
    u = fl_mpi_describe(buf, u, "--format", "%s", o->format == FL_FORMAT_CSV ? "csv" :
                        o->format == FL_FORMAT_JSON ? "json" : "text");
    u = fl_mpi_describe(buf, u, "--explain", "%s", FLAG_VALUE(o->explain, "--explain"));
    u = fl_mpi_describe(buf, u, "--input", "%s", o->input ? o->input : "none");
    u = fl_mpi_describe(buf, u, "--output", "%s", o->output ? o->output : "none");
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

void fl_mpi_agree_options(const char *mine, const char *program)
{
    int nranks;
    char err[1024] = "";
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    char *all = malloc((size_t)nranks * FL_MPI_AGREE_BYTES);
    if (!all)
        fl_die(FL_EXIT_OPENCL, "out of host memory comparing the ranks' options");
    MPI_Allgather(mine, FL_MPI_AGREE_BYTES, MPI_CHAR, all, FL_MPI_AGREE_BYTES, MPI_CHAR,
                  MPI_COMM_WORLD);
    /* every rank walks the same blocks, so every rank reaches the same verdict: the first
     * option (in the list's order) on which a rank differs from rank 0, and the first such
     * rank */
    int rc = 0;
    for (int i = 0; !rc; i++) {
        char first[FL_MPI_AGREE_BYTES], other[FL_MPI_AGREE_BYTES];
        int more = line_of(all, i, first, sizeof first);
        for (int r = 1; r < nranks && !rc; r++) {
            int has = line_of(all + (size_t)r * FL_MPI_AGREE_BYTES, i, other, sizeof other);
            if (has == more && (!more || strcmp(first, other) == 0))
                continue;
            rc = FL_EXIT_USAGE;
            size_t name0 = more ? strcspn(first, "\t") : 0, name1 = has ? strcspn(other, "\t") : 0;
            if (!has || !more || name0 != name1 || strncmp(first, other, name0) != 0 ||
                !first[name0] || !other[name1])
                snprintf(err, sizeof err, "ranks disagree on their options: rank %d runs a "
                         "different build of %s than rank 0", r, program);
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
    fl_mpi_agree(rc, err);
}
