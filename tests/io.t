#!/usr/bin/env bash
# --input / --output: .npy files made byte by byte here (no numpy needed), read by the
# chapters, written back with the right header, and bad files refused with exit 2.
#
# Fast set (make test): every case; there is no slow set. The refusals exit before any
# kernel is built. The runs that pass build 8 pocl programs: 01_dft, 02_radix2 single and
# double, 07_multidim 4x8 batch 2 (the (2, 4, 8) input and --size 4x8 --batch 2), 2x4x8,
# 4x8 batch 1 (and its inverse read-back), 09_real_input N=8 (r2c and c2r) and N=16 double.
# 07's build options depend on the batch, so the --size/--batch output case runs batch 2,
# the (2, 4, 8) input's build, not a batch 3 of its own.
# Measured cold (empty pocl cache, 2 cores, 2026-11-25): 27.7 CPU-s (35.8 before).
. "$(dirname "$0")/lib.sh"
need_binary 01_dft
need_binary 02_radix2
D=$BUILD/01_dft
R=$BUILD/02_radix2

# Raw data: an impulse at 0 in complex64 (1.0f = 00 00 80 3f) or complex128.
impulse_c8() { printf '\000\000\200\077\000\000\000\000'; head -c $(( 8 * ($1 - 1) )) /dev/zero; }
impulse_c16() { printf '\000\000\000\000\000\000\360\077'; head -c 8 /dev/zero; head -c $(( 16 * ($1 - 1) )) /dev/zero; }
# header_of FILE: the header dict text; data_offset FILE: where the data starts.
header_len() { od -An -tu2 -j8 -N2 "$1" | tr -d ' '; }
header_of() { dd if="$1" bs=1 skip=10 count="$(header_len "$1")" 2>/dev/null | tr -d '\n'; }
data_offset() { echo $(( 10 + $(header_len "$1") )); }
file_size() { wc -c <"$1" | tr -d ' '; }
# values_are FILE TYPE RE IM: every complex value of the file (f4 or f8 parts) is (RE, IM).
values_are() {
    od -An -v -t"$2" -j "$(data_offset "$1")" "$1" |
        awk -v re="$3" -v im="$4" '{ for (i = 1; i <= NF; i++) { k++; v = $i + 0;
                                     if ((k % 2 == 1 && v != re) || (k % 2 == 0 && v != im)) bad++ } }
                                   END { exit !(k > 0 && !bad) }'
}

impulse_c8 8 >"$TMP/imp8.raw"
make_npy "$TMP/imp8.npy" '<c8' '(8,)' "$TMP/imp8.raw"
[ "$(data_offset "$TMP/imp8.npy")" -eq 128 ] && [ "$(file_size "$TMP/imp8.npy")" -eq $((128 + 64)) ]
ok $? "the hand-made impulse file: 128-byte header (64-byte aligned), 8 complex64 values" ||
    bail_out "make_npy is broken"

run_case "01_dft --input impulse (8,)" 0 '^PASS$' --has "N=8 batch=1 forward single .*input=$TMP/imp8.npy" \
    --has 'verify +input ' -- "$D" --input "$TMP/imp8.npy" --repeat 0
run_case "02_radix2 --input impulse (8,) --output" 0 '^PASS$' --has "wrote $TMP/y8.npy" \
    -- "$R" --input "$TMP/imp8.npy" --output "$TMP/y8.npy" --repeat 0
header_of "$TMP/y8.npy" | grep -q "^{'descr': '<c8', 'fortran_order': False, 'shape': (8,), } *\$"
ok $? "--output of (8,): header {'descr': '<c8', 'fortran_order': False, 'shape': (8,), } padded" ||
    diag "header: $(header_of "$TMP/y8.npy")"
[ $(( $(data_offset "$TMP/y8.npy") % 64 )) -eq 0 ] &&
    [ "$(file_size "$TMP/y8.npy")" -eq $(( $(data_offset "$TMP/y8.npy") + 64 )) ]
ok $? "--output of (8,): data on a 64-byte boundary, then 8 complex64 values"
values_are "$TMP/y8.npy" f4 1 0
ok $? "--output holds the transform of the impulse: every value (1, 0)"

# complex128 by hand, double run.
impulse_c16 16 >"$TMP/imp16d.raw"
make_npy "$TMP/imp16d.npy" '<c16' '(16,)' "$TMP/imp16d.raw"
run_case "--precision double --input complex128 impulse, --output" 0 '^PASS$' \
    -- "$R" --precision double --input "$TMP/imp16d.npy" --output "$TMP/y16d.npy" --repeat 0
header_of "$TMP/y16d.npy" | grep -q "^{'descr': '<c16', 'fortran_order': False, 'shape': (16,), } *\$"
ok $? "--output of a double run: descr '<c16', shape (16,)"
[ "$(file_size "$TMP/y16d.npy")" -eq $(( $(data_offset "$TMP/y16d.npy") + 16 * 16 )) ]
ok $? "--output of a double run: 16 complex128 values"
values_are "$TMP/y16d.npy" f8 1 0
ok $? "--output of a double run: every value (1, 0)"

# (B, N) shapes.
run_case "--size 16 --batch 3 --output" 0 '^PASS$' -- "$R" --size 16 --batch 3 --output "$TMP/b3.npy" --repeat 0
header_of "$TMP/b3.npy" | grep -q "'shape': (3, 16), }"
ok $? "--output of a batch of 3: shape (3, 16)" || diag "header: $(header_of "$TMP/b3.npy")"
[ "$(file_size "$TMP/b3.npy")" -eq $(( $(data_offset "$TMP/b3.npy") + 3 * 16 * 8 )) ] &&
    [ $(( $(data_offset "$TMP/b3.npy") % 64 )) -eq 0 ]
ok $? "--output of a batch of 3: 48 complex64 values after a 64-byte aligned header"
run_case "--input (3, 16) --inverse: the spectrum back" 0 '^PASS$' --has 'N=16 batch=3 inverse' \
    -- "$R" --input "$TMP/b3.npy" --inverse --output "$TMP/b3back.npy" --repeat 0
header_of "$TMP/b3back.npy" | grep -q "'shape': (3, 16), }"
ok $? "--output of a (3, 16) input keeps the shape"
run_case "01_dft reads 02_radix2's (3, 16) output" 0 '^PASS$' -- "$D" --input "$TMP/b3.npy" --repeat 0
run_case "--input with an agreeing --size and --batch" 0 '^PASS$' \
    -- "$R" --input "$TMP/b3.npy" --size 16 --batch 3 --repeat 0

impulse_c8 8 >"$TMP/row.raw"
make_npy "$TMP/one-row.npy" '<c8' '(1, 8)' "$TMP/row.raw"
run_case "--input (1, 8)" 0 '^PASS$' -- "$R" --input "$TMP/one-row.npy" --output "$TMP/one-row-y.npy" --repeat 0
header_of "$TMP/one-row-y.npy" | grep -q "'shape': (1, 8), }"
ok $? "--output of a (1, 8) input is (1, 8), not (8,)" || diag "header: $(header_of "$TMP/one-row-y.npy")"
run_case "--size 16 --output (N,)" 0 '^PASS$' -- "$R" --size 16 --output "$TMP/n16.npy" --repeat 0
header_of "$TMP/n16.npy" | grep -q "'shape': (16,), }"
ok $? "--output of a single row: shape (16,)"

# Refusals: exit 2 with a message that names the problem.
run_case "--input with --size disagreeing" 2 '^FAIL' --has 'disagrees' --has 'imp8.npy' \
    -- "$R" --input "$TMP/imp8.npy" --size 16 --repeat 0
run_case "--input with --batch disagreeing" 2 '^FAIL' --has 'disagrees' \
    -- "$R" --input "$TMP/b3.npy" --batch 2 --repeat 0
run_case "complex128 file in a single-precision run" 2 '^FAIL' --has 'complex64' --has 'complex128' \
    -- "$R" --input "$TMP/imp16d.npy" --repeat 0
run_case "complex64 file in a double-precision run" 2 '^FAIL' --has 'complex128' \
    -- "$R" --input "$TMP/imp8.npy" --precision double --repeat 0
head -c 300 /dev/urandom >"$TMP/garbage.npy"
run_case "garbage file" 2 '^FAIL' --has 'not a \.npy|magic' -- "$R" --input "$TMP/garbage.npy" --repeat 0
printf 'just text\n' >"$TMP/text.npy"
run_case "text file" 2 '^FAIL' --has 'not a \.npy|magic' -- "$D" --input "$TMP/text.npy" --repeat 0
run_case "missing file" 2 '^FAIL' --has "$TMP/nosuch.npy" --has-i 'no such file|cannot open' \
    -- "$R" --input "$TMP/nosuch.npy" --repeat 0
head -c 64 "$TMP/imp8.raw" >"$TMP/short.raw"
make_npy "$TMP/short.npy" '<c8' '(16,)' "$TMP/short.raw"
run_case "file shorter than its shape" 2 '^FAIL' --has 'shorter' -- "$R" --input "$TMP/short.npy" --repeat 0
make_npy "$TMP/f4.npy" '<f4' '(16,)' "$TMP/imp8.raw"
run_case "real float32 file" 2 '^FAIL' --has 'dtype' --has '<f4' -- "$R" --input "$TMP/f4.npy" --repeat 0
make_npy "$TMP/3d.npy" '<c8' '(2, 2, 2)' "$TMP/imp8.raw"
run_case "3-axis file" 2 '^FAIL' --has 'axes' -- "$R" --input "$TMP/3d.npy" --repeat 0
make_npy "$TMP/empty.npy" '<c8' '(0,)'
run_case "empty array" 2 '^FAIL' --has 'empty' -- "$R" --input "$TMP/empty.npy" --repeat 0
# The header is read as the Python literal it is. A repeated key is refused, naming it
# (numpy takes the last value: this file is in Fortran order), and key-like text inside a
# string is that string's contents, never a key (here it would make a (2, 8) complex64).
impulse_c8 16 >"$TMP/imp16.raw"
make_npy_dict "$TMP/twice.npy" \
    "{'descr': '<c8', 'fortran_order': False, 'shape': (2, 8), 'fortran_order': True}" "$TMP/imp16.raw"
run_case "header with a repeated key" 2 '^FAIL' --has "twice.npy: malformed header: the key 'fortran_order' appears twice" \
    -- "$R" --input "$TMP/twice.npy" --repeat 0
make_npy_dict "$TMP/hidden.npy" \
    "{\"descr\": \"'descr': '<c8', 'shape': (2, 8)\", \"fortran_order\": False, \"shape\": (16,)}" "$TMP/imp16.raw"
run_case "key-like text inside a string is no key" 2 '^FAIL' \
    --has "hidden.npy: dtype \"'descr': '<c8', 'shape': \\(2, 8\\)\" is not supported" \
    -- "$R" --input "$TMP/hidden.npy" --repeat 0
head -c $((1000 * 8)) /dev/zero >"$TMP/z1000.raw"
make_npy "$TMP/n1000.npy" '<c8' '(1000,)' "$TMP/z1000.raw"
run_case "02_radix2 --input of length 1000 is refused, naming 01_dft" 2 '^FAIL' --has '01_dft' \
    -- "$R" --input "$TMP/n1000.npy" --repeat 0
run_case "01_dft --input of zeros (length 1000)" 0 '^PASS$' -- "$D" --input "$TMP/n1000.npy" --repeat 0
run_case "--output into a missing folder" 2 '^FAIL' --has "$TMP/no/such/dir/y.npy" \
    -- "$R" --size 16 --output "$TMP/no/such/dir/y.npy" --repeat 0

# 07_multidim: arrays of shape (B, Ny, Nx) and (B, Nz, Ny, Nx), the first axis the batch;
# with --size the file may leave the batch axis out. Each array here holds an impulse at
# its first element (the first of each 32 values), so every output value is (1, 0).
if [ -x "$BUILD/07_multidim" ]; then
    M=$BUILD/07_multidim
    for b in 1 2; do impulse_c8 32; done >"$TMP/imp2x4x8.raw"
    make_npy "$TMP/b2x4x8.npy" '<c8' '(2, 4, 8)' "$TMP/imp2x4x8.raw"
    run_case "07 --input (2, 4, 8): two 4x8 arrays, --output" 0 '^PASS$' \
        --has "N=4x8 \(32 points\) batch=2 forward" \
        -- "$M" --input "$TMP/b2x4x8.npy" --output "$TMP/y2x4x8.npy" --repeat 0
    header_of "$TMP/y2x4x8.npy" | grep -q "'shape': (2, 4, 8), }"
    ok $? "07 --output of a (2, 4, 8) input: shape (2, 4, 8)" || diag "header: $(header_of "$TMP/y2x4x8.npy")"
    values_are "$TMP/y2x4x8.npy" f4 1 0
    ok $? "07 --output holds the 2-D transforms of the impulses: every value (1, 0)"
    make_npy "$TMP/b1x2x4x8.npy" '<c8' '(1, 2, 4, 8)' "$TMP/imp2x4x8.raw"
    run_case "07 --input (1, 2, 4, 8): one 2x4x8 array" 0 '^PASS$' --has "N=2x4x8 \(64 points\) batch=1" \
        -- "$M" --input "$TMP/b1x2x4x8.npy" --repeat 0
    run_case "07 --input (2, 4, 8) --size 2x4x8: one 3-D array, no batch axis" 0 '^PASS$' \
        --has "N=2x4x8 \(64 points\) batch=1" \
        -- "$M" --input "$TMP/b2x4x8.npy" --size 2x4x8 --output "$TMP/y248.npy" --repeat 0
    header_of "$TMP/y248.npy" | grep -q "'shape': (2, 4, 8), }"
    ok $? "07 --output of an input without a batch axis keeps that shape"
    # batch 2, not 3: the 4x8 batch-2 kernels are built already (the (2, 4, 8) input above).
    run_case "07 --size 4x8 --batch 2 --output: shape (2, 4, 8)" 0 '^PASS$' \
        -- "$M" --size 4x8 --batch 2 --output "$TMP/y2x4x8b.npy" --repeat 0
    header_of "$TMP/y2x4x8b.npy" | grep -q "'shape': (2, 4, 8), }"
    ok $? "07 --output of --size 4x8 --batch 2: shape (2, 4, 8)" || diag "header: $(header_of "$TMP/y2x4x8b.npy")"
    run_case "07 --size 4x8 --output: the batch axis is kept, (1, 4, 8)" 0 '^PASS$' \
        -- "$M" --size 4x8 --output "$TMP/y1x4x8.npy" --repeat 0
    header_of "$TMP/y1x4x8.npy" | grep -q "'shape': (1, 4, 8), }"
    ok $? "07 --output of --size 4x8: shape (1, 4, 8)" || diag "header: $(header_of "$TMP/y1x4x8.npy")"
    run_case "07 reads its own (1, 4, 8) output back, inverse" 0 '^PASS$' --has "N=4x8 \(32 points\) batch=1 inverse" \
        -- "$M" --input "$TMP/y1x4x8.npy" --inverse --repeat 0
    run_case "07 --input (2, 4, 8) with --size 8x4: disagrees" 2 '^FAIL' --has 'disagrees' --has '4x8' \
        -- "$M" --input "$TMP/b2x4x8.npy" --size 8x4 --repeat 0
    run_case "07 --input (2, 4, 8) with --size 2x2x2: another shape" 2 '^FAIL' \
        --has 'disagrees' -- "$M" --input "$TMP/b2x4x8.npy" --size 2x2x2 --repeat 0
    run_case "07 --input (2, 4, 8) with --size 2x2x4x8: too many axes for the file" 2 '^FAIL' \
        --has 'more than 3 dimensions' -- "$M" --input "$TMP/b2x4x8.npy" --size 2x2x4x8 --repeat 0
    run_case "07 --input (2, 4, 8) with --batch 3: disagrees" 2 '^FAIL' --has 'disagrees' \
        -- "$M" --input "$TMP/b2x4x8.npy" --batch 3 --repeat 0
    run_case "02_radix2 --input (2, 4, 8): 1-D chapters read (N,) or (batch, N)" 2 '^FAIL' --has 'axes' \
        -- "$R" --input "$TMP/b2x4x8.npy" --repeat 0
fi

# 09_real_input: R2C reads real float32/float64 arrays and writes complex half spectra,
# C2R the other way round (the last axis Nx/2 + 1; Nx from --size, else 2(m - 1)).
if [ -x "$BUILD/09_real_input" ]; then
    Q=$BUILD/09_real_input
    impulse_f4() { printf '\000\000\200\077'; head -c $(( 4 * ($1 - 1) )) /dev/zero; }
    impulse_f8() { printf '\000\000\000\000\000\000\360\077'; head -c $(( 8 * ($1 - 1) )) /dev/zero; }
    ones_c8() { local i; for ((i = 0; i < $1; i++)); do printf '\000\000\200\077\000\000\000\000'; done; }
    impulse_f4 8 >"$TMP/rimp8.raw"
    make_npy "$TMP/rimp8.npy" '<f4' '(8,)' "$TMP/rimp8.raw"
    run_case "09 --input float32 impulse (8,) --output" 0 '^PASS$' --has 'N=8 batch=1 forward r2c' \
        -- "$Q" --input "$TMP/rimp8.npy" --output "$TMP/rX8.npy" --repeat 0
    header_of "$TMP/rX8.npy" | grep -q "^{'descr': '<c8', 'fortran_order': False, 'shape': (5,), } *\$"
    ok $? "09 r2c --output of (8,) reals: complex64, shape (5,)" || diag "header: $(header_of "$TMP/rX8.npy")"
    [ "$(file_size "$TMP/rX8.npy")" -eq $(( $(data_offset "$TMP/rX8.npy") + 5 * 8 )) ] && values_are "$TMP/rX8.npy" f4 1 0
    ok $? "09 r2c --output: 5 values, every one (1, 0)"
    impulse_f8 16 >"$TMP/rimp16d.raw"
    make_npy "$TMP/rimp16d.npy" '<f8' '(1, 16)' "$TMP/rimp16d.raw"
    run_case "09 --input float64 (1, 16) --precision double" 0 '^PASS$' \
        -- "$Q" --input "$TMP/rimp16d.npy" --precision double --output "$TMP/rX16d.npy" --repeat 0
    header_of "$TMP/rX16d.npy" | grep -q "'descr': '<c16', 'fortran_order': False, 'shape': (1, 9), }" &&
        values_are "$TMP/rX16d.npy" f8 1 0
    ok $? "09 r2c double --output: complex128, shape (1, 9), every value (1, 0)" || diag "header: $(header_of "$TMP/rX16d.npy")"
    # C2R: the half spectrum of all ones (5 values) is the spectrum of 8 delta_j
    ones_c8 5 >"$TMP/ones5.raw"
    make_npy "$TMP/ones5.npy" '<c8' '(5,)' "$TMP/ones5.raw"
    run_case "09 --input complex64 (5,) --inverse: Nx = 2(m - 1) = 8" 0 '^PASS$' \
        --has 'N=8 batch=1 inverse c2r \(5 complex -> 8 reals\)' --has 'Nx = 2 \(m - 1\) = 8' \
        -- "$Q" --input "$TMP/ones5.npy" --inverse --output "$TMP/ry8.npy" --repeat 0
    header_of "$TMP/ry8.npy" | grep -q "^{'descr': '<f4', 'fortran_order': False, 'shape': (8,), } *\$" &&
        od -An -v -tf4 -j "$(data_offset "$TMP/ry8.npy")" "$TMP/ry8.npy" |
        awk '{ for (i = 1; i <= NF; i++) { k++; if ($i + 0 != (k == 1 ? 8 : 0)) bad++ } } END { exit !(k == 8 && !bad) }'
    ok $? "09 c2r --output: float32 (8,), the values 8 0 0 0 0 0 0 0" || diag "header: $(header_of "$TMP/ry8.npy")"
    run_case "09 --input (5,) --inverse --size 9: Nx = 9 is odd" 2 '^FAIL' --has 'even' \
        -- "$Q" --input "$TMP/ones5.npy" --inverse --size 9 --repeat 0
    run_case "09 --input (5,) --inverse --size 10: disagrees (10 reals have 6 values)" 2 '^FAIL' \
        --has 'disagrees' --has 'Nx/2 \+ 1' -- "$Q" --input "$TMP/ones5.npy" --inverse --size 10 --repeat 0
    run_case "09 r2c of a complex64 file: refused" 2 '^FAIL' --has 'complex64' --has 'float32' --has 'inverse' \
        -- "$Q" --input "$TMP/ones5.npy" --repeat 0
    run_case "09 c2r of a float32 file: refused" 2 '^FAIL' --has 'float32' --has 'half spectra' \
        -- "$Q" --input "$TMP/rimp8.npy" --inverse --repeat 0
    run_case "09 float64 file in a single-precision run" 2 '^FAIL' --has 'float64' --has '--precision double' \
        -- "$Q" --input "$TMP/rimp16d.npy" --repeat 0
    impulse_f4 7 >"$TMP/rimp7.raw"
    make_npy "$TMP/rimp7.npy" '<f4' '(7,)' "$TMP/rimp7.raw"
    run_case "09 float32 file of odd length 7: refused" 2 '^FAIL' --has 'even' --has '06_mixed_radix' \
        -- "$Q" --input "$TMP/rimp7.npy" --repeat 0
    run_case "02_radix2 still refuses a float32 file" 2 '^FAIL' --has 'dtype' --has '<f4' \
        -- "$R" --input "$TMP/rimp8.npy" --repeat 0
fi

# Bad data is the input's fault, not the kernel's: exit 2 naming the first bad element.
printf '\0\0\300\177\0\0\0\0%.0s' $(seq 16) >"$TMP/nan.raw"   # (NaN, 0) x 16, complex64
make_npy "$TMP/nan.npy" '<c8' '(16,)' "$TMP/nan.raw"
run_case "--input with NaN: exit 2 naming element 0" 2 "^FAIL \(usage" --has 'element 0 .*not finite \(NaN' \
    -- "$R" --input "$TMP/nan.npy" --repeat 0
printf '\0\0\200\177\0\0\0\0%.0s' $(seq 16) >"$TMP/inf.raw"   # (inf, 0) x 16
make_npy "$TMP/inf.npy" '<c8' '(16,)' "$TMP/inf.raw"
run_case "--input with inf: exit 2" 2 "^FAIL \(usage" --has 'not finite \(infinite' -- "$R" --input "$TMP/inf.npy" --repeat 0
printf '\x9e\xc3\x61\x7f\0\0\0\0%.0s' $(seq 16) >"$TMP/big.raw"   # (3e38, 0) x 16: the sum overflows float
make_npy "$TMP/big.npy" '<c8' '(16,)' "$TMP/big.raw"
run_case "--input of +-3e38: overflows single precision, exit 2" 2 "^FAIL \(usage" --has 'overflow single precision' \
    -- "$R" --input "$TMP/big.npy" --repeat 0
# A shape is a claim checked against the file's length before anything is allocated.
make_npy "$TMP/huge.npy" '<c8' '(1099511627776,)' /dev/null
run_case "a (2^40,) shape in a tiny file: shorter than its shape, not out of memory" 2 "^FAIL \(usage" \
    --has 'shorter than its shape' --lacks 'out of memory' -- "$R" --input "$TMP/huge.npy" --repeat 0
# --output is whole or not at all: a write that fails leaves the old file as it was.
if [ -w /dev/full ]; then
    run_case "--output to a full device fails with exit 2" 2 '' --has 'error writing|cannot write' \
        -- "$R" --size 16 --repeat 0 --output /dev/full
fi
mkdir -p "$TMP/ro" && printf 'old' >"$TMP/ro/y.npy" && chmod 555 "$TMP/ro"
if [ ! -w "$TMP/ro" ]; then
    run_case "--output into a folder it cannot write: exit 2" 2 '' --has 'cannot write' \
        -- "$R" --size 16 --repeat 0 --output "$TMP/ro/y.npy"
    [ "$(cat "$TMP/ro/y.npy")" = old ]
    ok $? "the old output file is left whole"
fi
chmod 755 "$TMP/ro"
run_case "--output leaves no temporary file behind" 0 '^PASS$' -- "$R" --size 16 --repeat 0 --output "$TMP/ro/y.npy"
[ "$(ls "$TMP/ro")" = y.npy ]
ok $? "only y.npy in the folder after a successful write"
done_testing
