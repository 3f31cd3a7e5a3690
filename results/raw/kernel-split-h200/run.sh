#!/usr/bin/env bash
# The kernel split's before/after (README.md): each case run by 792f8df's build
# (gpu-before/build, its kernels gpu-before/kernels) and by this build, interleaved (the
# order flips every case), verified.
# Usage: results/raw/kernel-split-h200/run.sh OUT PART
#   (PART 1: the 06-09 table's rows + 05/06 bench sizes; PART 2: 07/08/09 bench columns)
set -uo pipefail
out=$1 part=$2
csv=$out/rows$part.csv log=$out/log$part.txt tmp=$(mktemp -d)
: >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu/gpu-rows.sh
ROW_TIMEOUT=120
export FFTLAB_DEVICE=nvidia
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$out/gpu$part.txt" 2>&1
declare -A prog=([05]=05_register_radix [06]=06_mixed_radix [07]=07_multidim [08]=08_bluestein [09]=09_real_input)
sizes="1024:16384 4096:4096 16384:1024 65536:256 2^18:64 2^20:16 2^22:4 2^24:1"
if [ "$part" = 1 ]; then
cases="06:6561:2560 06:19683:852 06:15625:1073 06:16807:998 06:2401:7000
06:1024:16384 06:16384:1024 06:65536:256 06:2^18:64 06:2^20:16 06:2^22:4 06:2^24:1
06:1000000:16 08:1009:16384 08:4099:4096 08:65521:256
07:4096x4096:1 07:3000x2048:2 07:96x96x96:16 09:2^20:16 09:256x256x256:1
06:2^21:8 06:1572864:8 09:512x512x64:1 06:4096:4096 06:1000:16384 06:3072:5461"
for s in $sizes; do cases+=" 05:$s"; done
else
cases="07:1024x1024:16 07:1000x1000:16 07:256x256x256:1 07:512x512x64:1 07:128x128x128:8 09:4096x4096:1
08:1000:16384 08:3072:5461 08:19683:852 08:15625:1073 08:16807:998 08:1000000:16"
for s in $sizes; do cases+=" 07:$s 08:$s"; done
fi
i=0
for c in $cases; do
    IFS=: read -r ch n b <<<"$c"
    before() { row "before-$ch-$n-$b" "gpu-before/build/${prog[$ch]}" --kernels gpu-before/kernels --size "$n" --batch "$b"; }
    after() { row "after-$ch-$n-$b" "build/${prog[$ch]}" --size "$n" --batch "$b"; }
    if [ $((i % 2)) = 0 ]; then before; after; else after; before; fi
    i=$((i + 1))
    [ $((SECONDS - t0)) -lt 540 ] || { echo "stopped at 540 s before $c" >>"$log"; break; }
done
echo "done in $((SECONDS - t0))s" >>"$log"
