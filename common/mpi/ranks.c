/* Every rank together: starting and ending MPI, failures every rank agrees on, one report
 * printed in rank order. */
#define _POSIX_C_SOURCE 200809L
#include "ranks.h"

#include "../clerr.h"
#include "../exitcodes.h"
#include "../report.h"

#include <fftw3-mpi.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, nranks, text_status = 1;
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

/* ---------------------------------------------------------------- starting, ending */

/* fl_die's hook: the message is printed; take every rank down with this exit code
 * (one rank exiting alone would leave the others waiting in a collective forever). */
static void abort_all(int code)
{
    fflush(stdout);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, code);
}

void fl_mpi_init(int *argc, char ***argv, int *rank_out, int *nranks_out)
{
    /* FFTW-MPI's reference runs on threads (only this one calls MPI: FUNNELED), the cores
     * of the node shared among its ranks: at 1024^3 its four transforms are what the
     * verification's time is */
    int provided;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    MPI_Comm node;
    int local_size = 1;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &local_size);
    MPI_Comm_free(&node);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = provided >= MPI_THREAD_FUNNELED && cores > local_size ?
                  (int)(cores / local_size) : 1;
    if (threads > 1 && fftw_init_threads())
        fftw_plan_with_nthreads(threads);
    fftw_mpi_init();
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (nranks > 1)
        snprintf(die_prefix, sizeof die_prefix, "rank %d of %d: ", rank, nranks);
    fl_set_die_hook(abort_all, die_prefix);
    *rank_out = rank;
    *nranks_out = nranks;
}

void fl_mpi_finish(int code)
{
    fflush(stdout);
    fflush(stderr);
    fl_mpi_reference_cleanup();
    fftw_mpi_cleanup();
    MPI_Finalize();
    exit(code);
}

void fl_mpi_set_format(enum fl_format format, const char *chapter)
{
    text_status = format == FL_FORMAT_TEXT;
    fl_set_status_stream_stderr(!text_status);
    if (rank == 0 && format == FL_FORMAT_JSON)
        fl_report_json_ends(chapter);
    else
        fl_set_run_end_report(NULL);
}

FILE *fl_mpi_status_stream(void) { return text_status ? stdout : stderr; }

/* ---------------------------------------------------------------- agreeing */

void fl_mpi_agree(int code, const char *msg)
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
        fprintf(fl_mpi_status_stream(), "FAIL (%s, exit %d): %s%s%s\n", kind, worst, who, text,
                nfailed < nranks ? " (the other ranks stopped too)" : "");
        char reason[2200];  /* --format json: the run's record says it (common/run_end.h) */
        snprintf(reason, sizeof reason, "%s%s", who, text);
        struct fl_run_end end = {.outcome = fl_outcome_of_exit(worst), .exit_code = worst,
                                 .reason = reason};
        fl_run_end(&end);
    }
    fl_mpi_finish(worst);
}

int fl_mpi_agree_all(int ok)
{
    int all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all;
}

int fl_mpi_first(const char *mine, char *text, size_t len, void *fields, size_t bytes)
{
    int cand = mine ? rank : nranks, first;
    MPI_Allreduce(&cand, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    text[0] = '\0';
    if (first == nranks)
        return -1;
    if (rank == first)
        snprintf(text, len, "%s", mine);
    MPI_Bcast(text, (int)len, MPI_CHAR, first, MPI_COMM_WORLD);
    if (bytes)
        MPI_Bcast(fields, (int)bytes, MPI_BYTE, first, MPI_COMM_WORLD);
    return first;
}

unsigned long long fl_mpi_digest(const void *data, size_t bytes)
{
    uint64_t h = 1469598103934665603ull, d = h, *got = NULL;
    for (size_t i = 0; i < bytes; i++)
        h = (h ^ ((const unsigned char *)data)[i]) * 1099511628211ull;
    if (rank == 0 && !(got = malloc((size_t)nranks * sizeof *got)))
        fl_die(FL_EXIT_OPENCL, "out of host memory for the digest");
    MPI_Gather(&h, 1, MPI_UINT64_T, got, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (rank != 0)
        return 0;
    for (int r = 0; r < nranks; r++)
        for (int byte = 0; byte < 8; byte++)
            d = (d ^ ((got[r] >> (8 * byte)) & 0xff)) * 1099511628211ull;
    free(got);
    return d;
}

void fl_mpi_print_ranks(FILE *stream, const char *text)
{
    char *all = fl_mpi_gather_text(text);
    if (all) {
        fputs(all, stream);
        fflush(stream);
        free(all);
    }
}

char *fl_mpi_gather_text(const char *text)
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
        free(lens);
        free(offs);
    }
    return all;
}
