"""The runs of a grade: each exercise's cases with their seeds and drawn sizes, --quick's
choice of two, and each run's command line (the one its report says to rerun).

Every case runs with --seed 1 and with the exercise's drawn seed (--quick: seed 1 only),
or with its own :seed=S; a drawn case runs once, at its drawn size, with the drawn seed; a
property check (@PROGRAM) runs once, without a seed. A run of chapters 01 to 09 and of a
property check gets --format json after its command line (run_argv): its report is read
from the JSON object (verdict.py); the command shown to rerun it is the same without it.
"""
from . import draw


class Run:
    """One run: a case of an exercise at one seed."""

    def __init__(self, ex, index, case, label, size, seed, group):
        self.ex = ex            # its Graded exercise
        self.index = index      # its place among every run of the grade
        self.case = case        # the manifest's Case
        self.label = label      # the case as reports name it: 8x3:inverse, 16 (drawn from ...)
        self.size = size        # N as written with commas (16,32), or @PROGRAM
        self.seed = seed        # a number, or None for a property check
        self.group = group      # its case group, from 0
        self.result = None      # a verdict.Result once it ran
        self.skipped = None     # why it was not run, or None
        self.out = self.err = ""  # its output as the reports keep it (runner.cap_output)

    @property
    def seed_text(self):
        return "-" if self.seed is None else str(self.seed)


class Graded:
    """An exercise as this grade runs it."""

    def __init__(self, ex, drawn_seed):
        self.id = ex.id
        self.chapter = ex.chapter
        self.variant = ex.variant
        self.group_points = [p for p, _ in ex.groups]
        self.points = ex.points
        self.drawn_seed = drawn_seed
        self.runs = []


def plan_exercise(ex, draw_number, quick, first_index):
    """The Graded exercise EX with its runs, numbered from FIRST_INDEX."""
    stream = draw.exercise_stream(draw_number, ex.id)
    graded = Graded(ex, draw.draw_seed(stream))
    picked = []   # (case, label, size, seeds, group)
    for g, (_, cases) in enumerate(ex.groups):
        for c in cases:
            # the size is drawn even when --quick leaves the case out, so that a case's draw
            # does not depend on --quick
            size = c.size
            label = c.spec
            seeds = None
            if c.is_drawn:
                size = ",".join(str(n) for n in draw.draw_size(stream, c.axes))
                label = "%s%s%s (drawn from %s)" % (
                    size, "x" + c.batch if c.batch else "", c.spec[len(c.shape):], c.shape)
                seeds = [graded.drawn_seed]
            if quick and (c.is_drawn or c.is_property):
                continue    # a quick look is deterministic: no drawn case, no @check
            if c.seed is not None:
                seeds = [c.seed]
            if c.is_property:
                seeds = [None]
            if seeds is None:
                seeds = [1] if quick else [1, graded.drawn_seed]
            picked.append((c, label, size, seeds, g))
    if quick:
        # the first case (the edge: N = 1 mostly) and the middle one; the last ones, the
        # largest, are left to the full grade. All in one group: all points or none.
        keep = [picked[0]] if picked else []
        if len(picked) // 2 > 0:
            keep.append(picked[len(picked) // 2])
        picked = [(c, label, size, seeds, 0) for c, label, size, seeds, _ in keep]
    for c, label, size, seeds, g in picked:
        for seed in seeds:
            graded.runs.append(Run(graded, first_index + len(graded.runs), c, label, size, seed, g))
    return graded


def case_seconds(run, case_timeout):
    """The --timeout of RUN: its case's own :timeout=S, else --case-timeout."""
    return run.case.timeout or case_timeout


def command_line(run, build, source, case_timeout, root):
    """The argv of RUN: the chapter program (or the property check's) on the file."""
    ex = run.ex
    case_timeout = case_seconds(run, case_timeout)
    kernel = kernel_file(source, ex.id)
    if run.case.is_property:
        return ["%s/%s" % (build, run.size[1:]), "--exercise", kernel, "--timeout", str(case_timeout)]
    argv = ["%s/%s" % (build, ex.chapter), "--exercise", kernel,
            "--variant", run.case.variant or ex.variant,
            "--size", run.size.replace(",", "x")]
    if run.case.batch:
        argv += ["--batch", run.case.batch]
    if run.case.inverse:
        argv.append("--inverse")
    if run.case.wg:
        argv += ["--wg", run.case.wg]
    if run.case.filter:
        argv += ["--filter-size", run.case.filter]
    if run.case.block:
        argv += ["--block", run.case.block]
    argv += ["--seed", str(run.seed), "--repeat", "0", "--timeout", str(case_timeout)]
    if run.case.ranks:
        # an MPI chapter's case (:ranks=P): P processes through the project's mpirun wrapper
        argv = ["%s/tools/mpirun.sh" % root, "-n", run.case.ranks] + argv
    return argv


def run_argv(argv, run):
    """The argv a grade runs: the rerun command ARGV with --format json: every program
    (chapters 01 to 10, the property check 04_tile_probe) ends with a JSON report
    (docs/report-json.md). The rerun line leaves it out: a person reads the text."""
    return argv + ["--format", "json"]


def kernel_file(source, ident):
    return "%s/%s.cl" % (source, ident)


def staggered(runs):
    """An exercise's runs in the order they start: a case's later seeds after the next
    case's first seed. Two seeds of one case started side by side would both compile the
    same kernels cold (pocl caches a build only once it is done); staggered, the second
    finds the first's build in the cache while the cores compile the next case's."""
    cases = []
    for run in runs:
        if cases and cases[-1][0].case is run.case:
            cases[-1].append(run)
        else:
            cases.append([run])
    order = []
    for i, runs_of_case in enumerate(cases):
        order.append(runs_of_case[0])
        if i:
            order.extend(cases[i - 1][1:])
    if cases:
        order.extend(cases[-1][1:])
    return order


def start_order(exercises):
    """Runs round by round: every exercise's first run, then every one's second, and so on
    (each exercise's runs staggered, above). By the time an exercise's next run is due its
    earlier ones have usually ended, so an exercise that already failed starts no more (a
    stub typically fails its first case: the run started beside it is its second case's
    first seed, a kernel build and a run for nothing). Reports still come in manifest
    order."""
    order = []
    lists = [staggered(ex.runs) for ex in exercises]
    r = 0
    while True:
        more = False
        for runs in lists:
            if r < len(runs):
                order.append(runs[r])
                more = True
        if not more:
            return order
        r += 1
