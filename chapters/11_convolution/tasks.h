/* 11_convolution: what the files beyond the spine (conv.h's) share: real data, long
 * signals in blocks, and the two tasks.
 *
 *   real.c         real data through 09's R2C and C2R (common/fft/real_plan.c)
 *   overlap_save.c --variant overlap_save (and the exercise's overlap_add): the signal in
 *                  blocks, on blocks.c's bookkeeping
 *   task.c         --task: a task's data run through the harness, its result read back
 *   task_image.c   --task blur | sharpen: an image filtered, a PGM written
 *   task_chirp.c   --task chirp: a matched filter finds a chirp in noise
 * and the host-only pieces they stand on (no OpenCL, each unit-tested on its own:
 * tests/unit/test_conv_*.c):
 *   blocks.c       overlap-save's bookkeeping: a signal of Nx values cut into blocks of W,
 *                  a hop of W - K + 1, the first K - 1 outputs of each block discarded
 *   pgm.c          8-bit binary PGM (P5) images, read and written whole or not at all
 *   image_data.c   the image task's data: a test image the program draws, the Gaussian
 *                  blur and the sharpening filter (K x K taps)
 *   chirp.c        the matched-filter task's data: a chirp, buried in seeded noise, its
 *                  matched filter, and the peak that finds it
 * Calls go one way: main.c > task_*.c > task.c; main.c > overlap_save.c > real.c > setup.c;
 * the host-only pieces call only common/. */
#ifndef FFTLAB_CONV_TASKS_H
#define FFTLAB_CONV_TASKS_H

#include <stddef.h>
#include <stdint.h>

struct conv;
struct fl_plan;
struct fl_chapter;
struct fl_npy;

/* ------------------------------------------------------------ blocks.c: overlap-save */

/* A linear convolution y = x * h of a long signal (NX values) and a short filter (K taps),
 * Ny = NX + K - 1 outputs, computed in blocks of W values (a length the FFT plans take).
 * Block b reads the W samples x[b L - (K - 1) .. b L + L - 1], L = W - K + 1 the hop
 * (samples before 0 or past NX read as zeros), and its circular convolution with h gives,
 * at j = K - 1 .. W - 1, the outputs y[b L + j - (K - 1)]: the first K - 1 are wrapped
 * around and discarded. Blocks ceil(Ny / L); the last one's outputs past Ny are dropped. */
struct ols_blocks {
    size_t nx, k;   /* signal and filter lengths                               */
    size_t b;       /* block length: the transforms' length                    */
    size_t hop;     /* L = W - K + 1: new samples per block, outputs per block */
    size_t ny;      /* NX + K - 1 outputs (the full linear convolution)        */
    size_t nblocks; /* ceil(Ny / L)                                            */
};

/* The block length overlap-save picks for NX and K when none is given: the smallest
 * 7-smooth length >= 8 K (so at most an eighth of each block is discarded), or the one
 * >= Ny when that is smaller (the whole signal in one block). */
size_t ols_default_block(size_t nx, size_t k);

/* Fill O for NX, K and block length W (0: ols_default_block), or -1 with WHY: NX or K 0,
 * W < K (no output would be kept), W not 2^a 3^b 5^c 7^d. */
int ols_plan(size_t nx, size_t k, size_t b, struct ols_blocks *o, char *why, size_t len);

/* Block BLK's sample J (J < W) is x[ols_source(...)], or zero when it returns -1. */
long long ols_source(const struct ols_blocks *o, size_t blk, size_t j);

/* Block BLK's circular output J is y[ols_kept(...)], or discarded when it returns -1
 * (J < K - 1: wrapped around; or past Ny in the last block). */
long long ols_kept(const struct ols_blocks *o, size_t blk, size_t j);

/* The whole method on the host, in double, each block's circular convolution by its
 * O(W K) sum: y (O->ny complex values, interleaved) from x (O->nx) and h (O->k). For the
 * unit tests, and as a statement of the bookkeeping the device plan follows. */
void ols_host(const struct ols_blocks *o, const double *x, const double *h, double *y);

/* ------------------------------------------------------------ overlap_save.c */

/* kernels/11_convolution.cl's fused kernels are compiled wherever an axis x is planned
 * (Ax_P0), and need their -D constants: the plans of overlap_save.c and real.c launch
 * none of them, and give these (the values of a 1-point grid) after their layouts'. */
#define CONV_NO_FUSED_OPTIONS " -D CONV_NX=1 -D CONV_NY=1 -D CONV_MID_ROWS=1 " \
                              "-D PASS_MIDDLE_ROWS=1 -D CONV_ROWS_LAST=1"

/* 1: VARIANT is one of the block variants (overlap_save, overlap_add) */
int conv_is_blocked(const char *variant);
/* O for CV's run of VARIANT (--block W or the default; real data: W even), or -1 with
 * WHY: a variant of 1-D linear convolutions (overlap_add: of complex data), at most 2^30
 * block values. */
int conv_blocks(const struct conv *cv, const char *variant, struct ols_blocks *o, char *why,
                size_t len);
/* check(): conv_blocks and the blocks' layout (CV->p set); 0 or -1 with WHY */
int conv_blocks_check(const struct conv *cv, char *why, size_t len);
/* the plan: load, the passes on the blocks, conv_product, the inverse passes, store */
void conv_plan_blocks(const struct conv *cv, struct fl_plan *plan);
/* -D options: the blocks' layout */
void conv_blocks_options(const struct conv *cv, char *opts, size_t len);

/* ------------------------------------------------------------ real.c */

/* check(): the real grid (its last axis even) and 09's layouts on it; 0 or -1 with WHY */
int conv_real_check(const struct conv *cv, char *why, size_t len);
/* the plan of real data: pad, R2C, conv_product on the half spectrum, C2R, cut */
void conv_plan_real(const struct conv *cv, struct fl_plan *plan);
/* -D options: 09's layouts of the grid, RH_M, RH_PAIRS */
void conv_real_options(const struct conv *cv, char *opts, size_t len);

/* ------------------------------------------------------------ task.c, task_image.c,
 * task_chirp.c: --task blur|sharpen|chirp, a real use the lesson runs end to end */

struct task_opts {
    const char *name;               /* --task's value                                     */
    const char *image;              /* --image in.pgm (blur, sharpen), or NULL: the pattern */
    double sigma;                   /* --sigma, the Gaussian's width (0: the task's own)   */
    const char *output;             /* --output: the task's result (a PGM), or NULL        */
    int ndims;                      /* --size (0: the task's default)                      */
    size_t dims[4];
    int repeat_given;               /* --repeat given: time the runs as asked (else 0)     */
};

/* Take the task's options out of ARGV (--output, --size: the task's own), refuse those a
 * task cannot take (exit 2); returns the new argc. */
int task_take_options(int argc, char **argv, struct task_opts *t);
/* Y = X (*) H on the device, verified, through fl_main (CH, with ARGV's options): real X of
 * shape XDIMS and H of HDIMS (NDIMS axes, one value each), linear mode; Y (NDIMS axes, the
 * full N + K - 1 per axis) read back, a real array. Returns fl_main's exit status (Y filled
 * only when 0). */
int task_convolve(const struct fl_chapter *ch, int argc, char **argv, const struct task_opts *t,
                  const double *x, const size_t *xdims, int ndims, const double *h,
                  const size_t *hdims, struct fl_npy *y);
/* The tasks: their exit status (0: done and verified) */
int task_image(const struct fl_chapter *ch, int argc, char **argv, struct task_opts *t);
int task_chirp(const struct fl_chapter *ch, int argc, char **argv, struct task_opts *t);

/* ------------------------------------------------------------ pgm.c: P5 images */

#define PGM_MAX_SIDE 65536          /* a side longer than this is refused             */
#define PGM_MAX_PIXELS ((size_t)1 << 28)

struct pgm {
    size_t width, height;
    unsigned maxval;                /* 1 .. 255: 8-bit samples                         */
    unsigned char *pixels;          /* height rows of width samples, top row first     */
};

/* Read a binary PGM (P5, maxval <= 255; comments in the header allowed), or -1 with the
 * reason in ERR (not a P5 file, a 16-bit one, a bad or missing field, short data). */
int pgm_read(const char *path, struct pgm *img, char *err, size_t errlen);
/* Write IMG as P5 (maxval IMG->maxval) whole or not at all (common/whole_file.h); -1 with
 * the reason in ERR, the file left as it was. */
int pgm_write(const char *path, const struct pgm *img, char *err, size_t errlen);
void pgm_free(struct pgm *img);

/* Samples to values in [0, 1] (v / maxval) and back (clamped to [0, 1], rounded to the
 * nearest of maxval + 1 levels); the doubles are W x H, one per pixel. */
void pgm_to_values(const struct pgm *img, double *v);
void pgm_from_values(struct pgm *img, const double *v);

/* ------------------------------------------------------------ image_data.c */

/* A test image of H x W values in [0, 1] that shows what a filter does: flat regions
 * with sharp edges (a disc, a square, bars of widths 1 to 8 pixels) and a zone plate,
 * rings whose frequency grows outwards (a blur erases the outer rings first). */
void image_test_pattern(size_t h, size_t w, double *v);

/* The taps per side of a Gaussian of width SIGMA (pixels): 2 ceil(3 sigma) + 1, the
 * kernel reaching three widths out, where it has fallen to 1 % of its peak. */
size_t image_gauss_taps(double sigma);
/* K x K taps of the Gaussian exp(-(dy^2 + dx^2) / (2 sigma^2)), centred, summing to 1:
 * a blur that keeps the mean brightness. */
void image_gauss_filter(double sigma, size_t k, double *h);
/* K x K taps of unsharp masking, (1 + AMOUNT) delta - AMOUNT G (G: the Gaussian above,
 * delta at the centre), summing to 1: the image plus AMOUNT times what the blur takes
 * away, the edges made steeper. */
void image_sharpen_filter(double sigma, double amount, size_t k, double *h);

/* ------------------------------------------------------------ chirp.c */

/* M samples of a linear chirp whose frequency sweeps from F0 to F1 (cycles per sample),
 * s_n = w_n cos(2 pi (F0 n + (F1 - F0) n^2 / (2 M))), under a Hann window w_n (its
 * matched filter's output then has low side lobes). */
void chirp_make(size_t m, double f0, double f1, double *s);

/* N samples of Gaussian noise of standard deviation SIGMA (seeded: the same SEED, the same
 * noise), with AMP times the M samples S added at POS (POS + M <= N). */
void chirp_bury(size_t n, const double *s, size_t m, size_t pos, double amp, double sigma,
                uint64_t seed, double *x);

/* The matched filter of S: its M samples reversed, h_n = s_(M-1-n), so that the
 * convolution x * h at n is the correlation of x with s starting at n - (M - 1). */
void chirp_matched_filter(const double *s, size_t m, double *h);

/* The index of the largest |y_i| of N values, and how far it stands out: that peak over
 * the RMS of the values more than GUARD away from it (*MARGIN, may be NULL). */
size_t chirp_peak(const double *y, size_t n, size_t guard, double *margin);

#endif
