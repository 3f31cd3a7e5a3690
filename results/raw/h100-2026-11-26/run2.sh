#!/usr/bin/env bash
# The 06-09 table (against VkFFT and cuFFT, README.md) re-measured in one device call
# after exchanging in halves (lesson 06, "Exchanging in halves"; before it: run.sh,
# final/), the radix-9 block, the larger row-in-parts groups (lesson 06) and 08's middle
# pass (lesson 08):
# each chapter's default (profiling events on every launch), VkFFT through
# build/peer_vkfft (events on every kernel it enqueues), cuFFT through
# bench/peer_cufft.py (CuPy, CUDA events around every call), all verified; 06's 3^a cases
# 19683 also with --variant no_parts (its two passes, the default before halves), 08's
# two-pass cases also with --variant fused_passes, in the same call; 13122 x 1278 (2 parts
# in halves) against no_parts too; then 06's
# per-launch times at 2^18-2^24 (the passes' share of the copy kernel) and --explain of
# the cases furthest behind.
# Usage (on the GPU machine): results/raw/h100-2026-11-26/run2.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
: >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu/gpu-rows.sh
ROW_TIMEOUT=150
export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$out/gpu.txt" 2>&1
cases="06:6561:2560 06:19683:852 06:15625:1073 06:16807:998 06:2401:7000
06:1024:16384 06:16384:1024 06:65536:256 06:2^18:64 06:2^20:16 06:2^22:4 06:2^24:1
06:1000000:16 08:1009:16384 08:4099:4096 08:65521:256
07:4096x4096:1 07:3000x2048:2 07:96x96x96:16 09:2^20:16 09:256x256x256:1"
declare -A prog=([06]=06_mixed_radix [07]=07_multidim [08]=08_bluestein [09]=09_real_input)
for c in $cases; do
    IFS=: read -r ch n b <<<"$c"
    real=(); [ "$ch" = 09 ] && real=(--real)
    row "$ch-$n-$b" "$B/${prog[$ch]}" --size "$n" --batch "$b"
    case $n in 19683) row "06np-$n-$b" "$B/06_mixed_radix" --variant no_parts --size "$n" --batch "$b" ;; esac
    case $n in 4099|65521) row "08fp-$n-$b" "$B/08_bluestein" --variant fused_passes --size "$n" --batch "$b" ;; esac
    row "vk-$n-$b" "$B/peer_vkfft" --size "$n" --batch "$b" "${real[@]}"
done
row "06-13122-1278" "$B/06_mixed_radix" --size 13122 --batch 1278
row "06np-13122-1278" "$B/06_mixed_radix" --variant no_parts --size 13122 --batch 1278
cu=""
for c in $cases; do
    IFS=: read -r ch n b <<<"$c"
    shape=${n//x/,}; [ "$ch" = 09 ] && shape="r:$shape"
    cu+=" ${shape}x$b"
done
s=$SECONDS
timeout -k 5 240 python3 bench/peer_cufft.py --cases "$cu" >"$out/cufft.csv" 2>"$out/cufft.err"
echo "[$((SECONDS - t0))s] cufft: exit $?, $((SECONDS - s))s" >>"$log"
for c in 2^18:64 2^20:16 2^22:4 2^24:1; do
    timeout 60 "$B/06_mixed_radix" --size "${c%:*}" --batch "${c#*:}" --no-verify >>"$out/passes.txt" 2>&1
done
for c in 06_mixed_radix:19683:852 06_mixed_radix:6561:2560 06_mixed_radix:15625:1073 06_mixed_radix:16807:998 \
         08_bluestein:65521:256 08_bluestein:4099:4096 07_multidim:3000x2048:2; do
    IFS=: read -r p n b <<<"$c"
    timeout 60 "$B/$p" --size "$n" --batch "$b" --no-verify --explain >>"$out/explain.txt" 2>&1
done
echo "done in $((SECONDS - t0))s" >>"$log"
