#!/usr/bin/env python3
"""grade.py (run as tools/grade.sh) — grade the exercises against FFTW; TAP on stdout, a
JSON score file.

  BUILD=build tools/grade.sh [options]        (make grade [EX=02_radix2/dif] [SRC=solutions])

  --only ID         grade only exercise ID (repeatable, or ID,ID); see exercises/manifest.tsv
  --from DIR        grade DIR/<id>.cl instead of exercises/<id>.cl (e.g. --from solutions)
  --json PATH       where to write the score file (default: grade.json in the repository)
  --expect-fail     stub mode: an exercise is "ok" when it FAILS because its answer is
                    wrong (exit 1) or it does not build (exit 3); exit 0 when all do
  --all-cases       run every case even after a case of its group failed
  --quick           a quick look: --seed 1 only, and two of each exercise's cases (its
                    first and its middle one, not the largest); not the full grade
                    (make test grades this way, CI's slow set and `make grade` the full way)
  --jobs J          cases run at once (default: env GRADE_JOBS, else the number of CPUs, at most 4)
  --case-timeout S  seconds one run may take (program --timeout S, outer timeout S+30; default 60)
  --manifest FILE   another manifest (default exercises/manifest.tsv)
  --hidden FILE     also the cases of an instructor's manifest (repeatable; env GRADE_HIDDEN,
                    paths joined by ':'; make grade HIDDEN=FILE): a row whose id the manifest
                    has adds its case groups and points to that exercise, a new id a new one
  --draw S          the draw of the random sizes and seeds (default: a fresh one each run,
                    printed as "# drawn with --draw S", so a failure can be rerun exactly).
                    The same S draws the same cases on every machine and Python version:
                    each exercise has its own splitmix64 stream, seeded by S and its id
                    (tools/grader/draw.py), so --only does not change an exercise's draw
  --dry-run         print the draw and every run's command line, run nothing, write nothing
  --progress PATH   the progress file (default: beside --json, <name>-progress.tsv). A run
                    of some exercises (--only) merges its results into it; a run of all of
                    them writes it whole. Each run ends with "# progress: k of K exercises,
                    p/P points". Not written with --expect-fail.

Every case of exercises/manifest.tsv runs with --seed 1 and with a seed drawn for this
run (--quick: seed 1 only), or with its own :seed=S; a drawn case (~kind[lo..hi]) runs at
a size drawn for this run, with the drawn seed (see the manifest's header):
  $BUILD/<chapter> --exercise <from>/<id>.cl --variant V --size N [--batch B] [--inverse]
                   [--wg W] --seed S --repeat 0 --timeout 60      (under timeout -k 5 90)
(a 2-D or 3-D case written 16,32 in the manifest runs as --size 16x32; a case with the
option :ranks=P runs under MPI, as tools/mpirun.sh -n P $BUILD/<chapter> ...)
and --format json after it: every chapter (10's rank 0) and property check ends a run
with one JSON object on the last line of stdout, whatever its end (docs/report-json.md),
and a run passes only when it exits 0 and that object says "outcome": "pass". The
chapter program always verifies against FFTW; the grader never passes --no-verify. Cases
run J at a time, round by round (every exercise's first run, then every one's second...;
an exercise's runs staggered: a case's second seed after the next case's first); once a
case of an exercise's group has failed, that group's later cases are not started
(--all-cases starts them; --quick: the exercise's). Results are printed in
manifest order: a TAP line per exercise, why each failing case failed (by its exit status
and its report's outcome, never the words of a message: tools/grader/verdict.py), and the
first failure's command (without --format json: the text report is the one to read), its
first failing check (the verify line with got/expected), the fault's buffer and launch or
the file that did not build, and its output's tail.

Points: an exercise's cases come in groups (the manifest's cases separated by '|'), each
with its points; a group earns them when every one of its runs passes (--quick: all the
exercise's points or none, since most groups do not run). Once a run fails, the later
runs of its group are not started (--all-cases starts them).
Reports: TAP on stdout; the JSON score file (a failing case names its outcome, as
"outcome", and its first failing check as "failed_check" where the chapter reported
one); JUnit XML beside it (grade.json -> grade.xml, one testcase per exercise as in the
TAP, valid against tests/junit-10.xsd); the progress file. Each is written whole (a temporary file in its folder, then rename),
never onto a folder, a link or a device. A run's stdout and stderr are capped (64 MiB
while it runs, then 64 KiB kept for the reports: its first and last 32 KiB).

Exit status: 0 every graded exercise passed (--expect-fail: every one failed as a stub
should), 1 otherwise, 2 usage error (bad option, unknown --only id, missing build, a
manifest that does not parse), 130 interrupted.

The engine is the package tools/grader/ (Python 3.9+, standard library only; its
__init__.py lists the modules).
"""
import os
import sys

if sys.version_info < (3, 9):
    sys.exit("tools/grade.sh: Python 3.9 or later is needed, this is %d.%d" % sys.version_info[:2])
sys.dont_write_bytecode = True  # (no __pycache__ in the student's tree)
TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)

from grader.cli import main  # noqa: E402

if __name__ == "__main__":
    # a path that is not UTF-8 is printed as its bytes, not as an encoding error
    sys.stdout.reconfigure(errors="surrogateescape")
    try:
        status = main(sys.argv[1:], os.path.dirname(TOOLS), __doc__)
        sys.stdout.flush()
    except KeyboardInterrupt:   # (before the runs; during them, main stops them first)
        print("tools/grade.sh: interrupted", file=sys.stderr)
        status = 130
    except BrokenPipeError:
        # stdout's reader left (| head): end quietly, as a shell script would (SIGPIPE)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 128 + 13
    sys.exit(status)
