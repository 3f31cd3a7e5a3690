#!/usr/bin/env python3
"""peer_cufft.py — cuFFT (through CuPy) as a peer on an NVIDIA GPU, timed like the chapters.

    python3 bench/peer_cufft.py --size 1024 --batch 16384 [--real] [--repeat R] [--warmup W]
                                [--flush-l2]
    python3 bench/peer_cufft.py --cases "1024x16384 2^20x16 4096,4096x1 r:2^20x16"

Optional, like clFFT and VkFFT: nothing in learning or grading needs it. It prints the
chapters' CSV schema (the header, then one row per case, the columns of
common/report.c's fl_csv_header) with timing "events-cuda":

  - the input is copied on the device into the transform's buffer before every timed
    call (as the chapters copy src -> A), then the call is bracketed by two CUDA events
    on the same stream: END - START covers every kernel cuFFT launches for the call;
  - warm-up calls first (the plan is made once, outside the timing), then enough calls
    to fill ~0.2 s (at least 5, at most 1000), median, min, max and the interquartile
    range;
  - the loop measure: the same number of calls back to back, one synchronize, on the
    host clock (the chapters' loop_ms).

Checked against NumPy's FFT in double (relative L2 and max error, FFTW's sign and
scaling: forward exp(-2 pi i jk/N), nothing normalized). C2C single precision complex64,
out of place; --real: R2C (NumPy's rfftn layout). Shapes are written like the chapters'
--size: 1024, 2^20, or 512x512 for 2-D (outermost first).

--conv unfused (chapter 11's measure; bench/peer_conv.h says the problem): a circular
convolution with a filter of --filter-size K taps per axis at the origin (seeded random,
complex64), y = ifftn(fftn(x) * H) with H = fftn(h) / N made once before the checks; the
timed call is cupy.fft.fftn, the product (one CuPy elementwise kernel, in place), and
cupy.fft.ifftn with norm="forward" (cuFFT's unnormalized inverse: the 1/N is in H), all
between the two events. Checked against NumPy in double (the same product), with the
convolution's bounds (4x the FFT's: two transforms and a product). Its rows say variant
"unfused", the rates count 10 N log2 N + 6 N flops and 16 count + 8 N bytes a call.
"""
import argparse
import math
import socket
import sys
import time

HEADER = ("chapter,variant,device,driver,n,batch,direction,precision,verified,l2_error,max_error,"
          "l2_bound,max_bound,ms_median,ms_min,ms_max,runs,gflops,gbs,copy_gbs,pct_copy,h2d_ms,"
          "d2h_ms,verdict,timing,launches,loop_ms,shape,ms_q1,ms_q3,ms_stddev,date,commit,host")


def count(text):
    text = text.strip()
    if text.startswith("2^"):
        return 1 << int(text[2:])
    return int(text)


def parse_case(text):
    """'r:2^20x16' -> (real, dims, batch); dims outermost first; 'x' before the batch,
    ',' between axes (the manifest's convention), or a bare 512x512 with --batch."""
    real = text.startswith("r:")
    if real:
        text = text[2:]
    if "," in text:
        shape, _, batch = text.partition("x")
        dims = [count(d) for d in shape.split(",")]
        return real, dims, count(batch) if batch else 1
    parts = text.split("x")
    return real, [count(parts[0])], count(parts[1]) if len(parts) > 1 else 1


def measure(cp, np, real, dims, batch, warmup, repeat, seed, flush_l2=False, conv_k=0):
    n = math.prod(dims)
    axes = tuple(range(1, len(dims) + 1))
    rng = np.random.default_rng(seed)
    shape = (batch, *dims)
    bound_scale = 1
    if conv_k:
        if real:
            raise ValueError("--conv is a complex convolution: no --real")
        if any(conv_k > d for d in dims):
            raise ValueError(f"--filter-size {conv_k} is longer than an axis of {dims}")
        host = ((rng.random(shape) - 0.5) + 1j * (rng.random(shape) - 0.5)).astype(np.complex64)
        taps = ((rng.random((conv_k,) * len(dims)) - 0.5)
                + 1j * (rng.random((conv_k,) * len(dims)) - 0.5)).astype(np.complex64)
        h = np.zeros(dims, dtype=np.complex128)
        h[tuple(slice(0, conv_k) for _ in dims)] = taps
        spec = np.fft.fftn(h) / n                       # the 1/N folded into H, once
        ref = np.fft.ifftn(np.fft.fftn(host.astype(np.complex128), axes=axes) * spec, axes=axes,
                           norm="forward")
        hdev = cp.asarray(spec.astype(np.complex64))

        def fwd(a):
            f = cp.fft.fftn(a, axes=axes)
            f *= hdev
            return cp.fft.ifftn(f, axes=axes, norm="forward")
        bound_scale = 4
    elif real:
        host = (rng.random(shape) - 0.5).astype(np.float32)
        fwd = lambda a: cp.fft.rfftn(a, axes=axes)
        ref = np.fft.rfftn(host.astype(np.float64), axes=axes)
    else:
        host = ((rng.random(shape) - 0.5) + 1j * (rng.random(shape) - 0.5)).astype(np.complex64)
        fwd = lambda a: cp.fft.fftn(a, axes=axes)
        ref = np.fft.fftn(host.astype(np.complex128), axes=axes)
    src = cp.asarray(host)
    x = cp.empty_like(src)
    # the plan is cached by CuPy after the first call; check that call's answer
    x[...] = src
    y = fwd(x)
    got = cp.asnumpy(y).astype(np.complex128)
    l2 = float(np.linalg.norm(got - ref) / np.linalg.norm(ref))
    mx = float(np.max(np.abs(got - ref)) / np.max(np.abs(ref)))
    eps = 2.0 ** -24
    log2n = max(1.0, math.log2(n))
    l2_bound, max_bound = 10 * eps * log2n * bound_scale, 40 * eps * log2n * bound_scale
    ok = l2 <= l2_bound and mx <= max_bound

    stream = cp.cuda.get_current_stream()
    start, end = cp.cuda.Event(), cp.cuda.Event()

    # --flush-l2 (the chapters' option): a buffer of twice the L2 (at least 128 MiB)
    # written after the copy and before START, so that every timed call starts cold
    flush = None
    if flush_l2:
        l2_bytes = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id).get("l2CacheSize", 0)
        flush = cp.empty(max(2 * l2_bytes, 128 << 20), dtype=cp.uint8)

    def timed_call():
        x[...] = src                      # the device-side copy, outside the events
        if flush is not None:
            flush.fill(0)
        start.record(stream)
        fwd(x)
        end.record(stream)
        end.synchronize()
        return cp.cuda.get_elapsed_time(start, end)

    for _ in range(warmup):
        timed_call()
    first = timed_call()
    if repeat < 0:
        want = 200.0 / max(first, 1e-6)
        repeat = 1000 if want > 1000 else (5 if want < 5 else int(math.ceil(want)))
    ms = [first] + [timed_call() for _ in range(repeat - 1)]
    ms.sort()
    med = ms[len(ms) // 2] if len(ms) % 2 else 0.5 * (ms[len(ms) // 2 - 1] + ms[len(ms) // 2])
    q1, q3 = ms[(len(ms) - 1) // 4], ms[(3 * (len(ms) - 1) + 3) // 4]
    mean = sum(ms) / len(ms)
    sd = math.sqrt(sum((t - mean) ** 2 for t in ms) / (len(ms) - 1)) if len(ms) > 1 else 0.0

    stream.synchronize()
    t0 = time.perf_counter()
    for _ in range(repeat):
        fwd(x)
    stream.synchronize()
    loop = (time.perf_counter() - t0) * 1e3 / repeat

    flops = (2.5 if real else 5.0) * n * (math.log2(n) if n > 1 else 0) * batch
    nbytes = (n * 4 + (n // dims[-1]) * (dims[-1] // 2 + 1) * 8) * batch if real else 2 * n * 8 * batch
    if conv_k:
        flops = (10.0 * n * (math.log2(n) if n > 1 else 0) + 6.0 * n) * batch
        nbytes = 16 * n * batch + 8 * n
    return dict(n=n, batch=batch, l2=l2, mx=mx, l2_bound=l2_bound, max_bound=max_bound, ok=ok,
                med=med, mn=ms[0], mxms=ms[-1], runs=len(ms), q1=q1, q3=q3, sd=sd, iqr=q3 - q1, loop=loop,
                gflops=flops / (med * 1e-3) / 1e9, gbs=nbytes / (med * 1e-3) / 1e9)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", default="1024")
    ap.add_argument("--batch", default="1")
    ap.add_argument("--real", action="store_true")
    ap.add_argument("--cases", default="", help="several cases: 'NxB', 'A,BxB', 'r:' for R2C")
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=-1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--flush-l2", action="store_true",
                    help="before each timed call, write a buffer twice the L2 (timing events-cuda-cold)")
    ap.add_argument("--conv", choices=["unfused"], default="",
                    help="a circular convolution instead: fftn, product, ifftn (chapter 11)")
    ap.add_argument("--filter-size", type=int, default=64,
                    help="--conv: the filter's taps per axis (default 64)")
    ap.add_argument("--format", default="csv", choices=["csv"],
                    help="the output (CSV only; taken so that it runs as the other peers do)")
    ap.add_argument("--commit", default="",
                    help="the commit the CSV names; tools/bench/bench.sh passes its build's "
                         "commit.txt, so that every row of one sweep names the same commit "
                         "(default: git describe --always --dirty here)")
    ap.add_argument("--copy-gbs", type=float, default=0.0,
                    help="the device's measured copy bandwidth (a chapter's copy_gbs), for pct_copy")
    args = ap.parse_args()
    try:
        import cupy as cp
        import numpy as np
    except ImportError as e:
        print(f"FAIL (usage, exit 2): peer_cufft needs CuPy and NumPy ({e})", file=sys.stderr)
        return 2
    props = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id)
    device = props["name"].decode() if isinstance(props["name"], bytes) else props["name"]
    driver = f"CUDA {cp.cuda.runtime.driverGetVersion()} cuFFT {cp.cuda.cufft.getVersion()}"
    cases = args.cases.split() if args.cases else [
        ("r:" if args.real else "") + (args.size.replace("x", ",") if "x" in args.size else args.size)
        + "x" + args.batch]
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    host = socket.gethostname() or "unknown"
    commit = "".join(ch for ch in args.commit if ch.isalnum() or ch in "-._")
    if not commit:
        try:
            import subprocess
            commit = subprocess.run(["git", "describe", "--always", "--dirty"],
                                    capture_output=True, text=True,
                                    check=True).stdout.strip() or "unknown"
        except Exception:
            commit = "unknown"
    print(HEADER)
    timing = "events-cuda-cold" if args.flush_l2 else "events-cuda"
    bad = 0
    for text in cases:
        real, dims, batch = parse_case(text)
        try:
            r = measure(cp, np, real, dims, batch, args.warmup, args.repeat, args.seed, args.flush_l2,
                        args.filter_size if args.conv else 0)
        except ValueError as e:
            print(f"FAIL (usage, exit 2): {e}", file=sys.stderr)
            return 2
        pct = 100.0 * r["gbs"] / args.copy_gbs if args.copy_gbs > 0 else 0
        shape = "x".join(str(d) for d in dims)
        print(f'"cufft","{"unfused" if args.conv else "default"}","{device}","{driver}",{r["n"]},{r["batch"]},'
              f'{"r2c" if real else "forward"},single,1,{r["l2"]:.3g},{r["mx"]:.3g},'
              f'{r["l2_bound"]:.3g},{r["max_bound"]:.3g},{r["med"]:.6g},{r["mn"]:.6g},{r["mxms"]:.6g},'
              f'{r["runs"]},{r["gflops"]:.6g},{r["gbs"]:.6g},{args.copy_gbs:.6g},{pct:.4g},,,'
              f'{"PASS" if r["ok"] else "FAIL"},"{timing}",,{r["loop"]:.6g},{shape},'
              f'{r["q1"]:.6g},{r["q3"]:.6g},{r["sd"]:.6g},{when},"{commit}","{host}"')
        print(f'{text}: median {r["med"]:.4f} ms (IQR {r["iqr"]:.4f}), loop {r["loop"]:.4f} ms, '
              f'rel L2 {r["l2"]:.2e} -> {"PASS" if r["ok"] else "FAIL"}', file=sys.stderr)
        bad += not r["ok"]
    print("PASS" if not bad else f"FAIL: {bad} case(s) outside the error bound", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
