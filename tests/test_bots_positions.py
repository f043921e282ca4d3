"""The obvious spots (issue 53): the rules of :mod:`spades.bots.certain`, the expert's
deterministic decisions, and a suite of named positions from real games
(``tests/bot_positions.json``, found by ``bench/find_positions.py`` in matches of
``expert`` against ``basic`` and ``random`` and of ``basic`` against ``random`` in every
preset; each checked double dummy on its real deal) that the players must answer right."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from botutil import game_with, make_hands
from positions_check import solver_margin
from spades import Card, Game, Rules, bots
from spades.bots.basic import BasicBot
from spades.bots.certain import certain_card, certain_play, decision_seed
from spades.bots.expert import ExpertBot, _close

POSITIONS: list[dict[str, Any]] = json.loads((Path(__file__).parent / "bot_positions.json").read_text())
#: basic decides by its own rules: it must answer the spots whose rule leaves one card
BASIC_RULES = ("last to play", "cover the partner's nil, as cheaply")


def _position(entry: dict[str, Any]) -> Game:
    return Game.from_record(entry["record"])


def _cards(words: str) -> frozenset[int]:
    return frozenset(int(Card.parse(w)) for w in words.split())


# -- the rules --------------------------------------------------------------------------------


def test_partners_sure_winner_is_never_overtaken() -> None:
    # East led 5H, South (the partner) took it with KH, West followed with 3H (AH is ours):
    # North, last, keeps AH
    hands = make_hands({1: "5H", 2: "KH", 3: "3H", 0: "AH 4H 9H"}, voids={0: "H"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3", "5H", "KH", "3H"], dealer=0)
    play = certain_play(game.view(0))
    assert play is not None and play.cards == _cards("4H 9H") and play.stake == "trick"


def test_partners_winner_a_later_seat_may_ruff_is_not_sure() -> None:
    # North leads AH, East follows, South (North's partner) is third: West, still to play,
    # may be out of hearts and ruff, so nothing is certain for South
    hands = make_hands({0: "AH", 1: "2H", 2: "3H KH 2S"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3"], dealer=3)
    game.apply("AH")
    game.apply("2H")
    assert certain_play(game.view(2)) is None


def test_last_to_play_wins_as_cheaply_as_possible_when_the_side_needs_tricks() -> None:
    hands = make_hands({1: "5H", 2: "3H", 3: "QH", 0: "AH KH 4H"}, voids={0: "H"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3", "5H", "3H", "QH"], dealer=0)
    assert certain_card(game.view(0)) == Card.parse("KH")


def test_last_to_play_with_no_winning_card_follows_with_the_lowest() -> None:
    hands = make_hands({1: "5H", 2: "3H", 3: "AH", 0: "KH 4H 9H"}, voids={0: "H"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3", "5H", "3H", "AH"], dealer=0)
    assert certain_card(game.view(0)) == Card.parse("4H")


def test_a_failed_nils_trick_is_left_to_the_players_weighing() -> None:
    # North's nil failed in the first trick; last to play in the third, its 8D would win a
    # trick that counts for nothing (its tricks do not count for the partner): no rule
    hands = make_hands(
        {0: "AH 2C 8D 2D", 1: "5H KC 5D", 2: "2H 3C 6D", 3: "3H 4C 7D"}, voids={1: "D", 2: "D", 3: "D"}
    )
    actions = ["bid 3", "bid 3", "bid 3", "nil", "5H", "2H", "3H", "AH", "2C", "KC", "3C", "4C",
               "5D", "6D", "7D"]
    game = game_with(hands, actions, dealer=0)
    view = game.view(0)
    assert view.tricks_won[0] == 1 and len(view.trick) == 3
    assert certain_play(view) is None


def test_a_nil_bidder_stays_under_the_winning_card() -> None:
    hands = make_hands({1: "9H", 2: "2H", 3: "3H", 0: "4H KH AH"}, voids={0: "H"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "nil", "9H", "2H", "3H"], dealer=0)
    play = certain_play(game.view(0))
    assert play is not None and play.cards == _cards("4H") and play.stake == "nil"


def test_a_partners_winning_nil_card_is_covered_as_cheaply_as_possible_last_to_play() -> None:
    hands = make_hands({1: "5H", 2: "9H", 3: "3H", 0: "AH TH 4H"}, voids={0: "H"})
    game = game_with(hands, ["bid 3", "nil", "bid 3", "bid 3", "5H", "9H", "3H"], dealer=0)
    assert certain_card(game.view(0)) == Card.parse("TH")


def test_a_partners_nil_still_to_play_is_covered_with_a_sure_winner() -> None:
    # East leads 5H; South holds AH (no heart above it, no seat void yet) and the partner,
    # North, bid nil and plays last: the ace keeps the nil safe in this trick
    hands = make_hands({1: "5H", 2: "AH TH 2H", 0: "KH"}, voids={2: "H"})
    game = game_with(hands, ["bid 3", "bid 5", "bid 3", "nil", "5H"], dealer=0)
    assert game.to_act == 2
    play = certain_play(game.view(2))
    assert play is not None and play.cards == _cards("AH") and play.stake == "nil"


def test_an_opponents_winning_nil_card_is_left_to_win() -> None:
    hands = make_hands({1: "5H", 2: "2H", 3: "3H", 0: "4H KH"}, voids={2: "H", 3: "H"})
    game = game_with(hands, ["nil", "bid 3", "bid 4", "bid 4", "5H", "2H", "3H"], dealer=0)
    play = certain_play(game.view(0))
    assert play is not None and play.cards == _cards("4H")


def test_leads_and_packs_with_jokers_are_left_alone() -> None:
    hands = make_hands({0: "AH"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3"], dealer=3)
    assert certain_play(game.view(0)) is None
    jokers = Game(dataclasses.replace(Rules.preset("partnership"), deck="jokers", blind_nil=False), seed=3)
    player = BasicBot(seed=1)
    while not (jokers.phase == "play" and len(jokers.view(jokers.to_act).trick) == 3):
        jokers.apply(player.act(jokers.view(jokers.to_act)))
    assert certain_play(jokers.view(jokers.to_act)) is None


def test_basic_never_ruffs_a_partners_card_only_a_ruff_can_beat() -> None:
    # South leads KC then AC (the master); East showed no club in the first trick; North,
    # out of clubs and third to play, discards rather than ruff into East's overruff
    hands = make_hands({2: "KC AC", 3: "2C 3C", 0: "4D 2S 3S", 1: "5D"}, voids={0: "C", 1: "C"})
    actions = ["bid 3", "bid 3", "bid 3", "bid 3", "KC", "2C", "4D", "5D", "AC", "3C"]
    game = game_with(hands, actions, dealer=1)
    assert game.to_act == 0
    card = BasicBot(seed=1).act(game.view(0))
    assert isinstance(card, Card) and card.suit != 3


# -- deterministic decisions ------------------------------------------------------------------


def test_decision_seed_is_a_function_of_the_position_and_the_budget() -> None:
    game = _position(POSITIONS[0])
    view = game.view(POSITIONS[0]["seat"])
    assert decision_seed(view, (1, 64)) == decision_seed(game.view(view.seat), (1, 64))
    assert decision_seed(view, (1, 64)) != decision_seed(view, (1, 65))


def test_the_expert_plays_the_same_card_every_time_it_meets_a_position() -> None:
    entry = POSITIONS[0]
    view = _position(entry).view(entry["seat"])
    fresh = ExpertBot(seed=5, samples=16).act(view)
    used = ExpertBot(seed=5, samples=16)
    used.act(view)  # its stream moves on; the next decision starts from the position again
    assert used.act(view) == fresh
    assert ExpertBot(seed=5, samples=16).evaluate(view)[0][0] == fresh


def test_close_candidates_are_told_apart_only_by_a_clear_paired_lead() -> None:
    assert _close([1.0, 2.0, 3.0, 4.0], [1.5, 1.5, 3.5, 3.5], 0.0)
    assert not _close([10.0, 11.0, 12.0, 13.0], [1.0, 2.0, 3.0, 4.5], 0.0)
    assert not _close([1.0, 2.0], [1.0, 2.0], 0.0)  # the same on every deal: nothing to add


# -- the named positions ----------------------------------------------------------------------


def test_the_named_positions_cover_every_preset_and_the_issues_spot() -> None:
    variants = {e["record"]["rules"]["variant"] for e in POSITIONS}
    assert variants == {"partnership", "two-player", "three-player", "cutthroat"}
    assert any(e["record"]["seed"] == 2716454058645617350 for e in POSITIONS)


@pytest.mark.parametrize("entry", POSITIONS, ids=[e["name"] for e in POSITIONS])
def test_named_position_rule_and_solver_agree(entry: dict[str, Any]) -> None:
    game = _position(entry)
    play = certain_play(game.view(entry["seat"]))
    answers = {int(Card.parse(w)) for w in entry["answers"]}
    assert play is not None and set(play.cards) == answers and play.rule == entry["rule"]
    margin = solver_margin(game, entry["seat"], answers, entry["rule"])
    assert margin is None or margin > 0  # a card the rule leaves out costs, on the real deal


@pytest.mark.parametrize("entry", POSITIONS, ids=[e["name"] for e in POSITIONS])
def test_named_position_expert(entry: dict[str, Any]) -> None:
    view = _position(entry).view(entry["seat"])
    for seed in (1, 2):
        assert str(bots.get("expert", seed=seed).act(view)) in entry["answers"]


BASIC_POSITIONS = [e for e in POSITIONS if e["rule"].startswith(BASIC_RULES)]


@pytest.mark.parametrize("entry", BASIC_POSITIONS, ids=[e["name"] for e in BASIC_POSITIONS])
def test_named_position_basic(entry: dict[str, Any]) -> None:
    view = _position(entry).view(entry["seat"])
    assert str(bots.get("basic", seed=1).act(view)) in entry["answers"]
