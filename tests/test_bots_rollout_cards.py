"""The play-outs' card pickers (spades.bots.simulate) against the card-by-card definitions
they replace: the lowest and highest card of a mask and the cards that beat the trick's
winner, on any mask of the play-outs' layout (trumps up to bit 54)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from spades.bots import simulate as sim

MASKS = st.integers(min_value=0, max_value=(1 << 55) - 1)
CARDS = st.integers(min_value=0, max_value=54)


def _cards(mask: int) -> list[int]:
    return [c for c in range(55) if mask >> c & 1]


def _lowest_by_card(mask: int) -> int:
    """The first card, in card order, of the least key (rank, a trump after a plain card)."""
    keys = [(sim.slot_rank(c) * 2 + (c >= 39), c) for c in _cards(mask)]
    return min(keys)[1] if keys else -1


def _highest_by_card(mask: int, spades_last: bool) -> int:
    """The first card, in card order, of the greatest key."""
    best, best_key = -1, -1
    for c in _cards(mask):
        key = sim.slot_rank(c) * 2 + ((c < 39) if spades_last else (c >= 39))
        if key > best_key:
            best, best_key = c, key
    return best


@given(MASKS)
def test_lowest_card_of_a_mask_is_the_least_rank_plain_before_trump(mask: int) -> None:
    assert sim._lowest(mask) == _lowest_by_card(mask)


@given(MASKS, st.booleans())
def test_highest_card_of_a_mask_is_the_greatest_rank(mask: int, spades_last: bool) -> None:
    assert sim._highest(mask, spades_last) == _highest_by_card(mask, spades_last)


@given(MASKS, CARDS)
def test_beaters_are_the_cards_that_beat_the_winning_card(mask: int, best: int) -> None:
    beaters = sum(1 << c for c in _cards(mask) if sim.slot_beats(c, best))
    assert sim._beaters(mask, best) == beaters
    assert sim._losers(mask, best) == mask & ~beaters
