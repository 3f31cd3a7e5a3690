#!/usr/bin/env bash
# Install the Debian/Ubuntu packages fftlab needs, if any are missing.
#   - as root: runs apt-get itself
#   - otherwise: uses sudo when it can ask for it, else prints the exact command and stops
# Packages: a C compiler and make, the OpenCL ICD loader + headers, pocl (the CPU
# OpenCL device everything is graded on), FFTW3 (the reference), perl's prove (tests),
# Open MPI and FFTW-MPI (chapter 10_distributed: mpicc, mpirun, its reference).
set -euo pipefail

packages=(gcc make libc6-dev ocl-icd-opencl-dev opencl-c-headers pocl-opencl-icd
          libfftw3-dev perl clinfo gnuplot-nox openmpi-bin libopenmpi-dev libfftw3-mpi-dev
          pkg-config jq python3)
# pkg-config finds the libraries (Makefile); jq and python3 check the JSON and JUnit XML
# that make test and make grade write.
# CI also runs the memcheck pass (make valgrind) and the clFFT and VkFFT peers of make
# bench (optional for a learner: make bench skips a peer whose library is missing),
# NumPy for 09_real_input's checks against numpy.fft.rfft (skipped without it), and clang
# with its libFuzzer runtime for make fuzz and tests/fuzz_corpus.t (libclang-rt-14-dev is
# only recommended by clang-14's libclang-common-14-dev: --no-install-recommends skips it).
[ "${1:-}" = "--ci" ] && packages+=(valgrind libclfft-dev libvkfft-dev python3-numpy clang-14 libclang-rt-14-dev)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "deps: all present (${packages[*]})"
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "deps: missing ${missing[*]}, and this is not a Debian/Ubuntu system (no apt-get)." >&2
    echo "deps: install the equivalents of: ${missing[*]}" >&2
    exit 1
fi

install_cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
echo "deps: installing ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
    sh -c "$install_cmd"
elif command -v sudo >/dev/null 2>&1 && { sudo -n true 2>/dev/null || [ -t 0 ]; }; then
    sudo sh -c "$install_cmd"
else
    echo "deps: need root to install packages. Run this, then 'make run' again:" >&2
    echo "  sudo sh -c '$install_cmd'" >&2
    exit 1
fi
echo "deps: done"
