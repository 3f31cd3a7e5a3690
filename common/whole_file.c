/* Writing a file whole or not at all (whole_file.h): a temporary file beside the path,
 * renamed over it, removed if the program is stopped while writing. */
#define _POSIX_C_SOURCE 200809L
#include "whole_file.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* The temporary file a write has made and not yet renamed: a signal that ends the
 * process meanwhile (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ past a file size limit; the
 * --timeout watchdog through fl_whole_forget_temp) removes it first, so that nothing but
 * the whole file is ever left. (Between mkstemp's open and its return a signal finds the
 * name not yet marked live: a window of one system call.) */
static struct {
    char name[4200];
    volatile sig_atomic_t live;
    struct sigaction old[5];
} temp;
static const int temp_signals[5] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ};

void fl_whole_forget_temp(void)
{
    if (temp.live) {
        temp.live = 0;
        unlink(temp.name);
    }
}

static void temp_signal(int sig)
{
    fl_whole_forget_temp();
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
        fl_whole_forget_temp();
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
        fl_whole_forget_temp();
    temp.live = 0;
    for (int i = 0; i < 5; i++)
        sigaction(temp_signals[i], &temp.old[i], NULL);
}

FILE *fl_whole_open(struct fl_whole *w, const char *path, char *err, size_t errlen)
{
    /* Only a regular file (or a new one) goes through a temporary file: a device or a
     * pipe is written as it is. */
    struct stat st;
    int exists = stat(path, &st) == 0;
    w->path = path;
    w->direct = exists && !S_ISREG(st.st_mode);
    w->f = w->direct ? fopen(path, "wb") : open_temp(path, exists ? &st : NULL, err, errlen);
    if (!w->f && w->direct)
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    return w->f;
}

int fl_whole_close(struct fl_whole *w, int ok, char *err, size_t errlen)
{
    FILE *f = w->f;
    ok = ok && fflush(f) == 0 && (w->direct || fsync(fileno(f)) == 0);
    int saved = errno;
    if (fclose(f) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    w->f = NULL;
    if (ok && !w->direct && rename(temp.name, w->path) != 0) {
        ok = 0;
        saved = errno;
    }
    if (!w->direct)
        close_temp(!ok);
    if (!ok) {
        snprintf(err, errlen, "error writing %s: %s (the file was left as it was)", w->path,
                 strerror(saved ? saved : EIO));
        return -1;
    }
    return 0;
}
