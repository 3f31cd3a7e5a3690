/* What --explain and the timed report say of the transports: the link each rank's staging
 * crosses (a probe of the device <-> host rates), what an exchange moves and how, the
 * phases' clocks, the rates of the first exchange, and the CSV row's transport columns. */
#include "transport.h"
#include "shm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The best of REPS blocking transfers of BYTES between device buffer M and host memory H,
 * in GB/s. */
static double best_gbs(struct engine *r, cl_mem m, int to_host, void *h, size_t bytes, int reps)
{
    double best = 0;
    for (int i = 0; i <= reps; i++) {
        double t0 = MPI_Wtime();
        engine_transfer(r, m, to_host, h, bytes);
        double gbs = (double)bytes / ((MPI_Wtime() - t0) * 1e9);
        if (i > 0 && gbs > best)    /* the first one warms up */
            best = gbs;
    }
    return best;
}

/* The device <-> host bandwidth in GB/s on this rank's device, BYTES each way (the best of
 * a few): GBS[0] device -> host and GBS[1] host -> device from pinned memory
 * (CL_MEM_ALLOC_HOST_PTR, mapped), GBS[2] and GBS[3] from malloc'd (pageable) memory,
 * GBS[4] and GBS[5] from malloc'd memory wrapped in a CL_MEM_USE_HOST_PTR buffer (does the
 * driver pin memory it is handed?), GBS[6] and GBS[7] (0 unless the transport is zerocopy)
 * the shared window's slots themselves: device -> this rank's slots, host -> device from
 * the next rank's, at most their size (what zerocopy's chunks cross). */
static void link_probe(struct engine *r, size_t bytes, double gbs[8])
{
    if (bytes > r->data_bytes)
        bytes = r->data_bytes;
    cl_mem pin;
    void *hp = staging_pinned(r, bytes, &pin, "the bandwidth probe's pinned buffer");
    void *hm = malloc(bytes ? bytes : 1);
    if (!hm)
        fl_die(FL_EXIT_OPENCL, "out of host memory for the bandwidth probe");
    memset(hm, 0, bytes);   /* touched: no first-touch page faults in the timing */
    memset(hp, 0, bytes);
    gbs[0] = best_gbs(r, r->buf[1], 1, hp, bytes, 3);
    gbs[1] = best_gbs(r, r->buf[1], 0, hp, bytes, 3);
    gbs[2] = best_gbs(r, r->buf[1], 1, hm, bytes, 3);
    gbs[3] = best_gbs(r, r->buf[1], 0, hm, bytes, 3);
    /* the same malloc'd memory handed to the driver (page-aligned, as drivers want it) */
    size_t pages = (bytes + 4095) / 4096 * 4096;
    void *ha = aligned_alloc(4096, pages);
    gbs[4] = gbs[5] = 0;
    if (ha) {
        cl_int err;
        memset(ha, 0, pages);
        cl_mem wrap = clCreateBuffer(r->dev->context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                                     pages, ha, &err);
        if (err == CL_SUCCESS) {
            gbs[4] = best_gbs(r, r->buf[1], 1, ha, bytes, 3);
            gbs[5] = best_gbs(r, r->buf[1], 0, ha, bytes, 3);
            clReleaseMemObject(wrap);
        }
        free(ha);
    }
    /* zerocopy: the window's own slots, which every rank wrapped (at most their size) */
    void *mine = NULL, *next = NULL;
    size_t ns = window_slots(r, r->s->rank, &mine);
    window_slots(r, (r->s->rank + 1) % r->s->P, &next);
    gbs[6] = gbs[7] = 0;
    if (ns && mine && next) {
        ns = ns < bytes ? ns : bytes;
        gbs[6] = best_gbs(r, r->buf[1], 1, mine, ns, 3);
        gbs[7] = best_gbs(r, r->buf[1], 0, next, ns, 3);
    }
    CL_CHECK(clEnqueueUnmapMemObject(r->dev->queue, pin, hp, 0, NULL, NULL));
    CL_CHECK(clFinish(r->dev->queue));
    clReleaseMemObject(pin);
    free(hm);
}

/* 1 for shm's zerocopy: no host copy */
static int zerocopy(const struct engine *r)
{
    return r->xport == &transport_zerocopy;
}

/* 1 for shm with host copies, 2 for zerocopy, 0 for the rest */
static int shm_kind(const struct engine *r)
{
    return zerocopy(r) ? 2 : r->xport == &transport_shm;
}

void explain_transport(const struct ctx *c)
{
    char line[1024];
    struct engine *r = (struct engine *)&c->eng;
    /* the link each rank's staging crosses: pinned against pageable host memory */
    double gbs[8];
    size_t probe = c->s.count * c->elem < BANDWIDTH_PROBE_BYTES ? c->s.count * c->elem :
                   BANDWIDTH_PROBE_BYTES;
    link_probe(r, probe, gbs);
    int n = snprintf(line, sizeof line, "rank %-3d link device -> host / host -> device, %.4g "
                     "MiB, best of 3: pinned %.3g / %.3g GB/s, pageable (malloc) %.3g / %.3g "
                     "GB/s, malloc handed to the driver (CL_MEM_USE_HOST_PTR) %.3g / %.3g GB/s",
                     rank, (double)probe / 1048576.0, gbs[0], gbs[1], gbs[2], gbs[3], gbs[4],
                     gbs[5]);
    void *slots;
    size_t sb = window_slots(r, rank, &slots);
    if (sb) /* zerocopy: what its chunks cross, device -> own slots, next rank's -> device */
        n += snprintf(line + n, sizeof line - (size_t)n, ", the shared window's slots "
                      "(zerocopy, %.4g MiB) %.3g / %.3g GB/s",
                      (double)(sb < probe ? sb : probe) / 1048576.0, gbs[6], gbs[7]);
    snprintf(line + n, sizeof line - (size_t)n, "\n");
    fl_mpi_print_ranks(report_format == FL_FORMAT_TEXT ? stdout : stderr, line);
    if (rank != 0 || report_format != FL_FORMAT_TEXT)
        return;
    struct exchange_shape x = slab_exchange(&c->s, 0);
    size_t block = x.batch * x.mu * x.mv * x.ni;
    double kib = (double)block * (double)c->elem / 1024.0;
    if (c->on_device)
        printf("exchange none: one rank holds the whole array, so chapter 07's passes do every "
               "axis%s: no device -> host copy, no MPI, no host -> device copy\n",
               c->out == LAYOUT_TRANSPOSED ? ", and the last one stores the transposed layout "
               "(the transpose, inside that pass's store: no kernel of its own; in 2-D, when "
               "the outermost axis takes several passes, chapter 07's tiled transpose "
               "follows them instead)" : "");
    if (!r->xport)
        return;
    if (!r->fast) {
        printf("exchange every rank sends a block of %zu values (%.4g KiB) to each other rank, "
               "block e to rank e, and receives one from each; per rank and exchange %.4g KiB "
               "go device -> host, to the other ranks and host -> device, in one piece\n",
               block, kib, kib * nranks);
        printf("transport alltoall: the whole send buffer device -> host (malloc'd memory), one "
               "MPI_Alltoall, the whole receive buffer host -> device, one after the other "
               "(the lesson's exchange; going_further/ overlaps and cuts it)\n");
        return;
    }
    const struct fast *f = r->fast;
    int C = f->chunks, zc = zerocopy(r);
    printf("exchange every rank sends a block of %zu values (%.4g KiB) to each other rank, "
           "block e to rank e (its own block is a copy on the device), and receives one "
           "from each; per rank and exchange %.4g KiB go device -> host, to the other ranks "
           "and host -> device, through %s, in %d chunk%s of %.4g KiB per peer, pipelined "
           "(--chunks)\n", block, kib, kib * (nranks - 1), zc ? "the shared window's slots "
           "(no host copy)" : "pinned staging (CL_MEM_ALLOC_HOST_PTR, mapped once)", C,
           C == 1 ? "" : "s", kib / C);
    char note[256] = "";
    if (f->transport_note[0])
        snprintf(note, sizeof note, " (the default: %s)", f->transport_note);
    static const char *const how[4] = {
        "the sender's device writes its chunk into its slot (device -> host), the receiver's "
        "device reads it from there (host -> device); every rank wraps every rank's slots as "
        "CL_MEM_USE_HOST_PTR buffers, so the driver pins them: no host copy",
        "the receiver reads the sender's pinned send buffer into its pinned recv "
        "(process_vm_readv): one host copy",
        "pinned send -> the sender's slot in the window -> the receiver's pinned recv: two host "
        "copies",
        "pinned send -> the sender's slot in the window, the receiver's device reads the slot "
        "(host -> device from memory the driver has not pinned): one host copy"};
    char ring[64] = "", threads[64] = "";
    if (f->shm_slots)
        snprintf(ring, sizeof ring, " and a ring of %d chunk slot%s", f->shm_slots,
                 f->shm_slots == 1 ? "" : "s");
    if (f->copy_threads)
        snprintf(threads, sizeof threads, "; each copy on %d thread%s (--copy-threads)",
                 f->copy_threads, f->copy_threads == 1 ? "" : "s");
    if (shm_kind(r))
        printf("transport shm%s: an MPI-3 shared window (MPI_Win_allocate_shared, %.4g MiB per "
               "rank: counters%s); --shm-copy %s%s%s%s: %s%s\n", note,
               (double)f->shm_bytes / 1048576.0, ring, shm_copy_name[f->shm_copy],
               f->shm_note[0] ? " (" : "", f->shm_note, f->shm_note[0] ? ")" : "",
               how[f->shm_copy], threads);
    else
        printf("transport mpi%s: MPI_Isend/MPI_Irecv between the pinned host buffers (the MPI "
               "library's own transport copies)\n", note);
}

void explain_exchange_step(const struct ctx *c)
{
    const struct engine *r = &c->eng;
    struct exchange_shape x = slab_exchange(&c->s, 0);
    double kib = (double)(x.batch * x.mu * x.mv * x.ni) * (double)c->elem / 1024.0;
    if (!r->fast) {
        printf("  --   send -> host (device -> host, %.4g KiB), MPI_Alltoall, host -> recv "
               "(host -> device), one after the other\n", kib * nranks);
        return;
    }
    int C = r->fast->chunks;
    if (zerocopy(r))
        printf("  --   in %d chunk%s: send -> this rank's slots in the shared window "
               "(device -> host, %.4g KiB in all), the %d peer%s slots -> recv (host -> "
               "device, a second queue), no host copy; each chunk overlapping the next; "
               "own block copied on the device\n", C, C == 1 ? "" : "s",
               kib * (nranks - 1), nranks - 1, nranks == 2 ? "'s" : "s'");
    else
        printf("  --   in %d chunk%s: send -> pinned host (device -> host, %.4g KiB in "
               "all), %s with %d peer%s, %s -> recv (a second queue), each chunk "
               "overlapping the next; own block copied on the device\n", C,
               C == 1 ? "" : "s", kib * (nranks - 1),
               shm_kind(r) ? "shm copies" : "MPI_Isend/MPI_Irecv", nranks - 1,
               nranks == 2 ? "" : "s", shm_kind(r) && r->fast->shm_copy == SHM_DIRECT ?
               "the sender's slot" : "pinned host");
}

const char *transport_phase_label(const struct engine *r, int ph)
{
    /* (shm: the same column as MPI's wait, holding the window's copies, or for zerocopy the
     * host's waits) */
    if (ph != PH_MPI && ph != PH_MPI2)
        return NULL;
    return shm_kind(r) == 2 ? "  waiting (zerocopy)" : shm_kind(r) ? "  shm copies" : NULL;
}

const char *transport_phase_clock(const struct engine *r, int ph)
{
    int mpi = ph == PH_MPI || ph == PH_MPI2;
    if (shm_kind(r) == 2 && mpi)
        return "host clock, added over the exchange: its loop with nothing to do (a copy still "
               "on a device, a peer's chunk not yet in its slot, a slot not yet free); the "
               "devices copy meanwhile";
    if (shm_kind(r) && mpi)
        return "host clock, added over the chunks: the host copies between the pinned buffers "
               "(--shm-copy), on --copy-threads threads, and waiting for the peers' chunks";
    if (r->fast) {  /* mpi, shm: the copies chunk by chunk, overlapped */
        switch (ph) {
        case PH_XCHG: case PH_XCHG2:
            return "host clock, the pack's end to the last chunk on the device";
        case PH_D2H: case PH_D2H2:
            return "profiling events, the reads' device time added over the chunks";
        case PH_H2D: case PH_H2D2:
            return "profiling events, the writes' device time added over the chunks";
        case PH_MPI: case PH_MPI2:
            return "host clock in MPI_Waitall, added over the chunks: the transport's copy, and "
                   "waiting for the slowest rank (the device copies go on meanwhile)";
        default: return NULL;
        }
    }
    switch (ph) {   /* alltoall: each copy, then the collective, one after the other */
    case PH_XCHG: case PH_XCHG2: return "host clock, the pack's end to the receive buffer on "
                                        "the device";
    case PH_D2H: case PH_D2H2: return "host clock, the whole send buffer device -> host";
    case PH_H2D: case PH_H2D2: return "host clock, the whole receive buffer host -> device";
    case PH_MPI: case PH_MPI2: return "host clock in MPI_Alltoall: the library's copies, and "
                                      "waiting for the slowest rank";
    default: return NULL;
    }
}

void report_transport(const struct ctx *c, const struct timing *t, int nx)
{
    const struct slab *s = &c->s;
    const struct engine *r = &c->eng;
    const struct fast *f = r->fast;
    double mib = (double)s->count * (double)c->elem / 1048576.0;
    int C = f ? f->chunks : 1;
    printf("moved    per rank and exchange (%d per call): %.4g MiB device -> host, to the "
           "other ranks and host -> device (%d of %d blocks; its own block %s), in %d "
           "chunk%s\n", nx, f ? mib * (nranks - 1) / nranks : mib, f ? nranks - 1 : nranks,
           nranks, f ? "stays on the device" : "too, through the host", C, C == 1 ? "" : "s");
    if (nx == 0)
        return;
    /* the transport, what crosses each way, and the rates of the first exchange's phases */
    double way = (double)s->count * (double)c->elem * (nranks - 1) / nranks, cp = way / 1048576.0;
    char how[160];
    if (!f)
        snprintf(how, sizeof how, "alltoall (the whole slab device -> host, MPI_Alltoall, "
                 "host -> device, one after the other)");
    else if (!shm_kind(r))
        snprintf(how, sizeof how, "mpi (MPI_Isend/MPI_Irecv between pinned buffers: the "
                 "library's host copies)");
    else if (zerocopy(r))
        snprintf(how, sizeof how, "shm --shm-copy zerocopy (device -> the window's slots -> "
                 "device: no host copy)");
    else
        snprintf(how, sizeof how, "shm --shm-copy %s (%s%.4g MiB on %d thread%s)",
                 shm_copy_name[f->shm_copy], f->shm_copy == SHM_WINDOW ? "two host copies of " :
                 "one host copy of ", cp, f->copy_threads, f->copy_threads == 1 ? "" : "s");
#define GBS(ms) ((ms) > 0 ? way / ((ms) * 1e-3) / 1e9 : 0.0)
    printf("exchange transport %s; each way %.4g MiB per exchange: device -> host %.3g GB/s, "
           "host -> device %.3g GB/s (%s), the exchange's wall %.3g GB/s (the first "
           "exchange's medians)\n", how, cp, GBS(t->phase_max[PH_D2H]),
           GBS(t->phase_max[PH_H2D]), f ? "device time" : "host clock, its own block too",
           GBS(t->phase_max[PH_XCHG]));
#undef GBS
}

void csv_transport(const struct ctx *c)
{
    const struct engine *r = &c->eng;
    const struct fast *f = r->fast;
    int shm = shm_kind(r) != 0;
    printf(",%d,%s,%d,%s", nranks == 1 ? 0 : f ? f->chunks : 1,
           nranks == 1 || !r->xport ? "none" : r->xport->name, shm ? f->copy_threads : 0,
           shm ? shm_copy_name[f->shm_copy] : "");
}
