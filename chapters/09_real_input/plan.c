/* 09_real_input: the real plan, what every variant of the chapter starts from: the x axis
 * as rows of M = Nx/2 complex values, the outer axes on the half spectrum (make_real_plan,
 * on common/fft/real_plan.c), and the helpers the chapter's files share (elem_bytes,
 * other). main.c, fused.c, pairs.c and simd.c call this file; it calls only common/. */
#include "real.h"

#include <stdlib.h>
#include <string.h>

size_t elem_bytes(const struct fl_problem *p)
{
    return p->precision == FL_DOUBLE ? 16 : 8;
}

int other(int slot)
{
    return slot == FL_BUF_A ? FL_BUF_B : FL_BUF_A;
}

/* The row pass and the twist in one launch, when the x axis is one pass. */
int fused_rows(const struct fl_problem *p, const struct fl_real_plan *R)
{
    return strcmp(p->variant, "fused") == 0 && R->x.naxes == 1 && R->x.ax[0].rp.npasses == 1;
}

/* The rows of the half spectrum between the passes of a 3-D transform: M + 1 bins is an
 * odd number, so a column pass at that stride reads and writes runs that straddle memory
 * sectors, and on the H100 a sector written in part costs (lesson "Rows padded between
 * passes"). Where the rows are one fused pass (fused_rows), the rows between passes are
 * PAD apart, PAD = M + 1 rounded up to whole 32-byte sectors of fp32 values (4 values):
 * R2C's rfft_rows_fused writes them so (the pad zeroed), its last outer pass (z) loads
 * them padded and stores M + 1 apart, in whole runs of the z plane; C2R's first outer
 * pass loads the M + 1 layout and stores PAD apart, for irfft_rows_fused (fused.c;
 * padded_addresses in kernels/07_multidim.cl). One program serves both directions (the
 * round trip), so both pad. Not 2-D: there the last pass of R2C is y, whose writes
 * straddle sectors in the M + 1 layout however its columns are numbered (measured: NOTES).
 * And only where y has PAD_MIN_Y points or more: the longer the columns, the more the
 * padded y pass gains, and the rows pass lost more than that at 96^3 and 64^3 (NOTES).
 * FFTLAB_R2C_PAD=0 keeps M + 1 throughout, =1 pads every 3-D plan of fused rows (to
 * compare, and to test small shapes). */
#define PAD_MIN_Y 128
static size_t padded_rows(const struct fl_problem *p, const struct fl_real_plan *R)
{
    const char *e = getenv("FFTLAB_R2C_PAD");
    if (p->ndims != 3 || !fused_rows(p, R) || (e && strcmp(e, "0") == 0))
        return R->m + 1;
    if (p->dims[0] == 1 && p->dims[1] == 1)
        return R->m + 1; /* no outer pass, so none to drop the pad */
    if (p->dims[1] < PAD_MIN_Y && !(e && strcmp(e, "1") == 0))
        return R->m + 1;
    return (R->m + 1 + 3) / 4 * 4;
}

/* Plan problem P's complex parts (common/fft/real_plan.c), or -1 with WHY: the x axis as
 * rows of M complex values, shape (..., M), and the outer axes on the half spectrum
 * (..., M + 1, or padded_rows). Two layouts, one program: their kernels and -D constants
 * are named by axis. */
int make_real_plan(const struct fl_problem *p, struct fl_real_plan *R, char *why, size_t len)
{
    struct fl_radix_limits lim;
    size_t wg = p->wg ? p->wg : DEFAULT_WG;
    fl_radix_limits_default(&lim, p->dev->local_mem, elem_bytes(p),
                            wg < p->dev->max_wg ? wg : p->dev->max_wg);
    struct fl_radix_limits xlim = lim; /* the x axis's: with --shapes (1-D, fused only) */
    for (int k = 0; k < p->nshapes; k++)
        xlim.shape[k] = p->shape[k];
    if (fl_real_plan_make(p->ndims, p->dims, p->batch, &xlim, &lim, 0, R, why, len) != 0)
        return -1;
    struct fl_radix_limits wide; /* fused, rows of several passes: groups of PAIRED_WG */
    const struct fl_radix_limits *x_used = &xlim;
    if (!p->wg && strcmp(p->variant, "fused") == 0 && R->x.ax[0].rp.npasses > 1 &&
        PAIRED_WG <= p->dev->max_wg) {
        fl_radix_limits_default(&wide, p->dev->local_mem, elem_bytes(p), PAIRED_WG);
        for (int k = 0; k < p->nshapes; k++)
            wide.shape[k] = p->shape[k];
        x_used = &wide;
        if (fl_real_plan_make(p->ndims, p->dims, p->batch, x_used, &lim, 0, R, why, len) != 0)
            return -1;
    }
    size_t pad = p->ndims == 1 ? R->m + 1 : padded_rows(p, R);
    if (pad != R->m + 1)
        return fl_real_plan_make(p->ndims, p->dims, p->batch, x_used, &lim, pad, R, why, len);
    return 0;
}
