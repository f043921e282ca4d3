"""The compiled ``basic`` of spades.vec makes the same decisions as spades.bots.basic
(the differential test: every difference is a bug), and the compiled ``random``
follows RandomBot's rule.

Games are played in a VecEnv by a mix of the compiled ``basic``, the compiled
``random`` and a uniform player (blind nil included, so that exchanges happen);
at every step the compiled ``basic``'s choice is recorded for the seat to act,
whoever actually plays it.  Each game is then replayed through the engine and at
every decision the Python bot is asked on the seat's view: its action (for a
multi-card pass or discard, the lowest card of it not chosen yet, then ``done``)
must be the compiled one.

The default suite compares a sample (>= 5,000 decisions over every preset); set
``SPADES_VEC_BASIC_LONG=1`` for the long run (the count is printed with ``-s``).
"""

from __future__ import annotations

import os

import pytest

np = pytest.importorskip("numpy")

from spades import Game, Rules  # noqa: E402
from spades.action_space import DONE_ID, Stepper  # noqa: E402
from spades.actions import Discard, Pass, action_id  # noqa: E402
from spades.bots.basic import BasicBot  # noqa: E402
from spades.bots.certain import certain_play  # noqa: E402
from spades.game import Phase  # noqa: E402
from spades.vec import VecEnv, random_actions  # noqa: E402

#: presets and rule settings the compiled basic plays, with the seat kinds mixed in
CONFIGS = {
    "partnership": (Rules.preset("partnership", target_score=300), "bbru"),
    "partnership-all-basic": (Rules.preset("partnership", target_score=250, hands=6), "bbbb"),
    "partnership-exchange": (Rules.preset("partnership", target_score=200, blind_nil_exchange=2), "bubu"),
    # uniform players bid blind nil often: exchanges, and cards known in the partner's hand
    "exchange-uniform": (Rules.preset("partnership", target_score=200, blind_nil_exchange=3), "uuuu"),
    "openspiel": (Rules.preset("openspiel", hands=3), "brbr"),
    "two-player": (Rules.preset("two-player", target_score=250), "bu"),
    "two-player-basic": (Rules.preset("two-player", hands=4), "bb"),
    "cutthroat": (Rules.preset("cutthroat", target_score=250), "bbru"),
    "three-player": (Rules.preset("three-player", target_score=250), "bbu"),
    "house-scoring": (Rules.preset("partnership", nil_tricks_count_for_partner=True, bag_penalty=0,
                                   spades_must_be_broken=False, max_side_bid=9, hands=3), "bbur"),
}


def play_and_compare(rules: Rules, kinds: str, num_envs: int, steps: int, seed: int) -> tuple[int, list]:
    """Play; replay; return (decisions compared, differences)."""
    env = VecEnv(rules, num_envs=num_envs, seed=seed, record=True, observation="none")
    env.reset()
    gen = np.random.default_rng(seed)
    compiled: list[list[int]] = [[] for _ in range(num_envs)]
    seat_kind = np.array([ord(k) for k in kinds])
    for _ in range(steps):
        basic = env.bot_actions("basic").copy()
        rand = env.bot_actions("random").copy()
        _obs, mask, player = env.obs_buffers()
        uniform = random_actions(mask, gen, blind_nil=True)
        kind = seat_kind[player]
        acts = np.where(kind == ord("b"), basic, np.where(kind == ord("r"), rand, uniform))
        for i in range(num_envs):
            compiled[i].append(int(basic[i]))
        env.step(acts)
    return _replay(env, compiled)


def _expected(bot: BasicBot, game: Game, seat: int, pending: list[int]) -> int:
    action = bot.act(game.view(seat))
    if isinstance(action, (Pass, Discard)):
        left = action.cards.mask & ~sum(1 << c for c in pending)
        return (left & -left).bit_length() - 1 if left else DONE_ID
    return action_id(action)


#: decisions compared per phase, over every call (the sample must reach every phase)
PHASES: dict[str, int] = {}
#: cards settled by a rule of spades.bots.certain, per rule, over every call
CERTAIN: dict[str, int] = {}
#: the rules of spades.bots.certain the default sample must see settle a card
SETTLED_SPOTS = {
    "own nil: stay under the winning card",
    "the partner's sure winner: never overtake or ruff it",
    "cover the partner's nil, as cheaply as possible",
    "cover the partner's nil to come with a master card",
    "last to play: win as cheaply as possible",
    "last to play and no card wins: the lowest",
}


def _count_certain(game: Game, seat: int) -> None:
    if game.phase is Phase.PLAY:
        spot = certain_play(game.view(seat))
        if spot is not None and spot.card is not None:
            CERTAIN[spot.rule] = CERTAIN.get(spot.rule, 0) + 1


def _replay(env: VecEnv, compiled: list[list[int]]) -> tuple[int, list]:
    bot = BasicBot(seed=0)
    compared = 0
    diffs = []
    for i in range(env.num_envs):
        k = 0
        for log in [g for g in env.finished if g.slot == i] + [env.log(i)]:
            game = Game(env.rules, seed=0, dealer=log.first_dealer, decks=log.decks)
            stepper = Stepper(game)
            for j, (seat, aid) in enumerate(log.actions):
                want = _expected(bot, game, seat, stepper.pending)
                got = compiled[i][k]
                k += 1
                compared += 1
                PHASES[str(game.phase)] = PHASES.get(str(game.phase), 0) + 1
                _count_certain(game, seat)
                if want != got:
                    diffs.append((i, j, str(game.phase), seat, want, got))
                if j in log.redraws:
                    act = stepper.to_engine(aid)
                    assert game.phase is Phase.REDRAW and act is not None
                    stepper.pending = []
                    game.apply_redraw(act, log.redraws[j])
                else:
                    stepper.apply_id(aid)
        assert k == len(compiled[i])
    return compared, diffs


def _run_all(envs: int, steps: int, seed: int) -> int:
    total = 0
    for name, (rules, kinds) in CONFIGS.items():
        compared, diffs = play_and_compare(rules, kinds, envs, steps, seed + len(name))
        assert not diffs, (name, len(diffs), diffs[:5])
        total += compared
    return total


def test_compiled_basic_makes_the_python_basic_decisions_on_every_preset():
    PHASES.clear()
    CERTAIN.clear()
    total = _run_all(envs=6, steps=110, seed=11)
    print(f"compiled basic vs spades.bots.basic: {total} decisions compared, 0 differences; "
          f"per phase {PHASES}; certain spots {CERTAIN}")
    assert total >= 5000
    assert set(PHASES) >= {"blind", "bid", "exchange", "draw", "redraw", "play"}, PHASES
    # the sample reaches the certain spots (spades.bots.certain) that settle a card
    assert set(CERTAIN) >= SETTLED_SPOTS, CERTAIN


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SPADES_VEC_BASIC_LONG"),
                    reason="the long run: set SPADES_VEC_BASIC_LONG=1")
def test_compiled_basic_long_differential_run():
    CERTAIN.clear()
    total = _run_all(envs=24, steps=1200, seed=1000)
    print(f"compiled basic vs spades.bots.basic (long run): {total} decisions compared, 0 differences; "
          f"certain spots {CERTAIN}")
    assert total >= 200_000
