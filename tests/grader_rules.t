#!/usr/bin/env bash
# The rules an exercise states about how (not only what) are graded: a kernel that gets
# the numbers right another way must fail where the exercise's own text says it would.
#
# 01_dft/twiddle_table says: the twiddles come from the table w, and no product of two
# indices overflows an int (N goes up to 65536). Two cheats, planted here:
#   sincos  computes its own twiddles (the chapter's kernel), reading the direction from
#           the sign of w[1]: right under --variant twiddle_table at every size, wrong
#           under --variant table_probe (the table's roots scrambled by a power Q, the bins
#           put back), which the grader runs too (exercises/manifest.tsv);
#   product takes its index m = (j * k) % n: right up to N = 46340; at 65536, the size
#           the grader runs, j * k wraps and its first read lands before the table: on pocl the
#           table's fence stops it there (read out of bounds, well under a second);
#           without a fence it reads the guard zone and the result is wrong.
# The solution passes both the probe (forward, and inverse with a batch) and 65536 (slow
# set: an O(N^2) run of 65536^2 terms, about 20 CPU-s).
# Every other exercise's manifest row also reaches past N = 46340 (checked first, below).
# 02_radix2/twiddle_table says the same of its passes (the table of N/2 roots): the same
# sincos cheat, written as a pass, is caught by 02's table_probe.
. "$(dirname "$0")/lib.sh"
need_binary 01_dft
need_binary 02_radix2
D=$BUILD/01_dft
R=$BUILD/02_radix2
SOL=solutions/01_dft/twiddle_table.cl
SOL2=solutions/02_radix2/twiddle_table.cl
[ -f "$SOL" ] || { skip "01_dft/twiddle_table's rules" "no solutions/ (the student edition)"; done_testing; exit; }

# Every exercise reaches the size where a product of two indices overflows an int: a case
# with an axis past 46340 (exercises/manifest.tsv's header says why, and names the one
# exception, 01_dft/bin_per_group).
python3 - exercises/manifest.tsv >"$TMP/reach.txt" 2>&1 <<'PY'
import re, sys
def axis(a):
    b, _, e = a.partition("^")
    return int(b) ** int(e) if e else int(b)
short = []
for line in open(sys.argv[1]):
    if line.startswith("#") or line.startswith("id\t") or not line.strip():
        continue
    ident, _, _, _, cases = line.rstrip("\n").split("\t")
    big = 0
    for spec in cases.replace("|", " ").split():
        size = spec.split(":")[0].split("x")[0]
        if size[0] in "~@":
            continue
        big = max([big] + [axis(a) for a in size.split(",")])
    if big <= 46340 and ident != "01_dft/bin_per_group":
        short.append("%s stops at %d" % (ident, big))
print("\n".join(short) or "all reach")
PY
[ "$(cat "$TMP/reach.txt")" = "all reach" ]
ok $? "every exercise but 01's bin_per_group has a case with an axis past 46340" || diag "$(cat "$TMP/reach.txt")"

# A case's own time limit (:timeout=S): 08's largest prime runs with --timeout 240, the
# other cases with the grader's 60; a bad value is a manifest error.
run_case "a case's :timeout=S reaches its command line, and only its" 0 '' \
    --stdout-has '^# run 08_bluestein/chirp_table group 1: .* --size 16777213 .*--timeout 240$' \
    --stdout-has '^# run 08_bluestein/chirp_table group 1: .* --size 1048583 .*--timeout 60$' \
    -- tools/grade.sh --dry-run --only 08_bluestein/chirp_table --draw 1
printf 'id\tchapter\tvariant\tpoints\tcases\n01_dft/twiddle_table\t01_dft\ttwiddle_table\t1\t16:timeout=0\n' \
    >"$TMP/bad-timeout.tsv"
run_case "a :timeout=0 is refused by name" 2 '' --has 'timeout=S needs a number of seconds from 1 to 600' \
    -- tools/grade.sh --dry-run --manifest "$TMP/bad-timeout.tsv"

# The sincos cheats are the chapters' own kernels (01's dft, 02's fft_radix2), renamed to
# the exercise's kernel, given its table argument, and reading the sign from w[1]. perl
# takes the kernel out of its file (up to its closing brace) and rewrites its first lines.
# (01's table has N/2 + 1 entries, 02's N/2 = get_global_size(0): w[1] is read only where
# it exists.)
cheat() { # KERNEL_FILE NEW_NAME OUT, with NAME the kernel to take
    NEW=$2 perl -0ne 'print "__kernel void $ENV{NEW}(" . $1 . "\n" if
        /__kernel void \Q$ENV{NAME}\E\((.*?\n\})/s' "$1" |
        perl -0pe 's/^(__kernel void \w+)\(([^)]*), int (\w+), int sign\)\n\{\n/$1($2, __global const real2_t *w, int $3)\n{\n    const int sign = get_global_size(0) > 1 \&\& w[1].y > 0 ? 1 : -1;\n/' >"$3"
}
NAME=dft cheat kernels/01_dft.cl dft_table "$TMP/sincos.cl"
NAME=fft_radix2 cheat kernels/02_radix2.cl fft_radix2_table "$TMP/sincos2.cl"
grep -q '^__kernel void dft_table(.*__global const real2_t \*w, int n)$' "$TMP/sincos.cl" &&
    grep -q '^__kernel void fft_radix2_table(.*__global const real2_t \*w, int p)$' "$TMP/sincos2.cl" &&
    grep -q 'const int sign = .*w\[1\]\.y > 0' "$TMP/sincos.cl" &&
    grep -q 'const int sign = .*w\[1\]\.y > 0' "$TMP/sincos2.cl"
ok $? "the sincos cheats made from 01's dft and 02's fft_radix2" ||
    diag "$(cat "$TMP/sincos.cl" "$TMP/sincos2.cl")"
sed -e 's/^\(\s*\)real2_t t = /\1m = (j * k) % n;\n\1real2_t t = /' \
    "$SOL" >"$TMP/product.cl"
! cmp -s "$SOL" "$TMP/product.cl"
ok $? "planted m = (j * k) % n into the solution" || diag "the solution's loop has moved on: update the sed script"

run_case "the solution passes the table probe" 0 '^PASS$' \
    -- "$D" --variant table_probe --exercise "$SOL" --size 97 --repeat 0
run_case "the solution passes the table probe, inverse, batch 3" 0 '^PASS$' \
    -- "$D" --variant table_probe --exercise "$SOL" --size 1000 --batch 3 --inverse --repeat 0
run_case "sincos: right with the plain table" 0 '^PASS$' \
    -- "$D" --variant twiddle_table --exercise "$TMP/sincos.cl" --size 97 --repeat 0
run_case "sincos: wrong under the table probe" 1 '^FAIL' --has 'check random' \
    -- "$D" --variant table_probe --exercise "$TMP/sincos.cl" --size 97 --repeat 0
run_case "02: the solution passes the table probe, inverse, batch 2" 0 '^PASS$' \
    -- "$R" --variant table_probe --exercise "$SOL2" --size 1024 --batch 2 --inverse --repeat 0
run_case "02: sincos passes right with the plain table" 0 '^PASS$' \
    -- "$R" --variant twiddle_table --exercise "$TMP/sincos2.cl" --size 1024 --repeat 0
run_case "02: sincos passes wrong under the table probe" 1 '^FAIL' --has 'check random' \
    -- "$R" --variant table_probe --exercise "$TMP/sincos2.cl" --size 1024 --repeat 0
run_case "product: right at N = 2048" 0 '^PASS$' \
    -- "$D" --variant twiddle_table --exercise "$TMP/product.cl" --size 2048 --repeat 0
# The same through the grader and the manifest: the cheats earn nothing (the probe cases
# come early in the manifest, so the grade stops there: 3-4 s), and so does the product,
# caught at 65536 (the cases before it are small: about 1.5 s).
mkdir -p "$TMP/cheat/01_dft" "$TMP/cheat/02_radix2" "$TMP/product/01_dft"
cp "$TMP/sincos.cl" "$TMP/cheat/01_dft/twiddle_table.cl"
cp "$TMP/sincos2.cl" "$TMP/cheat/02_radix2/twiddle_table.cl"
cp "$TMP/product.cl" "$TMP/product/01_dft/twiddle_table.cl"
run_case "the grader: both sincos cheats earn nothing, caught by table_probe" 1 '' \
    --stdout-has '^not ok 1 - 01_dft/twiddle_table \(case 97:variant=table_probe seed 1: exit 1 wrong result\)' \
    --stdout-has '^not ok 2 - 02_radix2/twiddle_table \(case 1024:variant=table_probe seed 1: exit 1 wrong result\)' \
    --stdout-has '^# rerun: .*--variant table_probe' \
    -- tools/grade.sh --only 01_dft/twiddle_table,02_radix2/twiddle_table --from "$TMP/cheat" \
       --json "$TMP/cheat.json" --draw 1
run_case "the grader: the product earns nothing, caught at 65536" 1 '' --timeout 600 \
    --stdout-has '^not ok 1 - 01_dft/twiddle_table \(case 65536:seed=1 seed 1: exit 1 (read out of bounds|wrong result)' \
    -- tools/grade.sh --only 01_dft/twiddle_table --from "$TMP/product" --json "$TMP/product.json" --draw 1
run_case "product: wrong at N = 65536, the grader's largest" 1 '^FAIL' --timeout 300 \
    -- "$D" --variant twiddle_table --exercise "$TMP/product.cl" --size 65536 --repeat 0
slow_case "the solution passes at N = 65536" 0 '^PASS$' --timeout 300 \
    -- "$D" --variant twiddle_table --exercise "$SOL" --size 65536 --repeat 0
done_testing
