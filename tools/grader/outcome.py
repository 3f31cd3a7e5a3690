"""One exercise's outcome once its runs are done: points, its TAP line and diagnostics, its
object in grade.json and its testcase in the JUnit XML.

Points: a group earns its points when every one of its runs ran and passed (--quick: the
exercise's runs are one group, all its points or none). --expect-fail (stub mode): an
exercise is "ok" when it FAILS because its answer is wrong (exit 1) or it does not build
(exit 3), and earns no point in any group.
"""
import re
import shlex

XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# runner.cap_output's line for the middle of an output it left out
LEFT_OUT_RE = re.compile(r"\[\.\.\. [0-9]* bytes of output left out \.\.\.\]")
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


def lines_of(text):
    """TEXT's lines as tail and head count them (a last line without its newline counts)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def said(run):
    return "case %s seed %s: %s" % (run.label, run.seed_text, run.result.verdict)


class Outcome:
    """Exercise EX's outcome under options OPTS; KERNEL is its file, ARGV_OF(run) a run's
    command line (for the rerun line)."""

    def __init__(self, ex, opts, kernel, argv_of):
        self.ex = ex
        self.quick = opts.quick
        self.expect_fail = opts.expect_fail
        self.ran = [r for r in ex.runs if not r.skipped]
        self.bad = [r for r in self.ran if not r.result.ok]
        self.skipped = [r for r in ex.runs if r.skipped]
        first_bad = self.bad[0] if self.bad else None
        self.failed = first_bad is not None
        # (an exercise with no run at all, as --quick makes of one whose cases are all drawn
        # or property checks, earns nothing: a grade gives points for what ran)
        self.passed = bool(ex.runs) and not self.bad and not self.skipped
        self.max = ex.points
        self.group_ok = [self._group_ok(g) for g in range(len(ex.group_points))]
        if self.quick:
            self.earned = self.max if self.passed else 0
        else:
            self.earned = sum(p for p, ok in zip(ex.group_points, self.group_ok) if ok)
        self.seconds = sum(round(r.result.seconds, 2) for r in self.ran)
        if first_bad:
            self.what = said(first_bad)
        elif self.skipped:
            self.what = self.skipped[0].skipped
        elif not ex.runs:
            self.what = "no case to run (--quick runs no drawn case and no property check)"
        else:
            self.what = ""
        usage_bad = next((r for r in self.bad if r.result.rc == 2), None)
        hang_bad = next((r for r in self.bad
                         if r.result.outcome == "timeout" or r.result.rc >= 124), None)
        self.good, self.tap_tail = self._verdict(first_bad, usage_bad, hang_bad)
        # the run whose output the diagnostics show: the first failure, or in stub mode the
        # one that decided the verdict
        show = first_bad
        if self.expect_fail and first_bad:
            show = usage_bad or hang_bad or first_bad
        self.diag = self._diagnostics(show, argv_of(show) if show else None)
        self.kernel = kernel

    def _group_ok(self, g):
        runs = [r for r in self.ex.runs if r.group == g]
        return bool(runs) and all(not r.skipped and r.result.ok for r in runs)

    def _verdict(self, first_bad, usage_bad, hang_bad):
        """(ok?, the TAP line after "ok N - ")."""
        ident = self.ex.id
        if not self.expect_fail:
            return self.passed, ident if self.passed else "%s (%s)" % (ident, self.what)
        # A stub must fail by a wrong (or unwritten) answer, or by not building.
        if self.passed:
            why = "the stub passes every case: it gives the answer away"
        elif usage_bad:
            why = ("%s; a stub must fail because its answer is wrong (exit 1) or it does not"
                   " build (exit 3), not because the command line is wrong" % said(usage_bad))
        elif hang_bad:
            why = ("%s; a stub must fail fast, by a wrong answer or a build error, not hang or"
                   " crash" % said(hang_bad))
        elif not first_bad:
            why = self.what
        elif self.earned:
            why = ("the stub earns %d/%d points: every case group needs a case it fails"
                   % (self.earned, self.max))
        elif first_bad.result.rc in (1, 3):
            return True, "%s fails as a stub should (%s)" % (ident, self.what)
        else:
            why = "%s; a stub must fail with exit 1 or 3" % self.what
        return False, "%s (%s)" % (ident, why)

    def summary(self):
        ex = self.ex
        text = "#   %d/%d runs passed%s, %d/%d points" % (
            len(self.ran) - len(self.bad), len(self.ran),
            ", %d not run" % len(self.skipped) if self.skipped else "", self.earned, self.max)
        if not self.quick and len(ex.group_points) > 1:
            text += " (groups: %s)" % " ".join(
                "%d/%d" % (p if ok else 0, p) for p, ok in zip(ex.group_points, self.group_ok))
        return text + ", kernels " + self.kernel

    def _diagnostics(self, show, argv):
        """Why each failing run failed; SHOW's command and output: its first failing check
        (the WRONG line and the got/expected lines under it), a line about an access out
        of bounds, then the output's last lines."""
        if show is None:
            return ["# " + self.what] if self.what else []
        d = ["# case %s seed %s: %s (%.2f s)" % (r.label, r.seed_text, r.result.verdict,
                                                 r.result.seconds) for r in self.bad]
        if self.skipped:
            d.append("# %d later run(s) not started after a failure in their group"
                     " (--all-cases runs them)" % len(self.skipped))
        return d + excerpt(show, argv)

    def tap(self, n):
        return ["%s %d - %s" % ("ok" if self.good else "not ok", n, self.tap_tail),
                self.summary()] + self.diag

    def json(self):
        ex = self.ex
        j = {"id": ex.id, "points": self.earned, "max": self.max, "passed": self.passed}
        if self.what:
            j["reason"] = self.what
        if self.expect_fail:
            j["failed_as_expected"] = self.good
        j["groups"] = [] if self.quick else [
            {"group": g + 1, "points": p if ok else 0, "max": p,
             "runs": sum(1 for r in ex.runs if r.group == g), "passed": ok}
            for g, (p, ok) in enumerate(zip(ex.group_points, self.group_ok))]
        j["cases"] = [case_json(r) for r in ex.runs]
        return j

    def testcase(self, n):
        """JUnit: one testcase per exercise, as in the TAP; a failure carries the
        diagnostics (the command to rerun, its exit status, the output's first failing
        check and tail); every run's verdict goes to system-out."""
        ex = self.ex
        body = '    <testcase classname="%s" name="%s" time="%.2f">\n' % (
            xml_str(ex.chapter), xml_str(ex.id), self.seconds)
        if not self.passed:
            tag = "failure" if self.failed else "skipped"
            body += '      <%s message="%s">%s</%s>\n' % (
                tag, xml_str("%d/%d points: %s" % (self.earned, self.max, self.what)),
                xml_str("\n".join(self.tap(n)[:1] + self.diag)), tag)
        runs = "\n".join(
            "%s seed %s: %s" % (r.label, r.seed_text, r.skipped) if r.skipped else
            "%s seed %s: %s (%.2f s)" % (r.label, r.seed_text, r.result.verdict, r.result.seconds)
            for r in ex.runs)
        return body + "      <system-out>%s</system-out>\n    </testcase>" % xml_str(runs)


def case_json(r):
    c = {"case": r.label, "seed": r.seed, "group": r.group + 1}
    if r.skipped:
        c.update({"exit": None, "ok": False, "skipped": True, "reason": r.skipped})
    elif r.result.ok:
        c.update({"exit": r.result.rc, "ok": True, "seconds": round(r.result.seconds, 2)})
    else:
        c.update({"exit": r.result.rc, "ok": False, "seconds": round(r.result.seconds, 2),
                  "reason": r.result.verdict, "outcome": r.result.outcome})
        if r.result.failed_check:
            c["failed_check"] = r.result.failed_check
    return c


def excerpt(run, argv):
    """RUN's rerun line, its first failing check (the verify line and got/expected under
    it), what its report says of a fault, a build error or a refusal, and its output's
    tail. Everything here comes from the report's fields; the output is shown, not read."""
    res, out, err = run.result, run.out, run.err
    rep = res.report
    d = ["# rerun: " + quote_argv(argv)]
    check = rep.first_failing() if rep else None
    if check is not None:
        d.append("# the first failing check:")
        d += diag([check.line] + check.samples[:6])
    elif rep is None or rep.obj is None:
        wrong = first_wrong(out)    # a run without a report: its verify line, as printed
        if wrong:
            d.append("# the first failing check:")
            d += diag(wrong)
    fault = rep.fault if rep else None
    named_file = res.outcome in ("build_error", "refused") and rep is not None and rep.field("file")
    if fault is not None:
        d.append("# %s (the launch that did it):" % (
            "a write into its read-only input" if res.outcome == "read_only_write" else "out of bounds"))
        d += diag([fault_line(fault)] + ([rep.reason] if rep.reason else []))
    elif named_file:
        line = rep.field("line")
        d.append("# %s: %s%s%s" % ("the file that did not build" if res.outcome == "build_error"
                                   else "the file refused", rep.field("file"),
                                   ":" + line if line else "",
                                   " (the compiler's log is in stderr below)"
                                   if res.outcome == "build_error" else ""))
    if rep and rep.obj is not None and res.outcome not in ("pass", "wrong") and rep.reason \
            and fault is None and not named_file:
        d.append("# its report: " + rep.reason[:300])
    for name, t in (("out", out), ("err", err)):
        left = next((l for l in lines_of(t) if LEFT_OUT_RE.fullmatch(l)), None)
        if left:
            d.append("# std%s was over 64 KiB: %s (the report keeps its first and last 32 KiB)"
                     % (name, left))
    shown = lines_of(out)
    if rep and rep.obj is not None and shown:
        # the report itself, read above; a kernel's printf may have left text before it
        at = shown[-1].rfind('{"chapter": ')
        shown = shown[:-1] + ([shown[-1][:at]] if at > 0 else [])
    if shown:
        d.append("# stdout (last 8 lines%s):" % (", before its JSON report" if rep and rep.obj else ""))
        d += diag(shown[-8:])
    else:
        d.append("# stdout: (empty%s)" % (
            ": a crash loses what the program had not flushed yet" if res.rc > 128 else
            " but for its JSON report" if rep and rep.obj is not None else ""))
    if err:
        lines = lines_of(err)
        nerr = err.count("\n")
        d.append("# stderr (mismatches, errors, build log):")
        if nerr <= 40:
            d += diag(lines)
        else:
            d += diag(lines[:28])
            d.append("#   ... (%d lines left out)" % (nerr - 36))
            d += diag(lines[-8:])
    return d


def fault_line(fault):
    """The launch, buffer and element of a fault, from its fields."""
    def text(key):
        v = fault.get(key)
        return str(v)[:60] if isinstance(v, (str, int)) and not isinstance(v, bool) else None
    parts = []
    if text("launch") is not None:
        parts.append("launch %s%s: %s" % (text("launch"), " of " + text("launches")
                                           if text("launches") else "", text("kernel") or "?"))
    where = "buffer %s" % text("buffer") if text("buffer") else "outside every buffer"
    if text("side") and text("side") != "outside every buffer":
        where += ", %s" % text("side")
    if text("element") is not None:
        where += " (element %s%s)" % (text("element"), " of " + text("elements")
                                       if text("elements") else "")
    access = {"read": "read", "write": "wrote", "read or write": "read or wrote"}.get(
        text("access"), "read or wrote")
    parts.append("%s %s" % (access if text("side") != "inside" else "wrote into", where))
    if text("check"):
        parts.append("check " + text("check"))
    return "; ".join(parts)


def first_wrong(out):
    """The first line with WRONG and the indented lines under it (six at most)."""
    lines = lines_of(out)
    for i, line in enumerate(lines):
        if "WRONG" in line:
            more = []
            for l in lines[i + 1:]:
                if not l.startswith("    "):
                    break
                more.append(l)
            return [line] + more[:6]
    return []
