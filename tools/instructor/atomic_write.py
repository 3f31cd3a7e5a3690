"""Files the instructor tools write appear whole or not at all.

write_whole({path: text}) writes every file to a fresh temporary file in its own folder
first, and only when all of them are written renames each over its path; a path that is
a symbolic link, a folder or another non-plain file is refused (OSError) before anything
is renamed, so a link cannot redirect a report.
"""

import os
import stat
import tempfile


def write_whole(files):
    temps = []
    try:
        for path, text in files.items():
            try:
                st = os.lstat(path)
                if not stat.S_ISREG(st.st_mode):
                    raise OSError("cannot write %s: it exists and is not a plain file "
                                  "(a link, folder or device)" % path)
            except FileNotFoundError:
                pass
            folder, name = os.path.split(path)
            fd, tmp = tempfile.mkstemp(dir=folder or ".", prefix="." + name + ".")
            temps.append((tmp, path))
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        for tmp, path in temps:
            os.replace(tmp, path)
        temps = []
    finally:
        for tmp, _ in temps:
            try:
                os.unlink(tmp)
            except OSError:
                pass
