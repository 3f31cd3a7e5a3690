/* The largest problem: how many values (N x batch) a chapter computes right, and the
 * host memory a run of them takes.
 *
 * Every chapter's kernels index within a row, and count rows or columns, with int (the
 * fast index type on GPUs); every offset that spans rows is 64-bit (size_t), and so are
 * the host's sizes, the guard zones, the fills and copies (fill.h). N x batch may be at
 * most 2^30 values: every int a kernel forms (an index plus an offset inside a row, a
 * launch's work-item count) then stays below 2^31 with a factor 2 to spare, and it is the
 * largest size the project's GPU machine verifies (fl_host_bytes: 88 bytes of host
 * memory a value in single precision, 128 in double; the runner adds the 16 bytes a value
 * of the memory the checker shares with the kernels' process (common/isolate.h): 104 and
 * 144; that machine has 128 GiB: single precision then fits). The check is
 * made before anything is allocated (fl_main, the .npy reader), and every chapter's
 * --help states it. tests/unit/test_limits.c checks the arithmetic at the limit. */
#ifndef FFTLAB_LIMITS_H
#define FFTLAB_LIMITS_H

#include <stddef.h>

#define FL_MAX_VALUES ((size_t)1 << 30)
#define FL_MAX_VALUES_TEXT "2^30 = 1073741824"

/* 0 when N x BATCH <= FL_MAX_VALUES (the product is never formed where it could wrap),
 * else -1 and WHY: "N x batch = 1024 x 1048577 = 1073742848 values, more than ...". */
int fl_check_values(size_t n, size_t batch, char *why, size_t len);

/* What a run holds in host memory at its peak, in bytes. IN and OUT: values of the
 * input and output side (complex, or real on a real side), all rows; DATA_BYTES: one
 * device buffer (the staging copy); REF_BYTES: FFTW's arrays for the reference. Every
 * value is held as two doubles: the input and the result, and when VERIFY the
 * reference, the output of each check and the checks' inputs. */
size_t fl_host_bytes(size_t in, size_t out, size_t data_bytes, int verify, size_t ref_bytes);

/* The machine's memory (sysconf), in bytes; 0 when unknown. */
size_t fl_host_memory(void);

#endif
