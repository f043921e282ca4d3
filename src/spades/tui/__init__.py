"""Play Spades in the terminal: ``spades play`` (needs the ``tui`` extra).

* :mod:`spades.tui.controller` - the game against computer players, commands,
  undo, hints and saving; pure Python, no terminal needed.
* :mod:`spades.tui.app` - the full-screen textual application drawing it.
* :mod:`spades.tui.render` - rich text for the table, the hand and summaries.
* :mod:`spades.tui.hints` - one-line reasons for a suggested move.
* :mod:`spades.tui.storage` - the data folder and saved games.

Importing this package imports neither textual nor rich.
"""
