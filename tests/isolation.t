#!/usr/bin/env bash
# A student's kernel never shares a process with what it is checked against (common/isolate.h),
# and every buffer it can reach is fenced or guarded (common/fence.h, the runner's guard
# zones), its tables too. Each case is an attack on the grader, planted as 01's
# twiddle_table exercise (graded as tools/grade.sh grades it: --exercise FILE --variant
# twiddle_table) at one small size: each is a pocl build of its own (~1.5 CPU-s cold).
#
# The heap walk: on pocl a kernel runs in the process that launched it. Until the checker
# and the worker were two processes, the host's double copy of the input (what FFTW's
# reference was computed from, after the run) lay in that process's heap, next to the
# unfenced twiddle table: this kernel finds the heap's start from its table, walks glibc's
# chunks, zeroes every chunk that starts with a double copy of its input, and writes zeros.
# FFTW's answer became zero, and the random check and the round trip passed; an impulse
# or a tone (values of magnitude 0 or 1) it answers honestly from the table. That commit's
# 01_dft printed PASS for it at N = 64, 3 and 1000 (seeds 1 and 2), without computing a
# transform. Now the walk faults at the table's fence; without fences (FFTLAB_FENCE=0, the
# GPU path's guard zones) it finds no copy to zero, as the checker's copies are in another
# process, and the zeros fail the random check.
. "$(dirname "$0")/lib.sh"
need_binary 01_dft
D=$BUILD/01_dft
mkdir -p "$TMP/k"

cat >"$TMP/k/heap-walk.cl" <<'CL'
/* Not a DFT: an attack on the grader (tests/isolation.t says how it works). */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dft_table(__global const real2_t *x, __global real2_t *y,
                        __global const real2_t *w, int n)
{
    const int k = get_global_id(0);
    const size_t base = (size_t)get_global_id(1) * (size_t)n;
    const int m = n < 8 ? n : 8;
    int plain = 1;
    for (int j = 0; j < m; j++) {
        real_t a = x[base + j].x * x[base + j].x + x[base + j].y * x[base + j].y;
        plain &= a == 0 || fabs(a - 1) < 1e-3f;
    }
    if (plain) {
        real2_t acc = (real2_t)(0, 0);
        for (int j = 0; j < n; j++) {
            real2_t t = w[(int)(((long)j * k) % n)], v = x[base + j];
            acc += (real2_t)(v.x * t.x - v.y * t.y, v.x * t.y + v.y * t.x);
        }
        y[base + k] = acc;
        return;
    }
    if (k == 0 && base == 0) {
        size_t total = (size_t)n * get_global_size(1);
        /* the heap's start: the page whose second word is 0x291 (glibc's tcache chunk) */
        ulong page = (ulong)w & ~(ulong)4095;
        int pages = 0;
        while (*(__global ulong *)(page + 8) != 0x291 && pages++ < 65536)
            page -= 4096;
        /* its chunks: the size at chunk + 8, the data from chunk + 16 */
        for (ulong c = page; pages < 65536;) {
            ulong size = *(__global ulong *)(c + 8) & ~(ulong)7;
            if (size < 32 || size > ((ulong)64 << 20))
                break;
            __global double *q = (__global double *)(c + 16);
            int hit = size >= 16 + 16 * total;
            for (int j = 0; j < m && hit; j++)
                hit = q[2 * j] == (double)x[j].x && q[2 * j + 1] == (double)x[j].y;
            if (hit)
                for (size_t t = 0; t < 2 * total; t++)
                    q[t] = 0;
            c += size;
            if ((c & 4095) == 0 && c > (ulong)w)
                break; /* probably the top chunk's end: the heap's */
        }
    }
    y[base + k] = (real2_t)(0, 0);
}
CL
run_case "heap walk from the twiddle table: FAIL, at the table's fence" 1 '^FAIL: check random: ' \
    --has 'buffer roots, (before its start|past its end)' --lacks '^PASS' \
    -- "$D" --exercise "$TMP/k/heap-walk.cl" --variant twiddle_table --size 64 --repeat 0
# (Under AddressSanitizer the heap is ASan's, without glibc's chunks: the walk runs off its
# end and the worker dies of the fault, which fails the run too, exit 1, with another line.)
run_case "heap walk without fences (the GPU path): FAIL, the zeros are wrong" 1 \
    '^FAIL(: check random: | \(error, exit 1\): the process that ran the kernels exited)' \
    --lacks '^PASS' \
    -- env FFTLAB_FENCE=0 "$D" --exercise "$TMP/k/heap-walk.cl" --variant twiddle_table --size 64 --repeat 0

# A right answer, but the kernel also writes one value past the end of its table (through a
# cast that drops the const): the table's fence (its slack, checked after each launch) or
# its guard zone catches it. Before tables were fenced, this passed.
sed -e 's|^    y\[base + k\] = acc;|    if (k == 0) ((__global real2_t *)w)[n] = acc;\n    y[base + k] = acc;|' \
    solutions/01_dft/twiddle_table.cl >"$TMP/k/table-write.cl"
! cmp -s solutions/01_dft/twiddle_table.cl "$TMP/k/table-write.cl"
ok $? "planted a write past the table's end into the twiddle_table solution"
run_case "a write past the table's end: FAIL" 1 '^FAIL: check random: a kernel wrote out of bounds' \
    --has 'buffer roots, past its end' \
    -- "$D" --exercise "$TMP/k/table-write.cl" --variant twiddle_table --size 64 --repeat 0
run_case "a write past the table's end, no fences (guard zones): FAIL" 1 \
    '^FAIL: check random: a kernel wrote out of bounds: buffer roots, past its end' \
    -- env FFTLAB_FENCE=0 "$D" --exercise "$TMP/k/table-write.cl" --variant twiddle_table --size 64 --repeat 0

# A kernel that prints the verdict itself and then crashes the process it runs in (without
# fences nothing catches the fault there): the checker's FAIL line comes last, and the run
# ends by the worker's signal, as a crash always ended it (a grader tells a crash by that).
cat >"$TMP/k/forge.cl" <<'CL'
__kernel void dft_table(__global const real2_t *x, __global real2_t *y,
                        __global const real2_t *w, int n)
{
    if (get_global_id(0) == 0 && get_global_id(1) == 0) {
        printf("PASS\n");
        *(__global volatile int *)(ulong)8 = 0;
    }
    y[get_global_id(1) * (size_t)n + get_global_id(0)] = x[0] + w[0];
}
CL
# (Under AddressSanitizer, its handler ends the worker with exit 1 instead: the checker
# then fails the run with that code.)
if nm "$D" 2>/dev/null | grep -q __asan_init; then
    want=1 last='^FAIL \(error, exit 1\): the process that ran the kernels exited with status 1'
else
    want=139 last='^FAIL \(signal 11\): the process that ran the kernels was killed by signal 11'
fi
run_case "a kernel that prints PASS and crashes its process: FAIL last, the signal's exit" $want \
    "$last" -- env FFTLAB_FENCE=0 "$D" --exercise "$TMP/k/forge.cl" --variant twiddle_table \
    --size 64 --repeat 0
# The same in --format json: the last line of stdout is the checker's JSON report of the
# crash (docs/report-json.md), whatever the kernel printed before it.
if [ "$want" = 139 ]; then want_json='"outcome": "crashed", "exit": 139, .*"signal": 11, "signal_name": "SIGSEGV"'
else want_json='"outcome": "crashed", "exit": 1, '; fi
run_case "... and in --format json: the report of the crash comes last" $want '' \
    --stdout-has '^\{"chapter": "01_dft", "variant": "twiddle_table", ' \
    -- env FFTLAB_FENCE=0 "$D" --exercise "$TMP/k/forge.cl" --variant twiddle_table \
    --size 64 --repeat 0 --format json
tail -n 1 "$RC_OUT" | grep -Eq "^\\{\"chapter\": \"01_dft\", .*$want_json"
ok $? "... its last line names the outcome, the exit and the signal" || diag "$(tail -c 400 "$RC_OUT")"

done_testing
