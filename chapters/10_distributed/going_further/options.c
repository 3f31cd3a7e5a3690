/* The transports' options: --transport (the lesson's alltoall, or one of these), --chunks,
 * --shm-copy, --copy-threads; taken out of the command line before the shared parser
 * (common/options.c) sees the rest. */
#include "transport.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT(x) TEXT_(x)
#define TEXT_(x) #x

const char transport_help[] =
    "  --transport auto|alltoall|mpi|shm  how the blocks go between ranks: alltoall the\n"
    "                      lesson's exchange (the whole slab device -> host, one\n"
    "                      MPI_Alltoall, host -> device); auto (the default) the fastest\n"
    "                      that works here (going_further/choose.c): shm when every rank is\n"
    "                      on one node, through an MPI-3 shared window, else mpi, chunks by\n"
    "                      MPI_Isend/MPI_Irecv\n"
    "  --chunks C          mpi and shm: cut each exchange into C chunks, pipelined: device\n"
    "                      -> host of one while the one before crosses and the one before\n"
    "                      that goes host -> device (1 to " TEXT(MAX_CHUNKS) "; default:\n"
    "                      about 4 MiB per peer, at most " TEXT(AUTO_CHUNKS) "; never more than\n"
    "                      1 GiB per message). One rank (P = 1) has no exchange: its\n"
    "                      transpose stays on the device\n"
    "  --shm-copy cma|window|direct|zerocopy  shm only, how a chunk crosses: zerocopy (the\n"
    "                      default) no host copy, the sender's device writes into its\n"
    "                      window slot and the receiver's device reads it from there (the\n"
    "                      slots wrapped as CL_MEM_USE_HOST_PTR buffers, so the driver\n"
    "                      pins them; where it refuses, cma). Through pinned buffers,\n"
    "                      copied on the host: cma one copy, the receiver reading the\n"
    "                      sender's buffer (Linux cross-memory attach; where the kernel\n"
    "                      forbids it, window); window two copies through the sender's\n"
    "                      window slot; direct one copy into the slot, then host -> device\n"
    "                      straight from it (memory the driver has not pinned)\n"
    "  --copy-threads T    shm's host copies: threads per copy (1 to 64; default the\n"
    "                      node's cores / its ranks, at most " TEXT(SHM_DEFAULT_THREADS) ")\n";

/* The index of WORD in the N words of LIST, or -1. */
static int word_of(const char *word, const char *const *list, int n)
{
    for (int k = 0; k < n; k++)
        if (strcmp(word, list[k]) == 0)
            return k;
    return -1;
}

int transport_option(int argc, char **argv, int *i, struct transport_want *w, char *err,
                     size_t len)
{
    static const char *const opt[4] = {"--transport", "--shm-copy", "--copy-threads",
                                       "--chunks"};
    int which = -1;
    size_t ol = 0;
    for (int k = 0; k < 4 && which < 0; k++) {
        ol = strlen(opt[k]);
        if (strncmp(argv[*i], opt[k], ol) == 0 && (argv[*i][ol] == 0 || argv[*i][ol] == '='))
            which = k;
    }
    if (which < 0)
        return 0;
    const char *v = argv[*i][ol] == '=' ? argv[*i] + ol + 1 : *i + 1 < argc ? argv[++*i] : "";
    char *end = NULL;
    long n = 0;
    int k = -1;
    if (which == 0 && (k = word_of(v, transport_choice_name, 4)) >= 0)
        w->transport = k;
    else if (which == 1 && (k = word_of(v, shm_copy_name, 4)) >= 0)
        w->copy = k;
    else if (which == 2 && (n = strtol(v, &end, 10), *v && !*end && n >= 1 && n <= 64))
        w->threads = (int)n;
    else if (which == 3 && (n = strtol(v, &end, 10), *v && !*end && n >= 1 && n <= MAX_CHUNKS))
        w->chunks = (int)n;
    else if (!err[0] && which == 3)
        snprintf(err, len, "--chunks takes a whole number from 1 (the exchange in one piece) "
                 "to %d, got '%s'", MAX_CHUNKS, v);
    else if (!err[0])
        snprintf(err, len, "%s takes %s, got '%s'", opt[which],
                 which == 0 ? "auto, alltoall, mpi or shm" :
                 which == 1 ? "zerocopy, cma, window or direct" :
                 "a whole number from 1 to 64", v);
    return 1;
}

size_t transport_describe(char *buf, size_t u, const struct transport_want *x)
{
    u = fl_mpi_describe(buf, u, "--chunks", "%d%s", x->chunks, x->chunks ? "" : " (automatic)");
    u = fl_mpi_describe(buf, u, "--transport", "%s", transport_choice_name[x->transport]);
    u = fl_mpi_describe(buf, u, "--shm-copy", "%s", shm_copy_name[x->copy]);
    return fl_mpi_describe(buf, u, "--copy-threads", "%d%s", x->threads,
                           x->threads ? "" : " (automatic)");
}
