#!/usr/bin/env bash
# tools/gpu/gpu-limits.sh OUT — every chapter 01-09 at its largest accepted size (N x batch
# = 2^30 values, the most a chapter takes), verified against FFTW, on an NVIDIA machine: one
# run per GPU at a time, the GPUs taken in turn (4 GPUs: about 9 minutes; the runs need
# about 90 GiB of host memory each, so a host of 128 GiB runs one at a time whatever its
# GPUs). Then the host reference alone at 2^30 values (tools/gpu/reference-time.c, compiled
# here if missing). From the repository root after `make`, where the OpenCL loader sees the
# NVIDIA GPUs.
# Writes OUT/limits-summary.txt (a line per run: exit, seconds, verdict, peak host memory),
# OUT/laneG.log (each run's whole output on GPU G) and OUT/reference-time.txt.
# 06 and 09 (their shapes at the limit) and 10 (two GPUs, tools/mpirun.sh) are run by hand:
# chapters/06_mixed_radix/NOTES.md and chapters/10_distributed/NOTES.md say how.
set -u
out=${1:?usage: tools/gpu/gpu-limits.sh OUT}
B=${BUILD:-build}
mkdir -p "$out"
sum=$out/limits-summary.txt
: >"$sum"
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU') || ngpu=1
[ "$ngpu" -ge 1 ] || ngpu=1
mem=$(free -g | awk '/^Mem/ { print $2 }')
lanes=$(( mem / 110 )); [ "$lanes" -ge 1 ] || lanes=1; [ "$lanes" -le "$ngpu" ] || lanes=$ngpu
threads=$(( $(nproc) / lanes ))
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader >>"$sum" 2>&1
echo "host: $(nproc) cores, $mem GiB; $(date -u +%FT%TZ); build $(cat "$B/commit.txt" 2>/dev/null);" \
     "$lanes run(s) at a time, FFTW on $threads threads each" >>"$sum"
export FFTLAB_REFERENCE_THREADS=$threads
run() { # GPU LIMIT-SECONDS PROGRAM ARGS...
    local g=$1 lim=$2
    shift 2
    local log=$out/lane$g.log t0=$SECONDS rc
    echo "### $(date -u +%T) GPU $g: $* --repeat 2 --warmup 1" >>"$log"
    FFTLAB_DEVICE=0:$g /usr/bin/time -f 'maxrss %M KiB' timeout -k 5 "$lim" "$@" --repeat 2 --warmup 1 >>"$log" 2>&1
    rc=$?
    echo "### exit $rc, $((SECONDS - t0)) s" >>"$log"
    printf 'GPU %d %-48s exit %3d  %4d s  %s  %s\n' "$g" "$*" "$rc" "$((SECONDS - t0))" \
        "$(grep -E '^(PASS|FAIL)' "$log" | tail -n 1 | cut -c1-60)" "$(grep maxrss "$log" | tail -n 1)" >>"$sum"
}
runs=("07_multidim --size 8192x8192 --batch 16" "08_bluestein --size 2^24 --batch 32"
      "05_register_radix --size 2^26 --batch 16" "02_radix2 --size 2^20 --batch 1024"
      "01_dft --size 4096 --batch 2^18" "03_local_memory --size 2^20 --batch 1024"
      "04_coalescing --size 2^20 --batch 1024")
for ((g = 0; g < lanes; g++)); do
    (
        for ((i = g; i < ${#runs[@]}; i += lanes)); do
            # shellcheck disable=SC2086  # the run's words are its program and arguments
            run "$g" 300 $B/${runs[$i]}
        done
    ) &
done
wait
[ -x "$B/reference-time" ] ||
    cc -O2 -o "$B/reference-time" tools/gpu/reference-time.c "$B/common/reference.o" \
       -lfftw3l_threads -lfftw3l -lfftw3_threads -lfftw3 -lm -lpthread
{ echo "### the reference alone (tools/gpu/reference-time.c), 2^30 values"
  timeout -k 5 250 "$B/reference-time" 1024 1048576 double; } >"$out/reference-time.txt" 2>&1
echo "done $(date -u +%T)" >>"$sum"
