"""Why a finished run failed: its exit status (common/exitcodes.h) and the chapter's JSON
report, never the words of a message.

Chapters 01 to 10 and the property check 04_tile_probe run with --format json (plan.py
adds it) and end every run, however it ends, with one JSON object on the last line of
stdout (the schema: docs/report-json.md; chapter 10's is rank 0's).
Such a run passes only when it exits 0 and its object says "outcome": "pass". A failure
is named by its exit status and the object's "outcome", with the fields that outcome
carries: the access of a fault ("fault": access, buffer, side), the exercise check's
rule, the timeout in seconds. An exit status the object does not explain (the outer
timeout 124, 137, the output cap 153, a signal) is named by the status alone, and so is
every failure of a run that printed no object (a program killed before it could), except
one: an exit 3 without an object that came when its --timeout had passed, by the grader's
own clock, is a timeout (chapter 10's ranks: a rank other than 0 timed out and mpirun
ended rank 0 before its watchdog could write the record; docs/report-json.md).

A Report holds the object's checks for the excerpt (outcome.py): each check's name, its
verify line (rebuilt from the numbers) and its mismatch lines (got/expected), shown as
the chapter wrote them.
"""
import json
import signal

# an outcome's verdict, after "exit N "; a fault's and a refusal's add their fields
OUTCOME_WORDS = {
    "wrong": "wrong result",
    "bad_input": "usage error",
    "build_error": "build failed",
    "kernel_missing": "kernel missing (wrong kernel name?)",
    "bad_contract": "kernel parameters do not match the contract",
    "timeout": "timed out after --timeout %s s (endless loop?)",
    "opencl_error": "OpenCL error",
}


class Check:
    def __init__(self, name, ok, detail="", line=""):
        self.name = name
        self.ok = ok
        self.detail = detail
        self.line = line        # its verify line, as the text report prints it
        self.samples = []       # its mismatch lines (got/expected), indented as printed


class Report:
    """The chapter's JSON object, as read (obj: the object itself, or None)."""

    def __init__(self, obj=None):
        self.obj = obj if isinstance(obj, dict) else None
        self.checks = []
        o = self.obj or {}
        self.outcome = o.get("outcome") if isinstance(o.get("outcome"), str) else None
        self.exit = o.get("exit") if isinstance(o.get("exit"), int) else None
        self.reason = o.get("reason") if isinstance(o.get("reason"), str) else ""
        fault = o.get("fault")
        self.fault = fault if isinstance(fault, dict) else None
        for c in o.get("checks") or []:
            if isinstance(c, dict):
                self.checks.append(_check(c))

    def first_failing(self):
        return next((c for c in self.checks if not c.ok), None)

    def field(self, name):
        """A field of the object as text ("" when absent), cut to one line."""
        v = (self.obj or {}).get(name)
        if v is None or isinstance(v, (dict, list)):
            return ""
        return str(v).replace("\n", " ")[:200]


def _num(v):
    return "%.2e" % v if isinstance(v, (int, float)) and not isinstance(v, bool) else "n/a"


def _check(c):
    name = str(c.get("name", "?"))[:40]
    ok = c.get("ok") is True
    detail = c.get("detail") if isinstance(c.get("detail"), str) else ""
    chk = Check(name, ok, detail)
    figures = ""
    if "l2_bound" in c:     # (a check that counts, 04_tile_probe's, has no error figures)
        figures = "rel L2 %s (bound %s)  rel max %s (bound %s)  " % (
            _num(c.get("l2_error")), _num(c.get("l2_bound")), _num(c.get("max_error")),
            _num(c.get("max_bound")))
    chk.line = "verify   %-12s %s%s%s" % (name, figures, "ok" if ok else "WRONG",
                                         ": " + detail if detail else "")
    lines = c.get("mismatches")
    if isinstance(lines, list):
        chk.samples = ["    " + str(s) for s in lines if isinstance(s, str)]
    return chk


def json_report(out):
    """The chapter's JSON object: the end of the last line of its stdout OUT, from its last
    '{"chapter": ' on (the object's first field; a kernel's printf without a newline may
    have left text in front of it). None when that does not parse as one object."""
    lines = out.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        return None
    at = lines[-1].rfind('{"chapter": ')
    if at < 0:
        return None
    try:
        obj = json.loads(lines[-1][at:])
    except ValueError:
        return None
    return obj if isinstance(obj, dict) else None


def signal_name(num):
    try:
        return signal.Signals(num).name
    except ValueError:
        return "SIG%d" % num


class Result:
    """A finished run: exit status, seconds, verdict ("OK" or why), the chapter's report,
    and its outcome (the report's, or what the exit status alone says)."""

    def __init__(self, rc, seconds, verdict, report, outcome=None):
        self.rc = rc
        self.seconds = seconds
        self.verdict = verdict
        self.report = report
        self.outcome = outcome

    @property
    def ok(self):
        return self.verdict == "OK"

    @property
    def failed_check(self):
        c = self.report.first_failing() if self.report else None
        return c.name if c else None


def fault_words(fault):
    """A fault's verdict from its fields: "wrote out of bounds: buffer B, past its end"."""
    access = {"read": "read", "write": "wrote", "read or write": "read or wrote"}.get(
        fault.get("access"), "read or wrote")
    buf = fault.get("buffer")
    side = fault.get("side")
    if not isinstance(buf, str) or side == "outside every buffer":
        return "%s out of bounds: outside every buffer" % access
    buf = buf[:32]
    if side == "inside":
        return "wrote its read-only input: buffer %s" % buf
    its = {"past the end": "past its end", "before the start": "before its start"}.get(side, "")
    return "%s out of bounds: buffer %s%s" % (access, buf, ", " + its if its else "")


def by_status(rc, outer_timeout):
    """The verdict of exit status RC that no report explains (the outer timeout, the cap, a
    signal), or None."""
    if rc == 124:
        return "exit 124 killed by the outer timeout after %d s" % outer_timeout
    if rc == 153:
        return "exit 153 stopped: its output passed the 64 MiB cap (a kernel printf in a loop?)"
    if rc == 137:
        return "exit 137 killed by SIGKILL (outer timeout's -k 5, or out of memory)"
    if rc > 128:
        return "exit %d crashed by signal %s" % (rc, signal_name(rc - 128))
    return None


def classify(rc, out, err, case_timeout, outer_timeout, seconds=0.0):
    """(verdict, report, outcome): "OK" or why the run failed, the chapter's report, and
    the run's outcome (docs/report-json.md's names; "no_report" where the run printed
    none). SECONDS: how long it ran."""
    obj = json_report(out)
    rep = Report(obj)
    outcome = rep.outcome
    if obj is None or outcome is None:
        said = by_status(rc, outer_timeout)
        if said:
            return said, rep, "crashed" if rc > 128 and rc not in (137, 153) else "killed"
        if rc == 3 and seconds >= case_timeout:   # (a rank other than chapter 10's rank 0)
            return "exit 3 %s" % OUTCOME_WORDS["timeout"] % case_timeout, rep, "timeout"
        return ("exit %d and no JSON report on the last line of stdout (see its output)" % rc,
                rep, "no_report")
    if rep.exit is not None and rep.exit != rc and rc <= 128:
        # the object speaks of another end than the process had (a kernel's printf that
        # imitates one, or a program that went on after it): trust the status
        return ("exit %d but its report says exit %d (%s)" % (rc, rep.exit, outcome[:40]),
                rep, "no_report")
    if rc == 0:
        if outcome == "pass":
            return "OK", rep, outcome
        return "exit 0 but its report says %s, not pass" % outcome[:40], rep, outcome
    if outcome == "wrong":
        return "exit %d wrong result" % rc, rep, outcome
    if outcome in ("out_of_bounds", "read_only_write"):
        return "exit %d %s" % (rc, fault_words(rep.fault or {})), rep, outcome
    if outcome == "refused":
        rule = rep.field("rule")
        return "exit %d refused%s" % (rc, ": " + rule[:160] if rule else ""), rep, outcome
    if outcome == "crashed":
        said = by_status(rc, outer_timeout)
        return (said or "exit %d crashed: the process that ran the kernels ended before its "
                "results" % rc), rep, outcome
    if outcome == "timeout":
        return "exit %d %s" % (rc, OUTCOME_WORDS["timeout"] % case_timeout), rep, outcome
    words = OUTCOME_WORDS.get(outcome)
    if words:
        return "exit %d %s" % (rc, words), rep, outcome
    said = by_status(rc, outer_timeout)
    return said or "exit %d (outcome %s)" % (rc, outcome[:40]), rep, outcome
