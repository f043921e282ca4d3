"""Replays of finished games: every hand with all hands face up, trick by trick.

Built only for a finished game (:func:`replay_payload` refuses any other): the
cards of an unfinished game stay hidden.  The stored log is replayed through
the engine; for each hand the payload has the cards each seat held when the
first card was led (after any exchange or draw), the bids, every trick
(leader, cards in play order, winner), the log of that hand in order and the
hand's summary.

:func:`analyse_hand` gives the replay viewer the double-dummy review of one hand
by :mod:`spades.analysis` (the same review as ``spades analyse``), again only
for a finished game.
"""

from __future__ import annotations

from typing import Any

from ..analysis import Decision
from ..cards import Card
from ..fairness import fairness_block
from ..game import Game
from ..i18n import N_
from ..rules import Rules
from .protocol import _summary
from .storage import TableRow

__all__ = ["analyse_hand", "game_record", "replay_payload"]


def _fairness(row: TableRow, game: Game, dealers: list[int]) -> dict[str, Any] | None:
    """The record's ``"fairness"`` object of a finished game: every hand played with its
    commitment, secret and deal (None for a table made before fair deals)."""
    played = game.hands_played
    if len(row.secrets) < played:
        return None
    return fairness_block(row.id, row.secrets[:played], played, game.rules, dealers)


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
        raise ValueError(N_("the game is not finished: its replay opens when it ends"))
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
        "fairness": _fairness(row, game, [h["dealer"] for h in hands]),
    }


def _trick(t: Any) -> dict[str, Any]:
    return {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}


def _record(row: TableRow) -> dict[str, Any]:
    """The game record of a finished table; ValueError when the game is not finished."""
    game = Game(Rules.from_dict(row.rules), seed=row.seed, dealer=row.dealer, decks=row.decks)
    dealers = [game.dealer]
    for seat, text in row.actions:
        before = game.hands_played
        game.apply(text, seat=seat)
        if game.hands_played > before:
            dealers.append(game.dealer)
    if not game.is_over:
        raise ValueError(N_("the game is not finished: its analysis opens when it ends"))
    record = game.to_record()
    # only the decks that were dealt (the table keeps a few more ahead of the game)
    record["decks"] = record["decks"][: game.hands_played]
    fair = _fairness(row, game, dealers)
    if fair is not None:
        record["fairness"] = fair
    return record


def game_record(row: TableRow) -> dict[str, Any]:
    """The game record (docs/records.md) of a finished table, with its ``"fairness"`` object
    (docs/fairness.md): ``spades verify`` checks it.  ValueError when the game is not finished."""
    return _record(row)


def _decision(d: Decision) -> dict[str, Any]:
    """A decision as :meth:`Decision.to_dict` gives it, with what the viewer marks:
    ``forced`` (one legal card), ``mistake`` (it cost something), ``nil_lost``
    (the loss is a nil given up rather than tricks)."""
    out = d.to_dict()
    out["forced"] = d.forced
    out["mistake"] = d.mistake
    out["nil_lost"] = d.loss > 0 and any(nv[d.card] != nv[d.best[0]] for nv in d.nils.values())
    return out


def analyse_hand(row: TableRow, number: int) -> dict[str, Any]:
    """The double-dummy review (:mod:`spades.analysis`) of hand ``number`` (0-based, as the
    replay numbers its hands) of a finished game, for the replay viewer.

    ``{"hand": number, "review": HandAnalysis.to_dict(), "tricks": [[decision, ...], ...]}``:
    the bids against what each side could take double dummy (nils included), and for each
    trick, for each card in play order, the :class:`~spades.analysis.Decision` as a dict
    (value, best cards, loss, objective...) with ``forced``, ``mistake`` and ``nil_lost``.
    Double dummy only (the informed view is too slow for a server).  Raises ValueError when
    the game is not finished or has no such hand; ImportError without the solver.
    """
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise ValueError(N_("there is no such hand in a finished game"))
    record = _record(row)
    if number >= record["result"]["hands_played"]:
        raise ValueError(N_("there is no such hand in a finished game"))
    from ..analysis import analyse_record

    analysis = analyse_record(record, hands=[number + 1])
    if len(analysis.hands) != 1:
        raise ValueError(N_("there is no such hand in a finished game"))
    hand = analysis.hands[0]
    tricks: list[list[dict[str, Any]]] = [[] for _ in hand.tricks]
    for d in hand.decisions:
        tricks[d.trick - 1].append(_decision(d))
    return {"hand": number, "review": hand.to_dict(), "tricks": tricks}
