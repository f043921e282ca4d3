"""The terminal game's ``analyse`` screen: the double-dummy review of the last hand
(or of the whole game at its end), computed by :func:`spades.analysis.review_lines`."""

from __future__ import annotations

import re
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..cards import Card
from ..game import Game
from ..i18n import N_, _
from .hints import pretty
from .keys import translate_bindings

__all__ = ["AnalysisScreen", "review_text"]


#: a card in the game's notation (``KH``, ``TS``) standing alone in a line of the review
_CARD = re.compile(r"(?<![\w♠♥♦♣])([2-9TJQKA])([CDHS])(?![\w])")


def _pretty_card(match: re.Match[str]) -> str:
    return pretty(Card.parse(match.group(0)))


def review_text(game: Game) -> Text:
    """The review of ``game`` (a copy taken on the main thread; safe to call on a worker
    thread): costly cards are marked ``<== !`` and shown in bold."""
    from ..analysis import SUMMARY_HEAD, review_lines

    try:
        lines = review_lines(game, whole_game=game.is_over)
    except ValueError as exc:
        return Text(str(exc), style="bold red")
    out = Text()
    for line in lines:
        head = line == _(SUMMARY_HEAD)
        if head:  # the terminal shows no hands: the marks are the '<== !' after a card
            line = _("Summary (loss in tricks, double dummy; '<== !' marks a costly card):")
        line = _CARD.sub(_pretty_card, line)
        style = "bold" if line.startswith("===") or head else ""
        if line.endswith("<== !"):
            style = "bold red"
        out.append(line + "\n", style=style)
    return out


class AnalysisScreen(ModalScreen[None]):
    """A scrollable review; Enter, Escape or q closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape,q,space", "close", N_("close"))]

    def __init__(self, body: Text) -> None:
        super().__init__()
        translate_bindings(self)
        self.body = body

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog"):
            yield Static(self.body)
            yield Static(Text(_("Arrows/PgUp/PgDn scroll · Enter: back to the game"), style="italic"))

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
