/* 11_convolution: the image task's data (tasks.h): a test image the program draws, so that
 * the task needs no file (and the lesson's picture is reproducible to the bit), and the two
 * filters it applies, a Gaussian blur and unsharp-mask sharpening, K x K taps each. */
#include "tasks.h"

#include <math.h>
#include <stddef.h>

static const double pi = 3.14159265358979323846;

/* The drawing, in coordinates relative to the image (u, v in [0, 1)), so any size shows
 * the same scene: the left half a zone plate, the right half shapes and bars on a gentle
 * gradient. */
void image_test_pattern(size_t h, size_t w, double *img)
{
    for (size_t y = 0; y < h; y++) {
        for (size_t x = 0; x < w; x++) {
            double u = (x + 0.5) / w, v = (y + 0.5) / h, val;
            if (u < 0.5) {
                /* zone plate: cos(pi r^2 / (4 R)), whose local frequency r / (4 R) cycles
                 * per pixel grows with r to a quarter of the sampling rate at R */
                double dx = (u - 0.25) * w, dy = (v - 0.5) * h;
                double rmax = 0.25 * w < 0.5 * h ? 0.25 * w : 0.5 * h;
                double r2 = dx * dx + dy * dy;
                val = r2 > rmax * rmax ? 0.5 : 0.5 + 0.5 * cos(pi * r2 / (4.0 * rmax));
            } else {
                val = 0.15 + 0.2 * v; /* background: dark, a little lighter at the bottom */
                double du = u - 0.72, dv = v - 0.25;
                if (du * du + dv * dv < 0.15 * 0.15)
                    val = 0.95; /* a disc */
                if (u > 0.58 && u < 0.92 && v > 0.48 && v < 0.62)
                    val = 0.7; /* a bar */
                if (v > 0.7 && v < 0.92 && u > 0.56 && u < 0.96) {
                    /* bars of widths 1, 2, 4 and 8 pixels, each as far apart as it is wide */
                    size_t px = x - (size_t)(0.56 * w), width = 1;
                    size_t span = (size_t)(0.4 * w) / 4;
                    size_t group = span ? px / span : 0;
                    for (size_t g = 0; g < group && g < 3; g++)
                        width *= 2;
                    val = (px / width) % 2 ? 0.1 : 0.9;
                }
            }
            img[y * w + x] = val;
        }
    }
}

size_t image_gauss_taps(double sigma)
{
    return 2 * (size_t)ceil(3 * sigma) + 1;
}

void image_gauss_filter(double sigma, size_t k, double *h)
{
    double c = (k - 1) / 2.0, sum = 0;
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < k; j++) {
            double dy = i - c, dx = j - c;
            h[i * k + j] = exp(-(dx * dx + dy * dy) / (2 * sigma * sigma));
            sum += h[i * k + j];
        }
    for (size_t i = 0; i < k * k; i++)
        h[i] /= sum;
}

void image_sharpen_filter(double sigma, double amount, size_t k, double *h)
{
    image_gauss_filter(sigma, k, h);
    for (size_t i = 0; i < k * k; i++)
        h[i] *= -amount;
    h[(k / 2) * k + k / 2] += 1 + amount; /* k is odd: the centre tap */
}
