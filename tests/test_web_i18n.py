"""The web domain's catalogs: complete against a fresh extraction of the client's JavaScript and
HTML and the server's Python (babel-web.cfg), nothing stale, the same placeholders, each
language's plural forms, and the catalog the browser gets."""

from __future__ import annotations

import gettext
import io
import string
from pathlib import Path
from typing import ClassVar

import pytest

babel = pytest.importorskip("babel")
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from spades import i18n  # noqa: E402
from spades.rules import OPTIONS  # noqa: E402
from spades.server import words  # noqa: E402
from spades.server.rule_words import CHOICE_WORDS, OPTION_WORDS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "src" / "spades" / "locale"
OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]


def _extracted() -> set[str | tuple[str, ...]]:
    """The messages of a fresh extraction with the rules of babel-web.cfg."""
    with (ROOT / "babel-web.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {**DEFAULT_KEYWORDS, "N_": None}
    found: set[str | tuple[str, ...]] = set()
    files: set[str] = set()
    for filename, _lineno, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=keywords
    ):
        found.add(message)
        files.add(filename)
    # every kind of source took part: the pages, their scripts and the server
    assert any(f.endswith(".html") for f in files) and any(f.endswith(".js") for f in files)
    assert any(f.endswith("app.py") for f in files)
    return found


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALE / lang / "LC_MESSAGES" / "web.po").open("rb") as f:
        return read_po(f, locale=lang, domain="web")


def _fields(text: str) -> list[str]:
    parsed = string.Formatter().parse(text)
    return sorted(f"{name}:{spec}" for _lit, name, spec, _conv in parsed if name is not None)


@pytest.fixture(scope="module")
def extracted() -> set[str | tuple[str, ...]]:
    return _extracted()


def test_web_template_matches_a_fresh_extraction(extracted: set[str | tuple[str, ...]]) -> None:
    with (LOCALE / "web.pot").open("rb") as f:
        pot = {m.id for m in read_po(f) if m.id}
    assert sorted(map(str, extracted - pot)) == [], "not in web.pot: run pybabel extract (babel-web.cfg)"
    assert sorted(map(str, pot - extracted)) == [], "stale in web.pot"


@pytest.mark.parametrize("lang", OTHERS)
def test_web_catalog_is_complete_and_has_no_stale_message(
    lang: str, extracted: set[str | tuple[str, ...]]
) -> None:
    catalog = _catalog(lang)
    ids = {m.id for m in catalog if m.id}
    assert sorted(map(str, extracted - ids)) == [], "untranslated (missing)"
    assert sorted(map(str, ids - extracted)) == [], "stale"
    forms = {m.id: m.string if isinstance(m.string, tuple) else (m.string,) for m in catalog if m.id}
    assert [mid for mid, strings in forms.items() if not all(strings)] == [], "empty"
    assert [m.id for m in catalog if m.id and m.fuzzy] == []


@pytest.mark.parametrize("lang", OTHERS)
def test_web_placeholders_match_between_source_and_translation(lang: str) -> None:
    for m in _catalog(lang):
        if not m.id:
            continue
        sources = m.id if isinstance(m.id, tuple) else (m.id,)
        targets = m.string if isinstance(m.string, tuple) else (m.string,)
        want = _fields(sources[-1])
        for target in targets:
            assert _fields(target) == want, (lang, m.id, target)


@pytest.mark.parametrize(("lang", "forms"), [("ru", 3), ("bg", 2), ("mk", 2), ("is", 2), ("hy", 2)])
def test_web_plural_forms_follow_each_language(lang: str, forms: int) -> None:
    catalog = _catalog(lang)
    assert catalog.num_plurals == forms
    plurals = [m for m in catalog if isinstance(m.id, tuple)]
    assert len(plurals) >= 10
    for m in plurals:
        assert len(m.string) == forms, m.id


def test_web_russian_plurals_pick_the_right_form() -> None:
    t = words.web_translations("ru")
    one, other = "{who} passed {n} card", "{who} passed {n} cards"
    said = [t.ngettext(one, other, n).format(who="Аня", n=n) for n in (1, 2, 5, 11, 21, 104)]
    assert said == [
        "Аня: передана 1 карта",
        "Аня: переданы 2 карты",
        "Аня: передано 5 карт",
        "Аня: передано 11 карт",
        "Аня: передана 21 карта",
        "Аня: переданы 104 карты",
    ]


def test_rule_option_words_are_exactly_the_options_words() -> None:
    wanted: list[str] = []
    for opt in OPTIONS:
        for word in (opt.label, opt.help, opt.unit, opt.none):
            if word and word not in wanted:
                wanted.append(word)
    assert list(OPTION_WORDS) == wanted


def test_choice_words_are_the_choices_of_the_options() -> None:
    # the lobby's menus word each choice with the catalog: every one must be marked
    assert list(CHOICE_WORDS) == [c for opt in OPTIONS if opt.kind == "choice" for c in opt.choices]


@pytest.mark.parametrize("lang", OTHERS)
def test_client_catalog_has_every_message_and_the_plural_rule(lang: str) -> None:
    data = words.client_catalog(lang)
    catalog = _catalog(lang)
    assert data["lang"] == lang and data["nplurals"] == catalog.num_plurals
    assert data["plural"] == catalog.plural_expr
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            assert data["messages"][m.id[0]] == list(m.string)
        else:
            assert data["messages"][m.id] == m.string
    # the game's own words come from the spades domain, not copied
    with i18n.use_language(lang):
        assert data["terms"]["North"] == i18n.term("North") != "North"
        assert data["terms"]["spades"] == i18n.term("spades")


def test_client_catalog_plural_message_keys_do_not_collide_with_plain_ones() -> None:
    with (LOCALE / "web.pot").open("rb") as f:
        pot = [m.id for m in read_po(f) if m.id]
    singulars = [mid[0] for mid in pot if isinstance(mid, tuple)]
    plain = {mid for mid in pot if isinstance(mid, str)}
    assert [s for s in singulars if s in plain] == []


def test_english_client_catalog_is_the_source() -> None:
    data = words.client_catalog("en")
    assert data["messages"] == {} and data["plural"] == "(n != 1)"
    assert data["terms"]["North"] == "North"
    assert set(data["languages"]) == set(i18n.LANGUAGES)


def test_localize_fills_fields_and_falls_back_to_english() -> None:
    assert words.localize("a chat message may have at most {n} characters", "bg", {"n": 200}) == (
        "съобщението в чата може да има най-много 200 знака"
    )
    assert (
        words.localize("an engine message not in any catalog", "ru") == "an engine message not in any catalog"
    )
    assert words.localize("There is no such table", "xx") == "There is no such table"


def test_request_language_is_cookie_then_accept_language_then_english() -> None:
    assert words.language_of("a=1; spades_lang=mk", "ru") == "mk"
    assert words.language_of("spades_lang=xx", "de, is;q=0.5") == "is"
    assert words.language_of(None, "de-DE,de;q=0.9") == "en"
    assert words.language_of(None, None) == "en"


def test_error_fields_carry_an_engine_error_code_and_params() -> None:
    class EngineError(ValueError):
        code = "follow_suit"
        params: ClassVar[dict[str, object]] = {"suit": object(), "cards": ("QH", 3), "n": 2}

    fields = words.error_fields(EngineError("You must follow suit: hearts"), "ru")
    assert fields["reason"] == "follow_suit"
    assert fields["params"]["n"] == 2 and fields["params"]["cards"] == ["QH", 3]
    assert isinstance(fields["params"]["suit"], str)
    assert fields["localized"] == "You must follow suit: hearts"  # no wording yet: English
    plain = words.error_fields(ValueError("There is no such table"), "hy")
    assert plain == {"localized": "Նման սեղան չկա"}


def test_html_extractor_finds_marked_texts_and_attributes() -> None:
    page = (
        b"<title data-i18n>Spades \xc2\xb7 you</title><p data-i18n>\n  two\n  lines </p>"
        b'<input placeholder="Say something" title="t" data-i18n-attrs="placeholder">'
    )
    found = [m for _line, _f, m, _c in words.extract_html(io.BytesIO(page), [], [], {})]
    assert found == ["Spades · you", "two lines", "Say something"]


def test_html_extractor_refuses_markup_inside_a_marked_element() -> None:
    page = b"<p data-i18n>press <kbd>Enter</kbd> now</p>"
    with pytest.raises(ValueError, match="only text"):
        list(words.extract_html(io.BytesIO(page), [], [], {}))


def test_compiled_catalog_is_a_gettext_catalog() -> None:
    t = words.web_translations("is")
    assert isinstance(t, gettext.GNUTranslations)
    assert t.gettext("Play now") == "Spila núna"
    assert words.web_translations("en").gettext("Play now") == "Play now"


def test_web_cards_show_the_languages_own_face_letters() -> None:
    """Issue 48: Russian, Bulgarian and Macedonian packs are indexed with their own letters, and
    the web's cards showed A K Q J in every language; the client's catalog now names the letters
    (cards.js's rankText draws them), and Icelandic, Armenian and English keep A K Q J."""
    from spades.server.words import client_catalog

    assert client_catalog("ru")["faces"] == {"J": "В", "Q": "Д", "K": "К", "A": "Т"}
    assert client_catalog("bg")["faces"] == {"J": "В", "Q": "Д", "K": "П", "A": "А"}
    assert client_catalog("mk")["faces"]["J"] == "Ж"
    for lang in ("en", "is", "hy"):
        assert client_catalog(lang)["faces"] == {}
    cards_js = (Path(__file__).resolve().parents[1] / "src/spades/server/static/cards.js").read_text()
    assert "I18N.faces" in cards_js
