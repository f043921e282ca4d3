"""Players without passwords, and their ratings.

A player is a public id and a name, plus a secret *key* that only the player's
browser holds (``localStorage``); the database keeps the key's SHA-256 digest
only.  The key moves to another device through a link whose key sits in the
URL's fragment (``/me#key=...``), which browsers never send to a server.
Requests carry the key in the ``x-player-key`` header; the websocket ``hello``
in its ``player`` field.

Ratings: games in which every seat is a person with a player id are rated with
``openskill`` (Plackett-Luce); partners form one team, the final scores give
the ranks (equal scores: equal ranks).  The shown rating is ``1500 + 24 (mu - 25)``
(storage.shown_rating), marked provisional for the first ten rated games.

Leaving a rated game: a person who left it (a tournament's Leave, or whose seat the computer
was playing when the game ended because they were away) is rated as if their side had come
last: their own update is computed with their side's rank made the worst.  Everybody else
is rated by the real scores.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from typing import Any

from .storage import Storage, TableRow, hash_token

__all__ = ["KEY_HEADER", "new_player", "player_for_key", "rate_finished_game", "rating_teams"]

log = logging.getLogger("spades.server")

KEY_HEADER = "x-player-key"


async def new_player(storage: Storage, name: str) -> tuple[dict[str, Any], str]:
    """A new player; returns its public facts and its secret key (shown once, to its owner)."""
    key = secrets.token_urlsafe(24)
    player_id = secrets.token_urlsafe(9)
    await storage.create_player(player_id, name or f"Player {player_id[:4]}", hash_token(key))
    player = await storage.player(player_id)
    assert player is not None
    return player, key


async def player_for_key(storage: Storage, key: Any) -> dict[str, Any] | None:
    """The player whose secret key this is, or None (also for keys of the wrong shape)."""
    if not isinstance(key, str) or not 16 <= len(key) <= 100:
        return None
    return await storage.player_by_key(hash_token(key))


def rating_teams(row: TableRow) -> list[list[int]] | None:
    """The seats of each side when the game is rated (every seat a distinct person), else None."""
    seats = row.seats
    ids = [s.player for s in seats]
    if any(s.kind != "human" or not s.player for s in seats) or len(set(ids)) != len(ids):
        return None
    n = len(seats)
    if row.rules.get("variant") == "partnership" and n == 4:
        return [[0, 2], [1, 3]]
    return [[s] for s in range(n)]


def _penalty_ranks(ranks: list[float], team: int) -> list[float]:
    """The ranks with ``team`` alone in last place (the others keep theirs)."""
    return [max(ranks) + 1 if t == team else r for t, r in enumerate(ranks)]


async def rate_finished_game(
    storage: Storage, row: TableRow, scores: list[int], leavers: Sequence[int] = ()
) -> bool:
    """Update the ratings of a finished game between people; False when it is not rated.
    ``leavers``: the seats of people who left it (rated as having lost, see above)."""
    teams = rating_teams(row)
    if teams is None or len(scores) != len(teams):
        return False
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    players = []
    for team in teams:
        members = []
        for seat in team:
            pid = row.seats[seat].player
            assert pid is not None
            facts = await storage.player(pid)
            if facts is None:
                return False
            if facts["mu"] is None:
                members.append(model.rating(name=pid))
            else:
                members.append(model.rating(mu=facts["mu"], sigma=facts["sigma"], name=pid))
        players.append(members)
    ranks = [1.0 + sum(1 for other in scores if other > mine) for mine in scores]
    rated = model.rate(players, ranks=ranks)
    best = min(ranks)
    left = {row.seats[s].player for s in leavers}
    updates: list[tuple[str, float, float, bool | None]] = []
    for t, rated_team in enumerate(rated):
        won = None if ranks.count(best) > 1 and ranks[t] == best else ranks[t] == best
        if any(m.name in left for m in rated_team):
            penalised = model.rate(players, ranks=_penalty_ranks(ranks, t))[t]
            rated_team = [p if p.name in left else m for p, m in zip(penalised, rated_team)]
        for member in rated_team:
            assert member.name is not None
            gone = member.name in left
            updates.append((member.name, float(member.mu), float(member.sigma), False if gone else won))
    await storage.save_ratings(row.id, updates)
    log.info("rated game", extra={"event": "rated", "table": row.id, "players": len(updates)})
    return True
