#!/usr/bin/env bash
# The verification must catch wrong kernels. Each case plants one bug in a copy of a
# chapter's kernel file (with sed), runs it through --kernels FILE, and expects exit 1
# with the diagnostic that points at the bug.
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
    run_case "write past the end of the buffer: FAIL" 1 '^FAIL: check .*past the end' \
        --has 'past the end' -- "$R" --kernels "$TMP/k/out-of-bounds.cl" --size 256 --batch 3 --repeat 0
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
        -- "$RR" --kernels "$TMP/k/blocks-copy.cl" --size 4096 --batch 2 --repeat 0
    if plant dft16-constant "$BL" 's/a\[1\]\[1\] = cmul(a\[1\]\[1\], (real2_t)(c1, -s1));/a[1][1] = cmul(a[1][1], (real2_t)(c1, s1));/'; then
        run_case "dft16 with w16 conjugated: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$RR" --kernels "$TMP/k/dft16-constant.cl" --size 16 --repeat 0
    fi
    if plant dft8-no-minus-i "$BL" 's/o\[2\] = mul_minus_i(o\[2\]);/o[2] = o[2];/'; then
        run_case "dft8 without its -i: FAIL (radix8)" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$RR" --kernels "$TMP/k/dft8-no-minus-i.cl" --size 512 --variant radix8 --repeat 0
    fi
    if plant table-high-half-only "$BL" 's/return cmul(hi\[x >> lo_bits\], lo\[x & ((1 << lo_bits) - 1)\]);/return hi[x >> lo_bits];/'; then
        run_case "twiddle lookup without lo[]: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$RR" --kernels "$TMP/k/table-high-half-only.cl" --size 2^14 --repeat 0
    fi
    if plant angle-sign "$BL" 's/return (real_t)(-2\.0 \* FFTLAB_PI)/return (real_t)(2.0 * FFTLAB_PI)/'; then
        run_case "sincos twiddle angle with + sign: FAIL" 1 '^FAIL: check ' --has 'WRONG' \
            -- "$RR" --kernels "$TMP/k/angle-sign.cl" --size 2^10 --variant sincos --repeat 0
    fi
fi

done_testing
