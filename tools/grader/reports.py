"""The reports: a TAP line per exercise with its diagnostics (stdout), grade.json, the JUnit
XML beside it, and the progress file; each file written whole (write_whole).

Points: a group earns its points when every one of its runs ran and passed (--quick: the
exercise's runs are one group, all its points or none). --expect-fail (stub mode): an
exercise is "ok" when it FAILS because its answer is wrong (exit 1) or it does not build
(exit 3), and earns no point in any group.
"""
import json
import os
import re
import shlex
import stat
import sys
import tempfile

from .errors import PROG
from .verdict import LEFT_OUT_RE, OOB_RE, RO_RE

XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
LAUNCH_RE = re.compile(r"^launch [0-9]+:")
SHELL_SPECIAL = re.compile("[^A-Za-z0-9_@%+=:,./\\-\u0080-\U0010ffff]")


def xml_str(s):
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return XML_BAD.sub("", s)


def shell_word(word):
    """WORD as bash's printf %q writes it (a backslash before each special character), or
    in single quotes when it holds a control character: either way a shell reads it back."""
    if word == "":
        return "''"
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in word):
        return shlex.quote(word)
    return SHELL_SPECIAL.sub(r"\\\g<0>", word)


def quote_argv(argv):
    return " ".join(shell_word(a) for a in argv)


def diag(lines):
    """Output lines, each cut to 300 characters, as TAP diagnostics."""
    return ["#   " + line.replace("\0", "")[:300] for line in lines]


def _lines(text):
    """TEXT's lines as tail and head see them (a last line without its newline counts)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


class ExerciseReport:
    """One exercise's outcome: its TAP lines, JSON object, JUnit testcase, progress line."""

    def __init__(self, ex, opts, kernel, argv_of):
        self.ex = ex
        runs = ex.runs
        ran = [r for r in runs if not r.skipped]
        bad = [r for r in ran if not r.result.ok]
        skipped = [r for r in runs if r.skipped]
        first_bad = bad[0] if bad else None
        usage_bad = next((r for r in bad if r.result.rc == 2), None)
        hang_bad = next((r for r in bad if "timed out" in r.result.verdict or r.result.rc >= 124), None)
        ngroups = len(ex.group_points)
        gbad = [any(r.group == g for r in bad) for g in range(ngroups)]
        gskip = [any(r.group == g for r in skipped) for g in range(ngroups)]
        gnum = [sum(1 for r in runs if r.group == g) for g in range(ngroups)]
        gok = [not gbad[g] and not gskip[g] and gnum[g] > 0 for g in range(ngroups)]
        pts = ex.points
        if opts.quick:
            earned = pts if not first_bad and not skipped else 0
            groups_json = []
        else:
            earned = sum(p for p, ok in zip(ex.group_points, gok) if ok)
            groups_json = [{"group": g + 1, "points": ex.group_points[g] if gok[g] else 0,
                            "max": ex.group_points[g], "runs": gnum[g], "passed": gok[g]}
                           for g in range(ngroups)]
        passed = not first_bad and not skipped
        self.earned, self.max, self.passed = earned, pts, passed
        self.seconds = sum(round(r.result.seconds, 2) for r in ran)
        if first_bad:
            what = "case %s seed %s: %s" % (first_bad.label, first_bad.seed_text, first_bad.result.verdict)
        elif skipped:
            what = skipped[0].skipped
        else:
            what = ""
        self.failed = bool(first_bad)

        def said(r):
            return "case %s seed %s: %s" % (r.label, r.seed_text, r.result.verdict)

        as_expected = None
        if opts.expect_fail:
            # A stub must fail by a wrong (or unwritten) answer, or by not building.
            if passed:
                ok_line = "the stub passes every case: it gives the answer away"
            elif usage_bad:
                ok_line = ("%s; a stub must fail because its answer is wrong (exit 1) or it does"
                           " not build (exit 3), not because the command line is wrong" % said(usage_bad))
            elif hang_bad:
                ok_line = "%s; a stub must fail fast, by a wrong answer or a build error, not hang or crash" % said(hang_bad)
            elif not first_bad:
                ok_line = what
            elif earned:
                ok_line = "the stub earns %d/%d points: every case group needs a case it fails" % (earned, pts)
            elif first_bad.result.rc in (1, 3):
                ok_line = None
            else:
                ok_line = "%s; a stub must fail with exit 1 or 3" % what
            as_expected = ok_line is None
            self.good = as_expected
            if as_expected:
                self.tap_tail = "%s fails as a stub should (%s)" % (ex.id, what)
            else:
                self.tap_tail = "%s (%s)" % (ex.id, ok_line)
        else:
            self.good = passed
            self.tap_tail = ex.id if passed else "%s (%s)" % (ex.id, what)

        summary = "#   %d/%d runs passed%s, %d/%d points" % (
            len(ran) - len(bad), len(ran), ", %d not run" % len(skipped) if skipped else "", earned, pts)
        if not opts.quick and ngroups > 1:
            summary += " (groups: %s)" % " ".join(
                "%d/%d" % (ex.group_points[g] if gok[g] else 0, ex.group_points[g]) for g in range(ngroups))
        summary += ", kernels " + kernel
        self.summary = summary

        # Diagnostics: why each failing run failed; the first one's command and output: its
        # first failing check (the WRONG line and the got/expected lines under it), a line
        # about an access out of bounds, then the output's last lines.
        d = []
        if first_bad:
            for r in ran:
                if not r.result.ok:
                    d.append("# case %s seed %s: %s (%.2f s)" % (r.label, r.seed_text, r.result.verdict,
                                                                 r.result.seconds))
            if skipped:
                d.append("# %d later run(s) not started after a failure in their group"
                         " (--all-cases runs them)" % len(skipped))
            # in --expect-fail mode, the run that decided the verdict
            show = first_bad
            if opts.expect_fail:
                show = usage_bad or hang_bad or first_bad
            d += self._excerpt(show, argv_of(show))
        elif skipped:
            d.append("# " + what)
        self.diag = d

        # JSON
        cases = []
        for r in runs:
            c = {"case": r.label, "seed": r.seed, "group": r.group + 1}
            if r.skipped:
                c.update({"exit": None, "ok": False, "skipped": True, "reason": r.skipped})
            elif r.result.ok:
                c.update({"exit": r.result.rc, "ok": True, "seconds": round(r.result.seconds, 2)})
            else:
                c.update({"exit": r.result.rc, "ok": False, "seconds": round(r.result.seconds, 2),
                          "reason": r.result.verdict})
                if r.result.failed_check:
                    c["failed_check"] = r.result.failed_check
            cases.append(c)
        j = {"id": ex.id, "points": earned, "max": pts, "passed": passed}
        if what:
            j["reason"] = what
        if opts.expect_fail:
            j["failed_as_expected"] = as_expected
        j["groups"] = groups_json
        j["cases"] = cases
        self.json = j

        # JUnit: one testcase per exercise, as in the TAP; a failure carries the diagnostics
        # above (the command to rerun, its exit status, the output's first failing check and
        # tail); every run's verdict goes to system-out.
        runs_txt = "".join(
            "%s seed %s: %s\n" % (r.label, r.seed_text, r.skipped) if r.skipped else
            "%s seed %s: %s (%.2f s)\n" % (r.label, r.seed_text, r.result.verdict, r.result.seconds)
            for r in runs)
        self.runs_txt = runs_txt.rstrip("\n")
        self.what = what

    def _excerpt(self, show, argv):
        res = show.result
        out, err = show.out, show.err
        d = ["# rerun: " + quote_argv(argv)]
        check = res.report.first_failing() if res.report else None
        if check is not None and "WRONG" in check.line:
            d.append("# the first failing check:")
            d += diag([check.line] + check.samples[:6])
        elif "WRONG" in out:
            d.append("# the first failing check:")
            d += diag(_first_wrong(out))
        texts = (out, err)
        if any(OOB_RE.search(t) for t in texts):
            d.append("# out of bounds (the launch that did it):")
            for t in texts:
                d += diag(_grep_before(_lines(t), lambda l: OOB_RE.search(l) or LAUNCH_RE.match(l), 2))
        elif any(RO_RE.search(t) for t in texts):
            d.append("# a write into its read-only input (the launch that did it):")
            for t in texts:
                d += diag([l for l in _lines(t) if RO_RE.search(l)][:1])
        for name, t in (("out", out), ("err", err)):
            m = next((LEFT_OUT_RE.fullmatch(l) for l in _lines(t) if LEFT_OUT_RE.fullmatch(l)), None)
            if m:
                d.append("# std%s was over 64 KiB: %s (the report keeps its first and last 32 KiB)"
                         % (name, m.group(0)))
        if out:
            d.append("# stdout (last 8 lines):")
            d += diag(_lines(out)[-8:])
        else:
            d.append("# stdout: (empty%s)" % (": a crash loses what the program had not flushed yet"
                                              if res.rc > 128 else ""))
        if err:
            lines = _lines(err)
            nerr = err.count("\n")
            d.append("# stderr (mismatches, errors, build log):")
            if nerr <= 40:
                d += diag(lines)
            else:
                d += diag(lines[:28])
                d.append("#   ... (%d lines left out)" % (nerr - 36))
                d += diag(lines[-8:])
        return d

    def tap(self, n):
        ok = "ok" if self.good else "not ok"
        return ["%s %d - %s" % (ok, n, self.tap_tail), self.summary] + self.diag

    def testcase(self, n):
        body = '    <testcase classname="%s" name="%s" time="%.2f">\n' % (
            xml_str(self.ex.chapter), xml_str(self.ex.id), self.seconds)
        if not self.passed:
            tag = "failure" if self.failed else "skipped"
            text = self.tap(n)[0] + "\n" + "\n".join(self.diag)
            body += '      <%s message="%s">%s</%s>\n' % (
                tag, xml_str("%d/%d points: %s" % (self.earned, self.max, self.what)), xml_str(text), tag)
        body += "      <system-out>%s</system-out>\n    </testcase>" % xml_str(self.runs_txt)
        return body


def _first_wrong(out):
    """The first line with WRONG and the indented lines under it (six at most)."""
    lines = _lines(out)
    for i, line in enumerate(lines):
        if "WRONG" in line:
            more = []
            for l in lines[i + 1:]:
                if not l.startswith("    "):
                    break
                more.append(l)
            return [line] + more[:6]
    return []


def _grep_before(lines, match, count):
    """grep -m COUNT -B 1: the first COUNT matching lines, each with the line before it."""
    keep = []
    found = 0
    for i, line in enumerate(lines):
        if match(line):
            keep += [j for j in (i - 1, i) if j >= 0 and j not in keep]
            found += 1
            if found == count:
                break
    return [lines[k] for k in sorted(keep)]


def grade_json(source, build, opts, draw, score, max_points, seconds, reports):
    head = json.dumps({"source": source, "build": build, "expect_fail": opts.expect_fail,
                       "quick": opts.quick, "draw": draw, "score": score, "max": max_points,
                       "seconds": round(seconds, 1)}, ensure_ascii=False)
    body = ",".join("\n  " + json.dumps(r.json, ensure_ascii=False) for r in reports)
    return head[:-1] + ', "exercises": [' + body + "\n]}\n"


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
