#!/usr/bin/env bash
# 08 by Rader, second round: rader_fused with reqd_work_group_size (the registers of its
# own group size, not a 1024-item group's), the permutation through local memory (the
# default kernel then) against straight from global memory (by --kernels: the kernel
# file as kept, kernels/08_bluestein.cl of commit cf98036; write it to $G first,
# `git show cf98036:kernels/08_bluestein.cl > results/h100-2026-11-26/exp10/08_bluestein_global_perm.cl`); 1009, 2017, 4001 against --variant no_rader (Bluestein), 1009 also at
# --wg 64; NVIDIA's register report for both kernels at 1009. All verified.
# Usage (GPU machine): results/h100-2026-11-26/exp10.sh OUT [BUILD]
set -uo pipefail
out=$1 B=${2:-build}
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
G=results/h100-2026-11-26/exp10/08_bluestein_global_perm.cl
[ -f "$G" ] || { echo "exp10: write $G first (see above)" >&2; exit 2; }
for c in 1009:16384 2017:8192 4001:4096; do
  n=${c%:*} b=${c#*:}
  row "08-$n-$b" $B/08_bluestein --size $n --batch $b
  row "08g-$n-$b" $B/08_bluestein --kernels $G --size $n --batch $b
  row "08nr-$n-$b" $B/08_bluestein --variant no_rader --size $n --batch $b
done
row "08-1009-16384-wg64" $B/08_bluestein --size 1009 --batch 16384 --wg 64
row "08g-1009-16384-wg64" $B/08_bluestein --kernels $G --size 1009 --batch 16384 --wg 64
for k in "" "--kernels $G"; do
  FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 timeout 60 $B/08_bluestein $k --size 1009 \
    --batch 16384 --no-verify 2>&1 | grep -E "kernels |ptxas|time " >>"$out/regs.txt"
done
FFTLAB_BUILD_OPTIONS=-cl-nv-verbose FFTLAB_BUILD_LOG=1 timeout 60 $B/08_bluestein --variant no_rader \
    --size 1009 --batch 16384 --no-verify 2>&1 | grep -E "kernels |ptxas|time " >>"$out/regs.txt"
echo "done $((SECONDS-t0))s" >>$log
