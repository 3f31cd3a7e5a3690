#define _POSIX_C_SOURCE 200809L
#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sizes above 2^40 elements are nonsense on any machine we know; refusing them early
 * keeps every later multiplication of sizes far from overflow. */
#define FL_MAX_COUNT ((size_t)1 << 40)

void fl_options_defaults(struct fl_options *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->precision = FL_SINGLE;
    o->warmup = 2;
    o->repeat = -1;
    o->verify = 1;
    o->format = FL_FORMAT_TEXT;
}

int fl_parse_count(const char *s, const char *what, size_t *out, char *err, size_t errlen)
{
    const char *p = s;
    if (!s || !*s) {
        snprintf(err, errlen, "%s: empty value", what);
        return -1;
    }
    if (*p == '-') {
        snprintf(err, errlen, "%s must be positive, got '%s'", what, s);
        return -1;
    }
    if (!isdigit((unsigned char)*p)) {
        snprintf(err, errlen, "%s must be a number like 1024 or 2^10, got '%s'", what, s);
        return -1;
    }
    errno = 0;
    char *end;
    unsigned long long v = strtoull(p, &end, 10);
    if (errno == ERANGE) {
        snprintf(err, errlen, "%s '%s' is too large", what, s);
        return -1;
    }
    if (*end == '^') {
        /* a power: 2^20, 3^10, 10^6 */
        if (v < 2 || !isdigit((unsigned char)end[1])) {
            snprintf(err, errlen, "%s: a power must look like 2^20 or 3^10 (base at least 2), got '%s'",
                     what, s);
            return -1;
        }
        unsigned long long k = strtoull(end + 1, &end, 10), base = v;
        v = 1;
        for (unsigned long long i = 0; i < k && v <= FL_MAX_COUNT; i++)
            v = v > FL_MAX_COUNT / base ? FL_MAX_COUNT + 1 : v * base;
        if (k > 40 || v > FL_MAX_COUNT) {
            snprintf(err, errlen, "%s '%s' is too large (at most 2^40)", what, s);
            return -1;
        }
    }
    if (*end != '\0') {
        snprintf(err, errlen, "%s must be a number like 1024 or 2^10, got '%s'", what, s);
        return -1;
    }
    if (v == 0) {
        snprintf(err, errlen, "%s must be at least 1, got '%s'", what, s);
        return -1;
    }
    if (v > FL_MAX_COUNT) {
        snprintf(err, errlen, "%s '%s' is too large (at most 2^40)", what, s);
        return -1;
    }
    *out = (size_t)v;
    return 0;
}

const char *fl_size_list_next(const char *p, char *one, size_t len)
{
    size_t n = strcspn(p, ",");
    if (n >= len)
        n = len - 1; /* (overlong: fl_size_list_count refuses it) */
    memcpy(one, p, n);
    one[n] = '\0';
    n = strcspn(p, ",");
    return p[n] == ',' ? p + n + 1 : p + n;
}

int fl_size_list_count(const char *list, char *err, size_t errlen)
{
    int count = 0;
    for (const char *p = list, *next; ; p = next) {
        char one[256];
        size_t dims[FL_MAX_DIMS];
        int ndims;
        size_t len = strcspn(p, ",");
        next = fl_size_list_next(p, one, sizeof one);
        if (len == 0 || len >= sizeof one) {
            snprintf(err, errlen, "--size '%s': a list is sizes joined by commas, like "
                     "16,32,2^10 (no empty or overlong entry)", list);
            return -1;
        }
        if (fl_parse_size(one, dims, &ndims, err, errlen) != 0)
            return -1;
        if (++count > FL_MAX_SIZE_LIST) {
            snprintf(err, errlen, "--size: a list of more than %d sizes", FL_MAX_SIZE_LIST);
            return -1;
        }
        if (!p[len])
            return count;
    }
}

int fl_parse_size(const char *s, size_t dims[FL_MAX_DIMS], int *ndims, char *err, size_t errlen)
{
    char buf[256];
    if (!s || strlen(s) >= sizeof buf) {
        snprintf(err, errlen, "--size: missing or overlong value");
        return -1;
    }
    /* 512X512 means 512x512: one spelling of the separator from here on. */
    for (size_t i = 0; s[i]; i++)
        buf[i] = s[i] == 'X' ? 'x' : s[i];
    buf[strlen(s)] = '\0';
    int n = 0;
    size_t total = 1;
    char *save = NULL;
    char shape[256];
    strcpy(shape, buf); /* strtok_r cuts buf; the checks below read the copy */
    for (char *tok = strtok_r(buf, "x", &save); tok; tok = strtok_r(NULL, "xX", &save)) {
        if (n == FL_MAX_DIMS) {
            snprintf(err, errlen, "--size '%s' has more than %d dimensions", s, FL_MAX_DIMS);
            return -1;
        }
        if (fl_parse_count(tok, "--size", &dims[n], err, errlen) != 0)
            return -1;
        if (dims[n] > FL_MAX_COUNT / total) {
            snprintf(err, errlen, "--size '%s' is too large (at most 2^40 elements)", s);
            return -1;
        }
        total *= dims[n];
        n++;
    }
    size_t last = strlen(s) - 1;
    if (n == 0 || shape[last] == 'x' || shape[0] == 'x' || strstr(shape, "xx")) {
        snprintf(err, errlen, "--size must look like 1024, 2^20 or 512x512x64, got '%s'", s);
        return -1;
    }
    *ndims = n;
    return 0;
}

static int parse_int(const char *s, const char *what, int lo, int hi, int *out, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || !*s || *end != '\0' || errno == ERANGE || v < lo || v > hi) {
        snprintf(err, errlen, "%s must be an integer from %d to %d, got '%s'", what, lo, hi,
                 s ? s : "");
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* --size VAL: one size into o->dims, or a list (o->size_list), each size checked now and
 * the first kept in o->dims. */
static int parse_size_option(const char *val, struct fl_options *o, char *err, size_t errlen)
{
    o->size_list = NULL;
    if (strchr(val, ',')) {
        /* a list: every size checked now, the first one kept in dims */
        if (fl_size_list_count(val, err, errlen) < 0)
            return -1;
        o->size_list = val;
        char first[256];
        fl_size_list_next(val, first, sizeof first);
        if (fl_parse_size(first, o->dims, &o->ndims, err, errlen) != 0)
            return -1;
    } else if (fl_parse_size(val, o->dims, &o->ndims, err, errlen) != 0) {
        return -1;
    }
    return 0;
}

/* --seed VAL: a non-negative integer. */
static int parse_seed(const char *val, struct fl_options *o, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    unsigned long long s = strtoull(val, &end, 10);
    if (!*val || *end || errno || val[0] == '-') {
        snprintf(err, errlen, "--seed must be a non-negative integer, got '%s'", val);
        return -1;
    }
    o->seed = s;
    return 0;
}

/* --format VAL: text, csv or json. */
static int parse_format(const char *val, struct fl_options *o, char *err, size_t errlen)
{
    if (strcmp(val, "text") == 0)
        o->format = FL_FORMAT_TEXT;
    else if (strcmp(val, "csv") == 0)
        o->format = FL_FORMAT_CSV;
    else if (strcmp(val, "json") == 0)
        o->format = FL_FORMAT_JSON;
    else {
        snprintf(err, errlen, "--format must be text, csv or json, got '%s'", val);
        return -1;
    }
    return 0;
}

/* --timeout VAL: seconds from 0 to 86400. */
static int parse_timeout(const char *val, struct fl_options *o, char *err, size_t errlen)
{
    char *end;
    double t = strtod(val, &end);
    if (!*val || *end || !(t >= 0) || t > 86400) {
        snprintf(err, errlen, "--timeout must be seconds from 0 to 86400, got '%s'", val);
        return -1;
    }
    o->timeout_s = t;
    return 0;
}

int fl_parse_options(int argc, char **argv, struct fl_options *o, char *err, size_t errlen)
{
    const char *env_dev = getenv("FFTLAB_DEVICE");
    if (env_dev && *env_dev)
        o->device = env_dev;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        /* Accept both "--size 1024" and "--size=1024". */
        char name[64];
        const char *val = NULL;
        const char *eq = strchr(a, '=');
        if (strncmp(a, "--", 2) == 0 && eq && (size_t)(eq - a) < sizeof name) {
            memcpy(name, a, (size_t)(eq - a));
            name[eq - a] = '\0';
            val = eq + 1;
        } else {
            snprintf(name, sizeof name, "%s", a);
        }
#define FLAG(str) (strcmp(name, str) == 0)
#define NO_VALUE()                                                                 \
    do {                                                                           \
        if (val) {                                                                 \
            snprintf(err, errlen, "%s takes no value (got '%s')", name, a);         \
            return -1;                                                             \
        }                                                                          \
    } while (0)
#define VALUE()                                                                    \
    do {                                                                           \
        if (!val) {                                                                \
            if (i + 1 >= argc) {                                                   \
                snprintf(err, errlen, "%s needs a value (see --help)", name);      \
                return -1;                                                         \
            }                                                                      \
            val = argv[++i];                                                       \
        }                                                                          \
    } while (0)
        if (FLAG("--help") || FLAG("-h")) {
            NO_VALUE();
            o->help = 1;
        } else if (FLAG("--list-devices")) {
            NO_VALUE();
            o->list_devices = 1;
        } else if (FLAG("--size") || FLAG("-n")) {
            VALUE();
            if (parse_size_option(val, o, err, errlen) != 0)
                return -1;
        } else if (FLAG("--batch")) {
            VALUE();
            if (fl_parse_count(val, "--batch", &o->batch, err, errlen) != 0)
                return -1;
        } else if (FLAG("--inverse")) {
            NO_VALUE();
            o->inverse = 1;
        } else if (FLAG("--input")) {
            VALUE();
            o->input = val;
        } else if (FLAG("--output")) {
            VALUE();
            o->output = val;
        } else if (FLAG("--seed")) {
            VALUE();
            if (parse_seed(val, o, err, errlen) != 0)
                return -1;
        } else if (FLAG("--precision")) {
            VALUE();
            if (strcmp(val, "single") == 0)
                o->precision = FL_SINGLE;
            else if (strcmp(val, "double") == 0)
                o->precision = FL_DOUBLE;
            else {
                snprintf(err, errlen, "--precision must be single or double, got '%s'", val);
                return -1;
            }
        } else if (FLAG("--warmup")) {
            VALUE();
            if (parse_int(val, "--warmup", 0, 1000, &o->warmup, err, errlen) != 0)
                return -1;
        } else if (FLAG("--repeat")) {
            VALUE();
            if (parse_int(val, "--repeat", 0, 100000, &o->repeat, err, errlen) != 0)
                return -1;
        } else if (FLAG("--no-verify")) {
            NO_VALUE();
            o->verify = 0;
        } else if (FLAG("--format")) {
            VALUE();
            if (parse_format(val, o, err, errlen) != 0)
                return -1;
        } else if (FLAG("--explain")) {
            NO_VALUE();
            o->explain = 1;
        } else if (FLAG("--device")) {
            VALUE();
            o->device = val;
        } else if (FLAG("--kernels")) {
            VALUE();
            o->kernels = val;
        } else if (FLAG("--exercise")) {
            VALUE();
            o->exercise = val;
        } else if (FLAG("--variant")) {
            VALUE();
            o->variant = val;
        } else if (FLAG("--wg")) {
            VALUE();
            if (fl_parse_count(val, "--wg", &o->wg, err, errlen) != 0)
                return -1;
        } else if (FLAG("--shapes")) {
            VALUE();
            o->nshapes = fl_parse_shapes(val, o->shapes, err, errlen);
            if (o->nshapes < 0)
                return -1;
        } else if (FLAG("--flush-l2")) {
            NO_VALUE();
            o->flush_l2 = 1;
        } else if (FLAG("--tune")) {
            NO_VALUE();
            o->tune = 1;
        } else if (FLAG("--timeout")) {
            VALUE();
            if (parse_timeout(val, o, err, errlen) != 0)
                return -1;
        } else {
            snprintf(err, errlen, "unknown option '%s' (see --help)", a);
            return -1;
        }
#undef FLAG
#undef VALUE
#undef NO_VALUE
    }
    return 0;
}

int fl_parse_shapes(const char *s, struct fl_pass_shape *shapes, char *err, size_t errlen)
{
    int n = 0;
    const char *p = s;
    while (p && *p) {
        char *end;
        unsigned long items = 0, values = 0;
        if (n == FL_RADIX_MAX_PASSES) {
            snprintf(err, errlen, "--shapes: at most %d passes, got '%s'", FL_RADIX_MAX_PASSES, s);
            return -1;
        }
        if (strncmp(p, "default", 7) == 0 && (p[7] == ',' || !p[7])) {
            /* the chapter's own shape for this pass (what --tune prints when it kept it) */
            shapes[n].items = shapes[n].values = 0;
            n++;
            p += p[7] ? 8 : 7;
            if (p[-1] == ',' && !*p) {
                snprintf(err, errlen, "--shapes: nothing after the last comma in '%s'", s);
                return -1;
            }
            continue;
        }
        if (isdigit((unsigned char)*p))
            items = strtoul(p, &end, 10);
        else
            end = (char *)p;
        if (end != p && *end == 'x' && isdigit((unsigned char)end[1]))
            values = strtoul(end + 1, &end, 10);
        if (end == p || !values || (*end && *end != ',') || items < 1 || items > 4096 ||
            values > FL_RADIX_MAX_VALUES) {
            snprintf(err, errlen, "--shapes takes ITEMSxVALUES per pass, comma-separated, items "
                     "1 to 4096 and values 1 to %d (e.g. 256x16,512x8), got '%s'",
                     FL_RADIX_MAX_VALUES, s);
            return -1;
        }
        shapes[n].items = items;
        shapes[n].values = values;
        n++;
        p = *end ? end + 1 : end;
        if (*end && !*p) {
            snprintf(err, errlen, "--shapes: nothing after the last comma in '%s'", s);
            return -1;
        }
    }
    if (n == 0) {
        snprintf(err, errlen, "--shapes: empty value");
        return -1;
    }
    return n;
}

char *fl_size_text(const size_t *dims, int ndims, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int d = 0; d < ndims && used < len; d++)
        used += (size_t)snprintf(buf + used, len - used, "%s%zu", d ? "x" : "", dims[d]);
    return buf;
}

char *fl_shapes_text(const struct fl_pass_shape *shapes, int n, char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (int k = 0; k < n && used < len; k++) {
        if (shapes[k].items || shapes[k].values)
            used += (size_t)snprintf(buf + used, len - used, "%s%zux%zu", k ? "," : "",
                                     shapes[k].items, shapes[k].values);
        else
            used += (size_t)snprintf(buf + used, len - used, "%sdefault", k ? "," : "");
    }
    return buf;
}

void fl_print_usage(const char *prog, const char *chapter_help)
{
    fl_print_usage_files(prog, chapter_help, 1);
}

void fl_print_usage_files(const char *prog, const char *chapter_help, int files)
{
    printf("usage: %s [options]\n\n", prog);
    if (chapter_help)
        printf("%s\n\n", chapter_help);
    printf(
        "problem\n"
        "  --size N            transform length: 1024, 2^20, 3^10; a 2-D or 3-D shape like\n"
        "                      512x512x64 (outermost first, the last axis contiguous) for\n"
        "                      the chapters that do them (07_multidim); a list like\n"
        "                      16,32,2^10 runs each size in turn in one process (text\n"
        "                      output only; the last line PASS when every size passed)\n"
        "  --batch B           B transforms of length N, one after another in memory\n"
        "  --inverse           inverse transform exp(+2 pi i jk/N), not divided by N (FFTW's)\n"
        "  --precision P       single (default) or double (needs cl_khr_fp64)\n"
        "%s"
        "  --seed S            seed of the random test input (default 1)\n"
        "kernels\n"
        "  --variant NAME      one of the chapter's kernel variants (listed below)\n"
        "  --kernels PATH      folder holding the chapter's .cl file, or one .cl file to use\n"
        "                      instead\n"
        "  --exercise FILE     with an exercise variant: run this copy of the exercise (default\n"
        "                      exercises/<chapter>/<variant>.cl)\n"
        "  --wg W              work-group size, where the chapter takes one\n"
        "  --shapes IxV,..     per pass (chapters 06, 07, 09): at most I work-items per group,\n"
        "                      and at least Q/V per column, e.g. 256x16,512x8\n"
        "  --tune              measure the shapes of each pass on this device first and keep\n"
        "                      the fastest (like FFTW_MEASURE); prints them for --shapes\n"
        "device\n"
        "  --list-devices      list OpenCL platforms and devices, then exit\n"
        "  --device SPEC       P:D, cpu, gpu, accelerator (the first device of that kind:\n"
        "                      cpu is pocl's CPU device on every pocl), or part of a\n"
        "                      platform/device name (env FFTLAB_DEVICE);\n"
        "                      default: first GPU, else first CPU device\n"
        "checking and timing\n"
        "  --no-verify         skip the FFTW comparison (the run is then not a PASS)\n"
        "  --warmup W          untimed runs first (default 2)\n"
        "  --repeat R          timed runs (default: enough for ~0.2 s; 0 = don't time)\n"
        "  --flush-l2          before each timed run, write a buffer twice the device's cache\n"
        "                      (at least 128 MiB), so the data starts cold, not in L2\n"
        "  --timeout S         give up on a kernel after S seconds (exit 3)\n"
        "output\n"
        "%s"
        "  --explain           print build options and every enqueue of the plan\n"
        "  --help              this text\n\n"
        "exit status: 0 verified, 1 wrong result, 2 usage error or size this chapter can't do,\n"
        "3 OpenCL/platform/build/allocation error or hang. The last line says PASS or FAIL.\n",
        files ? "  --input X.npy       transform this complex64 (complex128 for double) array,\n"
                "                      shape (N,) or (batch, N) (07_multidim: (batch, Ny, Nx)\n"
                "                      or (batch, Nz, Ny, Nx) too); the FFTW reference uses it too\n"
                "  --output Y.npy      write the result\n"
              : "",
        "  --format F          text (default), csv or json\n");
}
