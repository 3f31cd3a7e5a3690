/* The slab decomposition (FFTW-MPI's): who owns which rows, in which layout. */
#include "distributed.h"

#include <stdio.h>
#include <string.h>

static size_t gcd(size_t a, size_t b)
{
    while (b) {
        size_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int slab_make(struct slab *s, const size_t *dims, int ndims, size_t batch, int P, int rank,
              char *why, size_t len)
{
    memset(s, 0, sizeof *s);
    char shape[96];
    fl_size_text(dims, ndims, shape, sizeof shape);
    if (ndims < 2) {
        snprintf(why, len, "10_distributed does 2-D and 3-D shapes (--size 1024x1024, "
                 "256x256x256): a slab is a range of rows of the outermost axis. For 1-D "
                 "sizes use 06_mixed_radix on one device");
        return -1;
    }
    for (int d = 0; d < ndims; d++)
        if (dims[d] > 1 && fl_smooth_at_least(dims[d], NULL) != dims[d]) { /* 07's radices */
            snprintf(why, len, "10_distributed cannot transform size %s: each axis must be "
                     "2^a 3^b 5^c 7^d (chapter 07's passes do the local axes), and %zu is not",
                     shape, dims[d]);
            return -1;
        }
    if (dims[0] < 2 || dims[1] < 2) {
        snprintf(why, len, "10_distributed cannot transform size %s: the first two axes are "
                 "the ones the ranks split and transpose, so both need a length of at least 2 "
                 "(FFTW-MPI would treat the shape as one with fewer axes). Chapters that can: "
                 "07_multidim", shape);
        return -1;
    }
    s->P = P;
    s->rank = rank;
    s->ndims = ndims;
    s->batch = batch;
    s->n = 1;
    for (int d = 0; d < ndims; d++) {
        s->dims[d] = dims[d];
        s->n *= dims[d];
    }
    s->na = dims[0];
    s->nc = dims[1];
    s->ni = ndims == 3 ? dims[2] : 1;
    s->a_name = ndims == 3 ? 'z' : 'y';
    s->c_name = ndims == 3 ? 'y' : 'x';
    if (s->na % (size_t)P || s->nc % (size_t)P) {
        /* the rule, and the rank counts that would do */
        size_t g = gcd(s->na, s->nc);
        char ok[160];
        int ol = 0, shown = 0;
        for (size_t q = 1; q <= g && shown < 10; q++)
            if (g % q == 0) {
                ol += snprintf(ok + ol, sizeof ok - (size_t)ol, "%s%zu", shown ? ", " : "", q);
                shown++;
            }
        snprintf(why, len, "--size %s on %d ranks: the number of ranks must divide N%c = %zu "
                 "(each rank owns N%c/P of its rows) and N%c = %zu (each owns N%c/P after the "
                 "transpose); %d does not divide %zu. Ranks that can: %s%s", shape, P,
                 s->a_name, s->na, s->a_name, s->c_name, s->nc, s->c_name, P,
                 s->na % (size_t)P ? s->na : s->nc, ok, shown == 10 ? ", ..." : "");
        return -1;
    }
    s->ma = s->na / (size_t)P;
    s->mc = s->nc / (size_t)P;
    s->count = batch * (s->n / (size_t)P);
    if (batch > (((size_t)1 << 31) - 1) / (s->n / (size_t)P)) {
        snprintf(why, len, "N x batch / P = %zu x %zu / %d is 2^31 values per rank or more: "
                 "this chapter does fewer than 2^31 per rank (chapter 07's passes count their "
                 "lines in int): use more ranks or a smaller batch", s->n, batch, P);
        return -1;
    }
    return 0;
}

size_t slab_global_index(const struct slab *s, int rank, enum layout L, size_t e, size_t *b)
{
    size_t i = e % s->ni, r = e / s->ni, a, c;
    if (L == LAYOUT_NATURAL) {          /* [b][a'][c][i] */
        c = r % s->nc;
        r /= s->nc;
        a = (size_t)rank * s->ma + r % s->ma;
        *b = r / s->ma;
    } else {                            /* [b][c'][a][i] */
        a = r % s->na;
        r /= s->na;
        c = (size_t)rank * s->mc + r % s->mc;
        *b = r / s->mc;
    }
    return (a * s->nc + c) * s->ni + i;
}

char *slab_describe(const struct slab *s, int rank, enum layout L, char *buf, size_t len)
{
    if (L == LAYOUT_NATURAL)
        snprintf(buf, len, "%c [%zu, %zu) of %zu, %s whole", s->a_name, rank * s->ma,
                 (rank + 1) * s->ma, s->na, s->ndims == 3 ? "y, x" : "x");
    else
        snprintf(buf, len, "%c [%zu, %zu) of %zu, %s whole", s->c_name, rank * s->mc,
                 (rank + 1) * s->mc, s->nc, s->ndims == 3 ? "z, x" : "y");
    return buf;
}

struct exchange_shape slab_exchange(const struct slab *s, int back)
{
    struct exchange_shape x = {s->batch, back ? s->mc : s->ma, back ? s->ma : s->mc, s->ni, s->P};
    return x;
}
