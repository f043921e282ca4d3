"""``spades match``: duplicate pairing, the JSON report, options and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades import Game, Rules
from spades import match as match_module
from spades.cli import main
from spades.match import MatchError, parse_bot_spec, parse_side_spec, run_match


def test_duplicate_tables_play_the_same_deals_with_sides_swapped() -> None:
    rules = Rules.preset("partnership")
    result = run_match(rules, ["basic", "random"], hands=6, seed=3, workers=1, records=True)
    (board,) = result.boards
    t0, t1 = board.tables
    assert t0.bot_of_side == (0, 1) and t1.bot_of_side == (1, 0)
    assert len(t0.hands) == len(t1.hands) == 6
    r0, r1 = t0.records[0], t1.records[0]
    assert r0["dealer"] == r1["dealer"]
    assert r0["decks"][:6] == r1["decks"][:6]
    # the same seat holds the same cards at both tables in the first hand
    g0, g1 = Game.from_record({**r0, "actions": []}), Game.from_record({**r1, "actions": []})
    assert [g0.hand(s) for s in range(4)] == [g1.hand(s) for s in range(4)]
    # ... and the first hand's points of each bot are those of the side it sat on
    data = result.to_dict()
    assert data["hands"] == 6 and data["hands_played"] == 12 and data["duplicate"] is True


def test_three_sides_rotate_through_every_seat() -> None:
    rules = Rules.preset("three-player")
    result = run_match(rules, ["basic", "random", "random"], hands=2, seed=1, workers=1)
    tables = result.boards[0].tables
    assert sorted(t.bot_of_side for t in tables) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    data = result.to_dict()
    assert [s["hands"] for s in data["sides"]] == [6, 6, 6]


def test_result_does_not_depend_on_workers() -> None:
    rules = Rules.preset("partnership")
    a = run_match(rules, ["basic", "random"], hands=12, seed=9, workers=1).to_dict()
    b = run_match(rules, ["basic", "random"], hands=12, seed=9, workers=2).to_dict()
    for d in (a, b):
        d.pop("seconds")
        for s in d["sides"]:
            s.pop("seconds_per_decision")
    assert a == b


def test_json_output_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["match", "--bots", "basic,random", "--hands", "20", "--seed", "1", "--json", "--workers", "1"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 20
    assert data["boards"] == 2
    assert data["duplicate"] is True
    assert [s["bot"] for s in data["sides"]] == ["basic", "random"]
    for side in data["sides"]:
        assert isinstance(side["points_per_hand"], float)
        for key in ("games_won", "nil_success", "blind_nil_success", "set_rate", "bags_per_hand"):
            assert key in side
        assert side["seconds_per_decision"]["median"] >= 0
        assert side["seconds_per_decision"]["p99"] >= side["seconds_per_decision"]["median"]
    diff = data["diff_per_hand"]
    assert 0 <= diff["ci95"] < float("inf")
    pph = [s["points_per_hand"] for s in data["sides"]]
    assert diff["mean"] == pytest.approx(pph[0] - pph[1], abs=0.01)
    assert diff["mean"] > 0  # basic beats random


def test_table_output_and_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "recs"
    code = main(
        [
            "match",
            "--bots",
            "basic,basic",
            "--preset",
            "two-player",
            "--hands",
            "2",
            "--records",
            str(out),
            "--workers",
            "1",
        ]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert "points per hand" in text and "basic - basic" in text
    files = sorted(out.glob("*.json"))
    assert len(files) >= 2
    record = json.loads(files[0].read_text())
    game = Game.from_record(record)
    assert game.hands_played >= 1
    assert main(["replay", str(files[0])]) == 0


def test_whole_games_mode() -> None:
    rules = Rules.preset("partnership", target_score=150)
    data = run_match(rules, ["basic", "random"], games=2, seed=2, workers=1).to_dict()
    assert data["games"] == 4
    assert data["sides"][0]["games_won"] == 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "basic,nobody"], "unknown bot"),
        (["--bots", "basic"], "give 2 bots"),
        (["--bots", "basic,random", "--hands", "0"], "at least 1"),
        (["--bots", "expert:samples=0,basic"], "samples"),
        (["--bots", "expert:fast,basic"], "name=value"),
        (["--bots", "basic,random", "--preset", "five"], "unknown preset"),
        (["--bots", "basic,random", "--bag-limit", "0"], "bag_limit"),
    ],
)
def test_bad_input_is_a_clear_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["match", *argv, "--workers", "1"]) == 2
    assert message in capsys.readouterr().err


def test_bot_specs() -> None:
    spec = parse_bot_spec("expert:samples=4:seconds=0.5")
    assert spec.name == "expert" and dict(spec.options) == {"samples": 4, "seconds": 0.5}
    assert str(spec) == "expert:samples=4:seconds=0.5"
    with pytest.raises(MatchError):
        run_match(Rules.preset("cutthroat"), ["basic", "random"], hands=1)


def test_match_json_has_no_infinity_with_a_single_board() -> None:
    # one board of duplicate deals gives no spread to estimate a CI from: null, not Infinity
    import io
    import json as _json
    from contextlib import redirect_stdout

    from spades.cli import main

    out = io.StringIO()
    args = ["match", "--bots", "basic,random", "--hands", "2", "--seed", "1", "--json", "--workers", "1"]
    with redirect_stdout(out):
        assert main(args) == 0
    text = out.getvalue()
    assert "Infinity" not in text
    data = _json.loads(text)
    assert data["diff_per_hand"]["ci95"] is None


def test_each_bot_is_prepared_once_before_the_first_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert compiles its solver before any decision is timed, not inside one."""
    from spades.bots.basic import BasicBot

    calls: list[str] = []
    monkeypatch.setattr(BasicBot, "prepare", lambda self: calls.append("prepare") or 0.0)
    real_play_board = match_module._play_board

    def play_board(*args: object, **kwargs: object) -> object:
        calls.append("board")
        return real_play_board(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(match_module, "_play_board", play_board)
    run_match(Rules.preset("partnership"), ["basic", "basic"], hands=2, workers=1)
    # one spec written twice is prepared once, and before the boards
    assert calls == ["prepare", "board"]
    calls.clear()
    run_match(Rules.preset("partnership"), ["basic", "random"], hands=2, workers=1)
    assert calls == ["prepare", "board"]


def test_mixed_side_seats_its_first_bot_first_and_the_second_in_the_partners_seat() -> None:
    rules = Rules.preset("partnership")
    result = run_match(rules, ["random+basic", "basic"], hands=2, seed=4, workers=1, records=True)
    t0, t1 = result.boards[0].tables
    bots_of = [[p["bot"] for p in t.records[0]["players"]] for t in (t0, t1)]
    # table 0: the mixed side on side 0 (seats 0, 2); table 1: swapped onto side 1 (seats 1, 3)
    assert bots_of[0] == ["random", "basic", "basic", "basic"]
    assert bots_of[1] == ["basic", "random", "basic", "basic"]
    data = result.to_dict()
    assert data["sides"][0]["bot"] == "random+basic"
    assert data["sides"][0]["seats"] == ["random", "basic"]
    assert data["sides"][1]["seats"] == ["basic", "basic"]
    assert "seconds_per_decision_by_seat" not in data["sides"][1]  # one bot: timed as a whole
    assert data["diff_per_hand"]["between"] == ["random+basic", "basic"]


def test_mixed_side_times_each_seats_bot_apart() -> None:
    rules = Rules.preset("partnership")
    data = run_match(rules, ["random+basic", "basic"], hands=2, seed=4, workers=1).to_dict()
    first, second = data["sides"][0]["seconds_per_decision_by_seat"]
    # each seat's decisions are counted apart; the side's count is their sum
    assert first["decisions"] > 0 and second["decisions"] > 0
    side = data["sides"][0]["seconds_per_decision"]
    assert first["decisions"] + second["decisions"] == side["decisions"]


def test_a_side_of_one_named_bot_seats_it_everywhere_as_before() -> None:
    rules = Rules.preset("partnership")
    data = run_match(rules, ["basic", "random"], hands=2, seed=4, workers=1).to_dict()
    assert data["sides"][0]["bot"] == "basic"
    assert data["sides"][0]["seats"] == ["basic", "basic"]
    same = run_match(rules, ["basic+basic", "random+random"], hands=2, seed=4, workers=1)
    a, b = data, same.to_dict()
    assert [s["points_per_hand"] for s in a["sides"]] == [s["points_per_hand"] for s in b["sides"]]


def test_mixed_side_options_after_colons() -> None:
    spec = parse_side_spec("expert:samples=4:seconds=0.5+basic")
    assert [str(b) for b in spec.bots] == ["expert:samples=4:seconds=0.5", "basic"]
    assert str(spec) == "expert:samples=4:seconds=0.5+basic" and spec.mixed
    assert not parse_side_spec("basic").mixed


def test_cutthroat_takes_four_single_names_and_refuses_a_mixed_side() -> None:
    rules = Rules.preset("cutthroat")
    data = run_match(rules, ["basic", "random", "random", "basic"], hands=1, seed=1, workers=1).to_dict()
    assert [s["seats"] for s in data["sides"]] == [["basic"], ["random"], ["random"], ["basic"]]
    with pytest.raises(MatchError, match="one seat"):
        run_match(rules, ["basic+random", "random", "random", "basic"], hands=1)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bots", "basic+,basic"], "missing around '+'"),
        (["--bots", "basic+random+basic,basic"], "names 3 bots for 2 seats"),
        (["--bots", "basic+nobody,basic"], "unknown bot"),
    ],
)
def test_bad_mixed_side_is_a_clear_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["match", *argv, "--hands", "1", "--workers", "1"]) == 2
    assert message in capsys.readouterr().err


def test_mixed_side_cli_table_names_the_seats(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--bots", "random+basic,basic", "--hands", "2", "--seed", "1", "--workers", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "random+basic" in out and "by seat: random" in out
