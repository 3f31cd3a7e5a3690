#!/usr/bin/env bash
# tools/gpu/gpu-perf13.sh OUT [GROUPS] — chapter 05's GPU measurements in one run: the
# default's row in parts, the one-pass sizes with every kept register radix and twiddle
# strategy (the lesson's H100 columns, chapters/05_register_radix/README.md "Measured"),
# the multi-pass sizes and the local-memory padding knobs, next to VkFFT, timed the way
# `make bench` times them (profiling events on every kernel; loop_ms as well). It first
# measured the regfile and fixed variants (dropped since; their numbers are in
# chapters/05_register_radix/NOTES.md, section 4).
#
# On a machine with a GPU, after `make` (peer_vkfft included):
#   FFTLAB_DEVICE=nvidia tools/gpu/gpu-perf13.sh OUT
#
# Every run is verified against FFTW first (a row only exists if it passed). Writes five
# files under OUT (the lent machine brings back at most eight):
#   sweep.csv    the chapter's --format csv rows (and peer_vkfft's), plain: the same
#                columns as results/bench/*.csv, so tools/bench/bench-table.sh can read it
#   knobs.csv    runs with an experiment knob (FFTLAB_MIN_COLUMNS, -D FFT_NO_PAD, ...):
#                a first column `label` naming it, then the same columns
#   summary.txt  one line per run: ms, % of copy, VkFFT's time / this time (same run)
#   explain.txt  --explain of the main kernels (per-launch times) with NVIDIA's build
#                log (-cl-nv-verbose: registers, stack, spills per kernel)
#   log.txt      every command, its exit status and seconds; what the budget skipped
# GROUPS (default "rows explain multipass onepass knobs") picks parts of the run, in that
# order of priority. The whole run stops starting new commands after PERF13_BUDGET_S
# seconds (default 330), so it stays within ~6 minutes; what it skipped is in log.txt.
# PERF13_TOTAL (default 2^24 points per call) smaller makes a quick smoke test on pocl.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
[ $# -ge 1 ] || { echo "usage: tools/gpu/gpu-perf13.sh OUT [GROUPS]" >&2; exit 2; }
out=$1
groups=${2:-rows explain multipass onepass knobs}
build=${BUILD:-build}
budget=${PERF13_BUDGET_S:-330}
ch=$build/05_register_radix
vk=$build/peer_vkfft
[ -x "$ch" ] || { echo "gpu-perf13: $ch is missing: run make first" >&2; exit 2; }
mkdir -p "$out"
sweep=$out/sweep.csv knobs=$out/knobs.csv summary=$out/summary.txt explain=$out/explain.txt log=$out/log.txt
: >"$sweep"; : >"$knobs"; : >"$explain"; : >"$log"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t0=$SECONDS
total=${PERF13_TOTAL:-16777216}     # points per call, as make bench on a GPU (smaller: a smoke test)

over_budget() { [ $((SECONDS - t0)) -ge "$budget" ]; }

# row LABEL ENV PROG N BATCH [ARGS...]: one verified, timed run; its CSV row goes to
# sweep.csv (ENV empty) or knobs.csv (with LABEL in front).
row() {
    local label=$1 envs=$2 prog=$3 n=$4 b=$5
    shift 5
    if over_budget; then
        echo "skipped (budget ${budget}s): $label" >>"$log"
        return
    fi
    [ -x "$prog" ] || { echo "skipped (no $prog): $label" >>"$log"; return; }
    local s=$SECONDS rc
    # shellcheck disable=SC2086
    env $envs timeout -k 5 120 "$prog" --size "$n" --batch "$b" --format csv "$@" \
        >"$tmp/row" 2>"$tmp/err" </dev/null
    rc=$?
    echo "[$((SECONDS - t0))s] $label: ${envs:+$envs }$prog --size $n --batch $b $* -> exit $rc," \
         "$((SECONDS - s))s, $(tail -n 1 "$tmp/err")" >>"$log"
    [ "$rc" -eq 0 ] && [ "$(wc -l <"$tmp/row")" -ge 2 ] || { tail -n 5 "$tmp/err" | sed 's/^/    /' >>"$log"; return; }
    if [ -z "$envs" ]; then
        [ -s "$sweep" ] || head -n 1 "$tmp/row" >"$sweep"
        tail -n +2 "$tmp/row" >>"$sweep"
    else
        [ -s "$knobs" ] || { printf 'label,'; head -n 1 "$tmp/row"; } >"$knobs"
        tail -n +2 "$tmp/row" | sed "s|^|\"$label\",|" >>"$knobs"
    fi
}

# ex LABEL ENV N BATCH VARIANT: --explain with per-launch times and NVIDIA's build log.
ex() {
    local label=$1 envs=$2 n=$3 b=$4 v=$5
    if over_budget; then
        echo "skipped (budget ${budget}s): explain $label" >>"$log"
        return
    fi
    local s=$SECONDS
    {
        echo "==== $label: $n x $b --variant $v ${envs:+($envs)}"
        # shellcheck disable=SC2086
        env $envs FFTLAB_BUILD_LOG=1 FFTLAB_BUILD_OPTIONS="$verbose" timeout -k 5 120 \
            "$ch" --size "$n" --batch "$b" --variant "$v" --explain --no-verify 2>&1 </dev/null |
            grep -vE '^(verify|  why|  table)'
        echo
    } >>"$explain"
    echo "[$((SECONDS - t0))s] explain $label: $((SECONDS - s))s" >>"$log"
}

chapter_rows() { # N VARIANTS...: the chapter at N with each variant, then VkFFT
    local n=$1 b=$((total / $1 > 0 ? total / $1 : 1)) v
    shift
    row "vkfft $n" "" "$vk" "$n" "$b"
    for v in "$@"; do
        row "$v $n" "" "$ch" "$n" "$b" --variant "$v"
    done
}

devline=$("$ch" --size 2 --repeat 0 2>/dev/null | sed -n 's/^device *//p')
verbose=""                          # NVIDIA's option; other drivers refuse it
case $devline in *NVIDIA*) verbose=-cl-nv-verbose ;; esac
echo "gpu-perf13: $(date -u +%FT%TZ), $devline" >>"$log"
for g in $groups; do
    case $g in
    rows)       # the headline: rows beyond local memory in one pass, in parts (the default)
        chapter_rows 16384 radix16 radix8 sincos
        chapter_rows 8192 radix16 ;;
    multipass)  # 2^16 .. 2^24: two and three passes
        for k in 20 16 18 22 24; do
            chapter_rows $((1 << k)) radix16
        done
        row "simd 1048576" "" "$ch" 1048576 $((total / 1048576 > 0 ? total / 1048576 : 1)) --variant simd ;;
    onepass)    # 1024 and 4096: every kept radix and twiddle strategy (the lesson's table)
        for n in 1024 4096; do
            chapter_rows $n radix16 radix8 radix4 sincos native
        done
        row "simd 1024" "" "$ch" 1024 $((total / 1024)) --variant simd ;;
    knobs)      # the local-memory padding, as experiments
        row "radix16 no_pad 1024" "FFTLAB_BUILD_OPTIONS=-DFFT_NO_PAD" "$ch" 1024 16384 --variant radix16
        row "radix16 pad1/32 1024" "FFTLAB_BUILD_OPTIONS=-DFFT_PAD_SHIFT=5" "$ch" 1024 16384 --variant radix16
        row "radix16 no_pad 4096" "FFTLAB_BUILD_OPTIONS=-DFFT_NO_PAD" "$ch" 4096 4096 --variant radix16
        row "radix16 no_pad 16384" "FFTLAB_BUILD_OPTIONS=-DFFT_NO_PAD" "$ch" 16384 1024 --variant radix16 ;;
    explain)    # registers and spills (-cl-nv-verbose), per-launch times
        ex "radix16 rows in parts" "" 16384 1024 radix16
        ex "radix16 2^20" "" 1048576 16 radix16
        ex "radix16 2^24" "" 16777216 1 radix16
        ex "radix16 one pass" "" 1024 16384 radix16
        ex "radix4 one pass" "" 1024 16384 radix4
        ex "sincos one pass" "" 1024 16384 sincos ;;
    *) echo "gpu-perf13: unknown group '$g' (rows multipass onepass knobs explain)" >&2 ;;
    esac
done

# summary.txt: each row against VkFFT's time at the same size in this run
awk "$(cat tools/csv.awk)"'
    FNR == 1 { nh = csvsplit($0, h); delete c; for (i = 1; i <= nh; i++) c[h[i]] = i; next }
    {
        csvsplit($0, v)
        key = v[c["n"]] "x" v[c["batch"]]
        name = ("label" in c) ? v[c["label"]] : v[c["chapter"]] " " v[c["variant"]]
        if (v[c["chapter"]] == "vkfft") vkms[key] = v[c["ms_median"]]
        k++; nm[k] = name; ky[k] = key; ms[k] = v[c["ms_median"]]
        pc[k] = v[c["pct_copy"]]; lp[k] = v[c["loop_ms"]]; ln[k] = v[c["launches"]]
    }
    END {
        printf "%-44s %-14s %9s %9s %8s %8s %s\n", "run", "N x batch", "ms", "loop ms", "% copy", "launches", "VkFFT ms / this ms"
        for (i = 1; i <= k; i++) {
            r = (ky[i] in vkms && ms[i] > 0) ? sprintf("%.3f", vkms[ky[i]] / ms[i]) : "-"
            printf "%-44s %-14s %9.4f %9.4f %8s %8s %s\n", nm[i], ky[i], ms[i], lp[i], pc[i], ln[i], r
        }
    }' "$sweep" "$knobs" >"$summary" 2>>"$log"
count() { local l; l=$(wc -l <"$1"); echo $((l > 0 ? l - 1 : 0)); }
echo "gpu-perf13: done in $((SECONDS - t0))s; $(count "$sweep") sweep rows, $(count "$knobs") knob rows" | tee -a "$log"
cat "$summary"
