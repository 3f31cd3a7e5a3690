/* Fenced buffers: on a CPU device (pocl runs the kernels in this process, on the host's
 * memory), each of a run's buffers lives in memory the program maps itself, between
 * large PROT_NONE regions, and is handed to OpenCL with CL_MEM_USE_HOST_PTR. Any access
 * outside the data, near or far, read or write, then faults at once; the SIGSEGV handler
 * maps the address to the buffer and its side and exits 1 naming them and the launch
 * that was running:
 *
 *   FAIL: check random: a kernel wrote out of bounds: buffer B, past its end (element
 *   101024 of 1024) (launch 0 of 10: fft_radix2_dif; 800000 bytes past the end)
 *
 * The data's pages may hold a few bytes more than the data (a page is the finest fence):
 * those are filled with a byte pattern and checked after every launch, so a write there is
 * caught as well. For a read there, each buffer has two views of the same pages, one with
 * the data's end at the last page's end, one with its start at the first page's start; the
 * runner changes view between checks, so a read just past the end faults in one check and
 * a read just before the start in the next.
 *
 * A buffer a launch takes as `const` is made read-only (PROT_READ) while that launch runs:
 * a kernel that writes its read-only input faults the same way.
 *
 * On a GPU none of this applies: the runner keeps its guard zones (fl_fence_usable
 * says which). */
#ifndef FFTLAB_FENCE_H
#define FFTLAB_FENCE_H

#include "device.h"
#include "run_end.h"

#include <stddef.h>
#include <stdio.h>

struct fl_fence {
    void *map;                /* the whole mapping: fence | pages | fence */
    size_t map_bytes;
    unsigned char *pages;     /* the readable pages holding the data */
    size_t page_bytes;
    unsigned char *data;      /* data_bytes within pages, aligned as the device asks: */
    unsigned char *view[2];   /* the end at the pages' end (0), the start at their start (1) */
    size_t data_bytes, elem;
    char name[32];            /* "A", "B", "input" */
    cl_mem mem;               /* the OpenCL buffer on DATA (CL_MEM_USE_HOST_PTR) */
    cl_mem views[2];          /* one on each view (the same one where they coincide) */
    int read_only;            /* set while a launch takes it as const */
};

/* 1 when DEV runs kernels on this process's memory and a buffer made with
 * CL_MEM_USE_HOST_PTR uses that memory itself (checked once on DEV: a mapped pointer is the
 * host pointer). FFTLAB_FENCE=0 turns fences off (the GPU path's guard zones then run). */
int fl_fence_usable(const struct fl_device *dev);

/* Map DATA_BYTES (ELEM bytes a value, for messages) between fences and make the OpenCL
 * buffer on it. Exits 3 when the memory cannot be had. */
void fl_fence_make(struct fl_fence *f, const struct fl_device *dev, size_t data_bytes, size_t elem,
                   const char *name);
void fl_fence_free(struct fl_fence *f);
/* Use view V (0 or 1): DATA and MEM change (the data is not copied). */
void fl_fence_view(struct fl_fence *f, int v);

/* Fill the slack around the data with the guard pattern (before a run). */
void fl_fence_arm(struct fl_fence *f);
/* NULL, or where a kernel wrote into the slack: "buffer B, past its end (...)", and its
 * fields into FAULT (when not NULL and there is damage): access write, the buffer, the
 * side, the element (run_end.h). */
const char *fl_fence_damage(const struct fl_fence *f, struct fl_fault *fault);

/* What runs now, for the handler's message: CHECK ("random", "roundtrip"; may be NULL),
 * launch INDEX of COUNT, KERNEL. INDEX < 0: no kernel runs. The strings must live on. */
void fl_fence_running(const char *check, int index, int count, const char *kernel);
/* Make F read-only (1) or read-write again (0). */
void fl_fence_read_only(struct fl_fence *f, int on);

/* A SIGSEGV (or SIGBUS) handler that names the buffer (installed by the first
 * fl_fence_make; a fault it cannot place goes to the handler that was there before). */
void fl_fence_install_handler(void);
/* The handler's FAIL line goes to stdout (text output), or to stderr (CSV/JSON). */
void fl_fence_status_to_stderr(int on);
/* In the process that runs the kernels (common/isolate.h): the handler prints nothing and
 * hands SINK the check's name (may be NULL), what happened, the hint, and the fault's
 * fields (run_end.h: access, buffer, side, element, launch) instead; SINK must be
 * async-signal-safe. The handler then exits 1. */
void fl_fence_fault_sink(void (*sink)(const char *check, const char *what, const char *hint,
                                      const struct fl_fault *fault));

#endif
