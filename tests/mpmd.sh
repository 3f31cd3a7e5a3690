# Sourced by test files after lib.sh: two MPI ranks, each with a command of its own.
#
#   two_ranks_cmd A... : B...      sets TWO_RANKS to the command that runs A as rank 0
#                                  and B as rank 1, through tools/mpirun.sh
#   run_case NAME ... -- "${TWO_RANKS[@]}"
#
# mpirun's A : B form (MPMD) does that where this MPI can launch it. Open MPI 5.0.7
# cannot: any such launch, even `mpirun -n 1 true : -n 1 true`, dies with a segfault (exit
# 139, no output; Open MPI's bug, open-mpi/ompi issue 13303). So the first call probes
# that command; where it fails, TWO_RANKS is one launch of two ranks (-n 2) of a script
# that starts rank 0's or rank 1's command by the rank MPI gives it, and one skip line
# names the MPI version and why. The checks run either way: the program sees the same
# ranks, each with its own options and environment.
# FFTLAB_TEST_MPMD=0 takes the one-launch route on any MPI, FFTLAB_TEST_MPMD=1 the A : B form.

MPMD=${FFTLAB_TEST_MPMD:-}

_mpmd_probe() {
    local version rc=
    version=$(mpirun --version 2>/dev/null | head -n 1)
    if [ -z "$MPMD" ]; then
        timeout -k 5 60 "$ROOT/tools/mpirun.sh" -n 1 true : -n 1 true >"$TMP/mpmd-probe.out" 2>&1
        rc=$?
        MPMD=$((rc == 0))
    fi
    # by-rank A... :: B...   under mpirun -n 2: rank 0 runs A, rank 1 runs B (not ':', which
    # mpirun takes as its own A : B wherever it stands)
    cat >"$TMP/by-rank" <<'SCRIPT'
#!/usr/bin/env bash
rank=${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-${PMI_RANK:-}}}
[ -n "$rank" ] || { echo "by-rank: no MPI rank in the environment" >&2; exit 99; }
a=() b=() side=a
for x in "$@"; do
    if [ $side = a ] && [ "$x" = :: ]; then side=b; continue; fi
    if [ $side = a ]; then a+=("$x"); else b+=("$x"); fi
done
if [ "$rank" = 0 ]; then exec "${a[@]}"; else exec "${b[@]}"; fi
SCRIPT
    chmod +x "$TMP/by-rank"
    if [ "$MPMD" = 1 ]; then
        note "mpirun's A : B form (MPMD) works here (${version:-mpirun}): rank 1's own options use it"
    else
        local why="is not tried (FFTLAB_TEST_MPMD=0)"
        [ -z "$rc" ] || why="exits $rc"
        skip "mpirun's A : B form (MPMD)" "${version:-mpirun}: 'mpirun -n 1 true : -n 1 true' $why (Open MPI 5.0.7: open-mpi/ompi issue 13303); rank 1's own options go through one launch of 2 ranks instead, each rank's command chosen by its rank"
    fi
}

two_ranks_cmd() {
    [ -e "$TMP/by-rank" ] || _mpmd_probe
    local a=() b=() side=a x
    for x in "$@"; do
        if [ $side = a ] && [ "$x" = : ]; then side=b; continue; fi
        if [ $side = a ]; then a+=("$x"); else b+=("$x"); fi
    done
    if [ "$MPMD" = 1 ]; then
        TWO_RANKS=("$ROOT/tools/mpirun.sh" -n 1 "${a[@]}" : -n 1 "${b[@]}")
    else
        TWO_RANKS=("$ROOT/tools/mpirun.sh" -n 2 "$TMP/by-rank" "${a[@]}" :: "${b[@]}")
    fi
}
