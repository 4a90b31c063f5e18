# The releases from Python (issue 43): randomize, anonymize and anatomy call core's randomizeOf, anonymizeOf and
# anatomyOf (no command line, no JSON text) with real signatures, and return objects whose to_dict() is the CLI's
# JSON for the same arguments (the same seed), whose attributes are the C++ result's, and, for randomize, the two
# notes' texts: the ones the CLI's --note and --audit-note write.
import inspect
import json
import os

import pytest

import rr_explorer as rr
from conftest import ADULT, DATA, adult_args, run_cli

# The README's example (docs/PYTHON.md): Adult, these QIs and S, RR-Both.
QI, S = ["education", "marital-status", "sex", "race"], "workclass"
P = {"education": 0.8, "marital-status": 0.7, "sex": 0.9, "race": 0.85, "workclass": 0.75}
P_TEXT = ",".join(f"{k}={v!r}" for k, v in P.items())
HIERARCHIES = str(DATA / "hierarchies")

SIGNATURES = {
    rr.randomize: ["data", "attributes", "p", "matrix", "keep", "keep_order", "seed", "out", "out_sql_table", "note",
                   "audit_note", "force", "release_log", "no_release_log", "categories"],
    rr.anonymize: ["data", "qi", "sensitive", "model", "l", "k", "c", "t", "t_measure", "metric", "suppression",
                   "hierarchies", "threshold", "keep", "keep_order", "out", "out_sql_table", "force",
                   "drop_incomplete"],
    rr.anatomy: ["data", "qi", "sensitive", "l", "keep_order", "out", "out_format", "out_sql_table", "force",
                 "drop_incomplete"],
}


def test_signatures_name_and_document_every_parameter():
    for f, names in SIGNATURES.items():
        params = inspect.signature(f).parameters
        assert list(params)[:len(names)] == names, f.__name__
        assert {"missing", "bin", "sql_url", "session", "progress"} <= set(params), f.__name__
        assert not [p for p in params.values() if p.kind is inspect.Parameter.VAR_KEYWORD]
        for name in params:
            assert f"\n{name} : " in f.__doc__ or f"\n{name}, " in f.__doc__ or f", {name} : " in f.__doc__, \
                (f.__name__, name)
    assert inspect.signature(rr.anonymize).parameters["threshold"].default == 0.2
    assert inspect.signature(rr.anonymize).parameters["metric"].default == "discernibility"


def _same_but_paths(got, expected, paths):
    text = json.dumps(got)
    want = json.dumps(expected)
    for mine, theirs in paths:
        text, want = text.replace(mine, "OUT"), want.replace(theirs, "OUT")
    assert json.loads(text) == json.loads(want)


def test_randomize_result_is_the_cli_json_and_both_notes(tmp_path):
    # The same seeded release by the CLI and by Python: the same file, the same JSON, the same two notes (the
    # audit note but for when it was written).
    for d in ("py", "cli"):
        os.mkdir(tmp_path / d)
    py, cli = tmp_path / "py", tmp_path / "cli"
    release, r = rr.randomize(ADULT, list(P), p=P, seed=11, out=py / "release.csv", note=py / "release.note.json",
                              audit_note=py / "release.audit.json")
    expected = run_cli("randomize", "--attributes", ",".join(P), "--p", P_TEXT, "--seed", "11",
                       "--out", cli / "release.csv", "--note", cli / "release.note.json",
                       "--audit-note", cli / "release.audit.json", *adult_args())
    assert release == str(py / "release.csv")
    assert (py / "release.csv").read_bytes() == (cli / "release.csv").read_bytes()
    assert isinstance(r, rr.RandomizeResult) and isinstance(r.to_dict(), dict) and type(r.to_dict()) is dict
    _same_but_paths(r.to_dict(), expected, [(str(py), str(cli))])
    assert r.rows == expected["rows"] and r.changed_values == expected["changed_values"]
    assert r.generator == expected["generator"] and r.order == "random" and r.columns == expected["columns"]
    assert r.p == expected["p"] and r.out == [str(py / "release.csv")] and r.release_log is None
    assert r.notes == expected.get("notes") and all(os.path.basename(f) in r.source for f in ADULT)
    # the notes: the texts are the files, and the CLI's files are the same
    assert r.public_note == (py / "release.note.json").read_text() == (cli / "release.note.json").read_text()
    assert r.audit_note == (py / "release.audit.json").read_text()
    public = json.loads(r.public_note)
    assert "source" not in public and not any(os.path.basename(f) in r.public_note for f in ADULT)  # no source
    audit, cli_audit = json.loads(r.audit_note), json.loads((cli / "release.audit.json").read_text())
    assert audit["source"] == r.source and audit["published"] == public
    for a in (audit, cli_audit):
        a.pop("released_at_utc")
    _same_but_paths(audit, cli_audit, [(str(py), str(cli))])


def test_randomize_frame_keeps_the_old_dict_and_gives_the_notes(adult_frame):
    release, r = rr.randomize(adult_frame, ["sex", "race"], p={"sex": 0.8, "race": 0.7}, keep=["education"], seed=5)
    assert list(release.columns) == ["education", "race", "sex"] and len(release) == len(adult_frame)
    assert "out" not in r and "out" not in r.to_dict() and r["rows"] == len(adult_frame) == r.rows
    assert r.source == "data frame in memory"
    assert json.loads(r.public_note)["records"] == len(adult_frame)
    assert json.loads(r.audit_note)["source"] == "data frame in memory"


@pytest.mark.parametrize("name", ["anonymize", "anatomy"])
def test_baselines_are_objects_whose_dict_is_the_cli_json(name, tmp_path):
    for d in ("py", "cli"):
        os.mkdir(tmp_path / d)
    py, cli = str(tmp_path / "py" / "out"), str(tmp_path / "cli" / "out")
    if name == "anonymize":
        r = rr.anonymize(ADULT, ["sex", "race"], S, model="distinct", l=2, hierarchies=HIERARCHIES, keep=["age"],
                         out=py + ".csv")
        expected = run_cli("anonymize", "--qi", "sex,race", "--sensitive", S, "--model", "distinct", "--l", "2",
                           "--hierarchies", HIERARCHIES, "--keep", "age", "--out", cli + ".csv", *adult_args())
        assert isinstance(r, rr.AnonymizeResult)
        assert r.model == expected["model"] and r.node == expected["node"] and r.max_risk == expected["max_risk"]
        assert r.rows_written == expected["rows_written"] and r.columns == expected["columns"] and r.t is None
        assert r.out == py + ".csv"
    else:
        r = rr.anatomy(ADULT, "sex,race", "education", l=2, out=py, out_format="dta")
        expected = run_cli("anatomy", "--qi", "sex,race", "--sensitive", "education", "--l", "2", "--out", cli,
                           "--out-format", "dta", *adult_args())
        assert isinstance(r, rr.AnatomyResult)
        assert r.qit == py + ".qit.dta" and r.st == py + ".st.dta" and not r.to_tables
        assert r.groups == expected["groups"] and r.max_risk == expected["max_risk"] and r.l == 2
    got = {k: v for k, v in r.to_dict().items() if k != "seconds"}
    _same_but_paths(got, {k: v for k, v in expected.items() if k != "seconds"}, [(py, cli)])
    assert type(r.to_dict()) is dict and r.seconds >= 0


# Bad values: the CLI's message, as ValueError.
ERRORS = [
    (lambda o: rr.anonymize(ADULT, "sex", S, model="distinct", l=2, suppression=1.5, out=o),
     ["anonymize", "--qi", "sex", "--sensitive", S, "--model", "distinct", "--l", "2", "--suppression", "1.5"]),
    (lambda o: rr.anonymize(ADULT, "sex", S, model="t-closeness", t=0.2, t_measure="far", out=o),
     ["anonymize", "--qi", "sex", "--sensitive", S, "--model", "t-closeness", "--t", "0.2", "--t-measure", "far"]),
    (lambda o: rr.anonymize(ADULT, "sex", S, model="distinct", out=o),
     ["anonymize", "--qi", "sex", "--sensitive", S, "--model", "distinct"]),
    (lambda o: rr.anonymize(ADULT, "sex", ["race", S], model="distinct", l=2, out=o),
     ["anonymize", "--qi", "sex", "--sensitive", f"race,{S}", "--model", "distinct", "--l", "2"]),
    (lambda o: rr.anatomy(ADULT, "sex", S, l=2, out=o, out_format="parquet"),
     ["anatomy", "--qi", "sex", "--sensitive", S, "--l", "2", "--out-format", "parquet"]),
    (lambda o: rr.anatomy(ADULT, "sex", S, l=2.5, out=o),
     ["anatomy", "--qi", "sex", "--sensitive", S, "--l", "2.5"]),
    (lambda o: rr.randomize(ADULT, ["nope"], seed=1, out=o),
     ["randomize", "--attributes", "nope", "--seed", "1"]),
    (lambda o: rr.randomize(ADULT, ["sex"], seed=1, out=o, release_log=o + ".log", no_release_log=True),
     ["randomize", "--attributes", "sex", "--seed", "1", "--no-release-log", "--release-log", "LOG"]),
]


@pytest.mark.parametrize("case", range(len(ERRORS)))
def test_bad_values_give_the_cli_message(case, tmp_path):
    call, args = ERRORS[case]
    out = str(tmp_path / "out.csv")
    args = [a.replace("LOG", out + ".log") for a in args]
    message = run_cli(*args, "--out", out, *adult_args(), expect=2)
    with pytest.raises(ValueError) as e:
        call(out)
    assert str(e.value) == message
    assert not os.path.exists(out)
