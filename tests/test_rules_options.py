"""Rules as data: presets, validation of options, serialisation (RULES.md section 5)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from spades import Rules, RulesError


def test_defaults_are_rules_md_section_5() -> None:
    r = Rules()
    assert (r.target_score, r.losing_score, r.nil, r.nil_bonus) == (500, None, True, 100)
    assert (r.blind_nil, r.blind_nil_bonus, r.blind_nil_exchange, r.blind_nil_min_deficit) == (
        True,
        200,
        3,
        0,
    )
    assert (r.bag_limit, r.bag_penalty, r.boston_bonus, r.boston_wins) == (10, 100, 0, False)
    assert (r.spades_must_be_broken, r.max_side_bid, r.hands, r.first_dealer) == (True, None, None, None)
    assert r.nil_tricks_count_for_partner is False
    assert Rules.preset("partnership") == r


@pytest.mark.parametrize(
    ("name", "seats", "sides", "cards", "deck"),
    [
        ("partnership", 4, 2, 13, 52),
        ("two-player", 2, 2, 13, 52),
        ("cutthroat", 4, 4, 13, 52),
        ("three-player", 3, 3, 17, 51),
        ("openspiel", 4, 2, 13, 52),
    ],
)
def test_presets_table_shape(name: str, seats: int, sides: int, cards: int, deck: int) -> None:
    r = Rules.preset(name)
    assert r.num_seats == seats and r.num_sides == sides
    assert r.cards_per_hand == r.tricks_per_hand == r.max_bid == cards
    assert r.deck_size == deck


def test_openspiel_preset_matches_rules_md() -> None:
    r = Rules.preset("openspiel")
    assert r.partnerships and not r.blind_nil and r.max_side_bid == 13
    assert r.nil and r.nil_bonus == 100 and r.nil_tricks_count_for_partner
    assert (r.bag_limit, r.bag_penalty, r.hands, r.first_dealer) == (10, 100, 1, 3)


def test_preset_names_are_forgiving_and_take_options() -> None:
    assert Rules.preset(" Two_Player ") == Rules.preset("two-player")
    assert Rules.preset("partnership", target_score=300).target_score == 300
    assert set(Rules.PRESET_NAMES) == {"partnership", "two-player", "cutthroat", "three-player", "openspiel"}


def test_unknown_preset_is_clear() -> None:
    with pytest.raises(RulesError, match="unknown preset 'bridge': choose one of partnership, two-player"):
        Rules.preset("bridge")


def test_seats_clockwise_partners_sit_opposite_side_0_holds_seat_0() -> None:
    p = Rules()
    assert [p.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [p.partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    assert p.seats_of(1) == (1, 3)
    assert p.side_name(0) == "North-South"
    assert [p.seat_name(s) for s in range(4)] == ["North", "East", "South", "West"]
    c = Rules.preset("cutthroat")
    assert [c.side_of(s) for s in range(4)] == [0, 1, 2, 3] and c.partner_of(1) is None
    assert [Rules.preset("two-player").side_of(s) for s in range(2)] == [0, 1]


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().target_score = 3  # type: ignore[misc]


def test_replace_keeps_validation() -> None:
    r = dataclasses.replace(Rules(), target_score=300, bag_penalty=0, losing_score=-200)
    assert (r.target_score, r.bag_penalty, r.losing_score) == (300, 0, -200)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"variant": "bridge"}, "unknown variant 'bridge'"),
        ({"target_score": 0}, "target_score must be positive"),
        ({"target_score": "500"}, "target_score must be a whole number"),
        ({"losing_score": 600}, "losing_score must be below target_score"),
        ({"losing_score": 100}, "losing_score must be zero or negative"),
        ({"nil": "yes"}, "nil must be true or false"),
        ({"nil_bonus": -1}, "nil_bonus cannot be negative"),
        ({"blind_nil_bonus": -5}, "blind_nil_bonus cannot be negative"),
        ({"blind_nil_exchange": 5}, "blind_nil_exchange must be between 0 and 4"),
        ({"blind_nil_exchange": -1}, "blind_nil_exchange must be between 0 and 4"),
        ({"blind_nil_min_deficit": -100}, "blind_nil_min_deficit cannot be negative"),
        ({"bag_limit": 0}, "bag_limit must be at least 1"),
        ({"bag_penalty": -100}, "bag_penalty cannot be negative"),
        ({"boston_bonus": -1}, "boston_bonus cannot be negative"),
        ({"boston_bonus": 100, "boston_wins": True}, "either boston_bonus or boston_wins"),
        ({"max_side_bid": 14}, "max_side_bid must be between 1 and 13"),
        ({"max_side_bid": 0}, "max_side_bid must be between 1 and 13"),
        ({"hands": 0}, "hands must be at least 1"),
        ({"first_dealer": 4}, "first_dealer must be a seat from 0 to 3"),
        ({"first_dealer": True}, "first_dealer must be a whole number or None"),
        ({"nil": False}, "blind nil needs nil bids"),
        ({"spades_must_be_broken": 1}, "spades_must_be_broken must be true or false"),
    ],
    ids=lambda v: "-".join(f"{k}={v[k]}" for k in v) if isinstance(v, dict) else "msg",
)
def test_contradictory_or_out_of_range_options_raise(options: dict[str, Any], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules(**options)


def test_first_dealer_range_depends_on_variant() -> None:
    assert Rules(variant="two-player", first_dealer=1).first_dealer == 1
    with pytest.raises(RulesError, match="from 0 to 1"):
        Rules(variant="two-player", first_dealer=2)
    with pytest.raises(RulesError, match="from 0 to 2"):
        Rules(variant="three-player", first_dealer=3)


@pytest.mark.parametrize("variant", ["two-player", "cutthroat", "three-player"])
def test_max_side_bid_only_for_partnerships(variant: str) -> None:
    # a side of one player cannot out-bid a "side maximum": the option would do nothing
    with pytest.raises(RulesError, match="partnerships only"):
        Rules(variant=variant, max_side_bid=10)


def test_rules_errors_are_value_errors() -> None:
    assert issubclass(RulesError, ValueError)


@pytest.mark.parametrize("name", Rules.PRESET_NAMES)
def test_to_dict_from_dict_round_trip(name: str) -> None:
    r = Rules.preset(name, target_score=350, losing_score=-250, boston_bonus=50)
    data = json.loads(json.dumps(r.to_dict()))
    assert Rules.from_dict(data) == r


def test_from_dict_rejects_unknown_and_bad_input() -> None:
    with pytest.raises(RulesError, match="unknown rule option\\(s\\): colour"):
        Rules.from_dict({"colour": "red"})
    with pytest.raises(RulesError, match="mapping"):
        Rules.from_dict(["target_score"])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="target_score must be positive"):
        Rules.from_dict({"target_score": -3})


def test_describe_lists_changed_options() -> None:
    r = Rules.preset("partnership", target_score=300)
    assert r.describe() == ["target_score = 300"]
    assert Rules().describe() == []
