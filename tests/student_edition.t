#!/usr/bin/env bash
# make student-edition DEST=dir (tools/instructor/student-edition.sh): the repository without the
# answers. Fast set (about a second, no kernel build): the edition is made; it holds no
# solutions/ and no hidden manifest (also shown on a small git repository that has them);
# its kernels/ is this checkout's, whole (no exercise's file is built in a chapter's own
# path), and the README's note says nothing waits on the exercises; no answer text is in
# any file of it (each //@exercise block of every solution, whitespace folded, against
# every file), and that check finds a planted copy; an existing DEST is refused. Slow set
# (cold builds: a few CPU-minutes): the edition builds 05_register_radix and
# 06_mixed_radix with its own Makefile; there, with every exercise a stub, 05's default
# run and 06's at 1000 x 16 pass, and 05's two stubs fail the grader; then each
# answer alone (one solution copied into the edition's exercises/, every other file a
# stub) earns its points (tools/grade.sh --quick, the edition's programs).
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
    --has 'student-edition: .*files \(git ls-files' --lacks 'cut kernels/' \
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
cp exercises/05_register_radix/dft32.cl "$M/exercises/05_register_radix/"
cp solutions/05_register_radix/dft32.cl "$M/solutions/05_register_radix/"
printf 'id\tchapter\tvariant\tpoints\tcases\n' | tee "$M/exercises/manifest.tsv" "$M/exercises/hidden.tsv" \
    "$M/exercises/hidden-fall.tsv" "$M/exercises/05.hidden.tsv" >"$M/course.hidden.tsv"
(cd "$M" && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm mini) ||
    bail_out "cannot make a git repository in $M"
run_case "a small repository's edition: made" 0 '' --has 'student-edition: .*: 5 files' \
    -- "$M/tools/instructor/student-edition.sh" "$TMP/mini-edition"
left=$(cd "$TMP/mini-edition" 2>/dev/null && find . -type f | sort | tr '\n' ' ')
[ "$left" = "./README.md ./exercises/05_register_radix/dft32.cl ./exercises/manifest.tsv ./kernels/05_register_radix.cl ./tools/instructor/student-edition.sh " ]
ok $? "it leaves out solutions/, exercises/hidden*.tsv and *.hidden.tsv (anywhere)" || diag "has: $left"
# The edition of an edition (make grade-submission's starter, made from a template
# repository that is itself an edition) is the same files: one students' note, no new cut.
(cd "$TMP/mini-edition" && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm ed) &&
    "$TMP/mini-edition/tools/instructor/student-edition.sh" "$TMP/mini-edition2" >/dev/null &&
    diff -r -x .git "$TMP/mini-edition" "$TMP/mini-edition2" >"$TMP/ed2.diff" &&
    [ "$(grep -c '^> \*\*Student edition' "$TMP/mini-edition2/README.md")" = 1 ]
ok $? "the edition of an edition is the same edition (the students' note once)" || diag "$(head -n 8 "$TMP/ed2.diff")"

# kernels/ is the chapters' own, whole: no region is cut, so every chapter runs its own
# functions and builds an exercise's file only in that exercise's runs.
diff -r kernels "$ED/kernels" >"$TMP/kernels.diff" && ! grep -rq '//@student' "$ED/kernels"
ok $? "the edition's kernels/ is this checkout's, whole" || diag "$(head -n 8 "$TMP/kernels.diff")"
grep -q '^> \*\*Student edition.\*\* The answers are not here, and nothing waits on them' "$ED/README.md" &&
    [ "$(grep -c '^> \*\*Student edition' "$ED/README.md")" = 1 ]
ok $? "README.md starts with the students' note: nothing waits on the exercises"

# answers_left DIR: each answer (a solution's //@exercise blocks) of at least 40
# characters, whitespace folded, found in a file of DIR: one line per find. Blocks shorter than that (a barrier line, a stub-sized change)
# are not answers one can copy.
answers_left() {
    local needles=$TMP/needles
    : >"$needles"
    for sol in solutions/[0-9][0-9]_*/*.cl; do
        awk -v s="$sol" '/^[ \t]*\/\/@exercise begin/ { on = 1; b++; next }
            /^[ \t]*\/\/@exercise end/ { on = 0; printf "\n"; next }
            on && !/\/\/@/ { if (!started[b]++) printf "%s block %d\t", s, b; printf "%s ", $0 }' "$sol" >>"$needles"
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
sed -n '/^[ \t]*\/\/@exercise begin/,/^[ \t]*\/\/@exercise end/p' solutions/05_register_radix/dft32.cl |
    grep -v '//@' >>"$TMP/planted/kernels/05_register_radix.cl"
left=$(answers_left "$TMP/planted" 2>/dev/null)
grep -q 'solutions/09_real_input/post_twist.cl block 1 in .*/notes.txt' <<<"$left" &&
    grep -q 'solutions/05_register_radix/dft32.cl block 1 in .*/05_register_radix.cl' <<<"$left"
ok $? "the answer check finds a copied solution and an answer pasted into a kernel file" || diag "$left"

run_case "an existing DEST is refused, left as it was" 2 '' --has "$ED exists" \
    -- tools/instructor/student-edition.sh "$ED"

# Slow set: the edition builds and runs two chapters on its own, and grades each answer
# alone in it.
E05=$ED/build/05_register_radix E06=$ED/build/06_mixed_radix
slow_case "the edition builds 05_register_radix and 06_mixed_radix with its own Makefile" 0 '' \
    --timeout 600 -- env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$ED" build/05_register_radix \
    build/06_mixed_radix
names=("edition, every exercise a stub: 05's default run passes"
    "edition, every exercise a stub: 06 at 1000 x 16 passes (it builds 05's kernels)"
    "edition: both of 05's stubs fail the grader"
    "edition: each answer alone earns its points")
if [ "$SLOW_TESTS" = 1 ] && [ -x "$E05" ] && [ -x "$E06" ]; then
    run_case "${names[0]}" 0 '^PASS$' --lacks 'exercise' -- "$E05" --size 512 --repeat 0
    run_case "${names[1]}" 0 '^PASS$' --lacks 'WRONG' -- "$E06" --size 1000 --batch 16 --explain --repeat 0
    run_case "${names[2]}" 0 '' --has ' 0/3 points' \
        --timeout 600 -- env BUILD="$ED/build" "$ED/tools/grade.sh" --expect-fail --quick \
        --only 05_register_radix/dft32,05_register_radix/twiddle_table --json "$TMP/stubs.json"
    # The edition's chapter programs: this checkout's, copied beside its kernels (each finds
    # kernels/ from its own path), so the grades below build the edition's kernel files.
    for b in "$BUILD"/[0-9][0-9]_* "$BUILD"/04_tile_probe; do
        [ -e "$ED/build/$(basename "$b")" ] || cp -p "$b" "$ED/build/"
    done
    bad=
    for sol in solutions/[0-9][0-9]_*/*.cl; do
        id=${sol#solutions/} id=${id%.cl}
        cp "$sol" "$ED/exercises/$id.cl"
        out=$(env BUILD="$ED/build" "$ED/tools/grade.sh" --quick --only "$id" \
            --json "$TMP/alone.json" --draw 1 2>&1)
        max=$(grep -o "^# score: [0-9]*/[0-9]*" <<<"$out" | sed 's,.*/,,')
        grep -q "^# score: $max/$max points" <<<"$out" && [ -n "$max" ] && [ "$max" -gt 0 ] ||
            bad="$bad $id($(grep -m1 '^not ok' <<<"$out"))"
        cp "exercises/$id.cl" "$ED/exercises/$id.cl" # the stub again
    done
    # every exercise the manifest lists has its answer here, and no more
    n=$(ls solutions/[0-9][0-9]_*/*.cl | wc -l)
    listed=$(grep -v '^#' exercises/manifest.tsv |
        awk -F'\t' 'NF > 1 && $1 ~ /^[0-9][0-9]_/ { print $1 }' | sort -u | wc -l)
    [ -z "$bad" ] && [ "$n" -gt 0 ] && [ "$n" = "$listed" ]
    ok $? "${names[3]} ($n answers)" || diag "short:$bad"
else
    for n in "${names[@]}"; do skip "$n" "slow set"; done
fi
done_testing
