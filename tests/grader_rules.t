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
# 06_mixed_radix/own_pass says: each launch reads and writes each value once, through LOAD
# and STORE only, with butterflies and twiddles of its own. Planted (the end of this file):
#   read_twice, write_twice   the solution with one extra LOAD (its value unused) or one
#           extra STORE (overwritten): right under --variant own_pass, caught by
#           own_pass_once (every access counted; every output then (b, -1e30): b = 1
#           a value read other than once, 2 written other than once);
#   one_launch  the whole DFT at the first launch (each item reads the whole row), copies
#           after it: right, caught the same way, and by the grader at its first probe;
#   notation  the library's pass (docs/notation.md's map, chapter 02's fft_radix2 for any
#           radix), right at the end of its launches but of another layout between them:
#           caught by own_pass_layout (the last stage the harness's, from the contract's
#           layout), and by the grader at its first case of that variant;
#   library, library_pass, pointer, reserved, paste   a call of the library's dft4 or of
#           its pass kernel, a __global parameter of its own, the reserved name own_y_, a
#           name pasted with ##: refused before the build (exit 2, naming the line);
#   address  &LOAD(0), a pointer into the buffer that LOAD would not count: LOAD is a
#           value, so it does not build (exit 3).
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

# ---- 06_mixed_radix/own_pass (the header's last paragraph). One program per variant
# serves every size (no -D constants), so these runs share pocl's cache.
need_binary 06_mixed_radix
M=$BUILD/06_mixed_radix
OWN=solutions/06_mixed_radix/own_pass.cl
sed 's/^\(\s*\)my_small_dft(v, r, sign);/\1if (isnan(LOAD(i).x)) return;\n&/' "$OWN" >"$TMP/read_twice.cl"
sed 's/^\(\s*\)\(STORE(.*);\)$/\1\2 \2/' "$OWN" >"$TMP/write_twice.cl"
! cmp -s "$OWN" "$TMP/read_twice.cl" && ! cmp -s "$OWN" "$TMP/write_twice.cl"
ok $? "planted an extra LOAD and an extra STORE into own_pass's solution" ||
    diag "the solution's lines have moved on: update the sed scripts"
cat >"$TMP/one_launch.cl" <<'CL'
/* the whole DFT at the first launch, from the definition; later launches copy */
__kernel void own_pass(OWN_PASS_PARAMS)
{
    const int j = get_global_id(0), m = N / r;
    for (int t = 0; t < r; t++) {
        const int k = j + t * m;
        real2_t acc = (real2_t)(0, 0);
        if (L == 1)
            for (int n = 0; n < N; n++)
                acc += cmul(LOAD(n), cexpi((real_t)sign * (real_t)(2 * FFTLAB_PI) *
                                           (real_t)((long)n * k % N) / (real_t)N));
        else
            acc = LOAD(k);
        STORE(k, acc);
    }
}
CL
for cheat in read_twice:1 write_twice:2 one_launch:1; do
    bits=${cheat#*:} cheat=${cheat%:*}
    run_case "own_pass $cheat: right under --variant own_pass" 0 '^PASS$' \
        -- "$M" --variant own_pass --exercise "$TMP/$cheat.cl" --size 60 --batch 2 --repeat 0
    run_case "own_pass $cheat: caught by own_pass_once, every output ($bits, -1e30)" 1 '^FAIL' \
        --has "^verify +random .*WRONG" --has "^ +row 0, index 0: got \\($bits, -1e\\+30\\)" \
        -- "$M" --variant own_pass_once --exercise "$TMP/$cheat.cl" --size 60 --batch 2 --repeat 0
done
run_case "own_pass's solution passes own_pass_once at the same size" 0 '^PASS$' \
    -- "$M" --variant own_pass_once --exercise "$OWN" --size 60 --batch 2 --repeat 0
cat >"$TMP/notation.cl" <<'CL'
/* docs/notation.md's pass at Q = r, p = L: right after all its launches, another layout */
void my_dft(real2_t *v, int r, int sign)
{
    real2_t out[5];
    for (int q = 0; q < r; q++) {
        out[q] = (real2_t)(0, 0);
        for (int t = 0; t < r; t++)
            out[q] += cmul(v[t], cexpi((real_t)sign * (real_t)(2 * FFTLAB_PI) * (real_t)(t * q % r) / (real_t)r));
    }
    for (int q = 0; q < r; q++)
        v[q] = out[q];
}
__kernel void own_pass(OWN_PASS_PARAMS)
{
    const int t = get_global_id(0), k = t % L, m = N / r;
    real2_t v[5];
    for (int j = 0; j < r; j++)
        v[j] = cmul(LOAD(t + j * m), cexpi((real_t)sign * (real_t)(2 * FFTLAB_PI) * (real_t)(j * k) / (real_t)(r * L)));
    my_dft(v, r, sign);
    for (int j = 0; j < r; j++)
        STORE((t - k) * r + k + j * L, v[j]);
}
CL
run_case "own_pass notation: right under own_pass (and own_pass_once)" 0 '^PASS$' \
    -- "$M" --variant own_pass_once --exercise "$TMP/notation.cl" --size 60 --batch 2 --repeat 0
run_case "own_pass notation: caught by own_pass_layout" 1 '^FAIL' --has '^verify +random .*WRONG' \
    -- "$M" --variant own_pass_layout --exercise "$TMP/notation.cl" --size 60 --batch 2 --repeat 0
run_case "own_pass's solution passes own_pass_layout at the same size" 0 '^PASS$' \
    --has 'own_pass_finish\(A, B, 60, 12, -1\)' \
    -- "$M" --variant own_pass_layout --exercise "$OWN" --size 60 --batch 2 --explain --repeat 0
printf '__kernel void own_pass(OWN_PASS_PARAMS)\n{\n    real2_t v[4];\n    dft4(v);\n}\n' \
    >"$TMP/library.cl"
printf '__kernel void own_pass(OWN_PASS_PARAMS)\n{\n    fft_row_parts_p0(0, 0, 0, 0, 0, N, 0);\n}\n' \
    >"$TMP/library_pass.cl"
printf '__kernel void own_pass(__global const real2_t *x, __global real2_t *y, int N, int r,\n' \
    >"$TMP/pointer.cl"
printf '                       int L, int sign)\n{\n    y[get_global_id(0)] = x[0];\n}\n' >>"$TMP/pointer.cl"
printf '/* the buffer by its name */\n__kernel void own_pass(OWN_PASS_PARAMS)\n{\n    own_y_[0] = LOAD(0);\n}\n' \
    >"$TMP/reserved.cl"
printf '#define CAT(a, b) a##b\n__kernel void own_pass(OWN_PASS_PARAMS)\n{\n    CAT(own_y, _)[0] = LOAD(0);\n}\n' \
    >"$TMP/paste.cl"
run_case "own_pass library: dft4 refused" 2 '^FAIL \(usage, exit 2\)' \
    --has "library\.cl:4: 'dft4' is a function of the library \(kernels/06_passes\.cl\)" \
    -- "$M" --pass-kernel "$TMP/library.cl" --size 8 --repeat 0
run_case "own_pass library_pass: the library's pass kernel refused" 2 '^FAIL \(usage, exit 2\)' \
    --has "library_pass\.cl:3: 'fft_row_parts_p0' is a function of the library \(kernels/06_row_parts\.cl\)" \
    -- "$M" --pass-kernel "$TMP/library_pass.cl" --size 8 --repeat 0
run_case "own_pass pointer: a __global parameter refused" 2 '^FAIL \(usage, exit 2\)' \
    --has "pointer\.cl:1: '__global': an own pass has no buffer of its own" \
    -- "$M" --pass-kernel "$TMP/pointer.cl" --size 8 --repeat 0
run_case "own_pass reserved: own_y_ refused (not in the comment: at its line)" 2 '^FAIL \(usage, exit 2\)' \
    --has "reserved\.cl:4: 'own_y_' is reserved" -- "$M" --pass-kernel "$TMP/reserved.cl" --size 8 --repeat 0
printf '__kernel void own_pass(OWN_PASS_PARAMS)\n{\n    STORE(0, (&LOAD(0))[1]);\n}\n' >"$TMP/address.cl"
run_case "own_pass address: &LOAD(i), a way to the buffer past the count, does not build" 3 \
    '^FAIL \(opencl' --has 'address\.cl:3:' -- "$M" --pass-kernel "$TMP/address.cl" --size 8 --repeat 0
run_case "own_pass paste: token pasting refused" 2 '^FAIL \(usage, exit 2\)' --has "paste\.cl:1: ## is not allowed" \
    -- "$M" --pass-kernel "$TMP/paste.cl" --size 8 --repeat 0
# The grader at the manifest's first group of own_pass: one_launch earns nothing, stopped at
# its first probe case (its later groups, up to 2^20, would take minutes of O(N^2) work).
awk -F'\t' 'BEGIN { OFS = "\t" } $1 == "id" { print } $1 == "06_mixed_radix/own_pass" {
    sub(/ \|.*/, "", $5); $4 = 1; print }' exercises/manifest.tsv >"$TMP/own_first.tsv"
grep -q 'variant=own_pass_once' "$TMP/own_first.tsv"
ok $? "own_pass's first case group holds a probe case" || diag "$(cat "$TMP/own_first.tsv")"
grep -q 'variant=own_pass_layout' "$TMP/own_first.tsv"
ok $? "... and a layout case" || diag "$(cat "$TMP/own_first.tsv")"
mkdir -p "$TMP/own/06_mixed_radix" "$TMP/own2/06_mixed_radix"
cp "$TMP/one_launch.cl" "$TMP/own/06_mixed_radix/own_pass.cl"
cp "$TMP/notation.cl" "$TMP/own2/06_mixed_radix/own_pass.cl"
run_case "the grader: one_launch earns nothing, caught by own_pass_once" 1 '' \
    --stdout-has '^not ok 1 - 06_mixed_radix/own_pass \(case [^ ]*:variant=own_pass_once.* seed 1: exit 1 wrong result\)' \
    --stdout-has '^# rerun: .*--variant own_pass_once' \
    -- tools/grade.sh --manifest "$TMP/own_first.tsv" --only 06_mixed_radix/own_pass --from "$TMP/own" \
       --json "$TMP/own.json" --draw 1
run_case "the grader: notation earns nothing, caught by own_pass_layout" 1 '' \
    --stdout-has '^not ok 1 - 06_mixed_radix/own_pass \(case [^ ]*:variant=own_pass_layout.* seed 1: exit 1 wrong result\)' \
    -- tools/grade.sh --manifest "$TMP/own_first.tsv" --only 06_mixed_radix/own_pass --from "$TMP/own2" \
       --json "$TMP/own2.json" --draw 1
done_testing
