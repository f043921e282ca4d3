"""Duplicate events (issue 51): the movement and the scoring of src/spades/server/duplicate.py,
each expected number derived by hand in the comments."""

from __future__ import annotations

import pytest

from spades.bids import Bid
from spades.fairness import deal_order, new_secret
from spades.game import Game
from spades.server.duplicate import (
    BoardResult,
    Movement,
    board_results,
    event_rules,
    match_points,
    standings,
)
from spades.view import HandSummary


def test_movement_two_tables_the_north_south_cards_of_table_1_go_east_west_at_table_2() -> None:
    m = Movement(tables=2, boards=4, first_dealer=0)
    # table 1 (index 0) is not turned: its N-S pair (pair 1, index 0) holds the board's N-S cards
    assert m.rotation(0) == 0 and m.holder(0, 0) == 0 and m.holder(0, 1) == 1
    # table 2 is turned one seat: seat s gets direction s+1, so its E-W pair (index 3, pair 4)
    # holds the board's N-S cards and its N-S pair (index 2, pair 3) the board's E-W cards
    assert m.rotation(1) == 1 and m.holder(1, 0) == 3 and m.holder(1, 1) == 2
    # board k is dealt by direction k: at table 2 that direction sits one seat to the right,
    # so the table's first dealer is seat (0 - 1) % 4 = 3 (West)
    assert [m.board_dealer(k) for k in range(4)] == [0, 1, 2, 3]
    assert m.table_dealer(0) == 0 and m.table_dealer(1) == 3


def test_movement_more_tables_alternate_the_rotation() -> None:
    m = Movement(tables=3, boards=2, first_dealer=2)
    assert [m.rotation(t) for t in range(3)] == [0, 1, 0]
    # the board's N-S cards: table 1 pair 1 (N-S), table 2 pair 4 (E-W), table 3 pair 5 (N-S)
    assert [m.holder(t, 0) for t in range(3)] == [0, 3, 4]
    assert [m.table_dealer(t) for t in range(3)] == [2, 1, 2]


@pytest.mark.parametrize("board", range(4))
def test_movement_every_table_deals_each_board_the_same_cards_to_the_same_holders(board: int) -> None:
    """The same secret at two tables: the pair holding the board's N-S cards gets the same 26
    cards at both, and the seat holding the dealer direction's cards deals."""
    m = Movement(tables=2, boards=4, first_dealer=1)
    rules = event_rules(4)
    secrets = [new_secret() for _ in range(4)]
    decks = [deal_order(rules, s) for s in secrets]
    games = [Game(rules, seed=1, dealer=m.table_dealer(t), decks=decks) for t in range(2)]
    for g in games:  # play the boards before this one quickly (the deal of a board is all we look at)
        while g.hands_played < board:
            g.apply(g.legal_actions()[0])
    held = []
    for t, g in enumerate(games):
        r = m.rotation(t)
        by_direction = {(s + r) % 4: g.hand(s).mask for s in range(4)}
        held.append(by_direction)
        # the table's dealer holds the cards of the board's dealer direction
        assert (g.dealer + r) % 4 == m.board_dealer(board)
    assert held[0] == held[1]


def _summary(bids: list[Bid], tricks: list[int], points: tuple[int, int]) -> HandSummary:
    return HandSummary(0, 0, tuple(bids), tuple(tricks), points, (0, 0), points, (None,) * 4,
                       (True, True), (0, 0), (False, False))


def test_board_results_turn_the_table_sides_into_board_sides() -> None:
    m = Movement(tables=2, boards=1)
    # at table 2 (turned) the table's E-W side (seats 1, 3) holds the board's N-S cards:
    # seats 1 and 3 bid 4 and nil, took 5 and 0, scored 40 + 1 bag - 10 + 100 = 131;
    # seats 0 and 2 bid 3 + 3 = 6, took 8 (2 bags): 60 + 2 - 20 = 42
    s = _summary([Bid(3), Bid(4), Bid(3), Bid.nil()], [4, 5, 4, 0], (42, 131))
    (r,) = board_results(m, 1, [s])
    assert r.contracts == (4, 6) and r.nils == (("nil",), ())
    assert r.tricks == (5, 8) and r.points == (131, 42) and r.net == 89
    # table 1 is not turned: the same summary reads the other way round
    (r1,) = board_results(m, 0, [s])
    assert r1.points == (42, 131) and r1.net == -89


def test_match_points_two_per_table_beaten_one_per_tie() -> None:
    # nets 50, 20, 50, -10: the first beats 20 and -10 (2 + 2) and ties the third (1) = 5;
    # 20 beats only -10 = 2; the third = 5 as the first; -10 beats nobody = 0
    assert match_points([50, 20, 50, -10]) == [5, 2, 5, 0]
    assert match_points([7, 7]) == [1, 1]
    assert match_points([3]) == [0]


def _r(table: int, board: int, points: tuple[int, int]) -> BoardResult:
    return BoardResult(table, board, (0, 0), ((), ()), (0, 0), points)


def test_standings_of_two_tables_and_two_boards_derived_by_hand() -> None:
    m = Movement(tables=2, boards=2)
    # Board 1: table 1 N-S holders (pair 1) 60 v E-W holders (pair 2) 40: net +20;
    #          table 2 N-S holders (pair 4) 50 v pair 3 70: net -20.
    #   +20 > -20: pair 1 gets 2, pair 4 gets 0; E-W holders: pair 2 gets 2 - 2 = 0, pair 3 gets 2.
    # Board 2: table 1 pair 1 -100 (a failed nil) v pair 2 60: net -160;
    #          table 2 pair 4 30 v pair 3 30: net 0.
    #   0 > -160: pair 4 gets 2, pair 1 gets 0; E-W: pair 2 gets 2, pair 3 gets 0.
    # Totals: pair 1 2, pair 2 2, pair 3 2, pair 4 2 out of 4: all 50 %, all first.
    # Points difference: pair 1 (+20) + (-160) = -140, pair 2 +140, pair 3 (+20) + 0 = +20,
    # pair 4 -20 + 0 = -20: it is shown, it does not rank.
    boards = [[_r(0, 0, (60, 40)), _r(1, 0, (50, 70))], [_r(0, 1, (-100, 60)), _r(1, 1, (30, 30))]]
    rows = {row["pair"]: row for row in standings(m, boards)}
    assert {p: rows[p]["mp"] for p in rows} == {1: 2, 2: 2, 3: 2, 4: 2}
    assert {p: rows[p]["difference"] for p in rows} == {1: -140, 2: 140, 3: 20, 4: -20}
    assert {p: rows[p]["points"] for p in rows} == {1: -40, 2: 100, 3: 100, 4: 80}
    assert all(row["rank"] == 1 and row["percent"] == 50.0 and row["top"] == 4 for row in rows.values())


def test_standings_rank_by_match_points_and_share_ties() -> None:
    m = Movement(tables=2, boards=1)
    # net +30 at table 1 against -10 at table 2: pairs 1 and 3 (E-W holders at table 2) 2, others 0
    rows = standings(m, [[_r(0, 0, (80, 50)), _r(1, 0, (40, 50))]])
    ranked = [(row["pair"], row["mp"], row["rank"]) for row in rows]
    assert ranked == [(1, 2, 1), (3, 2, 1), (2, 0, 3), (4, 0, 3)]
    assert rows[0]["percent"] == 100.0


def test_event_rules_charge_each_bag_at_once_and_stop_after_the_boards() -> None:
    rules = event_rules(3)
    assert rules.hands == 3 and rules.bag_limit == 1 and rules.bag_penalty == 10
    g = Game(rules, seed=5, dealer=0)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert g.hands_played == 3
    for summary in g.history:  # every bag made on a hand was charged on that hand
        assert summary.bags == (0, 0)
