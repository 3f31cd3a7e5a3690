/* common/capabilities.c: which chapter takes which shape, and what a refusal says. */
#include "../../common/capabilities.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

static void takes(const char *chapter, size_t n)
{
    char why[512] = "";
    size_t dims[1] = {n};
    if (!is_int(fl_capability_check(chapter, dims, 1, why, sizeof why), 0, "%s takes N = %zu",
                chapter, n))
        diag("refusal: %s", why);
}

/* Refused; the message contains every word of MUST (NULL-terminated) and none of MUST_NOT. */
static void refuses(const char *chapter, const size_t *dims, int ndims, const char *label,
                    const char *const *must, const char *const *must_not)
{
    char why[512] = "";
    is_int(fl_capability_check(chapter, dims, ndims, why, sizeof why), -1, "%s refuses %s",
           chapter, label);
    for (; must && *must; must++)
        if (!ok(strstr(why, *must) != NULL, "%s refusing %s: message mentions '%s'", chapter, label,
                *must))
            diag("message: %s", why);
    for (; must_not && *must_not; must_not++)
        if (!ok(strstr(why, *must_not) == NULL, "%s refusing %s: message does not offer '%s'",
                chapter, label, *must_not))
            diag("message: %s", why);
}

#define WORDS(...) ((const char *const[]){__VA_ARGS__, NULL})

int main(void)
{
    /* ---- the table */
    const struct fl_capability *dft = fl_capability_of("01_dft");
    const struct fl_capability *r2 = fl_capability_of("02_radix2");
    ok(dft != NULL, "01_dft is in the table");
    ok(r2 != NULL, "02_radix2 is in the table");
    ok(fl_capability_of("99_nosuch") == NULL, "an unknown chapter is not");
    ok(fl_capability_of("01") == NULL && fl_capability_of("") == NULL,
       "lookup is by the full name, not a prefix");
    if (dft) {
        is_int((long long)dft->max_n, 65536, "01_dft max_n = 65536");
        ok(dft->primes == NULL, "01_dft takes any prime factor");
        is_int(dft->max_dims, 1, "01_dft is 1-D");
        ok(dft->sizes && dft->sizes[0], "01_dft describes its sizes");
    }
    if (r2) {
        is_int((long long)r2->max_n, (long long)1 << 28, "02_radix2 max_n = 2^28");
        ok(r2->primes && r2->primes[0] == 2 && r2->primes[1] == 0, "02_radix2 takes only factors of 2");
        is_int(r2->max_dims, 1, "02_radix2 is 1-D");
    }

    /* ---- 01_dft */
    takes("01_dft", 1);
    takes("01_dft", 2);
    takes("01_dft", 7);
    takes("01_dft", 1000);
    takes("01_dft", 65521); /* the largest prime below 2^16 */
    takes("01_dft", 65536);
    {
        size_t d[1] = {65537}; /* prime: only Bluestein */
        refuses("01_dft", d, 1, "65537 (prime)", WORDS("01_dft", "65537", "Chapters that can: 08_bluestein"),
                WORDS("02_radix2", "No chapter"));
    }
    {
        size_t d[1] = {(size_t)1 << 17}; /* too big for O(N^2), a power of two for 02 */
        refuses("01_dft", d, 1, "2^17", WORDS("01_dft", "131072", "65536", "02_radix2"),
                WORDS("No chapter"));
    }
    {
        size_t d[1] = {13 * 65536}; /* neither, nor 06 (13 is not 7-smooth): Bluestein */
        refuses("01_dft", d, 1, "13 x 2^16", WORDS("Chapters that can: 08_bluestein"),
                WORDS("02_radix2", "06_mixed_radix", "No chapter", "Coming"));
    }
    {
        size_t d[1] = {3 * 65536}; /* too big for 01, 7-smooth: 06 (and Bluestein) */
        refuses("01_dft", d, 1, "3 x 2^16", WORDS("06_mixed_radix", "08_bluestein"),
                WORDS("No chapter", "02_radix2", "Coming"));
    }

    /* ---- 02_radix2 */
    takes("02_radix2", 1);
    takes("02_radix2", 2);
    takes("02_radix2", 1024);
    takes("02_radix2", (size_t)1 << 20);
    takes("02_radix2", (size_t)1 << 28);
    {
        size_t d[1] = {1000};
        refuses("02_radix2", d, 1, "1000", WORDS("02_radix2", "1000", "powers of two", "01_dft"),
                WORDS("No chapter"));
    }
    {
        size_t d[1] = {3};
        refuses("02_radix2", d, 1, "3", WORDS("01_dft"), NULL);
    }
    {
        size_t d[1] = {(size_t)1 << 29};
        refuses("02_radix2", d, 1, "2^29", WORDS("2^28", "No chapter"), WORDS("01_dft"));
    }
    {
        size_t d[1] = {96};
        refuses("02_radix2", d, 1, "96 = 3 x 32", WORDS("01_dft"), NULL);
    }

    /* ---- 06_mixed_radix: 2^a 3^b 5^c 7^d up to 2^26; 08_bluestein: any N up to 2^24 */
    const struct fl_capability *mr = fl_capability_of("06_mixed_radix");
    const struct fl_capability *bs = fl_capability_of("08_bluestein");
    ok(mr && !mr->planned && mr->max_n == (size_t)1 << 26, "06_mixed_radix: written, max_n 2^26");
    ok(bs && !bs->planned && bs->max_n == (size_t)1 << 24 && bs->primes == NULL && bs->max_dims == 1,
       "08_bluestein: written, any N up to 2^24, 1-D");
    takes("06_mixed_radix", 1);
    takes("06_mixed_radix", 720);
    takes("06_mixed_radix", 1000000);
    takes("06_mixed_radix", 43046721);            /* 3^16 */
    takes("06_mixed_radix", 40353607);            /* 7^9 */
    takes("06_mixed_radix", (size_t)1 << 26);
    {
        size_t d[1] = {11}; /* 01_dft and 08_bluestein can; 06 cannot */
        refuses("06_mixed_radix", d, 1, "11", WORDS("06_mixed_radix", "2^a 3^b 5^c 7^d",
                "Chapters that can: 01_dft", "08_bluestein (any N up to 2^24"), WORDS("No chapter", "Coming"));
    }
    {
        size_t d[1] = {2 * 11 * 13 * 65536}; /* more than 2^24 and not 7-smooth: nobody */
        refuses("06_mixed_radix", d, 1, "2 x 11 x 13 x 2^16", WORDS("No chapter"),
                WORDS("Chapters that can", "01_dft", "Coming"));
    }
    {
        size_t d[1] = {(size_t)1 << 27}; /* powers of two chapters can; no "coming" */
        refuses("06_mixed_radix", d, 1, "2^27", WORDS("2^26", "02_radix2", "04_coalescing"),
                WORDS("No chapter", "Coming", "05_register_radix"));
    }
    {
        size_t d[1] = {129140163}; /* 3^17 > 2^26: no chapter, none coming */
        refuses("06_mixed_radix", d, 1, "3^17", WORDS("No chapter"), WORDS("Coming", "Chapters that can"));
    }
    {
        size_t d[1] = {1000}; /* 05 refuses, names 06 (and the DFT, and Bluestein) */
        refuses("05_register_radix", d, 1, "1000", WORDS("06_mixed_radix", "01_dft", "08_bluestein"),
                WORDS("No chapter", "Coming"));
    }
    {
        size_t d[1] = {720};
        refuses("02_radix2", d, 1, "720 from 02", WORDS("06_mixed_radix", "08_bluestein"), WORDS("Coming"));
    }

    /* ---- 08_bluestein: any N up to 2^24, 1-D */
    takes("08_bluestein", 1);
    takes("08_bluestein", 2);
    takes("08_bluestein", 1009);
    takes("08_bluestein", 65521);
    takes("08_bluestein", ((size_t)1 << 20) + 7);
    takes("08_bluestein", (size_t)1 << 24);
    {
        size_t d[1] = {((size_t)1 << 24) + 1}; /* 2^24 + 1 = 97 x 257 x 673: nobody */
        refuses("08_bluestein", d, 1, "2^24 + 1", WORDS("08_bluestein", "16777217", "2^24", "No chapter"),
                WORDS("Chapters that can"));
        size_t p[1] = {(size_t)1 << 25};
        refuses("08_bluestein", p, 1, "2^25", WORDS("2^24", "Chapters that can: 02_radix2"), NULL);
        size_t d2[2] = {64, 64};
        refuses("08_bluestein", d2, 2, "64x64", WORDS("dimensional", "07_multidim"), NULL);
    }

    /* ---- multi-dimensional shapes: both chapters are 1-D */
    {
        size_t d2[2] = {64, 64}, d3[3] = {512, 512, 64}, d1x[2] = {1, 64};
        refuses("01_dft", d2, 2, "64x64", WORDS("dimensional", "64x64"), WORDS("02_radix2"));
        refuses("02_radix2", d2, 2, "64x64", WORDS("dimensional", "64x64"), WORDS("01_dft"));
        refuses("02_radix2", d3, 3, "512x512x64", WORDS("dimensional", "512x512x64"), NULL);
        refuses("01_dft", d1x, 2, "1x64", WORDS("dimensional"), NULL);
    }

    /* ---- 07_multidim: up to 3 axes, each 7-smooth, 2^26 points in all; the 1-D chapters
     * refuse a 2-D or 3-D shape naming it */
    {
        const struct fl_capability *md = fl_capability_of("07_multidim");
        ok(md && !md->planned && md->max_dims == 3 && md->max_n == (size_t)1 << 26,
           "07_multidim: written, 3 axes, 2^26 points");
        static const size_t shapes[][3] = {{512, 512, 0}, {256, 256, 256}, {512, 512, 64},
                                           {3, 5, 7}, {128, 1000, 0}, {8, 64, 0}, {1, 64, 0},
                                           {4096, 4096, 0}, {1000, 0, 0}};
        for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
            int nd = shapes[i][2] ? 3 : shapes[i][1] ? 2 : 1;
            char why[512] = "";
            if (!is_int(fl_capability_check("07_multidim", shapes[i], nd, why, sizeof why), 0,
                        "07_multidim takes %zux%zux%zu (%d axes)", shapes[i][0], shapes[i][1],
                        shapes[i][2], nd))
                diag("refusal: %s", why);
        }
        size_t d2[2] = {512, 512}, d3[3] = {3, 5, 7}, big[2] = {16384, 8192}, odd[2] = {11, 16};
        refuses("02_radix2", d2, 2, "512x512 (names 07)", WORDS("dimensional", "Chapters that can: 07_multidim"),
                WORDS("06_mixed_radix", "No chapter"));
        refuses("06_mixed_radix", d3, 3, "3x5x7 (names 07)", WORDS("dimensional", "07_multidim"), NULL);
        refuses("01_dft", d2, 2, "512x512 from 01 (names 07)", WORDS("07_multidim"), NULL);
        refuses("07_multidim", big, 2, "16384x8192 (2^27 points, names 10)",
                WORDS("2^26", "Chapters that can: 10_distributed", "MPI ranks"), WORDS("No chapter"));
        refuses("07_multidim", odd, 2, "11x16 (11 is no radix)", WORDS("11x16", "2^a 3^b 5^c 7^d"),
                WORDS("Chapters that can"));
    }

    /* ---- 10_distributed: 2-D and 3-D only, as large as the ranks hold; named where 07's
     * 2^26 points end, never for a 1-D size */
    {
        const struct fl_capability *di = fl_capability_of("10_distributed");
        ok(di && !di->planned && di->min_dims == 2 && di->max_dims == 3,
           "10_distributed: written, 2 or 3 axes");
        size_t cube[3] = {1024, 1024, 1024}, line[1] = {129140163}; /* 3^17 */
        char why[512] = "";
        refuses("07_multidim", cube, 3, "1024^3 (names 10)", WORDS("Chapters that can: 10_distributed"),
                WORDS("No chapter"));
        refuses("06_mixed_radix", line, 1, "3^17 (1-D: not 10)", WORDS("No chapter"), WORDS("10_distributed"));
        refuses("10_distributed", line, 1, "3^17 (1-D)", WORDS("2-D and 3-D arrays"), NULL);
        if (!is_int(fl_capability_check("10_distributed", cube, 3, why, sizeof why), 0,
                    "10_distributed takes 1024x1024x1024"))
            diag("refusal: %s", why);
    }

    /* ---- 09_real_input: real arrays, every axis 7-smooth, the last one even; its
     * refusals offer the complex chapters (on complex input), theirs never offer it */
    {
        const struct fl_capability *ri = fl_capability_of("09_real_input");
        ok(ri && !ri->planned && ri->max_dims == 3 && ri->max_n == (size_t)1 << 26,
           "09_real_input: written, 3 axes, 2^26 reals");
        static const size_t shapes[][3] = {{2, 0, 0}, {1000, 0, 0}, {(size_t)1 << 26, 0, 0},
                                           {64, 64, 0}, {15, 8, 0}, {3, 5, 14}, {1, 64, 0}, {6, 2, 0}};
        for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
            int nd = shapes[i][2] ? 3 : shapes[i][1] ? 2 : 1;
            char why[512] = "";
            if (!is_int(fl_capability_check("09_real_input", shapes[i], nd, why, sizeof why), 0,
                        "09_real_input takes %zux%zux%zu (%d axes)", shapes[i][0], shapes[i][1],
                        shapes[i][2], nd))
                diag("refusal: %s", why);
        }
        size_t odd[1] = {15}, one[1] = {1}, odd2[2] = {8, 15}, eleven[1] = {22}, big[1] = {(size_t)1 << 27};
        refuses("09_real_input", odd, 1, "15 (odd)", WORDS("even", "half-length", "on complex input",
                "01_dft", "06_mixed_radix"), WORDS("No chapter", "09_real_input ("));
        refuses("09_real_input", one, 1, "1 (odd)", WORDS("even"), NULL);
        refuses("09_real_input", odd2, 2, "8x15 (odd last axis)", WORDS("8x15", "even", "07_multidim"),
                WORDS("06_mixed_radix"));
        refuses("09_real_input", eleven, 1, "22 (11 is no radix)", WORDS("2^a 3^b 5^c 7^d", "01_dft"),
                WORDS("06_mixed_radix"));
        refuses("09_real_input", big, 1, "2^27", WORDS("2^26", "02_radix2"), NULL);
        size_t n1000[1] = {1000}, sq[2] = {11, 22}, p2[1] = {(size_t)1 << 20};
        refuses("02_radix2", n1000, 1, "1000 (does not offer 09)", WORDS("06_mixed_radix"),
                WORDS("09_real_input"));
        refuses("07_multidim", sq, 2, "11x22 (does not offer 09)", NULL, WORDS("09_real_input"));
        refuses("01_dft", p2, 1, "2^20 from 01 (does not offer 09)", WORDS("02_radix2"),
                WORDS("09_real_input"));
    }

    /* ---- unknown chapter */
    {
        size_t d[1] = {64};
        refuses("99_nosuch", d, 1, "anything (unknown chapter)", WORDS("99_nosuch"), NULL);
    }

    /* ---- the message fits and is terminated in a small buffer */
    {
        char small[24];
        memset(small, 'Z', sizeof small);
        size_t d[1] = {1000};
        int rc = fl_capability_check("02_radix2", d, 1, small, 16);
        ok(rc == -1 && strlen(small) == 15 && small[16] == 'Z', "WHY's length is respected");
    }
    /* ---- an operator chapter (11_convolution: a convolution, not a transform): its own
     * table, any length, 1-D and 2-D; its refusals name no transform chapter, and a
     * transform chapter's refusal never offers it */
    takes("11_convolution", 17);
    takes("11_convolution", (size_t)1 << 24);
    {
        size_t big[1] = {((size_t)1 << 24) + 1}, cube[3] = {4, 4, 4}, prime[1] = {1009};
        refuses("11_convolution", big, 1, "2^24 + 1", WORDS("cannot take size 16777217"),
                WORDS("Chapters that can", "06_mixed_radix"));
        refuses("11_convolution", cube, 3, "4x4x4", WORDS("2-dimensional"), WORDS("07_multidim"));
        refuses("06_mixed_radix", prime, 1, "1009", WORDS("08_bluestein"), WORDS("11_convolution"));
    }

    return done_testing();
}
