"""The grader's command line and the order of a grade: the options, the manifests, the
draw, every check that can refuse the grade before anything runs (exit 2), the runs, the
reports. tools/grade.py's docstring is the specification (and what --help prints)."""
import datetime
import os
import re
import shutil
import signal
import sys
import tempfile
import time

from . import draw as drawing
from .errors import PROG, ManifestError, fail
from .manifest import read_manifest
from .plan import command_line, kernel_file, plan_exercise, start_order
from .outcome import Outcome, quote_argv
from .report_files import (WriteError, check_writable, grade_json, junit_xml, progress_summary,
                           progress_text, write_whole)
from .runner import Runner, limit_output

VALUE_OPTIONS = ("--only", "--from", "--json", "--jobs", "--case-timeout", "--manifest",
                 "--hidden", "--draw", "--progress")


class Options:
    def __init__(self):
        self.source = "exercises"
        self.json = "grade.json"
        self.manifest = "exercises/manifest.tsv"
        self.expect_fail = self.all_cases = self.quick = self.dry_run = False
        self.case_timeout = 60
        self.only = []
        self.hidden = []
        self.draw = None
        self.progress = None
        self.jobs = None


def usage_error(message):
    fail(message, usage=True)


def parse_options(argv, root, help_text):
    cwd = os.getcwd()

    def abspath(p):
        return p if p.startswith("/") or cwd == root else cwd + "/" + p

    o = Options()
    for h in os.environ.get("GRADE_HIDDEN", "").split(":"):
        if h:
            o.hidden.append(abspath(h))
    args = list(argv)
    while args:
        opt = args.pop(0)
        if opt.startswith("--") and "=" in opt:
            opt, val = opt.split("=", 1)
            args.insert(0, val)
        val = None
        if opt in VALUE_OPTIONS:
            if not args:
                usage_error("%s needs a value" % opt)
            val = args.pop(0)
        if opt == "--only":
            if not val.replace(" ", "").replace(",", ""):
                usage_error("--only needs an exercise id (exercises/manifest.tsv lists them)")
            o.only += [x for x in val.split(",") if x]
        elif opt == "--from":
            o.source = abspath(val[:-1] if val.endswith("/") and len(val) > 1 else val)
        elif opt in ("--json", "--progress"):
            if not val or os.path.isdir(val) or val.endswith("/"):
                usage_error("%s needs a file path, got '%s' (a folder)" % (opt, val))
            if opt == "--json":
                o.json = abspath(val)
            else:
                o.progress = abspath(val)
        elif opt == "--manifest":
            o.manifest = abspath(val)
        elif opt == "--hidden":
            if not os.path.isfile(val):
                usage_error("--hidden: no manifest '%s'" % val)
            o.hidden.append(abspath(val))
        elif opt == "--draw":
            if not re.fullmatch(r"[0-9]{1,9}", val):
                usage_error("--draw must be a number from 0 to 999999999, got '%s'" % val)
            o.draw = int(val, 10)
        elif opt == "--jobs":
            if not re.fullmatch(r"[1-9][0-9]?", val):
                usage_error("--jobs must be a number from 1 to 99, got '%s'" % val)
            o.jobs = int(val)
        elif opt == "--case-timeout":
            if not re.fullmatch(r"[1-9][0-9]{0,4}", val) or int(val) > 86400:
                usage_error("--case-timeout must be whole seconds from 1 to 86400 (the programs'"
                            " --timeout limit), got '%s'" % val)
            o.case_timeout = int(val)
        elif opt == "--expect-fail":
            o.expect_fail = True
        elif opt == "--all-cases":
            o.all_cases = True
        elif opt == "--quick":
            o.quick = True
        elif opt == "--dry-run":
            o.dry_run = True
        elif opt in ("-h", "--help"):
            sys.stdout.write(help_text)
            sys.exit(0)
        else:
            usage_error("unknown option '%s'" % opt)
    if o.jobs is None:
        jobs = os.environ.get("GRADE_JOBS")
        if jobs is None:
            o.jobs = min(cpus(), 4)
        elif re.fullmatch(r"[1-9][0-9]?", jobs):
            o.jobs = int(jobs)
        else:
            usage_error("GRADE_JOBS must be a number from 1 to 99, got '%s'" % jobs)
    o.build = abspath(os.environ.get("BUILD") or "build")
    return o


def cpus():
    """The CPUs this process may run on, as nproc counts them."""
    try:
        return len(os.sched_getaffinity(0)) or 2
    except (AttributeError, OSError):
        return os.cpu_count() or 2


def check_drawable(case, lineno, path):
    for kind, lo, hi in case.axes:
        if not drawing.valid_sizes(kind, lo, hi):
            raise ManifestError(path, lineno, "case '%s': no size of kind %s[%d..%d] to draw"
                                % (case.spec, kind, lo, hi))


def relative(path, root):
    return path[len(root) + 1:] if path.startswith(root + "/") else path


def main(argv, root, help_text):
    o = parse_options(argv, root, help_text)
    os.chdir(root)
    if shutil.which("timeout") is None:
        usage_error("the 'timeout' command (GNU coreutils) is needed")

    # ---- the manifests, the draw, the runs
    if not os.path.isfile(o.manifest):
        usage_error("no manifest %s" % o.manifest)
    exercises = {}
    try:
        read_manifest(o.manifest, exercises, False, check_drawable)
        for h in o.hidden:
            if not os.path.isfile(h):
                usage_error("--hidden: no manifest '%s'" % h)
            read_manifest(h, exercises, True, check_drawable)
    except ManifestError as e:
        fail(str(e))
    except OSError as e:
        fail("cannot read a manifest: %s" % e)
    all_ids = list(exercises)
    all_max = sum(ex.points for ex in exercises.values())
    draw = drawing.fresh_draw() if o.draw is None else o.draw
    graded = []
    n_runs = 0
    for ex in exercises.values():
        if o.only and ex.id not in o.only:
            continue
        g = plan_exercise(ex, draw, o.quick, n_runs)
        n_runs += len(g.runs)
        graded.append(g)
    for x in o.only:
        if x not in exercises:
            usage_error("no exercise '%s' in %s (there are: %s)" % (x, o.manifest, " ".join(all_ids)))
    if not graded:
        usage_error("no exercises to grade")
    runs = [r for g in graded for r in g.runs]

    # ---- what must be there before anything runs
    for r in runs:
        if r.case.is_property and not os.access("%s/%s" % (o.build, r.size[1:]), os.X_OK):
            fail("%s/%s is missing (a property check of %s): build it with 'make all'"
                 % (o.build, r.size[1:], r.ex.id))
    for g in graded:
        if not os.access("%s/%s" % (o.build, g.chapter), os.X_OK):
            fail("%s/%s is missing: build the chapters first with 'make' (or 'make all'), or set"
                 " BUILD to their folder" % (o.build, g.chapter))
    if not os.path.isdir(o.source):
        usage_error("--from: no folder '%s'" % o.source)
    stem = o.json[:-len(".json")] if o.json.endswith(".json") else o.json
    xml_out = stem + ".xml"
    if xml_out == o.json:
        xml_out = o.json + ".xml"
    progress = o.progress or stem + "-progress.tsv"
    targets = [("--json", o.json), ("the JUnit report (beside --json)", xml_out)]
    if not o.expect_fail:
        targets.append(("--progress", progress))
    for what, path in targets:
        why = check_writable(what, path)
        if why:
            usage_error(why)

    def argv_of(run):
        return command_line(run, o.build, o.source, o.case_timeout, root)

    # ---- the grade
    t_start = time.monotonic()
    out = sys.stdout
    out.write("1..%d\n" % len(graded))
    out.write("# grading %s/<id>.cl with %s/<chapter>: %d exercise(s), %d run(s), %d at a time%s\n"
              % (o.source, o.build, len(graded), len(runs), o.jobs,
                 "; --expect-fail: each should FAIL" if o.expect_fail else ""))
    if not o.quick:
        out.write("# drawn with --draw %d (the same --draw draws the same again):\n" % draw)
        for g in graded:
            sizes = "".join(", size " + r.label for r in g.runs if "(drawn from" in r.label)
            out.write("#   %s: seed %d%s\n" % (g.id, g.drawn_seed, sizes))
    if o.dry_run:
        for r in runs:
            out.write("# run %s group %d: %s\n" % (r.ex.id, r.group + 1, quote_argv(argv_of(r))))
        out.write("# --dry-run: nothing run, nothing written (every run adds --format json:"
                  " its report is read from that)\n")
        return 0
    out.flush()

    for g in graded:
        f = kernel_file(o.source, g.id)
        if not os.path.isfile(f):
            for r in g.runs:
                r.skipped = "missing kernel file " + f

    work = tempfile.mkdtemp(prefix="fftlab-grade.")
    temps = set()
    runner = Runner(work, o.jobs, o.all_cases, o.case_timeout, argv_of)
    reports = []
    state = {"next": 0, "all_good": True}

    def flush_reports(_run=None):
        while state["next"] < len(graded):
            g = graded[state["next"]]
            if any(r.result is None and not r.skipped for r in g.runs):
                return
            rep = Outcome(g, o, kernel_file(o.source, g.id), argv_of)
            reports.append(rep)
            for r in g.runs:
                r.out = r.err = ""    # (the outcome keeps what it shows)
            state["next"] += 1
            state["all_good"] = state["all_good"] and rep.good
            out.write("\n".join(rep.tap(state["next"])) + "\n")
            out.flush()

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        limit_output()
        flush_reports()
        runner.run_all(start_order(graded), flush_reports)
        flush_reports()
        seconds = time.monotonic() - t_start
        score = sum(r.earned for r in reports)
        max_points = sum(r.max for r in reports)
        out.write("# score: %d/%d points\n" % (score, max_points))
        if o.quick:
            out.write("# quick: seed 1 and two cases per exercise, no drawn case; without --quick"
                      " every case runs with seed 1 and a drawn seed\n")
        out.write("# graded in %.1f s\n" % seconds)
        source = relative(o.source, root)
        files = [(o.json, grade_json(source, relative(o.build, root), o, draw, score, max_points,
                                     seconds, reports)),
                 (xml_out, junit_xml(source, o, draw, score, max_points, reports))]
        # Progress: --quick and --expect-fail runs leave it alone (not a grade of the
        # student's work). A run of every exercise writes it whole; a run of some (--only)
        # merges into it.
        if not o.expect_fail and not o.quick:
            when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            files.append((progress, progress_text(progress, bool(o.only), source, all_ids,
                                                  [g.id for g in graded], reports, when)))
        for path, text in files:
            try:
                write_whole(path, text, temps)
            except WriteError as e:
                fail(str(e))
            out.write("# wrote %s\n" % relative(path, root))
        if len(files) == 3:
            out.write(progress_summary(files[2][1], len(all_ids), all_max) + "\n")
    except KeyboardInterrupt:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        runner.stop()
        for t in temps:
            try:
                os.unlink(t)
            except OSError:
                pass
        out.flush()
        print("%s: interrupted" % PROG, file=sys.stderr)
        return 130
    finally:
        runner.stop()
        shutil.rmtree(work, ignore_errors=True)
    return 0 if state["all_good"] else 1
