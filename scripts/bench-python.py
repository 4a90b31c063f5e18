#!/usr/bin/env python3
"""Benchmarks of issue 23 (run on an idle machine, after a Release build; PYTHONPATH=build/python):

  python3 scripts/bench-python.py frame FILE.csv     counting from a DataFrame vs the CSV path, same records
  python3 scripts/bench-python.py dask FILE.csv      Dask counts on a LocalCluster of 2 workers vs the CLI: of a
                                                    DataFrame read by pandas, and count_csv (core reads byte ranges)

FILE.csv from scripts/make-big-adult.sh (10M rows: make-big-adult.sh /tmp/adult-10m.csv). The CSV path is the
CLI's own count (reconstruct at p = 1 over the columns: one streaming pass, counting only them) and
rr_explorer.count(FILE) (core's record scan); rates are records per second, the median of --repeat runs.
"""
import argparse
import os
import statistics
import subprocess
import time
from pathlib import Path

COLS = ["education", "marital-status", "sex", "race", "workclass"]
ROOT = Path(__file__).resolve().parents[1]
CLI = os.environ.get("RR_CLI", str(ROOT / "build" / "app" / "rr-explorer-cli"))


def best(f, repeat):
    """The median of `repeat` timed runs (the project reports medians)."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def cli_count(path):
    subprocess.run([CLI, "reconstruct", "--data", path, "--attributes", ",".join(COLS)], check=True,
                   stdout=subprocess.DEVNULL)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["frame", "dask"])
    ap.add_argument("file")
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    import pandas as pd
    import rr_explorer as rr

    cli = best(lambda: cli_count(a.file), a.repeat)
    if a.what == "frame":
        frame = pd.read_csv(a.file, dtype=str, keep_default_na=False, usecols=COLS)
        n = len(frame)
        cat = frame.astype("category")
        for name, seconds in [("CLI (reconstruct p=1, CSV)", cli),
                              ("rr.count(file) (core record scan)", best(lambda: rr.count(a.file, COLS), a.repeat)),
                              ("rr.count(DataFrame of str)", best(lambda: rr.count(frame, COLS), a.repeat)),
                              ("rr.count(DataFrame of category)", best(lambda: rr.count(cat, COLS), a.repeat))]:
            print(f"{name:36s} {seconds:8.3f} s  {n / seconds / 1e6:8.2f} M records/s  ({cli / seconds:.2f}x the CLI's rate)")
        return
    import dask.dataframe as dd
    from distributed import Client, LocalCluster
    import rr_explorer.dask as rrd

    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster):
        # categorical columns: pandas parses them as codes, which rr_explorer.count hands to core as they are
        ddf = dd.read_csv(a.file, dtype="category", keep_default_na=False, usecols=COLS, blocksize="64MB")
        seconds = best(lambda: rrd.count(ddf, COLS), a.repeat)
        ranges = best(lambda: rrd.count_csv(a.file, COLS), a.repeat)
        print(f"CLI count                          {cli:8.3f} s")
        print(f"Dask count of a DataFrame, 2 workers {seconds:8.3f} s  ({ddf.npartitions} partitions; "
              f"{seconds / cli:.2f}x the CLI's time)")
        print(f"Dask count_csv (byte ranges)       {ranges:8.3f} s  ({ddf.npartitions} ranges; "
              f"{ranges / cli:.2f}x the CLI's time)")


if __name__ == "__main__":
    main()
