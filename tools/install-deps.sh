#!/usr/bin/env bash
# Install the Debian/Ubuntu packages fftlab needs, if any are missing.
#
#   tools/install-deps.sh [--ci] [--dry-run] [--release ID:VERSION]
#
#   --ci        also what CI runs: valgrind, the clFFT and VkFFT bench peers, NumPy, clang
#               with its libFuzzer runtime
#   --dry-run   print the release, the packages, which are missing and the command that
#               would install them; install nothing (no root needed)
#   --release   with --dry-run: the package list of another release (debian:12, debian:13,
#               ubuntu:22.04, ubuntu:24.04) instead of this system's
#
#   - as root: runs apt-get itself; otherwise sudo when it can ask for it, else it prints the
#     exact command and stops
#   - installs with `apt-get satisfy`, so an entry "a | b" takes whichever the release has
#
# Packages: a C compiler and make, the OpenCL ICD loader + headers, pocl (the CPU OpenCL
# device everything is graded on), FFTW3 (the reference), perl's prove (tests), Open MPI
# and FFTW-MPI (chapter 10_distributed: mpicc, mpirun, its reference); pkg-config finds
# the libraries (Makefile); jq, python3 (with yaml) and xmllint (libxml2-utils) check the
# JSON, JUnit XML and YAML that make test, make grade and make classroom write; git lists
# the files of the student edition (make student-edition, tests/student_edition.t).
# CI also runs the memcheck pass (make valgrind) and the clFFT and VkFFT peers of make
# bench (optional for a learner: make bench skips a peer whose library is missing), NumPy
# for 09_real_input's checks against numpy.fft.rfft (skipped without it), and clang with
# its libFuzzer runtime for make fuzz and tests/fuzz_corpus.t.
#
# Releases (package names checked against packages.debian.org / packages.ubuntu.com):
#   Debian 12 (bookworm)  tested: every package below, pocl 3.1 (its CPU device is named
#                         "pthread-..."), Open MPI 4.1, GCC 12, clang-14
#   Debian 13 (trixie)    tested in a fresh chroot (tools/ci/fresh-chroot.sh trixie):
#                         pocl 6.0 (its CPU device is named "cpu-..."), Open MPI 5.0, GCC 14;
#                         --ci takes clang-19 and libclang-rt-19-dev (trixie has no clang-14)
#   Ubuntu 24.04 (noble)  package names checked, not run (no Ubuntu archive reachable;
#                         Debian 13's newer pocl stands in): pocl 5.0, CPU device "cpu-...",
#                         Open MPI 4.1; --device cpu picks pocl's CPU device on every pocl;
#                         libclang-rt-14-dev exists (universe)
#   Ubuntu 22.04 (jammy)  not tested here: pocl 1.8; clang-14's fuzzer runtime is in
#                         libclang-common-14-dev (there is no libclang-rt-14-dev);
#                         VkFFT is 1.2.17 (Debian 12 has 1.2.x too)
# On Ubuntu, pocl, clinfo, clFFT, VkFFT and (24.04) clang-14 come from the universe
# component (Open MPI's packages too, as far as known): the script stops, saying how to
# enable it, when the apt sources have no universe.
set -euo pipefail

CI=0 DRY=0 RELEASE=
while (($#)); do
    case $1 in
    --ci) CI=1 ;;
    --dry-run) DRY=1 ;;
    --release) RELEASE=${2:-}; shift ;;
    --release=*) RELEASE=${1#*=} ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "deps: unknown option '$1' (--ci, --dry-run, --release ID:VERSION)" >&2; exit 2 ;;
    esac
    shift
done

# This system's release, from /etc/os-release (ID and VERSION_ID).
os_id=unknown os_ver=
if [ -r /etc/os-release ]; then
    os_id=$(. /etc/os-release && echo "${ID:-unknown}")
    os_ver=$(. /etc/os-release && echo "${VERSION_ID:-}")
fi
if [ -n "$RELEASE" ]; then
    [ "$DRY" = 1 ] || { echo "deps: --release is for --dry-run (this system is $os_id $os_ver)" >&2; exit 2; }
    [[ $RELEASE == *:* ]] || { echo "deps: --release wants ID:VERSION, like ubuntu:22.04" >&2; exit 2; }
    rel_id=${RELEASE%%:*} rel_ver=${RELEASE#*:}
else
    rel_id=$os_id rel_ver=$os_ver
fi

packages=(gcc make libc6-dev ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd
          libfftw3-dev perl clinfo gnuplot-nox openmpi-bin libopenmpi-dev libfftw3-mpi-dev
          pkg-config jq python3 python3-yaml libxml2-utils git)
if [ "$CI" = 1 ]; then
    packages+=(valgrind libclfft-dev libvkfft-dev python3-numpy)
    # clang and its libFuzzer runtime, the version the release has: clang-14 with
    # libclang-rt-14-dev on Debian 12 and Ubuntu 24.04 (only recommended by
    # libclang-common-14-dev there: --no-install-recommends skips it); clang-19 with
    # libclang-rt-19-dev on Debian 13 (its LLVM; there is no clang-14); the runtime inside
    # libclang-common-14-dev on Ubuntu 22.04; either one elsewhere
    case $rel_id:$rel_ver in
    ubuntu:22.04) packages+=(clang-14 libclang-common-14-dev) ;;
    debian:12 | ubuntu:24.04) packages+=(clang-14 libclang-rt-14-dev) ;;
    debian:13) packages+=(clang-19 libclang-rt-19-dev) ;;
    *) packages+=(clang-14 "libclang-rt-14-dev | libclang-common-14-dev") ;;
    esac
fi

case $rel_id:$rel_ver in
debian:12) named="Debian 12 (bookworm)" tested="tested" ;;
debian:13) named="Debian 13 (trixie)" tested="tested in a fresh chroot, tools/ci/fresh-chroot.sh" ;;
ubuntu:24.04) named="Ubuntu 24.04 (noble)" tested="package names checked, not tested" ;;
ubuntu:22.04) named="Ubuntu 22.04 (jammy)" tested="package names checked, not tested" ;;
*) named="$rel_id $rel_ver" tested="not a release the project knows: the Debian 12 names are used" ;;
esac

# Ubuntu: the universe component must be in the apt sources.
universe_ok=1
if [ "$rel_id" = ubuntu ] && [ -z "$RELEASE" ]; then
    grep -rqsw universe /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null || universe_ok=0
fi
universe_hint="enable it with 'sudo add-apt-repository universe' (or add universe to Components in /etc/apt/sources.list.d/ubuntu.sources), then run this again"

# An entry is present when one of its alternatives is installed.
installed() {
    local alt
    IFS='|' read -r -a alts <<<"$1"
    for alt in "${alts[@]}"; do
        alt=${alt// /}
        dpkg-query -W -f='${Status}' "$alt" 2>/dev/null | grep -q 'install ok installed' && return 0
    done
    return 1
}
missing=()
if [ -z "$RELEASE" ] && command -v dpkg-query >/dev/null 2>&1; then
    for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
else
    missing=("${packages[@]}")
fi
quoted=
for p in "${missing[@]}"; do quoted+=" '$p'"; done
install_cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get satisfy -y --no-install-recommends$quoted"

if [ "$DRY" = 1 ]; then
    echo "deps: release $rel_id $rel_ver, $named: $tested$( [ -n "$RELEASE" ] && echo " (given by --release)")"
    echo "deps: packages: $(printf '%s, ' "${packages[@]}" | sed 's/, $//')"
    [ "$rel_id" = ubuntu ] && echo "deps: on Ubuntu, universe is needed: pocl-opencl-icd, clinfo$( [ "$CI" = 1 ] && echo ", libclfft-dev, libvkfft-dev, clang-14 (24.04)") (and Open MPI's packages, as far as known) come from it"
    [ "$universe_ok" = 1 ] || echo "deps: universe is not in this system's apt sources: $universe_hint"
    if [ ${#missing[@]} -eq 0 ]; then
        echo "deps: all present"
    else
        echo "deps: would run: $install_cmd"
    fi
    exit 0
fi

if [ ${#missing[@]} -eq 0 ]; then
    echo "deps: all present (${packages[*]})"
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "deps: missing ${missing[*]}, and this is not a Debian/Ubuntu system (no apt-get)." >&2
    echo "deps: install the equivalents of: ${missing[*]}" >&2
    exit 1
fi
if [ "$universe_ok" = 0 ]; then
    echo "deps: missing ${missing[*]}; on Ubuntu some come from the universe component, which the apt sources lack: $universe_hint" >&2
    exit 1
fi

echo "deps: installing ${missing[*]} ($named: $tested)"
if [ "$(id -u)" -eq 0 ]; then
    sh -c "$install_cmd"
elif command -v sudo >/dev/null 2>&1 && { sudo -n true 2>/dev/null || [ -t 0 ]; }; then
    sudo sh -c "$install_cmd"
else
    echo "deps: need root to install packages. Run this, then 'make run' again:" >&2
    echo "  sudo sh -c \"$install_cmd\"" >&2
    exit 1
fi
echo "deps: done"
