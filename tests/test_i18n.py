"""Translations: catalog completeness and consistency, language selection, plurals, and the
80x24 terminal layout in every language."""

from __future__ import annotations

import asyncio
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from spades import Rules, i18n  # noqa: E402
from spades.bids import Bid  # noqa: E402
from spades.events import BidMade  # noqa: E402
from spades.narrate import Narrator  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "src" / "spades" / "locale"
OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _extracted() -> set[tuple[str | None, str | tuple[str, ...]]]:
    """The messages of a fresh extraction with the rules of babel.cfg."""
    files: list[Path] = []
    for line in (ROOT / "babel.cfg").read_text().splitlines():
        m = re.fullmatch(r"\[python: (.+)\]", line.strip())
        if m:
            files.extend(sorted(ROOT.glob(m.group(1))))
    assert files
    keywords = {**DEFAULT_KEYWORDS, "N_": None, "NP_": (1, 2), "NC_": ((1, "c"), 2)}
    found: set[tuple[str | None, str | tuple[str, ...]]] = set()
    for path in files:
        for _lineno, message, _comments, context in extract_from_file("python", str(path), keywords):
            found.add((context, message))
    return found


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALE / lang / "LC_MESSAGES" / "spades.po").open("rb") as f:
        return read_po(f, locale=lang)


def _fields(text: str, cases: bool = False) -> list[str]:
    """The ``{name:spec}`` fields of ``text``; with ``cases``, a grammatical case asked of a
    seat (``{receiver:gen}``, see ``i18n.CASES``) counts as the plain field."""
    parsed = string.Formatter().parse(text)
    return sorted(
        f"{name}:{'' if cases and spec in i18n.CASES else spec}"
        for _lit, name, spec, _conv in parsed
        if name is not None
    )


def test_template_matches_a_fresh_extraction() -> None:
    with (LOCALE / "spades.pot").open("rb") as f:
        pot = {(m.context, m.id) for m in read_po(f) if m.id}
    assert pot == _extracted()


@pytest.mark.parametrize("lang", OTHERS)
def test_catalog_is_complete_and_has_no_stale_message(lang: str) -> None:
    catalog = _catalog(lang)
    ids = {(m.context, m.id) for m in catalog if m.id}
    wanted = _extracted()
    assert sorted(map(str, wanted - ids)) == [], "untranslated (missing)"
    assert sorted(map(str, ids - wanted)) == [], "stale"
    forms = {m.id: m.string if isinstance(m.string, tuple) else (m.string,) for m in catalog if m.id}
    empty = [mid for mid, strings in forms.items() if not all(strings)]
    assert empty == []
    assert [m.id for m in catalog if m.id and m.fuzzy] == []


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_match_between_source_and_translation(lang: str) -> None:
    for m in _catalog(lang):
        if not m.id:
            continue
        sources = m.id if isinstance(m.id, tuple) else (m.id,)
        targets = m.string if isinstance(m.string, tuple) else (m.string,)
        # the singular may drop {n} only where the plural has it (not done here: all keep it)
        want = _fields(sources[-1])
        for target in targets:
            assert _fields(target, cases=True) == want, (lang, m.id, target)


@pytest.mark.parametrize(("lang", "forms"), [("ru", 3), ("bg", 2), ("mk", 2), ("is", 2), ("hy", 2)])
def test_plural_forms_follow_each_language(lang: str, forms: int) -> None:
    catalog = _catalog(lang)
    assert catalog.num_plurals == forms
    for m in catalog:
        if isinstance(m.id, tuple):
            assert len(m.string) == forms, m.id


def test_russian_plurals_pick_the_right_form() -> None:
    i18n.set_language("ru")
    one, other = ("{n} hand, then best", "{n} hands, then best")
    words = [i18n.ngettext(one, other, n).format(n=n) for n in (1, 2, 5, 11, 21, 22)]
    assert words == [
        "1 сдача, затем лучший",
        "2 сдачи, затем лучший",
        "5 сдач, затем лучший",
        "11 сдач, затем лучший",
        "21 сдача, затем лучший",
        "22 сдачи, затем лучший",
    ]


def test_language_selection_order() -> None:
    env = {"LANGUAGE": "xx:mk:ru", "LC_ALL": "bg_BG.UTF-8", "LANG": "is_IS.UTF-8"}
    assert i18n.pick_language("hy", env) == "hy"
    assert i18n.pick_language(None, env) == "mk"
    assert i18n.pick_language(None, {"LC_ALL": "bg_BG.UTF-8", "LANG": "is_IS.UTF-8"}) == "bg"
    assert i18n.pick_language(None, {"LC_ALL": "C", "LANG": "is_IS.UTF-8"}) == "en"
    assert i18n.pick_language(None, {"LANG": "ru_RU.UTF-8"}) == "ru"
    assert i18n.pick_language(None, {"LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.pick_language(None, {}) == "en"
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        i18n.pick_language("xx", env)


def test_accept_language_ranks_by_quality_then_order() -> None:
    assert i18n.parse_accept_language("de, mk;q=0.5, hy-AM, ru;q=0.9, en;q=0") == ["hy", "ru", "mk"]
    assert i18n.parse_accept_language("is;q=abc, bg") == ["bg"]
    assert i18n.parse_accept_language(None) == []


def test_english_is_the_source_and_the_default() -> None:
    n = Narrator(Rules(), you=2)
    assert n.event(BidMade(1, Bid.nil())) == ["East bids nil"]
    i18n.set_language("ru")
    assert n.event(BidMade(1, Bid.nil())) == ["Восток: заказ ноль"]
    with i18n.use_language("en"):
        assert n.event(BidMade(1, Bid.nil())) == ["East bids nil"]
    assert i18n.get_language() == "ru"


def test_play_lang_option_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    from spades.cli import main

    assert main(["play", "--lang", "xx"]) == 2
    assert "unknown language 'xx'" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["ru", "bg", "mk", "is", "hy"])
def test_80x24_layout_fits_in_every_language(lang: str) -> None:
    """A hand at 80x24 in ``lang``: the bid strip, the prompts, the key line, hints, engine
    errors and the hand's summary are on the screen whole (nothing cut off at the right edge
    or the bottom)."""
    from spades.game import Phase
    from spades.tui.app import PlayApp, SummaryScreen
    from spades.tui.controller import Message
    from test_i18n_screens import english_words
    from tuiutil import enter_line, flat, make, screen_lines, screen_text, settle

    i18n.set_language(lang)
    ctl = make("--seed", "3", "--hands", "2", "--no-blind-nil")
    seen: list[str] = []
    shown = {"hint": 0, "error": 0}

    def check(app: PlayApp) -> None:
        text = screen_text(app)
        prompt = ctl.prompt().text
        if not isinstance(app.screen, SummaryScreen):
            assert " ".join(prompt.split()) in " ".join(text.split()), prompt
        for line in screen_lines(app):
            assert len(line.rstrip()) <= 80
            assert "…" not in line, line
        assert app.screen.virtual_size.height <= 24  # no scrolling: nothing below the screen
        assert english_words(text) == [], text
        seen.append(text)

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            while ctl.game.phase is not Phase.PLAY or not ctl.human_to_act:
                check(app)
                await pilot.press("enter")
                await settle(app, pilot)
            check(app)
            keys = i18n._("←/→ choose · Enter play · Space mark · F1 help · PgUp log · Ctrl+Q quit (saved)")
            assert keys in screen_text(app)
            for move in range(60):
                if isinstance(app.screen, SummaryScreen):
                    break
                check(app)
                if move < 4 and ctl.human_to_act:
                    # a hint and an engine error, each whole on the screen with the keys line
                    for line, kind in (("hint", "hint"), ("zz", "error"), ("bid 3", "error")):
                        await enter_line(app, pilot, line)
                        await settle(app, pilot)
                        assert ctl.feedback is not None and ctl.feedback.kind == kind, line
                        shown[kind] += 1
                        assert flat(ctl.feedback.text) in flat(screen_text(app)), ctl.feedback.text
                        assert keys in screen_text(app)
                        check(app)
                    # the longest hints take 4 lines (at 78 columns): the log makes way
                    long = "; ".join([ctl.feedback.text] * 6)[:300]
                    ctl.feedback = Message("hint", long)
                    app.refresh_view()
                    await pilot.pause()
                    assert flat(long) in flat(screen_text(app))
                    assert keys in screen_text(app)
                    check(app)
                await pilot.press("enter")
                await settle(app, pilot)
            assert shown == {"hint": 4, "error": 8}
            check(app)
            summary = screen_text(app)
            for word in ("Seat", "Bid", "Took", "Side", "Points", "Bags", "Total"):
                assert i18n._(word) in summary
            assert i18n._("Enter: next hand · q: quit (the game is saved)") in summary
            assert not app.internal_errors

    asyncio.run(go())
    assert len(seen) >= 3


def _message_keys(path: Path) -> list[tuple[str, str, str]]:
    """(context, msgid, msgid_plural) of every entry of a .po/.pot file, read line by line:
    babel's reader merges a duplicated entry silently, so it cannot find one."""
    keys: list[tuple[str, str, str]] = []
    ctx = ""
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line.startswith("msgctxt "):
            ctx = line[8:]
        elif line.startswith("msgid "):
            text = [line[6:]]
            j = i + 1
            while j < len(lines) and lines[j].startswith('"'):
                text.append(lines[j])
                j += 1
            plural = lines[j][13:] if j < len(lines) and lines[j].startswith("msgid_plural ") else ""
            if text != ['""']:  # the header
                keys.append((ctx, "".join(text), plural))
            ctx = ""
    return keys


@pytest.mark.parametrize("path", sorted(LOCALE.rglob("*.po*")), ids=lambda p: str(p.relative_to(LOCALE)))
def test_catalog_files_have_no_duplicated_message(path: Path) -> None:
    # branches append entries at the ends of the catalogues and git merges them line-wise
    # (.gitattributes): two branches adding the same message would leave it twice
    keys = _message_keys(path)
    seen: set[tuple[str, str, str]] = set()
    twice = [k for k in keys if k in seen or seen.add(k)]  # type: ignore[func-returns-value]
    assert not twice, f"{path.name}: entries given twice: {twice[:5]}"
    assert len(keys) > 50


@pytest.mark.parametrize("path", sorted(LOCALE.rglob("*.po*")), ids=lambda p: str(p.relative_to(LOCALE)))
def test_every_catalogue_entry_has_its_msgstr(path: Path) -> None:
    # a line-wise merge of two branches' appended entries once dropped their shared
    # 'msgstr ""' line: the msgid then ran into the next entry
    lines = path.read_text(encoding="utf-8").splitlines()
    missing = []
    i = 0
    while i < len(lines):
        if not lines[i].startswith("msgid "):
            i += 1
            continue
        j = i + 1
        while j < len(lines) and lines[j].startswith(('"', "msgid_plural ")):
            j += 1
        if not (j < len(lines) and lines[j].startswith("msgstr")):
            missing.append(f"{i + 1}: {lines[i][:60]}")
        i = j
    assert missing == []
