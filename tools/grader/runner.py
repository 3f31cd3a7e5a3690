"""Running the cases: J at a time, in start_order, each under timeout -k 5 (S + 30) with
its output capped; a group whose run failed starts no more of its runs (--all-cases does).

A run's stdout and stderr go to files in a private folder: at most 64 MiB each while it
runs (RLIMIT_FSIZE; past it SIGXFSZ stops the program, exit 153), then kept for the
reports as their first and last 32 KiB, as valid UTF-8 (a kernel's printf may print any
bytes, and the XML must stay well-formed). Each run is started by this thread and waited
for by a thread of its own, which classifies it (verdict.py) and hands it back through a
queue; nothing polls.
"""
import os
import queue
import resource
import signal
import subprocess
import threading
import time

from .plan import case_seconds, run_argv
from .verdict import Result, classify

FILE_CAP = 64 << 20     # bytes a run may write to each stream
KEEP = 32768            # bytes kept of each end of a longer output


def cap_output(path):
    """What the reports keep of the output in the file at PATH: its first and last KEEP
    bytes when it is longer than both, and only valid UTF-8."""
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        if size > 2 * KEEP:
            head = f.read(KEEP)
            f.seek(size - KEEP)
            data = head + b"\n[... %d bytes of output left out ...]\n" % (size - 2 * KEEP) + f.read()
        else:
            data = f.read()
    return data.decode("utf-8", "ignore")


def _read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


class Runner:
    def __init__(self, work, jobs, all_cases, case_timeout, argv_of):
        self.work = work
        self.jobs = jobs
        self.all_cases = all_cases
        self.case_timeout = case_timeout
        self.outer_timeout = case_timeout + 30
        self.argv_of = argv_of
        self.done = queue.Queue()
        self.running = {}           # run index -> Popen
        self.lock = threading.Lock()

    def paths(self, run):
        return (os.path.join(self.work, "%d.out" % run.index),
                os.path.join(self.work, "%d.err" % run.index))

    def _start(self, run):
        out_path, err_path = self.paths(run)
        outer = case_seconds(run, self.case_timeout) + 30
        argv = ["timeout", "-k", "5", str(outer)] + run_argv(self.argv_of(run), run)
        t0 = time.monotonic()
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            # (restore_signals, the default, gives the child SIGXFSZ back: Python
            # ignores it)
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        with self.lock:
            self.running[run.index] = proc
        threading.Thread(target=self._wait, args=(run, proc, t0), daemon=True).start()

    def _wait(self, run, proc, t0):
        rc = proc.wait()
        seconds = time.monotonic() - t0
        if rc < 0:
            rc = 128 - rc       # as a shell reports a death by signal
        try:
            out_path, err_path = self.paths(run)
            seconds_allowed = case_seconds(run, self.case_timeout)
            verdict, report, outcome = classify(rc, _read(out_path), _read(err_path),
                                                seconds_allowed, seconds_allowed + 30, seconds)
            run.out = cap_output(out_path)
            run.err = cap_output(err_path)
            result = Result(rc, seconds, verdict, report, outcome)
        except Exception as e:  # a run's files gone: the grade is being stopped
            run.out = run.err = ""
            result = Result(rc, seconds, "exit %d (its output could not be read: %s)" % (rc, e), None)
        with self.lock:
            self.running.pop(run.index, None)
        self.done.put((run, result))

    def run_all(self, order, on_done):
        """Run ORDER (less the runs already skipped), calling ON_DONE(run) in this thread as
        each one finishes or is skipped."""
        active = 0

        def collect(block):
            nonlocal active
            while True:
                try:
                    run, result = self.done.get(block=block)
                except queue.Empty:
                    return
                active -= 1
                run.result = result
                on_done(run)
                block = False

        for run in order:
            if run.skipped:
                continue
            collect(False)
            while active >= self.jobs:
                collect(True)
            if not self.all_cases and self.group_failed(run):
                run.skipped = "not run: an earlier case of its group failed"
                on_done(run)
                continue
            self._start(run)
            active += 1
        while active:
            collect(True)

    @staticmethod
    def group_failed(run):
        """Has a finished run of RUN's group (of its exercise) failed?"""
        return any(r.group == run.group and r.result is not None and not r.result.ok
                   for r in run.ex.runs)

    def stop(self):
        """Stop every run still going (SIGTERM to timeout, which passes it on) and wait."""
        with self.lock:
            procs = list(self.running.values())
        for p in procs:
            try:
                p.send_signal(signal.SIGTERM)
            except OSError:
                pass
        for p in procs:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()


def limit_output():
    """Let no run write more than FILE_CAP bytes to a file (inherited by every child)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    if hard != resource.RLIM_INFINITY:
        cap = min(FILE_CAP, hard)
    else:
        cap = FILE_CAP
    resource.setrlimit(resource.RLIMIT_FSIZE, (cap, hard))
