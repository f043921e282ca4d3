"""The OpenSpiel adapter's fast paths compute what the plain ones did: a state
rebuilt by :func:`spades.openspiel.replayed` (history recorded, the Python side set
directly) equals one reached by applying every action of its history, in every
preset, single hands and whole games, mid-deal and mid-redraw."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import spades.openspiel as sos  # noqa: E402  (registers python_spades)
from spades import Game  # noqa: E402

PRESETS = ["partnership", "two-player", "cutthroat", "three-player", "openspiel"]


def _stepped(state):
    """The plain rebuild: every action of the history applied to a fresh state."""
    new = state.get_game().new_initial_state()
    for aid in sos.action_history(state):
        new.apply_action(aid)
    return new


def _engine_facts(game: Game | None):
    if game is None:
        return None
    n = game.rules.num_seats
    return (
        game.to_record(), game.actions, game.phase, game.to_act, game.legal_actions(),
        [game.view(s) for s in range(n)], [game.hand(s) for s in range(n)], game.deck,
    )


def _facts(state):
    n = state.num_players()
    ps = state._stepper
    facts = [
        state.history(), [(pa.player, pa.action) for pa in state.full_history()], state.move_number(),
        state.history_str(), state.current_player(), state.is_terminal(),
        state._dealer, state._decks, state._deal, state._dealing, state._log, state._hand_starts,
        state._redraw, state._picks, ps.pending if ps is not None else None, _engine_facts(state.engine),
        [state.observation_string(p) for p in range(n)],
        [state.information_state_string(p) for p in range(n)],
        [state.observation_tensor(p) for p in range(n)],
        [state.information_state_tensor(p) for p in range(n)],
        str(state),
    ]
    if state.is_chance_node():
        facts.append(state.chance_outcomes())
    elif not state.is_terminal():
        facts.append(state.legal_actions())
    return facts


def _positions(game, rng, count):
    """Random states of ``game``, snapshots along random plays: decisions, unfinished
    card choices, deals and redraw picks under way (blind nil and short redraws
    are chosen often, so that the exchange and the redraw appear)."""
    out = []
    p = count / (60 * (game.rules.hands or 1))
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            chance = state.is_chance_node()
            if rng.random() < (0.5 if state._redraw is not None else p / 4 if chance else p):
                out.append(state.clone())
            if chance:
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            special = [a for a in legal if a in (70, 74)]
            state.apply_action(special[0] if special and rng.random() < 0.5 else rng.choice(legal))
    return out


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("whole", [False, True])
def test_replayed_equals_stepping_the_history(preset, whole):
    params = {"preset": preset, "whole_game": whole}
    if whole:
        params["hands"] = 2
    game = pyspiel.load_game("python_spades", params)
    rng = random.Random(PRESETS.index(preset) * 2 + whole)
    for state in _positions(game, rng, 12):
        fast, slow = sos.replayed(state), _stepped(state)
        assert _facts(fast) == _facts(slow)
        # and both play on alike
        for _ in range(30):
            if slow.is_terminal():
                break
            acts = [o for o, _ in slow.chance_outcomes()] if slow.is_chance_node() else slow.legal_actions()
            a = rng.choice(acts)
            fast.apply_action(a)
            slow.apply_action(a)
        assert _facts(fast) == _facts(slow)


def test_card_text_is_the_sorted_hand():
    from spades.cards import CardSet
    from spades.observation import _cards

    rng = random.Random(3)
    assert _cards(None) == _cards(CardSet(0)) == "-"
    for _ in range(300):
        cards = CardSet(rng.getrandbits(52) & rng.getrandbits(52))
        assert _cards(cards) == (" ".join(str(c) for c in cards.sorted()) or "-")


@pytest.mark.parametrize("preset", ["two-player", "partnership"])
def test_observer_strings_are_remade_after_each_action(preset):
    from spades.observation import info_state_string, observation_string

    game = pyspiel.load_game("python_spades", {"preset": preset, "whole_game": True, "hands": 2})
    rng = random.Random(5)
    state = game.new_initial_state()
    n = game.num_players()
    while not state.is_terminal():
        for _ in range(2):  # the second time from the state's own cache
            for p in range(n):
                view = state.view(p)
                obs, info = state.observation_string(p), state.information_state_string(p)
                if view is not None:
                    assert obs == observation_string(view, state.pending_of(p))
                    assert info == info_state_string(view, state.pending_of(p))
        before = [state.observation_string(p) for p in range(n)]
        copy = state.clone()
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        assert [copy.observation_string(p) for p in range(n)] == before  # the clone stayed


@pytest.mark.parametrize("preset", PRESETS)
def test_state_from_view_equals_stepping_its_history(preset):
    from spades import Rules
    from spades.observation import observation_string
    from spades.openspiel.bots import search_rules

    rng = random.Random(PRESETS.index(preset))
    games = {}
    checked = 0
    kinds = set()
    base = Rules.preset(preset, hands=1)
    if base.nil:
        base = Rules.preset(preset, hands=1, blind_nil=True, blind_nil_min_deficit=0)
    for seed in range(4):
        engine = Game(base, seed=seed)
        while not engine.is_over:
            seat = engine.to_act
            legal = engine.legal_actions()
            view = engine.view(seat)
            if (rng.random() < 0.3 or view.phase.value in ("exchange", "redraw")) and len(legal) > 1:
                rules = search_rules(view)
                if rules not in games:
                    games[rules] = pyspiel.load_game("python_spades", sos.params_from_rules(rules))
                pending = []
                if view.phase.value in ("exchange", "redraw") and view.hand is not None:
                    cards = [int(c) for c in view.hand]
                    pending = rng.sample(cards, rng.randrange(0, min(len(cards), rules.blind_nil_exchange)))
                state = sos.state_from_view(games[rules], view, random.Random(seed), pending)
                assert state.observation_string(seat) == observation_string(view, pending)
                assert _facts(state) == _facts(_stepped(state))
                # a search's sample: the same state, its history kept on the Python side
                light = sos.state_from_view(games[rules], view, random.Random(seed), pending,
                                            record_history=False)
                assert _facts(light) == _facts(state)
                assert list(pyspiel.State.history(light)) == [] and state.history()
                a = rng.choice(state.legal_actions())
                light.apply_action(a)
                stepped = _stepped(state)
                stepped.apply_action(a)
                assert _facts(light) == _facts(stepped)
                # another sample: other hidden cards, the same observation string
                # (the bot hands it to IS-MCTS as the root's, without remaking it)
                other = sos.state_from_view(games[rules], view, rng, pending)
                assert other.observation_string(seat) == state.observation_string(seat)
                checked += 1
                kinds.add(view.phase.value + ("+" if pending else ""))
            # blind nil often, so that exchanges and redraws come up
            blind = [a for a in legal if str(a) == "blind nil"]
            engine.apply(blind[0] if blind and rng.random() < 0.5 else rng.choice(legal))
    assert checked >= 10 and "play" in kinds


def _plain_assign(rng, pool, sizes, void, fixed):
    """determinize._assign as it was first written (the reference)."""
    hands = dict(fixed)
    room = {s: sizes[s] - fixed.get(s, 0).bit_count() for s in sizes}
    if any(r < 0 for r in room.values()) or sum(room.values()) > pool.bit_count():
        return None
    cards = [c for c in range(52) if pool >> c & 1]
    rng.shuffle(cards)

    def eligible(c):
        return [s for s in sizes if room[s] > 0 and not void[s] >> (c // 13) & 1]

    cards.sort(key=lambda c: sum(1 for s in sizes if not void[s] >> (c // 13) & 1))
    left = sum(room.values())
    spare = pool.bit_count() - left
    for c in cards:
        if left == 0:
            break
        options = eligible(c)
        if not options:
            if spare > 0:
                spare -= 1
                continue
            return None
        if spare > 0 and rng.random() < spare / (spare + left):
            spare -= 1
            continue
        weights = [room[s] for s in options]
        seat = rng.choices(options, weights)[0]
        hands[seat] = hands.get(seat, 0) | (1 << c)
        room[seat] -= 1
        left -= 1
    return hands if left == 0 else None


def test_assign_deals_as_the_plain_version_did():
    from spades.bots.knowledge import bit_cards
    from spades.cards import cards_of_mask
    from spades.openspiel.determinize import _assign

    rng = random.Random(7)
    dealt = 0
    for _ in range(1500):
        n = rng.choice([2, 3, 4])
        pool = rng.getrandbits(52)
        most = pool.bit_count() // n + 1
        sizes = {s: rng.randrange(0, most) for s in range(n) if rng.random() < 0.8}
        void = [rng.getrandbits(4) if rng.random() < 0.4 else 0 for _ in range(n)]
        fixed = {s: 1 << rng.randrange(52) for s in sizes if rng.random() < 0.2}
        fixed = {s: m & ~pool for s, m in fixed.items() if m & ~pool}
        seed = rng.random()
        a, b = random.Random(seed), random.Random(seed)
        hands = _assign(a, pool, sizes, void, fixed)
        assert hands == _plain_assign(b, pool, sizes, void, fixed)
        assert a.getstate() == b.getstate()
        assert bit_cards(pool) == [int(c) for c in cards_of_mask(pool)]
        dealt += hands is not None
    assert dealt > 500


def _plain_observation_string(view, pending=()):
    """observation.observation_string as it was first written (the reference)."""
    from spades.cards import Card

    def cards(cs):
        return "-" if cs is None else (" ".join(str(c) for c in cs.sorted()) or "-")

    rules = view.rules
    name = rules.seat_name
    lines = [
        f"{rules.variant} seat {name(view.seat)} hand {view.hand_number + 1} phase {view.phase}",
        f"dealer {name(view.dealer)} to act {name(view.to_act) if view.to_act is not None else '-'}",
        f"scores {list(view.scores)} bags {list(view.bags)}",
        f"hand {cards(view.hand)}" + (" (blind nil open)" if view.blind_nil_open else ""),
        "bids " + " ".join(f"{name(s)}:{b.label() if b else '?'}" for s, b in enumerate(view.bids)),
        "won " + " ".join(f"{name(s)}:{w}" for s, w in enumerate(view.tricks_won)),
        "sizes " + " ".join(str(k) for k in view.hand_sizes),
        "trick " + (" ".join(f"{name(s)}:{c}" for s, c in view.trick) or "-"),
        f"played {cards(view.played)} broken {int(view.spades_broken)}",
    ]
    if pending:
        lines.append("chosen " + " ".join(str(Card(c)) for c in sorted(pending)))
    if view.passed or view.received:
        lines.append(f"passed {cards(view.passed)} received {cards(view.received)}")
    if view.exchange is not None:
        lines.append(f"exchange {name(view.exchange[0])}->{name(view.exchange[1])}")
    if rules.uses_draw:
        lines.append(
            f"stock {view.stock_left} shown {view.draw_card or '-'} discards {cards(view.discards)} "
            f"redrawn {cards(view.redrawn)} swaps {list(view.redraw_counts)}"
        )
    return "\n".join(lines)


@pytest.mark.parametrize("preset", PRESETS)
def test_observation_string_reads_as_the_plain_version(preset):
    from spades import Rules
    from spades.observation import observation_string

    base = Rules.preset(preset, hands=2)
    if base.nil:
        base = Rules.preset(preset, hands=2, blind_nil=True, blind_nil_min_deficit=0)
    rng = random.Random(PRESETS.index(preset) + 20)
    checked = 0
    for seed in range(3):
        engine = Game(base, seed=seed)
        while not engine.is_over:
            legal = engine.legal_actions()
            for seat in range(base.num_seats):
                view = engine.view(seat)
                pending = []
                if view.hand is not None and seat == engine.to_act and rng.random() < 0.3:
                    pending = rng.sample([int(c) for c in view.hand], min(2, len(view.hand)))
                assert observation_string(view, pending) == _plain_observation_string(view, pending)
                checked += 1
            blind = [a for a in legal if str(a) == "blind nil"]
            engine.apply(blind[0] if blind and rng.random() < 0.5 else rng.choice(legal))
    assert checked > 300


#: what the bot chose at seat 0 before the fast paths (openspiel-ismcts, 10 simulations,
#: against random bots): the same decisions now; change only with the search itself
_PINNED = {
    ("partnership", 3): "look bid 1 pass 8H 4S TS 3C 5C AC 3D KS 6S 7S JC 7D 3S QS TC 9D",
    ("two-player", 4): "look reject reject keep reject reject keep reject reject reject keep reject keep "
                       "reject bid 6 9C AH AD 7C JH QC 7H 5C 4C 8H 5H 4S 5S",
}


@pytest.mark.parametrize("preset,seed", sorted(_PINNED))
def test_ismcts_bot_makes_the_decisions_it_made_before(preset, seed):
    from spades import Rules, bots

    rules = Rules.preset(preset, hands=1, blind_nil=True, blind_nil_min_deficit=0)
    game = Game(rules, seed=seed)
    players = [bots.get("openspiel-ismcts", seed=seed, simulations=10)] + [
        bots.get("uniform", seed=s) for s in range(1, rules.num_seats)
    ]
    while not game.is_over:
        seat = game.to_act
        game.apply(players[seat].act(game.view(seat)))
    assert " ".join(str(a) for s, a in game.actions if s == 0) == _PINNED[(preset, seed)]
