#!/usr/bin/env bash
# 11_convolution: y = x (*) h, circular and linear, 1-D batched and 2-D, fused and unfused.
# Every run is checked by the harness's operator checks (common/verify.c with the chapter's
# fl_operator): random, two impulses (a closed form), a tone, and "direct" (the plain sum at
# up to 4096 outputs, no FFT). One case per code path:
#   fused, one kernel:  1-D linear N = 1, 17 (a prime: M = 48), 105 (odd 7-smooth) x 3 in
#                       one list; a grid of one point (no pass), 2x1 and 1x7 (an axis of
#                       1); circular 105 x 3; the unfused plan at 105 (the same program: no
#                       hooks at one pass), the two outputs compared
#   fused, the middle:  1-D linear 4096 x 2 (M = 4200 in two passes: conv_forward_first,
#                       conv_middle, conv_inverse_after_middle), --explain
#   fused, 3 passes:    1-D 3000 x 2 with --wg 8 (the product in the last forward pass's
#                       stores: conv_forward_last, conv_inverse_last)
#   2-D:                linear 30x40 x 2 with a 3x5 filter (pad, columns, conv_fused rows,
#                       columns, cut) and unfused, their outputs compared; circular 12x20
#                       double; circular 4x4200 (rows in two passes: conv_middle reading
#                       row r mod 4 of Hh); 30x3000 with --wg 8 (rows in three passes:
#                       conv_forward_last's product reading row r mod 32)
#   files:              --input (B, N) and --filter (K,) complex64, --output (B, N + K - 1),
#                       read back and compared with the plain sum here; a CSV row; a timed run
#   the limit:          circular N = 2^24 (slow set); 2^24 + 1 and a grid past 2^26 refused
#   planted bugs:       the product's index (unfused) and the pad's bound (fused, two passes)
#                       in a copy of kernels/11_convolution.cl (--kernels): each fails
#   bad input:          a filter longer than the signal (circular), a float32 or 2-D filter
#                       file for a 1-D complex run, --filter-size of 3 axes, a circular length
#                       that is not 7-smooth, --inverse, a bad --mode, --filter with
#                       --filter-size: exit 2 before any kernel is built
# The slow set (FFTLAB_SLOW_TESTS=1) adds: circular N = 2^24, three passes in double with the
# result in A, the default timed run.
# Cold (pocl's cache empty), 2 busy cores: about 20 s wall; chapters/11_convolution/NOTES.md.
. "$(dirname "$0")/lib.sh"
need_binary 11_convolution
B=$BUILD/11_convolution
USAGE='^FAIL \(usage, exit 2\): '

# ---- one kernel per row (M fits a work-group)
run_sizes "fused linear x 3" "1,17,105" -- "$B" --batch 3 --filter-size 7 --repeat 0
run_sizes "fused 1 point (no pass: the unfused plan), 2x1, 1x7 x 2" "1,2x1,1x7" -- "$B" --batch 2 --repeat 0
run_case "fused circular N=105 x 3, filter 16" 0 '^PASS$' \
    --has 'verify   impulse@36 ' --has 'verify   tone@27 ' --has 'verify   direct ' \
    -- "$B" --size 105 --batch 3 --mode circular --filter-size 16 --repeat 0
run_case "fused N=105 x 3 --explain: one launch, the pad in its loads, the cut in its stores" 0 '^PASS$' \
    --has 'plan \(convolution\): 1 launch' --has 'conv_fused\(A, B, ' \
    --has 'the pad in its loads, the cut in its stores' --has 'M = 112' \
    -- "$B" --size 105 --batch 3 --filter-size 7 --explain --repeat 0 --output "$TMP/fused105.npy"
# the streaming kernels in groups of 256 (conv_stream_items: 64 left the product at 43 % of
# the copy kernel on an H200)
run_case "unfused N=105 x 3: pad, passes, product, passes, cut" 0 '^PASS$' \
    --has 'conv_box\(A, grid0.*  local 256x1 ' --has 'conv_product\(.*  local 256x1 ' \
    --has 'conv_box\(.*, B, .*  local 256x1 ' \
    -- "$B" --size 105 --batch 3 --filter-size 7 --variant unfused --explain --repeat 0 \
    --output "$TMP/unfused105.npy"
# same_y A B COUNT: two complex64 .npy files of the same header and COUNT values that agree
# within 1e-5 of the largest (the fused and the unfused plan's outputs)
same_y() {
    python3 - "$1" "$2" "$3" >"$TMP/same.txt" 2>&1 <<'EOF'
import struct, sys
def load(path):
    b = open(path, 'rb').read()
    hl = struct.unpack('<H', b[8:10])[0]
    head, data = b[10:10 + hl].decode(), b[10 + hl:]
    v = struct.unpack('<%df' % (len(data) // 4), data)
    return head, [complex(v[i], v[i + 1]) for i in range(0, len(v), 2)]
(ha, a), (hb, b) = load(sys.argv[1]), load(sys.argv[2])
top = max(abs(z) for z in b)
diff = max(abs(x - y) for x, y in zip(a, b)) / top
print(ha.strip(), len(a), len(b), 'rel %.3g' % diff)
sys.exit(0 if ha == hb and len(a) == len(b) == int(sys.argv[3]) and diff < 1e-5 else 1)
EOF
}
same_y "$TMP/fused105.npy" "$TMP/unfused105.npy" $((3 * 111))
ok $? "fused and unfused give the same y at N=105 x 3 (shape (3, 111), within 1e-5)" || diag "$(cat "$TMP/same.txt")"

# ---- rows in two passes: the middle two in one (08's PASS_HOOK_MIDDLE)
run_case "fused N=4096 x 2 linear (M = 4200, two passes: 3 launches)" 0 '^PASS$' \
    --has 'plan \(convolution\): 3 launches' --has 'conv_forward_first\(A, grid0' \
    --has 'conv_middle\(grid0, grid1' --has 'conv_inverse_after_middle\(grid1, B' \
    --has '-D FL_PASS_HOOKS' -- "$B" --size 4096 --batch 2 --explain --repeat 0
# ---- three passes (small groups): the product in the last forward pass's stores
run_case "fused N=3000 x 2 --wg 8 (M = 3072 in 3 passes: 6 launches)" 0 '^PASS$' \
    --has 'plan \(convolution\): 6 launches' --has 'conv_forward_last\(' --has 'conv_inverse_last\(' \
    -- "$B" --size 3000 --batch 2 --wg 8 --explain --repeat 0

# ---- 2-D
run_case "fused 2-D linear 30x40 x 2, filter 3x5 (pad, columns, rows fused, columns, cut)" 0 '^PASS$' \
    --has 'grid M = 32x45' --has 'conv_fused\(' --has 'fft_cols_y_p0\(' --has 'verify   direct ' \
    -- "$B" --size 30x40 --batch 2 --filter-size 3x5 --explain --repeat 0 --output "$TMP/fused2d.npy"
run_case "unfused 2-D linear 30x40 x 2, filter 3x5" 0 '^PASS$' \
    -- "$B" --size 30x40 --batch 2 --filter-size 3x5 --variant unfused --repeat 0 \
    --output "$TMP/unfused2d.npy"
same_y "$TMP/fused2d.npy" "$TMP/unfused2d.npy" $((2 * 32 * 44))
ok $? "fused and unfused give the same y at 30x40 x 2 (shape (2, 32, 44), within 1e-5)" || diag "$(cat "$TMP/same.txt")"
run_case "fused 2-D circular 12x20 double, filter 3 (3x3)" 0 '^PASS$' --has 'filter 3x3, circular' \
    -- "$B" --size 12x20 --mode circular --filter-size 3 --precision double --explain --repeat 0
run_case "fused 2-D circular 4x4200: rows in two passes, each row's product from its row of Hh" 0 '^PASS$' \
    --has 'conv_middle\(' --has '-D PASS_MIDDLE_ROWS=4 ' \
    -- "$B" --size 4x4200 --mode circular --filter-size 3 --explain --repeat 0
run_case "fused 2-D 30x3000 --wg 8: rows of three passes, the product in the last forward's stores" \
    0 '^PASS$' --has 'rows of M = 3024 in 3 passes' --has 'conv_forward_last\(grid1, grid0' \
    --has 'conv_inverse_last\(grid0, grid1' --has 'fft_cols_y_p0\(grid1, grid0, .*, 1, 2\)' \
    --lacks 'conv_product' -- "$B" --size 30x3000 --wg 8 --filter-size 3 --explain --repeat 0
slow_case "fused N=4000 x 2 --wg 8 circular double (three passes, the result in A)" 0 '^PASS$' \
    --has 'result in buffer A' -- "$B" --size 4000 --batch 2 --wg 8 --mode circular --precision double --explain --repeat 0

# ---- your data: --input, --filter, --output
python3 - "$TMP" <<'EOF'
import struct, sys, random
def save(path, descr, shape, vals):
    d = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, repr(tuple(shape)))
    pad = (64 - (10 + len(d) + 1) % 64) % 64
    h = d + ' ' * pad + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h.encode())
        for v in vals:
            f.write(struct.pack('<f', v.real) if descr == '<f4' else struct.pack('<ff', v.real, v.imag))
random.seed(5)
x = [complex(random.random() - .5, random.random() - .5) for _ in range(2 * 50)]
h = [complex(k + 1, .25 * k) for k in range(6)]
save(sys.argv[1] + '/x.npy', '<c8', (2, 50), x)
save(sys.argv[1] + '/h.npy', '<c8', (6,), h)
save(sys.argv[1] + '/h32.npy', '<f4', (6,), h)
save(sys.argv[1] + '/h2d.npy', '<c8', (2, 3), h)
EOF
run_case "--input (2, 50) --filter (6,) --output: y of shape (2, 55)" 0 '^PASS$' --has 'output   wrote' \
    -- "$B" --input "$TMP/x.npy" --filter "$TMP/h.npy" --output "$TMP/y.npy" --repeat 0
python3 - "$TMP" >"$TMP/io.txt" 2>&1 <<'EOF'
import struct, sys
def load(path):
    b = open(path, 'rb').read()
    hl = struct.unpack('<H', b[8:10])[0]
    head, data = b[10:10 + hl].decode(), b[10 + hl:]
    v = struct.unpack('<%df' % (len(data) // 4), data)
    return head, [complex(v[i], v[i + 1]) for i in range(0, len(v), 2)]
(_, x), (_, h), (hy, y) = (load(sys.argv[1] + f) for f in ('/x.npy', '/h.npy', '/y.npy'))
ref = [sum(h[m] * x[b * 50 + o - m] for m in range(6) if 0 <= o - m < 50)
       for b in range(2) for o in range(55)]
err = max(abs(a - r) for a, r in zip(y, ref)) / max(abs(r) for r in ref)
print(hy.strip(), len(y), 'rel %.3g' % err)
sys.exit(0 if "'shape': (2, 55)" in hy and len(y) == 110 and err < 1e-5 else 1)
EOF
ok $? "--output holds the linear convolution of the files (the plain sum here)" || diag "$(cat "$TMP/io.txt")"
run_case "--format csv: one row" 0 '^PASS$' --stdout-has '^"11_convolution","fused",' \
    -- "$B" --size 17 --batch 3 --filter-size 7 --format csv --repeat 0
run_case "timed N=105 x 3 (the timing of an operator's plan)" 0 '^PASS$' --has '^time +[0-9.]+ ms median' \
    -- "$B" --size 105 --batch 3 --filter-size 7 --repeat 2
slow_case "the default: 4096 x 16, filter 31, linear, timed (the tour's run)" 0 '^PASS$' \
    --has 'N=4096 batch=16 convolution' -- "$B"

# ---- the limit: signals up to 2^24 points, the grid up to 2^26
slow_case "circular N=2^24 (the largest signal), filter 31" 0 '^PASS$' \
    -- "$B" --size 2^24 --mode circular --repeat 0 --timeout 600
run_case "N=2^24+1 refused" 2 "$USAGE" --has 'cannot take size 16777217' \
    -- "$B" --size 16777217 --repeat 0
run_case "a 2-D grid past 2^26 points refused" 2 "$USAGE" --has 'too large' \
    -- "$B" --size 4096x4096 --filter-size 4098 --repeat 0

# ---- planted bugs in a copy of the chapter's kernel file: the checks must fail
sed 's/cmul(z\[b \* (size_t)m + j\], hs\[j\])/cmul(z[b * (size_t)m + j], hs[(j + 1) % m])/' \
    kernels/11_convolution.cl >"$TMP/product.cl"
! cmp -s kernels/11_convolution.cl "$TMP/product.cl"
ok $? "planted: the product reads H one bin off" || diag "sed matched nothing"
run_case "planted product bug fails (unfused N=105 x 3)" 1 '^FAIL' --has 'WRONG' \
    -- "$B" --size 105 --batch 3 --filter-size 7 --variant unfused --kernels "$TMP/product.cl" --repeat 0
sed 's/return e < CONV_NX ? x\[row \* CONV_NX + e\]/return e <= CONV_NX \&\& e < Ax_N ? x[row * CONV_NX + e]/' \
    kernels/11_convolution.cl >"$TMP/pad.cl"
! cmp -s kernels/11_convolution.cl "$TMP/pad.cl"
ok $? "planted: the pad reads one value past the signal" || diag "sed matched nothing"
run_case "planted pad bug fails (fused N=4096 x 2, two passes)" 1 '^FAIL' \
    -- "$B" --size 4096 --batch 2 --kernels "$TMP/pad.cl" --repeat 0

# ---- bad input: exit 2, a clear message, no kernel built
run_case "circular: a filter longer than the signal" 2 "$USAGE" \
    --has 'the filter \(20\) is longer than the signal \(16\)' \
    -- "$B" --size 16 --mode circular --filter-size 20 --repeat 0
run_case "a float32 filter file for complex data" 2 "$USAGE" --has 'holds float32 values' \
    -- "$B" --size 64 --filter "$TMP/h32.npy" --repeat 0
run_case "a 2-D filter file for a 1-D signal" 2 "$USAGE" --has 'has 2 axes, the signal 1' \
    -- "$B" --size 64 --filter "$TMP/h2d.npy" --repeat 0
run_case "a 1-D filter for a 2-D signal" 2 "$USAGE" --has 'has 1 axis, the signal 2' \
    -- "$B" --size 8x8 --filter "$TMP/h.npy" --repeat 0
run_case "--filter-size of 3 axes" 2 "$USAGE" --has 'a filter has 1 or 2 axes' \
    -- "$B" --size 64 --filter-size 3x3x3 --repeat 0
run_case "--filter-size 2x2 for a 1-D signal" 2 "$USAGE" --has '--filter-size has 2 axes, the signal 1' \
    -- "$B" --size 64 --filter-size 2x2 --repeat 0
run_case "circular: N = 17 is not 7-smooth" 2 "$USAGE" --has 'the factor 17' \
    -- "$B" --size 17 --mode circular --repeat 0
run_case "--inverse" 2 "$USAGE" --has 'a convolution has no direction' -- "$B" --size 64 --inverse
run_case "--mode sideways" 2 "$USAGE" --has 'circular or linear' -- "$B" --mode sideways
run_case "--filter and --filter-size" 2 "$USAGE" --has 'give one' \
    -- "$B" --filter "$TMP/h.npy" --filter-size 3
run_case "--filter missing file" 2 "$USAGE" --has 'cannot open' -- "$B" --filter "$TMP/none.npy"
run_case "--help lists the chapter's options" 0 '' --has '--mode M' --has '--filter-size K' \
    --has 'unfused' -- "$B" --help

done_testing
