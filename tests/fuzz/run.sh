#!/usr/bin/env bash
# tests/fuzz/run.sh DIR SECONDS TARGET... — the recipe of `make fuzz` (tests/fuzz/fuzz.mk).
# Runs DIR/fuzz_TARGET for SECONDS on a copy of tests/fuzz/corpus/TARGET in a temporary
# folder (the committed corpus stays as it is), its output in DIR/fuzz_TARGET.log, any
# crashing input in DIR/crashes/. Exits 1 when a target crashed, naming the input.
set -u
[ $# -ge 3 ] || { echo "usage: $0 DIR SECONDS TARGET..." >&2; exit 2; }
dir=$1 secs=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/fftlab-fuzz.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
mkdir -p "$dir/crashes"

crashed=()
for t in "$@"; do
    bin=$dir/fuzz_$t
    seeds=$here/corpus/$t
    [ -x "$bin" ] || { echo "fuzz: $bin is missing (make fuzz-build)" >&2; exit 2; }
    [ -d "$seeds" ] || { echo "fuzz: no seed corpus $seeds" >&2; exit 2; }
    mkdir "$work/$t"
    cp "$seeds"/* "$work/$t/"
    dict=()
    [ -f "$here/$t.dict" ] && dict=("-dict=$here/$t.dict")
    log=$dir/fuzz_$t.log
    echo "fuzz: fuzz_$t for $secs s on a copy of tests/fuzz/corpus/$t ($(ls "$seeds" | wc -l) seeds), log $log"
    # -timeout: one input running 10 s is a hang; -rss_limit_mb also caps single mallocs
    env -u FUZZ_VERBOSE "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$dir/crashes/$t-" "${dict[@]}" "$work/$t" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1)
    if [ "$rc" -eq 0 ]; then
        echo "fuzz: fuzz_$t: no crash in ${execs:-?} runs (${speed:-?}/s), $cov, corpus $(ls "$work/$t" | wc -l) inputs"
        continue
    fi
    input=$(sed -n 's/.*Test unit written to //p' "$log" | tail -n 1)
    echo "fuzz: fuzz_$t FAILED (exit $rc) after ${execs:-?} runs: $(grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|fuzz_[a-z]+: broken)' "$log" | head -n 3 | tr '\n' ' ')"
    if [ -n "$input" ]; then
        echo "fuzz:   crashing input: $input"
        echo "fuzz:   replay: $bin $input"
        crashed+=("$input")
    else
        echo "fuzz:   no input was written; see $log"
        crashed+=("$log")
    fi
done
if [ ${#crashed[@]} -gt 0 ]; then
    echo "fuzz: ${#crashed[@]} target(s) crashed: ${crashed[*]}" >&2
    exit 1
fi
echo "fuzz: no crashes"
