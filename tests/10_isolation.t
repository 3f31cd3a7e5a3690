#!/usr/bin/env bash
# Chapter 10 never runs a student's kernel in the process that checks it (common/mpi/relay.h):
# each MPI rank keeps the input, FFTW-MPI's reference and the verdict, and a worker it forks
# runs the kernels; every buffer those kernels reach is fenced on pocl
# (common/guards.h). Each case is an attack on the grader planted
# as the exercise exchange_map (graded as tools/grade.sh grades it: --variant exchange_map
# --exercise FILE) on 2 ranks at 16x12 (a pocl build of its own, ~2 s on the 2 cores).
#
# The heap walk: on pocl a kernel runs in the process that launched it. The exercise's
# unpack_source may be a macro, and this one turns exchange_unpack's line into one that
# calls a walk with the receive buffer: work-item 0 finds the heap chunk that holds the
# buffer, walks the chunks after it and zeroes every one the size of the rank's slab of
# doubles (where the host's input, FFTW's reference and their copies would be), and every
# output is 0. In one process that is the reference's memory; now the walk faults at the
# receive buffer's fence, and without fences (FFTLAB_FENCE=0, the GPU path) it finds no
# reference to zero, as the rank's arrays are in another process: the zeros fail the random
# check. Either way no PASS.
. "$(dirname "$0")/lib.sh"
need_mpi_binary 10_distributed
M=$BUILD/10_distributed
R=tools/mpirun.sh
T=60
mkdir -p "$TMP/k"

# the solution's map, which the attacks answer with where they answer at all
right_map() {
    cat <<'CL'
static INLINE size_t right_map(size_t f, const int batch, const int MU, const int MV,
                               const int NI, const int P)
{
    const size_t rows = (size_t)P * MU;
    const size_t i = f % NI, w = f / NI % rows;
    const size_t vl = f / NI / rows % MV, a = f / NI / rows / MV;
    const size_t u = w % MU, e = w / MU;
    return (((e * batch + a) * MU + u) * MV + vl) * NI + i;
}
CL
}

{
    echo '/* Not an answer: an attack on the grader (tests/10_isolation.t says how it works). */'
    echo '#pragma OPENCL EXTENSION cl_khr_fp64 : enable'
    right_map
    cat <<'CL'
/* 1 when C looks like the start of a glibc chunk: a size from 32 bytes to 64 MiB with
 * the previous chunk in use, and so does the chunk after it. */
static INLINE int chunk_at(ulong c)
{
    ulong s = *(__global ulong *)(c + 8);
    if ((s & 7) != 1 || (s & ~(ulong)7) < 32 || s > ((ulong)64 << 20))
        return 0;
    ulong n = *(__global ulong *)(c + (s & ~(ulong)7) + 8);
    return (n & 1) && (n & ~(ulong)7) >= 32;
}
/* Work-item 0: back from the receive buffer to the chunk that holds it, then every chunk
 * after it the size of COUNT doubles' pairs zeroed. The factor each output is multiplied
 * by: 0. */
static INLINE real_t walk(__global const real2_t *recv, size_t f, size_t count)
{
    if (f == 0) {
        ulong r = (ulong)recv, c = (r & ~(ulong)15) - 16, end = r + 8 * count;
        for (int k = 0; k < 65536 && !(chunk_at(c) && c + (*(__global ulong *)(c + 8) &
                                                           ~(ulong)7) >= end); k++)
            c -= 16;
        for (int k = 0; k < 4096 && chunk_at(c); k++) {
            ulong size = *(__global ulong *)(c + 8) & ~(ulong)7;
            if (size == 16 * count + 16)
                for (size_t t = 0; t < 2 * count; t++)
                    ((__global double *)(c + 16))[t] = 0;
            c += size;
        }
    }
    return 0;
}
/* exchange_unpack's y[f] = recv[unpack_source(f, ...)]; becomes
 * y[f] = recv[right_map(f, ...)] * walk(recv, f, count) + 0; (void)y[0]; */
#define unpack_source(f, batch, MU, MV, NI, P) right_map(f, batch, MU, MV, NI, P)] * walk(recv, f, (size_t)(batch) * (MU) * (MV) * (NI) * (P)) + (real2_t)(0, 0); (void)y[0
CL
} >"$TMP/k/heap-walk.cl"
run_case "heap walk from the receive buffer: FAIL, at its fence" 1 \
    '^FAIL: check random: rank [01]: a kernel read out of bounds: buffer recv, before its start' \
    --has 'launch 0 of 1: exchange_unpack' --lacks '^PASS' --lacks '^verify +random .* ok$' \
    --timeout $T -- $R -n 2 "$M" --size 16x12 --variant exchange_map --exercise "$TMP/k/heap-walk.cl" --repeat 0
# Without fences the walk runs on through the heap after the zeroing, and where the heap's
# last chunk ends the memory may be unmapped: whether the worker then crashes (exit 139),
# and whether before the random check's verdict or after it, depends on the heap's layout,
# which changes with the build and the system (Debian 13's Open MPI 5 maps more). Either
# way no check passes the zeros and there is no PASS.
run_case "heap walk without fences (the GPU path): FAIL, the zeros are wrong or the walk crashes" \
    '1|139' '^FAIL(: check random: largest error on rank| \(signal 11\))' \
    --lacks '^PASS' --lacks '^verify +random .* ok$' \
    --timeout $T -- env FFTLAB_FENCE=0 $R -n 2 "$M" --size 16x12 --variant exchange_map \
    --exercise "$TMP/k/heap-walk.cl" --repeat 0

# A right answer, but the unpack also writes far past the end of its output (through the
# output pointer, 1000 values on): the output's fence faults at once, naming the buffer
# (guard zones catch this at the end of the call: tests/10_distributed.t, FFTLAB_FENCE=0).
{
    right_map
    cat <<'CL'
#define unpack_source(f, batch, MU, MV, NI, P) right_map(f, batch, MU, MV, NI, P)]; if (f == 0) y[(size_t)(batch) * (MU) * (MV) * (NI) * (P) + 1000] = y[0]; (void)y[0
CL
} >"$TMP/k/far-write.cl"
run_case "a write 1000 values past the unpack's output: FAIL, at its fence" 1 \
    '^FAIL: check random: rank [01]: a kernel wrote out of bounds: buffer [AB], past its end \(element 1096 of 96\)' \
    --has 'launch 0 of 1: exchange_unpack' --lacks '^PASS' \
    --timeout $T -- $R -n 2 "$M" --size 16x12 --variant exchange_map --exercise "$TMP/k/far-write.cl" --repeat 0

# A kernel that prints the verdict itself and then crashes the process it runs in (without
# fences nothing catches the fault there): the rank's FAIL line comes after, and the run
# ends by the worker's signal, as a crash always ended it.
{
    right_map
    cat <<'CL'
static INLINE size_t forge(size_t f)
{
    if (f == 0) {
        printf("PASS\n");
        *(__global volatile int *)(ulong)8 = 0;
    }
    return 0;
}
#define unpack_source(f, batch, MU, MV, NI, P) right_map(f, batch, MU, MV, NI, P) + forge(f)
CL
} >"$TMP/k/forge.cl"
# (Under AddressSanitizer its handler ends the worker with exit 1 instead: the rank then
# fails the run with that code.)
if nm "$M" 2>/dev/null | grep -q __asan_init; then
    want=1 last='^FAIL \(error, exit 1\): (rank [01] of 2: )?the process that ran the kernels exited with status 1'
else
    want=139 last='^FAIL \(signal 11\): the process that ran the kernels was killed by signal 11'
fi
run_case "a kernel that prints PASS and crashes its process: the rank's FAIL after it" $want '' \
    --has "$last" --timeout $T -- env FFTLAB_FENCE=0 $R -n 2 "$M" --size 16x12 \
    --variant exchange_map --exercise "$TMP/k/forge.cl" --repeat 0
# the kernel's PASS is never the last word: a FAIL line follows it in stdout
awk '/^PASS$/ { p = NR } /^FAIL/ { f = NR } END { exit !(f > p) }' "$RC_OUT"
ok $? "... the last verdict line on stdout is the rank's FAIL" || diag "$(tail -c 600 "$RC_OUT")"

done_testing
