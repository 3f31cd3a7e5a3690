#define _POSIX_C_SOURCE 200809L
#include "clerr.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int status_to_stderr;
static void (*die_hook)(int exit_code);
static const char *die_prefix = "";
static void (*die_prepare)(void);
static void (*die_sink)(const struct fl_run_end *end);

void fl_set_die_prepare(void (*prepare)(void)) { die_prepare = prepare; }
void fl_set_die_sink(void (*sink)(const struct fl_run_end *end)) { die_sink = sink; }

void fl_set_status_stream_stderr(int on) { status_to_stderr = on; }

void fl_set_die_hook(void (*hook)(int exit_code), const char *prefix)
{
    die_hook = hook;
    die_prefix = prefix ? prefix : "";
}

const char *fl_cl_error_name(cl_int err)
{
    switch (err) {
#define NAME(e) case e: return #e
    NAME(CL_SUCCESS);
    NAME(CL_DEVICE_NOT_FOUND);
    NAME(CL_DEVICE_NOT_AVAILABLE);
    NAME(CL_COMPILER_NOT_AVAILABLE);
    NAME(CL_MEM_OBJECT_ALLOCATION_FAILURE);
    NAME(CL_OUT_OF_RESOURCES);
    NAME(CL_OUT_OF_HOST_MEMORY);
    NAME(CL_PROFILING_INFO_NOT_AVAILABLE);
    NAME(CL_MEM_COPY_OVERLAP);
    NAME(CL_IMAGE_FORMAT_MISMATCH);
    NAME(CL_IMAGE_FORMAT_NOT_SUPPORTED);
    NAME(CL_BUILD_PROGRAM_FAILURE);
    NAME(CL_MAP_FAILURE);
    NAME(CL_MISALIGNED_SUB_BUFFER_OFFSET);
    NAME(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    NAME(CL_COMPILE_PROGRAM_FAILURE);
    NAME(CL_LINKER_NOT_AVAILABLE);
    NAME(CL_LINK_PROGRAM_FAILURE);
    NAME(CL_DEVICE_PARTITION_FAILED);
    NAME(CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    NAME(CL_INVALID_VALUE);
    NAME(CL_INVALID_DEVICE_TYPE);
    NAME(CL_INVALID_PLATFORM);
    NAME(CL_INVALID_DEVICE);
    NAME(CL_INVALID_CONTEXT);
    NAME(CL_INVALID_QUEUE_PROPERTIES);
    NAME(CL_INVALID_COMMAND_QUEUE);
    NAME(CL_INVALID_HOST_PTR);
    NAME(CL_INVALID_MEM_OBJECT);
    NAME(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
    NAME(CL_INVALID_IMAGE_SIZE);
    NAME(CL_INVALID_SAMPLER);
    NAME(CL_INVALID_BINARY);
    NAME(CL_INVALID_BUILD_OPTIONS);
    NAME(CL_INVALID_PROGRAM);
    NAME(CL_INVALID_PROGRAM_EXECUTABLE);
    NAME(CL_INVALID_KERNEL_NAME);
    NAME(CL_INVALID_KERNEL_DEFINITION);
    NAME(CL_INVALID_KERNEL);
    NAME(CL_INVALID_ARG_INDEX);
    NAME(CL_INVALID_ARG_VALUE);
    NAME(CL_INVALID_ARG_SIZE);
    NAME(CL_INVALID_KERNEL_ARGS);
    NAME(CL_INVALID_WORK_DIMENSION);
    NAME(CL_INVALID_WORK_GROUP_SIZE);
    NAME(CL_INVALID_WORK_ITEM_SIZE);
    NAME(CL_INVALID_GLOBAL_OFFSET);
    NAME(CL_INVALID_EVENT_WAIT_LIST);
    NAME(CL_INVALID_EVENT);
    NAME(CL_INVALID_OPERATION);
    NAME(CL_INVALID_GL_OBJECT);
    NAME(CL_INVALID_BUFFER_SIZE);
    NAME(CL_INVALID_MIP_LEVEL);
    NAME(CL_INVALID_GLOBAL_WORK_SIZE);
    NAME(CL_INVALID_PROPERTY);
    NAME(CL_INVALID_IMAGE_DESCRIPTOR);
    NAME(CL_INVALID_COMPILER_OPTIONS);
    NAME(CL_INVALID_LINKER_OPTIONS);
    NAME(CL_INVALID_DEVICE_PARTITION_COUNT);
#undef NAME
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR (no OpenCL platform: is an ICD installed?)";
    default: return "unknown OpenCL error";
    }
}

static _Noreturn void die_with(const struct fl_run_end *what, int exit_code, const char *fmt,
                               va_list ap)
{
    char msg[2048];
    vsnprintf(msg, sizeof msg, fmt, ap);
    fflush(stdout);
    struct fl_run_end end;
    memset(&end, 0, sizeof end);
    if (what)
        end = *what;
    if (end.outcome == FL_OUTCOME_NONE)
        end.outcome = fl_outcome_of_exit(exit_code);
    end.exit_code = exit_code;
    end.reason = msg;
    if (die_sink) {
        void (*sink)(const struct fl_run_end *) = die_sink;
        die_sink = NULL; /* a failure inside the sink dies the plain way */
        sink(&end);
    }
    if (die_prepare) {
        void (*prepare)(void) = die_prepare;
        die_prepare = NULL; /* once: a failure inside it dies the plain way */
        prepare();
    }
    fprintf(stderr, "error: %s%s\n", die_prefix, msg);
    const char *kind = exit_code == FL_EXIT_USAGE ? "usage" :
                       exit_code == FL_EXIT_OPENCL ? "opencl" : "error";
    FILE *status = status_to_stderr ? stderr : stdout;
    fprintf(status, "FAIL (%s, exit %d): %s%s\n", kind, exit_code, die_prefix, msg);
    fflush(status);
    fl_run_end(&end);
    if (die_hook)
        die_hook(exit_code);
    exit(exit_code);
}

void fl_die(int exit_code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    die_with(NULL, exit_code, fmt, ap);
}

void fl_die_end(const struct fl_run_end *what, int exit_code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    die_with(what, exit_code, fmt, ap);
}

void fl_cl_fail(cl_int err, const char *call, const char *file, int line)
{
    fl_die(FL_EXIT_OPENCL, "OpenCL call %s returned %s (%d) at %s:%d", call,
           fl_cl_error_name(err), (int)err, file, line);
}

void fl_on_alarm(void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
}
