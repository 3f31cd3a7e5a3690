#!/usr/bin/env bash
# Issue 29's table re-measured in one device call after 09's padded rows (lesson 09; before
# them: ../h100-2026-11-26f/run.sh):
# each chapter's default (profiling events on every launch), VkFFT through
# build/peer_vkfft (events on every kernel it enqueues), cuFFT through
# bench/peer_cufft.py (CuPy, CUDA events around every call), all verified; the cases the
# change moves also as before it, in the same call: 09 with FFTLAB_R2C_PAD=0, 07 with the
# kernel file before it (OLD_07_KERNELS, through --kernels), and R2C 512 x 512 x 64.
# Usage (on the GPU machine): results/h100-2026-11-26g/run.sh OUT [BUILD [OLD_07_KERNELS]]
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
06:2^21:8 06:1572864:8 09:512x512x64:1"
declare -A prog=([06]=06_mixed_radix [07]=07_multidim [08]=08_bluestein [09]=09_real_input)
for c in $cases; do
    IFS=: read -r ch n b <<<"$c"
    real=(); [ "$ch" = 09 ] && real=(--real)
    row "$ch-$n-$b" "$B/${prog[$ch]}" --size "$n" --batch "$b"
    case $ch in
        07) [ -n "$O" ] && row "07old-$n-$b" "$B/${prog[$ch]}" --size "$n" --batch "$b" --kernels "$O" ;;
        09) FFTLAB_R2C_PAD=0 row "09old-$n-$b" "$B/${prog[$ch]}" --size "$n" --batch "$b" ;;
    esac
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
