/* Reading a .npy file (npy.h: fl_npy_read, fl_npy_read_any): the header dict parsed as
 * numpy.lib.format writes it, every malformed or unsupported file a clear error. Writing is
 * npy_write.c. */
#define _POSIX_C_SOURCE 200809L
#include "npy.h"

#include "limits.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* Format reference: numpy.lib.format. A file is
 *   "\x93NUMPY" major minor, header length (u16 LE for v1, u32 LE for v2/v3),
 *   an ASCII dict like {'descr': '<c8', 'fortran_order': False, 'shape': (4, 1024), }
 *   padded with spaces and a final '\n' so the data starts on a 64-byte boundary,
 *   then the raw little-endian data in C order. */

static const char magic[] = "\x93NUMPY";

void fl_npy_free(struct fl_npy *npy)
{
    free(npy->data);
    npy->data = NULL;
}

/* At most N bytes of S for a message, trailing white space (a header's padding and '\n')
 * dropped and each byte that is not printable ASCII shown as '?': the bytes of a file
 * stay on the one line of the message. */
static const char *printable(const char *s, size_t n, char *buf, size_t len)
{
    size_t end = strnlen(s, n), i;
    while (end > 0 && isspace((unsigned char)s[end - 1]))
        end--;
    for (i = 0; i < end && i + 1 < len; i++)
        buf[i] = isprint((unsigned char)s[i]) ? s[i] : '?';
    buf[i] = '\0';
    return buf;
}

static int host_is_little_endian(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 1;
}

/* ---------------------------------------------------------------- the header dict */

/* numpy reads the header with ast.literal_eval, as the Python literal it is; so does this
 * reader, for the part of Python a header needs:
 *   dict := '{' [item (',' item)* [',']] '}'     item := STRING ':' value
 *   STRING: '...' or "..." on one line; a backslash is refused (escapes are not decoded)
 *   values: descr a STRING; fortran_order True or False; shape a tuple of decimal integers,
 *           (), (N,), (N, M) ... with or without a trailing comma
 * with white space (space, tab, form feed, CR, LF) before, between and after the tokens.
 * The keys are exactly descr, fortran_order and shape, each once: numpy takes a repeated
 * key's last value, a text search its first, so a repeated key is refused rather than
 * guessed at, and so is an unknown one. Text inside a string is that string and never a key.
 * Python that numpy also reads but no writer makes is refused with a message: comments,
 * escapes, string prefixes and concatenation, 0x10, 1_000, +4, a value in parentheses. */

enum tok_kind { TOK_END, TOK_STRING, TOK_WORD, TOK_PUNCT, TOK_OTHER };

struct tok {
    enum tok_kind kind;
    const char *text; /* as written, quotes included */
    size_t len;
};

/* The header being read, and where a refusal is written. */
struct header {
    const char *path, *start, *p, *end;
    char *err;
    size_t errlen;
    unsigned seen;           /* one bit per key, 1 << KEY_... */
    struct tok descr;        /* the descr string as written */
    int fortran;
};

enum { KEY_DESCR, KEY_FORTRAN_ORDER, KEY_SHAPE, NKEYS };
static const char *const keys[NKEYS] = {"descr", "fortran_order", "shape"};

static int is_python_space(char c)
{
    return c == ' ' || c == '\t' || c == '\f' || c == '\r' || c == '\n';
}

static int is_word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* A refusal of the dict's syntax at T: what was expected, where, and the header. */
static int syntax_error(struct header *h, const struct tok *t, const char *why)
{
    char shown[128];
    snprintf(h->err, h->errlen, "%s: malformed header (%s at header byte %zu): %s", h->path,
             why, (size_t)(t->text - h->start), printable(h->start, 120, shown, sizeof shown));
    return -1;
}

/* The next token into T; -1 (with the message) for a string that is not one we read. */
static int next_token(struct header *h, struct tok *t)
{
    while (h->p < h->end && is_python_space(*h->p))
        h->p++;
    const char *s = h->p;
    t->text = s;
    t->len = 1;
    if (s == h->end) {
        t->kind = TOK_END;
        t->len = 0;
    } else if (*s == '\'' || *s == '"') {
        const char *q = s + 1;
        while (q < h->end && *q != *s && *q != '\\' && *q != '\n' && *q != '\r')
            q++;
        if (q < h->end && *q == '\\')
            return syntax_error(h, t, "a backslash in a string: escapes are not supported");
        if (q == h->end || *q != *s)
            return syntax_error(h, t, "unterminated string");
        t->kind = TOK_STRING;
        t->len = (size_t)(q + 1 - s);
    } else if (is_word_char(*s)) {
        while (s + t->len < h->end && is_word_char(s[t->len]))
            t->len++;
        t->kind = TOK_WORD;
    } else {
        t->kind = *s && strchr("{}():,", *s) ? TOK_PUNCT : TOK_OTHER;
    }
    h->p = s + t->len;
    return 0;
}

/* How much of T a message shows: a string or a word whole (up to 40 bytes), else 12 bytes
 * from where it starts (a list, a number's sign ...). */
static size_t shown_len(const struct tok *t)
{
    return t->kind == TOK_STRING || t->kind == TOK_WORD ? (t->len < 40 ? t->len : 40) : 12;
}

static int is_punct(const struct tok *t, char c)
{
    return t->kind == TOK_PUNCT && t->text[0] == c;
}

/* String T's contents equal to WORD. */
static int string_is(const struct tok *t, const char *word)
{
    return t->kind == TOK_STRING && t->len == strlen(word) + 2 &&
           memcmp(t->text + 1, word, t->len - 2) == 0;
}

/* DESCR (at most N bytes of it, as written) is not a dtype we read. */
static int dtype_error(struct header *h, const char *descr, size_t n)
{
    char shown[128];
    snprintf(h->err, h->errlen, "%s: dtype %s is not supported; fftlab reads complex64 ('<c8') "
             "or complex128 ('<c16'), e.g. np.save(path, x.astype(np.complex64))", h->path,
             printable(descr, n, shown, sizeof shown));
    return -1;
}

static int shape_error(struct header *h)
{
    char shown[128];
    snprintf(h->err, h->errlen, "%s: malformed shape in header (a tuple of integers: (N,) or "
             "(batch, N) ...): %s", h->path, printable(h->start, 120, shown, sizeof shown));
    return -1;
}

/* The shape tuple into OUT: axes, sizes, and their product. A 1-tuple needs its comma
 * ((4) is the int 4); sizes are decimal with no leading zero, as Python writes them.
 * Past FL_NPY_MAX_AXES axes, or a product past 2^40, it is refused before any allocation. */
static int parse_shape(struct header *h, struct fl_npy *out)
{
    const size_t most = (size_t)1 << 40;
    struct tok t;
    if (next_token(h, &t) != 0)
        return -1;
    if (!is_punct(&t, '('))
        return shape_error(h);
    out->count = 1;
    for (;;) {
        if (next_token(h, &t) != 0)
            return -1;
        if (is_punct(&t, ')')) /* () or after a trailing comma */
            break;
        if (t.kind != TOK_WORD || (t.text[0] == '0' && t.len > 1))
            return shape_error(h);
        size_t v = 0;
        for (size_t i = 0; i < t.len; i++) {
            if (!isdigit((unsigned char)t.text[i]))
                return shape_error(h);
            if (v <= most) /* past it v stays above it: refused below */
                v = 10 * v + (size_t)(t.text[i] - '0');
        }
        if (out->naxes == FL_NPY_MAX_AXES) {
            snprintf(h->err, h->errlen, "%s: more than %d axes", h->path, FL_NPY_MAX_AXES);
            return -1;
        }
        if (v > most || (v && out->count > most / v)) {
            snprintf(h->err, h->errlen, "%s: shape too large", h->path);
            return -1;
        }
        out->shape[out->naxes++] = v;
        out->count *= v;
        if (next_token(h, &t) != 0)
            return -1;
        if (is_punct(&t, ')') && out->naxes > 1)
            break;
        if (!is_punct(&t, ','))
            return shape_error(h);
    }
    return 0;
}

/* The value of key K (KEY_...). */
static int parse_value(struct header *h, int k, struct fl_npy *out)
{
    if (k == KEY_SHAPE)
        return parse_shape(h, out);
    struct tok t;
    char shown[128];
    if (next_token(h, &t) != 0)
        return -1;
    if (k == KEY_DESCR && t.kind != TOK_STRING) /* a number, a structured dtype's list ... */
        return dtype_error(h, t.text, shown_len(&t));
    if (k == KEY_DESCR) {
        h->descr = t;
    } else if (t.kind == TOK_WORD && t.len == 4 && memcmp(t.text, "True", 4) == 0) {
        h->fortran = 1;
    } else if (t.kind == TOK_WORD && t.len == 5 && memcmp(t.text, "False", 5) == 0) {
        h->fortran = 0;
    } else {
        snprintf(h->err, h->errlen, "%s: malformed header: fortran_order must be True or "
                 "False, not %s", h->path,
                 printable(t.text, shown_len(&t), shown, sizeof shown));
        return -1;
    }
    return 0;
}

/* The whole dict: each key once, and nothing but white space after it. */
static int parse_dict(struct header *h, struct fl_npy *out)
{
    struct tok t;
    char shown[128];
    if (next_token(h, &t) != 0)
        return -1;
    if (!is_punct(&t, '{'))
        return syntax_error(h, &t, "expected '{'");
    if (next_token(h, &t) != 0)
        return -1;
    while (!is_punct(&t, '}')) {
        if (t.kind != TOK_STRING)
            return syntax_error(h, &t, "expected a key in quotes or '}'");
        int k = 0;
        while (k < NKEYS && !string_is(&t, keys[k]))
            k++;
        if (k == NKEYS) {
            snprintf(h->err, h->errlen, "%s: malformed header: unknown key %s (a .npy header "
                     "has 'descr', 'fortran_order' and 'shape', nothing else)", h->path,
                     printable(t.text, shown_len(&t), shown, sizeof shown));
            return -1;
        }
        if (h->seen & 1u << k) {
            snprintf(h->err, h->errlen, "%s: malformed header: the key '%s' appears twice "
                     "(numpy would take the last value): %s", h->path, keys[k],
                     printable(h->start, 120, shown, sizeof shown));
            return -1;
        }
        h->seen |= 1u << k;
        if (next_token(h, &t) != 0)
            return -1;
        if (!is_punct(&t, ':'))
            return syntax_error(h, &t, "expected ':' after a key");
        if (parse_value(h, k, out) != 0 || next_token(h, &t) != 0)
            return -1;
        if (is_punct(&t, ',')) {
            if (next_token(h, &t) != 0)
                return -1;
        } else if (!is_punct(&t, '}')) {
            return syntax_error(h, &t, "expected ',' or '}' after a value");
        }
    }
    if (next_token(h, &t) != 0)
        return -1;
    if (t.kind != TOK_END)
        return syntax_error(h, &t, "text after the closing '}'");
    if (h->seen != (1u << NKEYS) - 1) {
        snprintf(h->err, h->errlen, "%s: malformed header (need descr, fortran_order, shape): %s",
                 h->path, printable(h->start, 120, shown, sizeof shown));
        return -1;
    }
    return 0;
}

/* The header HDR (HLEN bytes) read into OUT's shape and dtype, refused as the message in ERR
 * says; ACCEPT_REAL = 0 refuses '<f4' and '<f8' like any other dtype. */
static int read_header(const char *path, const char *hdr, size_t hlen, int accept_real,
                       struct fl_npy *out, char *err, size_t errlen)
{
    struct header h = {.path = path, .start = hdr, .p = hdr, .end = hdr + hlen,
                       .err = err, .errlen = errlen};
    const char *nul = memchr(hdr, '\0', hlen);
    if (nul) {
        struct tok t = {.kind = TOK_OTHER, .text = nul, .len = 1};
        return syntax_error(&h, &t, "a NUL byte");
    }
    if (parse_dict(&h, out) != 0)
        return -1;
    if (string_is(&h.descr, "<c8")) {
        out->complex128 = 0;
    } else if (string_is(&h.descr, "<c16")) {
        out->complex128 = 1;
    } else if (accept_real && string_is(&h.descr, "<f4")) {
        out->real = 1;
    } else if (accept_real && string_is(&h.descr, "<f8")) {
        out->real = 1;
        out->complex128 = 1;
    } else {
        return dtype_error(&h, h.descr.text, h.descr.len);
    }
    if (out->naxes == 0 || out->count == 0) {
        snprintf(err, errlen, "%s: empty array (shape must be (N,) or (batch, N) with N >= 1)",
                 path);
        return -1;
    }
    /* 1-D data is the same in either order; for more axes we need C order. */
    if (out->naxes > 1 && h.fortran) {
        snprintf(err, errlen, "%s: fortran_order arrays are not supported; save a C-ordered "
                 "array", path);
        return -1;
    }
    return 0;
}

/* The reader; ACCEPT_REAL = 0 refuses '<f4' and '<f8' like any other dtype. */
static int npy_read(const char *path, int accept_real, struct fl_npy *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    int rc = -1;
    char *hdr = NULL;
    unsigned char pre[10];
    if (fread(pre, 1, 8, f) != 8 || memcmp(pre, magic, 6) != 0) {
        snprintf(err, errlen, "%s is not a .npy file (no \\x93NUMPY magic)", path);
        goto done;
    }
    unsigned major = pre[6];
    size_t hlen;
    if (major == 1) {
        if (fread(pre, 1, 2, f) != 2) goto truncated;
        hlen = (size_t)pre[0] | (size_t)pre[1] << 8;
    } else if (major == 2 || major == 3) {
        if (fread(pre, 1, 4, f) != 4) goto truncated;
        hlen = (size_t)pre[0] | (size_t)pre[1] << 8 | (size_t)pre[2] << 16 | (size_t)pre[3] << 24;
    } else {
        snprintf(err, errlen, "%s: unsupported .npy version %u", path, major);
        goto done;
    }
    if (hlen == 0 || hlen > (1u << 20)) {
        snprintf(err, errlen, "%s: implausible header length %zu", path, hlen);
        goto done;
    }
    hdr = malloc(hlen + 1);
    if (!hdr || fread(hdr, 1, hlen, f) != hlen) goto truncated;
    hdr[hlen] = '\0';

    if (read_header(path, hdr, hlen, accept_real, out, err, errlen) != 0)
        goto done;
    /* bytes per value; a real file has one part per value, a complex one two */
    size_t part = out->complex128 ? 8 : 4, parts = out->real ? 1 : 2, esize = part * parts;
    /* The shape is only a claim: compare it with the file's length before allocating. */
    long here = ftell(f);
    if (here >= 0 && fseek(f, 0, SEEK_END) == 0) {
        long end_at = ftell(f);
        if (end_at >= 0 && fseek(f, here, SEEK_SET) == 0) {
            size_t have = (size_t)(end_at - here);
            if (have / esize < out->count) {
                snprintf(err, errlen, "%s: file is shorter than its shape says (%zu elements, "
                         "the file holds %zu)", path, out->count, have / esize);
                goto done;
            }
        }
    }
    /* refused before the allocation of 16 bytes a value (limits.h) */
    if (out->count > FL_MAX_VALUES) {
        snprintf(err, errlen, "%s: %zu values, more than " FL_MAX_VALUES_TEXT ", the most a chapter "
                 "transforms in one run", path, out->count);
        goto done;
    }
    out->data = malloc(out->count * 2 * sizeof(double));
    unsigned char *raw = malloc(out->count * esize);
    if (!out->data || !raw) {
        free(raw);
        snprintf(err, errlen, "%s: out of memory for %zu elements", path, out->count);
        goto done;
    }
    if (fread(raw, esize, out->count, f) != out->count) {
        free(raw);
        snprintf(err, errlen, "%s: file is shorter than its shape says (%zu elements)", path, out->count);
        goto done;
    }
    if (fgetc(f) != EOF) {
        free(raw);
        snprintf(err, errlen, "%s: file is longer than its shape says (%zu elements)", path, out->count);
        goto done;
    }
    if (!host_is_little_endian()) {
        free(raw);
        snprintf(err, errlen, "big-endian hosts are not supported");
        goto done;
    }
    /* part i of the file is double d of the data: d = i, or 2i (the real part) for a
     * real file, whose imaginary parts stay 0 */
    if (out->real)
        memset(out->data, 0, out->count * 2 * sizeof(double));
    for (size_t i = 0; i < parts * out->count; i++) {
        size_t d = out->real ? 2 * i : i;
        if (out->complex128) {
            double v;
            memcpy(&v, raw + 8 * i, 8);
            out->data[d] = v;
        } else {
            float v;
            memcpy(&v, raw + 4 * i, 4);
            out->data[d] = v;
        }
    }
    free(raw);
    rc = 0;
    goto done;
truncated:
    snprintf(err, errlen, "%s: truncated .npy header", path);
done:
    free(hdr);
    fclose(f);
    if (rc != 0)
        fl_npy_free(out);
    return rc;
}

int fl_npy_read(const char *path, struct fl_npy *out, char *err, size_t errlen)
{
    return npy_read(path, 0, out, err, errlen);
}

int fl_npy_read_any(const char *path, struct fl_npy *out, char *err, size_t errlen)
{
    return npy_read(path, 1, out, err, errlen);
}
