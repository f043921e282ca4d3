"""What a player tripped over in ``spades play`` beside the six defects (issue 21's friction list)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.widgets import RichLog

from spades import Bid, Card, Discard, Game
from spades.actions import Choice
from spades.bots.basic import estimate_tricks
from spades.cards import CardSet
from spades.game import Phase
from spades.tui.app import LogScreen, PlayApp, SummaryScreen
from spades.tui.controller import HELP_LINES, Controller
from spades.view import View
from tuiutil import enter_line, flat, make, play_until, screen_lines, screen_text, settle


def _run(coro: Awaitable[None]) -> None:
    asyncio.run(coro)  # type: ignore[arg-type]


def _first(view: View) -> object:
    legal = list(view.legal)
    return Choice.LOOK if Choice.LOOK in legal else legal[0]


async def _to_phase(app: PlayApp, pilot: object, phase: Phase, *, trick: bool = False) -> None:
    """Enter first legal moves for the person until they are to act in ``phase`` (with a card
    on the table when ``trick``)."""
    ctl = app.controller

    def there() -> bool:
        game = ctl.game
        return ctl.human_to_act and game.phase is phase and (bool(game.trick) or not trick)

    await play_until(app, pilot, _first, there)  # type: ignore[arg-type]
    assert there()


# -- the bid cursor ------------------------------------------------------------------------


def test_bid_cursor_starts_on_the_hands_count_then_on_the_hints_bid() -> None:
    ctl = make("--seed", "31", "--no-blind-nil", "--first-dealer", "east")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert ctl.game.phase is Phase.BID and ctl.human_to_act
            hand = ctl.view().hand
            assert hand is not None
            count = max(1, int(estimate_tricks(hand.mask, 4) + 0.45))
            assert app.options[app.cursor].notation == f"bid {count}"
            assert f"[{count}]" in screen_text(app)
            await enter_line(app, pilot, "hint")
            await settle(app, pilot)
            hint = ctl.last_hint
            assert isinstance(hint, Bid)
            label = hint.label() if hint.is_nil else str(hint.tricks)
            assert app.options[app.cursor].label == label
            assert f"[{label}]" in screen_text(app)

    _run(go())


def test_suggested_bid_prefers_the_hint() -> None:
    ctl = make("--seed", "31", "--no-blind-nil", "--first-dealer", "east")
    ctl.run_bots()
    assert ctl.game.phase is Phase.BID and ctl.human_to_act
    ctl.last_hint = Bid(7)
    assert ctl.suggested_bid() == 7
    ctl.last_hint = None
    assert ctl.suggested_bid() in range(1, 14)


# -- typing a card ---------------------------------------------------------------------------


def test_typing_an_illegal_card_leaves_the_cursor() -> None:
    ctl = make("--seed", "5", "--no-blind-nil", "--first-dealer", "north")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            for _ in range(60):
                await _to_phase(app, pilot, Phase.PLAY, trick=True)
                legal = set(ctl.game.legal_actions())
                illegal = [o for o in app.options if o.card is not None and o.card not in legal]
                if illegal:
                    break
                await enter_line(app, pilot, str(next(iter(legal))))
            assert illegal, "no illegal card came up"
            before = app.cursor
            assert app.options[before].legal
            await pilot.press(*str(illegal[0].card).lower())
            assert app.cursor == before  # the cursor stays on a card that may be played
            legal_card = next(c for c in sorted(legal, key=str) if isinstance(c, Card))
            app.query_one("#command").value = ""  # type: ignore[attr-defined]
            await pilot.press(*str(legal_card).lower())
            assert app.options[app.cursor].card == legal_card

    _run(go())


# -- the message log ---------------------------------------------------------------------------


def test_the_log_grows_with_the_terminal_and_scrolls() -> None:
    ctl = make("--seed", "9", "--no-blind-nil")
    heights = {}

    async def go() -> None:
        for size in ((80, 24), (120, 40)):
            app = PlayApp(ctl, pace=0)
            async with app.run_test(size=size) as pilot:
                await settle(app, pilot)
                await _to_phase(app, pilot, Phase.PLAY)
                await settle(app, pilot)
                log = app.query_one("#log")
                heights[size] = log.region.height
                events = [m.text for m in ctl.log if m.kind == "event"]
                shown = min(len(events), log.region.height)
                text = screen_text(app)
                for line in events[-shown:]:
                    assert line in text  # the newest lines, as many as fit
                if log.max_scroll_y > 0:  # type: ignore[attr-defined]
                    assert log.scroll_y == log.max_scroll_y  # type: ignore[attr-defined]
                    # Page Up: the whole log on its own screen (issue 47: at 80x24 it moved
                    # the log's few lines by as few lines)
                    await pilot.press("pageup")
                    await pilot.pause()
                    assert isinstance(app.screen, LogScreen)
                    text = screen_text(app)
                    seen = [line for line in events if line in text]
                    assert events[-1] in seen and len(seen) > log.region.height
                    await pilot.press("escape")
                    await pilot.pause()
                    assert not isinstance(app.screen, LogScreen)

    _run(go())
    assert heights[(80, 24)] >= 2
    assert heights[(120, 40)] >= 10


def test_undo_takes_the_moves_back_out_of_the_log() -> None:
    ctl = make("--seed", "17", "--no-blind-nil")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await _to_phase(app, pilot, Phase.PLAY)
            card = ctl.game.legal_actions()[0]
            assert isinstance(card, Card)
            kept = [m.text for m in ctl.log]
            await enter_line(app, pilot, str(card))
            await settle(app, pilot)
            played = [m.text for m in ctl.log]
            mine = next(t for t in played if t.startswith("You play"))
            assert mine not in kept
            await enter_line(app, pilot, "undo")
            await settle(app, pilot)
            after = [m.text for m in ctl.log]
            assert mine not in after
            assert after[: len(kept)] == kept
            assert after[-1].startswith("Took back your play of")
            assert mine not in screen_text(app)

    _run(go())


# -- error lines ----------------------------------------------------------------------------------


def test_errors_clear_once_fixed_and_stay_out_of_the_log() -> None:
    # East deals: South chooses first, bids blind nil; North then passes 3 cards to South,
    # and South passes 3 back (the exchange the keyboard marks with Space)
    ctl = make("--seed", "7", "--first-dealer", "east")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await enter_line(app, pilot, "blind nil")
            await play_until(
                app, pilot, _first, lambda: ctl.human_to_act and ctl.game.phase is Phase.EXCHANGE
            )  # type: ignore[arg-type]
            await pilot.press("enter")  # nothing marked
            assert ctl.feedback is not None and ctl.feedback.kind == "error"
            assert "Mark 3 cards" in screen_text(app)
            await pilot.press("space")  # marking clears it
            assert ctl.feedback is None and "Mark 3 cards" not in screen_text(app)
            await pilot.press("right", "space", "right", "space", "right", "space")
            assert "You can mark only 3" in screen_text(app)
            await pilot.press("left", "space")  # unmarking one of the three fixes it
            assert "You can mark only 3" not in screen_text(app)
            await enter_line(app, pilot, "QQ")  # not a move
            assert ctl.feedback is not None and ctl.feedback.kind == "error"
            assert all(m.kind != "error" for m in ctl.log)

    _run(go())


# -- the blind-nil choice without cards -----------------------------------------------------------


def test_two_player_blind_choice_says_the_cards_come_after_it() -> None:
    ctl = make("--preset", "two-player", "--seed", "3", "--first-dealer", "south")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert ctl.game.phase is Phase.BLIND and ctl.human_to_act
            text = flat(screen_text(app))
            assert "look at your cards" not in text
            assert "(no cards yet: each player draws 13 from the stock)" in text
            assert "or draw as usual?" in text and "[draw]" in text
            await enter_line(app, pilot, "draw")  # the button's label is a move too
            await settle(app, pilot)
            assert ctl.game.actions[0][1] is Choice.LOOK

    _run(go())


def test_partnership_blind_choice_shows_the_cards_backs() -> None:
    ctl = make("--seed", "3", "--first-dealer", "east")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert ctl.game.phase is Phase.BLIND and ctl.human_to_act
            text = screen_text(app)
            assert "▒▒ " * 12 + "▒▒" in text and "13 cards, face down" in text
            assert "look at your cards" in text and "(no cards yet" not in text

    _run(go())


# -- quitting -------------------------------------------------------------------------------------------


def test_ctrl_c_quits_and_the_game_is_saved(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    ctl = make("--seed", "3", "--save", str(save), "--no-blind-nil")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert not app.is_running
        assert app.return_code == 0

    _run(go())
    assert Game.from_record(json.loads(save.read_text())) == ctl.game


# -- names and numbers ------------------------------------------------------------------------------------


def test_a_trick_the_person_won_reads_won_by_you() -> None:
    ctl = make("--seed", "11", "--no-blind-nil", "--hands", "1")
    rng = random.Random(3)
    won: list[str] = []

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:

            def check() -> bool:
                last = ctl.last_trick()
                if last is not None and last.winner == ctl.human:
                    text = screen_text(app)
                    assert "won by you" in text and "won by You" not in text
                    assert "Last trick → you" in text
                    won.append(ctl.describe_trick(last))
                return ctl.game.is_over

            def choose(view: View) -> object:
                return rng.choice(list(view.legal))

            await play_until(app, pilot, choose, check)  # type: ignore[arg-type]

    _run(go())
    assert won and all(": won by you" in t for t in won)


def test_title_shows_the_finished_hands_number_under_its_summary() -> None:
    ctl = make("--seed", "4", "--no-blind-nil", "--hands", "2")
    titles: list[tuple[int, str]] = []

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:

            def on_summary() -> None:
                assert isinstance(app.screen, SummaryScreen)
                titles.append((ctl.game.history[-1].number + 1, screen_lines(app)[0]))

            await play_until(app, pilot, _first, lambda: False, on_summary)  # type: ignore[arg-type]

    _run(go())
    assert titles and all(f"· hand {n} ·" in title for n, title in titles)


def test_hand_number_follows_the_summary() -> None:
    ctl: Controller = make("--seed", "4", "--no-blind-nil", "--hands", "2")
    assert ctl.hand_number() == 1
    while ctl.game.hands_played == 0:
        if ctl.human_to_act:
            ctl.act(ctl.game.legal_actions()[0])
        ctl.run_bots()
    assert ctl.pending_summary is not None and ctl.hand_number() == 1
    ctl.acknowledge()
    assert ctl.hand_number() == 2


def test_a_redraw_stays_in_the_log() -> None:
    ctl = make("--preset", "two-player", "--seed", "3", "--first-dealer", "south")

    def choose(view: View) -> object:
        if view.phase == "blind":
            return Bid.blind_nil()
        if view.phase == "redraw":
            assert view.hand is not None
            return Discard(CardSet(view.hand.sorted()[:2]))
        return view.legal[0]

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await play_until(app, pilot, choose, lambda: len(ctl.game.tricks) >= 2)  # type: ignore[arg-type]
            said = next(m.text for m in ctl.log if m.text.startswith("You discard"))
            log = app.query_one("#log", RichLog)
            lines = " ".join(strip.text for strip in log.lines)
            assert said in flat(lines)  # still there, two tricks later
            await pilot.press("pageup")  # and Page Up brings it back into view, whole log
            await pilot.pause()
            assert isinstance(app.screen, LogScreen)
            for _ in range(20):
                if said in screen_text(app):
                    break
                await pilot.press("pageup")
                await pilot.pause()
            assert said in screen_text(app)

    _run(go())


def test_help_fits_80x24_and_names_ctrl_c_and_the_log() -> None:
    ctl = make("--seed", "3")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("f1")
            await pilot.pause()
            lines = screen_lines(app)
            for line in HELP_LINES:  # each on one row, whole
                assert any(line.strip() in row for row in lines[:24]), line
            assert any("Ctrl+C" in row for row in lines) and any("Page Up" in row for row in lines)
            assert any("Press Enter to go back" in row for row in lines[:24])

    _run(go())
