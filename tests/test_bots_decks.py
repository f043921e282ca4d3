"""The bots' plain player for the jokers and deuces packs (spades.bots.decks): trumps read by
the deck, never by ``id // 13``.  (Games with those packs need the engine's ``deck`` option;
these are the counts the bids rest on.)"""

from __future__ import annotations

from spades import CardSet, Rules
from spades.bots.decks import deck_for, deck_tricks
from spades.cards import BIG_JOKER, LITTLE_JOKER
from spades.core.deck import deck_of


def test_the_standard_pack_keeps_the_bots_own_path() -> None:
    assert deck_for(Rules.preset("partnership")) is None


def test_jokers_are_sure_tricks() -> None:
    """Jokers: BJ LJ A K ... of spades.  The big joker is the highest card: one trick.  The
    little joker is beaten by the big one only, so beside one low trump (played under the
    big joker) it is a trick too: 2 with the 2 of spades.  Nothing else in the hand (low
    side cards) takes a trick."""
    jokers = deck_of("jokers")
    low = CardSet("3C 4C 5C 6C 3D 4D 5D 6D 3H 4H 5H").mask
    both = low | 1 << BIG_JOKER | 1 << LITTLE_JOKER
    assert deck_tricks(jokers, both) == 2.0
    assert deck_tricks(jokers, low | 1 << BIG_JOKER | CardSet("2S").mask) == 1.0


def test_the_deuce_of_diamonds_is_a_trump_in_deuces() -> None:
    """Deuces: 2D 2S A K ... of spades.  The 2 of diamonds is the top trump (a trick); in the
    standard pack the same card is the lowest diamond and takes nothing."""
    hand = CardSet("2D 3C 4C 5C 6C 3D 4D 5D 6D 3H 4H 5H 6H").mask
    assert deck_tricks(deck_of("deuces"), hand) == 1.0
    assert deck_tricks(deck_of("standard"), hand) == 0.0
