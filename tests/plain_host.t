#!/usr/bin/env bash
# 02_plain_host: chapter 02's pass kernel driven by OpenCL alone (docs/plain-host.md). It
# must pass, and the page's copy of the program must be the file itself.
. "$(dirname "$0")/lib.sh"
need_binary 02_plain_host
run_case "plain host program, N = 1024: PASS" 0 '^PASS$' --has 'rel L2' -- "$BUILD/02_plain_host"
sed -n '/^<!-- plain_host.c:begin -->$/,/^<!-- plain_host.c:end -->$/p' docs/plain-host.md |
    sed '1,2d; $d' | sed '$d' >"$TMP/page.c"
cmp -s "$TMP/page.c" chapters/02_radix2/plain_host.c
ok $? "docs/plain-host.md shows chapters/02_radix2/plain_host.c as it is" ||
    diag "$(diff "$TMP/page.c" chapters/02_radix2/plain_host.c | head -20)"
done_testing
