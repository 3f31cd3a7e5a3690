#!/usr/bin/env bash
# tap-tee.sh TEST — run one test file for prove (prove --exec) and keep its raw TAP in
# $TAP_DIR/<name>.tap, for tools/ci/tap2junit.pl, and its wall and CPU seconds (the test's
# processes: user + system) in $TAP_DIR/<name>.time, for tools/ci/test-times.sh. The
# test's exit status is passed on. $TAP_DIR/<name>.stamps: the start time, then the time each
# test line ("ok"/"not ok") arrived, one a line: tap2junit.pl's per-test times.
t=$1
name=${t#./}
name=${name//\//_}
start=${EPOCHREALTIME:-$(date +%s.%N)}
# stderr (the diagnostics of failed tests) goes to the terminal as it comes, and to
# NAME.err, which run-tests.sh prints again at the end when something failed
echo "$start" >"$TAP_DIR/$name.stamps"
"$t" 2> >(tee "$TAP_DIR/$name.err" >&2) | while IFS= read -r line || [ -n "$line" ]; do
    printf '%s\n' "$line"
    case $line in
        "ok "* | "not ok "*) echo "${EPOCHREALTIME:-$(date +%s.%N)}" >>"$TAP_DIR/$name.stamps" ;;
    esac
done | tee "$TAP_DIR/$name.tap"
status=${PIPESTATUS[0]}
wait $! 2>/dev/null
end=${EPOCHREALTIME:-$(date +%s.%N)}
# `times`' second line: the user and system time of this shell's finished children
# (run in this shell, not in a pipeline's subshell, which would not have them)
times >"$TAP_DIR/$name.times"
cpu=$(tail -n 1 "$TAP_DIR/$name.times" | awk '{ split($1, u, "m"); split($2, s, "m"); sub(/s/, "", u[2]); sub(/s/, "", s[2]); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
rm -f "$TAP_DIR/$name.times"
awk -v a="$start" -v b="$end" -v c="$cpu" -v n="$t" 'BEGIN { printf "%s %.1f %.1f\n", n, b - a, c }' >"$TAP_DIR/$name.time"
exit "$status"
