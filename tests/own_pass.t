#!/usr/bin/env bash
# 06_mixed_radix --pass-kernel FILE (--variant own_pass): a learner's own Stockham pass, one
# launch per radix 4, 2, 3 or 5 (chapters/06_mixed_radix/pass_kernel.c, kernels/06_own_pass.cl,
# the exercise exercises/06_mixed_radix/own_pass.cl). Here: the extension point itself (its
# launches and --explain, both spellings of the option, batches, inverse, double, the
# probe own_pass_once), the N it takes and what it refuses (exit 2), the stub and a file
# without the kernel. The cheats the probe and the file's rules catch are in
# tests/grader_rules.t; the grader's cases in tests/exercises.t.
#
# Time: own_pass's build options do not depend on N, so one program per precision and
# variant serves every size (pocl's cache): about 6 CPU-s cold, 3 warm.
. "$(dirname "$0")/lib.sh"
need_binary 06_mixed_radix
R=$BUILD/06_mixed_radix
SOL=solutions/06_mixed_radix/own_pass.cl
STUB=exercises/06_mixed_radix/own_pass.cl
USAGE='^FAIL \(usage, exit 2\)'

run_case "--help: own_pass, own_pass_once and --pass-kernel's contract" 0 '' \
    --has '^ +own_pass +your own Stockham pass' --has '^ +own_pass_once ' \
    --has '^--pass-kernel FILE \(= --variant own_pass --exercise FILE\)' \
    --has '__kernel void own_pass\(OWN_PASS_PARAMS\) +int N, int r, int L, int sign' \
    -- "$R" --help
run_case "the stub (an empty body): every output never written, exit 1" 1 '^FAIL' \
    --has 'WRONG: 60 of 60 outputs never written' -- "$R" --pass-kernel "$STUB" --size 60 --repeat 0
printf '/* nothing written yet */\n' >"$TMP/empty.cl"
run_case "a file without own_pass: exit 3 naming the kernel" 3 '^FAIL \(opencl' --has "own_pass" \
    -- "$R" --pass-kernel "$TMP/empty.cl" --size 8 --repeat 0

[ -f "$SOL" ] || { skip "the solution's runs" "no solutions/ (the student edition)"; done_testing; exit; }
run_case "--pass-kernel FILE: N = 1000 = 4 x 2 x 5 x 5 x 5, one launch per radix" 0 '^PASS$' \
    --has '^kernels .*06_own_pass\.cl \(with solutions/06_mixed_radix/own_pass\.cl in it\), 06_mixed_radix\.cl$' \
    --has 'why: N = 1000 = 4 x 2 x 5 x 5 x 5: your own_pass once per radix' \
    --has '\[ 0\] own_pass\(A, B, 1000, 4, 1, -1\) +global 250x1 ' \
    --has '\[ 4\] own_pass\(A, B, 1000, 5, 200, -1\) +global 200x1 ' --has 'result in buffer B' \
    -- "$R" --pass-kernel "$SOL" --size 1000 --explain --repeat 0
run_case "--pass-kernel=FILE, 3600 x 2 inverse double (4 x 4 x 3 x 3 x 5 x 5)" 0 '^PASS$' \
    --has 'N=3600 batch=2 inverse double variant=own_pass' \
    -- "$R" --pass-kernel="$SOL" --size 3600 --batch 2 --inverse --precision double --repeat 0
run_case "--pass-kernel and --variant own_pass_once: every access counted, 243 x 3 inverse" 0 '^PASS$' \
    --has 'own_pass_tally\(counts, 729\)' --has 'own_pass_verdict\(counts, B, 729\)' \
    --has 'own_pass\(A, B, 243, 3, 1, 1, counts\) +global 81x3 +local 1x1 ' \
    -- "$R" --pass-kernel "$SOL" --variant own_pass_once --size 243 --batch 3 --inverse --explain --repeat 0
run_case "--variant own_pass_layout: every launch but the last, then the harness's (20 = 4 x 5)" 0 '^PASS$' \
    --has '\[ 0\] own_pass\(A, B, 20, 4, 1, -1\)' --has '\[ 1\] own_pass_finish\(B, A, 20, 4, -1\) +global 20x1 ' \
    --lacks '\[ 2\]' -- "$R" --pass-kernel "$SOL" --variant own_pass_layout --size 20 --explain --repeat 0
run_case "N = 1: no launch" 0 '^PASS$' --has 'the input is its own transform' \
    -- "$R" --pass-kernel "$SOL" --size 1 --explain --repeat 0
slow_case "N = 2^20, the largest it takes" 0 '^PASS$' --timeout 300 \
    -- "$R" --pass-kernel "$SOL" --size 2^20 --repeat 0

# What it refuses, before any build
run_case "N = 7: not 2^a 3^b 5^c, exit 2" 2 "$USAGE" \
    --has 'variant own_pass takes N = 2\^a 3\^b 5\^c up to 2\^20 = 1048576 .*; N = 7 is not one' \
    -- "$R" --pass-kernel "$SOL" --size 7 --repeat 0
run_case "N = 2^21: past the largest, exit 2" 2 "$USAGE" --has 'N = 2097152 is not one' \
    -- "$R" --pass-kernel "$SOL" --size 2^21 --repeat 0
run_case "--wg: refused (the contract knows no group size)" 2 "$USAGE" --has 'takes no --wg' \
    -- "$R" --pass-kernel "$SOL" --size 64 --wg 4 --repeat 0
run_case "--pass-kernel with another variant: exit 2" 2 "$USAGE" \
    --has '--pass-kernel runs variant own_pass \(or its probes own_pass_once and own_pass_layout\), not stockham' \
    -- "$R" --pass-kernel "$SOL" --variant stockham --size 64 --repeat 0
run_case "--pass-kernel and --exercise: exit 2" 2 "$USAGE" --has 'give one of them' \
    -- "$R" --pass-kernel "$SOL" --exercise "$SOL" --size 64 --repeat 0
run_case "--pass-kernel without a file: exit 2" 2 "$USAGE" --has '--pass-kernel needs a file' \
    -- "$R" --size 64 --pass-kernel
run_case "--pass-kernel followed by an option, not a file: exit 2" 2 "$USAGE" --has '--pass-kernel needs a file' \
    -- "$R" --size 64 --pass-kernel --repeat 0
run_case "--pass-kernel FILE that does not exist: exit 2" 2 "$USAGE" --has "exercise file '$TMP/nosuch\.cl' not found" \
    -- "$R" --pass-kernel "$TMP/nosuch.cl" --size 64 --repeat 0
done_testing
