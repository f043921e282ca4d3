"""English left on screen and numbers (issue 48): `spades play`'s messages and errors, the
analysis's seconds, and decimals written as each language writes them («6,0»)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("babel")

from spades import Game, Rules, i18n
from spades.cli import main

OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("lang", "text"), [("en", "6.0"), ("ru", "6,0"), ("bg", "6,0"), ("mk", "6,0"),
                                            ("is", "6,0"), ("hy", "6,0")])
def test_numbers_have_a_decimal_comma(lang: str, text: str) -> None:
    """«6.0 взятки», «um 6.0 slagir»: every language of ours but English writes a comma."""
    with i18n.use_language(lang):
        assert i18n.number(6) == text
        assert i18n.number(1234.5678, 2) == text.replace("6", "1234").replace("0", "57")
        assert i18n.number(0.125, 3) == ("0.125" if lang == "en" else "0,125")


@pytest.mark.parametrize("lang", OTHERS)
def test_hint_numbers_are_written_in_the_language(lang: str) -> None:
    from spades.bids import Bid
    from spades.tui import hints

    game = Game(Rules(), seed=4)
    def bids() -> list[Bid]:
        return [a for a in game.legal_actions() if isinstance(a, Bid) and not a.is_nil]

    while game.to_act is not None and not bids():
        game.apply("look" if "look" in map(str, game.legal_actions()) else game.legal_actions()[0])
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    bid = bids()[0]
    with i18n.use_language(lang):
        text = hints.explain(view, bid, "basic")
    assert re.search(r"\d,\d", text) and not re.search(r"\d\.\d", text), text


class _App:
    """Stands in for the terminal game: quits at once."""

    def __init__(self, controller: Any, pace: float) -> None:
        self.controller = controller

    def run(self) -> int:
        return 0


@pytest.mark.parametrize("lang", OTHERS)
def test_exit_message_is_in_the_players_language(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """"The game is saved in ...; continue it with: ..." was printed in English after every
    quit."""
    import spades.tui.app

    monkeypatch.setattr(spades.tui.app, "PlayApp", _App)
    save = tmp_path / "g.json"
    assert main(["play", "--lang", lang, "--seed", "1", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert str(save) in out and "spades play --resume" in out
    assert "The game is saved" not in out and "continue it with" not in out, out


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize(
    ("argv", "english"),
    [
        (["--pace", "-1"], "must be between"),
        (["--seat", "Q"], "is not a seat at this table"),
        (["--resume", "--target", "300"], "keeps its own rules"),
    ],
)
def test_play_errors_are_in_the_players_language(
    lang: str,
    argv: list[str],
    english: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import spades.tui.app

    monkeypatch.setattr(spades.tui.app, "PlayApp", _App)
    assert main(["play", "--lang", lang, *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("spades play: ") and english not in err, err


def test_play_errors_stay_english_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--lang", "en", "--pace", "-1"]) == 2
    assert "--pace must be between 0 and 60 seconds" in capsys.readouterr().err


def _record(tmp_path: Path) -> Path:
    game = Game(Rules(hands=1), seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()), encoding="utf-8")
    return path


def test_analysis_seconds_and_decimals_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The analysis printed «(0.42 s)» and «0.125» in every language."""
    path = _record(tmp_path)
    assert main(["analyse", "--lang", "ru", str(path)]) == 0
    text = capsys.readouterr().out
    assert re.search(r"\(\d+,\d\d с\)", text), text
    assert not re.search(r"\d\.\d", text), text
    assert main(["analyse", "--lang", "en", str(path)]) == 0
    assert re.search(r"\(\d+\.\d\d s\)", capsys.readouterr().out)


