#!/usr/bin/env python3
"""Issue 25's peer for the risk pass: Pr(S_r | QI_r) of every cell (003 eq. 5.6-5.8, 5.14) for Warner matrices,
written in numpy as a careful analyst would (one vectorized mode product per axis), timed in the same run as
the C++ pass of tests/bench/bench_scale.cpp (BM_ScaleRiskPass), on tables of the same shapes and fill (D = 1e6:
100 x 50 x 50 x 4, D = 1e7: 100 x 100 x 250 x 4; 30% of the cells hold 1..5 records) and the same p.

Run on an idle machine after a Release build:  python3 scripts/bench-peers.py [--repeat 5] [--bench PATH]

Before timing, the numpy pass is checked against the definition written with explicit Kronecker matrices on a
small table (every cell within 1e-12), so the two programs time the same numbers.

Two more peers, each timed in the same run as its C++ benchmark:
- SciPy's SLSQP on 003 Problem 1 for Adult EMGRW, RR-Both, tau = 1/3 (BM_Optimize/both_l3): the numpy pass as the
  constraint (one per cell with records), the log of prod ||P_i^-1||_F^2 as the objective, SciPy's own finite
  differences, one local search from p = 0.9; its optimum is compared with RR Explorer's.
- DuckDB's GROUP BY over the five EMGRW columns of the 1M-row Adult-repeated file that BM_ScaleCsvAggregate writes,
  on 1 and 2 threads, when `--duckdb DIR` names a folder where `npm install --prefix DIR @duckdb/node-api` was run.
"""
import argparse
import csv
import json
import statistics
import subprocess
import tempfile
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


def run_bench(bench, pattern, repeat):
    """Median real time (ms) and label of each benchmark matching `pattern`."""
    out = subprocess.run([bench, f"--benchmark_filter={pattern}", f"--benchmark_repetitions={repeat}",
                          "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    return {b["run_name"]: (b["real_time"], b.get("label", "")) for b in json.loads(out)["benchmarks"]
            if b["aggregate_name"] == "median"}


def adult_emgrw():
    """Adult train + test, records complete in every column (45,222), counted over E, M, G, R, W (003 Table 5.2)."""
    columns = ["education", "marital-status", "sex", "race", "workclass"]
    rows = []
    for name in ("adult.data.csv", "adult.test.csv"):
        with open(ROOT / "tests" / "data" / "adult" / name, newline="") as f:
            for record in csv.DictReader(f):
                if all(v.strip() not in ("", "?") for v in record.values()):
                    rows.append(tuple(record[c] for c in columns))
    categories = [sorted({r[k] for r in rows}) for k in range(len(columns))]
    codes = [{v: i for i, v in enumerate(c)} for c in categories]
    counts = np.zeros([len(c) for c in categories])
    for r in rows:
        counts[tuple(codes[k][v] for k, v in enumerate(r))] += 1
    return counts.ravel() / counts.sum(), [len(c) for c in categories], len(rows)


def log_objective(dims, p):
    """ln prod_i ||P_i^-1||_F^2 (003 eq. 5.18), the inverse taken by numpy."""
    total = 0.0
    for d, x in zip(dims, p):
        diag, off = warner(x, d)
        total += np.log(np.sum(np.linalg.inv(np.full((d, d), off) + np.eye(d) * (diag - off)) ** 2))
    return total


def scipy_optimum(pi, dims, tau):
    from scipy.optimize import minimize

    present = pi > 0
    return minimize(lambda p: log_objective(dims, p), [0.9] * len(dims), method="SLSQP",
                    bounds=[(1.0 / d + 1e-6, 1.0) for d in dims],
                    constraints=[{"type": "ineq", "fun": lambda p: tau - risk_numpy(pi, dims, p)[present]}],
                    options={"maxiter": 200, "ftol": 1e-12})


def compare_optimizer(bench, repeat):
    pi, dims, records = adult_emgrw()
    tau = 1.0 / 3
    result = scipy_optimum(pi, dims, tau)
    seconds = median_seconds(lambda: scipy_optimum(pi, dims, tau), repeat)
    ms, label = run_bench(bench, "BM_Optimize/both_l3", repeat)["BM_Optimize/both_l3"]
    ours = float(label.split("objective ")[1].split(",")[0])
    theirs = float(np.exp(result.fun))
    print(f"Adult EMGRW ({records:,} records), RR-Both, tau = 1/3: SciPy SLSQP (one local search, "
          f"{result.nit} iterations, {result.message}) {seconds * 1e3:.1f} ms, objective {theirs:.6f}, max risk - tau "
          f"{risk_numpy(pi, dims, result.x).max() - tau:.1e}; RR Explorer (at least three local searches) "
          f"{ms:.2f} ms, objective {ours:.6f} ({label.split(', ')[1]}): {seconds * 1e3 / ms:.1f}x, objectives "
          f"{abs(theirs - ours) / ours:.1e} apart")


def compare_duckdb(bench, repeat, modules):
    ms = {}
    for threads in (1, 2):
        ms[threads] = run_bench(bench, f"BM_ScaleCsvAggregate/{threads}/", repeat)[
            f"BM_ScaleCsvAggregate/{threads}/real_time"][0]
    data = Path(tempfile.gettempdir()) / "rr-bench-adult-1m.csv"  # written by BM_ScaleCsvAggregate
    script = Path(modules) / "rr-bench-groupby.cjs"
    script.write_text("""const { DuckDBInstance } = require('@duckdb/node-api');
(async () => {
  const [file, threads, repeat] = process.argv.slice(2);
  const db = await DuckDBInstance.create(':memory:', { threads });
  const con = await db.connect();
  const sql = `SELECT education, "marital-status", sex, race, workclass, count(*) AS n FROM read_csv('${file}', ` +
              `all_varchar = true, header = true) GROUP BY ALL`;
  const times = [];
  let groups = 0;
  for (let i = 0; i < Number(repeat); ++i) {
    const t = process.hrtime.bigint();
    groups = (await con.runAndReadAll(sql)).getRows().length;
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  console.log(JSON.stringify({ times, groups }));
})();
""")
    megabytes = data.stat().st_size / 1e6
    for threads in (1, 2):
        out = json.loads(subprocess.run(["node", str(script), str(data), str(threads), str(repeat)], check=True,
                                        capture_output=True, text=True, cwd=modules).stdout)
        duck = statistics.median(out["times"])
        print(f"GROUP BY of the 1M-row file ({megabytes:.0f} MB) on {threads} thread(s): DuckDB {duck:.0f} ms "
              f"({megabytes / duck * 1e3:.0f} MB/s, {out['groups']} groups), RR Explorer {ms[threads]:.0f} ms "
              f"({megabytes / ms[threads] * 1e3:.0f} MB/s): {duck / ms[threads]:.2f}x")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--bench", default=str(ROOT / "build" / "tests" / "bench" / "bench"))
    ap.add_argument("--duckdb", help="a folder where `npm install --prefix DIR @duckdb/node-api` was run")
    args = ap.parse_args()

    small = [3, 4, 5, 3]
    pi = table(small, 1)
    gap = np.max(np.abs(risk_numpy(pi, small, P) - risk_dense(pi, small, P)))
    print(f"numpy against the explicit Kronecker definition ({np.prod(small)} cells): largest gap {gap:.2e}")
    if not gap <= 1e-12:
        raise SystemExit("the numpy pass does not match the definition")

    cpp = {name: ms for name, (ms, _) in run_bench(args.bench, "BM_ScaleRiskPass", args.repeat).items()}
    for cells, dims in [(1_000_000, [100, 50, 50, 4]), (10_000_000, [100, 100, 250, 4])]:
        pi = table(dims, 11)
        seconds = median_seconds(lambda: risk_numpy(pi, dims, P), args.repeat)
        for threads in (1, 2):
            ms = cpp[f"BM_ScaleRiskPass/{cells}/{threads}/real_time"]
            print(f"D = {cells:>10,}: numpy {seconds * 1e3:8.1f} ms ({seconds * 1e9 / cells:5.1f} ns/cell), "
                  f"RR Explorer on {threads} thread(s) {ms:6.2f} ms: {seconds * 1e3 / ms:5.1f}x")

    compare_optimizer(args.bench, args.repeat)
    if args.duckdb:
        compare_duckdb(args.bench, args.repeat, args.duckdb)
    else:
        print("DuckDB: not compared (--duckdb DIR after `npm install --prefix DIR @duckdb/node-api`)")


if __name__ == "__main__":
    main()
