#!/usr/bin/env python3
"""check_group.py GRADE_JSON ID GROUP — did case group GROUP of exercise ID pass?

One GitHub Classroom step per case group runs this on the grade.json that
make grade-submission wrote (the workflow that tools/instructor/make-classroom.sh
generates), so a group's points reach Classroom on their own: partial credit. Reads
tools/grade.sh's schema: exercises[] with id and groups[] of {group, points, max, runs,
passed}.

Prints one line (the group's points, or why it earned none) and exits 0 when the group
passed, 1 when it did not, 2 when it cannot tell: no such file, exercise or group, or a
--quick grade (which records no groups).
"""

import json
import sys


def main(argv):
    if len(argv) != 3 or not argv[2].isdigit():
        print("usage: tools/instructor/check_group.py GRADE_JSON ID GROUP", file=sys.stderr)
        return 2
    path, ex_id, group = argv[0], argv[1], int(argv[2])
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print("check_group: cannot read %s: %s" % (path, e), file=sys.stderr)
        return 2
    ex = next((e for e in doc.get("exercises", []) if e.get("id") == ex_id), None)
    if ex is None:
        print("check_group: %s was not graded in %s" % (ex_id, path), file=sys.stderr)
        return 2
    if doc.get("quick"):
        print("check_group: %s is a --quick grade: it records no case groups" % path, file=sys.stderr)
        return 2
    g = next((g for g in ex.get("groups", []) if g.get("group") == group), None)
    if g is None:
        print("check_group: %s has no case group %d in %s" % (ex_id, group, path), file=sys.stderr)
        return 2
    line = "%s group %d: %d/%d points (%d runs)" % (ex_id, group, g["points"], g["max"], g["runs"])
    if g.get("passed") is True:
        print(line)
        return 0
    bad = next((c for c in ex.get("cases", []) if c.get("group") == group and not c.get("ok")
                and not c.get("skipped")), None)
    why = ("case %s seed %s: %s" % (bad.get("case"), bad.get("seed"), bad.get("reason"))
           if bad else ex.get("reason", "a run of it did not pass"))
    print("%s; %s" % (line, why))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
