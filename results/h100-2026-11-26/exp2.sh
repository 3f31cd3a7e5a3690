set -uo pipefail
out=$1 B=build-gpu
csv=$out/rows.csv log=$out/log.txt tmp=$(mktemp -d); : >"$csv"; : >"$log"; t0=$SECONDS
. tools/gpu-rows.sh; ROW_TIMEOUT=100; export FFTLAB_DEVICE=nvidia
for c in 15625:1073 16807:998 12500:1342 14000:1198 19683:852 6561:2560 5000:3355; do
  n=${c%:*} b=${c#*:}
  for wg in 256 512 1024; do row "06-$n-$b-wg$wg" $B/06_mixed_radix --size $n --batch $b --wg $wg; done
done
for c in 15625:1073 16807:998; do timeout 60 $B/06_mixed_radix --size ${c%:*} --batch ${c#*:} --wg 1024 --no-verify --explain >>$out/explain.txt 2>&1; done
echo "done $((SECONDS-t0))s" >>$log
