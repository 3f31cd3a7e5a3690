"""The grader's engine (tools/grade.py, run as tools/grade.sh): one module per job.

    errors.py    the usage and manifest errors (exit 2) and the program's name in them
    manifest.py  exercises/manifest.tsv and --hidden manifests: rows, case groups, cases
    draw.py      the drawn sizes and seeds of a run (--draw S), by a PRNG of our own
    plan.py      the runs of a grade: each case's seeds, --quick's choice, command lines
    verdict.py   why a finished run failed: its exit status and the chapter's JSON report
    runner.py    running the cases, J at a time, round by round; capping their output
    outcome.py   an exercise's points, TAP line and diagnostics, JSON object, JUnit testcase
    report_files.py  grade.json, the JUnit XML, the progress file, each written whole
    cli.py       the options, and the order of it all

Python 3.9 or later, standard library only.
"""
