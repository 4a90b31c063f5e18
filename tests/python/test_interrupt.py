# Long work stops promptly: Ctrl+C (SIGINT) during a long optimize raises KeyboardInterrupt within a moment,
# a progress callback returning False raises rr_explorer.Cancelled, and the interpreter goes on either way.
import os
import signal
import subprocess
import sys
import time

from conftest import ADULT

# RR-Both at l = 3 over six QIs of Adult: about 7 s and 460 risk evaluations of 8M cells when left to finish.
CHILD = f"""
import sys, time
import rr_explorer as rr
calls = 0
def progress(fraction):
    global calls
    calls += 1
    if calls == 1:
        print("searching", flush=True)
    return MODE != "cancel" or calls < 3
MODE = sys.argv[1]
t = time.monotonic()
try:
    rr.optimize({ADULT!r}, qi=["education", "marital-status", "occupation", "race", "sex", "native-country"],
                sensitive="workclass", mode="both", l=3, progress=progress)
    print("finished")
except KeyboardInterrupt:
    print("KeyboardInterrupt")
except rr.Cancelled as e:
    print("Cancelled", e)
print("alive", rr.risk({ADULT!r}, qi=["sex"], sensitive="workclass")["max_risk"] > 0, flush=True)
"""


def run_child(mode):
    """The child's output after it began searching, and the seconds from then (or from Ctrl+C) until it said
    how the search ended."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, mode], stdout=subprocess.PIPE, text=True, env=os.environ)
    assert child.stdout.readline() == "searching\n"
    t = time.monotonic()
    if mode == "interrupt":
        child.send_signal(signal.SIGINT)
    first = child.stdout.readline()
    seconds = time.monotonic() - t
    rest, _ = child.communicate(timeout=60)
    return first + rest, seconds, child.returncode


def test_ctrl_c_stops_a_long_optimize_promptly():
    out, seconds, code = run_child("interrupt")
    assert code == 0 and out == "KeyboardInterrupt\nalive True\n", out
    assert seconds < 1.0, seconds


def test_progress_returning_false_cancels():
    out, seconds, code = run_child("cancel")
    assert code == 0 and out.startswith("Cancelled 'optimize' was cancelled") and out.endswith("alive True\n"), out
    assert seconds < 1.0, seconds  # the third call, 50 ms apart
