"""The six defects a player met in ``spades play`` (issue 21), each on the real screen.

1. a new hand's first lead showed the previous hand's last trick;
2. the 13th trick was never visible;
3. the game-over dialog did not fit 80x24 and covered the title bar;
4. the three-player bid strip stopped at 16;
5. with ``NO_COLOR`` hearts were dark grey on black;
6. hints explained moves with reasons that were not true.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import Awaitable

import pytest

pytest.importorskip("textual")

from spades import Bid, Card, Game, Rules
from spades.actions import Choice
from spades.cards import CardSet
from spades.game import Phase
from spades.tui.app import GameOverScreen, PlayApp, SummaryScreen
from spades.tui.controller import Controller
from spades.tui.hints import explain, pretty, trick_winner
from spades.view import View
from tuiutil import contrast, flat, glyph_colours, make, play_until, screen_lines, screen_text, settle


def _run(coro: Awaitable[None]) -> None:
    asyncio.run(coro)  # type: ignore[arg-type]


def _random_chooser(seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)

    def choose(view: View) -> object:
        legal = [a for a in view.legal if a is not Choice.LOOK] if view.phase == "blind" else []
        return rng.choice(list(view.legal)) if not legal else Choice.LOOK

    return choose


# -- 1. a new hand starts with an empty table ---------------------------------------------


@pytest.mark.parametrize("preset", ["partnership", "two-player"])
def test_first_lead_of_a_new_hand_shows_no_old_trick(preset: str) -> None:
    ctl = make("--preset", preset, "--seed", "4", "--hands", "3", "--no-blind-nil")
    seen: list[int] = []

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:

            def at_first_trick() -> bool:
                game = ctl.game
                first = game.hands_played >= 1 and game.phase is Phase.PLAY and not game.tricks
                if first and ctl.human_to_act and game.hands_played not in seen:
                    seen.append(game.hands_played)
                    text = screen_text(app)
                    assert "won by" not in text and "Last trick" not in text, text
                    assert ctl.last_trick() is None
                    if not game.trick:  # the person leads: the table's centre is empty
                        assert "Your lead" in text
                return len(seen) >= 2

            await play_until(app, pilot, _random_chooser(1), at_first_trick)
            assert not app.internal_errors

    _run(go())
    assert seen == [1, 2]


# -- 2. the 13th trick ---------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["partnership", "three-player"])
def test_the_last_trick_is_shown_with_the_hand_summary(preset: str) -> None:
    ctl = make("--preset", preset, "--seed", "6", "--hands", "2", "--no-blind-nil")
    checked: list[int] = []

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:

            def on_summary() -> None:
                game = ctl.game
                last = ctl.last_trick()
                assert last is not None and len(last.cards) == ctl.rules.num_seats
                text = screen_text(app)
                assert isinstance(app.screen, SummaryScreen)
                assert "Last trick: " + ctl.describe_trick(last) in flat(text)
                # behind the dialog the table still holds the trick, and names its winner
                table = flat(app.query_one("#table").render().plain)  # type: ignore[attr-defined]
                for card in last.cards:
                    assert pretty(card) in table
                assert f"won by {ctl.mention(last.winner)}" in table
                checked.append(game.hands_played)

            await play_until(app, pilot, _random_chooser(2), lambda: False, on_summary)
            assert isinstance(app.screen, GameOverScreen)
            assert "Last trick: " in flat(screen_text(app))
            assert not app.internal_errors

    _run(go())
    assert checked == [1]


def test_summary_table_lists_the_trick_that_ended_the_hand() -> None:
    ctl = make("--seed", "3", "--hands", "1", "--no-blind-nil")
    while not ctl.game.is_over:
        if ctl.human_to_act:
            ctl.act(ctl.game.legal_actions()[0])
        ctl.run_bots()
    last = ctl.game.tricks[-1] if ctl.game.tricks else ctl.last_trick()
    assert last is not None and len(last.cards) == 4
    assert ctl.completed == last


# -- 3. the game-over dialog at 80x24 ----------------------------------------------------------


def _finished(*argv: str) -> Controller:
    """A game played to its end by random moves (the person's too), without a screen."""
    ctl = make(*argv)
    rng = random.Random(5)
    while not ctl.game.is_over:
        if ctl.human_to_act:
            ctl.act(rng.choice(ctl.game.legal_actions()))
        ctl.acknowledge()
        ctl.run_bots()
    return ctl


@pytest.mark.parametrize("preset", ["partnership", "cutthroat"])
def test_game_over_dialog_fits_80x24_below_the_title(preset: str) -> None:
    ctl = _finished("--preset", preset, "--seed", "8", "--hands", "12")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, GameOverScreen)
            lines = screen_lines(app)
            assert len(lines) >= 24
            assert lines[0].startswith("♠ Spades")  # the title bar is not covered
            keys = "n: new game · u: take back your last move · q: quit"
            assert any(keys in line for line in lines[:24])  # the key line, whole
            dialog = app.screen.query_one("#dialog")
            assert dialog.region.y >= 1 and dialog.region.bottom <= 24
            assert ctl.result_text() in flat(screen_text(app))
            # the history scrolls under the fixed key line
            body = app.screen.query_one("#body")
            assert body.max_scroll_y > 0  # type: ignore[attr-defined]
            # the page scrolls with an animation: wait for it, a little at a time (one
            # plain pause lost the race on a busy machine, about one run in four)
            await pilot.press("pagedown")
            for _ in range(40):
                await pilot.wait_for_scheduled_animations()
                await pilot.pause(0.05)
                if body.scroll_y > 0:  # type: ignore[attr-defined]
                    break
            assert body.scroll_y > 0  # type: ignore[attr-defined]
            assert any(keys in line for line in screen_lines(app)[:24])
            await pilot.press("q")
        assert app.return_code == 0

    _run(go())


# -- 4. three-player bids to 17 ------------------------------------------------------------------


def test_three_player_bid_strip_reaches_17() -> None:
    ctl = make("--preset", "three-player", "--seed", "2", "--no-blind-nil", "--first-dealer", "west")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert ctl.game.phase is Phase.BID and ctl.human_to_act
            labels = [o.label for o in app.options]
            assert labels[-1] == "17"
            strip = app.query_one("#choices")
            # every label is on the 78-column strip
            line = next(x for x in screen_lines(app) if " 16 " in x or "[16]" in x)
            for label in labels:
                assert f" {label} " in f" {line.replace('[', ' ').replace(']', ' ')} "
            # arrowing to 17 highlights it
            while app.options[app.cursor].label != "17":
                await pilot.press("right")
            assert "[17]" in screen_text(app)
            assert strip.region.width <= 80
            await pilot.press("enter")
            await settle(app, pilot)
            assert ctl.game.bids[ctl.human] == Bid(17)

    _run(go())


# -- 5. NO_COLOR ----------------------------------------------------------------------------------


def test_no_color_cards_are_readable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    ctl = make("--seed", "12", "--no-blind-nil", "--first-dealer", "west")
    ratios: dict[str, float] = {}

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            assert app.no_color
            await settle(app, pilot)
            for _ in range(8):  # bidding, then the play with legal and dimmed cards
                svg = app.export_screenshot()
                for symbol in "♠♥♦♣":
                    for text, fg, bg in glyph_colours(svg, symbol):
                        ratios[text + symbol] = min(ratios.get(text + symbol, 99.0), contrast(fg, bg))
                legal = ctl.game.legal_actions()
                await pilot.press("enter") if ctl.game.phase is Phase.BID else None
                if ctl.game.phase is Phase.PLAY and ctl.human_to_act:
                    app.query_one("#command").value = str(legal[0])  # type: ignore[attr-defined]
                    await pilot.press("enter")
                await settle(app, pilot)

    _run(go())
    hearts = {k: v for k, v in ratios.items() if "♥" in k}
    assert hearts and min(hearts.values()) >= 4.5, hearts
    assert min(ratios.values()) >= 3.0, ratios  # dimmed (unplayable) cards included


# -- 6. hints say what was weighed ----------------------------------------------------------------


def _play_view(preset: str = "partnership", seed: int = 1) -> View:
    game = Game(Rules.preset(preset), seed=seed)
    while game.phase is not Phase.PLAY:
        legal = game.legal_actions()
        game.apply(next((a for a in legal if str(a) in ("look", "bid 3")), legal[-1]))
    return game.view(game.to_act)  # type: ignore[arg-type]


def test_hint_for_a_lead_from_a_long_suit_is_not_called_low() -> None:
    view = dataclasses.replace(_play_view(), hand=CardSet.parse("K2.AJ852.Q43.T9"), trick=())
    text = explain(view, Card.parse("JH"))
    assert "low" not in text
    assert "A♥ above it in your hand" in text
    assert "K♥ Q♥ still out above it" in text
    assert "sampled deals" in text and "your side has 0 of " in text  # what the expert weighed
    assert "your lowest heart" in explain(view, Card.parse("2H"))
    assert "your highest heart" in explain(view, Card.parse("AH"))
    middle = explain(view, Card.parse("4D"))
    assert "Q♦ above it in your hand" in middle and "9 higher diamonds still out" in middle


def test_hint_for_a_blind_nil_that_must_beat_the_lead_says_so() -> None:
    base = _play_view()
    seat = base.seat
    leader = (seat - 1) % 4
    bids = list(base.bids)
    bids[seat] = Bid.blind_nil()
    view = dataclasses.replace(
        base,
        hand=CardSet.parse("K2.A852.Q43.Q54"),
        trick=((leader, Card.parse("2C")),),
        bids=tuple(bids),
        tricks_won=(0, 0, 0, 0),
    )
    text = explain(view, Card.parse("QC"))
    assert "win with your highest card" not in text
    assert "every club you hold beats " in text and "'s 2♣" in text
    assert "2 players still to play" in text and "A♣ K♣ still out above it" in text
    assert "you bid blind nil and have taken no trick" in text
    lone = dataclasses.replace(view, hand=CardSet.parse("K2.A852.Q43.Q"))
    assert "your only club beats " in explain(lone, Card.parse("QC"))
    # a card that stays under the winner is the safe one, and the hint says so
    trick = ((leader, Card.parse("KC")),)
    safe = explain(dataclasses.replace(view, trick=trick), Card.parse("4C"))
    assert f"4♣ stays under {Rules.preset('partnership').seat_name(leader)}'s K♣" in safe
    assert "your nil is safe on this trick" in safe


def test_hint_for_a_blind_nil_draw_rejects_a_likely_trick() -> None:
    game = Game(Rules.preset("two-player"), seed=3, dealer=0)
    game.apply("blind nil")
    view = game.view(0)
    assert view.phase == "draw" and view.draw_card is not None
    ace = dataclasses.replace(view, draw_card=Card.parse("AH"))
    text = explain(ace, Choice.REJECT)
    assert "unlikely" not in text
    assert "you bid blind nil: A♥ is likelier to win a trick than an unseen card" in text
    low = explain(dataclasses.replace(view, draw_card=Card.parse("2D")), Choice.KEEP)
    assert low.startswith("you bid blind nil: 2♦ is no likelier")


def test_hint_for_look_says_why_blind_nil_is_not_worth_it() -> None:
    game = Game(Rules.preset("partnership"), seed=3, dealer=3)
    view = game.view(0)
    assert view.phase == "blind"
    assert "your side is level: blind nil is a catch-up move" in explain(view, Choice.LOOK)
    behind = dataclasses.replace(view, scores=(100, 260))
    assert "trails by 160" in explain(behind, Choice.LOOK)


def test_hint_for_a_bid_gives_the_hands_count_and_the_expert_play_outs() -> None:
    game = Game(Rules.preset("partnership"), seed=3, dealer=3)
    game.apply("look")
    view = game.view(0)
    text = explain(view, Bid(4))
    assert text.startswith("your hand counts about ") and "sampled deals" in text


def test_the_hint_on_screen_is_the_hint_bots_move_with_its_facts() -> None:
    ctl = make("--seed", "21", "--no-blind-nil", "--first-dealer", "east")

    async def go() -> None:
        app = PlayApp(ctl, pace=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            while ctl.game.phase is not Phase.PLAY or not ctl.game.trick or not ctl.human_to_act:
                app.query_one("#command").value = str(ctl.game.legal_actions()[0])  # type: ignore[attr-defined]
                await pilot.press("enter")
                await settle(app, pilot)
            app.query_one("#command").value = "hint"  # type: ignore[attr-defined]
            await pilot.press("enter")
            await settle(app, pilot)
            assert ctl.feedback is not None and ctl.feedback.kind == "hint"
            card = ctl.last_hint
            assert isinstance(card, Card)
            text = flat(screen_text(app))
            assert f"Hint (basic): play {pretty(card)}" in text
            winner = trick_winner(ctl.game.trick)
            # what it weighed: the card to beat
            assert winner is not None and pretty(winner[1]) in ctl.feedback.text
            assert app.options[app.cursor].card == card
            assert not app.internal_errors

    _run(go())


def test_score_row_keeps_a_space_before_a_four_character_score(monkeypatch: pytest.MonkeyPatch) -> None:
    """The score panel ran a side's name into a negative score: "N-S (you)-160" (a 9-column
    label and a 4-column score). With such a score the row names the side by its seat letters
    (the bold row is the player's own)."""
    from spades.tui.render import side_text
    from tuiutil import make

    ctl = make("--seed", "3", "--hands", "1", "--bots", "random")

    class Scored:  # the game with the scores of the capture
        scores = (-160, 74)

        def __getattr__(self, name: str) -> object:
            return getattr(game, name)

    game = ctl.game
    monkeypatch.setattr(ctl, "game", Scored())
    rows = side_text(ctl, colour=False).plain.splitlines()[1:3]
    assert rows[0].split()[:2] == ["N-S", "-160"], rows
    assert rows[1].startswith("E-W") and rows[1].split()[1] == "74", rows
    assert all(len(r) <= 26 for r in rows)
