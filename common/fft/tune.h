/* --tune: choose each pass's group shape by measuring it on the device, as FFTW_MEASURE
 * chooses among its plans, instead of trusting one rule for every size and device.
 *
 * Why per pass: a multi-pass plan's passes are separate kernels that read and write whole
 * arrays, and a pass's shape (work-items per group, values per item: struct
 * fl_pass_shape) changes how its columns are shared out, not what it computes or where it
 * writes. So the time of pass k depends on pass k's shape only, and the fastest plan is
 * the fastest shape of each pass, which C candidates measure in C runs, not C^passes.
 *
 * How: for each candidate shape S the problem is planned with S for every pass, built
 * (its -D constants; a candidate whose constants equal an earlier one's is the same kernel
 * and is skipped), run a few times untimed and then timed by profiling events per launch
 * (launch k = pass k) in two rounds, all candidates one after another in each (so a clock
 * still ramping up costs them alike), and each pass keeps the candidate with the least
 * median time. The
 * chosen plan is then built, verified and timed like any other; the candidates are only
 * timed, and their data is a constant, since an FFT's time does not depend on its values.
 */
#ifndef FFTLAB_TUNE_H
#define FFTLAB_TUNE_H

#include "../chapter.h"

#include <stdio.h>

#define FL_TUNE_MAX_CANDIDATES 16

struct fl_tune {
    int npass;                                   /* passes that take a shape            */
    int ncand;
    struct fl_pass_shape cand[FL_TUNE_MAX_CANDIDATES]; /* 0x0 = the chapter's default   */
    const char *skipped[FL_TUNE_MAX_CANDIDATES]; /* NULL: measured; else why not         */
    double ms[FL_TUNE_MAX_CANDIDATES][FL_RADIX_MAX_PASSES]; /* median per pass            */
    int runs;                                    /* the fewest timed runs of a candidate */
    int best[FL_RADIX_MAX_PASSES];               /* the candidate each pass keeps        */
    double seconds;                              /* the whole search, builds included    */
};

/* The candidates: the chapter's default shape first, then every ITEMS x VALUES of
 * {128, 256, 512, 1024} x {16, 8, 4} with ITEMS <= MAX_ITEMS; or, when the environment
 * variable FFTLAB_TUNE_SHAPES is set (e.g. "256x16,512x8": how a test or a quick run
 * narrows the search), the default and those. Returns the count, or -1 + WHY. */
int fl_tune_candidates(struct fl_tune *t, size_t max_items, char *why, size_t len);

/* For each pass, the measured candidate with the least time (the earlier on a tie) into
 * T->best; -1 where no candidate was measured. */
void fl_tune_pick(struct fl_tune *t);

/* Measure T's candidates on the NPASS shaped passes (CH->shaped_passes(P)) of problem P of
 * chapter CH (whose kernels are KERNEL_FILE, built
 * with BASE_OPTIONS in front of the chapter's own) on P->dev, with buffers of DATA_BYTES
 * and ELEM bytes per complex value; per round WARMUP untimed and then at least 5 timed
 * runs per candidate (more, up to 20, while they take under 50 ms in all), the better
 * median of the two rounds per pass. Then pick, and set
 * P->shape to the chosen shapes. T must hold fl_tune_candidates' list. */
void fl_tune_run(struct fl_tune *t, const struct fl_chapter *ch, struct fl_problem *p, int npass,
                 const char *kernel_file, const char *base_options, size_t data_bytes,
                 size_t elem, int warmup);

/* The table of times (a row per candidate, a column per pass, the kept one starred) and
 * the choice as a --shapes argument. */
void fl_tune_print(const struct fl_tune *t, FILE *out);

#endif
