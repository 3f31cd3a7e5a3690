/* The largest problem (limits.h). */
#include "limits.h"

#include <stdio.h>

int fl_check_values(size_t n, size_t batch, char *why, size_t len)
{
    if (n == 0 || batch == 0 || batch <= FL_MAX_VALUES / n)
        return 0;
    unsigned __int128 values = (unsigned __int128)n * batch; /* exact: both below 2^64 */
    char count[48] = "more than 2^64";
    if (values <= (unsigned __int128)(unsigned long long)-1)
        snprintf(count, sizeof count, "%llu", (unsigned long long)values);
    snprintf(why, len, "N x batch = %zu x %zu = %s values, more than " FL_MAX_VALUES_TEXT ", the "
             "most a chapter computes right (its kernels index rows and columns with int): use "
             "a smaller batch", n, batch, count);
    return -1;
}
