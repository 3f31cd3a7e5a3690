#!/usr/bin/env bash
# 02_radix2: every power of two up to 2^16 and some larger, both directions, batches,
# double precision, work-group sizes, and the machine-readable timing output.
. "$(dirname "$0")/lib.sh"
need_binary 02_radix2
R=$BUILD/02_radix2

# The big ones first: with prove -j they overlap the other scripts' small runs. 2^22
# (17 s on pocl, mostly the reference and the host's checks) is in the slow set: 2^20 and
# 2^18 take the same kernels and launches, 22 passes against 20.
slow_case "N=2^22 forward" 0 '^PASS$' --has "problem +N=4194304 batch=1 forward" -- "$R" --size 2^22 --repeat 0
for k in 20 18; do
    run_case "N=2^$k forward" 0 '^PASS$' --has "problem +N=$((1 << k)) batch=1 forward" \
        -- "$R" --size "2^$k" --repeat 0
done
for k in $(seq 0 16); do
    run_case "N=2^$k forward" 0 '^PASS$' --has "problem +N=$((1 << k)) batch=1 forward single" \
        -- "$R" --size "2^$k" --repeat 0
done
for k in 0 1 2 5 10 16; do
    run_case "N=2^$k inverse" 0 '^PASS$' --has "problem +N=$((1 << k)) batch=1 inverse" \
        -- "$R" --size "2^$k" --inverse --repeat 0
done
run_case "N=1024 x batch 16" 0 '^PASS$' --has 'N=1024 batch=16' -- "$R" --size 1024 --batch 16 --repeat 0
run_case "N=8 x batch 1000" 0 '^PASS$' --has 'N=8 batch=1000' -- "$R" --size 8 --batch 1000 --repeat 0
run_case "N=1 x batch 7" 0 '^PASS$' --has 'N=1 batch=7' -- "$R" --size 1 --batch 7 --repeat 0
run_case "N=2 x batch 3 inverse" 0 '^PASS$' -- "$R" --size 2 --batch 3 --inverse --repeat 0
run_case "N=2^16 x batch 4 inverse" 0 '^PASS$' -- "$R" --size 2^16 --batch 2^2 --inverse --repeat 0
for k in 10 16; do
    run_case "N=2^$k double" 0 '^PASS$' --has "N=$((1 << k)) batch=1 forward double" \
        -- "$R" --size "2^$k" --precision double --repeat 0
done
run_case "N=2^1 double inverse x batch 5" 0 '^PASS$' \
    -- "$R" --size 2 --batch 5 --precision double --inverse --repeat 0
for wg in 1 64 256; do
    run_case "--wg $wg at N=2^12" 0 '^PASS$' -- "$R" --size 2^12 --wg "$wg" --repeat 0
done
run_case "--wg 2048 at N=2^12 (N/2, one group a row) x batch 3" 0 '^PASS$' \
    -- "$R" --size 2^12 --batch 3 --wg 2048 --repeat 0
run_case "--explain at N=16: 4 passes p = 1, 2, 4, 8" 0 '^PASS$' \
    --has 'plan \(forward\): 4 launches' --has 'fft_radix2\(A, B, 1, -1\)' \
    --has 'fft_radix2\(B, A, 8, -1\)' --has 'plan \(inverse, for the round trip\)' \
    -- "$R" --size 16 --explain --repeat 0
run_case "N=1 timed: no kernels to time" 0 '^PASS$' --has 'not timed \(the plan has no kernels\)' \
    -- "$R" --size 1 --repeat 3 --warmup 1
run_case "timed run, text" 0 '^PASS$' \
    --has 'time +[0-9.]+ ms median .*3 runs after 1 warm-up' --has 'GB/s' --has 'copy bandwidth' \
    -- "$R" --size 2^16 --repeat 3 --warmup 1

# --format csv: a header and one row on stdout, the verdict line on stderr.
run_case "timed run, --format csv" 0 '^PASS$' --stdout-lacks '^(PASS|FAIL)' \
    -- "$R" --size 2^16 --repeat 3 --warmup 1 --format csv
csv_check() {
    # Split quoted CSV (fields may hold commas), then check the row against the header.
    awk '
    function split_csv(line, out,    n, i, c, f, q) {
        n = 0; f = ""; q = 0
        for (i = 1; i <= length(line); i++) {
            c = substr(line, i, 1)
            if (q) {
                if (c == "\"" && substr(line, i + 1, 1) == "\"") { f = f "\""; i++ }
                else if (c == "\"") q = 0
                else f = f c
            } else if (c == "\"") q = 1
            else if (c == ",") { out[++n] = f; f = "" }
            else f = f c
        }
        out[++n] = f
        return n
    }
    function is_num(s) { return s ~ /^-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ }
    NR == 1 { nh = split_csv($0, h); next }
    NR == 2 { nr = split_csv($0, r); next }
    { extra++ }
    END {
        if (NR != 2 || extra) { print "expected 2 lines, got " NR; exit 1 }
        if (nh != nr) { print "header has " nh " columns, row " nr; exit 1 }
        for (i = 1; i <= nh; i++) v[h[i]] = r[i]
        bad = ""
        split("gflops gbs pct_copy ms_median ms_min ms_max copy_gbs l2_error max_error n batch runs", need, " ")
        for (k in need) if (!(need[k] in v) || !is_num(v[need[k]])) bad = bad " " need[k] "=" v[need[k]]
        if (bad != "") { print "not numbers:" bad; exit 1 }
        if (v["runs"] != 3) { print "runs = " v["runs"] ", expected 3"; exit 1 }
        if (v["n"] != 65536 || v["batch"] != 1) { print "n/batch wrong"; exit 1 }
        if (!(v["ms_median"] > 0 && v["gflops"] > 0 && v["gbs"] > 0 && v["pct_copy"] > 0)) { print "zero timing"; exit 1 }
        if (v["verdict"] != "PASS" || v["chapter"] != "02_radix2" || v["direction"] != "forward") { print "verdict/chapter/direction wrong"; exit 1 }
    }' "$1"
}
why=$(csv_check "$RC_OUT" 2>&1)
ok $? "--format csv: header + 1 row; gflops, gbs, pct_copy ... are numbers; verdict PASS" || diag "$why"
head -n 1 "$RC_OUT" | grep -q '^chapter,variant,device,driver,n,batch,' 
ok $? "--format csv: the header names the columns"

run_case "timed run, --format json" 0 '^PASS$' --stdout-lacks '^(PASS|FAIL)' \
    -- "$R" --size 2^16 --repeat 3 --warmup 1 --format json
lines=$(wc -l <"$RC_OUT")
[ "$lines" -eq 1 ] && head -c 1 "$RC_OUT" | grep -q '{' && tail -c 2 "$RC_OUT" | grep -q '}'
ok $? "--format json: stdout is a single line holding one object ($lines lines)"
grep -q '"verdict": "PASS"' "$RC_OUT"
ok $? "--format json: \"verdict\": \"PASS\""
if command -v python3 >/dev/null 2>&1 && python3 -c 'import json' 2>/dev/null; then
    why=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert isinstance(d, dict), "not an object"
assert d["verdict"] == "PASS", d["verdict"]
assert d["n"] == 65536 and d["batch"] == 1, "n/batch"
assert d["time_ms"]["runs"] == 3 and d["time_ms"]["warmup"] == 1, d["time_ms"]
assert all(isinstance(d[k], (int, float)) and d[k] > 0 for k in ("gflops", "gbs", "pct_copy")), "rates"
assert [c["name"] for c in d["checks"]][0] == "random" and all(c["ok"] for c in d["checks"]), d["checks"]
' "$RC_OUT" 2>&1)
    ok $? "--format json: valid JSON (python3 json.load) with the expected fields" || diag "$why"
else
    skip "--format json: valid JSON (python3 json.load)" "python3 is not installed"
fi

# The largest N x batch every chapter computes right is 2^30 values (common/limits.h):
# one value more is refused with exit 2 before the device is opened (milliseconds).
run_case "N x batch = 1024 x (2^20 + 1) = 2^30 + 1024: refused before any allocation" 2 '^FAIL \(usage, exit 2\)' \
    --has '1024 x 1048577 = 1073742848 values, more than 2\^30' --lacks 'device|problem' \
    -- "$R" --size 1024 --batch 1048577 --repeat 0
# At the limit a run needs 104 GiB of host memory to verify (its GPU note has it); the slow
# set runs 2^20 x 16 = 2^24 values (2 GiB here), its fills in 32 MiB pieces through
# sub-buffers, 4 of B's 128 MiB (the path: the fast FFTLAB_FILL_PIECE cases below).
slow_case "N=2^20 x 16 (2^24 values), fills in 32 MiB pieces" 0 '^PASS$' --has 'N=1048576 batch=16' \
    --timeout 300 -- env FFTLAB_FILL_PIECE=33554432 "$R" --size 2^20 --batch 16 --repeat 0
# Fills past 2^31 bytes go in pieces through sub-buffers (common/fill.h; on NVIDIA a fill
# of a guard zone at byte 2^33 filled the wrong bytes). FFTLAB_FILL_PIECE=4096 cuts a small
# run's fills the same way: B's NaN in 16 pieces, the guards through sub-buffers; the run
# passes, and a write one element past the end is still found (it must be in the guard).
run_case "fills in 4 KiB pieces (the path of a run past 2^31 bytes): N=1024 x batch 8" 0 '^PASS$' \
    -- env FFTLAB_FILL_PIECE=4096 "$R" --size 1024 --batch 8 --repeat 0
mkdir -p "$TMP/k"
sed 's/^\( *\)y\[row + j + p\] = a - b;/&\n\1if (i == 0 \&\& get_global_id(1) == 0) y[get_global_size(1) * 2 * half_n] = a;/' \
    kernels/02_radix2.cl >"$TMP/k/past-end.cl"
run_case "fills in 4 KiB pieces: a write past the end is found in the guard zone" 1 '^FAIL: check ' \
    --has 'past its end \(element 8192 of 8192\)' \
    -- env FFTLAB_FILL_PIECE=4096 "$R" --kernels "$TMP/k/past-end.cl" --size 1024 --batch 8 --repeat 0

# A failing run in json is still one JSON object, with the reason (the unreduced angle
# fails from N = 8 on; 64 is the lesson's table's row, 1/1000 of 4096's O(N^2) work).
run_case "--format json of a wrong result still gives one object" 1 '^FAIL' \
    --stdout-has '"verdict": "FAIL"' --stdout-has '"reason": "check ' --stdout-lacks '^FAIL' \
    -- "$BUILD/01_dft" --variant unreduced --size 64 --repeat 0 --format json

done_testing
