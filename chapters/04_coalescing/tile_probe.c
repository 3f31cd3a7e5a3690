/* 04_tile_probe — grade exercise 04_coalescing/tile_index on its access pattern, not its
 * speed: does the student's tile_at lay the R x T tile out so that local memory serves it
 * without bank conflicts?
 *
 * An instrumented build (kernels/04_tile_probe.cl in front of the exercise file, so the
 * exercise's own tile_at is compiled as the chapter compiles it) records tile_at(m, c, T)
 * for every entry of every tile shape the chapter's plan uses (R = 2 .. 32, T = 2 .. 16).
 * From the addresses alone it checks
 *   1. the layout: every entry in [0, R*(T+1)) (the local size the host gives u), no two
 *      entries in one place;
 *   2. the banks, on the model of a GPU's local memory: 32 banks of 4 bytes, a float2 entry
 *      in 2 of them, so 16 consecutive accesses by neighbouring work-items (128 bytes) are
 *      served at once when no two distinct entries among them share a bank (entry mod 16).
 *      The kernel walks the tile two ways: along a row (the loads and the in-place stages:
 *      column c = item mod T) and down the columns (the block store of passes with p < T
 *      reads V[m] of one butterfly after another). In either walk, the worst group of 16
 *      may hit a bank no more often than with the lesson's layout, one column of padding
 *      (m*(T + 1) + c): at most twice, except 4 times down the 4 x 16 tile. Without
 *      padding (m*T + c) a column walk at R >= 8 hits one bank up to 16 times; another
 *      layout as good (a swizzle) passes too.
 * The addresses come from pocl running the student's code; the bank count is exact,
 * unlike a timing. Exit 0 PASS, 1 conflicts or a bad layout, 2 usage, 3 no device or a
 * build error.
 *
 *   ./build/04_tile_probe                                  # exercises/04_coalescing/tile_index.cl
 *   ./build/04_tile_probe --exercise my_tile_index.cl           # another copy of it
 */
#include "../../common/clerr.h"
#include "../../common/device.h"
#include "../../common/options.h"
#include "../../common/program.h"
#include "../../common/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BANKS 16     /* float2 entries served at once: 32 banks x 4 bytes / 8 bytes */

/* The worst bank degree of a walk: ORDER[e] (e < n) are the entries in access order. */
static int worst_degree(const int *addr, const int *order, int n)
{
    int worst = 0;
    for (int g = 0; g < n; g += BANKS) {
        int count[BANKS] = {0};
        for (int e = g; e < g + BANKS && e < n; e++) {
            int a = addr[order[e]], dup = 0;
            for (int f = g; f < e; f++)
                dup |= addr[order[f]] == a;
            if (!dup && ++count[((a % BANKS) + BANKS) % BANKS] > worst)
                worst = count[((a % BANKS) + BANKS) % BANKS];
        }
    }
    return worst;
}

/* The probe's last word: WHY ("PASS" or "FAIL: ...") as the last line (text), or with
 * --format json one object on stdout (docs/report-json.md) with the two checks, "layout"
 * (LAYOUT_OK) and "banks" (judged only when the layout is right), and WHY on stderr. */
static int finish(enum fl_format fmt, const struct fl_device *dev, int layout_ok, int banks_ok,
                  const char *why)
{
    int passed = layout_ok && banks_ok;
    if (fmt != FL_FORMAT_JSON) {
        printf("%s\n", why);
        return passed ? FL_EXIT_OK : FL_EXIT_MISMATCH;
    }
    static struct fl_result r;
    memset(&r, 0, sizeof r);
    r.chapter = "04_tile_probe";
    r.variant = "tile_index";
    r.dev = dev;
    r.sign = -1;
    r.verified = 1;
    r.passed = passed;
    r.nchecks = layout_ok ? 2 : 1;
    snprintf(r.check[0].name, sizeof r.check[0].name, "layout");
    snprintf(r.check[1].name, sizeof r.check[1].name, "banks");
    r.check[0].ok = layout_ok;
    r.check[1].ok = banks_ok;
    r.check[0].counted = r.check[1].counted = 1;
    const char *said = strncmp(why, "FAIL: ", 6) == 0 ? why + 6 : why;
    if (!passed) {
        snprintf(r.check[layout_ok].detail, sizeof r.check[0].detail, "%s", said);
        snprintf(r.reason, sizeof r.reason, "%s", said);
    }
    fl_report_result(fmt, &r);
    return passed ? FL_EXIT_OK : FL_EXIT_MISMATCH;
}

int main(int argc, char **argv)
{
    struct fl_options o;
    char err[512];
    fl_options_defaults(&o);
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--format") == 0 && strcmp(argv[i + 1], "json") == 0) {
            fl_set_status_stream_stderr(1); /* (so that a bad option's record is stdout's all) */
            fl_report_json_ends("04_tile_probe");
        }
    if (fl_parse_options(argc, argv, &o, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "%s", err);
    fl_set_run_end_report(NULL);
    /* --format json: the table and the last line go to stderr, the report to stdout */
    FILE *out = o.format == FL_FORMAT_JSON ? stderr : stdout;
    if (o.format == FL_FORMAT_JSON) {
        fl_set_status_stream_stderr(1);
        fl_report_json_ends("04_tile_probe");
        fl_report_json_running("tile_index", NULL);
    }
    if (o.help) {
        printf("usage: %s [--exercise FILE.cl] [--device SPEC]\n"
               "Grades exercise 04_coalescing/tile_index on its local-memory layout: records\n"
               "tile_at(m, c, T) for every tile shape of chapter 04's plan and counts bank\n"
               "conflicts of the row and column walks (16 float2 per bank group), which must\n"
               "be no worse than with one column of padding. PASS (exit 0) or FAIL (exit 1).\n",
               argv[0]);
        return FL_EXIT_OK;
    }
    if (o.list_devices)
        return fl_list_devices(stdout) ? FL_EXIT_OK : FL_EXIT_OPENCL;

    char file[4200];
    static const char *const uses[] = {"04_tile_probe.cl", NULL};
    fl_exercise_setup(NULL, o.exercise, "tile_index", "exercises/04_coalescing/tile_index.cl",
                      "04_coalescing.cl", uses, file, sizeof file);
    struct fl_device dev;
    fl_device_open(o.device, &dev);
    fprintf(out, "04_tile_probe — the local-memory layout of %s\n", fl_exercise_path());
    cl_program prog = fl_build_program(&dev, file, uses, "-cl-std=CL1.2 -D real_t=float -D real2_t=float2");
    cl_int e;
    cl_kernel k = clCreateKernel(prog, "probe_tile_at", &e);
    CL_CHECK_ERR(e, "clCreateKernel(probe_tile_at)");

    enum { RMAX = 32, TMAX = 16 };
    cl_mem buf = clCreateBuffer(dev.context, CL_MEM_WRITE_ONLY, RMAX * TMAX * sizeof(cl_int), NULL, &e);
    CL_CHECK_ERR(e, "clCreateBuffer(addr)");
    int addr[RMAX * TMAX], pad[RMAX * TMAX], order[RMAX * TMAX], bad = 0;
    char why[512];
    fprintf(out, "most entries of a group of %d accesses in one bank (padded: m*(T+1) + c)\n", BANKS);
    fprintf(out, "%4s %4s %16s %16s\n", "R", "T", "row walk", "column walk");
    for (cl_int R = 2; R <= RMAX; R *= 2) {
        for (cl_int T = 2; T <= TMAX; T *= 2) {
            size_t global[2] = {(size_t)R, (size_t)T};
            CL_CHECK(clSetKernelArg(k, 0, sizeof buf, &buf));
            CL_CHECK(clSetKernelArg(k, 1, sizeof T, &T));
            CL_CHECK(clEnqueueNDRangeKernel(dev.queue, k, 2, NULL, global, NULL, 0, NULL, NULL));
            CL_CHECK(clEnqueueReadBuffer(dev.queue, buf, CL_TRUE, 0, (size_t)(R * T) * sizeof(cl_int),
                                         addr, 0, NULL, NULL));
            int n = R * T, size = R * (T + 1);
            for (int i = 0; i < n; i++) {
                if (addr[i] < 0 || addr[i] >= size) {
                    snprintf(why, sizeof why, "FAIL: tile_at(%d, %d, %d) = %d, outside the tile's "
                             "%d values (R = %d)", i / T, i % T, T, addr[i], size, R);
                    return finish(o.format, &dev, 0, 0, why);
                }
                for (int j = 0; j < i; j++)
                    if (addr[j] == addr[i]) {
                        snprintf(why, sizeof why, "FAIL: tile_at puts (%d, %d) and (%d, %d) both "
                                 "at %d (R = %d, T = %d)", j / T, j % T, i / T, i % T, addr[i], R, T);
                        return finish(o.format, &dev, 0, 0, why);
                    }
            }
            for (int i = 0; i < n; i++)
                pad[i] = (i / T) * (T + 1) + i % T;
            for (int i = 0; i < n; i++)
                order[i] = i; /* row walk: (m, c) for c = 0 .. T-1, then the next row */
            int row = worst_degree(addr, order, n), row_pad = worst_degree(pad, order, n);
            for (int i = 0; i < n; i++)
                order[i] = (i % R) * T + i / R; /* column walk: (m, c) for m = 0 .. R-1 */
            int col = worst_degree(addr, order, n), col_pad = worst_degree(pad, order, n);
            int worse = row > row_pad || col > col_pad;
            fprintf(out, "%4d %4d %8d (%d)%s %8d (%d)%s\n", R, T, row, row_pad,
                    row > row_pad ? "!" : " ", col, col_pad, col > col_pad ? "!" : " ");
            bad += worse;
        }
    }
    clReleaseMemObject(buf);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    fl_device_close(&dev);
    if (bad) {
        snprintf(why, sizeof why, "FAIL: bank conflicts: %d tile shape(s) where a walk hits one "
                 "bank more often than with one column of padding (marked !): pad the rows, or "
                 "lay the tile out so that both a row and a column spread over the banks", bad);
        return finish(o.format, &dev, 1, 0, why);
    }
    return finish(o.format, &dev, 1, 1, "PASS");
}
