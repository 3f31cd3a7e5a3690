"""Reading a student's checkout without trusting it (tools/instructor/grade_submission.py).

Everything here opens the submission's files relative to an open folder descriptor, one
path component at a time, with O_NOFOLLOW: a symbolic link is reported, never followed (so
a link to ../../solutions/... or to the instructor's tree reads nothing), a named pipe or
device is never opened, an exercise file over MAX_EXERCISE_BYTES is refused, and a walk
stops after MAX_ENTRIES entries or MAX_DEPTH folders deep. Names are bytes on disk;
show() turns one into text that a terminal, a JSON string or a CSV cell can carry
unambiguously (odd bytes, control characters and backslashes escaped).
"""

import fnmatch
import os
import stat

MAX_EXERCISE_BYTES = 1 << 20
MAX_ENTRIES = 100_000
MAX_DEPTH = 64

DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def show(rel):
    """REL (a str from os.listdir, undecodable bytes as surrogates) as printable text."""
    out = []
    for ch in rel:
        code = ord(ch)
        if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte (surrogateescape)
            out.append("\\x%02x" % (code - 0xDC00))
        elif ch == "\\":
            out.append("\\\\")
        elif not ch.isprintable():
            out.append("\\x%02x" % code if code < 0x100 else "\\u%04x" % code)
        else:
            out.append(ch)
    return "".join(out)


def kind_of(mode):
    """What a non-regular, non-folder entry is, in words."""
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a plain file"


def link_text(name, dir_fd):
    try:
        return show(os.readlink(name, dir_fd=dir_fd))
    except OSError:
        return "?"


def read_exercise(root_fd, rel):
    """The bytes of REL (exercises/<chapter>/<name>.cl) under ROOT_FD, or (None, why)."""
    parts = rel.split("/")
    fd = os.dup(root_fd)
    try:
        for i, part in enumerate(parts):
            where = "/".join(parts[: i + 1])
            try:
                st = os.lstat(part, dir_fd=fd)
            except FileNotFoundError:
                return None, "missing"
            except OSError as e:
                return None, "unreadable (%s)" % e.strerror
            last = i == len(parts) - 1
            if stat.S_ISLNK(st.st_mode):
                if last:
                    return None, "a symbolic link to %s (not followed)" % link_text(part, fd)
                return None, "its folder %s is a symbolic link to %s (not followed)" % (
                    show(where), link_text(part, fd))
            if not last:
                if not stat.S_ISDIR(st.st_mode):
                    return None, "its folder %s is not a folder" % show(where)
                nfd = os.open(part, DIR_FLAGS, dir_fd=fd)
                os.close(fd)
                fd = nfd
                continue
            if not stat.S_ISREG(st.st_mode):
                return None, "%s, not a plain file" % kind_of(st.st_mode)
            if st.st_size > MAX_EXERCISE_BYTES:
                return None, "%d bytes, over the %d a graded file may have" % (
                    st.st_size, MAX_EXERCISE_BYTES)
            ffd = os.open(part, FILE_FLAGS, dir_fd=fd)
            try:
                fst = os.fstat(ffd)
                if not stat.S_ISREG(fst.st_mode) or (fst.st_dev, fst.st_ino) != (st.st_dev, st.st_ino):
                    return None, "changed while it was read"
                data = b""
                while len(data) <= MAX_EXERCISE_BYTES:
                    chunk = os.read(ffd, 1 << 16)
                    if not chunk:
                        break
                    data += chunk
                if len(data) > MAX_EXERCISE_BYTES:
                    return None, "over the %d bytes a graded file may have" % MAX_EXERCISE_BYTES
                return data, None
            finally:
                os.close(ffd)
    except OSError as e:
        return None, "unreadable (%s)" % e.strerror
    finally:
        os.close(fd)
    return None, "missing"


class IgnoreRules:
    """The few .gitignore forms the project uses: /anchored, dir/, *.glob (no negation)."""

    def __init__(self, path):
        self.rules = []
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except OSError:
            lines = []
        for line in lines:
            line = line.strip()
            if not line or line.startswith("#") or line.startswith("!"):
                continue
            dir_only = line.endswith("/")
            line = line.rstrip("/")
            anchored = "/" in line
            self.rules.append((line.lstrip("/"), anchored, dir_only))

    def ignored(self, rel, is_dir):
        name = rel.rsplit("/", 1)[-1]
        for pat, anchored, dir_only in self.rules:
            if dir_only and not is_dir:
                continue
            if fnmatch.fnmatchcase(rel if anchored else name, pat):
                return True
        return False


class Walk:
    """Every entry of a submission folder (open as ROOT_FD), less its top .git and the
    paths the project's .gitignore ignores: entries{rel: kind}, kind ("file", size),
    ("link", target) or ("other", what it is); problems [(rel, why)] (unreadable, too
    deep, too many); truncated: the walk did not see everything; stopped: it ended at
    MAX_ENTRIES (a folder nested too deep is left out alone)."""

    def __init__(self, root_fd, ignore):
        self.entries = {}
        self.problems = []
        self.truncated = False
        self.stopped = False
        self.count = 0
        self._ignore = ignore
        self._scan(os.dup(root_fd), "", 0)

    def _scan(self, fd, prefix, depth):
        try:
            try:
                names = sorted(os.listdir(fd))
            except OSError as e:
                self.problems.append((prefix.rstrip("/") or ".", "unreadable folder (%s)" % e.strerror))
                return
            for name in names:
                if self.stopped:
                    return
                self.count += 1
                if self.count > MAX_ENTRIES:
                    self.truncated = self.stopped = True
                    self.problems.append((".", "the walk stopped after %d entries: the rest was not compared" % MAX_ENTRIES))
                    return
                rel = prefix + name
                if rel == ".git":
                    continue
                try:
                    st = os.lstat(name, dir_fd=fd)
                except OSError as e:
                    self.entries[rel] = ("other", "unreadable (%s)" % e.strerror)
                    continue
                is_dir = stat.S_ISDIR(st.st_mode)
                if self._ignore.ignored(rel, is_dir):
                    continue
                if is_dir:
                    if depth + 1 >= MAX_DEPTH:
                        self.truncated = True
                        self.problems.append((rel, "folders nested over %d deep: not read" % MAX_DEPTH))
                        continue
                    try:
                        sub = os.open(name, DIR_FLAGS, dir_fd=fd)
                    except OSError as e:
                        self.entries[rel] = ("other", "unreadable folder (%s)" % e.strerror)
                        continue
                    self._scan(sub, rel + "/", depth + 1)
                elif stat.S_ISREG(st.st_mode):
                    self.entries[rel] = ("file", st.st_size)
                elif stat.S_ISLNK(st.st_mode):
                    self.entries[rel] = ("link", link_text(name, fd))
                else:
                    self.entries[rel] = ("other", kind_of(st.st_mode))
        finally:
            os.close(fd)


def starter_files(root):
    """{rel: ("file", size) or ("link", target)} of the starter (a trusted tree)."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        for name in dirnames[:]:
            full = os.path.join(dirpath, name)
            if os.path.islink(full):
                dirnames.remove(name)
                filenames.append(name)
        for name in filenames:
            full = os.path.join(dirpath, name)
            rel = name if rel_dir == "." else rel_dir + "/" + name
            if os.path.islink(full):
                out[rel] = ("link", show(os.readlink(full)))
            elif os.path.isfile(full):
                out[rel] = ("file", os.path.getsize(full))
    return out


def same_content(root_fd, rel, starter_path):
    """Whether the submission's REL (a plain file, opened without following links) holds
    exactly the starter file's bytes; read in blocks, never more than the starter's size."""
    parts = rel.split("/")
    fd = os.dup(root_fd)
    try:
        for part in parts[:-1]:
            nfd = os.open(part, DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = nfd
        ffd = os.open(parts[-1], FILE_FLAGS, dir_fd=fd)
    except OSError:
        os.close(fd)
        return False
    os.close(fd)
    try:
        if not stat.S_ISREG(os.fstat(ffd).st_mode):
            return False
        with open(starter_path, "rb") as ref:
            while True:
                want = ref.read(1 << 16)
                got = b""
                while len(got) < len(want):
                    chunk = os.read(ffd, len(want) - len(got))
                    if not chunk:
                        break
                    got += chunk
                if got != want:
                    return False
                if not want:
                    return os.read(ffd, 1) == b""
    except OSError:
        return False
    finally:
        os.close(ffd)


def differences(root_fd, starter_root, skip, ignore):
    """[(rel, change)] for every path of the submission that differs from the starter:
    changed, added, deleted, a link, not a plain file; SKIP: paths left out (the graded
    exercise files). Sorted by path. Also whether the comparison is complete."""
    walk = Walk(root_fd, ignore)
    starter = starter_files(starter_root)
    out = []
    for rel, kind in walk.entries.items():
        if rel in skip:
            continue
        ref = starter.get(rel)
        if kind[0] == "file":
            if ref is None:
                out.append((rel, "added"))
            elif ref[0] != "file":
                out.append((rel, "a plain file in place of a symbolic link"))
            elif ref[1] != kind[1] or not same_content(root_fd, rel, os.path.join(starter_root, rel)):
                out.append((rel, "changed"))
        elif kind[0] == "link":
            if ref != ("link", kind[1]):
                out.append((rel, "symbolic link to %s (not followed)%s" % (kind[1], "" if ref else ", added")))
        else:
            out.append((rel, kind[1] + ("" if ref else ", added")))
    if not walk.stopped:
        for rel in starter:
            if rel not in walk.entries and rel not in skip and not ignore.ignored(rel, False):
                out.append((rel, "deleted"))
    for rel, why in walk.problems:
        out.append((rel, why))
    out.sort(key=lambda x: x[0])
    return out, not walk.truncated
