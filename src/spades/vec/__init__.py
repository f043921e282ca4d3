"""Many games of Spades stepped in lockstep on numpy arrays: :class:`VecEnv`.

>>> from spades.vec import VecEnv
>>> env = VecEnv("partnership", num_envs=4, seed=0)
>>> obs, mask, player = env.reset()
>>> obs.shape, mask.shape, player.shape
((4, 986), (4, 75), (4,))
>>> import numpy as np
>>> actions = np.argmax(mask, axis=1)          # any legal id per game
>>> obs, mask, player, rewards, done = env.step(actions)
>>> rewards.shape, done.shape
((4, 4), (4,))

Every game follows one preset (or any :class:`~spades.rules.Rules`) with every
rule of the engine: the two-player draw, blind nil (``look`` / ``blind nil``),
bids with a side cap, the blind-nil exchange and the two-player redraw (as the
single-card choices of :mod:`spades.action_space`), play, scoring with running
bags, and the end of the game.  Actions are the ids of
:mod:`spades.action_space` (75); observations use the layout of
:mod:`spades.observation` (986 floats, relative to the seat to act;
``docs/observation.md``), so a network trained here reads the adapters'
observations too.

Rewards: with ``reward="points"`` (the default) each seat receives its side's
points for a hand at the step that ends the hand (0 otherwise); with
``reward="win"`` each seat receives +1 / -1 at the end of the game (0 for a
drawn game).  A finished game restarts by itself: ``done[i]`` is True at the
step that ended game ``i`` and the observation returned is already the new
game's first.

A whole game between random players under the partnership preset may never
end (random bids are mostly set, so scores drift down, and there is no losing
score): cap it with ``Rules(hands=N)`` (the game then goes to the higher
score: ``VecEnv(Rules.preset("partnership", hands=1))`` plays single hands) or
with ``max_hands=N`` (the game is cut short without a winner and
:attr:`VecEnv.truncated` says so).

Opponents compiled into the step: ``VecEnv(..., learners=0, opponents="basic")``
plays every seat but the learners' (one seat or several) with a compiled bot,
``"basic"`` (the same decisions as :class:`spades.bots.basic.BasicBot`, checked
decision by decision by tests/test_vec_basic.py) or ``"random"`` (uniform among
the legal ids, looking rather than bidding blind nil), or one name per other seat.
Each step applies the learners' ids and then moves the opponents until a learner
is to act, so ``player`` is always a learner seat; ``rewards[:, seat]`` is the sum
over those moves (a learner's column is its side's reward), and the observation
and mask are written once, at the learner's turn.  :meth:`VecEnv.bot_actions`
gives the compiled bots' choices without stepping (a teacher, or to play them by
hand).  The deals do not depend on the opponents: the bots draw from their own
generators.

Seeded: the same ``seed`` and ``num_envs`` give the same games.  Game ``i``
draws its deals (and the two-player redraw's replacements) from its own
generator.  With ``record=True`` every game is logged (:class:`GameLog`) and can
be replayed through :class:`spades.Game` (:meth:`GameLog.to_game`), exported
as an engine record, or saved as JSON Lines (:mod:`spades.records`).

The arrays returned by :meth:`reset` and :meth:`step` are the environment's
own buffers, overwritten by the next call: copy them (``obs.copy()``) to keep
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from .. import observation as _obs
from ..action_space import BLIND_NIL_ID as _BLIND_NIL
from ..action_space import LOOK_ID as _LOOK
from ..action_space import NUM_ACTIONS, Stepper, action_name
from ..errors import IllegalActionError
from ..rules import Rules
from ..sim import _as_rules
from . import _basic as B
from . import _kernels as K

__all__ = ["BOTS", "SKIP", "GameLog", "VecEnv", "random_actions"]

#: the action that leaves a game as it is for one step (:meth:`VecEnv.step`)
SKIP: Final = -1

_VARIANTS: Final = ("partnership", "two-player", "cutthroat", "three-player")
_OFFSET_NAMES: Final = (
    "variant", "phase", "to_act", "dealer", "hand_known", "blind_nil_open", "hand", "pending", "draw_card",
    "passed", "received", "discards", "redrawn", "bids", "tricks_won", "played", "trick", "leader",
    "hand_sizes", "spades_broken", "stock_left", "redraw_counts", "exchange_giver", "exchange_receiver",
    "scores", "bags", "hands_played",
)
_OFFSETS: Final = np.array([_obs.OFFSETS[name] for name in _OFFSET_NAMES], np.int64)


def random_actions(mask: NDArray[np.bool_], gen: np.random.Generator, *,
                   blind_nil: bool = False) -> NDArray[np.int64]:
    """One random legal id per row of ``mask`` (bool ``[n, 75]``): the ``random`` bot's
    choice (:class:`spades.bots.RandomBot`): uniform among the legal ids, except that it
    looks at its cards rather than bid blind nil (id 70) unless ``blind_nil=True``
    (then it is the ``uniform`` bot's choice)."""
    allowed = np.asarray(mask, np.bool_)
    if not blind_nil:
        allowed = allowed.copy()
        allowed[:, _BLIND_NIL] &= ~allowed[:, _LOOK]
    counts = allowed.sum(axis=1)
    if (counts == 0).any():
        raise ValueError("a row of the mask has no legal id")
    pick = (gen.random(len(counts)) * counts).astype(np.int64)
    chosen: NDArray[np.int64] = (allowed.cumsum(axis=1) > pick[:, None]).argmax(axis=1).astype(np.int64)
    return chosen


#: the compiled opponents, by name
BOTS: Final = ("random", "basic")


def _seat_kinds(num_seats: int, learners: int | Sequence[int] | None,
                opponents: str | Sequence[str]) -> NDArray[np.int64]:
    """Per seat: 0 (played from outside) or the compiled opponent's kind."""
    kinds = np.zeros(4, np.int64)
    if learners is None:
        return kinds
    seats = [learners] if isinstance(learners, int) else list(learners)
    if not seats or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < num_seats
                        for s in seats):
        raise ValueError(f"learners must be one or more seats from 0 to {num_seats - 1}")
    others = [s for s in range(num_seats) if s not in seats]
    names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
    if len(names) != len(others):
        raise ValueError(f"opponents must be one name, or one per seat that is not a learner ({len(others)})")
    for seat, name in zip(others, names, strict=True):
        kinds[seat] = _bot_kind(name)
    return kinds


def _bot_kind(bot: str) -> int:
    if bot == "basic":
        return B.BASIC
    if bot == "random":
        return B.RANDOM
    raise ValueError(f"unknown compiled bot {bot!r}: choose one of {', '.join(BOTS)}")


def _params(rules: Rules, reward: str, max_hands: int | None) -> NDArray[np.int64]:
    p = np.zeros(K.NP, np.int64)
    p[K.P_N] = rules.num_seats
    p[K.P_VARIANT] = _VARIANTS.index(rules.variant)
    p[K.P_TRICKS] = rules.tricks_per_hand
    p[K.P_DECK] = rules.deck_size
    p[K.P_NIL] = rules.nil
    p[K.P_NIL_BONUS] = rules.nil_bonus
    p[K.P_BLIND] = rules.blind_nil
    p[K.P_BN_BONUS] = rules.blind_nil_bonus
    p[K.P_EXCH] = rules.blind_nil_exchange
    p[K.P_MIN_DEFICIT] = rules.blind_nil_min_deficit
    p[K.P_BAG_LIMIT] = rules.bag_limit
    p[K.P_BAG_PENALTY] = rules.bag_penalty
    p[K.P_BOSTON_BONUS] = rules.boston_bonus
    p[K.P_BOSTON_WINS] = rules.boston_wins
    p[K.P_MUST_BREAK] = rules.spades_must_be_broken
    p[K.P_MAX_SIDE_BID] = -1 if rules.max_side_bid is None else rules.max_side_bid
    p[K.P_NIL_PARTNER] = rules.nil_tricks_count_for_partner
    p[K.P_HANDS] = 0 if rules.hands is None else rules.hands
    p[K.P_FIRST_DEALER] = -1 if rules.first_dealer is None else rules.first_dealer
    p[K.P_TARGET] = rules.target_score
    p[K.P_LOSING] = 0 if rules.losing_score is None else rules.losing_score
    p[K.P_HAS_LOSING] = rules.losing_score is not None
    p[K.P_PARTNERS] = rules.partnerships
    p[K.P_DRAW] = rules.uses_draw
    p[K.P_HAS_EXCHANGE] = rules.has_exchange
    p[K.P_SIDES] = rules.num_sides
    p[K.P_REWARD_WIN] = reward == "win"
    p[K.P_MAX_HANDS] = 0 if max_hands is None else max_hands
    return p


@dataclass
class GameLog:
    """One game played in a :class:`VecEnv` (``record=True``).

    ``decks``: the card order of each hand started (as ``Game(decks=...)``
    takes it); ``actions``: (seat, action id) per step; ``redraws``: for each
    two-player redraw, the step index of the id that completed it and the
    replacement cards drawn (card ids); ``slot``: the row of the VecEnv that
    played it; ``over``: whether the game finished.
    """

    rules: Rules
    first_dealer: int
    #: the VecEnv slot (row) that played it
    slot: int = 0
    decks: list[list[int]] = field(default_factory=list)
    actions: list[tuple[int, int]] = field(default_factory=list)
    redraws: dict[int, list[int]] = field(default_factory=dict)
    over: bool = False
    #: the game ended at the VecEnv's ``max_hands`` cap, not by the rules
    truncated: bool = False

    def to_game(self) -> Any:
        """The game replayed through the rules engine (:class:`spades.Game`).

        Raises :class:`~spades.errors.IllegalActionError` if an action is not
        legal in the engine (which the differential test checks never happens).
        """
        from ..game import Game, Phase

        game = Game(self.rules, seed=0, dealer=self.first_dealer, decks=self.decks)
        stepper = Stepper(game)
        for k, (seat, aid) in enumerate(self.actions):
            if game.to_act != seat:
                raise IllegalActionError(
                    f"step {k}: the log has seat {seat} acting, the engine {game.to_act}"
                )
            if k in self.redraws:
                act = stepper.to_engine(aid)
                assert act is not None and game.phase is Phase.REDRAW
                stepper.pending = []
                game.apply_redraw(act, self.redraws[k])  # type: ignore[arg-type]
            else:
                stepper.apply_id(aid)
        return game

    def to_record(self) -> dict[str, Any]:
        """The engine's record of the game (:meth:`spades.Game.to_record`), with
        the redraws' replacement cards under ``"redraws"`` (see
        :meth:`spades.Game.from_record`, which replays them)."""
        from ..cards import ALL_CARDS

        record: dict[str, Any] = self.to_game().to_record()
        if self.redraws:
            # which engine action (index into record["actions"]) each redraw is
            engine_index = _engine_indices(self)
            record["redraws"] = [
                [engine_index[k], [str(ALL_CARDS[c]) for c in cards]]
                for k, cards in sorted(self.redraws.items())
            ]
        return record


def _engine_indices(log: GameLog) -> dict[int, int]:
    """Step index -> index of the engine action it completes (for multi-card choices)."""
    from ..game import Game

    game = Game(log.rules, seed=0, dealer=log.first_dealer, decks=log.decks)
    stepper = Stepper(game)
    out: dict[int, int] = {}
    count = 0
    for k, (_seat, aid) in enumerate(log.actions):
        act = stepper.to_engine(aid)
        if act is None:
            stepper.pending.append(aid)
            continue
        stepper.pending = []
        if k in log.redraws:
            game.apply_redraw(act, log.redraws[k])  # type: ignore[arg-type]
            out[k] = count
        else:
            game.apply(act)
        count += 1
    return out


class VecEnv:
    """``num_envs`` games of Spades under one set of rules, stepped together.

    ``rules``: a preset name or a :class:`~spades.rules.Rules`.  ``seed``: an
    int for reproducible games (None: fresh entropy).  ``reward``: ``"points"``
    or ``"win"`` (module docstring).  ``observation``: ``"full"`` (the
    986-float layout of :mod:`spades.observation`) or ``"none"`` (an empty
    ``[n, 0]`` array: for policies that need no observation, e.g. random play,
    and for measuring the engine alone).  ``record``: keep a :class:`GameLog`
    per game (slower; for datasets and the differential test).  ``parallel``:
    share each step's games out among numba's threads (``numba.prange``; the
    number of threads is numba's: ``NUMBA_NUM_THREADS`` or
    ``numba.set_num_threads``, see :attr:`threads`).  Off by default: every step
    is a parallel region whose threads meet at its end, which pays only on cores
    this process has to itself (on the 2 shared cores it was measured on, it ran
    ten times slower: bench/vec-notes.md).  The games are the same, bit for bit,
    either way.  ``learners`` / ``opponents``: seats played from outside and the
    compiled bots for the others (module docstring; not with ``record`` or
    ``parallel``).
    """

    def __init__(self, rules: Rules | str = "partnership", num_envs: int = 1024, seed: int | None = None,
                 *, reward: str = "points", observation: str = "full", record: bool = False,
                 max_hands: int | None = None, parallel: bool = False,
                 learners: int | Sequence[int] | None = None,
                 opponents: str | Sequence[str] = "basic") -> None:
        self.rules = _as_rules(rules)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError("num_envs must be a whole number, at least 1")
        if reward not in ("points", "win"):
            raise ValueError("reward must be 'points' or 'win'")
        if observation not in ("full", "seats", "none"):
            raise ValueError("observation must be 'full', 'seats' or 'none'")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError("seed must be an integer or None")
        if max_hands is not None and (isinstance(max_hands, bool) or not isinstance(max_hands, int)
                                      or max_hands < 1):
            raise ValueError("max_hands must be a whole number, at least 1 (or None: no cap)")
        if not isinstance(parallel, bool):
            raise TypeError("parallel must be True or False")
        self.max_hands = max_hands
        #: per seat: 0 a learner (or everyone, without ``learners``), else the compiled
        #: opponent (``_basic.RANDOM``, ``_basic.BASIC``) that moves inside the step
        self._kinds = _seat_kinds(self.rules.num_seats, learners, opponents)
        #: the seats played from outside, ascending (every seat without ``learners``)
        self.learners: tuple[int, ...] = tuple(s for s in range(self.rules.num_seats) if self._kinds[s] == 0)
        self._opponents = bool(self._kinds.any())
        if self._opponents and record:
            raise ValueError("record=True needs every seat played from outside (no learners/opponents)")
        if self._opponents and parallel:
            raise ValueError("parallel=True is not offered with learners/opponents")
        if parallel and observation == "seats":
            raise ValueError("observation='seats' is not offered with parallel=True")
        if self._opponents and observation == "seats":
            raise ValueError("observation='seats' is for self-play (every seat played from outside); "
                             "with learners the observation is written at the learner's turn: use 'full'")
        #: whether steps run on numba's threads (see ``parallel``)
        self.parallel = parallel and K.HAVE_NUMBA
        self.num_envs = num_envs
        self.num_seats = self.rules.num_seats
        self.num_actions = NUM_ACTIONS
        self.reward = reward
        self.observation = observation
        self.obs_dim = 0 if observation == "none" else _obs.OBSERVATION_SIZE
        self.record = record
        self.seed = seed
        n = num_envs
        self._p = _params(self.rules, reward, max_hands)
        self._st = np.zeros((n, K.NST), np.int64)
        self._sa = np.zeros((n, K.NSA, 4), np.int64)
        self._sides = np.zeros((n, 2, 4), np.int64)
        self._deck = np.zeros((n, 52), np.int64)
        self._rng = np.zeros(n, np.uint64)
        self._brng = np.zeros(n, np.uint64)  # the compiled random opponent's draws, per game
        self._bot_out = np.zeros(n, np.int64)
        shape = (n, self.num_seats, self.obs_dim) if observation == "seats" else (n, self.obs_dim)
        self._obs = np.zeros(shape, np.float32)
        #: the seats' observations as the kernels address them: row i * num_seats + seat
        self._seat_rows = (self._obs.reshape(n * self.num_seats, self.obs_dim) if observation == "seats"
                           else None)
        # what step_all is given: the seats' rows, or none (then it keeps none)
        self._seats_arg = self._seat_rows if self._seat_rows is not None else np.zeros((0, 1), np.float32)
        # the kernels write the mask as 10 uint64 words per row (80 bytes of 0/1);
        # users see the first 75 bytes of each row as booleans
        self._mask_words = np.zeros((n, 10), np.uint64)
        # the legal ids as bits, two 64-bit words per row: the kernels' own copy
        # (what actions are checked against) and the users' (legal_bits)
        self._legal = np.zeros((n, 2), np.int64)
        self._bits = np.zeros((n, 2), np.int64)
        self._scratch = np.zeros((n, 8), np.int64)
        self._mask = self._mask_words.view(np.bool_)[:, :NUM_ACTIONS]
        self._player = np.zeros(n, np.int64)
        self._rewards = np.zeros((n, self.num_seats), np.float32)
        self._rw = np.zeros((n, self.num_seats), np.float32)  # one hand's rewards, inside the kernels
        self._done = np.zeros(n, np.bool_)
        self._started = False
        self._logs: list[GameLog] = []
        #: finished games (``record=True``), oldest first; clear it as you consume it
        self.finished: list[GameLog] = []

    # -- the API -----------------------------------------------------------------------

    def reset(
        self, seed: int | None = None
    ) -> tuple[NDArray[np.float32], NDArray[np.bool_], NDArray[np.int64]]:
        """Start a new game in every slot; returns ``obs, mask, player``."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise TypeError("seed must be an integer or None")
            self.seed = seed
        state = np.random.SeedSequence(self.seed).generate_state(self.num_envs * 2, np.uint64)
        self._rng[:] = state[::2] ^ (state[1::2] << np.uint64(17))
        # the bots' own generators: the deals do not depend on which opponents play
        bots = np.random.SeedSequence(self.seed, spawn_key=(1,))
        self._brng[:] = bots.generate_state(self.num_envs, np.uint64)
        K.reset_all(self._p, self._st, self._sa, self._sides, self._deck, self._rng, _OFFSETS,
                    self._obs, self._mask_words, self._legal, self._bits, self._player,
                    self.observation == "full" and not self._opponents)
        if self._seat_rows is not None:
            K.reset_seats(self._p, self._st, self._sa, self._sides, self._deck, _OFFSETS, self._seat_rows)
        if self._opponents:
            B.reset_learners(self._p, self._st, self._sa, self._sides, self._deck, self._rng, _OFFSETS,
                             self._obs, self._mask_words, self._legal, self._bits, self._player,
                             self._rewards, self._rw, self._scratch, self.observation == "full", self._kinds,
                             self._brng)
        self._started = True
        self.finished = []
        if self.record:
            self._logs = [self._new_log(i) for i in range(self.num_envs)]
        return self._obs, self._mask, self._player

    def step(self, actions: Any) -> tuple[NDArray[np.float32], NDArray[np.bool_], NDArray[np.int64],
                                          NDArray[np.float32], NDArray[np.bool_]]:
        """Apply one action id per game; returns ``obs, mask, player, rewards, done``.

        An action of ``-1`` (:data:`SKIP`) leaves its game as it is for this step (its
        seat to act acts in a later step; its rewards are 0 and ``done`` False): this
        is how the adapters let the learner's games wait while bots move in others.

        Raises :class:`~spades.errors.IllegalActionError` (and changes no game)
        when an id is not legal for its game's seat to act.
        """
        if not self._started:
            raise RuntimeError("call reset() before step()")
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"actions must be one id per game: shape ({self.num_envs},), not {acts.shape}")
        if not np.issubdtype(acts.dtype, np.integer):
            raise ValueError(f"actions must be integer ids of spades.action_space, not {acts.dtype}")
        acts = acts.astype(np.int64, copy=False)
        if self.record:
            before = self._player.copy()
        if self._opponents:
            bad = B.step_learners(self._p, self._st, self._sa, self._sides, self._deck, self._rng, _OFFSETS,
                                  acts, self._obs, self._mask_words, self._legal, self._bits, self._player,
                                  self._rewards, self._done, self._rw, self._scratch,
                                  self.observation == "full", self._kinds, self._brng)
        else:
            args = (self._p, self._st, self._sa, self._sides, self._deck, self._rng, _OFFSETS, acts,
                    self._obs, self._mask_words, self._legal, self._bits, self._player, self._rewards,
                    self._done, self._scratch, self.observation == "full")
            if self.parallel:
                bad = K.step_all_parallel(*args)
            else:
                bad = K.step_all(*args, self._seats_arg)
        if bad >= 0:
            aid = int(acts[bad])
            lo, hi = (int(w) & ((1 << 64) - 1) for w in self._legal[bad])
            own = lo | hi << 64
            legal = ", ".join(action_name(a) for a in range(NUM_ACTIONS) if own >> a & 1)
            what = action_name(aid) if 0 <= aid < NUM_ACTIONS else f"id {aid}"
            raise IllegalActionError(f"game {bad}: {what} is not legal now (legal: {legal})")
        if self.record:
            self._log_step(acts, before)
        return self._obs, self._mask, self._player, self._rewards, self._done

    def bot_actions(self, bot: str = "basic") -> NDArray[np.int64]:
        """The id the compiled bot ``bot`` would choose in every game for its seat to act
        now (``"basic"``: the same decisions as :class:`spades.bots.basic.BasicBot`;
        ``"random"``: uniform among the legal ids, looking rather than bidding blind nil,
        as :class:`spades.bots.RandomBot`).  Nothing is stepped; the array is the
        environment's own buffer, overwritten by the next call.  In the blind-nil
        exchange and the two-player redraw, ``basic`` gives one card of its choice per
        step (the lowest not chosen yet), then ``done``."""
        if not self._started:
            raise RuntimeError("call reset() before bot_actions()")
        B.bot_actions(self._p, self._st, self._sa, self._sides, self._deck, self._legal, self._brng,
                      _bot_kind(bot), self._bot_out)
        return self._bot_out

    # -- state for tools -------------------------------------------------------------------

    @property
    def legal_bits(self) -> NDArray[np.uint64]:
        """The step's mask as bits, uint64 [n, 2]: bit ``a`` of word 0 is id ``a``
        (0-63), bit ``a - 64`` of word 1 is id ``a`` (64-74).  Same contents as
        the boolean mask, 10x smaller (for policies that choose among the legal
        ids with bit operations, as ``bench/vec.py`` does); a view of the
        environment's buffer, overwritten by the next step.  Writing to it
        changes nothing: actions are checked against the kernels' own copy."""
        out: NDArray[np.uint64] = self._bits.view(np.uint64)
        return out

    @property
    def threads(self) -> int:
        """The number of threads a step runs on (1 unless :attr:`parallel`)."""
        if not self.parallel:
            return 1
        import numba

        count: int = numba.get_num_threads()
        return count

    @property
    def truncated(self) -> NDArray[np.bool_]:
        """Per game: True when the last step ended it at the ``max_hands`` cap (then
        ``done`` is True too, and a ``"win"`` reward is 0 for everyone)."""
        cut: NDArray[np.bool_] = self._st[:, K.TRUNC] == 1
        return cut

    @property
    def scores(self) -> NDArray[np.int64]:
        """Running scores per side, [n, num_sides] (a copy)."""
        return self._sides[:, K.SCORE, : self.rules.num_sides].copy()

    @property
    def bags(self) -> NDArray[np.int64]:
        """Running bags per side, [n, num_sides] (a copy)."""
        return self._sides[:, K.BAGS, : self.rules.num_sides].copy()

    @property
    def hands_played(self) -> NDArray[np.int64]:
        """Finished hands of each current game (a copy)."""
        return self._st[:, K.HANDS_PLAYED].copy()

    def acting_observations(self, out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
        """Each game seen by its seat to act, ``[n, 986]`` (``observation="seats"``):
        ``obs[i, player[i]]`` gathered into ``out`` (a new array when None)."""
        if self.observation != "seats":
            raise RuntimeError("acting_observations() needs observation='seats' (with 'full' the step's "
                               "observation already is the acting seat's)")
        rows = np.arange(self.num_envs) * self.num_seats + self._player
        if out is None:
            gathered: NDArray[np.float32] = self._seat_rows[rows]  # type: ignore[index]
            return gathered
        np.take(self._seat_rows, rows, axis=0, out=out)  # type: ignore[arg-type]
        return out

    def obs_buffers(self) -> tuple[NDArray[np.float32], NDArray[np.bool_], NDArray[np.int64]]:
        """The environment's own ``obs, mask, player`` arrays, which every step overwrites
        in place (what :meth:`step` returns; for adapters that read them between steps)."""
        return self._obs, self._mask, self._player

    def log(self, i: int) -> GameLog:
        """The log of game ``i`` so far (``record=True``)."""
        if not self.record:
            raise RuntimeError("this VecEnv keeps no logs: create it with record=True")
        return self._logs[i]

    def observe(self, i: int, seat: int) -> NDArray[np.float32]:
        """Game ``i`` seen by any ``seat`` (same layout as the step's observations)."""
        if not 0 <= i < self.num_envs or not 0 <= seat < self.num_seats:
            raise ValueError("no such game or seat")
        out = np.zeros((1, _obs.OBSERVATION_SIZE), np.float32)
        one = slice(i, i + 1)
        K.encode(self._p, self._st[one], self._sa[one], self._sides[one], self._deck[one], _OFFSETS, 0, seat,
                 out)
        row: NDArray[np.float32] = out[0]
        return row

    # -- records ------------------------------------------------------------------------------

    def _new_log(self, i: int) -> GameLog:
        return GameLog(self.rules, int(self._st[i, K.FIRST_DEALER]), slot=i,
                       decks=[self._deck[i, : self.rules.deck_size].tolist()])

    def _log_step(self, acts: NDArray[np.int64], before: NDArray[np.int64]) -> None:
        st = self._st
        for i in range(self.num_envs):
            if acts[i] == SKIP:
                continue
            log = self._logs[i]
            k = len(log.actions)
            log.actions.append((int(before[i]), int(acts[i])))
            if st[i, K.REDRAW_NOW]:
                take = int(st[i, K.LAST_TAKE])
                log.redraws[k] = [c for c in range(52) if take >> c & 1]
            if self._done[i]:
                log.over = True
                log.truncated = bool(st[i, K.TRUNC])
                self.finished.append(log)
                self._logs[i] = self._new_log(i)
            elif st[i, K.NEW_HAND]:
                log.decks.append(self._deck[i, : self.rules.deck_size].tolist())
