/* The rank and its worker: the worker's MPI requests, relayed by the rank (relay.h). */
#define _POSIX_C_SOURCE 200809L
#include "relay.h"

#include "ranks.h"
#include "../clerr.h"
#include "../exitcodes.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

enum {
    RL_BARRIER = FL_RL_FIRST, RL_ALLREDUCE, RL_BCAST, RL_ALLGATHER, RL_ALLTOALL, RL_IRECV,
    RL_ISEND, RL_WAITALL, RL_AGREE, RL_PRINT, RL_WATCHDOG, RL_DONE
};

/* A request's fixed part; what follows it (values, text) is the rest of the payload. */
struct rl_req {
    int32_t type, op, count, peer, tag, root, code, stream;
    uint32_t slot, n;
    uint64_t off, off2, bytes;
    double seconds;
};

/* The arena's first page: what the two sides tell each other without a message. */
struct rl_flags {
    volatile int in_kernels;    /* the worker: its kernels run (the watchdog's question)   */
    volatile int overdue;       /* the parent: the watchdog found it overdue               */
    uint64_t released;          /* the parent: tight requests done (ask_tight)            */
};

#define RL_PAGE 4096
#define RL_MAX_INLINE ((size_t)1 << 20)   /* values or text carried in a message, at most */

static int in_worker;
static struct rl_flags *flags;
static unsigned char *arena;              /* the data part, after the flags' page          */
static size_t arena_bytes, part_bytes;
static unsigned char msg_buf[sizeof(struct rl_req) + RL_MAX_INLINE];

size_t fl_rl_size(enum fl_rl_type t)
{
    static const size_t size[FL_RL_NTYPES] = {1, sizeof(int), sizeof(long), sizeof(double),
                                              8, sizeof(struct { double v; int i; }), 8, 16};
    return (unsigned)t < FL_RL_NTYPES ? size[t] : 0;
}

/* ---------------------------------------------------------------- the worker */

int fl_rl_in_worker(void) { return in_worker; }

void *fl_rl_part(int i)
{
    return arena + (size_t)i * part_bytes;
}

/* What the worker runs, and the shared memory fl_iso_start hands it (before WORK runs). */
struct rl_start { void (*work)(void *arg); void *arg; };
static void *rl_shared;

static void relay_work(void *arg)
{
    const struct rl_start *st = arg;
    in_worker = 1;
    flags = rl_shared;
    arena = (unsigned char *)rl_shared + RL_PAGE;
    st->work(st->arg);
}

void fl_rl_start(int parts, size_t bytes, void (*work)(void *arg), void *arg)
{
    static struct rl_start st;
    static char prefix[32];
    int rank;
    st.work = work;
    st.arg = arg;
    part_bytes = (bytes + RL_PAGE - 1) / RL_PAGE * RL_PAGE;
    arena_bytes = (size_t)parts * part_bytes;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    snprintf(prefix, sizeof prefix, "rank %d: ", rank);
    fl_iso_fault_prefix(prefix);   /* a fault at a fence names the rank, as a guard zone */
    fl_iso_mpi_rank(1);
    fl_iso_start(RL_PAGE + arena_bytes, &rl_shared, relay_work, &st);
    /* (only the parent comes back here) */
    flags = rl_shared;
    arena = (unsigned char *)rl_shared + RL_PAGE;
}

static void send_req(const struct rl_req *q, const void *data, size_t len)
{
    if (len > RL_MAX_INLINE)
        fl_die(FL_EXIT_OPENCL, "a relayed MPI request of %zu bytes: at most %zu fit (a bug)", len,
               RL_MAX_INLINE);
    memcpy(msg_buf, q, sizeof *q);
    if (len)
        memcpy(msg_buf + sizeof *q, data, len);
    fl_iso_send((uint32_t)q->type, 0, msg_buf, sizeof *q + len);
}

/* The parent's answer: LEN bytes into OUT (exactly). */
static void wait_done(void *out, size_t len)
{
    struct fl_msg m;
    if (fl_iso_recv(&m, msg_buf, sizeof msg_buf) != 0)
        _exit(FL_EXIT_OPENCL);      /* the parent is gone */
    if (m.type != RL_DONE || m.len != len)
        fl_die(FL_EXIT_OPENCL, "the rank answered a relayed MPI request with message %u of %llu "
               "bytes (a bug)", (unsigned)m.type, (unsigned long long)m.len);
    if (len)
        memcpy(out, msg_buf, len);
}

static uint64_t offset_of(const void *p, size_t bytes)
{
    const unsigned char *c = p;
    if (!arena || c < arena || c > arena + arena_bytes || bytes > (size_t)(arena + arena_bytes - c))
        fl_die(FL_EXIT_OPENCL, "a relayed MPI buffer outside the memory shared with the rank "
               "(a bug)");
    return (uint64_t)(c - arena);
}

double fl_rl_wtime(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void fl_rl_barrier(void)
{
    struct rl_req q = {.type = RL_BARRIER};
    send_req(&q, NULL, 0);
    wait_done(NULL, 0);
}

/* Send Q (its code 1: "answer by the count") and wait for the parent to count it done in
 * the arena, spinning and yielding the core: a process asleep on the channel wakes tens of
 * microseconds late, a different amount on each rank. For the requests of a timed call. */
static void ask_tight(struct rl_req *q)
{
    static uint64_t asked;
    q->code = 1;
    send_req(q, NULL, 0);
    asked++;
    while (__atomic_load_n(&flags->released, __ATOMIC_ACQUIRE) < asked)
        sched_yield();
}

void fl_rl_barrier_tight(void)
{
    struct rl_req q = {.type = RL_BARRIER};
    ask_tight(&q);
}

void fl_rl_allreduce(const void *in, void *out, int count, enum fl_rl_type t, enum fl_rl_op op)
{
    struct rl_req q = {.type = RL_ALLREDUCE, .op = op, .count = count, .root = t};
    size_t len = (size_t)count * fl_rl_size(t);
    send_req(&q, in, len);
    wait_done(out, len);
}

void fl_rl_bcast(void *buf, size_t bytes, int root)
{
    struct rl_req q = {.type = RL_BCAST, .root = root, .bytes = bytes};
    send_req(&q, buf, bytes);
    wait_done(buf, bytes);
}

void fl_rl_allgather(const void *in, size_t bytes, void *out)
{
    int p;
    struct rl_req q = {.type = RL_ALLGATHER, .bytes = bytes};
    send_req(&q, in, bytes);
    /* the answer's length tells the number of ranks: the parent's, checked here */
    struct fl_msg m;
    if (fl_iso_recv(&m, msg_buf, sizeof msg_buf) != 0)
        _exit(FL_EXIT_OPENCL);
    p = bytes ? (int)(m.len / bytes) : 0;
    if (m.type != RL_DONE || (bytes && m.len % bytes))
        fl_die(FL_EXIT_OPENCL, "the rank answered an allgather wrongly (a bug)");
    memcpy(out, msg_buf, (size_t)p * bytes);
}

void fl_rl_alltoall(const void *send, void *recv, int count, enum fl_rl_type t)
{
    /* (the parent checks both buffers against its number of ranks) */
    struct rl_req q = {.type = RL_ALLTOALL, .count = count, .root = t,
                       .off = offset_of(send, 0), .off2 = offset_of(recv, 0)};
    ask_tight(&q);
}

static void post(int type, const void *buf, int count, enum fl_rl_type t, int peer, int tag,
                 unsigned slot)
{
    struct rl_req q = {.type = type, .count = count, .root = t, .peer = peer, .tag = tag,
                       .slot = slot, .off = offset_of(buf, (size_t)count * fl_rl_size(t))};
    send_req(&q, NULL, 0);   /* no answer: the parent posts it and reads on */
}

void fl_rl_irecv(void *buf, int count, enum fl_rl_type t, int peer, int tag, unsigned slot)
{
    post(RL_IRECV, buf, count, t, peer, tag, slot);
}

void fl_rl_isend(const void *buf, int count, enum fl_rl_type t, int peer, int tag, unsigned slot)
{
    post(RL_ISEND, buf, count, t, peer, tag, slot);
}

void fl_rl_waitall(unsigned first, unsigned n)
{
    struct rl_req q = {.type = RL_WAITALL, .slot = first, .n = n};
    ask_tight(&q);
}

void fl_rl_agree(int code, const char *msg)
{
    struct rl_req q = {.type = RL_AGREE, .code = code};
    send_req(&q, msg, strlen(msg) + 1);
    wait_done(NULL, 0);
}

void fl_rl_print_ranks(int stream, const char *text)
{
    struct rl_req q = {.type = RL_PRINT, .stream = stream};
    fflush(stdout);
    send_req(&q, text, strlen(text) + 1);
    wait_done(NULL, 0);
}

void fl_rl_watchdog_start(double seconds, const char *json_chapter, const char *variant)
{
    struct rl_req q = {.type = RL_WATCHDOG, .seconds = seconds, .code = json_chapter != NULL};
    char names[2][64] = {{0}};   /* sent whole: no byte past the names left unset */
    snprintf(names[0], sizeof names[0], "%s", json_chapter ? json_chapter : "");
    snprintf(names[1], sizeof names[1], "%s", variant ? variant : "");
    send_req(&q, names, sizeof names);
    wait_done(NULL, 0);
}

void fl_rl_kernels(int running)
{
    if (!flags)
        return;
    if (running && flags->overdue)
        for (;;)
            pause();    /* the parent's watchdog ends the run (its grace's second alarm) */
    flags->in_kernels = running;
}

/* ---------------------------------------------------------------- the parent */

static MPI_Request *slots;
static size_t nslots;

static MPI_Datatype mpi_type(int t)
{
    switch (t) {
    case FL_RL_CHAR: return MPI_CHAR;
    case FL_RL_INT: return MPI_INT;
    case FL_RL_LONG: return MPI_LONG;
    case FL_RL_DOUBLE: return MPI_DOUBLE;
    case FL_RL_UINT64: return MPI_UINT64_T;
    case FL_RL_DOUBLE_INT: return MPI_DOUBLE_INT;
    case FL_RL_CFLOAT: return MPI_C_FLOAT_COMPLEX;
    default: return MPI_C_DOUBLE_COMPLEX;
    }
}

static _Noreturn void bad_request(const char *what)
{
    fl_iso_kill();
    fl_die(FL_EXIT_OPENCL, "the process that ran the kernels sent a request the rank cannot "
           "take (%s): its memory was changed, or a bug", what);
}

/* The arena's bytes [OFF, OFF + BYTES), checked. */
static unsigned char *arena_at(uint64_t off, uint64_t bytes)
{
    if (off > arena_bytes || bytes > arena_bytes - off)
        bad_request("a buffer outside the shared memory");
    return arena + off;
}

static MPI_Request *slot_at(uint32_t s)
{
    if (s >= FL_RL_MAX_SLOTS)
        bad_request("a request slot out of range");
    if (s >= nslots) {
        size_t n = nslots ? nslots : 1024;
        while (n <= s)
            n *= 2;
        MPI_Request *grown = realloc(slots, n * sizeof *grown);
        if (!grown)
            fl_die(FL_EXIT_OPENCL, "out of host memory for the relayed MPI requests");
        for (size_t i = nslots; i < n; i++)
            grown[i] = MPI_REQUEST_NULL;
        slots = grown;
        nslots = n;
    }
    return &slots[s];
}

static void reply(const void *data, size_t len)
{
    fl_iso_send(RL_DONE, 0, data, len);
}

/* A request done: answered on the channel, or (TIGHT: ask_tight's) counted in the arena. */
static void answer(int tight)
{
    if (tight)
        __atomic_add_fetch(&flags->released, 1, __ATOMIC_RELEASE);
    else
        reply(NULL, 0);
}

/* Clean worker text for printing: control characters but the newline made '?'. */
static void clean_lines(char *text, size_t len)
{
    text[len - 1] = '\0';
    for (char *p = text; *p; p++)
        if (((unsigned char)*p < 0x20 && *p != '\n') || *p == 0x7f)
            *p = '?';
}

/* One request (payload LEN bytes in msg_buf, the fixed part first). */
static void serve_one(uint32_t type, size_t len)
{
    static unsigned char out[RL_MAX_INLINE];
    struct rl_req q;
    int P;
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    if (len < sizeof q)
        bad_request("a request too short");
    memcpy(&q, msg_buf, sizeof q);
    unsigned char *data = msg_buf + sizeof q;
    size_t dlen = len - sizeof q, size = fl_rl_size((enum fl_rl_type)q.root);
    switch (type) {
    case RL_BARRIER:
        MPI_Barrier(MPI_COMM_WORLD);
        answer(q.code);
        return;
    case RL_ALLREDUCE:
        if (size == 0 || q.count < 0 || (size_t)q.count * size != dlen || (unsigned)q.op >= FL_RL_NOPS)
            bad_request("an allreduce");
        MPI_Allreduce(data, out, q.count, mpi_type(q.root), q.op == FL_RL_SUM ? MPI_SUM :
                      q.op == FL_RL_MIN ? MPI_MIN : q.op == FL_RL_MAX ? MPI_MAX : MPI_MAXLOC,
                      MPI_COMM_WORLD);
        reply(out, dlen);
        return;
    case RL_BCAST:
        if (q.bytes != dlen || q.root < 0 || q.root >= P || dlen > INT32_MAX)
            bad_request("a bcast");
        MPI_Bcast(data, (int)dlen, MPI_BYTE, q.root, MPI_COMM_WORLD);
        reply(data, dlen);
        return;
    case RL_ALLGATHER:
        if (q.bytes != dlen || dlen * (size_t)P > RL_MAX_INLINE)
            bad_request("an allgather");
        MPI_Allgather(data, (int)dlen, MPI_BYTE, out, (int)dlen, MPI_BYTE, MPI_COMM_WORLD);
        reply(out, dlen * (size_t)P);
        return;
    case RL_ALLTOALL: {
        if (size == 0 || q.count < 0)
            bad_request("an alltoall");
        uint64_t all = (uint64_t)q.count * size * (uint64_t)P;
        MPI_Alltoall(arena_at(q.off, all), q.count, mpi_type(q.root), arena_at(q.off2, all),
                     q.count, mpi_type(q.root), MPI_COMM_WORLD);
        answer(q.code);
        return;
    }
    case RL_IRECV: case RL_ISEND: {
        if (size == 0 || q.count < 0 || q.peer < 0 || q.peer >= P || q.tag < 0)
            bad_request("a send or receive");
        MPI_Request *r = slot_at(q.slot);
        if (*r != MPI_REQUEST_NULL)
            bad_request("a request slot still in use");
        void *buf = arena_at(q.off, (uint64_t)q.count * size);
        if (type == RL_IRECV)
            MPI_Irecv(buf, q.count, mpi_type(q.root), q.peer, q.tag, MPI_COMM_WORLD, r);
        else
            MPI_Isend(buf, q.count, mpi_type(q.root), q.peer, q.tag, MPI_COMM_WORLD, r);
        return;                         /* no answer */
    }
    case RL_WAITALL:
        if (q.n > FL_RL_MAX_SLOTS || q.slot > FL_RL_MAX_SLOTS - q.n)
            bad_request("a wait");
        if (q.n) {
            slot_at(q.slot + q.n - 1);
            MPI_Waitall((int)q.n, slots + q.slot, MPI_STATUSES_IGNORE);
        }
        answer(q.code);
        return;
    case RL_AGREE:
        if (dlen == 0)
            bad_request("an agreement");
        clean_lines((char *)data, dlen);
        /* one line: the message names the failure */
        for (char *p = (char *)data; *p; p++)
            if (*p == '\n')
                *p = ' ';
        fl_mpi_agree(q.code < 0 || q.code > 3 ? FL_EXIT_OPENCL : q.code, (const char *)data);
        reply(NULL, 0);
        return;
    case RL_PRINT:
        if (dlen == 0)
            bad_request("a print");
        clean_lines((char *)data, dlen);
        fl_mpi_print_ranks(q.stream == 2 ? stderr : stdout, (const char *)data);
        reply(NULL, 0);
        return;
    case RL_WATCHDOG: {
        static char names[2][64];   /* (the watchdog keeps them) */
        if (dlen != sizeof names)
            bad_request("a watchdog");
        memcpy(names, data, sizeof names);
        fl_iso_clean(names[0], sizeof names[0]);
        fl_iso_clean(names[1], sizeof names[1]);
        fl_mpi_watchdog_start(q.seconds > 0 ? q.seconds : 0, q.code ? names[0] : NULL, names[1]);
        reply(NULL, 0);
        return;
    }
    default:
        bad_request("an unknown request");
    }
}

void fl_rl_serve(struct fl_msg *m, void *payload, size_t cap)
{
    for (;;) {
        if (fl_iso_recv(m, msg_buf, sizeof msg_buf) != 0)
            bad_request("no message");  /* (not reached: the checker never sees the end) */
        if (m->type >= FL_RL_FIRST && m->type < FL_ISO_RESERVED) {
            serve_one(m->type, (size_t)m->len);
            continue;
        }
        if (m->len > cap)
            bad_request("a message too long");
        if (m->len)
            memcpy(payload, msg_buf, (size_t)m->len);
        return;
    }
}

int fl_rl_worker_in_kernels(void) { return flags && flags->in_kernels; }
void fl_rl_mark_overdue(void)
{
    if (flags)
        flags->overdue = 1;
}
int fl_rl_worker_pid(void) { return fl_iso_worker_pid(); }
void fl_rl_finish(void) { fl_iso_finish(); }
