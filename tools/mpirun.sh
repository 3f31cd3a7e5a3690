#!/usr/bin/env bash
# tools/mpirun.sh — mpirun for this project's MPI chapter (10_distributed), with what a
# laptop, a container or CI needs; the tests, the tour and the grader call it.
#
#   tools/mpirun.sh -n 2 build/10_distributed --size 1024x1024
#   tools/mpirun.sh -n 1 env OCL_ICD_VENDORS=/nonexistent build/10_distributed : -n 1 build/10_distributed
#
# Adds, in front of your arguments (Open MPI's mpirun; MPIRUN=... picks another one):
#   --oversubscribe       more ranks than cores is fine: with pocl every rank shares the CPU
#   --bind-to none        Open MPI pins each rank to one core by default (for 1 or 2 ranks);
#                         pocl's threads would then all share that core
#   --allow-run-as-root   only when run as root (containers, CI): Open MPI refuses root
#                         otherwise (the same as OMPI_ALLOW_RUN_AS_ROOT=1 and
#                         OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1)
# and, unless OMPI_MCA_btl is set or the arguments name hosts (--host, -H, --hostfile,
# --machinefile), no TCP transport (OMPI_MCA_btl=^tcp): on one host shared memory carries
# every message, and Open MPI 5's TCP transport warns "Unable to find reachable pairing
# between local and remote interfaces" where a container or chroot has only loopback;
# and, unless POCL_MAX_PTHREAD_COUNT is set already, gives each rank's pocl an equal share
# of the cores (cores / ranks, at least 1) so that P ranks on one CPU do not run P times as
# many threads as there are cores. It does nothing else to a GPU run. FFTLAB_MPIRUN_ARGS
# adds options of your own (e.g. "--mca btl self,vader").
#
# Exit status: mpirun's — the worst rank's exit code (10_distributed makes every rank exit
# with it), or 127 when mpirun is not installed (make deps installs Open MPI).
set -u
mpirun=${MPIRUN:-mpirun}
if ! command -v "$mpirun" >/dev/null 2>&1; then
    echo "tools/mpirun.sh: '$mpirun' not found: run 'make deps' (tools/install-deps.sh installs openmpi-bin)" >&2
    exit 127
fi

args=(--oversubscribe --bind-to none)
# Open MPI 4 keeps a session folder per job under one shared /tmp/ompi.<host>.<uid>; two
# mpiruns starting and ending at the same moment (the grader's parallel cases, two test
# files under prove -j2) race on it and one dies in orte_init ("orte_session_dir
# failed"). So every call gets a folder of its own as the base. Open MPI empties it when
# the job ends; the empty ones left by earlier calls are removed here (rmdir only removes
# an empty folder, so a running job's is safe). exec stays, so a timeout's signal reaches
# mpirun itself.
base=${TMPDIR:-/tmp}/fftlab-mpi
mkdir -p "$base" 2>/dev/null && rmdir "$base"/* 2>/dev/null
if session=$(mktemp -d "$base/s.XXXXXX" 2>/dev/null); then
    args+=(--mca orte_tmpdir_base "$session")
fi
[ "$(id -u)" -eq 0 ] && args+=(--allow-run-as-root)
# shellcheck disable=SC2206 # word splitting of the user's extra options is intended
[ -n "${FFTLAB_MPIRUN_ARGS:-}" ] && args+=(${FFTLAB_MPIRUN_ARGS})

if [ -z "${OMPI_MCA_btl:-}" ]; then
    one_host=1
    for a in "$@"; do
        case $a in -H | --host | --host=* | -host | --hostfile | --hostfile=* | -hostfile | \
                    --machinefile | -machinefile | --default-hostfile) one_host=0 ;; esac
    done
    [ $one_host = 0 ] || export OMPI_MCA_btl=^tcp
fi
if [ -z "${POCL_MAX_PTHREAD_COUNT:-}" ]; then
    # ranks = the sum of every -n/-np N (several apps joined by ':' each have one)
    ranks=0 prev=
    for a in "$@"; do
        case $prev in -n|-np|--np|-c) [[ $a =~ ^[0-9]+$ ]] && ranks=$((ranks + a)) ;; esac
        prev=$a
    done
    cores=$(nproc 2>/dev/null || echo 1)
    if [ "$ranks" -gt 1 ]; then
        per=$((cores / ranks))
        export POCL_MAX_PTHREAD_COUNT=$((per > 0 ? per : 1))
    fi
fi
exec "$mpirun" "${args[@]}" "$@"
