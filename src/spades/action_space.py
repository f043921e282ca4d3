"""A fixed integer action space for learning environments (OpenSpiel, PettingZoo).

The engine's actions (:mod:`spades.actions`) include two that name *sets* of
cards: the blind-nil exchange (``pass 2C 3D 4H``) and the two-player redraw
(``discard 2C 3D``).  Learning libraries want one integer per decision, so here
both become a sequence of single-card choices:

====== ==========================================================
id     meaning
====== ==========================================================
0-51   a card (``id = suit * 13 + rank``): play it, or in the
       exchange / redraw choose it as the next card to pass / give up
52-69  bid ``id - 52`` tricks (52 is nil; 66-69 only with 17 tricks)
70     blind nil
71     look at one's cards (decline blind nil)
72     keep the card shown (two-player draw)
73     reject the card shown (two-player draw)
74     done: give up no more cards in the two-player redraw
====== ==========================================================

Ids 0-73 are exactly :func:`spades.actions.action_id`; 74 is new.  In the
exchange the seat chooses ``blind_nil_exchange`` cards one at a time (any order)
and the pass is applied to the game when the last one is chosen.  In the redraw
it chooses up to that many cards and ends with 74 (or reaches the limit, which
ends the choice by itself).  Cards chosen so far are the seat's own private
knowledge; :class:`Stepper` holds them and the observation shows them.

:class:`Stepper` wraps a :class:`~spades.game.Game` and is the one place where
integer ids become engine actions, so the OpenSpiel and PettingZoo adapters
cannot disagree about them.
"""

from __future__ import annotations

from typing import Final

from .actions import (
    BID_BASE,
    BLIND_NIL_ID,
    KEEP_ID,
    LOOK_ID,
    REJECT_ID,
    Action,
    Discard,
    Pass,
    action_from_id,
    action_id,
)
from .cards import Card, cards_of_mask
from .errors import ErrorCode, IllegalActionError, RulesError
from .game import Game, Phase

__all__ = [
    "BID_BASE",
    "BLIND_NIL_ID",
    "DONE_ID",
    "KEEP_ID",
    "LOOK_ID",
    "NUM_ACTIONS",
    "REJECT_ID",
    "Stepper",
    "action_name",
]

#: "Give up no more cards" in the two-player redraw.
DONE_ID: Final = REJECT_ID + 1
#: Size of the fixed action space.
NUM_ACTIONS: Final = DONE_ID + 1


def action_name(aid: int) -> str:
    """Readable notation of an id (card choices in the exchange read as the card).

    >>> action_name(36), action_name(56), action_name(70), action_name(74)
    ('QH', 'bid 4', 'blind nil', 'done')
    """
    if aid == DONE_ID:
        return "done"
    if not isinstance(aid, int) or not 0 <= aid < NUM_ACTIONS:
        raise IllegalActionError(
            f"{aid!r} is not an action id (0-{NUM_ACTIONS - 1})",
            code=ErrorCode.ACTION_ID_RANGE,
            params={"value": repr(aid), "max": NUM_ACTIONS - 1},
        )
    return str(action_from_id(aid))


class Stepper:
    """A :class:`Game` driven by integer action ids.

    ``pending`` holds the cards the seat to act has chosen so far in an
    exchange or redraw that is not complete yet.  ``apply_id`` returns the
    engine action it applied to the game (None while a multi-card choice is
    still open), so callers can follow what happened.

    The two-player redraw draws replacements from the game's own random
    generator; the OpenSpiel adapter, which must expose that draw as chance
    nodes, intercepts it (see :mod:`spades.openspiel`).
    """

    __slots__ = ("game", "pending")

    def __init__(self, game: Game) -> None:
        if game.rules.blind_bids:
            raise RulesError(
                "the integer action space has no ids for blind bids (RULES.md section 7): "
                "turn blind_bid_deficit off"
            )
        if game.rules.deck in ("jokers", "jokers-deuces"):
            raise RulesError(
                "the integer action space has no ids for the jokers (RULES.md section 7): "
                "play deck 'standard' or 'deuces' here"
            )
        self.game = game
        self.pending: list[int] = []

    def copy(self) -> Stepper:
        new = Stepper(self.game.copy())
        new.pending = list(self.pending)
        return new

    def legal_ids(self) -> list[int]:
        """The legal action ids of the seat to act, ascending (empty when over)."""
        game = self.game
        phase = game.phase
        if phase is Phase.EXCHANGE or phase is Phase.REDRAW:
            seat = game.to_act
            assert seat is not None
            held = game.hand(seat).mask
            for c in self.pending:
                held &= ~(1 << c)
            ids = [int(c) for c in cards_of_mask(held)]
            if phase is Phase.REDRAW:
                ids.append(DONE_ID)
            return ids
        out: list[int] = []
        for act in game.legal_actions():
            if isinstance(act, Card):
                out.append(int(act))
            else:
                out.append(action_id(act))
        out.sort()
        return out

    def to_engine(self, aid: int) -> Action | None:
        """The engine action that id ``aid`` completes now, or None when it only
        adds a card to :attr:`pending`.  Raises :class:`IllegalActionError` for an
        id that is not legal now; the stepper is then unchanged."""
        game = self.game
        if isinstance(aid, bool) or not isinstance(aid, int):
            raise IllegalActionError(
                f"{aid!r} is not an action id", code=ErrorCode.NOT_ACTION_ID, params={"value": repr(aid)}
            )
        phase = game.phase
        if phase is Phase.EXCHANGE or phase is Phase.REDRAW:
            if aid not in self.legal_ids():
                raise IllegalActionError(
                    f"{action_name_safe(aid)} is not legal now",
                    code=ErrorCode.NOT_LEGAL_NOW,
                    params={"action": action_name_safe(aid)},
                )
            k = game._hand._exchange_size() if phase is Phase.EXCHANGE else game.rules.blind_nil_exchange
            chosen = [*self.pending] if aid == DONE_ID else [*self.pending, aid]
            if phase is Phase.EXCHANGE:
                return Pass(sum(1 << c for c in chosen)) if len(chosen) == k else None
            if aid == DONE_ID or len(chosen) == k:
                return Discard(sum(1 << c for c in chosen))
            return None
        if not 0 <= aid < DONE_ID:
            raise IllegalActionError(
                f"{action_name_safe(aid)} is not legal now",
                code=ErrorCode.NOT_LEGAL_NOW,
                params={"action": action_name_safe(aid)},
            )
        act = action_from_id(aid)
        if not game.is_legal(act):
            # apply() explains why in words; is_legal() keeps the game unchanged
            game.copy().apply(act)
            raise IllegalActionError(  # pragma: no cover
                f"{act} is not legal now", code=ErrorCode.NOT_LEGAL_NOW, params={"action": str(act)}
            )
        return act

    def apply_id(self, aid: int) -> Action | None:
        """Apply one id; returns the engine action applied (None: choice still open)."""
        act = self.to_engine(aid)
        if act is None:
            self.pending.append(aid)
            return None
        self.pending = []
        self.game.apply(act)
        return act


def action_name_safe(aid: object) -> str:
    """:func:`action_name`, or the repr of something that is not an id."""
    try:
        return action_name(aid)  # type: ignore[arg-type]
    except (IllegalActionError, ValueError):
        return repr(aid)

