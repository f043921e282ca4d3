"""Ratings on a familiar scale and the player page's record (issue 46, the ratings friction):
an Elo-like number around 1500 with a provisional mark, and games, wins, bids and nils made,
bags per hand and favourite partners from the finished games."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import FORBIDDEN_KEYS, cards_in, keys_in, recv_state, some_action

pytest.importorskip("httpx2")
pytest.importorskip("openskill")
from starlette.testclient import TestClient

from spades import Rules, bots
from spades.game import Game
from spades.server import create_app
from spades.server.limits import Limits
from spades.server.stats import seat_stats
from spades.server.storage import PROVISIONAL_GAMES, shown_rating

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'page.sqlite'}", limits=Limits.off())) as c:
        yield c


def _player(client: Any, name: str) -> dict[str, Any]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201
    return r.json()  # type: ignore[no-any-return]


def _play_out(client: Any, table_id: str, tokens: list[str]) -> None:
    conns = [client.websocket_connect(f"/ws/{table_id}") for _ in tokens]
    wss = [c.__enter__() for c in conns]
    try:
        for ws, tok in zip(wss, tokens, strict=True):
            ws.send_json({"type": "hello", "token": tok})
        last = [recv_state(ws) for ws in wss]
        for _ in range(4000):
            if all(m["view"]["is_over"] for m in last):
                return
            for i, ws in enumerate(wss):
                m = last[i]
                if m["view"]["legal"] and not m["view"]["is_over"]:
                    ws.send_json({"type": "act", "action": some_action(m["view"]), "v": m["v"]})
                    last[i] = recv_state(ws, lambda x, v=m["v"]: x["v"] > v)
                    for j, other in enumerate(wss):
                        if j != i:
                            last[j] = recv_state(other, lambda x, v=last[i]["v"]: x["v"] >= v)
        raise AssertionError("the game did not end")
    finally:
        for c in conns:
            c.__exit__(None, None, None)


def test_ratings_read_like_elo_with_a_provisional_mark_and_the_player_page_has_a_record(client: Any) -> None:
    people = [_player(client, n) for n in ("Ann", "Bob", "Cy", "Di")]
    body = {
        "seats": ["you", "open", "open", "open"],
        "options": {"hands": 2},
        "hand_pause": 0,
        "bot_delay": 0,
    }
    t = client.post("/api/tables", json=body, headers={"x-player-key": people[0]["key"]}).json()
    tokens = [t["token"]]
    for seat, p in zip((1, 2, 3), people[1:], strict=True):
        j = client.post(
            f"/api/tables/{t['id']}/join", json={"seat": seat}, headers={"x-player-key": p["key"]}
        )
        tokens.append(j.json()["token"])
    _play_out(client, t["id"], tokens)
    deadline = time.time() + 5
    while (
        time.time() < deadline
        and client.get(f"/api/players/{people[0]['id']}").json()["player"]["rated"] == 0
    ):
        time.sleep(0.05)
    page = client.get(f"/api/players/{people[0]['id']}").json()
    p = page["player"]
    # the familiar scale: 1500 for a newcomer, a first game moves it by tens of points, not "2.4"
    assert isinstance(p["rating"], int) and 1350 <= p["rating"] <= 1650
    if page["games"][0]["result"]["winner"] is not None:  # (a drawn game moves nobody)
        assert p["rating"] != 1500
    assert p["rating"] == shown_rating(p["mu"]) and p["provisional"] is True and p["rated"] == 1
    assert PROVISIONAL_GAMES == 10
    assert page["history"][0]["rating"] == p["rating"]
    board = client.get("/api/leaders").json()["players"]
    assert [x["rating"] for x in board] == sorted((x["rating"] for x in board), reverse=True)
    assert all(x["provisional"] for x in board)
    # the record, checked against the engine's hand summaries of the same game
    st = page["stats"]
    game = page["games"][0]
    assert game["finished"] and st["games"] == 1 and st["hands"] == 2
    ours = game["result"]["stats"][0]
    assert {k: st[k] for k in ours} == ours
    won = game["result"]["winner"] == 0
    assert st["wins"] == int(won)
    assert st["bids"] + st["nils"] == 2 and st["bids_made"] <= st["bids"] and st["nils_made"] <= st["nils"]
    assert st["bags_per_hand"] == round(st["bags"] / 2, 2)
    assert st["partners"] == [{"id": people[2]["id"], "name": "Cy", "games": 1, "wins": int(won)}]
    # nothing secret on the page
    assert not keys_in(page) & FORBIDDEN_KEYS and not cards_in(page["stats"])
    text = json.dumps(page)
    assert all(x["key"] not in text for x in people)


def test_the_record_of_a_game_finished_before_stats_were_stored_is_replayed(client: Any) -> None:
    a, b = _player(client, "Ann"), _player(client, "Bob")
    body = {"preset": "two-player", "seats": ["you", "open"], "options": {"hands": 1}, "hand_pause": 0}
    t = client.post("/api/tables", json=body, headers={"x-player-key": a["key"]}).json()
    j = client.post(f"/api/tables/{t['id']}/join", json={}, headers={"x-player-key": b["key"]}).json()
    _play_out(client, t["id"], [t["token"], j["token"]])
    first = client.get(f"/api/players/{b['id']}").json()
    storage = client.app.state.manager.storage
    result = dict(first["games"][0]["result"])
    del result["stats"]  # as a game finished by an older server was stored
    client.portal.call(storage.finish, t["id"], result)
    again = client.get(f"/api/players/{b['id']}").json()
    assert "stats" not in again["games"][0]["result"]
    assert again["stats"] == first["stats"] and again["stats"]["hands"] == 1


def test_seat_stats_follow_the_hand_summaries() -> None:
    rules = Rules.preset("partnership", hands=6, blind_nil=False)
    game = Game(rules, seed=11)
    players = [bots.get("random", seed=s) for s in range(4)]
    while not game.is_over:
        s = game.to_act
        assert s is not None
        game.apply(players[s].act(game.view(s)), seat=s)
    stats = seat_stats(game)
    for s in range(4):
        side = s % 2
        nils = [h for h in game.history if h.bids[s].tricks == 0]
        assert stats[s]["hands"] == 6 and stats[s]["nils"] == len(nils)
        assert stats[s]["nils_made"] == sum(1 for h in nils if h.nil_made[s])
        assert stats[s]["bids_made"] == sum(1 for h in game.history if h.bids[s].tricks and h.made[side])
    # the bags a side took, less the penalties' bags, is where its bag count ends
    for side in range(2):
        taken = stats[side]["bags"]
        penalties = sum(h.bag_penalties[side] for h in game.history)
        assert taken - penalties * rules.bag_limit == game.history[-1].bags[side]
        assert stats[side]["bags"] == stats[side + 2]["bags"]
