#!/usr/bin/env python3
"""The 06-09 table (against VkFFT and cuFFT) from one call of run.sh / run2.sh:
DIR/rows.csv (chapters and VkFFT, in the script's order: each case's chapter row, its
variant rows, then its VkFFT row) and DIR/cufft.csv (cuFFT through CuPy, the cases in
the same order). Markdown to stdout.
Usage: results/raw/h100-2026-11-26/table.py DIR [WHAT] (also ../h100-2026-11-26c/final and
../h100-2026-11-26d/final, whose rows labelled 06old- are their run.sh's OLD_BUILD: WHAT
names it, "before the group rules" unless given)"""
import csv
import sys

d = sys.argv[1]
before = sys.argv[2] if len(sys.argv) > 2 else "before the group rules"
rows = list(csv.DictReader(open(f"{d}/rows.csv")))
cufft = list(csv.DictReader(open(f"{d}/cufft.csv")))
names = {"06": "06", "07": "07", "08": "08", "09": "09"}


def case_name(r):
    shape = r["shape"].replace("x", " x ") if "x" in r["shape"] else r["n"]
    n = int(r["n"])
    pretty = {262144: "2^18", 1048576: "2^20", 4194304: "2^22", 16777216: "2^24"}
    if "x" not in r["shape"]:
        shape = pretty.get(n, r["n"])
    real = "R2C " if r["chapter"] == "09_real_input" else ""
    return f"{real}{shape} × {r['batch']}"


cases, cur = [], None
for r in rows:
    lab = r["label"]
    if lab.startswith("vk-"):
        cur["vk"] = r
    elif "np-" in lab or "fp-" in lab or "no9-" in lab or "old-" in lab:
        cur["variants"].append(r)
    else:
        cur = {"ch": r, "vk": None, "variants": []}
        cases.append(cur)
ci = 0
print("| case | chapter | chapter ms | its loop ms | VkFFT ms | VkFFT loop | cuFFT ms | cuFFT loop "
      "| best peer / chapter |")
print("|---|---|---|---|---|---|---|---|---|")
for c in cases:
    ch = c["ch"]
    cu = None
    if c["vk"] is not None or ch["label"].startswith("09"):
        cu = cufft[ci] if ci < len(cufft) else None
        ci += 1
    peers = [float(p["ms_median"]) for p in (c["vk"], cu) if p is not None]
    best = min(peers) if peers else None

    def cell(r, k):
        return f"{float(r[k]):.4f}" if r is not None else "—"

    ratio = f"{best / float(ch['ms_median']):.2f}" if best else ""
    if best and best / float(ch["ms_median"]) < 1:
        ratio = f"**{ratio}**"
    print(f"| {case_name(ch)} | {ch['chapter'][:2]} | {cell(ch, 'ms_median')} | {cell(ch, 'loop_ms')} "
          f"| {cell(c['vk'], 'ms_median')} | {cell(c['vk'], 'loop_ms')} | {cell(cu, 'ms_median')} "
          f"| {cell(cu, 'loop_ms')} | {ratio} |")
    for v in c["variants"]:
        r2 = f"{best / float(v['ms_median']):.2f}" if best else ""
        what = before if "old-" in v["label"] else f"--variant {v['variant']}"
        print(f"| {case_name(v)}, {v['chapter'][:2]} {what} | {v['chapter'][:2]} "
              f"| {cell(v, 'ms_median')} | {cell(v, 'loop_ms')} | | | | | {r2} |")
