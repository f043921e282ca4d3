"""The optional compiled engine (spades._native): chosen only when built from the sources
beside it, and the same behaviour as the sources.

The tests that compare the two need a build (``python -m spades._native_build --inplace``
or an install that compiled it) and are skipped without one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import spades
from spades import _native

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(spades.__file__).resolve().parent
BUILT = bool(_native._built(PACKAGE))
needs_build = pytest.mark.skipif(not BUILT, reason="the engine is not compiled here (spades._native_build)")

PROBE = "import spades, spades._native as n; print('compiled' if n.compiled() else 'pure')"


def _run(code: str, src: Path, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k != "SPADES_PURE_PYTHON"}
    full.update(PYTHONPATH=str(src), **env)
    return subprocess.run(
        [sys.executable, "-W", "always", "-c", code], capture_output=True, text=True, env=full, check=True
    )


def test_source_hash_follows_the_sources(tmp_path: Path) -> None:
    for name in _native.MODULES:
        shutil.copy(PACKAGE / f"{name}.py", tmp_path / f"{name}.py")
    before = _native.source_hash(tmp_path)
    assert before == _native.source_hash(PACKAGE)
    with open(tmp_path / "hand.py", "a", encoding="utf-8") as fh:
        fh.write("\n# edited\n")
    assert _native.source_hash(tmp_path) != before


def test_without_a_build_the_engine_is_the_sources() -> None:
    if BUILT:
        pytest.skip("compiled here")
    assert not _native.compiled()
    assert spades.game.__file__.endswith("game.py")  # type: ignore[attr-defined]


@needs_build
def test_a_build_from_these_sources_is_used_unless_pure_python_is_asked_for() -> None:
    src = str(PACKAGE.parent)
    assert _run(PROBE, Path(src)).stdout.strip() == "compiled"
    pure = _run(PROBE, Path(src), SPADES_PURE_PYTHON="1")
    assert pure.stdout.strip() == "pure" and "RuntimeWarning" not in pure.stderr


@needs_build
def test_a_build_from_other_sources_is_not_used(tmp_path: Path) -> None:
    shutil.copytree(PACKAGE, tmp_path / "spades", ignore=shutil.ignore_patterns("__pycache__"))
    with open(tmp_path / "spades" / "game.py", "a", encoding="utf-8") as fh:
        fh.write("\n# edited after the build\n")
    run = _run(PROBE, tmp_path)
    assert run.stdout.strip() == "pure"
    assert "built from other sources" in run.stderr


@needs_build
def test_compiled_and_pure_engines_behave_the_same() -> None:
    """The fingerprint of bench/engine_trace.py (legal actions, events, views, refusals and
    their messages, copies, undo, records) is the same for both."""
    trace = str(ROOT / "bench" / "engine_trace.py")
    code = (
        "import runpy, sys; sys.argv = ['t', '--games-per-rules', '1']; "
        f"runpy.run_path({trace!r}, run_name='__main__')"
    )
    compiled = _run(code, PACKAGE.parent)
    pure = _run(code, PACKAGE.parent, SPADES_PURE_PYTHON="1")
    assert compiled.stdout == pure.stdout and "sha256" in pure.stdout
