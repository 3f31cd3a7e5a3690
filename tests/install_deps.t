#!/usr/bin/env bash
# tools/install-deps.sh picks package names per release and says what it would do
# (--dry-run: no root, no apt-get). Ubuntu 22.04 has no libclang-rt-14-dev (clang-14's
# fuzzer runtime is in libclang-common-14-dev there); Debian 12 and Ubuntu 24.04 have it.
# A fake apt-get and sudo on PATH prove that a dry run calls neither.
. "$(dirname "$0")/lib.sh"
mkdir -p "$TMP/bin"
for t in apt-get sudo; do printf '#!/bin/sh\ntouch "%s/called-%s"\nexit 1\n' "$TMP" "$t" >"$TMP/bin/$t"; chmod +x "$TMP/bin/$t"; done
D=(env PATH="$TMP/bin:$PATH" tools/install-deps.sh)

run_case "Ubuntu 22.04 --ci: the fuzzer runtime from libclang-common-14-dev" 0 '' \
    --has "^deps: release ubuntu 22\.04 \(package names checked, not tested\)" \
    --has "would run: .*apt-get satisfy .*'clang-14' 'libclang-common-14-dev'" --lacks 'libclang-rt-14-dev' \
    --has 'universe is needed: pocl-opencl-icd' \
    -- "${D[@]}" --ci --dry-run --release ubuntu:22.04
run_case "Ubuntu 24.04 --ci: libclang-rt-14-dev" 0 '' --has "'clang-14' 'libclang-rt-14-dev'" \
    --has 'universe is needed' -- "${D[@]}" --ci --dry-run --release ubuntu:24.04
run_case "Debian 12 --ci: libclang-rt-14-dev, no universe" 0 '' --has '^deps: release debian 12 \(tested\)' \
    --has "'clang-14' 'libclang-rt-14-dev'" --lacks universe -- "${D[@]}" --ci --dry-run --release debian:12
run_case "another release: either runtime, whichever it has" 0 '' --has "'libclang-rt-14-dev \| libclang-common-14-dev'" \
    -- "${D[@]}" --ci --dry-run --release ubuntu:26.04
run_case "this system, dry run" 0 '^deps: (all present|would run: .*)$' --has '^deps: release ' -- "${D[@]}" --dry-run
[ ! -e "$TMP/called-apt-get" ] && [ ! -e "$TMP/called-sudo" ]
ok $? "a dry run calls neither apt-get nor sudo"
run_case "--release without --dry-run is a usage error" 2 '' --has 'is for --dry-run' -- "${D[@]}" --release ubuntu:22.04
done_testing
