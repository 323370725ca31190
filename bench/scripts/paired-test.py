#!/usr/bin/env python3
"""Paired sign-flip randomisation test on per-query measures of two `recall eval --json --per-query` runs.

Usage: paired-test.py A.json B.json [measure] [flips]   (measure: ndcg_cut_10 by default; flips: 20000)
Prints the mean of B - A over the queries both judged and the two-sided p value.
"""
import json
import random
import sys


def main():
    a, b = (json.load(open(f))["per_query"] for f in sys.argv[1:3])
    measure = sys.argv[3] if len(sys.argv) > 3 else "ndcg_cut_10"
    flips = int(sys.argv[4]) if len(sys.argv) > 4 else 20000
    ids = [q for q in a if q in b]
    if not ids:
        sys.exit("the runs share no judged query")
    diffs = [b[q][measure] - a[q][measure] for q in ids]
    observed = abs(sum(diffs))
    rng = random.Random(20)  # fixed seed: the same files give the same p
    extreme = sum(1 for _ in range(flips)
                  if abs(sum(d if rng.random() < 0.5 else -d for d in diffs)) >= observed - 1e-12)
    print(f"{measure}: {len(ids)} queries, mean B-A {sum(diffs) / len(ids):+.4f}, two-sided p {(extreme + 1) / (flips + 1):.4f}")


if __name__ == "__main__":
    main()
