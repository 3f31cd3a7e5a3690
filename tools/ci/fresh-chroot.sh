#!/usr/bin/env bash
# tools/ci/fresh-chroot.sh RELEASE — the README's first two steps on a fresh Debian RELEASE
# (bookworm, trixie): a minimal chroot made by debootstrap, the repository copied in, then
# `make run` (installs what is missing, builds, runs the tour) and `make test` inside, each
# timed; then the chroot is removed. Proof that the project runs where students are.
#
#   sudo tools/ci/fresh-chroot.sh trixie                # ~30 min on 2 cores, ~1.5 GB disk
#   sudo tools/ci/fresh-chroot.sh --clone bookworm      # a git clone instead of an archive
#   sudo tools/ci/fresh-chroot.sh --keep-log DIR trixie # where the logs go (default below)
#
#   --clone     copy the repository as `git clone` of this checkout (a .git inside; the
#               student edition is then tested); default: `git archive HEAD`, the files
#               of the last commit and no .git, like a download of the repository as an
#               archive (tests/student_edition.t then skips, saying why)
#   --log DIR   the logs: debootstrap.log, run.log, test.log, ci.log, summary.txt
#               (default: ${TMPDIR:-/tmp}/fresh-chroot-RELEASE-YYYYmmddTHHMMSS)
#
# What runs where:
#   - debootstrap --variant=minbase RELEASE from the Debian mirror apt already uses here
#     (the first URIs:/deb line of /etc/apt/sources.list and sources.list.d/ that is not
#     the security archive), with make and nothing else added (ca-certificates too when
#     the mirror is https);
#   - /proc, /sys, /dev/pts and /dev/shm (Open MPI's shared memory) mounted into it, the
#     chroot's own instances (no bind mount of the host's); /etc/resolv.conf copied in;
#   - as root inside, in /root/fftlab, with a clean environment: make run, make test; then
#     whether tools/install-deps.sh --ci's packages are installable there (apt-get satisfy
#     --simulate), since CI installs them;
#   - the committed files only (HEAD): commit first.
# Cleanup (also on Ctrl-C or an error): every process whose root is the chroot is ended,
# every mount under the chroot is unmounted (deepest first) and checked gone in
# /proc/self/mounts, and only then is the tree removed (rm --one-file-system). If a mount
# will not go, the tree is left in place and the script says so: it never deletes through
# a live mount.
#
# Needs root and debootstrap (apt-get install debootstrap). Ubuntu's archive is not used
# (none may be reachable): Debian 13's pocl 6 and Open MPI 5 stand in for Ubuntu 24.04's.
# Exit status: 0 make run and make test passed and the CI packages are installable; 1 one
# of them failed (summary.txt says which); 2 usage or setup (not root, no debootstrap, no
# mirror found, debootstrap failed).
set -uo pipefail

usage() { echo "usage: $0 [--clone] [--log DIR] RELEASE   (RELEASE: bookworm or trixie)" >&2; exit 2; }
clone=0 logdir= release=
while (($#)); do
    case $1 in
    --clone) clone=1 ;;
    --log) logdir=${2:-}; [ -n "$logdir" ] || usage; shift ;;
    -h | --help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) usage ;;
    *) [ -z "$release" ] || usage; release=$1 ;;
    esac
    shift
done
case $release in
bookworm | trixie) ;;
*) usage ;;
esac
[ "$(id -u)" -eq 0 ] || { echo "fresh-chroot: needs root (debootstrap, mount, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null 2>&1 ||
    { echo "fresh-chroot: debootstrap is not installed: apt-get install debootstrap" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
git -C "$root" rev-parse --verify -q HEAD >/dev/null ||
    { echo "fresh-chroot: $root is not a git checkout with a commit (the chroot gets HEAD)" >&2; exit 2; }

# The Debian mirror apt uses here: deb822 .sources (URIs:) or one-line .list (deb URL ...).
mirror=$(
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
        [ -r "$f" ] || continue
        case $f in
        *.sources) sed -n 's/^URIs:[[:space:]]*//p' "$f" | tr ' ' '\n' ;;
        *) sed -n 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*\).*/\2/p' "$f" ;;
        esac
    done | grep -v -e '-security' -e '^$' | grep -m1 '/debian/\{0,1\}$')
[ -n "$mirror" ] || { echo "fresh-chroot: no Debian mirror in /etc/apt/sources.list*" >&2; exit 2; }

stamp=$(date -u +%Y%m%dT%H%M%S)
logdir=${logdir:-${TMPDIR:-/tmp}/fresh-chroot-$release-$stamp}
mkdir -p "$logdir" || exit 2
dir=$(mktemp -d "${FRESH_CHROOT_BASE:-/var/tmp}/fftlab-chroot-dir.$release.XXXXXX") || exit 2
summary=$logdir/summary.txt
say() { printf '%s\n' "$*" | tee -a "$summary"; }

# Mount points under the chroot, deepest first (from the kernel's own table).
mounts_under() {
    awk -v d="$dir" '{ p = $2; gsub(/\\040/, " ", p); if (p == d || index(p, d "/") == 1) print p }' \
        /proc/self/mounts | sort -r
}
cleanup() {
    trap - EXIT INT TERM
    local pid pids=() m left
    for pid in /proc/[0-9]*; do   # processes inside the chroot: this script's children
        [ "$(readlink "$pid/root" 2>/dev/null)" = "$dir" ] && pids+=("${pid#/proc/}")
    done
    if ((${#pids[@]})); then
        kill -TERM "${pids[@]}" 2>/dev/null
        sleep 2
        kill -KILL "${pids[@]}" 2>/dev/null
        sleep 1
    fi
    for m in $(mounts_under); do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null; done
    left=$(mounts_under)
    if [ -n "$left" ]; then
        echo "fresh-chroot: still mounted, so $dir is NOT removed (unmount these, then rm -rf it):" >&2
        printf '  %s\n' $left >&2
        return 1
    fi
    rm -rf --one-file-system "$dir"
    [ ! -e "$dir" ] && echo "fresh-chroot: $dir removed, nothing left mounted"
}
trap 'cleanup; exit 130' INT TERM
trap 'cleanup' EXIT

say "fresh-chroot: Debian $release from $mirror into $dir; logs in $logdir"
include=make
case $mirror in https:*) include=make,ca-certificates ;; esac
t0=$(date +%s)
if ! debootstrap --variant=minbase --include="$include" "$release" "$dir" "$mirror" \
        >"$logdir/debootstrap.log" 2>&1; then
    say "fresh-chroot: debootstrap failed (tail of $logdir/debootstrap.log):"
    tail -n 15 "$logdir/debootstrap.log" >&2
    exit 2
fi
say "debootstrap: $(($(date +%s) - t0)) s"

cp /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null
# /dev: the device nodes debootstrap made (null, zero, urandom, tty ...), a devpts and a
# tmpfs of the chroot's own; nothing of the host's /dev is mounted in.
mkdir -p "$dir/dev/pts" "$dir/dev/shm"
mount -t proc proc "$dir/proc" &&
    mount -t sysfs sysfs "$dir/sys" &&
    mount -t devpts -o newinstance,ptmxmode=0666 devpts "$dir/dev/pts" &&
    mount -t tmpfs -o mode=1777 shm "$dir/dev/shm" ||
    { say "fresh-chroot: mounting /proc, /sys, /dev/pts, /dev/shm failed"; exit 2; }

if [ $clone = 1 ]; then
    git clone -q "$root" "$dir/root/fftlab" || { say "fresh-chroot: git clone failed"; exit 2; }
    how="git clone of $(git -C "$root" rev-parse --short HEAD)"
else
    mkdir -p "$dir/root/fftlab" &&
        git -C "$root" archive --format=tar HEAD | tar -x -C "$dir/root/fftlab" ||
        { say "fresh-chroot: git archive failed"; exit 2; }
    how="git archive of $(git -C "$root" rev-parse --short HEAD), no .git"
fi
say "repository: $how"

# in_chroot LOG COMMAND: one bash -c inside, as root, clean environment, logged.
in_chroot() {
    local log=$1
    shift
    chroot "$dir" /usr/bin/env -i HOME=/root USER=root LOGNAME=root TERM=dumb LANG=C.UTF-8 \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        /bin/bash -c "cd /root/fftlab && $*" </dev/null >"$log" 2>&1
}
say "system: $(. "$dir/etc/os-release" && echo "$PRETTY_NAME"), $(nproc) cores"
fail=0
t0=$(date +%s)
in_chroot "$logdir/run.log" make run
rc=$?
say "make run: exit $rc, $(($(date +%s) - t0)) s; $(grep -a -m1 '^tour: ' "$logdir/run.log" || echo 'no tour line')"
[ $rc = 0 ] || fail=1
say "versions: $(in_chroot /dev/stdout "dpkg-query -W -f='\${Package} \${Version}; ' pocl-opencl-icd openmpi-bin gcc git 2>/dev/null")"
t0=$(date +%s)
in_chroot "$logdir/test.log" make test
rc=$?
say "make test: exit $rc, $(($(date +%s) - t0)) s"
grep -a -E '^(Files=|Result:|Failed|tests/.*(Failed|Dubious)|run-tests:)' "$logdir/test.log" | tee -a "$summary"
[ $rc = 0 ] || fail=1
cp "$dir/root/fftlab/build/junit.xml" "$logdir/" 2>/dev/null
# tools/install-deps.sh --ci's packages (what CI installs) exist on this release?
in_chroot "$logdir/ci.log" "tools/install-deps.sh --ci --dry-run && \
    mapfile -t p < <(tools/install-deps.sh --ci --dry-run | sed -n 's/^deps: packages: //p' | sed 's/, /\n/g') && \
    apt-get satisfy -s --no-install-recommends \"\${p[@]}\""
rc=$?
say "tools/install-deps.sh --ci packages installable (apt-get satisfy -s): $([ $rc = 0 ] && echo yes || echo "NO, see $logdir/ci.log")"
[ $rc = 0 ] || fail=1
say "fresh-chroot: $release $([ $fail = 0 ] && echo PASS || echo FAIL)"
exit $fail
