"""The table for a blind player (issue 52): a whole hand played with the keyboard alone, told by
the live region's announcements; and each review key.

The announcements are read as a screen reader is told them: every text added to an
``aria-live`` region (a MutationObserver installed before the page's scripts), never the page's
own list.  What the hand was comes from the server's storage replayed by the engine.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from a11y_helpers import HEAR_JS, heard, heard_texts, new_keyboard_table, save_text, wait_heard
from browser_helpers import (
    DESKTOP,
    have_chromium,
    key_step,
    load_row,
    snapshot,
    table_version,
    wait_taken,
)
from server_helpers import LiveServer

pytestmark = pytest.mark.skipif(not have_chromium(), reason="chromium is not installed")

RANKS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace", "T": "10"}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card_words(code: str) -> str:
    """A card as the English announcements say it: "queen of hearts", "10 of clubs"."""
    return f"{RANKS.get(code[0], code[0])} of {SUITS[code[1]]}"



@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.add_init_script(HEAR_JS)
    p = ctx.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    p.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    yield p
    ctx.close()
    assert not errors, errors


def engine_account(db: str, table_id: str) -> tuple[list[str], list[tuple[int, str]], list[Any], list[Any]]:
    """The seats' names, the actions, each trick (TrickWon) and each hand's summary, replayed
    by the engine from the server's storage."""
    from spades.events import HandScored, TrickWon
    from spades.game import Game
    from spades.rules import Rules

    row = load_row(db, table_id)
    rules = Rules.from_dict(row.rules)
    names = [s.name or rules.seat_name(i) for i, s in enumerate(row.seats)]
    game = Game(rules, seed=row.seed, dealer=row.dealer, decks=row.decks)
    tricks, hands = [], []
    for seat, text in row.actions:
        for e in game.apply(text, seat=seat):
            if isinstance(e, TrickWon):
                tricks.append(e)
            if isinstance(e, HandScored):
                hands.append(e.summary)
    return names, list(row.actions), tricks, hands


def play_hand_by_keyboard(page: Any, seconds: float = 150) -> int:
    """The keyboard alone (the table's keys, key_step) until the hand's result dialog shows;
    returns the keys' steps taken."""
    steps = 0
    deadline = time.time() + seconds
    while time.time() < deadline:
        snap = snapshot(page)
        if snap["modal"]:
            return steps
        done = key_step(page, snap)
        if done is None:
            page.wait_for_timeout(80)
        else:
            steps += 1
    raise AssertionError(f"the hand did not end by the keyboard: {snapshot(page)}")


def test_a_whole_hand_by_keyboard_is_told_by_the_announcements(page: Any, live_server: LiveServer) -> None:
    table_id = new_keyboard_table(page, live_server)
    play_hand_by_keyboard(page)
    wait_heard(page, lambda t: t.startswith("Game over"), 10)
    page.wait_for_timeout(300)
    said = heard(page)
    transcript = "\n".join(f"[{h['live']}] {h['text']}" for h in said)
    path = save_text("hand-transcript.txt", transcript + "\n")
    print(f"\n--- the announcements of one hand ({len(said)}; {path}) ---\n{transcript}\n---")
    text = "\n".join(h["text"] for h in said)
    names, actions, tricks, hands = engine_account(live_server.db, table_id)
    me = names[0]

    bids = [(s, a) for s, a in actions if a.startswith("bid ") or a in ("nil", "blind nil")]
    assert len(bids) == 4
    for seat, action in bids:
        n = action.split()[1] if action.startswith("bid ") else action
        want = f"You bid {n}" if seat == 0 else f"{names[seat]} bids {n}"
        assert want in text, f"the bid {want!r} was not said"
    cards = [(s, a) for s, a in actions if re.fullmatch(r"(10|[2-9TJQKA])[CDHS]", a)]
    assert len(cards) == 52
    for seat, code in cards:
        who = "You" if seat == 0 else names[seat]
        pattern = rf"{re.escape(who)} (plays?|leads?) the {re.escape(card_words(code))}\b"
        assert len(re.findall(pattern, text)) == 1, f"{who} playing {code} said once: {pattern}"
    assert len(tricks) == 13
    for t in tricks:
        who = "You win" if t.winner == 0 else f"{names[t.winner]} wins"
        win_card = str(t.cards[(t.winner - t.leader) % 4])
        assert f"{who} the trick with the {card_words(win_card)}" in text, f"trick won by {who}"
    assert text.count("the trick with the") == 13, "each trick's winner said once"
    hs = hands[0]
    result = next(h["text"] for h in said if h["text"].startswith("Hand 1 result:"))
    for side in range(2):
        side_name = f"{names[side]} & {names[side + 2]}"
        assert f"{side_name}: bid " in result and f"score {hs.scores[side]}." in result, result
        assert f"won {hs.tricks[side] + hs.tricks[side + 2]}" in result, result
    assert "Spades are broken." in text or not any(c.endswith("S") for _, c in cards)
    assert text.count("Spades are broken.") <= 1
    assert "Your turn to bid" in text and ("Your turn to lead" in text or "Your turn:" in text)
    assert me == "Alice"


def test_a_reload_says_nothing_twice(page: Any, live_server: LiveServer) -> None:
    new_keyboard_table(page, live_server, hands=2)
    for _ in range(30):  # the bidding and a few cards
        snap = snapshot(page)
        if snap["play"]:
            break
        if key_step(page, snap) is None:
            page.wait_for_timeout(80)
    key_step(page, snapshot(page))
    page.wait_for_timeout(400)
    before = heard_texts(page)
    page.evaluate("() => render()")  # a redraw
    page.evaluate("() => reconnect()")  # a resync: the server sends the state again
    page.wait_for_timeout(800)
    after = heard_texts(page)[len(before) :]
    moves = [t for t in after if re.search(r"\b(bids|bid|plays|play the|leads)\b", t)]
    assert not moves, f"said again after a redraw and a reconnection: {moves}"


def ready_to_play(page: Any, live_server: LiveServer) -> None:
    """A table whose first trick has a card or more, and it is Alice's turn to play."""
    new_keyboard_table(page, live_server, hands=2)
    deadline = time.time() + 60
    while time.time() < deadline:
        snap = snapshot(page)
        if snap["play"] and len(snap["hand"]) == 13:
            return
        if key_step(page, snap) is None:
            page.wait_for_timeout(80)
    raise AssertionError("never Alice's turn to play")


def press_and_hear(page: Any, key: str, starts: str = "") -> str:
    """The announcement a key brings (the first from then on that begins with ``starts``: the
    computers' moves may be said in between)."""
    start = len(heard(page))
    page.keyboard.press(key)
    return wait_heard(page, lambda t: t.startswith(starts), 5, start)


def test_review_key_r_reads_the_hand_by_suit(page: Any, live_server: LiveServer) -> None:
    ready_to_play(page, live_server)
    hand = snapshot(page)["hand"]
    said = press_and_hear(page, "r")
    assert said.startswith("Your hand, 13 cards.")
    for suit, word in (("S", "Spades"), ("H", "Hearts"), ("C", "Clubs"), ("D", "Diamonds")):
        held = [RANKS.get(c[0], c[0]) for c in hand if c[1] == suit]
        assert f"{word}: {', '.join(held) if held else 'none'}." in said, said
    assert press_and_hear(page, "y") == said


def test_review_key_shift_r_reads_the_last_trick(page: Any, live_server: LiveServer) -> None:
    ready_to_play(page, live_server)
    assert press_and_hear(page, "Shift+R") == "No trick has been played yet."
    key_step(page, snapshot(page))  # Alice plays; the computers finish the trick
    page.wait_for_function("() => st.view.tricks.length >= 1", timeout=15000)
    said = press_and_hear(page, "Shift+R", "Last trick")
    last = page.evaluate("() => st.view.tricks[0]")
    assert said.startswith("Last trick: ") and said.endswith("won it.")
    for code in last["cards"]:
        assert card_words(code) in said


@pytest.mark.parametrize("key", ["c", "t"])
def test_review_keys_c_and_t_read_the_current_trick(page: Any, live_server: LiveServer, key: str) -> None:
    ready_to_play(page, live_server)
    said = press_and_hear(page, key)
    trick = page.evaluate("() => st.view.trick")
    if trick:
        assert said.startswith("On the table: ")
        for _seat, code in trick:
            assert card_words(code) in said
    else:
        assert said.startswith("No cards on the table.")
    assert said.endswith("You to play.")


def test_review_key_v_reads_bids_and_tricks(page: Any, live_server: LiveServer) -> None:
    ready_to_play(page, live_server)
    said = press_and_hear(page, "v")
    view = page.evaluate("() => st.view")
    names = page.evaluate("() => st.table.seats.map((s) => s.name)")
    for s, bid in enumerate(view["bids"]):
        who = "You" if s == 0 else names[s]
        assert f"{who}: bid {bid}, won {view['tricks_won'][s]}" in said, said
    assert f"{names[0]} & {names[2]}: bid " in said


def test_review_key_p_reads_the_score(page: Any, live_server: LiveServer) -> None:
    ready_to_play(page, live_server)
    said = press_and_hear(page, "p")
    assert (
        said.startswith("Score: ") and "0 points, 0 bags" in said and "Game to " in said and "Hand 1." in said
    )


def test_review_key_w_says_whose_turn_and_what_is_asked(page: Any, live_server: LiveServer) -> None:
    ready_to_play(page, live_server)
    said = press_and_hear(page, "w")
    assert said.startswith("Your turn") and "playable card" in said


@pytest.mark.parametrize(("key", "which"), [("u", "lowest"), ("o", "highest")])
def test_review_keys_u_and_o_find_a_suits_lowest_and_highest_card(
    page: Any, live_server: LiveServer, key: str, which: str
) -> None:
    ready_to_play(page, live_server)
    snap = snapshot(page)
    suit = snap["play"][0][1]
    order = "23456789TJQKA"
    held = sorted((c for c in snap["hand"] if c[1] == suit), key=lambda c: order.index(c[0]))
    want = held[0] if which == "lowest" else held[-1]
    assert press_and_hear(page, key).startswith(f"{which.capitalize()} card of which suit?")
    said = press_and_hear(page, suit.lower())
    assert said.startswith(card_words(want)), said
    if want in snap["play"]:
        assert said.endswith(", playable")
        assert page.evaluate("() => document.activeElement.dataset.card") == want
        before = table_version(page)
        page.keyboard.press("Enter")  # Enter plays it
        wait_taken(page, want, before)
    else:
        assert said.endswith(", not playable")


def test_review_key_question_mark_lists_the_keys(page: Any, live_server: LiveServer) -> None:
    ready_to_play(page, live_server)
    said = press_and_hear(page, "?")
    for words in ("R or Y", "Shift+R", "C or T", "V,", "P,", "W,", "U or O"):
        assert words in said, said
    keys = page.locator(".kbd").inner_text()
    assert "Review keys" in keys and "the last trick" in keys  # the map is on the page too


def test_review_keys_leave_the_bid_keys_alone(page: Any, live_server: LiveServer) -> None:
    """N and the digits still bid while the review keys are on; R while bidding reads the hand."""
    new_keyboard_table(page, live_server, hands=2)
    page.wait_for_selector(".bids button", timeout=30000)
    assert press_and_hear(page, "r").startswith("Your hand, 13 cards.")
    page.keyboard.type("2")
    page.keyboard.press("Enter")
    wait_heard(page, lambda t: t == "You bid 2", 8)


def test_the_hand_cards_say_whether_they_may_be_played(page: Any, live_server: LiveServer) -> None:
    ready_to_play(page, live_server)
    playable = set(snapshot(page)["play"])
    hand = snapshot(page)["hand"]
    assert len(hand) == 13
    for code in hand:
        name = card_words(code) + (", playable" if code in playable else ", not playable")
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
