"""``spades replay FILE``: a readable account of a saved game; bad files exit 2."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from spades import Game, Rules
from spades.cli import main
from spades_helpers import bid_round, play_cards, scripted_game_deck


def run_replay(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def save(tmp_path: Path, record: Any, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def scripted_record() -> dict[str, Any]:
    # one planned hand, dealer West: N-S bid 4+3 = 7 take 4+3: +70; E-W bid 3+3 take 6: +60
    deck, plan = scripted_game_deck(4, 3, [4, 3, 3, 3])
    game = Game(Rules(blind_nil=False, hands=1), seed=1, dealer=3, decks=[deck])
    bid_round(game, ["bid 4", "bid 3", "bid 3", "bid 3"])
    play_cards(game, plan.plays)
    return game.to_record()


def test_replay_prints_deal_bids_tricks_results_and_totals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = scripted_record()
    code, out, err = run_replay(save(tmp_path, record), capsys)
    assert code == 0 and err == ""
    game = Game.from_record(record)
    assert "=== Hand 1: West deals ===" in out
    assert "Hands as dealt:" in out
    for seat, name in enumerate(["North", "East", "South", "West"]):
        assert re.search(rf"{name}\s+{re.escape(str(game.dealt(seat)))}", out)
    assert "North bids 4" in out and "East bids 3" in out
    trick_lines = [line for line in out.splitlines() if line.startswith("Trick ")]
    assert len(trick_lines) == 13
    assert len(game.tricks) == 13
    for line, trick in zip(trick_lines, game.tricks):
        assert line.endswith(f"-> {['North', 'East', 'South', 'West'][trick.winner]}")
    assert trick_lines[0].startswith("Trick  1: N ")  # North leads, left of the dealer
    assert "North-South: +70, total 70, bags 0" in out
    assert "East-West: +60, total 60, bags 0" in out
    assert "Game over: North-South win 70 to 60" in out


def test_replay_trick_winners_match_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(Rules(hands=2), seed=12)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    code, out, _ = run_replay(save(tmp_path, game.to_record()), capsys)
    assert code == 0
    winners = re.findall(r"-> (\w+)$", out, flags=re.M)
    assert len(winners) == 26
    assert out.count("Result:") == 2 and "=== Hand 2:" in out
    for side, name in enumerate(["North-South", "East-West"]):
        assert f"total {game.scores[side]}, bags {game.bags[side]}" in out.split(f"{name}:")[-1]


def test_replay_two_player_and_game_in_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(Rules.preset("two-player"), seed=4, dealer=0)
    game.apply("blind nil")
    while game.phase.value in ("draw", "blind"):
        game.apply("look" if game.phase.value == "blind" else "keep")
    game.apply("discard")
    code, out, _ = run_replay(save(tmp_path, game.to_record()), capsys)
    assert code == 0
    assert "North draws first" in out and "North bids blind nil" in out
    assert "North discards 0 cards and redraws" in out
    assert "(game in progress: bid, South to act)" in out


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{not json", "is not JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"format": "chess"}', "not a spades game record"),
        ('{"format": "spades-game", "version": 99}', "unsupported record version 99"),
        ('{"format": "spades-game", "version": 1}', "bad record header"),
    ],
    ids=["not_json", "not_object", "wrong_format", "wrong_version", "no_rules"],
)
def test_replay_bad_file_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, words: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = run_replay(path, capsys)
    assert code == 2 and out == ""
    assert err.startswith("spades replay: ") and words in err


def test_replay_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_replay(tmp_path / "nope.json", capsys)
    assert code == 2 and "cannot read" in err and out == ""


def test_replay_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_replay(tmp_path, capsys)
    assert code == 2 and "cannot read" in err


def test_replay_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    code, _, err = run_replay(path, capsys)
    assert code == 2 and err.startswith("spades replay: ")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r["actions"].__setitem__(5, [0, "bid 99"]), "action 6"),
        (lambda r: r["actions"].__setitem__(0, [2, "bid 3"]), "Not your turn"),
        (lambda r: r["actions"].__setitem__(0, "bid 3"), "action 1"),
        (lambda r: r["actions"].__setitem__(0, [0, 7]), "action 1"),
        (lambda r: r.__setitem__("actions", 5), "actions must be a list"),
        (lambda r: r.__setitem__("actions", {"a": 1}), "actions must be a list"),
        (lambda r: r["actions"].append([0, "QH"]), "The game is over"),
        (lambda r: r.__setitem__("rules", {"target_score": -1}), "target_score must be positive"),
        (lambda r: r.__setitem__("decks", [["AS"] * 52]), "bad record header"),
        (lambda r: r.__setitem__("seed", "abc"), "bad record header"),
    ],
    ids=[
        "illegal_bid",
        "wrong_seat",
        "not_a_pair",
        "not_text",
        "actions_int",
        "actions_dict",
        "after_the_end",
        "bad_rules",
        "bad_deck",
        "bad_seed",
    ],
)
def test_replay_bad_record_exit_code_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, words: str
) -> None:
    record = scripted_record()
    change(record)
    code, out, err = run_replay(save(tmp_path, record), capsys)
    assert code == 2 and out == ""
    assert err.startswith("spades replay: ") and words in err


def test_replay_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["replay", "--help"])
    assert exit_.value.code == 0
    assert "game record" in capsys.readouterr().out


def test_replay_speaks_in_player_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Options in players' words, a made blind nil called so, and a legend for the hands."""
    rules = Rules(blind_nil_min_deficit=100, hands=1)
    hands = ["AKQJ.AKQ.AKQ.AKQ", "T98.JT9.JT9.JT98", "765.876.876.7652", "432.5432.5432.43"]
    game = Game.from_position(rules, hands=hands, dealer=3, bids=["bid 13", "bid 1", "nil", "bid 1"])
    record = game.to_record()
    record["position"]["scores"] = [0, 0]
    code, out, _ = run_replay(save(tmp_path, record), capsys)
    assert code == 0
    assert "blind nil only when behind by: 100 points" in out and "blind_nil_min_deficit" not in out
    assert "hands per game: 1 hand;" in out or "hands per game: 1 hand)" in out
    assert "Hands are written spades.hearts.diamonds.clubs" in out


def test_replay_calls_a_made_blind_nil_blind_nil() -> None:
    from spades import Bid
    from spades.narrate import Narrator
    from spades.view import HandSummary

    summary = HandSummary(
        0, 3, (Bid.blind_nil(), Bid(4), Bid(5), Bid(4)), (0, 4, 5, 4), (250, 80), (0, 0), (250, 80),
        (True, None, None, None), (True, True), (0, 0), (False, False),
    )
    lines = Narrator(Rules()).hand_result(summary)
    assert any("(blind nil made)" in line for line in lines)
    assert not any("(nil made)" in line for line in lines)
