"""The provably fair deal at the table (issue 51): the page shows the commitment to the hand's
deal before its first bid, and the previous hand's secret once that hand is over; both agree with
what the replay reveals after the game, and the secret of the hand being played is never shown."""

from __future__ import annotations

import hashlib
import json
import re
import urllib.request
from typing import Any

from server_helpers import LiveServer
from test_browser_table_defects import create_table, play_to_modal, shot, watched  # noqa: F401

HEX64 = re.compile(r"\b[0-9a-f]{64}\b")


def _fair_text(page: Any) -> list[str]:
    return HEX64.findall(page.inner_text("#fair-line"))


def test_table_shows_the_commitment_before_the_bidding_and_the_secret_after_the_hand(
    watched: Any, live_server: LiveServer  # noqa: F811
) -> None:
    w = watched()
    page = w.page
    create_table(page, live_server, hands=2)
    page.wait_for_selector("#fair-line p")
    first = _fair_text(page)
    assert len(first) == 1, first  # hand 1: its commitment only, no secret yet
    assert "Hand 1" in page.inner_text("#fair-line")
    shot(page, "fair-table-hand1.png")
    play_to_modal(page)  # hand 1 ends: its result dialog
    page.click("#modal-ok")
    page.wait_for_function("document.querySelectorAll('#fair-line p').length === 3")
    second = _fair_text(page)
    # hand 2's commitment, then hand 1's secret: never hand 2's secret
    assert len(second) == 2 and second[0] != first[0], second
    commitment_2, secret_1 = second
    play_to_modal(page)
    table_id = page.url.rstrip("/").split("/")[-1]
    with urllib.request.urlopen(f"{live_server.url}/api/tables/{table_id}/replay") as r:
        replay = json.load(r)
    hands = replay["fairness"]["hands"]
    assert hands[0]["commitment"] == first[0] and hands[0]["secret"] == secret_1
    assert hands[1]["commitment"] == commitment_2
    # the commitment is SHA-256 of the scheme, table, hand number and secret (docs/fairness.md)
    text = f"{replay['fairness']['scheme']}\n{replay['fairness']['table']}\n1\n{secret_1}"
    assert hashlib.sha256(text.encode()).hexdigest() == first[0]
    w.check()
