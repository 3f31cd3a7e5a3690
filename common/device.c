#define _POSIX_C_SOURCE 200809L
#include "device.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_PLATFORMS 16
#define MAX_DEVICES 64

static unsigned get_platforms(cl_platform_id *ids)
{
    cl_uint n = 0;
    cl_int err = clGetPlatformIDs(MAX_PLATFORMS, ids, &n);
    /* The ICD loader answers CL_PLATFORM_NOT_FOUND_KHR (-1001) when no vendor is
     * registered; that is "no platform", not a failure of this program. */
    if (err == -1001 || (err == CL_SUCCESS && n == 0))
        return 0;
    CL_CHECK_ERR(err, "clGetPlatformIDs");
    return n > MAX_PLATFORMS ? MAX_PLATFORMS : n;
}

static unsigned get_devices(cl_platform_id p, cl_device_id *ids)
{
    cl_uint n = 0;
    cl_int err = clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, MAX_DEVICES, ids, &n);
    if (err == CL_DEVICE_NOT_FOUND)
        return 0;
    CL_CHECK_ERR(err, "clGetDeviceIDs");
    return n > MAX_DEVICES ? MAX_DEVICES : n;
}

static void platform_string(cl_platform_id p, cl_platform_info what, char *buf, size_t len)
{
    buf[0] = '\0';
    CL_CHECK(clGetPlatformInfo(p, what, len, buf, NULL));
    buf[len - 1] = '\0';
}

static void device_string(cl_device_id d, cl_device_info what, char *buf, size_t len)
{
    buf[0] = '\0';
    CL_CHECK(clGetDeviceInfo(d, what, len, buf, NULL));
    buf[len - 1] = '\0';
}

const char *fl_device_type_name(cl_device_type type)
{
    if (type & CL_DEVICE_TYPE_GPU) return "GPU";
    if (type & CL_DEVICE_TYPE_CPU) return "CPU";
    if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
    return "other";
}

static const char *no_platform_help =
    "no OpenCL platform found. Install one: 'sudo apt-get install pocl-opencl-icd' for the "
    "CPU device (or run 'make deps'); check OCL_ICD_VENDORS and /etc/OpenCL/vendors";

unsigned fl_list_devices(FILE *out)
{
    cl_platform_id plats[MAX_PLATFORMS];
    unsigned np = get_platforms(plats), total = 0;
    for (unsigned p = 0; p < np; p++) {
        char pname[256];
        platform_string(plats[p], CL_PLATFORM_NAME, pname, sizeof pname);
        cl_device_id devs[MAX_DEVICES];
        unsigned nd = get_devices(plats[p], devs);
        fprintf(out, "platform %u: %s\n", p, pname);
        for (unsigned d = 0; d < nd; d++) {
            char name[256], ver[128];
            cl_device_type type;
            device_string(devs[d], CL_DEVICE_NAME, name, sizeof name);
            device_string(devs[d], CL_DRIVER_VERSION, ver, sizeof ver);
            CL_CHECK(clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL));
            fprintf(out, "  --device %u:%u   %-4s %s (driver %s)\n", p, d,
                    fl_device_type_name(type), name, ver);
            total++;
        }
    }
    if (total == 0)
        fprintf(out, "%s\n", no_platform_help);
    return total;
}

int fl_contains_nocase(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0)
            return 1;
    return n == 0;
}

/* pocl's platform, by the name it reports ("Portable Computing Language"). */
static int is_pocl_platform(const char *platform)
{
    return fl_contains_nocase(platform, "Portable Computing Language") ||
           fl_contains_nocase(platform, "pocl");
}

int fl_device_matches(const char *spec, const char *platform, const char *name,
                      cl_device_type type)
{
    /* A kind of device is matched by its type, never by its name: a driver's name for its
     * devices changes between versions (pocl 3's "pthread-..." is pocl 5's "cpu-..."). */
    if (strcasecmp(spec, "cpu") == 0)
        return (type & CL_DEVICE_TYPE_CPU) != 0;
    if (strcasecmp(spec, "gpu") == 0)
        return (type & CL_DEVICE_TYPE_GPU) != 0;
    if (strcasecmp(spec, "accelerator") == 0)
        return (type & CL_DEVICE_TYPE_ACCELERATOR) != 0;
    if (fl_contains_nocase(platform, spec) || fl_contains_nocase(name, spec))
        return 1;
    /* pocl 3's name for its CPU device, kept for scripts and habits written then */
    return strcasecmp(spec, "pthread") == 0 && is_pocl_platform(platform) &&
           (type & CL_DEVICE_TYPE_CPU) != 0;
}

/* Parse "P:D"; returns 1 when SPEC has that form. */
static int parse_index_spec(const char *spec, unsigned *p, unsigned *d)
{
    char *end;
    if (!isdigit((unsigned char)spec[0]))
        return 0;
    unsigned long a = strtoul(spec, &end, 10);
    if (*end != ':' || !isdigit((unsigned char)end[1]))
        return 0;
    unsigned long b = strtoul(end + 1, &end, 10);
    if (*end != '\0')
        return 0;
    *p = (unsigned)a;
    *d = (unsigned)b;
    return 1;
}

static void fill_info(struct fl_device *dev)
{
    cl_device_id d = dev->id;
    platform_string(dev->platform, CL_PLATFORM_NAME, dev->platform_name, sizeof dev->platform_name);
    device_string(d, CL_DEVICE_NAME, dev->name, sizeof dev->name);
    device_string(d, CL_DRIVER_VERSION, dev->driver, sizeof dev->driver);
    device_string(d, CL_DEVICE_OPENCL_C_VERSION, dev->clc_version, sizeof dev->clc_version);
    CL_CHECK(clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof dev->type, &dev->type, NULL));
    CL_CHECK(clGetDeviceInfo(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof dev->max_alloc, &dev->max_alloc, NULL));
    CL_CHECK(clGetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof dev->global_mem, &dev->global_mem, NULL));
    CL_CHECK(clGetDeviceInfo(d, CL_DEVICE_LOCAL_MEM_SIZE, sizeof dev->local_mem, &dev->local_mem, NULL));
    CL_CHECK(clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof dev->max_wg, &dev->max_wg, NULL));
    CL_CHECK(clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof dev->compute_units, &dev->compute_units, NULL));
    char ext[8192];
    device_string(d, CL_DEVICE_EXTENSIONS, ext, sizeof ext);
    cl_device_fp_config fp64 = 0;
    CL_CHECK(clGetDeviceInfo(d, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, NULL));
    dev->has_fp64 = strstr(ext, "cl_khr_fp64") != NULL || fp64 != 0;
}

void fl_device_open(const char *spec, struct fl_device *dev)
{
    memset(dev, 0, sizeof *dev);
    cl_platform_id plats[MAX_PLATFORMS];
    unsigned np = get_platforms(plats);
    if (np == 0)
        fl_die(FL_EXIT_OPENCL, "%s", no_platform_help);

    int found = 0;
    unsigned want_p = 0, want_d = 0;
    int by_index = spec && parse_index_spec(spec, &want_p, &want_d);
    /* Without a SPEC: pass 0 looks for a GPU, pass 1 for a CPU, pass 2 for anything. */
    for (int pass = 0; pass < 3 && !found; pass++) {
        for (unsigned p = 0; p < np && !found; p++) {
            char pname[256];
            platform_string(plats[p], CL_PLATFORM_NAME, pname, sizeof pname);
            cl_device_id devs[MAX_DEVICES];
            unsigned nd = get_devices(plats[p], devs);
            for (unsigned d = 0; d < nd && !found; d++) {
                char name[256];
                cl_device_type type;
                device_string(devs[d], CL_DEVICE_NAME, name, sizeof name);
                CL_CHECK(clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof type, &type, NULL));
                int match;
                if (by_index)
                    match = p == want_p && d == want_d;
                else if (spec)
                    match = fl_device_matches(spec, pname, name, type);
                else
                    match = pass == 2 || (pass == 0 && (type & CL_DEVICE_TYPE_GPU)) ||
                            (pass == 1 && (type & CL_DEVICE_TYPE_CPU));
                if (match) {
                    dev->platform = plats[p];
                    dev->id = devs[d];
                    dev->platform_index = p;
                    dev->device_index = d;
                    found = 1;
                }
            }
        }
        if (spec)
            break; /* a SPEC is matched in one pass */
    }
    if (!found) {
        if (!spec)
            fl_die(FL_EXIT_OPENCL, "%s", no_platform_help);
        fprintf(stderr, "available devices:\n");
        fl_list_devices(stderr);
        fl_die(FL_EXIT_USAGE, "no OpenCL device matches '%s' (use P:D indices, cpu, gpu, or part of a "
               "platform/device name, as listed above)", spec);
    }
    fill_info(dev);

    cl_int err;
    dev->context = clCreateContext(NULL, 1, &dev->id, NULL, NULL, &err);
    CL_CHECK_ERR(err, "clCreateContext");
    dev->queue = clCreateCommandQueue(dev->context, dev->id, CL_QUEUE_PROFILING_ENABLE, &err);
    CL_CHECK_ERR(err, "clCreateCommandQueue(CL_QUEUE_PROFILING_ENABLE)");
}

void fl_device_close(struct fl_device *dev)
{
    if (dev->queue) clReleaseCommandQueue(dev->queue);
    if (dev->context) clReleaseContext(dev->context);
    dev->queue = NULL;
    dev->context = NULL;
}

int fl_device_refuses(const struct fl_device *dev, int is_double, size_t wg, char *why,
                      size_t len)
{
    if (is_double && !dev->has_fp64)
        snprintf(why, len, "--precision double needs cl_khr_fp64, which %s does not have",
                 dev->name);
    else if (wg > dev->max_wg)
        snprintf(why, len, "--wg %zu is more than %s allows (CL_DEVICE_MAX_WORK_GROUP_SIZE = "
                 "%zu)", wg, dev->name, dev->max_wg);
    else
        return 0;
    return -1;
}
