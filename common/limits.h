/* The largest problem: how many values (N x batch) a chapter computes right.
 *
 * Every chapter's kernels index within a row, and count rows or columns, with int (the
 * fast index type on GPUs); every offset that spans rows is 64-bit (size_t), and so are
 * the host's sizes, the guard zones and the fills (fill.h). So N x batch may be at most
 * 2^31 - 1 values: a row index, a column count or a launch's work-item count then always
 * fits an int. The check is made before anything is allocated (fl_main, the .npy reader),
 * and every chapter's --help states it. tests/unit/test_fill.c checks the arithmetic at
 * the limit. */
#ifndef FFTLAB_LIMITS_H
#define FFTLAB_LIMITS_H

#include <stddef.h>

#define FL_MAX_VALUES (((size_t)1 << 31) - 1)
#define FL_MAX_VALUES_TEXT "2^31 - 1 = 2147483647"

/* 0 when N x BATCH <= FL_MAX_VALUES (the product is never formed where it could wrap),
 * else -1 and WHY: "N x batch = 1024 x 2097152 = 2147483648 values, more than ...". */
int fl_check_values(size_t n, size_t batch, char *why, size_t len);

#endif
