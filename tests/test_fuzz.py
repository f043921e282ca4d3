"""Bad input: random strings and random illegal actions into ``apply()`` and the
notation parsers.  Only the documented errors come out (IllegalActionError from the
game, NotationError from the parsers; both ValueError), and the game is unchanged."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import Bid, Card, CardSet, Game, IllegalActionError, NotationError, Rules, parse_action
from spades.actions import Choice, Discard, Pass

PRESETS = ["partnership", "two-player", "cutthroat", "three-player", "openspiel"]
WORDS = ["bid", "play", "pass", "discard", "nil", "blind", "look", "keep", "reject", "10", "QH", "♠", "AS,"]


def snapshot(game: Game) -> tuple[object, ...]:
    n = game.rules.num_seats
    return (
        game.to_record(),
        [game.hand(s) for s in range(n)],
        game.phase,
        game.to_act,
        game.legal_actions(),
        [game.view(s) for s in range(n)],
    )


def games_in_every_phase() -> list[Game]:
    """Games stopped in each phase of each preset (blind, bid, exchange, draw, redraw, play, over)."""
    out = []
    rng = random.Random(7)
    for name in PRESETS:
        for cut in (0, 3, 6, 9, 20, 40, 61, 10_000):
            game = Game(Rules.preset(name, hands=1) if name != "openspiel" else Rules.preset(name), seed=cut)
            for _ in range(cut):
                if game.is_over:
                    break
                legal = game.legal_actions()
                # steer into blind nil now and then to reach the exchange / redraw
                blind = [a for a in legal if a == Bid.blind_nil()]
                game.apply(blind[0] if blind and rng.random() < 0.5 else rng.choice(legal))
            out.append(game)
    exch = Game(Rules(), seed=2, dealer=3)
    exch.apply("blind nil")
    for _ in range(3):
        exch.apply("look")
        exch.apply("bid 3")
    assert exch.phase.value == "exchange"
    out.append(exch)
    redraw = Game(Rules.preset("two-player"), seed=2, dealer=0)
    redraw.apply("blind nil")
    while redraw.phase.value in ("draw", "blind"):
        redraw.apply("look" if redraw.phase.value == "blind" else "keep")
    assert redraw.phase.value == "redraw"
    out.append(redraw)
    return out


GAMES = games_in_every_phase()


def test_fuzz_games_cover_every_phase() -> None:
    assert {g.phase.value for g in GAMES} >= {"blind", "bid", "exchange", "draw", "redraw", "play", "over"}


text = st.one_of(
    st.text(max_size=30),
    st.lists(st.sampled_from(WORDS) | st.text(max_size=4), max_size=5).map(" ".join),
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(index=st.integers(0, len(GAMES) - 1), junk=text)
def test_random_strings_into_apply(index: int, junk: str) -> None:
    game = GAMES[index].copy()
    before = snapshot(game)
    try:
        game.apply(junk)
    except IllegalActionError as exc:
        assert isinstance(exc, ValueError) and str(exc)
        assert snapshot(game) == before
    else:
        # it was a legal action after all: then it must be in legal_actions()
        assert parse_action(junk) in GAMES[index].legal_actions()


def all_actions(game: Game, rng: random.Random) -> list[object]:
    """A mix of every kind of action, mostly illegal now."""
    n = game.rules.num_seats
    acts: list[object] = [Card(i) for i in range(52)] + [Bid(i) for i in range(18)]
    acts += [Bid.blind_nil(), Choice.LOOK, Choice.KEEP, Choice.REJECT, Discard(0)]
    for _ in range(6):
        k = rng.randint(0, 5)
        cards = rng.sample(range(52), k)
        acts += [Pass(cards), Discard(cards)]
    for s in range(n):
        hand = list(game.hand(s))
        if len(hand) >= 3:
            acts.append(Pass(rng.sample(hand, 3)))
            acts.append(Discard(rng.sample(hand, 3)))
    acts += [None, 3.5, 52, -1, b"QH", ("QH",), CardSet.parse("AS")]
    return acts


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_random_illegal_actions_leave_game_unchanged(index: int) -> None:
    game = GAMES[index].copy()
    legal = game.legal_actions()
    before = snapshot(game)
    rng = random.Random(index)
    for act in all_actions(game, rng):
        if act in legal:
            continue
        with pytest.raises(IllegalActionError) as err:
            game.apply(act)  # type: ignore[arg-type]
        assert str(err.value)
        assert snapshot(game) == before
        assert not game.is_legal(act)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_wrong_seat_is_refused(index: int) -> None:
    game = GAMES[index].copy()
    if game.is_over:
        with pytest.raises(IllegalActionError, match="The game is over"):
            game.apply("bid 3", seat=0)
        return
    before = snapshot(game)
    name = game.rules.seat_name(game.to_act)  # type: ignore[arg-type]
    for seat in range(game.rules.num_seats):
        if seat == game.to_act:
            continue
        for act in game.legal_actions()[:3]:
            with pytest.raises(IllegalActionError, match=f"Not your turn: {name} is to play"):
                game.apply(act, seat=seat)
    for bad in (7, -1, "x"):
        with pytest.raises(IllegalActionError, match="There is no seat"):
            game.apply(game.legal_actions()[0], seat=bad)  # type: ignore[arg-type]
    assert snapshot(game) == before


def test_not_your_turn_east_is_to_play() -> None:
    game = Game(Rules(blind_nil=False), seed=1, dealer=0)
    assert game.to_act == 1
    with pytest.raises(IllegalActionError, match=r"^Not your turn: East is to play$"):
        game.apply("bid 3", seat=0)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(junk=text)
def test_random_strings_into_notation_parsers(junk: str) -> None:
    for parser in (Card.parse, CardSet.parse, Bid.parse, parse_action):
        try:
            parser(junk)  # type: ignore[operator]
        except NotationError as exc:
            assert isinstance(exc, ValueError) and str(exc)


@pytest.mark.parametrize("junk", [None, 3, 3.5, b"QH", ["QH"], {"QH": 1}])
def test_non_text_into_parsers(junk: object) -> None:
    for parser in (Card.parse, CardSet.parse, Bid.parse, parse_action):
        with pytest.raises(NotationError):
            parser(junk)  # type: ignore[operator]
