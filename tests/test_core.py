"""The rule primitives of spades.core, and every copy of them elsewhere checked against them."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from spades import Bid, Card, Game, Rules
from spades.bots.simulate import GAME_VALUE, hand_utility
from spades.core import deck_cards, deck_mask, game_result, legal_mask, play_error, trick_winner
from spades.events import GameOver, HandScored
from spades.scoring import score_hand
from spades_helpers import plan_hand

PRESETS = ["partnership", "two-player", "cutthroat", "three-player", "openspiel"]


def _random_hand(rng: random.Random, size: int = 13) -> int:
    mask = 0
    for c in rng.sample(range(52), size):
        mask |= 1 << c
    return mask


def _slow_winner(cards: list[int]) -> int:
    """The definition, written differently: the highest spade, else the highest card of the led suit."""
    spades = [c for c in cards if c >= 39]
    pool = spades or [c for c in cards if c // 13 == cards[0] // 13]
    return cards.index(max(pool))


def test_trick_winner_is_the_highest_spade_else_the_highest_of_the_suit_led() -> None:
    rng = random.Random(1)
    for _ in range(3000):
        cards = rng.sample(range(52), rng.randint(1, 4))
        assert trick_winner(cards) == _slow_winner(cards)


def test_legal_mask_follows_suit_and_keeps_spades_back_until_broken() -> None:
    hand = sum(1 << Card.parse(c) for c in ["AS", "2H", "3H", "4C"])
    hearts = sum(1 << Card.parse(c) for c in ["2H", "3H"])
    assert legal_mask(hand, 2, True, False) == hearts
    assert legal_mask(hand, 1, True, False) == hand  # void in diamonds: anything
    assert legal_mask(hand, None, True, False) == hand & ~(1 << Card.parse("AS"))
    assert legal_mask(hand, None, True, True) == hand
    assert legal_mask(hand, None, False, False) == hand
    only_spades = 1 << Card.parse("AS")
    assert legal_mask(only_spades, None, True, False) == only_spades


def test_play_error_says_why_in_words() -> None:
    hand = sum(1 << Card.parse(c) for c in ["AS", "2H", "4C"])
    assert play_error(hand, Card.parse("KD"), None, True, False) == "You do not have the KD"
    assert play_error(hand, Card.parse("4C"), 2, True, False) == "You must follow suit: hearts"
    assert play_error(hand, Card.parse("AS"), None, True, False) == "Spades have not been broken"
    assert play_error(hand, Card.parse("AS"), None, True, True) is None


def test_three_player_deck_has_no_two_of_clubs() -> None:
    three = Rules.preset("three-player")
    assert deck_cards(three) == tuple(range(1, 52)) and not deck_mask(three) & 1
    assert len(deck_cards(Rules())) == 52 and deck_mask(Rules()) == (1 << 52) - 1
    game = Game(three, seed=4)
    dealt = 0
    for s in range(3):
        dealt |= game.hand(s).mask
    assert dealt == deck_mask(three)


@pytest.mark.parametrize("preset", PRESETS)
def test_engine_legal_cards_match_legal_mask(preset: str) -> None:
    """The engine's inlined fast copy (legal_actions, apply) against the home copy."""
    rules = Rules.preset(preset, hands=2)
    rng = random.Random(7)
    game = Game(rules, seed=3)
    checked = 0
    while not game.is_over:
        if game.phase.value == "play":
            seat = game.to_act
            assert seat is not None
            hand = game.hand(seat).mask
            led = game.trick[0][1] // 13 if game.trick else None
            mask = legal_mask(hand, led, rules.spades_must_be_broken, game.spades_broken)
            assert sum(1 << c for c in game.legal_actions()) == mask
            for c in range(52):
                assert game.is_legal(Card(c)) is (mask >> c & 1 == 1)
                error = play_error(hand, c, led, rules.spades_must_be_broken, game.spades_broken)
                assert (error is None) is (mask >> c & 1 == 1)
            checked += 1
        game.apply(rng.choice(game.legal_actions()))
    assert checked > 20


def test_solver_kernel_copies_match_the_home_copies() -> None:
    from spades.solver import kernel

    rng = random.Random(5)
    for _ in range(500):
        hand = _random_hand(rng, rng.randint(1, 13))
        led = rng.randrange(4)
        broken = rng.random() < 0.5
        assert kernel.legal_mask(hand, 0, 0, broken) == legal_mask(hand, None, True, broken)
        assert kernel.legal_mask(hand, 2, led, broken) == legal_mask(hand, led, True, broken)
        n = rng.randint(2, 4)
        cards = rng.sample(range(52), n)
        tr = (*cards, *([0] * (4 - n)))
        assert kernel._winner_of(tr, n) == trick_winner(cards)


@pytest.mark.parametrize("backend", ["numpy", pytest.param("numba", marks=pytest.mark.slow)])
@pytest.mark.parametrize(("n", "must_break"), [(4, True), (4, False), (3, True), (2, True)])
def test_sim_kernel_plays_by_the_home_rules(backend: str, n: int, must_break: bool) -> None:
    from spades.sim import _kernels

    if backend == "numba" and not _kernels.HAVE_NUMBA:
        pytest.skip("numba is not installed")
    rng = np.random.default_rng(2)
    b = 40
    per = 13
    hands = np.zeros((b, n, 52), bool)
    for h in range(b):
        deck = rng.permutation(52)[: n * per]
        for s in range(n):
            hands[h, s, deck[s * per : (s + 1) * per]] = True
    leader = rng.integers(0, n, b)
    u = rng.random((b, per * n))
    play = _kernels.play_numpy if backend == "numpy" else _kernels.play_numba
    plays, nlegal, tricks = play(hands, leader, u, must_break)
    for h in range(b):
        masks = [sum(1 << int(c) for c in np.flatnonzero(hands[h, s])) for s in range(n)]
        lead = int(leader[h])
        broken = False
        won = [0] * n
        step = 0
        for _ in range(per):
            cards: list[int] = []
            for i in range(n):
                seat = (lead + i) % n
                led = cards[0] // 13 if cards else None
                legal = legal_mask(masks[seat], led, must_break, broken)
                card = int(plays[h, step])
                assert legal >> card & 1 and nlegal[h, step] == legal.bit_count()
                masks[seat] &= ~(1 << card)
                broken = broken or card >= 39
                cards.append(card)
                step += 1
            lead = (lead + trick_winner(cards)) % n
            won[lead] += 1
        assert list(tricks[h]) == won


@pytest.mark.parametrize(
    ("rules", "scores", "played", "boston", "expected"),
    [
        (Rules(), [510, 300], 3, [False, False], (0, True)),
        (Rules(), [510, 510], 3, [False, False], (None, False)),  # a tie at the top plays on
        (Rules(), [100, 90], 3, [False, False], (None, False)),
        (Rules(losing_score=-200), [-210, 50], 3, [False, False], (1, True)),
        (Rules(hands=3), [50, 50], 3, [False, False], (None, True)),  # a draw after the last hand
        (Rules(hands=3), [50, 60], 2, [False, False], (None, False)),
        (Rules(boston_wins=True), [0, 480], 1, [True, False], (0, True)),
    ],
)
def test_game_result_cases(
    rules: Rules, scores: list[int], played: int, boston: list[bool], expected: tuple[int | None, bool]
) -> None:
    assert game_result(rules, scores, played, boston) == expected


# -- the bots' end of game (bots/simulate.py hand_utility) against the engine's ---------------


def _engine_hand(
    rules: Rules, tricks: list[int], bids: list[str], scores: list[int], bags: list[int]
) -> tuple[Game, HandScored, GameOver | None]:
    """Play one scripted hand in the engine from these scores; its HandScored and GameOver."""
    plan = plan_hand(4, 0, tricks)  # dealer 3: North leads
    game = Game.from_position(rules, hands=plan.hands, dealer=3, bids=bids, scores=scores, bags=bags)
    events: list[object] = []
    for card in plan.plays:
        events += game.apply(card)
    scored = next(e for e in events if isinstance(e, HandScored))
    over = next((e for e in events if isinstance(e, GameOver)), None)
    return game, scored, over


CASES = [
    # a Boston with boston_wins ends the game for its side even from behind (the old copy missed it)
    (Rules(boston_wins=True), [13, 0, 0, 0], ["bid 13", "bid 1", "nil", "bid 1"], [0, 480], [0, 0]),
    # both sides reach 500 level: the engine plays on, so the bags are still a debt
    (Rules(), [6, 7, 0, 0], ["bid 4", "bid 6", "bid 1", "bid 1"], [459, 440], [0, 0]),
    # plain cases: a win, a loss, no end
    (Rules(), [6, 7, 0, 0], ["bid 5", "bid 6", "bid 1", "bid 1"], [480, 100], [0, 0]),
    (Rules(), [6, 7, 0, 0], ["bid 5", "bid 6", "bid 1", "bid 1"], [100, 480], [0, 0]),
    (Rules(), [6, 7, 0, 0], ["bid 5", "bid 6", "bid 1", "bid 1"], [100, 100], [3, 4]),
    (Rules(hands=1), [6, 7, 0, 0], ["bid 5", "bid 6", "bid 1", "bid 1"], [0, 0], [0, 0]),
]


@pytest.mark.parametrize(("rules", "tricks", "bids", "scores", "bags"), CASES)
def test_bot_hand_utility_ends_the_game_as_the_engine_does(
    rules: Rules, tricks: list[int], bids: list[str], scores: list[int], bags: list[int]
) -> None:
    _game, scored, over = _engine_hand(rules, tricks, bids, scores, bags)
    summary = scored.summary
    bid_objs = list(summary.bids)
    for side in (0, 1):
        value = hand_utility(rules, side, bid_objs, summary.tricks, bags, scores, 0, bag_weight=0)
        raw = summary.points[side] - summary.points[1 - side]
        game_part = value - raw
        if over is None or over.winner is None:
            assert game_part == 0
        else:
            assert game_part == (GAME_VALUE if over.winner == side else -GAME_VALUE)
        charged = hand_utility(rules, side, bid_objs, summary.tricks, bags, scores, 0)
        new_bags = [summary.bags[i] - bags[i] for i in (0, 1)]
        if over is None and any(new_bags) and rules.bag_penalty:
            assert charged != value  # the game goes on: carried bags are a debt
        else:
            assert charged == value


def test_the_cases_cover_a_boston_win_and_a_tie_at_the_top() -> None:
    _, _, boston = _engine_hand(*_case(0))
    assert boston is not None and boston.winner == 0
    game, _, tie = _engine_hand(*_case(1))
    assert tie is None and game.scores == (510, 510)


def _case(i: int) -> tuple[Rules, list[int], list[str], list[int], list[int]]:
    return CASES[i]


def test_score_hand_and_bids_used_above_are_valid() -> None:
    rules = dataclasses.replace(Rules(), boston_wins=True)
    s = score_hand(rules, [Bid(13), Bid(1), Bid.nil(), Bid(1)], [13, 0, 0, 0], [0, 0])
    assert s.boston == (True, False)


def test_every_test_the_conftest_marks_slow_exists() -> None:
    """A renamed test would silently drop out of the slow list: each entry must name a real test."""
    import importlib.util
    import re
    from pathlib import Path

    here = Path(__file__).resolve().parent
    spec = importlib.util.spec_from_file_location("spades_tests_conftest", here / "conftest.py")
    assert spec is not None and spec.loader is not None
    conftest = importlib.util.module_from_spec(spec)  # not "import conftest": tests/server has one too
    spec.loader.exec_module(conftest)
    for entry in conftest._SLOW:
        module, test = entry.split("::")
        path = next(here.rglob(f"{module}.py"))
        if test != "*":
            assert re.search(rf"^def {re.escape(test.split('[')[0])}\(", path.read_text(), re.M), entry


@pytest.mark.parametrize("preset", PRESETS)
def test_engine_trick_winner_matches_trick_winner(preset: str) -> None:
    """The engine's inlined trick winner (four cards: a comparison tree) against the home copy."""
    from spades.events import TrickWon

    rules = Rules.preset(preset, hands=2)
    rng = random.Random(11)
    tricks = 0
    for seed in range(8):
        game = Game(rules, seed=seed)
        while not game.is_over:
            for event in game.apply(rng.choice(game.legal_actions())):
                if isinstance(event, TrickWon):
                    n = rules.num_seats
                    assert event.winner == (event.leader + trick_winner(event.cards)) % n
                    tricks += 1
    assert tricks > 150

