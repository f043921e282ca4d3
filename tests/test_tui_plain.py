"""``spades play --plain``: the line-by-line game for screen readers (spades.tui.plain).

Whole games are played through the plain mode's stdin by :class:`Player`, which reads the
game's state, types a legal move in one of the forms a person would (a card in words or
letters, a bid as a number, a blind-nil pass...), and now and then a review command or a bad
line, checking that those change nothing and are answered with a sentence.  The lines it
typed are then piped into the installed ``spades`` entry point, which must play the same game.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("babel")

from spades import i18n
from spades.actions import Choice, Discard, Pass
from spades.bids import Bid
from spades.cards import ALL_CARDS, Card
from spades.cli import play as play_cli
from spades.game import Phase
from spades.i18n import command_word
from spades.tui.controller import Controller
from spades.tui.plain import PlainGame, card_letters, card_words, speak_cards

PRESETS = ("partnership", "two-player", "cutthroat", "three-player")
#: box drawing, block elements, and any escape (ANSI colour or cursor control)
NOT_PLAIN = re.compile(r"[\u2500-\u259f\x1b\x07]")
SUITS = re.compile(r"[♠♥♦♣]")


@pytest.fixture(autouse=True)
def _english_after(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SPADES_STATS_FILE", str(tmp_path / "stats.json"))
    yield
    i18n.set_language("en")
    i18n.set_local_faces(None)


def _args(*argv: str) -> list[str]:
    return ["--bots", "random", "--seed", "7", "--game-hands", "2", *argv]


def make(*argv: str) -> Controller:
    parser = play_cli.argparse.ArgumentParser()
    play_cli.add_arguments(parser)
    ctl = play_cli.make_controller(parser.parse_args(_args(*argv)))
    ctl.hint_bots = ("basic", "random")
    return ctl


class Player(io.TextIOBase):
    """The person at the keyboard: answers each question of the plain mode with a legal move
    typed as a person would, with review commands and mistakes in between (``mistakes``).

    Checks as it goes: a review command or a bad line changes nothing and is answered.
    """

    def __init__(self, ctl: Controller, out: io.StringIO, *, seed: int = 1, mistakes: bool = True) -> None:
        self.ctl = ctl
        self.out = out
        self.rng = random.Random(seed)
        self.mistakes = mistakes
        self.typed: list[str] = []
        self.checks: list[tuple[str, tuple[int, int], int]] = []
        self.reviews = 0
        self.refused = 0

    def readline(self, size: int | None = -1) -> str:
        self._check_last()
        line = self.line()
        self.typed.append(line)
        return line + "\n"

    def _check_last(self) -> None:
        """The review command or bad line typed last changed nothing and got an answer."""
        if not self.checks:
            return
        kind, key, written = self.checks.pop()
        assert self.ctl.decision_key == key, f"{kind} {self.typed[-1]!r} changed the game"
        answer = self.out.getvalue()[written:]
        assert answer.strip(), f"{kind} {self.typed[-1]!r} was not answered"
        if kind == "bad":
            self.refused += 1

    def line(self) -> str:
        ctl = self.ctl
        if len(self.typed) > 5000:
            raise AssertionError("the game never ended")
        if ctl.game.is_over:
            return self.rng.choice(["quit", command_word("quit")])
        if not ctl.human_to_act:
            assert ctl.pending_summary is not None, "asked while nothing is to decide"
            return ""
        if self.mistakes and self.rng.random() < 0.2:
            return self._aside()
        return self.move()

    def _aside(self) -> str:
        """A review command or a bad line, to be checked by the next read."""
        if self.rng.random() < 0.5:
            words = ["hand", "trick", "last", "bids", "score", "turn", "help"]
            word = self.rng.choice(words)
            self.checks.append(("review", self.ctl.decision_key, len(self.out.getvalue())))
            self.reviews += 1
            return self.rng.choice([word, command_word(word)])
        self.checks.append(("bad", self.ctl.decision_key, len(self.out.getvalue())))
        return self.rng.choice(self._bad_lines())

    def _bad_lines(self) -> list[str]:
        lines = ["zz", "bid 99", "pass", "queen of nothing", "play", "x" * 300, "AS AS", "hint hint"]
        view = self.ctl.view()
        if self.ctl.game.phase is Phase.PLAY and view.hand is not None:
            illegal = [c for c in view.hand if c not in view.legal]
            if illegal:
                lines.append(card_words(illegal[0]))
            gone = [c for c in ALL_CARDS if c not in view.hand]
            lines.extend(card_letters(c) for c in gone[:1])
        return lines

    def move(self) -> str:
        """A legal action typed in one of its forms."""
        view = self.ctl.view()
        legal = list(view.legal)
        blind = [a for a in legal if isinstance(a, Bid) and a.blind]
        action = blind[0] if blind and self.rng.random() < 0.5 else self.rng.choice(legal)
        return self.typed_form(action)

    def typed_form(self, action: object) -> str:
        rng = self.rng
        if isinstance(action, Card):
            return rng.choice(
                [card_words(action), card_letters(action), str(action), "play " + card_words(action)]
            )
        if isinstance(action, Bid):
            if action.is_nil:
                return command_word("blind nil" if action.blind else "nil")
            return rng.choice([str(action.tricks), f"bid {action.tricks}"])
        if isinstance(action, (Pass, Discard)):
            verb = command_word("pass" if isinstance(action, Pass) else "discard")
            cards = action.cards.sorted()
            if rng.random() < 0.5 and cards:
                return f"{verb} " + ", ".join(card_words(c) for c in cards)
            return f"{verb} " + " ".join(card_letters(c) for c in cards)
        if action is Choice.LOOK:
            return command_word("look")
        return command_word(str(action))


def play_whole_game(*argv: str, lang: str = "en", seed: int = 1, mistakes: bool = True) -> tuple[str, Player]:
    i18n.set_language(lang)
    ctl = make(*argv)
    out = io.StringIO()
    player = Player(ctl, out, seed=seed, mistakes=mistakes)
    code = PlainGame(ctl, stdin=player, stdout=out).run()
    assert code == 0
    assert ctl.game.is_over, out.getvalue()[-2000:]
    return out.getvalue(), player


def assert_plain(text: str, *, words: bool = True) -> None:
    """Every line plain: no box drawing, no escapes, no empty line; with words, no suit symbols."""
    lines = text.split("\n")
    assert lines[-1] == ""
    assert [line for line in lines if NOT_PLAIN.search(line)] == []
    assert [line for line in lines[:-1] if not line.strip()] == []
    if words:
        assert [line for line in lines if SUITS.search(line)] == []


def assert_hands_announced_before_asked(text: str, lang: str) -> None:
    """After a hand's result, the next hand is announced (who deals) before anything is asked."""
    with i18n.use_language(lang):
        over = i18n._("Hand {number} over: ").split("{number}")[0]
        deals = (i18n._("Hand {n}: you deal."), i18n._("Hand {n}: {dealer} deals."))
        starts = {d.split("{n}")[0] for d in deals}
        asks = (
            i18n._("Type one of: {choices}.").split("{choices}")[0],
            i18n._("Type the number of tricks you bid."),
            i18n._("Type the number of tricks you bid, or {nil}.").split("{nil}")[0],
        )
    lines = text.splitlines()
    ended = [i for i, line in enumerate(lines) if line.startswith(over)]
    assert ended
    for i in ended[:-1]:
        nxt = next(j for j in range(i, len(lines)) if any(lines[j].startswith(s) for s in starts))
        assert not any(line.startswith(asks) for line in lines[i:nxt]), lines[i:nxt]


def test_the_next_hand_is_announced_before_the_player_is_asked() -> None:
    """Three players, the player first to decide in hand 2: 'Hand 2: West deals.' comes right
    after the result, before the blind-nil question (it came after it)."""
    text, _player = play_whole_game("--preset", "three-player", seed=8)
    assert "Hand 2: West deals.\nBlind nil (+200 if you take no trick) or look at your cards?" in text
    assert_hands_announced_before_asked(text, "en")


# -- whole games -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("preset", PRESETS)
def test_plain_mode_plays_whole_games_in_every_preset(preset: str, lang: str) -> None:
    text, player = play_whole_game("--preset", preset, lang=lang)
    assert_plain(text)
    assert player.reviews > 0 and player.refused > 0
    i18n.set_language(lang)
    ctl = player.ctl
    assert ctl.result_text() in text
    english = ("You play", "wins the trick", "Your turn", "Hand 1 over")
    assert_hands_announced_before_asked(text, lang)
    if lang == "en":
        assert all(word in text for word in english)
    else:
        assert [w for w in english if w in text] == []


@pytest.mark.parametrize("lang", ["bg", "is", "mk", "hy"])
def test_plain_mode_speaks_every_language(lang: str) -> None:
    text, _player = play_whole_game("--preset", "partnership", "--game-hands", "1", lang=lang, seed=2)
    assert_plain(text)
    i18n.set_language(lang)
    assert card_words(Card.parse("QH")) != "queen of hearts"
    assert "Your turn" not in text and "You may play" not in text


def test_blind_nil_exchange_is_played_and_told() -> None:
    """The player bids blind nil (Player prefers it): the pass is asked, typed, and told."""
    text, player = play_whole_game("--preset", "partnership", "--game-hands", "3", seed=3)
    typed = " ".join(player.typed)
    assert "blind nil" in typed and "pass " in typed
    assert "Type pass and the cards, such as: pass" in text
    assert re.search(r"You pass \w+ of \w+", text)


def test_two_player_draw_and_redraw_are_played() -> None:
    text, player = play_whole_game("--preset", "two-player", "--game-hands", "2", seed=4)
    assert "Keep " in text and "or reject it" in text
    assert "You keep " in text and "Type one of: keep " in text
    assert any(t.startswith("discard") for t in player.typed)


def test_nil_exchange_house_rule_is_played() -> None:
    text, _player = play_whole_game("--nil-exchange", "2", "--game-hands", "3", seed=5)
    assert_plain(text)


# -- the pieces ------------------------------------------------------------------------------


def test_cards_are_said_as_words_or_letters() -> None:
    assert card_words(Card.parse("QH")) == "queen of hearts"
    assert card_words(Card.parse("TS")) == "ten of spades"
    assert card_letters(Card.parse("TS")) == "10S"
    assert speak_cards("West plays Q♥, then 10♠") == "West plays queen of hearts, then ten of spades"
    assert speak_cards("West plays Q♥", "letters") == "West plays QH"
    assert speak_cards("West plays Q♥", "symbols") == "West plays Q♥"


@pytest.mark.parametrize(
    ("lang", "card", "words"),
    [
        ("ru", "QH", "дама червей"),
        ("bg", "AS", "асо пика"),
        ("mk", "JC", "жандар треф"),
        ("is", "QH", "hjartadrottning"),
        ("hy", "2C", "խաչի երկու"),
    ],
)
def test_cards_are_said_in_the_players_words(lang: str, card: str, words: str) -> None:
    with i18n.use_language(lang):
        assert card_words(Card.parse(card)) == words
        # the screen's own letters (Д♥ in Russian) are said as words too
        from spades.tui.hints import pretty

        assert speak_cards(pretty(Card.parse(card))) == words


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_card_has_distinct_words_that_type_back(lang: str) -> None:
    i18n.set_language(lang)
    ctl = make()
    game = PlainGame(ctl, stdin=io.StringIO(), stdout=io.StringIO())
    said = {card_words(c) for c in ALL_CARDS}
    assert len(said) == 52
    for c in ALL_CARDS:
        assert game.notation(card_words(c)) == str(c)
        assert Card.parse(game.notation(card_letters(c))) == c


def _started(*argv: str, lang: str = "en") -> tuple[Controller, PlainGame, io.StringIO]:
    i18n.set_language(lang)
    ctl = make(*argv)
    out = io.StringIO()
    game = PlainGame(ctl, stdin=io.StringIO(), stdout=out)
    game.advance()
    game.ask()
    return ctl, game, out


def _said(game: PlainGame, out: io.StringIO, line: str) -> str:
    start = len(out.getvalue())
    game.handle(line)
    return out.getvalue()[start:]


def _to_play(ctl: Controller, game: PlainGame) -> None:
    while ctl.game.phase is not Phase.PLAY or not ctl.human_to_act:
        if ctl.human_to_act:
            game.handle("look" if ctl.game.phase is Phase.BLIND else "3")
        game.advance()


def test_review_commands_say_the_state() -> None:
    ctl, game, out = _started("--no-blind-nil", "--first-dealer", "south")
    assert "Hand 1: you deal." in out.getvalue()
    _to_play(ctl, game)
    view = ctl.view()
    hand = _said(game, out, "hand")
    assert hand.startswith("Your hand, 13 cards:\nSpades: ")
    assert hand.count("\n") == 5
    bids = _said(game, out, "bids").splitlines()
    assert bids[2] == "South (you): bid 3, 0 tricks taken."
    assert bids[0].startswith("North (partner): bid ")
    score = _said(game, out, "score").splitlines()
    assert score == [
        "North-South (you): score 0, bags 0.",
        "East-West: score 0, bags 0.",
        "Hand 1; game to 500.",
    ]
    trick = _said(game, out, "trick")
    first = view.trick[0]
    assert trick.startswith(f"Trick 1: {ctl.label(first[0])} {card_words(first[1])}")
    assert _said(game, out, "last") == "No trick has been completed in this hand yet.\n"
    turn = _said(game, out, "turn")
    assert turn.startswith("Your turn") and "You may play" in turn
    assert _said(game, out, "") == turn  # Enter alone says the question again
    assert ctl.decision_key == (0, len(ctl.game.actions))


def test_bad_input_is_answered_and_changes_nothing() -> None:
    ctl, game, out = _started("--no-blind-nil")
    _to_play(ctl, game)
    key = ctl.decision_key
    view = ctl.view()
    for line in ("zz", "bid 4", "queen of nothing", "x" * 300, "play", "pass 2C", "level hard"):
        answer = _said(game, out, line)
        assert answer.strip() and answer.count("\n") <= 2, (line, answer)
        assert ctl.decision_key == key
    gone = next(c for c in ALL_CARDS if c not in (view.hand or ()))
    answer = _said(game, out, card_letters(gone))
    assert answer == f"You do not have the {card_words(gone)}\n"  # the engine's AS, said as words
    illegal = [c for c in view.hand or () if c not in view.legal]
    if illegal:
        answer = _said(game, out, card_words(illegal[0]))
        assert "follow suit" in answer or "not broken" in answer, answer
    assert ctl.decision_key == key


def test_a_typed_zero_bid_is_refused_with_its_reason() -> None:
    ctl, game, out = _started("--no-blind-nil")
    while ctl.game.phase is not Phase.BID:
        game.advance()
    answer = _said(game, out, "0")
    assert "type 'nil' to bid it" in answer
    assert ctl.game.phase is Phase.BID and ctl.human_to_act


def test_hint_and_analyse_are_said_in_plain_lines() -> None:
    ctl, game, out = _started("--no-blind-nil", "--game-hands", "1")
    _to_play(ctl, game)
    hint = _said(game, out, "hint")
    assert hint.startswith("Thinking about a hint...\nHint (basic): play ")
    assert_plain(hint)
    while not ctl.game.is_over:
        if ctl.human_to_act:
            game.handle(str(ctl.view().legal[0]))
        game.advance()
    analysis = _said(game, out, "analyse")
    assert analysis.startswith("Analysing double dummy...\n")
    assert len(analysis.splitlines()) > 5
    assert_plain(analysis)
    for word in ("rules", "tutorial", "stats", "help"):
        assert_plain(_said(game, out, word))


def test_help_names_the_commands_in_the_players_language() -> None:
    _ctl, game, out = _started(lang="ru")
    text = _said(game, out, "помощь" if command_word("help") == "помощь" else command_word("help"))
    for word in ("hand", "trick", "bids", "score", "turn", "hint", "undo", "quit"):
        assert command_word(word) in text, word
    assert_plain(text)
    # each review command answers in Russian, typed in Russian
    assert _said(game, out, command_word("score")).startswith("Север-Юг")


def test_end_of_input_leaves_with_the_game_saved(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    i18n.set_language("en")
    ctl = make("--save", str(save))
    out = io.StringIO()
    assert PlainGame(ctl, stdin=io.StringIO("look\n4\n"), stdout=out).run() == 0
    record = json.loads(save.read_text())
    assert [a for s, a in record["actions"] if s == ctl.human][:2] == ["look", "bid 4"]


def test_computer_moves_wait_the_pace() -> None:
    i18n.set_language("en")
    ctl = make()
    waits: list[float] = []
    PlainGame(ctl, stdin=io.StringIO(""), stdout=io.StringIO(), pace=0.25, sleep=waits.append).run()
    assert waits and set(waits) == {0.25}


# -- choosing the mode -----------------------------------------------------------------------


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _ns(*argv: str) -> object:
    parser = play_cli.argparse.ArgumentParser()
    play_cli.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_plain_mode_is_chosen_for_pipes_and_by_the_environment() -> None:
    tty = _Tty()
    pipe = io.StringIO()
    want = play_cli.wants_plain
    assert want(_ns(), {}, tty, tty) is False  # type: ignore[arg-type]
    assert want(_ns(), {}, pipe, tty) is True  # type: ignore[arg-type]
    assert want(_ns(), {}, tty, pipe) is True  # type: ignore[arg-type]
    assert want(_ns(), {"SPADES_PLAIN": "1"}, tty, tty) is True  # type: ignore[arg-type]
    assert want(_ns(), {"SPADES_PLAIN": "0"}, tty, tty) is False  # type: ignore[arg-type]
    assert want(_ns(), {"TERM": "dumb"}, tty, tty) is True  # type: ignore[arg-type]
    assert want(_ns("--plain"), {}, tty, tty) is True  # type: ignore[arg-type]
    assert want(_ns("--no-plain"), {"SPADES_PLAIN": "1"}, pipe, pipe) is False  # type: ignore[arg-type]


# -- the installed entry point ---------------------------------------------------------------


def _entry_point() -> Path:
    script = Path(sys.executable).with_name("spades")
    if not script.exists():
        pytest.skip("the spades entry point is not installed in this environment")
    return script


@pytest.mark.parametrize(
    ("preset", "lang"), [("partnership", "ru"), ("cutthroat", "en"), ("two-player", "is")]
)
def test_piped_stdin_plays_the_same_game_through_the_entry_point(
    tmp_path: Path, preset: str, lang: str
) -> None:
    """The lines typed in a game played here, piped into ``spades play`` (no --plain: stdin is
    a pipe), play the same game: the saved records have the same actions."""
    here = tmp_path / "here.json"
    text, player = play_whole_game("--preset", preset, "--save", str(here), lang=lang, seed=6)
    there = tmp_path / "there.json"
    src = Path(i18n.__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(src), "LANGUAGE": lang, "PYTHONWARNINGS": "ignore"}
    env.pop("SPADES_PLAIN", None)
    argv = [str(_entry_point()), "play", *_args("--preset", preset, "--save", str(there))]
    done = subprocess.run(
        argv, input="\n".join(player.typed) + "\n", capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(there.read_text())["actions"] == json.loads(here.read_text())["actions"]
    out = done.stdout
    assert_plain(out)
    assert out.startswith(text.split("\n")[0])
    i18n.set_language(lang)
    assert player.ctl.result_text() in out


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_review_command_words_are_distinct_and_not_cards(lang: str) -> None:
    """Each review word (hand, trick, bids, score, turn) in each language is its own word: not
    another command's, not a card's, and typed it answers without touching the game."""
    from spades.errors import NotationError
    from spades.tui.plain import REVIEW_COMMANDS

    ctl, game, out = _started("--no-blind-nil", lang=lang)
    words = [command_word(w).casefold() for w in REVIEW_COMMANDS]
    others = {command_word(w).casefold() for w in i18n.COMMANDS}
    assert len(set(words)) == len(words)
    assert set(words) & others == set()
    key = ctl.decision_key
    for word in words:
        with pytest.raises(NotationError):
            Card.parse(word)
        assert _said(game, out, word).strip()
        assert ctl.decision_key == key


def test_cards_in_a_row_are_said_with_commas_and_typed_back_without() -> None:
    said = "You pass two of clubs, three of diamonds, four of hearts to West"
    assert speak_cards("You pass 2♣ 3♦ 4♥ to West") == said
    assert speak_cards("You pass 2♣ 3♦ 4♥ to West", "letters") == "You pass 2C 3D 4H to West"
    ctl = make()
    game = PlainGame(ctl, stdin=io.StringIO(), stdout=io.StringIO())
    assert game.notation("pass two of clubs three of diamonds, four of hearts") == "pass 2C 3D 4H"
    not_cards = "discard Queen of Hearts and 2c"
    assert game.notation(not_cards) == not_cards
    assert game.notation("discard queen of hearts 10s") == "discard QH TS"
