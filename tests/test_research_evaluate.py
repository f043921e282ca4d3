"""Issue 50: `spades evaluate` places any agent on the published ladder."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("openskill")

from spades.cli import main
from spades.ladder import PUBLISHED, OpponentResult, evaluate, place, spread, wilson

ROOT = Path(__file__).resolve().parents[1]


def _md_ratings(setting: str) -> dict[str, tuple[float, float]]:
    """(mu, sigma) per bot from bench/ladder.md's rating table of a setting."""
    text = (ROOT / "bench" / "ladder.md").read_text()
    part = text.split(f"Ratings ({setting},")[1].split("\n\n")[1]
    out = {}
    for line in part.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        mu, ordinal = float(cells[1]), float(cells[3])
        out[cells[0]] = (mu, (mu - ordinal) / 3)
    return out


def _same(a: dict[str, tuple[float, float]], b: dict[str, tuple[float, float]]) -> bool:
    return a.keys() == b.keys() and all(a[k] == pytest.approx(b[k]) for k in a)


def test_published_ratings_are_the_ladders():
    assert _same(_md_ratings("blind nil off"), PUBLISHED[False])
    on = _md_ratings("blind nil on")
    if "uniform" not in on:  # the ladder's random of that table bid blind nil: today's `uniform`
        on["uniform"] = on.pop("random")
    assert _same(on, PUBLISHED[True])


def test_place_rises_with_wins_and_sits_between_the_opponents():
    beat_basic = OpponentResult("basic", wins=[30, 0])
    lose_expert = OpponentResult("expert", wins=[0, 30])
    mu, sigma = place([beat_basic, lose_expert])
    assert PUBLISHED[False]["basic"][0] < mu < PUBLISHED[False]["expert"][0] and sigma < 25 / 3
    weaker, _ = place([OpponentResult("basic", wins=[5, 25]), lose_expert])
    assert weaker < mu


def test_wilson_and_spread_shared_with_the_bench():
    assert spread([2, 4]) == [1, 0, 1, 1, 0, 1]
    lo, hi = wilson(13, 20)
    assert lo < 0.65 < hi


def test_evaluate_protocol_runs_duplicate_matches_per_seed():
    result = evaluate("random", ["basic"], deals=20, seeds=[1, 2], workers=1)
    [basic] = result.results
    assert basic.deals == 40 and len(basic.means) == 2
    assert basic.mean < -100 and basic.ci > 0
    data = result.to_dict()
    assert data["opponents"][0]["opponent"] == "basic"
    assert {row["bot"] for row in data["ladder"]} >= set(PUBLISHED[False])


def test_evaluate_cli_places_an_outside_agent(tmp_path, capsys):
    path = tmp_path / "agent.py"
    path.write_text("from spades.bots import RandomBot as Agent\n")
    code = main(["evaluate", f"{path}:Agent", "--opponents", "random,basic", "--deals", "20",
                 "--seeds", "3", "--workers", "1", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["opponent"] for r in data["opponents"]] == ["random", "basic"]
    assert data["opponents"][0]["ci95"] is not None
    assert main(["evaluate", f"{path}:Agent", "--opponents", "basic", "--deals", "20", "--seeds", "3",
                 "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert re.search(r"basic\s+20\s+-\d", text) and "ladder" in text


def test_evaluate_cli_bad_agent_is_a_clear_error(capsys):
    assert main(["evaluate", "nosuchmod_qq:Agent", "--deals", "2"]) == 2
    assert "cannot import module" in capsys.readouterr().err
    assert main(["evaluate", "random", "--seeds", "x"]) == 2
    assert "--seeds must be whole numbers" in capsys.readouterr().err
