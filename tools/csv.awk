# csv.awk — split one CSV line into fields, honouring "quoted, fields" and "" escapes.
# Portable to mawk (Debian's default awk), which has no FPAT.
#   n = csvsplit($0, f)   -> f[1..n]
function csvsplit(line, f,    n, i, c, q, cur) {
    n = 0; cur = ""; q = 0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (q) {
            if (c == "\"") {
                if (substr(line, i + 1, 1) == "\"") { cur = cur "\""; i++ }
                else q = 0
            } else cur = cur c
        } else if (c == "\"") q = 1
        else if (c == ",") { f[++n] = cur; cur = "" }
        else cur = cur c
    }
    f[++n] = cur
    return n
}
