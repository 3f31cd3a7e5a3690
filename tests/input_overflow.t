#!/usr/bin/env bash
# Overflow anywhere in the checks is the input's fault (issue 41): exit 2, naming the check
# that overflowed, never "outputs never written" (the kernel's fault). tests/io.t has the
# forward transform's own overflow (the reference's outputs past the largest float); these
# are the two it did not catch:
#   - the round trip: x[0] = 3.4e38 (the rest 0.5 + 0.25i), N = 16: the forward's outputs fit
#     (3.4e38 + a little), the inverse gives back N x[0] = 5.4e39;
#   - an inner stage: the same input through 08's Bluestein, whose convolution multiplies by
#     a filter's spectrum (larger than 1): inf inside, though FFTW's outputs fit.
# Two runs at N = 16, 02's and 08's (one pocl build each).
. "$(dirname "$0")/lib.sh"
need_binary 02_radix2
need_binary 08_bluestein

{ printf '\x9e\xc9\x7f\x7f\0\0\0\0'; printf '\0\0\0\x3f\0\0\x80\x3e%.0s' $(seq 15); } >"$TMP/big0.raw"
make_npy "$TMP/big0.npy" '<c8' '(16,)' "$TMP/big0.raw"   # (3.4e38, 0), then (0.5, 0.25) x 15
USAGE='^FAIL \(usage, exit 2\): '
run_case "x[0] = 3.4e38: the round trip overflows, exit 2" 2 "$USAGE--input .*: the round trip overflows single precision" \
    --has 'it gives back N times the input, N = 16' --lacks 'never written' \
    -- "$BUILD/02_radix2" --input "$TMP/big0.npy" --repeat 0
run_case "x[0] = 3.4e38 through Bluestein: an inner stage overflows, exit 2" 2 \
    "$USAGE--input .*: the forward transform overflows single precision" --lacks 'never written' \
    -- "$BUILD/08_bluestein" --input "$TMP/big0.npy" --repeat 0
done_testing
