#!/usr/bin/env bash
# The host code under valgrind's memcheck: the unit tests that need no OpenCL, then one
# small run of every chapter on pocl (slow under valgrind: pocl compiles with LLVM, so
# sizes stay tiny). Fails on any invalid read/write, uninitialised use, or leak in our code.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-build}
cd "$root"
vg=(valgrind --quiet --error-exitcode=99 --suppressions=tests/valgrind.supp --track-origins=yes)
status=0
count=0
failed=0
# pocl compiles a kernel the first time it meets it, and under valgrind that compile (LLVM,
# instrumented) takes 50-130 s a program; the run itself, from pocl's kernel cache, 7-10 s.
# So each chapter run goes first without valgrind, to put its kernels in the cache. The
# cache key holds the CPU pocl compiles for and its kernel library, and valgrind's CPU
# lacks the host's newest features (AVX-512 here): both are pinned to plain x86-64 (SSE2),
# for the run without valgrind and the run under it alike, so that the second finds what
# the first compiled (2026-11-26, 2 cores: 06 at 16 x 2 under valgrind 104 s before, 7 s).
# (Only where Debian's pocl keeps an SSE2 kernel library; elsewhere the cases compile
# under valgrind, slowly.)
if [ "$(uname -m)" = x86_64 ] && compgen -G '/usr/share/pocl/kernel-x86_64-*-sse2.bc' >/dev/null; then
    export POCL_LLVM_CPU_NAME=${POCL_LLVM_CPU_NAME:-x86-64}
    export POCL_KERNELLIB_NAME=${POCL_KERNELLIB_NAME:-sse2}
fi
# The CPU fence (common/fence.c: buffers between PROT_NONE regions) is off here: under
# valgrind its mappings may not be granted, and a fenced run builds with other options
# (-cl-kernel-arg-info), so the run under valgrind would miss the kernels the run before
# it put in the cache and compile them under valgrind. Memcheck watches the host's
# accesses itself; the fence has its own tests (tests/grader_bounds.t, under ASan too).
export FFTLAB_FENCE=0
run() {
    count=$((count + 1))
    case $* in
        *" $build/tests/test_"*) ;;                 # unit tests: no kernels
        *) "${@:2}" >/dev/null 2>&1 ;;              # (its own problems show under valgrind)
    esac
    if "${vg[@]}" "$@" >/tmp/fftlab-vg.$$ 2>&1; then
        echo "ok $count - valgrind $*"
    else
        echo "not ok $count - valgrind $* (exit $?)"
        failed=$((failed + 1))
        sed 's/^/# /' /tmp/fftlab-vg.$$ | tail -n 40
        status=1
    fi
}
for t in "$build"/tests/test_*; do
    case $t in *test_device*) continue ;; esac   # needs the OpenCL runtime: covered below
    [ -x "$t" ] && run --leak-check=full --errors-for-leak-kinds=definite "$t"
done
# The OpenCL runtime keeps memory until exit; leaks are checked on the unit tests.
# Every chapter's verification path, then the timing path once (it measures the copy
# bandwidth on 2^25 elements, which pocl runs very slowly under valgrind: ~2 min).
for ch in chapters/[0-9][0-9]_*/; do
    [ "$(basename "$ch")" = 10_distributed ] && continue   # 2-D and 3-D only: below
    run --leak-check=no "$build/$(basename "$ch")" --size 16 --batch 2 --repeat 0
done
# A 2-D and a 3-D shape (the runs above give 07_multidim a 1-D size), both variants.
if [ -x "$build/07_multidim" ]; then
    run --leak-check=no "$build/07_multidim" --size 4x6 --batch 2 --repeat 0
    run --leak-check=no "$build/07_multidim" --size 3x4x5 --variant transpose --inverse --repeat 0
fi
# 06's --tune (common/fft/tune.c: candidates built, timed per launch, the best kept), on a
# two-pass size with one candidate besides the default, with --repeat 0 so the copy
# bandwidth is not measured again (8192 with no_parts: by default it is one pass in
# parts, with nothing to tune); then that one pass in parts.
[ -x "$build/06_mixed_radix" ] &&
    FFTLAB_TUNE_SHAPES=256x8 run --leak-check=no "$build/06_mixed_radix" --size 8192 --variant no_parts \
        --tune --repeat 0
[ -x "$build/06_mixed_radix" ] &&
    run --leak-check=no "$build/06_mixed_radix" --size 8192 --repeat 0
# 09's column pairs (the default for 1-D R2C rows whose N/2 takes several passes; size 16
# above is fused's one pass): their planner, tables and launches, and fused's C2R back.
[ -x "$build/09_real_input" ] &&
    run --leak-check=no "$build/09_real_input" --size 2^14 --repeat 0
# 11's other plans: the middle two passes in one (M = 4200), and a 2-D grid (columns and
# fused rows); size 16 above is one kernel.
if [ -x "$build/11_convolution" ]; then
    run --leak-check=no "$build/11_convolution" --size 4096 --batch 2 --repeat 0
    run --leak-check=no "$build/11_convolution" --size 12x20 --mode circular --filter-size 3 --repeat 0
    # real data (09's R2C and C2R), overlap-save's blocks, and a task (its temporary files,
    # the harness run inside it, the PGM written)
    run --leak-check=no "$build/11_convolution" --real --size 20 --filter-size 5 --repeat 0
    run --leak-check=no "$build/11_convolution" --variant overlap_save --size 100 --filter-size 5 \
        --repeat 0
    run --leak-check=no "$build/11_convolution" --task blur --size 16x16 --sigma 1 \
        --output "${TMPDIR:-/tmp}/fftlab-vg-blur.$$.pgm"
    rm -f "${TMPDIR:-/tmp}/fftlab-vg-blur.$$.pgm"
fi
# 10_distributed as one MPI rank without mpirun (a singleton): its host code — slabs, one
# rank's pipeline (no exchange: going_further/one_rank.c), FFTW-MPI. Not as 2 ranks
# under mpirun: there Open MPI 4.1.4 itself makes valgrind report "Syscall param
# writev(vector[...]) points to uninitialised byte(s)", even for an MPI hello world with
# one MPI_Alltoall. (This run takes ~3 min on pocl, 2 cores.)
if [ -x "$build/10_distributed" ]; then
    run --leak-check=no "$build/10_distributed" --size 16x12 --batch 2 --repeat 0
fi
run --leak-check=no "$build/02_radix2" --size 16 --batch 2 --repeat 2 --warmup 1
# The plain host program (docs/plain-host.md): OpenCL alone, every object released.
[ -x "$build/02_plain_host" ] && run --leak-check=no "$build/02_plain_host"
echo "1..$count"
echo "valgrind: $((count - failed)) passed, $failed failed"
rm -f /tmp/fftlab-vg.$$
exit $status
