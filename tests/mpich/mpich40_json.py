#!/usr/bin/env python3
"""Rewrites a selection file of `collscope-profiles export --mpich` (written for MPICH 4.3's
parser) into the keys MPICH 4.0 (Debian 12's `mpich`) takes, where the two differ:
  - MPICH 4.0 has MPIR_Barrier_intra_dissemination, without a radix; 4.1 renamed it
    MPIR_Barrier_intra_k_dissemination with `k=`;
  - 4.0 has no `is_<flag>=any`: it becomes the flag's other value, after its sibling that names
    one (the tree is read in file order, so the pair still covers every call).
Anything else is copied as it is; MPICH 4.0 aborts on a key it does not know ("unrecognized
key …"), which is what the test relies on to check the rest.
  mpich40_json.py IN OUT"""
import json
import sys


def convert(node):
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key == "algorithm=MPIR_Barrier_intra_k_dissemination":
            out["algorithm=MPIR_Barrier_intra_dissemination"] = {}
            continue
        if key.startswith("is_") and key.endswith("=any"):
            flag = key[: -len("=any")]
            named = [k for k in node if k in (flag + "=yes", flag + "=no")]
            if named:
                key = flag + ("=no" if named[0].endswith("=yes") else "=yes")
            else:  # no sibling: the flag does not matter, drop the level
                out.update(convert(value))
                continue
        out[key] = convert(value)
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: mpich40_json.py IN OUT")
    with open(sys.argv[1], encoding="utf-8") as f:
        tree = json.load(f)
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(convert(tree), f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
