/* The arithmetic of radices (radix_plan.h): which lengths a set of radices can factor and
 * how (fl_radix_leftover, fl_radix_factor, fl_smooth_at_least, the smooth numbers of a
 * range), the digit reversal of a mixed-radix FFT, the split twiddle tables, and the
 * radices in words. No plan is made here: radix_plan.c makes them. */
#include "radix_plan.h"

#include "plan.h"

#include <math.h>

#include <stdio.h>
#include <string.h>

static const unsigned *radices_or_default(const unsigned *radices)
{
    return radices && radices[0] ? radices : fl_radix_default;
}

/* The prime P if R = P^k (k >= 1), else 0. */
static unsigned prime_of_power(unsigned r)
{
    if (r < 2)
        return 0;
    unsigned p = 2;
    while (r % p)
        p++;
    while (r % p == 0)
        r /= p;
    return r == 1 ? p : 0;
}

static int allowed(const unsigned *radices, unsigned r)
{
    for (const unsigned *x = radices; *x; x++)
        if (*x == r)
            return 1;
    return 0;
}

/* Does some allowed radix contain the prime P? */
static int covers(const unsigned *radices, unsigned p)
{
    for (const unsigned *x = radices; *x; x++)
        if (*x % p == 0)
            return 1;
    return 0;
}

size_t fl_radix_leftover(size_t n, const unsigned *radices)
{
    radices = radices_or_default(radices);
    if (n == 0)
        return 0;
    for (unsigned p = 2; p <= 64 && n > 1; p++)
        if (prime_of_power(p) == p && covers(radices, p))
            while (n % p == 0)
                n /= p;
    return n;
}

int fl_radix_factor(size_t q, const unsigned *radices, unsigned *radix, int max)
{
    radices = radices_or_default(radices);
    int count = 0;
    if (q == 0)
        return -1;
    /* Radices that mix primes (6 = 2 x 3) first, while they divide. */
    for (const unsigned *r = radices; *r; r++)
        if (*r > 1 && !prime_of_power(*r))
            while (q % *r == 0) {
                if (count == max)
                    return -1;
                radix[count++] = *r;
                q /= *r;
            }
    /* Then each prime's power, in the fewest stages, exponents as even as possible. */
    for (unsigned p = 2; p <= 64 && q > 1; p++) {
        if (prime_of_power(p) != p || q % p)
            continue;
        int e = 0, maxe = 0;
        while (q % p == 0) {
            q /= p;
            e++;
        }
        for (unsigned pk = p, k = 1; pk <= 1u << 16; pk *= p, k++)
            if (allowed(radices, pk))
                maxe = (int)k;
        if (maxe == 0)
            return -1;
        int stages = (e + maxe - 1) / maxe, base = e / stages, extra = e % stages;
        int even_ok = 1;
        for (int s = 0; s < stages; s++) {
            unsigned pk = 1;
            for (int k = 0; k < base + (s < extra); k++)
                pk *= p;
            even_ok &= allowed(radices, pk);
        }
        while (e > 0) {
            int k = even_ok ? base + (extra > 0) : maxe;
            if (even_ok && extra > 0)
                extra--;
            /* without an even split, the largest allowed power that fits */
            unsigned pk = 1;
            for (int j = 0; j < k; j++)
                pk *= p;
            while (!even_ok && (k > e || !allowed(radices, pk))) {
                k--;
                pk /= p;
            }
            if (k == 0)
                return -1;
            if (count == max)
                return -1;
            radix[count++] = pk;
            e -= k;
        }
    }
    return q == 1 ? count : -1;
}

int fl_twiddle_lo_bits(size_t n)
{
    return (fl_log2(n) + 1) / 2;
}

void fl_twiddle_fill(size_t n, int b, double *lo, double *hi)
{
    const double two_pi = 6.283185307179586476925286766559;
    size_t nlo = (size_t)1 << b, nhi = (n + nlo - 1) >> b;
    for (size_t z = 0; z < nlo; z++) {
        lo[2 * z] = cos(-two_pi * (double)z / (double)n);
        lo[2 * z + 1] = sin(-two_pi * (double)z / (double)n);
    }
    for (size_t y = 0; y < nhi; y++) {
        hi[2 * y] = cos(-two_pi * (double)(y << b) / (double)n);
        hi[2 * y + 1] = sin(-two_pi * (double)(y << b) / (double)n);
    }
}

char *fl_radix_list(const unsigned *radices, char *buf, size_t len)
{
    size_t used = 0;
    radices = radices_or_default(radices);
    if (len)
        buf[0] = '\0';
    for (const unsigned *r = radices; *r && used < len; r++)
        used += (size_t)snprintf(buf + used, len - used, "%s%u", r == radices ? "" : ", ", *r);
    return buf;
}

char *fl_radix_join(const unsigned *radix, int nstages, char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    if (nstages == 0 && len)
        snprintf(buf, len, "1");
    for (int s = 0; s < nstages && used < len; s++)
        used += (size_t)snprintf(buf + used, len - used, "%s%u", s ? " x " : "", radix[s]);
    return buf;
}

size_t fl_digit_reverse(size_t m, const unsigned *radix, int nstages)
{
    size_t n = 1;
    for (int s = 0; s < nstages; s++)
        n *= radix[s];
    size_t k = 0, weight = n;
    for (int s = 0; s < nstages; s++) {
        weight /= radix[s];            /* N / (r_0 ... r_s) */
        k += (m % radix[s]) * weight;  /* digit d_s         */
        m /= radix[s];
    }
    return k;
}

int fl_radix_primes(const unsigned *radices, unsigned *primes, int max)
{
    radices = radices_or_default(radices);
    int count = 0;
    for (unsigned p = 2; p <= 64 && count < max; p++)
        if (prime_of_power(p) == p && covers(radices, p))
            primes[count++] = p;
    return count;
}

/* Every product of PRIMES[i..] times BASE in [LO, HI], passed to VISIT. */
static void smooth_in_range(const unsigned *primes, int nprimes, int i, size_t base, size_t lo,
                            size_t hi, void (*visit)(size_t m, void *ctx), void *ctx)
{
    if (i == nprimes) {
        if (base >= lo)
            visit(base, ctx);
        return;
    }
    for (size_t m = base;; m *= primes[i]) {
        smooth_in_range(primes, nprimes, i + 1, m, lo, hi, visit, ctx);
        if (m > hi / primes[i])
            break;
    }
}

void fl_smooth_visit(const unsigned *primes, int nprimes, size_t lo, size_t hi,
                     void (*visit)(size_t m, void *ctx), void *ctx)
{
    smooth_in_range(primes, nprimes, 0, 1, lo, hi, visit, ctx);
}

static void keep_smallest(size_t m, void *ctx)
{
    size_t *best = ctx;
    if (*best == 0 || m < *best)
        *best = m;
}

size_t fl_smooth_at_least(size_t n, const unsigned *radices)
{
    unsigned primes[32];
    int np = fl_radix_primes(radices, primes, 32);
    size_t hi = (size_t)1 << 40, best = 0;
    if (n <= 1)
        return 1;
    if (np == 0 || n > hi)
        return 0;
    /* the next power of the smallest prime bounds the search */
    size_t cap = 1;
    while (cap < n && cap <= hi / primes[0])
        cap *= primes[0];
    if (cap < n)
        return 0;
    smooth_in_range(primes, np, 0, 1, n, cap, keep_smallest, &best);
    return best;
}
