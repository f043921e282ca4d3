"""Issue 47: advice a player can trust, and a table that never invites a costly slip.

Each defect of the issue has a test here named after it, through the controller or
textual's pilot at 80x24.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.screen import ModalScreen

from spades import Bid, Card, Game, Rules, i18n
from spades.cards import CardSet
from spades.game import Phase
from spades.tui import hints
from spades.tui.app import PlayApp
from spades.tui.controller import Controller
from tuiutil import enter_line, flat, make, screen_text, settle, type_line

#: the issue's position: `spades play --seed 2716454058645617350`, look, bid 6
ISSUE_SEED = 2716454058645617350


def _issue_position() -> Controller:
    ctl = Controller.new(Rules.preset("partnership"), seed=ISSUE_SEED, partner="basic", opponents="basic")
    ctl.run_bots()
    assert ctl.submit("look").kind == "info"
    ctl.run_bots()
    assert ctl.submit("bid 6").kind == "info"
    ctl.run_bots()
    trick = [(s, str(c)) for s, c in ctl.game.trick]
    assert trick == [(3, "2H"), (0, "KH"), (1, "3H")], trick  # West 2♥, North K♥, East 3♥
    assert Card.parse("AH") in (ctl.view().hand or CardSet())
    return ctl


# -- 1. the hint ------------------------------------------------------------------------


def test_hint_gives_the_same_low_heart_every_time_never_overtaking_the_partner() -> None:
    ctl = _issue_position()
    answers = []
    for _ in range(10):
        reply = ctl.hint()
        assert reply.kind == "hint", reply.text
        answers.append((ctl.last_hint, reply.text))
    cards = {card for card, _text in answers}
    assert len(cards) == 1, answers
    card = cards.pop()
    assert isinstance(card, Card) and card.suit == Card.parse("2H").suit
    assert card < Card.parse("KH")  # stays under the partner's sure winner
    text = answers[0][1]
    assert "beats" not in text and "takes the trick" not in text
    assert f"{hints.pretty(card)} stays under your partner's K♥" in text


def test_hint_is_a_function_of_the_position_not_of_earlier_hints_or_the_clock() -> None:
    first = _issue_position()
    again = _issue_position()
    first.hint()
    first.hint()
    again.hint()
    assert first.last_hint == again.last_hint
    assert hints.position_seed(first.view()) == hints.position_seed(again.view())


def test_dominated_cards_are_the_overtake_of_a_sure_winner_and_a_nil_winning() -> None:
    ctl = _issue_position()
    view = ctl.view()
    assert hints.sure_partner_winner(view) == Card.parse("KH")
    assert hints.dominated(view) == frozenset({Card.parse("AH")})
    assert hints.careful_card(view) == min(c for c in view.hand or () if c.suit == Card.parse("AH").suit)
    # not last to play: the partner's card is not sure while a higher one is unseen
    rules = Rules.preset("partnership")
    assert hints.dominated(Game(rules, seed=1).view(0)) == frozenset()
    # South a live nil: the safest card is the highest heart that stays under K♥
    bids = list(view.bids)
    bids[view.seat] = Bid(0)
    nil = dataclasses.replace(view, bids=tuple(bids))
    assert hints.dominated(nil) == frozenset({Card.parse("AH")})
    assert hints.careful_card(nil) == Card.parse("JH")


# -- 2. the card cursor starts on the careful card --------------------------------------


def _app_run(ctl: Controller, body, size: tuple[int, int] = (80, 24)) -> PlayApp:  # type: ignore[no-untyped-def]
    app = PlayApp(ctl, pace=0)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await body(app, pilot)
            assert not app.internal_errors, app.internal_errors

    asyncio.run(go())
    return app


def test_card_cursor_starts_on_a_low_heart_not_on_the_ace_over_partners_king() -> None:
    ctl = _issue_position()
    ctl.hint_bots = ("basic", "random")

    async def body(app: PlayApp, pilot: object) -> None:
        card = app.options[app.cursor].card
        assert card == Card.parse("5H"), card
        assert "Enter plays 5♥" in screen_text(app)

    _app_run(ctl, body)


def test_card_cursor_of_a_nil_is_the_safest_card_and_never_a_ruff() -> None:
    ctl = _issue_position()
    view = ctl.view()
    bids = list(view.bids)
    bids[view.seat] = Bid(0)
    assert hints.careful_card(dataclasses.replace(view, bids=tuple(bids))) == Card.parse("JH")
    # void in the suit led, a nil discards its highest non-spade; a bidder its lowest non-spade
    hand = CardSet([Card.parse(c) for c in ("4S", "KS", "2D", "QD", "9C")])
    void = dataclasses.replace(
        view, hand=hand, bids=tuple(bids), legal=tuple(hand),
    )
    assert hints.careful_card(void) == Card.parse("QD")
    bids[view.seat] = Bid(3)
    assert hints.careful_card(dataclasses.replace(void, bids=tuple(bids))) == Card.parse("2D")


def test_card_cursor_stays_where_the_player_left_it_after_an_error() -> None:
    ctl = _issue_position()
    ctl.hint_bots = ("basic", "random")

    async def body(app: PlayApp, pilot: object) -> None:
        await pilot.press("right")  # type: ignore[attr-defined]
        chosen = app.cursor
        await type_line(pilot, "KS")  # not legal: hearts were led
        assert ctl.feedback is not None and ctl.feedback.kind == "error"
        assert app.cursor == chosen

    _app_run(ctl, body)


# -- 3. a refused typed bid ---------------------------------------------------------------


def test_refused_typed_bid_keeps_the_bid_cursor() -> None:
    ctl = make("--seed", "5", "--no-blind-nil")

    async def body(app: PlayApp, pilot: object) -> None:
        assert ctl.game.phase is Phase.BID and ctl.human_to_act
        before = app.cursor
        label = app.options[before].label
        wanted = Bid.parse(app.options[before].notation)
        await type_line(pilot, "bid 14")
        assert ctl.feedback is not None and ctl.feedback.kind == "error"
        assert app.cursor == before, (app.options[app.cursor].label, label)
        await pilot.press("enter")  # the Enter after the error bids what the cursor showed
        await settle(app, pilot)
        assert ctl.game.bids[ctl.human] == wanted

    _app_run(ctl, body)


# -- 4. analyse before the first hand ends -------------------------------------------------


def test_analyse_before_first_hand_ends_does_not_hang() -> None:
    ctl = make("--seed", "5", "--no-blind-nil")

    async def body(app: PlayApp, pilot: object) -> None:
        await enter_line(app, pilot, "analyse")
        await settle(app, pilot)
        assert not isinstance(app.screen, ModalScreen)
        text = flat(screen_text(app))
        assert "Nothing to analyse yet" in text and "Analysing" not in text
        await enter_line(app, pilot, "hint")  # the next command is not swallowed
        await settle(app, pilot)
        assert ctl.feedback is not None and ctl.feedback.kind == "hint"

    _app_run(ctl, body)


# -- 6. new over an unfinished game in a named file -----------------------------------------


def test_new_with_save_file_asks_before_replacing_the_unfinished_game(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    ctl = make("--seed", "5", "--no-blind-nil", "--save", str(path))
    ctl.run_bots()
    assert ctl.submit("bid 3").kind == "info"
    saved = path.read_text()
    reply = ctl.submit("new")
    assert reply.kind == "error" and "not finished" in reply.text and "new" in reply.text
    assert path.read_text() == saved and len(ctl.game.actions) > 0
    assert ctl.submit("new").text == "New game started."
    assert path.read_text() != saved


# -- 7. a typed 0 is not a silent nil -------------------------------------------------------


@pytest.mark.parametrize("typed", ["0", "bid 0"])
def test_typed_zero_bid_asks_before_bidding_nil(typed: str) -> None:
    ctl = make("--seed", "5", "--no-blind-nil")
    ctl.run_bots()
    reply = ctl.submit(typed)
    assert reply.kind == "error" and "nil" in reply.text
    assert ctl.game.bids[ctl.human] is None
    assert ctl.submit("nil").kind == "info"
    assert ctl.game.bids[ctl.human] == Bid(0)


# -- 9. the prompt over a hand void in the suit led ------------------------------------------


def test_prompt_does_not_ask_to_follow_a_suit_the_hand_lacks() -> None:
    for seed in range(1, 60):
        ctl = make("--seed", str(seed), "--no-blind-nil")
        rng = random.Random(seed)
        while not ctl.game.is_over and ctl.game.hands_played == 0:
            ctl.run_bots()
            if not ctl.human_to_act:
                break
            view = ctl.view()
            if view.trick and view.hand is not None and not view.hand.count(view.trick[0][1].suit):
                text = ctl.prompt().text
                assert "follow" not in text and "no " in text and "play any card" in text, text
                return
            ctl.submit(str(rng.choice(list(view.legal))))
    raise AssertionError("no void found")


# -- 12. words shown translated are accepted when typed ------------------------------------


def test_translated_words_shown_on_screen_are_accepted_when_typed() -> None:
    with i18n.use_language("bg"):
        ctl = make("--seed", "5", "--no-blind-nil")
        ctl.run_bots()
        assert ctl.english("помощ") == "help"
        assert ctl.english("Обява 3") == "bid 3"
        assert ctl.submit("обява 3").kind == "info"
        assert ctl.game.bids[ctl.human] == Bid(3)
