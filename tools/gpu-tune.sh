#!/usr/bin/env bash
# tools/gpu-tune.sh OUT — chapter 06 with its default shapes, with --tune (each pass's
# group shape measured on the device, common/tune.h) and with the kept shapes given back
# through --shapes, next to VkFFT, at the multi-pass sizes of the GPU bench sweep. Timed as
# `make bench` times them (profiling events on every kernel of both sides; every row of
# ours verified against FFTW first). Writes OUT/rows.csv (a first column `label`, then the
# chapters' --format csv columns), OUT/tune.txt (each --tune table: every candidate's time
# per pass) and OUT/log.txt (every command, its exit status and seconds). Lesson 06,
# "Measuring the shapes instead of guessing", comes from it:
#   source .gpu/on-device.sh; FFTLAB_DEVICE=nvidia tools/gpu-tune.sh $OUT
# SIZES (default: the sweep's multi-pass rows) is a list of NxBATCH words, e.g. "65536x256".
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ $# -ge 1 ] || { echo "usage: tools/gpu-tune.sh OUT" >&2; exit 2; }
out=$1 b=${BUILD:-build}
sizes=${SIZES:-"262144x64 1000000x16 1048576x16 65536x256 4194304x4 16777216x1 19683x852 16807x998 15625x1073 3072x5461 1000x16384"}
mkdir -p "$out"
csv=$out/rows.csv log=$out/log.txt tunes=$out/tune.txt tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$csv"; : >"$log"; : >"$tunes"
t0=$SECONDS
row() { # LABEL PROGRAM ARGS...
    local label=$1 s=$SECONDS rc
    shift
    timeout -k 5 300 "$@" --format csv >"$tmp/row" 2>"$tmp/err" </dev/null
    rc=$?
    echo "[$((SECONDS - t0))s] $label: $* -> exit $rc, $((SECONDS - s))s" >>"$log"
    [ "$rc" -eq 0 ] || { tail -n 4 "$tmp/err" | sed 's/^/    /' >>"$log"; return; }
    if grep -q '^tune ' "$tmp/err"; then
        { echo "== $label"; grep -A 20 "^tune " "$tmp/err" | grep -v "^PASS\|^FAIL\|^verify"; } >>"$tunes"
    fi
    [ -s "$csv" ] || { printf 'label,'; head -n 1 "$tmp/row"; } >"$csv"
    tail -n +2 "$tmp/row" | sed "s|^|\"$label\",|" >>"$csv"
}
for nb in $sizes; do
    n=${nb%x*} batch=${nb#*x}
    row "06-$nb-default-1" "$b/06_mixed_radix" --size "$n" --batch "$batch"
    row "06-$nb-tune" "$b/06_mixed_radix" --size "$n" --batch "$batch" --tune
    row "vk-$nb-1" "$b/peer_vkfft" --size "$n" --batch "$batch"
    kept=$(sed -n "/^== 06-$nb-tune\$/,/^==/s/^tune     kept \([^ ]*\).*/\1/p" "$tunes" | head -n 1)
    [ -n "$kept" ] && row "06-$nb-shapes-$kept" "$b/06_mixed_radix" --size "$n" --batch "$batch" --shapes "$kept"
    row "06-$nb-default-2" "$b/06_mixed_radix" --size "$n" --batch "$batch"
    row "vk-$nb-2" "$b/peer_vkfft" --size "$n" --batch "$batch"
done
echo "done in $((SECONDS - t0))s" >>"$log"
