#!/usr/bin/env python3
"""Joins simulate-compare's reports into one Markdown table: per collective, p and count, auto's
algorithm and time (the chooser's prediction in brackets), collscope's best measured algorithm
(when more than auto ran), each library selection's time, and auto against the best library.

usage: compare_table.py OUT_DIR "ompi mpich mvapich2" [TAG]
  TAG: the reports OUT_DIR/TAG--VARIANT.txt (simulate-compare's per platform); without it the
  older OUT_DIR/pP-VARIANT.txt of flat clusters.
"""
import glob
import os
import re
import sys


def us(seconds):
    return f"{seconds * 1e6:.1f}"


def lib_text(entry):
    if entry is None:
        return "—"
    time, bogus = entry
    return f"{us(time)}¹" if bogus else us(time)


def main():
    out, selectors = sys.argv[1], sys.argv[2].split()
    tag = sys.argv[3] if len(sys.argv) > 3 else None
    cells = {}  # (collective, p, count) -> {"ours": [...], selector: time}
    pattern = f"{glob.escape(tag)}--*.txt" if tag else "p*-*.txt"
    for path in sorted(glob.glob(os.path.join(out, pattern))):
        name = os.path.basename(path)
        variant = name[len(tag) + 2:-4] if tag else re.match(r"p\d+-(.*)\.txt", name).group(1)
        alpha = None
        for line in open(path, encoding="utf-8"):
            if line.startswith("#"):
                found = re.search(r"α=([0-9.e+-]+) s", line)
                alpha = float(found.group(1)) if found else alpha
                continue
            if not line.strip():
                continue
            f = line.split()
            key = (f[0], int(f[1]), int(f[2]))
            cell = cells.setdefault(key, {"ours": []})
            row = {"name": f[3], "blocks": int(f[4]), "time": float(f[5]),
                   "model": float(f[6]), "ok": f[7] == "ok", "auto": "auto" in f[8:]}
            if variant == "collscope":
                cell["ours"].append(row)
            elif f[3] == "native":
                # Faster than one message between nodes (α): the call moved no data between
                # them (an SMPI selection that returns at once); shown, not counted as best.
                bogus = alpha is not None and key[1] > 1 and row["time"] < alpha
                cell[variant] = (row["time"], bogus)
    order = ["bcast", "reduce", "allreduce", "reduce_scatter_block", "allgather", "alltoall"]
    several = any(len(c["ours"]) > 1 for c in cells.values())
    print("| collective | p | count | auto: µs (model) | "
          + ("best collscope: µs (model) | " if several else "")
          + " | ".join(selectors) + " | auto / best library |")
    print("|---|---|---|---|" + ("---|" if several else "") + "---|" * len(selectors) + "---|")
    for key in sorted(cells, key=lambda k: (order.index(k[0]) if k[0] in order else 99, k[1], k[2])):
        cell = cells[key]
        ours = [r for r in cell["ours"] if r["ok"]]
        if not ours:
            continue
        auto = next((r for r in ours if r["auto"]), None)
        best = min(ours, key=lambda r: r["time"])

        def named(r):
            # The report's parameter column: a radix k for the k-nomial trees and the radix
            # Bruck (the registry's Parameter::radix), the pipeline blocks M otherwise.
            letter = "k" if r["name"] in ("knomial", "bruck-radix") else "M"
            m = f" {letter}={r['blocks']}" if r["blocks"] > 1 else ""
            return f"`{r['name']}`{m} {us(r['time'])} ({us(r['model'])})"

        libs = [cell.get(s) for s in selectors]
        known = [t for t, bogus in (x for x in libs if x is not None) if not bogus]
        ratio = f"{auto['time'] / min(known):.2f}×" if auto and known else "—"
        if auto and known and auto["model"] > 0:
            ratio += f" (model {auto['model'] / min(known):.2f}×)"
        best_cell = f"{named(best)} | " if several else ""
        print(f"| {key[0]} | {key[1]} | {key[2]} | {named(auto) if auto else '—'} | {best_cell}"
              + " | ".join(lib_text(t) for t in libs) + f" | {ratio} |")


if __name__ == "__main__":
    main()
    print("\n¹ faster than one message between nodes (α): no data moved between them; not "
          "counted as the best library.")
