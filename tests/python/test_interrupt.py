# Long work stops promptly: Ctrl+C (SIGINT) during a long optimize raises KeyboardInterrupt within a moment,
# a progress callback returning False raises rr_explorer.Cancelled, and the interpreter goes on either way.
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import ADULT, ROOT

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


# Ctrl+C at a random moment of a long call, 20 times per call in one child (issue 42): always
# KeyboardInterrupt soon after the signal (BOUND), never SystemError ("returned a result with an exception set",
# 7 of 44 signals during optimize) and never only when the call finishes (a 4 s risk did). The calls, when left
# to finish: optimize 7 s; risk over seven QIs of Adult 4 s and 60M cells; the loglinear model search over
# five attributes 13 s (it ran to its end before); the maximum-likelihood shares of four attributes 1.7 s;
# anonymize over six QIs of ARX's Adult 1.1 s.
ARX = ROOT / "tests" / "data" / "adult" / "arx"
REPEATED = f"""
import sys, time
import rr_explorer as rr
QI = ["education", "marital-status", "occupation", "race", "sex", "native-country"]
LONG = {{
    "optimize": lambda progress: rr.optimize({ADULT!r}, qi=QI, sensitive="workclass", mode="both", l=3,
                                             progress=progress),
    "risk": lambda progress: rr.risk({ADULT!r}, qi=QI + ["relationship"], sensitive="workclass", progress=progress),
    "loglinear": lambda progress: rr.loglinear({ADULT!r}, attributes="education,occupation,marital-status,sex,race",
                                               search=True, progress=progress),
    "reconstruct": lambda progress: rr.reconstruct({ADULT!r}, attributes="education,occupation,native-country,"
                                                   "marital-status", p="education=0.6,occupation=0.6,"
                                                   "native-country=0.6,marital-status=0.6", estimator="mle",
                                                   progress=progress),
    "anonymize": lambda progress: rr.anonymize(sys.argv[3] + "/adult.csv", qi="age,education,marital-status,race,"
                                               "sex,workclass", sensitive="occupation", hierarchies=sys.argv[3],
                                               l=2, model="distinct", out=sys.argv[4], progress=progress),
}}[sys.argv[1]]
for run in range(int(sys.argv[2])):
    said = []
    def progress(fraction):
        if not said:
            said.append(1)
            print("started", flush=True)
        return True
    try:
        LONG(progress)
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("KeyboardInterrupt", flush=True)
    except BaseException as e:
        print("other", type(e).__name__, str(e).replace(chr(10), " "), flush=True)
"""


# Seconds from the signal to KeyboardInterrupt. The long calls get 1.5 s: far below their 4-13 s, so a call
# that stops only at its end still fails, while a loaded machine (four compilers on two cores took risk's
# stop to 0.504 s) does not; the short ones keep 0.5 s, below what is left of them when the signal comes.
BOUND = {"optimize": 1.5, "risk": 1.5, "loglinear": 1.5, "reconstruct": 0.5, "anonymize": 0.5}


@pytest.mark.parametrize("call", ["optimize", "risk", "loglinear", "reconstruct", "anonymize"])
def test_ctrl_c_at_any_moment_raises_keyboard_interrupt(call, tmp_path):
    import random

    rng = random.Random(42)
    runs = 20
    child = subprocess.Popen([sys.executable, "-c", REPEATED, call, str(runs), str(ARX), str(tmp_path / "out.csv")],
                             stdout=subprocess.PIPE, text=True, env=os.environ)
    try:
        for run in range(runs):
            assert child.stdout.readline() == "started\n", run
            time.sleep(rng.uniform(0, 0.3))
            child.send_signal(signal.SIGINT)
            t = time.monotonic()
            line = child.stdout.readline()
            seconds = time.monotonic() - t
            assert line == "KeyboardInterrupt\n", (run, line)
            assert seconds < BOUND[call], (run, seconds)
        child.stdout.close()
        assert child.wait(timeout=30) == 0
    finally:
        if child.poll() is None:
            child.kill()
