#!/usr/bin/env python3
"""exp38/ncu.csv (Nsight Compute, one row per kernel and metric) as one line per kernel:
its launch number, name, block and grid, registers, shared memory a block, blocks an SM
may hold (registers / shared memory), time at the profiler's clocks, DRAM bytes.
Usage: results/h100-2026-11-27/exp38/summary.py results/h100-2026-11-27/exp38/ncu.csv"""
import collections
import csv
import sys

lines = open(sys.argv[1]).read().splitlines()
start = next(i for i, line in enumerate(lines) if line.startswith('"ID"'))
kernels = collections.OrderedDict()
for r in csv.DictReader(lines[start:]):
    key = (int(r["ID"]), r["Kernel Name"].split("(")[0][:48], r["Block Size"], r["Grid Size"])
    kernels.setdefault(key, {})[r["Metric Name"]] = r["Metric Value"].replace(",", "")
for (kid, name, block, grid), m in kernels.items():
    smem = int(m["launch__shared_mem_per_block_static"]) + int(m["launch__shared_mem_per_block_dynamic"])
    print(f"{kid:2d} {name:48s} block {block:12s} grid {grid:14s} regs {m['launch__registers_per_thread']:>3s} "
          f"smem {smem:6d} B  per SM {m['launch__occupancy_limit_registers']}/{m['launch__occupancy_limit_shared_mem']}  "
          f"{int(m['gpu__time_duration.sum']) / 1e6:.4f} ms  read {int(m['dram__bytes_read.sum']) / 1e6:.0f} MB "
          f"write {int(m['dram__bytes_write.sum']) / 1e6:.0f} MB")
