"""One table, owned by one asyncio task (an actor).

Everything that changes a table goes through :attr:`TableActor.inbox` and is
handled by :meth:`TableActor._run`, one item at a time: client messages, new
connections, seat claims, computer moves, the turn timer and the grace time.
No locks are needed and no two actions can race.

The order of an action is always: validate and apply it in memory
(:meth:`spades.Game.apply` with the actor's seat refuses out-of-turn play) ->
append it to the durable log and *await* the commit -> only then tell anybody.
If the write fails the action is taken back and the player gets an error.

Versions: ``v`` is the number of actions in the log.  Each state message carries
it; a reconnecting client says which ``v`` it has and receives the events it
missed plus the full state of its own view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from .. import bots
from ..actions import LOOK, Action
from ..bots.base import Bot
from ..core import deck_cards
from ..errors import IllegalActionError
from ..events import ExchangePassed, TrickWon
from ..fairness import SCHEME, commitment, deal_order, new_secret
from ..game import Game
from ..i18n import N_
from ..rules import Rules
from ..view import TrickRecord
from .metrics import NullMetrics
from .options import house_rules
from .protocol import (
    EVENT_WINDOW,
    SPECTATOR_PRIVATE,
    ClientMessage,
    RateLimiter,
    event_text,
    private_facts,
    public_facts,
)
from .storage import SeatRow, Storage, StorageError, TableRow, hash_token
from .words import json_params

if TYPE_CHECKING:
    from .social import ChatFilter, Social

__all__ = [
    "Conn",
    "TableActor",
    "build_game",
    "decide",
    "fair_facts",
    "finished_result",
    "new_decks",
    "pick_bot",
    "secret_decks",
]

_dumps = json.JSONEncoder(separators=(",", ":")).encode

log = logging.getLogger("spades.server")
#: the private fields of a spectator's view, encoded (after the public facts' comma)
_SPECTATOR_TEXT: Final = _dumps(SPECTATOR_PRIVATE)[1:]

_DECKS_AHEAD: Final = 8
#: chat messages kept per channel (for new connections and for reports)
_CHAT_KEPT: Final = 30
#: the messages before a reported one that the report keeps
_CHAT_CONTEXT: Final = 5
_OUTBOX: Final = 512
#: spectator-count changes are sent at most this often (seats' presence at once)
_PRESENCE_EVERY: Final = 2.0
#: seconds a table that every person left goes on before it closes (config ``close_after``)
CLOSE_AFTER: Final = 300.0
#: what a person who tries to play at a closed table is told (a ``web`` catalog message)
CLOSED_MESSAGE: Final = N_("This table closed because everybody left; start a new one in the lobby")
#: turns in a row the timer may run out on before the seat is marked away
MISSES_BEFORE_AWAY: Final = 2
#: the turn timer's rule, said in the table's facts (``timer_rule``; a ``web`` catalog message)
TIMER_RULE: Final = N_(
    "When your time runs out, the computer plays that one turn for you and you stay in charge; "
    "after two missed turns in a row, or when you are disconnected, your seat is marked away "
    "and the computer plays for you until you come back."
)


def new_decks(rules: Rules, count: int) -> list[list[str]]:
    """Card orders shuffled with the operating system's cryptographic source."""
    rng = secrets.SystemRandom()
    base = list(deck_cards(rules))
    out = []
    from ..cards import Card

    for _ in range(count):
        deck = base[:]
        rng.shuffle(deck)
        out.append([str(Card(c)) for c in deck])
    return out


def secret_decks(rules: Rules, count: int) -> tuple[list[str], list[list[str]]]:
    """``count`` fresh hand secrets (:func:`spades.fairness.new_secret`) and the decks they deal."""
    from ..cards import Card

    secrets_ = [new_secret() for _ in range(count)]
    return secrets_, [[str(Card(c)) for c in deal_order(rules, s)] for s in secrets_]


def fair_facts(row: TableRow, game: Game) -> dict[str, Any] | None:
    """The ``fair`` field of a state message: the commitment to the deal of the hand being
    played (published before its first bid), and the hand before it with its secret revealed.
    ``{"scheme", "table", "hand": {"number", "commitment"} | None, "previous": {"number",
    "commitment", "secret"} | None}`` (hand numbers from 1); None at a table without secrets.
    Never the secret of a hand still to be played: it is revealed when its hand ends."""
    if not row.secrets:
        return None
    played = game.hands_played
    current = None
    if not game.is_over and played < len(row.secrets):
        current = {"number": played + 1, "commitment": commitment(row.id, played + 1, row.secrets[played])}
    previous = None
    if 0 < played <= len(row.secrets):
        secret = row.secrets[played - 1]
        previous = {"number": played, "commitment": commitment(row.id, played, secret), "secret": secret}
    return {"scheme": SCHEME, "table": row.id, "hand": current, "previous": previous}


def build_game(row: TableRow, events: list[_Event] | None = None) -> Game:
    """The game of a stored table: its rules, secret seed and decks, then its log replayed.

    With ``events``, the last :data:`EVENT_WINDOW` actions are appended to it as the
    table's recent events (so that a client arriving after a restart gets its play log).
    """
    game = Game(Rules.from_dict(row.rules), seed=row.seed, dealer=row.dealer, decks=row.decks)
    start = len(row.actions) - EVENT_WINDOW
    now = time.time()
    for i, (seat, text) in enumerate(row.actions):
        if events is None or i < start:
            game.apply(text, seat=seat)
            continue
        hand = game.hands_played
        happened = game.apply(text, seat=seat)
        done = game.actions[-1][1]
        receiver = next((e.receiver for e in happened if isinstance(e, ExchangePassed)), None)
        events.append(_Event(i + 1, hand, seat, done, receiver, now))
    return game


#: computer levels too slow to run on the event loop (the expert searches for up to seconds)
SLOW_LEVELS: Final = frozenset({"expert"})
#: slow decisions run here, one at a time: the event loop keeps serving every other table
#: (the interpreter switches threads every few milliseconds)
_THINKER: Final = ThreadPoolExecutor(max_workers=1, thread_name_prefix="spades-bot")


async def decide(level: str, bot: Bot, game: Game, seat: int) -> Action:
    """A computer decision for ``seat``, from that seat's view alone."""
    view = game.view(seat)
    if level not in SLOW_LEVELS:
        return bot.act(view)
    return await asyncio.get_running_loop().run_in_executor(_THINKER, bot.act, view)


def prepare_bots() -> threading.Thread:
    """Compile the expert's solver on a background thread now (about 30 s after an
    install, a fraction of a second later), so that no table's first late-hand
    expert decision waits for it; one that comes meanwhile waits for the compiler.
    A daemon thread: stopping the server never waits for it."""
    thread = threading.Thread(target=pick_bot("expert").prepare, name="spades-prepare", daemon=True)
    thread.start()
    return thread


def finished_result(game: Game) -> dict[str, Any]:
    """What is stored about a finished game beside its log."""
    from .stats import seat_stats

    return {
        "scores": list(game.scores),
        "winner": game.winner,
        "hands": game.hands_played,
        "stats": seat_stats(game),
    }


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def pick_bot(level: str, seed: int | None = None) -> Bot:
    """A computer player of ``level``; the random player when that level is not built."""
    try:
        return bots.get(level, seed=seed)
    except ValueError:
        return bots.get("random", seed=seed)


@dataclass(eq=False)
class Conn:
    """One websocket connection as the actor sees it."""

    seat: int | None = None
    since: int = -1
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(_OUTBOX))
    joined: bool = False
    dead: bool = False
    #: the table facts last sent to this connection (state messages repeat them only when changed)
    table_sent: str = ""
    #: websocket close code to use once the queued messages are sent (None: still open)
    close_code: int | None = None
    #: the player id behind this connection, when its hello carried a valid player key
    player: str | None = None
    #: how a spectator is named in the spectators' chat
    label: str = ""
    #: at a relaying process (several server processes): this connection's id at the owner
    remote_id: str | None = None
    chat_limit: RateLimiter = field(default_factory=lambda: RateLimiter(rate=0.5, burst=4))

    def close(self, code: int = 1000) -> None:
        """Send what is queued, then close the connection with ``code``."""
        if self.close_code is None:
            self.close_code = code
            try:
                self.outbox.put_nowait(None)
            except asyncio.QueueFull:
                self.dead = True

    def send(self, message: dict[str, Any] | str) -> None:
        if self.dead:
            return
        text = message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            # a client that does not read its messages is cut off, never waited for
            self.dead = True
            self.outbox = asyncio.Queue(1)
            self.outbox.put_nowait(None)


@dataclass
class _Event:
    v: int
    hand: int
    seat: int
    action: Action
    receiver: int | None
    at: float


class TableActor:
    """The owner of one table; start with :meth:`start`, talk to it through :meth:`call`/:meth:`post`."""

    def __init__(
        self, row: TableRow, storage: Storage, game: Game | None = None, events: list[_Event] | None = None
    ) -> None:
        self.row = row
        self.id = row.id
        self.storage = storage
        if game is None:
            events = []
            game = build_game(row, events)
        self.game = game
        cfg = row.config
        self.bot_delay: float = float(cfg.get("bot_delay", 0.8))
        self.turn_timer: float = float(cfg.get("turn_timer", 0))
        self.grace: float = float(cfg.get("grace", 60))
        self.hints: bool = bool(cfg.get("hints", True))
        self.hand_pause: float = float(cfg.get("hand_pause", 0))
        #: a table that every person left closes after this many seconds (see :meth:`_close`)
        self.close_after: float = float(cfg.get("close_after", CLOSE_AFTER))
        #: closed because everybody left: nothing moves any more, the lobby no longer lists it,
        #: a restart does not resume it (stored as finished, its result ``{"closed": true}``)
        self.closed: bool = bool(row.finished and not self.game.is_over)
        #: since when no person sits connected at a table with people's seats (monotonic)
        self.empty_since: float | None = None
        #: the pause between hands ends at this monotonic time (None: no pause now)
        self.pause_until: float | None = None
        self._ready: set[int] = set()
        self._rules_dict = self.game.rules.to_dict()
        #: the options that differ from the table's preset, with their words (the table page says them)
        self._house_rules = house_rules(str(self.row.config.get("preset", "")), self._rules_dict, words=True)
        self._info_text = ""
        #: the table facts last encoded into ``_info_text`` (encoded again only when they change)
        self._info_last: dict[str, Any] | None = None
        self.inbox: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
        self.conns: set[Conn] = set()
        n = self.game.rules.num_seats
        #: the seat is away: a computer plays for it until the person returns (any action, "back")
        self.auto = [False] * n
        #: turns in a row the turn timer ran out on (reset by the person's own action)
        self.missed = [0] * n
        self.away_since: list[float | None] = [None] * n
        now = time.monotonic()
        for s, seat in enumerate(row.seats):
            if seat.kind == "human":  # nobody is connected yet (a fresh start or a restart)
                self.away_since[s] = now
        self.turn_started = now
        self.events: deque[_Event] = deque(events or (), maxlen=EVENT_WINDOW)
        self.prev_trick: TrickRecord | None = None
        self._bots: dict[int, Bot] = {}
        self._task: asyncio.Task[None] | None = None
        self.last_activity = time.time()
        self.metrics: NullMetrics = NullMetrics()
        #: called once when the game ends (ratings); set by the manager
        self.on_finish: Callable[[TableActor], Coroutine[Any, Any, None]] | None = None
        #: makes the rematch table and returns its id; set by the manager
        self.on_rematch: Callable[[TableActor], Coroutine[Any, Any, str]] | None = None
        self.chat: dict[str, deque[dict[str, Any]]] = {
            "players": deque(maxlen=_CHAT_KEPT),
            "spectators": deque(maxlen=_CHAT_KEPT),
        }
        #: the chat messages' numbers (ids) so far, and what their senders typed (before the filter)
        self._chat_seq = 0
        self._chat_original: dict[int, str] = {}
        #: the server's friends, blocks and reports (:class:`.social.Social`); set by the manager
        self.social: Social | None = None
        #: the operator's chat word filter; set by the manager
        self.censor: ChatFilter | None = None
        #: makes the table of a "keep my partner" game and returns its id; set by the manager
        self.on_keep_partner: Callable[[TableActor, int], Coroutine[Any, Any, str]] | None = None
        self._spectators_seen = 0
        self._background: set[asyncio.Task[None]] = set()
        self._hands_seen = self.game.hands_played
        #: when a pending presence event (spectator count) is due, monotonic time
        self._presence_due: float | None = None
        self._people_check()

    # -- life cycle ------------------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        for conn in list(self.conns):
            conn.close(1012)  # "service restart": the page reconnects by itself

    def post(self, *item: Any) -> None:
        self.inbox.put_nowait(item)

    async def call(self, *item: Any) -> Any:
        """Send an item with a future and wait for the actor's answer."""
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.inbox.put_nowait((*item, fut))
        return await fut

    # -- state ------------------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return self.game.rules.num_seats

    @property
    def version(self) -> int:
        return len(self.game.actions)

    @property
    def waiting(self) -> bool:
        return any(s.kind == "open" for s in self.row.seats)

    @property
    def status(self) -> str:
        if self.game.is_over:
            return "over"
        if self.closed:
            return "closed"
        return "waiting" if self.waiting else "playing"

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and c.joined and not c.dead for c in self.conns)

    def people_present(self) -> bool:
        """Whether a person sits at the table and is connected (spectators do not count)."""
        return any(spec.kind == "human" and self.connected(s) for s, spec in enumerate(self.row.seats))

    @property
    def unattended(self) -> bool:
        """Running (being played) with no person connected at it: computers play for everybody.
        These are what the server's cap on computer-only tables counts."""
        return not self.game.is_over and not self.closed and not self.waiting and not self.people_present()

    def _people_check(self) -> None:
        """Start (or stop) the closing clock: it runs while a table that has people's seats and
        is not over has none of them connected."""
        people = any(spec.kind == "human" for spec in self.row.seats)
        if not people or self.game.is_over or self.closed or self.people_present():
            self.empty_since = None
        elif self.empty_since is None:
            self.empty_since = time.monotonic()

    def info(self) -> dict[str, Any]:
        """Public facts about the table (lobby list and every state message)."""
        rules = self.game.rules
        return {
            "id": self.id,
            "code": self.row.code,
            "name": self.row.config.get("name", ""),
            "public": self.row.public,
            "status": self.status,
            "preset": self.row.config.get("preset", rules.variant),
            "rules": self._rules_dict,
            "house_rules": self._house_rules,
            "turn_timer": self.turn_timer,
            "grace": self.grace,
            "hints": self.hints,
            "spectators": sum(1 for c in self.conns if c.joined and c.seat is None),
            "seats": [
                {
                    "seat": s,
                    "name": seat.name or rules.seat_name(s),
                    "position": rules.seat_name(s),
                    "kind": seat.kind,
                    "level": seat.level if seat.kind == "bot" else None,
                    "connected": seat.kind == "bot" or self.connected(s),
                    "auto": self.auto[s],
                    "away": self.auto[s],
                    "missed": self.missed[s],
                    "player": seat.player if seat.kind == "human" else None,
                }
                for s, seat in enumerate(self.row.seats)
            ],
            "rematch": self.row.config.get("rematch"),
            "timer_rule": TIMER_RULE if self.turn_timer else None,
            "host": self.row.config.get("host") or None,
            "free_seats": sum(1 for seat in self.row.seats if seat.kind == "open"),
            "close_after": self.close_after,
        }

    def _timer(self) -> dict[str, Any] | None:
        game = self.game
        s = game.to_act
        if s is None or self.waiting or not self.turn_timer or self.row.seats[s].kind != "human":
            return None
        if self.auto[s]:
            return None
        now = time.monotonic()
        left = self.turn_started + self.turn_timer - now
        pause = max(0.0, self.turn_started - now)
        return {
            "seat": s,
            "left": round(min(self.turn_timer, max(0.0, left)), 1),
            "total": self.turn_timer,
            "pause": round(pause, 1),
        }

    def message_for(
        self,
        seat: int | None,
        since: int,
        shared: dict[str, Any],
        views: dict[int | None, str],
        with_table: bool = True,
    ) -> str:
        """The state message (JSON text) for one recipient.

        Built by joining pre-encoded pieces: ``shared`` is encoded once per broadcast
        and ``views`` caches one encoded view per seat, so a broadcast costs one
        view per seat, not one full encoding per connection.
        """
        view = views.get(seat)
        if view is None:
            view = views[seat] = self._view_text(seat, views)
        shared_text = views.get(-1)
        if shared_text is None:
            shared_text = views[-1] = _dumps(shared)[1:-1]
        events = []
        if since >= 0:
            for e in self.events:
                if e.v > since:
                    events.append(
                        {
                            "v": e.v,
                            "hand": e.hand,
                            "seat": e.seat,
                            "text": event_text(e.seat, e.action, seat, receiver=e.receiver),
                        }
                    )
        complete = since < 0 or not self.events or self.events[0].v <= since + 1
        table = f',"table":{self._info_text}' if with_table else ""
        return (
            f'{{"type":"state","v":{self.version},"you":{"null" if seat is None else seat},'
            f'"complete":{"true" if complete else "false"},"events":{_dumps(events)},'
            f'"view":{view},{shared_text}{table}}}'
        )

    def _view_text(self, seat: int | None, views: dict[int | None, str]) -> str:
        """The encoded view of ``seat`` (None: a spectator's), the same text as
        ``_dumps(seat_view(...))`` / ``_dumps(public_view(...))``: the public facts (the
        same for every seat's view) are encoded once per broadcast (``views[-2]``, without
        the closing brace) and each seat adds only its private fields."""
        game = self.game
        view = game.view(seat) if seat is not None else None
        public = views.get(-2)
        if public is None:
            public = views[-2] = _dumps(public_facts(view or game.view(self._idle_seat())))[:-1]
        return public + "," + (_dumps(private_facts(view))[1:] if view is not None else _SPECTATOR_TEXT)

    def _table_text(self) -> str:
        """The table facts (:meth:`info`) as JSON, encoded again only when they changed."""
        info = self.info()
        if info != self._info_last:
            self._info_last = info
            self._info_text = _dumps(info)
        return self._info_text

    def _idle_seat(self) -> int:
        """A seat that is not to act: its view is cheapest (no legal actions listed)."""
        return 1 if self.game.to_act == 0 else 0

    def broadcast(self) -> None:
        # the table's public facts change rarely (seats, presence): sent only when they did
        info = self._table_text()
        shared = self._shared()
        views: dict[int | None, str] = {}
        v = self.version
        for conn in list(self.conns):
            if not conn.joined or conn.dead:
                continue
            fresh = conn.table_sent != info
            conn.send(self.message_for(conn.seat, conn.since, shared, views, fresh))
            conn.table_sent = info
            conn.since = v

    def _shared(self) -> dict[str, Any]:
        """The parts of a state message that are the same for every recipient."""
        pause = None
        if self.pause_until is not None:
            left = self.pause_until - time.monotonic()
            pause = round(left, 1) if left > 0 else None
        return {
            "timer": self._timer(),
            "pause": pause,
            "prev_trick": self._prev_trick(),
            "sent": time.time(),
            "acted": self.events[-1].at if self.events else None,
            "fair": fair_facts(self.row, self.game),
        }

    def _presence(self) -> None:
        """Tell every connection whose table facts are out of date the seats' presence and the
        number of spectators, as one small ``presence`` event (not the whole state)."""
        self._presence_due = None
        info = self._table_text()
        assert self._info_last is not None  # (set by _table_text just above)
        seats = [
            {"connected": s["connected"], "auto": s["auto"], "away": s["away"]}
            for s in self._info_last["seats"]
        ]
        text = _dumps(
            {
                "type": "presence",
                "seats": seats,
                "spectators": sum(1 for c in self.conns if c.joined and c.seat is None),
            }
        )
        for conn in list(self.conns):
            if conn.joined and not conn.dead and conn.table_sent != info:
                conn.send(text)
                conn.table_sent = info

    def _seat_presence(self) -> tuple[bool, ...]:
        return tuple(self.connected(s) for s in range(len(self.row.seats)))

    def _prev_trick(self) -> dict[str, Any] | None:
        t = self.prev_trick
        if t is None or self.game.tricks:
            return None
        return {"leader": t.leader, "cards": [str(c) for c in t.cards], "winner": t.winner}

    # -- the actor loop ---------------------------------------------------------------

    async def _run(self) -> None:
        inbox = self.inbox
        while True:
            wake = self._next_wake()
            item: tuple[Any, ...] | None
            if wake is None:
                item = await inbox.get()
            else:
                delay = wake - time.monotonic()
                if delay <= 0 and inbox.empty():
                    item = None
                    await asyncio.sleep(0)  # computers with no delay must not starve the other tables
                else:
                    try:
                        item = await asyncio.wait_for(inbox.get(), max(0.0, delay))
                    except TimeoutError:
                        item = None
            try:
                if item is not None:
                    await self._handle(item)
                await self._due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: error while handling %r", self.id, item and item[0])
                await asyncio.sleep(0.05)

    def _next_wake(self) -> float | None:
        times = []
        now_m = time.monotonic()
        if self.closed:
            return self._presence_due
        if self.empty_since is not None and not self.game.is_over:
            times.append(self.empty_since + self.close_after)
        for i, since in enumerate(self.away_since):
            if since is not None and not self.auto[i]:
                times.append(since + self.grace)
        game = self.game
        s = game.to_act
        if s is not None and not self.waiting:
            seat = self.row.seats[s]
            if seat.kind == "bot" or self.auto[s]:
                times.append(self.turn_started + self.bot_delay)
            elif self.turn_timer:
                times.append(self.turn_started + self.turn_timer)
        if self._presence_due is not None:
            times.append(self._presence_due)
        if not times:
            return None
        return max(min(times), now_m - 1)

    async def _due(self) -> None:
        now = time.monotonic()
        if self._presence_due is not None and now >= self._presence_due:
            self._presence()
        if self.closed:
            return
        if (
            self.empty_since is not None
            and not self.game.is_over
            and now >= self.empty_since + self.close_after
        ):
            await self._close()
            return
        changed = False
        for i, since in enumerate(self.away_since):
            if since is not None and not self.auto[i] and now >= since + self.grace:
                self.auto[i] = True
                changed = True
        game = self.game
        s = game.to_act
        if s is not None and not self.waiting:
            seat = self.row.seats[s]
            robot = seat.kind == "bot" or self.auto[s]
            if not robot and self.turn_timer and now >= self.turn_started + self.turn_timer:
                await self._timed_out(s)
                return
            if robot and now >= self.turn_started + self.bot_delay:
                version = self.version
                action = await decide(self._level(s), self._bot(s), game, s)
                if self.version != version or self.game.to_act != s:
                    return  # cannot happen (only this task changes the game); never apply a stale move
                await self._commit(s, action)
                return
        if changed:
            self.broadcast()

    async def _timed_out(self, s: int) -> None:
        """The turn timer ran out on a person: the computer plays this one turn for them and
        they stay in charge.  The seat is marked away (the computer goes on playing for it
        until the person acts or says "back") after :data:`MISSES_BEFORE_AWAY` such turns in
        a row, or at once when the person is not connected."""
        before = (self.missed[s], self.auto[s])
        self.missed[s] += 1
        if self.missed[s] >= MISSES_BEFORE_AWAY or not self.connected(s):
            self.auto[s] = True
        version = self.version
        action: Action
        if not self.auto[s] and LOOK in self.game.legal_actions():
            action = LOOK  # a person who is still in charge is never committed to a blind nil
        else:
            action = await decide(self._level(s), self._bot(s), self.game, s)
        if self.version != version or self.game.to_act != s:
            self.missed[s], self.auto[s] = before
            return
        try:
            await self._commit(s, action)  # (tells everybody, with the seat's new facts)
        except Exception:
            self.missed[s], self.auto[s] = before
            raise
        # what happened, for the page to say: to everybody without the move (a pass names
        # cards), to the seat's own connections with it
        done = str(self.game.actions[-1][1])
        note = {"type": "timeout", "seat": s, "missed": self.missed[s], "away": self.auto[s]}
        for conn in list(self.conns):
            if conn.joined and not conn.dead:
                conn.send({**note, "action": done} if conn.seat == s else note)

    async def _close(self) -> None:
        """Everybody left and nobody came back in ``close_after`` seconds: the table stops
        (no computer plays on for nobody), leaves the lobby and is stored as finished (result
        ``{"closed": true, ...}``) so that a restart does not resume it."""
        self.closed = True
        self.empty_since = None
        self.pause_until = None
        result = {**finished_result(self.game), "winner": None, "closed": True}
        try:
            await self.storage.finish(self.id, result)
        except Exception as exc:  # still closed here; a restart may resume it once more
            log.error("table %s: could not mark the table closed: %s", self.id, exc)
        self.row.finished = True
        self.row.result = result
        log.info("table closed: everybody left", extra={"event": "closed", "table": self.id})
        self.broadcast()

    def _level(self, seat: int) -> str:
        spec = self.row.seats[seat]
        return str(spec.level if spec.kind == "bot" else self.row.config.get("stand_in", "expert"))

    def _bot(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = pick_bot(self._level(seat), seed=secrets.randbits(32))
        return bot

    async def _commit(self, seat: int, action: Action | str) -> None:
        """Apply, log durably, then tell everybody.  Raises IllegalActionError/StorageError."""
        game = self.game
        started = time.time()
        hands_before = game.hands_played
        events = game.apply(action, seat=seat)
        done = game.actions[-1][1]
        v = self.version
        try:
            await self.storage.append(self.id, v, seat, str(done))
        except Exception as exc:
            game.undo(1)
            log.error("table %s: could not log action %s: %s", self.id, v, exc)
            raise StorageError(N_("The server could not save that move; please try again")) from exc
        receiver = next((e.receiver for e in events if isinstance(e, ExchangePassed)), None)
        self.events.append(_Event(v, hands_before, seat, done, receiver, started))
        self.last_activity = started
        if game.hands_played > hands_before:
            # the hand's last trick, kept to show after the table moves on to the next hand
            last = next(e for e in reversed(events) if isinstance(e, TrickWon))
            self.prev_trick = TrickRecord(last.leader, last.cards, last.winner)
            await self._more_decks()
        self.turn_started = time.monotonic()
        self._maybe_pause()
        if game.is_over:
            try:
                await self.storage.finish(self.id, finished_result(game))
            except Exception as exc:  # the log is safe; a restart marks the table finished
                log.error("table %s: could not mark the game finished: %s", self.id, exc)
        self.broadcast()
        self.metrics.action(time.time() - started)

    def _maybe_pause(self) -> None:
        """After a hand ends, nobody (computer or turn timer) moves for ``hand_pause`` seconds,
        or until every connected person has said ``ready``: time to read the hand's summary."""
        game = self.game
        if game.hands_played == self._hands_seen:
            return
        self._hands_seen = game.hands_played
        if game.is_over and self.on_finish is not None:
            task = asyncio.get_running_loop().create_task(self.on_finish(self))
            self._background.add(task)  # (a task nobody refers to may be collected mid-way)
            task.add_done_callback(self._background.discard)
        if game.is_over or not self.hand_pause or not any(s.kind == "human" for s in self.row.seats):
            return
        self.pause_until = self.turn_started = time.monotonic() + self.hand_pause
        self._ready = set()

    def _on_ready(self, seat: int) -> None:
        if self.pause_until is None or time.monotonic() >= self.pause_until:
            return
        self._ready.add(seat)
        present = {s for s, spec in enumerate(self.row.seats) if spec.kind == "human" and self.connected(s)}
        if present <= self._ready:
            self.pause_until = None
            self.turn_started = time.monotonic()
            self.broadcast()

    async def _more_decks(self) -> None:
        """Keep secret decks ahead of the game (a long game may need more than were made)."""
        game = self.game
        if game.is_over or game.hands_played + 2 < len(self.row.decks):
            return
        if len(self.row.secrets) == len(self.row.decks):
            more_secrets, more = secret_decks(game.rules, _DECKS_AHEAD)
            self.row.secrets = self.row.secrets + more_secrets
        else:  # a table made before fair deals goes on without them
            more = new_decks(game.rules, _DECKS_AHEAD)
        self.row.decks = self.row.decks + more
        await self.storage.save_decks(self.id, self.row.decks, self.row.secrets)
        rebuilt = Game(game.rules, seed=self.row.seed, dealer=self.row.dealer, decks=self.row.decks)
        for s, a in game.actions:
            rebuilt.apply(a, seat=s)
        self.game = rebuilt

    # -- inbox items -----------------------------------------------------------------------

    async def _handle(self, item: tuple[Any, ...]) -> None:
        kind = item[0]
        if kind == "msg":
            await self._on_message(item[1], item[2])
        elif kind == "join":
            self._on_join(item[1], item[2], item[3], item[4] if len(item) > 4 else None)
            await self._send_chat_history(item[1])
        elif kind == "leave":
            self._on_leave(item[1])
        elif kind == "claim":
            fut = item[-1]
            try:
                result = await self._claim(
                    item[1], item[2], item[3] if len(item) > 4 else None, item[4] if len(item) > 5 else None
                )
            except Exception as exc:
                if not fut.done():
                    fut.set_exception(exc)
            else:
                if not fut.done():
                    fut.set_result(result)
        elif kind == "info":
            item[1].set_result(self.info())
        elif kind in ("chat_context", "keep_partner"):
            await self._answer(item)

    def _on_join(self, conn: Conn, token: str | None, since: int | None, player: str | None = None) -> None:
        seat: int | None = None
        conn.player = player
        if token is None and player is not None:  # the player's key finds their seat on any device
            seat = next(
                (
                    s
                    for s, spec in enumerate(self.row.seats)
                    if spec.kind == "human" and spec.player == player
                ),
                None,
            )
        if token is not None:
            digest = hash_token(token)
            for s, spec in enumerate(self.row.seats):
                if (
                    spec.kind == "human"
                    and spec.token_hash is not None
                    and secrets.compare_digest(spec.token_hash, digest)
                ):
                    seat = s
                    break
            if seat is None:
                conn.send(
                    {
                        "type": "error",
                        "code": "bad_token",
                        "message": N_("That seat link is not valid for this table (you can still watch)"),
                    }
                )
                conn.close(4401)
                return
        before = self._seat_presence()
        was_auto = seat is not None and self.auto[seat]
        conn.seat = seat
        conn.joined = True
        conn.since = since if since is not None and since <= self.version else -1
        self.conns.add(conn)
        if seat is not None:
            self.away_since[seat] = None
            self.auto[seat] = False
            self.missed[seat] = 0
        if was_auto and self.game.to_act == seat:
            self.turn_started = time.monotonic()
        if seat is None:
            self._spectators_seen += 1
            conn.label = conn.label or f"Spectator {self._spectators_seen}"
        self._people_check()
        self._send_state(conn)
        self._after_presence_change(before)

    def _send_state(self, conn: Conn) -> None:
        """The full state to one connection (a new one): with the events of the current hand
        when it has none of its own yet, so that its play log is whole."""
        info = self._table_text()
        shared = self._shared()
        since = conn.since
        if since < 0:
            hand = self.game.hands_played - (1 if self.game.is_over else 0)
            first = next((e.v for e in self.events if e.hand >= hand), self.version + 1)
            since = first - 1
        conn.send(self.message_for(conn.seat, since, shared, {}, True))
        conn.table_sent = info
        conn.since = self.version

    def _after_presence_change(self, before: tuple[bool, ...]) -> None:
        """A seat's presence changed: a small event to all now; only the spectator count: soon."""
        if self._seat_presence() != before:
            self._presence()
        elif self._presence_due is None:
            self._presence_due = time.monotonic() + _PRESENCE_EVERY

    def _on_leave(self, conn: Conn) -> None:
        before = self._seat_presence()
        self.conns.discard(conn)
        conn.dead = True
        seat = conn.seat
        if seat is not None and not self.connected(seat):
            self.away_since[seat] = time.monotonic()
        self._people_check()
        self._after_presence_change(before)

    async def _on_message(self, conn: Conn, msg: ClientMessage) -> None:
        if not conn.joined or conn.dead:
            return
        seat = conn.seat
        if msg.type == "ping":
            conn.send({"type": "pong", "v": self.version})
            return
        if msg.type == "ready":
            if seat is not None:
                if self._returned(seat):  # "Continue" after the hand's summary: the person is here
                    self.broadcast()
                self._on_ready(seat)
            return
        if msg.type == "chat":
            await self._on_chat(conn, msg.text or "")
            return
        if msg.type == "rematch":
            await self._on_rematch(conn)
            return
        if seat is None and msg.type in ("act", "hint", "back", "fill"):
            conn.send(
                {
                    "type": "error",
                    "code": "spectator",
                    "message": N_("Spectators cannot play: join an open seat"),
                }
            )
            return
        assert seat is not None  # for the type checker; spectators returned above
        if self.closed:
            conn.send({"type": "error", "code": "closed", "message": CLOSED_MESSAGE})
            return
        # any action of the person (a move, a hint, "I'm back") says they are here
        returned = self._returned(seat)
        if msg.type == "back":
            if returned:
                self.broadcast()
            return
        if msg.type == "fill":
            await self._fill()
            if returned:
                self.broadcast()
            return
        if msg.type == "hint":
            if not self.hints:
                conn.send(
                    {"type": "error", "code": "no_hints", "message": N_("Hints are turned off at this table")}
                )
            elif self.game.to_act != seat or self.waiting:
                conn.send(
                    {"type": "error", "code": "not_your_turn", "message": N_("A hint is given on your turn")}
                )
            else:
                level = str(self.row.config.get("stand_in", "expert"))
                helper = pick_bot(level, seed=secrets.randbits(32))
                hint = await decide(level, helper, self.game, seat)
                conn.send({"type": "hint", "v": self.version, "action": str(hint)})
            if returned:
                self.broadcast()
            return
        before = self.version
        try:
            await self._act(conn, seat, msg)
        finally:
            if returned and self.version == before:
                self.broadcast()  # nothing was played: tell everybody the seat is back anyway

    def _returned(self, seat: int) -> bool:
        """The person at ``seat`` acted: no longer away, no missed turns; True when that changed
        the seat's facts (it was away or had missed a turn)."""
        changed = self.auto[seat] or self.missed[seat] > 0
        self.missed[seat] = 0
        if not self.auto[seat]:
            return changed
        self.auto[seat] = False
        if self.game.to_act == seat:  # their turn again, with the whole timer (after any pause)
            self.turn_started = max(self.turn_started, time.monotonic())
        return True

    async def _act(self, conn: Conn, seat: int, msg: ClientMessage) -> None:
        """A seated person's move."""
        # an action
        if self.game.is_over:
            conn.send({"type": "error", "code": "over", "message": N_("The game is over")})
            return
        if self.waiting:
            conn.send(
                {
                    "type": "error",
                    "code": "waiting",
                    "message": N_(
                        "Waiting for players: share the invite code, or let computers fill the seats"
                    ),
                }
            )
            return
        if msg.v != self.version:
            conn.send(
                {
                    "type": "error",
                    "code": "stale",
                    "v": self.version,
                    "message": N_(
                        "The table moved on before that arrived (or it came twice); nothing changed"
                    ),
                }
            )
            return
        try:
            await self._commit(seat, msg.action or "")
        except IllegalActionError as exc:
            # the engine's code and params (when it gives them): each client can word the error
            conn.send(
                {
                    "type": "error",
                    "code": "illegal",
                    "message": str(exc),
                    "v": self.version,
                    "reason": getattr(exc, "code", None),
                    "params": json_params(getattr(exc, "params", None)),
                }
            )
            return
        except StorageError as exc:
            conn.send({"type": "error", "code": "storage", "message": str(exc), "v": self.version})
            return

    def _chat_player(self, conn: Conn) -> str | None:
        """The player id behind a connection: its seat's player, else its hello's player key."""
        if conn.seat is not None:
            return self.row.seats[conn.seat].player or conn.player
        return conn.player

    async def _on_chat(self, conn: Conn, text: str) -> None:
        """Players talk to the players, spectators to the spectators; text only, rate limited.
        The operator's words are masked (:class:`.social.ChatFilter`) before the message is
        kept or sent; whoever blocked the sender does not get it."""
        if not conn.chat_limit.allow():
            conn.send(
                {
                    "type": "error",
                    "code": "chat_rate",
                    "message": N_("You are chatting too fast: wait a moment"),
                }
            )
            return
        seat = conn.seat
        channel = "players" if seat is not None else "spectators"
        name = (
            (self.row.seats[seat].name or self.game.rules.seat_name(seat)) if seat is not None else conn.label
        )
        sender = self._chat_player(conn)
        self._chat_seq += 1
        shown = self.censor.mask(text) if self.censor is not None else text
        message = {
            "type": "chat",
            "id": self._chat_seq,
            "channel": channel,
            "from": name,
            "seat": seat,
            "player": sender,
            "text": shown,
            "at": round(time.time(), 3),
        }
        self.chat[channel].append(message)
        self._chat_original[self._chat_seq] = text
        self._chat_original.pop(self._chat_seq - 2 * _CHAT_KEPT, None)
        blockers = await self._blockers(sender)
        for other in list(self.conns):
            if other.joined and not other.dead and (other.seat is not None) == (seat is not None):
                if blockers and self._chat_player(other) in blockers:
                    continue
                other.send(message)

    async def _blockers(self, player: str | None) -> set[str]:
        if player is None or self.social is None:
            return set()
        try:
            return await self.social.blockers(player)
        except Exception:  # the chat goes on without the database; the page hides them too
            log.exception("table %s: could not read the blocks", self.id)
            return set()

    async def _send_chat_history(self, conn: Conn) -> None:
        """A new connection's chat: its channel's recent messages, less those of players it blocked."""
        if not conn.joined or conn.dead:
            return
        channel = self.chat["players" if conn.seat is not None else "spectators"]
        if not channel:
            return
        me = self._chat_player(conn)
        hidden: set[str] = set()
        if me is not None and self.social is not None:
            with contextlib.suppress(Exception):
                hidden = await self.social.blocked(me)
        messages = [m for m in channel if m.get("player") not in hidden or m.get("player") is None]
        conn.send({"type": "chat_history", "messages": messages})

    async def _answer(self, item: tuple[Any, ...]) -> None:
        """A call whose answer is a value or a LookupError: ``chat_context``, ``keep_partner``."""
        fut = item[-1]
        try:
            if item[0] == "chat_context":
                value: Any = self.chat_context(item[1], item[2])
            else:
                value = await self._keep_partner(item[1], item[2])
        except Exception as exc:
            if not fut.done():
                fut.set_exception(exc)
        else:
            if not fut.done():
                fut.set_result(value)

    def chat_context(self, message_id: Any, reporter: Any) -> dict[str, Any]:
        """A chat message that ``reporter`` (a player id) could read, with the few before it in
        its channel: what a report keeps for the operator."""
        for name, channel in self.chat.items():
            kept = list(channel)
            at = next((i for i, m in enumerate(kept) if m.get("id") == message_id), None)
            if at is None:
                continue
            if not self._reads(name, reporter):
                break
            message = kept[at]
            if message.get("player") == reporter:
                raise LookupError(N_("You cannot report your own message"))
            return {
                "message": message,
                "original": self._chat_original.get(int(message_id), message["text"]),
                "before": kept[max(0, at - _CHAT_CONTEXT) : at],
                "table": self.id,
            }
        raise LookupError(N_("That message is no longer kept at this table"))

    def _reads(self, channel: str, player: Any) -> bool:
        """Whether ``player`` sits at this table (the players' chat) or watches it (the spectators')."""
        if not isinstance(player, str):
            return False
        if channel == "players":
            return any(s.kind == "human" and s.player == player for s in self.row.seats)
        return any(c.player == player and c.seat is None and not c.dead for c in self.conns)

    async def _keep_partner(self, token: Any, player: Any) -> str:
        """After a partnership game, a seated player asks for a new game with the same partner:
        the two keep their seats (and seat links) at a new table, the computers hold the other
        seats until people take them (Play now).  Only the two partners are sent there."""
        seat = self._seat_of(token, player)
        if seat is None:
            raise LookupError(N_("Only the players can ask for a rematch"))
        if self.game.rules.num_seats != 4 or self.game.rules.variant != "partnership":
            raise LookupError(N_("This game has no partners"))
        if not self.game.is_over:
            raise LookupError(N_("A rematch is offered when the game ends"))
        partner = (seat + 2) % 4
        if self.row.seats[partner].kind != "human":
            raise LookupError(N_("Your partner was a computer player: start a new table in the lobby"))
        if self.on_keep_partner is None:
            raise LookupError(N_("Rematches are not offered here"))
        key = f"partner{seat % 2}"
        new_id = self.row.config.get(key)
        if new_id is None:
            new_id = await self.on_keep_partner(self, seat)
            self.row.config[key] = new_id
        for other in list(self.conns):
            if other.joined and not other.dead and other.seat in (seat, partner):
                other.send({"type": "rematch", "id": new_id, "keep": "partner"})
        return str(new_id)

    def _seat_of(self, token: Any, player: Any) -> int | None:
        for s, spec in enumerate(self.row.seats):
            if spec.kind != "human":
                continue
            if isinstance(token, str) and spec.token_hash is not None:
                if secrets.compare_digest(spec.token_hash, hash_token(token)):
                    return s
            elif isinstance(player, str) and spec.player == player:
                return s
        return None

    async def _on_rematch(self, conn: Conn) -> None:
        """After the game, a seated player asks for a new table with the same seats."""
        if conn.seat is None:
            conn.send(
                {
                    "type": "error",
                    "code": "spectator",
                    "message": N_("Only the players can ask for a rematch"),
                }
            )
            return
        if not self.game.is_over:
            conn.send(
                {
                    "type": "error",
                    "code": "not_over",
                    "message": N_("A rematch is offered when the game ends"),
                }
            )
            return
        new_id = self.row.config.get("rematch")
        if new_id is None:
            if self.on_rematch is None:
                conn.send(
                    {"type": "error", "code": "no_rematch", "message": N_("Rematches are not offered here")}
                )
                return
            new_id = await self.on_rematch(self)
            self.row.config["rematch"] = new_id
        for other in list(self.conns):
            if other.joined and not other.dead:
                other.send({"type": "rematch", "id": new_id})

    async def _fill(self) -> None:
        level = self.row.config.get("stand_in", "expert")
        changed = False
        for spec in self.row.seats:
            if spec.kind == "open":
                spec.kind = "bot"
                spec.level = level
                changed = True
        if changed:
            await self.storage.save_seats(self.id, self.row.seats)
            self.turn_started = time.monotonic()
            self.broadcast()

    async def _claim(
        self, seat: int | None, name: str, player: str | None = None, avoid: Any = None
    ) -> tuple[int, str]:
        """A person takes an open seat (or, at a "play now" table, a computer's seat); never at
        a table where someone in ``avoid`` sits (blocked by or blocking the person)."""
        if self.closed:
            raise LookupError(CLOSED_MESSAGE)
        if avoid and any(spec.kind == "human" and spec.player in avoid for spec in self.row.seats):
            raise LookupError(
                N_("You cannot sit at this table: a player there and you have a block between you")
            )
        if player is not None:
            for spec in self.row.seats:
                if spec.kind == "human" and spec.player == player:
                    raise LookupError(N_("You already sit at this table: reload the page to take your seat"))
        open_seats = [s for s, spec in enumerate(self.row.seats) if spec.kind == "open"]
        if not open_seats and self.row.config.get("yield") and not self.game.is_over:
            open_seats = [s for s, spec in enumerate(self.row.seats) if spec.kind == "bot"]
        if not open_seats:
            raise LookupError(N_("Every seat at this table is taken; you can watch as a spectator"))
        if seat is None:
            seat = open_seats[0]
        elif seat not in open_seats:
            raise LookupError(N_("That seat is taken; choose another one"))
        token = secrets.token_urlsafe(24)
        spec = self.row.seats[seat]
        old = SeatRow(spec.kind, spec.level, spec.name, spec.token_hash, spec.player)
        spec.kind, spec.name, spec.token_hash, spec.player = "human", name, hash_token(token), player
        try:
            await self.storage.save_seats(self.id, self.row.seats)
        except Exception:
            self.row.seats[seat] = old
            raise
        self._bots.pop(seat, None)
        self.auto[seat] = False
        self.missed[seat] = 0
        self.away_since[seat] = time.monotonic()
        self._people_check()
        self.turn_started = time.monotonic()
        self.broadcast()
        return seat, token
