#!/usr/bin/env python3
r"""tools/ci/expected-output.py — the pages' "Expected output" blocks, made from runs of
today's code (make expected), and checked against new runs (tests/expected_outputs.t).

A block, on README.md, docs/*.md, chapters/*/README.md or exercises/*/README.md:

    <!-- expected: ./build/05_register_radix --size 1024 -->
    <!-- expected-until: ^plan \(inverse -->          optional, any of these four,
    <!-- expected-keep: ^(problem|verify|PASS) -->     in any order (see below)
    <!-- expected-answer: stub -->
    <!-- expected-exit: 1 -->
    ```text
    $ ./build/05_register_radix --size 1024
    ...what the command printed...
    ```
    <!-- expected:end -->

The command is exactly what the page tells the reader to type; the tool writes it as the
block's first line, "$ CMD" (a block written by hand without it is filled in; --lint names
it until then). It runs under bash from the root of a "solved checkout"
(BUILD/expected-root/ANSWER: the repository's files, with every exercises/<id>.cl replaced
by the answer in solutions/<id>.cl), so that a block of an exercise shows what a solved
exercise prints, and `make grade EX=<id>` grades the reference answer. The grader draws its
random cases with --draw 1 there (the page says so), so that run counts and drawn sizes stay
the same from one regeneration to the next, and gives a run 600 s (--case-timeout: the
machine making the pages may be busy; a passing grade does not show it).
  expected-until REGEX  the output up to the first line REGEX matches, then "...".
  expected-keep REGEX   only the output lines REGEX matches (Python re.search) are shown;
                        each run of left-out lines becomes one "..." line.
  expected-answer stub  the exercise files as the student gets them (the untouched stubs).
  expected-exit N       the exit status the command must end with (default 0; 1 with stub).
stdout and stderr are shown together; the repository's path reads /path/to/fftlab.

  tools/ci/expected-output.py [--only TEXT] [PAGE...]          rewrite the blocks (every page
                                                            when none is named)
  tools/ci/expected-output.py --check [--only TEXT] [PAGE...]  run again, rewrite nothing;
                    exit 1 when a block's output differs once masked (below); prints a diff
  tools/ci/expected-output.py --list [PAGE...]                 PAGE:LINE: COMMAND, one a block
  tools/ci/expected-output.py --lint [PAGE...]                 run nothing: markers well formed,
                    every code block of an "Expected output" section, and every command
                    shown with its output ("$ CMD" then output), inside a block
  tools/ci/expected-output.py --compare PAGE_TEXT NEW_TEXT     two files, compared as --check
                                                            does (exit 0 same, 1 different)
--only TEXT keeps the blocks whose command contains TEXT.

What --check masks (what varies from run to run, or by CPU, not what the code decides):
times, rates and shares (a number before ms, s, µs, GFLOP/s, GB/s or %; every number of the
time, loop, rate, xfer and per-launch lines and of 10's phase and link lines, with their run
counts); the device and driver lines, and a device named inside a line (10's ranks); digests
(hex on a digest line); the grader's "N at a time" (the CPU count); the tour's ms, GFLOP/s,
GB/s and % columns. Error values (e-notation not after "bound") agree within a factor of 2
(zero only with zero), the got/expected values of a wrong element within 1e-3 of their size
(1e-5 near zero): their last digits change with the CPU; a run of spaces counts as one (a
column's width follows its numbers). Everything else — plans, launches, build options,
sizes, bounds, verdicts, the grader's run counts — must be the same.
Each page is written whole (a temporary file beside it, then a rename). Exit status: 0
done / same, 1 a command failed or ended with another exit status, or (--check) a block
differs, or (--lint) a page is malformed; 2 usage.
"""
import difflib
import fcntl
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHOWN_ROOT = "/path/to/fftlab"
DRAW = "1"
CASE_TIMEOUT = 600   # (a page may be made on a busy machine; a passing grade never shows it)
TIMEOUT = int(os.environ.get("EXPECTED_TIMEOUT", "1800"))

OPEN = re.compile(r"^<!-- expected: (.+?) -->$")
OPTION = re.compile(r"^<!-- expected-(until|keep|answer|exit): (.+?) -->$")
END = "<!-- expected:end -->"
ANY_MARKER = re.compile(r"^<!-- expected")


class PageError(Exception):
    pass


class Block:
    def __init__(self, page, line, command):
        self.page, self.line, self.command = page, line, command
        self.keep = self.until = None
        self.answer = "solution"
        self.exit = None
        self.start = self.end = None   # line indexes: the first line after the options,
        self.text = []                 # the end marker; the fenced text between them

    def want_exit(self):
        if self.exit is not None:
            return self.exit
        return 1 if self.answer == "stub" else 0


def pages_default():
    pats = ["README.md", "docs/*.md", "chapters/*/README.md", "exercises/*/README.md"]
    out = []
    for p in pats:
        out += sorted(glob.glob(os.path.join(ROOT, p)))
    return [os.path.relpath(p, ROOT) for p in out]


def parse(page, lines):
    """The blocks of a page; PageError for a malformed one."""
    blocks = []
    i = 0
    while i < len(lines):
        m = OPEN.match(lines[i])
        if not m and lines[i].startswith("```"):
            # a code block outside the blocks (a page may show the markers themselves)
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                i += 1
            i += 1
            continue
        if not m:
            if ANY_MARKER.match(lines[i]):
                raise PageError("%s:%d: a marker outside a block, or misspelt: %s"
                                % (page, i + 1, lines[i]))
            i += 1
            continue
        b = Block(page, i + 1, m.group(1).strip())
        i += 1
        while i < len(lines) and OPTION.match(lines[i]):
            key, val = OPTION.match(lines[i]).groups()
            if key in ("keep", "until"):
                try:
                    setattr(b, key, re.compile(val))
                except re.error as e:
                    raise PageError("%s:%d: expected-%s: not a regular expression: %s"
                                    % (page, i + 1, key, e))
            elif key == "answer":
                if val not in ("solution", "stub"):
                    raise PageError("%s:%d: expected-answer is solution or stub, not '%s'"
                                    % (page, i + 1, val))
                b.answer = val
            elif key == "exit":
                if not re.fullmatch(r"[0-9]{1,3}", val):
                    raise PageError("%s:%d: expected-exit needs a number, not '%s'"
                                    % (page, i + 1, val))
                b.exit = int(val)
            i += 1
        b.start = i
        while i < len(lines) and lines[i] != END:
            if OPEN.match(lines[i]) or OPTION.match(lines[i]):
                raise PageError("%s:%d: a block opens inside the block of line %d"
                                % (page, i + 1, b.line))
            i += 1
        if i == len(lines):
            raise PageError("%s:%d: the block has no %s" % (page, b.line, END))
        b.end = i
        body = lines[b.start:b.end]
        if len(body) < 2 or not body[0].startswith("```") or body[-1] != "```":
            raise PageError("%s:%d: a block holds one fenced code block, ```text ... ```"
                            % (page, b.line))
        b.text = body[1:-1]
        blocks.append(b)
        i += 1
    return blocks


def lint(page, lines):
    """Problems of a page: a block not yet made by this tool; a fenced block of an
    "Expected output" section outside the blocks (a section runs from its heading to the
    next heading of its level or above); anywhere, a command shown with its output outside
    the blocks."""
    problems = []
    try:
        blocks = parse(page, lines)
    except PageError as e:
        return [str(e)]
    inside = set()
    for b in blocks:
        inside.update(range(b.line - 1, b.end + 1))
        # (a block written by hand, not yet by this tool: make expected fills it)
        if not b.text or b.text[0] != "$ " + b.command:
            problems.append("%s:%d: the block's first line is not '$ %s': not made by"
                            " make expected yet" % (page, b.line, b.command))
    level = None
    code = False
    prev = ""
    for i, line in enumerate(lines):
        if line.startswith("```"):
            if not code and level is not None and i not in inside:
                problems.append("%s:%d: a code block of an Expected output section without"
                                " expected markers" % (page, i + 1))
            code = not code
            prev = ""
            continue
        if code:
            # anywhere on a page: a command's output ("$ CMD", then a line that is not
            # a command) is a block of its own
            if i not in inside and prev.startswith("$ ") and not line.startswith("$ "):
                problems.append("%s:%d: the output of '%s' without expected markers"
                                % (page, i, prev[2:]))
            prev = line
            continue
        h = re.match(r"^(#+) ", line)
        if h:
            n = len(h.group(1))
            if re.match(r"^#+ Expected output", line):
                level = n
            elif level is not None and n <= level:
                level = None
    return problems


# ---- the solved checkout

def build_dir():
    b = os.environ.get("BUILD") or "build"
    return b if os.path.isabs(b) else os.path.join(ROOT, b)


def make_tree(answer):
    """BUILD/expected-root/ANSWER, made afresh: links to the repository's files, a build
    folder of links (its commit.txt a copy, so that make may rewrite it), exercises/ with
    real copies of the exercise files (solution: the answers), tools/grade.sh drawing
    --draw DRAW. A fixed path, so that pocl's cache knows its kernels from the last time."""
    build = build_dir()
    tree = os.path.join(build, "expected-root", answer)
    shutil.rmtree(tree, ignore_errors=True)
    os.makedirs(tree)
    skip = {".git", "build", "exercises", "kernels", "tools", "grade.json", "grade.xml",
            "grade-progress.tsv"}
    for name in os.listdir(ROOT):
        if name not in skip and not name.startswith("build-"):
            os.symlink(os.path.join(ROOT, name), os.path.join(tree, name))
    # The programs find kernels/ beside their own folder, and an exercise's default file
    # from there, both through realpath: so the programs are copies, and kernels/ a folder.
    os.makedirs(os.path.join(tree, "build"))
    for name in os.listdir(build):
        src = os.path.join(build, name)
        dst = os.path.join(tree, "build", name)
        if name == "expected-root":
            continue
        if name == "commit.txt" or (os.path.isfile(src) and os.access(src, os.X_OK)):
            shutil.copy2(src, dst)
        else:
            os.symlink(src, dst)
    os.makedirs(os.path.join(tree, "kernels"))
    for name in os.listdir(os.path.join(ROOT, "kernels")):
        os.symlink(os.path.join(ROOT, "kernels", name), os.path.join(tree, "kernels", name))
    ex_src = os.path.join(ROOT, "exercises")
    for dirpath, dirnames, filenames in os.walk(ex_src):
        rel = os.path.relpath(dirpath, ex_src)
        os.makedirs(os.path.join(tree, "exercises", rel), exist_ok=True)
        for f in filenames:
            src = os.path.join(dirpath, f)
            dst = os.path.join(tree, "exercises", rel, f)
            sol = os.path.join(ROOT, "solutions", rel, f)
            if f.endswith(".cl"):
                shutil.copyfile(sol if answer == "solution" and os.path.isfile(sol) else src, dst)
            else:
                os.symlink(src, dst)
    os.makedirs(os.path.join(tree, "tools"))
    for name in os.listdir(os.path.join(ROOT, "tools")):
        if name not in ("grade.sh", "__pycache__"):
            os.symlink(os.path.join(ROOT, "tools", name), os.path.join(tree, "tools", name))
    with open(os.path.join(tree, "tools", "grade.sh"), "w") as f:
        f.write('#!/bin/sh\n# the grader with a fixed draw (tools/ci/expected-output.py)\n'
                'exec python3 "$(dirname "$0")/grade.py" --draw %s --case-timeout %d "$@"\n'
                % (DRAW, CASE_TIMEOUT))
    os.chmod(os.path.join(tree, "tools", "grade.sh"), 0o755)
    return tree


def run_block(b, trees):
    """The block's new text (its lines), or raise PageError."""
    if b.answer not in trees:
        trees[b.answer] = make_tree(b.answer)
    tree = trees[b.answer]
    # every grade starts from no report: its progress line counts this grade alone
    for name in ("grade.json", "grade.xml", "grade-progress.tsv"):
        try:
            os.unlink(os.path.join(tree, name))
        except FileNotFoundError:
            pass
    env = dict(os.environ)
    # (a page's command runs as a reader's would: not the make, build folder or sanitizer
    # of the run that called the tool, as `make SANITIZE=1 test` would pass down)
    for k in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES", "BUILD", "SANITIZE"):
        env.pop(k, None)
    env["LC_ALL"] = "C"
    try:
        p = subprocess.run(["timeout", "-k", "10", str(TIMEOUT), "bash", "-c", b.command],
                           cwd=tree, env=env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except OSError as e:
        raise PageError("%s:%d: cannot run '%s': %s" % (b.page, b.line, b.command, e))
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != b.want_exit():
        tail = "\n".join(out.splitlines()[-15:])
        raise PageError("%s:%d: '%s' exited %d, the block expects %d; its output's end:\n%s"
                        % (b.page, b.line, b.command, p.returncode, b.want_exit(), tail))
    for path in sorted({tree, os.path.realpath(tree), ROOT, os.path.realpath(ROOT)},
                       key=len, reverse=True):
        out = out.replace(path, SHOWN_ROOT)
    lines = [l.rstrip() for l in out.replace("\r", "").split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    if b.until is not None:
        cut = [k for k, l in enumerate(lines) if b.until.search(l)]
        if cut:
            lines = lines[:cut[0]] + ["..."]
    if b.keep is not None:
        kept = []
        for l in lines:
            if b.keep.search(l):
                kept.append(l)
            elif not kept or kept[-1] != "...":
                kept.append("...")
        lines = kept
    return ["$ " + b.command] + lines


# ---- masking, for --check

E_NUM = r"[-+]?\d+(?:\.\d+)?e[-+]\d+"
NUMBER = r"[-+]?\d+(?:\.\d+)?(?:e[-+]\d+)?"
UNIT = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:e[-+]?\d+)?( ?)"
                  r"(ms|s|µs|us|ns|GFLOP/s|GB/s|TB/s|%)(?![\w/])")
TIMING_LINE = re.compile(r"^(time|loop|rate|xfer|per launch|phases)\b|^\s+[\d.]+% of this device"
                         # 10's link probe, and its phases: "  pack (device)  4.87  (rank 0; ..."
                         r"|^rank \d+\s+link\b"
                         r"|^\s+\S.*?\s[\d.]+\s+\((rank \d+; fastest|the slowest rank)")
TOUR_ROW = re.compile(r"^(\d\d_\w+\s+\S+ x \d+)\s+\S+\s+\S+\s+\S+\s+\S+\s+(\S+)\s+(\S+)$")


def mask(line):
    """The line with what may vary replaced (runs of spaces made one: a column's width
    follows its numbers), and the numbers to compare with a tolerance."""
    text, approx = mask_values(line)
    return re.sub(r" {2,}", " ", text), approx


def mask_values(line):
    approx = []

    def keep_approx(m):
        approx.append(("error", float(m.group(0))))
        return "<~>"

    def keep_value(m):
        approx.append(("value", float(m.group(0))))
        return "<~>"
    if re.match(r"^(device|driver)(\s|:)", line):
        return re.split(r"[\s:]", line, 1)[0] + " <device>", approx
    # (a device named inside a line: 10's ranks)
    line = re.sub(r"\bdevice (\d+:\d+) .*? on platform .*? \| driver \S+",
                  r"device \1 <device>", line)
    if TIMING_LINE.match(line):
        return re.sub(r"\d+(?:\.\d+)?(?:e[-+]?\d+)?", "#", line), approx
    m = TOUR_ROW.match(line)
    if m:
        line = "%s # # # # %s %s" % (m.group(1), m.group(2), m.group(3))
    if line.startswith("digest"):
        line = re.sub(r"\b(0x)?[0-9a-f]{8,}\b", "<digest>", line)
    line = UNIT.sub(lambda m: "#" + m.group(1) + m.group(2), line)
    line = re.sub(r"\b\d+ at a time\b", "# at a time", line)
    # a wrong element's got/expected values (e-notation too: 1e-23 is rounding noise)
    if re.search(r"\bgot \(", line):
        return re.sub(r"\b(got|expected) \(([^)]*)\)",
                      lambda m: "%s (%s)" % (m.group(1), re.sub(NUMBER, keep_value, m.group(2))),
                      line), approx
    # bounds are exact; other e-notation values are errors
    line = re.sub(r"(bound|vs bound) (" + E_NUM + ")", lambda m: m.group(1) + " =" + m.group(2),
                  line)
    line = re.sub(r"(?<![=\w.])" + E_NUM, keep_approx, line)
    return line, approx


def close(x, y):
    """Two masked numbers agree: an error within a factor of 2 (zero only with zero); a
    wrong element's value within 1e-3 of its size, or 1e-5 near zero (rounding noise)."""
    (kind, a), (_, b) = x, y
    if kind == "value":
        return abs(a - b) <= 1e-5 + 1e-3 * max(abs(a), abs(b))
    if a == 0 or b == 0:
        return a == b
    if (a < 0) != (b < 0):
        return False
    r = a / b
    return 0.5 <= r <= 2


def compare(old, new):
    """None when the two texts agree once masked, else a diff (lines)."""
    mo = [mask(l) for l in old]
    mn = [mask(l) for l in new]
    same = len(mo) == len(mn) and all(
        a[0] == b[0] and len(a[1]) == len(b[1]) and all(close(x, y) for x, y in zip(a[1], b[1]))
        for a, b in zip(mo, mn))
    if same:
        return None
    # the diff shows the lines as masked, approximate values in place
    def shown(ms):
        out = []
        for text, vals in ms:
            for _, v in vals:
                text = text.replace("<~>", "~%.3g" % v, 1)
            out.append(text)
        return out
    d = list(difflib.unified_diff(shown(mo), shown(mn), "page", "today's run", lineterm="", n=1))
    if not d:   # equal text, numbers out of tolerance
        d = ["values out of tolerance:"] + [
            "  page: %s\n  now:  %s" % (a, b) for a, b in zip(old, new) if a != b]
    return d


def write_whole(path, text):
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".expected.", dir=d)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, os.stat(path).st_mode & 0o777)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return text.split("\n")


def main(argv):
    mode = "write"
    only = None
    pages = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("--check", "--list", "--lint", "--compare"):
            mode = a[2:]
        elif a == "--only":
            if not args:
                return usage("--only needs a text")
            only = args.pop(0)
        elif a in ("-h", "--help"):
            sys.stdout.write(__doc__)
            return 0
        elif a.startswith("-"):
            return usage("unknown option '%s'" % a)
        else:
            pages.append(a)
    if mode == "compare":
        if len(pages) != 2:
            return usage("--compare needs two files")
        d = compare(*[read_lines(p) for p in pages])
        if d:
            print("\n".join(d))
        return 1 if d else 0
    os.chdir(ROOT)
    pages = pages or pages_default()
    status = 0
    trees = {}
    if mode in ("write", "check"):
        # one run at a time: each makes the solved checkouts afresh
        os.makedirs(os.path.join(build_dir(), "expected-root"), exist_ok=True)
        lock = open(os.path.join(build_dir(), "expected-root", ".lock"), "w")
        fcntl.flock(lock, fcntl.LOCK_EX)
    for page in pages:
        if not os.path.isfile(page):
            return usage("no page '%s'" % page)
        lines = read_lines(page)
        if mode == "lint":
            for p in lint(page, lines):
                print(p)
                status = 1
            continue
        try:
            blocks = parse(page, lines)
        except PageError as e:
            print(e, file=sys.stderr)
            status = 1
            continue
        blocks = [b for b in blocks if only is None or only in b.command]
        if mode == "list":
            for b in blocks:
                print("%s:%d: %s" % (page, b.line, b.command))
            continue
        changed = False
        # (writing from the end, so that the line numbers of the blocks before stay right)
        for b in (reversed(blocks) if mode == "write" else blocks):
            try:
                new = run_block(b, trees)
            except PageError as e:
                print(e, file=sys.stderr)
                status = 1
                continue
            if mode == "check":
                d = compare(b.text, new)
                if d:
                    print("%s:%d: differs from today's run of '%s' (masked; regenerate with"
                          " make expected):" % (page, b.line, b.command))
                    print("\n".join(d[:60]))
                    status = 1
                else:
                    print("%s:%d: same: %s" % (page, b.line, b.command))
            elif new != b.text:
                lines[b.start:b.end] = ["```text"] + new + ["```"]
                changed = True
        if changed:
            write_whole(page, "\n".join(lines))
            print("%s: rewritten" % page)
    return status


def usage(msg):
    print("tools/ci/expected-output.py: %s (--help says more)" % msg, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
