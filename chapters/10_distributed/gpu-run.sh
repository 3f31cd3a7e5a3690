#!/usr/bin/env bash
# chapters/10_distributed/gpu-run.sh BEFORE AFTER OUT — issue 45's measurement on a machine
# with two GPUs, in one call (about 5-8 minutes), from the repository root after
# `source .gpu/on-device.sh` (MPIRUN, OPAL_PREFIX):
#   BEFORE  a build folder of the chapter before issue 45 (its kernels/ beside it: the
#           program reads BEFORE/../kernels), e.g. before/build
#   AFTER   this build folder, e.g. build (07_multidim and 10_distributed)
#   OUT     where the files go (at most 8): before.csv after.csv 07.csv explain-gpu.txt
#           stderr.txt big.txt; chapters/10_distributed/gpu-table.sh OUT makes the lesson's
#           table from them.
# The most valuable runs first, the 1024^3 one last under its own time limit, so that a
# run cut short still leaves the rest. FFTW-MPI verifies every run of AFTER; BEFORE was
# verified on 2026-11-27 (issue 45) and is timed only.
set -u
before=${1:?usage: gpu-run.sh BEFORE AFTER OUT}
after=${2:?usage: gpu-run.sh BEFORE AFTER OUT}
out=${3:?usage: gpu-run.sh BEFORE AFTER OUT}
mkdir -p "$out"
export FFTLAB_DEVICE=${FFTLAB_DEVICE:-nvidia}
export FFTLAB_MPIRUN_ARGS=${FFTLAB_MPIRUN_ARGS:---mca btl self,vader}
R=tools/mpirun.sh
err=$out/stderr.txt
# (GPU_RUN_SHAPES, GPU_RUN_BIG and GPU_RUN_EXPLAIN: smaller shapes for a smoke test on pocl)
shapes=${GPU_RUN_SHAPES:-4096x4096 256x256x256 8192x8192 512x512x512}
big=${GPU_RUN_BIG:-1024x1024x1024}
explain=${GPU_RUN_EXPLAIN:-4096x4096 512x512x512}
first=${explain%% *}
run() { # FILE LIMIT-SECONDS COMMAND...: stdout appended to FILE, stderr to stderr.txt
    local file=$1 limit=$2
    shift 2
    echo "### $(date -u +%T) $*" >>"$err"
    timeout "$limit" "$@" >>"$file" 2>>"$err"
    echo "### exit $?" >>"$err"
}
nvidia-smi topo -m >"$out/big.txt" 2>&1
# 1. after: P = 2 (one rank per GPU) and P = 1, verified, timed
for s in $shapes; do
    for p in 2 1; do
        run "$out/after.csv" 150 $R -n $p "$after/10_distributed" --size $s --repeat 5 --format csv
    done
done
# 2. the phases and the link (pinned vs pageable), as text
for s in $explain; do
    run "$out/explain-gpu.txt" 120 $R -n 2 "$after/10_distributed" --size $s --explain --repeat 5 --no-verify
done
run "$out/explain-gpu.txt" 120 $R -n 1 "$after/10_distributed" --size $first --explain --repeat 5 --no-verify
# the exchange unchunked (--chunks 1), against the default above
for s in $explain; do
    run "$out/explain-gpu.txt" 120 $R -n 2 "$after/10_distributed" --size $s --chunks 1 --repeat 5 --no-verify
done
# 3. 07 on one GPU, the same shapes (it refuses 512^3: more than 2^26 points)
for s in $shapes; do
    run "$out/07.csv" 120 "$after/07_multidim" --size $s --format csv
done
# 4. before: P = 1 and P = 2, timed only
for s in $shapes; do
    for p in 2 1; do
        run "$out/before.csv" 150 $R -n $p "$before/10_distributed" --size $s --repeat 3 --warmup 1 --no-verify --format csv
    done
done
# 5. 1024^3 on two GPUs (2^29 fp32 values, 4 GiB, per rank), verified against FFTW-MPI
run "$out/after.csv" 330 $R -n 2 "$after/10_distributed" --size $big --repeat 2 --warmup 1 --format csv
echo "### done $(date -u +%T)" >>"$err"
