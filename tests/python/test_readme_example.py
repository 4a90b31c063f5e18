# The Python example of docs/PYTHON.md, as printed there, runs (Agg backend) and writes its plot and the Dask release.
import os
import re
import subprocess
import sys

from conftest import DATA, ROOT


def test_readme_example_runs(tmp_path):
    readme = (ROOT / "docs" / "PYTHON.md").read_text()
    code = re.search(r"<!-- python-example -->\n```python\n(.*?)```", readme, re.S).group(1)
    script = tmp_path / "example.py"
    script.write_text(code)
    r = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True,
                       env={**os.environ, "RR_DATA": str(DATA), "MPLBACKEND": "Agg"}, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "p at l = 3:" in r.stdout and "Dask: True secure" in r.stdout, r.stdout
    assert (tmp_path / "marital-status.png").stat().st_size > 10000
    assert sorted(p.name for p in tmp_path.glob("release-*.csv"))
