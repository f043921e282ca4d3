"""Bulk simulation agrees with the rules engine (the differential test), plus
the shared observation table and the lightness of ``import spades``."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")

from spades import Game, Rules  # noqa: E402
from spades.game import Phase  # noqa: E402
from spades.scoring import score_hand  # noqa: E402
from spades.sim import _kernels, play_hands, random_hands, score_table  # noqa: E402

PRESETS = ["partnership", "two-player", "cutthroat", "three-player", "openspiel"]
ROOT = pathlib.Path(__file__).resolve().parents[1]


def _replay_checked(res, i):
    """Replay hand i through the engine (which rejects any illegal simulated action)
    and check that the simulator saw as many legal cards as the engine at each play."""
    game = res.game(i)
    again = Game(game.rules, seed=0, dealer=int(res.dealers[i]), decks=[[int(c) for c in res.decks[i]]])
    k = 0
    for _, act in game.actions:
        if again.phase is Phase.PLAY:
            assert len(again.legal_actions()) == res.nlegal[i, k], (i, k)
            k += 1
        again.apply(act)
    assert k == res.plays.shape[1]
    return game


@pytest.mark.parametrize("preset", PRESETS)
def test_random_hands_agree_with_the_engine(preset):
    res = random_hands(preset, 600, seed=17, backend="numpy")
    for i in range(len(res)):
        game = _replay_checked(res, i) if i < 150 else res.game(i)
        summary = game.history[0]
        assert summary.tricks == tuple(int(t) for t in res.tricks[i])
        assert summary.points == tuple(int(p) for p in res.points[i])
        assert summary.bags == tuple(int(b) for b in res.bags[i])
        assert summary.bids == tuple(game.bids)
        assert [b.tricks for b in summary.bids] == res.bids[i].tolist()


@pytest.mark.skipif(not _kernels.HAVE_NUMBA, reason="numba not installed")
@pytest.mark.parametrize("preset", PRESETS)
def test_numba_and_numpy_give_the_same_hands(preset):
    a = random_hands(preset, 3000, seed=5, backend="numpy")
    b = random_hands(preset, 3000, seed=5, backend="numba")
    for name in ("decks", "dealers", "bids", "plays", "nlegal", "tricks", "points", "bags"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
    for i in range(0, 3000, 37):
        assert b.game(i).history[0].points == tuple(int(p) for p in b.points[i])


def test_random_hands_cover_the_rules():
    res = random_hands("partnership", 20000, seed=3)
    assert (res.tricks.sum(axis=1) == 13).all()
    assert (res.bids == 0).any()  # nil bids happen
    assert (res.bids == 13).any()
    # spades are never led before broken unless the leader has only spades
    first_leads = res.plays[:, 0]
    assert (first_leads < 39).mean() > 0.99
    capped = random_hands("openspiel", 5000, seed=3)
    assert (capped.bids[:, 0] + capped.bids[:, 2] <= 13).all()
    assert (capped.dealers == 3).all()
    three = random_hands("three-player", 2000, seed=1)
    assert (three.decks != 0).all() and (three.tricks.sum(axis=1) == 17).all() and three.bids.max() > 13


def test_score_table_is_score_hand():
    rules = Rules.preset("partnership")
    pts, bags = score_table(rules)
    s = score_hand(rules, [0, 2, 4, 3], [2, 3, 4, 4], [0, 0])
    assert pts[0, 4, 2, 4] == s.points[0] == -60 and bags[0, 4, 2, 4] == s.bags[0] == 2
    cut = Rules.preset("cutthroat")
    pts, _ = score_table(cut)
    assert pts[5, 7] == 52 and pts[0, 1] == -100


def test_bad_arguments():
    with pytest.raises(ValueError):
        random_hands("partnership", 0)
    with pytest.raises(ValueError):
        random_hands("partnership", 10, backend="gpu")
    with pytest.raises(Exception, match="preset"):
        random_hands("bridge", 10)
    with pytest.raises(ValueError):
        play_hands("partnership", 2, bots=["random", "random"])


def test_play_hands_with_bots_and_records():
    res = play_hands("two-player", 6, bots="random", seed=4, records=True)
    assert len(res) == 6 and res.records is not None
    for i, record in enumerate(res.records):
        game = Game.from_record(record)
        assert game.history[0].points == tuple(int(p) for p in res.points[i])
        assert game.history[0].tricks == tuple(int(t) for t in res.tricks[i])
    # hands without blind nil replay from the stored deck and choices
    for i in range(6):
        if (res.bids[i] >= 0).all():
            assert res.game(i).history[0].points == tuple(int(p) for p in res.points[i])


def test_observation_doc_is_the_generated_table():
    from spades.observation import markdown_table

    doc = (ROOT / "docs" / "observation.md").read_text()
    assert markdown_table() in doc


def test_import_spades_stays_light():
    code = (
        "import sys, spades, spades.bots; "
        "heavy = {'numpy', 'pyspiel', 'pettingzoo', 'gymnasium', 'numba'} & set(sys.modules); "
        "print(sorted(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT / "src")})
    assert out.stdout.strip() == "[]"


def test_cli_sim(capsys, tmp_path):
    import json

    from spades.cli import main

    out = tmp_path / "hands.npz"
    argv = ["sim", "--preset", "cutthroat", "--hands", "500", "--seed", "2", "--json", "--out", str(out)]
    assert main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    expected = random_hands("cutthroat", 500, seed=2).summary()
    assert summary["hands"] == 500 and summary["mean_points"] == expected["mean_points"]
    saved = np.load(out)
    assert saved["points"].shape == (500, 4)
    assert main(["sim", "--preset", "bridge", "--hands", "5"]) == 2
    assert "unknown preset" in capsys.readouterr().err


def test_every_observation_field_is_used():
    """Random play over every preset sets every field of the observation at least once."""
    import random

    from spades.action_space import Stepper
    from spades.observation import FIELDS, OBSERVATION_SIZE, OFFSETS, encode, encode_deal

    seen = np.zeros(OBSERVATION_SIZE, bool)
    rng = random.Random(1)
    for preset in ("partnership", "two-player", "cutthroat", "three-player"):
        for seed in range(6):
            stepper = Stepper(Game(Rules.preset(preset, hands=2), seed=seed))
            game = stepper.game
            while not game.is_over:
                seat = game.to_act
                for s in range(game.rules.num_seats):
                    seen |= encode(game.view(s), stepper.pending if s == seat else ()) != 0
                ids = stepper.legal_ids()
                # blind nil often, so exchanges and redraws happen
                stepper.apply_id(70 if 70 in ids and rng.random() < 0.5 else rng.choice(ids))
    seen |= encode_deal(Rules(), 0, 1, (10, 20), (1, 2), 1, 5) != 0
    unused = [f.name for f in FIELDS if not seen[OFFSETS[f.name]:OFFSETS[f.name] + f.size].any()]
    assert unused == []
