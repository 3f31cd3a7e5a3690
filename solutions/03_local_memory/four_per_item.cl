/* Exercise 03_local_memory/four_per_item — a radix-R pass with four values per work-item.
 *
 * Chapter 03's fft_local gives each work-item 2 of the group's R values, so R = 2 x the
 * work-group size. Here each work-item holds 4: a group of r items does a radix-R
 * butterfly with R = 4r. The arithmetic is the chapter's:
 *
 *     v[m]  = x[t + m*(n/R)] * exp(sign*2*pi*i * m*k / (R*p))      m = 0 .. R-1
 *     V     = the R-point DFT of v, in u: log2 R in-place radix-2 stages of half-width
 *             h = R/2, R/4, ..., 1 (decimation in frequency, which leaves V[m] at
 *             position reverse_bits(m) of u). A stage is R/2 pairs; the chapter's pair
 *             number j is: d = j mod h, i0 = 2(j - d) + d, a = u[i0], b = u[i0 + h],
 *             u[i0] = a + b, u[i0 + h] = (a - b) * roots[d << shift], where
 *             roots[q] = exp(sign*2*pi*i * q/R) and shift = 0, 1, 2, ... counts stages
 *     y[(t-k)*R + k + m*p] = V[m],                                 k = t mod p
 *
 * What changes is who does what inside the group: with r items for R values, R/2
 * roots and R/2 pairs per stage, each item loads four values and two roots, does two
 * pairs per stage, and stores four outputs. A group of r items now does the work of 2r,
 * and a pass combines twice as many sub-DFTs: at the same --wg, one stage more per
 * launch and fewer launches.
 *
 * Contract
 *   work-items : global (n/4, batch), local (r, 1), r a power of two, R = 4r <= n.
 *                Group t = get_group_id(0) (0 <= t < n/R) does butterfly t of row
 *                get_global_id(1); each item handles four of the R values.
 *   local      : u, R complex values; roots, R/2 complex values
 *   reads      : x[row*n + t + m*(n/R)] for the item's four m
 *   writes     : y[row*n + (t-k)*R + k + m*p] for the item's four m, with k = t mod p
 *   host calls : fft_radix2 (chapter 02) for p = 1, 2, ... while log2(n/p) is not a
 *                multiple of log2 R, then this kernel for p, p*R, p*R^2, ... < n; swap x
 *                and y after each.
 *
 * Yours to work out: which four values, which two roots and which two pairs item i
 * takes, so that every value, root and pair is done exactly once. Hints, one step at a
 * time: exercises/03_local_memory/README.md. */

__kernel void fft_local4(__global const real2_t *x, __global real2_t *y, __local real2_t *u,
                         __local real2_t *roots, int p, int sign)
{
    int r = get_local_size(0);
    int R = 4 * r;
    int log2R = 31 - clz(R);
    int i = get_local_id(0);
    int t = get_group_id(0);
    int stride = get_num_groups(0);             /* n / R */
    size_t row = (size_t)get_global_id(1) * stride * R;
    int k = t & (p - 1);
    const real_t scale = (real_t)(sign * 2.0 * FFTLAB_PI) / (real_t)(R * p);
    const real_t root_step = (real_t)(sign * 2.0 * FFTLAB_PI) / (real_t)R;

    //@exercise begin: Load: this item's four values of u, twiddled, and its two entries of roots.
    //@stub /* placeholder: the chapter's two values per item, so half of u and roots stays unset */
    //@stub u[i] = cmul(x[row + t + (size_t)i * stride], cexpi(scale * (real_t)(i * k)));
    //@stub u[i + r] = cmul(x[row + t + (size_t)(i + r) * stride], cexpi(scale * (real_t)((i + r) * k)));
    //@stub roots[i] = cexpi(root_step * (real_t)i);
    for (int s = 0; s < 4; s++) {
        int m = i + s * r;
        u[m] = cmul(x[row + t + (size_t)m * stride], cexpi(scale * (real_t)(m * k)));
    }
    roots[i] = cexpi(root_step * (real_t)i);
    roots[i + r] = cexpi(root_step * (real_t)(i + r));
    //@exercise end
    barrier(CLK_LOCAL_MEM_FENCE);

    /* log2 R stages, half-width h = R/2, R/4, ..., 1 */
    for (int h = 2 * r, shift = 0; h >= 1; h >>= 1, shift++) {
        //@exercise begin: This item's two butterfly pairs of the stage, each done as the chapter does one pair.
        //@stub /* placeholder: the chapter's one pair per item, so half the pairs are skipped */
        //@stub int d = i & (h - 1);
        //@stub int i0 = ((i - d) << 1) + d;
        //@stub real2_t a = u[i0];
        //@stub real2_t b = u[i0 + h];
        //@stub u[i0] = a + b;
        //@stub u[i0 + h] = cmul(a - b, roots[d << shift]);
        for (int j = i; j < 2 * r; j += r) {
            int d = j & (h - 1);
            int i0 = ((j - d) << 1) + d;
            real2_t a = u[i0];
            real2_t b = u[i0 + h];
            u[i0] = a + b;
            u[i0 + h] = cmul(a - b, roots[d << shift]);
        }
        //@exercise end
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    size_t out = row + (size_t)(t - k) * R + k;
    //@exercise begin: Store: this item's four outputs, V[m] read from u[reverse_bits(m, log2R)].
    //@stub /* placeholder: the chapter's two outputs per item, so half of y is never written */
    //@stub y[out + (size_t)i * p] = u[reverse_bits(i, log2R)];
    //@stub y[out + (size_t)(i + r) * p] = u[reverse_bits(i + r, log2R)];
    for (int s = 0; s < 4; s++) {
        int m = i + s * r;
        y[out + (size_t)m * p] = u[reverse_bits(m, log2R)];
    }
    //@exercise end
}
