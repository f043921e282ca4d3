"""The terminal plays every house rule (issue 49, RULES.md section 7): joker and deuce decks
drawn, sorted, typed and said as players know them, the Mirror and Whiz bids shown as the
cards fix them, every option on the rules screen.

The computer players are ``random`` here, the quickest (how ``basic`` and ``expert`` play the
packs is tested in tests/test_bots_decks*.py).
"""

from __future__ import annotations

import io
import random

import pytest

from spades.cards import Card, CardSet, Suit
from spades.core.deck import deck_of
from spades.game import Phase
from spades.i18n import use_language
from spades.rules import OPTIONS
from spades.tui import render
from spades.tui.controller import Controller, joker_notation
from spades.tui.hints import careful_card, hand_order, play_suit, pretty, trick_winner
from spades.tui.plain import PlainGame, card_letters, card_words, speak_cards
from tuiutil import make

BJ, LJ = Card(53), Card(52)
TWO_D = Card.parse("2D")


def _looked(rules: str, want: tuple[Card, ...], seeds: range = range(1, 200)) -> Controller:
    """A controller for ``spades play --rules <rules>`` at the person's first decision after
    looking at the cards, on the first seed that deals the person every card of ``want``."""
    for seed in seeds:
        ctl = make("--rules", rules, "--seed", str(seed))
        ctl.run_bots()
        if ctl.game.phase is Phase.BLIND:
            ctl.act("look")
            ctl.run_bots()
        hand = ctl.view().hand
        if hand is not None and all(c in hand for c in want):
            return ctl
    raise AssertionError(f"no seed deals {want}")


def test_jokers_are_drawn_as_bj_and_lj_with_the_big_joker_in_colour() -> None:
    assert pretty(BJ) == "BJ" and pretty(LJ) == "LJ"
    assert render.card_text(BJ).style == "bold red"
    assert render.card_text(LJ).style == "bold"  # the little joker in black (the text colour)
    assert render.card_text(BJ, colour=False).style == "bold"


def test_jokers_deuces_hand_order_puts_the_trumps_first_jokers_on_top() -> None:
    deck = deck_of("jokers-deuces")
    cards = [Card.parse(t) for t in ["AS", "2S", "2D", "BJ", "LJ", "KH", "3D"]]
    assert [str(c) for c in hand_order(cards, deck)] == ["BJ", "LJ", "2D", "2S", "AS", "KH", "3D"]
    assert play_suit(TWO_D, deck) is Suit.SPADES and play_suit(TWO_D) is Suit.DIAMONDS
    # the standard pack keeps its order
    assert [str(c) for c in hand_order(cards[:2] + cards[5:])] == ["AS", "2S", "KH", "3D"]


def test_jokers_deuces_hand_groups_the_two_of_diamonds_with_the_spades_on_screen() -> None:
    ctl = _looked("jjdd", (BJ, TWO_D))
    options = ctl.hand_options()
    cards = [o.card for o in options]
    assert cards[0] == BJ
    assert [o.group for o in options[: cards.index(TWO_D) + 1]] == [Suit.SPADES] * (cards.index(TWO_D) + 1)
    line = render.hand_text(options, None, set()).plain.split("\n")[0]
    # no gap between the trumps: BJ, (LJ,) 2♦ and the spades read as one group
    trumps = [pretty(c) for c in cards if play_suit(c, ctl.view().deck) is Suit.SPADES]
    assert " ".join(f"{t:<3}" for t in trumps).rstrip() in line
    assert "2♦" in line  # its face stays the 2 of diamonds


def test_joker_names_typed_in_english_and_in_russian_are_the_jokers() -> None:
    assert joker_notation("play the big joker") == "play BJ"
    assert joker_notation("Little Joker") == "LJ"
    assert joker_notation("pass big joker 2D") == "pass BJ 2D"
    with use_language("ru"):
        assert joker_notation("большой джокер") == "BJ"
        assert joker_notation("малый джокер") == "LJ"


def test_typing_big_joker_plays_it() -> None:
    ctl = _looked("jjdd", (BJ,))
    rng = random.Random(3)
    for _ in range(200):  # bid, then play until the big joker is legal on the person's turn
        ctl.run_bots()
        if ctl.pending_summary is not None:
            ctl.acknowledge()
            continue
        legal = ctl.view().legal
        if BJ in legal:
            before = len(ctl.game.actions)
            ctl.submit("big joker")
            assert len(ctl.game.actions) == before + 1, ctl.feedback
            assert BJ not in (ctl.view().hand or CardSet())
            return
        ctl.act(rng.choice([a for a in legal if a != BJ] or list(legal)))
    raise AssertionError("the big joker was never legal")


def test_plain_mode_says_the_big_joker() -> None:
    assert card_words(BJ) == "the big joker" and card_words(LJ) == "the little joker"
    assert card_letters(BJ) == "BJ"
    assert speak_cards("North plays BJ, you 2♦") == "North plays the big joker, you two of diamonds"
    assert speak_cards("North plays BJ", "symbols") == "North plays BJ"
    with use_language("ru"):
        assert card_words(BJ) == "большой джокер"


def test_plain_mode_tells_a_jokers_deuces_hand_by_play_suit() -> None:
    ctl = _looked("jjdd", (BJ, TWO_D))
    game = PlainGame(ctl, stdin=io.StringIO(""), stdout=io.StringIO())
    spades_line = next(line for line in game.hand_text().split("\n") if line.startswith("Spades:"))
    assert spades_line.startswith("Spades: the big joker")
    assert "two of diamonds" in spades_line
    assert game.notation("play the big joker") in ("play BJ", "BJ")


def test_mirror_bid_is_shown_as_forced_by_the_spades() -> None:
    for seed in range(1, 40):
        ctl = make("--rules", "mirror", "--seed", str(seed))
        ctl.run_bots()
        view = ctl.view()
        assert ctl.game.phase is Phase.BID
        spades = len([c for c in view.hand or () if play_suit(c, view.deck) is Suit.SPADES])
        text = ctl.prompt().text
        if spades:
            assert text == f"Mirror: your bid is your {spades} spade{'s' if spades > 1 else ''}.", text
            assert [o.label for o in ctl.options()] == [str(spades)]
            return
        assert text == "Mirror: you hold no spades, so your bid is nil."
    raise AssertionError("no seed")


def test_whiz_bid_offers_nil_or_the_count() -> None:
    ctl = make("--rules", "whiz,blind-nil=off", "--seed", "4")
    ctl.run_bots()
    view = ctl.view()
    spades = len([c for c in view.hand or () if play_suit(c, view.deck) is Suit.SPADES])
    assert spades > 0
    assert ctl.prompt().text == f"Whiz: bid nil or your {spades} spade{'s' if spades > 1 else ''}."
    assert sorted(o.label for o in ctl.options()) == sorted(["nil", str(spades)])


def test_rules_screen_lists_every_house_rule() -> None:
    ctl = make("--rules", "jjdd")
    lines = ctl.rules_lines()
    text = "\n".join(lines)
    for opt in OPTIONS:
        assert any(opt.label in line for line in lines), opt.name
    assert "* deck: Joker-Joker-Deuce-Deuce: BJ LJ 2♦ 2♠ above A♠" in text
    assert lines[-1] == "Rule string (spades play --rules): jjdd"


def test_jokers_trick_winner_hint_and_careful_card_follow_the_deck() -> None:
    deck = deck_of("jokers-deuces")
    trick = ((0, Card.parse("5H")), (1, LJ), (2, TWO_D), (3, Card.parse("AS")))
    assert trick_winner(trick, deck) == (1, LJ)  # RULES.md section 7's vector
    ctl = _looked("jjdd", (BJ,))
    assert careful_card(ctl.view()) in (None, *ctl.view().legal)


@pytest.mark.parametrize("rules", ["jjdd", "jokers", "deuces", "mirror", "whiz", "suicide"])
def test_terminal_renders_every_step_of_a_house_rule_hand(rules: str) -> None:
    """A hand and a half with random moves: the table, score panel, hand, prompt and a hint
    render at every decision of the person without an error."""
    ctl = make("--rules", rules, "--seed", "7")
    ctl.hint_bots = ("random",)
    rng = random.Random(7)
    hands = 0
    for step in range(400):
        ctl.run_bots()
        if ctl.pending_summary is not None:
            ctl.acknowledge()
            hands += 1
            if hands == 2:
                return
            continue
        render.table_text(ctl, 80)
        render.side_text(ctl)
        render.hand_text(ctl.hand_options(), 0, set())
        render.choices_text(ctl, ctl.options(), 0, set())
        assert ctl.prompt().text
        if step % 20 == 0:
            assert ctl.hint().text
        ctl.act(rng.choice(list(ctl.view().legal)))
    raise AssertionError("two hands were not played")
