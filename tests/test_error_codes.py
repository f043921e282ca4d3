"""Engine errors carry a code and params: every raise site of the engine gives a known code,
each code's English wording is exactly the engine's message, and every code has a wording in
every language (``spades.i18n.error_text``)."""

from __future__ import annotations

import ast
import pickle
import string
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from spades import Bid, Card, CardSet, Game, IllegalActionError, NotationError, Rules, i18n
from spades.action_space import DONE_ID, Stepper, action_name
from spades.actions import parse_action
from spades.cards import Rank, Suit, mask_of, parse_cards, to_card
from spades.errors import MESSAGES, ErrorCode, SpadesError
from spades.position import position_kwargs

ROOT = Path(__file__).resolve().parents[1] / "src" / "spades"
ENGINE = [
    "game.py",
    "hand.py",
    "phases.py",
    "position.py",
    "cards.py",
    "bids.py",
    "actions.py",
    "action_space.py",
]
HANDS = ["AKQJ.AKQ.AKQ.AKQ", "T98.JT9.JT9.JT98", "765.876.876.7652", "432.5432.5432.43"]
BIDS = ["bid 13", "bid 1", "nil", "bid 1"]
TWO = Rules.preset("two-player")
NO_NIL = Rules(nil=False, blind_nil=False)
#: codes of checks that no input reaches (kept as a guard): their wording is checked alone
UNREACHABLE = {ErrorCode.POS_WHOLE_DECK: {"size": 52}}


def _playing() -> Game:
    """East to lead with T98.JT9.JT9.JT98, nothing played."""
    return Game.from_position(Rules(), hands=HANDS, dealer=0, bids=BIDS)


def _after_lead(card: str) -> Game:
    game = _playing()
    game.apply(card)
    return game


def _bidding(rules: Rules, scores: tuple[int, int] = (0, 0)) -> Game:
    """A game in its bid phase (every earlier seat having looked)."""
    game = Game.from_position(rules, hands=HANDS, dealer=0, bids=[None] * 4, scores=list(scores))
    while game.phase.value == "blind":
        game.apply("look")
    return game


def _exchange() -> Game:
    """North bid blind nil; South must pass it 3 cards."""
    game = Game(Rules(), seed=5, dealer=3)
    game.apply("blind nil")
    while game.phase.value != "exchange":
        game.apply("look" if game.phase.value == "blind" else "bid 3")
    return game


def _redraw() -> Game:
    """Two-player: the first player bid blind nil; the draw is over; it may discard."""
    game = Game(TWO, seed=2)
    game.apply("blind nil")
    while game.phase.value != "redraw":
        game.apply(game.legal_actions()[0])
    return game


CASES: dict[ErrorCode, Callable[[], object]] = {
    ErrorCode.CARD_NOT_HELD: lambda: _playing().apply("AS"),
    ErrorCode.CARDS_NOT_HELD: lambda: _pass_not_held(),
    ErrorCode.MUST_FOLLOW_SUIT: lambda: _after_lead("JH").apply("7C"),
    ErrorCode.SPADES_NOT_BROKEN: lambda: _playing().apply("TS"),
    ErrorCode.BLIND_NIL_OFF: lambda: _bidding(Rules(blind_nil=False)).apply("blind nil"),
    ErrorCode.BLIND_NIL_NOT_BEHIND: lambda: Game(Rules(blind_nil_min_deficit=100)).apply("blind nil"),
    ErrorCode.BLIND_NIL_AFTER_LOOK: lambda: _bidding(Rules()).apply("blind nil"),
    ErrorCode.NIL_OFF: lambda: _bidding(NO_NIL).apply("nil"),
    ErrorCode.BID_ABOVE_MAX: lambda: _bidding(Rules()).apply("bid 14"),
    ErrorCode.SIDE_CAP_PARTNER_BID: lambda: _side_cap(),
    ErrorCode.SIDE_CAP: lambda: _bidding(Rules(max_side_bid=9)).apply("bid 10"),
    ErrorCode.SIDE_CAP_LEAVE_ONE: lambda: _bidding(replace(NO_NIL, max_side_bid=9)).apply("bid 9"),
    ErrorCode.NOT_LOOKED: lambda: Game(seed=1).apply("bid 4"),
    ErrorCode.GAME_OVER: lambda: _over().apply("bid 3"),
    ErrorCode.WRONG_ACTION: lambda: _playing().apply("bid 3"),
    ErrorCode.PASS_COUNT: lambda: _exchange().apply(_pass_held(2)),
    ErrorCode.DISCARD_COUNT: lambda: _redraw().apply(_discard_held(4)),
    ErrorCode.NOT_YOUR_BID: lambda: _bidding(Rules())._position_bid(3, Bid(2)),
    ErrorCode.NO_SUCH_SEAT: lambda: Game(seed=1).apply("look", seat=7),
    ErrorCode.NOT_YOUR_TURN: lambda: _playing().apply("JH", seat=2),
    ErrorCode.NOT_AN_ACTION: lambda: _playing().apply(3.5),  # type: ignore[arg-type]
    ErrorCode.REDRAW_ONLY: lambda: _playing().apply_redraw("discard", []),
    ErrorCode.REPLACEMENT_TWICE: lambda: _redraw_with(lambda pile: [pile[0], pile[0]]),
    ErrorCode.REPLACEMENT_NOT_IN_PILE: lambda: _redraw_with(lambda pile: ["XX"], outside=True),
    ErrorCode.REPLACEMENT_COUNT: lambda: _redraw_with(lambda pile: pile[:1]),
    ErrorCode.ACTION_ID_RANGE: lambda: action_name(999),
    ErrorCode.NOT_ACTION_ID: lambda: Stepper(Game(seed=1)).to_engine("x"),  # type: ignore[arg-type]
    ErrorCode.NOT_LEGAL_NOW: lambda: Stepper(Game(seed=1)).to_engine(DONE_ID),
    ErrorCode.ACTION_NOT_TEXT: lambda: parse_action(4),  # type: ignore[arg-type]
    ErrorCode.EMPTY_ACTION: lambda: parse_action("  "),
    ErrorCode.PLAY_WHICH_CARD: lambda: parse_action("play"),
    ErrorCode.UNKNOWN_ACTION: lambda: parse_action("dance"),
    ErrorCode.BID_NOT_WHOLE: lambda: Bid("4"),  # type: ignore[arg-type]
    ErrorCode.BID_OUT_OF_RANGE: lambda: Bid(20),
    ErrorCode.BLIND_ONLY_NIL: lambda: _bidding(Rules()).apply("blind 7"),
    ErrorCode.BID_NOT_TEXT: lambda: Bid.parse(4),  # type: ignore[arg-type]
    ErrorCode.NOT_A_BID: lambda: Bid.parse("lots"),
    ErrorCode.NOT_A_SUIT: lambda: Suit.parse("X"),
    ErrorCode.NOT_A_RANK: lambda: Rank.parse("Z"),
    ErrorCode.CARD_NOT_TEXT: lambda: Card.parse(5),  # type: ignore[arg-type]
    ErrorCode.NOT_A_CARD: lambda: Card.parse("ZZ"),
    ErrorCode.CARD_ID_RANGE: lambda: to_card(60),
    ErrorCode.NOT_A_CARD_VALUE: lambda: to_card(2.5),  # type: ignore[arg-type]
    ErrorCode.CARD_TWICE: lambda: mask_of(["QH", "QH"]),
    ErrorCode.CARDS_NOT_TEXT: lambda: parse_cards(5),  # type: ignore[arg-type]
    ErrorCode.HAND_NOT_TEXT: lambda: CardSet.parse(5),  # type: ignore[arg-type]
    ErrorCode.NOT_A_HAND: lambda: CardSet.parse("AK.Q"),
    ErrorCode.HAND_BAD_RANK: lambda: CardSet.parse("AX.Q.J.T"),
    ErrorCode.POS_CARD_TWICE: lambda: _position(hands=[["AS", "AS"], *HANDS[1:]]),
    ErrorCode.POS_HAND_NOTATION: lambda: _position(hands=["AKQ.J", *HANDS[1:]]),
    ErrorCode.POS_HAND_TYPE: lambda: _position(hands=[5, *HANDS[1:]]),
    ErrorCode.POS_CARDS: lambda: _position(tricks=[["ZZ"]]),
    ErrorCode.POS_NUMBERS_LIST: lambda: _position(scores=[1]),
    ErrorCode.POS_NUMBERS_WHOLE: lambda: _position(scores=[1, 2.5]),
    ErrorCode.POS_NUMBERS_MIN: lambda: _position(bags=[0, -1]),
    ErrorCode.POS_NOT_A_BID: lambda: _position(bids=["lots", *BIDS[1:]]),
    ErrorCode.POS_DEALER: lambda: _position(dealer=9),
    ErrorCode.POS_HANDS_PLAYED: lambda: _position(hands_played=-1),
    ErrorCode.POS_HANDS_COUNT: lambda: _position(hands=HANDS[:3]),
    ErrorCode.POS_TRICKS_TYPE: lambda: _position(tricks="AS"),
    ErrorCode.POS_TRICK_SIZE: lambda: _position(hands=_minus(["AS", "2H"]), tricks=[["AS", "2H"]]),
    ErrorCode.POS_CURRENT_TRICK_SIZE: lambda: _position(trick=["2C", "3C", "4C", "5C"]),
    ErrorCode.POS_TOO_MANY_TRICKS: lambda: _position(tricks=[["2C", "3C", "4C", "5C"]] * 14),
    ErrorCode.POS_CARDS_SHARED: lambda: _position(hands=[HANDS[0], HANDS[0], *HANDS[2:]]),
    ErrorCode.POS_CARD_GIVEN_TWICE: lambda: _position(trick=["AS"]),
    ErrorCode.POS_THREE_PLAYER_DECK: lambda: Game.from_position(
        Rules.preset("three-player"), hands=["2C", "", ""], dealer=0
    ),
    ErrorCode.POS_HAND_SIZE: lambda: _position(hands=["AKQJ.AKQ.AKQ.AK", *HANDS[1:]]),
    ErrorCode.POS_BIDS_COUNT: lambda: _position(bids=BIDS[:2]),
    ErrorCode.POS_BIDS_ORDER: lambda: _position(bids=[None, "bid 1", "nil", "bid 1"], dealer=3),
    ErrorCode.POS_BID_REFUSED: lambda: _position(rules=NO_NIL),
    ErrorCode.POS_BIDS_FIRST: lambda: _position(hands=_minus(["TS"]), bids=[None] * 4, trick=["TS"]),
    ErrorCode.POS_PLAY_REFUSED: lambda: _position(hands=_minus(["TS"]), trick=["TS"]),
    ErrorCode.POS_RECORD_KEYS: lambda: position_kwargs({"x": 1}),
}


def _pass_not_held() -> None:
    game = _exchange()
    other = next(iter(game.hand((game.to_act or 0) ^ 1)))
    held = list(game.hand(game.to_act or 0))[:2]
    game.apply(f"pass {other} {held[0]} {held[1]}")


def _pass_held(k: int) -> str:
    game = _exchange()
    return "pass " + " ".join(str(c) for c in list(game.hand(game.to_act or 0))[:k])


def _discard_held(k: int) -> str:
    game = _redraw()
    return "discard " + " ".join(str(c) for c in list(game.hand(game.to_act or 0))[:k])


def _redraw_with(pick: Callable[[list[str]], list[str]], outside: bool = False) -> None:
    game = _redraw()
    seat = game.to_act or 0
    pile = [str(c) for c in game.view(seat).discards]
    mine = [str(c) for c in list(game.hand(seat))[:2]]
    chosen = pick(pile)
    if outside:
        chosen = [str(next(iter(game.hand(1 - seat))))] * 1 + [pile[0]]
    game.apply_redraw("discard " + " ".join(mine), chosen)


def _side_cap() -> None:
    game = _bidding(Rules(max_side_bid=9, blind_nil=False))
    game.apply("bid 4")
    game.apply("bid 2")
    game.apply("bid 6")  # partner of the first bidder: 4 + 6 > 9


def _over() -> Game:
    game = Game.from_position(Rules(target_score=10), hands=HANDS, dealer=0, bids=BIDS)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def _minus(cards: list[str]) -> list[Any]:
    """HANDS with ``cards`` taken out of the hands that hold them."""
    out: list[Any] = []
    for hand in HANDS:
        held = CardSet.parse(hand) - CardSet(cards)
        out.append(str(held))
    return out


def _position(**given: Any) -> Game:
    args: dict[str, Any] = {"hands": HANDS, "dealer": 0, "bids": BIDS}
    args.update(given)
    rules = args.pop("rules", Rules())
    return Game.from_position(rules, **args)


def _english(code: ErrorCode, params: dict[str, Any]) -> str:
    template = MESSAGES[code]
    fields = {k: (v["message"] if isinstance(v, dict) else v) for k, v in params.items()}
    if isinstance(template, tuple):
        singular, plural, count = template
        template = singular if params[count] == 1 else plural
    return template.format(**fields)


def _raise(code: ErrorCode) -> SpadesError:
    with pytest.raises(SpadesError) as info:
        CASES[code]()
    return info.value


def test_every_code_but_other_has_a_case_and_a_message() -> None:
    codes = set(ErrorCode) - {ErrorCode.OTHER}
    assert set(CASES) | set(UNREACHABLE) == codes
    assert set(MESSAGES) == codes


@pytest.mark.parametrize("code", sorted(CASES, key=str))
def test_each_error_kind_carries_its_code_params_and_english_message(code: ErrorCode) -> None:
    error = _raise(code)
    assert error.code is code, (str(error), error.code)
    assert isinstance(error, (IllegalActionError, NotationError))
    template = MESSAGES[code]
    forms = template[:2] if isinstance(template, tuple) else (template,)
    names = {name for form in forms for _lit, name, _spec, _conv in string.Formatter().parse(form) if name}
    assert names <= set(error.params) | ({"prompt"} if code is ErrorCode.WRONG_ACTION else set())
    if code is ErrorCode.WRONG_ACTION:
        assert str(error) == "Now you must play a card" and error.params["phase"] == "play"
    else:
        assert str(error) == _english(code, error.params)
    with i18n.use_language("en"):
        assert i18n.error_text(error) == str(error)


def test_illegal_actions_through_apply_keep_the_notation_code() -> None:
    with pytest.raises(IllegalActionError) as info:
        _playing().apply("play ZZ")
    assert info.value.code is ErrorCode.NOT_A_CARD and info.value.params == {"text": "'ZZ'"}


def test_play_refusal_agrees_with_play_error() -> None:
    game = _after_lead("JH")
    with pytest.raises(IllegalActionError) as info:
        game.apply("7C")
    assert info.value.params == {"suit": "hearts"} and str(info.value) == "You must follow suit: hearts"


def test_errors_keep_code_and_params_through_pickle() -> None:
    error = _raise(ErrorCode.MUST_FOLLOW_SUIT)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is IllegalActionError
    assert (again.code, again.params, str(again)) == (error.code, error.params, str(error))


def test_every_engine_raise_site_passes_a_code() -> None:
    missing: list[str] = []
    for name in ENGINE:
        tree = ast.parse((ROOT / name).read_text())
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("IllegalActionError", "NotationError")
            ):
                keys = {kw.arg for kw in node.keywords}
                if "code" not in keys and None not in keys:  # None: **play_refusal(...)
                    missing.append(f"{name}:{node.lineno}")
    assert missing == []


OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]


@pytest.mark.parametrize("lang", OTHERS)
def test_every_code_has_a_wording_in_every_language(lang: str) -> None:
    pytest.importorskip("babel")
    for code in CASES:
        error = _raise(code)
        with i18n.use_language(lang):
            text = i18n.error_text(error)
        assert text and text != str(error), (lang, code, text)
        assert "{" not in text, (lang, code, text)
    for code, params in UNREACHABLE.items():
        english = _english(code, params)
        with i18n.use_language(lang):
            text = i18n.error_wording(code, params, english)
        assert text and text != english and "{" not in text, (lang, code, text)


def test_russian_wording_uses_the_players_words() -> None:
    pytest.importorskip("babel")
    with i18n.use_language("ru"):
        assert i18n.error_text(_raise(ErrorCode.MUST_FOLLOW_SUIT)) == "Нужно ходить в масть: червы"
        assert i18n.error_text(_raise(ErrorCode.NOT_YOUR_TURN)) == "Не ваш ход: ходит Восток"
        nested = i18n.error_text(_raise(ErrorCode.POS_PLAY_REFUSED))
        assert nested.startswith("взятка 1: Восток не может сыграть TS: ") and "пики" in nested.lower()
        assert i18n.error_text(ValueError("plain")) == "plain"


def test_unknown_code_or_bad_params_fall_back_to_the_english_message() -> None:
    pytest.importorskip("babel")
    with i18n.use_language("ru"):
        assert i18n.error_wording("no-such-code", {}, "fallback") == "fallback"
        assert i18n.error_wording("must_follow_suit", {}, "fallback") == "fallback"
