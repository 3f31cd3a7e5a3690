#!/usr/bin/env bash
# The grader's engine (tools/grade.py, tools/grader/) where the reports of
# tests/reports.t do not look: the draw, the manifest's fields, the chapter's JSON report
# and an interrupt. No kernel is built: the chapters are fake (scripts) and most runs are
# --dry-run; the whole file takes about a second.
#   - a fixed --draw gives a fixed list of cases (checked in below): the draw is the
#     grader's own splitmix64 (tools/grader/draw.py), the same on every machine and Python
#     version, so a change of the sequence fails here, on purpose;
#   - every drawn size lies in its kind's set (any, pow2, smooth, even; per axis), for
#     many draws, checked here by arithmetic of its own;
#   - --only leaves an exercise's draw as it was (a stream per exercise);
#   - an empty field of the manifest is refused by name, never merged into the next one;
#   - the chapter's JSON report (docs/report-json.md; the grader runs chapters 01-09 with
#     --format json): the failing check is read from it (grade.json's failed_check, the
#     excerpt's first failing check and got/expected); every outcome (a build error, a
#     fault, a timeout, a crash, a refusal...) is named by its report's fields and the
#     exit status, never the words of a message (the fakes' words say otherwise);
#   - a run with no report that exits 3 after its --timeout, by the grader's clock, is a
#     timeout (and no stub's failure: chapter 10 where a rank other than 0 timed out); a
#     FAIL line alone names nothing;
#   - --quick of an exercise whose cases are all drawn: nothing runs, no point;
#   - SIGTERM stops the grade: exit 130, the running program stopped, nothing left behind.
. "$(dirname "$0")/lib.sh"

FAKE=$TMP/fake
mkdir -p "$FAKE"
for p in 01_dft 02_radix2 06_mixed_radix 07_multidim 09_real_input 04_coalescing 04_tile_probe 10_distributed; do
    printf '#!/bin/sh\necho PASS\n' >"$FAKE/$p"
    chmod +x "$FAKE/$p"
done
# every kind of drawn size, 1-D to 3-D, a batch, options, a property check, MPI ranks
printf 'id\tchapter\tvariant\tpoints\tcases
01_dft/a\t01_dft\ttwiddle_table\t1+1\t7 ~any[1..2048] | 97:inverse ~any[3..5]x4:inverse
02_radix2/b\t02_radix2\tdif\t1\t~pow2[2..2^16] ~pow2[2^13..2^18]:wg=64 8:seed=7
06_mixed_radix/c\t06_mixed_radix\tdft6\t1\t~smooth[2..4096] ~smooth[4097..60000]
07_multidim/d\t07_multidim\tcolumn_load\t1\t~smooth[2..64],smooth[2..64] ~smooth[2..16],smooth[2..16],smooth[2..16]x2
09_real_input/e\t09_real_input\tpost_twist\t1\t~even[2..4096] ~smooth[1..32],even[2..64]
04_coalescing/f\t04_coalescing\ttile_index\t1\t4 @04_tile_probe
10_distributed/g\t10_distributed\texchange_map\t1\t8,6:ranks=2\n' >"$TMP/m.tsv"
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/b\t02_radix2\tdif\t1\t~pow2[2..2^4]\n' >"$TMP/hidden.tsv"
G=(env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/m.tsv" --from solutions --jobs 2)

# 1. --draw 20261129, listed: the draw and every run's command line.
cat >"$TMP/expected" <<'EOF'
1..7
# grading solutions/<id>.cl with BUILD/<chapter>: 7 exercise(s), 21 run(s), 2 at a time
# drawn with --draw 20261129 (the same --draw draws the same again):
#   01_dft/a: seed 558576190, size 910 (drawn from ~any[1..2048]), size 4x4:inverse (drawn from ~any[3..5]x4)
#   02_radix2/b: seed 118694346, size 128 (drawn from ~pow2[2..2^16]), size 32768:wg=64 (drawn from ~pow2[2^13..2^18]), size 4 (drawn from ~pow2[2..2^4])
#   06_mixed_radix/c: seed 85019623, size 512 (drawn from ~smooth[2..4096]), size 25088 (drawn from ~smooth[4097..60000])
#   07_multidim/d: seed 998960554, size 2,3 (drawn from ~smooth[2..64],smooth[2..64]), size 15,14,5x2 (drawn from ~smooth[2..16],smooth[2..16],smooth[2..16]x2)
#   09_real_input/e: seed 192991727, size 14 (drawn from ~even[2..4096]), size 16,2 (drawn from ~smooth[1..32],even[2..64])
#   04_coalescing/f: seed 212454978
#   10_distributed/g: seed 890818112
# run 01_dft/a group 1: BUILD/01_dft --exercise solutions/01_dft/a.cl --variant twiddle_table --size 7 --seed 1 --repeat 0 --timeout 60
# run 01_dft/a group 1: BUILD/01_dft --exercise solutions/01_dft/a.cl --variant twiddle_table --size 7 --seed 558576190 --repeat 0 --timeout 60
# run 01_dft/a group 1: BUILD/01_dft --exercise solutions/01_dft/a.cl --variant twiddle_table --size 910 --seed 558576190 --repeat 0 --timeout 60
# run 01_dft/a group 2: BUILD/01_dft --exercise solutions/01_dft/a.cl --variant twiddle_table --size 97 --inverse --seed 1 --repeat 0 --timeout 60
# run 01_dft/a group 2: BUILD/01_dft --exercise solutions/01_dft/a.cl --variant twiddle_table --size 97 --inverse --seed 558576190 --repeat 0 --timeout 60
# run 01_dft/a group 2: BUILD/01_dft --exercise solutions/01_dft/a.cl --variant twiddle_table --size 4 --batch 4 --inverse --seed 558576190 --repeat 0 --timeout 60
# run 02_radix2/b group 1: BUILD/02_radix2 --exercise solutions/02_radix2/b.cl --variant dif --size 128 --seed 118694346 --repeat 0 --timeout 60
# run 02_radix2/b group 1: BUILD/02_radix2 --exercise solutions/02_radix2/b.cl --variant dif --size 32768 --wg 64 --seed 118694346 --repeat 0 --timeout 60
# run 02_radix2/b group 1: BUILD/02_radix2 --exercise solutions/02_radix2/b.cl --variant dif --size 8 --seed 7 --repeat 0 --timeout 60
# run 02_radix2/b group 2: BUILD/02_radix2 --exercise solutions/02_radix2/b.cl --variant dif --size 4 --seed 118694346 --repeat 0 --timeout 60
# run 06_mixed_radix/c group 1: BUILD/06_mixed_radix --exercise solutions/06_mixed_radix/c.cl --variant dft6 --size 512 --seed 85019623 --repeat 0 --timeout 60
# run 06_mixed_radix/c group 1: BUILD/06_mixed_radix --exercise solutions/06_mixed_radix/c.cl --variant dft6 --size 25088 --seed 85019623 --repeat 0 --timeout 60
# run 07_multidim/d group 1: BUILD/07_multidim --exercise solutions/07_multidim/d.cl --variant column_load --size 2x3 --seed 998960554 --repeat 0 --timeout 60
# run 07_multidim/d group 1: BUILD/07_multidim --exercise solutions/07_multidim/d.cl --variant column_load --size 15x14x5 --batch 2 --seed 998960554 --repeat 0 --timeout 60
# run 09_real_input/e group 1: BUILD/09_real_input --exercise solutions/09_real_input/e.cl --variant post_twist --size 14 --seed 192991727 --repeat 0 --timeout 60
# run 09_real_input/e group 1: BUILD/09_real_input --exercise solutions/09_real_input/e.cl --variant post_twist --size 16x2 --seed 192991727 --repeat 0 --timeout 60
# run 04_coalescing/f group 1: BUILD/04_coalescing --exercise solutions/04_coalescing/f.cl --variant tile_index --size 4 --seed 1 --repeat 0 --timeout 60
# run 04_coalescing/f group 1: BUILD/04_coalescing --exercise solutions/04_coalescing/f.cl --variant tile_index --size 4 --seed 212454978 --repeat 0 --timeout 60
# run 04_coalescing/f group 1: BUILD/04_tile_probe --exercise solutions/04_coalescing/f.cl --timeout 60
# run 10_distributed/g group 1: ROOT/tools/mpirun.sh -n 2 BUILD/10_distributed --exercise solutions/10_distributed/g.cl --variant exchange_map --size 8x6 --seed 1 --repeat 0 --timeout 60
# run 10_distributed/g group 1: ROOT/tools/mpirun.sh -n 2 BUILD/10_distributed --exercise solutions/10_distributed/g.cl --variant exchange_map --size 8x6 --seed 890818112 --repeat 0 --timeout 60
# --dry-run: nothing run, nothing written (every run adds --format json: its report is read from that)
EOF
run_case "--draw 20261129 --dry-run" 0 '^# --dry-run: nothing run' \
    -- "${G[@]}" --hidden "$TMP/hidden.tsv" --draw 20261129 --dry-run
sed "s|$FAKE|BUILD|g; s|$ROOT|ROOT|g" "$RC_OUT" >"$TMP/got"
diff "$TMP/expected" "$TMP/got" >"$TMP/diff"
ok $? "a fixed --draw draws the checked-in cases (the grader's splitmix64, tools/grader/draw.py)" ||
    diag "$(head -n 20 "$TMP/diff")"
run_case "--only: an exercise draws the same alone" 0 '' \
    --has '^#   07_multidim/d: seed 998960554, size 2,3 \(drawn from ~smooth\[2\.\.64\],smooth\[2\.\.64\]\), size 15,14,5x2 ' \
    -- "${G[@]}" --draw 20261129 --dry-run --only 07_multidim/d

# 2. Every drawn size in its kind's set: the manifest's rows 20 times under other ids (20
#    streams of their own), one --dry-run; checked by arithmetic here, not the grader's.
{
    printf 'id\tchapter\tvariant\tpoints\tcases\n'
    for k in $(seq 10 29); do awk -F'\t' -v k="$k" 'NR > 1 { OFS = "\t"; $1 = $1 k; print }' "$TMP/m.tsv"; done
} >"$TMP/many.tsv"
env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/many.tsv" --from solutions --draw 7 --dry-run |
    grep -o 'size [0-9,]*[^(]*(drawn from ~[^)]*)' | awk '
    function smooth(n) { for (p = 2; p <= 7; p++) while (n % p == 0) n /= p; return n == 1 }
    function num(s) { return s ~ /^2\^/ ? 2 ^ substr(s, 3) : s + 0 }
    {
        s = $2; sub(/[:x].*/, "", s); split(s, n, ","); sub(/.*\(drawn from ~/, ""); sub(/\)$/, ""); sub(/\]x[0-9]+$/, "]")
        k = split($0, axes, "],")
        if (k != length(n)) { print "axes: " $0; bad++ }
        for (i = 1; i <= k; i++) {
            a = axes[i]; sub(/\]$/, "", a); split(a, f, /\[|\.\./)
            v = n[i]; lo = num(f[2]); hi = num(f[3]); kind = f[1]
            good = v >= lo && v <= hi
            if (kind == "pow2") { for (m = v; m % 2 == 0; m /= 2); good = good && m == 1 }
            if (kind == "smooth") good = good && smooth(v)
            if (kind == "even") good = good && smooth(v) && v % 2 == 0
            if (!good) { print v " not in " a; bad++ }
            seen++
        }
    }
    END { if (seen != 280) print seen " drawn axes, not 280"; exit bad || seen != 280 }' >"$TMP/kinds" 2>&1
ok $? "every drawn size lies in its kind's set (20 streams)" || diag "$(head -n 5 "$TMP/kinds")"

# 3. The manifest's fields are split on every tab: an empty one is refused by name.
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t\t1\t4\n' >"$TMP/extra.tsv"
run_case "an empty field between two tabs is refused (not merged into the next)" 2 '' \
    --has "extra\.tsv:2: expected 5 tab-separated fields .*got 6 \(field 4 empty" \
    -- env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/extra.tsv" --dry-run
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\t\t1\t4\n' >"$TMP/empty.tsv"
run_case "an empty required field is named" 2 '' --has 'empty\.tsv:2: field 3 \(variant\) is empty' \
    -- env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/empty.tsv" --dry-run

# 4. A chapter's JSON report (docs/report-json.md): the last line of its stdout, read for
#    the outcome, the failing check, the fault; its English (stderr here) is not read.
cat >"$FAKE/02_radix2" <<'SH'
#!/bin/sh
echo 'verify   impulse@0    WRONG: (the words of a message are not read)' >&2
echo 'kernel printf: {"chapter": "02_radix2", "outcome": "pass", "exit": 1} and no newline' | tr -d '\n'
echo '{"chapter": "02_radix2", "variant": "dif", "n": 4, "checks": [{"name": "random", "l2_error": 1e-08, "max_error": 1e-08, "l2_bound": 2.38e-07, "max_bound": 9.54e-07, "ok": true}, {"name": "impulse@0", "l2_error": 0.866, "max_error": 1, "l2_bound": 2.38e-07, "max_bound": 9.54e-07, "ok": false, "detail": "largest error at row 0 index 1", "mismatches": ["row 0, index 1: got (0, 0), expected (1, 0)"]}], "verdict": "FAIL", "outcome": "wrong", "exit": 1, "failed_check": "impulse@0", "reason": "check impulse@0: largest error at row 0 index 1"}'
exit 1
SH
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1\t4:seed=1\n' >"$TMP/one.tsv"
run_case "a JSON report: its failing check in the excerpt" 1 '' \
    --has '^# case 4:seed=1 seed 1: exit 1 wrong result' \
    --has '^# the first failing check:' --has '^#   verify   impulse@0 .*WRONG: largest error at row 0 index 1' \
    --has '^#       row 0, index 1: got \(0, 0\), expected \(1, 0\)' \
    --has '^# rerun: .*/02_radix2 --exercise solutions/02_radix2/dif\.cl --variant dif --size 4 --seed 1 --repeat 0 --timeout 60$' \
    --has '^#   kernel printf: \{"chapter": "02_radix2", "outcome": "pass", "exit": 1\} and no newline$' \
    -- env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/one.tsv" --from solutions --json "$TMP/j.json"
grep -q '"reason": "exit 1 wrong result", "outcome": "wrong", "failed_check": "impulse@0"' "$TMP/j.json"
ok $? "grade.json names the outcome and the failing check (failed_check)" || diag "$(cat "$TMP/j.json")"

# Every outcome, one case group each (so that every one runs), from a fake chapter whose
# messages say the opposite of its report (a "wrong" run that speaks of bounds and builds,
# a timeout that says "PASS"): each verdict follows the report's fields and exit status.
# The last two print no report: a killed run by its signal, a silent exit 1 as such.
cat >"$FAKE/02_radix2" <<'SH'
#!/bin/sh
for a; do [ "$a" = --format ] && json=1; done
[ "$json" = 1 ] || { echo "no --format json given" >&2; exit 2; }
while [ $# -gt 0 ] && [ "$1" != --size ]; do shift; done
echo "error: a kernel wrote out of bounds; kernel build failed; timed out (--timeout); PASS" >&2
r() { echo "{\"chapter\": \"02_radix2\", \"variant\": \"dif\", \"checks\": [], \"verdict\": \"FAIL\", $1, \"reason\": \"zz\"}"; }
case $2 in
1) r '"outcome": "build_error", "exit": 3, "file": "x/dif.cl"'; exit 3 ;;
2) r '"outcome": "out_of_bounds", "exit": 1, "fault": {"access": "read", "buffer": "A", "side": "before the start", "element": -1, "elements": 64, "launch": 2, "launches": 6, "kernel": "fft_radix2_dif", "check": "impulse@0"}'; exit 1 ;;
3) r '"outcome": "read_only_write", "exit": 1, "fault": {"access": "write", "buffer": "A", "side": "inside", "element": 0, "elements": 64, "launch": 0, "launches": 6, "kernel": "fft_radix2_dif", "check": "random"}'; exit 1 ;;
4) r '"outcome": "timeout", "exit": 3, "timeout_s": 60'; exit 3 ;;
5) r '"outcome": "crashed", "exit": 139, "signal": 11, "signal_name": "SIGSEGV"'; kill -SEGV $$ ;;
6) r '"outcome": "refused", "exit": 2, "file": "x/dif.cl", "line": 3, "rule": "an exercise may not use #include: the grader runs only your own text"'; exit 2 ;;
7) r '"outcome": "bad_input", "exit": 2'; exit 2 ;;
8) r '"outcome": "wrong", "exit": 1'; exit 1 ;;
9) r '"outcome": "kernel_missing", "exit": 3'; exit 3 ;;
10) r '"outcome": "pass", "exit": 0'; exit 1 ;;
11) echo "FAIL (opencl, exit 3): kernel build failed"; exit 1 ;;
12) echo PASS; kill -TERM $$ ;;
esac
SH
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1+1+1+1+1+1+1+1+1+1+1+1\t1:seed=1 | 2:seed=1 | 3:seed=1 | 4:seed=1 | 5:seed=1 | 6:seed=1 | 7:seed=1 | 8:seed=1 | 9:seed=1 | 10:seed=1 | 11:seed=1 | 12:seed=1\n' >"$TMP/every.tsv"
run_case "every outcome named by its report, whatever the messages say" 1 '' \
    --has '^# case 1:seed=1 seed 1: exit 3 build failed \(' \
    --has '^# the file that did not build: x/dif\.cl \(the compiler.s log is in stderr below\)$' \
    --has '^# case 2:seed=1 seed 1: exit 1 read out of bounds: buffer A, before its start \(' \
    --has '^# case 3:seed=1 seed 1: exit 1 wrote its read-only input: buffer A \(' \
    --has '^# case 4:seed=1 seed 1: exit 3 timed out after --timeout 60 s \(endless loop\?\) \(' \
    --has '^# case 5:seed=1 seed 1: exit 139 crashed by signal SIGSEGV \(' \
    --has '^# case 6:seed=1 seed 1: exit 2 refused: an exercise may not use #include: the grader runs only your own text \(' \
    --has '^# case 7:seed=1 seed 1: exit 2 usage error \(' \
    --has '^# case 8:seed=1 seed 1: exit 1 wrong result \(' \
    --has '^# case 9:seed=1 seed 1: exit 3 kernel missing \(wrong kernel name\?\) \(' \
    --has '^# case 10:seed=1 seed 1: exit 1 but its report says exit 0 \(pass\) \(' \
    --has '^# case 11:seed=1 seed 1: exit 1 and no JSON report on the last line of stdout' \
    --has '^# case 12:seed=1 seed 1: exit 143 crashed by signal SIGTERM \(' \
    --has '^#   0/12 runs passed, 0/12 points' \
    -- env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/every.tsv" --from solutions --json "$TMP/every.json" --jobs 1
if command -v jq >/dev/null; then
    [ "$(jq -r '[.exercises[0].cases[].outcome] | join(" ")' "$TMP/every.json")" = \
      "build_error out_of_bounds read_only_write timeout crashed refused bad_input wrong kernel_missing no_report no_report crashed" ]
    ok $? "grade.json: each case's outcome" || diag "$(jq -c '[.exercises[0].cases[].outcome]' "$TMP/every.json")"
else
    skip "grade.json's outcomes" "jq is not installed"
fi
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1\t2:seed=1\n' >"$TMP/one2.tsv"
run_case "a fault's buffer, element and launch, from its report" 1 '' \
    --has '^# out of bounds \(the launch that did it\):$' \
    --has '^#   launch 2 of 6: fft_radix2_dif; read buffer A, before the start \(element -1 of 64\); check impulse@0$' \
    -- env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/one2.tsv" --from solutions --json "$TMP/s.json"
# A stub (--expect-fail) that times out is no stub, whatever its messages say.
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1\t4:seed=1\n' >"$TMP/one4.tsv"
run_case "--expect-fail: a timeout by its report is no stub's failure" 1 '' \
    --has '^not ok 1 - 02_radix2/dif \(case 4:seed=1 seed 1: exit 3 timed out .*a stub must fail fast' \
    -- env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/one4.tsv" --from solutions --json "$TMP/s.json" --expect-fail

# A run with no JSON report (chapter 10: a rank other than 0 timed out, and mpirun ended
# rank 0 before it wrote its record) that exits 3 after its --timeout had passed (the
# grader's clock) is a timeout, a stub's too; sooner, or a FAIL line alone, names nothing.
printf '#!/bin/sh\nsleep 1.2\necho "FAIL (something in words)"\nexit 3\n' >"$FAKE/10_distributed"
printf '#!/bin/sh\necho "FAIL (opencl, exit 3): timed out (--timeout)"\nexit 3\n' >"$FAKE/07_multidim"
printf 'id\tchapter\tvariant\tpoints\tcases\n10_distributed/exchange_map\t10_distributed\texchange_map\t1\t8,6:seed=1:timeout=1\n07_multidim/column_load\t07_multidim\tcolumn_load\t1\t8,6:seed=1:timeout=1\n' >"$TMP/text.tsv"
run_case "no report: an exit 3 past its --timeout is a timeout; a FAIL line's words alone are not" 1 '' \
    --has '^not ok 1 - 10_distributed/exchange_map \(case 8,6:seed=1:timeout=1 seed 1: exit 3 timed out after --timeout 1 s \(endless loop\?\)\)' \
    --has '^not ok 2 - 07_multidim/column_load \(case 8,6:seed=1:timeout=1 seed 1: exit 3 and no JSON report on the last line of stdout' \
    --has '^#   FAIL \(something in words\)$' \
    -- env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/text.tsv" --from solutions --json "$TMP/t.json"
run_case "--expect-fail: chapter 10's stub that times out is no stub" 1 '' \
    --has '^not ok 1 - 10_distributed/exchange_map \(case .*exit 3 timed out .*a stub must fail fast' \
    -- env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/text.tsv" --only 10_distributed/exchange_map --from solutions --json "$TMP/t.json" --expect-fail

# An exercise whose cases are all drawn runs nothing under --quick: no point for that.
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1\t~pow2[2..16]\n' >"$TMP/drawn.tsv"
run_case "--quick and only drawn cases: no run, no point" 1 '' \
    --has '^not ok 1 - 02_radix2/dif \(no case to run' --has '^# score: 0/1 points' \
    -- env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/drawn.tsv" --from solutions --quick --json "$TMP/d.json"

# 5. SIGTERM: exit 130, the run stopped, no score file, no temporary folder.
cat >"$FAKE/02_radix2" <<SH
#!/bin/sh
echo \$\$ >"$TMP/pid"
sleep 30
echo PASS
SH
mkdir -p "$TMP/t"
TMPDIR="$TMP/t" BUILD="$FAKE" tools/grade.sh --manifest "$TMP/one.tsv" --from solutions \
    --json "$TMP/int.json" >"$TMP/int.out" 2>"$TMP/int.err" &
grader=$!
for _ in $(seq 1 100); do [ -s "$TMP/pid" ] && break; sleep 0.05; done
kill -TERM "$grader"
wait "$grader"
rc=$?
sleep 0.2
[ $rc = 130 ] && grep -q 'interrupted' "$TMP/int.err" && [ ! -e "$TMP/int.json" ] &&
    [ -z "$(ls -A "$TMP/t")" ] && ! kill -0 "$(cat "$TMP/pid")" 2>/dev/null
ok $? "SIGTERM: exit 130, the running program stopped, nothing written or left behind" ||
    diag "exit $rc; $(cat "$TMP/int.err"); left: $(ls -A "$TMP/t")"
# The start order: a case's second seed starts after the next case's first (two seeds of
# one case side by side would both compile its kernels cold), exercises round by round.
order=$(cd tools && python3 - <<'PY'
from grader.plan import Run, start_order
class Ex:
    def __init__(self, name, cases):
        self.runs = []
        for c in cases:
            case = object()
            for seed in (1, 2):
                self.runs.append(Run(self, 0, case, "%s%s" % (name, c), c, seed, 0))
a, b = Ex("a", "123"), Ex("b", "1")
print(" ".join("%s/%d" % (r.label, r.seed) for r in start_order([a, b])))
PY
)
[ "$order" = "a1/1 b1/1 a2/1 b1/2 a1/2 a3/1 a2/2 a3/2" ]
ok $? "start order: seeds staggered within an exercise, exercises round by round" || diag "$order"
done_testing
