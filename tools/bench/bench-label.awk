# bench-label.awk — the label of a bench CSV row, one per table row and plot line
# (tools/bench/bench-table.sh, tools/bench/bench.sh's plots). Include it after csv.awk.
#   label = benchlabel(chapter, variant)   call it on every row, in file order
# A peer's label is its name (its variant column, "threads=2" or "default", says how it
# ran, not which program). A chapter's label is its name for its default variant and
# "CHAPTER VARIANT" for another, e.g. "05_register_radix simd" (bench.sh --variants): one
# chapter can have two rows of one size, and the second must not overwrite the first.
# The default is the first variant a chapter's rows show in the file: bench.sh runs a
# chapter's default before its extra variants at every size. Not the first entry of the
# chapter's variants[] in its main.c: a CSV outlives a change of default (the GPU CSV's
# 09_real_input rows are "twist", measured when that was 09's default; "fused" is now),
# and its table must not change when the source does.
function benchlabel(who, var) {
    if (who !~ /^[0-9][0-9]_/)
        return who
    if (!(who in benchlabel_default))
        benchlabel_default[who] = var
    return var == benchlabel_default[who] ? who : who " " var
}
