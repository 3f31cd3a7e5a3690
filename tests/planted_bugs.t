#!/usr/bin/env bash
# The verification must catch wrong kernels. Each case plants one bug in a copy of a
# chapter's kernel file (with sed), runs it through --kernels FILE, and expects exit 1
# with the diagnostic that points at the bug.
#
# Fast set (make test): EVERY planted bug, each in one run at the smallest size, batch and
# --wg that still shows its failure (a planted file is a pocl build of its own, ~1.5-3 CPU-s
# cold, so one run per plant; --wg 1 gives one-item groups, which pocl compiles fastest,
# and brings the rows in parts down to N = 64). Each fast case stands for its plant's code
# path: 02_radix2's butterfly, index, store, guard zone, batch rows and twiddle; 01_dft's
# exponent and last bin; 05's dft16 (N=16), dft8 (radix8 at N=8), the twiddle table's
# lookup and the sincos angle (N=64 --wg 1, radix-4 passes with inter-pass twiddles); 06's
# dft5/dft10/dft7 (N=5/10/7, one pass), the three_blocks digit reversal (N=6, 720 inverse
# and 256 share one build), the row in parts of 06_row_parts.cl in a tree of its own (N=64
# --wg 1: 4 parts) and its block of 25 (N=625); 07's column pass stores, twiddles, conjugation and direction (16x16
# and 64x2 --wg 1), the columns in parts (2000x4: parts a round at a time) and in slices
# (4096x2: written in place; both in 06_column_parts.cl, through a tree), the rows
# in parts (1x64 --wg 1), the transpose (40x24, 16x16); 08's one-kernel pad and
# conjugation (N=17) and the hooked passes' load hook (N=17 --wg 1: two passes per FFT).
# Controls in the fast set: a copy of 01/02/05/06/07/08's file (07's strided; its transpose
# control is slow since 2026-11-26 (night): 07.t's fast transpose cases) and of the 06 tree passes
# (02 batch 1, 06 digit reversal at 256 and 08's hook at N=17 also pass with a planted
# file, the last sharing the control's build).
# Slow set (FFTLAB_SLOW_TESTS=1) adds: the sizes these cases ran at before (05 at 512,
# 2^14, 2^10; 06 parts at 8192/16384; 07 at 2048x6, 4096x4, 2x8192, 64x64, 16x16 with
# groups of 16; 08 at 1009 and 2049), the second and third sizes/variants of a plant whose
# failure the fast run already shows (dft5 at 1000 and in three_blocks, dft10 at 10^6 and
# in three_blocks), the "still right" runs that cost a build of their own (dft5 at 4096,
# dft10 no_radix10, no_parts, one-pass columns) and the controls at the old sizes
# (05 4096 batch 2, 06 three_blocks, 06 tree at 16384, 07 2048x6 and 40x24 transpose, 08 at
# 1009 and hooked at 2049).
# Measured cold (empty pocl cache, 2 cores, 2026-11-25): fast set 80.0 CPU-s (was 149.1
# CPU-s before the slow set split, in the suite's cold baseline run).
. "$(dirname "$0")/lib.sh"
need_binary 01_dft
need_binary 02_radix2
D=$BUILD/01_dft
R=$BUILD/02_radix2
mkdir -p "$TMP/k"

# plant NAME SOURCE SED-SCRIPT: $TMP/k/NAME.cl is SOURCE edited by SED-SCRIPT. One TAP
# line checks the edit changed the file (the kernel may have moved on since the test
# was written); returns non-zero when it did not.
plant() {
    local name=$1 src=$2 script=$3
    sed -e "$script" "$src" >"$TMP/k/$name.cl"
    ! cmp -s "$src" "$TMP/k/$name.cl"
    ok $? "planted '$name' into $(basename "$src")" || { diag "sed script matched nothing: $script"; return 1; }
}

R2=kernels/02_radix2.cl
DFT=kernels/01_dft.cl

# Controls: unmodified copies pass through --kernels FILE.
cp "$R2" "$TMP/k/radix2-copy.cl"
cp "$DFT" "$TMP/k/dft-copy.cl"
run_case "control: a copy of 02_radix2.cl passes" 0 '^PASS$' \
    -- "$R" --kernels "$TMP/k/radix2-copy.cl" --size 1024 --batch 2 --repeat 0
run_case "control: a copy of 01_dft.cl passes" 0 '^PASS$' \
    -- "$D" --kernels "$TMP/k/dft-copy.cl" --size 100 --batch 2 --repeat 0

# 1. The twiddle's sign flipped: the forward run computes the inverse.
if plant sign-flip "$R2" 's/cexpi((real_t)(sign \* FFTLAB_PI)/cexpi((real_t)(-sign * FFTLAB_PI)/'; then
    run_case "twiddle sign flipped: FAIL" 1 '^FAIL: check ' --has 'verify +tone@[0-9]+ .*WRONG' \
        -- "$R" --kernels "$TMP/k/sign-flip.cl" --size 64 --repeat 0
    grep -q "is the exponent's sign flipped" "$RC_ALL"
    ok $? "twiddle sign flipped: the tone check says the exponent's sign is flipped" ||
        diag "$(grep -E 'verify|FAIL' "$RC_ALL")"
fi

# 2. k = i & p instead of i & (p - 1): wrong index inside the sub-DFT.
if plant k-mask "$R2" 's/int k = i & (p - 1);/int k = i \& p;/'; then
    run_case "k = i & p: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$R" --kernels "$TMP/k/k-mask.cl" --size 256 --repeat 0
fi

# 3. The second output of the butterfly is never stored.
if plant missing-write "$R2" '/y\[row + j + p\] = a - b;/d'; then
    run_case "y[row + j + p] never written: FAIL" 1 '^FAIL: check .*never written' \
        --has 'never written' -- "$R" --kernels "$TMP/k/missing-write.cl" --size 256 --repeat 0
fi

# 4. One element written past the end of the buffer (the harness's guard zone).
if plant out-of-bounds "$R2" 's/^\( *\)y\[row + j + p\] = a - b;/&\n\1if (i == 0 \&\& get_global_id(1) == 0) y[get_global_size(1) * 2 * half_n] = a;/'; then
    run_case "write past the end of the buffer: FAIL" 1 '^FAIL: check .*wrote out of bounds: buffer [AB], past its end' \
        --has 'past its end \(element 768 of 768\)' -- "$R" --kernels "$TMP/k/out-of-bounds.cl" --size 256 --batch 3 --repeat 0
fi

# 5. Every row of the batch lands on row 0.
if plant batch-row "$R2" 's/size_t row = (size_t)get_global_id(1) \* 2 \* half_n;/size_t row = 0;/'; then
    run_case "batch rows ignored: FAIL at batch 4" 1 '^FAIL: check ' --has 'row [1-3]' \
        -- "$R" --kernels "$TMP/k/batch-row.cl" --size 32 --batch 4 --repeat 0
    run_case "batch rows ignored: still right at batch 1" 0 '^PASS$' \
        -- "$R" --kernels "$TMP/k/batch-row.cl" --size 32 --repeat 0
fi

# 6. Twiddle exponent off by one.
if plant twiddle-off-by-one "$R2" 's/(real_t)k \/ (real_t)p/(real_t)(k + 1) \/ (real_t)p/'; then
    run_case "twiddle w^(k+1): FAIL" 1 '^FAIL: check ' --has 'WRONG' \
        -- "$R" --kernels "$TMP/k/twiddle-off-by-one.cl" --size 64 --repeat 0
fi

# 7. 01_dft with the sign flipped, and with its last bin never written.
if plant dft-sign-flip "$DFT" 's/(real_t)(sign \* 2\.0 \* FFTLAB_PI)/(real_t)(-sign * 2.0 * FFTLAB_PI)/'; then
    run_case "01_dft sign flipped: FAIL" 1 '^FAIL: check ' --has 'verify +tone@[0-9]+ .*WRONG' \
        -- "$D" --kernels "$TMP/k/dft-sign-flip.cl" --size 100 --repeat 0
fi
if plant dft-last-bin "$DFT" 's/^\( *\)y\[(size_t)row \* n + k\] = sum;/\1if (k < n - 1) y[(size_t)row * n + k] = sum;/'; then
    run_case "01_dft last bin never written: FAIL" 1 '^FAIL: check .*never written' \
        --has 'index 99' -- "$D" --kernels "$TMP/k/dft-last-bin.cl" --size 100 --repeat 0
fi

# 8. 05_register_radix's building blocks (--kernels replaces kernels/05_register_radix.cl;
# the passes come from 05_passes.cl in front): a wrong constant in dft16, a dft8 that
# forgets its -i twiddle, a table lookup that ignores the low half, and a twiddle angle
# with the wrong sign. Each must fail where the block is used.
if [ -x "$BUILD/05_register_radix" ]; then
    RR=$BUILD/05_register_radix
    BL=kernels/05_register_radix.cl
    cp "$BL" "$TMP/k/blocks-copy.cl"
    run_case "control: a copy of 05_register_radix.cl passes" 0 '^PASS$' \
        -- "$RR" --kernels "$TMP/k/blocks-copy.cl" --size 16 --repeat 0
    slow_case "control: a copy of 05_register_radix.cl passes at N=4096 batch 2" 0 '^PASS$' \
        -- "$RR" --kernels "$TMP/k/blocks-copy.cl" --size 4096 --batch 2 --repeat 0
    if plant dft16-constant "$BL" 's/a\[1\]\[1\] = cmul(a\[1\]\[1\], (real2_t)(c1, -s1));/a[1][1] = cmul(a[1][1], (real2_t)(c1, s1));/'; then
        run_case "dft16 with w16 conjugated: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$RR" --kernels "$TMP/k/dft16-constant.cl" --size 16 --repeat 0
    fi
    if plant dft8-no-minus-i "$BL" 's/o\[2\] = mul_minus_i(o\[2\]);/o[2] = o[2];/'; then
        run_case "dft8 without its -i: FAIL (radix8)" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$RR" --kernels "$TMP/k/dft8-no-minus-i.cl" --size 8 --variant radix8 --repeat 0
        slow_case "dft8 without its -i: FAIL (radix8) at N=512" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$RR" --kernels "$TMP/k/dft8-no-minus-i.cl" --size 512 --variant radix8 --repeat 0
    fi
    if plant table-high-half-only "$BL" 's/return cmul(hi\[x >> lo_bits\], lo\[x & ((1 << lo_bits) - 1)\]);/return hi[x >> lo_bits];/'; then
        run_case "twiddle lookup without lo[]: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$RR" --kernels "$TMP/k/table-high-half-only.cl" --size 64 --wg 1 --repeat 0
        slow_case "twiddle lookup without lo[]: FAIL at N=2^14" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$RR" --kernels "$TMP/k/table-high-half-only.cl" --size 2^14 --repeat 0
    fi
    if plant angle-sign "$BL" 's/return (real_t)(-2\.0 \* FFTLAB_PI)/return (real_t)(2.0 * FFTLAB_PI)/'; then
        run_case "sincos twiddle angle with + sign: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$RR" --kernels "$TMP/k/angle-sign.cl" --size 64 --wg 1 --variant sincos --repeat 0
        slow_case "sincos twiddle angle with + sign: FAIL at N=2^10" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$RR" --kernels "$TMP/k/angle-sign.cl" --size 2^10 --variant sincos --repeat 0
    fi
fi

# 9. 06_mixed_radix's blocks (--kernels replaces kernels/06_mixed_radix.cl; the Stockham
# passes come from 06_passes.cl in front): cos(2 pi/5) with two digits swapped in dft5, two
# inputs of dft10's second dft5 swapped, the sines of dft7's second output pair in the wrong
# order, and the three_blocks digit reversal applied the wrong way round (scattered to idx(e) instead of gathered from it: that is the
# reversal of the radices in the opposite order, the same permutation only when the radix
# list reads the same both ways, like 16 x 16).
if [ -x "$BUILD/06_mixed_radix" ]; then
    MR=$BUILD/06_mixed_radix
    MB=kernels/06_mixed_radix.cl
    cp "$MB" "$TMP/k/mixed-copy.cl"
    run_case "control: a copy of 06_mixed_radix.cl passes" 0 '^PASS$' \
        -- "$MR" --kernels "$TMP/k/mixed-copy.cl" --size 1000 --batch 2 --repeat 0
    slow_case "control: a copy of 06_mixed_radix.cl passes (three_blocks)" 0 '^PASS$' \
        -- "$MR" --kernels "$TMP/k/mixed-copy.cl" --size 48 --variant three_blocks --repeat 0
    if plant dft5-constant "$MB" 's/c1 = (real_t)0\.30901699437494742410/c1 = (real_t)0.30091699437494742410/'; then
        run_case "dft5 with cos(2 pi/5) mistyped: FAIL at N=5" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MR" --kernels "$TMP/k/dft5-constant.cl" --size 5 --repeat 0
        slow_case "dft5 with cos(2 pi/5) mistyped: FAIL at N=1000" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MR" --kernels "$TMP/k/dft5-constant.cl" --size 1000 --repeat 0
        slow_case "dft5 with cos(2 pi/5) mistyped: FAIL in three_blocks" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MR" --kernels "$TMP/k/dft5-constant.cl" --size 25 --variant three_blocks --repeat 0
        slow_case "dft5 with cos(2 pi/5) mistyped: still right at N=4096 (no radix 5)" 0 '^PASS$' \
            -- "$MR" --kernels "$TMP/k/dft5-constant.cl" --size 4096 --repeat 0
    fi
    if plant dft10-input-order "$MB" 's/real2_t b\[5\] = {v\[5\], v\[7\], v\[9\], v\[1\], v\[3\]};/real2_t b[5] = {v[5], v[7], v[9], v[3], v[1]};/'; then
        run_case "dft10 with two inputs of its odd dft5 swapped: FAIL at N=10" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MR" --kernels "$TMP/k/dft10-input-order.cl" --size 10 --repeat 0
        slow_case "dft10 inputs swapped: FAIL at N=10^6 (two passes)" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MR" --kernels "$TMP/k/dft10-input-order.cl" --size 10^6 --repeat 0
        slow_case "dft10 inputs swapped: FAIL in three_blocks at N=1000" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MR" --kernels "$TMP/k/dft10-input-order.cl" --size 1000 --variant three_blocks --repeat 0
        slow_case "dft10 inputs swapped: still right with --variant no_radix10" 0 '^PASS$' \
            -- "$MR" --kernels "$TMP/k/dft10-input-order.cl" --size 1000 --variant no_radix10 --repeat 0
    fi
    if plant dft7-sine-order "$MB" 's/real2_t b2 = mul_minus_i(s2 \* m1 - s3 \* m2 - s1 \* m3);/real2_t b2 = mul_minus_i(s2 * m1 - s1 * m2 - s3 * m3);/'; then
        run_case "dft7 with two sines swapped: FAIL at N=7" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MR" --kernels "$TMP/k/dft7-sine-order.cl" --size 7 --repeat 0
    fi
    if plant digit-order "$MB" '/^__kernel void digit_reverse(/,/^}/ { s/real2_t a = x\[row + from\];/real2_t a = x[row + m];/; s/y\[row + m\] = a;/y[row + from] = a;/; }'; then
        run_case "digit reversal scattered, not gathered: FAIL at N=6 (2 x 3)" 1 '^FAIL: check ' \
            --has 'impulse@3 .*WRONG' -- "$MR" --kernels "$TMP/k/digit-order.cl" --size 6 \
            --variant three_blocks --repeat 0
        run_case "digit reversal scattered: FAIL at N=720 inverse" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MR" --kernels "$TMP/k/digit-order.cl" --size 720 --inverse --variant three_blocks --repeat 0
        run_case "digit reversal scattered: still right at N=256 (16 x 16 reads the same both ways)" 0 \
            '^PASS$' -- "$MR" --kernels "$TMP/k/digit-order.cl" --size 256 --variant three_blocks --repeat 0
    fi

    # The row in parts lives in 06_row_parts.cl, which --kernels does not replace: a copy of
    # the binary in a tree of its own finds the planted file in that tree's kernels/ (the
    # kernels folder is the binary's ../kernels). The parts read as blocks x[q*Q + j], not
    # as the columns x[q + G*j]; the last stage across the parts without its twiddles.
    # --wg 1 makes a row of 64 four parts of 16 (a group holds 16 values per item), the
    # same kernel as a row of 16384 in four parts of 4096 with 256 items.
    mkdir -p "$TMP/tree/build"
    cp -r kernels "$TMP/tree/kernels"
    cp "$MR" "$TMP/tree/build/06_mixed_radix"
    TR=$TMP/tree/build/06_mixed_radix
    run_case "control: 06_mixed_radix copied into a tree of its own passes (a row in parts)" 0 '^PASS$' \
        --has "^kernels +$TMP/tree/kernels: fftlab.clh, 06_passes.cl, .*, 06_mixed_radix.cl$" --has 'fft_row_parts_p0.*row of 64 = 4 parts' \
        -- "$TR" --size 64 --wg 1 --batch 2 --explain --repeat 0
    slow_case "control: 06_mixed_radix copied into a tree of its own passes (a row of 16384 in parts)" 0 '^PASS$' \
        --has "^kernels +$TMP/tree/kernels: fftlab.clh, 06_passes.cl, .*, 06_mixed_radix.cl$" -- "$TR" --size 16384 --batch 2 --explain --repeat 0
    RP=kernels/06_row_parts.cl B27=kernels/06_blocks_25_27.cl
    P6=$TMP/tree/$RP
    if plant parts-as-blocks $RP 's/real2_t a = in\[(size_t)j \* PARTS + (k)\];/real2_t a = in[(size_t)(k) * Q + j];/'; then
        cp "$TMP/k/parts-as-blocks.cl" "$P6"
        run_case "row in parts, parts read as blocks: FAIL at N=64 (--wg 1: 4 parts)" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TR" --size 64 --wg 1 --batch 2 --repeat 0
        slow_case "row in parts, parts read as blocks: FAIL at N=8192" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TR" --size 8192 --batch 2 --repeat 0
        slow_case "row in parts, parts read as blocks: --variant no_parts still passes" 0 '^PASS$' \
            -- "$TR" --size 8192 --batch 2 --variant no_parts --repeat 0
    fi
    if plant parts-no-twiddle $RP 's/^#define ROW_TWIDDLE_K(k) if (k > 0) a\[k\] = cmul(a\[k\], w\[k\]);/#define ROW_TWIDDLE_K(k)/'; then
        cp "$TMP/k/parts-no-twiddle.cl" "$P6"
        run_case "row in parts without the twiddles across the parts: FAIL at N=64 inverse (--wg 1: 4 parts)" 1 \
            '^FAIL: check ' --has 'WRONG' -- "$TR" --size 64 --wg 1 --inverse --repeat 0
        slow_case "row in parts without the twiddles across the parts: FAIL at N=16384 inverse" 1 \
            '^FAIL: check ' --has 'WRONG' -- "$TR" --size 16384 --inverse --repeat 0
    fi
    # the blocks of 25 and 27 (dft_two_level): w_25^1 in its table with its 3rd and 4th
    # digits swapped (a swap past the 8th is below fp32's precision and passes)
    if plant block25-twiddle $B27 's/(real_t)-0\.24868988716485479,/(real_t)-0.24688988716485479,/'; then
        cp "$TMP/k/block25-twiddle.cl" "$TMP/tree/$B27"
        run_case "block of 25 with w_25 mistyped: FAIL at N=625 (25 x 25)" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TR" --size 625 --repeat 0
    fi
    cp $RP "$P6"
    cp $B27 "$TMP/tree/$B27"
fi

# 10. 07_multidim's column pass and transpose (--kernels replaces kernels/07_multidim.cl;
# the row passes come from 06's pass files in front): a column pass that forgets the stride
# on its store, or gets the pass twiddle's exponent wrong, or the conjugation of an
# inverse's last pass (each plant keeps every address inside the buffers);
# a column pass that runs backwards (the tone lands at the mirrored grid point); a
# transpose that copies the tile instead of turning it, or has no barrier; the columns in
# parts exchanged all in round 0; the rows in parts with their twiddle tables swapped.
if [ -x "$BUILD/07_multidim" ]; then
    MD=$BUILD/07_multidim
    K7=kernels/07_multidim.cl
    cp "$K7" "$TMP/k/multidim-copy.cl"
    run_case "control: a copy of 07_multidim.cl passes (strided)" 0 '^PASS$' \
        -- "$MD" --kernels "$TMP/k/multidim-copy.cl" --size 64x2 --wg 1 --batch 2 --repeat 0
    slow_case "control: a copy of 07_multidim.cl passes (strided, 2048x6)" 0 '^PASS$' \
        -- "$MD" --kernels "$TMP/k/multidim-copy.cl" --size 2048x6 --batch 2 --repeat 0
    # (slow since 2026-11-26 (night): the transpose kernels of 07_multidim.cl run fast in
    # 07's "--explain 4x6x8 x 2 transpose" and 64x1 transpose; --kernels with a copy of the
    # file: the strided control above)
    slow_case "control: a copy of 07_multidim.cl passes (transpose)" 0 '^PASS$' \
        -- "$MD" --kernels "$TMP/k/multidim-copy.cl" --size 40x24 --variant transpose --repeat 0
    if plant cols-no-stride "$K7" 's/\*dy = (size_t)P \* S;/*dy = (size_t)P;/'; then
        run_case "column store without the stride: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MD" --kernels "$TMP/k/cols-no-stride.cl" --size 16x16 --wg 1 --repeat 0
        slow_case "column store without the stride: FAIL with groups of 16" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MD" --kernels "$TMP/k/cols-no-stride.cl" --size 16x16 --repeat 0
    fi
    # A column pass's loads and stores (strided_load, strided_store) and the columns in
    # parts' exchanges (parted_exchange, sliced_exchange) are in 06_column_parts.cl (06's passes
    # in parts use them too), which --kernels does not replace: 07_multidim copied into a
    # tree of its own, as 06's row in parts above; each plant edits only the function named
    # (sed's address range), not mixed_pass's loads and stores of the same shape.
    mkdir -p "$TMP/tree/build"
    [ -d "$TMP/tree/kernels" ] || cp -r kernels "$TMP/tree/kernels"
    cp "$MD" "$TMP/tree/build/07_multidim"
    TM=$TMP/tree/build/07_multidim
    CP=kernels/06_column_parts.cl
    P6=$TMP/tree/$CP
    LOADS='/^static INLINE void strided_load(/,/^}/'
    STORES='/^static INLINE void strided_store(/,/^}/'
    if plant cols-twiddle-j1 $CP "$LOADS"' s/twiddle_lookup(j \* k \* (N \/ (Q \* P))/twiddle_lookup((j + 1) * k * (N \/ (Q * P))/'; then
        cp "$TMP/k/cols-twiddle-j1.cl" "$P6"
        run_case "column pass twiddle w^((j+1)k): FAIL where a column takes two passes" 1 '^FAIL: check ' \
            --has 'WRONG' -- "$TM" --size 64x2 --wg 1 --repeat 0
        slow_case "column pass twiddle w^((j+1)k): FAIL at 2048x6" 1 '^FAIL: check ' \
            --has 'WRONG' -- "$TM" --size 2048x6 --repeat 0
        slow_case "column pass twiddle w^((j+1)k): still right in one pass (P = 1, no twiddle)" 0 '^PASS$' \
            -- "$TM" --size 64x64 --repeat 0
    fi
    if plant cols-no-conj-out $CP "$STORES"' s/const real_t conj = flags & PASS_CONJ_OUT ? -1 : 1;/const real_t conj = 1;/'; then
        cp "$TMP/k/cols-no-conj-out.cl" "$P6"
        run_case "inverse without the last conjugation: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TM" --size 16x16 --wg 1 --inverse --repeat 0
        slow_case "inverse without the last conjugation: FAIL with groups of 16" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TM" --size 16x16 --inverse --repeat 0
    fi
    if plant cols-backwards $CP "$LOADS"' s/if (flags & PASS_CONJ_IN)/if (1)/; '"$STORES"' s/const real_t conj = flags & PASS_CONJ_OUT ? -1 : 1;/const real_t conj = -1;/'; then
        cp "$TMP/k/cols-backwards.cl" "$P6"
        run_case "column pass transforms backwards: the tone lands at (N_y - k_y, k_x)" 1 '^FAIL: check ' \
            --has 'verify +tone@\(5,5\) .*WRONG: row 0: peak at \(11, 5\), expected \(5, 5\)' \
            -- "$TM" --size 16x16 --wg 1 --repeat 0
        slow_case "column pass transforms backwards: the tone lands at (N_y - k_y, k_x), groups of 16" 1 '^FAIL: check ' \
            --has 'verify +tone@\(5,5\) .*WRONG: row 0: peak at \(11, 5\), expected \(5, 5\)' \
            -- "$TM" --size 16x16 --repeat 0
    fi
    # (4096 and 2048 exchange in slices; 2000 = 10 x 10 x 10 x 2 by 63 items a column
    # cannot, and exchanges a part at a time.)
    if plant parts-one-round $CP 's/const int part = c \/ Tp, cp = c % Tp;/const int part = 0, cp = c % Tp;/'; then
        cp "$TMP/k/parts-one-round.cl" "$P6"
        run_case "columns in parts, every part exchanged in round 0: FAIL at 2000x4" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TM" --size 2000x4 --repeat 0
        slow_case "columns in parts, every part in round 0: no_parts (two passes) still passes" 0 '^PASS$' \
            -- "$TM" --size 2000x4 --variant no_parts --repeat 0
    fi
    if plant slices-in-place $CP 's/w\[jb \* rn + m\] = u\[/v[jb * rn + m] = u[/; s/^#define COPY_M(m) .*/#define COPY_M(m)/'; then
        cp "$TMP/k/slices-in-place.cl" "$P6"
        run_case "columns in slices, the values got written over those not put yet: FAIL at 4096x2" 1 \
            '^FAIL: check ' --has 'WRONG' -- "$TM" --size 4096x2 --repeat 0
        slow_case "columns in slices, written in place: FAIL at 2048x8" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TM" --size 2048x8 --repeat 0
        # 06's last pass in parts (2^21 = 1024 x 2048, 2 parts of 2 columns, in slices)
        [ -x "$TMP/tree/build/06_mixed_radix" ] &&
            slow_case "06's last pass in parts, slices written in place: FAIL at 2^21" 1 '^FAIL: check ' \
                --has 'WRONG' -- "$TMP/tree/build/06_mixed_radix" --size 2^21 --repeat 0
    fi
    cp $CP "$P6"
    if plant rowparts-tables-swapped "$K7" 's/row_parts_packed(x, y, u, tw + (1 << A##L##_LB), tw,/row_parts_packed(x, y, u, tw, tw + (1 << A##L##_LB),/'; then
        run_case "rows in parts with the twiddle tables swapped: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MD" --kernels "$TMP/k/rowparts-tables-swapped.cl" --size 1x64 --wg 1 --repeat 0
        slow_case "rows in parts with the twiddle tables swapped: FAIL at 2x8192" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MD" --kernels "$TMP/k/rowparts-tables-swapped.cl" --size 2x8192 --repeat 0
        slow_case "rows in parts, tables swapped: no_parts (two row passes) still passes" 0 '^PASS$' \
            -- "$MD" --kernels "$TMP/k/rowparts-tables-swapped.cl" --size 2x8192 --variant no_parts --repeat 0
    fi
    if plant transpose-copies "$K7" 's/= tile\[lx\]\[j\];/= tile[j][lx];/'; then
        run_case "transpose reads the tile by rows: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MD" --kernels "$TMP/k/transpose-copies.cl" --size 40x24 --variant transpose --repeat 0
    fi
    if plant transpose-no-barrier "$K7" '/^    barrier(CLK_LOCAL_MEM_FENCE);$/d'; then
        run_case "transpose without its barrier: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MD" --kernels "$TMP/k/transpose-no-barrier.cl" --size 16x16 --variant transpose --repeat 0
        slow_case "transpose without its barrier: FAIL at 64x64" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$MD" --kernels "$TMP/k/transpose-no-barrier.cl" --size 64x64 --variant transpose --repeat 0
    fi
fi

# 11. 08_bluestein's kernels (--kernels replaces kernels/08_bluestein.cl; the passes come
# from 06_passes.cl and 07_multidim.cl in front): the one-kernel path padding with ones
# instead of zeros (the convolution wraps the pad into every output), forgetting to
# conjugate A*Bh before the second FFT (a forward FFT where the inverse belongs), and the
# first pass's load hook dropping the chirp, which only the plans with several passes per
# FFT use: N = 2049 (M > 4096), or N = 17 with --wg 1 (M = 35 in two passes of 7 and 5),
# fails, N = 17 or 1009 (one kernel) still passes: with FL_PASS_HOOKS undefined the plant is
# preprocessed away, so that run is the control's pocl build again (a cache hit). N = 17
# --wg 1 is Bluestein's two passes only with --variant no_rader: the default takes it by
# Rader (16 points in one group), whose kernel has plants of its own.
if [ -x "$BUILD/08_bluestein" ]; then
    BS=$BUILD/08_bluestein
    K8=kernels/08_bluestein.cl
    cp "$K8" "$TMP/k/bluestein-copy.cl"
    run_case "control: a copy of 08_bluestein.cl passes (one kernel)" 0 '^PASS$' \
        -- "$BS" --kernels "$TMP/k/bluestein-copy.cl" --size 17 --batch 3 --repeat 0
    slow_case "control: a copy of 08_bluestein.cl passes (one kernel, N=1009)" 0 '^PASS$' \
        -- "$BS" --kernels "$TMP/k/bluestein-copy.cl" --size 1009 --batch 3 --repeat 0
    slow_case "control: a copy of 08_bluestein.cl passes (hooked passes)" 0 '^PASS$' \
        -- "$BS" --kernels "$TMP/k/bluestein-copy.cl" --size 2049 --batch 3 --repeat 0
    # The one-kernel row (fused_row) and the middle step (pass_middle_hook) live in
    # kernels/08_fused_convolution.cl, which 08 and 11 share and --kernels does not replace:
    # those bugs are planted into a scratch tree's copy (tests/lib.sh: scratch_tree,
    # plant_kernel) and run by the tree's binary, one plant at a time.
    scratch_tree "$BS" "$BUILD/11_convolution"
    TBS=$TMP/tree/build/08_bluestein
    if plant_kernel 08_fused_convolution.cl 's/: !(valid && j < NX) ? (real2_t)(0, 0)/: !(valid \&\& j < NX) ? (real2_t)(1, 0)/' \
        "zero padding with ones"; then
        run_case "zero padding with ones: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TBS" --size 17 --batch 3 --repeat 0
        slow_case "zero padding with ones: FAIL at N=1009" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TBS" --size 1009 --batch 3 --repeat 0
        run_case "zero padding with ones: 11_convolution's one-kernel rows FAIL too (N=17 linear)" 1 \
            '^FAIL: check ' --has 'WRONG' \
            -- "$TMP/tree/build/11_convolution" --size 17 --batch 3 --filter-size 7 --repeat 0
    fi
    if plant_kernel 08_fused_convolution.cl 's/v\[jb \* rl + m\] = (real2_t)(z\.x, -z\.y);/v[jb * rl + m] = z;/' \
        "the middle's product not conjugated"; then
        run_case "A*Bh not conjugated before the second FFT: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TBS" --size 17 --batch 3 --repeat 0
        slow_case "A*Bh not conjugated before the second FFT: FAIL at N=1009" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TBS" --size 1009 --batch 3 --repeat 0
        run_case "A*gh not conjugated before Rader's second FFT: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$TBS" --size 17 --wg 1 --batch 3 --repeat 0
    fi
    # Rader's kernel (rader_fused; at N = 17 --wg 1, where Bluestein's M takes passes):
    # X[0] = x[0] + A[0] forgotten (output 0 keeps the poison)
    if plant_kernel 08_fused_convolution.cl 's/^\( *\)out\[0\] = x0 + a0;$/\1;/' "Rader's X[0] never written"; then
        run_case "Rader's X[0] never written: FAIL" 1 '^FAIL: check ' \
            -- "$TBS" --size 17 --wg 1 --batch 3 --repeat 0
    fi
    if plant load-hook-no-chirp "$K8" 's/return e < BS_N ? cmul(x\[row \* BS_N + e\], ch\[e\]) :/return e < BS_N ? x[row * BS_N + e] :/'; then
        run_case "load hook without the chirp: FAIL at N=17 --wg 1 (two passes per FFT)" 1 '^FAIL: check ' \
            --has 'WRONG' -- "$BS" --kernels "$TMP/k/load-hook-no-chirp.cl" --size 17 --wg 1 --batch 3 --variant no_rader --repeat 0
        slow_case "load hook without the chirp: FAIL at N=2049 (two passes per FFT)" 1 '^FAIL: check ' \
            --has 'WRONG' -- "$BS" --kernels "$TMP/k/load-hook-no-chirp.cl" --size 2049 --batch 3 --repeat 0
        run_case "load hook without the chirp: still right at N=17 (one kernel, no hooks)" 0 '^PASS$' \
            -- "$BS" --kernels "$TMP/k/load-hook-no-chirp.cl" --size 17 --batch 3 --repeat 0
        slow_case "load hook without the chirp: still right at N=1009 (one kernel, no hooks)" 0 '^PASS$' \
            -- "$BS" --kernels "$TMP/k/load-hook-no-chirp.cl" --size 1009 --batch 3 --repeat 0
    fi
fi

done_testing
