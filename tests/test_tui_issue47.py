"""Issue 47: advice a player can trust, and a table that never invites a costly slip.

Each defect of the issue has a test here named after it, through the controller or
textual's pilot at 80x24.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import random
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.screen import ModalScreen

from spades import Bid, Card, Game, Rules, i18n
from spades.cards import CardSet
from spades.cli import play as play_cli
from spades.game import Phase
from spades.tui import hints
from spades.tui.app import GameOverScreen, LogScreen, PlayApp, SummaryScreen
from spades.tui.controller import Controller
from tuiutil import enter_line, flat, make, screen_lines, screen_text, settle, type_line

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


# -- 5. the log at 80x24, Page Up, an unsaved game ------------------------------------------


def test_log_at_80x24_shows_four_lines_and_page_up_shows_the_whole_log() -> None:
    ctl = make("--seed", "9", "--no-blind-nil")

    async def body(app: PlayApp, pilot: object) -> None:
        while ctl.game.phase is not Phase.PLAY or len(ctl.game.tricks) < 2:
            await enter_line(app, pilot, str(ctl.game.legal_actions()[0]))
            await settle(app, pilot)
        assert app.query_one("#log").region.height >= 4
        await enter_line(app, pilot, "hint")  # a hint does not hide the log
        await settle(app, pilot)
        assert ctl.feedback is not None and ctl.feedback.kind == "hint"
        assert app.query_one("#log").region.height >= 1
        events = [m.text for m in ctl.log if m.kind == "event"]
        await pilot.press("pageup")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert isinstance(app.screen, LogScreen)
        shown = [line for line in events if line in screen_text(app)]
        assert len(shown) >= 15

    _app_run(ctl, body)


def test_save_failure_stays_in_view_and_quitting_says_the_game_is_not_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    ctl = make("--seed", "3", "--no-blind-nil", "--save", str(blocker / "sub" / "game.json"))

    async def body(app: PlayApp, pilot: object) -> None:
        for _ in range(12):  # many moves later the warning is still on the screen
            await enter_line(app, pilot, str(ctl.game.legal_actions()[0]))
            await settle(app, pilot)
        assert ctl.save_error is not None
        assert "Could not save" in screen_lines(app)[0]

    _app_run(ctl, body)
    code = play_cli.finish(ctl, 0)
    err = capsys.readouterr().err
    assert code != 0 and "Could not save" in err and "NOT saved" in err


# -- 8. a terminal below 80x24 ---------------------------------------------------------------


def test_terminal_below_80x24_is_warned_and_typing_stays_visible() -> None:
    ctl = make("--seed", "9", "--no-blind-nil")

    async def body(app: PlayApp, pilot: object) -> None:
        lines = screen_lines(app)
        assert "60x20" in lines[0] and "80x24" in lines[0]
        await pilot.press("b", "i", "d")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert any(line.strip().startswith("bid") for line in screen_lines(app)[-3:])
        long = "; ".join(["a hint that goes on for a while to fill the message line"] * 3)
        ctl.tell("hint", long)
        app.refresh_view()
        await pilot.pause()  # type: ignore[attr-defined]
        assert flat(long) in flat(screen_text(app))  # whole, not cut mid-sentence
        assert app.screen.virtual_size.height <= 20

    _app_run(ctl, body, size=(60, 20))


# -- 10. three players: West on the left ----------------------------------------------------


def test_three_player_table_shows_west_on_the_left_and_east_on_the_right() -> None:
    ctl = make("--preset", "three-player", "--seed", "2", "--no-blind-nil")
    from spades.tui.render import table_text

    lines = table_text(ctl, 48, 9, colour=False).plain.split("\n")
    row = next(line for line in lines if "West" in line)
    assert row.index("West") < row.index("East")
    assert row.lstrip().startswith("West")


# -- 11. the hand's score item by item ------------------------------------------------------


def test_hand_score_is_itemised_and_single_players_are_not_a_side() -> None:
    from rich.console import Console

    from spades.tui.render import summary_table

    for preset in ("partnership", "cutthroat", "three-player"):
        ctl = make("--preset", preset, "--seed", "4", "--no-blind-nil", "--hands", "1")
        rng = random.Random(2)
        while ctl.game.hands_played == 0:
            ctl.run_bots()
            if ctl.human_to_act:
                ctl.submit(str(rng.choice(list(ctl.game.legal_actions()))))
        console = Console(width=72, record=True, file=io.StringIO())
        console.print(summary_table(ctl, ctl.game.history[-1]))
        text = console.export_text()
        assert "bid " in text and "took " in text  # the contract, and what it scored
        head = next(line for line in text.splitlines() if "Points" in line)
        assert ("Side" in head) == (preset == "partnership")
        assert ("Player" in head) == (preset != "partnership")


# -- 12. the analysis in cards, bursts of keys, the log after --resume, the exit message ------


def test_analysis_shows_cards_as_on_the_table_and_mentions_no_unseen_marks() -> None:
    from spades.tui.analysis_view import review_text

    ctl = make("--seed", "4", "--no-blind-nil", "--hands", "2")
    rng = random.Random(3)
    while ctl.game.hands_played == 0:
        ctl.run_bots()
        if ctl.human_to_act:
            ctl.submit(str(rng.choice(list(ctl.game.legal_actions()))))
    text = review_text(ctl.game.copy()).plain
    assert "'!' marks in the hands" not in text
    assert any(suit in text for suit in "♠♥♦♣")
    import re

    assert not re.search(r"\b[2-9TJQKA][CDHS]\b", text), text


def test_keys_in_a_burst_never_mark_a_card_of_a_decision_not_shown() -> None:
    ctl = make("--seed", "7", "--first-dealer", "east")

    async def body(app: PlayApp, pilot: object) -> None:
        assert ctl.game.phase is Phase.BLIND and ctl.human_to_act
        # the game moves on (blind nil, the bids, North's pass) before the screen is redrawn
        ctl.submit("blind nil")
        ctl.run_bots()
        assert ctl.choosing_cards() == 3
        await pilot.press("space")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert app.marks == set()  # that key meant the old screen: nothing marked
        await pilot.press("space")  # type: ignore[attr-defined]
        assert len(app.marks) == 1
        assert app.marks <= set(ctl.game.hand(ctl.human))
        assert app.options[app.cursor].card in app.marks

    _app_run(ctl, body)


def test_log_after_resume_tells_the_game_so_far(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    ctl = make("--seed", "5", "--no-blind-nil", "--save", str(path))
    ctl.run_bots()
    ctl.submit("bid 3")
    ctl.run_bots()
    before = [m.text for m in ctl.log if m.kind == "event"]
    again = Controller.resume(path)
    after = [m.text for m in again.log if m.kind == "event"]
    assert after[: len(before)] == before and len(before) >= 4


def test_exit_message_is_in_the_players_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with i18n.use_language("ru"):
        ctl = make("--seed", "5", "--no-blind-nil", "--save", str(tmp_path / "g.json"))
        ctl.run_bots()
        ctl.submit("bid 3")
        assert play_cli.finish(ctl, 0) == 0
    out = capsys.readouterr().out
    assert "Игра сохранена" in out and "spades play --resume" in out


# -- features: won/bid, the winning card, the rules, the level, undo in the record ----------


def test_score_panel_shows_each_sides_won_over_bid_and_what_it_needs() -> None:
    ctl = _issue_position()
    from spades.tui.render import side_text, table_text

    text = side_text(ctl, colour=False).plain
    assert "won/bid" in text
    assert "N-S (you)" in text and "0/8" in text and "0/2" in text
    assert "Needs: N-S 8 · E-W 2" in text
    # the card winning the trick so far is marked (North's K♥)
    table = table_text(ctl, 48, 9, colour=False).plain
    assert "K♥◂" in table and "3♥◂" not in table and "2♥◂" not in table


def test_rules_command_shows_every_rule_in_force_and_marks_house_rules() -> None:
    ctl = make("--seed", "5", "--target", "300", "--no-blind-nil")
    lines = ctl.rules_lines()
    assert lines[0].startswith("Rules in force: partnership")
    assert "* target score: 300 points" in lines
    assert any(line.startswith("  nil bonus: 100 points") for line in lines)
    assert lines[-2].startswith("* a house rule")
    # then the rule string to share the table's rules (issue 49's named rule sets)
    assert lines[-1] == "Rule string (spades play --rules): classic,target-score=300,blind-nil=off"

    async def body(app: PlayApp, pilot: object) -> None:
        await enter_line(app, pilot, "rules")
        await pilot.pause()  # type: ignore[attr-defined]
        assert "target score: 300 points" in screen_text(app)
        await pilot.press("escape")  # type: ignore[attr-defined]
        await pilot.press("f2")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert "target score: 300 points" in screen_text(app)

    _app_run(ctl, body)


def test_level_command_changes_the_computer_players_and_the_record() -> None:
    ctl = make("--seed", "5", "--no-blind-nil")
    assert set(ctl.bot_names) == {None, "random"}
    reply = ctl.submit("level basic")
    assert reply.kind == "info" and "basic" in reply.text
    assert set(ctl.bot_names) == {None, "basic"}
    assert {p["bot"] for p in ctl.record()["players"] if p.get("kind") == "bot"} == {"basic"}
    assert ctl.submit("level grandmaster").kind == "error"


def test_default_computer_players_are_the_expert_capped_under_a_second() -> None:
    from spades.tui.controller import DEFAULT_BOT, TABLE_SECONDS

    ctl = play_cli.make_controller(
        __import__("tuiutil").args("--pace", "0", "--seed", "5", "--save", "/dev/null")
    )
    assert DEFAULT_BOT == "expert" and TABLE_SECONDS < 1
    assert set(ctl.bot_names) == {None, "expert"}
    assert all(getattr(bot, "seconds", None) == TABLE_SECONDS for bot in ctl.bots.values())


def test_undo_is_said_in_the_record_and_kept_on_resume(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    ctl = make("--seed", "5", "--no-blind-nil", "--save", str(path))
    ctl.run_bots()
    ctl.submit("bid 3")
    ctl.run_bots()
    assert "undos" not in ctl.record()
    assert ctl.submit("undo").kind == "info"
    undos = ctl.record()["undos"]
    assert len(undos) == 1 and undos[0][1] >= 1
    again = Controller.resume(path)
    assert again.undos == undos


def test_mouse_click_chooses_a_card_and_a_second_click_plays_it() -> None:
    ctl = _issue_position()
    ctl.hint_bots = ("basic", "random")
    from spades.tui.render import card_at

    async def body(app: PlayApp, pilot: object) -> None:
        target = next(i for i, o in enumerate(app.options) if o.card == Card.parse("8H"))
        x = next(x for x in range(80) if card_at(app.options, x) == target)
        illegal = next(i for i, o in enumerate(app.options) if o.card == Card.parse("KS"))
        bad_x = next(x for x in range(80) if card_at(app.options, x) == illegal)
        await pilot.click("#hand", offset=(bad_x, 1))  # type: ignore[attr-defined]
        assert app.options[app.cursor].card == Card.parse("5H")  # an illegal card is not chosen
        await pilot.click("#hand", offset=(x, 1))  # type: ignore[attr-defined]
        assert app.options[app.cursor].card == Card.parse("8H")
        before = len(ctl.game.actions)
        await pilot.click("#hand", offset=(x, 1))  # type: ignore[attr-defined]
        await settle(app, pilot)
        assert ctl.game.actions[before] == (ctl.human, Card.parse("8H"))

    _app_run(ctl, body)


@pytest.mark.parametrize("lang", ["en", "hy", "ru"])
def test_help_keeps_its_key_line_in_view_at_80x24_in_every_language(lang: str) -> None:
    with i18n.use_language(lang):
        ctl = make("--seed", "5")

        async def body(app: PlayApp, pilot: object) -> None:
            await pilot.press("f1")  # type: ignore[attr-defined]
            await pilot.pause()  # type: ignore[attr-defined]
            assert i18n._("Press Enter to go back") in screen_text(app)
            assert app.screen.virtual_size.height <= 24

        _app_run(ctl, body)


def test_auto_play_plays_a_forced_card_and_undo_can_take_it_back() -> None:
    ctl = make("--seed", "6", "--no-blind-nil", "--hands", "1")
    ctl.auto_play = True
    rng = random.Random(4)
    played_by_itself: list[int] = []

    async def body(app: PlayApp, pilot: object) -> None:
        for _ in range(200):
            await settle(app, pilot)
            if isinstance(app.screen, (SummaryScreen, GameOverScreen)) or ctl.game.is_over:
                break
            assert ctl.human_to_act
            legal = ctl.game.legal_actions()
            assert not (ctl.game.phase is Phase.PLAY and len(legal) == 1), "a forced card waited"
            await enter_line(app, pilot, str(rng.choice(legal)))
        played_by_itself.extend(i for i, m in enumerate(ctl.log) if "auto-play" in m.text)
        assert played_by_itself, "no forced card in this hand"

    _app_run(ctl, body)
    # undo right after an auto-played card stays at that decision (it is not played again)
    ctl2 = make("--seed", "6", "--no-blind-nil", "--hands", "1")
    ctl2.auto_play = True
    rng = random.Random(4)
    while not ctl2.game.is_over:
        ctl2.run_bots()
        if ctl2.play_forced():
            ctl2.undo()
            assert ctl2.human_to_act and ctl2.forced_card() is None
            assert len(ctl2.game.legal_actions()) == 1
            return
        if ctl2.pending_summary is not None:
            ctl2.acknowledge()
            continue
        ctl2.submit(str(rng.choice(ctl2.game.legal_actions())))
    raise AssertionError("no forced card")


def test_tutorial_is_a_short_guide_to_the_rules_in_force() -> None:
    ctl = make("--seed", "5", "--target", "300")
    lines = ctl.tutorial_lines()
    assert lines[0] == "A first game of Spades, in short:" and lines[-1] == "Game to 300"
    assert any("partner (North)" in line for line in lines)
    assert any("10 bags cost 100" in line for line in lines)

    async def body(app: PlayApp, pilot: object) -> None:
        await enter_line(app, pilot, "tutorial")
        await pilot.pause()  # type: ignore[attr-defined]
        assert "A first game of Spades" in screen_text(app)
        assert "Press Enter to go back" in screen_text(app)

    _app_run(ctl, body)


def test_editing_keys_act_in_the_order_typed_and_keep_their_meaning() -> None:
    """Backspace, Ctrl+W, Ctrl+U and Enter are handled as their key arrives (textual runs an
    Input's own bindings later than the letters typed after them: in tmux a late Ctrl+U
    emptied the next line and its Enter played the cursor's card)."""
    ctl = make("--seed", "5")

    async def body(app: PlayApp, pilot: object) -> None:
        line = app.query_one("#command")
        await pilot.press("a", "b", "c", "space", "d", "e", "backspace")  # type: ignore[attr-defined]
        assert line.value == "abc d"  # type: ignore[attr-defined]
        await pilot.press("ctrl+w")  # type: ignore[attr-defined]
        assert line.value == "abc "  # type: ignore[attr-defined]
        await pilot.press("x", "left", "ctrl+u")  # type: ignore[attr-defined]
        assert line.value == "x" and line.cursor_position == 0  # type: ignore[attr-defined]
        await pilot.press("ctrl+u", "backspace")  # type: ignore[attr-defined]  # nothing left of it
        assert line.value == "x"  # type: ignore[attr-defined]

    _app_run(ctl, body)
