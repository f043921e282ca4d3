"""Duplicate matches between computer players: the library behind ``spades match``.

Duplicate play removes the luck of the deal.  Every *deal* (the card order of
a hand, and its dealer) is played at several *tables*: with two sides, once
with bot A on side 0 and bot B on side 1 and once with the sides swapped; with
``k`` sides (cutthroat, three players), ``k`` times with the bots rotated, so
every bot plays every seat of every deal.  The tables of one *board* play the
same decks in the same order (``Game(decks=...)``, same dealer).

A board is the unit of work and of statistics:

* with ``hands=N`` (a fixed number of deals) the deals are cut into boards of
  at most :data:`BOARD_HANDS` hands; at every table a game runs over the
  board's decks and, when it ends at the target, a new game starts on the next
  deck, so every table of the board plays exactly the same deals;
* without it, every board is one whole game per table, to the target (or the
  rules' hand limit), and the tables may play different numbers of hands.

The difference in points per hand between the first two bots is the ratio of
their total difference to the hands played, and its 95% confidence interval
treats boards as independent clusters (a ratio estimator over boards), so
hands of one game, which share a score and bags, are not counted as
independent samples.

A side may seat different bots (``expert+basic``: the first named bot in the
side's first seat, the second in its partner's seat): the side is then one
*team* of the comparison, and the records and the JSON name the bot of every
seat.

Boards are played in worker processes; the result does not depend on how
many workers run, since every board's seeds derive from the match seed and
the board number alone.
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from . import bots as bot_registry
from .bots.base import Bot
from .errors import IllegalActionError, SpadesError
from .fairness import deal_order, fairness_block
from .game import Game
from .rules import Rules

__all__ = [
    "BOARD_HANDS",
    "BotSpec",
    "MatchError",
    "MatchResult",
    "SideSpec",
    "parse_bot_spec",
    "parse_side_spec",
    "run_match",
]

#: deals per board when a fixed number of hands is asked for
BOARD_HANDS: Final = 10
#: a table stops a game that has gone on this long (bots that never reach the target)
MAX_GAME_HANDS: Final = 200


class MatchError(SpadesError, ValueError):
    """A match cannot be set up as asked (unknown bot, wrong number of bots...)."""


@dataclass(frozen=True)
class BotSpec:
    """A bot name and its options, written ``expert`` or ``expert:samples=20:seconds=0.2``."""

    name: str
    options: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return ":".join([self.name] + [f"{k}={v}" for k, v in self.options])

    def make(self, seed: int) -> Bot:
        return bot_registry.get(self.name, seed=seed, **dict(self.options))


def _option_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def _split_spec(text: str) -> tuple[str, list[str]]:
    """The bot's name (a registered name, ``module:Class`` or ``file.py:Class``) and its options."""
    parts = [p.strip() for p in text.strip().split(":")]
    registered = parts[0].lower() in bot_registry.names()
    if not registered and len(parts) > 1 and bot_registry.is_spec(f"{parts[0]}:{parts[1]}"):
        return f"{parts[0]}:{parts[1]}", parts[2:]
    return parts[0].lower(), parts[1:]


def parse_bot_spec(text: str) -> BotSpec:
    """``'basic'``, ``'expert:samples=30:seconds=0.3'``, or an outside bot:
    ``'mymodule:MyBot'`` / ``'path/to/bot.py:MyBot'`` (options may follow, as
    ``mymodule:MyBot:depth=2``); checks that the bot can be made."""
    name, rest = _split_spec(text)
    if not bot_registry.is_spec(name) and name not in bot_registry.names():
        raise MatchError(
            f"unknown bot {name!r}: choose from {', '.join(bot_registry.names())}, "
            "or name a class as module:Class or path/to/file.py:Class"
        )
    options = []
    for p in rest:
        key, eq, value = p.partition("=")
        if not eq or not key:
            raise MatchError(f"bot option {p!r} should look like name=value, e.g. expert:samples=20")
        options.append((key.strip().replace("-", "_"), _option_value(value.strip())))
    spec = BotSpec(name, tuple(options))
    try:
        spec.make(0)
    except (TypeError, ValueError) as exc:
        raise MatchError(f"bot {text!r}: {exc}") from None
    return spec


@dataclass(frozen=True)
class SideSpec:
    """The bots of one side, in the order of its seats (``expert+basic``): one bot for every
    seat of the side, or one per seat.  Written as the side's bots joined by ``+``."""

    bots: tuple[BotSpec, ...]

    def __str__(self) -> str:
        return "+".join(str(b) for b in self.bots)

    @property
    def mixed(self) -> bool:
        """Does the side seat more than one kind of bot?"""
        return len({str(b) for b in self.bots}) > 1

    def seat_spec(self, rank: int) -> BotSpec:
        """The bot in the side's seat number ``rank`` (0: its first seat, 1: the partner's)."""
        return self.bots[rank] if len(self.bots) > 1 else self.bots[0]

    def check(self, seats: int) -> None:
        """A clear error when the side's ``seats`` cannot take these bots."""
        if len(self.bots) > 1 and len(self.bots) != seats:
            what = "one seat" if seats == 1 else f"{seats} seats"
            raise MatchError(
                f"side {self} names {len(self.bots)} bots for {what}: join with '+' one bot per seat "
                "of a side (partnerships: expert+basic), or name one bot for every seat"
            )


def parse_side_spec(text: str | BotSpec | SideSpec) -> SideSpec:
    """A side's bots: ``'basic'`` (every seat), ``'expert+basic'`` (the side's first seat,
    then its partner's), options after colons as in :func:`parse_bot_spec`."""
    if isinstance(text, SideSpec):
        return text
    if isinstance(text, BotSpec):
        return SideSpec((text,))
    parts = text.split("+")
    if any(not p.strip() for p in parts):
        raise MatchError(f"side {text!r}: a bot name is missing around '+'")
    return SideSpec(tuple(parse_bot_spec(p) for p in parts))


# -- one board -----------------------------------------------------------------------


@dataclass
class _TableHand:
    points: tuple[int, ...]  # per side
    bids: tuple[str, ...]
    nil_made: tuple[bool | None, ...]
    made: tuple[bool | None, ...]
    new_bags: tuple[int, ...]


@dataclass
class _TableResult:
    table: int
    #: side -> bot index at this table
    bot_of_side: tuple[int, ...]
    hands: list[_TableHand] = field(default_factory=list)
    #: winners (bot index, or None for a draw) of the games completed at this table
    games: list[int | None] = field(default_factory=list)
    #: seconds per decision (decisions with more than one legal action), per bot index and
    #: the rank of the seat in its side (0: the side's first seat)
    times: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class _BoardResult:
    board: int
    tables: list[_TableResult]


def _board_seed(seed: int, board: int) -> int:
    return random.Random(f"spades-match:{seed}:{board}").getrandbits(62)


def _seat_specs(rules: Rules, specs: Sequence[SideSpec], bot_of_side: Sequence[int]) -> list[BotSpec]:
    """The bot of every seat at a table whose sides seat the sides' specs ``bot_of_side``."""
    out = []
    for s in range(rules.num_seats):
        side = rules.side_of(s)
        out.append(specs[bot_of_side[side]].seat_spec(rules.seats_of(side).index(s)))
    return out


def _play_board(
    rules: Rules,
    specs: Sequence[SideSpec],
    seed: int,
    board: int,
    hands: int | None,
    keep_records: bool,
) -> _BoardResult:
    n = rules.num_seats
    k = rules.num_sides
    bseed = _board_seed(seed, board)
    rng = random.Random(bseed)
    n_decks = hands if hands is not None else 60
    # each deck is dealt by a secret (docs/fairness.md), so the records can be verified
    secrets = [f"spades-match/{bseed}/{i}" for i in range(n_decks)]
    decks = [deal_order(rules, secret) for secret in secrets]
    dealer0 = rules.first_dealer if rules.first_dealer is not None else rng.randrange(n)
    tables = []
    for t in range(k):
        bot_of_side = tuple((side + t) % k for side in range(k))
        seat_specs = _seat_specs(rules, specs, bot_of_side)
        seat_bots = [spec.make(seed=(bseed + 1000 * t + s) % (1 << 62)) for s, spec in enumerate(seat_specs)]
        table_result = _play_table(
            rules, seat_bots, bot_of_side, decks, dealer0, bseed, hands, t, keep_records, secrets
        )
        for record in table_result.records:  # who sat where, as 'spades play' saves it
            record["players"] = [{"seat": s, "kind": "bot", "bot": str(seat_specs[s])} for s in range(n)]
        tables.append(table_result)
    return _BoardResult(board, tables)


def _play_table(
    rules: Rules,
    seat_bots: list[Bot],
    bot_of_side: tuple[int, ...],
    decks: list[list[int]],
    dealer0: int,
    bseed: int,
    cap: int | None,
    table: int,
    keep_records: bool,
    secrets: Sequence[str] = (),
) -> _TableResult:
    n = rules.num_seats
    result = _TableResult(table, bot_of_side)
    played = 0  # hands played at this table (the board's deal index)
    while True:
        game = Game(rules, seed=bseed + played, dealer=(dealer0 + played) % n, decks=decks[played:])
        start = played
        prev_bags = [0] * rules.num_sides
        while not game.is_over:
            if cap is not None and played >= cap:
                break
            if game.hands_played >= MAX_GAME_HANDS:
                break
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            bot = seat_bots[seat]
            t0 = time.perf_counter()
            action = bot.act(view)
            dt = time.perf_counter() - t0
            if len(view.legal) > 1:
                side = rules.side_of(seat)
                key = (bot_of_side[side], rules.seats_of(side).index(seat))
                result.times.setdefault(key, []).append(dt)
            try:
                game.apply(action)
            except IllegalActionError as exc:
                raise MatchError(
                    f"bot {seat_bots[seat]!r} at seat {seat} chose an illegal action {action}: {exc}"
                ) from None
            if game.hands_played + start > played:
                summary = game.history[-1]
                new_bags = []
                for side in range(rules.num_sides):
                    gained = summary.bags[side] - prev_bags[side]
                    if rules.bag_penalty > 0:
                        gained += summary.bag_penalties[side] * rules.bag_limit
                    new_bags.append(gained)
                prev_bags = list(summary.bags)
                result.hands.append(
                    _TableHand(
                        points=summary.points,
                        bids=tuple(str(b) for b in summary.bids),
                        nil_made=summary.nil_made,
                        made=summary.made,
                        new_bags=tuple(new_bags),
                    )
                )
                played += 1
        if game.is_over:
            result.games.append(None if game.winner is None else bot_of_side[game.winner])
        if keep_records:
            record = game.to_record()
            # the hands dealt from the board's decks (a capped game has dealt one more, unplayed)
            dealt = min(game.hands_played + (0 if game.is_over else 1), len(secrets) - start)
            if dealt > 0:
                record["decks"] = record["decks"][:dealt]  # the decks dealt, not those left
                dealers = [(dealer0 + start + i) % n for i in range(dealt)]
                record["fairness"] = fairness_block(
                    f"match/{bseed}/{table}", secrets[start : start + dealt], dealt, rules, dealers
                )
                if not rules.uses_draw:  # hand k of the record as a deal string (records.record_deals)
                    record["deals"] = [
                        _deal_string(rules, decks[start + i], dealers[i]) for i in range(dealt)
                    ]
            result.records.append(record)
        if cap is None or played >= cap or not game.is_over:
            break
    return result


def _deal_string(rules: Rules, deck: list[int], dealer: int) -> str:
    from .records import deal_to_string

    n = rules.num_seats
    hands = [0] * n
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % n] |= 1 << card
    return deal_to_string(hands, dealer, rules)


# -- the whole match --------------------------------------------------------------------


@dataclass
class MatchResult:
    """Everything a match measured; :meth:`to_dict` is the ``--json`` output."""

    rules: Rules
    #: the bots of each side (:class:`SideSpec`), in side order
    specs: tuple[SideSpec, ...]
    seed: int
    boards: list[_BoardResult]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        rules = self.rules
        k = rules.num_sides
        nb = len(self.specs)
        points = [0] * nb
        hands = [0] * nb
        games_won = [0] * nb
        games = 0
        draws = 0
        nil_bid = [0] * nb
        nil_ok = [0] * nb
        bnil_bid = [0] * nb
        bnil_ok = [0] * nb
        contracts = [0] * nb
        sets = [0] * nb
        bags = [0] * nb
        per_seat = len(rules.seats_of(0))
        times: list[list[list[float]]] = [[[] for _ in range(per_seat)] for _ in range(nb)]
        deals = 0
        table_hands = 0
        cluster_d: list[float] = []
        cluster_h: list[int] = []
        for board in self.boards:
            d = 0.0
            h = 0
            deals += max(len(t.hands) for t in board.tables) if board.tables else 0
            for table in board.tables:
                games += len(table.games)
                for w in table.games:
                    if w is None:
                        draws += 1
                    else:
                        games_won[w] += 1
                for (b, rank), ts in table.times.items():
                    times[b][rank].extend(ts)
                for hand in table.hands:
                    table_hands += 1
                    h += 1
                    for side in range(k):
                        b = table.bot_of_side[side]
                        points[b] += hand.points[side]
                        hands[b] += 1
                        bags[b] += hand.new_bags[side]
                        if hand.made[side] is not None:
                            contracts[b] += 1
                            sets[b] += not hand.made[side]
                    for seat, bid in enumerate(hand.bids):
                        b = table.bot_of_side[rules.side_of(seat)]
                        if bid == "blind nil":
                            bnil_bid[b] += 1
                            bnil_ok[b] += bool(hand.nil_made[seat])
                        elif bid == "nil":
                            nil_bid[b] += 1
                            nil_ok[b] += bool(hand.nil_made[seat])
                    if nb >= 2:
                        s0 = table.bot_of_side.index(0)
                        s1 = table.bot_of_side.index(1)
                        d += hand.points[s0] - hand.points[s1]
            cluster_d.append(d)
            cluster_h.append(h)
        mean, ci = _ratio_ci(cluster_d, cluster_h)

        def rate(num: int, den: int) -> float | None:
            return round(num / den, 4) if den else None

        sides: list[dict[str, Any]] = []
        for b, spec in enumerate(self.specs):
            ts = sorted(t for seat_times in times[b] for t in seat_times)
            sides.append(
                {
                    "bot": str(spec),
                    # the bot of each of the side's seats, first seat first
                    "seats": [str(spec.seat_spec(r)) for r in range(per_seat)],
                    "points_per_hand": round(points[b] / hands[b], 3) if hands[b] else None,
                    "hands": hands[b],
                    "games_won": games_won[b],
                    "nil_bids": nil_bid[b],
                    "nil_success": rate(nil_ok[b], nil_bid[b]),
                    "blind_nil_bids": bnil_bid[b],
                    "blind_nil_success": rate(bnil_ok[b], bnil_bid[b]),
                    "set_rate": rate(sets[b], contracts[b]),
                    "bags_per_hand": rate(bags[b], hands[b]),
                    "seconds_per_decision": _time_summary(ts),
                }
            )
            if spec.mixed:  # each seat's bot timed apart, in the order of "seats"
                sides[-1]["seconds_per_decision_by_seat"] = [_time_summary(sorted(t)) for t in times[b]]
        return {
            "hands": deals,
            "hands_played": table_hands,
            "tables_per_deal": k,
            "duplicate": True,
            "boards": len(self.boards),
            "games": games,
            "games_drawn": draws,
            "preset": rules.variant,
            "rules": rules.describe(),
            "seed": self.seed,
            "sides": sides,
            "diff_per_hand": {
                "between": [str(self.specs[0]), str(self.specs[1])] if nb >= 2 else [],
                "mean": round(mean, 3),
                # null when there are too few boards to estimate it (JSON has no Infinity)
                "ci95": round(ci, 3) if math.isfinite(ci) else None,
            },
            "seconds": round(self.seconds, 2),
        }

    def records(self) -> list[tuple[str, dict[str, Any]]]:
        """(file name, game record) for every game played."""
        out = []
        for board in self.boards:
            for table in board.tables:
                for g, rec in enumerate(table.records):
                    out.append((f"board{board.board:04d}-table{table.table}-game{g}.json", rec))
        return out


def _time_summary(ts: list[float]) -> dict[str, Any]:
    """Decisions and their seconds (mean, median, 99th percentile, max) of sorted times."""
    return {
        "decisions": len(ts),
        "mean": round(statistics.fmean(ts), 5) if ts else None,
        "median": round(_quantile(ts, 0.5), 5) if ts else None,
        "p99": round(_quantile(ts, 0.99), 5) if ts else None,
        "max": round(ts[-1], 5) if ts else None,
    }


def _quantile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return math.nan
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def _ratio_ci(d: list[float], h: list[int]) -> tuple[float, float]:
    """Mean of ``sum(d)/sum(h)`` and the half-width of its 95% CI, clusters independent."""
    total_h = sum(h)
    if not total_h:
        return 0.0, 0.0
    mean = sum(d) / total_h
    m = len(d)
    if m < 2:
        return mean, math.inf
    hbar = total_h / m
    var = sum((di - mean * hi) ** 2 for di, hi in zip(d, h)) / (m * (m - 1) * hbar * hbar)
    return mean, 1.96 * math.sqrt(var)


def run_match(
    rules: Rules,
    bots: Sequence[str | BotSpec],
    *,
    hands: int | None = None,
    games: int = 1,
    seed: int = 0,
    workers: int | None = None,
    records: bool = False,
    progress: Callable[[int, int], None] | None = None,
    cluster: Any = None,
) -> MatchResult:
    """Play a duplicate match.

    ``bots``: one bot per side (``'basic'``, ``'expert:samples=20'``...), or a side's
    bots joined by ``+`` (``'expert+basic'``: the side's first seat, then its partner's).
    ``hands``: play this many deals (each at every table); otherwise ``games``
    whole games per table.  ``workers``: processes (default: every core; 1
    plays in this process).  ``progress(done, total)`` is called as boards
    finish.  Each bot is prepared (:meth:`~spades.bots.Bot.prepare`) before
    the first board, so the decision times never include compiling the
    solver; the wall clock does.  ``cluster``: play the boards on a Dask
    distributed cluster instead (a scheduler address or a client, see
    :mod:`spades.cluster`); the result is the same as a local run's.
    """
    specs = tuple(parse_side_spec(b) for b in bots)
    k = rules.num_sides
    if len(specs) != k:
        raise MatchError(
            f"this table has {k} sides: give {k} bots (one per side, e.g. --bots "
            f"{','.join(['basic'] * k)}), not {len(specs)}"
        )
    for spec in specs:
        spec.check(len(rules.seats_of(0)))
    if hands is not None and (not isinstance(hands, int) or hands < 1):
        raise MatchError("hands must be a whole number of at least 1")
    if hands is None and (not isinstance(games, int) or games < 1):
        raise MatchError("games must be a whole number of at least 1")
    if hands is not None:
        caps = [min(BOARD_HANDS, hands - i) for i in range(0, hands, BOARD_HANDS)]
    else:
        caps = [None] * games  # type: ignore[list-item]
    total = len(caps)
    if workers is None:
        workers = os.cpu_count() or 1
    workers = max(1, min(workers, total))
    start = time.perf_counter()
    # Compile what the bots compile (the expert's solver) once, here, before any
    # decision is timed: the workers then load it from numba's on-disk cache
    # instead of each compiling it at once inside a decision.
    for bot_spec in {str(b): b for side in specs for b in side.bots}.values():
        bot_spec.make(seed).prepare()
    results: list[_BoardResult] = []
    if cluster is not None:
        from .cluster import map_ordered

        calls = [(rules, specs, seed, i, cap, records) for i, cap in enumerate(caps)]
        results = map_ordered(cluster, _play_board, calls, progress)
    elif workers == 1:
        for i, cap in enumerate(caps):
            results.append(_play_board(rules, specs, seed, i, cap, records))
            if progress:
                progress(i + 1, total)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures: list[Future[_BoardResult]] = [
                pool.submit(_play_board, rules, specs, seed, i, cap, records) for i, cap in enumerate(caps)
            ]
            done = 0
            pending = set(futures)
            from concurrent.futures import FIRST_COMPLETED, wait

            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                done += len(finished)
                for f in finished:
                    f.result()  # raise a worker's error now
                if progress:
                    progress(done, total)
            results = [f.result() for f in futures]
    return MatchResult(rules, specs, seed, results, time.perf_counter() - start)


def write_records(result: MatchResult, directory: str | Path) -> int:
    """Write every game record of a match as JSON files in a directory, or, when
    the path ends with ``.jsonl``, as one JSON Lines file; returns how many."""
    if str(directory).endswith(".jsonl"):
        from .records import write_jsonl

        return write_jsonl((record for _name, record in result.records()), directory)
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    count = 0
    for name, record in result.records():
        (path / name).write_text(json.dumps(record, indent=1), encoding="utf-8")
        count += 1
    return count
