/* 06_mixed_radix: a learner's own Stockham pass, one launch per radix (--pass-kernel FILE,
 * --variant own_pass; the grader's probe --variant own_pass_once; the exercise
 * exercises/06_mixed_radix/own_pass.cl). The kernel side is kernels/06_own_pass.cl.
 *
 * N = 2^a 3^b 5^c up to OWN_MAX_N is cut into radices from {4, 2, 3, 5} (fl_radix_factor:
 * the fewest stages, 4s before a 2, then the 3s, then the 5s), and stage s is one launch of
 * the learner's kernel own_pass with r = that radix and L = the product of the radices
 * before it, global size (N / r, batch), from buffer A to B, then B to A, and so on. The
 * harness does the rest as for every variant: FFTW and the other checks, timing, --explain.
 * The file's text is judged before the build (own_pass_judge): it reaches the buffers
 * through LOAD and STORE only, and calls nothing of the library's. */
#include "mixed_radix.h"

#include "../../common/program.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest N: every stage is a launch over all the data, so the grader's largest case
 * (2^20, 10 stages) stays within a minute on 2 cores. */
#define OWN_MAX_N ((size_t)1 << 20)

static const unsigned own_radices[] = {4, 2, 3, 5, 0};

int mr_is_own_pass(const struct fl_problem *p)
{
    return strcmp(p->variant, "own_pass") == 0 || strcmp(p->variant, "own_pass_once") == 0 ||
           strcmp(p->variant, "own_pass_layout") == 0;
}

static int is_once(const struct fl_problem *p)
{
    return strcmp(p->variant, "own_pass_once") == 0;
}

int mr_own_pass_check(const struct fl_problem *p, char *why, size_t len)
{
    unsigned r[FL_RADIX_MAX_STAGES];
    if (p->n > OWN_MAX_N || fl_radix_factor(p->n, own_radices, r, FL_RADIX_MAX_STAGES) < 0) {
        snprintf(why, len, "variant %s takes N = 2^a 3^b 5^c up to 2^20 = %zu (radices 2, 3, 4 "
                 "and 5, one launch each); N = %zu is not one", p->variant, OWN_MAX_N, p->n);
        return -1;
    }
    if (p->wg) {
        snprintf(why, len, "variant %s takes no --wg: its kernel's contract knows no group size "
                 "(the driver chooses; own_pass_once uses groups of one item)", p->variant);
        return -1;
    }
    if (is_once(p) && p->n * p->batch > (size_t)(INT_MAX - 1) / 2) {
        snprintf(why, len, "variant own_pass_once counts 2 N x batch accesses in ints: N x batch "
                 "= %zu is more than %d", p->n * p->batch, (INT_MAX - 1) / 2);
        return -1;
    }
    return 0;
}

/* --- judging the file's text before the build */

/* Names of functions the library's kernel files define (a line that starts with a type and
 * names one before its '('), from PATH, into NAMES (one per line, each between '\n's). */
static void library_names(const char *path, char **names, size_t *len, size_t *cap)
{
    char *text = fl_read_text_file(path, NULL);
    for (const char *line = text; line && *line;) {
        const char *end = strchr(line, '\n'), *open = strchr(line, '(');
        if ((isalpha((unsigned char)*line) || *line == '_') && open && (!end || open < end) &&
            !memchr(line, '=', (size_t)(open - line)) && !memchr(line, ';', (size_t)(open - line))) {
            const char *e = open;
            while (e > line && e[-1] == ' ')
                e--;
            const char *b = e;
            while (b > line && (isalnum((unsigned char)b[-1]) || b[-1] == '_'))
                b--;
            size_t n = (size_t)(e - b);
            if (n > 0 && b > line && strncmp(b, "__attribute__", n) != 0) {
                if (*len + n + 3 > *cap) {
                    *cap = (*len + n + 3) * 2;
                    *names = realloc(*names, *cap);
                    if (!*names)
                        fl_die(FL_EXIT_OPENCL, "out of memory");
                }
                if (*len == 0)
                    (*names)[(*len)++] = '\n';
                memcpy(*names + *len, b, n);
                *len += n;
                (*names)[(*len)++] = '\n';
                (*names)[*len] = '\0';
            }
        }
        line = end ? end + 1 : NULL;
    }
    free(text);
}

/* The library file that defines function NAME (the chapter's files, USES and FILE), or NULL.
 * Each file's names are read once. */
static const char *library_file_of(const char *name, const char *const *uses, const char *file)
{
    enum { MAX_FILES = 16 };
    static char *names[MAX_FILES];
    static int read;
    char key[96];
    int nfiles = 0;
    while (uses[nfiles] && nfiles < MAX_FILES - 1)
        nfiles++;
    if (!read) {
        char dir[4096], path[4400];
        fl_default_kernels_dir(dir, sizeof dir);
        for (int i = 0; i <= nfiles; i++) {
            const char *f = i < nfiles ? uses[i] : file;
            size_t len = 0, cap = 0;
            snprintf(path, sizeof path, "%s/%s", dir, f);
            if (strcmp(f, "06_own_pass.cl") != 0)
                library_names(path, &names[i], &len, &cap);
        }
        read = 1;
    }
    snprintf(key, sizeof key, "\n%s\n", name);
    for (int i = 0; i <= nfiles; i++)
        if (names[i] && strstr(names[i], key))
            return i < nfiles ? uses[i] : file;
    return NULL;
}

/* Exit 2, naming PATH:LINE, when TEXT breaks a rule of the contract: it spells __global or
 * global (a pointer of its own to a buffer), ##, a reserved name (own_..._, what LOAD and
 * STORE expand to), or a name of the library's functions (USES, FILE). Comments, strings
 * and character constants are skipped. */
static void own_pass_judge(const char *path, const char *text, const char *const *uses,
                           const char *file)
{
    int line = 1;
    for (const char *c = text; *c;) {
        if (c[0] == '/' && c[1] == '*') {
            const char *e = strstr(c + 2, "*/");
            for (const char *q = c; q < (e ? e : c + strlen(c)); q++)
                line += *q == '\n';
            c = e ? e + 2 : c + strlen(c);
        } else if (c[0] == '/' && c[1] == '/') {
            while (*c && *c != '\n')
                c++;
        } else if (*c == '"' || *c == '\'') {
            char quote = *c++;
            while (*c && *c != quote && *c != '\n')
                c += c[0] == '\\' && c[1] ? 2 : 1;
            if (*c == quote)
                c++;
        } else if (c[0] == '#' && c[1] == '#') {
            fl_die(FL_EXIT_USAGE, "%s:%d: ## is not allowed in an own pass (it could spell a "
                   "buffer's name): reach the buffers through LOAD(i) and STORE(i, v)", path, line);
        } else if (isalpha((unsigned char)*c) || *c == '_') {
            const char *b = c;
            while (isalnum((unsigned char)*c) || *c == '_')
                c++;
            char id[96];
            snprintf(id, sizeof id, "%.*s", (int)(c - b), b);
            if (strcmp(id, "__global") == 0 || strcmp(id, "global") == 0)
                fl_die(FL_EXIT_USAGE, "%s:%d: '%s': an own pass has no buffer of its own; it "
                       "reads x through LOAD(i) and writes y through STORE(i, v) only (the "
                       "contract at the top of the exercise file)", path, line, id);
            size_t full = (size_t)(c - b); /* (ID may be cut short; the rule reads it all) */
            if (full > 4 && (strncmp(b, "own_", 4) == 0 || strncmp(b, "OWN_", 4) == 0) &&
                b[full - 1] == '_')
                fl_die(FL_EXIT_USAGE, "%s:%d: '%s' is reserved: names own_..._ and OWN_..._ are "
                       "what LOAD and STORE expand to (kernels/06_own_pass.cl)", path, line, id);
            const char *lib = library_file_of(id, uses, file);
            if (lib)
                fl_die(FL_EXIT_USAGE, "%s:%d: '%s' is a function of the library (kernels/%s): "
                       "an own pass writes its own butterflies and twiddles; name yours "
                       "differently (cmul and cexpi of fftlab.clh are yours to use)",
                       path, line, id, lib);
        } else {
            line += *c == '\n';
            c++;
        }
    }
}

static const char *const *chapter_uses;
static const char *chapter_file;

void mr_own_pass_files(const char *const *uses, const char *file)
{
    chapter_uses = uses;
    chapter_file = file;
}

void mr_own_pass_options(const struct fl_problem *p)
{
    (void)p;
    const char *path = fl_exercise_path();
    if (!path[0])
        return; /* --kernels FILE.cl: the whole file is the learner's, judged by the build */
    char *text = fl_read_text_file(path, NULL);
    if (!text)
        fl_die(FL_EXIT_USAGE, "cannot read %s: %s", path, strerror(errno));
    own_pass_judge(path, text, chapter_uses, chapter_file);
    free(text);
}

/* --- the launches */

void mr_plan_own_pass(const struct fl_problem *p, struct fl_plan *plan)
{
    unsigned r[FL_RADIX_MAX_STAGES];
    int ns = fl_radix_factor(p->n, own_radices, r, FL_RADIX_MAX_STAGES);
    int once = is_once(p), counts = 0, src = FL_BUF_A, dst = FL_BUF_B;
    size_t nb = p->n * p->batch;
    if (ns < 0)
        fl_die(FL_EXIT_USAGE, "N = %zu: no radices from {2, 3, 4, 5}", p->n); /* check() did */
    if (once) {
        size_t ints = 2 * nb + 1, elem = mr_elem_bytes(p);
        counts = fl_plan_scratch(plan, "counts", (ints * sizeof(int) + elem - 1) / elem);
        size_t g[1] = {ints};
        struct fl_launch *l = fl_plan_add(plan, "own_pass_clear", 1, g, NULL);
        fl_arg_buffer(l, counts);
        fl_arg_int(l, (int)ints);
        fl_launch_note(l, "every count 0: reads, writes and the verdict");
    }
    /* own_pass_layout: the learner's launches but the last, then own_pass_finish */
    int layout = strcmp(p->variant, "own_pass_layout") == 0, mine = layout && ns > 1 ? ns - 1 : ns;
    size_t span = 1;
    for (int s = 0; s < mine; s++) {
        size_t global[2] = {p->n / r[s], p->batch}, one[2] = {1, 1};
        struct fl_launch *l = fl_plan_add(plan, "own_pass", 2, global, once ? one : NULL);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        fl_arg_int(l, (int)p->n);
        fl_arg_int(l, (int)r[s]);
        fl_arg_int(l, (int)span);
        fl_arg_int(l, p->sign);
        if (once)
            fl_arg_buffer(l, counts);
        fl_launch_note(l, "stage %d: r=%u L=%zu, %zu items per row of %s -> %s%s", s, r[s], span,
                       p->n / r[s], src == FL_BUF_A ? "A" : "B", dst == FL_BUF_A ? "A" : "B",
                       once ? ", each LOAD and STORE counted, groups of 1" : "");
        if (once) {
            size_t g[1] = {nb};
            l = fl_plan_add(plan, "own_pass_tally", 1, g, NULL);
            fl_arg_buffer(l, counts);
            fl_arg_int(l, (int)nb);
            fl_launch_note(l, "stage %d: every value read once and written once?", s);
        }
        span *= r[s];
        int t = src;
        src = dst;
        dst = t;
    }
    if (mine < ns) {
        size_t global[2] = {p->n, p->batch};
        struct fl_launch *l = fl_plan_add(plan, "own_pass_finish", 2, global, NULL);
        fl_arg_buffer(l, src);
        fl_arg_buffer(l, dst);
        fl_arg_int(l, (int)p->n);
        fl_arg_int(l, (int)span);
        fl_arg_int(l, p->sign);
        fl_launch_note(l, "the last stage from the contract's layout at L=%zu, summed as it "
                       "defines it: right only if your launches left that layout", span);
        src = dst;
    }
    plan->result = src;
    if (once) {
        size_t g[1] = {nb};
        struct fl_launch *l = fl_plan_add(plan, "own_pass_verdict", 1, g, NULL);
        fl_arg_buffer(l, counts);
        fl_arg_buffer(l, src);
        fl_arg_int(l, (int)nb);
        fl_launch_note(l, "the result all (b, -1e30) if any launch read or wrote a value other than once");
    }
    char all[160];
    snprintf(plan->summary, sizeof plan->summary,
             "N = %zu = %s: your own_pass once per radix (%s), L the product of the radices "
             "before it, global size N/r x batch; a launch reads all N values of a row and "
             "writes all N, from A to B and back.%s",
             p->n, fl_radix_join(r, ns, all, sizeof all), fl_exercise_path()[0] ?
             fl_exercise_path() : "the kernel file",
             once ? " The probe: each LOAD and STORE counted, each index once per launch." :
             mine < ns ? " The probe: the last stage the harness's, from the contract's layout." : "");
}

/* --- --pass-kernel FILE */

char **mr_pass_kernel_args(int *argc, char **argv)
{
    static char *out[512];
    const char *file = NULL, *variant = NULL;
    int n = 0, has_exercise = 0;
    if (*argc + 4 >= (int)(sizeof out / sizeof out[0]))
        return argv;
    for (int i = 0; i < *argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--pass-kernel") == 0 || strncmp(a, "--pass-kernel=", 14) == 0) {
            if (a[13] == '=')
                file = a + 14;
            else if (i + 1 < *argc && strncmp(argv[i + 1], "--", 2) != 0)
                file = argv[++i];
            if (!file || !file[0])
                fl_die(FL_EXIT_USAGE, "--pass-kernel needs a file: your own pass, "
                       "exercises/06_mixed_radix/own_pass.cl's contract");
            continue;
        }
        if (strcmp(a, "--variant") == 0 && i + 1 < *argc)
            variant = argv[i + 1];
        else if (strncmp(a, "--variant=", 10) == 0)
            variant = a + 10;
        has_exercise |= strcmp(a, "--exercise") == 0 || strncmp(a, "--exercise=", 11) == 0;
        out[n++] = argv[i];
    }
    if (!file)
        return argv;
    if (has_exercise)
        fl_die(FL_EXIT_USAGE, "--pass-kernel FILE is --variant own_pass --exercise FILE: give "
               "one of them");
    if (variant && strcmp(variant, "own_pass") != 0 && strcmp(variant, "own_pass_once") != 0 &&
        strcmp(variant, "own_pass_layout") != 0)
        fl_die(FL_EXIT_USAGE, "--pass-kernel runs variant own_pass (or its probes own_pass_once "
               "and own_pass_layout), not %s", variant);
    if (!variant) {
        out[n++] = "--variant";
        out[n++] = "own_pass";
    }
    out[n++] = "--exercise";
    out[n++] = (char *)file;
    out[n] = NULL;
    *argc = n;
    return out;
}
