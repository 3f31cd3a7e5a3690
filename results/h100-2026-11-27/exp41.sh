#!/usr/bin/env bash
# Other two-pass splits of the multi-pass powers and 10^6 (FFTLAB_EXP_Q0=Q0, an experiment
# build: its planner takes Q0 x N/Q0, the pass of more than 1024 points with its columns
# in parts), against the default, same binary and call, verified, two rounds; per launch.
# Usage: results/h100-2026-11-27/exp41.sh OUT BUILD
set -uo pipefail
out=$1 B=$2
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=120; export FFTLAB_DEVICE=nvidia
cases="2^20:16:2048,512,256,4096 2^18:64:2048,128,1024,256 2^19:32:2048,256,1024 1000000:16:2000,500,4000 65536:256:512,1024,2048 2^21:8:512,2048 2^22:4:1024,4096"
rounds() {
  for c in $cases; do
    IFS=: read -r n b qs <<<"$c"
    row "def$1-$n-$b" $B/06_mixed_radix --size $n --batch $b
    for q in ${qs//,/ }; do FFTLAB_EXP_Q0=$q row "q$q.$1-$n-$b" $B/06_mixed_radix --size $n --batch $b; done
  done
}
rounds 1
for c in $cases; do
  IFS=: read -r n b qs <<<"$c"
  for q in 0 ${qs//,/ }; do
    echo "== $n x $b Q0=$q" >>"$out/explain.txt"
    FFTLAB_EXP_Q0=$q timeout 60 $B/06_mixed_radix --size $n --batch $b --no-verify --explain 2>&1 | grep -E "\] fft_.* ms|^time" >>"$out/explain.txt"
  done
done
rounds 2
echo "done $((SECONDS-t0))s" >>$log
