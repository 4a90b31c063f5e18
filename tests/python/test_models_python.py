# rr_explorer's models (issue 44): rr.regress, rr.reconstruct(estimator="mle") and rr.optimize(for_=...) give the
# CLI's numbers on the same release, from files, DataFrames and Counts.
import pandas as pd
import pytest

import rr_explorer as rr
from conftest import ADULT, adult_args, run_cli
from test_commands import strip_rows

MODEL = dict(outcome="class", positive=">50K", predictors=["sex", "race"])


@pytest.fixture(scope="module")
def released(tmp_path_factory):
    """A seeded release of Adult's first file with class and sex randomized (race in clear)."""
    out = tmp_path_factory.mktemp("release") / "adult-release.csv"
    run_cli("randomize", "--data", ADULT[0], "--attributes", "class,sex", "--keep", "race,education",
            "--p", "class=0.8,sex=0.9", "--seed", "4404", "--out", out)
    return str(out)


def cli_regress(path, *extra):
    return run_cli("regress", "--data", path, "--outcome", "class", "--positive", ">50K", "--predictors", "sex,race",
                   "--p", "class=0.8,sex=0.9", *extra)


def assert_same_fit(got, expected, tol=1e-12):
    assert [c["term"] for c in got["coefficients"]] == [c["term"] for c in expected["coefficients"]]
    for a, b in zip(got["coefficients"], expected["coefficients"]):
        for key in ("estimate", "se", "z", "p_value"):
            assert a[key] == pytest.approx(b[key], abs=tol, rel=tol), (a["term"], key)
        assert a["ci"] == pytest.approx(b["ci"], abs=tol, rel=tol)
    assert got["log_likelihood"] == pytest.approx(expected["log_likelihood"], rel=1e-12)
    assert got["n"] == expected["n"] and got["converged"] == expected["converged"]


def test_regress_equals_cli(released):
    expected = cli_regress(released)
    got = rr.regress(released, **MODEL, p={"class": 0.8, "sex": 0.9})
    assert_same_fit(got, expected)
    assert got == expected  # the same JSON, number for number
    assert len(got["coefficients"]) == 1 + 1 + 4  # intercept, sex (2 categories), race (5)
    assert got["converged"]


def test_regress_from_a_frame_and_counts_equals_cli(released):
    expected = cli_regress(released)
    frame = pd.read_csv(released, dtype=str, keep_default_na=False)
    by_frame = rr.regress(frame, **MODEL, p={"class": 0.8, "sex": 0.9})
    assert_same_fit(by_frame, expected)
    counts = rr.count(released, ["sex", "race", "class"])
    by_counts = rr.regress(counts, **MODEL, p={"class": 0.8, "sex": 0.9})
    assert_same_fit(by_counts, expected)
    assert strip_rows(by_counts) == strip_rows(expected)


def test_regress_reference_alpha_and_original_equal_cli(released):
    expected = cli_regress(released, "--reference", "race=Black,sex=Male", "--alpha", "0.1", "--original", ADULT[0])
    got = rr.regress(released, **MODEL, p={"class": 0.8, "sex": 0.9}, reference={"race": "Black", "sex": "Male"},
                     alpha=0.1, original=ADULT[0])
    assert got == expected
    assert got["reference"] == {"sex": "Male", "race": "Black"}
    assert [r["term"] for r in got["comparison"]] == [c["term"] for c in got["coefficients"]]
    assert all(r["width_ratio"] > 1 for r in got["comparison"])
    # the original as a DataFrame or as Counts: the same numbers
    original_frame = pd.read_csv(ADULT[0], dtype=str, keep_default_na=False)
    for original in (original_frame, rr.count(ADULT[0], ["sex", "race", "class"])):
        other = rr.regress(released, **MODEL, p={"class": 0.8, "sex": 0.9},
                           reference={"race": "Black", "sex": "Male"}, alpha=0.1, original=original)
        assert_same_fit(other["original"], expected["original"])
        for a, b in zip(other["comparison"], expected["comparison"]):
            assert a["term"] == b["term"]
            assert a["original"] == pytest.approx(b["original"], rel=1e-12)
            assert a["width_ratio"] == pytest.approx(b["width_ratio"], rel=1e-12)


def test_regress_with_a_matrix_equals_cli(released, tmp_path):
    matrix = tmp_path / "class.csv"
    matrix.write_text(",<=50K,>50K\n<=50K,0.8,0.2\n>50K,0.2,0.8\n")  # R's corner cell and row labels
    expected = run_cli("regress", "--data", released, "--outcome", "class", "--positive", ">50K",
                       "--predictors", "sex,race", "--matrix", f"class={matrix}", "--p", "sex=0.9")
    got = rr.regress(released, **MODEL, matrix=f"class={matrix}", p={"sex": 0.9})
    assert got == expected
    # the matrix is Warner's at 0.8: the same fit as --p class=0.8
    assert_same_fit(got, cli_regress(released), tol=1e-9)


def test_regress_errors_are_the_cli_s(released):
    message = run_cli("regress", "--data", released, "--outcome", "class", "--positive", "rich", "--predictors",
                      "sex", expect=2)
    with pytest.raises(ValueError) as e:
        rr.regress(released, outcome="class", positive="rich", predictors="sex")
    assert str(e.value) == message and "rich" in message
    with pytest.raises(TypeError):
        rr.regress(released, outcome="class", predictors=["sex"])  # positive is required
    with pytest.raises(ValueError, match="original is one file"):
        rr.regress(released, **MODEL, original=[ADULT[0], ADULT[1]])


@pytest.mark.parametrize("p", ["0.6", "0.8"])
def test_reconstruct_mle_equals_cli(released, p):
    args = ["--attributes", "sex,class", "--p", f"sex={p},class=0.8", "--estimator", "mle"]
    expected = run_cli("reconstruct", "--data", released, *args)
    got = rr.reconstruct(released, attributes=["sex", "class"], p={"sex": float(p), "class": 0.8}, estimator="mle")
    assert got == expected
    shares = [c["estimate"] for c in got["cells"]]
    assert min(shares) >= 0 and sum(shares) == pytest.approx(1, abs=1e-12)
    by_counts = rr.reconstruct(rr.count(released, ["sex", "class"]), attributes=["sex", "class"],
                               p={"sex": float(p), "class": 0.8}, estimator="mle")
    assert strip_rows(by_counts) == strip_rows(expected)
    # the moment estimate is another answer (the estimator reaches the CLI)
    moment = rr.reconstruct(released, attributes=["sex", "class"], p={"sex": float(p), "class": 0.8})
    assert moment == run_cli("reconstruct", "--data", released, *args[:-2])


def test_optimize_for_an_analysis_equals_cli():
    roles = ["--drop-incomplete", "--qi", "education,marital-status,sex,race", "--sensitive", "workclass",
             "--mode", "both", "--l", "3"]
    kwargs = dict(drop_incomplete=True, qi=["education", "marital-status", "sex", "race"], sensitive="workclass",
                  mode="both", l=3)
    expected = run_cli("optimize", *adult_args(), *roles, "--for", "regress:workclass=Private~sex,race")
    got = rr.optimize(ADULT, **kwargs, for_="regress:workclass=Private~sex,race")
    assert got == expected
    assert got["for"]["terms"] and all(t.split("=")[0] in ("sex", "race") for t in got["for"]["terms"])
    assert got["analysis_objective"] <= got["classic_optimum"]["analysis_objective"]
    as_dict = rr.optimize(ADULT, **kwargs, for_={"outcome": "workclass", "positive": "Private",
                                                 "predictors": ["sex", "race"]})
    assert as_dict == expected
    cells = run_cli("optimize", *adult_args(), *roles, "--for", "cells:sex,race")
    assert rr.optimize(ADULT, **kwargs, for_={"cells": ["sex", "race"]}) == cells
    assert rr.optimize(ADULT, **kwargs, for_="cells:sex,race") == cells
    with pytest.raises(ValueError, match="for_ is"):
        rr.optimize(ADULT, **kwargs, for_={"outcome": "workclass"})
