"""Datasets: JSON Lines records (match, play_hands, replay), the self-describing .npz
of ``spades sim --out`` and its loader, deal strings in and out, and play_hands
preparing its bots."""

from __future__ import annotations

import json

import pytest

np = pytest.importorskip("numpy")

from spades import Game, Rules  # noqa: E402
from spades.bots.base import Bot  # noqa: E402
from spades.bots.random_bot import RandomBot  # noqa: E402
from spades.cli import main  # noqa: E402
from spades.errors import RecordError  # noqa: E402
from spades.records import (  # noqa: E402
    deal_from_string,
    deal_to_string,
    deck_from_deal,
    game_from_record,
    read_jsonl,
    write_jsonl,
)
from spades.sim import load_results, play_hands, random_hands  # noqa: E402


def test_play_hands_writes_json_lines_that_replay(tmp_path):
    path = tmp_path / "hands.jsonl"
    res = play_hands("two-player", 6, "random", seed=3, records_path=path)
    records = read_jsonl(path)
    assert len(records) == 6 == len(path.read_text().splitlines())
    for i, rec in enumerate(records):
        assert game_from_record(rec).history[0].points == tuple(res.points[i])


def test_spades_replay_reads_json_lines(tmp_path, capsys):
    path = tmp_path / "hands.jsonl"
    play_hands("partnership", 3, "random", seed=1, records_path=path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("== game") == 3 and "== game 3 of 3 ==" in out
    assert main(["replay", str(path), "--game", "2"]) == 0
    out = capsys.readouterr().out
    assert "== game 2 of 3 ==" in out and "game 1 of" not in out
    assert main(["replay", str(path), "--game", "9"]) == 2
    assert "from 1 to 3" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "spades-game"}\nnot json\n')
    assert main(["replay", str(bad)]) == 2
    assert "line 2 is not JSON" in capsys.readouterr().err


def test_spades_match_records_as_json_lines(tmp_path, capsys):
    path = tmp_path / "match.jsonl"
    code = main(["match", "--bots", "random,random", "--hands", "3", "--seed", "2", "--workers", "1",
                 "--json", "--records", str(path)])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    records = read_jsonl(path)
    assert data["records"] == {"file": str(path), "games": len(records)} and len(records) >= 2
    for rec in records:
        Game.from_record(rec)
    assert main(["replay", str(path)]) == 0


def test_records_round_trip_through_write_and_read(tmp_path):
    game = Game(Rules.preset("cutthroat", hands=1), seed=5)
    bot = RandomBot(seed=1)
    while not game.is_over:
        game.apply(bot.act(game.view(game.to_act)))
    path = tmp_path / "one.jsonl"
    assert write_jsonl([game.to_record(), game.to_record()], path) == 2
    assert [Game.from_record(r) for r in read_jsonl(path)] == [game, game]
    with pytest.raises(RecordError, match="not a JSON object"):
        (tmp_path / "list.jsonl").write_text("[1, 2]\n")
        read_jsonl(tmp_path / "list.jsonl")


@pytest.mark.parametrize("preset", ["partnership", "two-player", "three-player"])
def test_sim_npz_is_self_describing_and_loads_back(tmp_path, preset):
    res = random_hands(preset, 50, seed=11, backend="numpy")
    path = tmp_path / "hands.npz"
    res.save(path)
    back = load_results(path)
    assert back.rules == res.rules and back.preset == preset and back.seed == 11 and len(back) == 50
    for name in ("decks", "dealers", "bids", "tricks", "points", "bags", "plays"):
        assert np.array_equal(getattr(back, name), getattr(res, name))
    assert back.game(7).history[0].points == tuple(res.points[7])


def test_spades_sim_out_writes_the_preset_rules_and_seed(tmp_path, capsys):
    path = tmp_path / "sim.npz"
    assert main(["sim", "--preset", "openspiel", "--hands", "200", "--seed", "4", "--backend", "numpy",
                 "--out", str(path), "--json"]) == 0
    capsys.readouterr()
    back = load_results(path)
    assert back.preset == "openspiel" and back.seed == 4 and back.rules == Rules.preset("openspiel")
    again = random_hands("openspiel", 200, seed=4, backend="numpy")
    assert np.array_equal(back.plays, again.plays)


def test_load_results_refuses_other_files(tmp_path):
    path = tmp_path / "plain.npz"
    np.savez(path, decks=np.zeros((2, 52)))
    with pytest.raises(ValueError, match="no 'meta'"):
        load_results(path)
    with pytest.raises(ValueError, match="cannot read"):
        load_results(tmp_path / "missing.npz")


@pytest.mark.parametrize("preset", ["partnership", "cutthroat", "three-player"])
def test_deal_strings_round_trip_and_deal_the_same_hands(preset):
    rules = Rules.preset(preset)
    res = random_hands(preset, 5, seed=2, backend="numpy")
    for i in range(5):
        text = res.deal_string(i)
        dealer = int(res.dealers[i])
        hands = deal_from_string(text, rules)
        assert deal_to_string(hands, dealer, rules) == text
        game = Game(rules, seed=0, dealer=dealer, decks=[deck_from_deal(hands, dealer, rules)])
        original = res.game(i)
        assert [game.dealt(s) for s in range(rules.num_seats)] == [
            original.dealt(s) for s in range(rules.num_seats)]


def test_deal_string_errors_are_clear():
    rules = Rules.preset("partnership")
    good = random_hands("partnership", 1, seed=0, backend="numpy").deal_string(0)
    with pytest.raises(ValueError, match="seat letter"):
        deal_from_string("X:" + good[2:], rules)
    with pytest.raises(ValueError, match="holds 4 hands"):
        deal_from_string(good.rsplit(" ", 1)[0], rules)
    first, rest = good.split(" ", 1)
    with pytest.raises(ValueError, match="given to another hand"):
        deal_from_string(f"{first} {first[2:]} {rest.split(' ', 1)[1]}", rules)
    with pytest.raises(ValueError, match="drawn"):
        deal_from_string(good, Rules.preset("two-player"))


def test_play_hands_prepares_every_bot_once_before_the_first_hand():
    class Counting(RandomBot):
        prepared = 0
        acted_before_prepare = False

        def prepare(self) -> float:
            Counting.prepared += 1
            return 0.0

        def act(self, view):  # type: ignore[no-untyped-def]
            if not Counting.prepared:
                Counting.acted_before_prepare = True
            return super().act(view)

    bot = Counting(seed=0)
    play_hands("partnership", 2, [bot, "random", bot, "random"], seed=0)
    assert Counting.prepared == 1 and not Counting.acted_before_prepare
    assert isinstance(bot, Bot)
