"""Replays of finished games: every hand with all hands face up, trick by trick.

Built only for a finished game (:func:`replay_payload` refuses any other): the
cards of an unfinished game stay hidden.  The stored log is replayed through
the engine; for each hand the payload has the cards each seat held when the
first card was led (after any exchange or draw), the bids, every trick
(leader, cards in play order, winner), the log of that hand in order and the
hand's summary.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..game import Game
from ..rules import Rules
from .protocol import _summary
from .storage import TableRow

__all__ = ["replay_payload"]


def replay_payload(row: TableRow) -> dict[str, Any]:
    """The whole finished game for the replay page; ValueError when it is not finished."""
    game = Game(Rules.from_dict(row.rules), seed=row.seed, dealer=row.dealer, decks=row.decks)
    n = game.rules.num_seats
    hands: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for seat, text in row.actions:
        if current is None:
            current = {
                "number": game.hands_played,
                "dealer": game.dealer,
                "hands": None,
                "tricks": [],
                "log": [],
            }
        if current["hands"] is None and game.phase.value == "play":
            current["hands"] = [[str(c) for c in game.hand(s)] for s in range(n)]
        hand_before = game.hands_played
        won_before = game.tricks_won
        trick_before = game.trick
        tricks_before = game.tricks
        game.apply(text, seat=seat)
        done = game.actions[-1][1]
        current["log"].append({"seat": seat, "text": str(done)})
        if isinstance(done, Card):
            if game.hands_played > hand_before:  # the hand's last card
                last = game.history[-1]
                winner = next((i for i in range(n) if last.tricks[i] != won_before[i]), seat)
                cards = [str(c) for _, c in trick_before] + [str(done)]
                leader = trick_before[0][0] if trick_before else seat
                current["tricks"] = [_trick(t) for t in tricks_before] + [
                    {"leader": leader, "cards": cards, "winner": winner}
                ]
            elif len(game.tricks) > len(tricks_before):
                current["tricks"] = [_trick(t) for t in game.tricks]
        if game.hands_played > hand_before:
            current["summary"] = _summary(game.history[-1])
            hands.append(current)
            current = None
    if not game.is_over:
        raise ValueError("the game is not finished: its replay opens when it ends")
    return {
        "id": row.id,
        "rules": game.rules.to_dict(),
        "seats": [
            {
                "name": s.name or game.rules.seat_name(i),
                "kind": s.kind,
                "level": s.level if s.kind == "bot" else None,
                "player": s.player,
            }
            for i, s in enumerate(row.seats)
        ],
        "hands": hands,
        "scores": list(game.scores),
        "winner": game.winner,
    }


def _trick(t: Any) -> dict[str, Any]:
    return {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}


def analyse_hand(row: TableRow, number: int) -> list[list[dict[str, int] | None]]:
    """Double-dummy values of the cards played in hand ``number`` of a finished game.

    For each trick, for each card in play order: ``{"value": v, "best": b}``, the
    tricks the player's side (partners together) takes from that trick on, with
    every hand seen, after that card (``value``) and after the best card it had
    (``best``); ``None`` where the solver cannot say.  Raises ValueError when the
    game is not finished or has no such hand; ImportError without the solver.
    """
    from ..solver import Position, card_values

    game = Game(Rules.from_dict(row.rules), seed=row.seed, dealer=row.dealer, decks=row.decks)
    n = game.rules.num_seats
    partners = game.rules.variant == "partnership" and n == 4
    out: list[list[dict[str, int] | None]] = []
    for seat, text in row.actions:
        here = game.hands_played == number and game.phase.value == "play"
        if here:
            trick = [c for _, c in game.trick]
            if not trick:
                out.append([])
            entry: dict[str, int] | None = None
            try:
                broken = any(c.suit == 3 for t in game.tricks for c in t.cards)
                leader = game.trick[0][0] if game.trick else seat
                pos = Position.build([game.hand(s) for s in range(n)], leader, trick, broken)
                side = [seat, (seat + 2) % 4] if partners else [seat]
                values = card_values(pos, side)
                played = Card.parse(text) if isinstance(text, str) else Card(int(text))
                entry = {"value": values[played], "best": max(values.values())}
            except Exception:
                entry = None
            out[-1].append(entry)
        game.apply(text, seat=seat)
        if game.hands_played > number:
            break
    if game.hands_played <= number:
        raise ValueError("there is no such hand in a finished game")
    return out
