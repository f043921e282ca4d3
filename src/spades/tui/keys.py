"""The key bindings' descriptions (textual's footer and key panel) in the player's language.

``BINDINGS`` are class attributes, made when the module is imported, before the
language is chosen; their descriptions are marked with ``N_`` and each screen
calls :func:`translate_bindings` on itself when it is made.
"""

from __future__ import annotations

import dataclasses

from textual.dom import DOMNode

from ..i18n import _

__all__ = ["translate_bindings"]


def translate_bindings(node: DOMNode) -> None:
    """Word the descriptions of ``node``'s own key bindings in the language in use."""
    bindings = node._bindings
    bindings.key_to_bindings = {
        key: [dataclasses.replace(b, description=_(b.description)) if b.description else b for b in items]
        for key, items in bindings.key_to_bindings.items()
    }
