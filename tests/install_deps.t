#!/usr/bin/env bash
# tools/install-deps.sh picks package names per release and says what it would do
# (--dry-run: no root, no apt-get). Ubuntu 22.04 has no libclang-rt-14-dev (clang-14's
# fuzzer runtime is in libclang-common-14-dev there); Debian 12 and Ubuntu 24.04 have it;
# Debian 13 has no clang-14 at all: clang-19 and libclang-rt-19-dev. Every release gets git
# (the student edition is what git tracks).
# A fake apt-get and sudo on PATH prove that a dry run calls neither.
. "$(dirname "$0")/lib.sh"
mkdir -p "$TMP/bin"
for t in apt-get sudo; do printf '#!/bin/sh\ntouch "%s/called-%s"\nexit 1\n' "$TMP" "$t" >"$TMP/bin/$t"; chmod +x "$TMP/bin/$t"; done
D=(env PATH="$TMP/bin:$PATH" tools/install-deps.sh)

run_case "Ubuntu 22.04 --ci: the fuzzer runtime from libclang-common-14-dev" 0 '' \
    --has "^deps: release ubuntu 22\.04, Ubuntu 22\.04 \(jammy\): package names checked, not tested \(given by --release\)$" \
    --has "would run: .*apt-get satisfy .*'clang-14' 'libclang-common-14-dev'" --lacks 'libclang-rt-14-dev' \
    --has 'universe is needed: pocl-opencl-icd' \
    -- "${D[@]}" --ci --dry-run --release ubuntu:22.04
run_case "Ubuntu 24.04 --ci: libclang-rt-14-dev, known by name" 0 '' --has "'clang-14' 'libclang-rt-14-dev'" \
    --has '^deps: release ubuntu 24\.04, Ubuntu 24\.04 \(noble\): package names checked' --lacks 'not a release' \
    --has 'universe is needed' -- "${D[@]}" --ci --dry-run --release ubuntu:24.04
run_case "Debian 12 --ci: libclang-rt-14-dev, no universe" 0 '' --has '^deps: release debian 12, Debian 12 \(bookworm\): tested ' \
    --has "'clang-14' 'libclang-rt-14-dev'" --lacks universe -- "${D[@]}" --ci --dry-run --release debian:12
run_case "Debian 13 --ci: clang-19 and libclang-rt-19-dev, known by name" 0 '' \
    --has '^deps: release debian 13, Debian 13 \(trixie\): tested in a fresh chroot' --lacks 'not a release' \
    --has "'clang-19' 'libclang-rt-19-dev'" --lacks 'clang-14' --lacks universe \
    -- "${D[@]}" --ci --dry-run --release debian:13
run_case "every release: git (make student-edition)" 0 '' --has "^deps: packages: .*, git(,|$)" \
    --has "would run: .* 'git'" -- "${D[@]}" --dry-run --release debian:13
run_case "another release: either runtime, whichever it has" 0 '' --has "'libclang-rt-14-dev \| libclang-common-14-dev'" \
    -- "${D[@]}" --ci --dry-run --release ubuntu:26.04
run_case "this system, dry run" 0 '^deps: (all present|would run: .*)$' --has '^deps: release ' -- "${D[@]}" --dry-run
[ ! -e "$TMP/called-apt-get" ] && [ ! -e "$TMP/called-sudo" ]
ok $? "a dry run calls neither apt-get nor sudo"
run_case "--release without --dry-run is a usage error" 2 '' --has 'is for --dry-run' -- "${D[@]}" --release ubuntu:22.04
done_testing
