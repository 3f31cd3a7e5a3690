#!/usr/bin/env bash
# --output is whole or not at all, and only the file named is written (issue 41): the
# temporary file beside it has a name no one can guess (mkstemp, O_EXCL), so a link or a
# folder planted at the old name (PATH.tmp.<pid>) is never written through; the replaced
# file's mode is kept; a signal that ends the process during the write leaves no temporary
# file (SIGTERM, which strace delivers at the write's fsync: deterministic).
# tests/io.t has the rest of --output (format, shapes, a full device, a folder it cannot
# write). One size (2^14), one pocl build, shared by every case (the first one makes it,
# so that the signal case's first fsync is the writer's); about 0.2 s a run.
. "$(dirname "$0")/lib.sh"
need_binary 02_radix2

R=$BUILD/02_radix2
RUN=("$R" --size 2^14 --repeat 0 --output)
mkdir -p "$TMP/out"

run_case "--output: a new file" 0 '^PASS$' -- "${RUN[@]}" "$TMP/out/y.npy"
[ "$(ls -A "$TMP/out")" = y.npy ]
ok $? "nothing but y.npy in its folder"

# The old temporary name, PATH.tmp.<pid>, made before the program starts under that pid
# (exec keeps the shell's): a folder there made the write fail; a link there was written
# through, into the link's target.
mkdir -p "$TMP/dir" "$TMP/link"
run_case "a folder at PATH.tmp.<pid>: written all the same" 0 '^PASS$' \
    -- bash -c 'mkdir "$0.tmp.$$" && exec "$@"' "$TMP/dir/y.npy" "${RUN[@]}" "$TMP/dir/y.npy"
[ -f "$TMP/dir/y.npy" ]
ok $? "the folder's neighbour y.npy is written"
printf 'target' >"$TMP/target"
run_case "a link at PATH.tmp.<pid>: not written through" 0 '^PASS$' \
    -- bash -c 'ln -s "$1" "$0.tmp.$$" && shift && exec "$@"' "$TMP/link/y.npy" "$TMP/target" \
    "${RUN[@]}" "$TMP/link/y.npy"
[ "$(cat "$TMP/target")" = target ]
ok $? "the link's target is left as it was"

# The mode of the file replaced is kept; a new file gets 0666 less the umask (mkstemp's
# 0600 must not leak out).
printf 'old' >"$TMP/out/m.npy" && chmod 640 "$TMP/out/m.npy"
run_case "--output over a file of mode 640" 0 '^PASS$' -- "${RUN[@]}" "$TMP/out/m.npy"
[ "$(stat -c %a "$TMP/out/m.npy")" = 640 ]
ok $? "the replaced file keeps mode 640 (has $(stat -c %a "$TMP/out/m.npy"))"
run_case "--output, umask 022: a new file" 0 '^PASS$' -- bash -c 'umask 022 && exec "$@"' _ "${RUN[@]}" "$TMP/out/n.npy"
[ "$(stat -c %a "$TMP/out/n.npy")" = 644 ]
ok $? "a new file has mode 644 under umask 022 (has $(stat -c %a "$TMP/out/n.npy"))"

# A signal during the write: strace delivers SIGTERM as the program enters fsync, the data
# written to the temporary file and not yet renamed (the first fsync of the run: pocl's
# cache is warm from the cases above). The old file stays whole, and no temporary file is
# left (it was: y.npy.tmp.<pid>). Skipped where strace is missing or cannot trace.
mkdir -p "$TMP/sig" && printf 'old' >"$TMP/sig/y.npy"
if strace -qq -o /dev/null true 2>/dev/null; then
    run_case "SIGTERM during the write: the process dies of it" 143 '' \
        -- strace -f -qq -o /dev/null -e trace=fsync -e inject=fsync:signal=SIGTERM "${RUN[@]}" "$TMP/sig/y.npy"
    [ "$(ls -A "$TMP/sig")" = y.npy ]
    ok $? "no temporary file left (the folder holds: $(ls -A "$TMP/sig" | tr '\n' ' '))"
    [ "$(cat "$TMP/sig/y.npy")" = old ]
    ok $? "the old file is left whole"
else
    skip "SIGTERM during the write" "strace is missing or cannot trace here"
fi
done_testing
