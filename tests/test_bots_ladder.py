"""bench/ladder.py's statistics: the Wilson interval and the openskill ratings."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

LADDER = Path(__file__).resolve().parent.parent / "bench" / "ladder.py"


def _ladder():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_ladder", LADDER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_ladder"] = module
    spec.loader.exec_module(module)
    return module


def test_wilson_interval_holds_the_share_and_stays_within_0_and_1() -> None:
    ladder = _ladder()
    lo, hi = ladder.wilson(13, 20)
    assert 0.0 < lo < 13 / 20 < hi < 1.0
    assert ladder.wilson(0, 10)[0] == 0.0 and ladder.wilson(10, 10)[1] == 1.0
    assert ladder.wilson(0, 0) == (0.0, 1.0)
    # more games, a narrower interval
    assert ladder.wilson(130, 200)[1] - ladder.wilson(130, 200)[0] < hi - lo


def test_ratings_put_the_bot_that_wins_its_games_first() -> None:
    pytest.importorskip("openskill")
    ladder = _ladder()
    strong = ladder.Pooled("expert", "basic", False, games=[0] * 10)
    weak = ladder.Pooled("random", "basic", False, games=[1] * 10)
    table = ladder.ratings([strong, weak])
    assert [name for name, *_ in table] == ["expert", "basic", "random"]
    assert {name: n for name, _, _, _, n in table} == {"expert": 10, "basic": 20, "random": 10}
