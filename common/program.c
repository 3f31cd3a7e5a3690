#define _XOPEN_SOURCE 700
#include "program.h"

#include "exercise_check.h"

#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SHARED_HEADER "fftlab.clh"

void fl_default_kernels_dir(char *buf, size_t len)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(buf, len, "kernels");
        return;
    }
    exe[n] = '\0';
    char *dir = dirname(exe); /* .../build */
    char joined[4200];
    snprintf(joined, sizeof joined, "%s/../kernels", dir);
    /* Show learners a clean path (/repo/kernels, not /repo/build/../kernels). */
    char *real = realpath(joined, NULL);
    snprintf(buf, len, "%s", real ? real : joined);
    free(real);
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

void fl_resolve_kernel_file(const char *path, const char *file_name, char *out, size_t len)
{
    char dir[4096];
    if (!path) {
        fl_default_kernels_dir(dir, sizeof dir);
        path = dir;
    }
    if (is_dir(path))
        snprintf(out, len, "%s/%s", path, file_name);
    else
        snprintf(out, len, "%s", path);
    if (!is_file(out)) {
        if (!is_dir(path) && strstr(path, ".cl") == NULL)
            fl_die(FL_EXIT_USAGE, "kernels directory '%s' does not exist (pass --kernels "
                   "DIR holding %s, or --kernels FILE.cl)", path, file_name);
        fl_die(FL_EXIT_USAGE, "kernel file '%s' not found (pass --kernels DIR holding %s, "
               "or --kernels FILE.cl)", out, file_name);
    }
}

char *fl_read_text_file(const char *path, size_t *len_out)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 14, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
        if (len + 1 == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
    }
    int read_error = ferror(f);
    fclose(f);
    if (!buf)
        return NULL;
    if (read_error) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[len] = '\0';
    if (len_out)
        *len_out = len;
    return buf;
}

/* --- exercises (program.h) */

static struct {
    char path[4096];  /* the student's file                                   */
    char guard[112];  /* "#ifndef FL_EXERCISE_<NAME>": where it goes            */
    char macro[96];   /* "FL_EXERCISE_<NAME>"                                   */
    char *text;       /* its contents; NULL: no composed exercise in this run   */
} exercise;

const char *fl_exercise_path(void)
{
    return exercise.path;
}

/* The line of TEXT that begins with GUARD (after blanks) and ends there or with a blank:
 * its offset, or -1. */
static long find_guard(const char *text, const char *guard)
{
    size_t glen = strlen(guard);
    const char *line = text;
    while (line && *line) {
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, guard, glen) == 0 && (p[glen] == '\0' || isspace((unsigned char)p[glen])))
            return (long)(line - text);
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    return -1;
}

void fl_exercise_setup(const char *kernels_opt, const char *exercise_opt, const char *variant,
                       const char *exercise_default, const char *kernel_file_name,
                       const char *const *uses, char *kernel_out, size_t len)
{
    fl_resolve_kernel_file(kernels_opt, kernel_file_name, kernel_out, len);
    if (!exercise_default) {
        if (exercise_opt)
            fl_die(FL_EXIT_USAGE, "--exercise %s: variant '%s' is not an exercise (--help lists "
                   "the exercise variants)", exercise_opt, variant);
        return;
    }
    /* The pre-exercise way: --kernels FILE.cl as the whole kernel file. */
    if (kernels_opt && !exercise_opt && !is_dir(kernels_opt))
        return;
    char dir[4096];
    fl_default_kernels_dir(dir, sizeof dir);
    if (exercise_opt) {
        snprintf(exercise.path, sizeof exercise.path, "%s", exercise_opt);
    } else {
        char joined[4400];
        snprintf(joined, sizeof joined, "%s/../%s", dir, exercise_default);
        char *real = realpath(joined, NULL);
        if (strlen(real ? real : joined) >= sizeof exercise.path)
            fl_die(FL_EXIT_USAGE, "exercise path too long: %s", joined);
        memcpy(exercise.path, real ? real : joined, strlen(real ? real : joined) + 1);
        free(real);
    }
    if (!is_file(exercise.path))
        fl_die(FL_EXIT_USAGE, "exercise file '%s' not found (variant '%s'; --exercise FILE.cl "
               "runs another copy of it)", exercise.path, variant);
    size_t text_len = 0;
    char *text = fl_read_text_file(exercise.path, &text_len);
    if (!text)
        fl_die(FL_EXIT_USAGE, "cannot read exercise file %s: %s", exercise.path, strerror(errno));
    /* Judged alone, before it goes anywhere: the rules of common/exercise_check.h. */
    int bad_line = 0;
    char why[512];
    if (fl_check_exercise_text(text, text_len, &bad_line, why, sizeof why) != 0) {
        struct fl_run_end refused = {.outcome = FL_OUTCOME_REFUSED, .file = exercise.path,
                                     .line = bad_line, .rule = why};
        fl_die_end(&refused, FL_EXIT_USAGE, "%s:%d: %s", exercise.path, bad_line, why);
    }

    int k = snprintf(exercise.macro, sizeof exercise.macro, "FL_EXERCISE_");
    for (const char *v = variant; *v && k + 1 < (int)sizeof exercise.macro; v++)
        exercise.macro[k++] = (char)toupper((unsigned char)*v);
    exercise.macro[k] = '\0';
    snprintf(exercise.guard, sizeof exercise.guard, "#ifndef %s", exercise.macro);

    /* Composed when the chapter's file or one it uses has the guard; else the whole file. */
    int composed = 0;
    for (int i = -1; !composed && (i < 0 || (uses && uses[i])); i++) {
        char path[4200];
        if (i < 0)
            snprintf(path, sizeof path, "%s", kernel_out);
        else
            snprintf(path, sizeof path, "%s/%s", dir, uses[i]);
        char *body = fl_read_text_file(path, NULL);
        composed = body && find_guard(body, exercise.guard) >= 0;
        free(body);
    }
    if (composed) {
        exercise.text = text;
    } else {
        free(text);
        snprintf(kernel_out, len, "%s", exercise.path);
    }
}

static void print_build_log(const struct fl_device *dev, cl_program prog, const char *file,
                            const char *options)
{
    size_t size = 0;
    clGetProgramBuildInfo(prog, dev->id, CL_PROGRAM_BUILD_LOG, 0, NULL, &size);
    char *log = malloc(size + 1);
    if (log && clGetProgramBuildInfo(prog, dev->id, CL_PROGRAM_BUILD_LOG, size, log, NULL) == CL_SUCCESS)
        log[size] = '\0';
    fflush(stdout);
    fprintf(stderr, "---- build log for %s on %s ----\n", file, dev->name);
    fprintf(stderr, "build options: %s\n", options);
    fprintf(stderr, "%s\n", log && log[0] ? log : "(the compiler left no log)");
    fprintf(stderr, "---- end of build log ----\n");
    free(log);
}

/* A growing program text. */
struct text {
    char *p;
    size_t len, cap;
};

static void text_add(struct text *t, const char *s, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 1 << 16;
        while (t->len + n + 1 > cap)
            cap *= 2;
        char *grown = realloc(t->p, cap);
        if (!grown)
            fl_die(FL_EXIT_OPENCL, "out of host memory composing the kernel program");
        t->p = grown;
        t->cap = cap;
    }
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = '\0';
}

/* "#line N "PATH"\n", the path's quotes and backslashes escaped. */
static void text_line(struct text *t, long n, const char *path)
{
    char head[32];
    text_add(t, head, (size_t)snprintf(head, sizeof head, "#line %ld \"", n));
    for (const char *c = path; *c; c++) {
        if (*c == '"' || *c == '\\')
            text_add(t, "\\", 1);
        text_add(t, c, *c == '\n' ? 0 : 1);
    }
    text_add(t, "\"\n", 2);
}

static long source_line_of(const char *body, long at)
{
    long line = 1;
    for (long i = 0; i < at; i++)
        line += body[i] == '\n';
    return line;
}

/* The region that the guard line at AT of BODY (PATH) opens ends after the line of its
 * matching #endif: that offset. Nested #if lines count; the region may hold no #else (the
 * chapter's text would have two readings). Kernel files are ours: a missing #endif is
 * the kernel file's bug. */
static long region_end(const char *body, long at, const char *path)
{
    int depth = 0;
    for (const char *line = body + at; line && *line;) {
        const char *p = line, *end = strchr(line, '\n');
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#') {
            p++;
            while (*p == ' ' || *p == '\t')
                p++;
            if (strncmp(p, "if", 2) == 0) {
                depth++;
            } else if (strncmp(p, "endif", 5) == 0) {
                if (--depth == 0)
                    return end ? (long)(end + 1 - body) : (long)strlen(body);
            } else if (depth == 1 && (strncmp(p, "else", 4) == 0 || strncmp(p, "elif", 4) == 0)) {
                fl_die(FL_EXIT_OPENCL, "%s:%ld: an #ifndef FL_EXERCISE_ block with an #else: "
                       "an exercise region must be one #ifndef ... #endif", path,
                       source_line_of(body, at));
            }
        }
        line = end ? end + 1 : NULL;
    }
    fl_die(FL_EXIT_OPENCL, "%s:%ld: an #ifndef FL_EXERCISE_ block without its #endif", path,
           source_line_of(body, at));
}

/* The next line of BODY from offset FROM that starts (after blanks) with PREFIX: the
 * offset of the line, or -1. */
static long next_line_with(const char *body, long from, const char *prefix)
{
    size_t plen = strlen(prefix);
    for (const char *line = body + from; line && *line;) {
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, prefix, plen) == 0)
            return (long)(line - body);
        line = strchr(line, '\n');
        if (line)
            line++;
    }
    return -1;
}

/* The exercise file built in this program, for the build-failure message. */
static char student_built[4200];

/* Put FROM (its text TEXT) in T in place of a region: between #lines, so the compiler's
 * messages name FROM's lines, then PATH's lines from END on. */
static void splice(struct text *t, const char *from, const char *text, const char *path,
                   const char *body, long end)
{
    text_line(t, 1, from);
    text_add(t, text, strlen(text));
    text_add(t, "\n", 1);
    text_line(t, source_line_of(body, end), path);
    snprintf(student_built, sizeof student_built, "%s", from);
}

/* Append "#line 1 "path"\n<contents>\n" to T. Where the file has the running exercise's
 * guard, its region (the guard line to the matching #endif, the chapter's own function)
 * is cut out and the student's text goes in its place, between #lines so the compiler's
 * messages name the student's file and, after it, the kernel file's own lines. The
 * reference is then not in the compiled text at all, whatever the student's text does;
 * its rules (common/exercise_check.h: no line splice, no open comment or #if) keep it
 * from reaching into the kernel file's text after it. Without a running exercise every
 * region stays as it is: a chapter's own runs never build an exercise file (in the
 * student edition too). Returns 1 when it spliced the running exercise. */
static int append_file(struct text *t, const char *path)
{
    size_t flen = 0;
    char *body = fl_read_text_file(path, &flen);
    if (!body)
        fl_die(FL_EXIT_USAGE, "cannot read kernel file %s: %s", path, strerror(errno));
    text_line(t, 1, path);
    int spliced = 0;
    long done = 0; /* body[0, done) is in T */
    for (long at = 0; (at = next_line_with(body, at, "#ifndef FL_EXERCISE_")) >= 0;) {
        long end = region_end(body, at, path);
        if (exercise.text && find_guard(body + at, exercise.guard) == 0) {
            text_add(t, body + done, (size_t)(at - done));
            splice(t, exercise.path, exercise.text, path, body, end);
            done = end;
            spliced = 1;
        }
        at = end;
    }
    text_add(t, body + done, flen - (size_t)done);
    text_add(t, "\n", 1);
    free(body);
    return spliced;
}

/* What the last fl_build_program compiled (fl_program_files). */
static char compiled[8192];

/* Add PATH to `compiled`: by its name when it lies in DIR; SPLICED: the exercise went in. */
static void note_compiled(const char *dir, const char *path, int spliced)
{
    size_t used = strlen(compiled), dlen = strlen(dir);
    const char *shown = strncmp(path, dir, dlen) == 0 && path[dlen] == '/' ? path + dlen + 1 : path;
    snprintf(compiled + used, sizeof compiled - used, "%s%s", used > dlen + 1 ? ", " : " ", shown);
    used = strlen(compiled);
    if (spliced)
        snprintf(compiled + used, sizeof compiled - used, " (with %s in it)", exercise.path);
}

const char *fl_program_files(void)
{
    return compiled;
}

cl_program fl_build_program(const struct fl_device *dev, const char *file,
                            const char *const *uses, const char *options)
{
    char dir[4096], path[4200];
    fl_default_kernels_dir(dir, sizeof dir);
    struct text src = {0};
    student_built[0] = '\0';
    snprintf(compiled, sizeof compiled, "%s:", dir);
    snprintf(path, sizeof path, "%s/%s", dir, SHARED_HEADER);
    int spliced = append_file(&src, path);
    note_compiled(dir, path, spliced);
    for (const char *const *u = uses; u && *u; u++) {
        snprintf(path, sizeof path, "%s/%s", dir, *u);
        int in = append_file(&src, path);
        note_compiled(dir, path, in);
        spliced |= in;
    }
    int in = append_file(&src, file);
    note_compiled(dir, file, in);
    spliced |= in;

    /* The exercise's macro, for code that is built only in its runs (06's dft6 check). */
    char with_macro[1024];
    if (spliced) {
        if (snprintf(with_macro, sizeof with_macro, "%s -D %s=1", options, exercise.macro) >=
            (int)sizeof with_macro)
            fl_die(FL_EXIT_OPENCL, "build options too long: %s", options);
        options = with_macro;
    }

    /* FFTLAB_BUILD_OPTIONS adds compiler options (e.g. -cl-nv-verbose on NVIDIA, which
     * reports registers and spills per kernel); FFTLAB_BUILD_LOG=1 prints the log of a
     * build that succeeded too; FFTLAB_BUILD_SOURCE=1 prints the program text the compiler
     * gets (what an exercise run composed). All are for experiments; graded runs use none. */
    const char *want_source = getenv("FFTLAB_BUILD_SOURCE");
    if (want_source && strcmp(want_source, "1") == 0) {
        fflush(stdout);
        fprintf(stderr, "---- program source for %s ----\n%s---- end of program source ----\n",
                file, src.p);
    }
    const char *extra = getenv("FFTLAB_BUILD_OPTIONS");
    char all[2048];
    if (extra && extra[0]) {
        if (snprintf(all, sizeof all, "%s %s", options, extra) >= (int)sizeof all)
            fl_die(FL_EXIT_USAGE, "FFTLAB_BUILD_OPTIONS too long: %s", extra);
        options = all;
    }
    cl_int err;
    const char *srcs[1] = {src.p};
    cl_program prog = clCreateProgramWithSource(dev->context, 1, srcs, NULL, &err);
    CL_CHECK_ERR(err, "clCreateProgramWithSource");
    err = clBuildProgram(prog, 1, &dev->id, options, NULL, NULL);
    free(src.p);
    const char *want_log = getenv("FFTLAB_BUILD_LOG");
    if (err == CL_SUCCESS && want_log && strcmp(want_log, "1") == 0)
        print_build_log(dev, prog, file, options);
    if (err != CL_SUCCESS) {
        print_build_log(dev, prog, file, options);
        clReleaseProgram(prog);
        struct fl_run_end failed = {.outcome = FL_OUTCOME_BUILD_ERROR,
                                    .file = student_built[0] ? student_built : file};
        if (student_built[0])
            fl_die_end(&failed, FL_EXIT_OPENCL, "kernel build failed for %s with your exercise "
                       "%s (%s); the compiler's log is above: lines of %s are your file's", file,
                       student_built, fl_cl_error_name(err), student_built);
        fl_die_end(&failed, FL_EXIT_OPENCL, "kernel build failed for %s (%s); the compiler's log "
                   "is above", file, fl_cl_error_name(err));
    }
    return prog;
}

const char *fl_precision_options(enum fl_precision precision)
{
    return precision == FL_DOUBLE
           ? "-cl-std=CL1.2 -D real_t=double -D real2_t=double2 -D FFTLAB_DOUBLE=1"
           : "-cl-std=CL1.2 -D real_t=float -D real2_t=float2";
}
