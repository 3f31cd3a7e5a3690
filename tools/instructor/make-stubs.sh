#!/usr/bin/env bash
# make-stubs.sh — generate the exercise stubs from the solutions' marked regions.
#
#   tools/instructor/make-stubs.sh write   regenerate exercises/NN_slug/X.cl from
#                                          solutions/NN_slug/X.cl
#   tools/instructor/make-stubs.sh check   regenerate into a temporary folder and compare:
#                                          exit 1 (with a diff) when a committed stub is
#                                          stale or missing, a solution has no region, a
#                                          stub equals its solution, or a stub has no
#                                          solution
#
# Maintainers edit the solutions only; stubs are never edited by hand. In a solution, the
# part the learner writes is a region:
#
#       //@exercise begin: What the learner should write here (one line).
#       //@stub real2_t tw = (real2_t)(0, 0);
#       real2_t tw = w[m];
#       //@exercise end
#
# In the stub, the begin line becomes "// TODO(exercise): <text>" at the same indentation,
# each "//@stub " line loses that prefix (what follows it, indentation included, is kept;
# a bare "//@stub" gives an empty line), and the solution lines are dropped. Lines outside
# regions are copied verbatim. A file may have several regions; markers must start their
# line (after indentation), regions do not nest, and "//@stub" is only allowed inside one.
# The stub carries no generated header: its first line is the solution's, which opens with
# what the exercise is, "/* Exercise NN_slug/name — ..." (a student's file names no
# maintainer and no solution). `check` fails a stub whose line 1 says otherwise, and one
# that names a solutions/ path, since that would send the student to the answer.
#
# Exit status: 0 fine, 1 check failed or a solution is malformed, 2 usage error.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"

SOL_DIR=solutions
EX_DIR=exercises

usage() {
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}" >&2
    exit 2
}

# generate SOLUTION OUTPUT: write the stub of SOLUTION to OUTPUT; messages on stderr.
generate() {
    local sol=$1 out=$2
    awk -v src="$sol" '
        function fail(msg) {
            printf "%s:%d: %s\n", src, NR, msg > "/dev/stderr"
            bad = 1
            exit 1
        }
        BEGIN { bad = 0; inreg = 0; nreg = 0 }
        {
            line = $0
            if (match(line, /^[ \t]*\/\/@/)) {
                ind = substr(line, 1, RLENGTH - 3)
                rest = substr(line, RLENGTH + 1)
                if (rest ~ /^exercise begin:/) {
                    if (inreg) fail("//@exercise begin inside a region (regions do not nest; close the one opened at line " begin_line ")")
                    text = substr(rest, length("exercise begin:") + 1)
                    sub(/^[ \t]+/, "", text)
                    sub(/[ \t\r]+$/, "", text)
                    if (text == "") fail("//@exercise begin: needs a one-line description of what to write")
                    print ind "// TODO(exercise): " text
                    inreg = 1; nreg++; begin_line = NR
                    next
                }
                if (rest ~ /^exercise end[ \t\r]*$/) {
                    if (!inreg) fail("//@exercise end without a matching //@exercise begin")
                    inreg = 0
                    next
                }
                if (rest ~ /^stub[ \t\r]*$/) {
                    if (!inreg) fail("//@stub outside an exercise region")
                    print ""
                    next
                }
                if (rest ~ /^stub /) {
                    if (!inreg) fail("//@stub outside an exercise region")
                    print ind substr(rest, 6)
                    next
                }
                fail("unknown marker \"//@" rest "\" (known: //@exercise begin: TEXT, //@stub LINE, //@exercise end)")
            }
            if (index(line, "//@") > 0)
                fail("a //@ marker must start its line (after indentation only)")
            if (!inreg)
                print line
        }
        END {
            if (bad) exit 1
            if (inreg) { NR = begin_line; fail("//@exercise begin without //@exercise end") }
            if (nreg == 0) { printf "%s: no //@exercise region: nothing for the learner to write\n", src > "/dev/stderr"; exit 1 }
        }
    ' "$sol" >"$out"
}

solutions() {
    local f found=0
    for f in "$SOL_DIR"/[0-9][0-9]_*/*.cl; do
        [[ -f $f ]] || continue
        found=1
        printf '%s\n' "$f"
    done
    if ((!found)); then
        echo "make-stubs: no solutions found under $SOL_DIR/NN_slug/*.cl" >&2
        return 1
    fi
}

# A scratch folder in $tmp, removed when the script exits.
tmp=
new_tmp() {
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/make-stubs.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
}

stub_of() { printf '%s/%s\n' "$EX_DIR" "${1#"$SOL_DIR"/}"; }

cmd_write() {
    local sol stub rc=0 list
    list=$(solutions) || return 1
    new_tmp
    while IFS= read -r sol; do
        stub=$(stub_of "$sol")
        if ! generate "$sol" "$tmp/stub.cl"; then
            echo "make-stubs: $sol is malformed; $stub left as it was" >&2
            rc=1
            continue
        fi
        mkdir -p "$(dirname "$stub")"
        if [[ -f $stub ]] && cmp -s "$tmp/stub.cl" "$stub"; then
            echo "unchanged  $stub"
        else
            cp "$tmp/stub.cl" "$stub"
            echo "wrote      $stub  (from $sol)"
        fi
    done <<<"$list"
    for stub in "$EX_DIR"/[0-9][0-9]_*/*.cl; do
        [[ -f $stub ]] || continue
        [[ -f $SOL_DIR/${stub#"$EX_DIR"/} ]] ||
            echo "make-stubs: warning: $stub has no solution $SOL_DIR/${stub#"$EX_DIR"/} (delete it, or add the solution)" >&2
    done
    return $rc
}

cmd_check() {
    local sol stub gen problems=0 count=0 list
    list=$(solutions) || return 1
    new_tmp
    while IFS= read -r sol; do
        count=$((count + 1))
        stub=$(stub_of "$sol")
        gen=$tmp/$stub
        mkdir -p "$(dirname "$gen")"
        if ! generate "$sol" "$gen"; then
            echo "FAIL  $sol: malformed or without an exercise region (see above)"
            problems=$((problems + 1))
            continue
        fi
        if [[ ! -f $stub ]]; then
            echo "FAIL  $stub is missing: run 'make stubs' (tools/instructor/make-stubs.sh write)"
            problems=$((problems + 1))
            continue
        fi
        if cmp -s "$sol" "$stub"; then
            echo "FAIL  $stub is identical to $sol: the stub would give the answer away"
            problems=$((problems + 1))
            continue
        fi
        if ! cmp -s "$gen" "$stub"; then
            echo "FAIL  $stub differs from what $sol generates (edit the solution, never the stub; then run 'make stubs'):"
            diff -u --label "$stub (committed)" --label "$stub (generated from $sol)" "$stub" "$gen" || true
            problems=$((problems + 1))
            continue
        fi
        id=${stub#"$EX_DIR"/}
        id=${id%.cl}
        if [[ $(head -n 1 "$stub") != "/* Exercise $id "* ]]; then
            echo "FAIL  $stub: its line 1 must say what the exercise is: \"/* Exercise $id — ...\""
            problems=$((problems + 1))
            continue
        fi
        if grep -n 'solutions/' "$stub" >"$tmp/names"; then
            echo "FAIL  $stub names a solution (a student's file must not point to the answer):"
            sed 's/^/      /' "$tmp/names"
            problems=$((problems + 1))
            continue
        fi
        echo "ok    $stub"
    done <<<"$list"
    for stub in "$EX_DIR"/[0-9][0-9]_*/*.cl; do
        [[ -f $stub ]] || continue
        if [[ ! -f $SOL_DIR/${stub#"$EX_DIR"/} ]]; then
            echo "FAIL  $stub has no solution $SOL_DIR/${stub#"$EX_DIR"/}: stubs are only generated from solutions"
            problems=$((problems + 1))
        fi
    done
    if ((problems)); then
        echo "make-stubs check: $problems problem(s) in $count stub(s)"
        return 1
    fi
    echo "make-stubs check: all $count stubs match their solutions"
}

[[ $# -eq 1 ]] || usage
case $1 in
write) cmd_write ;;
check) cmd_check ;;
-h | --help) usage ;;
*) usage ;;
esac
