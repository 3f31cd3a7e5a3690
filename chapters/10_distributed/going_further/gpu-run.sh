#!/usr/bin/env bash
# chapters/10_distributed/going_further/gpu-run.sh BEFORE AFTER OUT — the lesson's GPU
# measurement on a machine with two GPUs, in one call (about 10 minutes; 8.5 with
# GPU_RUN_SKIP="before 07", 5 of them before the 1024^3 run), from the repository root.
# tools/mpirun.sh runs `mpirun` from PATH, or MPIRUN where that is set (an MPI installed
# elsewhere may also need OPAL_PREFIX set to its prefix):
#   BEFORE  a build folder of an earlier version of the chapter, to compare with (its
#           kernels/ beside it: the program reads BEFORE/../kernels), e.g. before/build
#   AFTER   this build folder, e.g. build (07_multidim and 10_distributed)
#   OUT     where the files go (at most 9): before.csv after.csv transport.csv 07.csv
#           explain-gpu.txt stderr.txt big.txt; going_further/gpu-table.sh OUT
#           makes the lesson's tables from them.
# GPU_RUN_SKIP="before 07" leaves out the runs of BEFORE and of 07 (copy an earlier run's
# before.csv and 07.csv into OUT for the table instead); "big" leaves out the 1024^3 run.
# The most valuable runs first, the 1024^3 one last under its own time limit, so that a
# run cut short still leaves the rest. FFTW-MPI verifies every run of AFTER in after.csv;
# BEFORE is timed only; the transports' runs
# (transport.csv) are timed only (the tests check that every transport gives the same bits).
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
skip=" ${GPU_RUN_SKIP:-} "
first=${explain%% *}
run() { # FILE LIMIT-SECONDS COMMAND...: stdout appended to FILE, stderr to stderr.txt
    local file=$1 limit=$2
    shift 2
    echo "### $(date -u +%T) $*" >>"$err"
    timeout "$limit" "$@" >>"$file" 2>>"$err"
    echo "### exit $?" >>"$err"
}
nvidia-smi topo -m >"$out/big.txt" 2>&1
nproc >>"$out/big.txt"
# 1. after: P = 2 (one rank per GPU; the default transport, shm with --shm-copy zerocopy
#    where the driver wraps the window, else cma: explain-gpu.txt's "transport" line says)
#    and P = 1, verified, timed
for s in $shapes; do
    for p in 2 1; do
        run "$out/after.csv" 150 $R -n $p "$after/10_distributed" --size $s --repeat 5 --format csv
    done
done
# 2. the transports at P = 2, timed: the lesson's textbook exchange (--transport alltoall:
#    the whole send buffer to the host, one MPI_Alltoall, the whole receive buffer back),
#    MPI_Isend/Irecv against shm (the default, zerocopy:
#    no host copy, the devices copy into and out of the window's slots; and with smaller
#    chunks, --chunks 64; cma: one copy by process_vm_readv where the kernel lets a rank
#    read another's memory, on 8 threads; window: two copies through the shared window;
#    direct: host -> device straight from the window). As many runs as before zerocopy:
#    the copy-thread rows went (section 9 of NOTES.md has them).
for s in $explain; do
    for t in "--transport alltoall" "--transport mpi" "--transport shm" "--shm-copy zerocopy --chunks 64" \
             "--shm-copy cma" "--shm-copy window" "--shm-copy direct"; do
        run "$out/transport.csv" 60 $R -n 2 "$after/10_distributed" --size $s $t --repeat 5 --no-verify --format csv
    done
done
# 3. the phases and the link (pinned, pageable, malloc wrapped, the window's slots), as text
for s in $explain; do
    run "$out/explain-gpu.txt" 120 $R -n 2 "$after/10_distributed" --size $s --explain --repeat 5 --no-verify
done
run "$out/explain-gpu.txt" 120 $R -n 2 "$after/10_distributed" --size $first --transport mpi --repeat 5 --no-verify
run "$out/explain-gpu.txt" 120 $R -n 1 "$after/10_distributed" --size $first --explain --repeat 5 --no-verify
# the exchange unchunked (--chunks 1), against the default above
for s in $explain; do
    run "$out/explain-gpu.txt" 120 $R -n 2 "$after/10_distributed" --size $s --chunks 1 --repeat 5 --no-verify
done
# 4. 07 on one GPU, the same shapes (it refuses 512^3: more than 2^26 points)
case $skip in *" 07 "*) ;; *)
    for s in $shapes; do
        run "$out/07.csv" 120 "$after/07_multidim" --size $s --format csv
    done ;;
esac
# 5. before: P = 1 and P = 2, timed only
case $skip in *" before "*) ;; *)
    for s in $shapes; do
        for p in 2 1; do
            run "$out/before.csv" 150 $R -n $p "$before/10_distributed" --size $s --repeat 3 --warmup 1 --no-verify --format csv
        done
    done ;;
esac
# 6. 1024^3 on two GPUs (2^29 fp32 values, 4 GiB, per rank), verified against FFTW-MPI
case $skip in *" big "*) ;; *)
    run "$out/after.csv" 270 $R -n 2 "$after/10_distributed" --size $big --repeat 2 --warmup 1 --format csv ;;
esac
echo "### done $(date -u +%T)" >>"$err"
