"""The game behind ``spades play``, without any user interface.

:class:`Controller` owns a :class:`~spades.game.Game` in which one seat is a
person and every other seat a computer player.  It is plain Python so that it
can be tested (and fuzzed) without a terminal; the textual application in
:mod:`spades.tui.app` only draws its state and feeds it keystrokes.

What it does:

* **Input.**  :meth:`Controller.submit` takes one typed line: the game's
  notation (``bid 4``, ``nil``, ``blind nil``, ``look``, ``QH``,
  ``pass 2C 3D 4H``, ``keep``, ``reject``, ``discard 2C``), applied for the
  person's seat with :meth:`Game.apply` (whose :class:`IllegalActionError`
  message becomes the answer), or a command: ``hint``, ``undo``, ``last``,
  ``help``, ``save``, ``new``, ``quit``.  Every answer is a :class:`Message`;
  no input raises.
* **Computer players.**  :meth:`bot_turn` hands out the next bot decision as a
  :class:`BotTurn` (the seat's :class:`View` and its bot), which can be
  computed on another thread; :meth:`commit` applies the result only if the game
  has not moved on meanwhile (an ``undo`` or ``new`` bumps
  :attr:`generation`).  :meth:`run_bots` does both at once for callers without
  a clock.  Bots wait while a finished hand's summary is unacknowledged.
* **Undo** takes the game back to just before the person's last decision
  (their action and every computer move after it), by :meth:`Game.undo`.
* **Hint** asks the strongest installed bot (expert, else basic, else random)
  what it would do for the person's seat and why (:mod:`spades.tui.hints`).
* **Saving**: the record (plus who sits where) is written after every action.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..actions import Action, Choice, Discard, Pass
from ..bids import Bid
from ..bots import Bot
from ..cards import Card, Suit
from ..errors import RecordError
from ..events import Event, HandScored, TrickWon, for_seat
from ..game import Game, Phase
from ..i18n import (
    N_,
    _,
    bot_level,
    command_word,
    english_command,
    error_text,
    level_name,
    ngettext,
    number,
    seat_letter,
    term,
)
from ..narrate import Narrator
from ..rules import Rules
from ..view import HandSummary, TrickRecord, View
from . import hints
from .stats import StatsError, Totals, game_entry, load_stats, update_stats
from .storage import PlayerInfo, load_game, new_game_path, storage_undos, write_record

__all__ = [
    "HELP_LINES",
    "BotTurn",
    "Controller",
    "HintTurn",
    "Message",
    "Option",
    "Prompt",
    "make_bot",
]

#: The bot used when a requested one is not installed.
FALLBACK_BOT: Final = "random"
#: Bots asked for hints, strongest first.
HINT_BOTS: Final = ("expert", "basic", "random")
#: The computer players at the table unless chosen: the strongest bot whose decisions stay
#: under a second (the expert, capped at :data:`TABLE_SECONDS`; measured on a loaded 2-core
#: machine: median 0.08 s, slowest 0.85 s, against 3.1 s for its bids uncapped).
DEFAULT_BOT: Final = "expert"
#: Thinking time of a table bot that takes a ``seconds`` option (the expert).
TABLE_SECONDS: Final = 0.9
#: The levels the ``level`` command offers, weakest first.
LEVELS: Final = ("random", "basic", "expert")

HELP_LINES: Final = (
    N_("Choose with the arrow keys and Enter, or type a move and Enter:"),
    N_("  bid 4 · 4 · nil · blind nil · look   bidding"),
    N_("  QH · 10h · Q♥ · play QH              play a card"),
    N_("  pass 2C 3D 4H                        blind-nil exchange"),
    N_("  keep · reject                        two-player draw"),
    N_("  discard 2C 3D · discard              two-player redraw"),
    N_("  (Space marks cards for a pass or a discard)"),
    N_("  mouse: click a card to choose it, click it again to play it"),
    N_("Commands:"),
    N_("  hint    what the computer would do, and why"),
    N_("  undo    take back your last decision (also Ctrl+Z)"),
    N_("  last    show the last trick"),
    N_("  analyse what each card of the last hand cost"),
    N_("  rules   the rules in force (also F2)"),
    N_("  tutorial a short guide to a first game"),
    N_("  level expert · level basic   the computer players' level"),
    N_("  stats   your statistics across games"),
    N_("  save    save now (the game is saved after every move)"),
    N_("  new     start a new game with the same options"),
    N_("  quit    leave (Ctrl+Q, Ctrl+C); go on later: spades play --resume"),
    N_("Page Up/Down scroll the log of the game's moves."),
)

_COMMANDS: Final = (
    "hint", "undo", "last", "analyse", "analyze", "help", "save", "new", "quit", "exit", "?", "level",
    "rules", "tutorial", "stats",
)
_MAX_LINE: Final = 200
#: words the screen shows translated that a player may type back (see Controller.english)
_LOCAL_WORDS: Final = (
    "hint", "undo", "last", "analyse", "help", "save", "new", "quit", "look", "nil", "blind nil",
    "keep", "reject", "draw", "pass", "discard", "play",
)
#: the jokers' names a player may type (in English and in the language in use), each to its
#: notation: "play big joker", «большой джокер» are BJ
JOKER_NAMES: Final = (
    (N_("the big joker"), "BJ"),
    (N_("the little joker"), "LJ"),
    (N_("big joker"), "BJ"),
    (N_("little joker"), "LJ"),
)


#: the values of the choice options in words (the rules screen), by (option, value)
CHOICE_WORDS: Final = {
    ("deck", "standard"): N_("standard, 52 cards"),
    ("deck", "jokers"): N_("Joker-Joker-Ace: BJ LJ above A♠, no 2♣ 2♦"),
    ("deck", "jokers-deuces"): N_("Joker-Joker-Deuce-Deuce: BJ LJ 2♦ 2♠ above A♠, no 2♣ 2♥"),
    ("deck", "deuces"): N_("Deuce-Deuce-Ace: 2♦ 2♠ above A♠"),
    ("bidding", "standard"): N_("standard"),
    ("bidding", "mirror"): N_("Mirror: everyone bids the spades they hold"),
    ("bidding", "whiz"): N_("Whiz: nil or the spades you hold"),
    ("bidding", "suicide"): N_("Suicide: one nil in each partnership"),
    ("first_lead", "left-of-dealer"): N_("left of the dealer"),
    ("first_lead", "two-of-clubs"): N_("the lowest club"),
}


def joker_notation(text: str) -> str:
    """``text`` with each joker's name (English or the language in use, any case) put as its
    notation: ``'play the big joker'`` -> ``'play BJ'``."""
    names = {name: notation for name, notation in JOKER_NAMES}
    names.update({_(name): notation for name, notation in JOKER_NAMES})
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", names[name], text, flags=re.IGNORECASE)
    return text


@dataclass(frozen=True)
class Message:
    """A line for the player.  ``kind``: ``info``, ``error``, ``hint``, ``event`` or ``help``.

    ``at`` is the number of game actions when it was written (-1: not tied to the
    game); an undo drops the log's messages written after the moves it takes back.
    """

    kind: str
    text: str
    at: int = -1


@dataclass(frozen=True)
class Option:
    """One thing the player can pick with the keyboard.

    ``notation`` is what :meth:`Controller.submit` takes for it; cards carry
    ``card`` and are the options of the play, exchange and redraw decisions.
    """

    label: str
    notation: str
    legal: bool
    card: Card | None = None
    #: the suit the card plays as (the hand is grouped by it: a joker, or the deuces' 2♦,
    #: among the spades)
    group: Suit | None = None


@dataclass(frozen=True)
class Prompt:
    """What the person is being asked: ``kind`` is the phase name or ``wait``/``over``/``summary``."""

    kind: str
    text: str


@dataclass(frozen=True)
class BotTurn:
    """One computer decision to make: pure, so it may run on a worker thread."""

    seat: int
    view: View
    bot: Bot
    token: tuple[int, int]

    def decide(self) -> Action:
        return self.bot.act(self.view)


@dataclass(frozen=True)
class HintTurn:
    """A hint to compute: the person's view when it was asked."""

    controller: Controller
    view: View
    token: tuple[int, int]

    def decide(self) -> tuple[Action | None, str, str]:
        """(action or None, bot name, reason or error text); reads only the view.

        A function of the position and the hint bot's budget (:data:`hints.HINT_DEALS`
        sampled deals, seeded from the position): asked again, it answers the same.
        """
        view = self.view
        bot, used = self.controller._hinter(view)
        try:
            action, weighed = _hint_action(bot, view)
        except Exception as exc:  # a faulty bot must not end the person's game
            return None, used, error_text(exc)
        reason = None
        explainer = getattr(bot, "explain", None)
        if callable(explainer):
            try:
                reason = str(explainer(view, action))
            except Exception:
                reason = None
        if used == FALLBACK_BOT:
            reason = _("a random legal move: no expert or basic computer player is installed")
        elif not reason:
            reason = hints.explain(view, action, used if weighed else "")
            if not weighed and isinstance(action, Card):
                sure = hints.sure_partner_winner(view)
                if sure is not None:
                    reason += _(" (your partner's {card} wins the trick: play low, keep your high cards)")
                    reason = reason.format(card=hints.pretty(sure))
                else:
                    reason += _(" (the safest card for your nil)")
        return action, used, reason


def _hint_action(bot: Bot, view: View) -> tuple[Action, bool]:
    """The hint bot's action for ``view``, never a card certainly worse than another
    (:func:`hints.dominated`); and whether it is the bot's own choice."""
    action = bot.act(view)
    bad = hints.dominated(view)
    if isinstance(action, Card) and action in bad:
        # the bot's sampling picked a card it should never play here: the careful card
        # (the lowest that leaves the partner's trick alone; a nil's safest) instead
        legal = [a for a in view.legal if isinstance(a, Card) and a not in bad]
        choice = hints.careful_card(view)
        return (choice if choice in legal else min(legal, key=lambda c: view.deck.power[int(c)])), False
    return action, True


def make_bot(name: str, seed: int) -> tuple[Bot, str, str | None]:
    """``bots.get(name, seed=seed)``, falling back to the random player only when the
    name is unknown (``bots.get`` raises ValueError).  Returns the bot, the name
    actually used, and a note for the player when it fell back."""
    from .. import bots

    if name == "expert":  # its bids take up to 3 s uncapped: a table bot answers within a second
        with contextlib.suppress(ValueError):
            return bots.get(name, seed=seed, seconds=TABLE_SECONDS), name, None
    try:
        return bots.get(name, seed=seed), name, None
    except ValueError:
        note = _("The {name} computer player is not installed; a random player takes its place").format(
            name=repr(name)
        )
        return bots.get(FALLBACK_BOT, seed=seed), FALLBACK_BOT, note


def _seat_seed(game_seed: int, seat: int, salt: str = "bot") -> int:
    return random.Random(f"{salt}:{game_seed}:{seat}").getrandbits(32)


class Controller:
    """One person against computer players; see the module docstring.

    ``bots`` names each seat's computer player (``None`` for the person's seat).
    ``save_path`` is where the record is written after every action (``None``:
    not saved).
    """

    def __init__(
        self,
        game: Game,
        *,
        human: int,
        bots: Sequence[str | None],
        name: str | None = None,
        save_path: Path | None = None,
        save_folder: Path | None = None,
        hint_bots: Sequence[str] = HINT_BOTS,
    ) -> None:
        rules = game.rules
        if not 0 <= human < rules.num_seats:
            raise ValueError(f"the seat must be from 0 to {rules.num_seats - 1}")
        if len(bots) != rules.num_seats:
            raise ValueError(f"name a computer player for each of the {rules.num_seats} seats")
        self.game = game
        self.human = human
        self.name = name.strip() if name and name.strip() else None
        self.save_path = save_path
        #: when games are saved to the data folder, a new game gets a new file there
        self.save_folder = save_folder
        #: bots asked for hints, first installed one wins
        self.hint_bots = tuple(hint_bots)
        self.generation = 0
        self.log: deque[Message] = deque(maxlen=400)
        self.feedback: Message | None = None
        self.quit_requested = False
        self.last_hint: Action | None = None
        self.save_error: str | None = None
        #: the decision at which ``new`` was typed once, to be confirmed
        self._confirm_new: tuple[int, int] | None = None
        #: each undo of this game: [actions before it, actions it took back] (in the record)
        self.undos: list[list[int]] = []
        #: play the person's card by itself when it is their only legal one (``--auto-play``)
        self.auto_play = False
        #: the decision an undo came back to: not auto-played (undo again goes further back)
        self._no_auto_at: tuple[int, int] | None = None
        self.acknowledged = game.hands_played
        self.requested: list[str | None] = [
            None if s == human else (bots[s] or DEFAULT_BOT) for s in range(len(bots))
        ]
        self.bots: dict[int, Bot] = {}
        self.bot_names: list[str | None] = [None] * rules.num_seats
        self._view_cache: tuple[tuple[int, int], View] | None = None
        #: sides named by seat letters (``N-S``: the screen's narrow panels); False names them
        #: in full (``North-South``: what a screen reader reads as words)
        self.short_sides = True
        #: the last completed trick, kept across the end of a hand
        self.completed: TrickRecord | None = game.tricks[-1] if game.tricks else None
        #: the statistics file (``None``: no statistics kept; ``spades play`` sets it)
        self.stats_path: Path | None = None
        self.stats_error: str | None = None
        #: names this game in the statistics when it is saved nowhere
        self._stats_id = f"unsaved-{random.getrandbits(64):016x}"
        self._stats_hands = game.hands_played
        self._make_bots()

    # -- construction ---------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        *,
        seed: int | None = None,
        human: int | None = None,
        name: str | None = None,
        partner: str = DEFAULT_BOT,
        opponents: str = DEFAULT_BOT,
        save_path: Path | None = None,
        save_folder: Path | None = None,
        hint_bots: Sequence[str] = HINT_BOTS,
    ) -> Controller:
        """A new game: the person at ``human`` (default South, or North without a South)."""
        game = Game(rules, seed=seed)
        seat = default_seat(rules) if human is None else human
        bots = seat_bots(rules, seat, partner, opponents)
        return cls(
            game,
            human=seat,
            bots=bots,
            name=name,
            save_path=save_path,
            save_folder=save_folder,
            hint_bots=hint_bots,
        )

    @classmethod
    def resume(
        cls,
        path: Path,
        *,
        human: int | None = None,
        name: str | None = None,
        partner: str | None = None,
        opponents: str | None = None,
        save_path: Path | None = None,
    ) -> Controller:
        """Continue a saved game.  Seats, names and bots come from the file unless given here.

        Raises :class:`~spades.errors.RecordError` with a readable reason.
        """
        game, players = load_game(path)
        rules = game.rules
        saved_human = next((p for p in players if p.kind == "human"), None)
        seat = human if human is not None else (saved_human.seat if saved_human else default_seat(rules))
        if not 0 <= seat < rules.num_seats:
            raise RecordError(f"this game has seats 0 to {rules.num_seats - 1}, not {seat}")
        saved_bots = {p.seat: p.bot for p in players if p.kind == "bot" and p.bot}
        names: list[str | None] = []
        for s in range(rules.num_seats):
            if s == seat:
                names.append(None)
                continue
            is_partner = rules.partner_of(seat) == s
            wanted = partner if is_partner else opponents
            names.append(wanted or saved_bots.get(s) or DEFAULT_BOT)
        if name is None and saved_human is not None and saved_human.seat == seat:
            name = saved_human.name
        ctl = cls(game, human=seat, bots=names, name=name, save_path=save_path or path)
        ctl.undos = storage_undos(path)
        ctl._replay_log()
        ctl._event(_("Resumed the game saved in {path}").format(path=path))
        return ctl

    def _replay_log(self) -> None:
        """Tell the moves of a resumed game again, so that its log reads as if it had been
        played here (the record's actions replayed on a copy of its start)."""
        record = self.game.to_record()
        if record.get("redraws"):
            return  # explicit redraw draws: not from this front end
        actions = record["actions"]
        record["actions"] = []
        try:
            game = Game.from_record(record)
            words = self.narrator
            for i, (seat, text) in enumerate(actions):
                for event in game.apply(text, seat=seat):
                    event = for_seat(event, self.human)
                    if isinstance(event, TrickWon):
                        self.completed = TrickRecord(event.leader, event.cards, event.winner)
                    for line in words.event(event):
                        self.log.append(Message("event", line, i + 1))
        except (RecordError, ValueError):  # the log is a courtesy: the game itself loaded
            return

    def _make_bots(self) -> None:
        game = self.game
        notes: set[str] = set()
        self.bots = {}
        for seat, wanted in enumerate(self.requested):
            if wanted is None:
                continue
            bot, used, note = make_bot(wanted, _seat_seed(game.seed, seat, f"bot{self.generation}"))
            self.bots[seat] = bot
            self.bot_names[seat] = used
            if note:
                notes.add(note)
        for note in sorted(notes):
            self._event(note, kind="alert")
        if notes:  # also on the message line, until the next answer
            self.feedback = Message("error", " ".join(sorted(notes)))

    # -- who is who ----------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.game.rules

    def label(self, seat: int) -> str:
        """How events name a seat: ``'You'`` (or the person's name) or ``'West'``."""
        if seat == self.human:
            return self.name or _("You")
        return term(self.rules.seat_name(seat))

    def mention(self, seat: int) -> str:
        """How a sentence names a seat after its start: ``'you'`` (or the name), ``'West'``."""
        if seat == self.human:
            return self.name or _("you")
        return term(self.rules.seat_name(seat))

    def title(self, seat: int) -> str:
        """How the table names a seat: ``'South (you)'``, ``'Ann (South)'``, ``'West'``."""
        seat_name = term(self.rules.seat_name(seat))
        if seat == self.human:
            return f"{self.name} ({seat_name})" if self.name else _("{seat} (you)").format(seat=seat_name)
        if self.rules.partner_of(self.human) == seat:
            return _("{seat} (partner)").format(seat=seat_name)
        return seat_name

    def side_label(self, side: int) -> str:
        """``'N-S (you)'``, ``'E-W'`` (``'North-South (you)'`` without :attr:`short_sides`),
        or a seat's title in individual games."""
        rules = self.rules
        seats = rules.seats_of(side)
        mine = rules.side_of(self.human) == side
        if rules.partnerships:
            if self.short_sides:
                text = "-".join(seat_letter(rules.seat_name(s)) for s in seats)
            else:
                text = term(rules.side_name(side))
            return _("{seat} (you)").format(seat=text) if mine else text
        return self.title(seats[0]) if not mine else (_("You") if not self.name else self.name)

    def bots_line(self) -> str:
        """Who the computer players are: ``'partner expert, vs basic'``."""
        rules = self.rules
        partner = rules.partner_of(self.human)
        seats = [s for s in range(rules.num_seats) if s not in (self.human, partner)]
        others = sorted({bot_level(str(self.bot_names[s])) for s in seats})
        text = _("vs {bots}").format(bots="/".join(others))
        if partner is not None:
            text = _("partner {bot}, {rest}").format(bot=bot_level(str(self.bot_names[partner])), rest=text)
        return text

    def players(self) -> list[PlayerInfo]:
        out = []
        for seat in range(self.rules.num_seats):
            if seat == self.human:
                out.append(PlayerInfo(seat, "human", name=self.name))
            else:
                out.append(PlayerInfo(seat, "bot", bot=self.requested[seat]))
        return out

    # -- state for the screen --------------------------------------------------

    @property
    def decision_key(self) -> tuple[int, int]:
        """Changes whenever the game state changes (an action, an undo, a new game)."""
        return (self.generation, len(self.game.actions))

    def view(self) -> View:
        """The person's view of the game now (cached until the next change)."""
        key = self.decision_key
        if self._view_cache is None or self._view_cache[0] != key:
            self._view_cache = (key, self.game.view(self.human))
        return self._view_cache[1]

    @property
    def human_to_act(self) -> bool:
        return not self.game.is_over and self.game.to_act == self.human

    @property
    def pending_summary(self) -> HandSummary | None:
        """The finished hand whose summary the person has not acknowledged yet."""
        game = self.game
        if self.acknowledged < game.hands_played:
            return game.history[-1]
        return None

    def acknowledge(self) -> None:
        """The person has seen the hand summary; computer players may go on."""
        self.acknowledged = self.game.hands_played

    def prompt(self) -> Prompt:
        """What the person is asked now, in words."""
        game = self.game
        rules = self.rules
        if game.is_over:
            return Prompt(
                "over", _("The game is over. 'new' starts another, 'undo' takes back your last move.")
            )
        if self.pending_summary is not None and not self.human_to_act:
            return Prompt("summary", _("Hand over: press Enter to deal the next hand."))
        to_act = game.to_act
        if to_act is None:  # only when over, handled above
            return Prompt("over", _("The game is over."))
        phase = game.phase
        if to_act != self.human:
            waiting = {
                Phase.BLIND: N_("{seat} to choose blind nil or look..."),
                Phase.BID: N_("{seat} to bid..."),
                Phase.EXCHANGE: N_("{seat} to pass cards..."),
                Phase.DRAW: N_("{seat} to draw..."),
                Phase.REDRAW: N_("{seat} to redraw..."),
                Phase.PLAY: N_("{seat} to play..."),
            }.get(phase, N_("{seat} to act..."))
            return Prompt("wait", _(waiting).format(seat=term(rules.seat_name(to_act))))
        view = self.view()
        if phase is Phase.BLIND:
            if rules.uses_draw:  # two players: the cards are drawn after this choice
                return Prompt(
                    "blind",
                    _("Blind nil before drawing ({bonus:+d} if you take no trick), or draw as usual?").format(
                        bonus=rules.blind_nil_bonus
                    ),
                )
            return Prompt(
                "blind",
                _("Blind nil ({bonus:+d} if you take no trick) or look at your cards?").format(
                    bonus=rules.blind_nil_bonus
                ),
            )
        if phase is Phase.BID:
            bids = [a for a in view.legal if isinstance(a, Bid)]
            fixed = self._fixed_bid_prompt(view, bids)
            if fixed is not None:
                return fixed
            lo = min(b.tricks for b in bids)
            hi = max(b.tricks for b in bids)
            first = max(lo, 1)
            if lo == 0:
                return Prompt("bid", _("Your bid: nil or {lo}-{hi} tricks.").format(lo=first, hi=hi))
            return Prompt("bid", _("Your bid: {lo}-{hi} tricks.").format(lo=first, hi=hi))
        if phase is Phase.EXCHANGE:
            k = rules.blind_nil_exchange
            _giver, receiver = view.exchange or (self.human, self.human)
            my_bid = view.bids[self.human]
            if view.received and my_bid is not None and my_bid.blind:
                got = " ".join(hints.pretty(c) for c in view.received.sorted())
                return Prompt(
                    "exchange",
                    ngettext(
                        "You got {got}. Pass {k} card back to {seat}.",
                        "You got {got}. Pass {k} cards back to {seat}.",
                        k,
                    ).format(got=got, k=k, seat=term(rules.seat_name(receiver))),
                )
            return Prompt(
                "exchange",
                ngettext(
                    "{seat} bid blind nil: pass {k} card to {seat}.",
                    "{seat} bid blind nil: pass {k} cards to {seat}.",
                    k,
                ).format(seat=term(rules.seat_name(receiver)), k=k),
            )
        if phase is Phase.DRAW:
            card = view.draw_card
            shown = hints.pretty(card) if card is not None else _("the top card")
            return Prompt(
                "draw",
                _("Keep {card} (the next card is discarded) or reject it (take the next)?").format(
                    card=shown
                ),
            )
        if phase is Phase.REDRAW:
            k = rules.blind_nil_exchange
            return Prompt(
                "redraw",
                ngettext(
                    "Blind nil: discard up to {k} card to redraw from the pile (or none).",
                    "Blind nil: discard up to {k} cards to redraw from the pile (or none).",
                    k,
                ).format(k=k),
            )
        deck = view.deck
        if not view.trick:
            only_spades = view.hand is not None and not view.hand.mask & deck.non_trumps
            if view.spades_broken or not rules.spades_must_be_broken or only_spades:
                return Prompt("play", _("Your lead."))
            return Prompt("play", _("Your lead. Spades are not broken yet."))
        led = hints.play_suit(view.trick[0][1], deck)
        if view.hand is not None and not view.hand.mask & deck.suit_masks[led]:
            text = _("Your turn: you have no {suit}, play any card.")
            return Prompt("play", text.format(suit=term(led.plural)))
        return Prompt("play", _("Your turn: follow {suit} if you can.").format(suit=term(led.plural)))

    def _fixed_bid_prompt(self, view: View, bids: list[Bid]) -> Prompt | None:
        """The bid the cards fix under Mirror ("your bid is your 4 spades") and the two bids
        Whiz leaves (nil or the count); None under the other biddings."""
        bidding = self.rules.bidding
        if bidding not in ("mirror", "whiz"):
            return None
        count = max((b.tricks for b in bids if not b.is_nil), default=0)
        if bidding == "mirror":
            if count == 0:
                return Prompt("bid", _("Mirror: you hold no spades, so your bid is nil."))
            text = ngettext(
                "Mirror: your bid is your {n} spade.", "Mirror: your bid is your {n} spades.", count
            )
            return Prompt("bid", text.format(n=count))
        if count == 0:
            return Prompt("bid", _("Whiz: you hold no spades, so your bid is nil."))
        text = ngettext(
            "Whiz: bid nil or your {n} spade.", "Whiz: bid nil or your {n} spades.", count
        )
        return Prompt("bid", text.format(n=count))

    def options(self) -> list[Option]:
        """What the keyboard can pick now: bids and choices, or the cards of the hand."""
        view = self.view()
        phase = self.game.phase
        mine = self.human_to_act
        if mine and phase is Phase.BID:
            return [Option(term(b.label()), str(b), True) for b in view.legal if isinstance(b, Bid)]
        if mine and phase is Phase.BLIND:
            look = _("draw") if self.rules.uses_draw else _("look")
            return [Option(term("blind nil"), "blind nil", True), Option(look, "look", True)]
        if mine and phase is Phase.DRAW:
            shown = hints.pretty(view.draw_card) if view.draw_card is not None else _("it")
            return [
                Option(_("keep {card}").format(card=shown), "keep", True),
                Option(_("reject {card}").format(card=shown), "reject", True),
            ]
        return self.hand_options()

    def hand_options(self) -> list[Option]:
        """The person's cards in display order, ``legal`` when they may be chosen now."""
        view = self.view()
        phase = self.game.phase
        mine = self.human_to_act
        hand = view.hand
        if hand is None:
            return []
        if mine and phase is Phase.PLAY:
            legal = {a for a in view.legal if isinstance(a, Card)}
        elif mine and phase in (Phase.EXCHANGE, Phase.REDRAW):
            legal = set(hand)
        else:
            legal = set()
        deck = view.deck
        return [
            Option(hints.pretty(c), str(c), c in legal, card=c, group=hints.play_suit(c, deck))
            for c in hints.hand_order(hand, deck)
        ]

    def default_card(self) -> Card | None:
        """Where the card cursor starts when the person is to play: the card a careful
        player would choose (:func:`hints.careful_card`: a nil's safest card, otherwise
        the lowest card that wastes no winner), or the hint's card after a hint."""
        if not self.human_to_act or self.game.phase is not Phase.PLAY:
            return None
        if isinstance(self.last_hint, Card):
            return self.last_hint
        return hints.careful_card(self.view())

    def forced_card(self) -> Card | None:
        """With :attr:`auto_play`, the person's only legal card when they are to play one
        (not at a decision an undo came back to); None otherwise."""
        if not self.auto_play or not self.human_to_act or self.game.phase is not Phase.PLAY:
            return None
        if self.pending_summary is not None or self._no_auto_at == self.decision_key:
            return None
        legal = self.view().legal
        if len(legal) == 1 and isinstance(legal[0], Card):
            return legal[0]
        return None

    def play_forced(self) -> bool:
        """Play the forced card (:meth:`forced_card`), saying so; False when there is none."""
        card = self.forced_card()
        if card is None:
            return False
        self.act(card)
        self._event(_("(auto-play: {card} was your only legal card)").format(card=hints.pretty(card)))
        return True

    def choosing_cards(self) -> int:
        """How many cards to mark for a pass (exactly) or a redraw (at most); 0 otherwise."""
        if self.human_to_act and self.game.phase in (Phase.EXCHANGE, Phase.REDRAW):
            return self.rules.blind_nil_exchange
        return 0

    def last_trick(self) -> TrickRecord | None:
        """The last completed trick of this hand; after the last trick, while the hand's
        summary waits (or the game is over), that last trick.  None at the start of a hand:
        the previous hand's cards are not on the table any more."""
        tricks = self.game.tricks
        if tricks:
            return tricks[-1]
        if self.pending_summary is not None or self.game.is_over:
            return self.completed
        return None

    def hand_number(self) -> int:
        """The hand the screen is about (1-based): the finished one while its summary
        waits or the game is over, else the hand being played."""
        game = self.game
        if self.pending_summary is not None or game.is_over:
            return max(1, game.hands_played)
        return game.hands_played + 1

    def describe_trick(self, trick: TrickRecord) -> str:
        """``'West 2♣, North Q♣, you 4♣, East A♣: won by East'``."""
        n = self.rules.num_seats
        parts = [
            f"{self.label(s) if i == 0 else self.mention(s)} {hints.pretty(c)}"
            for i, (s, c) in enumerate(zip(trick.seats(n), trick.cards))
        ]
        if trick.winner == self.human:
            return _("{cards}: won by you").format(cards=", ".join(parts))
        return _("{cards}: won by {who}").format(cards=", ".join(parts), who=self.mention(trick.winner))

    def suggested_bid(self) -> int | None:
        """Where the bid cursor starts: the hint's bid when a hint was given, else the
        tricks the hand should take by the club player's count
        (:func:`spades.bots.basic.estimate_tricks`), rounded, within the legal bids."""
        if not self.human_to_act or self.game.phase is not Phase.BID:
            return None
        view = self.view()
        legal = sorted({a.tricks for a in view.legal if isinstance(a, Bid) and not a.blind})
        if not legal:
            return None
        if isinstance(self.last_hint, Bid) and self.last_hint.tricks in legal:
            return self.last_hint.tricks
        if view.hand is None:
            return None
        from ..bots.basic import estimate_tricks

        rules = self.rules
        est = estimate_tricks(view.hand.mask, rules.num_seats, rules.partnerships)
        want = max(1, int(est + 0.45))
        numbers = [t for t in legal if t > 0] or legal
        return min(numbers, key=lambda t: (abs(t - want), t))

    # -- input -----------------------------------------------------------------

    def submit(self, line: str) -> Message:
        """Handle one typed line (a move or a command); always answers with a message."""
        if not isinstance(line, str):
            return self._reply("error", _("Type a move such as 'QH' or 'bid 4'."))
        text = " ".join(english_command(line).split())  # «подсказка», «заказ 3» are hint, bid 3
        if not text:
            return self._reply("info", _("Type a move (QH, bid 4...) or hint, undo, last, help."))
        if len(text) > _MAX_LINE:
            return self._reply("error", _("That is too long to be a move."))
        text = self.english(joker_notation(text))
        words = text.lower().split()
        word = words[0]
        if word != "new":
            self._confirm_new = None
        if word == "level":
            return self.set_level(words[1] if len(words) == 2 else "")
        if word in _COMMANDS:
            if len(words) > 1:
                text = _("Just type '{word}' on its own.")
                return self._reply("error", text.format(word=command_word(word)))
            if word == "hint":
                return self.hint()
            if word == "undo":
                return self.undo()
            if word == "last":
                return self.show_last()
            if word in ("analyse", "analyze"):
                return self.analyse()
            if word in ("help", "?"):
                return self._reply("help", _(HELP_LINES[0]))
            if word == "rules":
                return self._reply("rules", "\n".join(self.rules_lines()))
            if word == "tutorial":
                return self._reply("rules", "\n".join(self.tutorial_lines()))
            if word == "stats":
                return self._reply("rules", "\n".join(self.stats_lines()))
            if word == "save":
                return self.save_now()
            if word == "new":
                return self.ask_new_game()
            self.quit_requested = True
            return self._reply("info", _("Goodbye."))
        if (
            self.human_to_act
            and self.game.phase is Phase.BID
            and re.fullmatch(r"(bid )?0+", text.lower())
        ):
            # a typed 0 is a nil bid: a bid with its own bonus and penalty, never by a slip
            text = _(
                "A bid of 0 is nil ({bonus:+d} if you take no trick, {penalty:+d} if you take one): "
                "type 'nil' to bid it."
            )
            bonus = self.rules.nil_bonus
            return self._reply("error", text.format(bonus=bonus, penalty=-bonus))
        return self.act(text)

    def english(self, text: str) -> str:
        """``text`` with the words the screen shows in the player's language (``помощ``,
        ``обява 3``, a translated ``look``) put back into the game's notation."""
        key = text.lower()
        words = {_(w).lower(): w for w in _LOCAL_WORDS if _(w).lower() != w}
        if key in words:
            return words[key]
        bid = _("bid {n}").lower().split("{n}")
        if len(bid) == 2 and bid[0] and key.startswith(bid[0]) and key.endswith(bid[1]):
            number = key[len(bid[0]) : len(key) - len(bid[1]) or None].strip()
            if number.isascii() and number.isdigit():
                return f"bid {number}"
        head, _sep, rest = key.partition(" ")
        if head in words and rest and words[head] in ("pass", "discard", "play"):
            return f"{words[head]} {rest}"
        return text

    def act(self, action: Action | str) -> Message:
        """Apply the person's move; an illegal one is answered with the engine's reason."""
        game = self.game
        if game.is_over:
            return self._reply("error", _("The game is over: type 'new' for another, or 'undo'."))
        if game.to_act != self.human:
            return self._reply("error", _("Wait: {prompt}").format(prompt=self.prompt().text))
        hands_before = game.hands_played
        try:
            events = game.apply(action, seat=self.human)
        except ValueError as exc:
            return self._reply("error", error_text(exc))
        if hands_before > self.acknowledged:
            # moving on in the next hand means the last summary was seen
            self.acknowledged = hands_before
        self.last_hint = None
        self._after_action(events)
        return self._reply("info", "")

    # -- computer players --------------------------------------------------------

    def bot_turn(self) -> BotTurn | None:
        """The next computer decision, or None when it is the person's turn, the game
        is over, or a hand summary is waiting to be acknowledged."""
        game = self.game
        seat = game.to_act
        if game.is_over or seat is None or seat == self.human or self.pending_summary is not None:
            return None
        return BotTurn(seat, game.view(seat), self.bots[seat], self.decision_key)

    def commit(self, turn: BotTurn, action: Action | None, error: BaseException | None = None) -> bool:
        """Apply a bot's decision if the game is still where it was asked; False if stale.

        A bot that failed (``error``) or chose an illegal action is replaced, for
        this move, by a random legal one, and the player is told.
        """
        if turn.token != self.decision_key:
            return False
        game = self.game
        events: tuple[Event, ...] = ()
        if error is None and action is not None:
            try:
                events = game.apply(action, seat=turn.seat)
            except ValueError as exc:
                error = exc
        if error is not None:
            seat_name = self.rules.seat_name(turn.seat)
            self._event(
                _("{seat}'s computer player failed ({error}); it plays a random move").format(
                    seat=term(seat_name), error=error_text(error)
                ),
                kind="alert",
            )
            rng = random.Random(f"fallback:{game.seed}:{len(game.actions)}")
            events = game.apply(rng.choice(game.legal_actions()), seat=turn.seat)
        self._after_action(events)
        return True

    def step(self) -> bool:
        """Make one computer decision here and now; False when none is due."""
        turn = self.bot_turn()
        if turn is None:
            return False
        try:
            action: Action | None = turn.decide()
            error: BaseException | None = None
        except Exception as exc:  # a faulty bot must not end the person's game
            action, error = None, exc
        return self.commit(turn, action, error)

    def run_bots(self, limit: int = 10_000) -> int:
        """Let the computer players move until the person is to act (or a summary waits)."""
        done = 0
        while done < limit and self.step():
            done += 1
        return done

    # -- commands ----------------------------------------------------------------

    def hint(self) -> Message:
        """What the strongest installed bot would do for the person, and why."""
        turn = self.hint_turn()
        if isinstance(turn, Message):
            return turn
        return self.finish_hint(turn, turn.decide())

    def hint_turn(self) -> HintTurn | Message:
        """Prepare a hint (on the main thread); :meth:`HintTurn.decide` may then run anywhere."""
        if not self.human_to_act:
            if self.game.is_over:
                return self._reply("error", _("The game is over: nothing to decide."))
            text = _("Nothing to decide now: {prompt}").format(prompt=self.prompt().text)
            return self._reply("error", text)
        return HintTurn(self, self.view(), self.decision_key)

    def finish_hint(self, turn: HintTurn, result: tuple[Action | None, str, str]) -> Message:
        """Show a computed hint, unless the game has moved on since it was asked."""
        action, used, reason = result
        if turn.token != self.decision_key:
            return Message("info", "")
        if action is None:
            text = _("The {bot} player could not give a hint ({reason}).")
            return self._reply("error", text.format(bot=bot_level(used), reason=reason))
        self.last_hint = action
        return self._reply("hint", _("Hint ({bot}): {action}: {reason}").format(
                bot=bot_level(used), action=hints.pretty_action(action), reason=reason
            ))

    def bots_to_prepare(self) -> list[Bot]:
        """The table's computer players and the hint bot: what to :meth:`~Bot.prepare`
        (compile the expert's solver) on a background thread when the game starts."""
        from .. import bots

        todo = list(self.bots.values())
        # a stand-in: each hint makes its own bot, seeded from the position
        for name in self.hint_bots:
            with contextlib.suppress(ValueError):
                todo.append(bots.get(name))
                break
        return todo

    def _hinter(self, view: View) -> tuple[Bot, str]:
        """A fresh hint bot for ``view``, seeded from the position, with a budget in deals
        (:data:`hints.HINT_DEALS`), not seconds: the same position gets the same hint."""
        from .. import bots

        seed = hints.position_seed(view)
        for name in self.hint_bots:
            try:
                return bots.get(name, seed=seed, samples=hints.HINT_DEALS, playouts=hints.HINT_PLAYOUTS), name
            except ValueError:
                pass
            try:
                return bots.get(name, seed=seed), name
            except ValueError:
                continue
        return bots.get(FALLBACK_BOT, seed=seed), FALLBACK_BOT

    def undo(self) -> Message:
        """Take the game back to just before the person's last decision."""
        game = self.game
        actions = game.actions
        last = next((i for i in range(len(actions) - 1, -1, -1) if actions[i][0] == self.human), None)
        if last is None:
            return self._reply("error", _("Nothing to take back: you have not made a move yet."))
        undone = actions[last][1]
        count = len(actions) - last
        self.undos.append([len(actions), count])
        game.undo(count)
        self.generation += 1
        self._no_auto_at = self.decision_key
        self._forget_log_after(len(game.actions))
        self.completed = game.tricks[-1] if game.tricks else None
        self.acknowledged = min(self.acknowledged, game.hands_played)
        self.last_hint = None
        self._autosave()
        if game.hands_played != self._stats_hands:
            self._record_stats()
        others = count - 1
        what = _describe_action(undone)
        if others:
            text = ngettext(
                "Took back your {what} and {n} computer move after it.",
                "Took back your {what} and {n} computer moves after it.",
                others,
            ).format(what=what, n=others)
        else:
            text = _("Took back your {what}.").format(what=what)
        return self._reply("info", text)

    def show_last(self) -> Message:
        trick = self.last_trick()
        if trick is None:
            return self._reply("info", _("No trick has been completed in this hand yet."))
        return self._reply("info", _("Last trick: ") + self.describe_trick(trick))

    def analyse(self) -> Message:
        """The double-dummy review of the last finished hand (of the whole game once it is
        over), as one ``analysis`` message; see :func:`spades.analysis.review_lines`."""
        from ..analysis import review_lines

        try:
            lines = review_lines(self.game, whole_game=self.game.is_over)
        except ValueError as exc:
            return self._reply("error", str(exc))
        return self._reply("analysis", "\n".join(lines))

    def save_now(self) -> Message:
        if self.save_path is None:
            return self._reply("error", _("This game is not being saved (no file)."))
        self._autosave()
        if self.save_error:
            return self._reply("error", self.save_error)
        return self._reply("info", _("Saved to {path}").format(path=self.save_path))

    def rules_lines(self) -> list[str]:
        """The rules in force, every option in words; ``*`` marks a house rule (an option
        set differently from the variant's standard rules)."""
        from ..narrate import _amount
        from ..rules import OPTIONS, PRESETS

        rules = self.rules
        base = PRESETS[rules.variant]
        out = [_("Rules in force: {variant}").format(variant=_(rules.variant))]
        for opt in OPTIONS:
            value = getattr(rules, opt.name)
            if opt.kind == "bool":
                text = _("on") if value else _("off")
            elif value is None:
                text = _(opt.none or "none")
            elif (opt.name, value) in CHOICE_WORDS:
                text = _(CHOICE_WORDS[opt.name, value])
            else:
                text = _amount(value, opt.unit)
            mark = "*" if value != getattr(base, opt.name) else " "
            out.append(f"{mark} " + _("{option}: {value}").format(option=_(opt.label), value=text))
        if rules.describe():
            out.append(_("* a house rule: not as in the standard rules of this variant"))
        from ..rulesets import rule_string

        out.append(_("Rule string (spades play --rules): {rules}").format(rules=rule_string(rules)))
        return out

    def tutorial_lines(self) -> list[str]:
        """A short guide to a first game under these rules (``tutorial``)."""
        rules = self.rules
        out = [_("A first game of Spades, in short:")]
        if rules.partnerships:
            partner = self.rules.partner_of(self.human)
            out.append(
                _("• You and your partner ({seat}) are a side: your bids add up to the side's contract.")
                .format(seat=term(rules.seat_name(partner)) if partner is not None else "")
            )
        out.append(_("• Bid the tricks you expect to take. Follow the suit led if you can; spades are"))
        out.append(_("  trumps: a spade beats any card of another suit."))
        out.append(
            _(
                "• Made contract: 10 points a trick bid, 1 for each extra trick (a bag); "
                "{limit} bags cost {penalty}."
            ).format(limit=rules.bag_limit, penalty=rules.bag_penalty)
        )
        if rules.nil:
            out.append(
                _("• Nil: take no trick at all for {bonus:+d} ({penalty:+d} if you take one).")
                .format(bonus=rules.nil_bonus, penalty=-rules.nil_bonus)
            )
        out.append(_("• Enter plays the card under the cursor, which starts on a careful choice."))
        out.append(_("• 'hint' says what the computer would do and why; 'undo' takes a move back."))
        out.append(_("Game to {n}").format(n=rules.target_score))
        return out

    def set_level(self, name: str) -> Message:
        """``level expert``: every computer player from now on is ``name`` (one of
        :data:`LEVELS`); the record's players say so."""
        name = level_name(name)  # «эксперт» typed after «уровень» or after 'level'
        if name not in LEVELS:
            text = _("Choose the computer players' level: {levels} (now: {now}).")
            now = "/".join(sorted({bot_level(str(n)) for n in self.bot_names if n is not None}))
            levels = ", ".join(f"{command_word('level')} {bot_level(n)}" for n in LEVELS)
            return self._reply("error", text.format(levels=levels, now=now))
        self.requested = [None if s == self.human else name for s in range(self.rules.num_seats)]
        self.generation += 1  # a decision being computed by the old players is dropped
        self._make_bots()
        self._autosave()
        return self._reply("info", _("The computer players are now {bot}.").format(bot=bot_level(name)))

    def ask_new_game(self) -> Message:
        """``new``: a new game, after asking when it would replace an unfinished game in a
        file the person named (``--save FILE``): ``new`` a second time confirms."""
        game = self.game
        named_file = self.save_path is not None and self.save_folder is None
        started = any(seat == self.human for seat, _action in game.actions)
        if named_file and started and not game.is_over and self._confirm_new != self.decision_key:
            self._confirm_new = self.decision_key
            text = _(
                "The game in {path} is not finished: a new game replaces it there. "
                "Type 'new' again to start one."
            )
            return self._reply("error", text.format(path=self.save_path))
        self._confirm_new = None
        return self.new_game()

    def new_game(self) -> Message:
        """A new game with the same rules, seats and computer players."""
        self.game = Game(self.rules)
        self.generation += 1
        self.log.clear()  # the log is about this game
        self.completed = None
        if self.save_folder is not None:
            self.save_path = new_game_path(self.save_folder)
        self.acknowledged = 0
        self.undos = []
        self.last_hint = None
        self._stats_id = f"unsaved-{random.getrandbits(64):016x}"
        self._stats_hands = 0
        self._make_bots()
        self._autosave()
        self._event(_("A new game: the cards are dealt."))
        return self._reply("info", _("New game started."))

    # -- saving --------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        record = self.game.to_record()
        record["players"] = [p.to_dict() for p in self.players()]
        if self.undos:  # said in the record: moves were taken back (and replies seen)
            record["undos"] = [list(u) for u in self.undos]
        return record

    def _autosave(self) -> None:
        if self.save_path is None:
            return
        try:
            write_record(self.save_path, self.record())
        except OSError as exc:
            text = _("Could not save to {path}: {error}").format(
                path=self.save_path, error=exc.strerror or exc
            )
            if text != self.save_error:
                self._event(text, kind="alert")
            self.save_error = text
        else:
            self.save_error = None

    # -- statistics ----------------------------------------------------------

    def _record_stats(self) -> None:
        """Rewrite this game's entry in the statistics (at the end of a hand, or after an
        undo took one back); a failure is told once in the log, never raised."""
        self._stats_hands = self.game.hands_played
        path = self.stats_path
        if path is None:
            return
        key = f"{self.save_path or self._stats_id}#{self.game.seed}"
        entry = game_entry(
            self.game, self.human, player=self.name, bots=list(self.bot_names), undos=len(self.undos)
        )
        try:
            update_stats(path, key, entry)
        except OSError as exc:
            text = _("Could not save the statistics to {path}: {error}").format(
                path=path, error=exc.strerror or exc
            )
            if text != self.stats_error:
                self._event(text, kind="alert")
            self.stats_error = text
        else:
            self.stats_error = None

    def stats_lines(self) -> list[str]:
        """The person's statistics across games (``stats``), or one line saying why there
        are none: never raises."""
        path = self.stats_path
        if path is None:
            return [_("Statistics are not kept for this game.")]
        try:
            games = load_stats(path)
        except StatsError:
            return [_("The statistics file {path} cannot be read; a new one starts at the next hand.")
                    .format(path=path)]
        t = Totals.of(games, self.name)
        if not t.counts["hands"]:
            return [_("No statistics yet: they are counted at the end of every hand.")]
        c = t.counts

        def num(value: float, digits: int = 0) -> str:
            return number(value, digits)

        def pct(part: int, whole: int) -> str:
            return num(100 * part / whole) if whole else "–"

        out = [
            _("Your statistics across games"),
            _("Games played: {n} · won {won} · lost {lost}").format(
                n=num(t.played), won=num(t.won), lost=num(t.lost)
            ),
            _("Unfinished games: {n}").format(n=num(t.unfinished)),
            _("Hands: {n}").format(n=num(c["hands"])),
            _("Contracts made: {made} of {bids} ({pct}%)").format(
                made=num(c["contracts_made"]), bids=num(c["contracts"]),
                pct=pct(c["contracts_made"], c["contracts"]),
            ),
            _("Sets: {n}").format(n=num(c["sets"])),
            _("Bags per hand: {x}").format(x=num(c["bags"] / c["hands"], 2)),
            _("Nils made: {made} of {n}").format(made=num(c["nils_made"]), n=num(c["nils"])),
            _("Blind nils made: {made} of {n}").format(
                made=num(c["blind_nils_made"]), n=num(c["blind_nils"])
            ),
            _("Games with an undo: {n}").format(n=num(t.with_undo)),
        ]
        for level, (won, lost) in sorted(t.partners.items()):
            out.append(
                _("With a partner of level {level}: won {won}, lost {lost}").format(
                    level=bot_level(level), won=num(won), lost=num(lost)
                )
            )
        return out

    # -- narration ---------------------------------------------------------------

    def tell(self, kind: str, text: str) -> Message:
        """Show the person a passing message on the message line; it is not logged."""
        message = Message(kind, text, len(self.game.actions))
        self.feedback = message if text else None
        return message

    def clear_error(self) -> None:
        """Drop an error from the message line (what it was about has changed)."""
        if self.feedback is not None and self.feedback.kind == "error":
            self.feedback = None

    def _reply(self, kind: str, text: str) -> Message:
        """Answer the person on the message line.  Hints and answers go to the log too;
        errors do not: they stay on the message line until the next answer."""
        message = Message(kind, text, len(self.game.actions))
        self.feedback = message if text else None
        if text and kind in ("hint", "info"):
            self.log.append(message)
        return message

    def _event(self, text: str, kind: str = "event") -> None:
        if text:
            self.log.append(Message(kind, text, len(self.game.actions)))

    def _forget_log_after(self, count: int) -> None:
        """Drop the log's messages about actions after the first ``count`` (taken back)."""
        kept = [m for m in self.log if m.at <= count]
        self.log.clear()
        self.log.extend(kept)

    def _after_action(self, events: tuple[Event, ...]) -> None:
        """Tell the events of an action (as the person's seat may know them)."""
        words = self.narrator
        for event in events:
            event = for_seat(event, self.human)
            if isinstance(event, TrickWon):
                self.completed = TrickRecord(event.leader, event.cards, event.winner)
            for line in words.event(event):
                self._event(line)
        self._autosave()
        if any(isinstance(event, HandScored) for event in events):
            self._record_stats()

    @property
    def narrator(self) -> Narrator:
        """Words for events, spoken to the person (their name or "You"), cards drawn as on screen."""
        return Narrator(self.rules, self.human, self.label, self.side_label, hints.pretty)

    def result_text(self) -> str:
        """``'Game over: N-S (you) win 512 to 380.'`` (or a draw)."""
        return self.narrator.game_over(self.game.winner, self.game.scores)


def _describe_action(action: Action) -> str:
    if isinstance(action, Card):
        return _("play of {card}").format(card=hints.pretty(action))
    if isinstance(action, Bid):
        return _("bid ({bid})").format(bid=term(action.label()))
    if isinstance(action, Pass):
        return _("pass")
    if isinstance(action, Discard):
        return _("discard")
    if action is Choice.LOOK:
        return _("decision to look")
    return _("decision to {choice}").format(choice=_(str(action)))


def default_seat(rules: Rules) -> int:
    """South when the table has one, else North."""
    names = [rules.seat_name(s) for s in range(rules.num_seats)]
    return names.index("South") if "South" in names else 0


def seat_bots(rules: Rules, human: int, partner: str, opponents: str) -> list[str | None]:
    """The bot name of each seat (None for the person's)."""
    out: list[str | None] = []
    for seat in range(rules.num_seats):
        if seat == human:
            out.append(None)
        elif rules.partner_of(human) == seat:
            out.append(partner)
        else:
            out.append(opponents)
    return out


def parse_seat(text: str, rules: Rules) -> int:
    """A seat from a number or a name (``'2'``, ``'south'``, ``'S'``); ValueError otherwise."""
    key = text.strip().lower()
    n = rules.num_seats
    names = [rules.seat_name(s).lower() for s in range(n)]
    if key.isascii() and key.isdigit() and int(key) < n:
        return int(key)
    for seat, name in enumerate(names):
        if key in (name, name[0]):
            return seat
    choices = ", ".join(f"{rules.seat_name(s)} ({s})" for s in range(n))
    wrong = _("{text} is not a seat at this table: choose {choices}")
    raise ValueError(wrong.format(text=repr(text), choices=choices))
