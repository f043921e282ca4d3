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
    assert main(["play", "--no-plain", "--lang", lang, "--seed", "1", "--save", str(save)]) == 0
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




# -- card words (the terminology table of docs/i18n.md) --------------------------------------

#: (language, a word no card player of that language uses here, why); checked in the
#: translations of both catalogs, or only of the messages whose English has ``only``
WRONG_WORDS = [
    ("bg", "изчист", None, "«изчистване» is cleaning up: a discarded card is «хвърлена»"),
    ("bg", "торб", None, "bags are «надвзятки», the Bulgarian bridge word for overtricks"),
    ("is", "tölvuleik", None, "«tölvuleikir» are video games: a computer's moves are «leikir tölvunnar»"),
    ("is", "gef", "pass", "«gefa» is dealing: passing cards is «senda»"),
    ("is", "gjöf", "pass", "«gjöf» is the deal"),
    ("is", "útspil", "play of", "«útspil» is the lead, not any card played"),
    ("ru", "подсад", None, "a nil is «поймать», not «подсадить»"),
    ("ru", "слома", None, "a nil is «поймать», not «сломать»"),
    ("ru", "парная", None, "«парная» alone reads as a steam room: «пара на пару»"),
    ("mk", "делител", None, "«делител» is a divisor: the dealer is «делач»"),
    ("mk", "додадете", None, "a button or an instruction is the imperative «додајте»"),
    ("mk", "Збогум", None, "«Збогум» is a farewell for ever: «Довидување»"),
]


def _translations(lang: str) -> list[tuple[str, str]]:
    from babel.messages.pofile import read_po

    locale = Path(__file__).resolve().parents[1] / "src" / "spades" / "locale"
    out: list[tuple[str, str]] = []
    for domain in ("spades", "web"):
        with (locale / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale=lang):
                if not m.id:
                    continue
                english = m.id if isinstance(m.id, str) else m.id[0]
                for text in m.string if isinstance(m.string, tuple) else (m.string,):
                    out.append((english, text))
    return out


@pytest.mark.parametrize(("lang", "wrong", "only", "why"), WRONG_WORDS)
def test_card_words_are_those_of_the_players(lang: str, wrong: str, only: str | None, why: str) -> None:
    bad = [
        text
        for english, text in _translations(lang)
        if wrong.lower() in text.lower() and (only is None or only.lower() in english.lower())
    ]
    assert bad == [], why


def test_russian_undo_names_the_move_in_the_nominative() -> None:
    """«Отменено: заказа (6)»: what was taken back follows a colon, in the nominative."""
    with i18n.use_language("ru"):
        what = i18n._("bid ({bid})").format(bid=6)
        assert i18n._("Took back your {what}.").format(what=what) == "Отменено: заказ (6)."
        words = {"pass": "передача", "discard": "сброс", "decision to look": "решение посмотреть карты"}
        assert {source: i18n._(source) for source in words} == words


def _terminology() -> dict[str, dict[str, str]]:
    """The terminology table of docs/i18n.md: English row -> language -> cell."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "i18n.md").read_text(encoding="utf-8")
    section = doc.split("### Terminology", 1)[1].split("Why each was chosen", 1)[0]
    rows = [line.strip().strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    head = [cell.strip() for cell in rows[0]]
    names = {"Russian": "ru", "Bulgarian": "bg", "Macedonian": "mk", "Icelandic": "is", "Armenian": "hy"}
    langs = [names.get(cell, "") for cell in head]
    out: dict[str, dict[str, str]] = {}
    for row in rows[1:]:
        out[row[0].strip()] = {lang: cell.strip() for lang, cell in zip(langs, row) if lang}
    return out


#: rows of the table and the catalog message that says the word
TABLE_WORDS = {
    "spades": "spades",
    "hearts": "hearts",
    "diamonds": "diamonds",
    "clubs": "clubs",
    "nil": "nil",
    "blind nil": "blind nil",
    "bags": "bags",
    "set (contract failed)": "set",
    "partnership game": "partnership",
}


@pytest.mark.parametrize("lang", OTHERS)
def test_catalogs_say_the_words_of_the_terminology_table(lang: str) -> None:
    table = _terminology()
    assert set(TABLE_WORDS) <= set(table)
    with i18n.use_language(lang):
        for row, msgid in TABLE_WORDS.items():
            assert i18n._(msgid) == table[row][lang], (row, i18n._(msgid), table[row][lang])
        dealer = table["dealer / deals"][lang].split(" / ")[0]
        assert i18n._("first dealer").endswith(dealer), (i18n._("first dealer"), dealer)
        trick = table["trick"][lang]
        assert trick.lower() in i18n.ngettext("{n} trick", "{n} tricks", 1).lower()


@pytest.mark.parametrize("lang", OTHERS)
def test_lost_nils_are_counted_alike_in_the_terminal_and_on_the_web(lang: str) -> None:
    """The analysis counted lost nils «упущено нолей: 2» in the terminal and «потеряно 2
    ноля» on the web: both now use the web's plural forms."""
    from babel.messages.pofile import read_po

    locale = Path(__file__).resolve().parents[1] / "src" / "spades" / "locale" / lang / "LC_MESSAGES"
    with (locale / "spades.po").open("rb") as f:
        terminal = read_po(f, locale=lang)["a nil given up"]
    with (locale / "web.po").open("rb") as f:
        web = read_po(f, locale=lang)["{n} nil lost"]
    assert terminal.string == web.string


#: rows of the table that name the choices of the house-rule options, and those choices
CHOICE_ROWS = {
    "bidding variants (house rules): standard / mirror / whiz / suicide": (
        "standard",
        "mirror",
        "whiz",
        "suicide",
    ),
    "first lead: left of dealer / two of clubs": ("left-of-dealer", "two-of-clubs"),
}


@pytest.mark.parametrize("lang", OTHERS)
def test_the_lobby_names_the_house_rule_choices_as_the_table_does(lang: str) -> None:
    from babel.messages.pofile import read_po

    table = _terminology()
    catalogue = Path(__file__).resolve().parents[1] / "src" / "spades" / "locale" / lang / "LC_MESSAGES"
    with (catalogue / "web.po").open("rb") as f:
        web = read_po(f, locale=lang)
    for row, choices in CHOICE_ROWS.items():
        words = table[row][lang].split(" / ")
        assert [web[choice].string for choice in choices] == words, (lang, row)
