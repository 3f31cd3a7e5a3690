#!/usr/bin/env bash
# The shape of the code a learner opens, checked as text (no build, no device; ~1 s):
#   - no kernel file over MAX_KERNEL_LINES lines (a chapter's idea stays readable; the tuned
#     paths go in files of their own);
#   - kernels/06_passes.cl names no later chapter, hook, chirp or R2C: later chapters fill
#     its extension points from their own files;
#   - no file of common/ over MAX_COMMON_LINES lines, no function there over
#     MAX_FUNCTION_LINES (the harness stays a set of small files with one job each);
#   - no function name defined both in common/ and in a chapter (a static of the harness
#     that a chapter's function shadows reads as the same thing and is not);
#   - chapter 10's lesson folder (going_further/ left out) at most 2,000 lines of C;
#   - calls between the files of a chapter (its subfolders' too: 10's harness/ and
#     going_further/) go one way: no circle (main.c is the top);
#   - results/ holds data: no experiment scripts (exp*.sh) or patches (*.patch);
#   - every file and function name a lesson (chapters/*/README.md) cites in backquotes
#     exists in the tree.
# Each check also runs on a planted case, to show that it can fail.
. "$(dirname "$0")/lib.sh"
cd "$ROOT" || exit 2

MAX_KERNEL_LINES=500

# ---- kernel files <= MAX_KERNEL_LINES lines
# long_kernels FILE...: the files over the limit, "file: lines" each.
long_kernels() {
    local f n
    for f in "$@"; do
        n=$(wc -l <"$f")
        [ "$n" -le $MAX_KERNEL_LINES ] || echo "$f: $n"
    done
}
hits=$(long_kernels kernels/*.cl kernels/*.clh)
[ -z "$hits" ]
ok $? "every kernel file has at most $MAX_KERNEL_LINES lines" || note "$hits"
seq 1 $((MAX_KERNEL_LINES + 1)) >"$TMP/long.cl"
[ -n "$(long_kernels "$TMP/long.cl")" ]
ok $? "the check finds a planted kernel file of $((MAX_KERNEL_LINES + 1)) lines"

# ---- common/: small files, short functions
MAX_COMMON_LINES=600
MAX_FUNCTION_LINES=150
# functions FILE...: "file name first last" for each function the files define: a name at
# column 0 followed by "(" (a signature, on one line or more), then "{" and "}" at column 0.
functions() {
    perl -ne '
        if (/^[A-Za-z_][^;#]*?\b([A-Za-z_]\w*)\s*\(/ && !/;\s*$/) { $name = $1; $from = $.; }
        elsif (/^\{/ && defined $name) { $start = $from; }
        elsif (/^\}/ && defined $start) { print "$ARGV $name $start $.\n"; undef $start; undef $name; }
        close ARGV if eof;
    ' "$@"
}
# long_code FILE...: "file: N lines" for a file over MAX_COMMON_LINES, "file: name(): N
# lines" for a function over MAX_FUNCTION_LINES.
long_code() {
    local f n
    for f in "$@"; do
        n=$(wc -l <"$f")
        [ "$n" -le $MAX_COMMON_LINES ] || echo "$f: $n lines"
    done
    functions "$@" | awk -v max=$MAX_FUNCTION_LINES '$4 - $3 + 1 > max { print $1 ": " $2 "(): " $4 - $3 + 1 " lines" }'
}
hits=$(long_code $(find common -name '*.[ch]' | sort))
[ -z "$hits" ]
ok $? "every file of common/ has at most $MAX_COMMON_LINES lines, every function at most $MAX_FUNCTION_LINES" ||
    note "$hits"
{ printf 'static int planted(int x,\n                   int y)\n{\n'; seq 1 $MAX_FUNCTION_LINES | sed 's/.*/    x++;/'; printf '    return x + y;\n}\n'; } >"$TMP/long_fn.c"
seq 1 $((MAX_COMMON_LINES + 1)) >"$TMP/long_file.c"
hits=$(long_code "$TMP/long_fn.c" "$TMP/long_file.c")
[ "$hits" = "$TMP/long_file.c: $((MAX_COMMON_LINES + 1)) lines
$TMP/long_fn.c: planted(): $((MAX_FUNCTION_LINES + 5)) lines" ]
ok $? "the check finds a planted file of $((MAX_COMMON_LINES + 1)) lines and function of $((MAX_FUNCTION_LINES + 5))" ||
    note "$hits"

# ---- chapter 10's lesson folder stays a lesson
# The folder without going_further/ (the fast transports) holds the idea: main.c, the slab,
# the pipeline, the exchange, the verification across ranks, the options and the report.
# The harness of ranks running together is common/mpi/'s. At most MAX_LESSON10_LINES lines
# of C, so that it cannot grow back into the 4,000 lines it once was.
MAX_LESSON10_LINES=2000
# lesson_lines DIR: the lines of DIR's .c and .h files, going_further/ left out.
lesson_lines() {
    find "$1" -path "$1/going_further" -prune -o -type f \( -name '*.c' -o -name '*.h' \) -print0 |
        xargs -0 cat | wc -l
}
n=$(lesson_lines chapters/10_distributed)
[ "$n" -le $MAX_LESSON10_LINES ]
ok $? "chapters/10_distributed without going_further/ has at most $MAX_LESSON10_LINES lines of C ($n)"
mkdir -p "$TMP/lesson10/going_further" "$TMP/lesson10/harness"
seq 1 1500 >"$TMP/lesson10/main.c"
seq 1 501 >"$TMP/lesson10/harness/report.c"
seq 1 5000 >"$TMP/lesson10/going_further/shm.c"
[ "$(lesson_lines "$TMP/lesson10")" = 2001 ]
ok $? "the count finds a planted lesson folder of 2001 lines (its subfolder's counted, going_further/'s not)"

# ---- no function name both in common/ and in a chapter
# shared_names DIR DIR...: "name: file file" for each function name that DIR (the harness)
# and one of the other DIRs (the chapters) both define.
shared_names() {
    local common=$1 dir
    shift
    functions $(find "$common" -name '*.c' | sort) | awk '{ print $2, $1 }' | sort -u >"$TMP/names.common"
    for dir in "$@"; do
        functions $(find "$dir" -name '*.c' | sort) | awk '{ print $2, $1 }' | sort -u |
            join - "$TMP/names.common" | awk '{ print $1 ": " $2 " " $3 }'
    done
}
hits=$(shared_names common chapters/*/)
[ -z "$hits" ]
ok $? "no function name is defined both in common/ and in a chapter" || note "$hits"
mkdir -p "$TMP/names/common" "$TMP/names/ch"
printf 'static void judge(void)\n{\n}\n' >"$TMP/names/common/a.c"
printf 'void judge(void)\n{\n}\nvoid other(void)\n{\n}\n' >"$TMP/names/ch/b.c"
hits=$(shared_names "$TMP/names/common" "$TMP/names/ch")
[ "$hits" = "judge: $TMP/names/ch/b.c $TMP/names/common/a.c" ]
ok $? "the check finds a planted name defined in both" || note "$hits"

# ---- 06_passes.cl names no later chapter
# later_names FILE: lines naming a later chapter (07-10 by number or file), a hook, the
# chirp, Bluestein, Rader or real-input transforms.
later_names() {
    grep -niE 'hook|chirp|bluestein|rader|\b(r2c|c2r)\b|real input|\b(0?[789]|10)_[a-z]|(chapter|lesson)s? (0?[789]|10)\b|chapters? (0?[789]|10)(,| and)' "$1"
}
hits=$(later_names kernels/06_passes.cl)
[ -z "$hits" ]
ok $? "kernels/06_passes.cl names no later chapter, hook, chirp or R2C" || note "$hits"
printf '/* the hook of chapter 08 */\n' >"$TMP/hooked.cl"
[ -n "$(later_names "$TMP/hooked.cl")" ]
ok $? "the check finds a planted mention of a later chapter's hook"

# ---- one direction of calls in each chapter
# circles DIR: the functions each .c of DIR (and of its subfolders) defines (not static)
# and calls from another such .c, as a graph of files; prints every circle found ("a.c -> b.c -> a.c") and the
# calls that make it. Comments and strings are dropped first; a definition is a name at
# the start of a line followed by its parameters and a body.
circles() {
    perl -e '
        my %text;
        for my $f (@ARGV) {
            local $/; open(my $fh, "<", $f) or die "$f: $!"; my $t = <$fh>;
            $t =~ s{/\*.*?\*/}{ }gs; $t =~ s{//[^\n]*}{}g; $t =~ s{"(\\.|[^"\\])*"}{""}g;
            $text{$f} = $t;
        }
        my (%def, %edge, %why);
        for my $f (keys %text) {
            while ($text{$f} =~ /^(?!static\b)[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;{}()]*(?:\([^()]*\)[^;{}()]*)*\)\s*\{/mg) {
                $def{$1} = $f unless $1 eq "main";
            }
        }
        for my $f (keys %text) {
            for my $name (keys %def) {
                my $g = $def{$name};
                next if $g eq $f;
                if ($text{$f} =~ /\b\Q$name\E\s*\(/) { $edge{$f}{$g} = 1; push @{$why{"$f $g"}}, $name; }
            }
        }
        # a circle: a path from a file back to itself
        my %seen_circle;
        for my $start (sort keys %edge) {
            my @stack = ([$start, [$start]]);
            while (@stack) {
                my ($at, $path) = @{pop @stack};
                for my $next (sort keys %{$edge{$at} || {}}) {
                    if ($next eq $start) {
                        my @c = (@$path, $start);
                        my $key = join " ", sort @$path;
                        next if $seen_circle{$key}++;
                        my @calls = map { "$c[$_] calls " . join(", ", sort @{$why{"$c[$_] $c[$_+1]"}}) } 0 .. $#c - 1;
                        print join(" -> ", @c), " (", join("; ", @calls), ")\n";
                    } elsif (!grep { $_ eq $next } @$path) {
                        push @stack, [$next, [@$path, $next]];
                    }
                }
            }
        }
    ' $(find "$1" -name '*.c' | sort)
}
for dir in chapters/*/; do
    dir=${dir%/}
    set -- "$dir"/*.c
    [ $# -gt 1 ] || continue
    hits=$(circles "$dir")
    [ -z "$hits" ]
    ok $? "$(basename "$dir"): calls between its files go one way (no circle)" || note "$hits"
done
mkdir -p "$TMP/circle"
printf 'int top(void)\n{\n    return helper() + 1;\n}\n' >"$TMP/circle/main.c"
printf 'static int unused(void)\n{\n    return 0;\n}\nint helper(void)\n{\n    return top(); /* back up */\n}\n' >"$TMP/circle/plan.c"
[ -n "$(circles "$TMP/circle")" ]
ok $? "the check finds a planted circle (main.c -> plan.c -> main.c)"
mkdir -p "$TMP/circle2/going_further"
cp "$TMP/circle/main.c" "$TMP/circle2/main.c"
cp "$TMP/circle/plan.c" "$TMP/circle2/going_further/plan.c"
[ -n "$(circles "$TMP/circle2")" ]
ok $? "the check finds a planted circle through a subfolder (main.c -> going_further/plan.c -> main.c)"

# ---- results/ holds data
hits=$(find results -name '*.patch' -o -name 'exp*.sh' | sort)
[ -z "$hits" ]
ok $? "no experiment scripts (exp*.sh) or patches (*.patch) under results/" || note "$hits"
mkdir -p "$TMP/results/x"
: >"$TMP/results/x/exp1.sh"
[ -n "$(cd "$TMP" && find results -name '*.patch' -o -name 'exp*.sh')" ]
ok $? "the check finds a planted results/x/exp1.sh"

# ---- names a lesson cites exist
# A backquoted word is a file when it has a file's extension or starts with a top folder
# (kernels/..., results/...), and a function when it is a lower-case name with an
# underscore whose first part has two letters or more (mixed_pass, post_twist_pair; not
# the notation's x_j) or a name followed by "()". A file must exist: as a path from the
# top, or by its name anywhere in the tree; a function must appear as a word in the code
# (a definition, a kernel or a variant's name) or be one that the code makes by pasting
# or printing (fft_rows_r##R##_table, "ph_%s_ms"). Names from outside the
# project (a peer library's header) and variants the notebooks record that are gone from the
# code (lesson 05's dead ends) are listed in KNOWN.
KNOWN=' vkFFT.h runtime_radix '
CODE_DIRS=(chapters common kernels bench tools tests exercises solutions Makefile)
words_in_code=$TMP/words
code_grep() {
    grep -rhoE "$1" "${CODE_DIRS[@]}" --include='*.c' --include='*.h' --include='*.cl' \
        --include='*.clh' --include='*.sh' --include='*.mk' --include='*.tsv' \
        --include=Makefile 2>/dev/null | sort -u
}
code_grep '[A-Za-z_][A-Za-z0-9_]*' >"$words_in_code"
# names made by pasting (fft_rows_r##R##_table) or printing ("ph_%s_ms"), as regexes
made_names=$TMP/made
code_grep '[a-z][A-Za-z0-9_]*(##[A-Za-z_][A-Za-z0-9_]*(##)?|%z?[sdu])[A-Za-z0-9_#%]*' |
    sed -E 's/##[A-Za-z_][A-Za-z0-9_]*(##)?/[A-Za-z0-9]+/g; s/%z?[sdu]/[A-Za-z0-9]+/g; s/.*/^&$/' \
    >"$made_names"
all_files=$TMP/files
find . -path ./.git -prune -o -path './build*' -prune -o -type f -print | sed 's|^\./||' >"$all_files"
# missing_names README...: "README: `name`" for each cited name not found.
missing_names() {
    local readme word name
    for readme in "$@"; do
        grep -oE '`[^`]+`' "$readme" | tr -d '`' | sort -u | while IFS= read -r word; do
            case " $KNOWN " in *" $word "*) continue ;; esac
            if [[ $word =~ ^(kernels|common|chapters|results|tests|tools|bench|exercises|solutions|docs)/[A-Za-z0-9_./-]*$ ]] ||
                [[ $word =~ ^[A-Za-z0-9_./-]+\.(c|h|cl|clh|t|sh|md|csv|tsv|mk|py)$ ]]; then
                name=${word%/}
                if [ -e "$name" ]; then
                    :
                elif [[ $name == */* ]]; then
                    grep -qxF "$name" "$all_files" || echo "$readme: \`$word\`"
                else
                    grep -qE "(^|/)$(printf '%s' "$name" | sed 's/[.]/\\./g')\$" "$all_files" ||
                        echo "$readme: \`$word\`"
                fi
            elif [[ $word =~ ^([a-z][a-z0-9]+(_[a-z0-9]+)+)(\(\))?$ ]] ||
                [[ $word =~ ^([A-Za-z_][A-Za-z0-9_]*)\(\)$ ]]; then
                name=${BASH_REMATCH[1]}
                grep -qxF "$name" "$words_in_code" || printf '%s\n' "$name" | grep -qEf "$made_names" ||
                    echo "$readme: \`$word\`"
            fi
        done
    done
}
hits=$(missing_names chapters/*/README.md)
[ -z "$hits" ]
ok $? "every file and function name the lessons cite exists" || note "$hits"
printf 'See `kernels/06_gone.cl`, `no_such_pass` and `mixed_pass`.\n' >"$TMP/README.md"
hits=$(missing_names "$TMP/README.md")
[ "$hits" = "$TMP/README.md: \`kernels/06_gone.cl\`
$TMP/README.md: \`no_such_pass\`" ]
ok $? "the check finds a planted lesson's missing file and function, not the one that exists" ||
    note "$hits"

# Python 3.12 and later (Debian 13, Ubuntu 24.04) print a SyntaxWarning for an invalid
# escape such as "\(" in a plain string, and a page check that reads the tool's stderr then
# fails there only: every tracked script must compile with those warnings as errors here.
py_warnings() {
    local f
    for f in "$@"; do
        python3 -W error::DeprecationWarning -W error::SyntaxWarning -c \
            'import sys; compile(open(sys.argv[1]).read(), sys.argv[1], "exec")' "$f" \
            >/dev/null 2>&1 || echo "$f"
    done
}
hits=$(py_warnings $(git ls-files '*.py' 2>/dev/null || find tools bench tests -name '*.py'))
[ -z "$hits" ]
ok $? "every Python script compiles with no invalid-escape warning" || note "$hits"
printf '"""a docstring with ^plan \\( in it"""\n' >"$TMP/escape.py"
[ "$(py_warnings "$TMP/escape.py")" = "$TMP/escape.py" ]
ok $? "the check finds a planted invalid escape"

done_testing
