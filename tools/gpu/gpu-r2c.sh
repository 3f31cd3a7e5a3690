#!/usr/bin/env bash
# tools/gpu/gpu-r2c.sh OUT — chapter 09's R2C/C2R against this project's C2C of the same
# size and VkFFT's R2C, in one run on the chosen device (FFTLAB_DEVICE), timed as `make
# bench` times them (profiling events on every kernel of both sides; each row verified
# first). Two rounds, so the spread between rounds shows. Writes OUT/rows.csv (a first
# column `label`, then the chapters' --format csv columns) and OUT/log.txt (every command,
# its exit status and seconds). chapters/09_real_input/NOTES.md ("H100, 2026-11-23") comes
# from it:
#   FFTLAB_DEVICE=nvidia tools/gpu/gpu-r2c.sh OUT
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
[ $# -ge 1 ] || { echo "usage: tools/gpu/gpu-r2c.sh OUT" >&2; exit 2; }
out=$1 b=${BUILD:-build}
mkdir -p "$out"
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$csv"; : >"$log"
t0=$SECONDS
. tools/gpu/gpu-rows.sh   # row LABEL PROGRAM ARGS...
for round in 1 2; do
    row "r2c-2^20x16-column_pairs-$round" "$b/09_real_input" --size 2^20 --batch 16
    row "r2c-2^20x16-fused-$round" "$b/09_real_input" --size 2^20 --batch 16 --variant fused
    row "r2c-2^20x16-fused-1sweep-$round" env FFTLAB_PAIR_SWEEPS=1 "$b/09_real_input" --size 2^20 --batch 16 --variant fused
    row "r2c-2^20x16-twist-$round" "$b/09_real_input" --size 2^20 --batch 16 --variant twist
    row "c2c-2^20x16-06-$round" "$b/06_mixed_radix" --size 2^20 --batch 16
    row "vk-r2c-2^20x16-$round" "$b/peer_vkfft" --size 2^20 --batch 16 --real
    row "r2c-4096^2-fused-$round" "$b/09_real_input" --size 4096x4096 --variant fused
    row "r2c-4096^2-twist-$round" "$b/09_real_input" --size 4096x4096 --variant twist
    row "c2c-4096^2-07-$round" "$b/07_multidim" --size 4096x4096
    row "vk-r2c-4096^2-$round" "$b/peer_vkfft" --size 4096x4096 --real
done
row "c2r-2^20x16-fused" "$b/09_real_input" --size 2^20 --batch 16 --inverse --variant fused
row "c2r-2^20x16-twist" "$b/09_real_input" --size 2^20 --batch 16 --inverse --variant twist
row "vk-c2r-2^20x16" "$b/peer_vkfft" --size 2^20 --batch 16 --real --inverse
row "c2r-4096^2-fused" "$b/09_real_input" --size 4096x4096 --inverse --variant fused
row "vk-c2r-4096^2" "$b/peer_vkfft" --size 4096x4096 --real --inverse
echo "done in $((SECONDS - t0))s" >>"$log"
