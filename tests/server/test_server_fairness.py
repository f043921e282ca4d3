"""Provably fair deals at the server (docs/fairness.md): every state message carries the
commitment to the deal being played (``fair``), from before the first bid; a hand's secret
comes only after the hand ends; a finished table's record verifies with ``spades verify``
and fails when one card or the secret is changed."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from server_helpers import recv_state, some_action
from starlette.testclient import TestClient

from spades.cards import ALL_CARDS
from spades.cli import main
from spades.fairness import FairnessError, commitment, deal_order, verify_record
from spades.rules import Rules
from spades.server import create_app
from spades.server.storage import _decode_decks, _encode_decks
from spades.server.table import secret_decks

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_secret_decks_are_dealt_by_their_secrets_and_stored_as_secrets() -> None:
    rules = Rules.preset("three-player")
    secrets, decks = secret_decks(rules, 3)
    assert len(set(secrets)) == 3 and all(len(s) == 64 for s in secrets)
    for secret, deck in zip(secrets, decks, strict=True):
        assert len(set(deck)) == 51
        assert deck == [str(ALL_CARDS[c]) for c in deal_order(rules, secret)]
    text = _encode_decks(decks, secrets)
    assert "|=" in text and decks[0][0] not in text.split("|")[0]
    assert _decode_decks(text, rules.to_dict()) == (decks, secrets)
    # a table made before fair deals keeps its plain decks
    assert _decode_decks(_encode_decks(decks), rules.to_dict()) == (decks, [])


def test_commitments_come_before_the_first_bid_and_secrets_after_each_hand(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'fair.sqlite'}")) as client:
        body = {
            "preset": "partnership",
            "seats": ["you", "bot:random", "bot:random", "bot:random"],
            "options": {"hands": 2, "blind_nil": False, "first_dealer": 3},  # seat 0 bids first
            "bot_delay": 0,
            "hand_pause": 0,
        }
        t = client.post("/api/tables", json=body).json()
        actor = client.app.state.manager.tables[t["id"]]
        secrets = list(actor.row.secrets)
        assert len(secrets) >= 2
        revealed: dict[int, str] = {}
        with client.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"]})
            first = recv_state(ws)
            # before anybody bid: the first hand's commitment, and nothing of its secret
            assert all(b is None for b in first["view"]["bids"])
            assert first["fair"]["hand"] == {"number": 1, "commitment": commitment(t["id"], 1, secrets[0])}
            assert first["fair"]["previous"] is None and first["fair"]["table"] == t["id"]
            state = first
            for _ in range(400):
                text = json.dumps(state)
                hand = actor.game.hands_played
                for k in range(hand, len(actor.row.secrets)):  # hands not over: secrets hidden
                    assert actor.row.secrets[k] not in text, f"hand {k + 1}'s secret was sent early"
                prev = state["fair"]["previous"]
                if prev is not None:
                    n = prev["number"]
                    assert prev["secret"] == secrets[n - 1]
                    assert prev["commitment"] == commitment(t["id"], n, secrets[n - 1])
                    revealed[n] = prev["secret"]
                if state["view"]["is_over"]:
                    break
                action = some_action(state["view"]) if state["view"]["to_act"] == 0 else None
                if action is not None:
                    ws.send_json({"type": "act", "action": action, "v": state["v"]})
                state = recv_state(ws)
            else:
                raise AssertionError("the game did not end")
        assert 1 in revealed
        deadline = time.time() + 30
        while client.get(f"/api/tables/{t['id']}/record").status_code != 200:
            assert time.time() < deadline, "the record of the finished game never opened"
            time.sleep(0.05)
        record = client.get(f"/api/tables/{t['id']}/record").json()
        replay = client.get(f"/api/tables/{t['id']}/replay").json()
    assert replay["fairness"] == record["fairness"]
    assert [h["secret"] for h in record["fairness"]["hands"]] == secrets[:2]
    assert len(record["decks"]) == 2  # the decks kept ahead of the game are not published
    assert verify_record(record).hands == 2
    path = tmp_path / "server.json"
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 0
    # one card of a revealed deal changed: the check fails
    bad = copy.deepcopy(record)
    deal = bad["fairness"]["hands"][0]["deal"].split(" ")
    a, b = deal[0].split("."), deal[1].split(".")
    suit = next(i for i in range(4) if a[i] and b[i])
    a[suit], b[suit] = b[suit][0] + a[suit][1:], a[suit][0] + b[suit][1:]
    bad["fairness"]["hands"][0]["deal"] = " ".join([".".join(a), ".".join(b), *deal[2:]])
    with pytest.raises(FairnessError, match="hand 1: the deal written"):
        verify_record(bad)
    # a deck changed in the record: the game replays other cards than the secret deals
    bad = copy.deepcopy(record)
    bad["decks"][1][0], bad["decks"][1][4] = bad["decks"][1][4], bad["decks"][1][0]
    with pytest.raises(Exception, match=r"hand 2|does not replay"):
        verify_record(bad)
    # a changed secret
    bad = copy.deepcopy(record)
    bad["fairness"]["hands"][1]["secret"] = "f" * 64
    path.write_text(json.dumps(bad))
    assert main(["verify", str(path)]) == 1


def _replay(preset: str, seed: int, **options: Any) -> dict[str, Any]:
    """The replay payload of a finished two-hand game of uniform random players (blind nil
    among their bids) dealt by secrets."""
    from spades import Game, bots
    from spades.server.replay import replay_payload
    from spades.server.storage import SeatRow, TableRow

    rules = Rules.preset(preset, hands=2, **options)
    secrets, decks = secret_decks(rules, 3)
    game = Game(rules, seed=seed, dealer=0, decks=decks)
    players = [bots.get("uniform", seed=seed + s) for s in range(rules.num_seats)]
    while not game.is_over:
        game.apply(players[game.to_act].act(game.view(game.to_act)))
    row = TableRow(
        id=f"js{seed}", code="", created=0.0, public=False, rules=rules.to_dict(), config={},
        seats=[SeatRow("bot", "random") for _ in range(rules.num_seats)], seed=seed, dealer=0,
        decks=decks, secrets=secrets, finished=True, actions=[(s, str(a)) for s, a in game.actions],
    )
    return replay_payload(row)


def test_the_browser_check_agrees_with_the_server_on_every_variant() -> None:
    """fairness.js's checkHand (what the replay page runs), in node: every hand of real replays
    verifies, blind nil exchanges included; a changed card or secret does not."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node to run the page's JavaScript")
    payloads = [_replay(p, s) for p in ("two-player", "three-player", "cutthroat") for s in (1, 2)]
    # every deck (RULES.md section 7): the jokers' packs drop two deuces (four and two players)
    # or none (three players: 54 cards); the deuces pack is the standard one
    payloads += [_replay("partnership", 3, deck=d) for d in ("jokers", "jokers-deuces", "deuces")]
    payloads += [_replay(p, 4, deck="jokers-deuces") for p in ("three-player", "two-player")]
    payloads += [_replay("three-player", 5, deck="deuces")]
    exchanged = []
    for seed in range(40):  # uniform players bid blind nil now and then: find a few exchanges
        data = _replay("partnership", seed, blind_nil_exchange=2)
        if any(x["text"].startswith("pass ") for h in data["hands"] for x in h["log"]):
            exchanged.append(data)
        if len(exchanged) == 2:
            break
    assert exchanged, "no blind nil exchange in 40 games"
    payloads += exchanged
    cases: list[list[Any]] = []
    for data in payloads:
        table, rules, n = data["fairness"]["table"], data["rules"], len(data["seats"])
        for i, h in enumerate(data["hands"]):
            entry = data["fairness"]["hands"][i]
            cases.append([table, entry, h, rules, n, "ok"])
            if h["hands"] and ":" in entry["deal"]:
                bad = copy.deepcopy(h)
                bad["hands"][0][0], bad["hands"][1][0] = bad["hands"][1][0], bad["hands"][0][0]
                cases.append([table, entry, bad, rules, n, "cards"])
            cases.append([table, dict(entry, secret="1" * 64), h, rules, n, "commitment"])
    script = (
        "const F = require(process.argv[1]);"
        "const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(cases.map(([t, e, h, r, n]) => F.checkHand(t, e, h, r, n))));"
    )
    js = Path(__file__).resolve().parents[2] / "src" / "spades" / "server" / "static" / "fairness.js"
    out = subprocess.run([node, "-e", script, str(js)], input=json.dumps(cases), capture_output=True,
                         text=True, check=True, timeout=120).stdout
    assert json.loads(out) == [c[-1] for c in cases]
