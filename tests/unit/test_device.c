/* common/device.c on the pocl CPU device: listing and choosing by index, by kind (cpu),
 * by name, by nothing; and the matching rule itself (fl_device_matches) on the names pocl 3
 * and pocl 5-6 give their CPU device ("pthread-..." and "cpu-..."), and on a GPU's. A SPEC
 * that matches nothing exits the process, so tests/bad_input.t checks that case through a
 * chapter binary. */
#define _POSIX_C_SOURCE 200809L
#include "../../common/device.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int contains_nocase(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (strncasecmp(hay, needle, n) == 0)
            return 1;
    return 0;
}

static int is_pocl(const struct fl_device *d)
{
    return contains_nocase(d->platform_name, "Portable Computing Language") ||
           contains_nocase(d->platform_name, "pocl");
}

static void open_with(const char *spec)
{
    const char *label = spec ? spec : "NULL";
    struct fl_device dev;
    memset(&dev, 0x5a, sizeof dev);
    fl_device_open(spec, &dev);
    ok(dev.id != NULL && dev.context != NULL && dev.queue != NULL,
       "spec %s: device, context and queue made", label);
    if (!ok(is_pocl(&dev), "spec %s: picks the pocl device", label))
        diag("platform '%s', device '%s'", dev.platform_name, dev.name);
    ok(dev.name[0] != '\0' && memchr(dev.name, '\0', sizeof dev.name) != NULL,
       "spec %s: name filled ('%s')", label, dev.name);
    ok(dev.driver[0] != '\0', "spec %s: driver filled ('%s')", label, dev.driver);
    ok(strncmp(dev.clc_version, "OpenCL C ", 9) == 0, "spec %s: clc_version filled ('%s')", label,
       dev.clc_version);
    ok(dev.max_wg >= 1 && dev.max_wg <= 1u << 20, "spec %s: max_wg plausible (%zu)", label, dev.max_wg);
    ok(dev.max_alloc > 0 && dev.global_mem >= dev.max_alloc && dev.compute_units >= 1,
       "spec %s: memory sizes and compute units plausible", label);
    ok(dev.type & CL_DEVICE_TYPE_CPU, "spec %s: a CPU device (%s)", label, fl_device_type_name(dev.type));
    is_int(dev.platform_index, 0, "spec %s: platform index 0", label);
    is_int(dev.device_index, 0, "spec %s: device index 0", label);

    /* The queue works and has profiling on (timing.c relies on it). */
    cl_command_queue_properties props = 0;
    cl_int err = clGetCommandQueueInfo(dev.queue, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL);
    ok(err == CL_SUCCESS && (props & CL_QUEUE_PROFILING_ENABLE), "spec %s: queue has profiling", label);
    ok(!(props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE), "spec %s: queue is in order", label);
    fl_device_close(&dev);
    ok(dev.queue == NULL && dev.context == NULL, "spec %s: fl_device_close clears the handles", label);
}

int main(void)
{
    unsetenv("FFTLAB_DEVICE");

    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        bail_out("open_memstream failed");
    unsigned count = fl_list_devices(mem);
    fclose(mem);
    if (!ok(count >= 1, "fl_list_devices finds at least one device (%u)", count))
        bail_out("no OpenCL device: is pocl installed (pocl-opencl-icd)? output: %s", text);
    has_substr(text, "--device 0:0", "the list shows a '--device 0:0' line");
    has_substr(text, "platform 0:", "the list names platform 0");
    ok(contains_nocase(text, "pthread") || contains_nocase(text, "cpu"),
       "the list shows the pocl CPU device");
    {
        unsigned lines = 0;
        for (const char *p = text; (p = strstr(p, "--device ")) != NULL; p++)
            lines++;
        is_int(lines, count, "one '--device P:D' line per device counted");
    }
    free(text);

    open_with(NULL);
    open_with("0:0");
    open_with("cpu");      /* pocl's CPU device, whatever this pocl calls it */
    open_with("CPU");
    open_with("pthread");  /* pocl 3's name for it, kept on every pocl */
    open_with("PTHREAD");
    open_with("portable");
    open_with("Portable Computing");

    /* The rule, on devices this machine may not have. */
    const char *pocl = "Portable Computing Language";
    const cl_device_type cpu = CL_DEVICE_TYPE_CPU, gpu = CL_DEVICE_TYPE_GPU;
    const char *pocl3 = "pthread-skylake-avx512-Intel(R) Xeon(R) Processor";
    const char *pocl6 = "cpu-haswell-AMD EPYC 7B13";
    ok(fl_device_matches("cpu", pocl, pocl3, cpu), "cpu matches pocl 3's pthread-... device");
    ok(fl_device_matches("cpu", pocl, pocl6, cpu), "cpu matches pocl 6's cpu-... device");
    ok(fl_device_matches("Cpu", pocl, pocl6, cpu), "cpu: any case");
    ok(fl_device_matches("pthread", pocl, pocl3, cpu), "pthread matches pocl 3's device by name");
    ok(fl_device_matches("PThread", pocl, pocl6, cpu), "pthread still means pocl's CPU device on pocl 6");
    ok(!fl_device_matches("pthread", "Intel(R) OpenCL", "Intel(R) Core(TM) i7", cpu),
       "pthread: not another vendor's CPU device");
    ok(!fl_device_matches("pthread", "NVIDIA CUDA", "NVIDIA H100 80GB HBM3", gpu), "pthread: not a GPU");
    ok(!fl_device_matches("cpu", "NVIDIA CUDA", "NVIDIA H100 80GB HBM3", gpu), "cpu: not a GPU");
    ok(!fl_device_matches("gpu", pocl, pocl6, cpu), "gpu: not pocl's CPU device");
    ok(fl_device_matches("GPU", "NVIDIA CUDA", "NVIDIA H100 80GB HBM3", gpu), "gpu matches a GPU");
    ok(!fl_device_matches("gpu", "Fake", "gpu-named CPU", cpu), "gpu: by type, not by a name that says gpu");
    ok(fl_device_matches("accelerator", "Fake", "FPGA", CL_DEVICE_TYPE_ACCELERATOR), "accelerator by type");
    ok(fl_device_matches("nvidia", "NVIDIA CUDA", "H100", gpu), "a part of the platform name");
    ok(fl_device_matches("h100", "NVIDIA CUDA", "NVIDIA H100", gpu), "a part of the device name, any case");
    ok(fl_device_matches("haswell", pocl, pocl6, cpu), "a part of pocl 6's device name");
    ok(!fl_device_matches("nosuch", pocl, pocl6, cpu), "a name that is nowhere matches nothing");

    is_str(fl_device_type_name(CL_DEVICE_TYPE_GPU), "GPU", "type name GPU");
    is_str(fl_device_type_name(CL_DEVICE_TYPE_CPU), "CPU", "type name CPU");
    is_str(fl_device_type_name(CL_DEVICE_TYPE_ACCELERATOR), "accelerator", "type name accelerator");
    is_str(fl_device_type_name(CL_DEVICE_TYPE_CUSTOM), "other", "type name of anything else");
    return done_testing();
}
