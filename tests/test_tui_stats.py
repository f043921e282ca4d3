"""Per-player statistics across games (issue 47): ``stats``, kept in a JSON file."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
from pathlib import Path

import pytest

from spades import i18n
from spades.cli import play as play_cli
from spades.tui.app import PlayApp
from spades.tui.controller import Controller
from spades.tui.stats import Totals, load_stats, stats_path
from tuiutil import enter_line, make, screen_lines, screen_text, settle

LANGS = ("en", "ru", "bg", "is", "mk", "hy")


def _controller(tmp_path: Path, seed: int, *argv: str, name: str = "game") -> Controller:
    ctl = make("--seed", str(seed), "--no-blind-nil", "--save", str(tmp_path / f"{name}.json"), *argv)
    ctl.stats_path = tmp_path / "stats.json"
    return ctl


def _play(ctl: Controller, rng: random.Random, hands: int | None = None) -> None:
    """Random legal moves for the person until the game is over (or ``hands`` hands end)."""
    while not ctl.game.is_over and (hands is None or ctl.game.hands_played < hands):
        ctl.run_bots()
        if ctl.pending_summary is not None:
            ctl.acknowledge()
            continue
        if ctl.game.is_over or (hands is not None and ctl.game.hands_played >= hands):
            break
        legal = ctl.game.legal_actions()
        ctl.submit(str(rng.choice(legal)))


def _expected(ctl: Controller) -> dict[str, int]:
    """The counts of one game, straight from its history."""
    rules, me = ctl.rules, ctl.human
    side = rules.side_of(me)
    out = {"hands": 0, "contracts": 0, "contracts_made": 0, "sets": 0, "nils": 0, "nils_made": 0}
    for hand in ctl.game.history:
        out["hands"] += 1
        if hand.bids[me] is not None and hand.bids[me].tricks == 0:
            out["nils"] += 1
            out["nils_made"] += bool(hand.nil_made[me])
        if hand.made[side] is not None:
            out["contracts"] += 1
            out["contracts_made"] += bool(hand.made[side])
            out["sets"] += not hand.made[side]
    return out


def test_statistics_count_games_and_contracts_across_games(tmp_path: Path) -> None:
    rng = random.Random(3)
    expected = {"hands": 0, "contracts": 0, "contracts_made": 0, "sets": 0, "nils": 0, "nils_made": 0}
    won = 0
    for n, seed in enumerate((11, 12)):
        ctl = _controller(tmp_path, seed, "--hands", "2", name=f"g{n}")
        _play(ctl, rng)
        assert ctl.game.is_over
        for key, value in _expected(ctl).items():
            expected[key] += value
        won += ctl.game.winner == ctl.rules.side_of(ctl.human)
    games = load_stats(tmp_path / "stats.json")
    assert len(games) == 2
    totals = Totals.of(games, None)
    assert (totals.played, totals.won, totals.lost, totals.unfinished) == (2, won, 2 - won, 0)
    for key, value in expected.items():
        assert totals.counts[key] == value, key
    assert totals.counts["hands"] == 4
    assert sum(totals.partners["random"]) == 2  # the partner's level, with its record
    lines = ctl.stats_lines()
    assert f"Games played: 2 · won {won} · lost {2 - won}" in lines
    assert "Hands: 4" in lines
    assert any(line.startswith("Bags per hand: ") for line in lines)
    assert f"With a partner of level random: won {won}, lost {2 - won}" in lines


def test_a_quit_game_counts_its_finished_hands_and_undo_never_counts_one_twice(tmp_path: Path) -> None:
    rng = random.Random(5)
    ctl = _controller(tmp_path, 21, "--hands", "3")
    _play(ctl, rng, hands=1)
    (entry,) = load_stats(tmp_path / "stats.json").values()
    assert entry["hands"] == 1 and entry["over"] is False and entry["undos"] == 0
    # take the end of the hand back (the last card), then finish it again
    ctl.undo()
    assert ctl.game.hands_played == 0
    (entry,) = load_stats(tmp_path / "stats.json").values()
    assert entry["hands"] == 0 and entry["undos"] == 1
    _play(ctl, rng, hands=1)
    (entry,) = load_stats(tmp_path / "stats.json").values()
    assert entry["hands"] == 1 and entry["undos"] == 1
    totals = Totals.of(load_stats(tmp_path / "stats.json"), None)
    assert (totals.played, totals.unfinished, totals.with_undo) == (0, 1, 1)
    # the game resumed from its file updates the same entry
    again = Controller.resume(tmp_path / "game.json")
    again.stats_path = tmp_path / "stats.json"
    _play(again, rng, hands=2)
    games = load_stats(tmp_path / "stats.json")
    assert len(games) == 1 and next(iter(games.values()))["hands"] == 2


def test_statistics_are_per_player_name(tmp_path: Path) -> None:
    rng = random.Random(6)
    ann = _controller(tmp_path, 31, "--hands", "1", "--name", "Ann", name="ann")
    _play(ann, rng)
    bob = _controller(tmp_path, 32, "--hands", "1", "--name", "Bob", name="bob")
    assert bob.stats_lines() == ["No statistics yet: they are counted at the end of every hand."]
    assert "Hands: 1" in ann.stats_lines()


def test_corrupt_statistics_file_is_reported_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    for text in ("{not json", '{"version": 99, "games": {}}', "[1, 2]", ""):
        path.write_text(text, encoding="utf-8")
        ctl = _controller(tmp_path, 41, "--hands", "2")
        (line,) = ctl.stats_lines()
        assert "cannot be read" in line and str(path) in line
        assert ctl.submit("stats").kind == "rules"
    _play(ctl, random.Random(1), hands=1)  # the next hand starts the file afresh
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 1
    assert "Hands: 1" in ctl.stats_lines()
    # a file that cannot be written: one alert in the log, the game goes on
    blocked = _controller(tmp_path, 42, "--hands", "2", name="blocked")
    blocked.stats_path = tmp_path / "stats-dir"
    blocked.stats_path.mkdir()
    _play(blocked, random.Random(2))
    assert blocked.game.is_over
    alerts = [m.text for m in blocked.log if m.kind == "alert"]
    assert len(alerts) == 1 and "Could not save the statistics" in alerts[0]
    # no file yet: no statistics, and no stats kept at all without a path
    fresh = make("--seed", "1", "--save", str(tmp_path / "x.json"))
    assert fresh.stats_lines() == ["Statistics are not kept for this game."]
    fresh.stats_path = tmp_path / "none.json"
    assert fresh.stats_lines() == ["No statistics yet: they are counted at the end of every hand."]


def test_statistics_file_is_in_the_data_folder_and_written_atomically(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SPADES_STATS_FILE", raising=False)
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path / "data"))
    assert stats_path() == tmp_path / "data" / "stats.json"
    monkeypatch.setenv("SPADES_STATS_FILE", str(tmp_path / "mine.json"))
    assert stats_path() == tmp_path / "mine.json"
    ctl = _controller(tmp_path, 51, "--hands", "1")
    _play(ctl, random.Random(0))
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".spades-")) == []
    # spades play keeps them where stats_path() says
    seen: list[Controller] = []
    monkeypatch.setattr(play_cli, "finish", lambda controller, code: seen.append(controller) or 0)
    monkeypatch.setattr(PlayApp, "run", lambda self: 0)
    parser = argparse.ArgumentParser()
    play_cli.add_arguments(parser)
    play_cli.run(parser.parse_args(["--no-plain", "--pace", "0", "--save", str(tmp_path / "p.json")]))
    assert seen and seen[0].stats_path == tmp_path / "mine.json"


@pytest.mark.parametrize("lang", LANGS)
def test_stats_command_in_every_language_fits_80x24(tmp_path: Path, lang: str) -> None:
    rng = random.Random(7)
    ctl = _controller(tmp_path, 61, "--hands", "1")
    _play(ctl, rng)
    ctl2 = _controller(tmp_path, 62, "--hands", "2", name="second")
    _play(ctl2, rng, hands=1)
    with i18n.use_language(lang):
        lines = ctl2.stats_lines()
        assert len(lines) >= 11
        word = i18n.command_word("stats")
        assert i18n.english_command(word) == "stats"
        app = PlayApp(ctl2, pace=0)

        async def go() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(app, pilot)
                await enter_line(app, pilot, word)
                await pilot.pause()
                text = screen_text(app)
                for line in lines:
                    assert line in text, (line, text)
                assert i18n._("Press Enter to go back") in text
                assert all(len(row) <= 80 for row in screen_lines(app))
                assert not app.internal_errors, app.internal_errors
                if lang != "en":  # the numbers as the language writes them (a decimal comma)
                    bags = next(x for x in lines if "," in x)
                    assert bags

        asyncio.run(go())
