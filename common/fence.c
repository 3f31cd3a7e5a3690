/* Fenced buffers on a CPU device: see fence.h. */
#define _GNU_SOURCE /* REG_ERR: whether a fault was a write (x86-64) */
#include "fence.h"

#include "exitcodes.h"

#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

/* Each side's PROT_NONE region: address space only (nothing is committed), as large as
 * a kernel's int index can reach from the data (2^31 values of 16 bytes) where the
 * system gives it; halved until a mapping succeeds (a tool such as valgrind may limit
 * the address space), at least FENCE_MIN_BYTES. */
#define FENCE_MAX_BYTES ((size_t)1 << 36)
#define FENCE_MIN_BYTES ((size_t)16 << 20)
#define SLACK_BYTE 0x5A
#define MAX_FENCES 24 /* input, A, B and the tables of two plans (FL_MAX_TABLES each) */

static struct fl_fence *fences[MAX_FENCES];
static volatile sig_atomic_t nfences;
static const char *volatile run_check;
static const char *volatile run_kernel;
static volatile sig_atomic_t run_index = -1, run_count;
static volatile sig_atomic_t status_fd = STDOUT_FILENO;
static void (*fault_sink)(const char *check, const char *what, const char *hint,
                          const struct fl_fault *fault);
static struct sigaction previous;
static int installed;

static size_t page_size(void)
{
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

static size_t device_align(const struct fl_device *dev)
{
    cl_uint bits = 0;
    clGetDeviceInfo(dev->id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits, NULL);
    size_t a = bits >= 8 ? bits / 8 : 1;
    return a < 16 ? 16 : a;
}

/* ---------------------------------------------------------------- the mapping */

static int map_fenced(struct fl_fence *f, size_t data_bytes, size_t align)
{
    size_t page = page_size();
    if (align > page)
        return -1;
    f->page_bytes = (data_bytes + page - 1) / page * page;
    for (size_t fence = FENCE_MAX_BYTES; fence >= FENCE_MIN_BYTES; fence /= 2) {
        if (f->page_bytes > SIZE_MAX / 4 - 2 * fence)
            continue;
        size_t total = 2 * fence + f->page_bytes;
        void *m = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED)
            continue;
        unsigned char *pages = (unsigned char *)m + fence;
        if (mprotect(pages, f->page_bytes, PROT_READ | PROT_WRITE) != 0) {
            munmap(m, total);
            continue;
        }
        f->map = m;
        f->map_bytes = total;
        f->pages = pages;
        /* view 0: the data's end at the pages' end where the alignment allows (the first
         * byte past it faults); view 1: its start at their start */
        uintptr_t end = (uintptr_t)(pages + f->page_bytes);
        f->view[0] = (unsigned char *)((end - data_bytes) / align * align);
        f->view[1] = pages;
        f->data = f->view[0];
        f->data_bytes = data_bytes;
        return 0;
    }
    return -1;
}

static void unmap_fenced(struct fl_fence *f)
{
    if (f->map)
        munmap(f->map, f->map_bytes);
    f->map = NULL;
}

int fl_fence_usable(const struct fl_device *dev)
{
    static cl_device_id checked;
    static int usable;
    if (checked == dev->id)
        return usable;
    checked = dev->id;
    usable = 0;
    const char *env = getenv("FFTLAB_FENCE");
    if ((env && strcmp(env, "0") == 0) || !(dev->type & CL_DEVICE_TYPE_CPU))
        return usable;
    /* zero-copy: the pointer a map of the buffer returns is the host pointer itself */
    struct fl_fence probe;
    memset(&probe, 0, sizeof probe);
    if (map_fenced(&probe, 256, device_align(dev)) != 0)
        return usable;
    cl_int err;
    cl_mem m = clCreateBuffer(dev->context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, 256, probe.data,
                              &err);
    if (err == CL_SUCCESS) {
        void *p = clEnqueueMapBuffer(dev->queue, m, CL_TRUE, CL_MAP_READ, 0, 256, 0, NULL, NULL, &err);
        if (err == CL_SUCCESS) {
            usable = p == (void *)probe.data;
            clEnqueueUnmapMemObject(dev->queue, m, p, 0, NULL, NULL);
            clFinish(dev->queue);
        }
        clReleaseMemObject(m);
    }
    unmap_fenced(&probe);
    return usable;
}

void fl_fence_make(struct fl_fence *f, const struct fl_device *dev, size_t data_bytes, size_t elem,
                   const char *name)
{
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s", name);
    f->elem = elem;
    if (map_fenced(f, data_bytes, device_align(dev)) != 0)
        fl_die(FL_EXIT_OPENCL, "cannot map %s (%zu MiB) between guard regions: out of memory or "
               "address space", name, data_bytes >> 20);
    for (int v = 0; v < 2; v++) {
        if (v == 1 && f->view[1] == f->view[0]) {
            f->views[1] = f->views[0];
            break;
        }
        cl_int err;
        f->views[v] = clCreateBuffer(dev->context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, data_bytes,
                                     f->view[v], &err);
        if (err != CL_SUCCESS)
            fl_die(FL_EXIT_OPENCL, "cannot allocate %s (%zu MiB) on %s: %s", name, data_bytes >> 20,
                   dev->name, fl_cl_error_name(err));
    }
    f->mem = f->views[0];
    fl_fence_install_handler();
    for (int i = 0; i < MAX_FENCES; i++)
        if (!fences[i]) {
            fences[i] = f;
            if (i >= nfences)
                nfences = i + 1;
            break;
        }
}

void fl_fence_free(struct fl_fence *f)
{
    for (int i = 0; i < MAX_FENCES; i++)
        if (fences[i] == f)
            fences[i] = NULL;
    if (f->views[1] && f->views[1] != f->views[0])
        clReleaseMemObject(f->views[1]);
    if (f->views[0])
        clReleaseMemObject(f->views[0]);
    f->mem = f->views[0] = f->views[1] = NULL;
    unmap_fenced(f);
}

void fl_fence_view(struct fl_fence *f, int v)
{
    f->data = f->view[v];
    f->mem = f->views[v];
}

/* ---------------------------------------------------------------- the slack */

void fl_fence_arm(struct fl_fence *f)
{
    unsigned char *end = f->data + f->data_bytes;
    memset(f->pages, SLACK_BYTE, (size_t)(f->data - f->pages));
    memset(end, SLACK_BYTE, (size_t)(f->pages + f->page_bytes - end));
}

/* A write the slack caught: FAULT's fields (when not NULL). */
static void slack_fault(struct fl_fault *fault, const struct fl_fence *f, const char *side,
                        long long element, size_t count)
{
    if (!fault)
        return;
    memset(fault, 0, sizeof *fault);
    fault->set = 1;
    fl_copy_text(fault->access, sizeof fault->access, "write");
    fl_copy_text(fault->buffer, sizeof fault->buffer, f->name);
    fl_copy_text(fault->side, sizeof fault->side, side);
    fault->has_element = 1;
    fault->element = element;
    fault->elements = count;
    fault->launch = -1;
}

const char *fl_fence_damage(const struct fl_fence *f, struct fl_fault *fault)
{
    static char where[160];
    size_t count = f->data_bytes / f->elem;
    /* before the start: the damaged byte nearest the data; past the end: the first */
    for (unsigned char *p = f->data; p-- > f->pages;)
        if (*p != SLACK_BYTE) {
            size_t before = ((size_t)(f->data - p) + f->elem - 1) / f->elem;
            snprintf(where, sizeof where, "buffer %s, before its start (element -%zu)", f->name,
                     before);
            slack_fault(fault, f, "before the start", -(long long)before, count);
            return where;
        }
    for (unsigned char *p = f->data + f->data_bytes; p < f->pages + f->page_bytes; p++)
        if (*p != SLACK_BYTE) {
            size_t at = count + (size_t)(p - f->data - f->data_bytes) / f->elem;
            snprintf(where, sizeof where, "buffer %s, past its end (element %zu of %zu)", f->name,
                     at, count);
            slack_fault(fault, f, "past the end", (long long)at, count);
            return where;
        }
    return NULL;
}

void fl_fence_read_only(struct fl_fence *f, int on)
{
    if (f->read_only == on)
        return;
    if (mprotect(f->pages, f->page_bytes, on ? PROT_READ : PROT_READ | PROT_WRITE) == 0)
        f->read_only = on;
}

void fl_fence_running(const char *check, int index, int count, const char *kernel)
{
    run_check = check;
    run_kernel = kernel;
    run_count = count;
    run_index = index;
}

/* ---------------------------------------------------------------- the handler */

/* Async-signal-safe text: append S, or a number, to a buffer. */
struct text {
    char buf[512];
    size_t len;
};

static void put(struct text *t, const char *s)
{
    while (s && *s && t->len < sizeof t->buf - 1)
        t->buf[t->len++] = *s++;
}

static void put_num(struct text *t, uintptr_t v, int base)
{
    char digits[32];
    int n = 0;
    do {
        digits[n++] = "0123456789abcdef"[v % (uintptr_t)base];
        v /= (uintptr_t)base;
    } while (v && n < (int)sizeof digits);
    while (n > 0 && t->len < sizeof t->buf - 1)
        t->buf[t->len++] = digits[--n];
}

/* "(launch 0 of 10: fft_radix2_dif" (the caller closes it) */
static void put_running(struct text *t)
{
    put(t, " (launch ");
    put_num(t, (uintptr_t)run_index, 10);
    put(t, " of ");
    put_num(t, (uintptr_t)run_count, 10);
    put(t, ": ");
    put(t, run_kernel);
}

/* The check's verify line (text output: stdout, as the report prints it), then the FAIL
 * line, as a run that goes on to its end would print them, and exit 1. */
static void say_and_exit(struct text *what, const char *hint, struct fl_fault *fault)
{
    struct text line = {{0}, 0};
    const char *check = run_index >= 0 ? run_check : NULL;
    ssize_t ignored = 0;
    if (fault_sink) {
        fault->set = 1;
        fault->launch = run_index >= 0 ? (int)run_index : -1;
        fault->launches = run_index >= 0 ? (int)run_count : 0;
        fl_copy_text(fault->kernel, sizeof fault->kernel, run_index >= 0 ? run_kernel : NULL);
        fl_copy_text(fault->check, sizeof fault->check, check);
        fault_sink(check, what->buf, hint, fault);
        _exit(FL_EXIT_MISMATCH);
    }
    if (status_fd == STDOUT_FILENO && check) {
        put(&line, "verify   ");
        put(&line, check);
        for (size_t n = strlen(check); n < 12; n++)
            put(&line, " ");
        put(&line, " WRONG: ");
        put(&line, what->buf);
        put(&line, hint);
        put(&line, "\n");
        ignored = write(STDOUT_FILENO, line.buf, line.len);
        line.len = 0;
    }
    put(&line, "FAIL: ");
    if (check) {
        put(&line, "check ");
        put(&line, check);
        put(&line, ": ");
    }
    put(&line, what->buf);
    put(&line, "\n");
    ignored = write(status_fd, line.buf, line.len);
    (void)ignored;
    _exit(FL_EXIT_MISMATCH);
}

/* The message reads as the runner's guard-zone message does, then says more:
 *   verify   random       WRONG: a kernel wrote out of bounds: buffer B, past its end
 *   (element 101024 of 1024) (launch 0 of 10: fft_radix2_dif; 800000 bytes past the end)
 *   (an index outside the data, even if every value is right)
 *   FAIL: check random: a kernel wrote out of bounds: ... (the same, without the hint) */
static void on_fault(int sig, siginfo_t *si, void *ctx)
{
    uintptr_t a = (uintptr_t)si->si_addr;
    int write_fault = -1; /* unknown */
#if defined(__x86_64__) && defined(REG_ERR)
    write_fault = (((ucontext_t *)ctx)->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#endif
    const char *verb = write_fault < 0 ? "read or wrote" : write_fault ? "wrote" : "read";
    struct text t = {{0}, 0};
    struct fl_fault fault; /* the same, as fields (run_end.h); no memset in a handler */
    for (size_t i = 0; i < sizeof fault; i++)
        ((volatile unsigned char *)&fault)[i] = 0;
    fl_copy_text(fault.access, sizeof fault.access,
                 write_fault < 0 ? "read or write" : write_fault ? "write" : "read");
    for (int i = 0; i < nfences; i++) {
        const struct fl_fence *f = fences[i];
        if (!f || a < (uintptr_t)f->map || a >= (uintptr_t)f->map + f->map_bytes)
            continue;
        uintptr_t start = (uintptr_t)f->data, end = start + f->data_bytes;
        size_t count = f->data_bytes / f->elem;
        int inside = a >= start && a < end;
        fl_copy_text(fault.buffer, sizeof fault.buffer, f->name);
        fault.has_element = 1;
        fault.elements = count;
        put(&t, "a kernel ");
        if (inside) {
            /* inside the data: only a write into a read-only (const) input faults there */
            fl_copy_text(fault.access, sizeof fault.access, "write");
            fl_copy_text(fault.side, sizeof fault.side, "inside");
            fault.element = (long long)((a - start) / f->elem);
            put(&t, "wrote into its read-only input: buffer ");
            put(&t, f->name);
            put(&t, " (element ");
            put_num(&t, (a - start) / f->elem, 10);
            put(&t, " of ");
            put_num(&t, count, 10);
            put(&t, ")");
        } else {
            put(&t, verb);
            put(&t, " out of bounds: buffer ");
            put(&t, f->name);
            fl_copy_text(fault.side, sizeof fault.side, a < start ? "before the start" : "past the end");
            fault.element = a < start ? -(long long)((start - a + f->elem - 1) / f->elem)
                                      : (long long)(count + (a - end) / f->elem);
            if (a < start) {
                put(&t, ", before its start (element -");
                put_num(&t, (start - a + f->elem - 1) / f->elem, 10);
                put(&t, ")");
            } else {
                put(&t, ", past its end (element ");
                put_num(&t, count + (a - end) / f->elem, 10);
                put(&t, " of ");
                put_num(&t, count, 10);
                put(&t, ")");
            }
        }
        if (run_index >= 0) {
            put_running(&t);
            if (!inside)
                put(&t, "; ");
        } else if (!inside) {
            put(&t, " (");
        }
        if (!inside) {
            put_num(&t, a < start ? start - a : a - end, 10);
            put(&t, a < start ? " bytes before the start" : " bytes past the end");
        }
        if (run_index >= 0 || !inside)
            put(&t, ")");
        say_and_exit(&t, inside ? " (a buffer the kernel takes as const: it may read it, "
                     "never write it)" : " (an index outside the data, even if every value is "
                     "right)", &fault);
    }
    if (run_index >= 0) {
        /* a kernel runs: far outside every buffer (past the fences) is the kernel's too */
        put(&t, "a kernel ");
        put(&t, verb);
        put(&t, " out of bounds: outside every buffer of the run (address 0x");
        put_num(&t, a, 16);
        put(&t, ")");
        put_running(&t);
        put(&t, ")");
        fl_copy_text(fault.side, sizeof fault.side, "outside every buffer");
        say_and_exit(&t, " (an address outside the data, even if every value is right)", &fault);
    }
    /* not ours: the handler that was there before (ASan's, or the default: a crash) */
    if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction) {
        previous.sa_sigaction(sig, si, ctx);
        return;
    }
    if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN && previous.sa_handler) {
        previous.sa_handler(sig);
        return;
    }
    signal(sig, SIG_DFL); /* returning re-runs the access, which now kills the process */
}

void fl_fence_install_handler(void)
{
    if (installed)
        return;
    installed = 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &previous);
}

void fl_fence_fault_sink(void (*sink)(const char *check, const char *what, const char *hint,
                                      const struct fl_fault *fault))
{
    fault_sink = sink;
}

void fl_fence_status_to_stderr(int on)
{
    status_fd = on ? STDERR_FILENO : STDOUT_FILENO;
}
