#!/usr/bin/env perl
# tap2junit.pl OUT.xml FILE.tap... — JUnit XML from raw TAP streams (make test JUNIT=...).
#
# One <testsuite> per TAP file (named after the file, without .tap), one <testcase> per
# test line, named by its description alone: no TAP ordinal, so a test inserted before it
# does not rename it in a dashboard's history (a description that repeats in one file gets
# " (2)", " (3)"...). A "not ok" gets a <failure> whose message is its description and
# whose text is its diagnostics: the # lines that follow it in the TAP, and its block of
# the file's stderr (FILE.err beside FILE.tap: tests/lib.sh's "Failed test N" block, with
# the command, its exit status and the tail of its output). A "# skip" gets a <skipped>
# with its reason. A missing or wrong plan is a failing <testcase name="plan">; a stream
# that bailed out an <error>. Times: a suite's is the file's wall time (FILE.time, written
# by tools/ci/tap-tee.sh), a testcase's the seconds since the test line before it
# (FILE.stamps, one arrival time per test line, also tap-tee's); without those files, 0. The
# XML validates against Jenkins' junit-10.xsd (tests/junit-10.xsd; tests/reports.t checks).
# Uses TAP::Parser, which comes with Perl. The file is written whole or not at all (a
# temporary file in OUT's folder, then rename). Exit status: 0 written, 2 usage or I/O error.
use strict;
use warnings;
use File::Temp qw(tempfile);
use File::Basename qw(dirname basename);
use TAP::Parser;

@ARGV >= 1 or do { print STDERR "usage: tap2junit.pl OUT.xml FILE.tap...\n"; exit 2 };
my ($out, @files) = @ARGV;
sub fail { print STDERR "tap2junit: @_\n"; exit 2 }

sub esc {
    my $s = shift // '';
    # bytes that are not UTF-8 become U+FFFD, then what XML 1.0 forbids goes
    utf8::decode($s) or $s =~ s/[^\x00-\x7F]/\x{FFFD}/g;
    $s =~ s/[^\x09\x0A\x0D\x20-\x{D7FF}\x{E000}-\x{FFFD}]//g;
    $s =~ s/&/&amp;/g; $s =~ s/</&lt;/g; $s =~ s/>/&gt;/g; $s =~ s/"/&quot;/g;
    utf8::encode($s);
    return $s;
}

sub slurp {
    my $f = shift;
    open(my $fh, '<', $f) or return undef;
    local $/;
    my $s = <$fh>;
    close $fh;
    return $s;
}

my ($all_tests, $all_fail, $all_err, $all_time, @suites) = (0, 0, 0, 0);
for my $file (@files) {
    my $tap = slurp($file) // fail("cannot read $file: $!");
    (my $base = $file) =~ s/\.tap$//;
    my $name = basename($base);
    # stderr's diagnostics per test number (tests/lib.sh: "#   Failed test N: 'name'")
    my %err;
    if (defined(my $e = slurp("$base.err"))) {
        my $n;
        for my $l (split /\n/, $e) {
            $n = $1 if $l =~ /^#\s+Failed test (\d+)/;
            $err{$n} .= "$l\n" if defined $n;
        }
    }
    my ($suite_time, @stamps) = (0);
    if (defined(my $t = slurp("$base.time"))) {
        $suite_time = $1 if $t =~ /^\S+ ([0-9.]+)/;
    }
    if (defined(my $s = slurp("$base.stamps"))) { @stamps = grep { /^[0-9.]+$/ } split /\n/, $s }
    my $parser = TAP::Parser->new({ tap => $tap });
    my (@cases, $last, %seen);
    my $k = 0;
    while (my $r = $parser->next) {
        if ($r->is_test) {
            my $desc = $r->description // '';
            $desc =~ s/^\s*-\s*//;
            $desc = 'unnamed test' if $desc eq '';
            my $n = ++$seen{$desc};
            $desc .= " ($n)" if $n > 1;
            my $time = 0;
            $time = $stamps[$k + 1] - $stamps[$k] if @stamps > $k + 1;
            $k++;
            $last = { name => $desc, ok => $r->is_ok, skip => $r->has_skip,
                      why => $r->explanation // '', time => $time < 0 ? 0 : $time,
                      diag => '', err => $r->is_ok ? '' : ($err{$r->number} // '') };
            push @cases, $last;
        } elsif ($r->is_comment && $last && !$last->{ok}) {
            $last->{diag} .= $r->as_string . "\n";
        } elsif ($r->is_bailout) {
            push @cases, { name => 'bail out', ok => 0, error => 1, time => 0,
                           text => $r->explanation // '' };
        }
    }
    if (!$parser->is_good_plan || $parser->exit) {
        push @cases, { name => 'plan', ok => 0, time => 0,
                       text => sprintf("planned %s, ran %d, exit %s\n", $parser->tests_planned // 'none',
                                       $parser->tests_run, $parser->exit // 0) };
    }
    $_->{text} //= ($_->{diag} // '') . ($_->{err} // '') for @cases;
    my $errors = grep { $_->{error} } @cases;
    my $fails = grep { !$_->{ok} && !$_->{error} } @cases;
    my $skips = grep { $_->{ok} && $_->{skip} } @cases;
    $all_tests += @cases;
    $all_fail += $fails;
    $all_err += $errors;
    $all_time += $suite_time;
    my $xml = sprintf(qq{  <testsuite name="%s" tests="%d" failures="%d" errors="%d" skipped="%d" time="%.3f">\n},
                      esc($name), scalar @cases, $fails, $errors, $skips, $suite_time);
    for my $c (@cases) {
        $xml .= sprintf(qq{    <testcase classname="%s" name="%s" time="%.3f"}, esc($name), esc($c->{name}), $c->{time});
        if (!$c->{ok}) {
            my $tag = $c->{error} ? 'error' : 'failure';
            $xml .= sprintf(qq{>\n      <%s message="%s">%s</%s>\n    </testcase>\n},
                            $tag, esc($c->{name}), esc($c->{text}), $tag);
        } elsif ($c->{skip}) {
            $xml .= sprintf(qq{>\n      <skipped message="%s"/>\n    </testcase>\n}, esc($c->{why}));
        } else {
            $xml .= "/>\n";
        }
    }
    push @suites, $xml . "  </testsuite>\n";
}
# (never onto a folder, a link, a device or a pipe: a rename would replace it)
fail("$out is a symbolic link; give the path of a plain file") if -l $out;
fail("$out exists and is not a plain file (a folder, device or pipe)") if -e $out && !-f $out;
my ($o, $tmp) = eval { tempfile('.tap2junit.XXXXXX', DIR => dirname($out)) };
$o or fail("cannot write into the folder of $out: " . ($@ =~ s/ at .*//sr));
print $o qq{<?xml version="1.0" encoding="UTF-8"?>\n};
printf $o qq{<testsuites name="fftlab" tests="%d" failures="%d" errors="%d" time="%.3f">\n},
    $all_tests, $all_fail, $all_err, $all_time;
print $o @suites;
print $o "</testsuites>\n";
close $o or do { unlink $tmp; fail("cannot write $tmp: $!") };
chmod 0644 & ~umask, $tmp;
rename $tmp, $out or do { unlink $tmp; fail("cannot rename to $out: $!") };
