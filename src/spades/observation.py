"""The observation encoding shared by the OpenSpiel and PettingZoo adapters.

Everything here is computed from a :class:`~spades.view.View` (what one seat may
know), plus the seat's own unfinished multi-card choice (``pending``, see
:mod:`spades.action_space`) - never from the hidden state of the game.

One layout serves every variant: seats are *relative* to the observer
(0 = the observer, 1 = the next seat clockwise, ...) and padded to four, bids
go up to 17, so a network trained on one preset reads another.  :data:`FIELDS`
is the single source of the layout; ``docs/observation.md`` is generated from it
(``python -m spades.observation`` prints the table) and a test checks they agree.

Two tensors:

* the **observation** (:data:`OBSERVATION_SIZE` floats): the current situation;
* the **information state** (:data:`INFO_STATE_SIZE`): the observation followed
  by every completed trick of the hand in order (leader and card by position),
  so the order of play - not only who played what - is known.

Strings: :func:`observation_string` and :func:`info_state_string` are readable
renderings of the same facts (the information-state string also lists the
hand's tricks in order and the finished hands' results).

During a deal (an OpenSpiel chance phase, before the seat has any cards) only
public facts are shown: use :func:`encode_deal`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

import numpy as np

from .bids import bid_labels
from .cards import ALL_CARDS, CardSet
from .rules import SEAT_NAMES
from .view import View

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from .rules import Rules

__all__ = [
    "FIELDS",
    "INFO_STATE_SIZE",
    "OBSERVATION_SIZE",
    "OFFSETS",
    "PHASES",
    "VARIANTS",
    "Field",
    "clear_private",
    "encode",
    "encode_deal",
    "encode_info_state",
    "info_state_string",
    "markdown_table",
    "observation_string",
    "public_observation_string",
]

VARIANTS: Final = ("partnership", "two-player", "cutthroat", "three-player")
#: ``deal`` is the chance phase of the adapters (cards being dealt), the rest
#: are :class:`spades.game.Phase` values.
PHASES: Final = ("deal", "draw", "blind", "bid", "exchange", "redraw", "play", "over")
MAX_SEATS: Final = 4
MAX_TRICKS: Final = 17
#: per seat: bids 0-17 (0 = nil), then blind nil, then "has not bid"
BID_SLOTS: Final = MAX_TRICKS + 3


class Field(NamedTuple):
    name: str
    size: int
    meaning: str


#: The observation layout, in order.  "rel" = relative seat (0 = observer).
FIELDS: Final[tuple[Field, ...]] = (
    Field("variant", 4, "one-hot: partnership, two-player, cutthroat, three-player"),
    Field("phase", 8, "one-hot: " + ", ".join(PHASES)),
    Field("to_act", 4, "one-hot rel seat to act (all 0 during a deal or when over)"),
    Field("dealer", 4, "one-hot rel seat of the dealer (two-player: who draws first)"),
    Field("hand_known", 1, "1 when the observer has seen its cards (0 before 'look' or during the deal)"),
    Field("blind_nil_open", 1, "1 while the observer may still choose blind nil"),
    Field("hand", 52, "the observer's cards (card id = suit*13+rank; clubs, diamonds, hearts, spades)"),
    Field("pending", 52, "cards already chosen in the observer's unfinished exchange / redraw choice"),
    Field("draw_card", 52, "two-player draw: the card shown to the observer now"),
    Field("passed", 52, "cards the observer passed in the blind-nil exchange"),
    Field("received", 52, "cards the observer received in the blind-nil exchange"),
    Field("discards", 52, "two-player: cards the observer put on the discard pile (draw and redraw)"),
    Field("redrawn", 52, "two-player: cards the observer took from the pile in its redraw"),
    Field("bids", MAX_SEATS * BID_SLOTS, "per rel seat 20 slots: bid 0-17 (0 nil), 18 blind nil, 19 not yet"),
    Field("tricks_won", MAX_SEATS * (MAX_TRICKS + 1), "per rel seat one-hot 0-17: tricks won this hand"),
    Field("played", MAX_SEATS * 52, "per rel seat: cards it played this hand (completed tricks and current)"),
    Field("trick", MAX_SEATS * 52, "current trick: per position in play order (0 = led card), the card"),
    Field("leader", 4, "one-hot rel seat that led the current trick"),
    Field("hand_sizes", 4, "per rel seat: cards held / 17"),
    Field("spades_broken", 1, "1 once spades are broken"),
    Field("stock_left", 1, "two-player: cards left in the stock / 52"),
    Field("redraw_counts", 4, "two-player: per rel seat, cards it swapped with the pile / 4"),
    Field("exchange_giver", 4, "one-hot rel seat passing in the exchange under way"),
    Field("exchange_receiver", 4, "one-hot rel seat receiving in the exchange under way"),
    Field("scores", 4, "per rel seat: its side's running score / target score"),
    Field("bags", 4, "per rel seat: its side's running bags / bag limit"),
    Field("hands_played", 1, "finished hands / 100 (capped at 1)"),
    Field("deal_progress", 1, "during a deal: cards dealt so far / cards in the pack"),
)

_OFFSETS: Final[dict[str, int]] = {}
#: where each field starts (public alias)
OFFSETS: Final = _OFFSETS
_pos = 0
for _f in FIELDS:
    _OFFSETS[_f.name] = _pos
    _pos += _f.size
OBSERVATION_SIZE: Final = _pos
del _pos, _f

#: per completed trick: one-hot rel leader (4) then 4 positions x 52 cards
TRICK_RECORD_SIZE: Final = 4 + MAX_SEATS * 52
INFO_STATE_SIZE: Final = OBSERVATION_SIZE + MAX_TRICKS * TRICK_RECORD_SIZE

_PHASE_INDEX: Final = {p: i for i, p in enumerate(PHASES)}
_VARIANT_INDEX: Final = {v: i for i, v in enumerate(VARIANTS)}
_O = _OFFSETS


def _set_cards(out: NDArray[np.float32], start: int, cards: CardSet | int) -> None:
    mask = cards.mask if isinstance(cards, CardSet) else cards
    while mask:
        low = mask & -mask
        out[start + low.bit_length() - 1] = 1.0
        mask ^= low


def _common(out: NDArray[np.float32], rules: Rules, seat: int, dealer: int | None,
            scores: tuple[int, ...], bags: tuple[int, ...], hands_played: int) -> int:
    n = rules.num_seats
    out[_O["variant"] + _VARIANT_INDEX[rules.variant]] = 1.0
    if dealer is not None:
        out[_O["dealer"] + (dealer - seat) % n] = 1.0
    for r in range(n):
        side = rules.side_of((seat + r) % n)
        if scores:
            out[_O["scores"] + r] = scores[side] / rules.target_score
            out[_O["bags"] + r] = bags[side] / rules.bag_limit
    out[_O["hands_played"]] = min(hands_played, 100) / 100.0
    return n


def encode_deal(rules: Rules, seat: int, dealer: int | None, scores: tuple[int, ...],
                bags: tuple[int, ...], hands_played: int, dealt: int,
                out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
    """The observation while cards are being dealt: public facts only."""
    if out is None:
        out = np.zeros(OBSERVATION_SIZE, np.float32)
    else:
        out[:] = 0.0
    _common(out, rules, seat, dealer, scores, bags, hands_played)
    out[_O["phase"] + _PHASE_INDEX["deal"]] = 1.0
    out[_O["deal_progress"]] = dealt / rules.deck_size
    return out


def encode(view: View, pending: tuple[int, ...] | list[int] = (),
           out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
    """The observation tensor of ``view`` (length :data:`OBSERVATION_SIZE`)."""
    if out is None:
        out = np.zeros(OBSERVATION_SIZE, np.float32)
    else:
        out[:] = 0.0
    rules = view.rules
    me = view.seat
    n = _common(out, rules, me, view.dealer, view.scores, view.bags, view.hands_played)
    out[_O["phase"] + _PHASE_INDEX[view.phase]] = 1.0
    if view.to_act is not None:
        out[_O["to_act"] + (view.to_act - me) % n] = 1.0
    if view.hand is not None:
        out[_O["hand_known"]] = 1.0
        _set_cards(out, _O["hand"], view.hand)
    if view.blind_nil_open:
        out[_O["blind_nil_open"]] = 1.0
    for c in pending:
        out[_O["pending"] + c] = 1.0
    if view.draw_card is not None:
        out[_O["draw_card"] + view.draw_card] = 1.0
    _set_cards(out, _O["passed"], view.passed)
    _set_cards(out, _O["received"], view.received)
    _set_cards(out, _O["discards"], view.discards)
    _set_cards(out, _O["redrawn"], view.redrawn)
    bids_at = _O["bids"]
    won_at = _O["tricks_won"]
    sizes_at = _O["hand_sizes"]
    for seat in range(n):
        r = (seat - me) % n
        bid = view.bids[seat]
        slot = BID_SLOTS - 1 if bid is None else (MAX_TRICKS + 1 if bid.blind else bid.tricks)
        out[bids_at + r * BID_SLOTS + slot] = 1.0
        out[won_at + r * (MAX_TRICKS + 1) + view.tricks_won[seat]] = 1.0
        out[sizes_at + r] = view.hand_sizes[seat] / MAX_TRICKS
    played_at = _O["played"]
    for t in view.tricks:
        leader = t.leader
        for i, c in enumerate(t.cards):
            out[played_at + ((leader + i - me) % n) * 52 + c] = 1.0
    trick_at = _O["trick"]
    for i, (seat, c) in enumerate(view.trick):
        out[played_at + ((seat - me) % n) * 52 + c] = 1.0
        out[trick_at + i * 52 + c] = 1.0
    if view.trick and view.leader is not None:
        out[_O["leader"] + (view.leader - me) % n] = 1.0
    if view.spades_broken:
        out[_O["spades_broken"]] = 1.0
    out[_O["stock_left"]] = view.stock_left / 52.0
    for seat, k in enumerate(view.redraw_counts):
        out[_O["redraw_counts"] + (seat - me) % n] = k / 4.0
    if view.exchange is not None:
        giver, receiver = view.exchange
        out[_O["exchange_giver"] + (giver - me) % n] = 1.0
        out[_O["exchange_receiver"] + (receiver - me) % n] = 1.0
    return out


def encode_info_state(view: View, pending: tuple[int, ...] | list[int] = (),
                      out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
    """The information-state tensor: :func:`encode` then the completed tricks in order."""
    if out is None:
        out = np.zeros(INFO_STATE_SIZE, np.float32)
    encode(view, pending, out[:OBSERVATION_SIZE])
    out[OBSERVATION_SIZE:] = 0.0
    n = view.rules.num_seats
    me = view.seat
    for k, t in enumerate(view.tricks):
        base = OBSERVATION_SIZE + k * TRICK_RECORD_SIZE
        out[base + (t.leader - me) % n] = 1.0
        for i, c in enumerate(t.cards):
            out[base + 4 + i * 52 + c] = 1.0
    return out



#: each card's text, by id
_CARD_TEXT: Final = tuple(str(c) for c in ALL_CARDS)


def _cards(cards: CardSet | None) -> str:
    """The cards as a hand shows them (``cards.sorted()``: spades to clubs, high to
    low, which is descending card id), or ``-``."""
    if cards is None:
        return "-"
    mask = cards.mask
    if not mask:
        return "-"
    text = _CARD_TEXT
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(text[top])
        mask ^= 1 << top
    return " ".join(out)


def observation_string(view: View, pending: tuple[int, ...] | list[int] = ()) -> str:
    """The facts of :func:`encode` as readable text (one line per fact)."""
    rules = view.rules
    name = SEAT_NAMES[rules.num_seats]  # rules.seat_name, looked up once
    text = _CARD_TEXT
    to_act = view.to_act
    lines = [
        f"{rules.variant} seat {name[view.seat]} hand {view.hand_number + 1} phase {view.phase}",
        f"dealer {name[view.dealer]} to act {name[to_act] if to_act is not None else '-'}",
        f"scores {list(view.scores)} bags {list(view.bags)}",
        f"hand {_cards(view.hand)}" + (" (blind nil open)" if view.blind_nil_open else ""),
        "bids " + " ".join([f"{name[s]}:{b.label() if b else '?'}" for s, b in enumerate(view.bids)]),
        "won " + " ".join([f"{name[s]}:{w}" for s, w in enumerate(view.tricks_won)]),
        "sizes " + " ".join([str(k) for k in view.hand_sizes]),
        "trick " + (" ".join([f"{name[s]}:{text[c]}" for s, c in view.trick]) or "-"),
        f"played {_cards(view.played)} broken {int(view.spades_broken)}",
    ]
    if pending:
        lines.append("chosen " + " ".join([text[c] for c in sorted(pending)]))
    if view.passed or view.received:
        lines.append(f"passed {_cards(view.passed)} received {_cards(view.received)}")
    if view.exchange is not None:
        lines.append(f"exchange {name[view.exchange[0]]}->{name[view.exchange[1]]}")
    if rules.uses_draw:
        lines.append(
            f"stock {view.stock_left} shown {view.draw_card or '-'} discards {_cards(view.discards)} "
            f"redrawn {_cards(view.redrawn)} swaps {list(view.redraw_counts)}"
        )
    return "\n".join(lines)


def info_state_string(view: View, pending: tuple[int, ...] | list[int] = ()) -> str:
    """:func:`observation_string` plus the hand's tricks in order and the finished hands."""
    lines = [observation_string(view, pending)]
    name = view.rules.seat_name
    for k, t in enumerate(view.tricks):
        lines.append(f"trick {k + 1}: {name(t.leader)} led " + " ".join(str(c) for c in t.cards)
                     + f" won by {name(t.winner)}")
    for h in view.history:
        lines.append(
            f"hand {h.number + 1}: dealer {name(h.dealer)} bids {bid_labels(h.bids)} "
            f"tricks {list(h.tricks)} points {list(h.points)}"
        )
    return "\n".join(lines)


#: the fields only the observer knows (its cards and its own choices)
PRIVATE_FIELDS: Final = ("hand_known", "blind_nil_open", "hand", "pending", "draw_card", "passed",
                         "received", "discards", "redrawn")


def clear_private(out: NDArray[np.float32]) -> NDArray[np.float32]:
    """Zero the :data:`PRIVATE_FIELDS` of an observation (or information state) in place,
    leaving the public information."""
    for name in PRIVATE_FIELDS:
        start = _O[name]
        size = next(f.size for f in FIELDS if f.name == name)
        out[start : start + size] = 0.0
    return out


def public_observation_string(view: View, with_tricks: bool = False) -> str:
    """The public facts of ``view`` as text: no cards of anyone's hand, no private choice."""
    rules = view.rules
    name = rules.seat_name
    lines = [
        f"{rules.variant} hand {view.hand_number + 1} phase {view.phase}",
        f"dealer {name(view.dealer)} to act {name(view.to_act) if view.to_act is not None else '-'}",
        f"scores {list(view.scores)} bags {list(view.bags)}",
        "bids " + " ".join(f"{name(s)}:{b.label() if b else '?'}" for s, b in enumerate(view.bids)),
        "won " + " ".join(f"{name(s)}:{w}" for s, w in enumerate(view.tricks_won)),
        "sizes " + " ".join(str(k) for k in view.hand_sizes),
        "trick " + (" ".join(f"{name(s)}:{c}" for s, c in view.trick) or "-"),
        f"played {_cards(view.played)} broken {int(view.spades_broken)}",
    ]
    if view.exchange is not None:
        lines.append(f"exchange {name(view.exchange[0])}->{name(view.exchange[1])}")
    if rules.uses_draw:
        lines.append(f"stock {view.stock_left} swaps {list(view.redraw_counts)}")
    if with_tricks:
        for k, t in enumerate(view.tricks):
            lines.append(f"trick {k + 1}: {name(t.leader)} led " + " ".join(str(c) for c in t.cards))
    return "\n".join(lines)


def markdown_table() -> str:
    """The layout as a markdown table (the body of docs/observation.md)."""
    rows = ["| indices | field | size | meaning |", "|---|---|---|---|"]
    for f in FIELDS:
        start = _OFFSETS[f.name]
        rows.append(f"| {start}-{start + f.size - 1} | `{f.name}` | {f.size} | {f.meaning} |")
    rows.append(
        f"| {OBSERVATION_SIZE}-{INFO_STATE_SIZE - 1} | `tricks` (information state only) | "
        f"{INFO_STATE_SIZE - OBSERVATION_SIZE} | per completed trick k = 0..16, {TRICK_RECORD_SIZE} "
        "values from index "
        f"{OBSERVATION_SIZE} + k*{TRICK_RECORD_SIZE}: one-hot rel leader (4), then per position in play "
        "order 52 card slots |"
    )
    return "\n".join(rows)


if __name__ == "__main__":  # pragma: no cover
    print(f"Observation: {OBSERVATION_SIZE} floats. Information state: {INFO_STATE_SIZE} floats.\n")
    print(markdown_table())
