"""The rules of a table as data: a frozen :class:`Rules` with presets.

Every option of RULES.md section 5 is a field; variants are presets, not
subclasses.  Options are checked when the object is built, so a ``Rules`` that
exists is always playable::

    >>> rules = Rules.preset("partnership")
    >>> rules.num_seats, rules.side_of(2), rules.num_sides
    (4, 0, 2)
    >>> import dataclasses
    >>> dataclasses.replace(rules, target_score=300).target_score
    300
    >>> dataclasses.replace(rules, bag_limit=0)
    Traceback (most recent call last):
    ...
    spades.errors.RulesError: bag_limit must be at least 1 (set bag_penalty=0 to turn bags off)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal

from .errors import RulesError

__all__ = [
    "BIDDING_VARIANTS",
    "DECKS",
    "FIRST_LEADS",
    "HOUSE_RULE_OPTIONS",
    "OPTIONS",
    "PRESETS",
    "SEAT_NAMES",
    "Option",
    "Rules",
    "Variant",
]

Variant = Literal["partnership", "two-player", "cutthroat", "three-player"]

VARIANTS: Final[tuple[str, ...]] = ("partnership", "two-player", "cutthroat", "three-player")

#: the values of the ``deck`` option (RULES.md section 7), the default first
DECKS: Final[tuple[str, ...]] = ("standard", "jokers", "jokers-deuces", "deuces")
#: the decks that add the two jokers (three players then play all 54 cards)
_JOKER_DECKS: Final = frozenset({"jokers", "jokers-deuces"})
#: the values of the ``bidding`` option (RULES.md section 7)
BIDDING_VARIANTS: Final[tuple[str, ...]] = ("standard", "mirror", "whiz", "suicide")
#: the values of the ``first_lead`` option
FIRST_LEADS: Final[tuple[str, ...]] = ("left-of-dealer", "two-of-clubs")

#: Seat names by table size.  Four-handed tables use the compass points.
SEAT_NAMES: Final[dict[int, tuple[str, ...]]] = {
    2: ("North", "South"),
    3: ("North", "East", "West"),
    4: ("North", "East", "South", "West"),
}


@dataclass(frozen=True)
class Rules:
    """Variant and house-rule options; see RULES.md section 5 for each default."""

    variant: str = "partnership"
    target_score: int = 500
    losing_score: int | None = None
    nil: bool = True
    nil_bonus: int = 100
    blind_nil: bool = True
    blind_nil_bonus: int = 200
    blind_nil_exchange: int = 3
    blind_nil_min_deficit: int = 0
    bag_limit: int = 10
    bag_penalty: int = 100
    boston_bonus: int = 0
    boston_wins: bool = False
    spades_must_be_broken: bool = True
    max_side_bid: int | None = None
    nil_tricks_count_for_partner: bool = False
    hands: int | None = None
    first_dealer: int | None = None
    # house rules of RULES.md section 7
    bidding: str = "standard"
    nil_exchange: int = 0
    min_side_bid: int = 0
    ten_for_two_hundred: bool = False
    blind_bid_deficit: int | None = None
    blind_bid_min: int = 6
    first_lead: str = "left-of-dealer"
    deck: str = "standard"

    PRESET_NAMES: ClassVar[tuple[str, ...]] = (
        "partnership",
        "two-player",
        "cutthroat",
        "three-player",
        "openspiel",
    )

    def __post_init__(self) -> None:
        def need(cond: bool, message: str) -> None:
            if not cond:
                raise RulesError(message)

        for name, typ in _FIELD_TYPES.items():
            value = getattr(self, name)
            if typ == "bool":
                need(isinstance(value, bool), f"{name} must be true or false, not {value!r}")
            elif typ == "int":
                need(
                    isinstance(value, int) and not isinstance(value, bool),
                    f"{name} must be a whole number, not {value!r}",
                )
            elif typ == "optint":
                need(
                    value is None or (isinstance(value, int) and not isinstance(value, bool)),
                    f"{name} must be a whole number or None, not {value!r}",
                )
            elif typ == "choice":
                choices = _CHOICES[name]
                need(
                    isinstance(value, str) and value in choices,
                    f"{name} must be one of {', '.join(choices)}, not {value!r}",
                )
        need(
            self.variant in VARIANTS,
            f"unknown variant {self.variant!r}: choose one of {', '.join(VARIANTS)}",
        )
        need(self.target_score > 0, "target_score must be positive")
        if self.losing_score is not None:
            need(
                self.losing_score < self.target_score,
                "losing_score must be below target_score",
            )
            need(self.losing_score <= 0, "losing_score must be zero or negative (e.g. -200)")
        need(self.nil_bonus >= 0, "nil_bonus cannot be negative")
        need(self.blind_nil_bonus >= 0, "blind_nil_bonus cannot be negative")
        need(
            0 <= self.blind_nil_exchange <= 4,
            "blind_nil_exchange must be between 0 and 4 cards",
        )
        need(self.blind_nil_min_deficit >= 0, "blind_nil_min_deficit cannot be negative")
        need(
            self.bag_limit >= 1,
            "bag_limit must be at least 1 (set bag_penalty=0 to turn bags off)",
        )
        need(self.bag_penalty >= 0, "bag_penalty cannot be negative (use 0 to turn bags off)")
        need(self.boston_bonus >= 0, "boston_bonus cannot be negative")
        need(
            not (self.boston_wins and self.boston_bonus),
            "choose either boston_bonus or boston_wins, not both",
        )
        if self.max_side_bid is not None:
            need(self.partnerships, "max_side_bid applies to partnerships only")
            need(
                1 <= self.max_side_bid <= self.tricks_per_hand,
                f"max_side_bid must be between 1 and {self.tricks_per_hand}",
            )
            need(
                self.nil or self.max_side_bid >= 2,
                "max_side_bid must be at least 2 when nil is off (each partner bids at least 1)",
            )
        if self.hands is not None:
            need(self.hands >= 1, "hands must be at least 1 (or None to play to the target)")
        if self.first_dealer is not None:
            need(
                0 <= self.first_dealer < self.num_seats,
                f"first_dealer must be a seat from 0 to {self.num_seats - 1}",
            )
        if self.blind_nil:
            need(self.nil, "blind nil needs nil bids: turn nil on or blind_nil off")
        self._check_house_rules(need)

    def _check_house_rules(self, need: Any) -> None:
        """The options of RULES.md section 7, alone and together."""
        per_hand = self.tricks_per_hand
        if self.bidding != "standard":
            need(
                self.nil,
                f"bidding {self.bidding!r} needs nil bids: turn nil on "
                + ("(each partnership bids one nil)" if self.bidding == "suicide"
                   else "(a player without spades bids nil)"),
            )
        if self.bidding == "suicide":
            need(self.partnerships, "bidding 'suicide' is for partnerships only (one nil per partnership)")
        if self.bidding in ("mirror", "whiz"):
            need(
                self.max_side_bid is None and self.min_side_bid == 0,
                f"bidding {self.bidding!r} fixes the bids by the cards: "
                "it cannot be played with max_side_bid or min_side_bid",
            )
        need(0 <= self.nil_exchange <= 4, "nil_exchange must be between 0 (off) and 4 cards")
        if self.nil_exchange:
            need(self.partnerships, "nil_exchange is for partnerships only (the nil bidder's partner passes)")
            need(self.nil, "nil_exchange needs nil bids: turn nil on or nil_exchange off")
        need(
            0 <= self.min_side_bid <= per_hand,
            f"min_side_bid must be between 0 (off) and {per_hand}",
        )
        if self.min_side_bid:
            need(self.partnerships, "min_side_bid is for partnerships only (partners' bids add up)")
            if self.max_side_bid is not None:
                need(
                    self.min_side_bid <= self.max_side_bid,
                    "min_side_bid cannot be more than max_side_bid",
                )
        need(
            1 <= self.blind_bid_min <= per_hand,
            f"blind_bid_min must be between 1 and {per_hand}",
        )
        if self.blind_bid_deficit is not None:
            need(self.blind_bid_deficit >= 0, "blind_bid_deficit cannot be negative (None: no blind bids)")
            need(self.partnerships, "blind bids are for partnerships only (one partner bids for the side)")
            need(
                self.bidding == "standard",
                f"blind bids cannot be played with bidding {self.bidding!r}: turn blind_bid_deficit off",
            )
            if self.max_side_bid is not None:
                need(
                    self.blind_bid_min <= self.max_side_bid,
                    "blind_bid_min cannot be more than max_side_bid",
                )
            need(
                self.blind_bid_min >= self.min_side_bid,
                "blind_bid_min cannot be less than min_side_bid",
            )

    # -- shape of the table -------------------------------------------------

    @property
    def num_seats(self) -> int:
        """2, 3 or 4."""
        return _SEATS[self.variant]

    @property
    def partnerships(self) -> bool:
        """True when partners sit opposite and score together."""
        return self.variant == "partnership"

    @property
    def num_sides(self) -> int:
        """How many scoring sides: 2 for partnerships, else one per seat."""
        return 2 if self.partnerships else self.num_seats

    @property
    def cards_per_hand(self) -> int:
        """13; three players 17, or 18 with the jokers (all 54 cards, RULES.md section 7)."""
        if self.variant != "three-player":
            return 13
        return 18 if self.deck in _JOKER_DECKS else 17

    @property
    def tricks_per_hand(self) -> int:
        return self.cards_per_hand

    @property
    def deck_size(self) -> int:
        """Cards in the shuffled pack: 52; three players 51 (no 2 of clubs), or 54 with the
        jokers (:func:`spades.core.deck.deck_of` gives the cards themselves)."""
        if self.variant != "three-player":
            return 52
        return 54 if self.deck in _JOKER_DECKS else 51

    @property
    def uses_draw(self) -> bool:
        """Two-player: the hand is drawn from a stock instead of dealt."""
        return self.variant == "two-player"

    @property
    def has_exchange(self) -> bool:
        """Partners exchange cards after a blind nil (four-handed partnerships only)."""
        return self.partnerships and self.blind_nil_offered and self.blind_nil_exchange > 0

    @property
    def has_nil_exchange(self) -> bool:
        """Partners exchange cards after a (not blind) nil (``nil_exchange``)."""
        return self.partnerships and self.nil and self.nil_exchange > 0

    @property
    def blind_nil_offered(self) -> bool:
        """Blind nil can be bid: the option is on and the bids are not forced (Mirror)."""
        return self.blind_nil and self.bidding != "mirror"

    @property
    def blind_bids(self) -> bool:
        """A trailing partnership may bid ``blind N`` (``blind_bid_deficit`` set)."""
        return self.blind_bid_deficit is not None

    @property
    def plain_bidding(self) -> bool:
        """Bids are a range of numbers (and nil): no bidding variant, no minimum side bid,
        no blind bids.  The engine checks other bids through its general path."""
        return self.bidding == "standard" and self.min_side_bid == 0 and self.blind_bid_deficit is None

    def side_of(self, seat: int) -> int:
        """The side (scoring unit) of a seat."""
        return seat % 2 if self.partnerships else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats of a side."""
        if self.partnerships:
            return (side, side + 2)
        return (side,)

    def partner_of(self, seat: int) -> int | None:
        """The partner's seat, or None in individual games."""
        return (seat + 2) % 4 if self.partnerships else None

    def seat_name(self, seat: int) -> str:
        """``'North'``, ``'East'``... for messages."""
        return SEAT_NAMES[self.num_seats][seat]

    def side_name(self, side: int) -> str:
        """``'North-South'`` for a partnership, the seat's name otherwise."""
        return "-".join(self.seat_name(s) for s in self.seats_of(side))

    @property
    def max_bid(self) -> int:
        return self.tricks_per_hand

    # -- presets and serialisation ------------------------------------------

    @classmethod
    def preset(cls, name: str, **options: Any) -> Rules:
        """A named preset, optionally with some options changed.

        Presets: ``partnership`` (the default, RULES.md section 2), ``two-player``
        (section 3), ``cutthroat``, ``three-player`` (section 4) and ``openspiel``
        (OpenSpiel's ``spades``, section 5).
        """
        key = name.strip().lower().replace("_", "-") if isinstance(name, str) else name
        if key not in PRESETS:
            raise RulesError(f"unknown preset {name!r}: choose one of {', '.join(PRESETS)}")
        base = PRESETS[key]
        return dataclasses.replace(base, **options) if options else base

    def to_dict(self) -> dict[str, Any]:
        """Every option, JSON-ready."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """The inverse of :meth:`to_dict`; unknown keys are an error."""
        if not isinstance(data, dict):
            raise RulesError("rules must be given as a mapping of option names to values")
        unknown = set(data) - set(_FIELD_TYPES) - {"variant"}
        if unknown:
            raise RulesError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        return cls(**data)

    def house_rules(self) -> list[str]:
        """The options of RULES.md section 7 (house rules) set away from their defaults,
        by name: what a tool that does not play them yet refuses."""
        base = Rules()
        return [
            name
            for name in HOUSE_RULE_OPTIONS
            if getattr(self, name) != getattr(base, name)
            and not (name == "blind_bid_min" and self.blind_bid_deficit is None)
        ]

    def describe(self) -> list[str]:
        """The options that differ from the variant's preset, as ``name = value`` lines."""
        base = PRESETS[self.variant]
        return [
            f"{f.name} = {getattr(self, f.name)!r}"
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        ]

    def describe_for_players(self) -> list[str]:
        """The options that differ from the variant's preset, in a player's words
        (``'blind nil only when behind by: 100 points'``)."""
        base = PRESETS[self.variant]
        return [
            opt.words(getattr(self, opt.name))
            for opt in OPTIONS
            if getattr(self, opt.name) != getattr(base, opt.name)
        ]


_SEATS: Final = {"partnership": 4, "two-player": 2, "cutthroat": 4, "three-player": 3}


@dataclass(frozen=True)
class Option:
    """One rule option, described once: the command-line flags, the OpenSpiel
    parameters, the lobby and ``docs/rules.md`` are made from these."""

    #: the :class:`Rules` field
    name: str
    #: ``"int"``, ``"optint"`` (a whole number or None), ``"bool"`` or ``"choice"`` (one of
    #: ``choices``, words)
    kind: str
    #: what players call it
    label: str
    #: one sentence for players
    help: str
    #: the unit of a number ("points", "cards"...)
    unit: str = ""
    minimum: int | None = None
    maximum: int | None = None
    #: what None means, for ``optint`` options
    none: str = ""
    #: the command-line flag (default: ``--`` and the name with dashes)
    flag: str = ""
    #: older spellings of the flag, still accepted but not shown
    aliases: tuple[str, ...] = ()
    #: the values of a ``choice`` option, the default first
    choices: tuple[str, ...] = ()

    @property
    def cli_flag(self) -> str:
        return self.flag or "--" + self.name.replace("_", "-")

    def words(self, value: Any) -> str:
        """``'target score: 300 points'``, ``'nil: off'``, ``'losing score: none'``."""
        if self.kind == "bool":
            text = "on" if value else "off"
        elif self.kind == "choice":
            text = str(value)
        elif value is None:
            text = self.none or "none"
        else:
            unit = self.unit[:-1] if value in (1, -1) and self.unit.endswith("s") else self.unit
            text = f"{value} {unit}".strip()
        return f"{self.label}: {text}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, for clients (the lobby) and tools."""
        return {**dataclasses.asdict(self), "flag": self.cli_flag}


#: every option of :class:`Rules` but the variant, in the order of RULES.md section 5
OPTIONS: Final[tuple[Option, ...]] = (
    Option("target_score", "int", "target score", "a side at or above it after a hand can win",
           "points", minimum=1, flag="--target-score", aliases=("--target",)),
    Option("losing_score", "optint", "losing score",
           "a side at or below it after a hand loses (a mercy rule, e.g. -200)", "points",
           maximum=0, none="none"),
    Option("nil", "bool", "nil", "nil bids are allowed (off also turns blind nil off)"),
    Option("nil_bonus", "int", "nil bonus", "won or lost per nil bid", "points", minimum=0),
    Option("blind_nil", "bool", "blind nil", "blind nil may be bid before looking at one's cards"),
    Option("blind_nil_bonus", "int", "blind nil bonus", "won or lost per blind nil bid", "points", minimum=0),
    Option("blind_nil_exchange", "int", "blind nil exchange",
           "cards passed each way after a blind nil (four players) or discarded at most (two players)",
           "cards", minimum=0, maximum=4, aliases=("--exchange",)),
    Option("blind_nil_min_deficit", "int", "blind nil only when behind by",
           "a side may bid blind nil only when it trails by at least this much", "points", minimum=0,
           aliases=("--blind-nil-behind",)),
    Option("bag_limit", "int", "bag limit", "bags (overtricks) that cost the bag penalty", "bags", minimum=1),
    Option("bag_penalty", "int", "bag penalty", "lost per bag limit reached; 0 turns bags off", "points",
           minimum=0),
    Option("boston_bonus", "int", "Boston bonus", "won by a side that takes every trick of a hand",
           "points", minimum=0),
    Option("boston_wins", "bool", "Boston wins", "taking every trick of a hand wins the game outright"),
    Option("spades_must_be_broken", "bool", "spades must be broken",
           "spades may not be led until one has been played (unless the leader holds only spades)",
           aliases=("--no-breaking",)),
    Option("max_side_bid", "optint", "most tricks partners may bid",
           "partners' bids may not add up to more (OpenSpiel's rule)", "tricks", minimum=1, maximum=18,
           none="no limit"),
    Option("nil_tricks_count_for_partner", "bool", "nil tricks count for partner",
           "a nil bidder's tricks count toward the partner's contract instead of being bags",
           aliases=("--nil-tricks-count",)),
    Option("hands", "optint", "hands per game",
           "the game stops after this many hands (the higher score wins; a tie is a draw)", "hands",
           minimum=1, none="play to the target", flag="--game-hands", aliases=("--hands",)),
    Option("first_dealer", "optint", "first dealer",
           "the seat that deals (or draws first) in the first hand: a number from 0 or a seat name",
           minimum=0, maximum=3, none="random"),
    # house rules (RULES.md section 7)
    Option("bidding", "choice", "bidding",
           "standard; mirror: everyone bids their spades; whiz: nil or one's spades; "
           "suicide: one nil per partnership",
           choices=BIDDING_VARIANTS),
    Option("nil_exchange", "int", "nil exchange",
           "cards a nil bidder and the partner pass each way after the bidding; 0 turns it off",
           "cards", minimum=0, maximum=4),
    Option("min_side_bid", "int", "least tricks partners may bid",
           "partners' bids (nil counts 0) must add up to at least this (board, e.g. 4); 0 turns it off",
           "tricks", minimum=0, maximum=18),
    Option("ten_for_two_hundred", "bool", "ten for two hundred",
           "a side that bids 10 or more and makes it scores 200 for the contract"),
    Option("blind_bid_deficit", "optint", "blind bids when behind by",
           "a partnership behind by at least this much may bid blind for the side (scores double)",
           "points", minimum=0, none="off"),
    Option("blind_bid_min", "int", "smallest blind bid",
           "the fewest tricks a blind bid may name", "tricks", minimum=1, maximum=18),
    Option("first_lead", "choice", "first lead",
           "who leads the first trick: left of the dealer, or the holder of the two of clubs, who leads it",
           choices=FIRST_LEADS),
    Option("deck", "choice", "deck",
           "standard; jokers: big and little joker above the ace of spades, no 2 of clubs or diamonds; "
           "jokers-deuces: jokers, then the 2 of diamonds and the 2 of spades above the ace, "
           "no 2 of clubs or hearts; deuces: the 2 of diamonds and the 2 of spades above the ace",
           choices=DECKS),
)

#: the options of RULES.md section 7 (house rules)
HOUSE_RULE_OPTIONS: Final[tuple[str, ...]] = (
    "bidding",
    "nil_exchange",
    "min_side_bid",
    "ten_for_two_hundred",
    "blind_bid_deficit",
    "blind_bid_min",
    "first_lead",
    "deck",
)

#: the values of every ``choice`` option
_CHOICES: Final = {opt.name: opt.choices for opt in OPTIONS if opt.kind == "choice"}

#: the kind of every option field, for the checks in Rules.__post_init__
_FIELD_TYPES: Final = {opt.name: opt.kind for opt in OPTIONS}

PRESETS: Final[dict[str, Rules]] = {
    "partnership": Rules(),
    "two-player": Rules(variant="two-player"),
    "cutthroat": Rules(variant="cutthroat"),
    "three-player": Rules(variant="three-player"),
    "openspiel": Rules(
        blind_nil=False,
        max_side_bid=13,
        nil_tricks_count_for_partner=True,
        hands=1,
        first_dealer=3,
    ),
}
