/* 08_bluestein: the search for the convolution length M (lesson: "Choosing M"), apart
 * from the chapter's other files so that tests/unit/test_radix_plan.c can link it alone. */
#ifndef FFTLAB_08_LENGTH_SEARCH_H
#define FFTLAB_08_LENGTH_SEARCH_H

#include "../../common/fft/radix_plan.h"

#include <stddef.h>

/* Bluestein's convolution length for N points (chapter 08): the M >= 2N - 1 whose plan
 * for M points x BATCH rows within LIM costs least. The candidates are every M from 2N - 1
 * up to the next power of two (always one of them) that LIM's radices can factor; the
 * cost is, in order: the fewest passes over memory (each reads and writes all M values
 * of every row), then the least M x stages (each stage moves all M values through
 * registers and local memory once), then the smallest M. A candidate needing more than
 * MAX_PASSES passes does not count. Returns M and fills PLAN (may be NULL) with its radix
 * plan, or returns 0 with WHY. N = 1 gives M = 1 (no pass). */
size_t fl_bluestein_length(size_t n, size_t batch, const struct fl_radix_limits *lim, int max_passes,
                           struct fl_radix_plan *plan, char *why, size_t len);

#endif
