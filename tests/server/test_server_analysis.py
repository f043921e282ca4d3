"""The double-dummy review beside the replay: ``/api/tables/<id>/analysis/<hand>`` answers what
:mod:`spades.analysis` says of that hand, only for finished games, from memory the second time,
and bad hand numbers get a clear 4xx."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import cards_in

pytest.importorskip("httpx2")
from starlette.testclient import TestClient

from spades.analysis import analyse_record
from spades.game import Game
from spades.server import app as app_module
from spades.server import create_app
from spades.server.replay import analyse_hand
from spades.server.storage import TableRow

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

BOTS = ["bot:basic"] * 4


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'analysis.sqlite'}")) as c:
        yield c


def _finished(client: Any, hands: int) -> str:
    body = {"preset": "partnership", "seats": BOTS, "options": {"hands": hands}, "bot_delay": 0}
    t = client.post("/api/tables", json=body).json()
    deadline = time.time() + 120
    while time.time() < deadline:
        if client.get(f"/api/tables/{t['id']}/replay").status_code == 200:
            return str(t["id"])
        time.sleep(0.05)
    raise AssertionError("the computers did not finish the game")


def test_the_endpoint_answers_what_spades_analysis_says_of_that_hand(client: Any) -> None:
    table_id = _finished(client, 2)
    record = client.app.state.manager.tables[table_id].game.to_record()
    expected = analyse_record(record, hands=[2]).hands[0]  # the replay's hand 1 is the record's hand 2
    got = client.get(f"/api/tables/{table_id}/analysis/1")
    assert got.status_code == 200
    data = got.json()
    assert data["hand"] == 1
    review = {k: v for k, v in data["review"].items() if k != "seconds"}
    assert review == {k: v for k, v in expected.to_dict().items() if k != "seconds"}
    assert review["hand"] == 2 and len(review["sides"]) == 2
    flat = [d for trick in data["tricks"] for d in trick]
    assert len(data["tricks"]) == 13 and all(len(t) == 4 for t in data["tricks"])
    assert len(flat) == len(expected.decisions) == 52
    for got_d, d in zip(flat, expected.decisions, strict=True):
        assert {k: v for k, v in got_d.items() if k not in ("forced", "mistake", "nil_lost")} == d.to_dict()
        assert got_d["forced"] == d.forced and got_d["mistake"] == d.mistake
        assert not got_d["nil_lost"] or (d.loss > 0 and d.nils)
    # the cards of each trick are the replay's, in play order
    replay = client.get(f"/api/tables/{table_id}/replay").json()["hands"][1]
    assert [[d["card"] for d in t] for t in data["tricks"]] == [t["cards"] for t in replay["tricks"]]


def _row_of(game: Game) -> TableRow:
    """A stored finished table holding ``game``'s one hand (replayed under a one-hand game)."""
    record = game.to_record()
    rules = dataclasses.replace(game.rules, hands=1)
    row = TableRow(id="built-hand", code="", created=0.0, public=False, rules=rules.to_dict(), config={},
                   seats=[], seed=record["seed"], dealer=record["dealer"], decks=record["decks"],
                   finished=True, actions=[(seat, text) for seat, text in record["actions"]])
    return row


def test_a_lost_nil_and_a_thrown_trick_are_marked_with_the_best_card() -> None:
    from test_analysis import _built_game  # the known-answer deals of tests/test_analysis.py

    nil = _built_game(
        ending={0: ["8H", "AH"], 1: ["5H", "3H"], 2: ["9H", "2H"], 3: ["7H", "4H"]},
        leftovers={1: "AC", 2: "AD", 3: "KH"},
        bids=["bid 5", "bid 3", "nil", "bid 3"],
        ending_play=["8H", "5H", "9H", "7H", "2H", "4H", "AH", "3H"],
    )
    data = analyse_hand(_row_of(nil), 0)
    south = data["tricks"][11][2]
    assert (south["seat"], south["card"], south["objective"]) == (2, "9H", "nil")
    assert south["loss"] == 1 and south["best"] == ["2H"] and south["mistake"] and south["nil_lost"]
    east = data["tricks"][11][1]
    assert east["loss"] == 0 and not east["mistake"] and not east["nil_lost"]
    ns = data["review"]["sides"][0]
    assert ns["contract"] == 5 and ns["nils"] == [
        {"seat": 2, "blind": False, "can_survive": True, "checked_at": 5, "survived": False}
    ]
    thrown = _built_game(
        ending={0: ["AH", "2D"], 1: ["KD", "3C"], 2: ["4D", "5C"], 3: ["6D", "7C"]},
        leftovers={1: "AC", 2: "KC", 3: "AD"},
        bids=["bid 7", "bid 1", "bid 6", "bid 1"],
        ending_play=["2D", "KD", "4D", "6D", "3C", "5C", "7C", "AH"],
    )
    data = analyse_hand(_row_of(thrown), 0)
    north = data["tricks"][11][0]
    assert (north["card"], north["loss"], north["best"]) == ("2D", 1, ["AH"])
    assert north["mistake"] and not north["nil_lost"]
    assert data["tricks"][11][1]["forced"]
    with pytest.raises(ValueError, match="no such hand"):
        analyse_hand(_row_of(thrown), 1)


def test_an_unfinished_games_analysis_is_refused_and_names_no_card(client: Any) -> None:
    body = {"preset": "partnership", "seats": ["you", *BOTS[1:]], "bot_delay": 5}
    t = client.post("/api/tables", json=body).json()
    for hand in ("0", "1"):
        r = client.get(f"/api/tables/{t['id']}/analysis/{hand}")
        assert r.status_code == 409
        assert r.json()["error"].startswith("The game is not finished")
        assert not cards_in(r.json())


def test_bad_hand_numbers_and_tables_get_a_clear_4xx(client: Any) -> None:
    table_id = _finished(client, 1)
    for hand in ("-1", "abc", "1.5", "1000", "9" * 5000, "%C2%B3", "%D9%A3", "%20"):
        r = client.get(f"/api/tables/{table_id}/analysis/{hand}")
        assert 400 <= r.status_code < 500, (hand[:10], r.status_code)
        assert r.json()["error"].startswith("There is no such hand")
    r = client.get(f"/api/tables/{table_id}/analysis/1")
    assert r.status_code == 404 and r.json()["error"] == "There is no such hand in a finished game"
    assert client.get("/api/tables/nosuchtable/analysis/0").status_code == 404
    assert client.get("/api/tables/zz/analysis/0").status_code == 404


def test_a_hand_is_analysed_once_then_served_from_memory(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    real = app_module.analyse_hand

    def counting(row: Any, number: int) -> Any:
        calls.append(number)
        return real(row, number)

    monkeypatch.setattr(app_module, "analyse_hand", counting)
    table_id = _finished(client, 1)
    first = client.get(f"/api/tables/{table_id}/analysis/0").json()
    assert client.get(f"/api/tables/{table_id}/analysis/0").json() == first
    assert client.get(f"/api/tables/{table_id}/analysis/0").json() == first
    assert calls == [0]
    assert client.get(f"/api/tables/{table_id}/analysis/3").status_code == 404  # errors are not kept
    assert client.get(f"/api/tables/{table_id}/analysis/3").status_code == 404
    assert calls == [0, 3, 3]


def test_requests_at_the_same_time_share_one_analysis(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import ThreadPoolExecutor

    calls: list[int] = []
    real = app_module.analyse_hand

    def slow(row: Any, number: int) -> Any:
        calls.append(number)
        time.sleep(0.5)  # long enough for the other requests to arrive while it runs
        return real(row, number)

    monkeypatch.setattr(app_module, "analyse_hand", slow)
    table_id = _finished(client, 1)
    with ThreadPoolExecutor(3) as pool:
        answers = list(pool.map(lambda _: client.get(f"/api/tables/{table_id}/analysis/0"), range(3)))
    assert [r.status_code for r in answers] == [200, 200, 200]
    assert answers[0].json() == answers[1].json() == answers[2].json()
    assert calls == [0]
