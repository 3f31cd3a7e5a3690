/* chapters/11_convolution/pgm.c: P5 images written and read back bit for bit, the header
 * as netpbm writes it, headers with comments, and every malformed file refused with -1 and
 * a reason; a failed write leaves the old file as it was, and no temporary file behind. */
#define _POSIX_C_SOURCE 200809L
#include "../../chapters/11_convolution/tasks.h"
#include "tap.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[1024];

static const char *path_of(const char *name)
{
    static char buf[4][1200];
    static int next;
    char *p = buf[next++ % 4];
    snprintf(p, sizeof buf[0], "%s/%s", dir, name);
    return p;
}

static const char *write_bytes(const char *name, const void *bytes, size_t len)
{
    const char *p = path_of(name);
    FILE *f = fopen(p, "wb");
    if (!f || fwrite(bytes, 1, len, f) != len || fclose(f) != 0)
        bail_out("cannot write %s", p);
    return p;
}

/* a P5 file of HEADER then W*H bytes i*7 mod 256 (or SHORT bytes less) */
static const char *craft(const char *name, const char *header, size_t w, size_t h, size_t short_by)
{
    size_t hl = strlen(header), n = w * h - short_by;
    unsigned char *b = malloc(hl + w * h + 1);
    memcpy(b, header, hl);
    for (size_t i = 0; i < n; i++)
        b[hl + i] = (unsigned char)(i * 7);
    const char *p = write_bytes(name, b, hl + n);
    free(b);
    return p;
}

static void refused(const char *name, const char *bytes, size_t len, const char *why_has)
{
    const char *p = write_bytes(name, bytes, len);
    struct pgm img;
    char err[512] = "";
    if (is_int(pgm_read(p, &img, err, sizeof err), -1, "%s: refused", name))
        has_substr(err, why_has, "%s: the reason says '%s'", name, why_has);
    ok(img.pixels == NULL, "%s: nothing left allocated", name);
}

static int temp_files_left(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)))
        n += strstr(e->d_name, ".tmp.") != NULL;
    if (d)
        closedir(d);
    return n;
}

int main(void)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/fftlab-test-pgm-XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(dir))
        bail_out("mkdtemp failed");

    /* a round trip of a 5 x 3 image, every byte value kind */
    unsigned char px[15];
    for (int i = 0; i < 15; i++)
        px[i] = (unsigned char)(i * 18);
    struct pgm img = {5, 3, 255, px}, back;
    char err[512] = "";
    const char *p = path_of("a.pgm");
    is_int(pgm_write(p, &img, err, sizeof err), 0, "write 5 x 3");
    FILE *f = fopen(p, "rb");
    char head[16] = "";
    size_t got = f ? fread(head, 1, 13, f) : 0;
    if (f)
        fclose(f);
    ok(got == 13 && memcmp(head, "P5\n5 3\n255\n", 11) == 0, "the header netpbm writes: "
       "P5, width height, 255");
    struct stat st;
    is_int(stat(p, &st) == 0 ? (long long)st.st_size : -1, 11 + 15, "11 header bytes + 15 samples");
    if (is_int(pgm_read(p, &back, err, sizeof err), 0, "read it back")) {
        ok(back.width == 5 && back.height == 3 && back.maxval == 255, "5 x 3, maxval 255");
        ok(memcmp(back.pixels, px, 15) == 0, "the samples bit for bit");
        pgm_free(&back);
    }

    /* comments and odd whitespace in the header; maxval below 255 */
    p = craft("over.pgm", "P5\n4 8\n100\n", 4, 8, 0); /* samples up to 31 x 7 = 217 */
    if (!is_int(pgm_read(p, &back, err, sizeof err), -1, "samples above maxval 100 refused"))
        pgm_free(&back);
    has_substr(err, "exceed the largest value 100", "  saying which");
    {
        const char hdr[] = "P5 # made by hand\n# another\n 4\t2 #w h\n250\n";
        p = craft("comments2.pgm", hdr, 4, 2, 0);
        if (is_int(pgm_read(p, &back, err, sizeof err), 0, "comments and tabs in the header")) {
            ok(back.width == 4 && back.height == 2 && back.maxval == 250 &&
               back.pixels[3] == 21 && back.pixels[7] == 49, "4 x 2, maxval 250, the samples");
            double v[8];
            pgm_to_values(&back, v);
            ok(v[3] == 21.0 / 250, "to values: sample / maxval");
            v[0] = -1;
            v[1] = 2;
            v[2] = 0.5;
            v[3] = 0.0 / 0.0;
            pgm_from_values(&back, v);
            ok(back.pixels[0] == 0 && back.pixels[1] == 250 && back.pixels[2] == 125 &&
               back.pixels[3] == 0, "from values: clamped to [0, 1], rounded, NaN to 0");
            pgm_free(&back);
        }
    }

    /* malformed files */
    refused("empty.pgm", "", 0, "does not start with P5");
    refused("p6.pgm", "P6\n1 1\n255\nabc", 14, "does not start with P5");
    refused("p2.pgm", "P2\n1 1\n255\n7\n", 12, "plain (P2, ASCII)");
    refused("nowidth.pgm", "P5\n", 3, "width is missing");
    refused("badheight.pgm", "P5\n3 x\n255\n", 11, "height is missing or not a number");
    refused("zero.pgm", "P5\n0 3\n255\n", 11, "empty image");
    refused("huge.pgm", "P5\n70000 3\n255\n", 15, "width is larger than 65536");
    refused("area.pgm", "P5\n65536 65536\n255\n", 19, "pixels is more than");
    refused("16bit.pgm", "P5\n1 1\n65535\nab", 15, "only 8-bit PGM");
    refused("maxval0.pgm", "P5\n1 1\n0\na", 10, "only 8-bit PGM");
    refused("endsearly.pgm", "P5\n2 2\n255", 10, "header ends after the largest value");
    refused("glued.pgm", "P5\n2x2\n255\nabcd", 15, "width runs into 'x'");
    p = craft("short.pgm", "P5\n4 4\n255\n", 4, 4, 1);
    if (!is_int(pgm_read(p, &back, err, sizeof err), -1, "short data refused"))
        pgm_free(&back);
    has_substr(err, "data is short", "  saying so");
    ok(pgm_read(path_of("missing.pgm"), &back, err, sizeof err) == -1 &&
       strstr(err, "missing.pgm") != NULL, "a missing file: -1 naming it");

    /* whole or not at all: a write that fails keeps the old file, and no temp file */
    p = path_of("a.pgm");
    struct pgm bad = {5, 3, 0, px};
    is_int(pgm_write(p, &bad, err, sizeof err), -1, "maxval 0 is not written");
    char missing[1200];
    snprintf(missing, sizeof missing, "%s/no-such-dir/x.pgm", dir);
    is_int(pgm_write(missing, &img, err, sizeof err), -1, "a write into a missing folder fails");
    has_substr(err, "no-such-dir", "  naming the path");
    if (access("/dev/full", W_OK) == 0) {
        /* a device is written as it is: the write fails at the flush, and says so */
        is_int(pgm_write("/dev/full", &img, err, sizeof err), -1, "a full device: -1");
        has_substr(err, "left as it was", "  the error says nothing was replaced");
    } else {
        skip(2, "no /dev/full");
    }
    if (is_int(pgm_read(p, &back, err, sizeof err), 0, "the earlier a.pgm is still whole")) {
        ok(memcmp(back.pixels, px, 15) == 0, "  with its samples");
        pgm_free(&back);
    }
    is_int(temp_files_left(), 0, "no temporary file left beside them");

    /* clean up */
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.')
            unlink(path_of(e->d_name));
    if (d)
        closedir(d);
    rmdir(dir);
    return done_testing();
}
