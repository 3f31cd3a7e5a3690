/* 10_distributed — a 2-D or 3-D FFT over several MPI ranks: slabs, local passes, one
 * all-to-all transpose, the last axis; checked against FFTW-MPI on the same slabs.
 *
 * What changed since 07_multidim: 07 transforms an array on one device. Here the array is
 * cut into P slabs, one per MPI process (rank), each on its own OpenCL device: rank r owns
 * the rows [r*Ny/P, (r+1)*Ny/P) of Ny x Nx (of the planes of Nz, in 3-D), as FFTW-MPI lays
 * data out. Every axis inside a slab is transformed locally with 07's passes (planned by
 * common/axis_plan.c, as in 07); the outermost axis is spread over all the ranks, so the
 * data are transposed globally first: each rank packs its slab into P blocks on the device
 * (kernels/10_distributed.cl), the blocks go through host memory and MPI_Alltoall (block
 * d to rank d), and each rank unpacks what arrived into a slab of the next axis — now
 * holding the outermost axis whole, which it transforms. The result stays in that
 * transposed layout (FFTW_MPI_TRANSPOSED_OUT: rank r owns x [r*Nx/P, ...) of y[x][y]), or
 * with --natural goes back to the input's layout (a second all-to-all).
 *
 * Build and run (Open MPI: make deps installs it; tools/mpirun.sh adds --oversubscribe,
 * --allow-run-as-root when you are root, and --bind-to none):
 *   make 10_distributed
 *   tools/mpirun.sh -n 2 ./build/10_distributed --size 1024x1024
 *   tools/mpirun.sh -n 2 ./build/10_distributed --size 64x48 --explain --repeat 0
 *   tools/mpirun.sh -n 2 ./build/10_distributed --size 256x256x256 --natural
 *   tools/mpirun.sh -n 4 ./build/10_distributed --size 512x512 --batch 4 --inverse --precision double
 *   FFTLAB_DEVICE=nvidia mpirun -n 2 ./build/10_distributed --size 4096x4096   (a GPU per rank)
 * Kernels: kernels/10_distributed.cl (pack, unpack; --kernels replaces this one), and 07's
 * kernels/07_multidim.cl, 06_passes.cl, 05_register_radix.cl, 06_mixed_radix.cl for the
 * local passes. Lesson: README.md here; distributed.h says what the other files of this
 * folder do. */
#define _POSIX_C_SOURCE 200809L
#include "distributed.h"

#include "../../common/program.h"
#include "../../common/report.h"
#include "../../common/timing.h"

#include <fftw3-mpi.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#define CHAPTER "10_distributed"
#define TITLE "slabs over MPI ranks: local passes, an all-to-all transpose, the last axis"
#define DEMO_SHAPE "1024x1024"
#define DEFAULT_WG 256              /* work-items per group the planner may use (07's)     */
#define GATHER_LIMIT ((size_t)1 << 22) /* values of the batch rank 0 gathers for serial FFTW */
#define MAX_CHECKS 7

static const char *const variants[][2] = {
    {"slab", "the chapter's pack and unpack (default)"},
    {"exchange_map", "the same with your pack_source / unpack_source (exercise: --kernels "
     "exercises/10_distributed/exchange_map.cl)"},
};

static int rank, nranks;
static enum fl_format format = FL_FORMAT_TEXT;
static char die_prefix[48];

/* ---------------------------------------------------------------- make SANITIZE=1 */

#if defined(__SANITIZE_ADDRESS__)
/* LeakSanitizer: what Open MPI and the libraries it loads keep until exit is theirs (as
 * tests/lsan.supp says of the OpenCL runtime). Their stacks only reach Open MPI's frames
 * when unwound fully: its libraries are built without frame pointers. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_options(void);
const char *__asan_default_options(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libmpi.so\nleak:libopen-rte.so\nleak:libopen-pal.so\nleak:libevent\n"
           "leak:libpmix\nleak:libhwloc\nleak:_dl_init\n";
}
const char *__asan_default_options(void) { return "fast_unwind_on_malloc=0"; }
/* (and no table of the suppressions used at exit: stderr ends with the verdict) */
const char *__lsan_default_options(void) { return "print_suppressions=0"; }
#endif

/* ---------------------------------------------------------------- ending every rank */

static void finish(int code)
{
    fflush(stdout);
    fflush(stderr);
    reference_mpi_cleanup();
    fftw_mpi_cleanup();
    MPI_Finalize();
    exit(code);
}

/* fl_die's hook: the message is printed; take every rank down with this exit code
 * (one rank exiting alone would leave the others waiting in a collective forever). */
static void abort_all(int code)
{
    fflush(stdout);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, code);
}

static FILE *status_stream(void) { return format == FL_FORMAT_TEXT ? stdout : stderr; }

/* A failure every rank checks at the same point (bad options, a size P does not divide,
 * no device): each rank passes its own CODE (0 = fine) and message. If any failed, rank 0
 * prints the lowest failing rank's message once, naming the rank unless all of them
 * failed, and every rank exits with the worst code — no rank is left waiting. */
static void agree(int code, const char *msg)
{
    int worst, failed = code != 0, nfailed, first, cand = code ? rank : nranks;
    MPI_Allreduce(&code, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!worst)
        return;
    MPI_Allreduce(&failed, &nfailed, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&cand, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    char text[2048] = "";
    if (rank == first)
        snprintf(text, sizeof text, "%s", msg);
    MPI_Bcast(text, sizeof text, MPI_CHAR, first, MPI_COMM_WORLD);
    if (rank == 0) {
        char who[96] = "";
        if (nfailed < nranks)
            snprintf(who, sizeof who, "rank %d of %d: ", first, nranks);
        const char *kind = worst == FL_EXIT_USAGE ? "usage" : worst == FL_EXIT_OPENCL ? "opencl" : "error";
        fflush(stdout);
        fprintf(stderr, "error: %s%s\n", who, text);
        fprintf(status_stream(), "FAIL (%s, exit %d): %s%s%s\n", kind, worst, who, text,
                nfailed < nranks ? " (the other ranks stopped too)" : "");
    }
    finish(worst);
}

/* Rank 0 prints every rank's TEXT (any number of lines), in rank order. Collective. */
static void print_ranks(FILE *stream, const char *text)
{
    int len = (int)strlen(text), *lens = NULL, *offs = NULL, total = 0;
    char *all = NULL;
    if (rank == 0) {
        lens = calloc((size_t)nranks, sizeof *lens);
        offs = calloc((size_t)nranks, sizeof *offs);
    }
    MPI_Gather(&len, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int i = 0; i < nranks; i++) {
            offs[i] = total;
            total += lens[i];
        }
        all = malloc((size_t)total + 1);
        if (!lens || !offs || !all)
            fl_die(FL_EXIT_OPENCL, "out of host memory gathering the ranks' reports");
    }
    MPI_Gatherv(text, len, MPI_CHAR, all, lens, offs, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        all[total] = '\0';
        fputs(all, stream);
        fflush(stream);
        free(all);
        free(lens);
        free(offs);
    }
}

/* ---------------------------------------------------------------- watchdog */

/* The messages are made before the alarm can fire: the handler only writes and exits (a
 * rank that exits alone makes mpirun stop the others). */
static char watchdog_msg[256], watchdog_status[160];

static void watchdog_fired(int sig)
{
    (void)sig;
    ssize_t ignored = write(STDERR_FILENO, watchdog_msg, strlen(watchdog_msg));
    ignored = write(format == FL_FORMAT_TEXT ? STDOUT_FILENO : STDERR_FILENO, watchdog_status,
                    strlen(watchdog_status));
    (void)ignored;
    _exit(FL_EXIT_OPENCL);
}

static void watchdog_start(double seconds)
{
    if (seconds <= 0)
        return;
    snprintf(watchdog_msg, sizeof watchdog_msg, "error: %sno result before the --timeout: a kernel "
             "is probably stuck (or the size is too big for the time allowed); this rank exits, "
             "and mpirun stops the others\n", die_prefix);
    snprintf(watchdog_status, sizeof watchdog_status, "FAIL (opencl, exit 3): %stimed out "
             "(--timeout)\n", die_prefix);
    signal(SIGALRM, watchdog_fired);
    struct itimerval t = {{0, 0}, {(time_t)seconds, (suseconds_t)((seconds - floor(seconds)) * 1e6)}};
    setitimer(ITIMER_REAL, &t, NULL);
}

/* ---------------------------------------------------------------- devices */

/* Which device this rank opens: among the devices SPEC matches (P:D, or part of a platform
 * or device name; without SPEC the GPUs, else the CPU devices), number LOCAL_RANK mod their
 * count — LOCAL_RANK counting the ranks on this node, so every node's first rank takes its
 * first device. Writes "P:D" into PICK and how it was chosen into HOW. Returns 0, or an
 * exit code with WHY (2: nothing matches SPEC, 3: no OpenCL platform). */
static int choose_device(const char *spec, int local_rank, int local_size, char *pick, size_t plen,
                         char *how, size_t hlen, char *why, size_t wlen)
{
    cl_platform_id plats[16];
    cl_uint np = 0;
    cl_int err = clGetPlatformIDs(16, plats, &np);
    if (err == -1001 || (err == CL_SUCCESS && np == 0)) {
        snprintf(why, wlen, "no OpenCL platform found. Install one: 'sudo apt-get install "
                 "pocl-opencl-icd' for the CPU device (or run 'make deps'); check "
                 "OCL_ICD_VENDORS and /etc/OpenCL/vendors");
        return FL_EXIT_OPENCL;
    }
    if (err != CL_SUCCESS) {
        snprintf(why, wlen, "clGetPlatformIDs returned %s", fl_cl_error_name(err));
        return FL_EXIT_OPENCL;
    }
    if (np > 16)
        np = 16;
    unsigned match[3][64][2], count[3] = {0, 0, 0}; /* by SPEC; GPUs; CPUs */
    char list[1024] = "";
    int ll = 0;
    for (cl_uint p = 0; p < np; p++) {
        char pname[256] = "";
        clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof pname, pname, NULL);
        cl_device_id devs[64];
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 64, devs, &nd) != CL_SUCCESS)
            nd = 0;
        for (cl_uint d = 0; d < nd && d < 64; d++) {
            char name[256] = "", idx[32];
            cl_device_type type = 0;
            clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof name, name, NULL);
            clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL);
            snprintf(idx, sizeof idx, "%u:%u", p, d);
            if (ll < (int)sizeof list - 1)
                ll += snprintf(list + ll, sizeof list - (size_t)ll, "%s%s %s", ll ? ", " : "", idx, name);
            int kind = spec ? 0 : (type & CL_DEVICE_TYPE_GPU) ? 1 : (type & CL_DEVICE_TYPE_CPU) ? 2 : -1;
            if (spec && !(strcmp(spec, idx) == 0 || fl_contains_nocase(pname, spec) || fl_contains_nocase(name, spec)))
                kind = -1;
            if (kind >= 0 && count[kind] < 64) {
                match[kind][count[kind]][0] = p;
                match[kind][count[kind]][1] = d;
                count[kind]++;
            }
        }
    }
    int kind = spec ? 0 : count[1] ? 1 : 2;
    if (count[kind] == 0) {
        if (spec)
            snprintf(why, wlen, "no OpenCL device matches '%s' (FFTLAB_DEVICE or --device: P:D "
                     "or part of a platform/device name); there are: %s", spec, ll ? list : "none");
        else
            snprintf(why, wlen, "no GPU or CPU OpenCL device found (devices: %s)", ll ? list : "none");
        return spec ? FL_EXIT_USAGE : FL_EXIT_OPENCL;
    }
    unsigned i = (unsigned)local_rank % count[kind];
    snprintf(pick, plen, "%u:%u", match[kind][i][0], match[kind][i][1]);
    snprintf(how, hlen, "node rank %d of %d -> %s %u of %u%s%s%s", local_rank, local_size,
             kind == 1 ? "GPU" : kind == 2 ? "CPU device" : "device", i, count[kind],
             spec ? " matching '" : "", spec ? spec : "", spec ? "'" : "");
    if ((unsigned)local_size > count[kind])
        snprintf(how + strlen(how), hlen - strlen(how), "; %d ranks share it",
                 (local_size - (int)i + (int)count[kind] - 1) / (int)count[kind]);
    return 0;
}

/* ---------------------------------------------------------------- checks */

struct checks {
    struct fl_check chk[MAX_CHECKS];
    double share_l2[MAX_CHECKS], share_max[MAX_CHECKS];
    int n;
    int rank_ok;                /* this rank's shares all within the bounds              */
    int worst;                  /* the check where this rank's share is largest (rel L2)  */
};

struct ctx {
    struct fl_options o;
    const char *variant;
    int natural;
    struct slab s;
    struct fl_device dev;
    struct runner run;
    struct pipeline main, back;
    enum layout out;
    size_t elem;
    struct fl_bounds bound;
    char kernel_file[4096];
};

/* "array 1, (y, x) = (12, 5)" for index G of the whole batch (natural order). */
static char *where(const struct slab *s, size_t g, char *buf, size_t len)
{
    char at[64];
    snprintf(buf, len, "array %zu, (%s) = %s", g / s->n, s->ndims == 3 ? "z, y, x" : "y, x",
             fl_format_index(at, sizeof at, g % s->n, s->dims, s->ndims));
    return buf;
}

/* Up to LIMIT of this rank's values where OUT and REF differ by more than TOL * max|REF|
 * (NaN included), as lines of TEXT. */
static void mismatches(const struct ctx *c, enum layout l, const double *out, const double *ref,
                       double tol, int limit, char *text, size_t len)
{
    double rmax = 0;
    size_t tl = strlen(text);
    for (size_t i = 0; i < c->s.count; i++)
        rmax = fmax(rmax, hypot(ref[2 * i], ref[2 * i + 1]));
    MPI_Allreduce(MPI_IN_PLACE, &rmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    for (size_t i = 0; i < c->s.count && limit > 0 && tl < len; i++) {
        double d = hypot(out[2 * i] - ref[2 * i], out[2 * i + 1] - ref[2 * i + 1]);
        if (!(d <= tol * rmax)) {
            size_t b, flat = slab_global_index(&c->s, c->s.rank, l, i, &b);
            char w[96];
            tl += (size_t)snprintf(text + tl, len - tl, "           rank %d: %s: got (%.6g, %.6g), "
                                   "expected (%.6g, %.6g)\n", rank, where(&c->s, b * c->s.n + flat,
                                   w, sizeof w), out[2 * i], out[2 * i + 1], ref[2 * i], ref[2 * i + 1]);
            limit--;
        }
    }
}

/* Judge one run: OUT against REF, both this rank's values in layout L; GUARD is this rank's
 * guard damage (NULL: none). Prints the check's line (rank 0) and, when it fails, every
 * rank's share and its first mismatches. Collective. */
static struct fl_check *judge(struct ctx *c, struct checks *k, const char *name, enum layout l,
                              const double *out, const double *ref, double scale, const char *guard)
{
    struct dist_error e;
    dist_compare(&c->s, l, out, ref, &e);
    int i = k->n++;
    struct fl_check *chk = &k->chk[i];
    memset(chk, 0, sizeof *chk);
    snprintf(chk->name, sizeof chk->name, "%s", name);
    chk->err = e.all;
    chk->bound.l2 = c->bound.l2 * scale;
    chk->bound.max = c->bound.max * scale;
    chk->ok = e.all.rel_l2 <= chk->bound.l2 && e.all.rel_max <= chk->bound.max;
    k->share_l2[i] = e.share_l2;
    k->share_max[i] = e.share_max;
    int mine_ok = e.share_l2 <= chk->bound.l2 && e.share_max <= chk->bound.max && !guard;
    if (!mine_ok)
        k->rank_ok = 0;
    if (k->worst < 0 || !(e.share_l2 / chk->bound.l2 <= k->share_l2[k->worst] / k->chk[k->worst].bound.l2))
        k->worst = i;
    /* a guard zone written on any rank fails the check, naming the first such rank */
    int bad = guard ? rank : nranks, first_bad;
    MPI_Allreduce(&bad, &first_bad, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    char gname[16] = "";
    if (rank == first_bad)
        snprintf(gname, sizeof gname, "%s", guard);
    if (first_bad < nranks)
        MPI_Bcast(gname, sizeof gname, MPI_CHAR, first_bad, MPI_COMM_WORLD);
    char w[96];
    if (first_bad < nranks) {
        chk->ok = 0;
        snprintf(chk->detail, sizeof chk->detail, "rank %d: a kernel wrote past the end of "
                 "buffer %s (out-of-bounds index)", first_bad, gname);
    } else if (e.all.nonfinite) {
        snprintf(chk->detail, sizeof chk->detail, "%zu of %zu outputs never written (NaN) on %d "
                 "rank%s, first at %s", e.all.nonfinite, c->s.count * (size_t)nranks,
                 e.nonfinite_ranks, e.nonfinite_ranks == 1 ? "" : "s",
                 where(&c->s, e.all.first_nonfinite, w, sizeof w));
    } else if (!chk->ok) {
        snprintf(chk->detail, sizeof chk->detail, "largest error on rank %d, at %s", e.worst_rank,
                 where(&c->s, e.all.worst, w, sizeof w));
    }
    if (rank == 0)
        fl_report_check(format, chk);
    if (!chk->ok) {
        char text[2048];
        snprintf(text, sizeof text, "         rank %d: its share: rel L2 %.2e, rel max %.2e%s%s\n",
                 rank, e.share_l2, e.share_max, e.nonfinite ? ", NaN outputs" : "",
                 mine_ok ? " (within the bounds)" : "");
        if (!mine_ok)
            mismatches(c, l, out, ref, chk->bound.max, 3, text, sizeof text);
        else
            mismatches(c, l, out, ref, chk->bound.max, 0, text, sizeof text);
        print_ranks(format == FL_FORMAT_TEXT ? stdout : stderr, text);
    }
    return chk;
}

/* One verified call of pipeline P on X (this rank's values in P's input layout) into OUT;
 * returns this rank's guard damage. */
static const char *verified_call(struct ctx *c, struct pipeline *p, const double *x, double *out)
{
    runner_upload(&c->run, x);
    runner_call(&c->run, p, 1, NULL);
    runner_download(&c->run, p->result, out);
    return runner_guard_damage(&c->run);
}

static void verify(struct ctx *c, double *x0, double *out0, struct checks *k)
{
    const struct slab *s = &c->s;
    int sign = c->main.sign, round = c->o.precision == FL_SINGLE, nd = s->ndims;
    double *ref = malloc(s->count * 16), *x = malloc(s->count * 16), *out = malloc(s->count * 16);
    if (!ref || !x || !out)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the verification");
    k->rank_ok = 1;
    k->worst = -1;

    /* 1. seeded random input: FFTW-MPI on the same slabs; then, for small sizes, the whole
     * batch on rank 0 against serial FFTW (which also proves the slabs and the layout are
     * where FFTW-MPI's manual says they are) */
    input_fill(s, INPUT_RANDOM, c->o.seed, 0, NULL, sign, round, x0);
    reference_mpi(s, x0, ref, sign, c->out);
    const char *guard = verified_call(c, &c->main, x0, out0);
    judge(c, k, "random", c->out, out0, ref, 1.0, guard);

    size_t total = s->count * (size_t)nranks;
    if (total <= GATHER_LIMIT) {
        double *in_all = gather_natural(s, x0, LAYOUT_NATURAL);
        double *out_all = gather_natural(s, out0, c->out);
        if (rank == 0) {
            struct fl_check *chk = &k->chk[k->n++];
            memset(chk, 0, sizeof *chk);
            snprintf(chk->name, sizeof chk->name, "serial");
            chk->bound = c->bound;
            double *sref = malloc(total * 16), *want = malloc(total * 16);
            if (!sref || !want || fl_reference_dft_nd(in_all, sref, s->dims, nd, s->batch, sign) != 0)
                fl_die(FL_EXIT_OPENCL, "FFTW could not plan the serial reference (out of memory?)");
            fl_compare(out_all, sref, total, &chk->err);
            chk->ok = chk->err.rel_l2 <= chk->bound.l2 && chk->err.rel_max <= chk->bound.max;
            /* the ranks' parts of the input must be the numbers one process would draw */
            fl_fill_random(want, total, c->o.seed);
            if (round)
                fl_round_to_float(want, total);
            char w[96];
            if (memcmp(want, in_all, total * 16) != 0) {
                chk->ok = 0;
                snprintf(chk->detail, sizeof chk->detail, "the ranks' inputs are not "
                         "fl_fill_random's (chapter bug)");
            } else if (!chk->ok) {
                snprintf(chk->detail, sizeof chk->detail, "rank 0 gathered the whole batch: "
                         "largest error at %s", where(s, chk->err.worst, w, sizeof w));
            }
            k->share_l2[k->n - 1] = k->share_max[k->n - 1] = 0;
            fl_report_check(format, chk);
            if (!chk->ok)
                k->rank_ok = 0;
            free(sref);
            free(want);
            free(in_all);
            free(out_all);
        }
        MPI_Bcast(&k->n, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (rank != 0) { /* keep the check list the same length on every rank */
            memset(&k->chk[k->n - 1], 0, sizeof k->chk[0]);
            k->chk[k->n - 1].ok = 1;
            k->share_l2[k->n - 1] = k->share_max[k->n - 1] = 0;
        }
    } else if (rank == 0 && format == FL_FORMAT_TEXT) {
        printf("verify   serial       skipped: %zu values is more than the %zu rank 0 gathers "
               "(FFTW-MPI checked every slab above)\n", total, GATHER_LIMIT);
    }

    /* 2, 3. impulses at grid point 0 and at j_d = N_d/3 + 1 (array b: shifted by b) */
    size_t grid[2][3] = {{0, 0, 0}, {0, 0, 0}}, pos[2] = {0, 0};
    for (int d = 0; d < nd; d++) {
        grid[1][d] = s->dims[d] > 1 ? (s->dims[d] / 3 + 1) % s->dims[d] : 0;
        pos[1] = pos[1] * s->dims[d] + grid[1][d];
    }
    for (int i = 0; i < 2; i++) {
        char name[32];
        fl_check_name(name, sizeof name, "impulse", grid[i], nd);
        input_fill(s, INPUT_IMPULSE, 0, pos[i], NULL, sign, round, x);
        reference_mpi(s, x, ref, sign, c->out);
        guard = verified_call(c, &c->main, x, out);
        judge(c, k, name, c->out, out, ref, 1.0, guard);
    }

    /* 4. a tone at k_d = N_d/4 + 1: all its energy in one point (a flipped sign along an
     * axis puts it at N_d - k_d); the peak is looked for in the gathered array */
    size_t kk[3] = {0, 0, 0};
    for (int d = 0; d < nd; d++)
        kk[d] = s->dims[d] > 2 ? (s->dims[d] / 4 + 1) % s->dims[d] : s->dims[d] - 1;
    {
        char name[32];
        fl_check_name(name, sizeof name, "tone", kk, nd);
        input_fill(s, INPUT_TONE, 0, 0, kk, sign, round, x);
        reference_mpi(s, x, ref, sign, c->out);
        guard = verified_call(c, &c->main, x, out);
        struct fl_check *chk = judge(c, k, name, c->out, out, ref, 1.0, guard);
        if (total <= GATHER_LIMIT) {
            double *out_all = gather_natural(s, out, c->out);
            if (rank == 0) {
                struct fl_check peak = *chk;
                fl_check_tone_peak_nd(&peak, out_all, s->dims, nd, s->batch, kk);
                if (chk->ok && !peak.ok && format == FL_FORMAT_TEXT)
                    printf("         %s\n", peak.detail);
                *chk = peak;
                free(out_all);
            }
            MPI_Bcast(&chk->ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
        }
    }

    /* 5. round trip: the other direction, from this one's output layout back to natural,
     * undoes it up to the factor N (a transposed output comes back like FFTW's
     * FFTW_MPI_TRANSPOSED_IN plan: last axis first, the exchange back, then the slab) */
    guard = verified_call(c, &c->back, out0, out);
    for (size_t i = 0; i < 2 * s->count; i++)
        out[i] /= (double)s->n;
    judge(c, k, "roundtrip", LAYOUT_NATURAL, out, x0, 2.0, guard);

    free(ref);
    free(x);
    free(out);
}

/* ---------------------------------------------------------------- timing */

struct timing {
    int runs, warmup;
    struct fl_stats total;          /* per call: the slowest rank's wall time              */
    double phase_max[PH_COUNT];     /* each phase: every rank's median, the largest ...    */
    double phase_min[PH_COUNT];     /* ... and the smallest                                */
    int phase_max_rank[PH_COUNT];
    double phase_sum;               /* the sum of phase_max                                */
};

static void time_calls(struct ctx *c, const double *x0, struct timing *t)
{
    memset(t, 0, sizeof *t);
    int runs = c->o.repeat, total = 0;
    double *tmax = NULL, *ph = NULL;
    t->warmup = c->o.warmup;
    for (int done = 0, timed = 0;; done++) {
        double phases[PH_COUNT];
        runner_upload(&c->run, x0);
        MPI_Barrier(MPI_COMM_WORLD);
        double ms = runner_call(&c->run, &c->main, 0, phases), slowest;
        MPI_Allreduce(&ms, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        if (done < c->o.warmup)
            continue;
        if (!tmax) {
            /* enough calls to fill ~0.2 s, at least 5 (3 for slow ones), at most 1000: the
             * same number on every rank, from the slowest rank's first call */
            if (runs < 0) {
                double want = 200.0 / (slowest > 1e-6 ? slowest : 1e-6);
                runs = want > 1000 ? 1000 : want < 5 ? (slowest > 1000 ? 3 : 5) : (int)ceil(want);
            }
            total = runs;
            tmax = malloc((size_t)total * sizeof *tmax);
            ph = malloc((size_t)total * PH_COUNT * sizeof *ph);
            if (!tmax || !ph)
                fl_die(FL_EXIT_OPENCL, "out of host memory for the timings");
        }
        tmax[timed] = slowest;
        memcpy(ph + (size_t)timed * PH_COUNT, phases, sizeof phases);
        if (++timed == total)
            break;
    }
    t->runs = total;
    t->total = fl_stats_of(tmax, total);
    /* per phase: this rank's median, then the largest and smallest over the ranks */
    double *col = malloc((size_t)total * sizeof *col);
    for (int p = 0; p < PH_COUNT; p++) {
        for (int i = 0; i < total; i++)
            col[i] = ph[(size_t)i * PH_COUNT + p];
        struct fl_stats st = fl_stats_of(col, total);
        struct { double v; int r; } mine = {st.median, rank}, hi;
        MPI_Allreduce(&mine, &hi, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
        MPI_Allreduce(&st.median, &t->phase_min[p], 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
        t->phase_max[p] = hi.v;
        t->phase_max_rank[p] = hi.r;
        t->phase_sum += hi.v;
    }
    free(col);
    free(tmax);
    free(ph);
}

/* ---------------------------------------------------------------- reporting */

/* Which step of the main pipeline a phase belongs to: its label, or NULL if the pipeline
 * has no such phase. */
static const char *phase_label(const struct pipeline *p, int ph, char *buf, size_t len)
{
    static const char *const sub[5] = {"pack (device)", "device -> host", "MPI_Alltoall",
                                       "host -> device", "unpack (device)"};
    int nlocal = 0, nexch = 0;
    for (int i = 0; i < p->nsteps; i++) {
        const struct step *st = &p->step[i];
        if (st->kind == STEP_LOCAL) {
            int my = nlocal++ ? PH_LOCAL2 : PH_LOCAL1;
            if (my == ph) {
                snprintf(buf, len, "%s", st->name);
                return buf;
            }
        } else {
            int base = nexch++ ? PH_PACK2 : PH_PACK;
            if (ph >= base && ph < base + 5) {
                snprintf(buf, len, "%s%s", sub[ph - base], st->back ? " (back)" : "");
                return buf;
            }
        }
    }
    return NULL;
}

static const char *phase_clock(int ph)
{
    switch (ph) {
    case PH_D2H: case PH_D2H2: return "host clock, blocking read of the send buffer";
    case PH_H2D: case PH_H2D2: return "host clock, blocking write of the receive buffer";
    case PH_ALLTOALL: case PH_ALLTOALL2: return "host clock; includes waiting for the slowest rank";
    default: return "device, profiling events";
    }
}

static void csv_text(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"') putchar('"');
        putchar(*s);
    }
    putchar('"');
}

/* One CSV row: the columns every chapter writes (common/report.h's fl_csv_header, filled
 * by name, so a column added there stays aligned: this chapter leaves it empty), then this
 * chapter's: ranks, layout, and each phase's time (the slowest rank's median, ms). */
static void report_csv(const struct ctx *c, const struct checks *k, const struct timing *t,
                       int timed, int passed)
{
    const struct fl_check *w = NULL;
    for (int i = 0; i < k->n; i++)
        if (!w || !(k->chk[i].err.rel_l2 / k->chk[i].bound.l2 <= w->err.rel_l2 / w->bound.l2))
            w = &k->chk[i];
    double secs = t->total.median * 1e-3, nlog = c->s.n > 1 ? log2((double)c->s.n) : 0;
    double flops = 5.0 * (double)c->s.n * nlog * (double)c->s.batch;
    double bytes = 2.0 * (double)c->s.n * (double)c->s.batch * (double)c->elem;
    char shape[64];
    int sl = 0;
    for (int d = 0; d < c->s.ndims; d++)
        sl += snprintf(shape + sl, sizeof shape - (size_t)sl, "%s%zu", d ? "x" : "", c->s.dims[d]);
    printf("%s,ranks,layout", fl_csv_header);
    for (int p = 0; p < PH_COUNT; p++)
        printf(",ph_%s_ms", phase_name[p]);
    printf(",ph_sum_ms\n");
    const char *h = fl_csv_header;
    int first = 1;
    while (*h) {
        char col[32];
        size_t n = strcspn(h, ",");
        snprintf(col, sizeof col, "%.*s", (int)(n < sizeof col ? n : sizeof col - 1), h);
        h += n + (h[n] == ',');
        if (!first)
            putchar(',');
        first = 0;
#define COL(name) (strcmp(col, name) == 0)
        if (COL("chapter")) csv_text(CHAPTER);
        else if (COL("variant")) csv_text(c->variant);
        else if (COL("device")) csv_text(c->dev.name);
        else if (COL("driver")) csv_text(c->dev.driver);
        else if (COL("n")) printf("%zu", c->s.n);
        else if (COL("batch")) printf("%zu", c->s.batch);
        else if (COL("direction")) printf("%s", c->main.sign < 0 ? "forward" : "inverse");
        else if (COL("precision")) printf("%s", c->o.precision == FL_DOUBLE ? "double" : "single");
        else if (COL("verified")) printf("%d", c->o.verify);
        else if (COL("l2_error") && w) printf("%.6g", w->err.rel_l2);
        else if (COL("max_error") && w) printf("%.6g", w->err.rel_max);
        else if (COL("l2_bound") && w) printf("%.3g", w->bound.l2);
        else if (COL("max_bound") && w) printf("%.3g", w->bound.max);
        else if (COL("ms_median") && timed) printf("%.6g", t->total.median);
        else if (COL("ms_min") && timed) printf("%.6g", t->total.min);
        else if (COL("ms_max") && timed) printf("%.6g", t->total.max);
        else if (COL("runs")) printf("%d", timed ? t->runs : 0);
        else if (COL("gflops") && timed) printf("%.6g", secs > 0 ? flops / secs / 1e9 : 0);
        else if (COL("gbs") && timed) printf("%.6g", secs > 0 ? bytes / secs / 1e9 : 0);
        else if (COL("h2d_ms") && timed) printf("%.6g", t->phase_max[PH_H2D] + t->phase_max[PH_H2D2]);
        else if (COL("d2h_ms") && timed) printf("%.6g", t->phase_max[PH_D2H] + t->phase_max[PH_D2H2]);
        else if (COL("verdict")) printf("%s", passed ? (c->o.verify ? "PASS" : "UNVERIFIED") : "FAIL");
        else if (COL("timing") && timed) csv_text("wall");
        else if (COL("launches") && timed) printf("%d", c->main.launches);
        else if (COL("shape")) printf("%s", shape);
#undef COL
    }
    printf(",%d,%s", nranks, c->out == LAYOUT_NATURAL ? "natural" : "transposed");
    for (int p = 0; p < PH_COUNT; p++) {
        char lab[64];
        if (timed && phase_label(&c->main, p, lab, sizeof lab))
            printf(",%.6g", t->phase_max[p]);
        else
            printf(",");
    }
    if (timed)
        printf(",%.6g\n", t->phase_sum);
    else
        printf(",\n");
    fflush(stdout);
}

static void report_text(const struct ctx *c, const struct timing *t)
{
    const struct slab *s = &c->s;
    printf("phases   ms per call: each rank's median over %d calls, then the slowest rank "
           "(and the fastest):\n", t->runs);
    for (int p = 0; p < PH_COUNT; p++) {
        char lab[64];
        if (!phase_label(&c->main, p, lab, sizeof lab))
            continue;
        printf("  %-24s %10.4f  (rank %d; fastest %.4f)  %s\n", lab, t->phase_max[p],
               t->phase_max_rank[p], t->phase_min[p], phase_clock(p));
    }
    printf("  %-24s %10.4f  (the slowest rank of each phase, added)\n", "sum", t->phase_sum);
    printf("time     %.4f ms median per call (min %.4f, max %.4f; %d runs after %d warm-up) — the "
           "slowest rank's wall clock, from a barrier to its last clFinish\n", t->total.median,
           t->total.min, t->total.max, t->runs, t->warmup);
    double secs = t->total.median * 1e-3, nlog = s->n > 1 ? log2((double)s->n) : 0;
    double flops = 5.0 * (double)s->n * nlog * (double)s->batch;
    double bytes = 2.0 * (double)s->n * (double)s->batch * (double)c->elem;
    printf("rate     %.4g GFLOP/s (counting 5·N·log2 N per transform of the whole array, all "
           "ranks together)  %.4g GB/s (one read + one write of the whole array)\n",
           secs > 0 ? flops / secs / 1e9 : 0, secs > 0 ? bytes / secs / 1e9 : 0);
    double mib = (double)s->count * (double)c->elem / 1048576.0;
    int nx = 0;
    for (int i = 0; i < c->main.nsteps; i++)
        nx += c->main.step[i].kind == STEP_EXCHANGE;
    printf("moved    per rank and exchange (%d per call): %.4g MiB device -> host, %.4g MiB to the "
           "other ranks (%d of %d blocks), %.4g MiB host -> device\n", nx, mib,
           mib * (nranks - 1) / nranks, nranks - 1, nranks, mib);
}

/* ---------------------------------------------------------------- main */

static void print_help(const char *prog)
{
    char text[4096];
    int len = snprintf(text, sizeof text,
        CHAPTER " — " TITLE "\n"
        "Run it under MPI, one rank per device: tools/mpirun.sh -n P %s --size 1024x1024\n"
        "(plain mpirun works too; tools/mpirun.sh adds --oversubscribe, --bind-to none and,\n"
        "as root, --allow-run-as-root). Shapes 2-D or 3-D (row-major, outermost first), every\n"
        "axis 2^a 3^b 5^c 7^d; P must divide the first two axes (Ny and Nx of NyxNx, Nz and Ny\n"
        "of NzxNyxNx). Rank r owns rows [r*N0/P, (r+1)*N0/P), FFTW-MPI's slabs; the output is\n"
        "FFTW-MPI's transposed layout (FFTW_MPI_TRANSPOSED_OUT: rank r owns [r*N1/P, ...) of\n"
        "the second axis, the first two axes swapped), or with --natural the input's layout.\n"
        "Devices: rank r (counted on its node) takes device r mod count among the GPUs (else\n"
        "the CPU devices), or among those --device/FFTLAB_DEVICE matches. --explain prints\n"
        "each rank's slabs, the exchange sizes and the plan. Not here: --input/--output and\n"
        "--format json (text or csv). Checked against FFTW-MPI on the same slabs and, up to\n"
        "2^22 values, against serial FFTW on the array gathered on rank 0.\n"
        "  --natural           output in the input's layout (one more MPI_Alltoall)\n\n"
        "variants (--variant):", prog);
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
        len += snprintf(text + len, sizeof text - (size_t)len, "\n  %-16s %s", variants[i][0],
                        variants[i][1]);
    snprintf(text + len, sizeof text - (size_t)len, "\nsizes: 2-D and 3-D, each axis 2^a 3^b 5^c "
             "7^d, at most 2^31 values per rank; demo size %s x batch 1", DEMO_SHAPE);
    fl_print_usage(prog, text);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    fftw_mpi_init();
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (nranks > 1)
        snprintf(die_prefix, sizeof die_prefix, "rank %d of %d: ", rank, nranks);
    fl_set_die_hook(abort_all, die_prefix);

    static struct ctx c;
    char err[1024] = "";
    int rc = 0;
    fl_options_defaults(&c.o);
    /* this chapter's own option, taken out before the shared parser sees the rest */
    char **args = calloc((size_t)argc + 1, sizeof *args);
    int nargs = 0;
    for (int i = 0; i < argc; i++) {
        if (i > 0 && strcmp(argv[i], "--natural") == 0) {
            c.natural = 1;
            continue;
        }
        const char *f = strcmp(argv[i], "--format") == 0 && i + 1 < argc ? argv[i + 1]
                      : strncmp(argv[i], "--format=", 9) == 0 ? argv[i] + 9 : NULL;
        if (f && (strcmp(f, "csv") == 0 || strcmp(f, "json") == 0)) {
            format = FL_FORMAT_CSV;
            fl_set_status_stream_stderr(1);
        }
        args[nargs++] = argv[i];
    }
    if (fl_parse_options(nargs, args, &c.o, err, sizeof err) != 0)
        rc = FL_EXIT_USAGE;
    agree(rc, err);
    format = c.o.format;
    fl_set_status_stream_stderr(format != FL_FORMAT_TEXT);
    if (c.o.help || c.o.list_devices) {
        int ok = 1;
        if (rank == 0) {
            if (c.o.help)
                print_help(argv[0]);
            else
                ok = fl_list_devices(stdout) > 0;
        }
        MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
        finish(ok ? FL_EXIT_OK : FL_EXIT_OPENCL);
    }
    if (format == FL_FORMAT_JSON) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "10_distributed writes text or csv; --format json is not "
                 "supported here");
    } else if (c.o.input || c.o.output) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "10_distributed makes its input on every rank (seeded, "
                 "--seed) and does not read or write .npy files; use 07_multidim for "
                 "--input/--output");
    }
    agree(rc, err);
    c.variant = c.o.variant ? c.o.variant : variants[0][0];
    if (strcmp(c.variant, variants[0][0]) != 0 && strcmp(c.variant, variants[1][0]) != 0) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "10_distributed has no variant '%s' (it has: %s, %s)", c.variant,
                 variants[0][0], variants[1][0]);
    }
    agree(rc, err);

    /* --- the decomposition: the same answer on every rank, before any device work */
    size_t dims[3];
    int ndims;
    if (c.o.ndims) {
        ndims = c.o.ndims;
        memcpy(dims, c.o.dims, sizeof dims);
    } else if (fl_parse_size(DEMO_SHAPE, dims, &ndims, err, sizeof err) != 0) {
        fl_die(FL_EXIT_OPENCL, "demo shape: %s (chapter bug)", err);
    }
    if (slab_make(&c.s, dims, ndims, c.o.batch ? c.o.batch : 1, nranks, rank, err, sizeof err) != 0)
        rc = FL_EXIT_USAGE;
    agree(rc, err);
    c.elem = c.o.precision == FL_DOUBLE ? 16 : 8;
    c.out = c.natural ? LAYOUT_NATURAL : LAYOUT_TRANSPOSED;
    c.bound = fl_bounds_for(FL_BOUND_FFT, c.s.n, c.o.precision == FL_DOUBLE);

    /* --- this rank's device */
    MPI_Comm node;
    int local_rank, local_size;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &local_rank);
    MPI_Comm_size(node, &local_size);
    MPI_Comm_free(&node);
    char pick[32], how[160] = "";
    rc = choose_device(c.o.device, local_rank, local_size, pick, sizeof pick, how, sizeof how, err, sizeof err);
    agree(rc, err);
    fl_device_open(pick, &c.dev);
    if (c.o.precision == FL_DOUBLE && !c.dev.has_fp64) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "--precision double needs cl_khr_fp64, which %s does not have",
                 c.dev.name);
    } else if ((c.s.count + 256) * c.elem > c.dev.max_alloc || 4 * (c.s.count + 256) * c.elem > c.dev.global_mem) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "a slab of %zu values needs 4 buffers of %zu MiB (the data, a "
                 "second buffer, the exchange's send and receive buffers) on %s, which has %llu "
                 "MiB (at most %llu MiB per buffer): use more ranks", c.s.count,
                 ((c.s.count + 256) * c.elem) >> 20, c.dev.name,
                 (unsigned long long)(c.dev.global_mem >> 20), (unsigned long long)(c.dev.max_alloc >> 20));
    } else if (c.o.wg && c.o.wg > c.dev.max_wg) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "--wg %zu is more than %s allows (CL_DEVICE_MAX_WORK_GROUP_SIZE "
                 "= %zu)", c.o.wg, c.dev.name, c.dev.max_wg);
    }
    agree(rc, err);
    static struct fl_layout la, lb;
    size_t wg = c.o.wg ? c.o.wg : DEFAULT_WG;
    if (pipeline_layouts(&c.s, &c.dev, c.elem, wg, &la, &lb, err, sizeof err) != 0)
        rc = FL_EXIT_USAGE;
    agree(rc, err);

    watchdog_start(c.o.timeout_s);

    /* --- who is who: one line per rank */
    char line[1024], shape[64];
    int sl = 0;
    for (int d = 0; d < ndims; d++)
        sl += snprintf(shape + sl, sizeof shape - (size_t)sl, "%s%zu", d ? "x" : "", dims[d]);
    if (rank == 0) {
        if (format == FL_FORMAT_TEXT) {
            char lib[MPI_MAX_LIBRARY_VERSION_STRING];
            int ll;
            MPI_Get_library_version(lib, &ll);
            lib[strcspn(lib, ",\n")] = '\0';
            printf("%s — %s\n", CHAPTER, TITLE);
            printf("ranks    %d MPI process%s (%s), one OpenCL device each\n", nranks,
                   nranks == 1 ? "" : "es", lib);
        } else {
            fl_report_header(format, CHAPTER, TITLE, &c.dev);
        }
    }
    snprintf(line, sizeof line, "rank %-3d device %u:%u %s (%s) on platform %s | driver %s (%s)\n",
             rank, c.dev.platform_index, c.dev.device_index, c.dev.name,
             fl_device_type_name(c.dev.type), c.dev.platform_name, c.dev.driver, how);
    print_ranks(format == FL_FORMAT_TEXT ? stdout : stderr, line);
    if (rank == 0 && format == FL_FORMAT_TEXT)
        printf("problem  N=%s (%zu points) batch=%zu %s %s layout=%s variant=%s input=random "
               "seed=%llu\n", shape, c.s.n, c.s.batch, c.o.inverse ? "inverse" : "forward",
               c.o.precision == FL_DOUBLE ? "double" : "single", c.natural ? "natural" :
               "transposed-out", c.variant, (unsigned long long)c.o.seed);

    /* --- kernels: program A (the slab's axes) and B (the last axis), same sources */
    static const char *const uses[] = {"06_passes.cl", "05_register_radix.cl", "06_mixed_radix.cl",
                                       "07_multidim.cl", NULL};
    fl_resolve_kernel_file(c.o.kernels, "10_distributed.cl", c.kernel_file, sizeof c.kernel_file);
    char opts[2][1536];
    for (int i = 0; i < 2; i++) {
        size_t used = (size_t)snprintf(opts[i], sizeof opts[i], "%s", c.o.precision == FL_DOUBLE
                          ? "-cl-std=CL1.2 -D real_t=double -D real2_t=double2 -D FFTLAB_DOUBLE=1"
                          : "-cl-std=CL1.2 -D real_t=float -D real2_t=float2");
        fl_layout_options(i ? &lb : &la, opts[i], used, sizeof opts[i]);
    }
    runner_open(&c.run, &c.dev, &c.s, c.elem);
    c.run.kernel_file = c.kernel_file;
    for (int i = 0; i < 2; i++)
        c.run.program[i] = fl_build_program(&c.dev, c.kernel_file, uses, opts[i]);

    size_t wg_items = c.dev.max_wg < 256 ? c.dev.max_wg : 256;
    int sign = c.o.inverse ? 1 : -1;
    pipeline_make(&c.main, &c.s, &la, &lb, c.elem, wg_items, sign, LAYOUT_NATURAL, c.out);
    pipeline_make(&c.back, &c.s, &la, &lb, c.elem, wg_items, -sign, c.out, LAYOUT_NATURAL);
    runner_prepare(&c.run, &c.main);
    if (c.o.verify)
        runner_prepare(&c.run, &c.back);

    if (c.o.explain) {
        char a[96], b[96];
        snprintf(line, sizeof line, "rank %-3d in  %-32s -> out %s  (%zu values of %zu each)\n", rank,
                 slab_describe(&c.s, rank, LAYOUT_NATURAL, a, sizeof a),
                 slab_describe(&c.s, rank, c.out, b, sizeof b), c.s.count, c.elem);
        if (rank == 0 && format == FL_FORMAT_TEXT) {
            printf("kernels  %s (after %s, %s, %s, %s)\n", c.kernel_file, uses[0], uses[1], uses[2], uses[3]);
            printf("build A  %s\nbuild B  %s\n", opts[0], opts[1]);
            printf("slabs    rank r owns %c [r*%zu, (r+1)*%zu) of every array (natural); after the "
                   "transpose %c [r*%zu, (r+1)*%zu), stored %s\n", c.s.a_name, c.s.ma, c.s.ma,
                   c.s.c_name, c.s.mc, c.s.mc, c.s.ndims == 3 ? "y', z, x (FFTW-MPI's n1 x n0 x n2)"
                   : "x', y (FFTW-MPI's n1 x n0)");
        }
        print_ranks(stdout, format == FL_FORMAT_TEXT ? line : "");
        if (rank == 0 && format == FL_FORMAT_TEXT) {
            struct exchange_shape x = slab_exchange(&c.s, 0);
            size_t block = x.batch * x.mu * x.mv * x.ni;
            double kib = (double)block * (double)c.elem / 1024.0;
            printf("exchange MPI_Alltoall: every rank sends %d blocks of %zu values (%.4g KiB), block "
                   "d to rank d (its own block is a local copy), and receives %d; per rank and "
                   "exchange %.4g KiB leave for the other ranks, %.4g KiB go device -> host and "
                   "%.4g KiB host -> device\n", nranks, block, kib, nranks, kib * (nranks - 1),
                   kib * nranks, kib * nranks);
            struct pipeline *ps[2] = {&c.main, &c.back};
            for (int q = 0; q < (c.o.verify ? 2 : 1); q++) {
                struct pipeline *p = ps[q];
                printf("pipeline (%s%s): %d steps, %d launches, result in buffer %s\n", p->what,
                       q ? ", for the round trip" : "", p->nsteps, p->launches,
                       p->result == FL_BUF_A ? "A" : "B");
                for (int i = 0; i < p->nsteps; i++) {
                    const struct step *st = &p->step[i];
                    printf("step %d: %s\n", i + 1, st->name);
                    if (st->kind == STEP_LOCAL) {
                        fl_plan_print(st->plan, st->program ? "program B" : "program A");
                        continue;
                    }
                    fl_plan_print(st->plan, "pack");
                    printf("  --   send (%.4g KiB) device -> host; MPI_Alltoall, %d blocks of %.4g KiB; "
                           "host -> device recv\n", kib * nranks, nranks, kib);
                    fl_plan_print(st->unpack, "unpack");
                }
            }
        }
    }

    /* --- verify, then time */
    double *x0 = malloc(c.s.count * 16), *out0 = malloc(c.s.count * 16);
    if (!x0 || !out0)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the input");
    static struct checks k;
    int passed = 1;
    char reason[512] = "";
    if (c.o.verify) {
        verify(&c, x0, out0, &k);
        for (int i = 0; i < k.n && passed; i++)
            if (!k.chk[i].ok) {
                passed = 0;
                snprintf(reason, sizeof reason, "check %s: %s (rel L2 %.2e vs bound %.2e, rel max "
                         "%.2e vs bound %.2e)", k.chk[i].name, k.chk[i].detail[0] ? k.chk[i].detail
                         : "error above the bound", k.chk[i].err.rel_l2, k.chk[i].bound.l2,
                         k.chk[i].err.rel_max, k.chk[i].bound.max);
            }
    } else {
        input_fill(&c.s, INPUT_RANDOM, c.o.seed, 0, NULL, sign, c.o.precision == FL_SINGLE, x0);
        const char *guard = verified_call(&c, &c.main, x0, out0);
        int bad = guard != NULL, any;
        MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        if (any) {
            passed = 0;
            snprintf(reason, sizeof reason, "a kernel wrote past the end of a buffer");
        }
    }
    /* every rank ends with the worst rank's verdict */
    int bad = !passed, any_bad;
    MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    passed = !any_bad;
    MPI_Bcast(reason, sizeof reason, MPI_CHAR, 0, MPI_COMM_WORLD);

    /* each rank's own line */
    {
        char a[96], b[96];
        if (c.o.verify)
            snprintf(line, sizeof line, "rank %-3d %s -> %s: %s, largest share of the error %.2e "
                     "(rel L2, %s; bound %.2e)\n", rank,
                     slab_describe(&c.s, rank, LAYOUT_NATURAL, a, sizeof a),
                     slab_describe(&c.s, rank, c.out, b, sizeof b), k.rank_ok ? "its values ok" :
                     "its values WRONG", k.worst >= 0 ? k.share_l2[k.worst] : 0.0,
                     k.worst >= 0 ? k.chk[k.worst].name : "-", c.bound.l2);
        else
            snprintf(line, sizeof line, "rank %-3d %s -> %s: not verified (--no-verify)\n", rank,
                     slab_describe(&c.s, rank, LAYOUT_NATURAL, a, sizeof a),
                     slab_describe(&c.s, rank, c.out, b, sizeof b));
        print_ranks(format == FL_FORMAT_TEXT ? stdout : stderr, line);
    }

    struct timing t;
    memset(&t, 0, sizeof t);
    int timed = c.o.repeat != 0 && passed;
    if (timed)
        time_calls(&c, x0, &t);
    if (rank == 0) {
        if (format == FL_FORMAT_CSV)
            report_csv(&c, &k, &t, timed, passed);
        else if (timed)
            report_text(&c, &t);
        else
            printf("time     not timed (%s)\n", passed ? "--repeat 0" : "the result is wrong");
        FILE *st = status_stream();
        if (!passed)
            fprintf(st, "FAIL: %s\n", reason);
        else if (!c.o.verify)
            fprintf(st, "PASS (unverified: --no-verify was given)\n");
        else
            fprintf(st, "PASS\n");
        fflush(st);
    }

    runner_release(&c.run, &c.main);
    if (c.o.verify)
        runner_release(&c.run, &c.back);
    pipeline_free(&c.main);
    pipeline_free(&c.back);
    for (int i = 0; i < 2; i++)
        clReleaseProgram(c.run.program[i]);
    runner_close(&c.run);
    fl_device_close(&c.dev);
    free(x0);
    free(out0);
    free(args);
    finish(passed ? FL_EXIT_OK : FL_EXIT_MISMATCH);
}
