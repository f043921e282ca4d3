"""The texts added to the catalogs after the first translation: hint reasons, the key
bindings' descriptions, ``spades replay`` and ``spades analyse`` (``--lang`` and the
environment, like ``spades play``) and house rules in words."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("babel")

from spades import Game, Rules, bots, i18n
from spades.cli import main
from spades.narrate import OPTION_LABELS, rule_words
from spades.rules import OPTIONS
from spades.tui import hints

OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]
#: English words of the hint reasons that no translation keeps
ENGLISH = re.compile(r"\b(your|you|still|beats|trick|tricks|partner|bid|play|higher|spade|only)\b")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _hint_texts(preset: str, seed: int) -> list[str]:
    """The hint reason for every legal action at each decision of a game of basic bots
    (one hand), in the language in use."""
    game = Game(Rules.preset(preset, hands=1), seed=seed)
    players = [bots.get("basic", seed=seed + s) for s in range(game.rules.num_seats)]
    out: list[str] = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        for action in game.legal_actions()[:6]:
            out.append(f"{hints.pretty_action(action)}: {hints.explain(view, action, 'expert')}")
            out.append(hints.explain(view, action, "basic"))
        game.apply(players[seat].act(view))
    return out


@pytest.mark.parametrize("lang", OTHERS)
def test_hint_reasons_are_in_the_players_language(lang: str) -> None:
    english = _hint_texts("partnership", 5) + _hint_texts("two-player", 2)
    i18n.set_language(lang)
    translated = _hint_texts("partnership", 5) + _hint_texts("two-player", 2)
    assert len(translated) == len(english) > 50
    for en, text in zip(english, translated):
        assert text != en
        assert not ENGLISH.search(text), (lang, text)


def test_hint_reasons_in_english_are_unchanged_by_translation() -> None:
    texts = _hint_texts("partnership", 5)
    assert any("still out" in t for t in texts) and any("your side has" in t for t in texts)
    assert all("{" not in t for t in texts)


@pytest.mark.parametrize("lang", OTHERS)
def test_key_binding_descriptions_are_translated(lang: str) -> None:
    from spades.tui.app import PlayApp
    from tuiutil import make

    i18n.set_language(lang)
    app = PlayApp(make("--seed", "1"), pace=0)
    descriptions = {b.description for _key, b in app._bindings if b.action in ("quit_game", "help")}
    assert descriptions == {i18n._("quit"), i18n._("help")}
    assert "quit" not in descriptions and "help" not in descriptions


def test_every_rule_option_label_is_marked_for_translation() -> None:
    assert {opt.label for opt in OPTIONS} <= set(OPTION_LABELS)


def test_house_rules_in_words_follow_the_language() -> None:
    rules = Rules(target_score=300, nil=False, blind_nil=False, hands=1)
    assert rule_words(rules) == rules.describe_for_players()
    i18n.set_language("ru")
    assert rule_words(rules) == [
        "целевой счёт: 300 очков",
        "ноль: выкл.",
        "слепой ноль: выкл.",
        "сдач в игре: 1 сдача",
    ]


def _record(tmp_path: Path) -> Path:
    game = Game(Rules(hands=1), seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()), encoding="utf-8")
    return path


def test_replay_speaks_the_chosen_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path)
    assert main(["replay", str(path)]) == 0
    english = capsys.readouterr().out
    assert "=== Hand 1:" in english and "Trick  1:" in english
    assert main(["replay", "--lang", "ru", str(path)]) == 0
    russian = capsys.readouterr().out
    assert "=== Сдача 1: сдаёт " in russian and "Взятка  1: " in russian and "Руки после сдачи:" in russian
    assert "Hand" not in russian and "Trick" not in russian and "bids" not in russian
    assert len(russian.splitlines()) == len(english.splitlines())


def test_replay_reads_the_language_from_the_environment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _record(tmp_path)
    for name in ("LANGUAGE", "LC_ALL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "is_IS.UTF-8")
    assert main(["replay", str(path)]) == 0
    assert "=== Spil 1: " in capsys.readouterr().out
    assert main(["replay", "--lang", "xx", str(path)]) == 2
    assert "unknown language 'xx'" in capsys.readouterr().err


def test_replay_errors_speak_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--lang", "bg", str(tmp_path / "missing.json")]) == 2
    assert "spades replay: не може да се прочете" in capsys.readouterr().err


def test_analyse_speaks_the_chosen_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path)
    assert main(["analyse", "--lang", "mk", str(path)]) == 0
    text = capsys.readouterr().out
    assert "=== Рака 1: дели " in text and "Преглед (загуба во штихови" in text
    assert "Hand" not in text and "Summary" not in text and "double dummy" not in text
    assert main(["analyse", "--lang", "xx", str(path)]) == 2
