/* Which OpenCL device each rank opens: the ranks of a node spread over its devices. */
#include "ranks.h"

#include "../clerr.h"
#include "../device.h"
#include "../exitcodes.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>

/* (ranks.h) LOCAL_RANK counts the ranks on this node. */
static int choose(const char *spec, int local_rank, int local_size, char *pick, size_t plen,
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

int fl_mpi_choose_device(const char *spec, char *pick, size_t plen, char *how, size_t hlen,
                         char *why, size_t wlen)
{
    MPI_Comm node;
    int local_rank, local_size;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &local_rank);
    MPI_Comm_size(node, &local_size);
    MPI_Comm_free(&node);
    return choose(spec, local_rank, local_size, pick, plen, how, hlen, why, wlen);
}

void fl_mpi_report_devices(const struct fl_device *dev, const char *how, int text)
{
    char line[1024], lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int rank, nranks, ll;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    if (rank == 0 && text) {
        MPI_Get_library_version(lib, &ll);
        lib[strcspn(lib, ",\n")] = '\0';
        printf("ranks    %d MPI process%s (%s), one OpenCL device each\n", nranks,
               nranks == 1 ? "" : "es", lib);
    }
    snprintf(line, sizeof line, "rank %-3d device %u:%u %s (%s) on platform %s | driver %s (%s)\n",
             rank, dev->platform_index, dev->device_index, dev->name,
             fl_device_type_name(dev->type), dev->platform_name, dev->driver, how);
    fl_mpi_print_ranks(fl_mpi_status_stream(), line);
}
