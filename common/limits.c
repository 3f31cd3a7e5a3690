/* The largest problem (limits.h). */
#define _POSIX_C_SOURCE 200809L
#include "limits.h"

#include <stdio.h>
#include <unistd.h>

int fl_check_values(size_t n, size_t batch, char *why, size_t len)
{
    if (n == 0 || batch == 0 || batch <= FL_MAX_VALUES / n)
        return 0;
    unsigned __int128 values = (unsigned __int128)n * batch; /* exact: both below 2^64 */
    char count[48] = "more than 2^64";
    if (values <= (unsigned __int128)(unsigned long long)-1)
        snprintf(count, sizeof count, "%llu", (unsigned long long)values);
    snprintf(why, len, "N x batch = %zu x %zu = %s values, more than " FL_MAX_VALUES_TEXT ", the "
             "most a chapter computes right (its kernels index rows and columns with int, every "
             "index below 2^31 with a factor 2 to spare): use a smaller batch", n, batch, count);
    return -1;
}

size_t fl_host_bytes(size_t in, size_t out, size_t data_bytes, int verify, size_t ref_bytes)
{
    size_t most = in > out ? in : out;
    size_t bytes = in * 16 + out * 16 + data_bytes;  /* input, result, staging     */
    if (verify)
        bytes += 2 * most * 16 + in * 16 + ref_bytes; /* reference, output, input   */
    return bytes;
}

size_t fl_host_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (size_t)pages * (size_t)size : 0;
}
