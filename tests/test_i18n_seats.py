"""Seat names in every language (issue 48): short names that tell the seats apart, the
Armenian article and suffixes, seat names declined where the grammar wants it, and the
words of the game (variants, computer levels) that used to stay English."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("babel")

from spades import Rules, i18n
from spades.game import Phase

LOCALE = Path(__file__).resolve().parents[1] / "src" / "spades" / "locale"
SEATS = ("North", "East", "South", "West")
ALL = list(i18n.LANGUAGES)
OTHERS = [lang for lang in ALL if lang != "en"]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ALL)
def test_seat_letters_collide_no_more(lang: str) -> None:
    """Armenian North and South both began with «Հ», East and West with «Ա»: the short
    names of the four seats differ in every language, and are short."""
    with i18n.use_language(lang):
        letters = [i18n.seat_letter(seat) for seat in SEATS]
    assert len(set(letters)) == 4, (lang, letters)
    assert all(1 <= len(letter) <= 3 for letter in letters), letters


def test_armenian_seat_letters_are_the_compass_abbreviations() -> None:
    with i18n.use_language("hy"):
        assert [i18n.seat_letter(seat) for seat in SEATS] == ["Հս", "Արլ", "Հվ", "Արմ"]


@pytest.mark.parametrize("lang", ALL)
def test_score_panel_and_last_trick_tell_the_seats_apart(lang: str) -> None:
    from spades.tui.render import side_text
    from tuiutil import make

    i18n.set_language(lang)
    ctl = make("--seed", "3", "--hands", "1", "--bots", "random")
    sides = [ctl.side_label(side) for side in range(2)]
    letters = [i18n.seat_letter(seat) for seat in SEATS]
    assert sides[0].startswith(f"{letters[0]}-{letters[2]}") and sides[1] == f"{letters[1]}-{letters[3]}"
    while ctl.last_trick() is None:
        ctl.run_bots()
        if ctl.human_to_act:
            ctl.submit(str(ctl.game.legal_actions()[0]))
    text = side_text(ctl, colour=False).plain
    last = next(line for line in text.splitlines() if re.search(r"[♠♥♦♣]", line))  # the last trick
    shown = [part for part in last.split() if not re.search(r"[♠♥♦♣]", part)]
    assert sorted(shown) == sorted(letters), (lang, last)


def _armenian_messages() -> list[str]:
    from babel.messages.pofile import read_po

    out: list[str] = []
    for domain in ("spades", "web"):
        with (LOCALE / "hy" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale="hy"):
                if m.id:
                    out.extend(m.string if isinstance(m.string, tuple) else (m.string,))
    return out


def test_armenian_article_is_not_hyphenated_onto_seat_names() -> None:
    """«Արևմուտք-ը», «Հարավ-ը»: an Armenian word takes its article and case endings without
    a hyphen (a hyphen belongs only after digits and Latin letters: «QH-ը», «4-ը»)."""
    bad = []
    for text in _armenian_messages():
        if re.search(r"\{(seat|receiver|giver)\}-", text):
            bad.append(text)
        # an ending after a hyphen (compound words keep theirs: «ոչ-ոքի» a tie, «ինչ-որ»,
        # «Ջոկեր-ջոկեր-տուզ» the Joker-Joker-Ace rule set)
        if re.search(r"[\u0531-\u0587]-(ը|ն|ի|ին|ով|ից|ում|ները|ներ|երի|երը)(?![\u0561-\u0587])", text):
            bad.append(text)
    assert bad == []
    with i18n.use_language("hy"):
        assert i18n._("{seat} (you)").format(seat=i18n.term("West")) == "Արևմուտք (դուք)"


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("ru", "Западу, Севера, Югом"),
        ("is", "Vestri, Norðurs, Suðri"),
        ("hy", "Արևմուտքին, Հյուսիսի, Հարավով"),
        ("bg", "Запад, Север, Юг"),
        ("en", "West, North, South"),
    ],
)
def test_seat_names_are_declined_where_a_translation_asks(lang: str, text: str) -> None:
    with i18n.use_language(lang):
        west, north, south = (i18n.term(seat) for seat in ("West", "North", "South"))
        assert f"{west:dat}, {north:gen}, {south:ins}" == text
        nil = i18n.term("nil")
        assert f"{nil:<6}|{nil:gen}" == f"{i18n._('nil'):<6}|{i18n._('nil')}"


def test_icelandic_passes_cards_to_a_seat_in_the_genitive() -> None:
    """«til Norður»: Icelandic «til» takes the genitive, «til Norðurs»."""
    from spades.events import ExchangePassed
    from spades.narrate import Narrator

    with i18n.use_language("is"):
        n = Narrator(Rules.preset("partnership"), you=None)
        line = n.event(ExchangePassed(0, 2, 2, None))[0]
    assert "til Suðurs" in line, line
    assert "gef" not in line and "gjöf" not in line, line


@pytest.mark.parametrize("lang", OTHERS)
def test_preset_names_are_not_split_on_the_hyphen(lang: str) -> None:
    """``i18n.term()`` split ``two-player`` on "-" and showed it in English."""
    with i18n.use_language(lang):
        for preset in Rules.PRESET_NAMES:
            word = i18n.term(preset)
            english = re.search(r"player|two|three|partner|cutthroat|openspiel", word)
            assert word != preset and not english, (preset, word)
        assert i18n.term("North-South") == f"{i18n.term('North')}-{i18n.term('South')}"


@pytest.mark.parametrize("lang", OTHERS)
def test_computer_levels_are_in_the_players_language(lang: str) -> None:
    from tuiutil import make

    i18n.set_language(lang)
    line = make("--seed", "1", "--partner", "expert", "--opponents", "basic").bots_line()
    assert not re.search(r"basic|expert|random", line), line
    assert i18n.pgettext("computer player", "expert") in line


# -- the player's own seat in a sentence ----------------------------------------------------


def _template_ids() -> set[str]:
    from babel.messages.pofile import read_po

    with (LOCALE / "spades.pot").open("rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


def _person_fields(msgid: str) -> set[str]:
    import string

    return {name for _l, name, _s, _c in string.Formatter().parse(msgid) if name in i18n.PERSON_FIELDS}


def test_every_message_naming_a_seat_has_its_you_form() -> None:
    """"{who} led" was filled with "You" («Вы зашёл», «Վե поведе»): every message of the
    template with a placeholder that may be the player's seat (``i18n.PERSON_FIELDS``) has
    a message said to the player instead, or is listed as never naming the player."""
    ids = _template_ids()
    forms = {you for yous in i18n.YOU_FORMS.values() for you in yous}
    naming = {msgid for msgid in ids if _person_fields(msgid)}
    missing = sorted(naming - set(i18n.YOU_FORMS) - forms - set(i18n.NOT_YOU))
    assert missing == [], "messages naming a seat that may be the player's, without a 'you' form"
    assert set(i18n.YOU_FORMS) | forms | set(i18n.NOT_YOU) <= ids
    for third, yous in i18n.YOU_FORMS.items():
        for you in yous:
            assert _person_fields(you) < _person_fields(third), (third, you)


@pytest.mark.parametrize("lang", ALL)
@pytest.mark.parametrize("preset", ["partnership", "two-player"])
def test_narration_never_puts_the_players_label_into_a_sentence(lang: str, preset: str) -> None:
    """A whole game (passes after a blind nil, draws, bids, plays, tricks, game over) told
    to one seat: the label of that seat is never used, every line about it is a 'you' form."""
    import random

    from spades import Game, bots
    from spades.narrate import Narrator

    rules = Rules.preset(preset, hands=2 if preset == "partnership" else 1)
    game = Game(rules, seed=11)
    you = 0
    sentinel = "⟦YOU⟧"
    with i18n.use_language(lang):
        n = Narrator(rules, you=you, label=lambda s: sentinel if s == you else i18n.term(rules.seat_name(s)))
        players = [bots.get("basic", seed=s) for s in range(rules.num_seats)]
        rng = random.Random(3)
        lines: list[str] = []
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            blind = [a for a in legal if str(a) == "blind nil"]
            action = blind[0] if blind and rng.random() < 0.5 else players[seat].act(game.view(seat))
            for ev in game.apply(action):
                lines.extend(n.event(ev))
    assert len(lines) > 20
    assert [line for line in lines if sentinel in line] == []
    if lang != "en":
        english = {"You play", "You bid", "You win", "You led", "You pass", "passes you"}
        assert [line for line in lines if any(word in line for word in english)] == []


@pytest.mark.parametrize("lang", ALL)
def test_you_led_on_the_table(lang: str) -> None:
    """The table's note under a trick the player led is "You led" in each language, and a
    trick another seat led names that seat («Заход Запада», «Vestur spilaði út»)."""
    from spades.tui.render import table_text
    from tuiutil import make

    i18n.set_language(lang)
    ctl = make("--seed", "5", "--hands", "1", "--bots", "random")
    seen = {"you": 0, "them": 0, "won": 0}
    for _ in range(200):
        if ctl.game.is_over:
            break
        trick = ctl.game.trick
        if trick:
            text = table_text(ctl, 60, 14, colour=False).plain
            if trick[0][0] == ctl.human:
                assert i18n._("You led") in text
                seen["you"] += 1
            else:
                who = i18n.term(ctl.rules.seat_name(trick[0][0]))
                assert i18n._("{who} led").format(who=who) in " ".join(text.split())
                seen["them"] += 1
            assert i18n._("You") + " " not in text.replace(i18n._("You led"), "")
        elif ctl.last_trick() is not None:
            text = " ".join(table_text(ctl, 46, 9, colour=False).plain.split())
            winner = ctl.last_trick().winner  # type: ignore[union-attr]
            if winner == ctl.human:
                assert i18n._("won by you") in text
                seen["won"] += 1
            else:
                who = i18n.term(ctl.rules.seat_name(winner))
                assert i18n._("won by {who}").format(who=who) in text
        ctl.run_bots()
        if ctl.human_to_act:
            ctl.submit(str(ctl.game.legal_actions()[0]))
    assert seen["you"] and seen["them"] and seen["won"]


def test_russian_wording_is_gender_neutral_for_seats_and_players() -> None:
    """«Вы зашёл», «взял {n}»: Russian lines about a seat or a player carry no masculine
    past tense (a seat may be a person of either sex)."""
    from babel.messages.pofile import read_po

    masculine = re.compile(r"\b(за|по|с)?(шёл|шел|взял|сыграл|заказал|отошёл|ходил|сдал|передал|получил)\b")
    bad = []
    for domain in ("spades", "web"):
        with (LOCALE / "ru" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale="ru"):
                for text in m.string if isinstance(m.string, tuple) else (m.string,):
                    if m.id and masculine.search(text):
                        bad.append(text)
    assert bad == []


def test_cases_are_asked_only_of_seat_names() -> None:
    """A case (``{x:gen}``) is asked only of placeholders the code fills with a seat name (a
    :class:`~spades.i18n.Term`): a person's name in another placeholder would not format."""
    import string

    from babel.messages.pofile import read_po

    allowed = {"seat", *i18n.PERSON_FIELDS} - {"side"}
    asked: dict[str, set[str]] = {}
    for lang in OTHERS:
        with (LOCALE / lang / "LC_MESSAGES" / "spades.po").open("rb") as f:
            for m in read_po(f, locale=lang):
                for text in m.string if isinstance(m.string, tuple) else (m.string,):
                    for _l, name, spec, _c in string.Formatter().parse(text or ""):
                        if name is not None and spec in i18n.CASES:
                            asked.setdefault(name, set()).add(lang)
    assert asked and set(asked) <= allowed, asked


def test_a_label_that_is_not_a_seat_is_not_declined() -> None:
    from spades.events import ExchangePassed
    from spades.narrate import Narrator

    with i18n.use_language("ru"):
        n = Narrator(Rules.preset("partnership"), you=None, label=lambda s: ["Аня", "Bo", "Юг", "Ian"][s])
        assert n.event(ExchangePassed(0, 2, 2, None)) == ["Аня передаёт Юг 2 карты"]


def test_web_names_take_no_armenian_ending() -> None:
    """On the web a ``{who}`` or ``{name}`` is a person's name or a seat's («Արևմուտք»): the
    page cannot decline it, so the Armenian pages put it after «՝» with no ending at all
    (the first translation wrote «{who}-ը», «Արևմուտք-ը»)."""
    from babel.messages.pofile import read_po

    bad = []
    with (LOCALE / "hy" / "LC_MESSAGES" / "web.po").open("rb") as f:
        for m in read_po(f, locale="hy"):
            for text in m.string if isinstance(m.string, tuple) else (m.string,):
                if m.id and re.search(r"\{(who|name)\}(-|[\u0561-\u0587])", text or ""):
                    bad.append(text)
    assert bad == []


def test_needs_line_names_the_sides_by_their_distinct_seat_letters() -> None:
    """The score panel's "Needs:" line took each seat name's first letter: Armenian «Հ-Հ» for
    both North-South and (were it shown) «Ա-Ա» for East-West; it uses the seat letters."""
    from spades.tui.render import side_text
    from tuiutil import make

    i18n.set_language("hy")
    ctl = make("--seed", "3", "--hands", "1", "--bots", "random")
    while not (ctl.game.phase is Phase.PLAY and all(b is not None for b in ctl.game.bids)):
        ctl.run_bots()
        if ctl.human_to_act:
            ctl.submit(str(ctl.game.legal_actions()[0]))
    prefix = i18n._("Needs: {sides}").split("{", 1)[0]
    needs = next(line for line in side_text(ctl, colour=False).plain.splitlines() if line.startswith(prefix))
    letters = [i18n.seat_letter(seat) for seat in SEATS]
    assert f"{letters[0]}-{letters[2]}" in needs and "Հ-Հ" not in needs
