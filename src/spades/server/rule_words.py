"""The words of the rule options (:data:`spades.rules.OPTIONS`) that the lobby shows, marked
for the ``web`` catalog: the lobby gets them in English from ``/api/config`` and words them with
the catalog.  ``tests/test_web_i18n.py`` checks that this list is exactly the options' words."""

from __future__ import annotations

from typing import Final

from ..i18n import N_

__all__ = ["CHOICE_WORDS", "OPTION_WORDS", "RULE_SET_WORDS"]

#: label, help, unit and the word for "none" of every option, in the order of OPTIONS
OPTION_WORDS: Final = (
    N_("target score"),
    N_("a side at or above it after a hand can win"),
    N_("points"),
    N_("losing score"),
    N_("a side at or below it after a hand loses (a mercy rule, e.g. -200)"),
    N_("none"),
    N_("nil"),
    N_("nil bids are allowed (off also turns blind nil off)"),
    N_("nil bonus"),
    N_("won or lost per nil bid"),
    N_("blind nil"),
    N_("blind nil may be bid before looking at one's cards"),
    N_("blind nil bonus"),
    N_("won or lost per blind nil bid"),
    N_("blind nil exchange"),
    N_("cards passed each way after a blind nil (four players) or discarded at most (two players)"),
    N_("cards"),
    N_("blind nil only when behind by"),
    N_("a side may bid blind nil only when it trails by at least this much"),
    N_("bag limit"),
    N_("bags (overtricks) that cost the bag penalty"),
    N_("bags"),
    N_("bag penalty"),
    N_("lost per bag limit reached; 0 turns bags off"),
    N_("Boston bonus"),
    N_("won by a side that takes every trick of a hand"),
    N_("Boston wins"),
    N_("taking every trick of a hand wins the game outright"),
    N_("spades must be broken"),
    N_("spades may not be led until one has been played (unless the leader holds only spades)"),
    N_("most tricks partners may bid"),
    N_("partners' bids may not add up to more (OpenSpiel's rule)"),
    N_("tricks"),
    N_("no limit"),
    N_("nil tricks count for partner"),
    N_("a nil bidder's tricks count toward the partner's contract instead of being bags"),
    N_("hands per game"),
    N_("the game stops after this many hands (the higher score wins; a tie is a draw)"),
    N_("hands"),
    N_("play to the target"),
    N_("first dealer"),
    N_("the seat that deals (or draws first) in the first hand: a number from 0 or a seat name"),
    N_("random"),
    # house rules (RULES.md section 7)
    N_("bidding"),
    N_(
        "standard; mirror: everyone bids their spades; whiz: nil or one's spades; "
        "suicide: one nil per partnership"
    ),
    N_("nil exchange"),
    N_("cards a nil bidder and the partner pass each way after the bidding; 0 turns it off"),
    N_("least tricks partners may bid"),
    N_("partners' bids (nil counts 0) must add up to at least this (board, e.g. 4); 0 turns it off"),
    N_("ten for two hundred"),
    N_("a side that bids 10 or more and makes it scores 200 for the contract"),
    N_("blind bids when behind by"),
    N_("a partnership behind by at least this much may bid blind for the side (scores double)"),
    N_("off"),
    N_("smallest blind bid"),
    N_("the fewest tricks a blind bid may name"),
    N_("first lead"),
    N_("who leads the first trick: left of the dealer, or the holder of the two of clubs, who leads it"),
    N_("deck"),
    N_(
        "standard; jokers: big and little joker above the ace of spades, no 2 of clubs or diamonds; "
        "jokers-deuces: jokers, then the 2 of diamonds and the 2 of spades above the ace, "
        "no 2 of clubs or hearts; deuces: the 2 of diamonds and the 2 of spades above the ace"
    ),
)

#: the words of the ``choice`` options (bidding, first lead), in the order of OPTIONS: the
#: lobby's menus word them with the catalog (``_(c)`` in lobby.js, which extraction cannot see)
CHOICE_WORDS: Final = (
    N_("standard"),
    N_("mirror"),
    N_("whiz"),
    N_("suicide"),
    N_("left-of-dealer"),
    N_("two-of-clubs"),
    N_("standard"),
    N_("jokers"),
    N_("jokers-deuces"),
    N_("deuces"),
)

#: the titles and descriptions of the named rule sets (``spades.rulesets.RULE_SETS``, served
#: as ``/api/config`` "rule_sets" and ``/api/rule-sets``), in their order: the lobby words them
RULE_SET_WORDS: Final = (
    N_("Classic Spades to 500"),
    N_("partnerships, nil 100, blind nil 200, 10 bags cost 100 points"),
    N_("Joker-Joker-Deuce-Deuce to 500, board 4, 10 for 200"),
    N_(
        "the big and little joker, the 2 of diamonds and the 2 of spades above the ace of spades; "
        "partners bid at least 4 together; 10 or more bid and made scores 200"
    ),
    N_("Joker-Joker-Ace"),
    N_("the big and the little joker above the ace of spades (no 2 of clubs or diamonds)"),
    N_("Deuce-Deuce-Ace"),
    N_("the 2 of diamonds and the 2 of spades above the ace of spades"),
    N_("Suicide"),
    N_("in each partnership one player bids nil and the other a number"),
    N_("Mirror"),
    N_("everyone bids the number of spades they hold (nil with none)"),
    N_("Whiz"),
    N_("everyone bids nil or the number of spades they hold"),
)
