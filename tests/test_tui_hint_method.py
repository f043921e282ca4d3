"""The hint names how the expert chose: a card that a certain spot settles
(spades.bots.certain) is explained by its facts alone, not as the best of sampled deals."""

from __future__ import annotations

import random
from collections.abc import Iterator

from spades import Card, Game, Rules
from spades.bots.certain import certain_card
from spades.tui.hints import explain
from spades.view import View

SAMPLED = "most points over sampled deals"


def _positions(seed: int) -> Iterator[View]:
    """Every view met in card play of one random game's first hand."""
    game = Game(Rules.preset("partnership", hands=1), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        view = game.view(game.to_act)
        if view.phase == "play":
            yield view
        game.apply(rng.choice(game.legal_actions()))


def test_a_certain_card_is_explained_by_its_facts_and_another_by_the_sampled_deals() -> None:
    certain = sampled = 0
    for seed in range(6):
        for view in _positions(seed):
            card = certain_card(view)
            if card is not None:
                text = explain(view, card, "expert")
                assert SAMPLED not in text, text
                assert text  # the facts: which card wins, what the side needs
                certain += 1
            else:
                legal = [a for a in view.legal if isinstance(a, Card)]
                if len(legal) > 1:
                    assert SAMPLED in explain(view, legal[0], "expert")
                    sampled += 1
    assert certain >= 5 and sampled >= 5  # both kinds were met
