"""The house rules of RULES.md section 7 but the deck: Mirror, Whiz and Suicide bidding, the
nil exchange, the least side bid ("board"), ten for two hundred, blind bids and the 2 of clubs
leading.  Each rule is named in the tests that check it; the scoring vectors of section 7 and
our own come with their derivation."""

from __future__ import annotations

import dataclasses

import pytest

from spades import Bid, CardSet, Game, IllegalActionError, Rules
from spades.actions import LOOK, Pass
from spades.errors import ErrorCode, RulesError
from spades.events import BidMade, ExchangePassed, HandScored, PlayStarted
from spades.scoring import score_hand

#: seat 0: 4 spades, seats 1-3: 3 spades each; seat 2 holds the 2 of clubs
HANDS = ["AKQJ.AKQ.AKQ.AKQ", "T98.JT9.JT9.JT98", "765.876.876.7652", "432.5432.5432.43"]
#: seat 3 has no spade at all; seat 0 holds the 2 of clubs
VOID = ["AKQJ.AKQ.AK.AKQ2", "T98765.JT9.J.JT9", "432.876.QT98.876", "-.5432.765432.543"]

BASE = Rules()


def bidding(rules: Rules, hands: list[str] = HANDS, scores: tuple[int, int] = (0, 0)) -> Game:
    """A game at the start of the bidding (dealer West, so North bids first)."""
    return Game.from_position(rules, hands=hands, dealer=3, bids=[None] * 4, scores=list(scores))


def bids_of(game: Game) -> list[Bid]:
    return [a for a in game.legal_actions() if isinstance(a, Bid)]


def labels(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


# -- the options -------------------------------------------------------------------------


def test_the_options_have_the_interface_names_and_defaults() -> None:
    assert (BASE.bidding, BASE.nil_exchange, BASE.min_side_bid, BASE.ten_for_two_hundred) == (
        "standard", 0, 0, False,
    )
    assert (BASE.blind_bid_deficit, BASE.blind_bid_min, BASE.first_lead) == (None, 6, "left-of-dealer")
    for bidding_rule in ("standard", "mirror", "whiz", "suicide"):
        assert dataclasses.replace(BASE, bidding=bidding_rule).bidding == bidding_rule
    rules = dataclasses.replace(
        BASE, nil_exchange=2, min_side_bid=4, ten_for_two_hundred=True, blind_bid_deficit=200,
        blind_bid_min=7, first_lead="two-of-clubs",
    )
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.house_rules() == [
        "nil_exchange", "min_side_bid", "ten_for_two_hundred", "blind_bid_deficit", "blind_bid_min",
        "first_lead",
    ]
    assert dataclasses.replace(BASE, blind_bid_min=8).house_rules() == []  # blind bids off


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "cutthroat", "bidding": "suicide"}, "suicide.*partnerships only"),
        ({"variant": "two-player", "bidding": "suicide"}, "suicide.*partnerships only"),
        ({"variant": "three-player", "min_side_bid": 4}, "min_side_bid is for partnerships only"),
        ({"variant": "cutthroat", "blind_bid_deficit": 100}, "blind bids are for partnerships only"),
        ({"variant": "two-player", "nil_exchange": 2}, "nil_exchange is for partnerships only"),
        ({"bidding": "mirror", "nil": False, "blind_nil": False}, "needs nil bids"),
        ({"bidding": "whiz", "nil": False, "blind_nil": False}, "needs nil bids"),
        ({"bidding": "suicide", "nil": False, "blind_nil": False}, "needs nil bids"),
        ({"bidding": "mirror", "max_side_bid": 13}, "fixes the bids by the cards"),
        ({"bidding": "whiz", "min_side_bid": 4}, "fixes the bids by the cards"),
        ({"bidding": "suicide", "blind_bid_deficit": 100}, "blind bids cannot be played with"),
        ({"bidding": "zigzag"}, "bidding must be one of standard, mirror, whiz, suicide"),
        ({"first_lead": "ace-of-spades"}, "first_lead must be one of left-of-dealer, two-of-clubs"),
        ({"nil_exchange": 5}, "nil_exchange must be between 0"),
        ({"min_side_bid": 14}, "min_side_bid must be between 0"),
        ({"min_side_bid": 6, "max_side_bid": 5}, "min_side_bid cannot be more than max_side_bid"),
        ({"blind_bid_deficit": 100, "blind_bid_min": 3, "min_side_bid": 4}, "blind_bid_min cannot be less"),
        ({"blind_bid_deficit": -1}, "blind_bid_deficit cannot be negative"),
        ({"blind_bid_min": 0}, "blind_bid_min must be between 1"),
        ({"ten_for_two_hundred": 1}, "ten_for_two_hundred must be true or false"),
    ],
)
def test_house_rules_that_make_no_sense_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**options)  # type: ignore[arg-type]


def test_the_play_and_match_flags_come_from_the_options() -> None:
    import argparse

    from spades.cli.rule_options import add_rule_arguments, rules_from_args

    parser = argparse.ArgumentParser()
    add_rule_arguments(parser)
    args = parser.parse_args(
        ["--bidding", "Suicide", "--nil-exchange", "2", "--min-side-bid", "4", "--ten-for-two-hundred",
         "--first-lead", "two-of-clubs"]
    )
    rules = rules_from_args(args, BASE)
    assert (rules.bidding, rules.nil_exchange, rules.min_side_bid, rules.ten_for_two_hundred) == (
        "suicide", 2, 4, True,
    )
    assert rules.first_lead == "two-of-clubs"
    args = parser.parse_args(["--blind-bid-deficit", "200", "--blind-bid-min", "7"])
    assert rules_from_args(args, BASE).blind_bid_deficit == 200
    with pytest.raises(ValueError, match="--bidding takes one of standard, mirror, whiz, suicide"):
        rules_from_args(parser.parse_args(["--bidding", "zigzag"]), BASE)
    assert "bidding: whiz" in Rules(bidding="whiz").describe_for_players()


# -- scoring: ten for two hundred, blind bids ----------------------------------------------


@pytest.mark.parametrize(
    ("rules", "bids", "tricks", "bags", "points", "bags_after"),
    [
        # RULES.md section 7, ten for two hundred: side 0 bids 6+4 = 10 and takes 6+5 = 11:
        # 200 for the contract + 1 bag = +201.  Side 1 bids 2+1 = 3, takes 2+0 = 2: set, -30.
        (Rules(ten_for_two_hundred=True), [6, 2, 4, 1], [6, 2, 5, 0], [0, 0], (201, -30), (1, 0)),
        # section 7: side 0 bids 10 and takes 9: set, -10 per trick bid as usual = -100;
        # side 1 bids 3 and takes 4: +31, 1 bag.
        (Rules(ten_for_two_hundred=True), [6, 2, 4, 1], [5, 3, 4, 1], [0, 0], (-100, 31), (0, 1)),
        # section 7, blind bids: side 0 bids blind 7 (its partner makes no bid), takes 4+4 = 8:
        # double, 2 x 70 = 140, + 1 bag = +141.  Side 1 bids 3+2 = 5, takes 2+3 = 5: +50.
        (Rules(blind_bid_deficit=250), ["blind 7", 3, None, 2], [4, 2, 4, 3], [0, 0], (141, 50), (1, 0)),
        # section 7: blind 7, takes 3+3 = 6: set, double, -140.  Side 1: 3+2 = 5 bid, 3+4 = 7 won:
        # +52, 2 bags.
        (Rules(blind_bid_deficit=250), ["blind 7", 3, None, 2], [3, 3, 3, 4], [0, 0], (-140, 52), (0, 2)),
        # ours: a contract of 9 is not ten: 6+3 = 9 bid, 6+4 = 10 taken: +91 as usual, 1 bag;
        # side 1 bids 2+1 = 3, takes 2+1 = 3: +30.
        (Rules(ten_for_two_hundred=True), [6, 2, 3, 1], [6, 2, 4, 1], [0, 0], (91, 30), (1, 0)),
        # ours: 7+6 = 13 bid and all 13 taken (a Boston, no bonus by default): 200, no bag;
        # side 1 bids nil and 1 and takes nothing: nil +100, 1 set -10 = +90.
        (Rules(ten_for_two_hundred=True), [7, 0, 6, 1], [7, 0, 6, 0], [0, 0], (200, 90), (0, 0)),
        # ours: ten for two hundred with bags near the limit: 5+5 = 10 bid, 12 taken: 200 + 2 = 202,
        # 9 + 2 = 11 bags: -100, 1 carries: +102.  Side 1: 1 bid, 1 taken: +10, and a nil made
        # (seat 3): +100, so +110.
        (Rules(ten_for_two_hundred=True), [5, 1, 5, 0], [6, 1, 6, 0], [9, 0], (102, 110), (1, 0)),
        # ours: South's blind 10 (North makes no bid) with ten for two hundred, 5+6 = 11 taken:
        # double of 200 = 400, +1 bag.  Side 1:
        # 1+1 = 2 bid, 1+1 = 2 taken: +20.
        (Rules(blind_bid_deficit=0, ten_for_two_hundred=True), [None, 1, "blind 10", 1], [5, 1, 6, 1], [0, 0],
         (401, 20), (1, 0)),
        # ours: blind 6 against a nil: side 0 blind 6 takes 2+5 = 7: +121 with 1 bag; side 1 nil
        # (seat 1, no trick: +100) and 4 (seat 3 takes 6: +42, 2 bags) = +142.
        (Rules(blind_bid_deficit=0), ["blind 6", "nil", None, 4], [2, 0, 5, 6], [0, 0], (121, 142), (1, 2)),
    ],
)
def test_house_rule_scoring_vectors(
    rules: Rules,
    bids: list[object],
    tricks: list[int],
    bags: list[int],
    points: tuple[int, int],
    bags_after: tuple[int, int],
) -> None:
    s = score_hand(rules, bids=bids, tricks=tricks, bags=bags)  # type: ignore[arg-type]
    assert (s.points, s.bags) == (points, bags_after)


def test_only_the_partner_of_a_blind_bid_makes_no_bid() -> None:
    with pytest.raises(ValueError, match="only the partner of a blind bid"):
        score_hand(BASE, bids=[None, 3, 4, 3], tricks=[3, 3, 4, 3], bags=[0, 0])


# -- bidding variants ----------------------------------------------------------------------


def test_mirror_bidding_the_legal_action_is_the_single_forced_bid() -> None:
    game = bidding(Rules(bidding="mirror"))  # blind nil is on, but Mirror offers no blind nil
    assert game.phase.value == "bid"
    assert game.legal_actions() == [Bid(4)]
    with pytest.raises(IllegalActionError, match="With Mirror bidding you bid the number of your spades: 4"):
        game.apply("bid 3")
    for spades in (4, 3, 3, 3):
        assert game.legal_actions() == [Bid(spades)]
        game.apply(game.legal_actions()[0])
    assert game.phase.value == "play"


def test_mirror_a_player_without_spades_bids_nil() -> None:
    game = bidding(Rules(bidding="mirror"), VOID)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    assert game.to_act == 3 and game.legal_actions() == [Bid.nil()]


def test_whiz_bidding_is_nil_or_the_number_of_ones_spades() -> None:
    game = bidding(Rules(bidding="whiz", blind_nil=False), VOID)
    assert game.legal_actions() == [Bid.nil(), Bid(4)]
    with pytest.raises(IllegalActionError, match=r"nil or the number of your spades \(4\)"):
        game.apply("bid 5")
    game.apply("nil")
    assert game.legal_actions() == [Bid.nil(), Bid(6)]
    game.apply("bid 6")
    game.apply("bid 3")
    assert game.legal_actions() == [Bid.nil()]  # no spade: nil


def test_whiz_offers_blind_nil_as_the_options_allow() -> None:
    game = bidding(Rules(bidding="whiz"))
    assert game.phase.value == "blind" and labels(game) == ["blind nil", "look"]


def test_suicide_bidding_one_nil_per_partnership() -> None:
    game = bidding(Rules(bidding="suicide", blind_nil=False))
    assert bids_of(game) == [Bid(t) for t in range(14)]  # North chooses
    game.apply("bid 5")
    game.apply("nil")  # East chooses nil: West must bid a number
    assert game.to_act == 2 and bids_of(game) == [Bid.nil()]  # South: North bid a number
    with pytest.raises(IllegalActionError, match="Your partner bid 5: with Suicide bidding you must bid nil"):
        game.apply("bid 2")
    game.apply("nil")
    assert bids_of(game) == [Bid(t) for t in range(1, 14)]
    with pytest.raises(IllegalActionError, match="Your partner bid nil: with Suicide bidding you must bid a"):
        game.apply("nil")
    game.apply("bid 3")
    assert game.phase.value == "play"


def test_suicide_blind_nil_is_not_offered_when_the_partner_bid_nil() -> None:
    game = bidding(Rules(bidding="suicide"))
    game.apply("blind nil")  # North
    game.apply("look")
    game.apply("bid 4")  # East
    # South may not bid nil (its partner did): it looks at once, with no blind choice
    assert game.to_act == 2 and game.phase.value == "bid" and game.view(2).hand is not None
    assert 0 not in [b.tricks for b in bids_of(game)]
    game.apply("bid 4")
    assert game.phase.value == "blind" and labels(game) == ["blind nil", "look"]  # West: East bid 4


def test_min_side_bid_the_second_partner_reaches_it() -> None:
    """RULES.md section 7: min_side_bid 4: partner bid 1 -> 3 to 13, no nil; nil -> 4 to 13."""
    rules = Rules(min_side_bid=4, blind_nil=False)
    game = bidding(rules)
    assert bids_of(game) == [Bid(t) for t in range(14)]  # the first partner bids anything
    game.apply("bid 1")
    game.apply("nil")
    assert bids_of(game) == [Bid(t) for t in range(3, 14)]
    with pytest.raises(IllegalActionError, match="Your side must bid at least 4 tricks in all: your partner"):
        game.apply("bid 2")
    game.apply("bid 3")
    assert bids_of(game) == [Bid(t) for t in range(4, 14)]
    game.apply("bid 4")
    game = bidding(rules)
    game.apply("bid 4")
    game.apply("bid 2")
    assert bids_of(game) == [Bid(t) for t in range(14)]  # North's 4 reaches it alone: nil too


def test_min_side_bid_with_a_most_side_bid_and_with_suicide() -> None:
    game = bidding(Rules(min_side_bid=4, max_side_bid=6, blind_nil=False))
    assert bids_of(game) == [Bid(t) for t in range(7)]
    game.apply("bid 2")
    game.apply("bid 2")
    assert bids_of(game) == [Bid(t) for t in range(2, 5)]
    game = bidding(Rules(bidding="suicide", min_side_bid=4, blind_nil=False))
    # a number below 4 would leave the partner nil and the side short of 4
    assert bids_of(game) == [Bid.nil()] + [Bid(t) for t in range(4, 14)]


# -- blind bids ----------------------------------------------------------------------------


def test_blind_bids_for_the_first_partner_of_a_side_behind_enough() -> None:
    rules = Rules(blind_bid_deficit=200, blind_nil=False)
    game = bidding(rules, scores=(100, 300))  # North-South trails by 200
    assert game.phase.value == "blind" and game.view(0).hand is None
    assert labels(game) == [f"blind {n}" for n in range(6, 14)] + ["look"]
    with pytest.raises(IllegalActionError, match="A blind bid is from 6 to 13 tricks"):
        game.apply("blind 5")
    events = game.apply("blind 7")
    assert events == (BidMade(0, Bid(7, blind=True)),)
    assert game.view(0).hand is not None  # it sees its cards after the bid
    assert game.to_act == 1 and game.phase.value == "bid"  # East-South are not behind
    game.apply("bid 3")
    # South makes no bid: West bids next, and South sees its cards as usual
    assert game.to_act == 3 and game.view(2).hand is not None and not game.view(2).blind_nil_open
    game.apply("bid 2")
    assert game.phase.value == "play" and game.bids == (Bid(7, blind=True), Bid(3), None, Bid(2))


def test_blind_bids_not_open_to_a_side_not_behind_or_to_the_second_partner() -> None:
    rules = Rules(blind_bid_deficit=200, blind_nil=False)
    game = bidding(rules, scores=(100, 250))  # behind by 150 only
    assert game.phase.value == "bid"
    with pytest.raises(IllegalActionError, match="A blind bid must be made before you look"):
        game.apply("blind 7")
    game = bidding(rules, scores=(300, 100))  # East-West behind: East (first of its side) may
    game.apply("bid 3")
    assert game.to_act == 1 and game.phase.value == "blind"
    game.apply("look")
    game.apply("bid 3")
    game.apply("bid 3")
    assert game.to_act == 3 and game.phase.value == "bid"  # West is the second partner
    with pytest.raises(IllegalActionError) as info:
        bidding(Rules(), scores=(0, 0)).apply("blind 7")
    assert info.value.code is ErrorCode.BLIND_ONLY_NIL and str(info.value) == "only nil can be bid blind"


def test_blind_bids_with_blind_nil_the_first_partner_chooses_either() -> None:
    game = bidding(Rules(blind_bid_deficit=0), scores=(0, 0))
    assert labels(game) == ["blind nil"] + [f"blind {n}" for n in range(6, 14)] + ["look"]
    game.apply("blind nil")
    assert game.to_act == 1 and labels(game)[0] == "blind nil"
    game.apply("look")
    game.apply("bid 3")
    # South, the second partner, may still bid blind nil (both partners may) but not a blind bid
    assert game.to_act == 2 and labels(game) == ["blind nil", "look"]


def test_a_blind_bid_hand_scores_double_through_the_game() -> None:
    rules = Rules(blind_bid_deficit=0, blind_nil=False, hands=1)
    game = bidding(rules)
    game.apply("blind 6")
    game.apply("look")
    game.apply("bid 3")
    game.apply("bid 3")
    events: list[object] = []
    while not game.is_over:
        events += game.apply(game.legal_actions()[0])
    summary = next(e for e in events if isinstance(e, HandScored)).summary
    assert summary.bids == (Bid(6, blind=True), Bid(3), None, Bid(3))
    side0 = summary.tricks[0] + summary.tricks[2]
    expected = 120 + (side0 - 6) if side0 >= 6 else -120
    assert summary.points[0] - 100 * summary.bag_penalties[0] == expected
    again = Game.from_record(game.to_record())
    assert again == game and again.history == game.history


# -- the nil exchange ----------------------------------------------------------------------


def test_nil_exchange_after_the_bidding_partner_passes_first() -> None:
    rules = Rules(nil_exchange=2, blind_nil=False)
    game = bidding(rules)
    for bid in ("bid 4", "bid 3", "nil", "bid 3"):
        game.apply(bid)
    assert game.phase.value == "exchange" and game.to_act == 0  # North passes to South
    view = game.view(0)
    assert view.exchange == (0, 2) and view.exchange_size == 2
    assert all(len(a.cards) == 2 for a in game.legal_actions() if isinstance(a, Pass))
    with pytest.raises(IllegalActionError, match="Pass exactly 2 cards, not 3"):
        game.apply("pass AS KS QS")
    events = game.apply("pass AC KC")
    assert events == (ExchangePassed(0, 2, 2, CardSet.parse("-.-.-.AK")),)
    assert game.to_act == 2 and game.view(2).received == CardSet.parse("-.-.-.AK")
    assert game.view(1).received == CardSet()  # no leak to the others
    events = game.apply("pass AC KC")  # cards just received may go back
    assert isinstance(events[-1], PlayStarted) and game.phase.value == "play"
    assert game.hand(0) == CardSet.parse(HANDS[0])


def test_nil_exchange_none_when_both_partners_bid_nil_and_its_own_size_beside_blind_nil() -> None:
    game = bidding(Rules(nil_exchange=1, blind_nil=False))
    for bid in ("nil", "bid 3", "nil", "bid 3"):
        game.apply(bid)
    assert game.phase.value == "play"
    game = bidding(Rules(nil_exchange=1, blind_nil_exchange=3))
    game.apply("blind nil")  # North: blind nil, 3 cards each way
    for bid in ("look", "nil", "look", "bid 4", "look", "bid 3"):
        game.apply(bid)
    # the blind-nil exchange of North and South; East's nil is exchanged with West, 1 card
    steps = []
    while game.phase.value == "exchange":
        view = game.view(game.to_act)  # type: ignore[arg-type]
        steps.append((view.exchange, view.exchange_size))
        game.apply(game.legal_actions()[0])
    assert steps == [((2, 0), 3), ((0, 2), 3), ((3, 1), 1), ((1, 3), 1)]


# -- the first lead ------------------------------------------------------------------------


def test_two_of_clubs_leads_the_first_trick() -> None:
    rules = Rules(first_lead="two-of-clubs", blind_nil=False)
    game = bidding(rules)
    for bid in ("bid 4", "bid 3", "bid 3", "bid 3"):
        events = game.apply(bid)
    assert events[-1] == PlayStarted(2) and game.to_act == 2  # South holds the 2 of clubs
    assert labels(game) == ["2C"]
    with pytest.raises(IllegalActionError, match="The 2C leads the first trick"):
        game.apply("7C")
    game.apply("2C")
    game.apply("3C")
    game.apply("AC")  # North wins
    game.apply("8C")
    assert game.to_act == 0 and len(game.legal_actions()) == 12 - 4  # no spade led while unbroken


def test_two_of_clubs_after_a_nil_exchange_and_with_three_players() -> None:
    rules = Rules(first_lead="two-of-clubs", nil_exchange=1, blind_nil=False)
    game = bidding(rules)
    for bid in ("bid 4", "bid 3", "nil", "bid 3"):
        game.apply(bid)
    game.apply("pass AC")
    game.apply("pass 2C")  # South passes the 2 of clubs to North, which then leads it
    assert game.to_act == 0 and labels(game) == ["2C"]
    three = Game(Rules(variant="three-player", first_lead="two-of-clubs", blind_nil=False), seed=3)
    while three.phase.value != "play":
        three.apply(three.legal_actions()[0])
    holder = next(s for s in range(3) if three.hand(s).mask & 2)  # the 3 of clubs
    assert three.to_act == holder and labels(three) == ["3C"]


# -- records, undo, views ------------------------------------------------------------------


def test_old_records_without_the_house_rules_still_load() -> None:
    game = Game(Rules(hands=1), seed=5)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    record = game.to_record()
    for name in ("bidding", "nil_exchange", "min_side_bid", "ten_for_two_hundred", "blind_bid_deficit",
                 "blind_bid_min", "first_lead"):
        del record["rules"][name]
    assert Game.from_record(record) == game


def test_undo_through_blind_bids_exchanges_and_forced_leads() -> None:
    rules = Rules(blind_bid_deficit=0, nil_exchange=2, first_lead="two-of-clubs", bidding="standard")
    game = Game(rules, seed=11, dealer=3)
    game.apply("blind 8")
    game.apply("look")
    game.apply("nil")
    game.apply("look")
    game.apply("bid 3")
    assert game.phase.value == "exchange" and game.to_act == 3
    before = game.to_record()
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    game.undo(3)
    assert game.to_record() == before


def test_a_seat_that_has_not_looked_sees_no_cards_under_the_house_rules() -> None:
    game = bidding(Rules(blind_bid_deficit=0, bidding="standard"))
    for seat in range(4):
        view = game.view(seat)
        assert view.hand is None  # every first partner may bid blind: nobody has looked
    game.apply("look")
    assert game.view(0).hand is not None and game.view(1).hand is None
    game.apply("bid 4")
    assert game.phase.value == "blind" and LOOK in game.legal_actions()


def test_the_research_adapters_refuse_what_they_cannot_encode_yet() -> None:
    from spades.action_space import Stepper
    from spades.actions import action_id

    with pytest.raises(ValueError, match="no integer id"):
        action_id(Bid(7, blind=True))
    with pytest.raises(RulesError, match="no ids for blind bids"):
        Stepper(Game(Rules(blind_bid_deficit=0), seed=1))
    stepper = Stepper(Game(Rules(bidding="suicide", nil_exchange=2, blind_nil=False, hands=1), seed=3))
    while not stepper.game.is_over:  # the exchange's size comes from the hand
        stepper.apply_id(stepper.legal_ids()[-1])
    sim = pytest.importorskip("spades.sim")
    with pytest.raises(RulesError, match=r"does not play the house rules of RULES\.md section 7 yet: bid"):
        sim._as_rules(Rules(bidding="whiz"))


def test_a_position_after_a_blind_bid_leaves_the_partner_without_a_bid() -> None:
    rules = Rules(blind_bid_deficit=0, blind_nil=False)
    game = Game.from_position(rules, hands=HANDS, dealer=3, bids=["blind 7", "bid 3", None, "bid 2"])
    assert game.phase.value == "play" and game.bids == (Bid(7, blind=True), Bid(3), None, Bid(2))
    game.apply(game.legal_actions()[0])
    assert Game.from_record(game.to_record()) == game
    with pytest.raises(IllegalActionError, match="South bids before the seats after it"):
        Game.from_position(rules, hands=HANDS, dealer=3, bids=["bid 7", "bid 3", None, "bid 2"])


def test_the_partner_of_a_blind_bid_has_no_blind_choice_left() -> None:
    game = bidding(Rules(blind_bid_deficit=0))  # blind nil is open to everyone too
    assert game.view(2).blind_nil_open and game.view(2).hand is None
    game.apply("blind 7")
    assert not game.view(2).blind_nil_open and game.view(2).hand is not None
    game.apply("look")
    game.apply("bid 3")
    assert game.to_act == 3 and labels(game) == ["blind nil", "look"]  # West: not a blind bid


def test_the_analysis_judges_no_forced_lead_and_shows_no_bid() -> None:
    from spades import bots
    from spades.analysis import analyse_game

    rules = Rules(blind_bid_deficit=0, first_lead="two-of-clubs", hands=1)
    game = Game(rules, seed=3, dealer=3)
    game.apply("blind 7")
    players = [bots.get("basic", seed=s) for s in range(4)]
    while not game.is_over:
        game.apply(players[game.to_act].act(game.view(game.to_act)))  # type: ignore[index]
    hand = analyse_game(game).hands[0]
    assert hand.bids[0] == Bid(7, blind=True) and hand.bids[2] is None  # South made no bid
    first = hand.decisions[0]
    assert str(first.card) == "2C" and first.forced and first.loss == 0
