"""Issue 50: docs/research.md's new examples run as printed."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("numba")

DOC = Path(__file__).resolve().parents[1] / "docs" / "research.md"


def _example(name: str) -> tuple[str, str]:
    text = DOC.read_text()
    found = re.search(rf"<!-- example: {name} -->\n```(\w+)\n(.*?)```", text, re.S)
    assert found, f"no example {name} in docs/research.md"
    return found[1], found[2]


@pytest.mark.parametrize("name", ["gym", "policybot", "vector", "vec-learner", "vec-seats"])
def test_research_doc_python_examples_run(name):
    lang, code = _example(name)
    assert lang == "python"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"docs/research.md:{name}", "exec"), {})
    assert out.getvalue().strip()


def test_research_doc_vector_example_prints_random_points():
    _lang, code = _example("vector")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/research.md:vector", "exec"), {})
    hands, points = re.search(r"(\d+) hands, (-?[\d.]+) points per hand", out.getvalue()).groups()
    assert int(hands) > 0 and -200 < float(points) < -60


def test_research_doc_evaluate_example_runs(capsys):
    pytest.importorskip("openskill")
    from spades.cli import main

    lang, code = _example("evaluate")
    assert lang == "bash"
    argv = shlex.split(code.strip())
    assert argv[0] == "spades"
    assert main(argv[1:]) == 0
    assert "ladder" in capsys.readouterr().out
