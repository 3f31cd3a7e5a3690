#!/usr/bin/env bash
# Issue 29's table re-measured in one device call after 06's last pass in parts and 08's
# first launch in its own groups (lessons 06 and 08; before them: ../h100-2026-11-26d/run.sh):
# each chapter's default (profiling events on every launch), VkFFT through
# build/peer_vkfft (events on every kernel it enqueues), cuFFT through
# bench/peer_cufft.py (CuPy, CUDA events around every call), all verified; the cases the
# changes move also by the build before them (OLD_BUILD), in the same call, and the sizes
# they move that the table lacks (2^21, 3 x 2^19), with VkFFT and cuFFT.
# Usage (on the GPU machine): results/h100-2026-11-26f/run.sh OUT [BUILD [OLD_BUILD]]
set -uo pipefail
out=$1 B=${2:-build} O=${3:-}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
: >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh
ROW_TIMEOUT=150
export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$out/gpu.txt" 2>&1
cases="06:6561:2560 06:19683:852 06:15625:1073 06:16807:998 06:2401:7000
06:1024:16384 06:16384:1024 06:65536:256 06:2^18:64 06:2^20:16 06:2^22:4 06:2^24:1
06:1000000:16 08:1009:16384 08:4099:4096 08:65521:256
07:4096x4096:1 07:3000x2048:2 07:96x96x96:16 09:2^20:16 09:256x256x256:1
06:2^21:8 06:1572864:8"
declare -A prog=([06]=06_mixed_radix [07]=07_multidim [08]=08_bluestein [09]=09_real_input)
for c in $cases; do
    IFS=: read -r ch n b <<<"$c"
    real=(); [ "$ch" = 09 ] && real=(--real)
    row "$ch-$n-$b" "$B/${prog[$ch]}" --size "$n" --batch "$b"
    case $ch:$n in 06:2^21|06:2^22|06:1572864|08:65521|08:4099)
        [ -n "$O" ] && row "${ch}old-$n-$b" "$O/${prog[$ch]}" --size "$n" --batch "$b" ;; esac
    row "vk-$n-$b" "$B/peer_vkfft" --size "$n" --batch "$b" "${real[@]}"
done
cu=""
for c in $cases; do
    IFS=: read -r ch n b <<<"$c"
    shape=${n//x/,}; [ "$ch" = 09 ] && shape="r:$shape"
    cu+=" ${shape}x$b"
done
s=$SECONDS
timeout -k 5 240 python3 bench/peer_cufft.py --cases "$cu" >"$out/cufft.csv" 2>"$out/cufft.err"
echo "[$((SECONDS - t0))s] cufft: exit $?, $((SECONDS - s))s" >>"$log"
echo "done in $((SECONDS - t0))s" >>"$log"
