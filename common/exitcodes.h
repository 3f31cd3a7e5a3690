/* Exit codes shared by every fftlab program, the grader and the tests.
 * They are part of the tutorial's contract: scripts branch on them. */
#ifndef FFTLAB_EXITCODES_H
#define FFTLAB_EXITCODES_H

enum fl_exit {
    FL_EXIT_OK = 0,        /* ran and (unless --no-verify) matched FFTW            */
    FL_EXIT_MISMATCH = 1,  /* ran, but the result is wrong                          */
    FL_EXIT_USAGE = 2,     /* bad option, bad file, or a size this chapter can't do */
    FL_EXIT_OPENCL = 3     /* no platform, build error, allocation failure, hang   */
};

#endif
