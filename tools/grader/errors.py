"""Errors that end a grade before anything runs (exit 2), worded as they always were."""
import sys

PROG = "tools/grade.sh"
USAGE = ("usage: BUILD=build " + PROG + " [--only ID] [--from DIR] [--json PATH] [--expect-fail]"
         " [--all-cases] [--quick] [--jobs J] [--case-timeout S] [--manifest FILE] [--hidden FILE]"
         " [--draw S] [--progress PATH] [--dry-run]")


class UsageError(Exception):
    """A bad option, a missing build, a report path we may not write: usage follows."""


class ManifestError(Exception):
    """A manifest line that does not parse: FILE:LINE: why (no usage line)."""

    def __init__(self, path, lineno, why):
        super().__init__("%s:%d: %s" % (path, lineno, why))


def fail(message, usage=False):
    """Print PROG: MESSAGE (and the usage line) on stderr and exit 2."""
    print("%s: %s" % (PROG, message), file=sys.stderr)
    if usage:
        print(USAGE, file=sys.stderr)
    sys.exit(2)
