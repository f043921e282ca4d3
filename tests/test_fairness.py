"""Provably fair deals (docs/fairness.md): commitments, secrets and ``spades verify``."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from spades import Game, Rules, bots
from spades.cli import main
from spades.fairness import (
    FairnessError,
    commitment,
    deal_order,
    seeded_secret,
    verify_record,
)
from spades.match import run_match
from spades.records import write_jsonl


def _played(preset: str, seed: int = 7, hands: int = 2) -> dict[str, Any]:
    rules = Rules.preset(preset, hands=hands)
    game = Game(rules, seed=seed)
    players = [bots.get("random", seed=s) for s in range(rules.num_seats)]
    while not game.is_over:
        game.apply(players[game.to_act].act(game.view(game.to_act)))
    return json.loads(json.dumps(game.to_record()))  # type: ignore[no-any-return]


def _outsider_deal(secret: str, pack: list[int]) -> list[int]:
    """docs/fairness.md's few lines, written again without the package."""
    stream = hashlib.shake_128(secret.encode()).digest(8 * len(pack))
    keys = [int.from_bytes(stream[8 * i : 8 * i + 8], "little") for i in range(len(pack))]
    return [pack[i] for i in sorted(range(len(pack)), key=lambda i: keys[i])]


@pytest.mark.parametrize("preset", ["partnership", "two-player", "three-player", "cutthroat"])
def test_the_engine_deals_what_the_seeded_secret_deals(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in (0, 1, 2**62 + 5):
        game = Game(rules, seed=seed)
        assert deal_order(rules, seeded_secret(seed, 0)) == [int(c) for c in game.deck]
        pack = list(range(1, 52)) if preset == "three-player" else list(range(52))
        assert _outsider_deal(seeded_secret(seed, 0), pack) == [int(c) for c in game.deck]


def test_the_commitment_is_sha256_of_the_documented_text() -> None:
    text = "spades-fair/1\nT1\n3\nabc"
    assert commitment("T1", 3, "abc") == hashlib.sha256(text.encode()).hexdigest()
    assert commitment("T1", 3, "abc") != commitment("T1", 4, "abc") != commitment("T2", 3, "abc")


@pytest.mark.parametrize("preset", ["partnership", "two-player", "three-player"])
def test_a_terminal_record_verifies(preset: str) -> None:
    record = _played(preset)
    result = verify_record(record)
    assert result.hands == record["result"]["hands_played"] == 2
    assert str(result).startswith("verified:")
    assert [h["hand"] for h in record["fairness"]["hands"]] == [1, 2]


def test_changing_one_card_of_a_revealed_deal_fails() -> None:
    record = _played("partnership")
    entry = record["fairness"]["hands"][1]
    hands = entry["deal"].split(" ")
    # swap one card between the first two hands (both still 13 cards)
    a, b = hands[0].split("."), hands[1].split(".")
    suit = next(i for i in range(4) if a[i] and b[i])
    a[suit], b[suit] = b[suit][0] + a[suit][1:], a[suit][0] + b[suit][1:]
    bad = copy.deepcopy(record)
    bad["fairness"]["hands"][1]["deal"] = " ".join([".".join(a), ".".join(b), *hands[2:]])
    with pytest.raises(FairnessError, match="hand 2: the deal written in the record"):
        verify_record(bad)


def test_a_game_dealt_other_cards_than_its_secret_fails() -> None:
    """The cards the game was played with are the ones checked: deal the first hand from a
    deck that differs from the secret's by two cards and the check names the card."""
    record = _played("partnership")
    rules = Rules.from_dict(record["rules"])
    order = deal_order(rules, record["fairness"]["hands"][0]["secret"])
    order[0], order[1] = order[1], order[0]
    game = Game(rules, seed=record["seed"], dealer=record["dealer"], decks=[order])
    players = [bots.get("random", seed=s) for s in range(4)]
    while not game.is_over:
        game.apply(players[game.to_act].act(game.view(game.to_act)))
    bad = json.loads(json.dumps(game.to_record()))
    bad["fairness"] = record["fairness"]
    with pytest.raises(FairnessError, match="hand 1: the cards dealt are not the deal its secret makes"):
        verify_record(bad)


def test_a_changed_secret_or_commitment_fails() -> None:
    record = _played("partnership")
    bad = copy.deepcopy(record)
    bad["fairness"]["hands"][0]["secret"] = seeded_secret(record["seed"] + 1, 0)
    with pytest.raises(FairnessError, match="hand 1: the secret does not match the commitment"):
        verify_record(bad)
    bad = copy.deepcopy(record)
    bad["fairness"]["hands"][1]["secret"] = None
    with pytest.raises(FairnessError, match="hand 2: its secret is not revealed"):
        verify_record(bad)
    bad = copy.deepcopy(record)
    del bad["fairness"]
    with pytest.raises(FairnessError, match="no \"fairness\""):
        verify_record(bad)


def test_spades_verify_on_a_match_and_a_saved_game(tmp_path: Path, capsys: Any) -> None:
    rules = Rules.preset("partnership")
    result = run_match(rules, ["basic", "random"], hands=3, seed=5, workers=1, records=True)
    records = [rec for _, rec in result.records()]
    assert len(records) == 2 and all("fairness" in r for r in records)
    assert records[0]["fairness"]["hands"][0]["secret"] == records[1]["fairness"]["hands"][0]["secret"]
    path = tmp_path / "match.jsonl"
    write_jsonl(records, path)
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("verified: all 3 deals") == 2, out
    one = tmp_path / "game.json"
    one.write_text(json.dumps(_played("two-player")))
    assert main(["verify", str(one)]) == 0
    assert "verified: all 2 deals of table local" in capsys.readouterr().out
    bad = _played("partnership")
    bad["fairness"]["hands"][0]["secret"] = "0" * 64
    one.write_text(json.dumps(bad))
    assert main(["verify", str(one)]) == 1
    err = capsys.readouterr().err
    assert "NOT verified: hand 1: the secret does not match" in err
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
