# rr_explorer.dask on a LocalCluster of 2 worker processes on loopback: the 1M-row Adult-repeated file in 16
# partitions counts as the CLI counts it, the analyses from the counts equal the CLI's, and a release has the
# randomized marginals P pi, a random order and independent random streams per partition.
import os
import subprocess

import numpy as np
import pandas as pd
import pytest

dask = pytest.importorskip("dask")
dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
stats = pytest.importorskip("scipy.stats")

import rr_explorer as rr
import rr_explorer.dask as rrd
from conftest import ROOT, run_cli
from test_commands import strip_rows

ROWS = 1_000_000
COLS = ["education", "marital-status", "sex", "race", "workclass"]
QI, S = COLS[:4], COLS[4]


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, host="127.0.0.1",
                                       dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    path = tmp_path_factory.mktemp("big") / "adult-1m.csv"
    subprocess.run(["bash", str(ROOT / "scripts" / "make-big-adult.sh"), str(path), str(ROWS)], check=True)
    frame = pd.read_csv(path, dtype=str, keep_default_na=False, usecols=COLS)
    frame["id"] = np.arange(len(frame))
    yield str(path), frame
    path.unlink()  # 108 MB that pytest would keep with its last temporary folders


@pytest.fixture(scope="module")
def ddf(big, client):
    d = dd.from_pandas(big[1], npartitions=16, sort=False)
    assert d.npartitions == 16
    return d


@pytest.fixture(scope="module")
def counts(ddf):
    return rrd.count(ddf, COLS)


def test_counts_equal_cli(big, counts):
    path, _ = big
    assert counts == rr.count(path, COLS)  # core's CSV path, the CLI's reader
    assert counts.total == ROWS
    # The CLI's joint counts: reconstruct at p = 1 prints each cell's share of n.
    cli = run_cli("reconstruct", "--data", path, "--attributes", ",".join(COLS))
    frame = counts.to_frame().dropna()
    by_cell = {tuple(r[:-1]): r[-1] for r in frame.itertuples(index=False)}
    assert cli["n"] == sum(by_cell.values())
    nonzero = [c for c in cli["cells"] if c["observed"] > 0]
    assert len(nonzero) == len(by_cell)
    for c in nonzero:
        assert abs(c["observed"] * cli["n"] - by_cell[tuple(c["values"][k] for k in COLS)]) < 1e-6
    # and each attribute's counts, exactly
    described = run_cli("describe", "--data", path)
    for j, name in enumerate(COLS):
        attr = next(a for a in described["attributes"] if a["name"] == name)
        full = counts.to_frame().groupby(name, sort=False, dropna=False)["count"].sum()
        for category, n in zip(attr["categories"], attr["counts"]):
            assert full.get(category, 0) == n, (name, category)


def test_count_csv_in_byte_ranges_equals_cli(big, client, counts):
    """Core's CSV reader counts byte ranges of the file on the workers (no pandas parsing): the same counts."""
    path, _ = big
    by_ranges = rrd.count_csv(path, COLS, partitions=16)
    assert by_ranges == counts
    assert by_ranges == rr.count(path, COLS)
    assert rrd.count_csv(path, COLS) == counts  # one range per 64 MB


@pytest.mark.parametrize("partitions", [1, 2, 3, 7, 64, 997])
def test_count_csv_keeps_quoted_line_breaks_whole(client, tmp_path, partitions):
    """Quoted fields with line breaks, doubled quotes and CRLF: a range that starts inside a quoted field begins
    at the next record (the parity of the quotes before it), so every record is counted once, at any cut."""
    rng = np.random.default_rng(3)
    a = rng.choice(['x', 'y', '"q\nuoted"', '"with ""quote"""', '"a,b"'], 5000)
    b = rng.choice(['1', '2', '?', '"3\r\n4"'], 5000)
    path = tmp_path / "quoted.csv"
    path.write_bytes(("A,B,C\r\n" + "".join(f"{x},{y},{i % 7}\r\n" for i, (x, y) in enumerate(zip(a, b))))
                     .encode())
    whole = rr.count(str(path), ["A", "B", "C"])
    assert whole.total == 5000
    assert rrd.count_csv(path, ["A", "B", "C"], partitions=partitions) == whole


def test_count_csv_errors_name_the_problem(client, tmp_path):
    path = tmp_path / "small.csv"
    path.write_text("A,B\nx,1\ny,2\n")
    with pytest.raises(ValueError, match="unknown attribute 'Z'"):
        rrd.count_csv(path, ["Z"], partitions=2)
    with pytest.raises((ValueError, OSError), match="nothing.csv"):
        rrd.count_csv(tmp_path / "nothing.csv", ["A"], partitions=2)


def test_risk_and_optimize_from_counts_equal_cli(big, counts):
    path, _ = big
    p = {"education": 0.8, "marital-status": 0.7, "sex": 0.9, "race": 0.85, "workclass": 0.75}
    expected = run_cli("risk", "--data", path, "--qi", ",".join(QI), "--sensitive", S, "--p",
                       ",".join(f"{k}={v}" for k, v in p.items()))
    got = rr.risk(counts, qi=QI, sensitive=S, p=p)
    assert got["max_risk"] == expected["max_risk"] and got["mean_risk"] == expected["mean_risk"]
    assert strip_rows(got) == strip_rows(expected)
    expected = run_cli("optimize", "--data", path, "--qi", ",".join(QI), "--sensitive", S, "--mode", "both",
                       "--l", "3")
    assert strip_rows(rr.optimize(counts, qi=QI, sensitive=S, mode="both", l=3)) == strip_rows(expected)


def warner(p, d):  # the expected randomized marginal lambda = P pi with Warner's P (independent oracle)
    q = (1 - p) / (d - 1)
    return np.full((d, d), q) + np.eye(d) * (p - q)


def test_release_marginals_order_and_writers(ddf, big, tmp_path):
    _, frame = big
    p = {"sex": 0.8, "race": 0.7}
    release, note = rrd.randomize(ddf, attributes=list(p), p=p, keep=["id"])
    assert note["generator"].startswith("secure") and note["order"].startswith("random")
    out = release.compute()
    assert len(out) == ROWS and sorted(out.columns) == ["id", "race", "sex"]
    for name, pa in p.items():
        labels = list(pd.unique(frame[name]))
        pi = frame[name].value_counts().reindex(labels).to_numpy() / ROWS
        expected = warner(pa, len(labels)) @ pi * ROWS
        observed = out[name].value_counts().reindex(labels).fillna(0).to_numpy()
        chi2 = ((observed - expected) ** 2 / expected).sum()
        assert chi2 < stats.chi2.ppf(1 - 0.001, len(labels) - 1), (name, chi2)
    # A random order: the position of a record says nothing of its id (both are permutations of 0..n-1).
    ids = out["id"].astype(np.int64).to_numpy()
    assert sorted(ids[:1000].tolist()) != list(range(1000))
    rho = np.corrcoef(np.arange(ROWS), ids)[0, 1]
    assert abs(rho) < 0.01, rho
    # Dask's own CSV writer; Parquet where pyarrow exists.
    rrd.write_csv(release, str(tmp_path / "release-*.csv"))
    written = dd.read_csv(str(tmp_path / "release-*.csv"), dtype=str, keep_default_na=False)
    assert len(written) == ROWS
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return
    rrd.write_parquet(release, str(tmp_path / "release.parquet"))
    assert len(dd.read_parquet(str(tmp_path / "release.parquet"))) == ROWS


@pytest.mark.parametrize("seed", [None, 11])
def test_no_two_partitions_share_a_stream(big, client, seed):
    # Two partitions with identical records: a stream (key) used twice would randomize them identically.
    part = big[1].iloc[:20000].reset_index(drop=True)
    d = dd.from_pandas(pd.concat([part, part], ignore_index=True), npartitions=2, sort=False)
    assert d.npartitions == 2
    release, _ = rrd.randomize(d, attributes=["sex", "race"], p={"sex": 0.6, "race": 0.6}, keep=["id"], seed=seed)
    out = release.compute()
    pairs = out.sort_values("id", kind="stable").groupby("id")
    first, second = pairs.nth(0).sort_values("id"), pairs.nth(1).sort_values("id")
    same = ((first["sex"].to_numpy() == second["sex"].to_numpy()) &
            (first["race"].to_numpy() == second["race"].to_numpy())).mean()
    assert same < 0.75, same  # independent streams: about 0.21 (measured); one stream for both gives 1.0


def test_partitions_randomize_over_the_whole_domain(client):
    # Partition 0 shows only "x", partition 2 becomes empty: each is still randomized over {x, y}.
    a = ["x"] * 200 + ["y", "x", "?", "x", "x", "y"]
    b = ["u"] * 200 + ["v", "v", "w", "w", "u", "v"]
    frame = pd.DataFrame({"a": a, "b": b})
    d = dd.concat([dd.from_pandas(frame.iloc[i:j], npartitions=1, sort=False)
                   for i, j in [(0, 200), (200, 202), (202, 204), (204, 206)]])
    d = d[d["b"] != "w"]
    assert d.npartitions == 4 and d.map_partitions(len).compute().tolist() == [200, 2, 0, 2]
    release, _ = rrd.randomize(d, attributes=["a"], p={"a": 0.6}, keep=["b"])
    out = release.compute()
    assert len(out) == 204 and sorted(out["b"]) == sorted(frame["b"][frame["b"] != "w"])
    assert 40 < (out["a"] == "y").sum() < 140  # about 0.4 x 200 + 0.6 x 2 + 0.4 x 2
    assert rrd.count(d, ["a", "b"]) == rr.count(frame[frame["b"] != "w"], ["a", "b"])
    with pytest.raises(ValueError, match="unknown attribute 'c'"):
        rrd.count(d, ["c"])


def _count_csv_in_thread(*args, **kwargs):
    """count_csv's exception (or None) from a daemon thread, and whether it returned within 10 s."""
    import threading

    out = {}

    def run():
        try:
            rrd.count_csv(*args, **kwargs)
            out["error"] = None
        except Exception as e:  # noqa: BLE001 (the test looks at it)
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(10)
    return out.get("error"), not t.is_alive()


def test_count_csv_refuses_a_fifo_without_blocking(tmp_path):
    """A FIFO would block every worker's open (rr.count refuses it): ValueError at once, nothing opened."""
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    error, returned = _count_csv_in_thread(fifo, ["A"], partitions=2)
    assert returned, "count_csv blocked on a FIFO"
    assert isinstance(error, ValueError) and "pipe.csv" in str(error) and "regular file" in str(error), error
    error, returned = _count_csv_in_thread(tmp_path, ["A"])  # a directory
    assert returned and isinstance(error, ValueError) and "regular file" in str(error), error


@pytest.mark.parametrize("partitions, bound", [(0, "at least 1, not 0"), (-1, "at least 1, not -1"),
                                               (10**7, "partitions=10000000 is more than the 1024"),
                                               (1025, "partitions=1025 is more than the 1024"),
                                               (2.5, "an integer"), (True, "an integer")])
def test_count_csv_refuses_partition_counts_out_of_bounds(tmp_path, partitions, bound):
    path = tmp_path / "small.csv"
    path.write_text("A,B\nx,1\ny,2\n")
    error, returned = _count_csv_in_thread(path, ["A"], partitions=partitions)
    assert returned and isinstance(error, ValueError) and bound in str(error), error


@pytest.mark.parametrize("blocksize, bound", [(0, "not 0"), (1, "not 1"), (-5, "not -5"), (65535, "not 65535"),
                                              ("64k", "an integer")])
def test_count_csv_refuses_small_blocks(tmp_path, blocksize, bound):
    path = tmp_path / "small.csv"
    path.write_text("A,B\nx,1\ny,2\n")
    error, returned = _count_csv_in_thread(path, ["A"], blocksize=blocksize)
    assert returned and isinstance(error, ValueError), error
    assert "blocksize must be at least 65536 bytes" in str(error) or "blocksize must be an integer" in str(error)
    assert bound in str(error), error


def test_count_csv_bound_grows_with_the_file(tmp_path):
    """A file over 64 MiB takes one partition per 64 KiB: 70 MiB (sparse, never read) take 1,120, not 1,121."""
    path = tmp_path / "sparse.csv"
    with open(path, "wb") as f:
        f.write(b"A\n")
        f.truncate(70 << 20)
    error, returned = _count_csv_in_thread(path, ["A"], partitions=1121)
    assert returned and isinstance(error, ValueError) and "partitions=1121 is more than the 1120" in str(error), error


def test_count_csv_any_valid_partition_count_equals_rr_count(client, tmp_path):
    """Property: random valid partition counts (1 to the bound) and block sizes give rr.count's counts."""
    rng = np.random.default_rng(42)
    a = rng.choice(["x", "y", '"q\nuoted"', '"a,b"', "?"], 20000)
    b = rng.choice(["1", "2", "3", '"4\r\n5"'], 20000)
    path = tmp_path / "prop.csv"
    path.write_bytes(("A,B\n" + "".join(f"{x},{y}\n" for x, y in zip(a, b))).encode())
    whole = rr.count(str(path), ["A", "B"])
    assert whole.total == 20000
    for n in [1, 1024, *rng.integers(2, 1024, 4)]:
        assert rrd.count_csv(path, ["A", "B"], partitions=int(n)) == whole, n
    for blocksize in [64 << 10, *rng.integers(64 << 10, 1 << 20, 3)]:
        assert rrd.count_csv(path, ["A", "B"], blocksize=int(blocksize)) == whole, blocksize


MODEL = dict(outcome="sex", positive="Male", predictors=["education", "race"])
MODEL_P = {"sex": 0.85, "race": 0.9}


@pytest.fixture(scope="module")
def released(big, client, tmp_path_factory):
    """A seeded release of the 1M-row file (sex and race randomized, education kept) as a file and in 16
    partitions."""
    path = tmp_path_factory.mktemp("released") / "adult-1m-release.csv"
    run_cli("randomize", "--data", big[0], "--attributes", "sex,race", "--keep", "education",
            "--p", "sex=0.85,race=0.9", "--seed", "4405", "--out", path)
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    yield str(path), dd.from_pandas(frame, npartitions=16, sort=False)
    path.unlink()


def test_regress_from_cluster_counts_equals_single_machine(big, released, ddf, client):
    """regress from the counts of a Dask DataFrame (count) and of the CSV file in byte ranges (count_csv) equals
    rr.regress on the file and the CLI's regress (outcome and a predictor randomized, with the original)."""
    path, release_ddf = released
    original = big[0]
    single = rr.regress(path, **MODEL, p=MODEL_P, original=original)
    cli = run_cli("regress", "--data", path, "--outcome", "sex", "--positive", "Male", "--predictors",
                  "education,race", "--p", "sex=0.85,race=0.9", "--original", original)
    assert single == cli
    assert len(single["coefficients"]) == 1 + 15 + 4 and single["converged"]
    by_frame = rrd.regress(release_ddf, **MODEL, p=MODEL_P, original=ddf)
    by_ranges = rrd.regress(path, **MODEL, p=MODEL_P, original=original, partitions=16)
    for got in (by_frame, by_ranges):
        assert strip_rows(got) == strip_rows(single)
    # in clear: the original's own fit, from the cluster's counts
    assert rrd.regress(ddf, **MODEL)["coefficients"] == rr.regress(original, **MODEL)["coefficients"]


def test_mle_from_cluster_counts_equals_single_machine(big, ddf, client):
    path, _ = big
    args = ["--attributes", "education,race", "--p", "education=0.5,race=0.6", "--estimator", "mle"]
    cli = run_cli("reconstruct", "--data", path, *args)
    assert cli["estimator"] == "mle" and cli["fit"]
    p = {"education": 0.5, "race": 0.6}
    by_frame = rrd.reconstruct(ddf, attributes=["education", "race"], p=p)
    by_ranges = rrd.reconstruct(path, attributes=["education", "race"], p=p, partitions=16)
    for got in (by_frame, by_ranges):
        assert strip_rows(got) == strip_rows(cli)
    shares = [c["estimate"] for c in by_frame["cells"]]
    assert min(shares) >= 0 and sum(shares) == pytest.approx(1, abs=1e-12)
    counts = rrd.count(ddf, ["education", "race"])
    assert rrd.counts_of(counts, ["education", "race"]) is counts
    assert strip_rows(rrd.reconstruct(counts, attributes=["education", "race"], p=p)) == strip_rows(cli)
