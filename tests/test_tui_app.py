"""The real ``spades play`` application, driven headlessly by textual's pilot.

Whole games to the end (partnership and two-player), typed and keyboard
moves, a blind nil with its exchange / redraw, an illegal card answered with
the reason, hint, undo, saving after every move and resuming, the 80x24
layout, and random keystrokes.  Computer players are the random bot and
``--pace 0`` so that games are quick and do not depend on other bots.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import random
import re
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytest.importorskip("textual")

from spades import Card, Discard, Game, Pass
from spades.bots.random_bot import RandomBot
from spades.cli import play as play_cli
from spades.game import Phase
from spades.tui import app as tui_app
from spades.tui.app import GameOverScreen, PlayApp, SummaryScreen
from spades.tui.controller import Controller
from spades.tui.hints import pretty


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play_cli.add_arguments(parser)
    return parser.parse_args(list(argv))


def _make(*argv: str) -> Controller:
    ctl = play_cli.make_controller(_args("--pace", "0", "--bots", "random", *argv))
    assert isinstance(ctl, Controller)
    ctl.hint_bots = ("basic", "random")  # quick hints (the expert's first search may compile)
    return ctl


def screen_text(app: PlayApp) -> str:
    """The characters on the screen (from textual's SVG screenshot)."""
    svg = app.export_screenshot()
    parts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(parts)).replace("\xa0", " ")


async def settle(app: PlayApp, pilot: object) -> None:
    """Wait until the computer players are done and the screen is up to date."""
    for _ in range(200):
        await app.workers.wait_for_complete()
        await pilot.pause()  # type: ignore[attr-defined]
        if not any(w.is_running for w in app.workers):
            return
    raise AssertionError("the computer players never stopped")


async def type_line(pilot: object, text: str) -> None:
    keys = ["space" if ch == " " else ch for ch in text]
    await pilot.press(*keys, "enter")  # type: ignore[attr-defined]


@dataclass
class Plan:
    """What a scripted person does on the way through a game, and what was seen."""

    rng: random.Random
    blind_nil: bool = True
    illegal: bool = True
    hint: bool = True
    undo: bool = True
    stop_after_hands: int | None = None
    stop_after_tricks: int | None = None
    done: set[str] = field(default_factory=set)


async def drive(app: PlayApp, pilot: object, plan: Plan, save: Path | None) -> str:
    """Play the person's seat through the keyboard until the game ends (or a stop)."""
    press: Callable[..., Awaitable[None]] = pilot.press  # type: ignore[attr-defined]
    for _ in range(3000):
        await settle(app, pilot)
        ctl = app.controller
        if save is not None and ctl.game.actions:
            record = json.loads(save.read_text())
            assert record["actions"] == [[s, str(a)] for s, a in ctl.game.actions]
        if isinstance(app.screen, GameOverScreen):
            text = screen_text(app)
            assert ctl.result_text() in text and "History" in text
            await press("q")
            return "over"
        if isinstance(app.screen, SummaryScreen):
            text = screen_text(app)
            h = ctl.game.history[-1]
            assert f"Hand {h.number + 1}" in text and "Points" in text and "Bags" in text
            if plan.stop_after_hands is not None and ctl.game.hands_played >= plan.stop_after_hands:
                await press("q")
                return "stopped"
            await press("enter")
            continue
        assert ctl.human_to_act, ctl.prompt()
        if plan.stop_after_tricks is not None and len(ctl.game.tricks) >= plan.stop_after_tricks:
            await press("ctrl+q")
            return "stopped"
        await decide(app, pilot, plan, press)
    raise AssertionError("the game did not end")


async def decide(app: PlayApp, pilot: object, plan: Plan, press: Callable[..., Awaitable[None]]) -> None:
    ctl = app.controller
    game = ctl.game
    phase = game.phase
    before = len(game.actions)
    me = ctl.human
    if phase is Phase.BLIND:
        if plan.blind_nil and "blind" not in plan.done:
            plan.done.add("blind")
            await type_line(pilot, "blind nil")
        else:
            await press("enter")  # the cursor starts on "look"
            assert game.actions[-1][1].value == "look"  # type: ignore[union-attr]
        return
    if phase is Phase.BID:
        if plan.rng.random() < 0.5:
            # the cursor starts on the hand's count of tricks
            assert app.options[app.cursor].notation == f"bid {ctl.suggested_bid()}"
            following = app.options[(app.cursor + 1) % len(app.options)].notation
            await press("right", "enter")
            assert str(game.actions[before][1]) == following
        else:
            await type_line(pilot, "2")
            assert str(game.actions[before][1]) == "bid 2"
        return
    if phase in (Phase.EXCHANGE, Phase.REDRAW):
        k = 3 if phase is Phase.EXCHANGE else 2
        await press("enter") if phase is Phase.EXCHANGE else None
        if phase is Phase.EXCHANGE:  # Enter with nothing marked is refused
            assert ctl.feedback is not None and ctl.feedback.text.startswith("Mark 3 cards")
            assert len(game.actions) == before
        keys = []
        for _ in range(k):
            keys += ["space", "right"]
        await press(*keys)
        marked = set(app.marks)
        assert len(marked) == k
        await press("enter")
        seat, action = game.actions[before]
        assert seat == me and isinstance(action, (Pass, Discard)) and set(action.cards) == marked
        plan.done.add(phase.value)
        return
    if phase is Phase.DRAW:
        await press(plan.rng.choice(["enter", "right"]))
        if app.controller.game is game and len(game.actions) == before:
            await press("enter")
        assert len(game.actions) > before
        return
    assert phase is Phase.PLAY
    hand = game.hand(me)
    legal = game.legal_actions()
    if plan.illegal and "illegal" not in plan.done and game.trick:
        led = game.trick[0][1].suit
        off = [c for c in hand if c.suit != led]
        if hand.count(led) and off:
            plan.done.add("illegal")
            record = game.to_record()
            await type_line(pilot, str(off[0]))
            assert game.to_record() == record
            assert f"You must follow suit: {led.plural}" in screen_text(app)
            assert ctl.human_to_act
    if plan.hint and "hint" not in plan.done:
        plan.done.add("hint")
        await type_line(pilot, "hint")
        await settle(app, pilot)  # the hint is worked out on a thread
        assert ctl.feedback is not None and ctl.feedback.kind == "hint"
        assert ctl.feedback.text in screen_text(app).replace("\n", "") or "Hint (" in screen_text(app)
        suggested = ctl.last_hint
        assert suggested in legal
        assert app.options[app.cursor].card == suggested  # the cursor follows the hint
        await press("enter")
        assert game.actions[before] == (me, suggested)
        return
    if plan.undo and "undo" not in plan.done and len(game.tricks) >= 2:
        plan.done.add("undo")
        await press("enter")
        await settle(app, pilot)
        assert len(game.actions) > before
        await type_line(pilot, "undo")
        assert len(game.actions) == before and game.hand(me) == hand and ctl.human_to_act
        assert ctl.feedback is not None and ctl.feedback.text.startswith("Took back your play of")
        return
    if plan.rng.random() < 0.3:
        card = plan.rng.choice(legal)
        assert isinstance(card, Card)
        await type_line(pilot, str(card))
    else:
        await press(*(["right"] * plan.rng.randint(0, 3)), "enter")
    assert game.actions[before][0] == me


def _run(coro: Awaitable[None]) -> None:
    asyncio.run(coro)  # type: ignore[arg-type]


def test_partnership_game_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    # East deals, so South (the person) is first to choose blind nil or look
    ctl = _make("--hands", "2", "--seed", "7", "--first-dealer", "east", "--save", str(save))
    plan = Plan(random.Random(1))

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await drive(app, pilot, plan, save) == "over"
            assert not app.internal_errors
        assert app.return_code == 0

    _run(go())
    assert {"blind", "exchange", "illegal", "hint", "undo"} <= plan.done
    assert ctl.game.is_over and ctl.game.hands_played == 2
    saved = Game.from_record(json.loads(save.read_text()))
    assert saved == ctl.game and saved.is_over


def test_two_player_game_with_blind_nil_redraw_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "two.json"
    ctl = _make(
        "--preset", "two-player", "--hands", "1", "--seed", "3", "--first-dealer", "south",
        "--save", str(save), "--name", "Ann",
    )  # fmt: skip
    plan = Plan(random.Random(2), stop_after_tricks=4)

    async def first() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await drive(app, pilot, plan, save) == "stopped"
            assert not app.internal_errors
        assert app.return_code == 0

    _run(first())
    assert {"blind", "redraw", "hint"} <= plan.done
    assert len(ctl.game.tricks) == 4 and not ctl.game.is_over
    resumed = _make("--resume", str(save))
    assert resumed.game == ctl.game and resumed.name == "Ann" and resumed.human == 1

    async def second() -> None:
        app = PlayApp(resumed, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert "Ann (South)" in screen_text(app)
            plan.stop_after_tricks = None
            assert await drive(app, pilot, plan, save) == "over"
            assert not app.internal_errors

    _run(second())
    assert {"blind", "redraw", "hint", "undo", "illegal"} <= plan.done
    assert resumed.game.is_over and resumed.game.hands_played == 1
    assert Game.from_record(json.loads(save.read_text())) == resumed.game


@pytest.mark.parametrize(
    ("preset", "size"), [("partnership", (80, 24)), ("three-player", (80, 24)), ("cutthroat", (120, 40))]
)
def test_layout_shows_everything(preset: str, size: tuple[int, int]) -> None:
    ctl = _make("--preset", preset, "--seed", "5", "--no-blind-nil", "--hands", "1")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            while ctl.game.phase is not Phase.PLAY or not ctl.human_to_act:
                await type_line(pilot, str(ctl.game.legal_actions()[0]))
                await settle(app, pilot)
            text = screen_text(app)
            for card in ctl.game.hand(ctl.human):
                assert pretty(card) in text
            for seat in range(ctl.rules.num_seats):
                assert ctl.title(seat) in text
                bid = ctl.game.bids[seat]
                assert bid is not None
            assert "Score" in text and "pts" in text and "bags" in text
            assert ctl.side_label(0) in text
            assert ctl.prompt().text in text
            assert "▲" in text  # the cursor
            assert "Your hand" in text
            # typing a card moves the cursor to it; Enter on an empty line then plays it
            target = ctl.game.legal_actions()[-1]
            assert isinstance(target, Card)
            await pilot.press(*str(target).lower())
            assert app.options[app.cursor].card == target
            await pilot.press("backspace", "backspace", "enter")
            await settle(app, pilot)
            assert (ctl.human, target) in ctl.game.actions
            # the card shows on the table (the trick goes on, or it is the last trick shown)
            assert "won by" in screen_text(app) or "led" in screen_text(app)

    _run(go())


def test_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    ctl = _make("--seed", "5", "--no-blind-nil")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        assert app.no_color
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert "Your bid" in screen_text(app) or "to bid" in screen_text(app)

    _run(go())


def test_paced_computer_players_move_one_by_one() -> None:
    ctl = _make("--seed", "9", "--no-blind-nil", "--first-dealer", "south")  # West bids first

    async def go() -> None:
        app = PlayApp(ctl, pace=0.2)
        start = time.monotonic()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            # West, North and East bid, each after the pause
            assert time.monotonic() - start >= 3 * 0.2
            assert ctl.human_to_act and len(ctl.game.actions) == 3
            assert "East bids" in screen_text(app)

    _run(go())


_KEYS = [
    "left", "right", "up", "down", "enter", "enter", "space", "space", "backspace", "escape", "f1",
    "ctrl+z", "home", "end", "tab", "delete", "a", "b", "d", "h", "i", "k", "l", "n", "o", "p", "s",
    "t", "u", "2", "3", "4", "9", "0", "c", "exclamation_mark",
]  # fmt: skip


def test_random_keystrokes_never_crash_it(tmp_path: Path) -> None:
    ctl = _make("--seed", "13", "--save", str(tmp_path / "fuzz.json"))
    rng = random.Random(99)

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for i in range(25):  # 250 keys, 10 at a time
                await pilot.press(*(rng.choice(_KEYS) for _ in range(10)))
                if i % 5 == 0:
                    await settle(app, pilot)
                assert app.is_running
            await settle(app, pilot)
            assert not app.internal_errors
            current = app.controller.game
            assert Game.from_record(json.loads((tmp_path / "fuzz.json").read_text())) == current

    _run(go())


def test_tiny_and_huge_terminals() -> None:
    ctl = _make("--seed", "7", "--no-blind-nil")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(30, 10)) as pilot:
            for key in ["enter", "enter", "right", "enter"]:
                await pilot.press(key)
                await settle(app, pilot)
            await pilot.resize_terminal(200, 60)
            cards = [pretty(card) for card in ctl.game.hand(ctl.human)]
            for _ in range(200):  # until the new size is laid out and drawn
                await settle(app, pilot)
                text = screen_text(app)
                if app.size == (200, 60) and all(card in text for card in cards):
                    break
            assert app.size == (200, 60)
            for card in cards:
                assert card in text
            assert not app.internal_errors

    _run(go())


class _SlowToPrepare(RandomBot):
    """A random player whose one-time preparation takes a while (like a first compile)."""

    def __init__(self, seconds: float, until: threading.Event | None = None) -> None:
        super().__init__(seed=0)
        self.seconds = seconds
        self.until = until  # when given, the preparation lasts until it is set (at most 60 s)
        self.prepared = 0

    def prepare(self) -> float:
        if self.until is not None:
            self.until.wait(60)
        else:
            time.sleep(self.seconds)
        self.prepared += 1
        return self.seconds


def test_slow_bot_preparation_is_announced_then_reported_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    ctl = _make("--seed", "5")
    done = threading.Event()  # the preparation ends once the notice was seen (or after 60 s)
    slow = _SlowToPrepare(0.6, until=done)
    monkeypatch.setattr(ctl, "bots_to_prepare", lambda: [slow])
    monkeypatch.setattr(tui_app, "PREPARE_NOTICE_AFTER", 0.1)
    seen: list[str] = []

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(500):
                await pilot.pause(0.02)
                if ctl.feedback is not None and ctl.feedback.text not in seen:
                    seen.append(ctl.feedback.text)
                    if ctl.feedback.text.startswith("Getting the computer players ready"):
                        done.set()
                if slow.prepared:
                    break
            await settle(app, pilot)
            if ctl.feedback is not None and ctl.feedback.text not in seen:
                seen.append(ctl.feedback.text)
            assert "The computer players are ready." in screen_text(app)
            assert not app.internal_errors

    _run(go())
    assert slow.prepared == 1
    assert any(text.startswith("Getting the computer players ready") for text in seen)
    assert seen[-1] == "The computer players are ready."


def test_quick_bot_preparation_says_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    ctl = _make("--seed", "5")
    quick = _SlowToPrepare(0.0)
    monkeypatch.setattr(ctl, "bots_to_prepare", lambda: [quick])

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert quick.prepared == 1
            assert ctl.feedback is None or "ready" not in ctl.feedback.text
            assert not app.internal_errors

    _run(go())


def test_the_bots_to_prepare_are_the_table_and_the_hint_bot() -> None:
    ctl = _make("--seed", "5", "--partner", "basic")
    todo = ctl.bots_to_prepare()
    assert set(map(id, todo[:-1])) == set(map(id, ctl.bots.values()))
    assert todo[-1].name == "basic"  # the first hint bot _make asks for
    ctl.hint_bots = ("expert", "basic", "random")
    assert ctl.bots_to_prepare()[-1].name == "expert"


def test_tuiutil_screen_text_is_the_text_of_the_svg_screenshot() -> None:
    """The other terminal tests read the screen with ``tuiutil.screen_text`` (from the render,
    quicker); it gives exactly the characters of textual's SVG screenshot: at the table, with
    a message, and with the game-over dialog over the table."""
    from tuiutil import screen_text as quick_text
    from tuiutil import svg_text

    fresh = _make("--seed", "5", "--hands", "1", "--no-blind-nil")
    finished = _make("--seed", "6", "--hands", "1", "--no-blind-nil")
    rng = random.Random(2)
    while not finished.game.is_over:
        if finished.human_to_act:
            finished.act(rng.choice(finished.game.legal_actions()))
        finished.acknowledge()
        finished.run_bots()

    async def go(ctl: Controller) -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert quick_text(app) == svg_text(app)
            if ctl is finished:
                assert isinstance(app.screen, GameOverScreen)
                return
            await type_line(pilot, "hint")
            await settle(app, pilot)
            assert ctl.feedback is not None and ctl.feedback.kind == "hint"
            assert "Hint (" in quick_text(app)
            assert quick_text(app) == svg_text(app)

    _run(go(fresh))
    _run(go(finished))
