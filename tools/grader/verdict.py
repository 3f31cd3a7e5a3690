"""Why a finished run failed: its exit status first (common/exitcodes.h), then what the
chapter reported.

A run passes only when it exits 0 and the last line of its stdout is exactly PASS. A
failure's verdict is named by its exit status: 1 a wrong answer, 2 refused (usage, or the
exercise check of common/exercise_check.c), 3 an OpenCL error (build, timeout, missing
kernel), 124/137 the outer timeout, 153 the output cap, above 128 a signal.

Within exit 1, the chapter's report says which check failed and why. The grader runs the
chapter in its text format (the command line in the report is the one a student reruns),
whose per-check lines are fixed by common/report.c:
    verify   NAME  rel L2 E (bound B)  rel max E (bound B)  ok|WRONG[: detail]
followed, for a wrong check, by indented "row r, index i: got ..., expected ..." lines, and
the final line PASS or "FAIL: check NAME: reason". A chapter run with --format json prints
one JSON object on stdout instead ({"checks": [{"name", "ok", ...}], "verdict", "reason"}),
and its verify lines on stderr; parse_report reads either. Neither format has more than
this reason string for a fault: an access out of bounds caught by the CPU device's fences
ends the run before the JSON object is printed, and a build error (exit 3) prints none at
all; the faults are named from the chapter's fixed wording of them (common/fence.c and the
guard zones), looked for in the failing check first, then in the whole output. A run that
a chapter ends on an error (exit 2 or 3) has a status line of fixed form, from fl_die
(common/clerr.c) or chapter 10's ranks: "FAIL (opencl, exit 3): message"; its message is
read first, then the whole output.
"""
import json
import re
import signal

# An access outside a buffer, however the chapter words it ("wrote out of bounds", "read 8
# bytes past the end of buffer B (launch 2: fft_radix2)", "before the start of")
OOB_RE = re.compile(r"out of bounds|past the end of|before the start of|outside (its|the) buffer")
# A store into a buffer the kernel takes as const (the CPU device's fences, common/fence.c)
RO_RE = re.compile(r"wrote into its read-only input")
# the chapters' guard zones and the CPU device's fences name the access: "wrote out of
# bounds", "read out of bounds", "read or wrote out of bounds" (buffer X, past its end /
# before its start, or outside every buffer), "wrote into its read-only input: buffer X"
FAULT_RE = re.compile(r"((read or wrote|wrote|read) out of bounds: (buffer [A-Za-z0-9_]*, [a-z ]*its [a-z]*"
                      r"|outside every buffer)|wrote into its read-only input: buffer [A-Za-z0-9_]*)")
OOB_WORDS_RE = re.compile(r"(read|wrote|wrote into|changed) [^:;\n]*(past the end|before the start|outside)[^:;\n]*")
# the exercise check's rules (common/exercise_check.c): "an exercise may not ...: why",
# "#endif without #if (...)", "#if without #endif (...)"
RULE_RE = re.compile(r"an exercise may not [^:\n]*|#[a-z]+ without #[a-z]+")
# exit 3's kinds, in the chapters' words (common/program.c, common/fft/plan.c, common/isolate.c,
# chapters/10_distributed/harness/ranks.c), in this order
OPENCL_ERRORS = (
    (re.compile(r"kernel build failed"), "exit 3 build failed"),
    (re.compile(r"no result before the --timeout|timed out (outside its kernels )?\(--timeout\)"),
     "exit 3 timed out after --timeout %d s (endless loop?)"),
    (re.compile(r"is not defined in"), "exit 3 kernel missing (wrong kernel name?)"),
    (re.compile(r"clSetKernelArg"), "exit 3 kernel parameters do not match the contract"),
)
VERIFY_RE = re.compile(r"verify +(\S+) +(?:rel L2 .*?  )?(ok|WRONG)(?:: (.*))?")
STATUS_RE = re.compile(r"FAIL \((usage|opencl|error), exit ([0-9]+)\): (.*)")
LEFT_OUT_RE = re.compile(r"\[\.\.\. [0-9]* bytes of output left out \.\.\.\]")


class Check:
    def __init__(self, name, ok, detail="", line=""):
        self.name = name
        self.ok = ok
        self.detail = detail
        self.line = line        # its verify line, as printed
        self.samples = []       # the indented got/expected lines under it


class Report:
    """What the chapter said about its checks: from its JSON object or its text lines."""

    def __init__(self):
        self.checks = []
        self.verdict = None     # "PASS", "FAIL", ... from the JSON object
        self.reason = ""        # the first failing check, in the chapter's words
        self.status = None      # (kind, exit, message) of a "FAIL (kind, exit N): ..." line
        self.json = False

    def first_failing(self):
        return next((c for c in self.checks if not c.ok), None)


def _verify_lines(text):
    checks = []
    current = None
    for line in text.split("\n"):
        m = VERIFY_RE.fullmatch(line)
        if m:
            current = Check(m.group(1), m.group(2) == "ok", m.group(3) or "", line)
            checks.append(current)
        elif current is not None and line.startswith("    "):
            current.samples.append(line)
        else:
            current = None
    return checks


def _json_object(out):
    for line in reversed(out.split("\n")):
        if line.startswith("{") and line.endswith("}"):
            try:
                obj = json.loads(line)
            except ValueError:
                return None
            return obj if isinstance(obj, dict) and isinstance(obj.get("checks"), list) else None
    return None


def parse_report(out, err):
    """The chapter's report of its checks, from its stdout OUT and stderr ERR (text)."""
    rep = Report()
    text_checks = _verify_lines(out) or _verify_lines(err)
    obj = _json_object(out)
    if obj is not None:
        rep.json = True
        rep.verdict = obj.get("verdict")
        rep.reason = str(obj.get("reason", ""))
        by_name = {c.name: c for c in text_checks}
        for c in obj["checks"]:
            if not isinstance(c, dict):
                continue
            name = str(c.get("name", "?"))
            chk = by_name.get(name) or Check(name, c.get("ok") is True)
            chk.ok = c.get("ok") is True          # the JSON's verdict of the check decides
            if not chk.line:
                chk.line = "verify   %-12s rel L2 %s (bound %s)  rel max %s (bound %s)  %s" % (
                    name, c.get("l2_error"), c.get("l2_bound"), c.get("max_error"),
                    c.get("max_bound"), "ok" if chk.ok else "WRONG")
            rep.checks.append(chk)
    else:
        rep.checks = text_checks
        for line in reversed(out.split("\n")):
            if line.startswith("FAIL: "):
                rep.reason = line[len("FAIL: "):]
                break
    for text in (out, err):
        for line in reversed(text.split("\n")):
            m = STATUS_RE.fullmatch(line)
            if m:
                rep.status = (m.group(1), int(m.group(2)), m.group(3))
                return rep
    return rep


def _first(regex, texts):
    """The first match of REGEX in TEXTS (stdout, then stderr), as grep -o -m1 would."""
    for t in texts:
        m = regex.search(t)
        if m:
            return m
    return None


def signal_name(num):
    try:
        return signal.Signals(num).name
    except ValueError:
        return "SIG%d" % num


class Result:
    """A finished run: exit status, seconds, verdict ("OK" or why), the chapter's report."""

    def __init__(self, rc, seconds, verdict, report):
        self.rc = rc
        self.seconds = seconds
        self.verdict = verdict
        self.report = report

    @property
    def ok(self):
        return self.verdict == "OK"

    @property
    def failed_check(self):
        c = self.report.first_failing() if self.report else None
        return c.name if c else None


def classify(rc, out, err, case_timeout, outer_timeout):
    """(verdict, report): "OK" or why the run failed, and the chapter's report."""
    report = parse_report(out, err)
    texts = (out, err)
    if rc == 0:
        lines = out.split("\n")
        last = lines[-2] if len(lines) > 1 and lines[-1] == "" else lines[-1]
        return ("OK" if last == "PASS" else "exit 0 but the last line is not PASS"), report
    if rc == 1:
        failing = report.first_failing()
        where = [failing.detail] if failing and failing.detail else []
        m = _first(FAULT_RE, where + [report.reason] + list(texts))
        if m:
            what = m.group(0)
            if what.startswith("wrote into its read-only input: "):
                return "exit 1 wrote its read-only input: " + what.split(": ", 1)[1], report
            return "exit 1 " + what, report
        if _first(OOB_RE, texts):
            m = _first(OOB_WORDS_RE, texts)
            return "exit 1 out of bounds: " + (m.group(0)[:160] if m else ""), report
        return "exit 1 wrong result", report
    if rc == 2:
        m = _first(RULE_RE, texts)
        rule = m.group(0)[:160] if m else ""
        if "may not use #" in rule:
            return "exit 2 refused: %s (the grader runs only your own text)" % rule, report
        if " without #" in rule:
            return "exit 2 refused: %s (an exercise's #if/#endif must balance)" % rule, report
        if rule:
            return "exit 2 refused: " + rule, report
        return "exit 2 usage error", report
    if rc == 3:
        # the status line's message decides when there is one, else the whole output
        said = [report.status[2]] if report.status and report.status[1] == 3 else []
        for source in (said, texts):
            for pattern, verdict in OPENCL_ERRORS:
                if _first(pattern, source):
                    return verdict.replace("%d", str(case_timeout)), report
        return "exit 3 OpenCL error", report
    if rc == 124:
        return "exit 124 killed by the outer timeout after %d s" % outer_timeout, report
    if rc == 153:
        return "exit 153 stopped: its output passed the 64 MiB cap (a kernel printf in a loop?)", report
    if rc == 137:
        return "exit 137 killed by SIGKILL (outer timeout's -k 5, or out of memory)", report
    if rc > 128:
        return "exit %d crashed by signal %s" % (rc, signal_name(rc - 128)), report
    return "exit %d unexpected exit status" % rc, report
