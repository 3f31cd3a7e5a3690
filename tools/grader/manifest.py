"""The manifests: exercises/manifest.tsv and the instructor's --hidden ones.

A manifest is tab-separated: comments (#...) and blank lines, a header line (id, chapter,
variant, points, cases), then one row per exercise. Fields are split on every tab, so an
empty field stays empty and is refused by name (a split on runs of tabs would shift the
next field into its place and grade the wrong thing). Every case is parsed here, so a
typo is a usage error before anything runs. exercises/manifest.tsv's header says what a
case may be; the rows of every manifest are merged by id (a hidden row adds its groups).
"""
import re

from .errors import ManifestError

FIELDS = ("id", "chapter", "variant", "points", "cases")

NUM = r"(?:[1-9][0-9]*|2\^[0-9]+)"
COUNT_RE = re.compile(NUM)
# N of a multi-dimensional chapter: its axes joined by commas, outermost first (16,32 is
# --size 16x32; "x" is taken by the batch); up to three.
SHAPE_RE = re.compile(NUM + r"(?:," + NUM + r"){0,2}")
# a drawn axis: kind[lo..hi]; the kinds are draw.py's
AXIS_RE = re.compile(r"(any|pow2|smooth|even)\[(" + NUM + r")\.\.(" + NUM + r")\]")
DRAWN_RE = re.compile(r"~" + AXIS_RE.pattern + r"(?:," + AXIS_RE.pattern + r"){0,2}")
PROPERTY_RE = re.compile(r"@[0-9][0-9]_[A-Za-z0-9_]+")
ID_RE = re.compile(r"[0-9][0-9]_[A-Za-z0-9_]+/[A-Za-z0-9_]+")
CHAPTER_RE = re.compile(r"[0-9][0-9]_[A-Za-z0-9_]+")
VARIANT_RE = re.compile(r"[A-Za-z0-9_]+")
POINTS_RE = re.compile(r"[0-9]+(?:\+[0-9]+)*")


def num(text):
    """A number as the manifest writes it: 1024 or 2^10."""
    return 1 << int(text[2:]) if text.startswith("2^") else int(text, 10)


class Case:
    """One case of the manifest as written: 64x3:inverse, ~pow2[2..2^4], @04_tile_probe."""

    def __init__(self, spec):
        self.spec = spec
        parts = spec.split(":")
        self.shape = parts[0]                       # N or NxB, as written
        self.size, _, batch = self.shape.partition("x")
        self.batch = batch if "x" in self.shape else ""
        self.options = parts[1:]
        self.inverse = False
        self.wg = self.ranks = ""
        self.filter = self.block = ""               # :filter=K, :block=W (11_convolution)
        self.variant = ""                           # :variant=NAME, or the exercise's own
        self.timeout = None                         # :timeout=S, or None (--case-timeout)
        self.seed = None                            # :seed=S, or None
        self.axes = []                              # a drawn size: (kind, lo, hi) per axis

    @property
    def is_property(self):
        return self.size.startswith("@")

    @property
    def is_drawn(self):
        return self.size.startswith("~")


def parse_case(spec, lineno, path):
    """A Case, or ManifestError saying what is wrong with SPEC."""
    c = Case(spec)

    def bad(why):
        return ManifestError(path, lineno, "case '%s': %s" % (spec, why))

    if c.is_property:
        if not PROPERTY_RE.fullmatch(spec):
            raise bad("a property check is @PROGRAM alone (a program in $BUILD, like @04_tile_probe)")
    elif c.is_drawn:
        if not DRAWN_RE.fullmatch(c.size):
            raise bad("a drawn size looks like ~pow2[2..2^16] or ~smooth[1..64],even[2..64]"
                      " (kinds: any, pow2, smooth, even)")
        for axis in c.size[1:].split(","):
            kind, lo, hi = AXIS_RE.fullmatch(axis).groups()
            if num(lo) > num(hi):
                raise bad("a drawn axis needs lo <= hi, got %s" % axis)
            c.axes.append((kind, num(lo), num(hi)))
    elif not SHAPE_RE.fullmatch(c.size):
        raise bad("N must look like 1024, 2^10 or 16,32 (a 2-D shape)")
    if c.batch and not COUNT_RE.fullmatch(c.batch):
        raise bad("batch must be a number (NxB)")
    for opt in c.options:
        name, eq, val = opt.partition("=")
        if opt == "inverse":
            c.inverse = True
        elif name == "wg" and eq:
            if not re.fullmatch(r"[1-9][0-9]*", val):
                raise bad("wg=W needs a number")
            c.wg = val
        elif name in ("filter", "block") and eq:
            if not re.fullmatch(r"[1-9][0-9]{0,8}", val):
                raise bad("%s=%s needs a number" % (name, "K" if name == "filter" else "W"))
            setattr(c, name, val)
        elif name == "ranks" and eq:
            if not re.fullmatch(r"[1-9][0-9]?", val):
                raise bad("ranks=P needs a number from 1 to 99")
            c.ranks = val
        elif name == "variant" and eq:
            if not re.fullmatch(r"[a-z][a-z0-9_]*", val):
                raise bad("variant=NAME needs a variant name (lower case, digits, _)")
            c.variant = val
        elif name == "timeout" and eq:
            if not re.fullmatch(r"[1-9][0-9]{0,2}", val) or int(val) > 600:
                raise bad("timeout=S needs a number of seconds from 1 to 600")
            c.timeout = int(val)
        elif name == "seed" and eq:
            if not re.fullmatch(r"[0-9]{1,9}", val):
                raise bad("seed=S needs a number")
            c.seed = int(val, 10)
        else:
            raise bad("unknown option '%s' (known: inverse, wg=W, ranks=P, seed=S, variant=NAME, "
                      "timeout=S, filter=K, block=W)" % opt)
    return c


class Exercise:
    """An exercise merged from every manifest: its groups, each (points, [Case])."""

    def __init__(self, ident, chapter, variant):
        self.id = ident
        self.chapter = chapter
        self.variant = variant
        self.groups = []          # [(points, [Case, ...]), ...]
        self.hidden_groups = 0    # how many came from --hidden manifests

    @property
    def points(self):
        return sum(p for p, _ in self.groups)


def read_manifest(path, exercises, hidden, checker=None):
    """Add the rows of the manifest at PATH to EXERCISES (a dict id -> Exercise, in order).
    HIDDEN: a --hidden manifest (its rows may add groups to an id already there). CHECKER,
    if given, is called with each parsed Case (e.g. to check that a drawn size exists)."""
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    seen_header = False
    lineno = 0
    for lineno, line in enumerate(lines, 1):
        line = line[:-1] if line.endswith("\r") else line
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        if not seen_header:
            if f[0] != "id":
                raise ManifestError(path, lineno, "the first line that is not a comment must be"
                                    " the header (id, chapter, variant, points, cases)")
            seen_header = True
            continue
        if len(f) != len(FIELDS):
            empty = [str(k) for k, v in enumerate(f, 1) if not v.strip()]
            raise ManifestError(path, lineno, "expected 5 tab-separated fields (id, chapter,"
                                " variant, points, cases), got %d%s" % (len(f), (
                                    " (field %s empty: two tabs in a row?)" % ", ".join(empty))
                                    if empty else ""))
        for k, (name, value) in enumerate(zip(FIELDS, f), 1):
            if not value.strip():
                raise ManifestError(path, lineno, "field %d (%s) is empty (two tabs in a row, or"
                                    " a tab at the end of the line?)" % (k, name))
        ident, chapter, variant, points, cases = f
        if not ID_RE.fullmatch(ident):
            raise ManifestError(path, lineno, "bad id '%s' (want NN_chapter/name)" % ident)
        if not CHAPTER_RE.fullmatch(chapter):
            raise ManifestError(path, lineno, "bad chapter '%s'" % chapter)
        if not VARIANT_RE.fullmatch(variant):
            raise ManifestError(path, lineno, "bad variant '%s'" % variant)
        if not POINTS_RE.fullmatch(points):
            raise ManifestError(path, lineno, "points must be a whole number, or one per case"
                                " group joined by + (1+1), got '%s'" % points)
        group_texts = cases.split("|")
        group_points = [int(p, 10) for p in points.split("+")]
        if len(group_points) != len(group_texts):
            raise ManifestError(path, lineno, "%s: %d case group(s) (separated by '|') but %d"
                                " point value(s) ('%s')"
                                % (ident, len(group_texts), len(group_points), points))
        groups = []
        for text, pts in zip(group_texts, group_points):
            specs = text.split()
            if not specs:
                raise ManifestError(path, lineno, "%s has an empty case group" % ident)
            parsed = [parse_case(s, lineno, path) for s in specs]
            if checker:
                for c in parsed:
                    checker(c, lineno, path)
            groups.append((pts, parsed))
        ex = exercises.get(ident)
        if ex is not None:
            if not hidden:
                raise ManifestError(path, lineno, "exercise %s is listed twice" % ident)
            if (ex.chapter, ex.variant) != (chapter, variant):
                raise ManifestError(path, lineno, "%s: chapter and variant must be those of the"
                                    " main manifest (%s, %s)" % (ident, ex.chapter, ex.variant))
        else:
            ex = exercises[ident] = Exercise(ident, chapter, variant)
        ex.groups.extend(groups)
        if hidden:
            ex.hidden_groups += len(groups)
    if not seen_header:
        raise ManifestError(path, lineno, "no header line")
