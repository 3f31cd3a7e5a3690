#!/usr/bin/env bash
# make student-edition DEST=dir (tools/instructor/student-edition.sh): the repository without the
# answers. Fast set (about a second, no kernel build): the edition is made; it holds no
# solutions/ and no hidden manifest (also shown on a small git repository that has them); every composed region that held the chapter's own
# function now names the student's file (//@student), and the README says so; no answer
# text is left in any file of it (each //@exercise block of every solution, and each
# region's body, whitespace folded, against every file), and that check finds a planted
# copy; an existing DEST is refused. Slow set (one chapter, cold: ~40 CPU-s): the edition
# builds 05_register_radix with its own Makefile; there, its default run and both of its
# stubs fail, the tour says which exercises 05 waits on, and with the two solutions copied
# into exercises/ the default run and the grader pass.
. "$(dirname "$0")/lib.sh"

# Outside a git checkout (a downloaded archive) the edition cannot know what git tracks:
# exit 2, saying what to do; and this file's other cases need this repository to be a
# checkout, so they skip with that reason where it is not one.
A=$TMP/archive
mkdir -p "$A/tools/instructor"
cp tools/instructor/student-edition.sh "$A/tools/instructor/"
want="student-edition: .* is not a git checkout .*git clone.*git init -q && git add -A"
command -v git >/dev/null 2>&1 || want="student-edition: git is not installed .*make deps"
run_case "outside a git checkout: exit 2, says how to make one" 2 '' --has "$want" \
    -- env GIT_CEILING_DIRECTORIES="$TMP" "$A/tools/instructor/student-edition.sh" "$TMP/archive-edition"
[ ! -e "$TMP/archive-edition" ]
ok $? "outside a git checkout: no edition left behind"
if ! command -v git >/dev/null 2>&1; then
    skip "the student edition of this repository" "git is not installed (make deps installs it)"
    done_testing
elif ! git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    skip "the student edition of this repository" \
        "$ROOT is not a git checkout (an archive?): make student-edition needs one (git clone, or git init -q && git add -A)"
    done_testing
fi

ED=$TMP/edition
run_case "make student-edition DEST=dir makes the edition" 0 '' \
    --has 'student-edition: .*files \(git ls-files' \
    --has 'cut kernels/05_register_radix.cl: FL_EXERCISE_DFT8 -> exercises/05_register_radix/dft8.cl' \
    -- env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s student-edition DEST="$ED"
[ -d "$ED" ] || bail_out "no edition in $ED"

[ ! -e "$ED/solutions" ] && [ -d "$ED/exercises" ] && [ -f "$ED/exercises/manifest.tsv" ]
ok $? "no solutions/, the exercises and the public manifest are there"
# The edition speaks only of what it holds: no page, kernel or --help names solutions/.
{ grep -rln 'solutions/' "$ED/README.md" "$ED/docs" "$ED/kernels" "$ED"/chapters/*/README.md \
      "$ED"/exercises/*/README.md "$ED/exercises/README.md" "$ED"/exercises/*/*.cl
  grep -rln '<!-- instructor:' "$ED" --include='*.md'
  "$BUILD/06_mixed_radix" --help | grep -l 'solutions/' | sed 's/^/--help: /'; } >"$TMP/names" 2>&1
[ ! -s "$TMP/names" ]
ok $? "no page, kernel, exercise or --help of the edition names solutions/" || diag "$(head "$TMP/names")"
hidden=$(cd "$ED" && find . -name '*.hidden.tsv' -o -path './exercises/hidden*.tsv')
[ -z "$hidden" ]
ok $? "no hidden manifest (exercises/hidden*.tsv, *.hidden.tsv)" || diag "$hidden"

# What is left out, on a small repository of its own (this one has no hidden manifest
# to leave out): hidden manifests and solutions/, whatever their place.
M=$TMP/mini
mkdir -p "$M/tools/instructor" "$M/kernels" "$M/exercises/05_register_radix" "$M/solutions/05_register_radix"
cp tools/instructor/student-edition.sh "$M/tools/instructor/"
cp README.md "$M/"
cp kernels/05_register_radix.cl "$M/kernels/"
cp exercises/05_register_radix/dft8.cl "$M/exercises/05_register_radix/"
cp solutions/05_register_radix/dft8.cl "$M/solutions/05_register_radix/"
printf 'id\tchapter\tvariant\tpoints\tcases\n' | tee "$M/exercises/manifest.tsv" "$M/exercises/hidden.tsv" \
    "$M/exercises/hidden-fall.tsv" "$M/exercises/05.hidden.tsv" >"$M/course.hidden.tsv"
(cd "$M" && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm mini) ||
    bail_out "cannot make a git repository in $M"
run_case "a small repository's edition: made" 0 '' --has 'cut kernels/05_register_radix.cl: FL_EXERCISE_DFT8' \
    -- "$M/tools/instructor/student-edition.sh" "$TMP/mini-edition"
left=$(cd "$TMP/mini-edition" 2>/dev/null && find . -type f | sort | tr '\n' ' ')
[ "$left" = "./README.md ./exercises/05_register_radix/dft8.cl ./exercises/manifest.tsv ./kernels/05_register_radix.cl ./tools/instructor/student-edition.sh " ]
ok $? "it leaves out solutions/, exercises/hidden*.tsv and *.hidden.tsv (anywhere)" || diag "has: $left"
# The edition of an edition (make grade-submission's starter, made from a template
# repository that is itself an edition) is the same files: one students' note, no new cut.
(cd "$TMP/mini-edition" && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm ed) &&
    "$TMP/mini-edition/tools/instructor/student-edition.sh" "$TMP/mini-edition2" >/dev/null &&
    diff -r -x .git "$TMP/mini-edition" "$TMP/mini-edition2" >"$TMP/ed2.diff" &&
    [ "$(grep -c '^> \*\*Student edition' "$TMP/mini-edition2/README.md")" = 1 ]
ok $? "the edition of an edition is the same edition (the students' note once)" || diag "$(head -n 8 "$TMP/ed2.diff")"

# Every composed region of kernels/ that holds code is //@student in the edition, naming
# its stub; regions that hold only a comment (the chapter does not solve it) stay.
code_only() { sed -e 's,/\*.*\*/,,g' -e 's,//.*,,' -e '/^[[:space:]]*\*/d' -e '/^[[:space:]]*\/\*/d' -e '/^[[:space:]]*$/d'; }
region() { awk -v g="$1" '!on && $1 == "#ifndef" && $2 == g { on = 1; d = 1; next }
    on && /^[ \t]*#[ \t]*if/ { d++ } on && /^[ \t]*#[ \t]*endif/ { if (--d == 0) exit } on { print }' "$2"; }
bad=
cut=0
for k in kernels/*.cl; do
    for g in $(awk '$1 == "#ifndef" && $2 ~ /^FL_EXERCISE_/ { print $2 }' "$k"); do
        if [ -n "$(region "$g" "$k" | code_only)" ]; then
            line=$(region "$g" "$ED/$k" | grep '^//@student ')
            stub=${line#//@student }
            [ -n "$line" ] && [ -f "$ED/$stub" ] || bad="$bad $k:$g"
            cut=$((cut + 1))
        else
            cmp -s <(region "$g" "$k") <(region "$g" "$ED/$k") || bad="$bad $k:$g(changed)"
        fi
    done
done
[ -z "$bad" ] && [ "$cut" -ge 7 ]
ok $? "the $cut regions holding the chapter's answer name the student's file; the others stay" ||
    diag "wrong:$bad"
grep -q '^> \*\*Student edition.\*\*' "$ED/README.md" && grep -q '^> - 05_register_radix/dft8$' "$ED/README.md"
ok $? "README.md starts with the students' note, listing the exercises the chapters wait on"

# answers_left DIR: each answer (a solution's //@exercise blocks; a region's body in this
# checkout's kernels/) of at least 40 characters, whitespace folded, found in a file of
# DIR: one line per find. Blocks shorter than that (a barrier line, a stub-sized change)
# are not answers one can copy.
answers_left() {
    local needles=$TMP/needles
    : >"$needles"
    for sol in solutions/[0-9][0-9]_*/*.cl; do
        awk -v s="$sol" '/^[ \t]*\/\/@exercise begin/ { on = 1; b++; next }
            /^[ \t]*\/\/@exercise end/ { on = 0; printf "\n"; next }
            on && !/\/\/@/ { if (!started[b]++) printf "%s block %d\t", s, b; printf "%s ", $0 }' "$sol" >>"$needles"
    done
    for k in kernels/*.cl; do
        for g in $(awk '$1 == "#ifndef" && $2 ~ /^FL_EXERCISE_/ { print $2 }' "$k"); do
            [ -n "$(region "$g" "$k" | code_only)" ] || continue
            printf '%s %s\t%s\n' "$k" "$g" "$(region "$g" "$k" | tr '\n' ' ')" >>"$needles"
        done
    done
    perl -e '
        my ($dir, $list) = @ARGV;
        sub fold { my $t = shift; $t =~ s/\s+/ /g; $t =~ s/^ | $//g; return $t }
        my @needles;
        open my $n, "<", $list or die;
        while (<$n>) { chomp; my ($what, $text) = split /\t/, $_, 2; next unless defined $text;
                       $text = fold($text); push @needles, [$what, $text] if length($text) >= 40 }
        printf STDERR "%d answers\n", scalar @needles;
        my @files = split /\0/, `find "$dir" -type f -print0`;
        for my $f (@files) {
            open my $h, "<", $f or next; local $/; my $t = fold(<$h> // "");
            for my $x (@needles) { print "$x->[0] in $f\n" if index($t, $x->[1]) >= 0 }
        }' "$1" "$needles"
}
left=$(answers_left "$ED" 2>"$TMP/count")
[ -z "$left" ] && grep -qE '^[1-9][0-9]+ answers$' "$TMP/count"
ok $? "no answer text in the edition ($(cat "$TMP/count"), against every file)" || diag "$left"
mkdir -p "$TMP/planted"
cp -r "$ED/kernels" "$TMP/planted/"
cp solutions/09_real_input/post_twist.cl "$TMP/planted/kernels/notes.txt"
cp kernels/05_register_radix.cl "$TMP/planted/kernels/05_register_radix.cl"
left=$(answers_left "$TMP/planted" 2>/dev/null)
grep -q 'solutions/09_real_input/post_twist.cl block 1 in .*/notes.txt' <<<"$left" &&
    grep -q 'kernels/05_register_radix.cl FL_EXERCISE_DFT8 in .*/05_register_radix.cl' <<<"$left"
ok $? "the answer check finds a copied solution and a region left in a kernel file" || diag "$left"

run_case "an existing DEST is refused, left as it was" 2 '' --has "$ED exists" \
    -- tools/instructor/student-edition.sh "$ED"

# Slow set: the edition builds and grades one chapter on its own.
E05=$ED/build/05_register_radix
slow_case "the edition builds 05_register_radix with its own Makefile" 0 '' --timeout 600 \
    -- env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$ED" build/05_register_radix
if [ "$SLOW_TESTS" = 1 ] && [ -x "$E05" ]; then
    run_case "edition: 05's default run builds the stub dft8 and fails, naming it" 1 '^FAIL' \
        --has 'note: built with your exercise .*/exercises/05_register_radix/dft8.cl' \
        -- "$E05" --size 512 --repeat 0
    run_case "edition: the tour says 05 waits on its two exercises (the rest not built)" 1 \
        '^tour: FAIL' --has '^05_register_radix +waits on your exercise: 05_register_radix/dft8 05_register_radix/twiddle_table' \
        --has '^tour: 1 chapters wait on your exercises' --timeout 600 -- "$ED/tools/tour.sh" "$ED/build"
    run_case "edition: both of 05's stubs fail the grader" 0 '' --has ' 0/3 points' \
        --timeout 600 -- env BUILD="$ED/build" "$ED/tools/grade.sh" --expect-fail --quick \
        --only 05_register_radix/dft8,05_register_radix/twiddle_table --json "$TMP/stubs.json"
    cp solutions/05_register_radix/dft8.cl solutions/05_register_radix/twiddle_table.cl \
        "$ED/exercises/05_register_radix/"
    run_case "edition, solutions copied in: 05's default run passes" 0 '^PASS$' \
        -- "$E05" --size 512 --repeat 0
    run_case "edition, solutions copied in: the grader gives 05's points" 0 '' --has ' 3/3 points' \
        --timeout 600 -- env BUILD="$ED/build" "$ED/tools/grade.sh" --quick \
        --only 05_register_radix/dft8,05_register_radix/twiddle_table --json "$TMP/sols.json"
else
    for n in "edition: 05's default run builds the stub dft8 and fails, naming it" \
        "edition: the tour says 05 waits on its two exercises (the rest not built)" \
        "edition: both of 05's stubs fail the grader" \
        "edition, solutions copied in: 05's default run passes" \
        "edition, solutions copied in: the grader gives 05's points"; do
        skip "$n" "slow set"
    done
fi
done_testing
