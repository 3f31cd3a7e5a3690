#!/usr/bin/env bash
# tools/gpu/compare-builds.sh BEFORE AFTER [ROUNDS] — the "no speed lost" check of a change
# that should not move a timed path: each row below runs from two copies of the project
# (BEFORE/build/<chapter> with BEFORE/kernels, and AFTER's), alternating A B A B ... ROUNDS
# times (default 2), each run verified and timed by the chapter itself (--format csv: its
# device events, median of its repeats). Prints one line per row: the medians of each
# side's ms_median and AFTER / BEFORE. Run it on one machine in one call: figures of two
# calls (or two GPUs) are not comparable. FFTLAB_DEVICE picks the device, as everywhere.
# Chapter 10 runs through AFTER's tools/mpirun.sh, on 1 rank, and on 2 where the machine
# has two GPUs (nvidia-smi -L) or RANKS2=1 says so. A run that fails prints "fail", and
# its last lines of output go to LOG (default compare-builds.log). ONLY=REGEX keeps the rows
# it matches (two GPUs: half the rows on each, CUDA_VISIBLE_DEVICES picking one); EXTRA adds
# options to every run (EXTRA=--no-verify where the checks take longer than the call has).
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BEFORE_DIR AFTER_DIR [ROUNDS]" >&2; exit 2; }
before=$1 after=$2 rounds=${3:-2}
rows=(
    "05_register_radix --size 2^20 --batch 16"
    "05_register_radix --size 1024 --batch 16384"
    "06_mixed_radix --size 1000 --batch 16384"
    "06_mixed_radix --size 2^24"
    "06_mixed_radix --size 19683 --batch 852"
    "07_multidim --size 4096x4096"
    "07_multidim --size 256x256x256"
    "08_bluestein --size 1009 --batch 16384"
    "08_bluestein --size 4001 --batch 4096"
    "09_real_input --size 2^20 --batch 16"
    "09_real_input --size 4096x4096"
    "10_distributed --size 4096x4096"
    "11_convolution --size 4096x4096 --mode circular --filter-size 64"
    "11_convolution --size 4096x4096 --mode circular --filter-size 64 --variant unfused"
    "11_convolution --size 2^20 --batch 16 --mode circular --filter-size 64"
    "11_convolution --size 2^20 --batch 16 --mode circular --filter-size 64 --variant unfused"
)
log=${LOG:-compare-builds.log}
: >"$log"
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
[ "${RANKS2:-0}" = 1 ] || [ "${gpus:-0}" -ge 2 ] && rows+=("10_distributed --size 8192x8192 @2")
# ms_median of one run (column named in the CSV header), or "fail"
# (chapter 10: through mpirun, on the ranks a trailing "@P" names, else 1)
one() {
    local dir=$1 prog=$2 ranks=1 out ms
    shift 2
    if [ "${*: -1}" = @2 ]; then ranks=2; set -- "${@:1:$#-1}"; fi
    local run=("$dir/build/$prog")
    [ "$prog" = 10_distributed ] && run=("$after/tools/mpirun.sh" -n "$ranks" "${run[@]}")
    local err=$log.err t0=$SECONDS
    local extra
    read -r -a extra <<<"${EXTRA:-}"   # EXTRA's words, each an option
    out=$(timeout -k 5 300 "${run[@]}" "$@" --format csv "${extra[@]}" 2>"$err" </dev/null)
    # the value under ms_median in the first data row (a quoted chapter name) after the header
    ms=$(awk -F, '/^chapter,/ { for (i = 1; i <= NF; i++) if ($i == "ms_median") c = i; next }
                  c && /^"/ { print $c; found = 1; exit } END { if (!found) print "fail" }' <<<"$out")
    printf '== %s: %s %s (%d rank%s): %s ms, %d s\n' "$dir" "$prog" "$*" $ranks "$([ $ranks = 1 ] || echo s)" "$ms" $((SECONDS - t0)) >>"$log"
    [ "$ms" != fail ] || { tail -n 20 <<<"$out"; tail -n 20 "$err"; } >>"$log"
    echo "$ms"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-48s %10s %10s %8s\n' row before_ms after_ms ratio
for row in "${rows[@]}"; do
    [[ $row =~ ${ONLY:-.} ]] || continue
    read -r -a args <<<"$row"
    a=() b=()
    for ((r = 0; r < rounds; r++)); do
        a+=("$(one "$before" "${args[@]}")")
        b+=("$(one "$after" "${args[@]}")")
    done
    if printf '%s\n' "${a[@]}" "${b[@]}" | grep -q fail; then
        printf '%-48s %10s %10s %8s\n' "$row" "${a[*]}" "${b[*]}" fail
        continue
    fi
    ma=$(printf '%s\n' "${a[@]}" | median) mb=$(printf '%s\n' "${b[@]}" | median)
    printf '%-48s %10.4f %10.4f %8.3f\n' "$row" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print b / a }')"
done
