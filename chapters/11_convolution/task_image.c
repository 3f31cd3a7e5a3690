/* 11_convolution --task blur | sharpen: an image filtered with a large 2-D kernel on the
 * device, the result written as a PGM the lesson shows.
 *
 * The image is --image in.pgm (8-bit P5), or the test pattern the program draws
 * (image_data.c; --size HxW, default 512x512). blur: a Gaussian of width --sigma (default
 * 8 pixels: 49 x 49 taps); sharpen: unsharp masking, (1 + a) delta - a G with a = 1.5 and G
 * of width --sigma (default 4: 25 x 25 taps). The image is extended past its edges by
 * repeating the edge pixels, (K - 1)/2 on every side, so that the borders do not darken
 * (a zero-padded image fades to black within K/2 of them); the linear convolution of that
 * (real data: 09's R2C and C2R, real.c) is cut back to the image's own pixels, at offset
 * K - 1 on each axis. The PGM holds the image on the left and the result on the right.
 *
 * What it prints: the filter, the mean step between neighbouring pixels along the rows
 * before and after (a blur makes the steps smaller, sharpening larger: the number the
 * tests check), and the file written. */
#include "conv.h"
#include "tasks.h"

#include "../../common/buffers.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHARPEN_AMOUNT 1.5

/* the mean |v[r][c+1] - v[r][c]| of an H x W image */
static double mean_step(const double *v, size_t h, size_t w)
{
    double sum = 0;
    for (size_t r = 0; r < h; r++)
        for (size_t c = 0; c + 1 < w; c++)
            sum += fabs(v[r * w + c + 1] - v[r * w + c]);
    return w > 1 ? sum / (double)(h * (w - 1)) : 0;
}

/* The image: --image's, or the pattern. *H, *W its size. */
static double *load_image(const struct task_opts *t, size_t *h, size_t *w)
{
    if (t->image) {
        struct pgm img;
        char err[512];
        if (t->ndims)
            fl_die(FL_EXIT_USAGE, "--task %s: --image %s has its own size; --size is for the "
                   "test pattern", t->name, t->image);
        if (pgm_read(t->image, &img, err, sizeof err) != 0)
            fl_die(FL_EXIT_USAGE, "--image: %s", err);
        *h = img.height;
        *w = img.width;
        double *v = fl_xmalloc(*h * *w * sizeof *v, "the image");
        pgm_to_values(&img, v);
        pgm_free(&img);
        return v;
    }
    if (t->ndims && t->ndims != 2)
        fl_die(FL_EXIT_USAGE, "--task %s: --size HxW, the test pattern's size (like 512x512)",
               t->name);
    *h = t->ndims ? t->dims[0] : 512;
    *w = t->ndims ? t->dims[1] : 512;
    if (*h < 8 || *w < 8 || *h > 4096 || *w > 4096)
        fl_die(FL_EXIT_USAGE, "--task %s: the test pattern is 8 to 4096 pixels a side, not "
               "%zux%zu", t->name, *h, *w);
    double *v = fl_xmalloc(*h * *w * sizeof *v, "the image");
    image_test_pattern(*h, *w, v);
    return v;
}

int task_image(const struct fl_chapter *ch, int argc, char **argv, struct task_opts *t)
{
    int blur = strcmp(t->name, "blur") == 0;
    double sigma = t->sigma > 0 ? t->sigma : blur ? 8 : 4;
    size_t h, w, k = image_gauss_taps(sigma), c = (k - 1) / 2;
    if (conv_args.fndims)
        fl_die(FL_EXIT_USAGE, "--task %s: the kernel's size follows --sigma (2 ceil(3 sigma) + "
               "1 taps a side); --filter-size is not for it", t->name);
    if (k > 1023)
        fl_die(FL_EXIT_USAGE, "--sigma %g: at most 170 pixels (1021 x 1021 taps)", sigma);
    double *img = load_image(t, &h, &w);
    /* the image, its edges repeated (K - 1)/2 pixels outwards on every side */
    size_t ph = h + k - 1, pw = w + k - 1;
    double *ext = fl_xmalloc(ph * pw * sizeof *ext, "the extended image");
    for (size_t r = 0; r < ph; r++)
        for (size_t q = 0; q < pw; q++) {
            size_t sr = r < c ? 0 : r - c >= h ? h - 1 : r - c;
            size_t sq = q < c ? 0 : q - c >= w ? w - 1 : q - c;
            ext[r * pw + q] = img[sr * w + sq];
        }
    double *filt = fl_xmalloc(k * k * sizeof *filt, "the filter");
    if (blur)
        image_gauss_filter(sigma, k, filt);
    else
        image_sharpen_filter(sigma, SHARPEN_AMOUNT, k, filt);
    size_t xdims[2] = {ph, pw}, hdims[2] = {k, k};
    struct fl_npy y;
    int rc = task_convolve(ch, argc, argv, t, ext, xdims, 2, filt, hdims, &y);
    free(ext);
    free(filt);
    if (rc != 0) {
        free(img);
        return rc;
    }
    /* y is (ph + k - 1) x (pw + k - 1): the image's own pixels from (k - 1, k - 1) on */
    size_t yw = y.shape[1];
    struct pgm out = {2 * w, h, 255, fl_xmalloc(2 * w * h, "the PGM")};
    double *res = fl_xmalloc(h * w * sizeof *res, "the result");
    double *both = fl_xmalloc(2 * h * w * sizeof *both, "the side-by-side image");
    for (size_t r = 0; r < h; r++)
        for (size_t q = 0; q < w; q++) {
            res[r * w + q] = y.data[2 * ((r + k - 1) * yw + q + k - 1)];
            both[r * 2 * w + q] = img[r * w + q];
            both[r * 2 * w + w + q] = res[r * w + q];
        }
    pgm_from_values(&out, both);
    const char *path = t->output ? t->output : blur ? "blur.pgm" : "sharpen.pgm";
    char err[1024];
    if (pgm_write(path, &out, err, sizeof err) != 0)
        fl_die(FL_EXIT_USAGE, "--task %s: %s", t->name, err);
    printf("task     %s: %s %zux%zu, %s of width %g pixels (%zux%zu taps), the edges repeated "
           "past the border\n", t->name, t->image ? t->image : "the test pattern", h, w,
           blur ? "a Gaussian" : "unsharp masking (1 + 1.5) delta - 1.5 G, G a Gaussian", sigma,
           k, k);
    printf("task     mean step between neighbours along the rows: %.4f before, %.4f after "
           "(%s)\n", mean_step(img, h, w), mean_step(res, h, w),
           blur ? "a blur makes them smaller" : "sharpening makes them larger");
    printf("task     wrote %s (%zux%zu: the image on the left, the result on the right)\n",
           path, 2 * w, h);
    printf("PASS\n");
    free(out.pixels);
    free(res);
    free(both);
    free(img);
    fl_npy_free(&y);
    return 0;
}
