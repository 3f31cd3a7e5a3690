#!/usr/bin/env bash
# The grader never gives points to a kernel that writes outside its buffers or borrows
# the solution, even when every value it leaves in the data is right. Planted answers to
# exercise 02_radix2/dif (the solution plus one bad write) are graded on a few cases:
#   - a write 4 elements before the start of the output;
#   - a write 2,000 elements past the end (more than the old 256-element guard zone);
#   - a write past the end only at some sizes (1 < n/2 <= 2048), so that the big cases
#     pass and only the guard check catches it;
#   - a write a whole row past the end of row 0 (into row 1 of a batch: caught as a wrong
#     value; at batch 1 into the guard);
#   - a file that only #includes the solution;
#   - (issue 41) one file of five plants, each firing at its own size: a write 800 KB past
#     the end (graded, and run alone: the message names buffer, side and launch), a read as
#     far, a write 800 KB before the start, a read just before the start, a write into the
#     read-only (const) input. On the CPU device they fault in the PROT_NONE regions around
#     each buffer (common/fence.c); FFTLAB_FENCE=0 runs the GPU path (guard zones) once.
# Fast set (make test): all of these and the control; there is no slow set. The manifest's
# big case is 2^13 (half_n = 4096 > 2048: the "some" plant's write stays inside there, as
# at 2^16 before), and grade.sh runs with --jobs 1: a planted file's first case fails and
# the rest are not run, so --jobs 2 only built the same kernel twice at once on a cold
# cache (grade.sh's parallel jobs are taken by tests/exercises.t and tests/reports.t).
# Each planted file is one pocl build; "the side is named" reuses the before/far builds.
# Measured cold (empty pocl cache, 2 cores, 2026-11-25): 15.9 CPU-s (26.4 before).
. "$(dirname "$0")/lib.sh"
need_binary 02_radix2

sol=solutions/02_radix2/dif.cl
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t2\t1024 64x3:inverse 2^13\n' >"$TMP/manifest.tsv"

# plant NAME LINE: a copy of the solution with LINE added after its last store.
plant() {
    mkdir -p "$TMP/$1/02_radix2"
    awk -v extra="$2" '{ print } /y\[base \+ j \+ p\] = cmul/ { print extra }' "$sol" >"$TMP/$1/02_radix2/dif.cl"
    grep -qF -- "$2" "$TMP/$1/02_radix2/dif.cl" || bail_out "could not plant $1"
}
plant before '    if (i == 0) y[base - 4] = a + b; /* before the start */'
plant far '    if (i == 0) y[base + 2 * half_n + 2000] = a + b; /* far past the end */'
plant some '    if (i == 0 && half_n <= 2048) y[(size_t)get_global_size(1) * 2 * half_n + 3] = a + b;'
plant row '    if (i == 0) y[base + 2 * half_n + 2 * half_n - 1 + 1] = a + b; /* a row past */'
# Far from the data, reads, and the read-only input (issue 41): on the CPU device every
# buffer lies between large PROT_NONE regions (common/fence.c), so these fault and are
# named, launch included. One file, one build: each plant fires in the first launch of
# its own size (every launch of size N has half_n = N/2).
plant fenced '    if (i == 0 && half_n == 512) y[2 * half_n + 100000] = a + b; /* N 1024: far past the end */
    if (i == 0 && half_n == 256) y[base + j] = a + b + 0.0f * x[2 * half_n + 100000]; /* N 512: a far read */
    if (i == 0 && half_n == 128) y[base - 100000] = a + b; /* N 256: far before the start */
    if (i == 0 && half_n == 64) y[base + j] = a + b + 0.0f * x[base - 1]; /* N 128: a read just before */
    if (i == 0 && half_n == 32) ((__global real2_t *)x)[base] = a; /* N 64: into the read-only input */'

grade() { run_case "$1" "$2" '' "${@:3}" -- env BUILD="$BUILD" tools/grade.sh --manifest "$TMP/manifest.tsv" --json "$TMP/grade.json" --jobs 1 --from "$TMP/$1"; }
for name in before far some; do
    grade "$name" 1 --has "not ok 1 - 02_radix2/dif .*wrote out of bounds" --has '0/2 points'
done
run_case "the side is named: before" 1 '' --has 'buffer [AB], before its start' \
    -- "$BUILD/02_radix2" --variant dif --exercise "$TMP/before/02_radix2/dif.cl" --size 1024 --repeat 0
run_case "the side is named: past the end" 1 '' --has 'buffer [AB], past its end' \
    -- "$BUILD/02_radix2" --variant dif --exercise "$TMP/far/02_radix2/dif.cl" --size 1024 --repeat 0
run_case "a write a row past the end at batch 1" 1 '' --has 'wrote out of bounds' \
    -- "$BUILD/02_radix2" --variant dif --exercise "$TMP/row/02_radix2/dif.cl" --size 1024 --repeat 0
# (pocl's CPU device, where the fences are, even on a machine whose first device is a GPU)
FFTLAB_DEVICE=cpu grade fenced 1 --has "not ok 1 - 02_radix2/dif .*wrote out of bounds" --has '0/2 points'
EX=(env FFTLAB_DEVICE=cpu "$BUILD/02_radix2" --variant dif --repeat 0 --exercise "$TMP/fenced/02_radix2/dif.cl" --size)
run_case "far past the end (800 KB): named, with its launch" 1 \
    '^FAIL: check random: a kernel wrote out of bounds: buffer B, past its end \(element 101024 of 1024\) \(launch 0 of 10: fft_radix2_dif; 800000 bytes past the end\)$' \
    -- "${EX[@]}" 1024
run_case "a read far past the end" 1 '^FAIL: check random: a kernel read out of bounds: buffer A, past its end \(element 100512 of 512\)' \
    -- "${EX[@]}" 512
run_case "a write far before the start" 1 '^FAIL: check random: a kernel wrote out of bounds: buffer B, before its start \(element -100000\)' \
    -- "${EX[@]}" 256
run_case "a read just before the start" 1 '^FAIL: check impulse@0: a kernel read out of bounds: buffer A, before its start \(element -1\)' \
    -- "${EX[@]}" 128
run_case "a write into the read-only input" 1 '^FAIL: check random: a kernel wrote into its read-only input: buffer A \(element 0 of 64\) \(launch 0 of 6: fft_radix2_dif\)$' \
    --has 'takes as const: it may read it, never write it' -- "${EX[@]}" 64
run_case "the guard zones still catch it without the fences (the GPU path)" 1 '' \
    --has 'wrote out of bounds: buffer [AB], past its end \(element 3024 of 1024\)' \
    -- env FFTLAB_FENCE=0 "$BUILD/02_radix2" --variant dif --exercise "$TMP/far/02_radix2/dif.cl" --size 1024 --repeat 0
mkdir -p "$TMP/include/02_radix2"
printf '#include "%s/%s"\n' "$PWD" "$sol" >"$TMP/include/02_radix2/dif.cl"
grade include 1 --has 'not ok 1 - 02_radix2/dif .*refused: an exercise may not use #include'
# The control: the solution itself earns its points through the same manifest.
run_case "control: the solution passes" 0 '' --has '^ok 1 - 02_radix2/dif' --has '2/2 points' \
    -- env BUILD="$BUILD" tools/grade.sh --manifest "$TMP/manifest.tsv" --json "$TMP/grade.json" --jobs 1 --from solutions

# 10's watchdog on 2 ranks (issue 41): rank 1's kernel never ends and its alarm is blocked
# (so that it cannot speak first); rank 0, waiting in a collective, marks itself overdue at
# the first alarm and exits at the second, 5 s later, with its own message. With signal()
# (SA_RESETHAND) that second alarm killed it: exit 142, "signal 14 (Alarm clock)". Slow set:
# the grace makes it ~8 s.
K10=kernels/10_distributed.cl
mkdir -p "$TMP/k10"
sed 's/^    y\[f\] = recv\[unpack_source(f, batch, MU, MV, NI, P)\];/    while (P > 0) { if (batch < 0) break; }\n&/' "$K10" >"$TMP/k10/hang.cl"
grep -q 'while (P > 0)' "$TMP/k10/hang.cl" || bail_out "could not plant the endless kernel in $K10"
BLOCK_ALRM='import signal, os, sys; signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM]); os.execv(sys.argv[1], sys.argv[1:])'
# (rank 1's own command: mpirun's A : B, or one launch by rank where that crashes, tests/mpmd.sh)
if [ "$SLOW_TESTS" = 1 ]; then
    . "$(dirname "$0")/mpmd.sh"
    two_ranks_cmd "$BUILD/10_distributed" --size 16x12 --repeat 0 --timeout 1 \
        : python3 -c "$BLOCK_ALRM" "$BUILD/10_distributed" --size 16x12 --repeat 0 --timeout 1 --kernels "$TMP/k10/hang.cl"
fi
slow_case "10: the watchdog's second alarm (2 ranks): exit 3, its own message" 3 '' --timeout 60 --max-seconds 30 \
    --has 'rank 0 of 2: no result before the --timeout, which found this rank outside its kernels' \
    --lacks 'signal 14|Alarm clock' -- "${TWO_RANKS[@]}"
# The same through the grader (issue 41): a student's exchange_map that never ends, graded
# on 2 ranks, is "timed out" on every rank (exit 3, the chapter's own message), never a
# crash by SIGALRM. Slow set: the build and the --case-timeout make it ~10 s.
mkdir -p "$TMP/hang10/10_distributed"
sed 's/^\( *\)\(return .*\)/\1while (P > 0) { if (batch < 0) break; }\n&/' \
    solutions/10_distributed/exchange_map.cl >"$TMP/hang10/10_distributed/exchange_map.cl"
grep -q 'while (P > 0)' "$TMP/hang10/10_distributed/exchange_map.cl" ||
    bail_out "could not plant the endless loop in solutions/10_distributed/exchange_map.cl"
printf 'id\tchapter\tvariant\tpoints\tcases\n10_distributed/exchange_map\t10_distributed\texchange_map\t1\t8,6:ranks=2\n' \
    >"$TMP/manifest10.tsv"
slow_case "10: an endless exchange_map graded on 2 ranks: timed out, not SIGALRM" 1 '' --timeout 120 \
    --max-seconds 90 --has '^not ok 1 - 10_distributed/exchange_map' --has 'timed out after --timeout 3 s' \
    --lacks 'SIGALRM|signal 14|Alarm clock' --has '0/1 points' \
    -- env BUILD="$BUILD" tools/grade.sh --manifest "$TMP/manifest10.tsv" --json "$TMP/grade10.json" \
    --jobs 1 --case-timeout 3 --from "$TMP/hang10"
done_testing
