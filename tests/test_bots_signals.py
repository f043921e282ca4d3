"""Partnership signals: the expert leads the top of equal cards and follows with the lowest,
and reads its partner's cards that way (``signal_denied``, the sampler's ``denied``)."""

from __future__ import annotations

import random

from botutil import game_with, make_hands
from spades import Card, bots
from spades.bots.knowledge import Knowledge, signal_denied
from spades.bots.simulate import sample_deals
from spades.bots.table import PartnerReading, signal_choices

BIDS = ["bid 3", "bid 3", "bid 3", "bid 3"]


def _id(text: str) -> int:
    return int(Card.parse(text))


def test_signal_lead_shows_the_card_above_missing() -> None:
    # North leads KH; AH is still out: a signalling North would have led it from AK
    hands = make_hands({0: "KH 2C", 1: "AH", 2: "3H", 3: "4H"})
    game = game_with(hands, [*BIDS, "KH"], dealer=3)
    denied = signal_denied(game.view(2), 0)
    assert denied == 1 << _id("AH")


def test_signal_lead_skips_cards_already_played() -> None:
    # the first trick took AD QD 2D JD; North then leads TD: KD (the next card up still out)
    # is not North's, while QD and JD are gone and do not separate TD from KD
    hands = make_hands({0: "AD TD 2C", 1: "QD", 2: "2D KD", 3: "JD"})
    game = game_with(hands, [*BIDS, "AD", "QD", "2D", "JD", "TD"], dealer=3)
    assert game.tricks[0].winner == 0
    assert signal_denied(game.view(2), 0) == 1 << _id("KD")


def test_signal_follow_shows_the_card_below_missing() -> None:
    # West leads 2C, North follows with 9C: 8C is still out, so North does not hold it
    hands = make_hands({3: "2C", 0: "9C", 1: "3C", 2: "4C"})
    game = game_with(hands, [*BIDS[:3], "bid 3", "2C", "9C"], dealer=2)
    denied = signal_denied(game.view(2), 0)
    assert denied == 1 << _id("8C")


def test_signal_follow_reads_nothing_across_a_card_of_the_trick() -> None:
    # West leads 8C and North follows with 9C: the card below is on the table, no inference
    hands = make_hands({3: "8C", 0: "9C", 1: "3C", 2: "4C"})
    game = game_with(hands, [*BIDS, "8C", "9C"], dealer=2)
    assert signal_denied(game.view(2), 0) == 0


def test_signal_denied_is_none_once_the_seat_breaks_its_signal() -> None:
    # North led KH (so AH is not North's) and later plays AH: it does not signal this way
    hands = make_hands({0: "KH AH 2C", 1: "3H 5H", 2: "4H 6H", 3: "7H 8H"})
    game = game_with(hands, [*BIDS, "KH", "3H", "4H", "7H", "AH"], dealer=3)
    assert signal_denied(game.view(2), 0) is None


def test_sampler_never_gives_a_denied_card() -> None:
    hands = make_hands({0: "KH 2C", 1: "AH", 2: "3H", 3: "4H"})
    game = game_with(hands, [*BIDS, "KH"], dealer=3)
    know = Knowledge(game.view(2))
    ah = 1 << _id("AH")
    denied = [ah, 0, 0, 0]
    deals = sample_deals(know, random.Random(1), 40, denied=denied)
    assert all(not d[0] & ah for d in deals)
    # without the signal North holds it in some of them
    plain = sample_deals(know, random.Random(1), 40)
    assert any(d[0] & ah for d in plain)


def test_expert_leads_the_top_of_equal_cards() -> None:
    # North must lead a heart (spades unbroken) and holds KH QH, equal cards: it leads KH
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"
    hands = make_hands({0: "KH QH " + spades})
    game = game_with(hands, BIDS, dealer=3)
    assert game.to_act == 0
    for seed in range(2):
        bot = bots.get("expert", seed=seed, samples=8)
        assert bot.act(game.view(0)) == Card.parse("KH")
        assert bot.evaluate(game.view(0))[0][0] == Card.parse("KH")
        assert bots.get("expert", seed=seed, samples=8, signals=0).act(game.view(0)) == Card.parse("QH")


def test_expert_play_never_contradicts_its_signals() -> None:
    # four experts play two hands: at every card, no seat holds a card its own signals
    # said it lacked, and the reading never gives up on an expert
    from spades import Game, Rules

    rules = Rules.preset("partnership")
    denied_seen = 0
    for seed in range(2):
        game = Game(rules, seed=seed, dealer=seed % 4)
        players = [bots.get("expert", seed=seed * 4 + s, samples=4) for s in range(4)]
        while game.hands_played == 0:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if view.phase == "play":
                for other in range(4):
                    denied = signal_denied(view, other)
                    assert denied is not None
                    assert not denied & ~view.played.mask & game.hand(other).mask
                    denied_seen += bin(denied & ~view.played.mask).count("1")
            game.apply(players[seat].act(view))
    assert denied_seen > 50


def test_signal_choices_count_a_lead_below_an_equal_card_as_broken() -> None:
    # North leads QH holding KH (equal: no heart out between them), then leads KH
    hands = make_hands({0: "QH KH 2C", 1: "3H", 2: "4H", 3: "5H"})
    game = game_with(hands, [*BIDS, "QH", "3H", "4H", "5H", "KH"], dealer=3)
    assert game.tricks[0].winner == 0
    assert signal_choices(game.view(2), 0) == (0, 1)


def test_signal_choices_count_the_top_of_equal_cards_led_as_kept() -> None:
    hands = make_hands({0: "QH KH 2C", 1: "3H", 2: "4H", 3: "5H"})
    game = game_with(hands, [*BIDS, "KH", "3H", "4H", "5H", "QH"], dealer=3)
    assert signal_choices(game.view(2), 0) == (1, 0)


def test_signal_choices_see_no_choice_in_a_card_with_no_equal() -> None:
    # North leads KH and later 9H: QH, still out (East's), lies between them, so the two
    # were not equal and the lead chose nothing among equal cards
    hands = make_hands({0: "9H KH 2C", 1: "3H QH", 2: "4H", 3: "5H"})
    game = game_with(hands, [*BIDS, "KH", "3H", "4H", "5H", "9H"], dealer=3)
    assert signal_choices(game.view(2), 0) == (0, 0)


def _reading_after(kinds: list[str], hands: int) -> PartnerReading:
    """South's reading of North after ``hands`` hands of the given bots (North seat 0)."""
    from spades import Game, Rules

    game = Game(Rules.preset("partnership"), seed=5, dealer=3)
    players = [bots.get(k, seed=s, **({"samples": 2} if k == "expert" else {})) for s, k in enumerate(kinds)]
    reading = PartnerReading()
    while game.hands_played < hands:
        seat = game.to_act
        assert seat is not None
        if seat == 2:
            reading.observe(game.view(2))
        game.apply(players[seat].act(game.view(seat)))
    reading.observe(game.view(2))
    return reading


def test_partner_reading_stops_reading_a_partner_that_breaks_the_signals() -> None:
    reading = _reading_after(["basic"] * 4, 3)
    assert reading.broken > 0
    assert not reading.reads_signals()


def test_partner_reading_keeps_reading_a_signalling_partner() -> None:
    reading = _reading_after(["expert", "basic", "expert", "basic"], 2)
    assert reading.kept > 0 and reading.broken == 0
    assert reading.reads_signals()


def test_partner_reading_reads_by_its_prior_before_any_choice() -> None:
    assert PartnerReading().reads_signals()
    assert not PartnerReading(prior=False).reads_signals()


def test_partner_reading_forgives_a_rare_slip() -> None:
    reading = PartnerReading()
    reading.kept, reading.broken = 20.0, 1.0
    assert reading.reads_signals()
    reading.kept = 3.0
    assert not reading.reads_signals()


def _north_in_samples(bot: object, view: object) -> bool:
    know = Knowledge(view)  # type: ignore[arg-type]
    deals = bot._sample(know, 40)  # type: ignore[attr-defined]
    return any(d[0] & 1 << _id("AH") for d in deals)


def test_expert_reads_its_partners_signals_only_when_it_gives_them() -> None:
    # North led KH: a signalling North lacks AH; a North that does not signal may hold it
    hands = make_hands({0: "KH 2C", 1: "AH", 2: "3H", 3: "4H"})
    game = game_with(hands, [*BIDS, "KH"], dealer=3)
    view = game.view(2)
    assert not _north_in_samples(bots.get("expert", seed=1, partner_signals=1), view)
    assert _north_in_samples(bots.get("expert", seed=1, partner_signals=0), view)
    auto = bots.get("expert", seed=1)
    assert not _north_in_samples(auto, view)  # unread: taken to signal
    auto._partner.kept, auto._partner.broken = 2.0, 2.0  # type: ignore[attr-defined]
    assert _north_in_samples(auto, view)  # read as a partner that breaks them


def test_expert_partner_signals_option_is_checked() -> None:
    import pytest

    with pytest.raises(ValueError, match="partner_signals"):
        bots.get("expert", partner_signals="sometimes")


def test_expert_weighs_every_first_bid_beside_a_partner_that_does_not_signal() -> None:
    # North bids first, South after: beside a partner that reads its bid as the club player's
    # count the expert weighs only that count and a trick either side; beside one that does
    # not (partner_signals=0), every level
    import dataclasses

    from spades import Bid, Game, Rules

    game = Game(dataclasses.replace(Rules.preset("partnership"), blind_nil=False), seed=3, dealer=3)
    assert game.to_act is not None
    view = game.view(game.to_act)
    assert view.phase == "bid" and view.bids[view.partner] is None

    def levels(**options: object) -> set[int]:
        bot = bots.get("expert", seed=1, samples=4, bid_samples=8, **options)
        return {a.tricks for a, _v, _r in bot.evaluate(view) if isinstance(a, Bid) and not a.is_nil}

    near = levels(partner_signals=1)
    assert len(near) <= 3 and max(near) - min(near) <= 2
    assert levels(partner_signals=0) == {b.tricks for b in view.legal if isinstance(b, Bid) and b.tricks > 0}
