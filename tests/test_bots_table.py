"""Reading the table: the opponents' bids against the cards they turned out to hold
(``spades.bots.table``), and the expert's nils at a table whose bids wander."""

from __future__ import annotations

import dataclasses

import pytest

from spades import Game, Rules, bots
from spades.actions import Action
from spades.bids import Bid
from spades.bots.base import Bot
from spades.bots.basic import estimate_tricks
from spades.bots.expert import ExpertBot
from spades.bots.table import CARRY, PRIOR_SD, UNREAD_SD, TableReading, residuals
from spades.view import Phase, View

RULES = dataclasses.replace(Rules.preset("partnership"), blind_nil=False, hands=6)


class _Bidder(Bot):
    """The club player's card play, with bids made from the club player's count by
    :meth:`bid`."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._basic = bots.get("basic", seed=seed)

    def bid(self, count: float) -> int:
        raise NotImplementedError

    def act(self, view: View) -> Action:
        if view.phase is Phase.BID and view.hand is not None:
            return Bid(self.bid(estimate_tricks(view.hand.mask, 4, True)))
        return self._basic.act(view)


class LooseBidder(_Bidder):
    """Bids far from its cards: 1 with a strong hand, 6 with a weak one."""

    name = "loose"

    def bid(self, count: float) -> int:
        return 1 if count >= 3 else 6


class HabitBidder(_Bidder):
    """Bids two tricks over its count every time."""

    name = "habit"

    def bid(self, count: float) -> int:
        return min(13, round(count) + 2)


def _against(kind: type[Bot]) -> list[Bot]:
    """The club player at North-South, ``kind`` at East-West."""
    return [bots.get("basic", seed=0), kind(1), bots.get("basic", seed=2), kind(3)]


def _play(players: list[Bot], seed: int, reading: TableReading) -> list[tuple[int, float]]:
    """Play a game of ``RULES``; North's reading is fed North's views. Returns, at each of
    North's bids, the bids read so far and the nil trust."""
    game = Game(RULES, seed=seed, dealer=3)
    seen = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if seat == 0:
            reading.observe(view)
            if view.phase is Phase.BID:
                seen.append((reading.bids_read, reading.nil_trust(view)))
        game.apply(players[seat].act(view))
    return seen


def test_table_reading_residuals_are_the_bids_minus_the_count_of_the_hands_bid_on() -> None:
    game = Game(RULES, seed=11, dealer=3)
    players = [bots.get("basic", seed=s) for s in range(4)]
    dealt: dict[int, int] = {}
    last = None
    while game.hands_played == 0:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if view.phase is Phase.BID and view.hand is not None:
            dealt[seat] = view.hand.mask
        if seat == 0 and view.phase is Phase.PLAY:
            last = view
        game.apply(players[seat].act(view))
    assert last is not None and len(last.tricks) == 12
    bids = game.history[0].bids
    want = [bids[s].tricks - estimate_tricks(dealt[s], 4, True) for s in (1, 3) if not bids[s].is_nil]
    assert residuals(last) == want


def test_table_reading_trusts_no_nil_failures_against_careful_bidders() -> None:
    players = [bots.get("basic", seed=s) for s in range(4)]
    seen = _play(players, 5, TableReading(0.8))
    assert seen[-1][0] >= 6  # bids were read
    assert all(trust == 0.0 for _, trust in seen)


def test_table_reading_trusts_nils_against_bidders_far_from_their_cards() -> None:
    players = _against(LooseBidder)
    reading = TableReading(0.8)
    seen = _play(players, 5, reading)
    assert seen[0] == (0, 0.0)  # nothing read before the first hand
    assert reading.scatter() > 1.4
    assert seen[-1][1] == 0.8


def test_table_reading_does_not_take_a_habit_of_overbidding_for_loose_bids() -> None:
    players = _against(HabitBidder)
    reading = TableReading(0.8)
    seen = _play(players, 5, reading)
    assert reading.bids_read >= 8
    assert all(trust == 0.0 for _, trust in seen)


def test_table_reading_is_off_without_max_trust() -> None:
    players = _against(LooseBidder)
    reading = TableReading(0.0)
    seen = _play(players, 5, reading)
    assert reading.scatter() > 1.4
    assert all(trust == 0.0 for _, trust in seen)


def test_table_reading_starts_from_the_scatter_it_is_told_to_assume() -> None:
    # before any bid is read the reading is its prior: careful by default, loose if told so
    players = [bots.get("basic", seed=s) for s in range(4)]
    assert _play(players, 5, TableReading(0.8))[0] == (0, 0.0)
    assert _play(players, 5, TableReading(0.8, prior_sd=2.0))[0] == (0, 0.8)


def test_expert_takes_a_table_it_has_not_read_as_half_loose() -> None:
    # unknown opponents: half the trust before any bid is read, none once careful bids are
    players = [bots.get("basic", seed=s) for s in range(4)]
    expert = ExpertBot(seed=0)
    assert expert.table_sd == UNREAD_SD
    seen = _play(players, 5, expert._table)
    assert seen[0] == (0, pytest.approx(0.9 * 0.5))
    assert seen[-1][1] < seen[0][1]


def test_table_reading_keeps_half_of_the_last_game_in_a_new_game() -> None:
    players = _against(LooseBidder)
    reading = TableReading(0.8)
    _play(players, 5, reading)
    read, loose = reading.bids_read, reading.scatter()  # the last hand is folded in later
    assert read > 0
    seen = _play([bots.get("basic", seed=s) for s in range(4)], 6, reading)
    assert seen[0][0] >= CARRY * read > 0  # the whole last game, at half weight
    assert seen[0][1] > 0  # still read as a loose table
    assert reading.scatter() < loose  # careful bids since bring the scatter down


class _LooseTable(TableReading):
    """A reading that has already found the opponents' bids far from their cards."""

    def looseness(self, view: View, prior_sd: float | None = None) -> float:
        return 1.0


def test_expert_bids_nil_at_a_loose_table_that_it_declines_at_a_careful_one() -> None:
    # North, first to bid, holds 642.J32.J95.QJT2: no sure loser above the others' cards,
    # but nothing low enough to be safe against open-card defenders either
    game = Game(dataclasses.replace(Rules.preset("partnership"), blind_nil=False), seed=49, dealer=3)
    view = game.view(0)
    assert str(view.hand) == "642.J32.J95.QJT2"
    careful = ExpertBot(seed=0, bid_samples=64, table_sd=PRIOR_SD)
    assert careful.act(view) == Bid(1)
    loose = ExpertBot(seed=0, bid_samples=64)
    loose._table = _LooseTable(loose.nil_trust)
    assert loose.act(view) == Bid.nil()
    rows = {a: r for a, _, r in ExpertBot(seed=0, bid_samples=64, table_sd=PRIOR_SD).evaluate(view)}
    assert "taken as kept" not in rows[Bid.nil()]
    weighed = ExpertBot(seed=0, bid_samples=64)
    weighed._table = _LooseTable(weighed.nil_trust)
    rows = {a: r for a, _, r in weighed.evaluate(view)}
    assert "90% of the failures taken as kept" in rows[Bid.nil()]


def test_expert_weighs_a_riskier_nil_hand_only_at_a_loose_table() -> None:
    # North, first to bid, holds J93.QT82.876.T92: nil danger 1.0, above the expert's usual
    # limit (0.9) but under its limit at the loosest table (``loose_danger``)
    game = Game(dataclasses.replace(Rules.preset("partnership"), blind_nil=False), seed=219, dealer=3)
    view = game.view(0)
    assert str(view.hand) == "J93.QT82.876.T92"
    assert ExpertBot(seed=0, bid_samples=64, loose_danger=1.3, table_sd=PRIOR_SD).act(view) == Bid(1)
    loose = ExpertBot(seed=0, bid_samples=64, loose_danger=1.3)
    loose._table = _LooseTable(loose.nil_trust)
    assert loose.act(view) == Bid.nil()
    usual = ExpertBot(seed=0, bid_samples=64, loose_danger=0.9)
    usual._table = _LooseTable(usual.nil_trust)
    assert usual.act(view) == Bid(1)


def test_expert_keeps_the_careful_nil_danger_limit_until_the_opponents_bids_are_read() -> None:
    # the same hand (nil danger 1.0) at an unread table: half loose for the trust, but the
    # danger limit stays ``nil_danger`` until the bids read loose (``danger_sd``)
    game = Game(dataclasses.replace(Rules.preset("partnership"), blind_nil=False), seed=219, dealer=3)
    view = game.view(0)
    unread = ExpertBot(seed=0, bid_samples=64, loose_danger=1.3)
    assert unread._table.looseness(view) == pytest.approx(0.5)
    assert unread._table.looseness(view, unread.danger_sd) == 0.0
    assert Bid.nil() not in {a for a, _, _ in unread.evaluate(view)}
    assert unread.act(view) == Bid(1)
    half = ExpertBot(seed=0, bid_samples=64, loose_danger=1.3, danger_sd=UNREAD_SD)
    assert half._table.looseness(view, half.danger_sd) == pytest.approx(0.5)
    assert Bid.nil() in {a for a, _, _ in half.evaluate(view)}


def test_table_reading_habit_is_the_mean_and_scatter_of_the_bids_read() -> None:
    reading = TableReading(0.8)
    assert reading.habit() is None  # nothing read yet: the sampler keeps its own fit
    _play(_against(HabitBidder), 5, reading)
    habit = reading.habit()
    assert habit is not None
    mean, sd = habit
    # two tricks over the count, rounded, shrunk towards 0 by PRIOR_BIDS bids
    n = reading.bids_read
    assert 1.5 * n / (n + 3) < mean < 2.5 * n / (n + 3)
    assert sd < PRIOR_SD  # a steady habit scatters less than the careful prior
    careful = TableReading(0.8, prior_sd=2.0)  # the prior for unread tables is not the sampler's
    _play([bots.get("basic", seed=s) for s in range(4)], 5, careful)
    habit = careful.habit()
    assert habit is not None
    assert abs(habit[0]) < 0.3 and habit[1] < PRIOR_SD


class _ReadTable(TableReading):
    """A reading that has already found how the opponents bid against their count."""

    def __init__(self, habit: tuple[float, float]) -> None:
        super().__init__()
        self._habit = habit

    def habit(self) -> tuple[float, float] | None:
        return self._habit


def test_expert_deals_opponents_hands_that_fit_how_they_were_read_to_bid() -> None:
    # East bid 2 and West 3; opponents read to bid two tricks under their count get
    # stronger hands in the samples than opponents taken at their word
    from spades.bots.knowledge import Knowledge

    game = Game(RULES, seed=7, dealer=3)
    for bid in (Bid(3), Bid(2), Bid(3), Bid(3)):
        game.apply(bid)
    view = game.view(0)
    assert view.phase is Phase.PLAY

    def east_west_count(habit: tuple[float, float] | None) -> float:
        expert = ExpertBot(seed=0)
        if habit is not None:
            expert._table = _ReadTable(habit)
        deals = expert._sample(Knowledge(view), 400)
        return sum(estimate_tricks(d[s], 4, True) for d in deals for s in (1, 3)) / len(deals)

    plain = east_west_count(None)
    under = east_west_count((-2.0, 0.9))
    assert under > plain + 1.5
    assert ExpertBot(seed=0, read_habits=0).read_habits is False
