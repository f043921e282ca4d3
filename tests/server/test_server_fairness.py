"""Provably fair deals at the server (docs/fairness.md): every state message carries the
commitment to the deal being played (``fair``), from before the first bid; a hand's secret
comes only after the hand ends; a finished table's record verifies with ``spades verify``
and fails when one card or the secret is changed."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path

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
