"""The blind-nil exchange in the sampling player's model: the club player's passes, the
hands after an exchange the seat did not see, and the bids around a blind nil."""

from __future__ import annotations

import random

from spades import Bid, Game, Rules, bots
from spades.bots.basic import card_danger
from spades.bots.expert import ExpertBot
from spades.bots.knowledge import Knowledge, bit_cards
from spades.bots.simulate import _Exchanges, exchange_pairs, play_exchanges, sample_deals

RULES = Rules.preset("partnership")  # blind nil open at any score, 3 cards each way


def _blind_nil_game(seed: int, nil_seat: int, tricks: int = 0) -> Game:
    """A first hand in which ``nil_seat`` bids blind nil and the club player does the rest,
    played up to ``tricks`` complete tricks."""
    game = Game(RULES, seed=seed, dealer=3)
    basic = bots.get("basic", seed=seed)
    while game.phase.value in ("blind", "bid", "exchange") or len(game.tricks) < tricks:
        seat = game.to_act
        assert seat is not None
        if game.phase.value == "blind":
            game.apply("blind nil" if seat == nil_seat else "look")
        else:
            game.apply(basic.act(game.view(seat)))
    return game


def _danger_order(c: int) -> tuple[float, int]:
    return (-card_danger(c), c)


def test_play_exchanges_passes_as_the_club_player_does() -> None:
    for seed in range(12):
        nil_seat = seed % 4
        game = _blind_nil_game(seed, nil_seat)
        assert game.phase.value == "play"
        bids = list(game.bids)
        assert exchange_pairs(RULES, bids) == [(nil_seat, (nil_seat + 2) % 4)]
        dealt = [game.dealt(s).mask for s in range(4)]
        assert play_exchanges(RULES, dealt, bids) == [game.hand(s).mask for s in range(4)]


def test_no_exchange_without_a_blind_nil_or_between_two_blind_nils() -> None:
    assert exchange_pairs(RULES, [Bid(3), Bid.nil(), Bid(4), Bid(2)]) == []
    both = [Bid.blind_nil(), Bid(3), Bid.blind_nil(), Bid(2)]
    assert exchange_pairs(RULES, both) == []
    no_exchange = Rules.preset("partnership", blind_nil_exchange=0)
    assert exchange_pairs(no_exchange, [Bid.blind_nil(), Bid(3), Bid(4), Bid(2)]) == []


def _fits_unseen_exchange(deal: list[int], nil_seat: int, partner: int, played: list[int]) -> bool:
    """Could the club player's exchange have left these hands? The partner must hold three
    cards more dangerous than anything the bidder kept."""
    kept = bit_cards(deal[nil_seat] | played[nil_seat])
    worst_kept = min(_danger_order(c) for c in kept)
    above = [c for c in bit_cards(deal[partner] | played[partner]) if _danger_order(c) < worst_kept]
    return len(above) >= 3


def _played_by(game: Game) -> list[int]:
    out = [0] * 4
    for t in game.tricks:
        for i, c in enumerate(t.cards):
            out[(t.leader + i) % 4] |= 1 << int(c)
    return out


def test_samples_follow_an_exchange_the_seat_did_not_see() -> None:
    fits = total = 0
    for seed in range(6):
        game = _blind_nil_game(seed, nil_seat=1, tricks=3)
        view = game.view(0)
        know = Knowledge(view)
        played = _played_by(game)
        assert _fits_unseen_exchange([game.hand(s).mask for s in range(4)], 1, 3, played)
        for deal in sample_deals(know, random.Random(seed), 40):
            # what the seat knows still holds: its hand, sizes, played cards, voids
            assert deal[0] == view.hand.mask  # type: ignore[union-attr]
            assert [d.bit_count() for d in deal] == list(view.hand_sizes)
            assert not any(d & view.played.mask for d in deal)
            for s in range(4):
                for suit in range(4):
                    if know.voids[s] >> suit & 1:
                        assert not deal[s] >> (13 * suit) & 0x1FFF
            fits += _fits_unseen_exchange(deal, 1, 3, played)
            total += 1
    # a tenth of the deals ignores the model, and a few fall back when it cannot be met
    assert fits >= 0.75 * total


def test_samples_without_the_model_rarely_look_exchanged() -> None:
    # the check above is not empty: uniform deals of the same positions seldom fit
    fits = total = 0
    for seed in range(6):
        game = _blind_nil_game(seed, nil_seat=1)
        know = Knowledge(game.view(0))
        played = _played_by(game)
        unseen = bit_cards(know.unseen)
        rng = random.Random(seed)
        for _ in range(40):
            rng.shuffle(unseen)
            deal = [0] * 4
            deal[0] = know.hand
            for i, s in enumerate((1, 2, 3)):
                deal[s] = sum(1 << c for c in unseen[13 * i : 13 * i + 13])
            fits += _fits_unseen_exchange(deal, 1, 3, played)
            total += 1
    assert fits <= 0.4 * total


def test_blind_nil_partner_samples_keep_the_bidder_safe() -> None:
    for seed in range(6):
        game = _blind_nil_game(seed, nil_seat=0)
        view = game.view(2)  # the partner: it knows what came back
        back = bit_cards(view.received.mask)
        assert len(back) == 3
        safest_back = max(_danger_order(c) for c in back)
        deals = sample_deals(Knowledge(view), random.Random(seed), 40)
        safe = sum(all(_danger_order(c) > safest_back for c in bit_cards(d[0])) for d in deals)
        assert safe >= 0.8 * len(deals)


def test_blind_nil_bidder_reads_partners_bid_on_the_hand_before_the_exchange() -> None:
    game = _blind_nil_game(5, nil_seat=0, tricks=2)
    view = game.view(0)
    know = Knowledge(view)
    exchanges = _Exchanges(know, _played_by(game), [(1 << 52) - 1] * 4)
    before: dict[int, int] = {}
    exchanges.known_before([game.hand(s).mask for s in range(4)], before)
    assert before == {2: game.dealt(2).mask}


def _nil_partner_views() -> list[tuple[Game, int]]:
    """Positions in which the last bidder's partner has bid nil."""
    out = []
    for seed in range(60):
        game = Game(Rules.preset("partnership", blind_nil=False), seed=seed, dealer=3)
        basic = bots.get("basic", seed=seed)
        while len([b for b in game.bids if b is not None]) < 2:
            seat = game.to_act
            assert seat is not None
            game.apply(basic.act(game.view(seat)))
        seat = game.to_act
        assert seat is not None
        partner_bid = game.bids[(seat + 2) % 4]
        if partner_bid is not None and partner_bid.is_nil:
            out.append((game, seat))
    return out


def test_expert_bids_lower_beside_a_nil_it_must_cover() -> None:
    views = _nil_partner_views()
    assert len(views) >= 5
    plain = cautious = 0
    for game, seat in views:
        view = game.view(seat)
        plain += ExpertBot(seed=1, samples=8, bid_samples=24, cover_shade=0).act(view).tricks  # type: ignore[union-attr]
        cautious += ExpertBot(seed=1, samples=8, bid_samples=24, cover_shade=1.5).act(view).tricks  # type: ignore[union-attr]
    assert cautious < plain
