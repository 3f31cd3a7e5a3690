/* 11_convolution: 8-bit binary PGM images (P5), the image task's input and output
 * (tasks.h). The format (netpbm's pgm(5)): "P5", whitespace, the width, whitespace, the
 * height, whitespace, the largest value (here 1 .. 255: one byte per sample), exactly one
 * whitespace character, then height rows of width bytes, top row first. A '#' in the
 * header starts a comment that runs to the end of its line. Written whole or not at all
 * (common/whole_file.h), so a viewer never opens half an image. */
#define _POSIX_C_SOURCE 200809L
#include "tasks.h"

#include "../../common/whole_file.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next header number of F, skipping whitespace and comments: 0, or -1 with ERR
 * naming WHAT. Numbers past LIMIT are refused (no overflow, no absurd allocation). */
static int header_number(FILE *f, const char *path, const char *what, size_t limit,
                         size_t *out, char *err, size_t errlen)
{
    int c = fgetc(f);
    for (;;) {
        while (c != EOF && isspace(c))
            c = fgetc(f);
        if (c != '#')
            break;
        while (c != EOF && c != '\n' && c != '\r')
            c = fgetc(f);
    }
    if (c == EOF || !isdigit(c)) {
        snprintf(err, errlen, "%s: not a PGM image: the %s is missing or not a number", path,
                 what);
        return -1;
    }
    size_t v = 0;
    while (c != EOF && isdigit(c)) {
        v = v * 10 + (size_t)(c - '0');
        if (v > limit) {
            snprintf(err, errlen, "%s: the %s is larger than %zu", path, what, limit);
            return -1;
        }
        c = fgetc(f);
    }
    /* the number ends at one whitespace character (after the largest value, the samples
     * start right after it) or a comment */
    if (c != EOF && !isspace(c) && c != '#') {
        snprintf(err, errlen, "%s: not a PGM image: the %s runs into '%c'", path, what, c);
        return -1;
    }
    if (c == '#')
        ungetc(c, f);
    if (c == EOF) {
        snprintf(err, errlen, "%s: not a PGM image: the header ends after the %s", path, what);
        return -1;
    }
    *out = v;
    return 0;
}

int pgm_read(const char *path, struct pgm *img, char *err, size_t errlen)
{
    memset(img, 0, sizeof *img);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    char magic[2] = {0, 0};
    size_t w = 0, h = 0, maxval = 0;
    int rc = -1;
    if (fread(magic, 1, 2, f) != 2 || magic[0] != 'P' || (magic[1] != '5' && magic[1] != '2')) {
        snprintf(err, errlen, "%s: not a PGM image (it does not start with P5)", path);
    } else if (magic[1] == '2') {
        snprintf(err, errlen, "%s: a plain (P2, ASCII) PGM: only binary P5 is read (netpbm's "
                 "pnmtopnm or ImageMagick's convert turn one into the other)", path);
    } else if (header_number(f, path, "width", PGM_MAX_SIDE, &w, err, errlen) == 0 &&
               header_number(f, path, "height", PGM_MAX_SIDE, &h, err, errlen) == 0 &&
               header_number(f, path, "largest value", 65535, &maxval, err, errlen) == 0) {
        if (w == 0 || h == 0) {
            snprintf(err, errlen, "%s: an empty image (%zu x %zu)", path, w, h);
        } else if (maxval == 0 || maxval > 255) {
            snprintf(err, errlen, "%s: largest value %zu: only 8-bit PGM (1 to 255) is read",
                     path, maxval);
        } else if (w * h > PGM_MAX_PIXELS) {
            snprintf(err, errlen, "%s: %zu x %zu pixels is more than %zu", path, w, h,
                     PGM_MAX_PIXELS);
        } else if (!(img->pixels = malloc(w * h))) {
            snprintf(err, errlen, "%s: out of memory for %zu x %zu pixels", path, w, h);
        } else if (fread(img->pixels, 1, w * h, f) != w * h) {
            snprintf(err, errlen, "%s: the image data is short (%zu x %zu = %zu bytes "
                     "expected)", path, w, h, w * h);
        } else {
            size_t bad = 0;
            for (size_t i = 0; i < w * h; i++)
                bad += img->pixels[i] > maxval;
            if (bad)
                snprintf(err, errlen, "%s: %zu samples exceed the largest value %zu", path,
                         bad, maxval);
            else
                rc = 0;
        }
    }
    fclose(f);
    if (rc != 0) {
        pgm_free(img);
        return -1;
    }
    img->width = w;
    img->height = h;
    img->maxval = (unsigned)maxval;
    return 0;
}

int pgm_write(const char *path, const struct pgm *img, char *err, size_t errlen)
{
    if (img->maxval == 0 || img->maxval > 255 || img->width == 0 || img->height == 0) {
        snprintf(err, errlen, "cannot write %s: not an 8-bit image (%zu x %zu, largest value "
                 "%u)", path, img->width, img->height, img->maxval);
        return -1;
    }
    struct fl_whole w;
    FILE *f = fl_whole_open(&w, path, err, errlen);
    if (!f)
        return -1;
    size_t n = img->width * img->height;
    int ok = fprintf(f, "P5\n%zu %zu\n%u\n", img->width, img->height, img->maxval) > 0 &&
             fwrite(img->pixels, 1, n, f) == n;
    return fl_whole_close(&w, ok, err, errlen);
}

void pgm_free(struct pgm *img)
{
    free(img->pixels);
    img->pixels = NULL;
}

void pgm_to_values(const struct pgm *img, double *v)
{
    for (size_t i = 0; i < img->width * img->height; i++)
        v[i] = (double)img->pixels[i] / img->maxval;
}

void pgm_from_values(struct pgm *img, const double *v)
{
    for (size_t i = 0; i < img->width * img->height; i++) {
        double s = v[i] != v[i] ? 0 : v[i] < 0 ? 0 : v[i] > 1 ? 1 : v[i]; /* NaN -> 0 */
        img->pixels[i] = (unsigned char)lround(s * img->maxval);
    }
}
