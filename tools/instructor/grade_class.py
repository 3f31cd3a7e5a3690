#!/usr/bin/env python3
"""grade_class.py — grade a whole class, one CSV of points and tampered files.

    make grade-class ROSTER=file [HIDDEN=file] [EX=id,id] [QUICK=1] [CSV=path]
    BUILD=build tools/instructor/grade_class.py --roster FILE [--csv PATH]
        [--hidden FILE]... [--only ID[,ID]]... [--quick] [--draw S]

The roster: one submission a line, a repository URL or a folder (relative to the roster's
own folder), then optionally a tab and the student's name (else the URL's or folder's last
part); blank lines and lines starting with # are skipped. A URL is cloned shallowly
(git clone --depth 1, no prompt, ext:: transport off) into a temporary folder; each
submission is then graded by grade_submission.py: this checkout's grader, manifests and
programs, only the submission's exercise files, every submission against the same
starter (made once) and the same draw of sizes and seeds (printed; --draw repeats it).

The CSV (default $BUILD/grade-class.csv, written whole at the end): a header, then per
student one row per graded exercise and a row "total": student, exercise, points, max,
tampered (the paths that differ from the starter, "path (change)" joined by "; "), note.
A submission that fails to clone or to grade gets one row whose note says why; the class
run goes on. Each student's grade.json, grade.xml, tampered.txt and grade.log go to
<csv without .csv>/<NN>-<name>/. A cell that a spreadsheet would read as a formula
(=, +, -, @ first) starts with a ' instead.

Exit status: 0 every submission graded, 1 some did not (the CSV says which), 2 usage
error (no roster, a bad line, no starter).
"""

import argparse
import csv
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the checkout (nor in a student's)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atomic_write import write_whole  # noqa: E402
from grade_submission import ROOT, make_starter, run_child, run_main, Usage  # noqa: E402

PROG = "grade-class"
HERE = os.path.dirname(os.path.abspath(__file__))
URL_RE = re.compile(r"^([a-z][a-z0-9+.-]*://|[^/\s]+@[^/\s:]+:)", re.I)
CLONE_SECONDS = 600
GRADE_SECONDS = 6 * 3600
MAX_LISTED = 50


def read_roster(path):
    """[(source, name, is_url)] of the roster; Usage on a line it cannot read."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise Usage("cannot read roster %s: %s" % (path, e))
    base = os.path.dirname(os.path.abspath(path))
    out = []
    for n, line in enumerate(lines, 1):
        line = line.rstrip("\r")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        f = line.split("\t")
        if len(f) > 2 or not f[0].strip():
            raise Usage("%s:%d: want a URL or folder, then optionally a tab and a name" % (path, n))
        src = f[0].strip()
        if src.startswith("-"):
            raise Usage("%s:%d: '%s' starts with '-'" % (path, n, src))
        is_url = bool(URL_RE.match(src))
        name = f[1].strip() if len(f) == 2 and f[1].strip() else \
            re.sub(r"\.git$", "", src.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1])
        out.append((src if is_url else os.path.join(base, src), name, is_url))
    if not out:
        raise Usage("%s lists no submission" % path)
    return out


def safe_cell(s):
    s = str(s)
    return "'" + s if s[:1] in ("=", "+", "-", "@", "\t", "\r") else s


def folder_name(n, name):
    return "%02d-%s" % (n, re.sub(r"[^A-Za-z0-9._-]+", "_", name)[:60].strip("._") or "student")


def last_line(text):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return lines[-1][:300] if lines else "no message"


def clone(url, dest):
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0", GIT_ASKPASS="true", SSH_ASKPASS="true",
               GIT_SSH_COMMAND=os.environ.get("GIT_SSH_COMMAND", "ssh -o BatchMode=yes"))
    try:
        r = subprocess.run(["git", "-c", "protocol.ext.allow=never", "clone", "--quiet", "--depth", "1",
                            "--no-recurse-submodules", "--", url, dest],
                           env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, errors="replace", timeout=CLONE_SECONDS)
    except subprocess.TimeoutExpired:
        return "clone failed: no answer in %d s" % CLONE_SECONDS
    if r.returncode == 0:
        return None
    fatal = [l for l in r.stdout.splitlines() if l.startswith("fatal:")]
    return "clone failed: %s" % (fatal[0][:300] if fatal else last_line(r.stdout))


def grade_one(path, report_dir, starter, args, draw):
    """Grade one folder into REPORT_DIR; (grade.json's document, None) or (None, why)."""
    os.makedirs(report_dir, exist_ok=True)
    cmd = [sys.executable, os.path.join(HERE, "grade_submission.py"), "--submission", path,
           "--out", report_dir, "--starter", starter, "--draw", str(draw)]
    for o in args.only:
        cmd += ["--only", o]
    for h in args.hidden:
        cmd += ["--hidden", h]
    if args.quick:
        cmd.append("--quick")
    log = os.path.join(report_dir, "grade.log")
    try:
        with open(log + ".tmp", "w", encoding="utf-8") as f:
            rc = run_child(cmd, timeout=GRADE_SECONDS, stdin=subprocess.DEVNULL, stdout=f,
                           stderr=subprocess.STDOUT)
        os.replace(log + ".tmp", log)
    except subprocess.TimeoutExpired:
        return None, "grade failed: not done in %d s" % GRADE_SECONDS
    if rc not in (0, 1):
        with open(log, encoding="utf-8", errors="replace") as f:
            return None, "grade failed: %s" % last_line(f.read())
    try:
        with open(os.path.join(report_dir, "grade.json"), encoding="utf-8") as f:
            return json.load(f), None
    except (OSError, ValueError) as e:
        return None, "grade failed: no grade.json (%s)" % e


def tampered_cell(doc):
    t = doc.get("tampered", [])
    cell = "; ".join("%s (%s)" % (x["path"], x["change"]) for x in t[:MAX_LISTED])
    if len(t) > MAX_LISTED:
        cell += "; ... %d more (tampered.txt)" % (len(t) - MAX_LISTED)
    return cell


def parse_args(argv):
    p = argparse.ArgumentParser(prog="tools/instructor/grade_class.py",
                                description="Grade every submission of a roster into one CSV.")
    p.add_argument("--roster", required=True)
    p.add_argument("--csv", help="the CSV (default $BUILD/grade-class.csv)")
    p.add_argument("--only", action="append", default=[])
    p.add_argument("--hidden", action="append", default=[])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--draw", help="the draw every submission is graded with (default: drawn now)")
    try:
        return p.parse_args(argv)
    except SystemExit as e:
        sys.exit(2 if e.code else 0)


def run(args):
    build = os.path.abspath(os.environ.get("BUILD") or os.path.join(ROOT, "build"))
    csv_path = os.path.abspath(args.csv or os.path.join(build, "grade-class.csv"))
    reports = re.sub(r"\.csv$", "", csv_path) + ("" if csv_path.endswith(".csv") else ".reports")
    args.hidden = [os.path.abspath(h) for h in args.hidden]
    for h in args.hidden:
        if not os.path.isfile(h):
            raise Usage("--hidden: no manifest '%s'" % h)
    if not args.hidden:
        print("# note: no hidden manifest (HIDDEN=file): the public cases only")
    if args.draw is not None and not re.match(r"^[0-9]{1,9}$", args.draw):
        raise Usage("--draw must be a number from 0 to 999999999, got '%s'" % args.draw)
    draw = int(args.draw) if args.draw is not None else random.SystemRandom().randrange(10**9)
    roster = read_roster(args.roster)
    os.makedirs(os.path.dirname(csv_path), exist_ok=True)
    print("# grading %d submission(s) with %s, --draw %d (the same draw for everyone)" % (
        len(roster), ROOT, draw))

    work = tempfile.mkdtemp(prefix="fftlab-grade-class.")
    rows, failed = [], 0
    try:
        starter = os.path.join(work, "starter")
        make_starter(starter)
        for n, (src, name, is_url) in enumerate(roster, 1):
            report_dir = os.path.join(reports, folder_name(n, name))
            why, doc = None, None
            path = src
            if is_url:
                path = os.path.join(work, "clone-%d" % n)
                why = clone(src, path)
            elif not os.path.isdir(src):
                why = "grade failed: no folder %s" % src
            if why is None:
                doc, why = grade_one(path, report_dir, starter, args, draw)
            if is_url:
                shutil.rmtree(path, ignore_errors=True)
            if doc is None:
                failed += 1
                rows.append([name, "", "", "", "", why])
                print("not ok %d - %s: %s" % (n, name, why))
                continue
            cell = tampered_cell(doc)
            for e in doc.get("exercises", []):
                rows.append([name, e["id"], e["points"], e["max"], cell, e.get("reason", "")])
            rows.append([name, "total", doc["score"], doc["max"], cell,
                         "%d tampered path(s)" % len(doc.get("tampered", []))])
            print("ok %d - %s: %d/%d points, %d tampered path(s)" % (
                n, name, doc["score"], doc["max"], len(doc.get("tampered", []))))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["student", "exercise", "points", "max", "tampered", "note"])
    for r in rows:
        w.writerow([safe_cell(r[0]), r[1], r[2], r[3], safe_cell(r[4]), safe_cell(r[5])])
    write_whole({csv_path: buf.getvalue()})
    print("1..%d" % len(roster))
    print("# wrote %s (%d of %d graded; reports in %s/)" % (
        csv_path, len(roster) - failed, len(roster), reports))
    return 1 if failed else 0


def main(argv):
    return run_main(PROG, run, parse_args(argv))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
