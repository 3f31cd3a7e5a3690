#!/usr/bin/env bash
# What cuFFT launches for issue 29's cases: each kernel's grid, block, registers, shared
# memory (static, dynamic) and time, by NVIDIA Nsight Compute (ncu) on one call a case.
# Usage: results/h100-2026-11-27/exp38.sh OUT
set -uo pipefail
out=$1
m=launch__grid_size,launch__block_size,launch__registers_per_thread,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,launch__occupancy_limit_warps,launch__waves_per_multiprocessor,gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__warps_active.avg.pct_of_peak_sustained_active
cases="19683x852 15625x1073 16807x998 6561x2560 2401x7000 65521x256 2^20x16 2^24x1 2^18x64 1024x16384 3000,2048x2 96,96,96x16"
timeout -k 5 400 /usr/local/cuda/bin/ncu --csv --metrics $m python3 results/h100-2026-11-27/cufft_once.py $cases >"$out/ncu.csv" 2>"$out/ncu.err"
echo "ncu exit $?" >>"$out/ncu.err"
