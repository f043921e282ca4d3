"""Whole scripted games for each preset, with scores, bags, winner and phase asserted at
each key point.  Each hand's deal is planned (tests/spades_helpers.py) so that every seat
takes exactly the tricks written beside it; the derivation of each score is in comments.
"""

from __future__ import annotations

from spades import Bid, Card, CardSet, Game, Rules
from spades.actions import Discard
from spades_helpers import (
    bid_round,
    deck_from_hands,
    plan_hand,
    plan_two_player,
    play_cards,
    scripted_game_deck,
    two_player_stock,
)


class Script:
    """Plays planned hands one after another (dealt variants)."""

    def __init__(self, rules: Rules, dealer: int, hands: list[tuple[list[str], list[int]]]) -> None:
        n = rules.num_seats
        self.plans = []
        decks = []
        d = dealer
        for bids, tricks in hands:
            deck, plan = scripted_game_deck(n, d, tricks)
            decks.append(deck)
            self.plans.append((bids, plan))
            d = (d + 1) % n
        self.game = Game(rules, seed=99, dealer=dealer, decks=decks)

    def play_hand(self) -> Game:
        bids, plan = self.plans[self.game.hands_played]
        bid_round(self.game, bids)
        play_cards(self.game, plan.plays)
        return self.game


# ---- partnership -----------------------------------------------------------------------------

A = (["bid 3", "bid 4", "bid 3", "bid 3"], [3, 4, 3, 3])  # N-S 6/6 = +60, E-W 7/7 = +70
B = (["bid 4", "bid 3", "bid 3", "bid 3"], [4, 3, 3, 3])  # N-S 7/7 = +70, E-W 6/6 = +60


def test_partnership_tie_at_500_plays_another_hand() -> None:
    script = Script(Rules(), 3, [A, B, A, B, A, B, A, B, A])
    game = script.game
    expected = [(60, 70), (130, 130), (190, 200), (260, 260), (320, 330), (390, 390), (450, 460)]
    for scores in expected:
        script.play_hand()
        assert game.scores == scores and game.bags == (0, 0)
        assert not game.is_over and game.phase.value == "blind"
    # hand 8: 450+70 = 520, 460+60 = 520: both at 500, tied -> another hand
    script.play_hand()
    assert game.scores == (520, 520)
    assert not game.is_over and game.winner is None and game.phase.value == "blind"
    assert game.dealer == 3  # hand 9: the deal has gone round twice (W, N, E, S, W, N, E, S, W)
    # hand 9: 520+60 = 580, 520+70 = 590: East-West win
    script.play_hand()
    assert game.scores == (580, 590)
    assert game.is_over and game.winner == 1 and game.phase.value == "over" and game.to_act is None
    assert game.hands_played == 9


def _blind_nil_exchange_deck(post: list[list[Card]], bidder: int, dealer: int) -> tuple[list[Card], str, str]:
    """The deal for a hand whose hands *after* the exchange are ``post``: the partner passes
    three of the bidder's final cards, the bidder passes back three of the partner's."""
    partner = (bidder + 2) % 4
    p = post[bidder][:3]  # partner -> bidder
    q = post[partner][:3]  # bidder -> partner
    pre = [list(h) for h in post]
    pre[bidder] = [c for c in post[bidder] if c not in p] + q
    pre[partner] = [c for c in post[partner] if c not in q] + p
    to_text = " ".join
    return deck_from_hands(pre, dealer), "pass " + to_text(map(str, p)), "pass " + to_text(map(str, q))


def test_partnership_blind_nil_exchange_boston_bag_penalty_to_500() -> None:
    # hand 1 (dealer W): N blind nil takes 0, S bid 6 takes 7, E 3/3, W 3/3
    plan1 = plan_hand(4, 0, [0, 3, 7, 3])
    deck1, south_pass, north_pass = _blind_nil_exchange_deck(plan1.hands, 0, 3)
    # hand 2 (dealer N): a Boston: N bid 5 takes 7, S bid 5 takes 6; E-W bid 1+1 take 0
    deck2, plan2 = scripted_game_deck(4, 0, [7, 0, 6, 0])
    # hand 3 (dealer E): N-S bid 2+2 take 6+5 = 11; E-W bid 1+1 take 1+1
    deck3, plan3 = scripted_game_deck(4, 1, [6, 1, 5, 1])
    # hand 4 (dealer S): N nil takes 0, S bid 7 takes 8; E-W bid 2+2 take 2+3
    deck4, plan4 = scripted_game_deck(4, 2, [0, 2, 8, 3])
    # hand 5 (dealer W): N-S bid 2+2 take 2+2; E-W bid 4+4 take 5+4
    deck5, plan5 = scripted_game_deck(4, 3, [2, 5, 2, 4])
    game = Game(Rules(), seed=5, dealer=3, decks=[deck1, deck2, deck3, deck4, deck5])

    bid_round(game, ["blind nil", "bid 3", "bid 6", "bid 3"])
    assert game.phase.value == "exchange" and game.to_act == 2  # South passes first
    game.apply(south_pass)
    assert game.to_act == 0
    game.apply(north_pass)
    assert game.phase.value == "play" and game.to_act == 0
    assert [set(game.hand(s)) for s in range(4)] == [set(h) for h in plan1.hands]
    play_cards(game, plan1.plays)
    # N-S: blind nil +200, S 6 took 7 +61 = +261, 1 bag; E-W: 6 took 6 = +60
    assert game.scores == (261, 60) and game.bags == (1, 0)
    assert game.history[0].nil_made == (True, None, None, None)

    bid_round(game, ["bid 5", "bid 1", "bid 5", "bid 1"])
    play_cards(game, plan2.plays)
    # N-S: 10 took 13: +103 -> 364, bags 1+3 = 4, a Boston; E-W: 2 took 0: -20 -> 40
    assert game.scores == (364, 40) and game.bags == (4, 0)
    assert game.history[1].boston == (True, False)

    bid_round(game, ["bid 2", "bid 1", "bid 2", "bid 1"])
    play_cards(game, plan3.plays)
    # N-S: 4 took 11: +47, bags 4+7 = 11 -> -100, 1 carries: 364+47-100 = 311; E-W: 2/2 +20 -> 60
    assert game.scores == (311, 60) and game.bags == (1, 0)
    assert game.history[2].bag_penalties == (1, 0)

    bid_round(game, ["nil", "bid 2", "bid 7", "bid 2"])
    play_cards(game, plan4.plays)
    # N-S: nil +100, 7 took 8 +71: 482, bags 2; E-W: 4 took 5: +41 -> 101, bags 1
    assert game.scores == (482, 101) and game.bags == (2, 1)
    assert not game.is_over

    bid_round(game, ["bid 2", "bid 4", "bid 2", "bid 4"])
    play_cards(game, plan5.plays)
    # N-S: 4/4 +40 -> 522 >= 500: win; E-W: 8 took 9 +81 -> 182, bags 2
    assert game.scores == (522, 182) and game.bags == (2, 2)
    assert game.is_over and game.winner == 0 and game.phase.value == "over"


def test_partnership_game_ended_by_losing_score() -> None:
    rules = Rules(losing_score=-200)
    script = Script(
        rules,
        1,
        [
            (["bid 5", "bid 3", "bid 5", "bid 3"], [3, 4, 3, 3]),  # N-S 10 took 6: -100; E-W 6 took 7: +61
            (["bid 5", "bid 3", "bid 5", "bid 3"], [3, 4, 3, 3]),  # again: -200 (at the losing score), 122
        ],
    )
    game = script.play_hand()
    assert game.scores == (-100, 61) and game.bags == (0, 1) and not game.is_over
    script.play_hand()
    assert game.scores == (-200, 122) and game.bags == (0, 2)
    assert game.is_over and game.winner == 1 and game.hands_played == 2


# ---- two players -------------------------------------------------------------------------------

TOP = CardSet.parse("AKQJT98.AKQJT9.-.-")  # South: 7 spades, 6 hearts
LOW = CardSet.parse("-.-.765432.8765432")  # North: low clubs and diamonds


def test_two_player_blind_nil_draw_reject_and_redraw() -> None:
    # Hand 1, North draws first and declares blind nil.  South holds every high card, so
    # whatever North redraws from the pile it can never win a trick while it follows suit
    # and discards non-spades: blind nil made.
    pile = [c for c in (Card(i) for i in range(52)) if c not in TOP and c not in LOW]
    stock = two_player_stock(0, [list(LOW), list(TOP)], [pile[:13], pile[13:]])
    # North rejects on its 3rd turn: swap that pair so the rejected card is on top
    stock[4], stock[5] = stock[5], stock[4]
    plan2_stock, plan2 = plan_two_player(1, [7, 6])
    game = Game(Rules.preset("two-player"), seed=8, dealer=0, decks=[stock, plan2_stock])
    assert game.phase.value == "blind" and game.to_act == 0
    game.apply("blind nil")
    turn = 0
    while game.phase.value in ("draw", "blind"):
        if game.phase.value == "blind":
            game.apply("look")  # South's first turn: it looks
            continue
        game.apply("reject" if (turn == 2) else "keep")
        turn += 1
    assert game.hand(0) == LOW and game.hand(1) == TOP
    assert game.view(0).discards == CardSet(pile[:13])
    # the redraw: North gives up its three highest clubs
    assert game.phase.value == "redraw" and game.to_act == 0
    give = CardSet.parse("8C 7C 6C")
    game.apply(Discard(give))
    got = game.view(0).redrawn
    assert len(got) == 3 and got <= CardSet(pile) and len(game.hand(0)) == 13
    assert game.hand(0) == (LOW - give) | got
    # bidding: South (non-dealer) bids; North's blind nil stands
    assert game.phase.value == "bid" and game.to_act == 1
    game.apply("bid 10")
    assert game.phase.value == "play" and game.to_act == 1
    while game.hands_played == 0:
        seat = game.to_act
        legal = game.legal_actions()
        if seat == 1:
            game.apply(max(legal, key=lambda c: (c.suit != 3, int(c))))  # type: ignore[union-attr]
        else:
            non_spades = [c for c in legal if c.suit != 3]  # type: ignore[union-attr]
            game.apply(min(non_spades or legal))
    # North: blind nil made +200; South: 10 took 13: +103, 3 bags
    assert game.history[0].tricks == (0, 13)
    assert game.scores == (200, 103) and game.bags == (0, 3)
    assert game.history[0].boston == (False, True)
    # hand 2: South draws first; both look and keep everything
    assert game.dealer == 1 and game.to_act == 1 and game.phase.value == "blind"
    while game.phase.value in ("draw", "blind"):
        game.apply("look" if game.phase.value == "blind" else "keep")
    assert game.to_act == 0  # North, the non-dealer, bids first
    game.apply("bid 7")
    game.apply("bid 6")
    play_cards(game, plan2.plays)
    # North 7/7: +70 -> 270; South 6/6: +60 -> 163
    assert game.scores == (270, 163) and game.bags == (0, 3) and not game.is_over


# ---- cutthroat -----------------------------------------------------------------------------------


def test_cutthroat_blind_nil_without_exchange_to_target() -> None:
    rules = Rules.preset("cutthroat", target_score=300)
    script = Script(
        rules,
        3,
        [
            (["blind nil", "bid 4", "bid 4", "bid 4"], [0, 5, 4, 4]),  # +200, 4 took 5 +41, +40, +40
            (["nil", "bid 3", "bid 5", "bid 5"], [0, 3, 5, 5]),  # +100, +30, +50, +50
        ],
    )
    game = script.game
    bids, plan = script.plans[0]
    bid_round(game, bids)
    assert game.phase.value == "play"  # no exchange in cutthroat
    play_cards(game, plan.plays)
    assert game.scores == (200, 41, 40, 40) and game.bags == (0, 1, 0, 0)
    script.play_hand()
    # North 300 reaches the target: wins
    assert game.scores == (300, 71, 90, 90)
    assert game.is_over and game.winner == 0


# ---- three players -------------------------------------------------------------------------------


def test_three_player_game_with_boston() -> None:
    rules = Rules.preset("three-player", blind_nil=False, boston_bonus=100)
    script = Script(
        rules,
        0,
        [
            (["bid 6", "bid 5", "bid 5"], [7, 5, 5]),  # 6 took 7: +61; 5/5 +50; 5/5 +50
            (["nil", "bid 10", "nil"], [0, 17, 0]),  # nil +100; 10 took 17: +107 +100 Boston; nil +100
        ],
    )
    game = script.play_hand()
    assert game.scores == (61, 50, 50) and game.bags == (1, 0, 0)
    assert game.dealer == 1
    script.play_hand()
    assert game.scores == (161, 257, 150) and game.bags == (1, 7, 0)
    assert game.history[1].boston == (False, True, False)
    assert not game.is_over and game.dealer == 2


# ---- the OpenSpiel preset ------------------------------------------------------------------------


def test_openspiel_preset_one_hand() -> None:
    script = Script(Rules.preset("openspiel"), 3, [(["bid 6", "bid 3", "nil", "bid 4"], [6, 3, 1, 3])])
    game = script.game
    assert game.phase.value == "bid" and game.to_act == 0  # no blind-nil step
    game.apply("bid 6")
    game.apply("bid 3")
    assert game.legal_actions() == [Bid(i) for i in range(8)]  # South: at most 13 - 6
    game.apply("nil")
    game.apply("bid 4")
    play_cards(game, script.plans[0][1].plays)
    # N-S: nil failed -100; its trick counts for South: 7 >= 6: +61 -> -39, 1 bag
    # E-W: 7 took 6: -70
    assert game.scores == (-39, -70) and game.bags == (1, 0)
    assert game.is_over and game.winner == 0 and game.hands_played == 1
