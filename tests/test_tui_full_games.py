"""Whole games to 500 through the pilot at 80x24, one per preset, the screen checked after every hand.

The person's moves are the club player's (``basic``) choices for the person's
view, entered on the command line; the other seats are ``basic`` too, at pace 0.
After every hand the summary is checked (the hand's number in the title, its
last trick, every seat and side, the key line, all inside 80x24); at the
first decision of the next hand the table must be empty of the old trick and
the person's cards and the whole bid strip on screen; at the end the
game-over dialog must show the result and its key line under the title bar.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable

import pytest

pytest.importorskip("textual")

from spades import bots
from spades.game import Phase
from spades.tui.app import CommandLine, GameOverScreen, PlayApp, SummaryScreen
from spades.tui.controller import Controller
from spades.tui.hints import pretty
from tuiutil import flat, make, screen_lines, screen_text, settle

SIZE = (80, 24)


def _run(coro: Awaitable[None]) -> None:
    asyncio.run(coro)  # type: ignore[arg-type]


def _check_summary(app: PlayApp, ctl: Controller) -> None:
    assert isinstance(app.screen, SummaryScreen)
    summary = ctl.game.history[-1]
    lines = screen_lines(app)
    text = flat(screen_text(app))
    assert f"· hand {summary.number + 1} ·" in lines[0], lines[0]
    assert f"Hand {summary.number + 1}" in text
    last = ctl.last_trick()
    assert last is not None and len(last.cards) == ctl.rules.num_seats
    assert "Last trick: " + ctl.describe_trick(last) in text
    for seat in range(ctl.rules.num_seats):
        assert ctl.title(seat) in text
    for side in range(ctl.rules.num_sides):
        assert ctl.side_label(side) in text
        assert str(summary.scores[side]) in text
    assert "Enter: next hand · q: quit (the game is saved)" in text
    dialog = app.screen.query_one("#dialog")
    assert dialog.region.y >= 1 and dialog.region.bottom <= SIZE[1], dialog.region
    assert summary.scores == ctl.game.scores


def _check_new_hand(app: PlayApp, ctl: Controller) -> None:
    """The first decision of a hand: an empty table, the hand and its number, the bid strip."""
    game = ctl.game
    lines = screen_lines(app)
    text = screen_text(app)
    assert f"· hand {game.hands_played + 1} ·" in lines[0], lines[0]
    assert "won by" not in text and "Last trick" not in text
    side = flat(app.query_one("#side").render().plain)  # type: ignore[attr-defined]
    for s in range(ctl.rules.num_sides):
        assert f"{game.scores[s]} {game.bags[s]}" in side
    view = ctl.view()
    if view.hand is not None:
        for card in view.hand:
            assert pretty(card) in text
    if game.phase is Phase.BID:
        assert f" {app.options[-1].label}" in text  # the top bid is on the strip
    assert all(len(line) <= SIZE[0] for line in lines)
    log = app.query_one("#log")
    assert log.scroll_y == log.max_scroll_y  # type: ignore[attr-defined]  # the newest moves in view


async def _whole_game(preset: str, seed: int) -> tuple[Controller, int]:
    ctl = make("--preset", preset, "--seed", str(seed), bots="basic")
    assert ctl.rules.target_score == 500 and ctl.rules.hands is None
    person = bots.get("basic", seed=seed)
    app = PlayApp(ctl, pace=0)
    hands_checked = 0
    async with app.run_test(size=SIZE) as pilot:
        new_hand = True
        for _ in range(20000):
            await settle(app, pilot)
            if isinstance(app.screen, GameOverScreen):
                break
            if isinstance(app.screen, SummaryScreen):
                _check_summary(app, ctl)
                hands_checked += 1
                await pilot.press("enter")
                new_hand = True
                continue
            assert ctl.human_to_act, ctl.prompt()
            if new_hand:
                _check_new_hand(app, ctl)
                new_hand = False
            before = len(ctl.game.actions)
            app.query_one("#command", CommandLine).value = str(person.act(ctl.view()))
            await pilot.press("enter")
            assert len(ctl.game.actions) > before, ctl.feedback
        else:
            raise AssertionError("the game did not end")
        assert ctl.game.is_over
        lines = screen_lines(app)
        assert lines[0].startswith("♠ Spades")
        assert any("n: new game · u: take back your last move · q: quit" in x for x in lines[: SIZE[1]])
        assert ctl.result_text() in flat(screen_text(app))
        dialog = app.screen.query_one("#dialog")
        assert dialog.region.y >= 1 and dialog.region.bottom <= SIZE[1]
        assert not app.internal_errors
        await pilot.press("q")
    return ctl, hands_checked


@pytest.mark.slow
@pytest.mark.parametrize(
    ("preset", "seed"), [("partnership", 1), ("two-player", 5), ("cutthroat", 5), ("three-player", 2)]
)
def test_whole_game_to_500_with_the_screen_checked_after_every_hand(preset: str, seed: int) -> None:
    start = time.process_time()
    result: list[tuple[Controller, int]] = []

    async def go() -> None:
        result.append(await _whole_game(preset, seed))

    _run(go())
    ctl, checked = result[0]
    game = ctl.game
    assert (game.is_over and max(game.scores) >= 500) or min(game.scores) <= -200
    # every hand's summary was checked, but the last (the game-over dialog shows it)
    assert checked == game.hands_played - 1 >= 1
    assert time.process_time() - start < 60
