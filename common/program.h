/* Kernel programs: find the kernel file, build it with the harness's options, and on a
 * build error print the file path, the options and the whole build log. */
#ifndef FFTLAB_PROGRAM_H
#define FFTLAB_PROGRAM_H

#include "device.h"
#include "options.h"

#include <stddef.h>

/* The kernels/ folder of this checkout, found from the executable's own path
 * (build/NN_slug -> ../kernels), so programs run from any working directory. */
void fl_default_kernels_dir(char *buf, size_t len);

/* Resolve --kernels PATH for a chapter: PATH may be a folder holding FILE_NAME or a .cl
 * file used in its place (that is how exercises run). Exits FL_EXIT_USAGE if missing. */
void fl_resolve_kernel_file(const char *path_or_null, const char *file_name,
                            char *out, size_t len);

/* Exercises. An exercise file holds only what the student writes: a function or two.
 * The chapter's kernel file (or one of its USES files) marks where it goes with a block
 *
 *     #ifndef FL_EXERCISE_<NAME>      NAME: the exercise variant's name, upper-cased
 *     ... the chapter's own version of the function (or only a comment) ...
 *     #endif
 *
 * and fl_build_program then cuts that region (the guard line to its matching #endif) out
 * of the text it compiles and puts the student's file in its place, after a #line so the
 * compiler's errors name the student's file and lines; the build options get
 * -D FL_EXERCISE_<NAME>=1 for code meant only for the exercise's runs ("composed"). The
 * chapter's own version is then not in the compiled text at all. A chapter whose files
 * have no such block runs the exercise file as its whole kernel file (chapters 01-04,
 * whose exercises are small kernels of their own: "whole file"). The chapter's normal
 * run builds the files as they are, in the student edition too: no exercise file is
 * built outside its exercise's runs.
 *
 * fl_exercise_setup resolves the kernel file to build into KERNEL_OUT, as
 * fl_resolve_kernel_file does for --kernels, and for an exercise variant (EXERCISE_DEFAULT
 * not NULL, a path relative to the repository such as "exercises/02_radix2/dif.cl") reads
 * the exercise: --exercise FILE when given, else EXERCISE_DEFAULT. The file is judged
 * alone first, as the preprocessor will see it (common/exercise_check.h): no #include,
 * #line or line marker, no character that makes a directive ambiguous, no open comment,
 * quote or #if; a file that breaks that, is missing, or an --exercise without an
 * exercise variant, is a usage error (exit 2) that names the file, line and rule. Call it once, before any build. */
void fl_exercise_setup(const char *kernels_opt, const char *exercise_opt, const char *variant,
                       const char *exercise_default, const char *kernel_file_name,
                       const char *const *uses, char *kernel_out, size_t len);

/* The exercise file being run ("" when none), for messages. */
const char *fl_exercise_path(void);

/* Read a whole text file; NULL with errno set on failure. Caller frees. */
char *fl_read_text_file(const char *path, size_t *len_out);

/* Build FILE for DEV: the shared header kernels/fftlab.clh is put in front of the file,
 * then each of USES (NULL-terminated names of earlier chapters' kernel files in kernels/,
 * may be NULL), then FILE itself — each after a #line so errors point at the right file
 * and line. A chapter reuses an earlier chapter's kernels this way instead of copying
 * them. Exits FL_EXIT_OPENCL with the log on failure. */
cl_program fl_build_program(const struct fl_device *dev, const char *file,
                            const char *const *uses, const char *options);

/* The files the last fl_build_program put into its program, in order, as --explain's
 * `kernels` line names them: "DIR: fftlab.clh, 05_passes.cl, ..., FILE" (files outside
 * DIR by their path), and where an exercise was composed in, "(with EXERCISE in FILE)". */
const char *fl_program_files(void);

/* The build options of real_t and real2_t for PRECISION (FFTLAB_DOUBLE=1 in double). */
const char *fl_precision_options(enum fl_precision precision);

#endif
