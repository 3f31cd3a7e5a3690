#!/usr/bin/env bash
# make bench, smoke-tested at a tiny sweep: it runs, every chapter, every extra chapter
# variant (--variants; on a CPU device 05's and 06's simd by default; CHAPTER:tune, the
# default with --tune) and every built peer
# gives a verified row, the CSV parses and its numbers are numbers, and the table gives an
# extra variant a row of its own. Not timed: the performance goals live in `make bench`,
# never in tests.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One power of two, one mixed-radix case (12 x 2), one 2-D shape (8x12, batch 2) and two
# real-input cases (R2C 16 x 2 and 6x8): the power-of-two chapters have no row for 12
# (n/a), the 1-D chapters none for 8x12; every chapter that does a size and every peer has
# one. The real cases run the real-input chapter and the peers with --real, nothing else.
# The CPU variants are named, so that the count is the same on a GPU (none by default).
# Time: every row is a timed run (and its device copy-bandwidth measure), so the sweeps
# below reuse these sizes (2^6 and 12 x 2), whose kernels are then in pocl's cache
# (2026-11-25: with 2^10, 2^12, 12 x 3 and 2^13 this file took 278 CPU-s cold).
variants="05_register_radix:simd 06_mixed_radix:simd"
# (parts of the sweep named: no convolution part, which runs in a whole sweep or with --only
# 11_convolution or --conv)
run_case "bench at 2^6, 2^7 points per call, 12 x 2, 8x12 x 2, R2C 16 x 2 and 6x8" 0 '.*' \
    --has 'bench: wrote ' --has '02_radix2 +N=12 +batch=2 +n/a' --has '06_mixed_radix +N=8x12 .*n/a' \
    --has 'bench: copy bandwidth [0-9.]+(e[-+]?[0-9]+)? GB/s \(copy kernel, measured once' \
    --has '05_register_radix simd +N=12 +batch=2 +n/a' \
    --lacks 'FAILED' --lacks 'convolution part' --timeout 300 \
    -- tools/bench/bench.sh --build "$BUILD" --sizes "2^6" --total 2^7 --cases "12x2" \
    --shapes "8x12:2" --real "16:2 6x8:1" --out "$tmp" --label smoke --variants "$variants" --no-readme
csv=$tmp/smoke.csv
expected=0
progs=()
for d in chapters/[0-9][0-9]_*/; do
    c=$(basename "$d")
    case $c in
        01_dft|10_distributed|11_convolution) continue ;;
        09_real_input) expected=$((expected + 2)); continue ;;
    esac
    progs+=("$c")
    for v in $variants; do [ "${v%%:*}" = "$c" ] && progs+=("$v"); done
done
for prog in "${progs[@]}"; do   # a chapter, or CHAPTER:VARIANT
    var=()
    [ "${prog%%:*}" = "$prog" ] || var=(--variant "${prog#*:}")
    expected=$((expected + 1))
    "$BUILD/${prog%%:*}" ${var[@]+"${var[@]}"} --size 12 --batch 2 --repeat 0 --no-verify >/dev/null 2>&1 &&
        expected=$((expected + 1))
    "$BUILD/${prog%%:*}" ${var[@]+"${var[@]}"} --size 8x12 --batch 2 --repeat 0 --no-verify >/dev/null 2>&1 &&
        expected=$((expected + 1))
done
for p in peer_fftw peer_clfft peer_vkfft; do [ -x "$BUILD/$p" ] && expected=$((expected + 5)); done
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
# one copy bandwidth for the whole sweep (measured once, FFTLAB_COPY_GBS), on every
# OpenCL row; FFTW's host rows have their own
awk "$(cat tools/csv.awk)"'NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
    { csvsplit($0, v); if (v[c["timing"]] != "wall") seen[v[c["copy_gbs"]]] = 1 }
    END { for (k in seen) m++; exit m != 1 }' "$csv"
ok $? "every OpenCL row of the sweep has the one copy bandwidth it measured first"
run_case "FFTLAB_COPY_GBS=fast: exit 2, named" 2 'FAIL' --has "FFTLAB_COPY_GBS='fast' must be" \
    -- env FFTLAB_COPY_GBS=fast "$BUILD/02_radix2" --size 16 --repeat 1
# count_rows FILE CHAPTER VARIANT: how many rows of that chapter and variant FILE has
count_rows() {
    awk "$(cat tools/csv.awk)"'
        NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
        { csvsplit($0, v); if (v[c["chapter"]] == ch && v[c["variant"]] == var) k++ }
        END { print k + 0 }' ch="$2" var="$3" "$1"
}
[ "$(count_rows "$csv" 05_register_radix simd)" = 1 ] && [ "$(count_rows "$csv" 06_mixed_radix simd)" = 2 ]
ok $? "--variants: 05_register_radix simd has a row at 2^6, 06_mixed_radix simd at 12 too"

# On a CPU device (pocl here) the simd variants run by default, a row each after their
# chapter's; the table shows them as rows of their own, both numbers kept. This sweep and
# the next two run only the chapters they are about (--only), with the default variants
# of those chapters: every timed row costs about 2 s on pocl (its copy-bandwidth measure).
run_case "bench on pocl, default variants, --only 05 and 06: 05 and 06 simd too" 0 '.*' \
    --has 'chapters 05_register_radix 06_mixed_radix; variants 05_register_radix:simd 06_mixed_radix:simd; peers none' \
    --has '05_register_radix simd +N=64 +batch=2 .*events' --has '06_mixed_radix simd +N=12 +batch=2 .*events' \
    --has '05_register_radix simd +N=12 +batch=2 +n/a' --lacks 'FAILED' --timeout 300 \
    -- env FFTLAB_DEVICE=cpu tools/bench/bench.sh --build "$BUILD" --sizes "2^6" --total 2^7 --cases 12x2 \
    --shapes "" --real "" --out "$tmp/cpu" --label cpu --no-readme --only "05_register_radix 06_mixed_radix"
cpu_rows=$(($(wc -l <"$tmp/cpu/cpu.csv") - 1))
check_csv "$tmp/cpu/cpu.csv" "$cpu_rows" >"$tmp/check" 2>&1
ok $? "pocl, default variants: all $cpu_rows rows verified, every OpenCL row timed by events" ||
    note "$(cat "$tmp/check")"
[ "$(count_rows "$tmp/cpu/cpu.csv" 05_register_radix simd)" = 1 ] &&
    [ "$(count_rows "$tmp/cpu/cpu.csv" 06_mixed_radix simd)" = 2 ] &&
    [ "$(count_rows "$tmp/cpu/cpu.csv" 05_register_radix radix16)" = 1 ]
ok $? "pocl, default variants: simd rows of 05 (64) and 06 (64, 12), and 05's default row"
# --flush-l2 (make bench FLUSH_L2=1 passes it to every chapter and peer): a peer flushes
# too and says so in its timing column (two timed calls: each flush is 256 MiB on the
# host for FFTW, 128 MiB on the device for an OpenCL peer, and a sweep's default repeats
# would take minutes on pocl).
run_case "peer_fftw --flush-l2: timed from a cold cache, timing wall-cold" 0 '^PASS$' \
    --status-stream stderr --stdout-has ',"wall-cold",' \
    -- "$BUILD/peer_fftw" --size 64 --batch 2 --repeat 2 --warmup 0 --flush-l2
if [ -x "$BUILD/peer_vkfft" ]; then
    run_case "peer_vkfft --flush-l2: timing events-interposed-cold" 0 '^PASS$' \
        --status-stream stderr --stdout-has ',"events-interposed-cold",' \
        -- env FFTLAB_DEVICE=cpu "$BUILD/peer_vkfft" --size 64 --batch 2 --repeat 2 --warmup 0 \
        --flush-l2
else
    skip "peer_vkfft --flush-l2" "peer_vkfft not built"
fi
run_case "bench-table --print of that CSV: 05_register_radix simd has a row of its own" 0 '' \
    --stdout-has '^\| 05_register_radix \| [0-9]' --stdout-has '^\| 05_register_radix simd \| [0-9]' \
    --stdout-has '^\| 06_mixed_radix simd \| [0-9]' -- tools/bench/bench-table.sh --print "$tmp/cpu/cpu.csv"
# Where the generated tables go: bench/README.md, between its markers, never the top
# README.md (it has a hand-written summary). In a scratch copy of the scripts, so that the
# repository's pages are left alone. The page is replaced by a rename (a new inode, no
# temporary file left), and a page without both markers is refused, untouched.
tree=$tmp/tree
mkdir -p "$tree/tools/bench" "$tree/bench" "$tree/results/bench" "$tree/chapters/02_radix2"
cp tools/bench/bench-table.sh tools/bench/results-table.sh tools/bench/bench-label.awk "$tree/tools/bench/"
cp tools/csv.awk "$tree/tools/"
cp "$tmp/cpu/cpu.csv" "$tree/results/bench/cpu.csv"
cp results/tour-sizes-pocl.csv "$tree/results/tour-sizes-pocl.csv"
printf '# top\nsummary by hand\n<!-- bench-table:begin -->\nold\n<!-- bench-table:end -->\n' >"$tree/README.md"
cp "$tree/README.md" "$tmp/top.orig"
printf '# bench\nbefore\n<!-- bench-table:begin -->\nold\n<!-- bench-table:end -->\nmiddle\n<!-- results-table:begin -->\nold\n<!-- results-table:end -->\nafter\n' \
    >"$tree/bench/README.md"
printf '# 02\n<!-- results-table:begin 02_radix2 -->\nold\n<!-- results-table:end -->\nend\n' \
    >"$tree/chapters/02_radix2/README.md"
inode=$(stat -c %i "$tree/bench/README.md")
run_case "bench-table.sh writes bench/README.md" 0 '' --has 'updated bench/README.md' \
    -- "$tree/tools/bench/bench-table.sh"
page=$tree/bench/README.md
grep -q '^| 05_register_radix simd | [0-9]' "$page" && ! grep -q '^old$' <(sed -n '/bench-table:begin/,/bench-table:end/p' "$page") &&
    [ "$(sed -n '1,2p;/bench-table:end/,$p' "$page" | tr '\n' ' ')" = \
      "# bench before <!-- bench-table:end --> middle <!-- results-table:begin --> old <!-- results-table:end --> after " ]
ok $? "bench-table.sh: the tables between bench/README.md's markers, the rest of the page as it was" ||
    note "$(cat "$page")"
cmp -s "$tree/README.md" "$tmp/top.orig"
ok $? "bench-table.sh: the top README.md is not touched"
[ "$(stat -c %i "$page")" != "$inode" ] && [ -z "$(find "$tree/bench" -name 'README.md.*')" ]
ok $? "bench-table.sh: the page replaced by a rename, no temporary file left"
run_case "results-table.sh writes bench/README.md and the lessons, not the top README" 0 '' \
    --has 'updated bench/README.md' --has 'updated chapters/02_radix2/README.md' --lacks 'updated README.md' \
    -- "$tree/tools/bench/results-table.sh"
grep -q '^| 02_radix2 | 1048576 × 1 |' <(sed -n '/results-table:begin/,/results-table:end/p' "$page") &&
    grep -q '^| 02_radix2 |' "$tree/chapters/02_radix2/README.md" &&
    ! grep -q '^| 01_dft |' "$tree/chapters/02_radix2/README.md" && cmp -s "$tree/README.md" "$tmp/top.orig" &&
    [ -z "$(find "$tree" -name 'README.md.*')" ]
ok $? "results-table.sh: bench/README.md has every chapter's rows, a lesson its own, the top README none"
printf '# bench\n<!-- bench-table:begin -->\nno end marker\n' >"$page"
cp "$page" "$tmp/page.orig"
run_case "bench-table.sh: a page without its end marker is refused" 1 '' --has 'lacks the' \
    -- "$tree/tools/bench/bench-table.sh"
cmp -s "$page" "$tmp/page.orig" && [ -z "$(find "$tree/bench" -name 'README.md.*')" ]
ok $? "bench-table.sh: the refused page is left as it was, no temporary file"
# --variants "" leaves them out, on a CPU too; a variant no chapter has stops the sweep
# before it starts.
run_case "bench on pocl, --variants \"\": no simd rows" 0 '.*' --has 'variants none;' --lacks 'simd' \
    --lacks 'FAILED' --timeout 300 -- env FFTLAB_DEVICE=cpu tools/bench/bench.sh --build "$BUILD" \
    --sizes "2^6" --total 2^7 --cases "" --shapes "" --real "" --variants "" --out "$tmp/none" \
    --label none --no-readme --only "05_register_radix 06_mixed_radix"
[ "$(count_rows "$tmp/none/none.csv" 05_register_radix simd)" = 0 ] &&
    [ "$(count_rows "$tmp/none/none.csv" 06_mixed_radix simd)" = 0 ] &&
    [ "$(count_rows "$tmp/none/none.csv" 05_register_radix radix16)" = 1 ]
ok $? "--variants \"\": 05's default row, no simd rows"
run_case "--variants 05_register_radix:nosuch: exit 2 before any run" 2 '' \
    --has "05_register_radix has no variant 'nosuch'" --lacks 'N=' --max-seconds 30 \
    -- tools/bench/bench.sh --build "$BUILD" --sizes "2^6" --variants "05_register_radix:nosuch" \
    --out "$tmp/bad" --no-readme
# CHAPTER:tune is the chapter's default with --tune (its shapes measured first): a row of
# its own, variant "stockham+tune"; a chapter without shapes is refused before any run.
run_case "bench on pocl, --variants 06_mixed_radix:tune 07_multidim:tune" 0 '.*' \
    --has 'variants 06_mixed_radix:tune 07_multidim:tune;' --lacks 'FAILED' --timeout 300 \
    -- env FFTLAB_DEVICE=cpu FFTLAB_TUNE_SHAPES=256x8 tools/bench/bench.sh --build "$BUILD" \
    --sizes "2^6" --total 2^7 --cases "" --shapes "8x12:2" --real "" \
    --variants "06_mixed_radix:tune 07_multidim:tune" --out "$tmp/tune" --label tune --no-readme \
    --only "06_mixed_radix 07_multidim"
[ "$(count_rows "$tmp/tune/tune.csv" 06_mixed_radix stockham+tune)" = 1 ] &&
    [ "$(count_rows "$tmp/tune/tune.csv" 06_mixed_radix stockham)" = 1 ] &&
    [ "$(count_rows "$tmp/tune/tune.csv" 07_multidim strided+tune)" = 2 ]
ok $? "--variants ...:tune: 06's stockham+tune row next to its default one, 07's at 64 and 8x12"
run_case "--variants 05_register_radix:tune: exit 2 before any run" 2 '' \
    --has "05_register_radix does not take --tune" --lacks 'N=' --max-seconds 30 \
    -- tools/bench/bench.sh --build "$BUILD" --sizes "2^6" --variants "05_register_radix:tune" \
    --out "$tmp/bad" --no-readme
run_case "--variants 06_mixed_radix:tune with no device matching: that failure, not \"no --tune\"" 2 '' \
    --has "06_mixed_radix --size 2 --tune failed: FAIL .*no OpenCL device matches 'nosuch'" \
    --lacks 'does not take --tune' --lacks 'N=' --max-seconds 30 \
    -- env FFTLAB_DEVICE=nosuch tools/bench/bench.sh --build "$BUILD" --sizes "2^6" \
    --variants "06_mixed_radix:tune" --out "$tmp/bad" --no-readme
run_case "--variants 11_nosuch:simd: exit 2" 2 '' --has "'11_nosuch:simd' is not CHAPTER:VARIANT" \
    -- tools/bench/bench.sh --build "$BUILD" --sizes "2^6" --variants "11_nosuch:simd" --out "$tmp/bad" --no-readme
run_case "--only 11_nosuch: exit 2 before any run" 2 '' --has "--only: '11_nosuch' is no chapter" --lacks 'N=' \
    -- tools/bench/bench.sh --build "$BUILD" --sizes "2^6" --only "06_mixed_radix 11_nosuch" --out "$tmp/bad" --no-readme

# The OpenCL peers one at a time on pocl at a tiny size, both directions: one CSV row that
# parses and says PASS (their sign and scaling must be FFTW's: forward exp(-2 pi i jk/N),
# nothing divided by N). A peer whose library is not installed is skipped. The sizes and
# batches are the first sweep's (64 x 2, 8x12 x 2, R2C 16 x 2), so that the kernels the
# libraries generate are in pocl's cache already (a build costs 1-2 s cold); the 3-D R2C
# is a shape of its own, with an odd batch.
for p in peer_clfft peer_vkfft; do
    if [ ! -x "$BUILD/$p" ]; then
        skip "$p on pocl" "$BUILD/$p is not built (its library is optional: tools/install-deps.sh --ci)"
        continue
    fi
    for dir in forward inverse 2d r2c c2r r2c-3d; do
        args=(--device cpu --size 64 --batch 2 --repeat 3 --format csv)
        case $dir in
            2d) args=(--device cpu --size 8x12 --batch 2 --repeat 3 --format csv) ;;
            r2c|c2r) args=(--device cpu --size 16 --batch 2 --repeat 3 --format csv) ;;
            r2c-3d) args=(--device cpu --size 4x6x10 --batch 3 --repeat 3 --format csv) ;;
        esac
        case $dir in r2c*|c2r) args+=(--real) ;; esac
        case $dir in inverse|c2r) args+=(--inverse) ;; esac
        # (a copy bandwidth given, as in a sweep: the peer's own rows are what is tested)
        run_case "$p N=${args[3]} x batch ${args[5]} $dir on pocl" 0 '^PASS$' --stdout-has '^chapter,' \
            --timeout 120 -- env FFTLAB_COPY_GBS=20 "$BUILD/$p" "${args[@]}"
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
# --conv (chapter 11's measure, bench/peer_conv.c): a circular convolution, checked against
# FFTW in double (random), h moved to the impulse (closed form) and H(k) times a tone. FFTW
# and VkFFT's three steps; VkFFT's own convolution mode in 1-D and in a 2-D batch (the
# batch as coordinate features: numberBatches got rows past the first wrong). The sizes are
# the peers' runs above, so VkFFT's transforms are in pocl's cache.
run_case "peer_fftw --conv unfused N=64 x 2, filter 5" 0 '^PASS$' --has 'verify   impulse@22 ' \
    --has 'verify   tone@17 ' --stdout-has '"fftw","unfused threads=' \
    -- "$BUILD/peer_fftw" --conv unfused --filter-size 5 --size 64 --batch 2 --repeat 3 --threads 1 \
    --format csv
check_csv "$RC_OUT" 1 forward >"$tmp/check" 2>&1
ok $? "peer_fftw --conv: its CSV row parses and says PASS" || note "$(cat "$tmp/check")"
if [ -x "$BUILD/peer_vkfft" ]; then
    for v in "unfused 64 2" "fused 64 2" "fused 8x12 2"; do
        set -- $v
        run_case "peer_vkfft --conv $1 N=$2 x $3 on pocl, filter 3" 0 '^PASS$' \
            --stdout-has "^\"vkfft\",\"$1\"" --timeout 120 -- env FFTLAB_COPY_GBS=20 "$BUILD/peer_vkfft" \
            --device cpu --conv "$1" --filter-size 3 --size "$2" --batch "$3" --repeat 3 --format csv
        check_csv "$RC_OUT" 1 forward >"$tmp/check" 2>&1
        ok $? "peer_vkfft --conv $1 $2: its CSV row parses, says PASS, events-interposed" ||
            note "$(cat "$tmp/check")"
    done
else
    skip "peer_vkfft --conv on pocl" "$BUILD/peer_vkfft is not built"
fi
run_case "peer_fftw --conv fused: FFTW has none, exit 2" 2 '' --has 'no convolution of its own' \
    -- "$BUILD/peer_fftw" --conv fused --size 64
run_case "peer_fftw --conv sideways: exit 2" 2 '' --has '--conv must be unfused or fused' \
    -- "$BUILD/peer_fftw" --conv sideways --size 64
run_case "peer_fftw --conv unfused --real: exit 2" 2 '' --has 'neither --real nor --inverse' \
    -- "$BUILD/peer_fftw" --conv unfused --real --size 64
run_case "peer_fftw --conv unfused, a filter longer than the signal: exit 2" 2 '' \
    --has '--filter-size 100 is longer than the signal' \
    -- "$BUILD/peer_fftw" --conv unfused --filter-size 100 --size 64
# make bench's convolution part (tools/gpu/gpu-conv.sh through bench.sh --only
# 11_convolution): chapter 11 fused, unfused and direct and the peers' --conv rows, in
# results' layout under --out's parent, each row verified and PASS.
slow_case "bench --only 11_convolution on pocl: the convolution part" 0 '.*' \
    --has 'bench: convolution part \(2\^6:2\)' --has 'bench: wrote ' --lacks 'FAILED' --timeout 300 \
    -- env FFTLAB_DEVICE=cpu CONV_K=4 ROUNDS=1 CONV_DIRECT_1D=2^6:2 CONV_KS_1D=3 CONV_DIRECT_2D= \
    tools/bench/bench.sh --build "$BUILD" --only 11_convolution --conv "2^6:2" --out "$tmp/conv/bench" \
    --label conv --no-readme
if [ "$SLOW_TESTS" = 1 ]; then
    awk "$(cat tools/csv.awk)"'NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
        { csvsplit($0, v); if (v[c["verdict"]] != "PASS") bad = 1; rows++ }
        END { exit !(rows >= 7 && !bad) }' "$tmp/conv/11_convolution-conv/rows.csv"
    ok $? "the convolution part: every row PASS, fused, unfused, direct and the peers" ||
        note "$(cut -c1-160 "$tmp/conv/11_convolution-conv/rows.csv" 2>&1)"
fi
# VkFFT plans 2^18 as one kernel with 4096-wide work-groups, which overflowed the 8 MiB
# stacks of pocl's worker threads (SIGSEGV, docs/peers.md); peer_vkfft raises
# its threads' stack itself, so it must pass under a plain 8 MiB `ulimit -s`.
if [ -x "$BUILD/peer_vkfft" ]; then
    slow_case "peer_vkfft N=2^18 on pocl under an 8 MiB stack limit" 0 '^PASS$' --status-stream stderr \
        --timeout 180 -- bash -c 'ulimit -s 8192 2>/dev/null; exec "$@"' peer_vkfft \
        "$BUILD/peer_vkfft" --device cpu --size 2^18 --batch 1 --repeat 0 --format csv
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
