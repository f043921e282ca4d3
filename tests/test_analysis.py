"""The double-dummy review of a game (spades.analysis, spades analyse)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from spades import Game, Rules, bots
from spades.analysis import (
    NIL_SEARCH_CARDS,
    Decision,
    analyse_game,
    analyse_record,
    analyse_records,
    load_records,
)
from spades.cards import Card
from spades.cli import main
from spades.errors import RecordError
from spades.game import Phase
from spades.solver import Position, can_take, card_values, solve

SEATS = 4


# --------------------------------------------------------------------------- built deals

def _rules() -> Rules:
    # no breaking rule (spades may be led at once) and no blind nil (no 'look' step): the
    # built deals below run one suit round after another
    return dataclasses.replace(Rules.preset("partnership"), spades_must_be_broken=False, blind_nil=False)


def _built_game(ending: dict[int, list[str]], leftovers: dict[int, str], bids: list[str],
                ending_play: list[str]) -> Game:
    """A deal whose first 11 tricks are suit rounds that North wins with the top card
    (North leads the ace of spades to trick 11, the others discard their ``leftovers``),
    then the two-card ``ending`` played as ``ending_play`` (tricks 12 and 13)."""
    hands: dict[int, list[str]] = {s: list(ending[s]) for s in range(SEATS)}
    hands[0].append("AS")
    for s, c in leftovers.items():
        hands[s].append(c)
    used = {Card.parse(c) for h in hands.values() for c in h}
    rounds = []
    for suit in "SHDC":
        rest = sorted((c for c in (Card.parse(r + suit) for r in "23456789TJQKA") if c not in used),
                      reverse=True)
        assert len(rest) % SEATS == 0, suit
        for k in range(0, len(rest), SEATS):
            chunk = rest[k:k + SEATS]
            rounds.append([str(c) for c in chunk])
            for s in range(SEATS):
                hands[s].append(str(chunk[s]))
    assert len(rounds) == 10 and all(len(h) == 13 for h in hands.values())
    deck = [hands[i % SEATS][i // SEATS] for i in range(52)]  # dealer West: card i to seat i % 4
    game = Game(_rules(), seed=1, dealer=3, decks=[deck])
    for b in bids:
        game.apply(b)
    assert game.phase is Phase.PLAY and game.to_act == 0
    for chunk in rounds:
        for c in chunk:
            game.apply(c)
    for c in ["AS", leftovers[1], leftovers[2], leftovers[3]]:
        game.apply(c)
    for c in ending_play:
        game.apply(c)
    assert game.hands_played == 1
    return game


def _decision(decisions: list[Decision], trick: int, seat: int) -> Decision:
    found = [d for d in decisions if d.trick == trick and d.seat == seat]
    assert len(found) == 1
    return found[0]


def test_a_card_that_throws_away_a_trick_is_charged_one_trick() -> None:
    # trick 12: North holds AH and 2D. Cashing AH first takes a trick; leading 2D lets East
    # win with KD and lead a club, and North's AH then falls on West's club.
    game = _built_game(
        ending={0: ["AH", "2D"], 1: ["KD", "3C"], 2: ["4D", "5C"], 3: ["6D", "7C"]},
        leftovers={1: "AC", 2: "KC", 3: "AD"},
        bids=["bid 7", "bid 1", "bid 6", "bid 1"],  # North-South need every trick
        ending_play=["2D", "KD", "4D", "6D", "3C", "5C", "7C", "AH"],
    )
    analysis = analyse_game(game)
    d = _decision(analysis.decisions, 12, 0)
    assert d.card == Card.parse("2D")
    assert d.objective == "tricks"
    assert d.values == {Card.parse("AH"): 1, Card.parse("2D"): 0}
    assert d.best == (Card.parse("AH"),)
    assert d.loss == 1 and d.counted == 2
    assert d.mistake
    # East's reply at trick 12 was forced (its only diamond)
    assert _decision(analysis.decisions, 12, 1).forced


def test_a_sure_winner_overtaken_by_partner_is_charged_one_trick() -> None:
    # trick 12: North leads KH, a sure winner; South overtakes with AH and must then lead
    # away its 2H, so West's 7H takes the last trick. 2H under the king keeps AH for trick 13.
    game = _built_game(
        ending={0: ["KH", "5H"], 1: ["3H", "6H"], 2: ["AH", "2H"], 3: ["4H", "7H"]},
        leftovers={1: "AC", 2: "AD", 3: "QH"},
        bids=["bid 7", "bid 1", "bid 6", "bid 1"],
        ending_play=["KH", "3H", "AH", "4H", "2H", "7H", "5H", "6H"],
    )
    analysis = analyse_game(game)
    d = _decision(analysis.decisions, 12, 2)
    assert d.card == Card.parse("AH")
    assert d.values == {Card.parse("AH"): 1, Card.parse("2H"): 2}
    assert d.best == (Card.parse("2H"),)
    assert d.loss == 1
    seats = analysis.seat_summary()
    assert seats[2]["tricks_lost"] == sum(x.loss for x in analysis.decisions if x.seat == 2) >= 1
    assert _decision(analysis.decisions, 13, 2).forced


def test_a_nil_bidder_who_could_have_ducked_is_charged_the_nil() -> None:
    # South bid nil and is clean until trick 12: North leads 8H, South holds 9H and 2H.
    # 9H wins the trick (the nil fails); 2H ducks under the 8H and North's AH takes the last.
    game = _built_game(
        ending={0: ["8H", "AH"], 1: ["5H", "3H"], 2: ["9H", "2H"], 3: ["7H", "4H"]},
        leftovers={1: "AC", 2: "AD", 3: "KH"},
        bids=["bid 5", "bid 3", "nil", "bid 3"],
        ending_play=["8H", "5H", "9H", "7H", "2H", "4H", "AH", "3H"],
    )
    analysis = analyse_game(game)
    d = _decision(analysis.decisions, 12, 2)
    assert d.objective == "nil"
    assert d.nils[2] == {Card.parse("9H"): 1, Card.parse("2H"): 0}
    assert d.best == (Card.parse("2H"),)
    assert d.loss == 1
    # South's nil was alive for the opponents too: East could not set it, so no loss there
    east = _decision(analysis.decisions, 12, 1)
    assert east.objective == "nil+tricks" and east.loss == 0
    # the bids: the nil could survive double dummy, and failed
    ns = analysis.hands[0].sides[0]
    nil = ns.nils[0]
    assert nil.seat == 2 and nil.can_survive and nil.checked_at == 5 and nil.survived is False
    assert ns.contract == 5 and ns.took is not None


# --------------------------------------------------------------------------- agreement with the solver

def _bot_game(preset: str, seed: int, nil_seat: int | None = None, hands: int = 1) -> Game:
    rules = Rules.preset(preset)
    game = Game(rules, seed=seed)
    players = [bots.get("basic", seed=seed + s) for s in range(rules.num_seats)]
    while game.hands_played < hands and not game.is_over:
        seat = game.to_act
        assert seat is not None
        if nil_seat == seat and game.phase is Phase.BID and game.is_legal("nil"):
            game.apply("nil")
            continue
        game.apply(players[seat].act(game.view(seat)))
    return game


def _trick_forced_by_engine(game: Game, z: int, attackers: list[int], tricks_before: int) -> int:
    """Can the attackers make seat z win the trick in progress (a minimax through the engine)?"""
    if len(game.tricks) > tricks_before:
        return int(game.tricks[-1].winner == z)
    outcomes = []
    for action in game.legal_actions():
        after = game.copy()
        after.apply(action)
        outcomes.append(_trick_forced_by_engine(after, z, attackers, tricks_before))
    return max(outcomes) if game.to_act in attackers else min(outcomes)


def _check_against_solver(game: Game) -> int:
    """Every value of every decision recomputed with the solver's public functions."""
    record = game.to_record()
    analysis = analyse_record(record)
    rules = game.rules
    n = rules.num_seats
    replay = Game.from_record({**record, "actions": []})
    decisions = iter(analysis.decisions)
    checked = 0
    for seat, text in record["actions"]:
        if replay.phase is Phase.PLAY:
            d = next(decisions)
            assert d.seat == seat
            hands = [replay.hand(s) for s in range(n)]
            leader = replay.leader if replay.leader is not None else seat
            trick = [c for _, c in replay.trick]
            broken = replay.spades_broken or not rules.spades_must_be_broken
            assert d.values == solve(hands, leader, trick, broken, partnership=rules.partnerships)
            for z, nv in d.nils.items():
                assert set(nv) == set(d.values)
                opps = [s for s in range(n) if rules.side_of(s) != rules.side_of(z)]
                if len(hands[seat]) > NIL_SEARCH_CARDS:
                    # judged on the current trick alone: checked by the engine where that is
                    # small (two cards or more already in the trick)
                    if len(trick) >= 2:
                        for c, v in nv.items():
                            after = replay.copy()
                            after.apply(c)
                            assert v == _trick_forced_by_engine(after, z, opps, len(replay.tricks)), (z, c, d)
                    continue
                if len(hands[seat]) <= 5:  # small enough to count the tricks forced on the nil
                    forced = card_values(Position.build(hands, leader, trick, broken), [z], opps)
                    assert nv == {c: int(v > 0) for c, v in forced.items()}, (z, d)
                for c, v in nv.items():
                    # the engine plays the card; the solver's target search says the rest
                    after = replay.copy()
                    after.apply(c)
                    if after.hands_played > replay.hands_played:
                        want = int(after.history[-1].tricks[z] > 0)
                    elif after.tricks_won[z] > 0:
                        want = 1
                    else:
                        pos = Position.build([after.hand(s) for s in range(n)],
                                             after.leader if after.leader is not None else 0,
                                             [x for _, x in after.trick],
                                             after.spades_broken or not rules.spades_must_be_broken)
                        want = int(can_take(pos, [z], 1, opps))
                    assert v == want, (z, c, d)
            assert d.loss >= 0 and d.card in d.values
            checked += 1
        replay.apply(text, seat=seat)
    assert next(decisions, None) is None
    return checked


def test_every_value_agrees_with_the_solver_in_partnership_play_with_a_nil() -> None:
    game = _bot_game("partnership", seed=3, nil_seat=1)
    assert Game.from_record(game.to_record()).history[0].bids[1].is_nil
    assert _check_against_solver(game) == 52


def test_every_value_agrees_with_the_solver_in_cutthroat() -> None:
    assert _check_against_solver(_bot_game("cutthroat", seed=4, nil_seat=2)) == 52


def test_every_value_agrees_with_the_solver_in_the_two_player_game() -> None:
    assert _check_against_solver(_bot_game("two-player", seed=5)) == 26


def test_side_review_is_the_solver_value_at_the_first_lead() -> None:
    game = _bot_game("partnership", seed=6)
    analysis = analyse_game(game)
    replay = Game.from_record({**game.to_record(), "actions": []})
    for seat, text in game.to_record()["actions"]:
        if replay.phase is Phase.PLAY:
            break
        replay.apply(text, seat=seat)
    leader = replay.to_act
    assert leader is not None
    values = solve([replay.hand(s) for s in range(4)], leader)
    mine = max(values.values())
    sides = analysis.hands[0].sides
    assert sides[leader % 2].dd_tricks == mine
    assert sides[1 - leader % 2].dd_tricks == 13 - mine
    assert sum(s.took or 0 for s in sides) == 13


# --------------------------------------------------------------------------- the informed view

def test_informed_view_judges_the_card_on_sampled_deals() -> None:
    game = _bot_game("two-player", seed=7)  # small deals: the sampled solves are quick
    analysis = analyse_record(game.to_record(), informed=4, seed=1)
    chosen = [d for d in analysis.decisions if not d.forced]
    assert chosen and all(d.informed is not None for d in chosen)
    for d in chosen:
        inf = d.informed
        assert inf is not None and inf.samples == 4
        assert set(inf.values) == set(d.values)
        assert inf.loss >= 0 and inf.best
        # a card best on the information is never counted as a mistake
        if d.card in inf.best:
            assert not d.mistake
    # the same seed gives the same sampling
    again = analyse_record(game.to_record(), informed=4, seed=1)
    assert again.to_dict()["decisions"] == analysis.to_dict()["decisions"]


# --------------------------------------------------------------------------- records and the command line

@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = _bot_game("partnership", seed=8, hands=2)
    record = game.to_record()
    record["players"] = [{"seat": s, "kind": "bot", "bot": "basic"} for s in range(4)]
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["analyse", *args, "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def test_cli_json_has_the_decisions_and_seats_of_the_interface(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _run_json(capsys, str(record_file))
    decisions = out["decisions"]
    assert len(decisions) == 104
    for d in decisions:
        assert {"hand", "seat", "card", "best", "loss"} <= set(d)
        assert isinstance(d["best"], list) and d["best"]
        assert d["loss"] >= 0
        assert (d["loss"] == 0) == (d["card"] in d["best"])
    assert [s["seat"] for s in out["seats"]] == [0, 1, 2, 3]
    for s in out["seats"]:
        mine = [d for d in decisions if d["seat"] == s["seat"]]
        assert s["cards"] == len(mine) == 26
        assert s["tricks_lost"] == sum(d["loss"] for d in mine)
    assert out["players"][0]["player"] == "basic" and out["players"][0]["cards"] == 104
    assert {d["hand"] for d in decisions} == {1, 2}


def test_cli_hand_option_keeps_one_hand(record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _run_json(capsys, str(record_file), "--hand", "2")
    assert {d["hand"] for d in out["decisions"]} == {2}
    assert len(out["decisions"]) == 52


def test_cli_text_marks_costly_cards_and_sums_up_per_seat(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(record_file)]) == 0
    text = capsys.readouterr().out
    assert "=== Hand 1:" in text and "=== Hand 2:" in text
    assert "double dummy" in text and "Summary" in text
    analysis = analyse_records(load_records(record_file))
    costly = [d for d in analysis.decisions if d.loss > 0]
    assert text.count("<== ") == len(costly)
    for row in analysis.seat_summary():
        assert f"  {row['name']:<14}{row['cards']:>6}" in text


def test_cli_refuses_bad_input_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              record_file: Path) -> None:
    assert main(["analyse", str(tmp_path / "missing.json")]) == 2
    assert "there is no file" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["analyse", str(bad)]) == 2
    assert "not a game record" in capsys.readouterr().err
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "something else"}), encoding="utf-8")
    assert main(["analyse", str(other)]) == 2
    assert "not a spades game record" in capsys.readouterr().err
    assert main(["analyse", str(record_file), "--hand", "9"]) == 2
    assert "no game" in capsys.readouterr().err
    assert main(["analyse", str(record_file), "--hand", "0"]) == 2
    assert "counts from 1" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["analyse", str(empty)]) == 2
    assert "no .json" in capsys.readouterr().err


def test_records_load_from_json_lines_lists_and_folders(tmp_path: Path, record_file: Path) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    lines = tmp_path / "games.jsonl"
    lines.write_text(json.dumps(record) + "\n" + json.dumps(record) + "\n", encoding="utf-8")
    assert [name for name, _ in load_records(lines)] == ["games.jsonl#1", "games.jsonl#2"]
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps([record]), encoding="utf-8")
    assert load_records(listed)[0][1] == record
    folder = tmp_path / "dir"
    folder.mkdir()
    (folder / "a.json").write_text(json.dumps(record), encoding="utf-8")
    (folder / "notes.txt").write_text("not a record", encoding="utf-8")
    assert [name for name, _ in load_records(folder)] == ["a.json"]
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps(record) + "\n{oops\n", encoding="utf-8")
    with pytest.raises(RecordError, match="line 2"):
        load_records(broken)


def test_an_unfinished_hand_is_analysed_up_to_the_last_card(record_file: Path) -> None:
    record = json.loads(record_file.read_text(encoding="utf-8"))
    game = Game.from_record({**record, "actions": []})
    cut = 0
    for k, (seat, text) in enumerate(record["actions"]):
        if game.phase is Phase.PLAY and len(game.tricks) == 3 and len(game.trick) == 2:
            cut = k
            break
        game.apply(text, seat=seat)
    analysis = analyse_record({**record, "actions": record["actions"][:cut]})
    (hand,) = analysis.hands
    assert not hand.complete and len(hand.decisions) == 14
    assert all(s.took is None for s in hand.sides)


def test_match_records_name_their_players_and_the_summary_groups_by_player() -> None:
    from spades.match import run_match

    result = run_match(Rules.preset("partnership"), ["basic", "random"], hands=1, seed=3, workers=1,
                       records=True)
    records = result.records()
    by_table = {name.split("-")[1]: rec for name, rec in records}
    assert [p["bot"] for p in by_table["table0"]["players"]] == ["basic", "random", "basic", "random"]
    assert [p["bot"] for p in by_table["table1"]["players"]] == ["random", "basic", "random", "basic"]
    analysis = analyse_records(records)
    players = {p["player"]: p for p in analysis.to_dict()["players"]}
    assert set(players) == {"basic", "random"}
    assert players["basic"]["cards"] == players["random"]["cards"] == 52
    assert players["random"]["tricks_lost"] == sum(
        d.loss for d in analysis.decisions if analysis.games[d.game].players[d.seat] == "random"
    )


@pytest.mark.slow
def test_random_player_loses_more_tricks_per_card_than_the_expert(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # the check, smaller: bench/analysis.py runs it on 50 hands a table
    folder = tmp_path / "records"
    assert main(["match", "--bots", "expert,random", "--hands", "6", "--seed", "1", "--records", str(folder),
                 "--workers", "1", "--json"]) == 0
    capsys.readouterr()
    out = _run_json(capsys, str(folder))
    per = {p["player"]: p for p in out["players"]}
    assert per["expert"]["cards"] == per["random"]["cards"] == 12 * 26
    assert per["random"]["loss_per_card"] > per["expert"]["loss_per_card"]
