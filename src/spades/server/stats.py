"""A player's record for the player page: games, wins, bids and nils made, bags per hand and
favourite partners, from the finished games' hand summaries (public facts only: bids, tricks
taken, scores; never a card).

Each finished game stores its seats' numbers in its result (``result["stats"]``, see
:func:`seat_stats`); games finished before that are replayed from their log once and the
numbers kept in memory.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any, Final

from ..game import Game
from ..scoring import score_valid_hand
from .storage import Storage

__all__ = ["player_record", "seat_stats"]

#: games looked at for a player's record (the newest)
RECORD_GAMES: Final = 200
_CACHE_SIZE: Final = 2000
_replayed: OrderedDict[str, list[dict[str, int]]] = OrderedDict()


def seat_stats(game: Game) -> list[dict[str, int]]:
    """Per seat: ``hands`` played, ``bids`` (not nil) and ``bids_made`` (the side made its
    contract), ``nils`` (nil or blind nil) and ``nils_made``, ``bags`` the side took."""
    rules = game.rules
    n = rules.num_seats
    out = [{"hands": 0, "bids": 0, "bids_made": 0, "nils": 0, "nils_made": 0, "bags": 0} for _ in range(n)]
    before: tuple[int, ...] = (0,) * rules.num_sides
    for h in game.history:
        score = score_valid_hand(rules, h.bids, h.tricks, before)
        for s in range(n):
            side = rules.side_of(s)
            st = out[s]
            st["hands"] += 1
            bid = h.bids[s]
            if bid is None:  # the partner of a blind bid made no bid
                pass
            elif bid.tricks == 0:
                st["nils"] += 1
                st["nils_made"] += h.nil_made[s] is True
            else:
                st["bids"] += 1
                st["bids_made"] += h.made[side] is True
            st["bags"] += score.sides[side].new_bags
        before = h.bags
    return out


async def _stats_of(storage: Storage, table_id: str, result: dict[str, Any]) -> list[dict[str, int]] | None:
    stats = result.get("stats")
    if isinstance(stats, list):
        return stats
    cached = _replayed.get(table_id)
    if cached is not None:
        return cached
    from .table import build_game

    row = await storage.load(table_id)
    if row is None:
        return None
    loaded = row
    try:  # replaying is the engine's work: off the event loop, which serves every table
        replayed = await asyncio.get_running_loop().run_in_executor(
            None, lambda: seat_stats(build_game(loaded))
        )
    except Exception:  # a log that no longer replays: the game counts, its hands do not
        return None
    _replayed[table_id] = replayed
    if len(_replayed) > _CACHE_SIZE:
        _replayed.popitem(last=False)
    return replayed


async def player_record(storage: Storage, player_id: str) -> dict[str, Any]:
    """The player page's statistics over the player's newest finished games."""
    games = await storage.players_games(player_id, limit=RECORD_GAMES)
    totals = {"hands": 0, "bids": 0, "bids_made": 0, "nils": 0, "nils_made": 0, "bags": 0}
    played = wins = draws = 0
    partners: dict[str, dict[str, Any]] = {}
    for g in games:
        result = g.get("result")
        if not g["finished"] or not isinstance(result, dict) or result.get("closed"):
            continue
        seat = g["seat"]
        partnership = g.get("variant") == "partnership"
        side = seat % 2 if partnership else seat
        played += 1
        winner = result.get("winner")
        won = winner == side
        if winner is None:
            draws += 1
        elif won:
            wins += 1
        stats = await _stats_of(storage, g["id"], result)
        if stats is not None and seat < len(stats):
            for key in totals:
                totals[key] += int(stats[seat].get(key, 0))
        ids = g.get("player_ids") or []
        if partnership and len(ids) == 4 and ids[(seat + 2) % 4]:
            mate = (seat + 2) % 4
            p = partners.setdefault(ids[mate], {"id": ids[mate], "name": "", "games": 0, "wins": 0})
            p["name"] = p["name"] or g["players"][mate]
            p["games"] += 1
            p["wins"] += int(won)
    hands = totals["hands"]
    favourite = sorted(partners.values(), key=lambda p: (-p["games"], -p["wins"], p["name"]))[:3]
    return {
        "games": played,
        "wins": wins,
        "draws": draws,
        **totals,
        "bags_per_hand": round(totals["bags"] / hands, 2) if hands else None,
        "partners": favourite,
    }
