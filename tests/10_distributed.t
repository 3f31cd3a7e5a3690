#!/usr/bin/env bash
# 10_distributed under MPI (tools/mpirun.sh: --oversubscribe, --bind-to none, root allowed;
# one pocl thread per rank on this 2-core machine): P = 1, 2, 3, 4 ranks, 2-D and 3-D,
# batches, both directions, double, --natural; --explain's slabs, exchange sizes and plan;
# timing phases and the CSV row; the transports (shm's zerocopy, cma, window, direct; mpi)
# bit for bit; two pocl devices
# (rank d -> device d); wrong kernels
# caught (unwritten values, writes before and past the send buffer, a bug on one rank
# only); ranks given different options (the A : B form) refused at once; the
# exercise composed into the kernel file (--variant exchange_map --exercise); and the
# failures: a size P does not divide, 1-D, no platform on every rank or on one, a device
# that matches nothing, a build error on one rank — all ranks stop with one message and the
# same exit status, well within the timeout (never a hang).
# The slow set (FFTLAB_SLOW_TESTS=1) adds P=2 64x48 x batch 3, P=3 12x12 --natural (shm's
# zerocopy and cma, and mpi, bit for bit), (since 2026-11-26 (night)) P=1 64x48 under
# mpirun, and one rank's 2-D outer axis in two passes; each case there names the fast case
# that takes its path (tests/NOTES.md too).
. "$(dirname "$0")/lib.sh"
need_mpi_binary 10_distributed
M=$BUILD/10_distributed
R=tools/mpirun.sh
USAGE='^FAIL \(usage, exit 2\): '
OPENCL='^FAIL \(opencl, exit 3\): '
T=60   # seconds any run may take; the failures must end much sooner (--max-seconds)

# Rank 1 with options or an environment of its own: mpirun's A : B form where this MPI can
# launch it, else one launch of two ranks, each starting its own command (tests/mpmd.sh:
# Open MPI 5.0.7's A : B crashes).
. "$(dirname "$0")/mpmd.sh"
# two_ranks NAME STATUS PATTERN [run_case options] -- RANK-0 COMMAND : RANK-1 COMMAND
two_ranks() {
    local name=$1 status=$2 pat=$3 opts=()
    shift 3
    while [ "$1" != -- ]; do opts+=("$1"); shift; done
    shift
    two_ranks_cmd "$@"
    run_case "$name" "$status" "$pat" "${opts[@]}" -- "${TWO_RANKS[@]}"
}

# tools/mpirun.sh leaves TCP out on one host (Open MPI 5's TCP transport warns where there
# is only loopback; shared memory carries everything), never where hosts are named or
# OMPI_MCA_btl is set already: shown with a stand-in mpirun that prints what it was given.
printf '#!/bin/sh\necho "btl=${OMPI_MCA_btl-unset} args=$*"\n' >"$TMP/fake-mpirun"
chmod +x "$TMP/fake-mpirun"
run_case "mpirun.sh on one host: OMPI_MCA_btl=^tcp" 0 '' --stdout-has '^btl=\^tcp args=.* -n 2 x$' \
    -- env -u OMPI_MCA_btl MPIRUN="$TMP/fake-mpirun" tools/mpirun.sh -n 2 x
run_case "mpirun.sh with --host: TCP stays" 0 '' --stdout-has '^btl=unset args=' \
    -- env -u OMPI_MCA_btl MPIRUN="$TMP/fake-mpirun" tools/mpirun.sh --host a,b -n 2 x
run_case "mpirun.sh with OMPI_MCA_btl set: kept" 0 '' --stdout-has '^btl=self,vader args=' \
    -- env OMPI_MCA_btl=self,vader MPIRUN="$TMP/fake-mpirun" tools/mpirun.sh -n 2 x

# pocl's CPU driver as POCL_DEVICES names it: pthread in pocl 3, cpu from pocl 5 on
POCL_CPU=pthread
[ "$(POCL_DEVICES='cpu cpu' "$M" --list-devices 2>/dev/null | grep -c -- '--device 0:')" = 2 ] && POCL_CPU=cpu

# Correct results.
# (P=1 under mpirun: slow set since 2026-11-26 (night); one rank, its local transpose and
# 'verify serial', runs fast by "no mpirun: one rank (MPI singleton)" below; mpirun's -n 1
# by the "A : B" cases)
slow_case "P=1 64x48 (one rank: the transpose is a local one)" 0 '^PASS$' --timeout $T \
    --has 'ranks +1 MPI process' --has 'verify +serial .* ok' \
    -- $R -n 1 "$M" --size 64x48 --repeat 0
run_case "P=2 64x48: each rank half the rows, then half the columns" 0 '^PASS$' --timeout $T \
    --has 'rank 0 +y \[0, 32\) of 64, x whole -> x \[0, 24\) of 48, y whole: its values ok' \
    --has 'rank 1 +y \[32, 64\) of 64, x whole -> x \[24, 48\) of 48, y whole: its values ok' \
    --has 'verify +random .* ok' --has 'verify +serial .* ok' --has 'verify +tone@\(17,13\) .* ok' \
    --has 'verify +roundtrip .* ok' -- $R -n 2 "$M" --size 64x48 --repeat 0
run_case "P=2 16x12x20 (3-D: z slabs, then y slabs), unchunked" 0 '^PASS$' --timeout $T \
    --has 'rank 1 +z \[8, 16\) of 16, y, x whole -> y \[6, 12\) of 12, z, x whole' \
    --has 'in 1 chunk of 7.5 KiB per peer' --has '^digest ' \
    -- $R -n 2 "$M" --size 16x12x20 --repeat 0 --chunks 1 --explain
digest1=$(sed -n 's/^digest .*: //p' "$RC_OUT")
# The exchange in chunks (device -> host of one while the one before is in MPI and the one
# before that goes host -> device) moves each value along the same path: the output must be
# the same bits as unchunked, here in 3 uneven chunks (320 values per peer: 106, 107, 107).
run_case "P=2 16x12x20 in 3 chunks: the same bits as unchunked" 0 '^PASS$' --timeout $T \
    --has 'in 3 chunks of 2.5 KiB per peer' --has '^digest ' \
    -- $R -n 2 "$M" --size 16x12x20 --repeat 0 --chunks 3 --explain
digest3=$(sed -n 's/^digest .*: //p' "$RC_OUT")
[ -n "$digest1" ] && [ "$digest1" = "$digest3" ]
ok $? "chunked and unchunked exchanges agree bit for bit ($digest1 = $digest3)"
# The transports (--transport): the runs above went through shm (the default on one node;
# --shm-copy zerocopy, the devices copying straight into and out of the window's slots);
# MPI_Isend/MPI_Irecv must give the same bits, and so must shm's other ways: window (two
# copies through the shared window's slots; here by the fallback a refused cma takes) and
# direct (host -> device straight from the sender's slot), on 2 copy threads, in 9 chunks
# (the ring of 4 slots wraps twice; the round trip's exchange continues the count).
run_case "P=2 16x12x20 --transport mpi: the same bits as shm" 0 '^PASS$' --timeout $T \
    --has '^transport mpi: MPI_Isend/MPI_Irecv' --has '^    MPI \(wait\) +[0-9.]+' \
    --has '^digest ' \
    -- $R -n 2 "$M" --size 16x12x20 --repeat 1 --warmup 0 --chunks 3 --transport mpi --explain
digestm=$(sed -n 's/^digest .*: //p' "$RC_OUT")
run_case "P=2 16x12x20 shm, cma refused: window, 2 copy threads, 9 chunks" 0 '^PASS$' \
    --timeout $T --has '^transport shm: an MPI-3 shared window .* a ring of 4 chunk slots' \
    --has '--shm-copy window \(--shm-copy cma: process_vm_readv refused \(Operation not permitted\), so window\): pinned send -> the sender.s slot' \
    --has ' on 2 threads \(--copy-threads\)' --has '^digest ' --has '^    shm copies +[0-9.]+' \
    -- env FFTLAB_SHM_NO_CMA=1 $R -n 2 "$M" --size 16x12x20 --repeat 1 --warmup 0 --chunks 9 \
       --transport shm --shm-copy cma --copy-threads 2 --explain
digestw=$(sed -n 's/^digest .*: //p' "$RC_OUT")
run_case "P=2 16x12x20 shm --shm-copy direct, 2 copy threads, 9 chunks" 0 '^PASS$' --timeout $T \
    --has '--shm-copy direct: pinned send -> the sender.s slot in the window, the receiver.s device reads the slot' \
    --has '^digest ' -- $R -n 2 "$M" --size 16x12x20 --repeat 1 --warmup 0 --chunks 9 \
       --shm-copy direct --copy-threads 2 --explain
digestd=$(sed -n 's/^digest .*: //p' "$RC_OUT")
# The lesson's exchange (--transport alltoall: the whole send buffer to the host, one
# MPI_Alltoall, the whole receive buffer back) moves every value unchanged too: the same
# bits, its phases timed by the host clock.
run_case "P=2 16x12x20 --transport alltoall: the lesson's exchange, the same bits" 0 '^PASS$' \
    --timeout $T --has '^transport alltoall: the whole send buffer device -> host' \
    --has '^    MPI \(wait\) +[0-9.]+ .*host clock in MPI_Alltoall' --has '^digest ' \
    --has '^exchange +transport alltoall ' --lacks 'pinned staging' \
    -- $R -n 2 "$M" --size 16x12x20 --repeat 1 --warmup 0 --transport alltoall --explain
digesta=$(sed -n 's/^digest .*: //p' "$RC_OUT")
[ -n "$digestm" ] && [ "$digest1" = "$digestm" ] && [ "$digest1" = "$digestw" ] &&
    [ "$digest1" = "$digestd" ] && [ "$digest1" = "$digesta" ]
ok $? "shm (cma or window, window, direct), mpi and alltoall agree bit for bit ($digest1 = $digestm = $digestw = $digestd = $digesta)"
# zerocopy (the default above, in 1 and 3 chunks) in 9 chunks: its reads run up to 4 chunks
# ahead of what the peer has taken, so the ring wraps and a slot waits to be free; and where
# a driver will not wrap the window (FFTLAB_SHM_NO_ZEROCOPY=1 plays that), every rank takes
# cma (or window, where the kernel refuses cma): the same bits again.
run_case "P=2 16x12x20 shm zerocopy, 9 chunks: the ring of 4 slots wraps" 0 '^PASS$' \
    --timeout $T --has '^transport shm: an MPI-3 shared window .* a ring of 4 chunk slots\); --shm-copy zerocopy: the sender.s device writes its chunk into its slot .*: no host copy$' \
    --has "rank 1 +link .* the shared window.s slots \(zerocopy, [0-9.]+ MiB\) [0-9.e+]+ / [0-9.e+]+ GB/s$" \
    --has 'no host copy; each chunk overlapping the next' --has '^    waiting \(zerocopy\) +[0-9.]+' \
    --has '^exchange +transport shm --shm-copy zerocopy .*each way 0.007324 MiB per exchange' \
    --lacks 'copy-threads' --has '^digest ' -- $R -n 2 "$M" --size 16x12x20 --repeat 1 \
    --warmup 0 --chunks 9 --transport shm --shm-copy zerocopy --explain
digestz=$(sed -n 's/^digest .*: //p' "$RC_OUT")
run_case "P=2 16x12x20 zerocopy refused: cma (or window), 2 copy threads, 9 chunks" 0 '^PASS$' \
    --timeout $T --has '; --shm-copy (cma|window) \(--shm-copy zerocopy: rank 0 has FFTLAB_SHM_NO_ZEROCOPY set, so cma(; --shm-copy cma: process_vm_readv refused \([^)]*\), so window)?\): (the receiver reads .*: one host copy|pinned send .*: two host copies); each copy on 2 threads \(--copy-threads\)$' \
    --has '^    shm copies +[0-9.]+' --has '^digest ' \
    -- env FFTLAB_SHM_NO_ZEROCOPY=1 $R -n 2 "$M" --size 16x12x20 --repeat 1 --warmup 0 \
       --chunks 9 --copy-threads 2 --explain
digestc=$(sed -n 's/^digest .*: //p' "$RC_OUT")
[ -n "$digestz" ] && [ "$digest1" = "$digestz" ] && [ "$digest1" = "$digestc" ]
ok $? "shm zerocopy in 9 chunks and its fallback (cma) agree bit for bit with the rest ($digest1 = $digestz = $digestc)"
slow_case "P=2 64x48 x batch 3" 0 '^PASS$' --timeout $T --has 'batch=3' \
    -- $R -n 2 "$M" --size 64x48 --batch 3 --repeat 0
run_case "P=2 48x64 inverse double" 0 '^PASS$' --timeout $T --has 'inverse double layout=transposed-out' \
    -- $R -n 2 "$M" --size 48x64 --inverse --precision double --repeat 0
run_case "P=2 16x12x20 --natural --inverse x batch 2" 0 '^PASS$' --timeout $T \
    --has 'layout=natural' --has 'rank 0 +z \[0, 8\) of 16, y, x whole -> z \[0, 8\) of 16, y, x whole' \
    -- $R -n 2 "$M" --size 16x12x20 --natural --inverse --batch 2 --repeat 0
# (fast cases on the same paths: P=4 8x12x6 below, shm with 3 peers; P=2 --transport mpi)
slow_case "P=3 12x12 --natural, in 5 chunks (shm)" 0 '^PASS$' --timeout $T \
    --has 'rank 2 +y \[8, 12\) of 12' --has '^transport shm' --has '^digest ' \
    -- $R -n 3 "$M" --size 12x12 --natural --repeat 0 --chunks 5 --explain
digest3s=$(sed -n 's/^digest .*: //p' "$RC_OUT")
slow_case "P=3 12x12 --natural, in 5 chunks (--transport mpi)" 0 '^PASS$' --timeout $T \
    --has '^transport mpi' --has '^digest ' \
    -- $R -n 3 "$M" --size 12x12 --natural --repeat 0 --chunks 5 --explain --transport mpi
digest3m=$(sed -n 's/^digest .*: //p' "$RC_OUT")
# (fast: "P=2 16x12x20 zerocopy refused: cma", with one peer)
slow_case "P=3 12x12 --natural, in 5 chunks (shm --shm-copy cma)" 0 '^PASS$' --timeout $T \
    --has '^transport shm .*--shm-copy (cma|window)' --has '^digest ' \
    -- $R -n 3 "$M" --size 12x12 --natural --repeat 0 --chunks 5 --explain --shm-copy cma
digest3c=$(sed -n 's/^digest .*: //p' "$RC_OUT")
if [ -n "${FFTLAB_SLOW_TESTS:-}" ]; then
    [ -n "$digest3s" ] && [ "$digest3s" = "$digest3m" ]
    ok $? "P=3: shm and mpi transports agree bit for bit ($digest3s = $digest3m)"
    [ -n "$digest3c" ] && [ "$digest3s" = "$digest3c" ]
    ok $? "P=3: shm's zerocopy and cma agree bit for bit ($digest3s = $digest3c)"
else
    skip "P=3: shm and mpi transports agree bit for bit" "slow set (FFTLAB_SLOW_TESTS=1)"
    skip "P=3: shm's zerocopy and cma agree bit for bit" "slow set (FFTLAB_SLOW_TESTS=1)"
fi
run_case "P=4 8x12x6 x batch 2 (more ranks than cores)" 0 '^PASS$' --timeout $T --has 'rank 3 ' \
    -- $R -n 4 "$M" --size 8x12x6 --batch 2 --repeat 0
# One rank has no exchange: no host copy, no MPI, and no transpose kernel either; chapter
# 07's passes do every axis and the last one stores the transposed layout (the phase list
# and --explain say so). Both directions verified against FFTW-MPI (the round trip starts
# from the transposed layout: its last pass stores the natural one).
run_case "no mpirun: one rank (MPI singleton), the transpose in the last pass's store" 0 '^PASS$' \
    --timeout $T --has 'ranks +1 MPI process' --has '^exchange none: one rank' \
    --has 'no device -> host copy, no MPI, no host -> device copy' \
    --has 'pipeline \(forward, natural in, transposed out\): 1 step, 2 launches' \
    --has 'fft_cols_y_p0\(B, A, local [0-9]+ B, twiddles_y, 1, 256\) .*; stores \[x\]\[y\] \(PASS_STORE_TRANSPOSED\)' \
    --has 'fft_cols_y_p0\(B, A, local [0-9]+ B, twiddles_y, 1, 258\) .*; stores \[y\]\[x\] \(PASS_STORE_TRANSPOSED\)' \
    --has 'verify +random .* ok' --has 'verify +roundtrip .* ok' \
    --has '^  x, y passes +[0-9.]+' --has '^moved +nothing: one rank, no exchange \(the transpose is in the last pass' \
    --lacks 'exchange_unpack' --lacks 'exchange_pack' --lacks 'transpose_tiled' --lacks '^  transpose' \
    --lacks 'device -> host +[0-9]' --lacks 'MPI \(wait\)' \
    -- "$M" --size 12x20 --repeat 1 --warmup 0 --explain
# The same in 3-D (z by columns at stride Ny*Nx, stored as [y][z][x]: runs of Nx), inverse,
# a batch of 2; the round trip's y axis in two passes (--wg 16), so a pass with p > 1
# stores transposed.
run_case "one rank 3-D, inverse x batch 2: the last z pass stores [y][z][x]" 0 '^PASS$' --timeout $T \
    --has 'fft_cols_z_p0\([AB], [AB], local [0-9]+ B, twiddles_z, 2, 258\) .*stores \[y\]\[z\]\[x\]' \
    --has 'fft_cols_z_p1\([AB], [AB], local [0-9]+ B, twiddles_z, 2, 256\) .*pass 2/2: p=16 .*stores \[z\]\[y\]\[x\]' \
    --has 'verify +random .* ok' --has 'verify +roundtrip .* ok' --lacks 'exchange_pack' \
    -- "$M" --size 8x256x6 --batch 2 --inverse --wg 16 --repeat 0 --explain
# --natural: chapter 07's passes as they are, no transposed store, both ways (double).
run_case "one rank --natural double: 07's passes, nothing transposed" 0 '^PASS$' --timeout $T \
    --has 'pipeline \(forward, natural in, natural out\): 1 step, 3 launches' \
    --has 'verify +random .* ok' --has 'verify +roundtrip .* ok' \
    --lacks 'PASS_STORE_TRANSPOSED' --lacks 'exchange_pack' \
    -- "$M" --size 8x12x6 --natural --precision double --repeat 0 --explain
# (slow set: the path of a p = 16 pass storing transposed is the 3-D case's round trip)
# 2-D where the outer axis by columns takes two passes (--wg 16), both ways, a batch of 2 on
# a non-square array: rows, 07's tiled transpose, rows (pipeline.c one_rank_tiled).
slow_case "one rank 2-D, y in two column passes: rows, 07's tiled transpose, rows" 0 '^PASS$' \
    --timeout $T --has 'pipeline \(forward, natural in, transposed out\): 2 steps, 3 launches' \
    --has 'transpose_tiled\(B, A, 256, 128\) .*so that axis y becomes the rows' \
    --has 'transpose_tiled\(B, A, 128, 256\) .*so that axis x becomes the rows' \
    --has 'program 2 \(one rank\): the array \[x\]\[y\], axis y, now the rows' \
    --lacks 'fft_cols_' --lacks 'PASS_STORE_TRANSPOSED' \
    --has '^  x passes, transpose +[0-9.]+' --has '^  y passes +[0-9.]+' \
    --has '^moved +nothing: .*the transpose is chapter 07.s tiled transpose' \
    --has 'verify +random .* ok' --has 'verify +roundtrip .* ok' \
    -- "$M" --size 256x128 --batch 2 --wg 16 --repeat 1 --warmup 0 --explain

# What --explain shows.
run_case "--explain: slabs, exchange sizes, the steps" 0 '^PASS$' --timeout $T \
    --has 'rank 0 +in +y \[0, 32\) of 64, x whole +-> out x \[0, 24\) of 48, y whole +\(1536 values' \
    --has 'rank 1 +in +y \[32, 64\) of 64' \
    --has '^slabs +rank d owns y \[d\*32, \(d\+1\)\*32\) of every array \(natural\); after the transpose x \[d\*24, \(d\+1\)\*24\)' \
    --has '^exchange every rank sends a block of 768 values \(6 KiB\) to each other rank' \
    --has '^transport shm \(the default: every rank on one node\): an MPI-3 shared window' \
    --has '; --shm-copy zerocopy: the sender.s device writes its chunk into its slot \(device -> host\), the receiver.s device reads it from there \(host -> device\); .*CL_MEM_USE_HOST_PTR.*: no host copy$' \
    --has '^exchange every rank sends .* through the shared window.s slots \(no host copy\), in 1 chunk of 6 KiB per peer' \
    --has 'rank 1 +link device -> host / host -> device, 0.01172 MiB, best of 3: pinned [0-9.e+]+ / [0-9.e+]+ GB/s, pageable' \
    --has 'pipeline \(forward, natural in, transposed out\): 3 steps' \
    --has 'step 2: exchange$' --has 'exchange_pack\(B, send, 1, 32, 24, 1, 2\)' \
    --has 'exchange_unpack\(recv, B, 1, 32, 24, 1, 2\)' --has 'fft_rows_x_p0' \
    --has 'pipeline \(inverse, transposed in, natural out, for the round trip\)' \
    --has 'build 2 .*-D Ax_N=64' -- $R -n 2 "$M" --size 64x48 --explain --repeat 0
run_case "--explain --natural 3-D: the exchange back, z as program 2's middle axis" 0 '^PASS$' --timeout $T \
    --has 'pipeline \(forward, natural in, natural out\): 4 steps' --has 'step 4: exchange back' \
    --has 'fft_cols_y_p0' --has 'program 2, axis z' \
    -- $R -n 2 "$M" --size 16x12x20 --natural --explain --repeat 0

# Timing: phases, max over ranks; the CSV row.
run_case "timed: the phases, the slowest rank's" 0 '^PASS$' --timeout $T \
    --has '^  x passes +[0-9.]+ +\(rank [01]; fastest' --has '^  exchange \(wall\) +[0-9.]+' \
    --has '^    waiting \(zerocopy\) +[0-9.]+' --has '^    device -> host +[0-9.]+' \
    --has '^exchange +transport shm --shm-copy zerocopy \(device -> the window.s slots -> device: no host copy\); each way 0.005859 MiB per exchange: device -> host [0-9.e+]+ GB/s, host -> device [0-9.e+]+ GB/s' \
    --has '^    host -> device +[0-9.]+' --has '^  y passes +[0-9.]+' --has '^  sum +[0-9.]+' \
    --has 'time +[0-9.]+ ms median per call .*3 runs after 1 warm-up' --has 'moved +per rank' \
    -- $R -n 2 "$M" --size 64x48 --repeat 3 --warmup 1
run_case "--format csv: the common columns, then ranks, layout, phases" 0 '^PASS$' --timeout $T \
    --stdout-has ',shape,ms_q1,ms_q3,ms_stddev,date,commit,host,ranks,layout,ph_local1_ms,ph_pack_ms,ph_exchange_ms,ph_d2h_ms,ph_mpi_ms,ph_h2d_ms,.*,ph_sum_ms,chunks,transport,copy_threads,shm_copy$' \
    --stdout-has ',[0-9.e-]+,1,shm,0,zerocopy$' \
    --stdout-has '^"10_distributed","slab",.*,3072,1,forward,single,1,.*,PASS,"wall",4,,64x48,[0-9.e-]+,[0-9.e-]+,[0-9.e-]+,20[0-9-]+T[0-9:]+Z,"[^"]+","[^"]+",2,transposed,[0-9.e-]+,' \
    -- $R -n 2 "$M" --size 64x48 --repeat 2 --warmup 1 --format csv
[ "$(wc -l <"$RC_OUT")" -eq 2 ]
ok $? "--format csv: stdout is the header and one row"

# Devices: rank d takes device d mod count (pocl can show two). (make SANITIZE=1: with two
# pocl devices in each of two ranks, LeakSanitizer's exit-time tracer sometimes crashes
# ("Tracer caught signal 11", after PASS; seen with GCC 12's ASan): no leak check in these
# two runs, every other run has it.)
NOLEAK="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
run_case "two pocl devices: rank d -> device 0:d" 0 '^PASS$' --timeout $T \
    --has 'rank 0 +device 0:0 ' --has 'rank 1 +device 0:1 ' --has 'CPU device 1 of 2' \
    -- env "$NOLEAK" POCL_DEVICES="$POCL_CPU $POCL_CPU" $R -n 2 "$M" --size 16x12 --repeat 0
run_case "FFTLAB_DEVICE=cpu matches both: still r mod 2" 0 '^PASS$' --timeout $T \
    --has 'rank 1 +device 0:1 .*matching .cpu.' \
    -- env "$NOLEAK" POCL_DEVICES="$POCL_CPU $POCL_CPU" FFTLAB_DEVICE=cpu $R -n 2 "$M" --size 16x12 --repeat 0

# Wrong kernels are caught, and say where.
mkdir -p "$TMP/k"
K=kernels/10_distributed.cl
sed 's/^    y\[f\] = recv\[unpack_source(f, batch, MU, MV, NI, P)\];/    if (f % 7 != 3) y[f] = recv[unpack_source(f, batch, MU, MV, NI, P)];/' "$K" >"$TMP/k/skip.cl"
! cmp -s "$K" "$TMP/k/skip.cl"
ok $? "planted: the unpack skips every 7th value"
run_case "unpack leaves values unwritten: NaN, named" 1 '^FAIL: check random: .*never written \(NaN\) on 2 ranks' \
    --timeout $T -- $R -n 2 "$M" --size 16x12 --kernels "$TMP/k/skip.cl" --repeat 0
sed 's/^    send\[f\] = x\[pack_source(f, batch, MU, MV, NI, P)\];/&\n    if (f == 0) send[(size_t)batch * MU * MV * NI * P] = x[0];/' "$K" >"$TMP/k/oob.cl"
! cmp -s "$K" "$TMP/k/oob.cl"
ok $? "planted: the pack writes one value past the send buffer"
run_case "a write past the send buffer: the guard zone" 1 '^FAIL: check random: rank 0: a kernel wrote out of bounds: buffer send, past its end \(element 96 of 96\)' \
    --timeout $T -- env FFTLAB_FENCE=0 $R -n 2 "$M" --size 16x12 --kernels "$TMP/k/oob.cl" --repeat 0
# Guard zones on both sides of every device buffer (A, B, send, recv), each at least 4096
# values and one array of the slab: a write before the start, and one 2000 values past the
# end (beyond the 256 values the guard after the end used to be), are both caught. (These
# cases run without fences, FFTLAB_FENCE=0: the guard zones are a GPU's; pocl's fences,
# which catch the same writes as they happen, are tests/10_isolation.t's.)
sed 's/^    send\[f\] = x\[pack_source(f, batch, MU, MV, NI, P)\];/&\n    if (f == 0) *(send - 4) = x[0];/' "$K" >"$TMP/k/before.cl"
! cmp -s "$K" "$TMP/k/before.cl"
ok $? "planted: the pack writes 4 values before the start of the send buffer"
run_case "a write before the send buffer: the guard zone before it" 1 '^FAIL: check random: rank 0: a kernel wrote out of bounds: buffer send, before its start \(element -4\)' \
    --timeout $T -- env FFTLAB_FENCE=0 $R -n 2 "$M" --size 16x12 --kernels "$TMP/k/before.cl" --repeat 0
run_case "--format json: the write's fault in the record" 1 '' --timeout $T \
    --stdout-has '"outcome": "out_of_bounds", "exit": 1, "failed_check": "random", .*"fault": \{"access": "write", "buffer": "send", "side": "before the start", "element": -4, "elements": 96, "check": "random"\}\}$' \
    -- $R -n 2 "$M" --size 16x12 --kernels "$TMP/k/before.cl" --repeat 0 --format json
sed 's/^    send\[f\] = x\[pack_source(f, batch, MU, MV, NI, P)\];/&\n    if (f == 0) send[(size_t)batch * MU * MV * NI * P + 2000] = x[0];/' "$K" >"$TMP/k/far.cl"
! cmp -s "$K" "$TMP/k/far.cl"
ok $? "planted: the pack writes 2000 values past the end of the send buffer"
run_case "a write 2000 values past the send buffer: still in the guard zone" 1 '^FAIL: check random: rank 0: a kernel wrote out of bounds: buffer send, past its end \(element 2096 of 96\)' \
    --timeout $T -- env FFTLAB_FENCE=0 $R -n 2 "$M" --size 16x12 --kernels "$TMP/k/far.cl" --repeat 0
two_ranks "--no-verify: a write before the start on rank 1 only still fails, naming rank 1" 1 \
    '^FAIL: rank 1: a kernel wrote out of bounds: buffer send, before its start \(element -4\)' --timeout $T \
    -- "$M" --size 16x12 --repeat 0 --no-verify : "$M" --size 16x12 --repeat 0 --no-verify --kernels "$TMP/k/before.cl"
sed 's/const size_t e = w \/ MU, u = w % MU;/const size_t e = (w \/ MU + 1) % P, u = w % MU;/' "$K" >"$TMP/k/shift.cl"
! cmp -s "$K" "$TMP/k/shift.cl"
ok $? "planted: the unpack takes its blocks from the wrong ranks"
# (rank 1's wrong output reaches rank 0 in the round trip's exchange, so only the forward
# checks show rank 0's share within the bounds)
two_ranks "a bug on rank 1 only: rank 1's values wrong, every rank exits 1" 1 '^FAIL: check random' --timeout $T \
    --has 'WRONG: largest error on rank 1' --has 'rank 0: its share: .*\(within the bounds\)' \
    --has 'rank 1 +y \[8, 16\).*its values WRONG' \
    -- "$M" --size 16x12 --repeat 0 : "$M" --size 16x12 --repeat 0 --kernels "$TMP/k/shift.cl"

# The exercise, composed: the student's unpack_source built in place of the kernel file's
# FL_EXERCISE_EXCHANGE_MAP block, with the exercise's pack (blocks as they lie) under it (the
# grader runs the stub and the solution at every case). --explain names the pack's map, not
# the student's; the chapter's own unpack_source (for its transposing pack) fails.
S=solutions/10_distributed/exchange_map.cl
run_case "--variant exchange_map --exercise: the solution composed into the kernel file" 0 '^PASS$' \
    --timeout $T --has "exercise +$S, built in place of the file's #ifndef FL_EXERCISE_EXCHANGE_MAP" \
    --has 'variant=exchange_map' --has "-> send\\[e\\]\\[a\\]\\[u\\]\\[v'\\]\\[i\\]: 2 blocks of 12 values" \
    --has 'recv -> Y by your unpack_source' --lacks 'recv\[e\]' \
    -- $R -n 2 "$M" --size 8x6 --variant exchange_map --exercise "$S" --explain --repeat 0
sed -n '/^#if !defined(FL_EXERCISE_EXCHANGE_MAP)/,/^#else/p' "$K" | sed '1d;$d' |
    sed -n '/^static INLINE size_t unpack_source(/,$p' >"$TMP/k/ex_chapter.cl"
grep -q '^static INLINE size_t unpack_source(' "$TMP/k/ex_chapter.cl" ||
    bail_out "no unpack_source under $K's #if !defined(FL_EXERCISE_EXCHANGE_MAP)"
run_case "--variant exchange_map: the chapter's own unpack_source (its pack's layout) fails" 1 \
    '^FAIL: check random' --timeout $T \
    -- $R -n 2 "$M" --size 8x6 --variant exchange_map --exercise "$TMP/k/ex_chapter.cl" --repeat 0
# One rank's transposes run on the device without the pack (above), but an exercise run
# keeps pack + unpack at P = 1, so the grader's P = 1 case judges the student's maps: the
# stub (a plain copy) must fail there.
run_case "--variant exchange_map at P = 1: the stub's maps are used, and fail" 1 '^FAIL: check random' \
    --timeout $T --has 'exchange_pack\(A, send, 2, 8, 12, 6, 1\)' \
    -- $R -n 1 "$M" --size 8x12x6 --batch 2 --variant exchange_map --explain --repeat 0
sed 's/return (((e \* batch + a) \* MU + u) \*/return (((e * batch + a) * MU + uu) */' "$S" >"$TMP/k/ex_typo.cl"
line=$(grep -n 'MU + uu)' "$TMP/k/ex_typo.cl" | cut -d: -f1)
run_case "a build error in the exercise names the student's file and line" 3 '' --timeout $T --max-seconds 40 \
    --has "ex_typo\.cl:$line:[0-9]+: .*uu" --has 'kernel build failed .*with your exercise' \
    -- $R -n 2 "$M" --size 8x6 --variant exchange_map --exercise "$TMP/k/ex_typo.cl" --repeat 0
run_case "--exercise with a variant that is no exercise: once, exit 2" 2 '' --timeout $T --max-seconds 30 \
    --has "$USAGE"'.*variant .slab. is not an exercise' \
    -- $R -n 2 "$M" --size 8x6 --exercise "$S" --repeat 0
[ "$(grep -c '^FAIL' "$RC_OUT")" -eq 1 ]
ok $? "the --exercise refusal is printed once, not once per rank"

# Refusals and failures: one message, every rank stops, never a hang.
run_case "64x48 on 3 ranks: 3 does not divide 64" 2 "$USAGE" --timeout $T --max-seconds 30 \
    --has 'the number of ranks must divide Ny = 64 .* and Nx = 48 .*3 does not divide 64\. Ranks that can: 1, 2, 4, 8, 16' \
    -- $R -n 3 "$M" --size 64x48 --repeat 0
[ "$(grep -c '^FAIL' "$RC_OUT")" -eq 1 ] && [ "$(grep -c '^error:' "$RC_ERR")" -eq 1 ]
ok $? "the refusal is printed once, not once per rank"
run_case "16x12x20 on 3 ranks: 3 does not divide 16 (Nz)" 2 "$USAGE" --timeout $T --max-seconds 30 \
    --has 'divide Nz = 16 .* and Ny = 12' -- $R -n 3 "$M" --size 16x12x20 --repeat 0
run_case "a 1-D size" 2 "$USAGE" --timeout $T --has '2-D and 3-D shapes' -- $R -n 2 "$M" --size 1024 --repeat 0
run_case "11x16: 11 is no radix" 2 "$USAGE" --timeout $T --has '2\^a 3\^b 5\^c 7\^d' -- $R -n 2 "$M" --size 11x16 --repeat 0
run_case "1x8: an axis of length 1 where the ranks split" 2 "$USAGE" --timeout $T --has 'at least 2' \
    -- $R -n 1 "$M" --size 1x8 --repeat 0
# --format json (docs/report-json.md): rank 0 ends every run with one record, the only line
# of stdout: a pass, a refusal every rank agrees on, a fault, a timeout. (The FAIL line goes
# to stderr, where mpirun's own note follows it.)
json_one_line() { [ "$(wc -l <"$RC_OUT")" -eq 1 ]; }
run_case "--format json: a pass, one record" 0 '' --timeout $T \
    --stdout-has '^\{"chapter": "10_distributed", "variant": "slab", "device": .*"shape": \[16, 12\], .*"checks": \[\{"name": "random", .*"verdict": "PASS", "outcome": "pass", "exit": 0\}$' \
    -- $R -n 2 "$M" --size 16x12 --repeat 0 --format json
json_one_line
ok $? "--format json: the record is stdout's only line, printed once (rank 0)"
run_case "--format json: a size 2 ranks cannot split: bad_input, exit 2" 2 '' --timeout $T \
    --max-seconds 30 --has "$USAGE" --stdout-has '^\{"chapter": "10_distributed", "variant": "slab", "checks": \[\], "verdict": "FAIL", "outcome": "bad_input", "exit": 2, "reason": "--size 7x6 on 2 ranks: the number of ranks must divide' \
    -- $R -n 2 "$M" --size 7x6 --repeat 0 --format json
json_one_line
ok $? "--format json: the agreed refusal's record is stdout's only line"
run_case "--format json on one rank: a timeout's record" 3 '' --timeout $T --max-seconds 30 --has "$OPENCL" \
    --stdout-has '"outcome": "timeout", "exit": 3, "reason": "no result before the --timeout.*", "timeout_s": 1e-09\}$' \
    -- $R -n 1 "$M" --size 16x12 --repeat 0 --timeout 1e-9 --format json
# Rank 1's unpack never ends: rank 1 times out in its kernel and exits; rank 0, waiting in
# a collective, is stopped by mpirun's SIGTERM and ends with its record of the timeout.
# (mpirun's default: SIGTERM, SIGKILL a second later; lib.sh's odls_base_sigkill_timeout=0
# skips the SIGTERM, so this case sets it back to 1.) Slow set: ~6 s with the build.
sed 's/^    y\[f\] = recv\[unpack_source(f, batch, MU, MV, NI, P)\];/    while (P > 0) { if (batch < 0) break; }\n&/' \
    "$K" >"$TMP/k/hang.cl"
if [ "$SLOW_TESTS" = 1 ]; then
    grep -q 'while (P > 0)' "$TMP/k/hang.cl" || bail_out "could not plant the endless unpack in $K"
    two_ranks_cmd "$M" --size 16x12 --repeat 0 --timeout 2 --format json \
        : "$M" --size 16x12 --repeat 0 --timeout 2 --format json --kernels "$TMP/k/hang.cl"
fi
slow_case "--format json: rank 1 stuck, rank 0's record of the timeout" 3 '' --timeout $T \
    --max-seconds 40 --stdout-has '^\{"chapter": "10_distributed", .*"outcome": "timeout", "exit": 3, .*"timeout_s": 2\}$' \
    -- env OMPI_MCA_odls_base_sigkill_timeout=1 "${TWO_RANKS[@]}"
run_case "no OpenCL platform on any rank" 3 "$OPENCL" --timeout $T --max-seconds 30 \
    --has 'no OpenCL platform found' --lacks 'rank [01] of 2' \
    -- env OCL_ICD_VENDORS=/nonexistent $R -n 2 "$M" --size 16x12 --repeat 0
two_ranks "no OpenCL platform on rank 1 only: every rank stops" 3 "$OPENCL" --timeout $T --max-seconds 30 \
    --has 'rank 1 of 2: no OpenCL platform found.*the other ranks stopped too' \
    -- "$M" --size 16x12 --repeat 0 : env OCL_ICD_VENDORS=/nonexistent "$M" --size 16x12 --repeat 0
run_case "FFTLAB_DEVICE matches nothing" 2 "$USAGE" --timeout $T --max-seconds 30 \
    --has "no OpenCL device matches 'nosuch'" -- env FFTLAB_DEVICE=nosuch $R -n 2 "$M" --size 16x12 --repeat 0
sed 's/send\[f\] = x\[pack_source(/send[f] = x[pack_sourc(/' "$K" >"$TMP/k/typo.cl"
two_ranks "a kernel build error on rank 1 only: MPI_Abort after the message" 3 '.*' --timeout $T --max-seconds 40 \
    --has 'FAIL \(opencl, exit 3\): rank 1 of 2: kernel build failed' --has "pack_sourc" \
    -- "$M" --size 16x12 --repeat 0 : "$M" --size 16x12 --repeat 0 --kernels "$TMP/k/typo.cl"
sed 's/^    y\[f\] = recv\[unpack_source(f, batch, MU, MV, NI, P)\];/    while (P > 0) { if (batch < 0) break; }\n&/' "$K" >"$TMP/k/hang.cl"
# (--timeout 8, not 5: the alarm counts from before the kernel build, and a cold pocl build
# of the hang file on a loaded 2-core machine took more than 5 s, both ranks then found
# outside their kernels — 2026-11-27, twice, with 8 sessions sharing the machine)
two_ranks "a kernel that never ends on rank 1: --timeout, every rank stops" 3 "$OPENCL" --timeout $T --max-seconds 30 \
    --has 'rank 1 of 2: no result before the --timeout' --lacks 'rank 0 of 2: .*timed out' \
    -- "$M" --size 16x12 --repeat 0 --timeout 8 : "$M" --size 16x12 --repeat 0 --timeout 8 --kernels "$TMP/k/hang.cl"

# Ranks that disagree: Open MPI's A : B form gives each rank its own options. Every option
# that shapes the problem or the collectives must be the same on every rank: a difference
# is exit 2 on every rank, naming the option, before any collective that depends on it
# (it used to be a segfault, a hang of both ranks, an MPI abort or a "chapter bug").
# --max-seconds: a hang fails the case instead of hanging the test.
disagree() { # NAME PATTERN RANK-1 OPTIONS...
    local name=$1 pat=$2
    shift 2
    two_ranks "ranks disagree on $name: exit 2, named" 2 "$USAGE"'ranks disagree on '"$pat" \
        --timeout $T --max-seconds 30 \
        -- "$M" --size 16x12 --repeat 0 : "$M" --repeat 0 "$@"
    [ "$(grep -c '^FAIL' "$RC_OUT")" -eq 1 ]
    ok $? "ranks disagree on $name: the refusal is printed once"
}
disagree --size '--size: rank 0 has 16x12, rank 1 has 32x12' --size 32x12
disagree --natural '--natural: rank 0 has no --natural, rank 1 has --natural' --size 16x12 --natural
disagree --batch '--batch: rank 0 has 1, rank 1 has 2' --size 16x12 --batch 2
disagree '--precision double' '--precision: rank 0 has single, rank 1 has double' --size 16x12 --precision double
disagree --inverse '--inverse: rank 0 has no --inverse, rank 1 has --inverse' --size 16x12 --inverse
disagree --seed '--seed: rank 0 has 1, rank 1 has 7' --size 16x12 --seed 7
two_ranks "ranks agree: --device on one rank only, defaults spelled out (--batch 1 --seed 1)" 0 '^PASS$' \
    --timeout $T --max-seconds 40 \
    -- "$M" --size 16x12 --repeat 0 : "$M" --size 16x12 --repeat 0 --device 0:0 --batch 1 --seed 1

# A tiny --timeout is a timer of 1 microsecond, not an all-zero one (which would turn the
# watchdog off): the run stops (exit 3), it does not PASS. (Exit 2 where the shared option
# parser refuses a --timeout that small.)
want=3
"$M" --timeout 1e-9 --help >/dev/null 2>&1 || want=2
run_case "--timeout 1e-9: the watchdog still fires" $want '' --timeout $T --max-seconds 30 \
    --lacks '^PASS' -- $R -n 2 "$M" --size 16x12 --repeat 0 --timeout 1e-9
[ "$want" = 2 ] || grep -q 'no result before the --timeout' "$RC_ALL"
ok $? "--timeout 1e-9: the watchdog's message"
run_case "--help" 0 '' --timeout $T --has '--natural' --has 'FFTW_MPI_TRANSPOSED_OUT' \
    --has '--chunks C' --has '--transport auto[|]alltoall[|]mpi[|]shm' --has '--shm-copy cma[|]window[|]direct[|]zerocopy' \
    --has '--copy-threads T' --has 'below 2\^31 values per rank' \
    --has '^  --format F +text \(default\), csv or json$' --lacks '--input X\.npy' --lacks '--output Y\.npy' \
    -- $R -n 1 "$M" --help
run_case "--chunks 0: exit 2" 2 "$USAGE" --timeout $T --max-seconds 30 \
    --has '--chunks takes a whole number from 1' -- $R -n 2 "$M" --size 16x12 --chunks 0
run_case "--transport tcp: exit 2" 2 "$USAGE" --timeout $T --max-seconds 30 \
    --has "--transport takes auto, alltoall, mpi or shm, got 'tcp'" -- $R -n 2 "$M" --size 16x12 --transport tcp
# The limit: N x batch / P below 2^31 values per rank, refused before any allocation (a
# slab of 2^31 fp32 values would be 16 GiB per buffer: exit 2 at once, nothing allocated).
run_case "2^31 values on one rank: refused (exit 2) before any allocation" 2 "$USAGE" --timeout $T \
    --max-seconds 20 --has '2\^31 values per rank or more' -- "$M" --size 65536x32768 --repeat 0
# The lesson's GPU table is generated (chapters/10_distributed/going_further/gpu-table.sh) from one run's
# CSV files: before (no chunks column, ph_alltoall), after, 07, transport; here from rows made up for
# the test (no GPU here): each figure lands in its column, the ratios are computed; one
# rank's kernels (ph_sum_ms, events) are set beside 07's events, never its wall clock.
G=$TMP/gpu
mkdir -p "$G"
H='chapter,variant,device,driver,n,batch,precision,ms_median,verdict,shape,date,ranks'
{ echo "$H,ph_d2h_ms,ph_alltoall_ms"; echo '"10_distributed","slab","G",d,16777216,1,single,29.2,UNVERIFIED,4096x4096,2026,2,1,2'
  echo "$H,ph_d2h_ms,ph_alltoall_ms"; echo '"10_distributed","slab","G",d,16777216,1,single,48.6,UNVERIFIED,4096x4096,2026,1,,'; } >"$G/before.csv"
HA="$H,ph_local1_ms,ph_pack_ms,ph_exchange_ms,ph_d2h_ms,ph_mpi_ms,ph_h2d_ms,ph_unpack_ms,ph_local2_ms,chunks,transport,copy_threads,shm_copy,ph_sum_ms"
{ echo "$HA"; echo '"10_distributed","slab","G",d,16777216,1,single,2.5,PASS,4096x4096,2026,2,0.1,0.05,2.2,0.6,1.1,0.6,0.05,0.1,8,shm,8,cma,2.5'
  echo "$HA"; echo '"10_distributed","slab","G",d,16777216,1,single,0.3,PASS,4096x4096,2026,1,0.1,,,,,,,0.1,0,none,0,,0.2'; } >"$G/after.csv"
{ echo "$HA"; echo '"10_distributed","slab","G",d,16777216,1,single,18,UNVERIFIED,4096x4096,2026,2,0.1,0.05,17.5,5.6,6.2,5.7,0.05,0.1,1,alltoall,0,,18'
  echo "$HA"; echo '"10_distributed","slab","G",d,16777216,1,single,9,UNVERIFIED,4096x4096,2026,2,0.1,0.05,8.5,0.6,8.1,0.6,0.05,0.1,8,mpi,0,,9'
  echo "$HA"; echo '"10_distributed","slab","G",d,16777216,1,single,3,UNVERIFIED,4096x4096,2026,2,0.1,0.05,2.7,0.6,1.6,0.6,0.05,0.1,8,shm,8,direct,3'
  echo "$HA"; echo '"10_distributed","slab","G",d,16777216,1,single,2,UNVERIFIED,4096x4096,2026,2,0.1,0.05,1.5,0.6,0.4,0.6,0.05,0.1,8,shm,0,zerocopy,2'; } >"$G/transport.csv"
{ echo "$H"; echo '"07_multidim","strided","G",d,16777216,1,single,0.22,PASS,4096x4096,2026,'; } >"$G/07.csv"
echo 'rank 0   link device -> host / host -> device, 64 MiB, best of 3: pinned 55 / 54 GB/s, pageable (malloc) 15 / 8.5 GB/s' >"$G/explain-gpu.txt"
chapters/10_distributed/going_further/gpu-table.sh -n "$G" >"$G/table" 2>&1 &&
    grep -q '^| 4096x4096 | 0.22 | 48.6 | 0.3 (0.2) | 0.91× | 29.2 | 2.5 | 11.68× | 0.3 / 2.2 (0.6, 1.1, 0.6; 8 chunks, shm cma on 8 threads) | 1.79× | PASS PASS |$' "$G/table" &&
    grep -q '^| 4096x4096 | alltoall | — | — | 1 | 18 | 17.5 (5.6, 6.2, 5.7) | 14.21× | 1.00× |$' "$G/table" &&
    grep -q '^| 4096x4096 | mpi | — | — | 8 | 9 | 8.5 (0.6, 8.1, 0.6) | 6.90× | 2.00× |$' "$G/table" &&
    grep -q '^| 4096x4096 | shm | direct | 8 | 8 | 3 | 2.7 (0.6, 1.6, 0.6) | 2.19× | 6.00× |$' "$G/table" &&
    grep -q '^| 4096x4096 | shm | zerocopy | — | 8 | 2 | 1.5 (0.6, 0.4, 0.6) | 1.22× | 9.00× |$' "$G/table" &&
    grep -q 'pinned 55 / 54 GB/s' "$G/table"
ok $? "the lesson's GPU table from a run's CSV files (gpu-table.sh)" || sed 's/^/# /' "$G/table"
# -t: the transports alone, each set against the lesson's alltoall on its shape (a shape
# without an alltoall row gets no ratio)
mkdir -p "$G/t"
{ cat "$G/transport.csv"
  echo "$HA"; echo '"10_distributed","slab","G",d,1048576,1,single,4,UNVERIFIED,1024x1024,2026,2,0.1,0.05,3.5,0.6,2.1,0.6,0.05,0.1,8,mpi,0,,4'; } >"$G/t/transport.csv"
cp "$G/explain-gpu.txt" "$G/t/"
chapters/10_distributed/going_further/gpu-table.sh -n -t "$G/t" >"$G/t/table" 2>&1 &&
    grep -q '^| 4096x4096 | shm | zerocopy | — | 8 | 2 | 1.5 (0.6, 0.4, 0.6) | 1.22× | 9.00× |$' "$G/t/table" &&
    grep -q '^| 1024x1024 | mpi | — | — | 8 | 4 | 3.5 (0.6, 2.1, 0.6) | 45.47× | — |$' "$G/t/table" &&
    ! grep -q '10 P=1' "$G/t/table"
ok $? "gpu-table.sh -t: the transports against the lesson's alltoall, from transport.csv alone" ||
    sed 's/^/# /' "$G/t/table"
done_testing
