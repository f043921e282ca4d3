"""Tournaments for individuals: Swiss rounds with partners drawn each round, and single
elimination of pairs.  Pure functions, no server and no database (those are in
:mod:`.tournament_store` and :mod:`.tournament_routes`); docs/tournaments.md explains the
rules for players.

Every game is a partnership game of four seats: seats 0 and 2 (North-South) against seats 1
and 3 (East-West).  Players are numbered from 0 in the order they registered (their *seed*
is their place in the checked-in list: highest rating first, then registration order).

Swiss (``"swiss"``)
-------------------
* **Pairing.**  Round 1 takes the players in seed order, later rounds in standings order.
  The byes are taken first (below), then the rest are cut into groups of four in that order,
  so that players with similar scores meet.  In each group ``a, b, c, d`` (best first) the
  partnerships are the split with the fewest partners who already played together, and on a
  tie the first of ``a+d v b+c``, ``a+c v b+d``, ``a+b v c+d`` (the balanced split first).
* **Byes.**  When the count is not a multiple of four, ``count % 4`` players sit out: those
  with the fewest byes so far, lowest in the order first.  A bye scores as a win with the
  round's average winning margin (the mean over the round's games of the winners' margin,
  rounded to a whole point; 0 when every game was a tie).
* **Points.**  A win 1, a tie ½, a loss 0, for both partners.
* **Standings and tie-breaks**, in this order: points; total margin (own side's score less
  the opponents', summed over the games, byes at their margin); Buchholz (the sum of the
  points of every opponent met, twice for one met twice); seed.  The seed breaks every
  remaining tie, so places are never shared.

Single elimination (``"knockout"``)
-----------------------------------
The checked-in players are paired by seed, best with worst (1 with n, 2 with n-1, ...; an
odd one out sits the tournament out and is listed last).  The pairs are seeded by that
order; the bracket is the next power of two, the top seeds get the byes, and each round
matches the best remaining seed with the worst.  The winner of a game goes on; a tie goes to
the pair with the better seed.  (``spades serve`` runs both formats.)  Final
places: the winner, the finalist, then each round's losers sharing a place (ordered by their
margin in the game they lost, then seed, but with the same ``rank``).

A player who leaves is never dropped: a computer plays their seat in every game left, and
the results count for them (and their partner) as if they had played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

__all__ = [
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "Format",
    "Game",
    "Round",
    "bye_margin",
    "knockout_pairs",
    "knockout_round",
    "knockout_standings",
    "swiss_round",
    "swiss_standings",
]

MAX_PLAYERS: Final = 32
MAX_ROUNDS: Final = 7
WIN: Final = 1.0
TIE: Final = 0.5


class Format(Enum):
    SWISS = "swiss"
    KNOCKOUT = "knockout"


Table4 = tuple[int, int, int, int]


@dataclass(frozen=True)
class Game:
    """One finished game: the players at seats N, E, S, W and the sides' final scores
    (``scores[0]`` North-South)."""

    seats: Table4
    scores: tuple[int, int]

    def side_of(self, player: int) -> int:
        return self.seats.index(player) % 2

    def margin(self, side: int) -> int:
        return self.scores[side] - self.scores[1 - side]

    def points(self, side: int) -> float:
        m = self.margin(side)
        return WIN if m > 0 else TIE if m == 0 else 0.0

    def opponents(self, player: int) -> tuple[int, int]:
        side = self.side_of(player)
        return self.seats[1 - side], self.seats[3 - side]


@dataclass(frozen=True)
class Round:
    """A round's games (``None`` while a game is being played) and who sat out."""

    tables: tuple[Table4, ...]
    byes: tuple[int, ...]
    games: tuple[Game | None, ...] = ()

    @property
    def done(self) -> bool:
        return len(self.games) == len(self.tables) and all(g is not None for g in self.games)


# -- Swiss -------------------------------------------------------------------------------------


def _partner_pairs(rounds: Sequence[Round]) -> Counter[frozenset[int]]:
    had: Counter[frozenset[int]] = Counter()
    for r in rounds:
        for t in r.tables:
            had[frozenset((t[0], t[2]))] += 1
            had[frozenset((t[1], t[3]))] += 1
    return had


def _split(group: Sequence[int], had: Mapping[frozenset[int], int]) -> Table4:
    a, b, c, d = group
    splits: list[Table4] = [(a, b, d, c), (a, b, c, d), (a, c, b, d)]  # a+d v b+c, a+c v b+d, a+b v c+d

    def repeats(t: Table4) -> int:
        return had.get(frozenset((t[0], t[2])), 0) + had.get(frozenset((t[1], t[3])), 0)

    return min(splits, key=repeats)  # min keeps the first of equals: the balanced split


def _byes(order: Sequence[int], rounds: Sequence[Round]) -> list[int]:
    count = len(order) % 4
    sat_out = Counter(p for r in rounds for p in r.byes)
    place = {p: i for i, p in enumerate(order)}
    return sorted(order, key=lambda p: (sat_out[p], -place[p]))[:count]


def swiss_round(order: Sequence[int], rounds: Sequence[Round]) -> Round:
    """The next round for the players in ``order`` (seed order before round 1, standings
    order after), given the rounds played so far."""
    byes = _byes(order, rounds)
    playing = [p for p in order if p not in byes]
    had = _partner_pairs(rounds)
    tables = tuple(_split(playing[i : i + 4], had) for i in range(0, len(playing), 4))
    return Round(tables, tuple(sorted(byes, key=list(order).index)))


def bye_margin(games: Sequence[Game]) -> int:
    """A bye's margin in a round: the mean of the winners' margins, rounded (0 for no win)."""
    margins = [abs(g.margin(0)) for g in games]
    return round(sum(margins) / len(margins)) if margins else 0


def swiss_standings(players: int, rounds: Sequence[Round]) -> list[dict[str, Any]]:
    """Each player's row, best first: ``player`` (index), ``points``, ``margin``, ``buchholz``,
    ``games``, ``wins``, ``ties``, ``losses``, ``byes``, ``rank`` (from 1, never shared).
    Only finished rounds count."""
    pts = [0.0] * players
    margin = [0] * players
    met: list[list[int]] = [[] for _ in range(players)]
    tally = [Counter[str]() for _ in range(players)]
    for r in rounds:
        if not r.done:
            continue
        games = [g for g in r.games if g is not None]
        for g in games:
            for p in g.seats:
                side = g.side_of(p)
                pts[p] += g.points(side)
                margin[p] += g.margin(side)
                met[p].extend(g.opponents(p))
                tally[p][{WIN: "wins", TIE: "ties", 0.0: "losses"}[g.points(side)]] += 1
        for p in r.byes:
            pts[p] += WIN
            margin[p] += bye_margin(games)
            tally[p]["byes"] += 1
    buchholz = [sum(pts[o] for o in met[p]) for p in range(players)]
    order = sorted(range(players), key=lambda p: (-pts[p], -margin[p], -buchholz[p], p))
    return [
        {
            "player": p,
            "rank": i + 1,
            "points": pts[p],
            "margin": margin[p],
            "buchholz": buchholz[p],
            "games": len(met[p]) // 2,
            "wins": tally[p]["wins"],
            "ties": tally[p]["ties"],
            "losses": tally[p]["losses"],
            "byes": tally[p]["byes"],
        }
        for i, p in enumerate(order)
    ]


# -- single elimination ------------------------------------------------------------------------


def knockout_pairs(seeded: Sequence[int]) -> tuple[list[tuple[int, int]], list[int]]:
    """The fixed pairs of a knock-out, best seed with worst, in pair-seed order, and the odd
    player left out (an empty list for an even count)."""
    n = len(seeded) - len(seeded) % 2
    pairs = [(seeded[i], seeded[n - 1 - i]) for i in range(n // 2)]
    return pairs, list(seeded[n:])


def _winner(g: Game, first: int, second: int) -> int:
    """The pair (index) that wins ``g``, played by pair ``first`` at N-S and ``second`` at E-W;
    a tie goes to the better seed (the lower index)."""
    m = g.margin(0)
    return first if m > 0 else second if m < 0 else min(first, second)


def knockout_round(
    alive: Sequence[int], pairs: Sequence[tuple[int, int]]
) -> tuple[list[tuple[int, int]], list[int]]:
    """The matches ``(pair, pair)`` of a round among the pairs ``alive`` (seed order), best with
    worst, and the pairs with a bye (the top seeds, so that a power of two is left)."""
    n = len(alive)
    size = 1
    while size < n:
        size *= 2
    byes = list(alive[: size - n])
    rest = list(alive[size - n :])
    matches = [(rest[i], rest[len(rest) - 1 - i]) for i in range(len(rest) // 2)]
    return matches, byes


def knockout_table(match: tuple[int, int], pairs: Sequence[tuple[int, int]]) -> Table4:
    """The seats of a match: the better pair North-South."""
    a, b = pairs[match[0]], pairs[match[1]]
    return (a[0], b[0], a[1], b[1])


def knockout_winners(matches: Sequence[tuple[int, int]], games: Sequence[Game]) -> list[int]:
    return [_winner(g, a, b) for (a, b), g in zip(matches, games)]


def knockout_standings(
    pairs: Sequence[tuple[int, int]], history: Sequence[tuple[Sequence[tuple[int, int]], Sequence[Game]]]
) -> list[dict[str, Any]]:
    """The pairs' places after the rounds in ``history`` (each its matches and their games):
    still in first (seed order), then the losers of each round, later rounds first; losers of
    one round share a ``rank``, listed by their margin in the game they lost, then seed."""
    out_in: dict[int, tuple[int, int]] = {}  # pair -> (round lost, margin)
    for r, (matches, games) in enumerate(history):
        for (a, b), g in zip(matches, games):
            w = _winner(g, a, b)
            loser = b if w == a else a
            out_in[loser] = (r, g.margin(0 if loser == a else 1))
    alive = [p for p in range(len(pairs)) if p not in out_in]
    rows: list[dict[str, Any]] = [{"pair": p, "lost_in": None} for p in alive]
    losers = sorted(out_in, key=lambda p: (-out_in[p][0], -out_in[p][1], p))
    for p in losers:
        rows.append({"pair": p, "lost_in": out_in[p][0] + 1, "margin": out_in[p][1]})
    rank = 0
    for i, row in enumerate(rows):
        if i == 0 or row.get("lost_in") != rows[i - 1].get("lost_in") or row.get("lost_in") is None:
            rank = i + 1
        row["rank"] = rank
        row["players"] = list(pairs[row["pair"]])
    return rows
