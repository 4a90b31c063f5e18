#!/usr/bin/env python3
"""Issue 25's peer for the risk pass: Pr(S_r | QI_r) of every cell (003 eq. 5.6-5.8, 5.14) for Warner matrices,
written in numpy as a careful analyst would (one vectorized mode product per axis), timed in the same run as
the C++ pass of tests/bench/bench_scale.cpp (BM_ScaleRiskPass), on tables of the same shapes and fill (D = 1e6:
100 x 50 x 50 x 4, D = 1e7: 100 x 100 x 250 x 4; 30% of the cells hold 1..5 records) and the same p.

Run on an idle machine after a Release build:  python3 scripts/bench-peers.py [--repeat 5] [--bench PATH]

Before timing, the numpy pass is checked against the definition written with explicit Kronecker matrices on a
small table (every cell within 1e-12), so the two programs time the same numbers.
"""
import argparse
import json
import statistics
import subprocess
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
P = [0.7, 0.8, 0.75, 0.6]  # bench_scale.cpp's first p (QIs, then S)


def warner(p, d):
    """003 eq. 5.2: p on the diagonal, (1 - p) / (d - 1) off it, as (diag, off)."""
    return (p, (1.0 - p) / (d - 1)) if d > 1 else (1.0, 0.0)


def uniform_product(x, a, b, axis):
    """(a I + b J) along one axis: a x + b * (sum along the axis)."""
    return a * x + b * x.sum(axis=axis, keepdims=True)


def positive_inverse(x):
    out = np.zeros_like(x)
    np.divide(1.0, x, out=out, where=x > 0)
    return out


def risk_numpy(pi, dims, p):
    """Pr(S_r | QI_r) for every cell of pi (QIs first, S last)."""
    x = pi.reshape(dims)
    pi_qi = x.sum(axis=-1)
    lam = pi_qi
    for k, d in enumerate(dims[:-1]):  # lambda = P_QI pi_QI (003 eq. 5.14)
        diag, off = warner(p[k], d)
        lam = uniform_product(lam, diag - off, off, k)
    w = positive_inverse(lam)
    for k, d in enumerate(dims[:-1]):  # eta / pi_QI = (P o P)^T (1 / lambda)
        diag, off = warner(p[k], d)
        w = uniform_product(w, diag * diag - off * off, off * off, k)
    diag, off = warner(p[-1], dims[-1])
    inv = positive_inverse((diag - off) * x + off * pi_qi[..., None])  # 1 / (P_s x), row by row
    rho = x * ((diag * diag - off * off) * inv + off * off * inv.sum(axis=-1, keepdims=True))  # 003 eq. 5.8
    return np.minimum(1.0, w[..., None] * x * rho).ravel()  # 003 eq. 5.6


def risk_dense(pi, dims, p):
    """The same from explicit matrices: the definition, for a small table."""
    mats = []
    for k, d in enumerate(dims):
        diag, off = warner(p[k], d)
        mats.append(np.full((d, d), off) + np.eye(d) * (diag - off))
    ds = dims[-1]
    x = pi.reshape(-1, ds)
    pi_qi = x.sum(axis=1)
    kron = np.array([[1.0]])
    for m in mats[:-1]:
        kron = np.kron(kron, m)
    lam = kron @ pi_qi
    eta = pi_qi * ((kron * kron).T @ positive_inverse(lam))
    ps = mats[-1]
    out = np.zeros_like(x)
    for a in range(x.shape[0]):
        if pi_qi[a] <= 0:
            continue
        rho = x[a] * ((ps * ps).T @ positive_inverse(ps @ x[a]))
        out[a] = np.minimum(1.0, x[a] / pi_qi[a] * eta[a] * rho)
    return out.ravel()


def table(dims, seed):
    rng = np.random.default_rng(seed)
    cells = int(np.prod(dims))
    counts = np.where(rng.random(cells) < 0.3, rng.integers(1, 6, cells), 0).astype(float)
    return counts / counts.sum()


def median_seconds(f, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--bench", default=str(ROOT / "build" / "tests" / "bench" / "bench"))
    args = ap.parse_args()

    small = [3, 4, 5, 3]
    pi = table(small, 1)
    gap = np.max(np.abs(risk_numpy(pi, small, P) - risk_dense(pi, small, P)))
    print(f"numpy against the explicit Kronecker definition ({np.prod(small)} cells): largest gap {gap:.2e}")
    if not gap <= 1e-12:
        raise SystemExit("the numpy pass does not match the definition")

    out = subprocess.run([args.bench, "--benchmark_filter=BM_ScaleRiskPass", f"--benchmark_repetitions={args.repeat}",
                          "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    cpp = {b["run_name"]: b["real_time"] for b in json.loads(out)["benchmarks"] if b["aggregate_name"] == "median"}
    for cells, dims in [(1_000_000, [100, 50, 50, 4]), (10_000_000, [100, 100, 250, 4])]:
        pi = table(dims, 11)
        seconds = median_seconds(lambda: risk_numpy(pi, dims, P), args.repeat)
        for threads in (1, 2):
            ms = cpp[f"BM_ScaleRiskPass/{cells}/{threads}/real_time"]
            print(f"D = {cells:>10,}: numpy {seconds * 1e3:8.1f} ms ({seconds * 1e9 / cells:5.1f} ns/cell), "
                  f"RR Explorer on {threads} thread(s) {ms:6.2f} ms: {seconds * 1e3 / ms:5.1f}x")


if __name__ == "__main__":
    main()
