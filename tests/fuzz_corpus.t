#!/usr/bin/env bash
# The fuzz targets of make fuzz (tests/fuzz/) replay the committed seed corpus once, with
# no fuzzing: every seed, the inputs that once crashed included, runs clean under ASan +
# UBSan, and each is read as its name says: ok-* accepted, real-* (.npy) accepted by
# fl_npy_read_any only, bad-* and crash-* refused. fuzz_exercise runs GCC's preprocessor
# on each seed it accepts (10 of them: 0.1 s). Skipped without clang and its fuzzer
# runtime (Debian 12: clang-14 libclang-rt-14-dev, Debian 13: clang-19 libclang-rt-19-dev;
# tools/install-deps.sh --ci). Before that, on every machine: fuzz.mk finds a clang that
# only has its versioned name (clang-19 on Debian 13), and this file finds the same one.
. "$(dirname "$0")/lib.sh"

# The clang fuzz.mk picks: the first of its FUZZ_CLANGS on PATH.
clangs=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -f tests/fuzz/fuzz.mk BUILD=build \
         --eval 'print-clangs: ; @echo $(FUZZ_CLANGS)' print-clangs 2>/dev/null)
mkdir -p "$TMP/only19"
printf '#!/bin/sh\nexit 0\n' >"$TMP/only19/clang-19"
chmod +x "$TMP/only19/clang-19"
run_case "fuzz.mk finds clang-19 when that is the only clang (Debian 13)" 0 '' \
    --stdout-has "^$TMP/only19/clang-19\$" \
    -- env -u FUZZ_CC -u MAKEFLAGS -u MFLAGS -u MAKELEVEL PATH="$TMP/only19" "$(command -v make)" -s \
    -f tests/fuzz/fuzz.mk BUILD=build --eval 'print-cc: ; @echo $(FUZZ_CC); :' print-cc
cc=${FUZZ_CC:-}
for c in $clangs; do [ -n "$cc" ] || cc=$(command -v "$c" || true); done
if [ -z "$cc" ]; then
    skip "fuzz targets replay the corpus" "clang is not installed (Debian 12: clang-14 libclang-rt-14-dev; Debian 13: clang-19 libclang-rt-19-dev)"
    done_testing
fi
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$TMP/probe.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined -o "$TMP/probe" "$TMP/probe.c" >"$TMP/probe.log" 2>&1; then
    skip "fuzz targets replay the corpus" "$cc has no libFuzzer runtime (Debian 12: libclang-rt-14-dev; Debian 13: libclang-rt-19-dev)"
    done_testing
fi

# Built by fuzz.mk's own rules, into $TMP (the outer make's jobserver is not ours).
F=$TMP/fuzz
run_case "make fuzz-build: fuzz_npy, fuzz_options and fuzz_exercise with $cc, ASan + UBSan" 0 '' --timeout 300 \
    -- env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s fuzz-build FUZZ_DIR="$F" FUZZ_CC="$cc" ||
    { diag "cannot build the fuzz targets"; done_testing; }

# expect_outcomes TARGET: each seed's lines of FUZZ_VERBOSE output ($RC_ERR) against its name.
# libFuzzer may run a seed twice: after each one it runs it again to look for a leak when
# its malloc and free counts differ, and its RSS-watching thread's own allocations make
# that happen now and then (6 of 40 replays here). A second run must say what the first
# said; only the first counts.
expect_outcomes() {
    awk -v target="$1" '
        function outcome(kind, o,   k) {
            k = f SUBSEP kind
            if (k in seen) { if (seen[k] != o) rerun[f] = 1; return }
            seen[k] = o; got[f] = got[f] " " o
        }
        /^Running: / { f = $2; sub(".*/", "", f); next }
        /^(complex|any) (ok|refused)/ { sub(":", "", $2); outcome($1, $1 "-" $2); next }
        /^(ok|refused)/ { sub(":", "", $1); outcome("", $1); next }
        END {
            for (f in rerun) { print f ": a second run said otherwise"; bad++ }
            for (f in got) {
                g = got[f]
                if (target == "npy")
                    want = f ~ /^ok-/ ? " complex-ok any-ok" : f ~ /^real-/ ? " complex-refused any-ok" \
                         : " complex-refused any-refused"
                else
                    want = f ~ /^ok-/ ? " ok" : " refused"
                if (g != want) { print f ":" g " (expected" want ")"; bad++ }
                n++
            }
            if (n == 0) { print "no FUZZ_VERBOSE lines"; bad++ }
            exit bad > 0
        }' "$RC_ERR"
}

for t in npy options exercise; do
    seeds=(tests/fuzz/corpus/"$t"/*)
    [ -f "${seeds[0]}" ] || { ok 1 "tests/fuzz/corpus/$t holds seeds"; continue; }
    last=${seeds[${#seeds[@]} - 1]}
    run_case "fuzz_$t replays its ${#seeds[@]} seeds clean" 0 '' --has "^Executed $last in" \
        --lacks 'ERROR: (Address|Leak)Sanitizer|runtime error|broken invariant|deadly signal' \
        -- env FUZZ_VERBOSE=1 "$F/fuzz_$t" "${seeds[@]}"
    mismatches=$(expect_outcomes "$t")
    ok $? "fuzz_$t: every seed is accepted or refused as its name says" || diag "$mismatches"
done

# fuzz_exercise's oracle (the preprocessor) can fail: with the check skipped, a disguised
# #include, a line marker and a malformed #line reach it, and each is caught (the last by
# the preprocessor's message alone, which the oracle reads without the student's words).
run_case "fuzz_exercise's oracle catches #/**/include when the check is skipped" 77 '' \
    --has 'broken invariant: accepted, but the preprocessor looked for another file' \
    -- env FUZZ_ACCEPT_ALL=1 "$F/fuzz_exercise" tests/fuzz/corpus/exercise/bad-comment-after-hash
run_case "fuzz_exercise's oracle catches # 1 \"/etc/passwd\" when the check is skipped" 77 '' \
    --has 'broken invariant: .*output names another file: # 1 "/etc/passwd"' \
    -- env FUZZ_ACCEPT_ALL=1 "$F/fuzz_exercise" tests/fuzz/corpus/exercise/bad-line-marker
run_case "fuzz_exercise's oracle catches #line x when the check is skipped" 77 '' \
    --has 'broken invariant: accepted, but the preprocessor read a directive the check refuses: .*after #line is not a positive integer' \
    -- env FUZZ_ACCEPT_ALL=1 "$F/fuzz_exercise" tests/fuzz/corpus/exercise/bad-line-not-a-number
done_testing
