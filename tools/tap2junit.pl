#!/usr/bin/env perl
# tap2junit.pl OUT.xml FILE.tap... — JUnit XML from raw TAP streams (make test JUNIT=...).
#
# One <testsuite> per TAP file (named after the file, without .tap), one <testcase> per
# test line; a "not ok" gets a <failure> whose message is its description and whose text
# is the diagnostics (# lines) that follow it; a "# skip" a <skipped>; a missing or wrong
# plan, or a stream that bailed out, a failing <testcase name="plan">. Uses TAP::Parser,
# which comes with Perl. The file is written whole or not at all (a temporary file, then
# rename). Exit status: 0 written, 2 usage or I/O error.
use strict;
use warnings;
use TAP::Parser;

@ARGV >= 1 or die "usage: tap2junit.pl OUT.xml FILE.tap...\n";
my ($out, @files) = @ARGV;

sub esc {
    my $s = shift // '';
    $s =~ s/[^\x09\x0A\x0D\x20-\x{D7FF}\x{E000}-\x{FFFD}]//g;
    $s =~ s/&/&amp;/g; $s =~ s/</&lt;/g; $s =~ s/>/&gt;/g; $s =~ s/"/&quot;/g;
    return $s;
}

my ($all_tests, $all_fail, @suites) = (0, 0);
for my $file (@files) {
    open(my $fh, '<', $file) or die "tap2junit: cannot read $file: $!\n";
    my $tap = do { local $/; <$fh> };
    close $fh;
    (my $name = $file) =~ s{.*/}{};
    $name =~ s/\.tap$//;
    my $parser = TAP::Parser->new({ tap => $tap });
    my (@cases, $last);
    while (my $r = $parser->next) {
        if ($r->is_test) {
            my $desc = $r->description // '';
            $desc =~ s/^\s*-\s*//;
            $last = { name => sprintf('%d %s', $r->number, $desc), ok => $r->is_ok,
                      skip => $r->has_skip, todo => $r->has_todo, text => '' };
            push @cases, $last;
        } elsif ($r->is_comment && $last && !$last->{ok}) {
            $last->{text} .= $r->as_string . "\n";
        } elsif ($r->is_bailout) {
            push @cases, { name => 'bail out', ok => 0, text => $r->explanation // '' };
        }
    }
    if (!$parser->is_good_plan || $parser->exit) {
        push @cases, { name => 'plan', ok => 0,
                       text => sprintf("planned %s, ran %d, exit %s\n", $parser->tests_planned // 'none',
                                       $parser->tests_run, $parser->exit // 0) };
    }
    my $fails = grep { !$_->{ok} } @cases;
    $all_tests += @cases;
    $all_fail += $fails;
    my $xml = sprintf(qq{  <testsuite name="%s" tests="%d" failures="%d">\n}, esc($name), scalar @cases, $fails);
    for my $c (@cases) {
        $xml .= sprintf(qq{    <testcase classname="%s" name="%s"}, esc($name), esc($c->{name}));
        if (!$c->{ok}) {
            $xml .= sprintf(qq{>\n      <failure message="%s">%s</failure>\n    </testcase>\n},
                            esc($c->{name}), esc($c->{text}));
        } elsif ($c->{skip}) {
            $xml .= qq{>\n      <skipped/>\n    </testcase>\n};
        } else {
            $xml .= "/>\n";
        }
    }
    push @suites, $xml . "  </testsuite>\n";
}
my $tmp = "$out.tmp.$$";
open(my $o, '>', $tmp) or die "tap2junit: cannot write $tmp: $!\n";
print $o qq{<?xml version="1.0" encoding="UTF-8"?>\n};
printf $o qq{<testsuites name="fftlab" tests="%d" failures="%d">\n}, $all_tests, $all_fail;
print $o @suites;
print $o "</testsuites>\n";
close $o or do { unlink $tmp; die "tap2junit: cannot write $tmp: $!\n" };
rename $tmp, $out or do { unlink $tmp; die "tap2junit: cannot rename to $out: $!\n" };
