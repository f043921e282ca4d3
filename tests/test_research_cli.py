"""Issue 50, defect 7: match records carry their deals, `spades ... | head` ends quietly,
and the install line of docs/research.md is true for a checkout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from spades import Game, Rules
from spades.cli import COMMANDS
from spades.match import run_match, write_records
from spades.records import deal_from_string, deck_from_deal, read_jsonl, record_deals

ROOT = Path(__file__).resolve().parents[1]


def test_defect7_match_records_give_every_hands_deal_string(tmp_path):
    rules = Rules.preset("partnership")
    result = run_match(rules, ["random", "basic"], hands=12, workers=1, records=True, seed=5)
    path = tmp_path / "m.jsonl"
    write_records(result, path)
    records = read_jsonl(path)
    assert sum(len(r["deals"]) for r in records) == 12 * 2  # every deal at both tables
    for record in records:
        deals = record_deals(record)
        assert deals == record["deals"]
        for k, deal in enumerate(deals):
            # hand k of the record, played again from its deal string, is dealt the same hands
            game = Game.from_record(record)
            dealer = (record["dealer"] + k) % 4
            hands = deal_from_string(deal, rules)
            again = Game(rules, dealer=dealer, decks=[deck_from_deal(hands, dealer, rules)])
            assert [again.hand(s) for s in range(4)] == hands
            assert game.rules == rules


def test_defect7_record_deals_of_an_engine_game():
    rules = Rules.preset("cutthroat", hands=2)
    game = Game(rules, seed=11)
    first = [game.hand(s) for s in range(rules.num_seats)]
    from spades import bots

    bot = bots.get("random", seed=1)
    while not game.is_over:
        game.apply(bot.act(game.view(game.to_act)))
    deals = record_deals(json.loads(json.dumps(game.to_record())))
    assert len(deals) == 2 and deal_from_string(deals[0], rules) == first
    with pytest.raises(ValueError, match="stock"):
        record_deals(Game(Rules.preset("two-player"), seed=1).to_record())


def _closed_pipe_run(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    """Run `spades ARGS` writing into a pipe whose reader has already gone."""
    read, write = os.pipe()
    os.close(read)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "PYTHONWARNINGS": "ignore"}
    try:
        return subprocess.run([sys.executable, "-m", "spades.cli", *args], stdout=write,
                              stderr=subprocess.PIPE, env=env, timeout=300, check=False)
    finally:
        os.close(write)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_defect7_broken_pipe_has_no_traceback_help(command):
    done = _closed_pipe_run([command, "--help"])
    assert b"Traceback" not in done.stderr and b"BrokenPipe" not in done.stderr, done.stderr.decode()
    assert done.returncode in (0, 141)


@pytest.mark.parametrize("args", [
    ["match", "--bots", "random,random", "--hands", "2", "--workers", "1"],
    ["match", "--bots", "random,random", "--hands", "2", "--workers", "1", "--json"],
    ["sim", "--hands", "500", "--seed", "1"],
    [],
])
def test_defect7_broken_pipe_has_no_traceback(args):
    done = _closed_pipe_run(args)
    assert b"Traceback" not in done.stderr and b"BrokenPipe" not in done.stderr, done.stderr.decode()
    assert done.returncode == 141 or (not args and done.returncode == 0)


def test_defect7_broken_pipe_replay(tmp_path):
    game = Game(Rules.preset("partnership", hands=1), seed=2)
    from spades import bots

    bot = bots.get("random", seed=1)
    while not game.is_over:
        game.apply(bot.act(game.view(game.to_act)))
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game.to_record()))
    done = _closed_pipe_run(["replay", str(path)])
    assert b"Traceback" not in done.stderr and done.returncode == 141, done.stderr.decode()


def test_defect7_research_extra_exists_for_a_checkout():
    """docs/research.md says `pip install -e '.[research]'` in a checkout: the extra exists
    and names what the adapters import."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    names = {req.split(">")[0].split("[")[0].split("=")[0] for req in extras["research"]}
    assert {"numpy", "numba", "open-spiel", "pettingzoo", "gymnasium", "openskill"} <= names
    doc = (ROOT / "docs" / "research.md").read_text()
    assert "pip install -e '.[research]'" in doc
    assert "pip install 'spades[research]'" not in doc
