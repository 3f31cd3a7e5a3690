"""The report files: grade.json, the JUnit XML beside it (valid against
tests/junit-10.xsd) and the progress file, each written whole (write_whole): a temporary
file in its folder, then a rename, never onto a folder, a link or a device.
"""
import json
import os
import stat
import sys
import tempfile

from .errors import PROG
from .outcome import xml_str


def grade_json(source, build, opts, draw, score, max_points, seconds, reports):
    """The score file: the run, then one exercise a line (the layout tools grep)."""
    head = json.dumps({"source": source, "build": build, "expect_fail": opts.expect_fail,
                       "quick": opts.quick, "draw": draw, "score": score, "max": max_points,
                       "seconds": round(seconds, 1)}, ensure_ascii=False)
    body = ",".join("\n  " + json.dumps(r.json(), ensure_ascii=False) for r in reports)
    text = head[:-1] + ', "exercises": [' + body + "\n]}\n"
    # (a path's bytes that are not UTF-8 become U+FFFD: the file stays valid JSON)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def junit_xml(source, opts, draw, score, max_points, reports):
    fails = sum(1 for r in reports if not r.passed and r.failed)
    skips = sum(1 for r in reports if not r.passed and not r.failed)
    total = "%.2f" % sum(float("%.2f" % r.seconds) for r in reports)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<testsuites name="fftlab grade" tests="%d" failures="%d" errors="0" time="%s">'
           % (len(reports), fails, total),
           '  <testsuite name="%s" tests="%d" failures="%d" errors="0" skipped="%d" time="%s">'
           % (xml_str("grade " + source), len(reports), fails, skips, total),
           "    <properties>"]
    for name, value in (("score", score), ("max", max_points), ("draw", draw), ("source", source),
                        ("expect_fail", int(opts.expect_fail)), ("quick", int(opts.quick))):
        out.append('      <property name="%s" value="%s"/>' % (name, xml_str(str(value))))
    out.append("    </properties>")
    out += [r.testcase(n) for n, r in enumerate(reports, 1)]
    out += ["  </testsuite>", "</testsuites>"]
    return "\n".join(out) + "\n"


def progress_text(path, merge, source, all_ids, graded_ids, reports, when):
    """The progress file: one line per exercise graded so far (id, points, max, passed,
    source, when). MERGE (a run of some exercises): keep the other exercises' lines of the
    file at PATH that were graded from the same source; split on every tab, so a line whose
    fields are not six is dropped (and said on stderr), never read shifted."""
    lines = ["# fftlab grade progress: id, points, max, passed, source, graded at (tools/grade.sh)"]
    if merge and os.path.isfile(path):
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f.read().split("\n"), 1):
                line = line.rstrip("\r")
                if not line or line.startswith("#"):
                    continue
                f6 = line.split("\t")
                if len(f6) != 6 or not f6[0]:
                    print("%s: %s:%d: not a progress line (6 tab-separated fields); left out"
                          % (PROG, path, n), file=sys.stderr)
                    continue
                if f6[4] != source or f6[0] not in all_ids or f6[0] in graded_ids:
                    continue
                lines.append(line)
    for r in reports:
        lines.append("\t".join([r.ex.id, str(r.earned), str(r.max), "true" if r.passed else "false",
                                source, when]))
    return "\n".join(lines) + "\n"


def progress_summary(text, total, max_points):
    n = k = p = 0
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        f = line.split("\t")
        n += 1
        try:
            p += int(f[1])
        except (IndexError, ValueError):
            pass
        if len(f) > 3 and f[3] == "true":
            k += 1
    return "# progress: %d of %d exercises, %d/%d points (%d graded)" % (k, total, p, max_points, n)


def check_writable(what, path):
    """A usage error unless PATH is a plain file or nothing yet, in a folder we can write to
    (never a folder, a link, a device node or a pipe, which a rename would replace or a
    write go through). Returns the error's text, or None."""
    folder = os.path.dirname(path) or "."
    if not (os.path.isdir(folder) and os.access(folder, os.W_OK)):
        return "%s: cannot write into folder '%s'" % (what, folder)
    if os.path.islink(path):
        return "%s: '%s' is a symbolic link; give the path of a plain file" % (what, path)
    if os.path.lexists(path) and not os.path.isfile(path):
        return "%s: '%s' exists and is not a plain file (a folder, device or pipe)" % (what, path)
    return None


class WriteError(Exception):
    pass


def write_whole(path, text, temps):
    """TEXT written to a fresh, unpredictable temporary file in PATH's folder, then renamed
    over PATH (whose mode is kept when it was a plain file). TEMPS: a set that holds the
    temporary file's name while it exists (removed on an interrupt). WriteError if not."""
    folder = os.path.dirname(path) or "."
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", dir=folder)
    except OSError:
        raise WriteError("cannot write into the folder of %s" % path)
    temps.add(tmp)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        try:
            st = os.lstat(path)
            mode = stat.S_IMODE(st.st_mode) if stat.S_ISREG(st.st_mode) else None
        except FileNotFoundError:
            mode = None
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        # (checked again just before the rename: nothing but a plain file is replaced)
        if os.path.islink(path) or (os.path.lexists(path) and not os.path.isfile(path)):
            raise OSError("not a plain file")
        os.rename(tmp, path)
        temps.discard(tmp)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        temps.discard(tmp)
        raise WriteError("cannot write %s (not a plain file, or its folder is not writable)" % path)
