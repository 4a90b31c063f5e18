# The Python module's tests: rr_explorer from the build tree (PYTHONPATH, set by ctest) against the CLI binary
# (RR_CLI) on the bundled Adult sample.
import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "resources" / "data"
ADULT = [str(DATA / "adult.data.csv"), str(DATA / "adult.test.csv")]
CLI = os.environ.get("RR_CLI", str(ROOT / "build" / "app" / "rr-explorer-cli"))
PREFIX = "rr-explorer-cli: error: "


def run_cli(*args, expect=0):
    """The CLI's JSON output (or, with expect != 0, its one-line error message without the prefix)."""
    r = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True)
    assert r.returncode == expect, (r.returncode, r.stderr[-2000:])
    if expect:
        assert r.stderr.startswith(PREFIX) and r.stderr.count("\n") == 1, r.stderr
        return r.stderr[len(PREFIX):-1]
    return json.loads(r.stdout)


def adult_args():
    return [a for f in ADULT for a in ("--data", f)]


@pytest.fixture(scope="session")
def adult_frame():
    import pandas as pd

    return pd.concat([pd.read_csv(f, dtype=str, keep_default_na=False) for f in ADULT], ignore_index=True)
