/* 11_convolution: the matched-filter task's data (tasks.h). A chirp, a tone whose
 * frequency sweeps, is what radar and sonar send: its autocorrelation is one narrow peak,
 * so correlating what comes back with the chirp (convolving with it reversed, the matched
 * filter) turns an echo far below the noise into a spike at its arrival time. The noise is
 * seeded (common/reference.h's splitmix64), so a seed names one signal everywhere. */
#include "tasks.h"

#include "../../common/reference.h"

#include <math.h>

static const double pi = 3.14159265358979323846;

void chirp_make(size_t m, double f0, double f1, double *s)
{
    for (size_t n = 0; n < m; n++) {
        double t = (double)n;
        double phase = f0 * t + (f1 - f0) * t * t / (2.0 * (double)m);
        phase -= floor(phase); /* cycles: keep the angle small, as the FFT chapters do */
        double window = m > 1 ? 0.5 - 0.5 * cos(2 * pi * t / (double)(m - 1)) : 1.0;
        s[n] = window * cos(2 * pi * phase);
    }
}

/* A uniform number in (0, 1) from the generator: 53 random bits, never 0 */
static double uniform(uint64_t *state)
{
    return ((double)(fl_rng_next(state) >> 11) + 0.5) / 9007199254740992.0;
}

void chirp_bury(size_t n, const double *s, size_t m, size_t pos, double amp, double sigma,
                uint64_t seed, double *x)
{
    uint64_t state = seed;
    for (size_t i = 0; i < n; i += 2) {
        /* Box-Muller: two independent normal values from two uniform ones */
        double r = sqrt(-2.0 * log(uniform(&state))), a = 2 * pi * uniform(&state);
        x[i] = sigma * r * cos(a);
        if (i + 1 < n)
            x[i + 1] = sigma * r * sin(a);
    }
    for (size_t i = 0; i < m && pos + i < n; i++)
        x[pos + i] += amp * s[i];
}

void chirp_matched_filter(const double *s, size_t m, double *h)
{
    for (size_t i = 0; i < m; i++)
        h[i] = s[m - 1 - i];
}

size_t chirp_peak(const double *y, size_t n, size_t guard, double *margin)
{
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (fabs(y[i]) > fabs(y[best]))
            best = i;
    if (margin) {
        double sum = 0;
        size_t count = 0;
        for (size_t i = 0; i < n; i++)
            if (i + guard < best || i > best + guard) {
                sum += y[i] * y[i];
                count++;
            }
        *margin = count && sum > 0 ? fabs(y[best]) / sqrt(sum / count) : INFINITY;
    }
    return best;
}
