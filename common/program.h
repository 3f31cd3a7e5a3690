/* Kernel programs: find the kernel file, build it with the harness's options, and on a
 * build error print the file path, the options and the whole build log. */
#ifndef FFTLAB_PROGRAM_H
#define FFTLAB_PROGRAM_H

#include "device.h"

#include <stddef.h>

/* The kernels/ folder of this checkout, found from the executable's own path
 * (build/NN_slug -> ../kernels), so programs run from any working directory. */
void fl_default_kernels_dir(char *buf, size_t len);

/* Resolve --kernels PATH for a chapter: PATH may be a folder holding FILE_NAME or a .cl
 * file used in its place (that is how exercises run). Exits FL_EXIT_USAGE if missing. */
void fl_resolve_kernel_file(const char *path_or_null, const char *file_name,
                            char *out, size_t len);

/* Read a whole text file; NULL with errno set on failure. Caller frees. */
char *fl_read_text_file(const char *path, size_t *len_out);

/* Build FILE for DEV: the shared header kernels/fftlab.clh is put in front of the file,
 * then each of USES (NULL-terminated names of earlier chapters' kernel files in kernels/,
 * may be NULL), then FILE itself — each after a #line so errors point at the right file
 * and line. A chapter reuses an earlier chapter's kernels this way instead of copying
 * them. Exits FL_EXIT_OPENCL with the log on failure. */
cl_program fl_build_program(const struct fl_device *dev, const char *file,
                            const char *const *uses, const char *options);

#endif
