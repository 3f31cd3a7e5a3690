#!/usr/bin/env bash
# The 06-09 table (against VkFFT and cuFFT, README.md) re-measured in one device call at the
# code of this session's start (913d00c: the column passes' loads and stores from
# 06_passes.cl, untimed until now):
# each chapter's default (profiling events on every launch), VkFFT through
# build/peer_vkfft (events on every kernel it enqueues), cuFFT through
# bench/peer_cufft.py (CuPy, CUDA events around every call), all verified.
# The case list is ../h100-2026-11-26g/run.sh's (the table's rows, then three beside it).
# Usage (on the GPU machine): results/raw/h100-2026-11-27/run.sh OUT [BUILD]
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
07:4096x4096:1 07:3000x2048:2 07:96x96x96:16 09:2^20:16 09:256x256x256:1
06:2^21:8 06:1572864:8 09:512x512x64:1"
declare -A prog=([06]=06_mixed_radix [07]=07_multidim [08]=08_bluestein [09]=09_real_input)
for c in $cases; do
    IFS=: read -r ch n b <<<"$c"
    real=(); [ "$ch" = 09 ] && real=(--real)
    row "$ch-$n-$b" "$B/${prog[$ch]}" --size "$n" --batch "$b"
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
