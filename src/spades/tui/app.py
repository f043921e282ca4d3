"""The full-screen terminal game (textual).

The application is a thin skin over :class:`~spades.tui.controller.Controller`:
it draws the controller's state (:mod:`spades.tui.render`), keeps the only
state of its own (the keyboard cursor and the cards marked for a pass), and
feeds it input.

* One command line has the focus all the time.  While it is empty, the arrow
  keys move the cursor over the cards (or the bid buttons), Space marks a card
  for a pass or a redraw and Enter chooses; anything typed is a move or a
  command for :meth:`Controller.submit`.  Typing also moves the cursor to the
  matching card or bid (``q`` jumps to a queen, ``QH`` to the queen of hearts).
* Computer players run in a worker (:meth:`PlayApp._bots`): each decision is
  computed on a thread from the seat's view, after ``pace`` seconds, and
  committed only if the game has not changed meanwhile (undo, new game).
* A finished hand shows its summary (with the hand's last trick, which also
  stays on the table behind it) in a modal screen; the computer players wait
  until it is dismissed.  The end of the game shows the result and a short
  history under the title bar, with its key line always in view.
* The log of the table's events fills the rows the table does not need (two at
  80x24, more in a taller terminal); Page Up/Down scroll it, and an undo takes
  the moves it took back out of it.  Ctrl+C, like Ctrl+Q, saves and quits.
* Any unexpected exception while handling input is shown, not raised, and kept
  in :attr:`PlayApp.internal_errors` (tests assert it stays empty).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Input, RichLog, Static

from ..actions import Discard, Pass
from ..bids import Bid
from ..cards import Card
from ..errors import NotationError
from ..game import Phase
from ..i18n import N_, _, english_command, ngettext, term
from .controller import HELP_LINES, Controller, HintTurn, Message, Option
from .keys import translate_bindings
from .render import card_at, choices_text, hand_text, history_table, side_text, summary_table, table_text

__all__ = ["PlayApp"]


class CommandLine(Input):
    """The input line; while empty, arrows move the card cursor and Space marks a card."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", N_("previous"), show=False),
        Binding("down", "move(1)", N_("next"), show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        translate_bindings(self)

    @property
    def play_app(self) -> PlayApp:
        app = self.app
        if not isinstance(app, PlayApp):  # pragma: no cover - only used inside PlayApp
            raise TypeError("CommandLine belongs to PlayApp")
        return app

    def action_move(self, delta: int) -> None:
        self.play_app.move_cursor(delta)

    def action_cursor_left(self, select: bool = False) -> None:
        if not self.value and not select:
            self.play_app.move_cursor(-1)
        else:
            super().action_cursor_left(select)

    def action_cursor_right(self, select: bool = False) -> None:
        if not self.value and not select:
            self.play_app.move_cursor(1)
        else:
            super().action_cursor_right(select)

    async def _on_key(self, event: events.Key) -> None:
        if event.is_printable and not self.value and event.key != "space":
            self.play_app.typing_starts()
        if event.key == "space" and not self.value:
            event.stop()
            event.prevent_default()
            self.play_app.toggle_mark()
        elif event.key in ("backspace", "ctrl+h", "ctrl+u", "ctrl+w"):
            # deleting, too, in the order of the keys (see Enter below): a late Ctrl+U emptied
            # the next line typed, and its Enter then played the cursor's card
            event.stop()
            event.prevent_default()
            text, at = self.value, self.cursor_position
            if event.key == "ctrl+u":
                keep = 0
            elif event.key == "ctrl+w":
                keep = len(text[:at].rstrip().rpartition(" ")[0]) + (1 if " " in text[:at].rstrip() else 0)
            else:
                keep = max(0, at - 1)
            self.value = text[:keep] + text[at:]
            self.cursor_position = keep
        elif event.key == "enter":
            # the line is taken here, in the order of the keys: the Input's own Enter (a
            # binding) can run after keys typed later, and then submitted the next line, or an
            # empty one that played the cursor's card (seen with quick typing in tmux)
            event.stop()
            event.prevent_default()
            line = self.value
            self.value = ""
            await self.play_app.submit_line(line)


class TableView(Widget):
    def render(self) -> Text:
        app = self.app
        if not isinstance(app, PlayApp):  # pragma: no cover
            return Text()
        size = self.content_size
        return table_text(app.controller, size.width, size.height, colour=not app.no_color)


class SideView(Widget):
    def render(self) -> Text:
        app = self.app
        if not isinstance(app, PlayApp):  # pragma: no cover
            return Text()
        return side_text(app.controller, colour=not app.no_color)


class HandView(Widget):
    def render(self) -> Text:
        app = self.app
        if not isinstance(app, PlayApp):  # pragma: no cover
            return Text()
        ctl = app.controller
        on_cards = app.cursor_on_cards()
        options = app.options if on_cards else ctl.hand_options()
        view = ctl.view()
        hidden = view.hand_sizes[ctl.human] if view.hand is None else 0
        cursor = app.cursor if on_cards else None
        empty = _("(no cards yet)")
        if ctl.rules.uses_draw and ctl.game.phase in (Phase.BLIND, Phase.DRAW):
            empty = _("(no cards yet: each player draws 13 from the stock)")
        return hand_text(options, cursor, app.marks, hidden, empty=empty, colour=not app.no_color)


    def on_click(self, event: events.Click) -> None:
        """The mouse: a click puts the cursor on a card (marks it in a pass or a redraw); a
        second click on the cursor's card plays it."""
        app = self.app
        offset = event.get_content_offset(self)
        if isinstance(app, PlayApp) and offset is not None and offset.y == 0:
            app.click_card(offset.x)


class ChoiceBar(Widget):
    def render(self) -> Text:
        app = self.app
        if not isinstance(app, PlayApp):  # pragma: no cover
            return Text()
        ctl = app.controller
        width = self.content_size.width
        return choices_text(ctl, app.options, app.cursor, app.marks, width, colour=not app.no_color)


class SummaryScreen(ModalScreen[None]):
    """A finished hand; Enter (or Space, Escape) deals the next one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", N_("next hand")),
        Binding("q", "app.quit_game", N_("quit")),
    ]

    def __init__(self, body: Group) -> None:
        super().__init__()
        translate_bindings(self)
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.body)
            yield Static(Text(_("Enter: next hand · q: quit (the game is saved)"), style="italic"))

    def action_close(self) -> None:
        self.dismiss(None)


class GameOverScreen(ModalScreen[str]):
    """The result and a short history; n: new game, u: undo, q/Enter: quit.

    The dialog leaves the title bar in view and keeps its key line on screen:
    only the result and history above it scroll (arrows, Page Up/Down) when the
    terminal is short."""

    DEFAULT_CSS = """
    GameOverScreen #dialog { margin: 1 0 0 0; }
    GameOverScreen #body { height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,q,escape", "choose('quit')", N_("quit")),
        Binding("n", "choose('new')", N_("new game")),
        Binding("u", "choose('undo')", N_("undo")),
        Binding("a", "choose('analyse')", N_("analyse")),
    ]
    #: rows the dialog leaves for other things: the title bar, its border, the key line
    RESERVED: ClassVar[int] = 4

    def __init__(self, body: Group) -> None:
        super().__init__()
        translate_bindings(self)
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            with VerticalScroll(id="body"):
                yield Static(self.body)
            yield Static(
                Text(_("n: new game · u: take back your last move · q: quit · a: analyse"), style="italic"),
                id="keys",
            )

    def on_mount(self) -> None:
        self._fit()
        # arrow keys and Page Up/Down scroll a long history
        self.query_one("#body", VerticalScroll).focus()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        self.query_one("#body").styles.max_height = max(1, self.app.size.height - self.RESERVED)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)


class LogScreen(ModalScreen[None]):
    """The whole log of the game's moves, newest at the bottom; arrows and Page Up/Down
    scroll it, Enter or Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape,q", "close", N_("close"))]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        translate_bindings(self)
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            with VerticalScroll(id="body"):
                yield Static(Text("\n".join(self.lines) or _("Nothing has happened yet.")))
            yield Static(Text(_("Arrows/PgUp/PgDn scroll · Enter: back to the game"), style="italic"))

    def on_mount(self) -> None:
        body = self.query_one("#body", VerticalScroll)
        body.focus()
        body.anchor()  # at the newest line once laid out, until the player scrolls

    def action_close(self) -> None:
        self.dismiss(None)


def _fit_body(screen: ModalScreen[Any]) -> None:
    """A dialog's scrolling body leaves room for its border and its key line: the key line
    stays in view however long the text (a translation) is; arrows scroll the rest."""
    body = screen.query_one("#body")
    body.styles.height = "auto"
    body.styles.max_height = max(1, screen.app.size.height - 3)


class _TextDialog(ModalScreen[None]):
    """Lines of text in a scrolling dialog; Enter or Escape goes back."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        translate_bindings(self)
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            with VerticalScroll(id="body"):
                yield Static(Text("\n".join(self.lines)))
            yield Static(Text(_("Press Enter to go back"), style="italic"))

    def on_mount(self) -> None:
        _fit_body(self)
        self.query_one("#body", VerticalScroll).focus()

    def on_resize(self) -> None:
        _fit_body(self)

    def action_close(self) -> None:
        self.dismiss(None)


class RulesScreen(_TextDialog):
    """The rules in force (``rules``, F2); Enter or Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space,escape,q,f2", "close", N_("close"))]


class HelpScreen(_TextDialog):
    """The keys and commands (``help``, F1); Enter or Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space,escape,q,f1", "close", N_("close"))]

    def __init__(self) -> None:
        super().__init__([_(line) for line in HELP_LINES])


class PlayApp(App[int]):
    """``spades play``: one person against computer players."""

    TITLE = "Spades"
    CSS = """
    Screen { layout: vertical; }
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    /* the table's rows are set to fit the terminal (PlayApp._fit_layout) */
    #top { height: 11; }
    #table { width: 1fr; border: round $secondary; padding: 0 0; }
    #side { width: 30; border: round $secondary; padding: 0 1; }
    #hand { height: 3; border: none; border-top: round $accent; padding: 0 0; }
    #choices { height: 1; padding: 0 1; }
    #prompt { height: auto; min-height: 1; padding: 0 1; text-style: bold; }
    /* a long answer or hint takes the lines it needs, from the log's (and in a small
       terminal the table's) rows */
    #message { height: auto; min-height: 1; padding: 0 1; }
    #log { height: 1fr; min-height: 0; padding: 0 1; color: $text-muted; scrollbar-size-vertical: 1;
           overflow-x: hidden; }
    #command { height: 1; border: none; padding: 0 1; margin: 0; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    ModalScreen { align: center middle; }
    #dialog { width: 72; max-width: 100%; height: auto; max-height: 100%;
              border: round $accent; padding: 0 1; background: $surface; }
    #dialog Static { width: 100%; height: auto; }
    LogScreen #dialog { height: 100%; }
    LogScreen #body { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit_game", N_("quit"), priority=True),
        Binding("ctrl+c", "quit_game", N_("quit"), show=False, priority=True),
        Binding("pageup", "scroll_log(-1)", N_("older messages"), show=False),
        Binding("pagedown", "scroll_log(1)", N_("newer messages"), show=False),
        Binding("f1", "help", N_("help")),
        Binding("f2", "rules", N_("rules"), show=False),
        Binding("ctrl+z", "undo", N_("undo"), show=False),
    ]

    def __init__(self, controller: Controller, *, pace: float = 0.6) -> None:
        super().__init__()
        translate_bindings(self)
        self.controller = controller
        self.pace = max(0.0, pace)
        self.cursor = 0
        self.marks: set[Card] = set()
        self.options: list[Option] = []
        self.internal_errors: list[BaseException] = []
        self._cursor_key: tuple[object, ...] | None = None
        #: the decision and the cursor when the player started typing a line (None: not typing)
        self._typed_from: tuple[tuple[object, ...], int] | None = None
        self._log_last: Message | None = None

    # -- layout ---------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="top"):
            yield TableView(id="table")
            yield SideView(id="side")
        yield HandView(id="hand")
        yield ChoiceBar(id="choices")
        yield Static(id="prompt")
        yield Static(id="message")
        log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, max_lines=LOG_LINES, min_width=20)
        log.can_focus = False
        yield log
        yield CommandLine(placeholder=_("type a move or: hint · undo · last · help"), id="command")
        yield Static(
            Text(_("←/→ choose · Enter play · Space mark · F1 help · PgUp log · Ctrl+Q quit (saved)")),
            id="keys",
        )

    def on_mount(self) -> None:
        self.query_one("#table").border_title = _("Table")
        self.query_one("#side").border_title = _("Score")
        self.query_one("#command", CommandLine).focus()
        self.run_worker(self._prepare_bots(), group="prepare")
        self.kick()

    async def _prepare_bots(self) -> None:
        """Compile the computer players' solver on a thread while the person plays.

        After an install the first late-hand decision of an expert (or an expert
        hint) would otherwise wait about 30 s for numba; later runs load the
        compiled code in a fraction of a second and say nothing.
        """
        ctl = self.controller
        todo = ctl.bots_to_prepare()
        work = asyncio.ensure_future(in_daemon_thread(lambda: sum(b.prepare() for b in todo)))
        try:
            try:
                await asyncio.wait_for(asyncio.shield(work), PREPARE_NOTICE_AFTER)
                return
            except TimeoutError:
                pass
            notice = ctl.tell(
                "info",
                _(
                    "Getting the computer players ready: the first game after installing compiles "
                    "their solver (about 30 s). Play on meanwhile."
                ),
            )
            self.refresh_view()
            await work
        except Exception as exc:  # the game goes on: the bots compile when they need to
            self.internal_errors.append(exc)
            return
        if ctl.feedback is notice:
            ctl.tell("info", _("The computer players are ready."))
            self.refresh_view()

    # -- drawing --------------------------------------------------------------

    def refresh_view(self) -> None:
        """Redraw everything from the controller's state."""
        ctl = self.controller
        self._sync_cursor()
        rules = ctl.rules
        title = _("♠ Spades · {variant}").format(variant=_(rules.variant))
        if rules.describe():
            title += _(" (house rules)")
        seat = term(rules.seat_name(ctl.human))
        title += _(" · hand {n} · you are {seat}").format(n=ctl.hand_number(), seat=seat)
        title_text = Text(title)
        width, height = self.size
        if ctl.save_error:
            title_text = Text(f"⚠ {ctl.save_error}", style="bold red")
        if width < MIN_WIDTH or height < MIN_HEIGHT:
            # too small for the whole table: say so where it is always seen
            text = _("⚠ The terminal is {w}x{h}: make it at least {mw}x{mh} to see the whole table")
            title_text = Text(
                text.format(w=width, h=height, mw=MIN_WIDTH, mh=MIN_HEIGHT), style="bold red"
            )
        self.query_one("#title", Static).update(title_text)
        hand = self.query_one("#hand", HandView)
        hand.border_title = _("Your hand · {who}").format(who=ctl.title(ctl.human))
        prompt = ctl.prompt()
        style = "bold yellow" if prompt.kind not in ("wait",) else "dim"
        prompt_text = Text(prompt.text, style=style)
        self.query_one("#prompt", Static).update(prompt_text)
        feedback = ctl.feedback
        message = Text()
        if feedback is not None:
            style = {"error": "bold red", "hint": "bold cyan"}.get(feedback.kind, "")
            message = Text(("✗ " if feedback.kind == "error" else "") + feedback.text, style=style)
        self.query_one("#message", Static).update(message)
        width = max(1, self.size.width - 2)
        self._fit_layout(
            max(1, len(message.wrap(self.console, width))) + len(prompt_text.wrap(self.console, width)) - 1
        )
        self._refresh_log()
        for widget_id in ("#table", "#side", "#hand", "#choices"):
            self.query_one(widget_id).refresh()

    def _fit_layout(self, message_lines: int) -> None:
        """Share the rows between the table and the log: the table gets its 11 rows (more in
        a tall terminal) while the log keeps at least one; in a small terminal the table
        gives up rows so that the message, the command line and the keys stay in view.
        ``message_lines``: the message's lines, and the prompt's beyond its first."""
        height = self.size.height
        fixed = 8  # title, hand (3), choices, prompt, command line, keys
        avail = height - fixed - message_lines
        if avail > 15:
            top = min(17, 11 + (avail - 15) // 2)
        else:
            top = max(3, min(11, avail - 1))
        self.query_one("#top").styles.height = top
        self.query_one("#message").styles.max_height = max(1, height - fixed - 3)

    def on_resize(self, _event: events.Resize) -> None:
        self.refresh_view()

    def _refresh_log(self) -> None:
        """The message log: what happened at the table in this game, newest at the bottom
        (scrolled there whenever it changes; Page Up/Down or the mouse scroll it)."""
        # what happened at the table; answers and hints are on the message line above
        shown = [m for m in self.controller.log if m.kind in ("event", "alert")]
        last = self._log_last
        if shown and shown[-1] is last:
            return
        box = self.query_one("#log", RichLog)
        # only the messages after the last one written are new; when that one is gone
        # (an undo took it back, a new game) the log is written again
        start = next((i + 1 for i in range(len(shown) - 1, -1, -1) if shown[i] is last), None)
        if start is None:
            box.clear()
            start = 0
        styles = {"alert": "red", "hint": "cyan"}
        for i in range(start, len(shown)):
            m = shown[i]
            box.write(Text(m.text, style=styles.get(m.kind, "")), scroll_end=False)
        self._log_last = shown[-1] if shown else None
        # at once, not after the next refresh: a hand summary may be about to cover the
        # screen, and a covered screen is not refreshed
        box.scroll_end(animate=False, immediate=True, x_axis=False)

    def action_scroll_log(self, direction: int) -> None:
        """Page Up: the whole log of the game's moves on its own screen (the log under the
        table shows only its last few lines at 80x24)."""
        if not isinstance(self.screen, Screen) or isinstance(self.screen, ModalScreen):
            return  # the log screen (or another dialog) is open: its own keys scroll it
        if direction < 0:
            lines = [m.text for m in self.controller.log if m.kind in ("event", "alert")]
            self.push_screen(LogScreen(lines), lambda _result: self._show_log_end())
        else:
            self.query_one("#log", RichLog).scroll_end(animate=False)

    def refresh_cursor(self) -> None:
        """Redraw only what the cursor and the marks change."""
        self.query_one("#hand").refresh()
        self.query_one("#choices").refresh()

    def cursor_on_cards(self) -> bool:
        return bool(self.options) and self.options[0].card is not None

    def _current_key(self) -> tuple[object, ...]:
        ctl = self.controller
        return (*ctl.decision_key, ctl.human_to_act)

    def _sync_cursor(self) -> None:
        """Reset the cursor and marks when the decision changes."""
        ctl = self.controller
        key = self._current_key()
        self.options = ctl.options()
        if key == self._cursor_key:
            self.cursor = min(self.cursor, max(0, len(self.options) - 1))
            return
        self._cursor_key = key
        self.marks = set()
        self.cursor = self._default_cursor()

    def _default_cursor(self) -> int:
        options = self.options
        if not options:
            return 0
        if options[0].card is None:
            bid = self.controller.suggested_bid()
            wanted = str(Bid(bid)) if bid is not None else None
            for i, o in enumerate(options):
                if o.notation == wanted:
                    return i
                if o.notation in ("look", "keep"):
                    return i
            return 0
        careful = self.controller.default_card()
        for i, o in enumerate(options):
            if careful is not None and o.card == careful:
                return i
        for i, o in enumerate(options):
            if o.legal:
                return i
        return 0

    # -- keyboard ---------------------------------------------------------------

    def _stale(self) -> bool:
        """Has the decision changed since the screen was drawn?  Then a key pressed in a
        burst meant the old one: the screen is redrawn and the key does nothing."""
        if self._cursor_key == self._current_key():
            return False
        self.refresh_view()
        return True

    def move_cursor(self, delta: int) -> None:
        if self._stale():
            return
        options = self.options
        if not options:
            return
        legal_only = any(o.legal for o in options) and any(not o.legal for o in options)
        i = self.cursor
        for _step in range(len(options)):
            i = (i + delta) % len(options)
            if not legal_only or options[i].legal:
                break
        self.cursor = i
        self.refresh_cursor()

    def click_card(self, x: int) -> None:
        """A click on the hand at column ``x`` of its cards."""
        if self._stale() or not self.cursor_on_cards() or not self.controller.human_to_act:
            return
        index = card_at(self.options, x)
        if index is None or not self.options[index].legal:
            return
        if self.controller.choosing_cards():
            self.cursor = index
            self.toggle_mark()
        elif index == self.cursor:
            self.choose_current()
            self.kick()
        else:
            self.cursor = index
            self.refresh_cursor()

    def toggle_mark(self) -> None:
        ctl = self.controller
        if self._stale():  # never mark from the options of a decision already gone
            return
        k = ctl.choosing_cards()
        if not k or not self.options:
            return
        card = self.options[self.cursor].card
        if card is None:
            return
        if card in self.marks:
            self.marks.discard(card)
            ctl.clear_error()
            self.refresh_view()
        elif len(self.marks) < k:
            self.marks.add(card)
            ctl.clear_error()
            self.refresh_view()
        else:
            ctl.tell("error", _("You can mark only {k} cards: press Space on one to unmark it").format(k=k))
            self.refresh_view()
        self.refresh_cursor()

    def on_input_changed(self, event: Input.Changed) -> None:
        """Type-ahead: move the cursor to the card or bid being typed (where it was before
        the typing is kept, and comes back when the typed line is refused)."""
        if event.value != event.input.value:
            return  # a change already overtaken (the line was entered meanwhile)
        text = event.value.strip()
        if not text or not self.options:
            return
        found = _match(self.options, text)
        if found is not None and found != self.cursor:
            self.cursor = found
            self.refresh_cursor()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value
        event.input.value = ""
        await self.submit_line(line)

    def typing_starts(self) -> None:
        """The first key of a typed line: where the cursor is, to come back to if the line
        is refused (type-ahead moves the cursor meanwhile)."""
        self._typed_from = (self._current_key(), self.cursor)

    async def submit_line(self, line: str) -> None:
        """A line entered on the command line (Enter)."""
        typed_from = self._typed_from
        self._typed_from = None
        key = self._current_key()
        await self.handle_line(line)
        # refused (or a command): the cursor goes back to where the player left it
        if (
            typed_from is not None
            and typed_from[0] == key
            and self._current_key() == key
            and self._cursor_key == key
        ):
            self.cursor = min(typed_from[1], max(0, len(self.options) - 1))
            self.refresh_cursor()

    async def handle_line(self, line: str) -> None:
        """One line of input (an empty one chooses what the cursor is on)."""
        ctl = self.controller
        try:
            word = ctl.english(" ".join(line.split())).lower()
            if not word:
                self.choose_current()
            elif word in ("help", "?"):
                self.action_help()
            elif word == "rules":
                self.action_rules()
            elif word == "tutorial":
                self.push_screen(RulesScreen(ctl.tutorial_lines()), lambda _result: self._show_log_end())
            elif word == "stats" or english_command(word) == "stats":
                self.push_screen(RulesScreen(ctl.stats_lines()), lambda _result: self._show_log_end())
            elif word in ("analyse", "analyze") and ctl.game.hands_played == 0:
                ctl.analyse()  # says why there is nothing to analyse yet
            elif word in ("analyse", "analyze"):
                ctl.tell("info", _("Analysing double dummy..."))
                self.run_worker(self._analyse(), group="analyse", exclusive=True)
            elif word == "hint":
                turn = ctl.hint_turn()
                if not isinstance(turn, Message):
                    ctl.tell("info", _("Thinking about a hint..."))
                    self.run_worker(self._hint(turn), group="hint", exclusive=True)
            else:
                ctl.submit(self._notation_of(line))
        except Exception as exc:  # the screen must survive anything
            self.internal_errors.append(exc)
            ctl.tell("error", _("Something went wrong ({error}); your game is saved").format(error=repr(exc)))
        if ctl.quit_requested:
            self.exit(0)
            return
        self.kick()

    def _notation_of(self, line: str) -> str:
        """A typed button label (``draw`` in the two-player game) as the move it stands for."""
        key = " ".join(line.split()).lower()
        for option in self.options if self.controller.human_to_act else ():
            if option.card is None and option.label.lower() == key:
                return option.notation
        return line

    def choose_current(self) -> None:
        ctl = self.controller
        if ctl.human_to_act and self._stale():  # Enter meant a decision already gone
            return
        if not ctl.human_to_act:
            if ctl.pending_summary is not None:
                ctl.acknowledge()
            else:
                ctl.submit("")
            return
        k = ctl.choosing_cards()
        if k:
            cards = " ".join(str(c) for c in sorted(self.marks))
            verb = "pass" if ctl.game.phase is Phase.EXCHANGE else "discard"
            if verb == "pass" and len(self.marks) != k:
                text = _("Mark {k} cards with Space first ({n} marked)")
                ctl.tell("error", text.format(k=k, n=len(self.marks)))
                return
            ctl.submit(f"{verb} {cards}".strip())
            return
        if self.options and 0 <= self.cursor < len(self.options):
            ctl.submit(self.options[self.cursor].notation)

    def _follow_hint(self) -> None:
        """Put the cursor on (or mark) what the hint suggests."""
        hint = self.controller.last_hint
        if hint is None:
            return
        self._sync_cursor()
        if isinstance(hint, (Pass, Discard)):
            self.marks = set(hint.cards)
            return
        for i, option in enumerate(self.options):
            if option.notation == str(hint):
                self.cursor = i
                return

    # -- actions ----------------------------------------------------------------

    def action_help(self) -> None:
        self.push_screen(HelpScreen(), lambda _result: self._show_log_end())

    def action_rules(self) -> None:
        self.push_screen(RulesScreen(self.controller.rules_lines()), lambda _result: self._show_log_end())

    async def action_undo(self) -> None:
        await self.handle_line("undo")

    def action_quit_game(self) -> None:
        """Ctrl+Q, Ctrl+C: save (the game is saved after every move anyway) and leave."""
        if self.controller.save_path is not None:
            self.controller.save_now()
        self.exit(0)

    # -- the computer players and the flow of the game ------------------------------

    def kick(self) -> None:
        """Redraw, then let the computer players move or show a summary, as due."""
        self.refresh_view()
        ctl = self.controller
        if ctl.bot_turn() is not None or ctl.forced_card() is not None:
            self.run_worker(self._bots(), group="bots", exclusive=True)
        else:
            self._check_screens()

    async def _hint(self, turn: HintTurn) -> None:
        """Compute a hint on a thread; the keyboard stays live meanwhile."""
        try:
            result = await in_daemon_thread(turn.decide)
        except Exception as exc:  # the screen must survive anything
            self.internal_errors.append(exc)
            return
        self.controller.finish_hint(turn, result)
        self._follow_hint()
        self.refresh_view()

    async def _analyse(self) -> None:
        """The double-dummy review on a thread (of a copy of the game), then its screen."""
        from .analysis_view import AnalysisScreen, review_text

        game = self.controller.game.copy()
        body = await in_daemon_thread(lambda: review_text(game))
        self.controller.tell("info", "")
        self.push_screen(AnalysisScreen(body), lambda _result: self.kick())

    async def _bots(self) -> None:
        ctl = self.controller
        while True:
            turn = ctl.bot_turn()
            if turn is None:
                forced = ctl.forced_card()
                if forced is None:
                    break
                if self.pace > 0:  # the person sees the trick before their card goes down
                    key = ctl.decision_key
                    self.refresh_view()
                    await asyncio.sleep(self.pace)
                    if ctl.decision_key != key:
                        continue
                ctl.play_forced()
                continue
            if self.pace > 0:
                await asyncio.sleep(self.pace)
                if ctl.decision_key != turn.token:
                    continue
            error: BaseException | None = None
            action = None
            try:
                action = await in_daemon_thread(turn.decide)
            except Exception as exc:  # a faulty bot must not end the game
                error = exc
            ctl.commit(turn, action, error)
            if self.pace > 0:  # instant play redraws once, at the end
                self.refresh_view()
        self.refresh_view()
        self._check_screens()

    def _check_screens(self) -> None:
        ctl = self.controller
        if isinstance(self.screen, (SummaryScreen, GameOverScreen)):
            return
        if ctl.game.is_over:
            parts: list[object] = [Text(ctl.result_text(), style="bold"), history_table(ctl)]
            if ctl.undos:
                taken = sum(count for _at, count in ctl.undos)
                text = ngettext(
                    "Undo was used {n} time in this game ({k} moves taken back).",
                    "Undo was used {n} times in this game ({k} moves taken back).",
                    len(ctl.undos),
                )
                parts.insert(1, Text(text.format(n=len(ctl.undos), k=taken), style="italic"))
            if ctl.game.history:
                parts.append(summary_table(ctl, ctl.game.history[-1], ctl.last_trick()))
            self.push_screen(GameOverScreen(Group(*parts)), self._after_game)  # type: ignore[arg-type]
        elif ctl.pending_summary is not None:
            summary = ctl.pending_summary
            table = summary_table(ctl, summary, ctl.last_trick())
            self.push_screen(SummaryScreen(Group(table)), self._after_summary)

    def _after_summary(self, _result: None) -> None:
        self.controller.acknowledge()
        self.kick()
        self._show_log_end()

    def _show_log_end(self) -> None:
        """Scroll the log to its newest line once the screen is drawn again: lines written
        while a dialog covered it were not scrolled into view."""
        box = self.query_one("#log", RichLog)
        self.call_after_refresh(box.scroll_end, animate=False)

    def _after_game(self, what: str | None) -> None:
        ctl = self.controller
        if what == "new":
            ctl.new_game()
        elif what == "undo":
            ctl.undo()
        elif what == "analyse":
            self.run_worker(self._analyse(), group="analyse", exclusive=True)
            return
        else:
            self.exit(0)
            return
        self.kick()
        self._show_log_end()


T = TypeVar("T")

#: Lines the message log keeps (the controller's log keeps as many messages).
LOG_LINES = 400
#: The smallest terminal that shows the whole game; a smaller one is warned in the title bar.
MIN_WIDTH, MIN_HEIGHT = 80, 24

#: Seconds of preparing the bots after which the person is told what is going on.
PREPARE_NOTICE_AFTER = 2.0


async def in_daemon_thread(func: Callable[[], T]) -> T:
    """Run ``func`` on a daemon thread and await its result.

    Unlike ``asyncio.to_thread`` (whose pool is joined when the program ends),
    a computer player still thinking - or compiling its solver - never keeps
    the program from quitting.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def deliver(value: T | None, error: BaseException | None) -> None:
        if future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)  # type: ignore[arg-type]

    def work() -> None:
        try:
            value, error = func(), None
        except BaseException as exc:  # handed to the awaiting task
            value, error = None, exc
        # a closed loop (RuntimeError) means nobody is waiting any more
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(deliver, value, error)

    threading.Thread(target=work, name="spades-bot", daemon=True).start()
    return await future


def _match(options: list[Option], text: str) -> int | None:
    """The option a partly typed move points at (legal ones first), or None."""
    key = text.strip().lower()
    if key.startswith("play "):
        key = key[5:].strip()
    if options[0].card is None:
        for i, o in enumerate(options):
            if key in (o.label.lower(), o.notation.lower()):
                return i
        return None
    try:
        card = Card.parse(key)
    except NotationError:
        card = None
    if card is not None:
        # an illegal card is not pointed at: Enter would then be refused
        any_legal = any(o.legal for o in options)
        for i, o in enumerate(options):
            if o.card == card and (o.legal or not any_legal):
                return i
        return None
    if len(key) <= 2:
        rank = key.upper().replace("10", "T")[:1]
        hits = [i for i, o in enumerate(options) if o.notation.startswith(rank)]
        legal = [i for i in hits if options[i].legal]
        if any(o.legal for o in options):
            return legal[0] if legal else None
        return hits[0] if hits else None
    return None
