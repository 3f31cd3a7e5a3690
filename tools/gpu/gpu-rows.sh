# tools/gpu/gpu-rows.sh — sourced by gpu-r2c.sh and gpu-tune.sh beside it (the scripts that
# measure on the lent GPU): `row LABEL PROGRAM ARGS...` runs one chapter or peer with
# --format csv (verified unless ARGS say otherwise) under a timeout of ROW_TIMEOUT seconds
# (default 120), logs the command, its exit status and seconds to $log, and appends its CSV
# row to $csv with LABEL in front (the header once, with a `label` column). Its stderr stays
# in $tmp/err for the caller. Needs csv, log, tmp and t0 set. Returns the run's exit status.
row() {
    local label=$1 s=$SECONDS rc
    shift
    timeout -k 5 "${ROW_TIMEOUT:-120}" "$@" --format csv >"$tmp/row" 2>"$tmp/err" </dev/null
    rc=$?
    echo "[$((SECONDS - t0))s] $label: $* -> exit $rc, $((SECONDS - s))s, $(tail -n 1 "$tmp/err")" >>"$log"
    [ "$rc" -eq 0 ] || { tail -n 4 "$tmp/err" | sed 's/^/    /' >>"$log"; return "$rc"; }
    [ -s "$csv" ] || { printf 'label,'; head -n 1 "$tmp/row"; } >"$csv"
    tail -n +2 "$tmp/row" | sed "s|^|\"$label\",|" >>"$csv"
}
