#define _XOPEN_SOURCE 700
#include "program.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SHARED_HEADER "fftlab.clh"

void fl_default_kernels_dir(char *buf, size_t len)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(buf, len, "kernels");
        return;
    }
    exe[n] = '\0';
    char *dir = dirname(exe); /* .../build */
    char joined[4200];
    snprintf(joined, sizeof joined, "%s/../kernels", dir);
    /* Show learners a clean path (/repo/kernels, not /repo/build/../kernels). */
    char *real = realpath(joined, NULL);
    snprintf(buf, len, "%s", real ? real : joined);
    free(real);
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

void fl_resolve_kernel_file(const char *path, const char *file_name, char *out, size_t len)
{
    char dir[4096];
    if (!path) {
        fl_default_kernels_dir(dir, sizeof dir);
        path = dir;
    }
    if (is_dir(path))
        snprintf(out, len, "%s/%s", path, file_name);
    else
        snprintf(out, len, "%s", path);
    if (!is_file(out)) {
        if (!is_dir(path) && strstr(path, ".cl") == NULL)
            fl_die(FL_EXIT_USAGE, "kernels directory '%s' does not exist (pass --kernels "
                   "DIR holding %s, or --kernels FILE.cl)", path, file_name);
        fl_die(FL_EXIT_USAGE, "kernel file '%s' not found (pass --kernels DIR holding %s, "
               "or --kernels FILE.cl)", out, file_name);
    }
}

char *fl_read_text_file(const char *path, size_t *len_out)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 14, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
        if (len + 1 == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    int read_error = ferror(f);
    fclose(f);
    if (!buf)
        return NULL;
    if (read_error) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[len] = '\0';
    if (len_out)
        *len_out = len;
    return buf;
}

static void print_build_log(const struct fl_device *dev, cl_program prog, const char *file,
                            const char *options)
{
    size_t size = 0;
    clGetProgramBuildInfo(prog, dev->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &size);
    char *log = malloc(size + 1);
    if (log && clGetProgramBuildInfo(prog, dev->id, CL_PROGRAM_BUILD_LOG, size, log, NULL) == CL_SUCCESS)
        log[size] = '\0';
    fflush(stdout);
    fprintf(stderr, "---- build log for %s on %s ----\n", file, dev->name);
    fprintf(stderr, "build options: %s\n", options);
    fprintf(stderr, "%s\n", log && log[0] ? log : "(the compiler left no log)");
    fprintf(stderr, "---- end of build log ----\n");
    free(log);
}

/* Append "#line 1 "path"\n<contents>\n" to *src (growing it). */
static void append_file(char **src, size_t *len, const char *path)
{
    size_t flen = 0;
    char *body = fl_read_text_file(path, &flen);
    if (!body)
        fl_die(FL_EXIT_USAGE, "cannot read kernel file %s: %s", path, strerror(errno));
    size_t add = flen + strlen(path) + 32;
    char *grown = realloc(*src, *len + add + 1);
    if (!grown)
        fl_die(FL_EXIT_OPENCL, "out of host memory reading %s", path);
    *src = grown;
    *len += (size_t)snprintf(*src + *len, add + 1, "#line 1 \"%s\"\n%s\n", path, body);
    free(body);
}

cl_program fl_build_program(const struct fl_device *dev, const char *file,
                            const char *const *uses, const char *options)
{
    char dir[4096], path[4200];
    fl_default_kernels_dir(dir, sizeof dir);
    char *src = NULL;
    size_t len = 0;
    snprintf(path, sizeof path, "%s/%s", dir, SHARED_HEADER);
    append_file(&src, &len, path);
    for (const char *const *u = uses; u && *u; u++) {
        snprintf(path, sizeof path, "%s/%s", dir, *u);
        append_file(&src, &len, path);
    }
    append_file(&src, &len, file);

    /* FFTLAB_BUILD_OPTIONS adds compiler options (e.g. -cl-nv-verbose on NVIDIA, which
     * reports registers and spills per kernel); FFTLAB_BUILD_LOG=1 prints the log of a
     * build that succeeded too. Both are for experiments; graded runs use neither. */
    const char *extra = getenv("FFTLAB_BUILD_OPTIONS");
    char all[1024];
    if (extra && extra[0]) {
        snprintf(all, sizeof all, "%s %s", options, extra);
        options = all;
    }
    cl_int err;
    const char *srcs[1] = {src};
    cl_program prog = clCreateProgramWithSource(dev->context, 1, srcs, NULL, &err);
    CL_CHECK_ERR(err, "clCreateProgramWithSource");
    err = clBuildProgram(prog, 1, &dev->id, options, NULL, NULL);
    free(src);
    const char *want_log = getenv("FFTLAB_BUILD_LOG");
    if (err == CL_SUCCESS && want_log && strcmp(want_log, "1") == 0)
        print_build_log(dev, prog, file, options);
    if (err != CL_SUCCESS) {
        print_build_log(dev, prog, file, options);
        clReleaseProgram(prog);
        fl_die(FL_EXIT_OPENCL, "kernel build failed for %s (%s); the compiler's log is above",
               file, fl_cl_error_name(err));
    }
    return prog;
}
