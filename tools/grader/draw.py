"""The draw: the sizes and seeds a grading run picks at random, repeatable by --draw S.

The same --draw S must draw the same cases on every machine, shell and Python version, so
the numbers come from a generator written out here, not from a library's: splitmix64
(Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014; the
generator that seeds xoshiro), 64-bit arithmetic throughout:

    state += 0x9E3779B97F4A7C15
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB
    return z ^ (z >> 31)

Each exercise draws from a stream of its own, seeded with the 64-bit FNV-1a hash of the
text "S:ID" (--draw S, the exercise's id), so an exercise draws the same whether it is
graded alone (--only) or with others, and a hidden manifest's cases, which come after the
main manifest's, leave the main ones' draw as it was. An exercise's stream gives, in
order: its drawn seed (3 + r mod 999999990: never 1, the fixed seed, nor 2), then one
number per axis of each drawn case in manifest order. An axis of kind K in [lo, hi] takes
the (r mod n)-th of the n numbers of its kind there in increasing order: any (every
integer), pow2 (powers of two), smooth (2^a 3^b 5^c 7^d) or even (even and smooth). The
bias of r mod n is below n / 2^64.

tests/grader_draw.t keeps a fixed draw's --dry-run listing: a change of this sequence
fails it, on purpose (an instructor's "--draw S" of last term would draw other cases).
"""
import os

MASK = (1 << 64) - 1
DRAW_MAX = 999999999      # --draw takes 0 .. DRAW_MAX
SEED_SPAN = 999999990     # a drawn seed is 3 .. 3 + SEED_SPAN - 1


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & MASK
    return h


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def exercise_stream(draw, ident):
    """The generator of exercise IDENT under --draw DRAW."""
    return SplitMix64(fnv1a64(("%d:%s" % (draw, ident)).encode("utf-8", "surrogateescape")))


def fresh_draw():
    """A --draw for a run that was given none (printed, so the run can be repeated)."""
    return int.from_bytes(os.urandom(8), "little") % (DRAW_MAX + 1)


def valid_sizes(kind, lo, hi):
    """The numbers of KIND in [lo, hi], increasing (a range for any)."""
    if kind == "any":
        return range(lo, hi + 1)
    if kind == "pow2":
        return [1 << k for k in range(hi.bit_length()) if lo <= 1 << k <= hi]
    smooth = {1}
    for p in (2, 3, 5, 7):
        for v in sorted(smooth):
            v *= p
            while v <= hi:
                smooth.add(v)
                v *= p
    return sorted(v for v in smooth if v >= lo and (kind == "smooth" or v % 2 == 0))


def draw_seed(stream):
    return 3 + stream.next() % SEED_SPAN


def draw_size(stream, axes):
    """One size for a drawn case: the numbers of its AXES [(kind, lo, hi)], each drawn."""
    sizes = []
    for kind, lo, hi in axes:
        valid = valid_sizes(kind, lo, hi)
        sizes.append(valid[stream.next() % len(valid)])
    return sizes
