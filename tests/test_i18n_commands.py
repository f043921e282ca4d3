"""Commands typed in the player's language (issue 48): the terminal game showed
«введите ход или: hint · undo · last · help» and taught «обява 3», which it then refused.
Every command is accepted in the language in use as well as in English."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

pytest.importorskip("babel")

from spades import Card, NotationError, i18n

OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", OTHERS)
def test_command_words_are_distinct_and_not_cards(lang: str) -> None:
    with i18n.use_language(lang):
        words = [i18n.command_word(c) for c in i18n.COMMANDS]
        assert len(set(words)) == len(words), words
        assert all(w != c for w, c in zip(words, i18n.COMMANDS)), "untranslated"
        for word in words:
            with pytest.raises(NotationError):
                Card.parse(word)


@pytest.mark.parametrize("lang", OTHERS)
def test_english_command_puts_the_local_word_into_english(lang: str) -> None:
    with i18n.use_language(lang):
        for english in i18n.COMMANDS:
            local = i18n.command_word(english)
            assert i18n.english_command(local) == english
            assert i18n.english_command(local.upper() + " 2C 3D") == f"{english} 2C 3D"
        assert i18n.english_command("bid 4") == "bid 4"
        assert i18n.english_command("QH") == "QH"
    assert i18n.english_command("заказ 3") == "заказ 3"  # English: nothing is translated


@pytest.mark.parametrize("lang", OTHERS)
def test_the_screen_teaches_only_commands_that_work(lang: str) -> None:
    """The command line's placeholder and the replies name commands the game accepts."""
    with i18n.use_language(lang):
        placeholder = i18n._("type a move or: hint · undo · last · help")
        named = re.split(r"\s*·\s*", re.split(r"[:՝]\s*", placeholder, maxsplit=1)[1])
        assert [i18n.english_command(w) for w in named] == ["hint", "undo", "last", "help"]
        example = re.findall(r"'([^']+)'", i18n._("Type a move such as 'QH' or 'bid 4'."))
        assert [i18n.english_command(w) for w in example] == ["QH", "bid 4"]


@pytest.mark.parametrize("lang", OTHERS)
def test_the_game_accepts_commands_in_the_players_language(lang: str) -> None:
    pytest.importorskip("textual")
    from spades.bids import Bid
    from tuiutil import make

    i18n.set_language(lang)
    ctl = make("--seed", "2", "--no-blind-nil")
    ctl.run_bots()
    assert ctl.submit(i18n.command_word("help")).kind == "help"
    assert ctl.submit(i18n.command_word("hint")).kind == "hint"
    bids = [a for a in ctl.game.legal_actions() if isinstance(a, Bid) and not a.is_nil]
    reply = ctl.submit(f"{i18n.command_word('bid')} {bids[0].tricks}")
    assert reply.kind != "error", reply.text
    assert ctl.game.bids[ctl.human] == bids[0]
    assert ctl.submit(i18n.command_word("undo")).kind != "error"
    assert ctl.game.bids[ctl.human] is None
    assert ctl.submit("hint").kind == "hint"  # English still works


@pytest.mark.parametrize("lang", OTHERS)
def test_the_help_names_the_commands_in_the_players_language(lang: str) -> None:
    """The help listed `hint`, `undo`... in English only: its rows now start with the local
    command, which the game accepts."""
    pytest.importorskip("textual")
    from spades.tui.controller import HELP_LINES

    with i18n.use_language(lang):
        commands = HELP_LINES[HELP_LINES.index("Commands:") + 1 : -1]
        firsts = [i18n._(row).split()[0] for row in commands]
        assert [i18n.english_command(word) for word in firsts] == [row.split()[0] for row in commands]
        moves = [i18n._(row).split()[0] for row in HELP_LINES[1:6] if not row.startswith("  QH")]
        assert [i18n.english_command(word).split()[0] for word in moves] == ["bid", "pass", "keep", "discard"]


@pytest.mark.parametrize("lang", OTHERS)
def test_the_level_command_takes_the_local_level_names(lang: str) -> None:
    """«уровень эксперт»: the level command and the computer players' levels as the screen
    names them (the help's row) set the level; English still works."""
    pytest.importorskip("textual")
    from tuiutil import make

    i18n.set_language(lang)
    level = i18n.command_word("level")
    for name in ("basic", "random", "expert"):
        local = i18n.bot_level(name)
        assert i18n.english_command(f"{level} {local}") == f"level {name}"
        assert i18n.english_command(f"{level.upper()} {local.upper()}") == f"level {name}"
    ctl = make("--seed", "2", "--no-blind-nil")
    reply = ctl.submit(f"{level} {i18n.bot_level('basic')}")
    assert reply.kind == "info", reply.text
    assert i18n.bot_level("basic") in reply.text
    assert {ctl.bot_names[s] for s in range(4) if s != ctl.human} == {"basic"}
    assert ctl.submit(f"level {i18n.bot_level('random')}").kind == "info"
    assert {ctl.bot_names[s] for s in range(4) if s != ctl.human} == {"random"}
    assert ctl.submit("level expert").kind == "info"
    wrong = ctl.submit(f"{level} 9")
    assert wrong.kind == "error" and f"{level} {i18n.bot_level('expert')}" in wrong.text


@pytest.mark.parametrize("lang", OTHERS)
def test_the_new_help_rows_and_tutorial_name_local_commands(lang: str) -> None:
    """The rules, tutorial and level rows of the help, and the tutorial's hint line, show the
    commands in the player's language."""
    from spades.tui.controller import HELP_LINES

    with i18n.use_language(lang):
        rows = {part: i18n._(part) for part in HELP_LINES}
        for english in ("rules", "tutorial"):
            row = next(text for part, text in rows.items() if part.split()[:1] == [english])
            assert i18n.english_command(row.split()[0]) == english, row
        row = next(text for part, text in rows.items() if part.startswith("  level"))
        typed = [w.strip() for w in row.strip().split("   ")[0].split("·")]
        assert [i18n.english_command(w) for w in typed] == ["level expert", "level basic"]
        line = i18n._("• 'hint' says what the computer would do and why; 'undo' takes a move back.")
        assert [i18n.english_command(w) for w in re.findall(r"'([^']+)'", line)] == ["hint", "undo"]
