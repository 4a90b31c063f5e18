# Issue 46: what the published shares reveal ("inference"), counted directly with pandas from the CSV files, and
# the targets and releases that cannot mean what the owner reads (l > d_S, S in clear, an unreachable l).
import numpy as np
import pandas as pd
import pytest

from conftest import ROOT, run_cli

DATA = ROOT / "tests" / "data"
ADULT = [DATA / "adult" / "adult.data.csv", DATA / "adult" / "adult.test.csv"]
ARX = DATA / "adult" / "arx" / "adult.csv"
COIL = DATA / "coil2000" / "ticdata2000.txt"
MISSING = {"?", ""}


def coil_csv(tmp_path):
    """COIL 2000's customer main type and purchasing power class (QIs) and average age (sensitive)."""
    d = pd.read_csv(COIL, sep="\t", header=None)
    frame = pd.DataFrame({"MOSHOOFD": d[4].astype(str), "MKOOPKLA": d[42].astype(str),
                          "MGEMLEEF": d[3].astype(str)})
    path = tmp_path / "coil.csv"
    frame.to_csv(path, index=False)
    return path


def read(files, sep=","):
    return pd.concat([pd.read_csv(f, dtype=str, keep_default_na=False, sep=sep) for f in files], ignore_index=True)


def direct_inference(frame, qi, s, tau):
    """prior, groups.max, groups.mean, groups.records_over_tau over the records complete in qi and s."""
    kept = frame[~frame[qi + [s]].isin(MISSING).any(axis=1)]
    n = len(kept)
    prior = kept[s].value_counts()
    counts = kept.groupby(qi + [s]).size()
    group_size = kept.groupby(qi).size()
    largest = counts.groupby(level=list(range(len(qi)))).max()
    share = largest / group_size
    return {"prior_value": prior.index[0], "prior_share": prior.iloc[0] / n, "max": share.max(),
            "mean": largest.sum() / n, "records_over_tau": int(group_size[share > tau].sum())}


CASES = {
    "adult": (lambda tmp: ([str(f) for f in ADULT], ","), ["sex", "race", "marital-status"], "workclass"),
    "adult-arx": (lambda tmp: ([str(ARX)], ";"), ["sex", "race", "education"], "occupation"),
    "coil2000": (lambda tmp: ([str(coil_csv(tmp))], ","), ["MOSHOOFD", "MKOOPKLA"], "MGEMLEEF"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_inference_equals_a_direct_count(tmp_path, case):
    make, qi, s = CASES[case]
    files, sep = make(tmp_path)
    args = [a for f in files for a in ("--data", f)]
    p = ",".join(f"{a}=0.7" for a in qi + [s])
    out = run_cli("risk", *args, "--qi", ",".join(qi), "--sensitive", s, "--p", p, "--tau", "0.5")
    want = direct_inference(read(files, sep), qi, s, 0.5)
    inf = out["inference"]
    assert inf["prior"]["value"] == want["prior_value"]
    assert inf["prior"]["share"] == pytest.approx(want["prior_share"], rel=1e-12)
    assert inf["groups"]["max"] == pytest.approx(want["max"], rel=1e-12)
    assert inf["groups"]["mean"] == pytest.approx(want["mean"], rel=1e-12)
    assert inf["groups"]["records_over_tau"] == want["records_over_tau"]
    assert want["records_over_tau"] > 0  # the case says something
    # the groups listed over tau are such groups, the most records first
    over = inf["groups_over_tau"]
    assert 0 < len(over) <= 10
    assert all(g["share"] > 0.5 for g in over)
    assert [g["group_records"] for g in over] == sorted((g["group_records"] for g in over), reverse=True)
    # without --tau the count is null, the other figures the same
    plain = run_cli("risk", *args, "--qi", ",".join(qi), "--sensitive", s, "--p", p)["inference"]
    assert plain["groups"]["records_over_tau"] is None
    assert plain["groups"]["max"] == inf["groups"]["max"]


def adult_args():
    return [a for f in ADULT for a in ("--data", str(f))]


def test_inference_per_sensitive_attribute():
    out = run_cli("risk", *adult_args(), "--qi", "sex,race", "--sensitive", "workclass,occupation",
                  "--knows", "occupation=education",
                  "--p", "sex=0.7,race=0.7,workclass=0.7,occupation=0.7,education=0.7", "--tau", "0.5")
    frame = read(ADULT)
    kept = frame[~frame[["sex", "race", "workclass", "occupation", "education"]].isin(MISSING).any(axis=1)]
    for target, qi in (("workclass", ["sex", "race"]), ("occupation", ["sex", "race", "education"])):
        entry = next(t for t in out["sensitive"] if t["attribute"] == target)
        want = direct_inference(kept, qi, target, 0.5)
        assert entry["inference"]["groups"]["mean"] == pytest.approx(want["mean"], rel=1e-12)
        assert entry["inference"]["groups"]["max"] == pytest.approx(want["max"], rel=1e-12)
        assert entry["inference"]["groups"]["records_over_tau"] == want["records_over_tau"]


def test_l_above_the_values_is_refused(tmp_path):
    message = run_cli("optimize", *adult_args(), "--qi", "race,education", "--sensitive", "sex", "--mode", "both",
                      "--l", "3", expect=2)
    assert message == "sex has 2 values: a guess is right at least half the time, so l cannot exceed 2"
    # l = 2 is accepted
    assert run_cli("optimize", *adult_args(), "--qi", "race,education", "--sensitive", "sex", "--mode", "both",
                   "--l", "2")["l"] == 2
    # per attribute with several sensitive attributes
    message = run_cli("optimize", *adult_args(), "--qi", "race", "--sensitive", "sex,class", "--mode", "both",
                      "--l", "3", expect=2)
    assert "sex has 2 values" in message and "class has" in message


def test_sensitive_in_clear_is_warned():
    out = run_cli("optimize", *adult_args(), "--qi", "sex,race,marital-status", "--sensitive", "workclass",
                  "--mode", "qi", "--l", "2")
    assert out["feasible"] and out["p"]["workclass"] == 1
    assert len(out["warnings"]) == 1 and out["warnings"][0].startswith("workclass leaves in clear (p = 1)")
    assert "randomized quasi-identifiers" in out["warnings"][0]
    both = run_cli("optimize", *adult_args(), "--qi", "sex,race,marital-status", "--sensitive", "workclass",
                   "--mode", "s", "--l", "2")
    assert both["warnings"] == []
    risk = run_cli("risk", *adult_args(), "--qi", "sex,race", "--sensitive", "workclass",
                   "--p", "sex=0.8,race=0.8,workclass=1")
    assert risk["warnings"] == [out["warnings"][0]]
    assert run_cli("risk", *adult_args(), "--qi", "sex,race", "--sensitive", "workclass",
                   "--p", "sex=0.8,race=0.8,workclass=0.8")["warnings"] == []


def optimize_at(mode, l, qi, s):
    return run_cli("optimize", *adult_args(), "--qi", qi, "--sensitive", s, "--mode", mode, "--l", str(l))


@pytest.mark.parametrize("mode,qi,s,l", [("s", "sex,race,marital-status", "workclass", 2),
                                         ("both", "sex", "marital-status", 7),
                                         ("qi", "race,sex", "workclass", 8),
                                         ("s", "sex", "education", 16)])
def test_best_l_is_met_and_the_next_is_not(mode, qi, s, l):
    out = optimize_at(mode, l, qi, s)
    assert not out["feasible"]
    best = out["best_l"]
    assert best == out["best_l_per_mode"][mode]
    groups = out["blocking_groups"]
    assert 0 < len(groups) <= 10
    assert [g["records"] for g in groups] == sorted((g["records"] for g in groups), reverse=True)
    assert all(set(g["qi"]) == set(qi.split(",")) and g["records"] <= g["group_records"] for g in groups)
    if best >= 2:
        assert optimize_at(mode, best, qi, s)["feasible"]
    assert not optimize_at(mode, best + 1, qi, s)["feasible"]


def test_rr_both_advice_only_when_it_reaches_the_target():
    helps = optimize_at("qi", 3, "race,sex", "workclass")  # RR-Both reaches l = 3
    assert helps["best_l_per_mode"]["both"] >= 3
    assert any("Switching to RR-Both meets the target." in n for n in helps["notes"])
    beyond = optimize_at("qi", 5, "race,sex", "workclass")  # it does not reach l = 5
    assert beyond["best_l_per_mode"]["both"] < 5
    assert not any("RR-Both meets" in n for n in beyond["notes"])
    inside = optimize_at("both", 5, "race,sex", "workclass")  # no advice to switch to the mode it is in
    assert not any("Switching" in n for n in inside["notes"])
