"""The double-dummy solver on every deck of RULES.md section 7 ("Decks"): a trump suit of
up to 16 cards (BJ LJ 2D 2S AS ... 3S), side suits of 12 or 13, packs of 52 and 54 cards.

The standard pack runs in the standard kernel as before; the others in the wide kernel
(``kernel.py`` with ``WIDE = 1``), their cards translated by :mod:`spades.solver.layout`.
Each is checked against the plain minimax of :mod:`spades.solver.reference`, which reads
the pack's order from the :class:`~spades.core.deck.Deck` alone (card ids, play suits and
powers), never from the kernel's layout."""

from __future__ import annotations

import random

import pytest

from deck_helpers import deck_position
from spades.cards import Card, CardSet
from spades.core.deck import DECKS, deck_of
from spades.solver import (
    Position,
    PositionError,
    Solver,
    api,
    can_take,
    card_values,
    kernel,
    nil_values,
    solve,
)
from spades.solver._wide import load as load_wide
from spades.solver.layout import layout_of
from spades.solver.reference import minimax_values

SEATS = (2, 3, 4)
#: cards a hand for the minimax (it tries every card: (n!)^seats leaves)
MAX_CARDS = {2: 5, 3: 4, 4: 3}


def ids(text: str) -> list[int]:
    return [int(Card.parse(t)) for t in text.split()]


def side_of(pos: Position) -> int:
    seat = pos.to_play
    return (0b101 << (seat & 1)) if pos.nseat == 4 else 1 << seat


def check_against_minimax(solver: Solver, pos: Position) -> None:
    count = side_of(pos)
    everyone = (1 << pos.nseat) - 1
    # the side maximizing its tricks, and the others pushing tricks on it (nil)
    for maxi in (count, everyone & ~count):
        want = minimax_values(pos, count, maxi)
        got = solver.values_masks(
            pos.hands, pos.leader, pos.trick, pos.spades_broken, count, maxi, None, pos.deck
        )
        assert {int(c): v for c, v in got.items()} == want, pos.describe()


@pytest.mark.parametrize("nseat", SEATS)
@pytest.mark.parametrize("name", DECKS)
def test_layout_keeps_every_play_suit_in_power_order(name: str, nseat: int) -> None:
    deck = deck_of(name, nseat == 3)
    lay = layout_of(deck)
    assert lay.wide == (name != "standard")
    for suit in range(4):
        slots = [lay.slot[c] for c in deck.ranked[suit]]
        # highest card first: strictly decreasing slots, inside the suit's field
        assert slots == sorted(slots, reverse=True) and len(set(slots)) == len(slots)
        field = kernel.SUIT0 << (13 * suit) if suit < 3 else 0xFFFF << 39
        assert all(field >> s & 1 for s in slots)
    assert lay.to_cards(lay.to_slots(deck.mask)) == deck.mask
    if name == "standard":
        assert lay.slot[:52] == tuple(range(52))  # the standard pack goes to the kernel as it is


@pytest.mark.parametrize("nseat", SEATS)
@pytest.mark.parametrize("name", DECKS)
def test_solver_matches_minimax_on_random_positions(name: str, nseat: int) -> None:
    rng = random.Random(f"{name}/{nseat}")
    solver = Solver(tt_bits=12)
    for _ in range(20):
        pos = deck_position(rng, name, nseat, rng.randint(1, MAX_CARDS[nseat]))
        check_against_minimax(solver, pos)


@pytest.mark.parametrize("nseat", SEATS)
@pytest.mark.parametrize("name", ["jokers", "jokers-deuces", "deuces"])
def test_solver_matches_minimax_with_the_top_trumps_in_play(name: str, nseat: int) -> None:
    # the trumps whose order is not bit order (BJ LJ 2D 2S above AS) dealt first
    rng = random.Random(f"top/{name}/{nseat}")
    solver = Solver(tt_bits=12)
    for _ in range(20):
        pos = deck_position(rng, name, nseat, rng.randint(2, MAX_CARDS[nseat]), trumpy=True)
        check_against_minimax(solver, pos)


@pytest.mark.parametrize("name", ["jokers", "jokers-deuces", "deuces"])
def test_python_wide_kernel_matches_the_c_one_node_for_node(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the wide kernel as plain Python (what numba compiles) against the one in use (C when
    # built): the same search, so the same values and the same node counts
    wide = load_wide()
    assert wide.WIDE == 1 and wide.SPADES == 0xFFFF << 39 and kernel.WIDE == 0
    rng = random.Random(f"python/{name}")
    positions = [deck_position(rng, name, 4, 5, trumpy=True) for _ in range(3)]
    fast = Solver(tt_bits=12)
    want = [(fast.values_masks(p.hands, p.leader, p.trick, True, 5, 5, None, p.deck), fast.nodes)
            for p in positions]
    monkeypatch.setattr(api, "_kernel", kernel)
    monkeypatch.setattr(api, "BACKEND", "python")
    slow = Solver(tt_bits=12)
    got = [(slow.values_masks(p.hands, p.leader, p.trick, True, 5, 5, None, p.deck), slow.nodes)
           for p in positions]
    assert got == want


@pytest.mark.parametrize(
    ("name", "hands", "leader", "trick", "seat_value"),
    [
        # RULES.md section 7's trick vectors, as the last card of the trick: the value is the
        # side to play's tricks, so 1 when its partner's card wins, 0 when an opponent's does
        ("jokers-deuces", ["5H", "LJ", "2D", "AS"], 0, "5H LJ 2D", 1),  # LJ wins: seat 1, partner of 3
        ("jokers", ["AS", "3S", "BJ", "KS"], 0, "AS 3S BJ", 0),  # BJ wins: seat 2, an opponent of 3
        ("deuces", ["3D", "KD", "2D", "4D"], 0, "3D KD 2D", 0),  # 2D ruffs: seat 2 wins
        ("jokers-deuces", ["3S", "2S", "2D", "AS"], 0, "3S 2S 2D", 0),  # 2D above 2S above AS
    ],
)
def test_trick_vectors_of_section_7_in_the_solver(
    name: str, hands: list[str], leader: int, trick: str, seat_value: int
) -> None:
    played = ids(trick)
    rest = [h if int(Card.parse(h)) not in played else "-.-.-.-" for h in hands]
    pos = Position.build(rest, leader, played, True, deck=name)
    assert card_values(pos, [pos.to_play, (pos.to_play + 2) % 4]) == {Card.parse(hands[3]): seat_value}


def test_deuces_two_of_diamonds_is_a_spade_when_following() -> None:
    # RULES.md: a seat holding 2D and 7D, diamonds led, must play 7D (the 2D is a spade)
    pos = Position.build(["5C", "2D 7D", "4D 6C", "8D 9C"], 0, ["3D"], False, deck="deuces")
    assert pos.legal_cards() == [Card.parse("7D")]
    assert set(solve(pos.hands, 0, ["3D"], deck="deuces")) == {Card.parse("7D")}
    # with no diamond from 3 to A it ruffs the diamond lead: a diamond 2 would lose to 4D
    pos = Position.build(["-.-.-.-", "2D", "4D", "5C"], 0, ["3D"], False, deck="deuces")
    assert card_values(pos, [0, 2]) == {Card.parse("2D"): 0}


def test_jokers_are_spades_for_the_breaking_rule() -> None:
    # an unbroken leader holding BJ and a heart must lead the heart; a joker breaks spades
    pos = Position.build(["BJ 5H", "2S 6H", "3S 7H", "4S 8H"], 0, [], False, deck="jokers")
    assert pos.legal_cards() == [Card.parse("5H")]
    assert set(solve(pos.hands, 0, deck="jokers")) == {Card.parse("5H")}
    # a seat holding only trumps may lead one
    pos = Position.build(["BJ LJ", "2S 6H", "3S 7H", "4S 8H"], 0, [], False, deck="jokers")
    assert solve(pos.hands, 0, deck="jokers") == {Card.parse("BJ"): 2, Card.parse("LJ"): 2}


def test_three_players_with_jokers_play_all_54_cards() -> None:
    # 18 cards a hand: a whole deal of the 54 cards is a position (the 2C in it); the solver
    # takes the last 8 tricks of it (a full three-player deal, each seat alone against the
    # other two, is beyond a test's time), each value the largest target the search reaches
    rng = random.Random(3)
    deal = deck_position(rng, "jokers-deuces", 3, 18, ntrick=0, broken=True)
    assert sum(h.bit_count() for h in deal.hands) == 54 and deal.deck.lowest_club == 0
    hands = [sum(sorted(1 << c for c in range(54) if h >> c & 1)[:8]) for h in deal.hands]
    pos = Position.build(hands, 0, [], True, deck="jokers-deuces")
    solver = Solver()
    got = card_values(pos, [0], solver=solver)
    assert set(got) == set(pos.legal_cards())
    best = max(got.values())
    assert can_take(pos, [0], best, solver=solver) and not can_take(pos, [0], best + 1, solver=solver)


@pytest.mark.parametrize("name", ["jokers", "jokers-deuces", "deuces"])
def test_full_deal_side_values_add_up_and_match_target_searches(name: str) -> None:
    # a whole 13-card deal of each pack: the two sides' values of each lead (separate
    # searches, the other side counted) add up to 13, and each value is exactly the
    # largest target the target search reaches
    rng = random.Random(f"full/{name}")
    pos = deck_position(rng, name, 4, 13, ntrick=0, broken=True)
    solver = Solver()
    ours = card_values(pos, [0, 2], solver=solver)
    theirs = card_values(pos, [1, 3], [1, 3], solver=solver)
    assert set(ours) == set(theirs) == set(pos.legal_cards())
    assert all(ours[c] + theirs[c] == 13 for c in ours)
    best = max(ours.values())
    assert can_take(pos, [0, 2], best, solver=solver) and not can_take(pos, [0, 2], best + 1, solver=solver)


def _standard_twin(rng: random.Random) -> tuple[list[int], dict[int, int]]:
    """Two 13-card hands of the standard pack without 2D, and the map of their cards onto
    the deuces pack with the same order: spades 2-A onto 4S ... AS 2S 2D (the deuces
    pack's 13 highest trumps), the side suits unchanged."""
    cards = [c for c in range(52) if c != 13]
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[i * 13 : (i + 1) * 13]) for i in range(2)]
    trumps = list(reversed(deck_of("deuces").ranked[3][:13]))
    mapping = {c: c for c in range(39)} | {39 + r: trumps[r] for r in range(13)}
    return hands, mapping


def test_full_hands_of_a_wide_pack_solve_as_their_standard_twin() -> None:
    # whole 13-card hands (two seats) on the wide kernel against the standard kernel
    # (checked against DDS elsewhere) on the same deal relabelled: 2D a trump above 2S
    rng = random.Random(13)
    solver = Solver()
    for _ in range(3):
        hands, mapping = _standard_twin(rng)
        twin = [sum(1 << mapping[c] for c in range(52) if h >> c & 1) for h in hands]
        want = solve(hands, 0, spades_broken=True, solver=solver)
        got = solve(twin, 0, spades_broken=True, solver=solver, deck="deuces")
        assert {Card(mapping[int(c)]): v for c, v in want.items()} == got


def test_nil_values_on_a_joker_pack() -> None:
    # the nil bidder (seat 1) holds LJ and a low heart: safe while BJ is over it (led or
    # played last on LJ), set when the highest trump over it is AS
    pos = Position.build(["BJ 5H", "LJ 4H", "6H 7H", "8H 9H"], 0, [], True, deck="jokers")
    assert nil_values(pos, 1) == {Card.parse("BJ"): 0, Card.parse("5H"): 0}
    pos = Position.build(["AS 5H", "LJ 4H", "6H 7H", "8H 9H"], 0, [], True, deck="jokers")
    assert nil_values(pos, 1) == {Card.parse("AS"): 1, Card.parse("5H"): 1}


@pytest.mark.parametrize(
    ("hands", "deck", "words"),
    [
        (["2D 3C", "4C 5C", "6C 7C", "8C 9C"], "jokers", "2D is not in the jokers pack"),
        (["BJ 3C", "4C 5C", "6C 7C", "8C 9C"], "standard", "jokers are not in the standard pack"),
        (["AS"], "jokers", "2, 3 or 4 hands"),
    ],
)
def test_a_card_outside_the_pack_is_refused(hands: list[str], deck: str, words: str) -> None:
    with pytest.raises(PositionError, match=words):
        Position.build(hands, 0, [], True, deck=deck)


def test_an_unknown_deck_is_refused_in_words() -> None:
    with pytest.raises(PositionError, match="not a deck: choose one of standard, jokers"):
        Position.build(["AS", "KS"], 0, [], True, deck="tarot")


def test_hand_strings_with_jokers_parse_for_the_solver() -> None:
    pos = Position.build(["BLA2.K.3.3", "KQJT.A.A.A", "9876.Q.K.K", "543.JT.Q.Q"], 0, [], True, deck="jokers")
    assert pos.hands[0] == CardSet.parse("BLA2.K.3.3").mask
    assert "B" in pos.describe()


def test_analysis_reviews_a_jokers_deuces_game() -> None:
    # the analysis asks the solver about every card of a joker deal (the deck from the rules)
    import dataclasses

    from spades.analysis import analyse_game
    from spades.game import Game
    from spades.rules import Rules

    rules = dataclasses.replace(Rules.preset("partnership"), deck="jokers-deuces", blind_nil=False)
    game = Game(rules, seed=4)
    rng = random.Random(1)
    while game.hands_played < 1:
        game.apply(rng.choice(list(game.legal_actions())))
    decisions = [d for h in analyse_game(game).hands for d in h.decisions]
    assert len(decisions) == 52
    assert {str(d.card) for d in decisions} >= {"BJ", "LJ", "2D"}
    for d in decisions:
        assert d.card in d.values and d.loss >= 0


def test_numba_wide_kernel_matches_the_one_in_use_on_every_deck() -> None:
    """The wide kernel compiled by numba (``SPADES_KERNEL=numba``, in a process of its own:
    the backend is chosen at import) gives the values of the kernel in use here (C when
    built) on random positions of every wide deck and seat count."""
    pytest.importorskip("numba")
    import json
    import os
    import subprocess
    import sys

    rng = random.Random("numba-wide")
    cases = []
    for name in ("jokers", "jokers-deuces", "deuces"):
        for nseat in SEATS:
            pos = deck_position(rng, name, nseat, 6 if nseat == 4 else 8, trumpy=True)
            count = side_of(pos)
            cases.append({"deck": name, "nseat": nseat, "hands": pos.hands, "leader": pos.leader,
                          "trick": pos.trick, "broken": pos.spades_broken, "count": count})
    here = Solver(tt_bits=14)
    want = [{str(int(c)): v for c, v in here.values_masks(
        c["hands"], c["leader"], c["trick"], c["broken"], c["count"], c["count"], None,
        deck_of(c["deck"], c["nseat"] == 3)).items()} for c in cases]
    script = (
        "import json, sys\n"
        "from spades.core.deck import deck_of\n"
        "from spades.solver import Solver, api\n"
        "assert api.BACKEND == 'numba', api.BACKEND\n"
        "s = Solver(tt_bits=14)\n"
        "out = []\n"
        "for c in json.load(sys.stdin):\n"
        "    d = deck_of(c['deck'], c['nseat'] == 3)\n"
        "    k = c['count']\n"
        "    v = s.values_masks(c['hands'], c['leader'], c['trick'], c['broken'], k, k, None, d)\n"
        "    out.append({str(int(k)): x for k, x in v.items()})\n"
        "print(json.dumps(out))\n"
    )
    env = {**os.environ, "SPADES_KERNEL": "numba"}
    env.pop("SPADES_NO_JIT", None)
    done = subprocess.run([sys.executable, "-c", script], input=json.dumps(cases), capture_output=True,
                          text=True, env=env, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == want
