#!/usr/bin/env python3
"""grade_submission.py — grade a student's checkout with this checkout's grader.

    make grade-submission SUBMISSION=dir [EX=id,id] [HIDDEN=file] [QUICK=1] [OUT=dir]
    BUILD=build tools/instructor/grade_submission.py --submission DIR [--out DIR]
        [--only ID[,ID]]... [--hidden FILE]... [--quick] [--draw S] [--starter DIR]

Only the submission's exercise files are taken: exercises/<id>.cl for every id of this
checkout's manifests (exercises/manifest.tsv and each --hidden one). They are copied into
a fresh temporary tree beside copies of this checkout's chapter programs ($BUILD) and the
kernels of the starter (the student edition this checkout makes, tools/instructor/student-edition.sh,
so a chapter that builds a student's other exercise, //@student, builds the submission's
copy of it exactly as the student's own `make grade` does), and this checkout's
tools/grade.sh grades them there with this checkout's manifests. No other file of the
submission is read except to compare it: nothing in it is run, sourced or followed (a
symbolic link is reported, never followed; see submission_tree.py), and its Makefile,
tools/, manifest, common/, chapters/ and kernels/ have no part in the score.

Every path of the submission that differs from the starter (changed, added, deleted, a
link, not a plain file; build outputs that .gitignore names and .git/ left aside) is
listed as tampered, and so is a graded file that could not be taken (missing, a link, not
a plain file, over 1 MiB: its exercise then earns nothing).

Writes, each whole (a temporary file, then a rename), into --out (default
$BUILD/grade-submission): grade.json (tools/grade.sh's, its "source" the submission's
exercises/ and "build" this checkout's, plus "submission", "grader", "exercise_files",
"tampered" and "tampered_complete"), grade.xml (tools/grade.sh's JUnit report) and
tampered.txt (one "change<TAB>path" line per tampered path). TAP on stdout as
tools/grade.sh prints it, then the tampered paths as # lines.

--starter DIR: a student edition made before (grade_class.py makes one per class run);
without it, one is made in the temporary tree and removed at the end.

Exit status: 0 every graded exercise passed, 1 otherwise (tampered or not: tampering is
reported, never scored), 2 usage error, a submission that is not a folder, or a grader
that could not run.
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the checkout (nor in a student's)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import submission_tree  # noqa: E402
from atomic_write import write_whole  # noqa: E402

PROG = "grade-submission"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ID_RE = re.compile(r"^[0-9][0-9]_[A-Za-z0-9_]+/[A-Za-z0-9_]+$")


class Usage(Exception):
    pass


def manifest_rows(path):
    """[(id, chapter, cases)] of a manifest: the rows after its header line. Rows whose id is
    not NN_chapter/name are left to tools/grade.sh, which names the line."""
    rows = []
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise Usage("cannot read manifest %s: %s" % (path, e.strerror))
    header = False
    for line in lines:
        line = line.rstrip("\r")
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        if not header:
            header = True
            continue
        if len(f) == 5 and ID_RE.match(f[0]) and re.match(r"^[0-9][0-9]_[A-Za-z0-9_]+$", f[1]):
            rows.append((f[0], f[1], f[4]))
    return rows


def parse_args(argv):
    p = argparse.ArgumentParser(prog="tools/instructor/grade_submission.py",
                                description="Grade a student's checkout with this checkout's grader.")
    p.add_argument("--submission", required=True, help="the student's checkout (a folder)")
    p.add_argument("--out", help="where the reports go (default $BUILD/grade-submission)")
    p.add_argument("--only", action="append", default=[], help="exercise id(s), ID or ID,ID")
    p.add_argument("--hidden", action="append", default=[], help="an instructor's manifest")
    p.add_argument("--quick", action="store_true", help="tools/grade.sh --quick: a first look")
    p.add_argument("--draw", help="tools/grade.sh --draw S (the drawn sizes and seeds)")
    p.add_argument("--starter", help="a student edition made before (default: made now)")
    try:
        return p.parse_args(argv)
    except SystemExit as e:
        sys.exit(2 if e.code else 0)


def copy_programs(build, dest, chapters):
    """This checkout's chapter programs (and build/commit.txt) into DEST: a chapter finds
    its kernels beside its own executable (build/../kernels), so the copies build the
    starter's kernels in the temporary tree."""
    os.makedirs(dest)
    for name in sorted(chapters):
        src = os.path.join(build, name)
        if not os.access(src, os.X_OK):
            raise Usage("%s is missing: build it first (make all, or make grade-submission, "
                        "which builds what it grades)" % src)
        shutil.copy2(src, os.path.join(dest, name))
    commit = os.path.join(build, "commit.txt")
    if os.path.isfile(commit):
        shutil.copy2(commit, os.path.join(dest, "commit.txt"))


def make_starter(dest):
    r = subprocess.run([os.path.join(ROOT, "tools", "instructor", "student-edition.sh"), dest], cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0 or not os.path.isdir(dest):
        raise Usage("cannot make the starter (tools/instructor/student-edition.sh): %s" % r.stderr.strip())


def run_child(cmd, timeout=None, **kw):
    """subprocess.run, except that on an exception (a timeout, TERM, ^C) the child gets
    TERM first, so that its own cleanup runs (tools/grade.sh stops its cases and removes
    its folder), and KILL only when it has not ended 30 s later. Returns the exit status,
    or raises subprocess.TimeoutExpired."""
    proc = subprocess.Popen(cmd, **kw)
    try:
        return proc.wait(timeout=timeout)
    except BaseException:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        raise


def grader_commit():
    r = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return r.stdout.strip() or "unknown"


def json_inner(s):
    return json.dumps(s)[1:-1]


def xml_text(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def grade(args):
    build = os.path.abspath(os.environ.get("BUILD") or os.path.join(ROOT, "build"))
    out_dir = os.path.abspath(args.out or os.path.join(build, "grade-submission"))
    hidden = [os.path.abspath(h) for h in args.hidden]
    for h in hidden:
        if not os.path.isfile(h):
            raise Usage("--hidden: no manifest '%s'" % h)
    if args.draw is not None and not re.match(r"^[0-9]{1,9}$", args.draw):
        raise Usage("--draw must be a number from 0 to 999999999, got '%s'" % args.draw)

    rows = manifest_rows(os.path.join(ROOT, "exercises", "manifest.tsv"))
    for h in hidden:
        rows += manifest_rows(h)
    chapter_of, programs_of = {}, {}
    for ex_id, chapter, cases in rows:
        chapter_of.setdefault(ex_id, chapter)
        programs_of.setdefault(ex_id, set()).update(
            t[1:] for t in cases.split() if re.match(r"^@[0-9][0-9]_[A-Za-z0-9_]+$", t))
    ids = list(chapter_of)
    only = [o for v in args.only for o in v.split(",") if o.strip()]
    for o in only:
        if o not in chapter_of:
            raise Usage("no exercise '%s' in the manifests (there are: %s)" % (o, " ".join(ids)))
    graded = only or ids

    sub = os.path.abspath(args.submission)
    try:
        root_fd = os.open(sub, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as e:
        raise Usage("--submission: '%s' is not a folder we can read (%s)" % (args.submission, e.strerror))
    if os.path.islink(out_dir):
        raise Usage("--out: '%s' is a symbolic link; give a folder" % out_dir)

    work = tempfile.mkdtemp(prefix="fftlab-grade-submission.")
    try:
        tree = os.path.join(work, "tree")
        starter = args.starter and os.path.abspath(args.starter)
        if starter:
            if not os.path.isdir(os.path.join(starter, "kernels")):
                raise Usage("--starter: '%s' is not a student edition (no kernels/)" % starter)
        else:
            starter = os.path.join(work, "starter")
            make_starter(starter)

        # the tree the grader runs in: programs, the starter's kernels, the exercise files
        needed = {chapter_of[i] for i in graded} | {p for i in graded for p in programs_of[i]}
        copy_programs(build, os.path.join(tree, "build"), needed)
        shutil.copytree(os.path.join(starter, "kernels"), os.path.join(tree, "kernels"), symlinks=True)
        exercise_files, taken_issues = [], []
        for ex_id in ids:
            rel = "exercises/%s.cl" % ex_id
            data, why = submission_tree.read_exercise(root_fd, rel)
            if data is not None:
                dest = os.path.join(tree, rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "wb") as f:
                    f.write(data)
            else:
                taken_issues.append((rel, why + ("" if ex_id in graded else " (not graded in this run)")))
            exercise_files.append({"id": ex_id, "path": rel, "graded": ex_id in graded,
                                   "taken": data is not None, **({"why": why} if why else {})})

        # what differs from the starter, the graded files left aside
        skip = {"exercises/%s.cl" % i for i in ids}
        ignore = submission_tree.IgnoreRules(os.path.join(ROOT, ".gitignore"))
        diffs, complete = submission_tree.differences(root_fd, starter, skip, ignore)
        tampered = sorted(diffs + taken_issues, key=lambda x: x[0])

        # grade, with this checkout's grader and manifests
        report = os.path.join(work, "report")
        os.makedirs(report)
        cmd = [os.path.join(ROOT, "tools", "grade.sh"), "--from", os.path.join(tree, "exercises"),
               "--json", os.path.join(report, "grade.json")]
        for i in only:
            cmd += ["--only", i]
        for h in hidden:
            cmd += ["--hidden", h]
        if args.quick:
            cmd.append("--quick")
        if args.draw is not None:
            cmd += ["--draw", args.draw]
        env = dict(os.environ, BUILD=os.path.join(tree, "build"))
        env.pop("GRADE_HIDDEN", None)  # the manifests are the ones named here
        os.makedirs(os.path.join(tree, "exercises"), exist_ok=True)
        sys.stdout.flush()
        rc = run_child(cmd, cwd=ROOT, env=env)
        if rc not in (0, 1):
            raise Usage("tools/grade.sh exited %d: nothing graded" % rc)

        # the reports, the temporary exercise path replaced by the submission's
        tmp_ex = os.path.join(tree, "exercises")
        sub_ex = os.path.join(sub, "exercises")
        with open(os.path.join(report, "grade.json"), encoding="utf-8") as f:
            doc = json.loads(f.read().replace(json_inner(tmp_ex), json_inner(submission_tree.show(sub_ex))))
        with open(os.path.join(report, "grade.xml"), encoding="utf-8") as f:
            xml = f.read().replace(xml_text(tmp_ex), xml_text(submission_tree.show(sub_ex)))
        why_not = {e["id"]: e["why"] for e in exercise_files if not e["taken"]}
        for e in doc.get("exercises", []):
            if e.get("id") in why_not:
                e["reason"] = "not graded: exercises/%s.cl: %s" % (e["id"], why_not[e["id"]])
        doc["build"] = os.path.relpath(build, ROOT) if build.startswith(ROOT + os.sep) else build
        doc["submission"] = submission_tree.show(sub)
        doc["grader"] = {"root": ROOT, "commit": grader_commit(),
                         "manifests": ["exercises/manifest.tsv"] + hidden}
        doc["exercise_files"] = exercise_files
        doc["tampered"] = [{"path": submission_tree.show(r), "change": c} for r, c in tampered]
        doc["tampered_complete"] = complete
        text = "".join("%s\t%s\n" % (c, submission_tree.show(r)) for r, c in tampered)

        os.makedirs(out_dir, exist_ok=True)
        write_whole({os.path.join(out_dir, "grade.json"): json.dumps(doc, indent=1) + "\n",
                     os.path.join(out_dir, "grade.xml"): xml,
                     os.path.join(out_dir, "tampered.txt"): text})
        print("# submission %s: %d/%d points (grader %s)" % (
            submission_tree.show(sub), doc["score"], doc["max"], doc["grader"]["commit"]))
        if tampered:
            print("# tampered: %d path(s) differ from the starter (none of them is graded):" % len(tampered))
            for r, c in tampered[:40]:
                print("#   %s: %s" % (submission_tree.show(r), c))
            if len(tampered) > 40:
                print("#   ... %d more in %s" % (len(tampered) - 40, os.path.join(out_dir, "tampered.txt")))
        else:
            print("# tampered: nothing (every path outside the exercise files is the starter's)")
        print("# wrote %s/grade.json, grade.xml, tampered.txt" % out_dir)
        return rc
    finally:
        os.close(root_fd)
        shutil.rmtree(work, ignore_errors=True)


def run_main(prog, body, args):
    """BODY(ARGS)'s exit status; a usage or file error is one line and exit 2. A TERM (a CI
    timeout, grade_class.py) removes the temporary trees as an error does."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        return body(args)
    except (Usage, OSError) as e:
        print("%s: %s" % (prog, e), file=sys.stderr)
        return 2


def main(argv):
    return run_main(PROG, grade, parse_args(argv))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
