"""The sampling ``expert``: knowledge-consistent samples, points not tricks, reproducibility."""

from __future__ import annotations

import dataclasses
import random

import pytest

from botutil import game_with, make_hands
from spades import Bid, Card, Choice, Game, Rules, bots
from spades.bots.expert import ExpertBot
from spades.bots.knowledge import Knowledge
from spades.bots.simulate import hand_utility, sample_deals
from spades.bots.table import PRIOR_SD
from spades.game import Phase

FAST = {"samples": 4}


def test_samples_respect_everything_the_seat_knows() -> None:
    # West showed out of hearts; South holds its own cards; played cards are nowhere
    hands = make_hands({0: "AH", 1: "5H", 2: "9H", 3: "2S"}, voids={3: "H"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3", "AH", "5H", "9H", "2S"])
    view = game.view(1)
    know = Knowledge(view)
    assert know.voids[3] == 1 << 2
    deals = sample_deals(know, random.Random(1), 30)
    played = view.played.mask
    for deal in deals:
        assert deal[1] == view.hand.mask  # type: ignore[union-attr]
        assert not deal[3] & (0x1FFF << 26)  # no hearts for West
        assert sum(d.bit_count() for d in deal) == 48
        assert not any(d & played for d in deal)
        union = 0
        for d in deal:
            assert not union & d
            union |= d
        assert [d.bit_count() for d in deal] == list(view.hand_sizes)


def test_two_player_samples_keep_own_discards_out() -> None:
    rules = Rules.preset("two-player", blind_nil=False)
    game = Game(rules, seed=3)
    driver = bots.get("basic", seed=1)
    while game.phase.value == "draw":
        game.apply(driver.act(game.view(game.to_act)))  # type: ignore[arg-type]
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    know = Knowledge(view)
    for deal in sample_deals(know, random.Random(2), 20):
        assert not deal[1 - seat] & view.discards.mask
        assert deal[1 - seat].bit_count() == 13


def test_tighter_bid_fit_deals_hands_closer_to_the_bids() -> None:
    # after four bids, South's samples of the other hands: with a tighter fit the club
    # player's count of each sampled hand lies nearer that seat's bid
    from spades.bots.basic import estimate_tricks

    game, _ = _last_bidder_view(11)
    game.apply(bots.get("basic", seed=2).act(game.view(3)))
    view = game.view(0)
    know = Knowledge(view)
    bids = view.bids

    def spread(sd: float) -> float:
        deals = sample_deals(know, random.Random(5), 200, fit_sd=sd, oversample=8)
        gaps = [
            abs(estimate_tricks(d[s], 4) - b.tricks)
            for d in deals
            for s in (1, 2, 3)
            if (b := bids[s]) is not None and not b.is_nil
        ]
        return sum(gaps) / len(gaps)

    assert spread(0.6) < spread(5.0)
    with pytest.raises(ValueError):
        sample_deals(know, random.Random(5), 10, oversample=0)


def test_utility_is_in_points_and_knows_bags() -> None:
    rules = Rules.preset("partnership")
    bids = [Bid(4), Bid(3), Bid(4), Bid(3)]
    # side 0 takes 9 (one bag): +81 - 40 for the other side's 4 tricks (set)
    assert hand_utility(rules, 0, bids, [5, 2, 4, 2], [0, 0], [0, 0], 0, bag_weight=0) == 81 + 60
    # the same overtrick at 9 bags costs the bag penalty
    assert hand_utility(rules, 0, bids, [5, 2, 4, 2], [9, 0], [0, 0], 0, bag_weight=0) == 81 - 100 + 60
    # by default a carried bag is a debt of a tenth of the penalty, wherever the count stands
    assert hand_utility(rules, 0, bids, [5, 2, 4, 2], [0, 0], [0, 0], 0) == 81 - 10 + 60
    assert hand_utility(rules, 0, bids, [5, 2, 4, 2], [9, 0], [0, 0], 0) == 81 - 10 + 60
    # the opponents' bags are worth as much to us
    assert hand_utility(rules, 1, bids, [5, 2, 4, 2], [0, 0], [0, 0], 0) == -(81 - 10 + 60)
    # reaching the target is worth more than the points alone
    assert hand_utility(rules, 0, bids, [5, 2, 4, 2], [0, 0], [450, 0], 0) > 141


def test_expert_is_reproducible_and_legal_in_a_blind_nil_spot() -> None:
    rules = Rules.preset("partnership")
    game = _with_scores(Game(rules, seed=8), [100, 420])  # North-South far behind: blind nil is worth it
    seat = game.to_act
    assert seat is not None and game.phase.value == "blind"
    view = game.view(seat)
    a = bots.get("expert", seed=4, **FAST).act(view)
    b = bots.get("expert", seed=4, **FAST).act(view)
    assert a == b and a in view.legal


def test_expert_covers_partners_nil() -> None:
    hands = make_hands({0: "9H", 1: "2H", 2: "KH 3H"}, voids={2: "H"})
    game = game_with(hands, ["nil", "bid 3", "bid 4", "bid 3", "9H", "2H"])
    assert bots.get("expert", seed=1, samples=8).act(game.view(2)) == Card.parse("KH")


def test_cards_on_the_table_tell_apart_cards_of_the_hand() -> None:
    # with the opponents' 9D on the table, 8D loses the trick and TD wins it
    hands = make_hands({0: "3D", 1: "4D", 2: "9D", 3: "AD TD 8D"}, voids={3: "D"})
    game = game_with(hands, ["bid 3", "bid 3", "bid 3", "bid 3", "3D", "4D", "9D"])
    view = game.view(3)
    know = Knowledge(view)
    assert know.top_equivalent_low(int(Card.parse("TD"))) == int(Card.parse("TD"))
    legal = [int(c) for c in view.legal if isinstance(c, Card)]
    cands = ExpertBot(seed=1)._candidates(know, legal)
    assert {int(Card.parse(c)) for c in ("8D", "TD")} <= set(cands)
    assert bots.get("expert", seed=1, samples=8).act(view) == Card.parse("TD")


def test_live_nil_plays_a_card_sure_to_lose() -> None:
    # East bid nil; 6D is led and East holds 4D under it: JD would gamble on West's KD QD
    hands = make_hands({0: "6D", 1: "4D JD AD", 3: "KD QD"}, voids={1: "D", 3: "D"})
    game = game_with(hands, ["bid 4", "nil", "bid 4", "bid 4", "6D"])
    for seed in range(4):
        assert bots.get("expert", seed=seed, samples=8).act(game.view(1)) == Card.parse("4D")


def test_expert_uses_the_solver_late_in_the_hand() -> None:
    pytest.importorskip("spades.solver")
    rules = dataclasses.replace(Rules.preset("partnership"), blind_nil=False, hands=1)
    game = Game(rules, seed=2)
    driver = [bots.get("basic", seed=s) for s in range(4)]
    while game.phase.value != "play" or len(game.tricks) < 9:
        game.apply(driver[game.to_act].act(game.view(game.to_act)))  # type: ignore[index,arg-type]
    expert = bots.get("expert", seed=1, samples=4, solver="on")
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        action = expert.act(view)
        assert action in view.legal
        game.apply(action)


def test_bad_options_are_refused() -> None:
    for options in (
        {"samples": 0},
        {"seconds": -1},
        {"solver": "maybe"},
        {"bidding": "guess"},
        {"nil_min": 1.5},
        {"play_shade": -0.1},
        {"shade": "a lot"},
        {"bid_samples": 0},
        {"blind_deficit": 1.5},
        {"playouts": 0},
        {"nil_margin": -1},
        {"nil_danger": 11},
        {"cover_shade": -0.5},
        {"set_penalty": "high"},
        {"set_penalty": 1000},
        {"fit_sd": 0},
        {"fit_sd": -1.0},
        {"oversample": 0},
        {"oversample": 2.5},
    ):
        with pytest.raises(ValueError):
            bots.get("expert", **options)


def _last_bidder_view(seed: int) -> tuple[Game, int]:
    """A partnership deal bid by the club player up to West, who bids last for its side."""
    rules = dataclasses.replace(Rules.preset("partnership"), blind_nil=False)
    game = Game(rules, seed=seed, dealer=3)
    driver = bots.get("basic", seed=1)
    for _ in range(3):
        game.apply(driver.act(game.view(game.to_act)))  # type: ignore[arg-type]
    return game, 3


def test_set_penalty_charges_a_failed_contract() -> None:
    rules = Rules.preset("partnership")
    bids = [Bid(4), Bid(3), Bid(4), Bid(3)]
    # side 0 takes 7 of 8: set, -80; side 1 takes 6: +60 -> -140 for side 0
    assert hand_utility(rules, 0, bids, [4, 3, 3, 3], [0, 0], [0, 0], 0, bag_weight=0) == -140
    charged = hand_utility(rules, 0, bids, [4, 3, 3, 3], [0, 0], [0, 0], 0, bag_weight=0, set_penalty=30)
    assert charged == -140 - 30
    # side 0 makes 8 (+80) and side 1 takes 5 of 6 (-60): only side 1 pays for its set
    made = hand_utility(rules, 0, bids, [4, 2, 4, 3], [0, 0], [0, 0], 0, bag_weight=0, set_penalty=30)
    assert made == 80 + 60
    their = hand_utility(rules, 1, bids, [4, 2, 4, 3], [0, 0], [0, 0], 0, bag_weight=0, set_penalty=30)
    assert their == -140 - 30


def test_set_penalty_defaults_to_40_with_two_sides_and_0_with_more() -> None:
    from spades.bots.expert import SET_PENALTY

    bot = bots.get("expert")
    assert isinstance(bot, ExpertBot)
    for preset in ("partnership", "two-player"):
        assert bot.set_penalty_for(Rules.preset(preset)) == SET_PENALTY == 40.0
    for preset in ("cutthroat", "three-player"):
        assert bot.set_penalty_for(Rules.preset(preset)) == 0.0
    chosen = bots.get("expert", set_penalty=25)
    assert isinstance(chosen, ExpertBot)
    assert {chosen.set_penalty_for(Rules.preset(p)) for p in ("partnership", "cutthroat")} == {25.0}


def test_bid_shade_is_larger_in_the_two_player_game() -> None:
    """Two-handed, a seat cannot see 39 cards and play-outs flatter its bids most."""
    from spades.bots.expert import PARTNERSHIP_SHADE, SHADE, TWO_PLAYER_SHADE

    bot = bots.get("expert")
    assert isinstance(bot, ExpertBot)
    assert bot.shade_for(Rules.preset("two-player")) == TWO_PLAYER_SHADE > SHADE > PARTNERSHIP_SHADE
    assert bot.shade_for(Rules.preset("partnership")) == PARTNERSHIP_SHADE
    for preset in ("cutthroat", "three-player"):
        assert bot.shade_for(Rules.preset(preset)) == SHADE
    chosen = bots.get("expert", shade=0.5)
    assert isinstance(chosen, ExpertBot)
    assert chosen.shade_for(Rules.preset("two-player")) == 0.5


def test_two_player_expert_bids_lower_than_with_the_partnership_shade() -> None:
    """Over many two-player deals the default bids sum lower than with shade 0.35."""
    rules = Rules.preset("two-player")
    totals = {None: 0, 0.35: 0}
    for seed in range(12):
        for shade in totals:
            game = Game(rules, seed=seed)
            options = {} if shade is None else {"shade": shade}
            players = [bots.get("expert", seed=s, samples=4, bid_samples=16, **options) for s in range(2)]
            while game.phase is not Phase.PLAY:
                seat = game.to_act
                assert seat is not None
                game.apply(players[seat].act(game.view(seat)))
            totals[shade] += sum(b.tricks for b in game.bids if b is not None)
    assert totals[None] < totals[0.35]


def test_expert_does_not_overbid_a_hand_the_simulation_finds_short() -> None:
    # West: KJT876 of spades, KQ6 of hearts, 52 of diamonds, AK of clubs; East bid 2.
    # The club player's count says 8 (a contract of 10); on the expert's own play-outs
    # the side makes 10 little more than half the time, which a set punishes far more
    # than a few bags
    game, seat = _last_bidder_view(10)
    view = game.view(seat)
    assert view.bids[1] == Bid(2)
    assert bots.get("basic", seed=1).act(view) == Bid(8)
    for s in range(3):
        bid = bots.get("expert", seed=s).act(view)
        assert isinstance(bid, Bid) and not bid.is_nil
        assert 4 <= bid.tricks <= 6


def test_expert_never_bids_nil_with_an_unguarded_ace_of_spades() -> None:
    hands = make_hands({0: "AS 2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H"})
    game = game_with(hands, ["bid 3", "bid 3"], dealer=1)  # North bids after South and West
    for s in range(3):
        bid = bots.get("expert", seed=s, samples=8).act(game.view(0))
        assert isinstance(bid, Bid) and not bid.is_nil


def test_expert_bids_nil_with_a_safe_hand() -> None:
    hands = make_hands({0: "2S 3S 2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H"})
    game = game_with(hands, ["bid 3", "bid 4"], dealer=1)
    assert bots.get("expert", seed=1, samples=8).act(game.view(0)) == Bid.nil()


def test_partnership_bids_weigh_no_set_penalty_but_card_play_does() -> None:
    bot = bots.get("expert")
    assert isinstance(bot, ExpertBot)
    partnership = Rules.preset("partnership")
    assert bot.bid_set_penalty_for(partnership) == 0.0 < bot.set_penalty_for(partnership)
    two = Rules.preset("two-player")
    assert bot.bid_set_penalty_for(two) == bot.set_penalty_for(two) == 40.0
    chosen = bots.get("expert", bid_set_penalty=15)
    assert isinstance(chosen, ExpertBot)
    assert chosen.bid_set_penalty_for(partnership) == 15.0


def test_bid_simulation_reads_play_outs_with_a_margin() -> None:
    from spades.bots.expert import _shift_side_tricks, _trick_kernel

    kernel = _trick_kernel(0.35, 0.85)
    assert abs(sum(w for _, w in kernel) - 1.0) < 1e-9
    mean = sum(k * w for k, w in kernel)
    assert -0.5 < mean < -0.2  # shaded: a little fewer tricks than the play-outs show
    assert _trick_kernel(1.0, 0) == ((-1, 1.0),)
    rules = Rules.preset("partnership")
    bids = [Bid(4), Bid(0), Bid(3), Bid(3)]
    # North's side loses a trick to East-West's bidder of a number (West), not to the nil
    assert _shift_side_tricks(rules, 0, bids, [5, 0, 3, 5], -1) == [4, 0, 3, 6]
    # and takes one from West first; East's nil keeps its only trick (it failed anyway)
    assert _shift_side_tricks(rules, 0, bids, [5, 1, 3, 4], 2) == [7, 1, 3, 2]
    assert _shift_side_tricks(rules, 0, bids, [5, 1, 7, 0], 1) == [5, 1, 7, 0]


def test_expert_nil_needs_enough_play_outs_that_keep_it() -> None:
    # a playable nil with a guarded jack of spades and a king of hearts: worth more than a
    # number on the play-outs, but it fails in some of them
    hands = make_hands({0: "JS 9S 2C 3C 4C 9C 2D 3D 4D 2H 3H 4H KH"})
    game = game_with(hands, ["bid 3", "bid 3"], dealer=1)
    view = game.view(0)
    assert bots.get("expert", seed=1, samples=16, nil_danger=1.6, nil_min=0.6).act(view) == Bid.nil()
    strict = bots.get("expert", seed=1, samples=16, nil_danger=1.6, nil_min=1.0).act(view)
    assert isinstance(strict, Bid) and not strict.is_nil


def test_expert_nil_needs_a_hand_of_little_danger() -> None:
    # the same hand has a nil danger of 1.0: its play-outs keep the nil, but such nils were
    # made about half the time in real play against careful defenders, so at a table read
    # as careful the expert bids a number (an unread table counts as half loose: test_bots_table)
    hands = make_hands({0: "JS 9S 2C 3C 4C 9C 2D 3D 4D 2H 3H 4H KH"})
    game = game_with(hands, ["bid 3", "bid 3"], dealer=1)
    for s in range(3):
        bid = bots.get("expert", seed=s, samples=16, table_sd=PRIOR_SD).act(game.view(0))
        assert isinstance(bid, Bid) and not bid.is_nil


def test_solver_values_weigh_falling_a_trick_short() -> None:
    pytest.importorskip("spades.solver")
    rules = dataclasses.replace(Rules.preset("partnership"), blind_nil=False, hands=1)
    game = Game(rules, seed=2)
    driver = [bots.get("basic", seed=s) for s in range(4)]
    while game.phase.value != "play" or len(game.tricks) < 7 or game.trick:
        game.apply(driver[game.to_act].act(game.view(game.to_act)))  # type: ignore[index,arg-type]
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    know = Knowledge(view)
    deal = sample_deals(know, random.Random(3), 1)[0]
    cands = [int(c) for c in view.legal]
    bids = [b if b is not None else Bid(1) for b in view.bids]
    leader = view.leader if view.leader is not None else seat
    plain = bots.get("expert", seed=1, play_shade=0)._solver_values(view, bids, deal, leader, [], cands)  # type: ignore[attr-defined]
    shaded = bots.get("expert", seed=1, play_shade=0.5)._solver_values(view, bids, deal, leader, [], cands)  # type: ignore[attr-defined]
    assert plain is not None and shaded is not None
    assert plain.keys() == shaded.keys() == set(cands)
    # the weight moves onto a trick less for the side: its points change somewhere
    assert any(abs(shaded[c] - plain[c]) > 1e-9 for c in cands)
    again = bots.get("expert", seed=1, play_shade=0.5)._solver_values(view, bids, deal, leader, [], cands)  # type: ignore[attr-defined]
    assert again == shaded


def test_play_shade_defaults_to_partnership_weight_in_four_handed_partnerships() -> None:
    from spades.bots.expert import PARTNERSHIP_PLAY_SHADE, PLAY_SHADE

    bot = bots.get("expert", seed=1)
    assert bot.play_shade_for(Rules.preset("partnership")) == PARTNERSHIP_PLAY_SHADE == 0.2  # type: ignore[attr-defined]
    assert bot.play_shade_for(Rules.preset("two-player")) == PLAY_SHADE == 0.5  # type: ignore[attr-defined]
    given = bots.get("expert", seed=1, play_shade=0.7)
    assert given.play_shade_for(Rules.preset("partnership")) == 0.7  # type: ignore[attr-defined]


def test_expert_does_not_bid_nil_beside_partners_nil() -> None:
    hands = make_hands({0: "2S 3S 2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H"})
    game = game_with(hands, ["nil", "bid 4"], dealer=1)  # South (the partner) bid nil
    bid = bots.get("expert", seed=1, samples=8).act(game.view(0))
    assert isinstance(bid, Bid) and not bid.is_nil


def test_expert_never_risks_blind_nil_when_level_or_ahead() -> None:
    # blind nil is a catch-up move: at 0-0 or ahead the expert looks without simulating it
    rules = Rules.preset("partnership")
    for scores in ([0, 0], [300, 120]):
        game = _with_scores(Game(rules, seed=8), scores)
        seat = game.to_act
        assert seat is not None and game.phase.value == "blind"
        bot = bots.get("expert", seed=4, **FAST)
        assert bot._basic_might_blind(game.view(seat)) is False  # type: ignore[attr-defined]
        assert bot.act(game.view(seat)) == Choice.LOOK


def test_expert_weighs_blind_nil_whenever_its_side_trails() -> None:
    rules = Rules.preset("partnership")
    game = Game(rules, seed=8)
    seat = game.to_act
    assert seat is not None
    side = seat % 2
    scores = [0, 0]
    scores[1 - side] = 10  # ten points behind: simulated by default, not with blind_deficit=200
    game = _with_scores(game, scores)
    view = game.view(seat)
    assert bots.get("expert", seed=4, **FAST)._basic_might_blind(view) is True  # type: ignore[attr-defined]
    patient = bots.get("expert", seed=4, blind_deficit=200, **FAST)
    assert patient._basic_might_blind(view) is False  # type: ignore[attr-defined]


def test_prepare_is_optional_and_changes_no_decision() -> None:
    """Bot.prepare() (the expert compiles its solver) leaves every decision as it was."""
    assert bots.get("basic").prepare() == 0.0
    assert bots.get("random").prepare() == 0.0
    assert bots.get("expert", solver="off").prepare() == 0.0

    def play(prepared: bool) -> list[str]:
        game = Game(Rules.preset("partnership"), seed=11)
        players = [bots.get("expert", seed=s, samples=4, bid_samples=8) for s in range(4)]
        if prepared:
            for p in players:
                assert p.prepare() >= 0.0
        out = []
        while game.hands_played == 0:
            seat = game.to_act
            assert seat is not None
            action = players[seat].act(game.view(seat))
            out.append(str(action))
            game.apply(action)
        return out

    assert play(prepared=True) == play(prepared=False)


def _with_scores(game: Game, scores: list[int]) -> Game:
    """The same deal at the start of its hand, with these running scores."""
    rules = game.rules
    return Game.from_position(
        rules, hands=[game.hand(s) for s in range(rules.num_seats)], dealer=game.dealer, scores=scores
    )


def _dealt_position(seed: int) -> tuple[Rules, list[int], int]:
    """A fresh deal of the partnership preset: its rules, the four hands (card masks), the leader."""
    rules = dataclasses.replace(Rules.preset("partnership"), blind_nil=False, hands=1)
    game = Game(rules, seed=seed)
    hands = [sum(1 << int(c) for c in game.view(s).hand or ()) for s in range(4)]
    return rules, hands, (game.dealer + 1) % 4


def test_rollout_stops_at_a_trick_to_lead_with_the_cards_asked() -> None:
    from spades.bots.simulate import Position, rollout

    rules, hands, leader = _dealt_position(4)
    bids = [Bid(3)] * 4
    pos = Position(rules, list(hands), leader, [], False, [0, 0, 0, 0], bids)
    won = rollout(pos, 8)
    assert sum(won) == 5 and pos.trick == []
    assert [h.bit_count() for h in pos.hands] == [8, 8, 8, 8]
    # played on from there, the hand ends as a whole play-out does
    assert sum(rollout(pos)) == 13 and not any(pos.hands)
    whole = Position(rules, list(hands), leader, [], False, [0, 0, 0, 0], bids)
    again = Position(rules, list(hands), leader, [], False, [0, 0, 0, 0], bids)
    rollout(again, 8)
    assert rollout(again) == rollout(whole)  # stopping changes nothing of the play


def test_leaf_play_outs_end_in_the_solvers_values() -> None:
    pytest.importorskip("spades.solver")
    from spades.bots.simulate import Position, rollout

    rules, hands, leader = _dealt_position(6)
    game = Game(rules, seed=6)
    view = game.view(game.to_act)  # type: ignore[arg-type]
    bids = [Bid(3), Bid(4), Bid(3), Bid(2)]
    bot = bots.get("expert", seed=1, leaf_cards=6)
    pos = Position(rules, list(hands), leader, [], False, [0, 0, 0, 0], bids)
    value = bot._leaf_points(view, bids, pos)  # type: ignore[attr-defined]
    # the same play-out stopped at 6 cards a hand, then the solver's best for the side
    stopped = Position(rules, list(hands), leader, [], False, [0, 0, 0, 0], bids)
    won = rollout(stopped, 6)
    side = sum(1 << s for s in range(4) if s % 2 == view.seat % 2)
    vals = bot._solve(stopped.hands, stopped.leader, [], stopped.broken, side, side)  # type: ignore[attr-defined]
    ours = max(vals.values()) if side >> stopped.leader & 1 else min(vals.values())
    assert value == bot._double_dummy_points(view, bids, won, ours, 6, set())  # type: ignore[attr-defined]
    # more cards than a hand can hold is refused in words
    with pytest.raises(ValueError, match="leaf_cards"):
        bots.get("expert", leaf_cards=20)


def test_early_samples_solve_from_the_first_trick_while_no_nil_is_alive() -> None:
    pytest.importorskip("spades.solver")
    rules = dataclasses.replace(Rules.preset("partnership"), blind_nil=False, hands=1)
    bot = bots.get("expert", seed=1, early_samples=6)
    plain = bots.get("expert", seed=1)
    for bids in ([Bid(3), Bid(4), Bid(3), Bid(2)], [Bid(3), Bid.nil(), Bid(4), Bid(4)]):
        game = Game(rules, seed=5)
        for _ in range(4):
            game.apply(bids[game.to_act])  # type: ignore[index]
        view = game.view(game.to_act)  # type: ignore[arg-type]
        weighed = bot._card_totals(view, None)  # type: ignore[attr-defined]
        nil_alive = any(b.is_nil for b in bids)
        # 13 cards a hand: the solver only with the option and only while no nil is alive
        assert weighed.solver is not nil_alive
        assert plain._card_totals(view, None).solver is False  # type: ignore[attr-defined]
        if not nil_alive:
            assert weighed.done in (6, 12)  # the early deals, doubled when the best two are close
    with pytest.raises(ValueError, match="early_samples"):
        bots.get("expert", early_samples=-1)
