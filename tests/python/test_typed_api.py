# The typed layer from Python (issue 43): every public function has a real signature and documents each parameter;
# rr.risk calls core's riskOf (no command line, no JSON text) and returns an object with attributes whose
# to_dict() is the CLI's JSON for the same arguments, from files, a DataFrame and Counts.
import inspect
import json
import pickle
import pydoc

import numpy as np
import pytest

import rr_explorer as rr
from conftest import ADULT, adult_args, run_cli

# The README's example (docs/PYTHON.md): Adult, these QIs and S, RR-Both.
QI, S = ["education", "marital-status", "sex", "race"], "workclass"
P = {"education": 0.8, "marital-status": 0.7, "sex": 0.9, "race": 0.85, "workclass": 0.75}
CLI_ARGS = ["risk", "--qi", ",".join(QI), "--sensitive", S, "--p", ",".join(f"{k}={v!r}" for k, v in P.items()),
            "--tau", "0.5"]


def public_functions():
    return [(n, getattr(rr, n)) for n in rr.__all__ if inspect.isfunction(getattr(rr, n))]


@pytest.mark.parametrize("name,f", public_functions())
def test_signature_names_its_parameters(name, f):
    params = inspect.signature(f).parameters.values()
    assert not [p for p in params if p.kind is inspect.Parameter.VAR_KEYWORD], name
    if name != "cli":  # cli(*args) is a command line
        assert [p for p in params if p.kind is not inspect.Parameter.VAR_POSITIONAL], name


@pytest.mark.parametrize("name,f", public_functions())
def test_help_mentions_every_parameter(name, f):
    text = pydoc.render_doc(f)
    doc = inspect.getdoc(f) or ""
    for p in inspect.signature(f).parameters.values():
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            continue
        assert p.name in text and p.name in doc, (name, p.name)


def test_risk_signature_has_the_cli_defaults():
    sig = inspect.signature(rr.risk)
    assert list(sig.parameters)[:3] == ["data", "qi", "sensitive"]
    assert sig.parameters["threshold"].default == 0.2 and sig.parameters["tau"].default is None
    assert sig.parameters["drop_incomplete"].default is False


def test_risk_is_an_object_whose_dict_is_the_cli_json():
    r = rr.risk(ADULT, qi=QI, sensitive=S, p=P, tau=0.5)
    expected = run_cli(*CLI_ARGS, *adult_args())
    assert type(r.to_dict()) is dict and r.to_dict() == expected
    assert list(r.to_dict()) == list(expected)  # the key order too
    assert rr.cli(*CLI_ARGS, *adult_args()) == expected
    assert json.loads(json.dumps(r)) == expected and pickle.loads(pickle.dumps(r)) == expected
    # the attributes are the C++ result's
    assert r.max_risk == expected["max_risk"] and r.mean_risk == expected["mean_risk"]
    assert r.records == expected["records"] and r.cells == expected["cells"] and r.rows == expected["rows"]
    assert r.quantiles == expected["quantiles"] and r.worst == expected["worst"] and r.tau == 0.5
    assert r.p == expected["p"] and r.epsilon == expected["epsilon"] and r.warnings == expected["warnings"]
    assert r.records_over_tau == expected["records_over_tau"]
    re = r.reidentification
    assert re.randomized.max == expected["reidentification"]["randomized"]["max"]
    assert re.threshold == expected["reidentification"]["threshold"]
    assert isinstance(re.cells["count"], np.ndarray) and re.cells["count"].sum() == expected["records"]
    assert r.inference.prior_value == expected["inference"]["prior"]["value"]
    assert r.inference.worst_group["qi"] == expected["inference"]["worst_group"]["qi"]
    assert not r.several and r.sensitive == []


def test_risk_from_a_frame_and_counts_is_the_same(adult_frame):
    expected = run_cli(*CLI_ARGS, *adult_args())
    assert rr.risk(adult_frame, qi=QI, sensitive=S, p=P, tau=0.5).to_dict() == expected
    counts = rr.count(adult_frame, QI + [S])
    from_counts = rr.risk(counts, QI, S, p=P, tau=0.5)
    assert from_counts.max_risk == expected["max_risk"] and from_counts.worst == expected["worst"]


def test_several_sensitive_attributes():
    knows = {"occupation": ["workclass"]}
    r = rr.risk(ADULT, qi=["sex", "race"], sensitive=["workclass", "occupation"], knows=knows, p={"sex": 0.8})
    expected = run_cli("risk", "--qi", "sex,race", "--sensitive", "workclass,occupation", "--knows",
                       "occupation=workclass", "--p", "sex=0.8", *adult_args())
    assert r.to_dict() == expected
    assert r.several and [t.attribute for t in r.sensitive] == ["workclass", "occupation"]
    assert r.sensitive[1].knows == ["workclass"] and r.max_risk == expected["overall"]["max_risk"]
    assert r.sensitive[0].records_set == expected["sensitive"][0]["records_set"]


def test_matrix_file_and_drop_incomplete(tmp_path):
    m = tmp_path / "sex.csv"
    m.write_text('"Female","Male"\n0.9,0.2\n0.1,0.8\n')
    r = rr.risk(ADULT, qi=["sex"], sensitive=S, matrix={"sex": str(m)}, drop_incomplete=True, threshold=0.1)
    expected = run_cli("risk", "--qi", "sex", "--sensitive", S, "--matrix", f"sex={m}", "--drop-incomplete",
                       "--threshold", "0.1", *adult_args())
    assert r.to_dict() == expected and r.p["sex"] is None


def test_bad_arguments_give_the_cli_messages():
    message = run_cli("risk", "--qi", "sex", "--sensitive", S, "--tau", "2", *adult_args(), expect=2)
    with pytest.raises(ValueError) as e:
        rr.risk(ADULT, qi=["sex"], sensitive=S, tau=2)
    assert str(e.value) == message
    with pytest.raises(ValueError, match="needs --qi"):
        rr.risk(ADULT, sensitive=S)


def test_progress_can_cancel_risk():
    with pytest.raises(rr.Cancelled):
        rr.risk(ADULT, qi=QI, sensitive=S, p=P, progress=lambda f: False)


# optimize (core/api/Optimize.h): the same contract as risk.
OPT_ARGS = ["optimize", "--qi", ",".join(QI), "--sensitive", S, "--mode", "both", "--l", "3"]


def test_optimize_signature_has_the_cli_defaults():
    sig = inspect.signature(rr.optimize)
    assert list(sig.parameters)[:3] == ["data", "qi", "sensitive"]
    assert sig.parameters["drop_incomplete"].default is False and sig.parameters["missing"].default == ("?", "")
    for name in ("mode", "l", "tau", "max_reidentification", "mean_reidentification", "for_", "knows"):
        assert sig.parameters[name].default is None, name


def test_optimize_is_an_object_whose_dict_is_the_cli_json():
    r = rr.optimize(ADULT, qi=QI, sensitive=S, mode="both", l=3)
    expected = run_cli(*OPT_ARGS, *adult_args())
    assert isinstance(r, rr.OptimizeResult) and type(r.to_dict()) is dict
    assert r.to_dict() == expected and list(r.to_dict()) == list(expected)  # the key order too
    assert json.loads(json.dumps(r)) == expected and pickle.loads(pickle.dumps(r)) == expected
    assert r.feasible is True and r.mode == "both" and r.p == expected["p"] and list(r.p) == QI + [S]
    assert r.max_risk == expected["max_risk"] and r.objective == expected["objective"]
    assert r.tau == expected["tau"] and r.l == 3 and r.rows == expected["rows"]
    assert r.evaluations == expected["evaluations"] and r.warnings == expected["warnings"]
    assert r.inference.prior_value == expected["inference"]["prior"]["value"]
    assert r.reidentification is None and r.analysis is None and r.best_l is None and not r.several


def test_optimize_infeasible_bounded_and_for_an_analysis():
    args = ["--qi", "sex,race", "--sensitive", S, "--mode", "qi", "--l", "5"]
    r = rr.optimize(ADULT, qi=["sex", "race"], sensitive=S, mode="qi", l=5)
    expected = run_cli("optimize", *args, *adult_args())
    assert r.to_dict() == expected and list(r.to_dict()) == list(expected)
    assert r.feasible is False and r.p is None and r.reason == expected["reason"]
    assert r.best_l == expected["best_l"] and r.best_l_per_mode == expected["best_l_per_mode"]
    assert r.blocking_groups == expected["blocking_groups"] and r.blocking_records == expected["blocking_records"]
    bounded = rr.optimize(ADULT, qi=["sex", "race"], sensitive=S, mode="both", tau=0.8, max_reidentification=0.5)
    expected = run_cli("optimize", "--qi", "sex,race", "--sensitive", S, "--mode", "both", "--tau", "0.8",
                       "--max-reidentification", "0.5", *adult_args())
    assert bounded.to_dict() == expected and bounded.reidentification["max"] == expected["reidentification"]["max"]
    analysis = rr.optimize(ADULT, qi=["sex", "race"], sensitive=S, mode="both", l=2, for_="cells:sex,race")
    expected = run_cli("optimize", "--qi", "sex,race", "--sensitive", S, "--mode", "both", "--l", "2", "--for",
                       "cells:sex,race", *adult_args())
    assert analysis.to_dict() == expected and list(analysis.to_dict()) == list(expected)
    assert analysis.analysis.terms == expected["for"]["terms"]
    assert analysis.analysis.classic_max_risk == expected["classic_optimum"]["max_risk"]


def test_optimize_several_sensitive_and_counts(adult_frame):
    knows = {"occupation": ["workclass"]}
    r = rr.optimize(ADULT, qi=["sex", "race"], sensitive=["workclass", "occupation"], knows=knows, mode="both", l=2)
    expected = run_cli("optimize", "--qi", "sex,race", "--sensitive", "workclass,occupation", "--knows",
                       "occupation=workclass", "--mode", "both", "--l", "2", *adult_args())
    assert r.to_dict() == expected and list(r.to_dict()) == list(expected)
    assert r.several and [t.attribute for t in r.sensitive] == ["workclass", "occupation"]
    assert r.sensitive[1].knows == ["workclass"] and r.randomized == expected["randomized"]
    counts = rr.count(adult_frame, QI + [S])
    assert rr.optimize(counts, QI, S, mode="both", l=3).p == run_cli(*OPT_ARGS, *adult_args())["p"]


def test_optimize_bad_arguments_give_the_cli_messages():
    for extra, kwargs in ((["--l", "3", "--tau", "0.5"], dict(l=3, tau=0.5)), ([], {}),
                          (["--tau", "2"], dict(tau=2)), (["--l", "1"], dict(l=1))):
        message = run_cli("optimize", "--qi", "sex", "--sensitive", S, "--mode", "s", *extra, *adult_args(),
                          expect=2)
        with pytest.raises(ValueError) as e:
            rr.optimize(ADULT, qi=["sex"], sensitive=S, mode="s", **kwargs)
        assert str(e.value) == message, extra
    message = run_cli("optimize", "--sensitive", S, "--mode", "s", "--l", "2", *adult_args(), expect=2)
    with pytest.raises(ValueError) as e:
        rr.optimize(ADULT, sensitive=S, mode="s", l=2)
    assert str(e.value) == message
    with pytest.raises(ValueError, match="needs --mode"):
        rr.optimize(ADULT, qi=["sex"], sensitive=S, l=2)


def test_optimize_from_a_session_is_the_cli():
    from conftest import ROOT
    session = str(ROOT / "tests" / "data" / "sessions-v1" / "record.json")
    for kwargs, extra in (({}, []), (dict(mode="s", l=2), ["--mode", "s", "--l", "2"])):
        r = rr.optimize(session=session, **kwargs)
        expected = run_cli("optimize", "--session", session, *extra)
        assert r.to_dict() == expected and list(r.to_dict()) == list(expected) and r.mode == expected["mode"]


# describe (core/api/Describe.h): the same contract.
def test_describe_is_an_object_whose_dict_is_the_cli_json(adult_frame):
    r = rr.describe(ADULT)
    expected = run_cli("describe", *adult_args())
    assert isinstance(r, rr.DescribeResult) and r.to_dict() == expected and list(r) == list(expected)
    assert r.rows == expected["rows"] and r.dropped_rows == 0 and r.records is None
    assert [a.name for a in r.attributes] == [a["name"] for a in expected["attributes"]]
    sex = r.attribute("sex")
    got = next(a for a in expected["attributes"] if a["name"] == "sex")
    assert sex.categories == got["categories"] and sex.counts == got["counts"] and sex.missing == got["missing"]
    assert sex.numeric is False and sex.needs_binning is False and sex.binning is None and sex.codes is None
    with pytest.raises(KeyError):
        r.attribute("nope")
    assert rr.describe(adult_frame).attribute("sex").counts == sex.counts


def test_describe_subsets_bins_and_drop_incomplete():
    args = ["--attributes", "age,workclass", "--bin", "age=0,30,60,inf", "--drop-incomplete"]
    r = rr.describe(ADULT, attributes=["age", "workclass"], bin={"age": "0,30,60,inf"}, drop_incomplete=True)
    expected = run_cli("describe", *args, *adult_args())
    assert r.to_dict() == expected and list(r.to_dict()["attributes"][0]) == list(expected["attributes"][0])
    age = r.attributes[0]
    assert age.binning["kind"] == "cuts" and age.binning["cuts"][-1] == float("inf") and age.missing is None
    assert r.dropped_rows == expected["dropped_rows"] > 0
    message = run_cli("describe", "--attributes", "sex,sex", *adult_args(), expect=2)
    with pytest.raises(ValueError) as e:
        rr.describe(ADULT, attributes=["sex", "sex"])
    assert str(e.value) == message


def test_describe_a_statistical_file_has_its_labels(tmp_path, adult_frame):
    import pandas as pd
    path = tmp_path / "small.dta"
    frame = adult_frame[["sex", "race"]].head(200).astype("category")
    frame.to_stata(path, write_index=False, variable_labels={"sex": "Sex of the person"})
    r = rr.describe(str(path))
    expected = run_cli("describe", "--data", path)
    assert r.to_dict() == expected and list(r.to_dict()["attributes"][0]) == list(expected["attributes"][0])
    sex = r.attribute("sex")
    assert sex.label == "Sex of the person" and sex.codes == expected["attributes"][0]["codes"]
    assert sex.missing_kinds["system"] == expected["attributes"][0]["missing_kinds"]["system"]


# reconstruct (core/api/Reconstruct.h): the same contract; the CLI streams the same cells.
def test_reconstruct_is_an_object_whose_dict_is_the_cli_json():
    r = rr.reconstruct(ADULT, attributes=["sex", "race"], p={"sex": 0.9, "race": 0.85}, covariance=True, alpha=0.1)
    expected = run_cli("reconstruct", "--attributes", "sex,race", "--p", "sex=0.9,race=0.85", "--covariance",
                       "--alpha", "0.1", *adult_args())
    assert isinstance(r, rr.ReconstructResult) and r.to_dict() == expected and list(r) == list(expected)
    assert list(r["cells"][0]) == list(expected["cells"][0])
    assert r.n == expected["n"] and r.alpha == 0.1 and r.estimator == "moment" and r.fit is None
    assert r.p == expected["p"] and r.attributes == ["sex", "race"] and r.shape == (2, len(r.categories[1]))
    assert isinstance(r.estimate, np.ndarray) and r.estimate.tolist() == [c["estimate"] for c in expected["cells"]]
    assert r.variance.tolist() == [c["variance"] for c in expected["cells"]]
    assert r.covariance.tolist() == expected["covariance"] and r.at_zero is None
    assert rr.reconstruct(ADULT, attributes="sex,race", p="sex=0.9,race=0.85", covariance=True, alpha=0.1) == expected


def test_reconstruct_mle_and_projected():
    for estimator in ("mle", "projected"):
        args = ["--attributes", "sex,class", "--p", "sex=0.7,class=0.6", "--estimator", estimator]
        r = rr.reconstruct(ADULT, attributes=["sex", "class"], p={"sex": 0.7, "class": 0.6}, estimator=estimator)
        expected = run_cli("reconstruct", *args, *adult_args())
        assert r.to_dict() == expected and list(r) == list(expected) and r.estimator == estimator
    assert r.fit is None
    mle = rr.reconstruct(ADULT, attributes=["sex", "class"], p={"sex": 0.7, "class": 0.6}, estimator="mle")
    assert mle.fit["converged"] and mle.at_zero.dtype == bool and abs(mle.estimate.sum() - 1) < 1e-12


def test_reconstruct_bad_arguments_give_the_cli_messages():
    for extra, kwargs in ((["--alpha", "1.5"], dict(alpha=1.5)), (["--estimator", "nope"], dict(estimator="nope")),
                          (["--p", "sex=2"], dict(p={"sex": 2})), (["--covariance"], dict(covariance=True))):
        attributes = "education,occupation,native-country" if extra == ["--covariance"] else "sex"
        message = run_cli("reconstruct", "--attributes", attributes, *extra, *adult_args(), expect=2)
        with pytest.raises(ValueError) as e:
            rr.reconstruct(ADULT, attributes=attributes, **kwargs)
        assert str(e.value) == message, extra
    with pytest.raises(ValueError, match="needs --attributes"):
        rr.reconstruct(ADULT)


# reidentification, measures, independence and loglinear (core/api/Reidentification.h, Measures.h,
# Independence.h, Loglinear.h): the same contract.
def test_the_four_signatures_name_their_parameters():
    expected = {
        rr.reidentification: ["data", "qi", "p", "matrix", "threshold", "cells", "drop_incomplete"],
        rr.measures: ["data", "attributes", "p", "matrix", "positive", "alpha", "drop_incomplete"],
        rr.independence: ["data", "attributes", "given", "p", "matrix", "randomized", "alpha", "drop_incomplete"],
        rr.loglinear: ["data", "attributes", "model", "search", "p", "matrix", "randomized", "alpha", "criterion",
                       "drop_incomplete"],
    }
    for f, names in expected.items():
        params = inspect.signature(f).parameters
        assert list(params)[:len(names)] == names, f.__name__
        assert {"missing", "bin", "sql_url", "session", "progress"} <= set(params), f.__name__
        for name in names[1:]:
            assert f"\n{name} : " in f.__doc__, (f.__name__, name)
    assert inspect.signature(rr.reidentification).parameters["threshold"].default == 0.2
    assert inspect.signature(rr.measures).parameters["alpha"].default == 0.05
    assert inspect.signature(rr.loglinear).parameters["alpha"].default is None


def test_reidentification_is_an_object_whose_dict_is_the_cli_json():
    r = rr.reidentification(ADULT, qi=["sex", "race"], p={"sex": 0.9}, threshold=0.1, cells=True)
    expected = run_cli("reidentification", "--qi", "sex,race", "--p", "sex=0.9", "--threshold", "0.1", "--cells",
                       *adult_args())
    assert isinstance(r, rr.ReidentificationResult) and r.to_dict() == expected and list(r) == list(expected)
    assert r.original.max == expected["original"]["max"] and r.randomized.mean == expected["randomized"]["mean"]
    assert r.threshold == 0.1 and r.p == expected["p"] and r.qi == ["sex", "race"] and r.records == expected["records"]
    assert isinstance(r.cells["count"], np.ndarray) and r.cells["count"].tolist() == [c["count"] for c in expected["cells"]]
    assert r.cells["qi"] == [c["qi"] for c in expected["cells"]]
    assert "cells" not in rr.reidentification(ADULT, qi="sex,race").to_dict()


def test_measures_is_an_object_whose_dict_is_the_cli_json(adult_frame):
    kwargs = dict(attributes=["sex", "race"], p={"sex": 0.8, "race": 0.9}, positive={"race": "White"}, alpha=0.1)
    expected = run_cli("measures", "--attributes", "sex,race", "--p", "sex=0.8,race=0.9", "--positive", "race=White",
                       "--alpha", "0.1", *adult_args())
    r = rr.measures(ADULT, **kwargs)
    assert isinstance(r, rr.MeasuresResult) and r.to_dict() == expected and list(r) == list(expected)
    assert r.n == expected["n"] and r.positive == expected["positive"] and r.alpha == 0.1
    phi = r.measures["phi"]
    assert phi.estimate == expected["measures"]["phi"]["estimate"] and list(phi.normal) == expected["measures"]["phi"]["normal"]
    assert [c.estimate for c in r.cells] == [c["estimate"] for c in expected["cells"]]
    assert r.covariance.tolist() == expected["covariance"] and r.table.keys() == expected["table"].keys()
    assert rr.measures(adult_frame, attributes="sex,race", p="sex=0.8,race=0.9", positive="race=White",
                       alpha=0.1) == expected


def test_independence_is_an_object_whose_dict_is_the_cli_json():
    r = rr.independence(ADULT, attributes=["sex", "class"], given="race", p={"class": 0.8})
    expected = run_cli("independence", "--attributes", "sex,class", "--given", "race", "--p", "class=0.8",
                       *adult_args())
    assert isinstance(r, rr.IndependenceResult) and r.to_dict() == expected and list(r) == list(expected)
    assert r.source == "expected-randomized" and r.chi_square == expected["chi_square"] and r.df == expected["df"]
    assert r.original["chi_square"] == expected["original"]["chi_square"] and r.summary == expected["summary"]
    assert r.valid == expected["valid"] and r.given == ["race"] and r.p == expected["p"]
    plain = rr.independence(ADULT, attributes="sex,class", randomized=True)
    expected = run_cli("independence", "--attributes", "sex,class", "--randomized", *adult_args())
    assert plain.to_dict() == expected and plain.p is None and plain.original is None and plain.rejected


def test_loglinear_is_an_object_whose_dict_is_the_cli_json():
    r = rr.loglinear(ADULT, attributes=["sex", "race", "class"], search=True, p={"sex": 0.9}, criterion="lr",
                     alpha=0.01)
    expected = run_cli("loglinear", "--attributes", "sex,race,class", "--search", "--p", "sex=0.9", "--criterion",
                       "lr", "--alpha", "0.01", *adult_args())
    assert isinstance(r, rr.LoglinearResult) and r.to_dict() == expected and list(r) == list(expected)
    assert r.model == expected["model"] and r.path == expected["search"]["path"] and r.p_value == expected["p_value"]
    assert r.steps[0]["candidates"][0]["model"] == expected["search"]["steps"][0]["candidates"][0]["model"]
    assert r.preserved == expected["preserved"] and r.letters == expected["letters"]
    assert isinstance(r.fitted, np.ndarray) and r.fitted.tolist() == [c["fitted"] for c in expected["fitted"]]
    fit = rr.loglinear(ADULT, attributes="sex,race,class", model="AB,C")
    expected = run_cli("loglinear", "--attributes", "sex,race,class", "--model", "AB,C", *adult_args())
    assert fit.to_dict() == expected and fit.preserved is None and fit.path is None and fit.df == expected["df"]


def test_the_four_bad_arguments_give_the_cli_messages():
    cases = [
        (["reidentification", "--qi", "sex", "--threshold", "2"], rr.reidentification, dict(qi="sex", threshold=2)),
        (["measures", "--attributes", "sex"], rr.measures, dict(attributes="sex")),
        (["measures", "--attributes", "sex,race"], rr.measures, dict(attributes="sex,race")),
        (["measures", "--attributes", "sex,class", "--positive", "race=White"], rr.measures,
         dict(attributes="sex,class", positive={"race": "White"})),
        (["independence", "--attributes", "sex"], rr.independence, dict(attributes="sex")),
        (["loglinear", "--attributes", "sex,race"], rr.loglinear, dict(attributes="sex,race")),
        (["loglinear", "--attributes", "sex,race", "--model", "A,B", "--alpha", "0.1"], rr.loglinear,
         dict(attributes="sex,race", model="A,B", alpha=0.1)),
        (["loglinear", "--attributes", "sex,race", "--search", "--criterion", "aic"], rr.loglinear,
         dict(attributes="sex,race", search=True, criterion="aic")),
    ]
    for args, f, kwargs in cases:
        message = run_cli(*args, *adult_args(), expect=2)
        with pytest.raises(ValueError) as e:
            f(ADULT, **kwargs)
        assert str(e.value) == message, args
    for f in (rr.measures, rr.independence, rr.loglinear):
        with pytest.raises(ValueError, match="needs --attributes"):
            f(ADULT)


def test_the_four_from_a_session_are_the_cli():
    from conftest import ROOT
    session = str(ROOT / "tests" / "data" / "sessions-v1" / "record.json")
    r = rr.reidentification(session=session)
    expected = run_cli("reidentification", "--session", session)
    assert r.to_dict() == expected and list(r) == list(expected)
    r = rr.measures(session=session, attributes=["sex", "class"])
    assert r.to_dict() == run_cli("measures", "--session", session, "--attributes", "sex,class")


def test_rules_is_an_object_whose_dict_is_the_cli_json(adult_frame, tmp_path):
    # Three 0/1 items of Adult; its own records as the original.
    import pandas as pd
    frame = adult_frame
    items = pd.DataFrame({"male": (frame["sex"] == "Male").astype(int),
                          "white": (frame["race"] == "White").astype(int),
                          "private": (frame["workclass"] == "Private").astype(int)})
    path = tmp_path / "items.csv"
    items.to_csv(path, index=False)
    r = rr.rules(path, items=["male", "white", "private"], p={"male": 0.9}, min_support=0.3, min_confidence=0.6,
                 decision="lower", alpha=0.1, original=path)
    expected = run_cli("rules", "--data", path, "--items", "male,white,private", "--p", "male=0.9",
                       "--min-support", "0.3", "--min-confidence", "0.6", "--decision", "lower", "--alpha", "0.1",
                       "--original", path)
    assert isinstance(r, rr.RulesResult) and r.to_dict() == expected and list(r) == list(expected)
    assert r.rows == len(items) and r.decision == "lower" and r.p == {"male": 0.9, "white": 1.0, "private": 1.0}
    assert [f["items"] for f in r.itemsets] == [f["items"] for f in expected["itemsets"]]
    assert [x["support"]["estimate"] for x in r.rules] == [x["support"]["estimate"] for x in expected["rules"]]
    assert r.comparison == expected["comparison"] and r.rules
    with pytest.raises(ValueError, match="--decision must be estimate, lower or upper"):
        rr.rules(path, items="male,white", min_support=0.3, min_confidence=0.6, decision="median")
