/* Host allocation and guarded device buffers (buffers.h): allocation that exits with a
 * clear message instead of returning NULL, and the guard zones around a kernel's data. */
#include "buffers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *fl_xmalloc(size_t bytes, const char *what)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        fl_die(FL_EXIT_OPENCL, "out of host memory allocating %s (%zu MiB)", what, bytes >> 20);
    return p;
}

void fl_to_device_format(void *dev_format, const double *x, size_t count, size_t elem)
{
    if (elem == 16)
        memcpy(dev_format, x, count * 16);
    else
        for (size_t i = 0; i < 2 * count; i++)
            ((float *)dev_format)[i] = (float)x[i];
}

void fl_from_device_format(double *x, const void *dev_format, size_t count, size_t elem)
{
    if (elem == 16)
        memcpy(x, dev_format, count * 16);
    else
        for (size_t i = 0; i < 2 * count; i++)
            x[i] = ((const float *)dev_format)[i];
}

cl_mem fl_make_buffer(const struct fl_device *dev, size_t bytes, const char *what)
{
    cl_int err;
    cl_mem m = clCreateBuffer(dev->context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot allocate %s (%zu MiB) on %s: %s", what, bytes >> 20,
               dev->name, fl_cl_error_name(err));
    return m;
}

size_t fl_base_align(const struct fl_device *dev)
{
    cl_uint align_bits = 0;
    CL_CHECK(clGetDeviceInfo(dev->id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits,
                             &align_bits, NULL));
    return align_bits >= 8 ? align_bits / 8 : 1;
}

size_t fl_guard_bytes(const struct fl_device *dev, size_t row_bytes, size_t elem)
{
    size_t align = fl_base_align(dev), g = FL_GUARD_ELEMENTS * elem;
    if (row_bytes > g)
        g = row_bytes < FL_GUARD_MAX_BYTES ? row_bytes : FL_GUARD_MAX_BYTES;
    return (g + align - 1) / align * align; /* the sub-buffer's origin */
}

cl_mem fl_guarded_view(const struct fl_device *dev, cl_mem all, size_t guard, size_t data,
                       const char *what)
{
    cl_int err;
    cl_buffer_region region = {guard, data};
    cl_mem m = clCreateSubBuffer(all, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    if (err != CL_SUCCESS)
        fl_die(FL_EXIT_OPENCL, "cannot make the guarded view of %s on %s: %s", what, dev->name,
               fl_cl_error_name(err));
    return m;
}

void fl_fill_guards(cl_command_queue q, cl_mem all, size_t guard, size_t data,
                    const struct fl_fill_limits *fill)
{
    const unsigned char pattern = FL_GUARD_BYTE;
    fl_fill_range(q, all, &pattern, 1, 0, guard, fill, "a guard zone");
    fl_fill_range(q, all, &pattern, 1, guard + data, guard, fill, "a guard zone");
}

const char *fl_guard_zone_damage(cl_command_queue q, cl_mem all, size_t guard, size_t data,
                                 size_t elem, const char *name, struct fl_fault *fault)
{
    static char where[160];
    unsigned char *g = fl_xmalloc(guard, "guard check");
    const char *bad = NULL;
    for (int side = 0; side < 2 && !bad; side++) {
        size_t at = side == 0 ? 0 : guard + data;
        CL_CHECK(clEnqueueReadBuffer(q, all, CL_TRUE, at, guard, g, 0, NULL, NULL));
        /* before the start: the damaged byte nearest the data; past the end: the first */
        for (size_t k = 0; k < guard; k++) {
            size_t b = side == 0 ? guard - 1 - k : k;
            if (g[b] != FL_GUARD_BYTE) {
                long long element = side == 0 ? -(long long)((guard - b + elem - 1) / elem)
                                              : (long long)(data / elem + b / elem);
                if (side == 0)
                    snprintf(where, sizeof where, "buffer %s, before its start (element %lld)",
                             name, element);
                else
                    snprintf(where, sizeof where, "buffer %s, past its end (element %lld of %zu)",
                             name, element, data / elem);
                if (fault) {
                    memset(fault, 0, sizeof *fault);
                    fault->set = fault->has_element = 1;
                    fl_copy_text(fault->access, sizeof fault->access, "write");
                    fl_copy_text(fault->buffer, sizeof fault->buffer, name);
                    fl_copy_text(fault->side, sizeof fault->side,
                                 side == 0 ? "before the start" : "past the end");
                    fault->element = element;
                    fault->elements = data / elem;
                    fault->launch = -1;
                }
                bad = where;
                break;
            }
        }
    }
    free(g);
    return bad;
}
