"""Helpers for driving ``spades play`` through textual's pilot (tests/test_tui_*.py)."""

from __future__ import annotations

import argparse
import html
import io
import re
from collections.abc import Callable

from rich.console import Console
from rich.segment import Segment

from spades.actions import Action
from spades.cli import play as play_cli
from spades.tui.app import CommandLine, GameOverScreen, PlayApp, SummaryScreen
from spades.tui.controller import Controller
from spades.view import View


def args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play_cli.add_arguments(parser)
    return parser.parse_args(list(argv))


def make(*argv: str, bots: str = "random") -> Controller:
    """A controller as ``spades play --pace 0 --bots <bots> ...`` makes it (not saved unless --save)."""
    ctl = play_cli.make_controller(args("--pace", "0", "--bots", bots, *argv))
    assert isinstance(ctl, Controller)
    ctl.hint_bots = ("basic", "random")  # quick hints (the expert's first search may compile)
    return ctl


def screen_text(app: PlayApp) -> str:
    """The characters on the screen, one line per row, exactly the text of textual's SVG
    screenshot (``app.export_screenshot()``: the screen's segments with every all-blank
    segment left out), taken from the same render without making the SVG (5x quicker)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
        safe_box=False,
    )
    # what export_screenshot prints (textual's compositor: the screen over the ones behind it)
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    lines = Segment.split_and_crop_lines(Segment.filter_control(console.render(update)), length=width)
    text = "".join(part for line in lines for part, _style, _control in line if part != " " * len(part))
    return text.replace("\xa0", " ")


def svg_text(app: PlayApp) -> str:
    """The characters of textual's SVG screenshot of the screen (what :func:`screen_text` gives,
    the slow way; a test checks they agree)."""
    svg = re.sub(r'<text class="[\w-]*-title"[^>]*>.*?</text>', "", app.export_screenshot())
    parts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(parts)).replace("\xa0", " ")


def screen_lines(app: PlayApp) -> list[str]:
    return screen_text(app).split("\n")


def flat(text: str) -> str:
    """Text with every run of whitespace (line breaks included) made one space."""
    return " ".join(text.split())


async def settle(app: PlayApp, pilot: object) -> None:
    """Wait until the computer players are done and the screen is up to date."""
    for _ in range(400):
        await app.workers.wait_for_complete()
        await pilot.pause()  # type: ignore[attr-defined]
        if not any(w.is_running for w in app.workers):
            return
    raise AssertionError("the computer players never stopped")


async def type_line(pilot: object, text: str) -> None:
    """Type ``text`` key by key, then Enter."""
    keys = ["space" if ch == " " else ch for ch in text]
    await pilot.press(*keys, "enter")  # type: ignore[attr-defined]


async def enter_line(app: PlayApp, pilot: object, text: str) -> None:
    """Put ``text`` on the command line and press Enter (quicker than typing it)."""
    app.query_one("#command", CommandLine).value = text
    await pilot.press("enter")  # type: ignore[attr-defined]


Chooser = Callable[[View], Action]


async def play_until(
    app: PlayApp,
    pilot: object,
    choose: Chooser,
    stop: Callable[[], bool],
    on_summary: Callable[[], None] | None = None,
    limit: int = 5000,
) -> None:
    """Enter ``choose(view)``'s move for the person at each of their turns, and close each hand
    summary with Enter (after ``on_summary``), until ``stop()`` or the game-over dialog."""
    ctl = app.controller
    for _ in range(limit):
        await settle(app, pilot)
        if stop() or isinstance(app.screen, GameOverScreen):
            return
        if isinstance(app.screen, SummaryScreen):
            if on_summary is not None:
                on_summary()
            await pilot.press("enter")  # type: ignore[attr-defined]
            continue
        assert ctl.human_to_act, ctl.prompt()
        before = len(ctl.game.actions)
        await enter_line(app, pilot, str(choose(ctl.view())))
        assert len(ctl.game.actions) > before or ctl.game is not app.controller.game, ctl.feedback
    raise AssertionError("the game did not end")


def contrast(fg: str, bg: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours."""

    def lum(colour: str) -> float:
        rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def glyph_colours(svg: str, symbol: str) -> list[tuple[str, str, str]]:
    """(text, foreground, background) of every piece of screen text containing ``symbol``."""
    fills = dict(re.findall(r"\.(terminal-[\w-]+)\s*\{\s*fill:\s*(#[0-9a-fA-F]{6})", svg))
    rects = [
        (float(x), float(y), float(w), float(h), fill)
        for fill, x, y, w, h in re.findall(
            r'<rect fill="(#[0-9a-fA-F]{6})" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"',
            svg,
        )
    ]
    out = []
    for cls, x, y, body in re.findall(
        r'<text class="([\w-]+)" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg, flags=re.S
    ):
        text = html.unescape(body)
        if symbol not in text:
            continue
        px, py = float(x) + 1, float(y) - 4
        bg = next(
            (f for rx, ry, rw, rh, f in reversed(rects) if rx <= px < rx + rw and ry <= py < ry + rh),
            None,
        )
        assert bg is not None and cls in fills, (text, cls)
        out.append((text, fills[cls], bg))
    return out
