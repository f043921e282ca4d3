"""The wire protocol: what the server sends to each recipient, and what it accepts.

Every message is one JSON object with a ``type``.  Server to client:

``state``
    ``{"type": "state", "v": V, "you": seat|null, "table": {...}, "view": {...},
    "events": [...], "timer": {...}|null, "prev_trick": {...}|null, "fair": {...}|null}``;
    ``fair`` is the provably fair deal (docs/fairness.md, :func:`spades.server.table.fair_facts`):
    the commitment to the deal being played, and the hand before it with its secret revealed.
    ``table`` (public
    facts: seats, presence, rules) is left out when it has not changed since the last
    message on that connection.  ``v`` is the
    table's version: the number of actions in its log.  ``view`` is built from
    :meth:`spades.Game.view` for a seat (:func:`seat_view`) or from the public part
    only for a spectator (:func:`public_view`).  ``events`` lists the actions with
    versions after the client's last known version (at most :data:`EVENT_WINDOW`),
    each worded for that recipient (:func:`event_text`: passed or discarded cards
    are named only to those who saw them).
``table`` facts per seat: ``away`` (a computer stands in: after two turns in a row that the
    turn timer ran out on, a timeout while disconnected, or the grace time after leaving;
    the person's next action, ``back`` or reconnecting returns the seat) and ``missed`` (turns
    in a row the timer ran out on: each such turn the computer plays once, the person staying
    in charge); the table's ``timer_rule`` (a ``web`` catalog sentence, None without a timer),
    ``host``, ``free_seats``, ``close_after`` and ``status`` (``waiting``, ``playing``,
    ``over``, or ``closed``: everybody left for ``close_after`` seconds and the table stopped).
``error``
    ``{"type": "error", "code": ..., "message": ..., "localized": ...}``; nothing changed.
    ``message`` is English (the API's); ``localized`` is the same in the connection's
    language (its hello's ``lang``, else the handshake's ``spades_lang`` cookie or
    ``Accept-Language``); an illegal move's frame also has the engine error's ``reason``
    and ``params`` (None when the engine gives none).
``hint``
    ``{"type": "hint", "action": "..."}``, computed from the seat's own view.

Client to server (:func:`parse_client_message` validates every field):
``hello`` ``{token?, since?, player?, lang?, name?}`` (first message; no token: spectator; ``lang``:
the language of the error frames, one of :data:`spades.i18n.LANGUAGES`; ``name``: a spectator's
name in the spectators' chat, else the player's name when the hello has a player key, else
"Spectator n"),
``act`` ``{action, v}`` (``v`` must equal the current version: a duplicate or stale
action is refused), ``hint``, ``back`` (take the seat back from the computer),
``fill`` (seated players only: computers take the seats nobody claimed), ``ping``,
``ready`` (done reading the hand's summary: the pause between hands ends once every
connected person is ready).

``chat`` ``{text}`` (players talk to players, spectators to spectators; text only,
at most :data:`CHAT_MAX` characters, rate limited), ``rematch`` (after the game: a
new table with the same seats; everybody is sent there).

More server messages: ``presence`` ``{"seats": [{"connected", "auto", "away"}...],
"spectators": n}`` (sent instead of the whole state when only who is connected
changed; ``away`` is ``auto``: a computer plays for the seat until its person returns);
``chat`` ``{"channel", "from", "seat", "text", "at"}`` and
``chat_history`` ``{"messages": [...]}``; ``rematch`` ``{"id"}``; ``timeout`` ``{"seat",
"missed", "away", "action"?}`` after the turn timer ran out and the computer played for a seat
(``action``, the move made, only to that seat's own connections).

Security rule of this module: a card reaches a payload only through the
recipient's own :class:`~spades.view.View` (or through public facts: cards played).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Final

from ..actions import Action, Choice, Discard, Pass
from ..bids import Bid
from ..cards import Card, CardSet
from ..i18n import LANGUAGES, N_, normalize
from ..view import HandSummary, TrickRecord, View

__all__ = [
    "EVENT_WINDOW",
    "MAX_MESSAGE_BYTES",
    "SPECTATOR_PRIVATE",
    "ClientMessage",
    "ProtocolError",
    "RateLimiter",
    "action_payload",
    "event_text",
    "parse_client_message",
    "private_facts",
    "public_facts",
    "public_view",
    "seat_view",
]

#: Largest client message accepted (bytes); bigger ones close the connection.
MAX_MESSAGE_BYTES: Final = 2048
#: How many past actions a state message may list for a reconnecting client.
EVENT_WINDOW: Final = 128


class ProtocolError(ValueError):
    """A client message that is not well formed; ``code`` is machine readable.

    ``message`` is a ``web`` catalog message whose ``{fields}`` are filled from ``params``
    (kept as ``template`` and ``params``, so each client's frame can say it in its language)."""

    def __init__(self, message: str, code: str = "bad_message", **params: Any) -> None:
        super().__init__(message.format(**params) if params else message)
        self.code = code
        self.template = message
        self.params = params


def _cards(cards: CardSet | None) -> list[str] | None:
    return None if cards is None else [str(c) for c in cards]


def _bid(bid: Bid | None) -> str | None:
    if bid is None:
        return None
    if bid.blind:
        return str(bid)  # "blind nil", or "blind 7": a blind bid for the side (RULES.md section 7)
    return "nil" if bid.is_nil else str(bid.tricks)


def _trick(t: TrickRecord) -> dict[str, Any]:
    return {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}


def _summary(h: HandSummary) -> dict[str, Any]:
    return {
        "number": h.number,
        "dealer": h.dealer,
        "bids": [_bid(b) for b in h.bids],
        "tricks": list(h.tricks),
        "points": list(h.points),
        "bags": list(h.bags),
        "scores": list(h.scores),
        "nil_made": list(h.nil_made),
        "made": list(h.made),
        "bag_penalties": list(h.bag_penalties),
        "boston": list(h.boston),
    }


def public_facts(view: View) -> dict[str, Any]:
    """The facts of a view that every seat and spectator may know, without the private fields.

    Whichever seat's view is passed in, nothing private to that seat is copied, and the
    result is the same for every seat's view: a broadcast builds it once for all recipients.
    """
    return {
        "phase": view.phase,
        "to_act": view.to_act,
        "dealer": view.dealer,
        "hand_number": view.hand_number,
        "hand_sizes": list(view.hand_sizes),
        "bids": [_bid(b) for b in view.bids],
        "tricks_won": list(view.tricks_won),
        "trick": [[s, str(c)] for s, c in view.trick],
        "leader": view.leader,
        "tricks": [_trick(t) for t in view.tricks],
        "spades_broken": view.spades_broken,
        "scores": list(view.scores),
        "bags": list(view.bags),
        "hands_played": view.hands_played,
        "redraw_counts": list(view.redraw_counts),
        "stock_left": view.stock_left,
        "exchange": list(view.exchange) if view.exchange else None,
        "history": [_summary(h) for h in view.history],
        "is_over": view.is_over,
        "winner": view.winner,
    }


#: the private fields of a spectator's view: all empty
SPECTATOR_PRIVATE: Final[dict[str, Any]] = {
    "seat": None,
    "hand": None,
    "blind_nil_open": False,
    "passed": [],
    "received": [],
    "discards": [],
    "redrawn": [],
    "draw_card": None,
    "legal": None,
}


def public_view(view: View) -> dict[str, Any]:
    """What spectators receive: :func:`public_facts` with the private fields empty.

    Whichever seat's view is passed in, nothing private to that seat is copied.
    """
    out = public_facts(view)
    out.update(SPECTATOR_PRIVATE)
    return out


def _legal(view: View) -> dict[str, Any] | None:
    """What the seat may do now, compactly (the exchange has hundreds of card sets)."""
    if not view.legal:
        return None
    rules = view.rules
    phase = view.phase
    if phase == "play":
        return {"kind": "play", "cards": [str(a) for a in view.legal]}
    if phase == "bid":
        return {"kind": "bid", "bids": [_bid(a) for a in view.legal if isinstance(a, Bid)]}
    if phase == "blind":
        # blind nil, blind bids for the side where the house rules offer them (RULES.md section 7)
        return {"kind": "blind", "choices": [str(a) for a in view.legal]}
    if phase == "draw":
        return {"kind": "draw", "choices": ["keep", "reject"]}
    if phase == "exchange":
        return {"kind": "exchange", "count": view.exchange_size or rules.blind_nil_exchange}
    if phase == "redraw":
        return {"kind": "redraw", "max": rules.blind_nil_exchange}
    return None


def private_facts(view: View) -> dict[str, Any]:
    """What this seat alone may know (the keys of :data:`SPECTATOR_PRIVATE`, in that order)."""
    return {
        "seat": view.seat,
        "hand": _cards(view.hand),
        "blind_nil_open": view.blind_nil_open,
        "passed": _cards(view.passed),
        "received": _cards(view.received),
        "discards": _cards(view.discards),
        "redrawn": _cards(view.redrawn),
        "draw_card": None if view.draw_card is None else str(view.draw_card),
        "legal": _legal(view),
    }


def seat_view(view: View) -> dict[str, Any]:
    """A seat's payload: the public facts plus what this seat alone may know."""
    out = public_facts(view)
    out.update(private_facts(view))
    return out


def action_payload(action: Action) -> str:
    """An action's full notation (for the log and for its own actor)."""
    return str(action)


def event_text(
    actor: int,
    action: Action,
    recipient: int | None,
    partner_of_actor: int | None = None,
    receiver: int | None = None,
) -> str:
    """How ``recipient`` (a seat, or None for a spectator) is told about an action.

    Card plays, bids and choices are public.  Passed cards are named only to the
    giver and the receiver; redraw discards only to the one discarding.
    """
    if isinstance(action, Pass):
        if recipient is not None and recipient in (actor, receiver):
            return str(action)
        return f"pass {len(action.cards)} cards"
    if isinstance(action, Discard):
        if recipient == actor:
            return str(action)
        n = len(action.cards)
        return f"discard {n} card{'s' if n != 1 else ''}"
    if isinstance(action, (Card, Bid, Choice)):
        return str(action)
    raise TypeError(f"unknown action {action!r}")


@dataclass(frozen=True)
class ClientMessage:
    type: str
    token: str | None = None
    since: int | None = None
    action: str | None = None
    v: int | None = None
    #: hello: the player's secret key (finds the player's seat on any device)
    player: str | None = None
    #: chat: the text, already checked (plain text, no control characters)
    text: str | None = None
    #: the message as it came (relayed as is to the process that runs the table)
    raw: str = ""
    #: hello: the language the connection's error frames are worded in (a supported one)
    lang: str | None = None
    #: hello: how a spectator is named in the spectators' chat (checked like every name)
    name: str | None = None


_TYPES: Final = ("hello", "act", "hint", "back", "fill", "ping", "ready", "chat", "rematch")
#: chat messages: longest text, and the quick messages offered as buttons
CHAT_MAX: Final = 200
QUICK_CHAT: Final = (
    N_("Hello!"),
    N_("Good game"),
    N_("Well played"),
    N_("Sorry, partner"),
    N_("Thanks"),
    N_("Oops"),
    N_("Good luck"),
)


def clean_chat(value: Any) -> str:
    """Chat text as plain text: control characters dropped, spaces squeezed, at most CHAT_MAX."""
    if not isinstance(value, str):
        raise ProtocolError(N_("a chat message is text"))
    text = " ".join("".join(ch for ch in value if ch.isprintable() or ch == " ").split())
    if not text:
        raise ProtocolError(N_("a chat message cannot be empty"))
    if len(text) > CHAT_MAX:
        raise ProtocolError(N_("a chat message may have at most {n} characters"), "chat_long", n=CHAT_MAX)
    return text


def _int_field(data: dict[str, Any], key: str, required: bool) -> int | None:
    value = data.get(key)
    if value is None:
        if required:
            raise ProtocolError(N_("'{key}' is missing"), key=key)
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10**9:
        raise ProtocolError(N_("'{key}' must be a whole number"), key=key)
    return value


def parse_client_message(text: str | bytes) -> ClientMessage:
    """Validate one client message; raises :class:`ProtocolError` with a plain reason."""
    if isinstance(text, bytes):
        raise ProtocolError(N_("send JSON text, not binary data"))
    if len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(N_("message too large"), "too_large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(N_("that message is not JSON")) from None
    if not isinstance(data, dict):
        raise ProtocolError(N_("a message must be a JSON object"))
    kind = data.get("type")
    if kind not in _TYPES:
        raise ProtocolError(N_("unknown message type; use one of {types}"), types=", ".join(_TYPES))
    if kind == "hello":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or not 8 <= len(token) <= 100):
            raise ProtocolError(N_("that seat token is not valid"), "bad_token")
        player = data.get("player")
        if player is not None and (not isinstance(player, str) or not 16 <= len(player) <= 100):
            raise ProtocolError(N_("that player key is not valid"), "bad_player")
        lang = data.get("lang")
        if lang is not None and (not isinstance(lang, str) or normalize(lang) is None):
            raise ProtocolError(
                N_("unknown language {lang}; use one of {languages}"),
                lang=str(lang)[:20],
                languages=", ".join(LANGUAGES),
            )
        name = data.get("name")
        if name is not None:
            from .options import RequestError, clean_name

            try:
                name = clean_name(name, "") or None
            except RequestError as exc:
                raise ProtocolError(exc.template, "bad_name", **exc.params) from None
        return ClientMessage(
            "hello",
            token=token,
            since=_int_field(data, "since", False),
            player=player,
            lang=normalize(lang),
            name=name,
        )
    if kind == "chat":
        return ClientMessage("chat", text=clean_chat(data.get("text")), raw=text)
    if kind == "act":
        action = data.get("action")
        if not isinstance(action, str) or not 0 < len(action) <= 80:
            raise ProtocolError(N_("'action' must be text like 'bid 4' or 'QH'"))
        return ClientMessage("act", action=action, v=_int_field(data, "v", True), raw=text)
    return ClientMessage(kind, raw=text)


class RateLimiter:
    """A token bucket: ``rate`` messages a second on average, bursts up to ``burst``."""

    def __init__(self, rate: float = 10.0, burst: float = 30.0) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False
