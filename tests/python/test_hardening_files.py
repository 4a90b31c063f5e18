# Issue 42 in the Python module: a deeply nested session raises ValueError (it crashed the interpreter with
# SIGSEGV), and control characters of an input file reach the exception's text escaped (\x1b), never raw.
import json

import pytest

import rr_explorer as rr


def _nested(depth):
    return '{"a":' * depth + "1" + "}" * depth


def _session(view):
    return ('{"format": "rr-explorer-session", "version": 1, "data": ["sample:adult.data.csv"], '
            '"roles": {"quasiIdentifiers": ["education"], "sensitive": "workclass"}, "mode": "qi", '
            '"view": ' + view + "}")


@pytest.mark.parametrize("view", [_nested(70000), "[" * 70000 + "]" * 70000, _nested(64)])
def test_deep_session_raises_value_error(tmp_path, view):
    path = tmp_path / "deep.json"
    path.write_text(_session(view))
    with pytest.raises(ValueError, match="nested deeper than 64"):
        rr.risk(session=str(path))


def test_deep_basket_session_raises_value_error(tmp_path):
    path = tmp_path / "deep-basket.json"
    path.write_text('{"kind": "rr-explorer baskets session", "data": "x.dat", "level": ' + _nested(70000) + "}")
    with pytest.raises(ValueError, match="nested deeper than 64"):
        rr.basket("privacy", session=str(path))


def test_control_characters_are_escaped(tmp_path):
    path = tmp_path / "controls.csv"
    path.write_bytes(b'"\x1b]2;TITLE\x07",b,"line\nbreak","\x1b[2J"\nx,y,z,w\n')
    with pytest.raises(ValueError) as e:
        rr.risk(str(path), qi=["nope"], sensitive="b")
    text = str(e.value)
    assert "\\x1b]2;TITLE\\x07" in text and "line\\x0abreak" in text and "\\x1b[2J" in text, text
    assert not any(ord(c) < 0x20 or ord(c) == 0x7f for c in text), text
