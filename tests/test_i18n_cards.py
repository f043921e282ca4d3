"""Card notation typed by a player: ``QH``, ``10h``, ``Q♥`` in every language, plus each
language's own rank letters for the court cards and the ace while that language is in use."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from spades import Card, Game, NotationError, Rules, i18n
from spades.actions import parse_action
from spades.cards import LOCAL_RANKS, Rank
from spades.errors import ErrorCode

#: (language, typed, card): each language's letters for J, Q, K, A
LOCAL = [
    ("ru", ["ВH", "Д♥", "кh", "Т♠"], ["JH", "QH", "KH", "AS"]),
    ("bg", ["вs", "ДD", "П♣", "К♣", "аh"], ["JS", "QD", "KC", "KC", "AH"]),
    ("mk", ["ЖH", "Д♦", "К♠", "П♠", "А♣"], ["JH", "QD", "KS", "KS", "AC"]),
    ("is", ["GH", "dd", "KS", "ÁC", "á♥"], ["JH", "QD", "KS", "AC", "AH"]),
    ("hy", ["ՎH", "Դ♦", "կs", "Տ♠"], ["JH", "QD", "KS", "AS"]),
]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_standard_card_notation_works_in_every_language(lang: str) -> None:
    with i18n.use_language(lang):
        assert [str(Card.parse(t)) for t in ("QH", "10h", "Q♥", "td", "2♣", "as")] == [
            "QH",
            "TH",
            "QH",
            "TD",
            "2C",
            "AS",
        ]


@pytest.mark.parametrize(("lang", "typed", "cards"), LOCAL)
def test_each_language_accepts_its_own_rank_letters(lang: str, typed: list[str], cards: list[str]) -> None:
    with i18n.use_language(lang):
        assert [str(Card.parse(t)) for t in typed] == cards
        assert [str(parse_action(f"play {t}")) for t in typed] == cards
    with i18n.use_language("en"), pytest.raises(NotationError) as info:
        Card.parse(typed[0])
    assert info.value.code is ErrorCode.NOT_A_CARD


def test_local_letters_belong_to_their_language_only() -> None:
    with i18n.use_language("ru"), pytest.raises(NotationError):
        Card.parse("ПH")  # Bulgarian and Macedonian king, not a Russian letter
    with i18n.use_language("bg"), pytest.raises(NotationError):
        Card.parse("ТH")  # the Russian ace (Cyrillic Т)
    with i18n.use_language("ru"):
        assert str(Card.parse("TH")) == "TH"  # the Latin T is still the ten


def test_local_rank_letters_map_to_court_cards_and_the_ace_only() -> None:
    for letters in LOCAL_RANKS.values():
        assert set(letters.values()) == {Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
        for letter in letters:
            assert letter == letter.upper() and len(letter) == 1


def test_rank_parse_accepts_the_local_letters() -> None:
    with i18n.use_language("ru"):
        assert Rank.parse("т") is Rank.ACE
    with i18n.use_language("is"):
        assert Rank.parse("á") is Rank.ACE and Rank.parse("G") is Rank.JACK


def test_a_russian_player_plays_a_card_with_russian_letters() -> None:
    game = Game.from_position(
        Rules(),
        hands=["AKQJ.AKQ.AKQ.AKQ", "T98.JT9.JT9.JT98", "765.876.876.7652", "432.5432.5432.43"],
        dealer=0,
        bids=["bid 13", "bid 1", "nil", "bid 1"],
    )
    with i18n.use_language("ru"):
        game.apply("ВH")  # East leads the jack of hearts
    assert str(game.trick[-1][1]) == "JH"


# -- the letters shown on the cards -------------------------------------------------------------


@pytest.fixture
def _faces_reset() -> Iterator[None]:
    yield
    i18n.set_local_faces(None)


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_shown_letters_are_accepted_back(lang: str) -> None:
    """What a card shows can be typed: each language's face letters are its input letters."""
    with i18n.use_language(lang):
        for letter, rank in zip(i18n.FACES[lang], (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)):
            assert LOCAL_RANKS[lang][letter] == rank
            assert Card.parse(letter + "♥").rank is rank


@pytest.mark.usefixtures("_faces_reset")
def test_cards_show_the_letters_their_players_expect() -> None:
    """Russian, Bulgarian and Macedonian packs are indexed with their own letters, and
    showed A K Q J; Icelandic and Armenian keep A K Q J unless asked."""
    pytest.importorskip("textual")
    from spades.tui.hints import pretty

    cards = [Card.parse(t) for t in ("JH", "QD", "KS", "AC", "TH", "2C")]
    want = {
        "en": "J♥ Q♦ K♠ A♣ 10♥ 2♣",
        "ru": "В♥ Д♦ К♠ Т♣ 10♥ 2♣",
        "bg": "В♥ Д♦ П♠ А♣ 10♥ 2♣",
        "mk": "Ж♥ Д♦ К♠ А♣ 10♥ 2♣",
        "is": "J♥ Q♦ K♠ A♣ 10♥ 2♣",
        "hy": "J♥ Q♦ K♠ A♣ 10♥ 2♣",
    }
    for lang, text in want.items():
        with i18n.use_language(lang):
            assert " ".join(pretty(c) for c in cards) == text, lang
    i18n.set_local_faces(False)
    with i18n.use_language("ru"):
        assert pretty(Card.parse("QH")) == "Q♥"
    i18n.set_local_faces(True)
    with i18n.use_language("is"):
        assert pretty(Card.parse("QH")) == "D♥"
    with i18n.use_language("en"):
        assert pretty(Card.parse("QH")) == "Q♥"


@pytest.mark.usefixtures("_faces_reset")
def test_play_cards_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("textual")
    import spades.tui.app
    from spades.cli import main
    from spades.tui.hints import pretty

    class App:
        def __init__(self, controller: object, pace: float) -> None:
            pass

        def run(self) -> int:
            return 0

    monkeypatch.setattr(spades.tui.app, "PlayApp", App)
    play = ["play", "--no-plain", "--save"]
    assert main([*play, str(tmp_path / "g.json"), "--lang", "ru", "--cards", "standard"]) == 0
    assert pretty(Card.parse("AS")) == "A♠"
    assert main([*play, str(tmp_path / "h.json"), "--lang", "is", "--cards", "local"]) == 0
    assert pretty(Card.parse("AS")) == "Á♠"
