/* Which OpenCL device each rank opens, and whether the rank's slab fits on it. */
#include "../distributed.h"

#include "../../../common/buffers.h"

#include <stdio.h>
#include <string.h>

/* Which device this rank opens: among the devices SPEC matches (P:D, cpu, gpu, or part of a
 * platform or device name: fl_device_matches; without SPEC the GPUs, else the CPU
 * devices), number LOCAL_RANK mod their count — LOCAL_RANK counting the ranks on this
 * node, so every node's first rank takes its first device. Writes "P:D" into PICK and how it was chosen into HOW. Returns 0, or an
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
            if (spec && !(strcmp(spec, idx) == 0 || fl_device_matches(spec, pname, name, type)))
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
            snprintf(why, wlen, "no OpenCL device matches '%s' (FFTLAB_DEVICE or --device: P:D, "
                     "cpu, gpu, or part of a platform/device name); there are: %s", spec, ll ? list : "none");
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

void open_device(struct ctx *c)
{
    char err[1024] = "", pick[32];
    MPI_Comm node;
    int local_rank, local_size;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &local_rank);
    MPI_Comm_size(node, &local_size);
    MPI_Comm_free(&node);
    int rc = choose_device(c->o.device, local_rank, local_size, pick, sizeof pick, c->how,
                           sizeof c->how, err, sizeof err);
    agree(rc, err);
    fl_device_open(pick, &c->dev);
    /* each buffer: the slab between two guard zones (exchange.c, common/buffers.h) */
    size_t row = c->s.count / (c->s.batch ? c->s.batch : 1) * c->elem;
    size_t need = c->s.count * c->elem + 2 * fl_guard_bytes(&c->dev, row, c->elem);
    int nbuf = c->on_device ? 2 : 4;   /* one rank: no exchange, no exchange buffers */
    if (c->o.precision == FL_DOUBLE && !c->dev.has_fp64) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "--precision double needs cl_khr_fp64, which %s does not have",
                 c->dev.name);
    } else if (need > c->dev.max_alloc || (size_t)nbuf * need > c->dev.global_mem) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "a slab of %zu values needs %d buffers of %zu MiB (the data, a "
                 "second buffer%s, each with its guard zones) on %s, which has %llu "
                 "MiB (at most %llu MiB per buffer): use more ranks", c->s.count, nbuf, need >> 20,
                 nbuf == 4 ? ", the exchange's send and receive buffers" : "",
                 c->dev.name, (unsigned long long)(c->dev.global_mem >> 20),
                 (unsigned long long)(c->dev.max_alloc >> 20));
    } else if (c->o.wg && c->o.wg > c->dev.max_wg) {
        rc = FL_EXIT_USAGE;
        snprintf(err, sizeof err, "--wg %zu is more than %s allows (CL_DEVICE_MAX_WORK_GROUP_SIZE "
                 "= %zu)", c->o.wg, c->dev.name, c->dev.max_wg);
    }
    agree(rc, err);
}
