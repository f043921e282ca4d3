"""Duplicate events: the movement, each board's comparison across tables, the standings.

Pure functions and small records, no server and no database (those are in
:mod:`.duplicate_store` and :mod:`.duplicate_routes`); docs/duplicate.md explains the
choices for players.

Vocabulary
----------
* A **board** is one deal: a fairness secret (:mod:`spades.fairness`) and a dealer
  *direction*.  Board ``k`` (from 0) is dealt by direction ``(first_dealer + k) % 4``
  and every table plays the same secret, so the same 52 cards in the same order.
* A **board side** is the half of the board's cards that a partnership holds: ``0`` the
  North-South cards, ``1`` the East-West cards.
* A **pair** is a partnership for the whole event: pair ``2t`` sits North-South at table
  ``t`` (seats 0 and 2), pair ``2t + 1`` East-West (seats 1 and 3).  Nobody moves.

The movement
------------
Table ``t`` plays every board *rotated* by ``r = t % 2`` seats: the seat ``s`` of the
table gets the cards of board direction ``(s + r) % 4``.  At table 1 the North-South pair
holds the board's North-South cards; at table 2 its East-West pair holds them, and its
North-South pair the board's East-West cards.  With two tables each board is so played
from both sides by the two teams (pair 1 + pair 4 against pair 2 + pair 3); with more
tables the rotations alternate, so each side of each board is held by North-South pairs at
half the tables (one more at an odd count).  The dealer turns with the cards: the seat that
deals a board at table ``t`` is the one holding the dealer direction's cards, so the
bidding and the opening lead come from the same cards at every table.  Since the deal of a
hand is a function of its secret and its dealer (``card i -> seat (dealer + 1 + i) % 4``),
rotating a table is only a matter of its first dealer: ``(first_dealer - r) % 4``.

Scoring: match points
---------------------
A table's result on a board is one number, the **net** of the board's North-South
holders: the points they scored on the hand less the points their opponents scored (Spades
scores both sides; the net makes each table's result zero-sum, as in bridge).  Results are
compared among the pairs that held the same cards: a pair gets 2 match points for every
table where the same cards did worse and 1 for every tie; its opponents get the rest of the
board's top ``2 (tables - 1)``.  A pair's score is its match points over the boards played
everywhere, also as a percentage of the top.  Points difference is shown beside them but
does not rank: a failed blind nil swings 400 points, more than a whole clean session, and
match points make every board count the same (docs/duplicate.md).

Each board stands alone: the event's rules charge a bag at once (``bag_limit`` 1,
``bag_penalty`` 10, so a bag is +1 - 10 = -9, the usual 100 per 10 bags pro rata) so that no
board's score depends on the boards before it at that table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..rules import Rules
from ..view import HandSummary

__all__ = [
    "MAX_BOARDS",
    "MAX_TABLES",
    "BoardResult",
    "Movement",
    "board_results",
    "event_rules",
    "match_points",
    "standings",
]

MAX_BOARDS: Final = 13
MAX_TABLES: Final = 8
#: a target no side reaches in :data:`MAX_BOARDS` hands: the event's tables stop after their boards
_NO_TARGET: Final = 1_000_000
SEATS: Final = 4


def event_rules(boards: int, base: Rules | None = None) -> Rules:
    """The rules of an event's tables: the partnership game of ``base`` for ``boards`` hands,
    no target score, a bag charged at once (10 points), no Boston win."""
    rules = base or Rules.preset("partnership")
    return dataclasses.replace(
        rules,
        hands=boards,
        target_score=_NO_TARGET,
        losing_score=None,
        bag_limit=1,
        bag_penalty=10,
        boston_wins=False,
        first_dealer=None,
    )


@dataclass(frozen=True)
class Movement:
    """Who holds which cards of every board (see the module's docstring)."""

    tables: int
    boards: int
    #: the direction that deals the first board (0 North)
    first_dealer: int = 0

    def rotation(self, table: int) -> int:
        """Seats table ``table`` (from 0) is turned by: the board direction of its seat 0."""
        return table % 2

    def table_dealer(self, table: int) -> int:
        """The seat that deals the first board at ``table`` (the game's first dealer)."""
        return (self.first_dealer - self.rotation(table)) % SEATS

    def board_dealer(self, board: int) -> int:
        """The direction that deals board ``board`` (from 0)."""
        return (self.first_dealer + board) % SEATS

    def table_side(self, table: int, board_side: int) -> int:
        """The side of ``table`` (0 its North-South seats) that holds ``board_side``."""
        return (board_side + self.rotation(table)) % 2

    def holder(self, table: int, board_side: int) -> int:
        """The pair that holds ``board_side`` of every board at ``table``."""
        return 2 * table + self.table_side(table, board_side)

    def pair_place(self, pair: int) -> tuple[int, int]:
        """``(table, table side)`` of a pair."""
        return pair // 2, pair % 2

    def to_dict(self) -> dict[str, Any]:
        return {
            "tables": [
                {
                    "table": t + 1,
                    "rotation": self.rotation(t),
                    "first_dealer": self.table_dealer(t),
                    "ns_pair": 2 * t + 1,
                    "ew_pair": 2 * t + 2,
                    "holds_board_ns": self.holder(t, 0) + 1,
                    "holds_board_ew": self.holder(t, 1) + 1,
                }
                for t in range(self.tables)
            ],
            "board_dealers": [self.board_dealer(k) for k in range(self.boards)],
        }


@dataclass(frozen=True)
class BoardResult:
    """What one table did on one board, by board side (index 0: the North-South cards)."""

    table: int
    board: int
    #: each board side's contract (its bids that are not nil), and its nil bids ("nil", "blind nil")
    contracts: tuple[int, int]
    nils: tuple[tuple[str, ...], tuple[str, ...]]
    tricks: tuple[int, int]
    points: tuple[int, int]

    @property
    def net(self) -> int:
        """The board's North-South holders' points less the East-West holders'."""
        return self.points[0] - self.points[1]


def _side_bids(summary: HandSummary, seats: Sequence[int]) -> tuple[int, tuple[str, ...]]:
    contract = 0
    nils: list[str] = []
    for s in seats:
        bid = summary.bids[s]
        if bid is None:
            continue
        if bid.is_nil:
            nils.append("blind nil" if bid.blind else "nil")
        else:
            contract += bid.tricks
    return contract, tuple(nils)


def board_results(movement: Movement, table: int, history: Sequence[HandSummary]) -> list[BoardResult]:
    """The boards a table finished (its game's hand summaries, hand ``k`` being board ``k``),
    turned from the table's sides to the board's sides."""
    out = []
    for k, summary in enumerate(history[: movement.boards]):
        sides = [movement.table_side(table, b) for b in (0, 1)]
        bids = [_side_bids(summary, (side, side + 2)) for side in sides]
        tricks = [summary.tricks[side] + summary.tricks[side + 2] for side in sides]
        out.append(
            BoardResult(
                table,
                k,
                (bids[0][0], bids[1][0]),
                (bids[0][1], bids[1][1]),
                (tricks[0], tricks[1]),
                (summary.points[sides[0]], summary.points[sides[1]]),
            )
        )
    return out


def match_points(nets: Sequence[int]) -> list[int]:
    """The North-South holders' match points at each table: 2 for every other table whose
    net is lower, 1 for every one with the same net.  (The East-West holders at a table get
    ``2 * (len(nets) - 1)`` less these.)"""
    return [
        sum(2 if mine > other else 1 if mine == other else 0 for j, other in enumerate(nets) if j != i)
        for i, mine in enumerate(nets)
    ]


def standings(movement: Movement, boards: Sequence[Sequence[BoardResult]]) -> list[dict[str, Any]]:
    """The pairs ranked by match points over ``boards`` (each the results of every table on one
    board, table order).  Each row: ``pair`` (from 1), ``table`` (from 1), ``mp``, ``top`` (the
    most it could have), ``percent``, ``points`` (its own points), ``difference`` (its points
    less its opponents'), ``rank`` (ties share one)."""
    pairs = 2 * movement.tables
    mp = [0] * pairs
    points = [0] * pairs
    diff = [0] * pairs
    top = 2 * (movement.tables - 1)
    for results in boards:
        ns_mp = match_points([r.net for r in results])
        for r, got in zip(results, ns_mp):
            for side, share in ((0, got), (1, top - got)):
                pair = movement.holder(r.table, side)
                mp[pair] += share
                points[pair] += r.points[side]
                diff[pair] += r.points[side] - r.points[1 - side]
    most = top * len(boards)
    rows: list[dict[str, Any]] = [
        {
            "pair": p + 1,
            "table": p // 2 + 1,
            "mp": mp[p],
            "top": most,
            "percent": round(100 * mp[p] / most, 2) if most else None,
            "points": points[p],
            "difference": diff[p],
        }
        for p in range(pairs)
    ]
    rows.sort(key=lambda row: (-mp[row["pair"] - 1], row["pair"]))
    for i, row in enumerate(rows):
        row["rank"] = rows[i - 1]["rank"] if i and rows[i - 1]["mp"] == row["mp"] else i + 1
    return rows
