"""bench/ladder.py's statistics (the Wilson interval, the openskill ratings) and its
joining of runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench_helpers import load_bench


def _ladder():  # type: ignore[no-untyped-def]
    return load_bench("ladder")


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
    strong = ladder.Pooled("expert", "basic", False, wins=[10, 0])
    weak = ladder.Pooled("random", "basic", False, wins=[0, 10])
    table = ladder.ratings([strong, weak])
    assert [name for name, *_ in table] == ["expert", "basic", "random"]
    assert {name: n for name, _, _, _, n in table} == {"expert": 10, "basic": 20, "random": 10}


def test_spread_orders_a_pairings_games_from_its_counts_alone() -> None:
    ladder = _ladder()
    assert ladder.spread([2, 4]) == [1, 0, 1, 1, 0, 1]
    assert ladder.spread([0, 0]) == []
    games = ladder.spread([101, 28])
    assert games.count(0) == 101 and games.count(1) == 28
    # evenly: no run of the rarer result's absence longer than the share allows
    assert max(len(run) for run in "".join(map(str, games)).split("1")) <= 5


def test_a_report_read_back_gives_the_same_report(tmp_path: Path) -> None:
    pytest.importorskip("openskill")
    ladder = _ladder()
    rows = [
        ladder.Pooled("expert", "basic", False, means=[26.0], cis=[3.1], deals=1200, wins=[101, 28],
                      nil=[0.886 * 228, 228], set_hands=[0.048 * 2400, 2400], timing=[0.07, 0.752]),
        ladder.Pooled("random", "basic", True, means=[-342.9], cis=[5.3], deals=1200, wins=[0, 143],
                      draws=2, nil=[0.012 * 164, 164], blind_nil=[0.021 * 2448, 2448],
                      set_hands=[0.829 * 2400, 2400]),
    ]
    header = ["Command: `bench/ladder.py ...`", ""]
    first = ladder.report(rows, header, "3 seed(s) of 400 deals each")
    path = tmp_path / "run.md"
    path.write_text("\n".join(first), encoding="utf-8")
    read_header, sizes, back = ladder.read_run(path)
    assert read_header == header and sizes == "3 seed(s) of 400 deals each"
    assert [(p.a, p.b, p.blind, p.wins, p.draws) for p in back] == [
        ("expert", "basic", False, [101, 28], 0), ("random", "basic", True, [0, 143], 2)]
    assert ladder.report(back, header, sizes) == first


def test_join_renames_a_candidate_and_refuses_a_pairing_twice(tmp_path: Path) -> None:
    pytest.importorskip("openskill")
    ladder = _ladder()
    row = ladder.Pooled("expert:fit_sd=0.9", "basic", False, means=[26.0], cis=[3.1], deals=1200,
                        wins=[101, 28])
    for name in ("a.md", "b.md"):
        (tmp_path / name).write_text("\n".join(ladder.report([row], [], "1 seed(s) of 400 deals each")),
                                     encoding="utf-8")
    out = tmp_path / "joined.md"
    ladder.join([str(tmp_path / "a.md")], str(out), {"expert:fit_sd=0.9": "expert"})
    text = out.read_text(encoding="utf-8")
    assert "| expert - basic | 1200 | +26.0 +-3.1 | 101 - 28 |" in text
    assert "expert - basic >= +25 per hand, blind nil off | +26.0 +-3.1 | yes" in text
    with pytest.raises(SystemExit):
        ladder.join([str(tmp_path / "a.md"), str(tmp_path / "b.md")], str(out), {})


def test_join_pools_one_pairing_run_a_seed_at_a_time(tmp_path: Path) -> None:
    pytest.importorskip("openskill")
    import dataclasses
    import json

    ladder = _ladder()
    paths = []
    for seed, mean, wins in ((1, 10.0, [3, 1]), (2, 20.0, [2, 2])):
        row = ladder.Pooled("expert", "openspiel-ismcts", False, means=[mean], cis=[4.0], deals=400,
                            wins=wins, set_hands=[10, 800], seeds=[seed])
        path = tmp_path / f"seed{seed}.json"
        path.write_text(json.dumps({"header": [], "sizes": "1 seed(s) of 400 deals each",
                                    "pooled": [dataclasses.asdict(row)]}), encoding="utf-8")
        paths.append(str(path))
    out = tmp_path / "joined.md"
    ladder.join(paths, str(out), {})
    # the mean of the seeds' means, their CIs combined: sqrt(4^2 + 4^2) / 2
    assert "| expert - openspiel-ismcts | 800 | +15.0 +-2.8 | 5 - 3 |" in out.read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        ladder.join([paths[0], paths[0]], str(out), {})
