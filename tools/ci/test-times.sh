#!/usr/bin/env bash
# test-times.sh [BUILD] — the wall and CPU seconds of each test file of the last
# `make test` (from $BUILD/tap/*.time, written by tools/ci/tap-tee.sh), slowest first.
BUILD=${1:-${BUILD:-build}}
cat "$BUILD"/tap/*.time 2>/dev/null | sort -k3 -n -r |
    awk 'BEGIN { print "| test file | wall s | CPU s |"; print "|---|---|---|" }
         { printf "| %s | %s | %s |\n", $1, $2, $3; w += $2; c += $3 }
         END { printf "| all | %.0f (sum) | %.0f |\n", w, c }'
