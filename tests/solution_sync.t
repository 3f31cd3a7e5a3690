#!/usr/bin/env bash
# Solutions that are a copy of a chapter's kernel file stay a copy. Some exercises hand
# the learner the chapter's own kernel file with one function cut out (chapter 05: the
# building blocks, kernels/05_register_radix.cl). Their solution must be that file plus
# an exercise header and the //@ markers, nothing else, or the graded file and the one
# the chapter teaches drift apart. For each pair below, the solution with
#   - its header: every line up to and including the first that starts with " * ----"
#   - every line that starts (after indentation) with //@
# removed must equal the kernel file byte for byte. The last checks show that a drift,
# or a solution without the header's end line, is caught.
. "$(dirname "$0")/lib.sh"

# "solution kernel-file": solutions that must be the kernel file plus header and markers.
PAIRS=(
    "solutions/05_register_radix/dft8.cl kernels/05_register_radix.cl"
    "solutions/05_register_radix/twiddle_table.cl kernels/05_register_radix.cl"
    "solutions/07_multidim/column_load.cl kernels/07_multidim.cl"
    "solutions/07_multidim/transpose_tile.cl kernels/07_multidim.cl"
    "solutions/08_bluestein/chirp_table.cl kernels/08_bluestein.cl"
    "solutions/09_real_input/post_twist.cl kernels/09_real_input.cl"
    "solutions/10_distributed/exchange_map.cl kernels/10_distributed.cl"
)
# "solution kernel-file": solutions that ADD a piece the chapter's file does not have
# (chapter 06: dft6, digit_reverse_index; the chapter's own file must not solve them).
# Without the header and the whole exercise region (begin to end, solution and //@ lines,
# and the blank line before it) they must equal the kernel file.
ADDED=(
    "solutions/06_mixed_radix/dft6.cl kernels/06_mixed_radix.cl"
    "solutions/06_mixed_radix/digit_reverse.cl kernels/06_mixed_radix.cl"
)

# strip_solution FILE [regions]: FILE without the exercise header and the //@ lines (with
# "regions": without everything from //@exercise begin to //@exercise end, and the blank
# line before it, as well); exit 1
# (and no output) when FILE has no header end line.
strip_solution() {
    awk -v regions="${2:-}" '
        !done { if (/^ \* ----/) done = 1; next }
        regions && /^[ \t]*\/\/@exercise begin/ { inreg = 1; held = 0; next }
        regions && /^[ \t]*\/\/@exercise end/ { inreg = 0; next }
        inreg { next }
        /^[ \t]*\/\/@/ { next }
        held { print ""; held = 0 }
        regions && /^$/ { held = 1; next }
        { print }
        END { if (held) print ""; exit !done }
    ' "$1"
}

# check_pair SOLUTION KERNEL: 0 when in sync; otherwise 1, with why (and the diff) in $WHY.
WHY=$TMP/why
check_pair() {
    local sol=$1 kernel=$2 regions=${3:-} stripped=$TMP/stripped.cl f
    : >"$WHY"
    for f in "$sol" "$kernel"; do
        [ -f "$f" ] || { echo "  $f is missing" >>"$WHY"; return 1; }
    done
    if ! strip_solution "$sol" "$regions" >"$stripped"; then
        echo "  $sol has no line starting with ' * ----': its exercise header must end with one" >"$WHY"
        return 1
    fi
    cmp -s "$kernel" "$stripped" && return 0
    {
        echo "  $sol has drifted from $kernel."
        echo "  Without its header and //@ lines it must equal the kernel file: edit the solution"
        echo "  (or the kernel file), then run 'make stubs'. The difference (first 60 lines):"
        diff -u --label "$kernel" --label "$sol without header and //@ lines" "$kernel" "$stripped" |
            head -n 60 | sed 's/^/  /'
    } >"$WHY"
    return 1
}

for pair in "${PAIRS[@]}"; do
    read -r sol kernel <<<"$pair"
    check_pair "$sol" "$kernel"
    ok $? "$sol is $kernel plus its exercise header and //@ markers" || diag "$(cat "$WHY")"
done
for pair in "${ADDED[@]}"; do
    read -r sol kernel <<<"$pair"
    check_pair "$sol" "$kernel" regions
    ok $? "$sol is $kernel plus its exercise header and its exercise region" || diag "$(cat "$WHY")"
    ! grep -q -- "$(awk '/^[ \t]*\/\/@exercise begin/ { getline; getline; print; exit }' "$sol")" "$kernel"
    ok $? "$sol: the region's code is not in $kernel (copying the chapter's file does not solve it)"
done

# The check itself: a changed line, and a missing header end, must both be caught.
read -r sol kernel <<<"${PAIRS[0]}"
sed '0,/^[ \t]*\/\/@exercise end/s//&\n\/* an extra line *\//' "$sol" >"$TMP/drifted.cl"
! check_pair "$TMP/drifted.cl" "$kernel" && grep -q '^  +/\* an extra line \*/$' "$WHY"
ok $? "a line added to a copy of $sol is reported as drift, with the diff"
grep -v '^ \* ----' "$sol" >"$TMP/headless.cl"
! check_pair "$TMP/headless.cl" "$kernel" && grep -q 'no line starting with' "$WHY"
ok $? "a copy of $sol without the header's end line is reported"
read -r sol kernel <<<"${ADDED[0]}"
sed '0,/^[ \t]*\/\/@exercise end/s//&\n\/* an extra line *\//' "$sol" >"$TMP/drifted-added.cl"
! check_pair "$TMP/drifted-added.cl" "$kernel" regions && grep -q '^  +/\* an extra line \*/$' "$WHY"
ok $? "a line added outside the region of a copy of $sol is reported as drift"
done_testing
