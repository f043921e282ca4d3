"""Collection rules for the whole tree (tests/conftest.py holds the fixtures).

When the engine is compiled in this tree (``python -m spades._native_build --inplace``),
``spades.game``, ``spades.hand`` and ``spades.phases`` import from their compiled
files, and pytest's doctest collection, which imports each ``.py`` by its path,
refuses them; their doctests then run with the sources (``SPADES_PURE_PYTHON=1``).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent / "src" / "spades"
_ENGINE = ("game.py", "hand.py", "phases.py")
#: modules of an optional extra that import it at the top (the ``rl`` extra's SB3 adapter):
#: their doctests are collected only where the extra is installed
_NEEDS = {_PACKAGE / "envs" / "sb3.py": "stable_baselines3"}


def _compiled_in_tree() -> bool:
    if os.environ.get("SPADES_PURE_PYTHON", "") not in ("", "0"):
        return False
    return any(p.name.split(".", 1)[0] + ".py" in _ENGINE for p in _PACKAGE.glob("*.so"))


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.parent == _PACKAGE and collection_path.name in _ENGINE and _compiled_in_tree():
        return True
    needs = _NEEDS.get(collection_path)
    if needs is not None and importlib.util.find_spec(needs) is None:
        return True
    return None
