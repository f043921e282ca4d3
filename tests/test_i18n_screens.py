"""Lines cut at column 80 (issue 48): the prompts of every preset (the two-player keep or
reject question, blind nil before drawing), the score panel's headings and the help's rows
fit an 80x24 terminal in every language."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator

import pytest

pytest.importorskip("babel")
pytest.importorskip("textual")

from rich.cells import cell_len

from spades import i18n

ALL = list(i18n.LANGUAGES)
#: the prompt line is 80 columns less its padding
PROMPT = 78
#: the help dialog's rows: 72 columns less its border and padding
HELP = 68


#: English words a screen may show in any language: key names, the commands and move words
#: typed in English (accepted in every language), and the game's name as a command
ALLOWED = frozenset(
    {
        *("ctrl", "enter", "space", "pgup", "pgdn", "page", "down", "esc", "tab", "shift"),
        *("hint", "undo", "last", "help", "analyse", "save", "quit", "look", "pass", "keep"),
        *("reject", "discard", "play", "blind", "nil", "bid", "resume", "spades", "replay", "new"),
    }
)


def english_words(text: str) -> list[str]:
    """The words of ``text`` that are words of the English messages (four letters or more),
    but for :data:`ALLOWED` (the detector is shared with the web pages' test)."""
    from english_words import english_words as found

    return found(text, ALLOWED, ("spades.pot",))


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ALL)
@pytest.mark.parametrize("preset", ["partnership", "two-player", "cutthroat", "three-player"])
def test_every_prompt_fits_the_prompt_line(lang: str, preset: str) -> None:
    """«Оставить 10♠ (следующая карта уходит в сброс) или отказаться (взять следующую)?» and
    «Слепой ноль до набора карт (...) или набирать как обычно?» ran past column 80."""
    from tuiutil import make

    i18n.set_language(lang)
    long: set[str] = set()
    seen = 0
    for seed in range(3):
        ctl = make("--seed", str(seed), "--hands", "2", "--preset", preset)
        rng = random.Random(seed)
        for _ in range(200):
            if ctl.game.is_over:
                break
            ctl.run_bots()
            text = ctl.prompt().text
            seen += 1
            if cell_len(text) > PROMPT:
                long.add(text)
            if ctl.human_to_act:
                ctl.submit(str(rng.choice(ctl.game.legal_actions())))
    assert seen > 30
    assert sorted(long) == []


@pytest.mark.parametrize("lang", ALL)
def test_two_player_questions_fit_at_80x24(lang: str) -> None:
    """The two-player game at 80x24: blind nil before drawing, then keep or reject for each
    card drawn, each question whole on the screen, no line cut and no English word but the
    commands and key names; then the help."""
    from spades.game import Phase
    from spades.tui.app import PlayApp
    from tuiutil import flat, make, screen_lines, screen_text, settle

    i18n.set_language(lang)
    ctl = make("--seed", "3", "--hands", "1", "--preset", "two-player")
    asked = {"blind": 0, "draw": 0}

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            for _ in range(12):
                if ctl.game.phase not in (Phase.BLIND, Phase.DRAW) or not ctl.human_to_act:
                    break
                asked["blind" if ctl.game.phase is Phase.BLIND else "draw"] += 1
                prompt = ctl.prompt().text
                assert flat(prompt) in flat(screen_text(app)), prompt
                for line in screen_lines(app):
                    assert "…" not in line and cell_len(line.rstrip()) <= 80, line
                if lang != "en":
                    assert english_words(screen_text(app)) == []
                await pilot.press("enter")
                await settle(app, pilot)
            await pilot.press("f1")
            await pilot.pause()
            help_text = screen_text(app)
            assert i18n._("Commands:") in help_text
            for line in screen_lines(app):
                assert "…" not in line and cell_len(line.rstrip()) <= 80, line
            if lang != "en":
                assert english_words(help_text) == []
            assert not app.internal_errors

    asyncio.run(go())
    assert asked["blind"] == 1 and asked["draw"] >= 3


@pytest.mark.parametrize("lang", ALL)
def test_score_panel_headings_are_not_cut(lang: str) -> None:
    """The Macedonian score panel said «вишоц»: its column headings are words of at most
    four letters (the panel's points and bags columns), shown whole."""
    from spades.tui.render import side_text
    from tuiutil import make

    i18n.set_language(lang)
    head = side_text(make("--seed", "1"), colour=False).plain.splitlines()[0]
    for word in (i18n._("pts"), i18n.pgettext("score column", "bags")):
        assert cell_len(word) <= 4 and word in head, (word, head)
    assert cell_len(head) <= 26


@pytest.mark.parametrize("lang", ALL)
def test_help_rows_fit_the_help_dialog(lang: str) -> None:
    """Armenian help rows wrapped and broke the help's columns."""
    from spades.tui.controller import HELP_LINES

    i18n.set_language(lang)
    rows = [line for part in HELP_LINES for line in i18n._(part).splitlines()]
    assert rows
    assert [row for row in rows if cell_len(row) > HELP] == []


@pytest.mark.parametrize("lang", [lang for lang in ALL if lang != "en"])
@pytest.mark.parametrize("preset", ["cutthroat", "three-player"])
def test_individual_games_fit_at_80x24_with_no_english(lang: str, preset: str) -> None:
    """Cutthroat and three-player at 80x24: the bidding and the first tricks, no line cut and
    no English word but the commands and key names."""
    from spades.tui.app import PlayApp
    from tuiutil import flat, make, screen_lines, screen_text, settle

    i18n.set_language(lang)
    ctl = make("--seed", "4", "--hands", "1", "--preset", preset)
    screens = 0

    async def go() -> None:
        nonlocal screens
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            for _ in range(12):
                if ctl.game.is_over:
                    break
                text = screen_text(app)
                assert flat(ctl.prompt().text) in flat(text)
                for line in screen_lines(app):
                    assert "…" not in line and cell_len(line.rstrip()) <= 80, line
                assert english_words(text) == [], text
                screens += 1
                await pilot.press("enter")
                await settle(app, pilot)
            assert not app.internal_errors

    asyncio.run(go())
    assert screens >= 8


@pytest.mark.parametrize("lang", ALL)
def test_seat_status_fits_beside_the_trick(lang: str) -> None:
    """«слепой ноль · взя…»: a seat's status beside the trick has 17 columns at 80; the
    longest ones fit in every language: a bid of 13 with 13 tricks won, a nil or blind nil
    with up to 9 (English itself needs 18 columns for a blind nil with 10 or more)."""
    side = 17
    with i18n.use_language(lang):
        bid = i18n.pgettext("seat status", "bid {n}").format(n=13) + i18n._(" · won {n}").format(n=13)
        assert cell_len(bid) <= side, bid
        for word in ("nil", "blind nil"):
            nil = i18n.pgettext("seat status", word) + i18n._(" · won {n}").format(n=9)
            assert cell_len(nil) <= side, nil
