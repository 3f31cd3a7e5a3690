/* Device choice: list every OpenCL device, pick one from a SPEC, open a queue.
 *
 * SPEC is "P:D" (platform and device indices as --list-devices prints them), a kind of
 * device ("cpu", "gpu", "accelerator": the first device of that type), or a
 * case-insensitive substring of the platform or device name ("nvidia", "portable").
 * "cpu" is how to ask for pocl's CPU device whatever pocl calls it: pocl 3 names it
 * "pthread-<cpu>", pocl 5 and 6 "cpu-<cpu>". The old spelling "pthread" keeps working on
 * every pocl: on pocl >= 5 it means pocl's CPU device too.
 * With no SPEC (neither --device nor FFTLAB_DEVICE) the first GPU is chosen, else
 * the first CPU device, else the first device of any kind. */
#ifndef FFTLAB_DEVICE_H
#define FFTLAB_DEVICE_H

#include "clerr.h"

#include <stdio.h>

struct fl_device {
    cl_platform_id platform;
    cl_device_id id;
    cl_context context;
    cl_command_queue queue; /* in-order, profiling enabled */
    unsigned platform_index, device_index;
    char platform_name[256];
    char name[256];
    char driver[128];
    char clc_version[128];
    cl_device_type type;
    int has_fp64;
    cl_ulong max_alloc;      /* CL_DEVICE_MAX_MEM_ALLOC_SIZE */
    cl_ulong global_mem;     /* CL_DEVICE_GLOBAL_MEM_SIZE    */
    cl_ulong local_mem;      /* CL_DEVICE_LOCAL_MEM_SIZE     */
    size_t max_wg;           /* CL_DEVICE_MAX_WORK_GROUP_SIZE */
    cl_uint compute_units;
};

/* Print every platform and device with its "P:D" index. Returns the device count;
 * 0 means there is no usable OpenCL platform (the message says what to install). */
unsigned fl_list_devices(FILE *out);

/* Choose a device by SPEC (may be NULL). Exits with FL_EXIT_OPENCL when there is no
 * platform at all, FL_EXIT_USAGE when SPEC matches nothing (the list is printed). */
void fl_device_open(const char *spec, struct fl_device *dev);
void fl_device_close(struct fl_device *dev);

/* "GPU", "CPU", "accelerator" ... */
const char *fl_device_type_name(cl_device_type type);

/* Does SPEC (not "P:D": indices are the caller's) pick the device named NAME, of TYPE, on
 * the platform named PLATFORM? The one rule --device and FFTLAB_DEVICE follow everywhere
 * (common/device.c, chapter 10's per-rank choice). */
/* 0 when DEV can run in double (DOUBLE 1: cl_khr_fp64) with groups of WG work-items (0:
 * any); else -1 and WHY, the first that it cannot. */
int fl_device_refuses(const struct fl_device *dev, int is_double, size_t wg, char *why,
                      size_t len);

int fl_device_matches(const char *spec, const char *platform, const char *name,
                      cl_device_type type);

/* HAY contains NEEDLE, ignoring case (an empty NEEDLE matches): how --device and
 * FFTLAB_DEVICE match part of a platform or device name. */
int fl_contains_nocase(const char *hay, const char *needle);

#endif
