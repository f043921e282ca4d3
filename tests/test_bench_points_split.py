"""bench/points_split.py: the parts of a side's hand add up to its points, and a bot's lead
splits into its own side's gain and the other side's loss."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from bench_helpers import load_bench
from spades import Rules
from spades.match import run_match, write_records


def _module() -> ModuleType:
    return load_bench("points_split")


def _records(tmp_path: Path, bots: list[str], name: str, rules: Rules | None = None) -> Path:
    rules = rules or Rules.preset("partnership")
    result = run_match(rules, bots, hands=12, seed=5, workers=1, records=True)
    folder = tmp_path / name
    write_records(result, folder)
    return folder


def test_points_split_parts_add_up_and_the_lead_splits(tmp_path: Path) -> None:
    ps = _module()
    match = _records(tmp_path, ["basic", "random"], "match")
    reference = _records(tmp_path, ["basic", "basic"], "reference")
    tallies, opponent = ps.tally(str(match))
    assert opponent == {"basic": "random", "random": "basic"}
    for t in tallies.values():
        assert t.hands == 24  # 12 deals at two tables
        # the partnership preset scores nothing beyond contracts, overtricks, bags and nils
        assert t.parts["other"] == 0
        assert sum(t.parts.values()) == t.points
    rows = {k: t.row() for k, t in tallies.items()}
    assert rows["random"]["set share"] > rows["basic"]["set share"]
    out = tmp_path / "split.json"
    assert ps.main([str(match), "--reference", str(reference), "--json", str(out)]) == 0
    split = json.loads(out.read_text())["split"]
    lead = rows["basic"]["points"] - rows["random"]["points"]
    assert abs(split["basic"]["lead"] - lead) < 1e-9
    assert abs(split["basic"]["own"] + split["basic"]["other"] - lead) < 1e-9
    assert split["basic"]["other"] > 0  # random scores far less than basic does against basic


def test_points_split_accounts_for_house_scoring(tmp_path: Path) -> None:
    # ten for two hundred, Boston and blind bids: every point the game recorded is placed
    rules = Rules.preset("partnership", ten_for_two_hundred=True, boston_bonus=250, blind_bid_deficit=0)
    ps = _module()
    tallies, _ = ps.tally(str(_records(tmp_path, ["random", "basic"], "house", rules)))
    assert sum(t.hands for t in tallies.values()) == 48
    for t in tallies.values():
        assert t.parts["other"] == 0
        assert sum(t.parts.values()) == t.points
