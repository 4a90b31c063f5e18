# Every analysis gives the CLI's JSON for the same inputs (from the files, a DataFrame and Counts); bad input
# raises ValueError with the CLI's message; failed writes OSError; no memory MemoryError.
import json
import os
import subprocess
import sys
import textwrap

import pandas as pd
import pytest

import rr_explorer as rr
from conftest import ADULT, DATA, adult_args, run_cli

QI = ["education", "marital-status", "sex", "race"]
S = "workclass"
P = {"education": 0.8, "marital-status": 0.7, "sex": 0.9, "race": 0.85, "workclass": 0.75}
P_TEXT = ",".join(f"{k}={v!r}" for k, v in P.items())

# (python function, its keyword arguments, the same as CLI arguments)
CASES = {
    "risk": (rr.risk, dict(qi=QI, sensitive=S, p=P),
             ["risk", "--qi", ",".join(QI), "--sensitive", S, "--p", P_TEXT]),
    "optimize": (rr.optimize, dict(qi=QI, sensitive=S, mode="both", l=3),
                 ["optimize", "--qi", ",".join(QI), "--sensitive", S, "--mode", "both", "--l", "3"]),
    "reconstruct": (rr.reconstruct, dict(attributes=["sex", "race"], p={"sex": 0.9, "race": 0.85}, covariance=True, alpha=0.1),
                    ["reconstruct", "--attributes", "sex,race", "--p", "sex=0.9,race=0.85", "--covariance", "--alpha", "0.1"]),
    "measures": (rr.measures, dict(attributes=["sex", "class"], p={"sex": 0.8, "class": 0.9}),
                 ["measures", "--attributes", "sex,class", "--p", "sex=0.8,class=0.9"]),
    "loglinear": (rr.loglinear, dict(attributes=["sex", "race", "class"], search=True, p={"sex": 0.9}),
                  ["loglinear", "--attributes", "sex,race,class", "--search", "--p", "sex=0.9"]),
    "independence": (rr.independence, dict(attributes=["sex", "class"], given=["race"], p={"class": 0.8}),
                     ["independence", "--attributes", "sex,class", "--given", "race", "--p", "class=0.8"]),
    "describe": (rr.describe, {}, ["describe"]),
    "reidentification": (rr.reidentification, dict(qi=QI, p={"sex": 0.9}, threshold=0.1),
                         ["reidentification", "--qi", ",".join(QI), "--p", "sex=0.9", "--threshold", "0.1"]),
}
BASELINES = {
    "compare": (rr.compare, dict(qi=["sex", "race"], sensitive=S, l=2, seed=7, hierarchies=str(DATA / "hierarchies")),
                ["compare", "--qi", "sex,race", "--sensitive", S, "--l", "2", "--seed", "7",
                 "--hierarchies", str(DATA / "hierarchies")]),
    "anonymize": (rr.anonymize, dict(qi=["sex", "race"], sensitive=S, model="distinct", l=2,
                                     hierarchies=str(DATA / "hierarchies"), keep_order=True),
                  ["anonymize", "--qi", "sex,race", "--sensitive", S, "--model", "distinct", "--l", "2",
                   "--hierarchies", str(DATA / "hierarchies"), "--keep-order"]),
    "anatomy": (rr.anatomy, dict(qi=["sex", "race"], sensitive="education", l=2, keep_order=True),
                ["anatomy", "--qi", "sex,race", "--sensitive", "education", "--l", "2", "--keep-order"]),
}


def without(j, keys):
    if isinstance(j, dict):
        return {k: without(v, keys) for k, v in j.items() if k not in keys}
    if isinstance(j, list):
        return [without(v, keys) for v in j]
    return j


def strip_rows(j):
    """From counts, `rows` and `dropped_rows` count cells (as the CLI's --count-column does); the rest is equal."""
    if isinstance(j, dict):
        return {k: strip_rows(v) for k, v in j.items() if k not in ("rows", "dropped_rows", "loaded_rows")}
    if isinstance(j, list):
        return [strip_rows(v) for v in j]
    return j


@pytest.mark.parametrize("name", list(CASES))
def test_files_equal_cli(name):
    f, kwargs, args = CASES[name]
    assert f(ADULT, **kwargs) == run_cli(*args, *adult_args())


@pytest.mark.parametrize("name", list(BASELINES))
def test_baselines_equal_cli(name, tmp_path):
    # The same JSON (but the time taken and the output's name) and, in the source's order, the same files.
    f, kwargs, args = BASELINES[name]
    writes = name != "compare"
    py_out, cli_out = (str(tmp_path / "py" / "out"), str(tmp_path / "cli" / "out")) if writes else (None, None)
    if writes:
        os.mkdir(tmp_path / "py")
        os.mkdir(tmp_path / "cli")
        kwargs = {**kwargs, "out": py_out}
        args = [*args, "--out", cli_out]
    got = f(ADULT, **kwargs)
    expected = run_cli(*args, *adult_args())
    normalize = lambda j: without(json.loads(json.dumps(j).replace(py_out or "\0", "OUT").replace(
        cli_out or "\0", "OUT")), {"seconds", "optimizer_seconds", "search_seconds"})
    assert normalize(got) == normalize(expected)
    if writes:
        py_files, cli_files = sorted(os.listdir(tmp_path / "py")), sorted(os.listdir(tmp_path / "cli"))
        assert py_files == cli_files and py_files
        for name in py_files:
            assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes()


@pytest.mark.parametrize("name", ["risk", "optimize", "reconstruct", "measures", "independence"])
def test_frame_and_counts_equal_cli(name, adult_frame):
    f, kwargs, args = CASES[name]
    expected = run_cli(*args, *adult_args())
    assert f(adult_frame, **kwargs) == expected
    counts = rr.count(adult_frame, list(adult_frame.columns.drop(["age", "fnlwgt", "capital-gain", "capital-loss"])))
    from_counts = f(counts, **kwargs)
    assert strip_rows(from_counts) == strip_rows(expected)
    if "records" in expected:
        assert from_counts["records"] == expected["records"]


def test_cli_passthrough():
    assert rr.cli("risk", "--qi", "sex", "--sensitive", S, *adult_args()) == run_cli(
        "risk", "--qi", "sex", "--sensitive", S, *adult_args())


def test_rules_equal_cli(adult_frame, tmp_path):
    # 0/1 items made from Adult
    items = pd.DataFrame({"male": (adult_frame["sex"] == "Male").astype(int),
                          "white": (adult_frame["race"] == "White").astype(int),
                          "rich": (adult_frame["class"].str.startswith(">50K")).astype(int),
                          "private": (adult_frame["workclass"] == "Private").astype(int)})
    path = tmp_path / "items.csv"
    items.to_csv(path, index=False)
    kwargs = dict(items=["male", "white", "rich", "private"], p={"male": 0.9, "rich": 0.8}, min_support=0.1,
                  min_confidence=0.5)
    expected = run_cli("rules", "--data", path, "--items", "male,white,rich,private", "--p", "male=0.9,rich=0.8",
                       "--min-support", "0.1", "--min-confidence", "0.5")
    assert rr.rules(str(path), **kwargs) == expected
    assert expected["rules"]  # something was mined


def test_basket_operators_equal_cli(tmp_path):
    lines = (DATA / "retail.dat").read_text().splitlines()[:3000]
    fimi = tmp_path / "small.dat"
    fimi.write_text("\n".join(lines) + "\n")
    op = ["--operator", "cut-and-paste", "--cutoff", "3", "--rho", "0.2"]
    opkw = dict(operator="cut-and-paste", cutoff=3, rho=0.2)
    assert rr.basket("transition", m=5, k=2, **opkw) == run_cli("basket", "transition", "--m", "5", "--k", "2", *op)
    assert rr.basket("privacy", fimi, **opkw) == run_cli("basket", "privacy", "--data", fimi, *op)
    # a seeded release: the same file and note; then recovery and mining of it
    py_out, cli_out = tmp_path / "py.dat", tmp_path / "cli.dat"
    note = rr.basket("randomize", fimi, seed=5, out=str(py_out), **opkw)
    expected = run_cli("basket", "randomize", "--data", fimi, "--seed", "5", "--out", cli_out, *op)
    assert py_out.read_bytes() == cli_out.read_bytes()
    assert json.loads(json.dumps(note).replace(str(py_out), "OUT")) == json.loads(
        json.dumps(expected).replace(str(cli_out), "OUT"))
    est = dict(itemsets="39;48;39 48", alpha=0.05)
    assert rr.basket("estimate", str(cli_out), **opkw, **est) == run_cli(
        "basket", "estimate", "--data", cli_out, *op, "--itemsets", "39;48;39 48", "--alpha", "0.05")
    mined = run_cli("basket", "mine", "--data", cli_out, "--min-support", "0.3", "--max-itemset-size", "2", *op)
    assert rr.basket("mine", str(cli_out), min_support=0.3, max_itemset_size=2, **opkw) == mined


@pytest.mark.parametrize("kwargs,args", [
    (dict(qi=["sex"], sensitive="nope"), ["--qi", "sex", "--sensitive", "nope"]),
    (dict(qi=["sex"], sensitive=S, p={"sex": 0.2}), ["--qi", "sex", "--sensitive", S, "--p", "sex=0.2"]),
])
def test_bad_input_is_value_error_with_cli_message(kwargs, args):
    message = run_cli("risk", *args, *adult_args(), expect=2)
    with pytest.raises(ValueError) as e:
        rr.risk(ADULT, **kwargs)
    assert str(e.value) == message


def test_unknown_argument_is_type_error():
    # risk has a real signature: an argument it does not take is Python's TypeError, naming it
    with pytest.raises(TypeError, match="bogus"):
        rr.risk(ADULT, qi=["sex"], sensitive=S, bogus=1)


def test_missing_file_is_value_error_with_cli_message(tmp_path):
    missing = tmp_path / "none.csv"
    message = run_cli("risk", "--qi", "sex", "--sensitive", S, "--data", missing, expect=2)
    with pytest.raises(ValueError) as e:
        rr.risk(str(missing), qi=["sex"], sensitive=S)
    assert str(e.value) == message


def _in_child(code, tmp_path):
    """Runs `code` in a fresh interpreter (limits must not touch the test process); returns its stdout."""
    script = tmp_path / "child.py"
    script.write_text(textwrap.dedent(code))
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=os.environ)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout


def test_failed_write_is_os_error(tmp_path):
    # The disk fills up halfway (a file-size limit): OSError with the CLI's "cannot write" message.
    out = _in_child(f"""
        import resource, signal
        import rr_explorer as rr
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (16, 16))
        try:
            rr.randomize({ADULT!r}, attributes=["sex"], p={{"sex": 0.8}}, seed=1, out={str(tmp_path / 'full.csv')!r})
        except OSError as e:
            print("OSError", e)
    """, tmp_path)
    assert out.startswith("OSError cannot write") and "full.csv" in out


def test_out_of_memory_is_memory_error(tmp_path):
    # A 3000 x 3000 table whose vectors do not fit: MemoryError with the figures, the interpreter alive.
    data = tmp_path / "diag.csv"
    data.write_text("a,b\n" + "".join(f"a{k},b{k}\n" for k in range(3000)))
    out = _in_child(f"""
        import resource
        import rr_explorer as rr
        peak = [int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmSize:")][0] * 1024
        limit = peak + (300 << 20)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        try:
            rr.reconstruct({str(data)!r}, attributes=["a", "b"], p={{"a": 0.9, "b": 0.9}})
        except MemoryError as e:
            print("MemoryError", e)
        print("alive")
    """, tmp_path)
    assert out.startswith("MemoryError out of memory while running 'reconstruct' (peak "), out
    assert "the limit is" in out and out.endswith("alive\n")
