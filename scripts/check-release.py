#!/usr/bin/env python3
"""Checks a randomized release against its source, as the release-at-scale figures in the README were checked.

  scripts/check-release.py CLI SOURCE.csv RELEASE.csv --p A=0.8,B=0.9 [--id COLUMN]

- rows: the release has as many records as the source;
- marginals: per randomized column, the released counts against the expected randomized marginal
  lambda = P pi (003 eq. 5.2: lambda_u = p pi_u + q (1 - pi_u), q = (1 - p)/(d - 1)) by Pearson's chi-square;
  the p-value must exceed 0.001;
- order: with an id column kept in clear holding the source position, the correlation of source and
  release positions (both are permutations of 0..n-1, so Pearson = Spearman) must be under 0.01 in absolute value.

The counts come from the CLI's `describe` (streaming); only the id column is read here. Exit 0 when every
check holds, 1 otherwise. Standard library only.
"""
import argparse
import json
import math
import subprocess
import sys


def upper_gamma_regularized(a, x):
    """Q(a, x) = Gamma(a, x) / Gamma(a): series below a + 1, continued fraction above (Numerical Recipes 6.2)."""
    if x <= 0:
        return 1.0
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return 1.0 - total * math.exp(-x + a * math.log(x) - math.lgamma(a))
    b = x + 1 - a
    c = 1e300
    d = 1 / b
    h = d
    i = 1
    while True:
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        delta = d * c
        h *= delta
        i += 1
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def describe(cli, path, names):
    out = subprocess.run([cli, "describe", "--data", path, "--attributes", ",".join(names)],
                         check=True, capture_output=True, text=True).stdout
    return {a["name"]: a for a in json.loads(out)["attributes"]}, json.loads(out)["rows"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("source")
    ap.add_argument("release")
    ap.add_argument("--p", required=True)
    ap.add_argument("--id")
    args = ap.parse_args()
    p = {k: float(v) for k, v in (kv.split("=") for kv in args.p.split(","))}
    ok = True
    src, n_src = describe(args.cli, args.source, list(p))
    rel, n_rel = describe(args.cli, args.release, list(p))
    print(f"rows: source {n_src}, release {n_rel}")
    ok &= n_src == n_rel
    for name, pv in p.items():
        cats = src[name]["categories"]
        counts = dict(zip(cats, src[name]["counts"]))
        released = dict(zip(rel[name]["categories"], rel[name]["counts"]))
        d = len(cats)
        q = (1 - pv) / (d - 1)
        n = sum(counts.values())
        x2 = 0.0
        for c in cats:
            pi = counts[c] / n
            lam = pv * pi + q * (1 - pi)
            x2 += (released.get(c, 0) - n * lam) ** 2 / (n * lam)
        pval = upper_gamma_regularized((d - 1) / 2, x2 / 2)
        print(f"{name}: d {d}, p {pv}, chi-square {x2:.2f} on {d - 1} df, p-value {pval:.4f}")
        ok &= pval > 0.001 and set(released) <= set(cats)
    if args.id:
        with open(args.release, encoding="utf-8") as f:
            header = f.readline().rstrip("\n").split(",")
            col = header.index(args.id)
            m = 0
            sx = sxy = sxx = 0.0
            for pos, line in enumerate(f):
                x = float(line.split(",", col + 1)[col])
                sx += x
                sxx += x * x
                sxy += x * pos
                m += 1
        sy = m * (m - 1) / 2
        syy = (m - 1) * m * (2 * m - 1) / 6
        rho = (m * sxy - sx * sy) / math.sqrt((m * sxx - sx * sx) * (m * syy - sy * sy))
        print(f"order: correlation of source and release positions {rho:.6f} over {m} records")
        ok &= abs(rho) < 0.01
    print("all checks hold" if ok else "A CHECK FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
