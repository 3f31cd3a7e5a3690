/* Writing a file whole or not at all: the bytes go to a temporary file beside the target,
 * which is renamed over it only once every byte is written and synced (a reader never sees
 * half a file, and a failed write leaves the old one as it was). A signal that ends the
 * process meanwhile removes the temporary file first. The .npy writer (npy_write.c) and
 * chapter 11's PGM writer use it.
 *
 *   struct fl_whole w;
 *   FILE *f = fl_whole_open(&w, path, err, sizeof err);
 *   if (!f) return -1;                       // ERR says why
 *   int ok = fwrite(...) == ...;             // every write's result
 *   return fl_whole_close(&w, ok, err, sizeof err);   // 0, or -1: nothing was replaced
 */
#ifndef FFTLAB_WHOLE_FILE_H
#define FFTLAB_WHOLE_FILE_H

#include <stddef.h>
#include <stdio.h>

struct fl_whole {
    FILE *f;
    const char *path;
    int direct;       /* 1: PATH is not a regular file (a device, a pipe): written as it is */
};

/* The stream to write PATH's bytes to (a temporary file PATH.tmp.XXXXXX made with O_EXCL,
 * with the mode of the file it replaces, or a new file's), or NULL with the reason in ERR.
 * One file at a time per process. */
FILE *fl_whole_open(struct fl_whole *w, const char *path, char *err, size_t errlen);

/* Flush, sync and close W's stream, then rename it over the path: 0. OK = 0 (a write
 * failed) or any step failing: -1 with "error writing PATH: ... (the file was left as it
 * was)" in ERR, and the temporary file removed. */
int fl_whole_close(struct fl_whole *w, int ok, char *err, size_t errlen);

/* Remove the temporary file a write has made and not yet renamed (async-signal-safe): for
 * a process that must end while one is written (the --timeout watchdog, before _exit). */
void fl_whole_forget_temp(void);

#endif
