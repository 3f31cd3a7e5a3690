#!/usr/bin/env bash
# make bench, smoke-tested at a tiny sweep: it runs, every chapter and every built peer
# gives a verified row, the CSV parses and its numbers are numbers. Not timed: the
# performance goals live in `make bench`, never in tests.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Two powers of two, one mixed-radix case (12 x 3), one 2-D shape (8x12, batch 2) and two
# real-input cases (R2C 16 x 2 and 6x8): the power-of-two chapters have no row for 12
# (n/a), the 1-D chapters none for 8x12; every chapter that does a size and every peer has
# one. The real cases run the real-input chapter and the peers with --real, nothing else.
run_case "bench at 2^10 and 2^12, 2^14 points per call, 12 x 3, 8x12 x 2, R2C 16 x 2 and 6x8" 0 '.*' \
    --has 'bench: wrote ' --has '02_radix2 +N=12 +batch=3 +n/a' --has '06_mixed_radix +N=8x12 .*n/a' \
    --lacks 'FAILED' --timeout 300 -- tools/bench.sh --build "$BUILD" --sizes "2^10 2^12" \
    --total 2^14 --cases "12x3" --shapes "8x12:2" --real "16:2 6x8:1" --out "$tmp" --label smoke \
    --no-readme
csv=$tmp/smoke.csv
expected=0
for d in chapters/[0-9][0-9]_*/; do
    c=$(basename "$d")
    case $c in
        01_dft|10_distributed) continue ;;
        09_real_input) expected=$((expected + 2)); continue ;;
    esac
    expected=$((expected + 2))
    "$BUILD/$c" --size 12 --batch 3 --repeat 0 --no-verify >/dev/null 2>&1 && expected=$((expected + 1))
    "$BUILD/$c" --size 8x12 --batch 2 --repeat 0 --no-verify >/dev/null 2>&1 && expected=$((expected + 1))
done
for p in peer_fftw peer_clfft peer_vkfft; do [ -x "$BUILD/$p" ] && expected=$((expected + 6)); done
# check_csv FILE WANT [DIRECTION]: WANT rows, each verified and PASS, its numbers numbers,
# its timing column the right clock (events for chapters and OpenCL peers, never wall
# time where events exist), and its direction DIRECTION when given. Prints what is wrong; exit status 0 = all good.
check_csv() {
    awk "$(cat tools/csv.awk)"'
        function num(s) { return s ~ /^-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ }
        NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
        { m = csvsplit($0, v); rows++
          if (m != n) { print "row " NR ": " m " fields, header has " n; bad = 1 }
          if (v[c["verdict"]] != "PASS" || v[c["verified"]] != 1) { print "row " NR " not verified"; bad = 1 }
          if (dir != "" && v[c["direction"]] != dir) { print "row " NR ": direction " v[c["direction"]] ", expected " dir; bad = 1 }
          split("ms_median gflops gbs pct_copy l2_error loop_ms launches", need, " ")
          for (k in need) if (!num(v[c[need[k]]])) { print "row " NR ": " need[k] " = " v[c[need[k]]]; bad = 1 }
          # One clock for every OpenCL row: device events on every kernel of a call. Only
          # FFTW, on the host, has no events and is timed on the host clock ("wall").
          who = v[c["chapter"]]; t = v[c["timing"]]
          want_t = who ~ /^[0-9][0-9]_/ ? "events" : who == "fftw" ? "wall" : "events-interposed"
          if (t != want_t) { print "row " NR " (" who "): timing \"" t "\", expected \"" want_t "\""; bad = 1 }
          if (want_t != "wall" && v[c["launches"]] + 0 < 1) { print "row " NR " (" who "): " v[c["launches"]] " launches per call"; bad = 1 } }
        END { if (rows != want) { print rows " rows, expected " want; bad = 1 }; exit bad }' \
        want="$2" dir="${3:-}" "$1"
}
check_csv "$csv" "$expected" >"$tmp/check" 2>&1
ok $? "the CSV has $expected verified rows of numbers" || note "$(cat "$tmp/check")"

# The OpenCL peers one at a time on pocl at a tiny size, both directions: one CSV row that
# parses and says PASS (their sign and scaling must be FFTW's: forward exp(-2 pi i jk/N),
# nothing divided by N). A peer whose library is not installed is skipped.
for p in peer_clfft peer_vkfft; do
    if [ ! -x "$BUILD/$p" ]; then
        skip "$p on pocl" "$BUILD/$p is not built (its library is optional: tools/install-deps.sh --ci)"
        continue
    fi
    for dir in forward inverse 2d r2c c2r r2c-3d; do
        args=(--device pthread --size 64 --batch 3 --repeat 3 --format csv)
        case $dir in
            2d) args=(--device pthread --size 6x10 --batch 3 --repeat 3 --format csv) ;;
            r2c-3d) args=(--device pthread --size 4x6x10 --batch 3 --repeat 3 --format csv) ;;
        esac
        case $dir in r2c*|c2r) args+=(--real) ;; esac
        case $dir in inverse|c2r) args+=(--inverse) ;; esac
        run_case "$p N=${args[3]} x batch 3 $dir on pocl" 0 '^PASS$' --stdout-has '^chapter,' \
            --timeout 120 -- "$BUILD/$p" "${args[@]}"
        # the direction column: forward/inverse, or r2c/c2r for real input (as 09's rows)
        want=forward
        case $dir in inverse) want=inverse ;; r2c*) want=r2c ;; c2r) want=c2r ;; esac
        check_csv "$RC_OUT" 1 "$want" >"$tmp/check" 2>&1
        ok $? "$p $dir: its CSV row parses, says PASS and direction $want" || note "$(cat "$tmp/check")"
    done
done
# --real: an odd last axis is refused, exit 2, by every peer (FFTW's too)
for p in peer_fftw peer_clfft peer_vkfft; do
    [ -x "$BUILD/$p" ] || continue
    run_case "$p --real --size 15: exit 2" 2 '' --has 'even last axis' -- "$BUILD/$p" --real --size 15 --repeat 0
done
# VkFFT plans 2^18 as one kernel with 4096-wide work-groups, which overflowed the 8 MiB
# stacks of pocl's worker threads (SIGSEGV, ../shared/notes/peers.md); peer_vkfft raises
# its threads' stack itself, so it must pass under a plain 8 MiB `ulimit -s`.
if [ -x "$BUILD/peer_vkfft" ]; then
    run_case "peer_vkfft N=2^18 on pocl under an 8 MiB stack limit" 0 '^PASS$' --status-stream stderr \
        --timeout 180 -- bash -c 'ulimit -s 8192 2>/dev/null; exec "$@"' peer_vkfft \
        "$BUILD/peer_vkfft" --device pthread --size 2^18 --batch 1 --repeat 0 --format csv
else
    skip "peer_vkfft at 2^18 on pocl" "$BUILD/peer_vkfft is not built"
fi
if command -v gnuplot >/dev/null 2>&1; then
    [ -s "$tmp/smoke-gflops.svg" ] && [ -s "$tmp/smoke-pct_copy.svg" ]
    ok $? "both plots were drawn"
else
    skip "plots" "gnuplot is not installed"
fi
done_testing
