/* Writing a .npy file (npy.h: fl_npy_write, fl_npy_write_kind): whole or not at all, a
 * temporary file beside the path renamed over it, removed if the program is stopped
 * while writing. Reading is npy.c. */
#define _POSIX_C_SOURCE 200809L
#include "npy.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* ---------------------------------------------------------------- the temporary file */

/* The temporary file a write has made and not yet renamed: a signal that ends the
 * process meanwhile (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ past a file size limit; the
 * --timeout watchdog through fl_npy_forget_temp) removes it first, so that nothing but the
 * whole file is ever left. (Between mkstemp's open and its return a signal finds the name
 * not yet marked live: a window of one system call.) */
static struct {
    char name[4200];
    volatile sig_atomic_t live;
    struct sigaction old[5];
} temp;
static const int temp_signals[5] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ};

void fl_npy_forget_temp(void)
{
    if (temp.live) {
        temp.live = 0;
        unlink(temp.name);
    }
}

static void temp_signal(int sig)
{
    fl_npy_forget_temp();
    /* then what the signal did before (the default, or the handler that was there: pocl's
     * LLVM installs some), as if this one had not been */
    for (int i = 0; i < 5; i++)
        if (temp_signals[i] == sig)
            sigaction(sig, &temp.old[i], NULL);
    raise(sig);
}

/* A new file PATH.tmp.XXXXXX beside PATH, made with O_EXCL under a name no one can guess
 * (mkstemp: a link or a folder planted beside PATH is never written through), with the
 * mode of the file it replaces (OLD), or else the mode a new file gets (0666 less the
 * umask). NULL with the reason in ERR. */
static FILE *open_temp(const char *path, const struct stat *old, char *err, size_t errlen)
{
    if ((size_t)snprintf(temp.name, sizeof temp.name, "%s.tmp.XXXXXX", path) >= sizeof temp.name) {
        snprintf(err, errlen, "cannot write %s: path too long", path);
        return NULL;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = temp_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 5; i++) {
        sigaction(temp_signals[i], &sa, &temp.old[i]);
        if (temp.old[i].sa_handler == SIG_IGN) /* ignored, it ends nothing: left so */
            sigaction(temp_signals[i], &temp.old[i], NULL);
    }
    int fd = mkstemp(temp.name);
    if (fd < 0) {
        int saved = errno;
        for (int i = 0; i < 5; i++)
            sigaction(temp_signals[i], &temp.old[i], NULL);
        snprintf(err, errlen, "cannot write %s: cannot make a temporary file beside it (%s): %s",
                 path, temp.name, strerror(saved));
        return NULL;
    }
    temp.live = 1;
    mode_t mode;
    if (old) {
        mode = old->st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    FILE *f = fchmod(fd, mode) == 0 ? fdopen(fd, "wb") : NULL;
    if (!f) {
        int saved = errno;
        close(fd);
        fl_npy_forget_temp();
        for (int i = 0; i < 5; i++)
            sigaction(temp_signals[i], &temp.old[i], NULL);
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(saved));
    }
    return f;
}

/* After the rename (or a failure: REMOVE), the handlers as they were. */
static void close_temp(int remove_it)
{
    if (remove_it)
        fl_npy_forget_temp();
    temp.live = 0;
    for (int i = 0; i < 5; i++)
        sigaction(temp_signals[i], &temp.old[i], NULL);
}

int fl_npy_write(const char *path, const double *data, const size_t *shape, int naxes,
                 int complex128, char *err, size_t errlen)
{
    return fl_npy_write_kind(path, data, shape, naxes, 0, complex128, err, errlen);
}

int fl_npy_write_kind(const char *path, const double *data, const size_t *shape, int naxes,
                      int real, int double_precision, char *err, size_t errlen)
{
    const int complex128 = double_precision; /* 8-byte parts */
    char dict[256];
    int len = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (",
                       real ? (complex128 ? "<f8" : "<f4") : complex128 ? "<c16" : "<c8");
    size_t count = 1;
    for (int i = 0; i < naxes; i++) {
        len += snprintf(dict + len, sizeof dict - (size_t)len, "%zu,%s", shape[i],
                        i + 1 < naxes ? " " : "");
        count *= shape[i];
    }
    if (naxes > 1) len--; /* (4, 1024) not (4, 1024,) */
    len += snprintf(dict + len, sizeof dict - (size_t)len, "), }");
    /* Pad so that magic(6)+version(2)+hlen(2)+header is a multiple of 64. */
    size_t total = 10 + (size_t)len + 1;
    size_t pad = (64 - total % 64) % 64;
    /* Whole or not at all: write a temporary file beside PATH, then rename it over PATH.
     * Only for a regular file (or a new one): a device or a pipe is written as it is. */
    struct stat st;
    int exists = stat(path, &st) == 0, direct = exists && !S_ISREG(st.st_mode);
    FILE *f = direct ? fopen(path, "wb") : open_temp(path, exists ? &st : NULL, err, errlen);
    if (!f) {
        if (direct)
            snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    size_t hlen = (size_t)len + pad + 1;
    unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0,
                             (unsigned char)(hlen & 0xff), (unsigned char)(hlen >> 8)};
    int ok = fwrite(pre, 1, 10, f) == 10 && fwrite(dict, 1, (size_t)len, f) == (size_t)len;
    for (size_t i = 0; ok && i < pad; i++)
        ok = fputc(' ', f) != EOF;
    ok = ok && fputc('\n', f) != EOF;
    /* a real array: the real parts only (every other double) */
    for (size_t i = 0, step = real ? 2 : 1; ok && i < 2 * count; i += step) {
        if (complex128) {
            ok = fwrite(&data[i], 8, 1, f) == 1;
        } else {
            float v = (float)data[i];
            ok = fwrite(&v, 4, 1, f) == 1;
        }
    }
    ok = ok && fflush(f) == 0 && (direct || fsync(fileno(f)) == 0);
    int saved = errno;
    if (fclose(f) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    if (ok && !direct && rename(temp.name, path) != 0) {
        ok = 0;
        saved = errno;
    }
    if (!direct)
        close_temp(!ok);
    if (!ok) {
        snprintf(err, errlen, "error writing %s: %s (the file was left as it was)", path,
                 strerror(saved));
        return -1;
    }
    return 0;
}
