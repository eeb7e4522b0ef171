#!/usr/bin/env python3
"""Joins simulate-compare's reports into one Markdown table: per collective, p and count, auto's
algorithm and time (α-β prediction in brackets), collscope's best measured algorithm, each
library selection's time, and auto against the best library.

usage: compare_table.py OUT_DIR "ompi mpich mvapich2"
"""
import glob
import os
import re
import sys


def us(seconds):
    return f"{seconds * 1e6:.1f}"


def main():
    out, selectors = sys.argv[1], sys.argv[2].split()
    cells = {}  # (collective, p, count) -> {"ours": [...], selector: time}
    for path in sorted(glob.glob(os.path.join(out, "p*-*.txt"))):
        variant = re.match(r"p\d+-(.*)\.txt", os.path.basename(path)).group(1)
        for line in open(path, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            f = line.split()
            key = (f[0], int(f[1]), int(f[2]))
            cell = cells.setdefault(key, {"ours": []})
            row = {"name": f[3], "blocks": int(f[4]), "time": float(f[5]),
                   "model": float(f[6]), "ok": f[7] == "ok", "auto": "auto" in f[8:]}
            if variant == "collscope":
                cell["ours"].append(row)
            elif f[3] == "native":
                cell[variant] = row["time"]
    order = ["bcast", "reduce", "allreduce", "reduce_scatter_block", "allgather", "alltoall"]
    print("| collective | p | count | auto: µs (α-β) | best collscope: µs (α-β) | "
          + " | ".join(selectors) + " | auto / best library |")
    print("|---|---|---|---|---|" + "---|" * len(selectors) + "---|")
    for key in sorted(cells, key=lambda k: (order.index(k[0]) if k[0] in order else 99, k[1], k[2])):
        cell = cells[key]
        ours = [r for r in cell["ours"] if r["ok"]]
        if not ours:
            continue
        auto = next((r for r in ours if r["auto"]), None)
        best = min(ours, key=lambda r: r["time"])

        def named(r):
            m = f" M={r['blocks']}" if r["blocks"] > 1 else ""
            return f"`{r['name']}`{m} {us(r['time'])} ({us(r['model'])})"

        libs = [cell.get(s) for s in selectors]
        known = [t for t in libs if t is not None]
        ratio = f"{auto['time'] / min(known):.2f}×" if auto and known else "—"
        print(f"| {key[0]} | {key[1]} | {key[2]} | {named(auto) if auto else '—'} | {named(best)} | "
              + " | ".join(us(t) if t is not None else "—" for t in libs) + f" | {ratio} |")


if __name__ == "__main__":
    main()
