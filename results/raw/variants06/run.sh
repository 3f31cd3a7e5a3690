#!/usr/bin/env bash
# One-off (lesson 06, "Measured"): every variant of chapter 06 and the OpenCL peers (and
# FFTW on the CPU) at four sizes that tell the variants apart: one pass (1000), two passes
# (10^6), a row in parts (16384) and an odd size (3^9); on the GPU also 3^8 (radix 9 in
# parts) and 5^6 (5 parts, 625 items), and cuFFT through bench/peer_cufft.py (CuPy, CUDA
# events) where CuPy is installed. Rounds interleaved, every row of
# ours verified against FFTW. Usage, from the repository root:
#   results/raw/variants06/run.sh OUT gpu    (on a machine with the H100: FFTLAB_DEVICE=nvidia, 2 rounds)
#   results/raw/variants06/run.sh OUT pocl   (pocl, 3 rounds, FFTW too, with 2 threads)
# ROUNDS overrides the rounds ("1 2"). The pocl rows of the lesson ran on the GPU host's
# CPU, quiet, pinned to two cores like the machine the project is graded on:
#   taskset -c 0,1 env POCL_MAX_PTHREAD_COUNT=2 FFTLAB_DEVICE=Portable \
#       ROUNDS="1 2" results/raw/variants06/run.sh OUT pocl
# BUILD (default build) holds 06_mixed_radix and the peers. Writes OUT/rows.csv (label
# first, then the --format csv columns) and OUT/log.txt (each command, exit, seconds).
set -uo pipefail
out=$1 mode=$2 b=${BUILD:-build}
mkdir -p "$out"
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu/gpu-rows.sh
ROW_TIMEOUT=120
if [ "$mode" = gpu ]; then
    export FFTLAB_DEVICE=nvidia
    sizes="1000/16384 1000000/16 16384/1024 19683/852 6561/2560 15625/1073" rounds="1 2"
    peers="peer_vkfft peer_clfft"
    python3 -c 'import cupy' 2>/dev/null && peers+=" peer_cufft"
else
    sizes="1000/1024 1000000/1 16384/64 19683/53" rounds="1 2 3" peers="peer_vkfft peer_clfft peer_fftw"
fi
rounds=${ROUNDS:-$rounds}
for round in $rounds; do
    for nb in $sizes; do
        n=${nb%/*} bt=${nb#*/}
        # variants that plan differently from stockham at this size
        case $n in
            1000|1000000) vs="stockham primes no_radix10 three_blocks simd" ;;
            16384) vs="stockham no_parts primes three_blocks simd" ;;
            19683) vs="stockham no_radix9 three_blocks simd" ;;
            6561) vs="stockham no_radix9 no_parts" ;;
            15625) vs="stockham no_parts" ;;
            *) vs="stockham three_blocks simd" ;;
        esac
        for v in $vs; do
            row "06-$v-${n}x$bt-$round" "$b/06_mixed_radix" --size "$n" --batch "$bt" --variant "$v"
        done
        for p in $peers; do
            extra=()
            [ "$p" = peer_fftw ] && extra=(--threads 2)
            if [ "$p" = peer_cufft ]; then
                row "cufft-${n}x$bt-$round" python3 bench/peer_cufft.py --size "$n" --batch "$bt"
            else
                row "${p#peer_}-${n}x$bt-$round" "$b/$p" --size "$n" --batch "$bt" "${extra[@]}"
            fi
        done
    done
done
echo "done in $((SECONDS - t0))s" >>"$log"
