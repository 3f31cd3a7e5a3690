#!/usr/bin/env bash
# tools/gpu/gpu-tune.sh OUT — chapter 06 (or CHAPTER) with its default shapes, with --tune
# (each pass's group shape measured on the device, common/fft/tune.h) and with the kept
# shapes given back through --shapes, next to VkFFT, at the multi-pass sizes of the GPU
# bench sweep. Timed as `make bench` times them (profiling events on every kernel of both
# sides; every row of ours verified against FFTW first). Writes OUT/rows.csv (a first column
# `label`, then the chapters' --format csv columns), OUT/tune.txt (each --tune table: every
# candidate's time per pass) and OUT/log.txt (every command, its exit status and seconds).
# Lesson 06, "Measuring the shapes instead of guessing", comes from it:
#   FFTLAB_DEVICE=nvidia tools/gpu/gpu-tune.sh OUT
# SIZES (default: the sweep's multi-pass rows) is a list of SIZE/BATCH words, e.g.
# "65536/256"; CHAPTER=07_multidim with SIZES="4096x4096/1 1024x1024x16/1" does 07's shapes.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
[ $# -ge 1 ] || { echo "usage: tools/gpu/gpu-tune.sh OUT" >&2; exit 2; }
out=$1 b=${BUILD:-build}
sizes=${SIZES:-"262144/64 1000000/16 1048576/16 65536/256 4194304/4 16777216/1 19683/852 16807/998 15625/1073 3072/5461 1000/16384"}
ch=${CHAPTER:-06_mixed_radix}
tag=${ch%%_*}
mkdir -p "$out"
csv=$out/rows.csv log=$out/log.txt tunes=$out/tune.txt tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$csv"; : >"$log"; : >"$tunes"
t0=$SECONDS
. tools/gpu/gpu-rows.sh   # row LABEL PROGRAM ARGS... (300 s each: --tune builds up to 13 programs)
ROW_TIMEOUT=300
trow() { # row, and the --tune table of its run into tune.txt
    row "$@" || return
    if grep -q '^tune ' "$tmp/err"; then
        { echo "== $1"; grep -A 20 "^tune " "$tmp/err" | grep -v "^PASS\|^FAIL\|^verify"; } >>"$tunes"
    fi
}
for nb in $sizes; do
    n=${nb%/*} batch=${nb#*/} nb=${nb/\//x}
    row "$tag-$nb-default-1" "$b/$ch" --size "$n" --batch "$batch"
    trow "$tag-$nb-tune" "$b/$ch" --size "$n" --batch "$batch" --tune
    row "vk-$nb-1" "$b/peer_vkfft" --size "$n" --batch "$batch"
    kept=$(sed -n "/^== $tag-$nb-tune\$/,/^==/s/^tune     kept \([^ ]*\).*/\1/p" "$tunes" | head -n 1)
    [ -n "$kept" ] && row "$tag-$nb-shapes-$kept" "$b/$ch" --size "$n" --batch "$batch" --shapes "$kept"
    row "$tag-$nb-default-2" "$b/$ch" --size "$n" --batch "$batch"
    row "vk-$nb-2" "$b/peer_vkfft" --size "$n" --batch "$batch"
done
echo "done in $((SECONDS - t0))s" >>"$log"
