/* How a run ended, handed to the program's report (run_end.h). */
#include "run_end.h"

#include "exitcodes.h"

#include <stddef.h>

static const char *const names[FL_OUTCOME_COUNT] = {
    [FL_OUTCOME_NONE] = "",
    [FL_OUTCOME_PASS] = "pass",
    [FL_OUTCOME_UNVERIFIED] = "unverified",
    [FL_OUTCOME_WRONG] = "wrong",
    [FL_OUTCOME_OUT_OF_BOUNDS] = "out_of_bounds",
    [FL_OUTCOME_READ_ONLY_WRITE] = "read_only_write",
    [FL_OUTCOME_BAD_INPUT] = "bad_input",
    [FL_OUTCOME_REFUSED] = "refused",
    [FL_OUTCOME_BUILD_ERROR] = "build_error",
    [FL_OUTCOME_KERNEL_MISSING] = "kernel_missing",
    [FL_OUTCOME_BAD_CONTRACT] = "bad_contract",
    [FL_OUTCOME_TIMEOUT] = "timeout",
    [FL_OUTCOME_OPENCL_ERROR] = "opencl_error",
    [FL_OUTCOME_CRASHED] = "crashed",
};

const char *fl_outcome_name(enum fl_outcome o)
{
    return (int)o >= 0 && o < FL_OUTCOME_COUNT ? names[o] : "";
}

enum fl_outcome fl_outcome_of_exit(int exit_code)
{
    return exit_code == FL_EXIT_USAGE ? FL_OUTCOME_BAD_INPUT
         : exit_code == FL_EXIT_OPENCL ? FL_OUTCOME_OPENCL_ERROR : FL_OUTCOME_CRASHED;
}

static void (*end_report)(const struct fl_run_end *end);

void fl_set_run_end_report(void (*report)(const struct fl_run_end *end))
{
    end_report = report;
}

void fl_run_end(const struct fl_run_end *end)
{
    void (*report)(const struct fl_run_end *) = end_report;
    end_report = NULL;
    if (report)
        report(end);
}

void fl_copy_text(char *to, unsigned long cap, const char *from)
{
    unsigned long i = 0;
    if (cap == 0)
        return;
    while (from && from[i] && i + 1 < cap) {
        to[i] = from[i];
        i++;
    }
    to[i] = '\0';
}
