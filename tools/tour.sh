#!/usr/bin/env bash
# The chapter tour: each chapter at its demo size on the default device (or
# FFTLAB_DEVICE), one line per chapter, then a verdict. Usage: tools/tour.sh [BUILD_DIR]
# In the student edition (tools/instructor/student-edition.sh) a chapter builds the
# student's files in place of its own functions; one that fails then "waits on" those
# exercises: the tour names them, and when every failure is such a wait it ends "tour:
# WAITING" with exit 0.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
case $build in /*) ;; *) build=$root/$build ;; esac

chapters=()
for d in "$root"/chapters/[0-9][0-9]_*/; do chapters+=("$(basename "$d")"); done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf 'fftlab tour — each chapter at its demo size, verified against FFTW, then timed\n'
printf 'GFLOP/s counts 5·N·log2 N per transform; GB/s counts one read + one write of the data\n\n'
printf '%-18s %-14s %10s %10s %9s %8s %10s  %s\n' chapter "N x batch" "ms" "GFLOP/s" "GB/s" "% copy" "rel L2" verdict
pass=0
fail=0
waiting=0
for ch in "${chapters[@]}"; do
    if [ ! -x "$build/$ch" ]; then
        printf '%-18s not built (run make)\n' "$ch"
        fail=$((fail + 1))
        continue
    fi
    cmd=("$build/$ch")
    # the MPI chapter: two ranks through the project's mpirun wrapper (tools/mpirun.sh)
    [ "$ch" = 10_distributed ] && cmd=("$root/tools/mpirun.sh" -n 2 "$build/$ch")
    "${cmd[@]}" --format csv >"$tmp/$ch.csv" 2>"$tmp/$ch.err"
    rc=$?
    [ -z "${device_line:-}" ] && device_line=$(head -n 1 "$tmp/$ch.err" | sed "s/^[^ ]* on //")
    if [ $rc -eq 0 ] && [ "$(wc -l <"$tmp/$ch.csv")" -ge 2 ]; then
        awk -v ch="$ch" "$(cat "$root/tools/csv.awk")"'
            NR == 1 { n = csvsplit($0, h); for (i = 1; i <= n; i++) col[h[i]] = i; next }
            NR == 2 { csvsplit($0, f)
                      # (no copy kernel measured, as in 10_distributed: n/a, not 0%)
                      pc = f[col["pct_copy"]] == "" ? "n/a" : sprintf("%.3g%%", f[col["pct_copy"]])
                      printf "%-18s %-14s %10.4g %10.4g %9.4g %8s %10.2e  %s\n", ch,
                             (("shape" in col) ? f[col["shape"]] : f[col["n"]]) " x " f[col["batch"]], f[col["ms_median"]],
                             f[col["gflops"]], f[col["gbs"]], pc,
                             f[col["l2_error"]], f[col["verdict"]] }' "$tmp/$ch.csv"
        pass=$((pass + 1))
    else
        # the FAIL line (under mpirun, mpirun's own note comes after it)
        why=$(grep '^FAIL' "$tmp/$ch.err" | tail -n 1)
        # the student's files this run built (common/program.c's note, student edition)
        ex=$(sed -n 's|^note: built with your exercise .*/exercises/\([^ ]*\)\.cl .*|\1|p' "$tmp/$ch.err" |
            sort -u | tr '\n' ' ')
        if [ -n "$ex" ]; then
            printf '%-18s waits on your exercise: %s(make grade EX=...; exit %d: %s)\n' "$ch" "$ex" \
                "$rc" "${why:-$(tail -n 1 "$tmp/$ch.err")}"
            waiting=$((waiting + 1))
        else
            printf '%-18s FAIL (exit %d): %s\n' "$ch" "$rc" "${why:-$(tail -n 1 "$tmp/$ch.err")}"
            fail=$((fail + 1))
        fi
    fi
done
printf '\ndevice: %s\n' "${device_line:-unknown}"
if [ $fail -eq 0 ] && [ $waiting -gt 0 ]; then
    printf 'tour: WAITING — %d of %d chapters verified against FFTW, %d wait on your exercises\n' \
        "$pass" "${#chapters[@]}" "$waiting"
elif [ $fail -eq 0 ]; then
    printf 'tour: PASS — %d of %d chapters verified against FFTW\n' "$pass" "${#chapters[@]}"
else
    [ $waiting -gt 0 ] && printf 'tour: %d chapters wait on your exercises\n' "$waiting"
    printf 'tour: FAIL — %d of %d chapters failed\n' "$fail" "${#chapters[@]}"
    exit 1
fi
