#!/usr/bin/env python3
"""One cuFFT call per case (C2C complex64 forward, out of place; r: R2C), for a profiler
(ncu) to list the kernels cuFFT launches for each: no other kernel is launched (the input
is copied from the host). Cases like bench/peer_cufft.py's: 19683x852, r:2^20x16."""
import sys
import numpy as np
import cupy as cp

def count(t):
    return 1 << int(t[2:]) if t.startswith("2^") else int(t)

for case in sys.argv[1:]:
    real = case.startswith("r:")
    c = case[2:] if real else case
    shape, _, b = c.partition("x") if "," in c else (c.split("x")[0], "x", c.split("x")[1])
    dims = [count(d) for d in shape.split(",")]
    batch = count(b)
    host = np.random.default_rng(1).standard_normal((batch, *dims)).astype(np.float32)
    axes = tuple(range(1, len(dims) + 1))
    if real:
        x = cp.asarray(host)
        y = cp.fft.rfftn(x, axes=axes)
    else:
        x = cp.asarray(host.astype(np.complex64))
        y = cp.fft.fftn(x, axes=axes)
    cp.cuda.Device().synchronize()
    print(case, "done", y.shape, file=sys.stderr)
