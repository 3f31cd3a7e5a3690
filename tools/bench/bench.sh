#!/usr/bin/env bash
# make bench — every FFT chapter and every installed peer library over a size sweep, on
# the chosen device (FFTLAB_DEVICE), with the same number of points per call:
#   N = 2^10, 2^12, ..., 2^24, batch = TOTAL / N  (TOTAL = 2^24 on a GPU, 2^20 on a CPU),
# then the mixed-radix cases (N x batch, about TOTAL points each):
#   GPU: 1000x16384 3072x5461 19683x852 15625x1073 16807x998 1000000x16 1009x16384
#   CPU: the same N with a 16th of the batch (1000x1024 ... 1000000x1 1009x1024).
# then the 2D/3D cases (SHAPE:batch, the last axis contiguous):
#   GPU: 4096x4096:1 1024x1024:16 1000x1000:16 256x256x256:1 512x512x64:1 128x128x128:8
#   CPU: 1024x1024:1 256x256:16 1000x1000:1 128x128x64:1 64x64x64:4 32x32x32:32
# then the real-input cases (R2C forward: 09_real_input and the peers with --real), sizes
# the complex parts above also measure, so R2C and C2C of one size sit in one run:
#   GPU: 2^20:16 4096x4096:1        CPU: 2^20:1 1024x1024:1
# The mixed cases include a prime length, 1009 (08_bluestein; VkFFT's Bluestein too).
# 09_real_input runs only in the real part (its rows are R2C, not comparable with C2C
# ones), the peers there with --real. 10_distributed is not in the sweep: it runs under
# mpirun over several devices (its lesson has its own measurements).
# Last, the convolution part (--conv; chapter 11 computes a convolution, not a transform,
# so it has no row in the sweep's CSV): tools/gpu/gpu-conv.sh on the same device, chapter
# 11 fused, unfused and direct and the peers' --conv rows (VkFFT, cuFFT; FFTW on a CPU),
# circular, filter 64 (64x64), at the cases
#   GPU: 4096x4096:1 2^20:16           CPU: 512x512:1 2^16:16
# with direct as the filter grows (GPU: 2^20 x 16, K 4 ... 512 and 1024x1024, K 3 ... 33;
# CPU: 2^16 x 16, K 2 ... 128 and 256x256, K 3 ... 13), into
# results/11_convolution-<label>/; then tools/bench/conv-table.sh rewrites lesson 11's
# Measured table from results/11_convolution-*/ (not with --no-readme). It runs in a whole
# sweep, with --only 11_convolution, or when --conv names its cases.
# On a CPU device the sweep also runs the chapters' CPU variants, --variant simd of 05,
# 06, 07, 08 and 09, wherever their chapter runs (n/a
# where the variant cannot do a size, as for a chapter): they are the chapters' fastest
# programs on a CPU, and the CPU goal (faster than clFFT and VkFFT, near FFTW) is about
# them, but the lessons teach the defaults, so those stay the defaults and these rows
# come in addition, each right after its chapter's. The CSV's variant column tells them
# apart; the table and the plots show them as rows and lines of their own,
# "05_register_radix simd" (tools/bench/bench-label.awk). --variants "CHAPTER:VARIANT ..."
# sets the list on any device, --variants "" leaves them out. The name `tune` is not a
# variant: CHAPTER:tune runs the chapter's default with --tune (each pass's group shape
# measured on the device first, lesson 06), a row "06_mixed_radix stockham+tune"; on a GPU
# the sweep runs 06_mixed_radix:tune and 07_multidim:tune by default (5-10 s of measuring
# per size there; on pocl the search compiles up to 13 programs per size, so it is not a
# default). A chapter that cannot do a size (it exits 2 saying so: 02-05 do powers of two
# only, 01-06 one dimension) has no row there ("n/a"), and neither has a peer library that
# cannot. Writes results/bench/<label>.csv (the chapters' --format csv rows), draws
# results/bench/<label>-gflops.svg and -pct_copy.svg with gnuplot, and rewrites the
# tables of bench/README.md from results/bench/*.csv (tools/bench/bench-table.sh;
# --no-readme: not). The method and the tables are described there; the peers in
# docs/peers.md.
#
#   tools/bench/bench.sh [--label L] [--sizes "2^10 2^12"] [--total 2^20]
#                  [--cases "1000x64 ..."] [--shapes "512x512:4 ..."] [--real "2^20:16 ..."]
#                  [--out DIR] [--no-readme]
#                  [--variants "05_register_radix:simd ..."] [--build DIR] [--replot]
#                  [--only "06_mixed_radix peer_vkfft ..."] [--flush-l2] [--conv "CASES"]
# --sizes "", --cases "", --shapes "", --real "" and --conv "" leave that part out.
# --only runs only the chapters and peers it names (and the default variants of those
# chapters); a name that is neither is refused; the convolution part runs when it names
# 11_convolution.
# --flush-l2 passes the chapters' --flush-l2 to every chapter and peer (the peers' own
# equivalent: bench/peer.c, bench/peer_cufft.py): before each timed call a buffer of twice
# the device's cache is written, so each call starts cold; the rows' timing column then
# ends in "-cold" ("events-cold", "events-interposed-cold", "events-cuda-cold"). Give such
# a run a label of its own (--label h100-cold), so that warm and cold rows stay apart.
# `make bench BENCH_ARGS=--flush-l2` or `make bench FLUSH_L2=1` runs it.
# --replot redraws the plots (and bench/README.md's tables) from an existing <label>.csv, e.g.
# one measured on a machine without gnuplot.
# 01_dft is not in the sweep: its O(N^2) work at 2^24 points would take hours on a CPU.
# Every row, peers included, is verified against FFTW before it is timed, and every
# OpenCL row is timed the same way: profiling events on every kernel of a call (the
# peers' through bench/peer_events.c), first START to last END; the CSV's timing column
# says so per row ("wall" only for FFTW, which runs on the host). loop_ms is the second
# measure, the same for all: K calls back to back, one clFinish, span / K.
# On an NVIDIA GPU with CuPy installed (python3 -c 'import cupy'), cuFFT is a peer too:
# bench/peer_cufft.py, the same cases in the same run, checked against NumPy in double,
# CUDA events around every call (timing "events-cuda"), the same loop measure. Optional,
# like clFFT and VkFFT; without CuPy there are no cuFFT rows and a note says so.
# A peer killed by a signal (a crash inside its library or the OpenCL runtime) is
# reported as SKIPPED with the signal's name and leaves no row; it does not stop the
# sweep nor fail it. A chapter that crashes, or any run that fails otherwise, is FAILED
# and makes the exit status 1.
set -uo pipefail
# The extra "chapter:variant" programs of a CPU device's sweep (see above).
cpu_variants="05_register_radix:simd 06_mixed_radix:simd 07_multidim:simd 08_bluestein:simd 09_real_input:simd"
gpu_variants="06_mixed_radix:tune 07_multidim:tune"
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
build=${BUILD:-build}
label="" sizes=default total="" out=results/bench readme=1 replot=0 fails=0 cases=default shapes=default
real=default variants=default only="" flush=() conv=default
while [ $# -gt 0 ]; do
    case $1 in
        --label) label=$2; shift 2 ;;
        --sizes) sizes=$2; shift 2 ;;
        --total) total=$2; shift 2 ;;
        --cases) cases=$2; shift 2 ;;
        --shapes) shapes=$2; shift 2 ;;
        --real) real=$2; shift 2 ;;
        --conv) conv=$2; shift 2 ;;
        --variants) variants=$2; shift 2 ;;
        --only) only=" $2 "; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --build) build=$2; shift 2 ;;
        --no-readme) readme=0; shift ;;
        --flush-l2) flush=(--flush-l2); shift ;;
        --replot) replot=1; shift ;;
        *) echo "bench: unknown option $1" >&2; exit 2 ;;
    esac
done
pow() { # "2^k" or a number -> number
    case $1 in 2^*) echo $((1 << ${1#2^})) ;; *) echo "$1" ;; esac
}

chapters=() real_chapters=()
for d in chapters/[0-9][0-9]_*/; do
    c=$(basename "$d")
    case $c in
        # (11_convolution computes a convolution, not a transform: no row of this sweep)
        01_dft|10_distributed|11_convolution) continue ;;
        09_real_input) real_chapters+=("$c") ;;
        *) chapters+=("$c") ;;
    esac
done
peers=()
for p in peer_fftw peer_clfft peer_vkfft; do
    [ -x "$build/$p" ] && peers+=("$p")
done
if [ -n "$only" ]; then
    for name in $only; do
        case " ${chapters[*]} ${real_chapters[*]} 11_convolution peer_fftw peer_clfft peer_vkfft peer_cufft " in
            *" $name "*) ;;
            *) echo "bench: --only: '$name' is no chapter of the sweep (${chapters[*]} ${real_chapters[*]}) and no peer (peer_fftw peer_clfft peer_vkfft peer_cufft)" >&2; exit 2 ;;
        esac
    done
    keep() { local x; for x in "$@"; do [[ $only == *" $x "* ]] && printf '%s\n' "$x"; done; }
    mapfile -t chapters < <(keep "${chapters[@]}")
    mapfile -t real_chapters < <(keep "${real_chapters[@]}")
    mapfile -t peers < <(keep ${peers[@]+"${peers[@]}"})
    cpu_variants=$(for v in $cpu_variants; do [[ $only == *" ${v%%:*} "* ]] && printf '%s ' "$v"; done)
    gpu_variants=$(for v in $gpu_variants; do [[ $only == *" ${v%%:*} "* ]] && printf '%s ' "$v"; done)
    cpu_variants=${cpu_variants% } gpu_variants=${gpu_variants% }
fi

# Device kind decides the default total: a GPU needs 2^24 points to be busy.
devline=$("$build/${chapters[0]:-02_radix2}" --size 2 --repeat 0 2>/dev/null | sed -n 's/^device *//p')
case $devline in *"(GPU)"*) gpu=1 ;; *) gpu=0 ;; esac
# cuFFT (bench/peer_cufft.py) on an NVIDIA GPU where CuPy finds a CUDA device
cufft=0
case $devline in
    *NVIDIA*"(GPU)"*)
        if [ $replot = 0 ] && [[ -z $only || $only == *" peer_cufft "* ]] &&
           python3 -c 'import cupy, numpy; cupy.cuda.runtime.getDeviceCount()' >/dev/null 2>&1; then
            peers+=(peer_cufft) cufft=1
        fi ;;
esac
[ -n "$total" ] || total=$([ $gpu = 1 ] && echo 2^24 || echo 2^20)
[ "$sizes" != default ] || sizes="2^10 2^12 2^14 2^16 2^18 2^20 2^22 2^24"
[ "$variants" != default ] || variants=$([ $gpu = 1 ] && echo "$gpu_variants" || echo "$cpu_variants")
# A misspelt variant would fail every run of an hour-long sweep: check the list against
# the chapters in the sweep and the variants their --help lists, first (not for --replot,
# which runs nothing and may have no build).
if [ $replot = 0 ]; then
    for v in $variants; do
        c=${v%%:*} name=${v#*:}
        case " ${chapters[*]} ${real_chapters[*]} " in
            *" $c "*) [ "$c" != "$v" ] || {
                echo "bench: --variants: '$v' is not CHAPTER:VARIANT" >&2; exit 2; } ;;
            *) echo "bench: --variants: '$v' is not CHAPTER:VARIANT of a chapter in the sweep" \
                    "(${chapters[*]} ${real_chapters[*]})" >&2; exit 2 ;;
        esac
        if [ "$name" = tune ]; then
            # --tune at N = 2 measures nothing, but a chapter without shapes refuses it (N = 1
            # would be refused by 09_real_input for being odd). Any other failure (no device
            # matches FFTLAB_DEVICE, no platform) is its own message, not "no --tune".
            if ! probe=$("$build/$c" --size 2 --tune --repeat 0 2>&1); then
                if printf '%s\n' "$probe" | grep -q 'no per-pass group shapes'; then
                    echo "bench: --variants: $c does not take --tune (06_mixed_radix, 07_multidim and 09_real_input do)" >&2
                else
                    echo "bench: --variants: $c --size 2 --tune failed: $(printf '%s\n' "$probe" | grep -m1 '^FAIL' || printf '%s\n' "$probe" | tail -n 1)" >&2
                fi
                exit 2
            fi
            continue
        fi
        "$build/$c" --help 2>/dev/null | awk -v v="$name" '/^variants/ { on = 1; next } on && /^[^ ]/ { on = 0 }
                                                         on && $1 == v { found = 1 } END { exit !found }' || {
            echo "bench: --variants: $c has no variant '$name' ($build/$c --help lists them)" >&2; exit 2; }
    done
fi
# The programs of a c2c and of a real-input run: each chapter, then its extra variants.
c2c_progs=() real_progs=()
for c in "${chapters[@]}" "${real_chapters[@]}"; do
    ps=("$c")
    for v in $variants; do [ "${v%%:*}" = "$c" ] && ps+=("$v"); done
    case " ${real_chapters[*]} " in *" $c "*) real_progs+=("${ps[@]}") ;; *) c2c_progs+=("${ps[@]}") ;; esac
done
if [ -z "$label" ]; then
    label=$(printf '%s' "$devline" | sed 's/^[0-9]*:[0-9]* //; s/ (.*//' | tr 'A-Z' 'a-z' |
            sed 's/[^a-z0-9]\{1,\}/-/g; s/^-//' | cut -d- -f1-2)
    [ -n "$label" ] || label=device
fi
T=$(pow "$total")
if [ "$cases" = default ]; then
    cases="1000x16384 3072x5461 19683x852 15625x1073 16807x998 1000000x16 1009x16384"
    [ $gpu = 1 ] || cases="1000x1024 3072x341 19683x53 15625x67 16807x62 1000000x1 1009x1024"
fi
if [ "$shapes" = default ]; then
    shapes="4096x4096:1 1024x1024:16 1000x1000:16 256x256x256:1 512x512x64:1 128x128x128:8"
    [ $gpu = 1 ] || shapes="1024x1024:1 256x256:16 1000x1000:1 128x128x64:1 64x64x64:4 32x32x32:32"
fi
if [ "$real" = default ]; then
    real="2^20:16 4096x4096:1"
    [ $gpu = 1 ] || real="2^20:1 1024x1024:1"
fi
mkdir -p "$out"
csv=$out/$label.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ $replot = 1 ]; then
    [ -s "$csv" ] || { echo "bench: --replot needs $csv" >&2; exit 2; }
    devline=$(awk -F'"' 'NR == 2 { print $6 }' "$csv")
    T=$(awk "$(cat tools/csv.awk)"'NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
          { csvsplit($0, v); print v[c["n"]] * v[c["batch"]]; exit }' "$csv")
else
echo "bench: device '$devline' -> $csv; total points per call $T; chapters ${chapters[*]}; variants ${variants:-none}; peers ${peers[*]:-none}"
# The device's copy bandwidth (the "% copy" column's 100 %), measured once here by the copy
# kernel, then handed to every run: all rows share one measure, and no run spends the
# 2 x 256 MiB again. FFTLAB_COPY_GBS given by the caller is kept.
if [ -z "${FFTLAB_COPY_GBS:-}" ]; then
    FFTLAB_COPY_GBS=$("$build/${chapters[0]:-02_radix2}" --size 2 --repeat 1 --warmup 0 --no-verify \
        --format csv 2>/dev/null | awk "$(cat tools/csv.awk)"'
            NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
            { csvsplit($0, v); print v[c["copy_gbs"]]; exit }')
    case $FFTLAB_COPY_GBS in
        ''|*[!0-9.e+-]*) echo "bench: could not measure the copy bandwidth (got '$FFTLAB_COPY_GBS')" >&2; exit 1 ;;
    esac
fi
export FFTLAB_COPY_GBS
echo "bench: copy bandwidth $FFTLAB_COPY_GBS GB/s (copy kernel, measured once for every row)"
[ ${#peers[@]} -gt 0 ] || echo "bench: no peer binaries in $build (make builds peer_fftw; peer_clfft needs libclfft-dev, peer_vkfft libvkfft-dev)"
for p in peer_clfft peer_vkfft; do
    [ -x "$build/$p" ] || echo "bench: note: $p not built, no $p rows (make peers; tools/install-deps.sh --ci installs its library)"
done
[ $gpu = 0 ] || [ $cufft = 1 ] || [[ -n $only && $only != *" peer_cufft "* ]] ||
    echo "bench: note: no cuFFT rows (bench/peer_cufft.py needs an NVIDIA GPU and CuPy: python3 -c 'import cupy')"

# run_prog PROG N BATCH [--real]: one run, its CSV on $tmp/row and its stderr on $tmp/err;
# returns its exit status (124: timed out; above 128: killed by signal status-128).
# PROG is a chapter, CHAPTER:VARIANT (that chapter with --variant VARIANT) or a peer.
run_prog() {
    local prog=$1 n=$2 b=$3 more=${4:-} var=()
    [ "${prog%%:*}" = "$prog" ] || var=(--variant "${prog#*:}")
    [ "${prog#*:}" != tune ] || var=(--tune)   # CHAPTER:tune: the default, shapes measured
    case $prog in
    peer_cufft)
        # --size takes a shape as the chapters do (4096x4096); the copy bandwidth is the
        # sweep's, for the % copy column; the commit the build's, as the chapters' rows name
        timeout -k 5 900 python3 bench/peer_cufft.py --size "$n" --batch "$b" $more \
            ${flush[@]+"${flush[@]}"} --copy-gbs "$FFTLAB_COPY_GBS" \
            --commit "$(head -n 1 "$build/commit.txt" 2>/dev/null)" </dev/null >"$tmp/row" 2>"$tmp/err" ;;
    peer_*)
        # Peers run with at least a 64 MiB stack: VkFFT 1.2.26 on pocl 3.1 plans 2^18 as one
        # kernel with 4096-wide work-groups, whose work-group code overflows the default 8 MiB
        # stack of pocl's worker threads and dies with SIGSEGV (docs/peers.md;
        # peer_vkfft raises its threads' stack itself too). Harmless for the other peers and
        # devices. Chapters keep the default stack: a crash of ours must show, not be hidden.
        # The subshell does not exec, so bash's "Segmentation fault" lands in $tmp/err.
        (
            cur=$(ulimit -s)
            if [ "$cur" != unlimited ] && [ "$cur" -lt 65536 ]; then
                ulimit -s 65536 2>/dev/null || ulimit -s "$(ulimit -H -s)" 2>/dev/null
            fi
            timeout -k 5 900 "$build/$prog" --size "$n" --batch "$b" $more ${flush[@]+"${flush[@]}"} \
                --format csv </dev/null
            st=$?
            exit $st
        ) >"$tmp/row" 2>"$tmp/err" ;;
    *)
        timeout -k 5 900 "$build/${prog%%:*}" ${var[@]+"${var[@]}"} ${flush[@]+"${flush[@]}"} \
            --size "$n" --batch "$b" --format csv \
            </dev/null >"$tmp/row" 2>"$tmp/err" ;;
    esac
}

# The runs: "N B KIND" per line (N a length or a shape; KIND c2c or real), the
# power-of-two sweep first, then the mixed cases, the 2D/3D shapes, the real input.
runs=$(for s in $sizes; do n=$(pow "$s"); b=$(( T / n )); [ $b -ge 1 ] || b=1; echo "$n $b c2c"; done
       for c in $cases; do echo "$(pow "${c%x*}") $(pow "${c#*x}") c2c"; done
       for c in $shapes; do echo "${c%:*} ${c#*:} c2c"; done
       for c in $real; do echo "$(pow "${c%:*}") ${c#*:} real"; done)
first=1 skipped=()
while read -r n b kind; do
    if [ "$kind" = real ]; then progs=("${real_progs[@]}" "${peers[@]}"); else progs=("${c2c_progs[@]}" "${peers[@]}"); fi
    for prog in "${progs[@]}"; do
        who=${prog/:/ }   # as the table labels it: "05_register_radix simd"
        more=""
        [ "$kind" = real ] && [ "${prog#peer_}" != "$prog" ] && more=--real
        run_prog "$prog" "$n" "$b" $more
        st=$?
        sig=""
        if [ $st -gt 128 ] && [ $st -ne 137 ]; then
            sig=SIG$(kill -l $((st - 128)) 2>/dev/null || echo $((st - 128)))
        fi
        if [ $st = 0 ]; then
            [ $first = 1 ] && { head -n 1 "$tmp/row" >"$csv"; first=0; }
            sed -n 2p "$tmp/row" >>"$csv"
            awk "$(cat tools/csv.awk)"'
                NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
                { csvsplit($0, v)
                  printf "  %-22s N=%-9s batch=%-6s %s ms (%s, %s launches), loop %s ms\n", prog,
                         v[c["shape"]], v[c["batch"]], v[c["ms_median"]], v[c["timing"]],
                         v[c["launches"]], v[c["loop_ms"]] }' prog="$who" "$tmp/row"
        elif [ $st = 2 ] && grep -q 'cannot transform size\|cannot do N\|a size VkFFT does not do' "$tmp/err"; then
            printf '  %-22s N=%-9s batch=%-6s n/a: not a size it does, no row\n' "$who" "$n" "$b"
        elif [ -n "$sig" ] && [ "${prog#peer_}" != "$prog" ]; then
            printf '  %-22s N=%-9s batch=%-6s SKIPPED: the peer crashed (%s), no row\n' "$who" "$n" "$b" "$sig"
            skipped+=("$prog N=$n batch=$b ($sig)")
        else
            note=$(grep -v '^[[:space:]]*$' "$tmp/err" | grep -v 'Segmentation fault\|Aborted\|core dumped' | tail -n 1)
            case $st in
                124) note="timed out after 900 s${note:+; $note}" ;;
                137) note="killed (SIGKILL: timeout or out of memory)${note:+; $note}" ;;
                *) [ -n "$sig" ] && note="crashed ($sig)${note:+; $note}" ;;
            esac
            printf '  %-22s N=%-9s batch=%-6s FAILED: %s\n' "$who" "$n" "$b" "${note:-exit status $st}"
            fails=$((fails + 1))
        fi
    done
done <<<"$runs"
# (--only 11_convolution alone: no row here, the convolution part below has them)
if [ $first = 1 ]; then
    [[ $only == " 11_convolution " ]] || { echo "bench: no row measured" >&2; exit 1; }
else
    echo "bench: wrote $csv"
fi
[ ${#skipped[@]} = 0 ] || printf 'bench: note: %d peer runs skipped (crashed, no row): %s\n' \
    ${#skipped[@]} "$(IFS=';'; echo "${skipped[*]}")"
fi

if [ ! -s "$csv" ]; then
    :   # --only 11_convolution: no row of the sweep, nothing to plot
elif command -v gnuplot >/dev/null 2>&1; then
    for metric in gflops pct_copy; do
        ylabel=$([ $metric = gflops ] && echo 'GFLOP/s (5 N log2 N per transform)' || echo '% of the copy kernel bandwidth (1 read + 1 write)')
        # One line per label (tools/bench/bench-label.awk): a chapter's extra variant has
        # its own, in "CHAPTER@VARIANT.dat" (no blank in a file name; sorts after its
        # chapter's).
        awk -v m=$metric "$(cat tools/csv.awk tools/bench/bench-label.awk)"'
            NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
            { csvsplit($0, v); k = v[c["n"]] + 0; while (k > 1 && k % 2 == 0) k /= 2
              real = v[c["direction"]] ~ /^(r2c|c2r)$/
              who = benchlabel(v[c["chapter"]], v[c["variant"]]); sub(/ /, "@", who)
              if (k == 1 && v[c["shape"]] !~ /x/ && !real) print v[c["chapter"]], v[c["n"]], v[c[m]] > (dir "/" who ".dat") }' \
            dir="$tmp" "$csv"
        plot=""
        shopt -s nullglob
        dats=("$tmp"/*.dat)
        shopt -u nullglob
        if [ ${#dats[@]} = 0 ]; then
            echo "bench: no power-of-two rows in $csv: no $metric plot"
            continue
        fi
        for f in "${dats[@]}"; do
            t=$(basename "$f" .dat)
            t=${t/@/ }
            plot="$plot${plot:+, }'$f' using 2:3 with linespoints lw 2 title '${t//_/\\_}'"
        done
        gnuplot <<GP
set terminal svg size 800,480 font 'sans,13' background '#ffffff'
set output '$out/$label-$metric.svg'
set logscale x 2
set xlabel 'N (batch = $T / N)'
set ylabel '$ylabel'
set title '$(printf '%s' "$devline" | sed "s/'//g; s/_/\\\\_/g")'
set grid
set key outside right
plot $plot
GP
        echo "bench: wrote $out/$label-$metric.svg"
    done
else
    echo "bench: gnuplot not installed (make deps): no plots"
fi

if [ $readme = 1 ]; then
    tools/bench/bench-table.sh
fi

# The convolution part (see the top): its own script, folder and table. By default it runs
# in a whole sweep (no part of it named) and with --only 11_convolution; --conv CASES runs
# it anyway. Its folder is under --out's parent: results/11_convolution-<label>/ for the
# default --out, and only then is the lesson's table rewritten. The direct sweeps and the
# filter follow CONV_DIRECT_1D, CONV_KS_1D, CONV_DIRECT_2D, CONV_KS_2D, CONV_K and ROUNDS
# where the caller sets them (tools/gpu/gpu-conv.sh).
if [ "$conv" = default ] && [[ $only != *" 11_convolution "* ]] &&
    { [ "$sizes" != default ] || [ "$cases" != default ] || [ "$shapes" != default ] ||
      [ "$real" != default ] || [ -n "$only" ]; }; then
    conv=""
fi
if [ $replot = 0 ] && [ -n "$conv" ] && [ -x "$build/11_convolution" ]; then
    convdir=$(dirname "$out")/11_convolution-$label
    if [ $gpu = 1 ]; then
        [ "$conv" != default ] || conv="4096x4096:1 2^20:16"
        convenv=("CONV_DIRECT_1D=${CONV_DIRECT_1D-2^20:16}" "CONV_DIRECT_2D=${CONV_DIRECT_2D-1024x1024:1}")
    else
        [ "$conv" != default ] || conv="512x512:1 2^16:16"
        convenv=("CONV_DIRECT_1D=${CONV_DIRECT_1D-2^16:16}" "CONV_KS_1D=${CONV_KS_1D-2 4 8 16 32 64 128}"
                 "CONV_DIRECT_2D=${CONV_DIRECT_2D-256x256:1}" "CONV_KS_2D=${CONV_KS_2D-3 5 7 9 13}"
                 CONV_FFTW=1)
    fi
    echo "bench: convolution part ($conv) -> $convdir"
    if env BUILD="$build" CONV_CASES="$conv" "${convenv[@]}" tools/gpu/gpu-conv.sh "$convdir"; then
        echo "bench: wrote $convdir"
    else
        echo "bench: convolution part: a row FAILED ($convdir/log.txt says which)" >&2
        fails=$((fails + 1))
    fi
    [ $readme = 0 ] || [ "$out" != results/bench ] || tools/bench/conv-table.sh
fi
[ $fails = 0 ] || { echo "bench: $fails runs failed" >&2; exit 1; }
