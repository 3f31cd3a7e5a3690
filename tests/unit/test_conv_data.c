/* chapters/11_convolution/image_data.c and chirp.c: the two tasks' data. The test image's
 * range and its edges; the Gaussian and sharpening filters' sums, symmetry and centre; the
 * chirp's window and sweep; seeded noise (same seed, same noise; its mean and spread); the
 * matched filter (the chirp reversed) finding a chirp planted below the noise, by the
 * direct sum, at the planted position; and the peak finder's margin. */
#include "../../chapters/11_convolution/tasks.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    /* ---- the test image */
    size_t h = 96, w = 128;
    double *img = malloc(h * w * sizeof *img), *img2 = malloc(h * w * sizeof *img2);
    image_test_pattern(h, w, img);
    image_test_pattern(h, w, img2);
    double lo = 1, hi = 0;
    size_t edges = 0;
    for (size_t i = 0; i < h * w; i++) {
        lo = fmin(lo, img[i]);
        hi = fmax(hi, img[i]);
        if (i % w && fabs(img[i] - img[i - 1]) > 0.5)
            edges++;
    }
    ok(lo >= 0 && hi <= 1, "test image: values in [0, 1] (%.3f .. %.3f)", lo, hi);
    ok(hi - lo > 0.8, "test image: a contrast of more than 0.8");
    ok(edges > 100, "test image: sharp edges (%zu steps of more than 0.5 along rows)", edges);
    ok(memcmp(img, img2, h * w * sizeof *img) == 0, "test image: the same every time");

    /* ---- the filters */
    is_int((long long)image_gauss_taps(8), 49, "Gaussian sigma=8: 2 ceil(24) + 1 = 49 taps");
    is_int((long long)image_gauss_taps(0.5), 5, "sigma=0.5: 5 taps");
    size_t k = image_gauss_taps(3);
    double *g = malloc(k * k * sizeof *g), *s = malloc(k * k * sizeof *s);
    image_gauss_filter(3, k, g);
    double sum = 0, asym = 0, gmax = 0;
    for (size_t i = 0; i < k * k; i++) {
        sum += g[i];
        asym = fmax(asym, fabs(g[i] - g[k * k - 1 - i]));
        asym = fmax(asym, fabs(g[i] - g[(i % k) * k + i / k]));
        gmax = fmax(gmax, g[i]);
    }
    is_double_near(sum, 1, 1e-12, "Gaussian: taps sum to 1 (keeps the mean brightness)");
    ok(asym == 0, "Gaussian: symmetric (point and transpose)");
    ok(g[(k / 2) * k + k / 2] == gmax, "Gaussian: largest at the centre");
    ok(g[0] < 1e-3 * gmax, "Gaussian: the corner has fallen off (%.2g of the peak)", g[0] / gmax);
    image_sharpen_filter(3, 1.5, k, s);
    sum = 0;
    for (size_t i = 0; i < k * k; i++)
        sum += s[i];
    is_double_near(sum, 1, 1e-12, "sharpen: taps sum to 1");
    is_double_near(s[(k / 2) * k + k / 2], 2.5 - 1.5 * g[(k / 2) * k + k / 2], 1e-15,
                   "sharpen: (1 + a) at the centre, less a times the Gaussian");
    ok(s[1] < 0, "sharpen: negative around it");

    /* ---- the chirp */
    size_t m = 1024, n = 8192, pos = 3001;
    double *c = malloc(m * sizeof *c), *hf = malloc(m * sizeof *hf);
    double *x = malloc(n * sizeof *x), *x2 = malloc(n * sizeof *x2);
    chirp_make(m, 0.02, 0.3, c);
    ok(c[0] == 0 && fabs(c[m - 1]) < 1e-12, "chirp: the Hann window is 0 at both ends");
    /* zero crossings in the first and the last eighth: the frequency rises */
    size_t z0 = 0, z1 = 0;
    for (size_t i = 1; i < m / 8; i++) {
        z0 += (c[i] > 0) != (c[i - 1] > 0);
        z1 += (c[m - m / 8 + i] > 0) != (c[m - m / 8 + i - 1] > 0);
    }
    ok(z1 > 4 * z0, "chirp: the frequency sweeps up (%zu crossings early, %zu late)", z0, z1);
    chirp_bury(n, c, m, pos, 0.5, 1.0, 42, x);
    chirp_bury(n, c, m, pos, 0.5, 1.0, 42, x2);
    ok(memcmp(x, x2, n * sizeof *x) == 0, "noise: the same seed, the same signal");
    chirp_bury(n, c, m, pos, 0.5, 1.0, 43, x2);
    ok(memcmp(x, x2, n * sizeof *x) != 0, "noise: another seed, another signal");
    chirp_bury(n, c, 0, 0, 0, 1.0, 42, x2); /* the noise alone */
    double mean = 0, var = 0;
    for (size_t i = 0; i < n; i++)
        mean += x2[i] / n;
    for (size_t i = 0; i < n; i++)
        var += (x2[i] - mean) * (x2[i] - mean) / n;
    ok(fabs(mean) < 0.05 && fabs(sqrt(var) - 1) < 0.05, "noise: mean %.3f, spread %.3f (0 and 1)",
       mean, sqrt(var));
    ok(x[pos + m / 2] - x2[pos + m / 2] == 0.5 * c[m / 2], "the chirp is added at POS");
    /* buried: the chirp's largest sample is below the noise's spread */
    double cmax = 0;
    for (size_t i = 0; i < m; i++)
        cmax = fmax(cmax, 0.5 * fabs(c[i]));
    ok(cmax <= 0.5 * sqrt(var) + 1e-12, "buried: the chirp's peak %.2f, the noise's spread %.2f",
       cmax, sqrt(var));

    /* ---- the matched filter, by the direct sum */
    chirp_matched_filter(c, m, hf);
    ok(hf[0] == c[m - 1] && hf[m - 1] == c[0] && hf[7] == c[m - 8], "matched filter: the chirp reversed");
    size_t ny = n + m - 1;
    double *y = calloc(ny, sizeof *y);
    for (size_t i = 0; i < n; i++)
        for (size_t t = 0; t < m; t++)
            y[i + t] += x[i] * hf[t];
    double margin = 0;
    size_t peak = chirp_peak(y, ny, m, &margin);
    is_int((long long)peak - (long long)(m - 1), (long long)pos,
           "matched filter: the peak at POS + M - 1, so the chirp starts at %zu", pos);
    ok(margin > 6, "matched filter: the peak stands %.1f times the RMS above the rest", margin);
    /* without the chirp, no peak stands out like that */
    memset(y, 0, ny * sizeof *y);
    for (size_t i = 0; i < n; i++)
        for (size_t t = 0; t < m; t++)
            y[i + t] += x2[i] * hf[t];
    double noise_margin = 0;
    chirp_peak(y, ny, m, &noise_margin);
    ok(noise_margin < margin / 1.6, "noise alone: its largest value is %.1f times the RMS",
       noise_margin);

    /* ---- the peak finder */
    double v[7] = {0.1, -0.2, 0.1, -3, 0.1, 0.2, -0.1};
    double mg;
    is_int((long long)chirp_peak(v, 7, 1, &mg), 3, "peak: the largest magnitude, negative too");
    is_double_near(mg, 3 / sqrt((0.01 + 0.04 + 0.04 + 0.01) / 4), 1e-12,
                   "peak: margin over the RMS outside the guard");
    double one = 2;
    chirp_peak(&one, 1, 0, &mg);
    ok(isinf(mg), "peak: nothing outside the guard: an infinite margin");

    free(img); free(img2); free(g); free(s); free(c); free(hf); free(x); free(x2); free(y);
    return done_testing();
}
