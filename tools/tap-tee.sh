#!/usr/bin/env bash
# tap-tee.sh TEST — run one test file for prove (prove --exec) and keep its raw TAP in
# $TAP_DIR/<name>.tap, for tools/tap2junit.pl. The test's exit status is passed on.
t=$1
name=${t#./}
name=${name//\//_}
"$t" | tee "$TAP_DIR/$name.tap"
exit "${PIPESTATUS[0]}"
