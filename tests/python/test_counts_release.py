# Counting from a DataFrame and from NumPy code arrays gives the CLI's CSV counts; counts add up and pickle;
# randomize gives the CLI's release for the same seed, the secure generator by default, labelled notes.
import pickle

import numpy as np
import pandas as pd
import pytest

import rr_explorer as rr
from conftest import ADULT, adult_args, run_cli

COLS = ["education", "marital-status", "sex", "race", "workclass", "occupation"]


def test_frame_codes_and_file_counts_agree(adult_frame):
    from_file = rr.count(ADULT, COLS)
    assert rr.count(adult_frame, COLS) == from_file
    # pandas categoricals (categories sorted, not in file order) and plain code arrays
    cat = adult_frame[COLS].astype("category")
    assert rr.count(cat, COLS) == from_file
    codes = {}
    for name in COLS:
        c, labels = pd.factorize(adult_frame[name].replace("?", None))
        codes[name] = (list(labels), c.astype(np.int16))
    assert rr.count(codes, COLS) == from_file
    assert from_file.total == len(adult_frame)
    # the dense table: records complete in these columns, as the CLI's reconstruct counts them
    array = from_file.to_array()
    cli = run_cli("reconstruct", "--attributes", "sex,race", *adult_args())
    pair = rr.count(ADULT, ["sex", "race"])
    assert array.sum() == (adult_frame[COLS] != "?").all(axis=1).sum()
    table = pair.to_array()
    for cell in cli["cells"]:
        i = pair.labels[0].index(cell["values"]["sex"])
        j = pair.labels[1].index(cell["values"]["race"])
        assert abs(table[i, j] - cell["observed"] * cli["n"]) < 1e-7


def test_counts_add_and_pickle(adult_frame):
    whole = rr.count(adult_frame, COLS)
    parts = [rr.count(adult_frame.iloc[a:b], COLS) for a, b in [(0, 1000), (1000, 30000), (30000, None)]]
    assert sum(parts) == whole
    assert parts[0] + parts[1] + parts[2] == whole
    assert pickle.loads(pickle.dumps(whole)) == whole
    with pytest.raises(ValueError, match="cannot be added"):
        whole + rr.count(adult_frame, ["sex"])


def test_bad_codes_are_value_errors():
    with pytest.raises(ValueError, match=r"column 'a': code 5 at row 1 is neither a category \(0..1\) nor -1"):
        rr.count({"a": (["x", "y"], np.array([0, 5]))}, ["a"])
    # Codes that int32 would wrap into a valid category, and floats, are refused before core sees them.
    with pytest.raises(ValueError, match=r"column 'a': code 4294967297 at row 0 is neither a category"):
        rr.count({"a": (["x", "y"], np.array([2**32 + 1, 0], dtype=np.int64))}, ["a"])
    with pytest.raises(ValueError, match=r"the codes of 'a' must be integers"):
        rr.count({"a": (["x", "y"], np.array([0.0, 1.7]))}, ["a"])
    with pytest.raises(ValueError, match="unknown attribute 'nope'"):
        rr.count(pd.DataFrame({"a": ["x"]}), ["nope"])
    with pytest.raises(ValueError) as e:
        rr.count(ADULT, ["nope"])
    assert "nope" in str(e.value)


def test_randomize_equals_cli_for_a_seed(tmp_path):
    kwargs = dict(attributes=["sex", "race"], p={"sex": 0.8, "race": 0.7}, keep=["education"], seed=42)
    out = tmp_path / "py.csv"
    path, note = rr.randomize(ADULT, out=out, **kwargs)
    cli_out = tmp_path / "cli.csv"
    expected = run_cli("randomize", "--attributes", "sex,race", "--p", "sex=0.8,race=0.7", "--keep", "education",
                       "--seed", "42", "--out", cli_out, *adult_args())
    assert out.read_bytes() == cli_out.read_bytes()
    assert {**note, "out": None} == {**expected, "out": None}
    assert note["generator"].startswith("seeded (seed 42)")


def test_randomize_one_draw_to_several_files(tmp_path):
    # out=[...]: one draw, the same records in the same order in every file (a CSV and a second CSV of it, and a
    # Stata file pandas reads back row by row)
    outs = [tmp_path / "a.csv", tmp_path / "b.csv", tmp_path / "a.dta"]
    paths, note = rr.randomize(ADULT, attributes=["sex", "race"], p={"sex": 0.7, "race": 0.8}, keep=["education"],
                               out=outs)
    assert paths == [str(o) for o in outs] and note["out"] == paths
    assert outs[0].read_bytes() == outs[1].read_bytes()
    csv = pd.read_csv(outs[0], dtype=str, keep_default_na=False)
    dta = pd.read_stata(outs[2])
    assert len(csv) == len(dta) == note["rows"] > 40000
    for column in csv.columns:
        assert (dta[column].astype(str).to_numpy() == csv[column].to_numpy()).all(), column
    # a second draw differs from the first (what one draw in several files avoids)
    again, _ = rr.randomize(ADULT, attributes=["sex", "race"], p={"sex": 0.7, "race": 0.8}, keep=["education"],
                            out=tmp_path / "c.csv")
    assert (tmp_path / "c.csv").read_bytes() != outs[0].read_bytes()


def test_randomize_frame_secure_by_default(adult_frame):
    p = {"sex": 0.8, "race": 0.7}
    release, note = rr.randomize(adult_frame, attributes=list(p), p=p, keep=["education"])
    assert note["generator"].startswith("secure") and note["order"] == "random" and "out" not in note
    assert list(release.columns) == ["education", "race", "sex"] and len(release) == len(adult_frame)
    # the release's education column (in clear) is a permutation of the input's: the order is random
    assert sorted(release["education"]) == sorted(adult_frame["education"])
    assert (release["education"].to_numpy() != adult_frame["education"].to_numpy()).mean() > 0.5
    # two secure releases differ
    again, _ = rr.randomize(adult_frame, attributes=list(p), p=p, keep=["education"])
    assert not release.equals(again)
    # a chunk of code arrays: the same records, the same release for one seed
    codes = {n: (list(l), c) for n in ["sex", "race"] for c, l in [pd.factorize(adult_frame[n])]}
    a, _ = rr.randomize(codes, attributes=["sex"], p={"sex": 0.8}, seed=3)
    b, _ = rr.randomize(adult_frame[["sex", "race"]], attributes=["sex"], p={"sex": 0.8}, seed=3)
    assert a.equals(b)


def test_count_from_sqlite_equals_csv(adult_frame, tmp_path):
    import sqlite3

    db = tmp_path / "adult.db"
    with sqlite3.connect(db) as con:
        adult_frame[COLS].replace("?", None).to_sql("adult", con, index=False)
    from_sql = rr.count(sql_url=f"sqlite:///{db}", sql_table="adult", columns=COLS)
    assert from_sql == rr.count(ADULT, COLS)
    # and an analysis of the database through the same call as the CLI's
    expected = run_cli("risk", "--sql-url", f"sqlite:///{db}", "--sql-table", "adult", "--qi", "sex,race",
                       "--sensitive", "workclass")
    assert rr.risk(sql_url=f"sqlite:///{db}", sql_table="adult", qi=["sex", "race"], sensitive="workclass") == expected


def test_count_from_a_stata_file_equals_cli(adult_frame, tmp_path):
    path = tmp_path / "adult.dta"
    adult_frame[["sex", "race", "workclass"]].iloc[:5000].to_stata(path, write_index=False, version=118)
    counts = rr.count(str(path), ["sex", "race", "workclass"])
    cli = run_cli("reconstruct", "--data", path, "--attributes", "sex,race,workclass")
    frame = counts.to_frame().dropna()
    by_cell = {tuple(r[:-1]): r[-1] for r in frame.itertuples(index=False)}
    assert cli["n"] == sum(by_cell.values()) and len(by_cell) == sum(c["observed"] > 0 for c in cli["cells"])
    for c in cli["cells"]:
        cell = tuple(c["values"][k] for k in ["sex", "race", "workclass"])
        assert abs(by_cell.get(cell, 0) - c["observed"] * cli["n"]) < 1e-7
