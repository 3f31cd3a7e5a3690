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
#   - a chapter that reports in JSON (--format json's object on stdout, its verify lines
#     on stderr): the failing check is read from it (grade.json's failed_check, the
#     excerpt's first failing check); an exit 3 named by its status line alone;
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
# --dry-run: nothing run, nothing written
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

# 4. A chapter that reports in JSON: the check that failed is read from its object.
cat >"$FAKE/02_radix2" <<'SH'
#!/bin/sh
echo '{"chapter": "02_radix2", "variant": "dif", "n": 4, "checks": [{"name": "random", "l2_error": 1e-08, "max_error": 1e-08, "l2_bound": 2.38e-07, "max_bound": 9.54e-07, "ok": true}, {"name": "impulse@0", "l2_error": 0.866, "max_error": 1, "l2_bound": 2.38e-07, "max_bound": 9.54e-07, "ok": false}], "verdict": "FAIL", "reason": "check impulse@0: largest error at row 0 index 1"}'
echo 'verify   impulse@0    rel L2 8.66e-01 (bound 2.38e-07)  rel max 1.00e+00 (bound 9.54e-07)  WRONG: largest error at row 0 index 1' >&2
echo '    row 0, index 1: got (0, 0), expected (1, 0)' >&2
echo 'FAIL: check impulse@0: largest error at row 0 index 1' >&2
exit 1
SH
printf 'id\tchapter\tvariant\tpoints\tcases\n02_radix2/dif\t02_radix2\tdif\t1\t4:seed=1\n' >"$TMP/one.tsv"
run_case "a JSON report: its failing check in the excerpt" 1 '' \
    --has '^# case 4:seed=1 seed 1: exit 1 wrong result' \
    --has '^# the first failing check:' --has '^#   verify   impulse@0 .*WRONG' \
    --has '^#       row 0, index 1: got \(0, 0\), expected \(1, 0\)' \
    -- env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/one.tsv" --from solutions --json "$TMP/j.json"
grep -q '"reason": "exit 1 wrong result", "failed_check": "impulse@0"' "$TMP/j.json"
ok $? "grade.json names the failing check (failed_check)" || diag "$(cat "$TMP/j.json")"

# A run's status line ("FAIL (opencl, exit 3): ...", common/clerr.c's form) names its kind
# even when nothing else in the output does.
printf '#!/bin/sh\necho "FAIL (opencl, exit 3): timed out (--timeout)" >&2\nexit 3\n' >"$FAKE/02_radix2"
run_case "exit 3: a timeout named by its status line alone" 1 '' \
    --has '^# case 4:seed=1 seed 1: exit 3 timed out after --timeout 60 s' \
    -- env BUILD="$FAKE" tools/grade.sh --manifest "$TMP/one.tsv" --from solutions --json "$TMP/s.json"

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
