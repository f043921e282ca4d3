"""Property-based tests of the house rules of RULES.md section 7 (but the deck) across every
combination of their options that a preset allows: every hand deals the right pack, every trick
has one winner (the reference rule's), the bids obey the bidding variant and the side limits,
views hide the other seats' cards, and every record replays."""

from __future__ import annotations

import contextlib
import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import Bid, CardSet, Game, Rules
from spades.errors import RulesError
from spades.events import HandScored, TrickWon
from test_properties import check_conservation, full_deck, reference_winner


def _combinations() -> list[Rules]:
    out = []
    for variant, bidding, exchange, least, blind, lead, ten, blind_nil in itertools.product(
        ("partnership", "two-player", "cutthroat", "three-player"),
        ("standard", "mirror", "whiz", "suicide"),
        (0, 1, 3),
        (0, 4),
        (None, 0),
        ("left-of-dealer", "two-of-clubs"),
        (False, True),
        (False, True),
    ):
        # a combination the rules refuse is left out (tests/test_rules_house.py checks the words)
        with contextlib.suppress(RulesError):
            out.append(
                Rules(
                    variant=variant, bidding=bidding, nil_exchange=exchange, min_side_bid=least,
                    blind_bid_deficit=blind, first_lead=lead, ten_for_two_hundred=ten,
                    blind_nil=blind_nil, hands=2,
                )
            )
    return out


COMBINATIONS = _combinations()


def test_every_preset_and_bidding_variant_has_combinations() -> None:
    assert len(COMBINATIONS) > 200
    assert {(r.variant, r.bidding) for r in COMBINATIONS} == {
        (v, b)
        for v in ("partnership", "two-player", "cutthroat", "three-player")
        for b in ("standard", "mirror", "whiz", "suicide")
        if b != "suicide" or v == "partnership"
    }


def check_bids(game: Game, dealt: list[CardSet]) -> None:
    """The bids of a finished bidding obey the bidding variant and the partners' limits."""
    rules = game.rules
    bids = game.bids
    for seat, bid in enumerate(bids):
        spades = len(dealt[seat].suit(3))
        if bid is None:  # only the partner of a blind bid makes no bid
            partner = bids[(seat + 2) % 4]
            assert rules.blind_bids and partner is not None and partner.is_blind_bid
            continue
        if rules.bidding == "mirror":
            assert bid == Bid(spades)
        elif rules.bidding == "whiz":
            assert bid.is_nil or bid.tricks == spades
    if rules.partnerships:
        for side in (0, 1):
            pair = [bids[side], bids[side + 2]]
            if any(b is None or b.is_blind_bid for b in pair):
                blind = next(b for b in pair if b is not None)
                assert blind.is_blind_bid and rules.blind_bid_min <= blind.tricks <= 13
                continue
            total = sum(b.tricks for b in pair if b is not None)
            assert total >= rules.min_side_bid
            if rules.bidding == "suicide":
                assert [b.is_nil for b in pair if b is not None].count(True) == 1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(COMBINATIONS) - 1), st.integers(0, 2**32))
def test_random_games_under_every_house_rule_combination(index: int, seed: int) -> None:
    rules = COMBINATIONS[index]
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    n = rules.num_seats
    dealt: list[CardSet] = []
    checked_bids = False
    tricks_this_hand = 0
    for _ in range(3000):
        if game.is_over:
            break
        check_conservation(game)
        phase = game.phase.value
        if phase in ("blind", "bid") and not rules.uses_draw and not dealt:
            dealt = [game.dealt(s) for s in range(n)]
            # the right pack, dealt whole: 13 each (17 with three players), all different
            assert all(len(h) == rules.cards_per_hand for h in dealt)
            assert CardSet(sum(h.mask for h in dealt)) == full_deck(rules)
        if phase in ("exchange", "play") and not checked_bids:
            if rules.uses_draw:
                dealt = [game.dealt(s) for s in range(n)]
            check_bids(game, dealt)
            checked_bids = True
            if rules.first_lead == "two-of-clubs" and phase == "play":
                clubs = [c for s in range(n) for c in game.hand(s).suit(0)]
                if clubs:
                    assert [str(a) for a in game.legal_actions()] == [str(min(clubs))]
        for s in range(n):  # no card leaks: a seat sees its own cards, once it has looked
            view = game.view(s)
            assert view.hand is None or view.hand == game.hand(s)
            private = (view.hand or CardSet()) | view.received
            for o in range(n):
                if o != s:  # another seat's cards it can name: only ones it passed (back)
                    assert game.hand(o) & private <= view.passed
        legal = game.legal_actions()
        assert legal, "the seat to act has no legal action"
        action = rng.choice(legal)
        events = game.apply(str(action) if rng.random() < 0.3 else action)
        for e in events:
            if isinstance(e, TrickWon):
                tricks_this_hand += 1
                assert e.winner == reference_winner(e.leader, e.cards, n)
                assert len(e.cards) == n
            if isinstance(e, HandScored):
                assert tricks_this_hand == rules.tricks_per_hand  # every trick had one winner
                tricks_this_hand = 0
                dealt = []
                checked_bids = False
    assert game.is_over
    again = Game.from_record(game.to_record())
    assert again == game and again.history == game.history
    # undo(k) is the game replayed without its last k actions
    k = rng.randint(1, min(60, len(game.actions)))
    prefix = Game(rules, seed=seed, dealer=game.first_dealer)
    for _seat, action in game.actions[:-k]:
        prefix.apply(action)
    again.undo(k)
    assert again == prefix and again.to_record() == prefix.to_record()
