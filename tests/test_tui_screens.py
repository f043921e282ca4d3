"""What a player sees, checked at every decision of whole games at 80x24 (issue 47).

Every preset in every language, through textual's pilot: the person's moves are
random legal ones typed on the command line, the computer players ``random`` at
pace 0.  At each of the person's decisions, after every trick and on every hand's
summary, the screen must show:

* no stale trick: the cards on the table are the trick being played (or, before
  the next card, the hand's last trick with its winner; nothing at a hand's start);
* no cut line: every line within 80 columns, no ``…``, nothing below row 24;
* the prompt, true of the hand (``follow hearts`` only over a hand with hearts);
* no English word of the game's own in another language.
"""

from __future__ import annotations

import asyncio
import random
import re

import pytest

pytest.importorskip("textual")

from spades import Card, Rules, i18n
from spades.game import Phase
from spades.tui.app import GameOverScreen, PlayApp, SummaryScreen
from spades.tui.controller import Controller
from spades.tui.hints import pretty
from tuiutil import enter_line, make, screen_lines, screen_text, settle

SIZE = (80, 24)
#: English words of the game's screens that a translated screen must not show
ENGLISH = re.compile(
    r"\b(Your|Table|Score|won by|Hand \d|follow|Enter plays|Needs|Game to|deals|partner\)|"
    r"Last trick|bid \d|no bid yet|spades (not )?broken|choose|type a move)\b"
)

#: a card as the table shows it, the languages' own letters on the faces included (Russian «В♣»)
CARD = re.compile("(10|[2-9JQKA" + "".join(sorted(set("".join(i18n.FACES.values())))) + "])[♠♥♦♣]")


@pytest.fixture(autouse=True)
def _english_after():  # type: ignore[no-untyped-def]
    yield
    i18n.set_language("en")


def _table(app: PlayApp) -> str:
    return app.query_one("#table").render().plain  # type: ignore[attr-defined]


def _check(app: PlayApp, ctl: Controller, lang: str) -> None:
    lines = screen_lines(app)
    text = screen_text(app)
    assert len(lines) <= SIZE[1]
    for line in lines:
        assert len(line.rstrip()) <= SIZE[0], line
        assert "…" not in line, line
    assert app.screen.virtual_size.height <= SIZE[1]
    if lang != "en":
        found = ENGLISH.search(text)
        assert found is None, (found.group(0), text)
    if isinstance(app.screen, (SummaryScreen, GameOverScreen)):
        return
    game = ctl.game
    table = _table(app)
    shown = {m.group(0) for m in re.finditer(CARD, table)}
    if game.trick:  # the trick being played, and nothing else
        assert shown == {pretty(c) for _s, c in game.trick}, (shown, game.trick)
    elif game.tricks:  # before the next card: the hand's last trick
        assert shown == {pretty(c) for c in game.tricks[-1].cards}, (shown, game.tricks[-1])
    elif game.phase is not Phase.DRAW:  # a new hand: an empty table
        assert not shown, shown
    prompt = ctl.prompt()
    assert " ".join(prompt.text.split()) in " ".join(text.split())
    view = ctl.view()
    if ctl.human_to_act and game.phase is Phase.PLAY and view.trick and view.hand is not None:
        led = view.trick[0][1].suit
        follow = i18n._("Your turn: follow {suit} if you can.").format(suit=i18n.term(led.plural))
        assert (prompt.text == follow) == bool(view.hand.count(led)), prompt.text
        assert app.options[app.cursor].card in [a for a in view.legal if isinstance(a, Card)]


async def _game(preset: str, lang: str, seed: int) -> int:
    i18n.set_language(lang)
    hands = [] if preset == "openspiel" else ["--hands", "2"]
    ctl = make("--preset", preset, "--seed", str(seed), *hands)
    rng = random.Random(seed)
    checks = 0
    app = PlayApp(ctl, pace=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2000):
            await settle(app, pilot)
            _check(app, ctl, lang)
            checks += 1
            if isinstance(app.screen, GameOverScreen):
                break
            if isinstance(app.screen, SummaryScreen):
                await pilot.press("enter")
                continue
            assert ctl.human_to_act, ctl.prompt()
            action = rng.choice(ctl.game.legal_actions())
            before = len(ctl.game.actions)
            await enter_line(app, pilot, str(action))
            assert len(ctl.game.actions) > before, ctl.feedback
        else:
            raise AssertionError("the game did not end")
        assert not app.internal_errors
    return checks


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
@pytest.mark.parametrize("preset", Rules.PRESET_NAMES)
def test_whole_games_at_80x24_every_preset_and_language_screen_checked_at_every_decision(
    preset: str, lang: str
) -> None:
    checks = asyncio.run(_game(preset, lang, seed=len(preset) + len(lang)))
    assert checks >= 10
