"""The controller behind ``spades play``, without a terminal.

Whole games for every preset, the answers to illegal input, undo, hints,
saving and resuming, the data folder, the command-line options, and a fuzz of
thousands of random typed lines.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import pytest

from spades import Bid, Card, Game, Pass, Rules
from spades.cli import play as play_cli
from spades.game import Phase
from spades.tui import storage
from spades.tui.controller import Controller, parse_seat, seat_bots


def _controller(preset: str = "partnership", seed: int = 11, **options: object) -> Controller:
    rules = Rules.preset(preset, **options)  # type: ignore[arg-type]
    # hints from the quick basic player (the expert's first search may compile its solver)
    return Controller.new(
        rules, seed=seed, partner="random", opponents="random", hint_bots=("basic", "random")
    )


def _play_out(ctl: Controller, rng: random.Random, limit: int = 20_000) -> int:
    """Play the person's seat with random legal moves typed as notation; return moves made."""
    moves = 0
    for _ in range(limit):
        ctl.run_bots()
        if ctl.game.is_over:
            return moves
        if not ctl.human_to_act:
            assert ctl.pending_summary is not None
            ctl.acknowledge()
            continue
        action = rng.choice(ctl.game.legal_actions())
        reply = ctl.submit(str(action))
        assert reply.kind != "error", reply.text
        moves += 1
    raise AssertionError("the game did not finish")


@pytest.mark.parametrize("preset", ["partnership", "two-player", "cutthroat", "three-player", "openspiel"])
def test_whole_game_every_preset(preset: str) -> None:
    ctl = _controller(preset, hands=2) if preset != "openspiel" else _controller(preset)
    moves = _play_out(ctl, random.Random(preset))
    game = ctl.game
    assert game.is_over and moves > 0
    assert game.hands_played == (1 if preset == "openspiel" else 2)
    assert ctl.result_text().startswith("Game over:")
    assert any(m.text.startswith("Hand 1 over:") for m in ctl.log)
    # every seat but the person's was moved by its computer player
    movers = {seat for seat, _ in game.actions}
    assert movers == set(range(game.rules.num_seats))


def test_illegal_card_is_answered_with_the_reason_and_changes_nothing() -> None:
    ctl = _controller(blind_nil=False)
    rng = random.Random(3)
    for _ in range(2000):
        ctl.run_bots()
        game = ctl.game
        if game.phase is Phase.PLAY and game.trick and ctl.human_to_act:
            led = game.trick[0][1].suit
            hand = game.hand(ctl.human)
            others = [c for c in hand if c.suit != led]
            if hand.count(led) and others:
                before = game.to_record()
                reply = ctl.submit(str(others[0]))
                assert reply.kind == "error"
                assert reply.text == f"You must follow suit: {led.plural}"
                assert ctl.feedback == reply
                assert game.to_record() == before
                return
        if ctl.pending_summary is not None and not ctl.human_to_act:
            ctl.acknowledge()
            continue
        ctl.submit(str(rng.choice(game.legal_actions())))
    pytest.fail("never had to follow suit")


def test_input_errors_are_messages() -> None:
    ctl = _controller(blind_nil=False)
    ctl.run_bots()
    assert ctl.human_to_act and ctl.game.phase is Phase.BID
    assert ctl.submit("QH").text.startswith("Now you must bid")
    assert "not something you can do" in ctl.submit("fly away").text
    assert ctl.submit("bid 99").kind == "error"
    assert ctl.submit("").kind == "info"
    assert ctl.submit("x" * 500).text == "That is too long to be a move."
    assert ctl.submit("hint please").text == "Just type 'hint' on its own."


def test_waiting_player_is_told_whose_turn_it_is() -> None:
    ctl = _controller(first_dealer=2)  # South deals: West acts first
    assert ctl.game.to_act == 3 and not ctl.human_to_act
    reply = ctl.submit("look")
    assert reply.kind == "error" and "West" in reply.text


def test_undo_takes_back_the_last_decision_and_the_computer_moves_after_it() -> None:
    ctl = _controller(blind_nil=False)
    ctl.run_bots()
    assert ctl.undo().kind == "error"  # nothing to take back yet
    start = len(ctl.game.actions)
    ctl.submit("bid 4")
    ctl.run_bots()
    # play until the person has played a card and others have followed
    while ctl.game.phase is not Phase.PLAY or not ctl.human_to_act:
        ctl.run_bots()
        if ctl.human_to_act:
            ctl.submit(str(ctl.game.legal_actions()[0]))
    hand_before = ctl.game.hand(ctl.human)
    actions_before = len(ctl.game.actions)
    card = ctl.game.legal_actions()[-1]
    ctl.submit(str(card))
    ctl.run_bots()
    assert len(ctl.game.actions) > actions_before + 1
    generation = ctl.generation
    reply = ctl.undo()
    assert reply.text.startswith(f"Took back your play of {card.unicode().replace('T', '10')}")
    assert len(ctl.game.actions) == actions_before
    assert ctl.game.hand(ctl.human) == hand_before
    assert ctl.human_to_act and ctl.generation == generation + 1
    # undo again and again back to the bid
    while ctl.game.actions and any(s == ctl.human for s, _ in ctl.game.actions):
        ctl.undo()
    assert len(ctl.game.actions) == start
    assert ctl.game.bids[ctl.human] is None


def test_a_stale_bot_decision_is_not_applied() -> None:
    ctl = _controller(first_dealer=2)
    turn = ctl.bot_turn()
    assert turn is not None
    action = turn.decide()
    ctl.new_game()
    if ctl.game.to_act == turn.seat:
        assert not ctl.commit(turn, action)
    assert len(ctl.game.actions) == 0


def test_a_failing_bot_is_replaced_by_a_random_move() -> None:
    ctl = _controller(first_dealer=2)
    turn = ctl.bot_turn()
    assert turn is not None
    assert ctl.commit(turn, None, RuntimeError("boom"))
    assert len(ctl.game.actions) == 1
    assert any("failed (boom)" in m.text for m in ctl.log)
    turn = ctl.bot_turn()
    assert turn is not None and ctl.commit(turn, Card.parse("AS"))  # not legal in the bid phase
    assert len(ctl.game.actions) == 2


def test_hint_names_a_legal_action_with_a_reason() -> None:
    ctl = _controller(blind_nil=False)
    assert ctl.hint().kind == "error" or ctl.human_to_act
    ctl.run_bots()
    reply = ctl.hint()
    assert reply.kind == "hint" and reply.text.startswith("Hint (")
    assert ctl.last_hint in ctl.game.legal_actions()
    ctl.submit(str(ctl.last_hint))
    rng = random.Random(5)
    for _ in range(200):
        ctl.run_bots()
        if not ctl.human_to_act:
            break
        reply = ctl.hint()
        assert reply.kind == "hint" and ": " in reply.text
        assert ctl.last_hint in ctl.game.legal_actions()
        ctl.submit(str(rng.choice(ctl.game.legal_actions())))


def test_hints_come_from_the_strongest_installed_bot() -> None:
    from spades import bots

    ctl = Controller.new(Rules.preset("partnership"), seed=1)
    expected = next(n for n in ("expert", "basic", "random") if n in bots.names())
    assert ctl._hinter(ctl.view())[1] == expected
    only_random = Controller.new(Rules.preset("partnership"), seed=1, hint_bots=("no-such-bot",))
    only_random.run_bots()
    reply = only_random.hint()
    assert reply.text.startswith("Hint (random): ") and "no expert or basic" in reply.text


def test_partner_and_opponents_may_differ() -> None:
    from spades import bots

    ctl = Controller.new(Rules.preset("partnership"), seed=1, partner="expert", opponents="basic")
    want = [n if n in bots.names() else "random" for n in ("expert", "basic")]
    assert ctl.bot_names == [want[0], want[1], None, want[1]]
    assert ctl.requested == ["expert", "basic", None, "basic"]
    assert ctl.bots_line() == f"partner {want[0]}, vs {want[1]}"


def test_unknown_bot_falls_back_to_random_and_says_so() -> None:
    rules = Rules.preset("partnership")
    ctl = Controller.new(rules, seed=1, partner="no-such-bot", opponents="random")
    assert ctl.bot_names[0] == "random"
    assert any("'no-such-bot' computer player is not installed" in m.text for m in ctl.log)
    assert ctl.feedback is not None and "not installed" in ctl.feedback.text
    # the wish is kept in the saved players, so a later install is used on resume
    assert ctl.players()[0].bot == "no-such-bot"


def test_seats_and_bots() -> None:
    rules = Rules.preset("partnership")
    assert seat_bots(rules, 2, "expert", "basic") == ["expert", "basic", None, "basic"]
    assert seat_bots(Rules.preset("two-player"), 1, "expert", "basic") == ["basic", None]
    assert parse_seat("south", rules) == 2 and parse_seat("W", rules) == 3 and parse_seat("1", rules) == 1
    with pytest.raises(ValueError, match="not a seat"):
        parse_seat("7", rules)
    assert Controller.new(Rules.preset("three-player"), seed=1).human == 0
    assert Controller.new(Rules.preset("two-player"), seed=1).human == 1


def test_saved_after_every_action_and_resumed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    rules = Rules.preset("partnership", hands=2)
    ctl = Controller.new(rules, seed=21, name="Ann", partner="random", opponents="random", save_path=path)
    rng = random.Random(2)
    for _ in range(10):
        ctl.run_bots()
        assert ctl.human_to_act
        ctl.submit(str(rng.choice(ctl.game.legal_actions())))
        record = json.loads(path.read_text())
        assert record["actions"] == [[s, str(a)] for s, a in ctl.game.actions]
        assert Game.from_record(record) == ctl.game
    assert record["players"][2] == {"seat": 2, "kind": "human", "name": "Ann"}
    resumed = Controller.resume(path)
    assert resumed.game == ctl.game
    assert resumed.human == 2 and resumed.name == "Ann" and resumed.requested[1] == "random"
    _play_out(resumed, rng)
    assert Game.from_record(json.loads(path.read_text())).is_over


def test_saved_game_reads_with_spades_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from spades.cli import main

    path = tmp_path / "r.json"
    ctl = Controller.new(
        Rules.preset("partnership", hands=1), seed=6, partner="random", opponents="random", save_path=path
    )
    _play_out(ctl, random.Random(6))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "=== Hand 1" in out and "Game over" in out


def test_resume_errors_are_readable(tmp_path: Path) -> None:
    from spades.errors import RecordError

    with pytest.raises(RecordError, match="no saved game"):
        Controller.resume(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="not a saved game"):
        Controller.resume(bad)
    bad.write_text('{"format": "other"}')
    with pytest.raises(RecordError, match="not a spades game record"):
        Controller.resume(bad)


def test_unwritable_save_is_reported_once_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    ctl = Controller.new(
        Rules.preset("partnership", blind_nil=False),
        seed=3,
        partner="random",
        opponents="random",
        save_path=blocker / "sub" / "game.json",
    )
    ctl.run_bots()
    ctl.submit("bid 3")
    ctl.run_bots()
    assert ctl.save_error is not None and ctl.save_error.startswith("Could not save")
    assert sum(1 for m in ctl.log if m.text.startswith("Could not save")) == 1


def test_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SPADES_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert storage.data_dir() == tmp_path / "xdg" / "spades"
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path / "mine"))
    assert storage.games_dir() == tmp_path / "mine" / "games"
    first = storage.new_game_path()
    storage.write_record(first, {"result": {"is_over": True}})
    assert storage.new_game_path() != first
    assert storage.latest_unfinished() is None
    ctl = Controller.new(Rules.preset("two-player"), seed=4, save_path=tmp_path / "mine" / "games" / "b.json")
    ctl.run_bots()
    ctl.submit(str(ctl.game.legal_actions()[0]))
    assert storage.latest_unfinished() == tmp_path / "mine" / "games" / "b.json"


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play_cli.add_arguments(parser)
    return parser.parse_args(list(argv))


def test_rule_options_map_to_rules_fields() -> None:
    rules = play_cli.build_rules(
        _args(
            "--preset", "partnership", "--target", "300", "--losing-score", "-200", "--no-blind-nil",
            "--bag-penalty", "50", "--bag-limit", "5", "--boston-bonus", "100", "--hands", "3",
            "--nil-bonus", "50", "--max-side-bid", "13", "--no-breaking", "--nil-tricks-count",
            "--first-dealer", "west",
        )
    )  # fmt: skip
    assert (rules.target_score, rules.losing_score, rules.blind_nil) == (300, -200, False)
    assert (rules.bag_penalty, rules.bag_limit, rules.boston_bonus, rules.hands) == (50, 5, 100, 3)
    assert (rules.nil_bonus, rules.max_side_bid, rules.spades_must_be_broken) == (50, 13, False)
    assert rules.nil_tricks_count_for_partner and rules.first_dealer == 3
    two = play_cli.build_rules(_args("--preset", "two-player", "--no-nil", "--exchange", "2"))
    assert two.variant == "two-player" and not two.nil and not two.blind_nil
    assert two.blind_nil_exchange == 2
    assert play_cli.build_rules(_args("--boston-wins", "--blind-nil-behind", "100")).boston_wins
    assert play_cli.build_rules(_args()) == Rules.preset("partnership")


def test_cli_makes_new_and_resumed_games(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path))
    ctl = play_cli.make_controller(
        _args("--seed", "5", "--bots", "random", "--partner", "nobody", "--seat", "E", "--name", "Bo")
    )
    assert ctl.human == 1 and ctl.name == "Bo" and ctl.requested == ["random", None, "random", "nobody"]
    assert ctl.save_path is not None and ctl.save_path.parent == tmp_path / "games"
    ctl.run_bots()
    ctl.submit(str(ctl.game.legal_actions()[0]))
    again = play_cli.make_controller(_args("--resume"))
    assert again.game == ctl.game and again.human == 1 and again.save_path == ctl.save_path
    with pytest.raises(ValueError, match="keeps its own rules: leave out --target, --no-nil"):
        play_cli.make_controller(_args("--resume", "--target", "300", "--no-nil"))
    with pytest.raises(ValueError, match="pace"):
        play_cli.make_controller(_args("--pace", "-1"))
    from spades.errors import RulesError

    with pytest.raises(RulesError):
        play_cli.make_controller(_args("--target", "-5"))


def test_cli_reports_bad_options_without_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from spades.cli import main

    assert main(["play", "--target", "0"]) == 2
    assert "target_score must be positive" in capsys.readouterr().err
    assert main(["play", "--resume", str(tmp_path / "nothing.json")]) == 2
    assert "no saved game" in capsys.readouterr().err


_WORDS = [
    "bid", "nil", "blind", "look", "pass", "keep", "reject", "discard", "play", "hint", "undo", "last",
    "help", "save", "new", "QH", "10h", "AS", "2c", "k♦", "13", "0", "-1", "²", "٣", "bid 4", "blind nil",
    "pass 2C 3D 4H", "discard 2C", "", "  ", "\t", "💥", "pass AS AS AS", "bid 1 2", "quit?", "?",
]  # fmt: skip


def test_fuzz_thousands_of_random_lines_never_raise() -> None:
    rng = random.Random(2024)
    presets = ["partnership", "two-player", "cutthroat", "three-player", "openspiel"]
    ctl = _controller("partnership")
    steps = 0
    for steps in range(4000):
        if steps % 800 == 0:
            ctl = _controller(presets[steps // 800], seed=steps, target_score=150)
        roll = rng.random()
        if roll < 0.35 and ctl.human_to_act:
            line = str(rng.choice(ctl.game.legal_actions()))
        elif roll < 0.7:
            line = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 3)))
        elif roll < 0.85:
            line = "".join(chr(rng.randint(1, 0x2FFF)) for _ in range(rng.randint(0, 12)))
        else:
            line = rng.choice(["undo", "hint", "last", "new", "help"])
        reply = ctl.submit(line)
        assert reply.kind in ("info", "error", "hint", "help")
        ctl.quit_requested = False
        ctl.run_bots()
        if ctl.pending_summary is not None and rng.random() < 0.5:
            ctl.acknowledge()
        # the state is always consistent with a replay of the record
        if steps % 97 == 0:
            assert Game.from_record(json.loads(json.dumps(ctl.game.to_record()))) == ctl.game
    assert steps == 3999


def test_blind_nil_exchange_for_the_person_by_notation() -> None:
    for seed in range(20):
        ctl = _controller("partnership", seed=seed, first_dealer=1)  # South bids first
        assert ctl.human_to_act and ctl.game.phase is Phase.BLIND
        assert ctl.submit("blind nil").kind == "info"
        ctl.run_bots()
        if ctl.game.phase is Phase.EXCHANGE:
            break
    ctl.run_bots()  # the partner passes first
    assert ctl.human_to_act and ctl.game.phase is Phase.EXCHANGE
    assert ctl.prompt().text.startswith("You got ")
    received = ctl.view().received
    assert len(received) == 3
    reply = ctl.submit("pass " + " ".join(str(c) for c in list(received)[:2]))
    assert reply.text == "Pass exactly 3 cards, not 2" or reply.kind == "error"
    give = list(received)
    assert ctl.submit("pass " + " ".join(str(c) for c in give)).kind == "info"
    assert ctl.game.bids[ctl.human] == Bid.blind_nil()
    assert isinstance(ctl.game.actions[-1][1], Pass)
