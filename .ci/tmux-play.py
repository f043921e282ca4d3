#!/usr/bin/env python3
"""Play one hand of the installed ``spades play`` in a real terminal (tmux, 80x24) and check
what the player sees (issue 47).

    python3 .ci/tmux-play.py [--spades CMD] [--out DIR]

``--spades``: how to run the program (default: ``.venv/bin/spades``; in a source tree without
an install, ``"env PYTHONPATH=src python3 -m spades.cli"``).  Every screen is saved as text
under ``--out`` (default ``test-artifacts/tmux``).  The hand is the issue's position
(``--seed 2716454058645617350 --bots basic``): after ``look`` and ``bid 6`` the hint must be
one low heart (the same card) ten times running, the card cursor must start on 5♥, and every screen must fit 80x24 with
no cut line; then Enter plays the cursor's card to the end of the hand, the summary closes,
and ``quit`` must say where the game is saved.  Exits 1 with the reason on failure.
"""

from __future__ import annotations

import argparse
import re
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SEED = "2716454058645617350"
#: the hearts South holds under the partner's K♥: the hint must be one of them, the same every time
LOW_HEARTS = ("J♥", "10♥", "8♥", "5♥")


class Failed(Exception):
    pass


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--spades", default=".venv/bin/spades")
    parser.add_argument("--out", default="test-artifacts/tmux")
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        print("tmux-play: tmux is not installed", file=sys.stderr)
        return 1
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.txt"):
        old.unlink()
    data = Path(tempfile.mkdtemp(prefix="spades-tmux-"))
    session = f"spades-ci-{os.getpid()}"
    command = (
        f"SPADES_DATA_DIR={shlex.quote(str(data))} {args.spades} play --seed {SEED} --pace 0 "
        f"--bots basic --save {shlex.quote(str(data / 'game.json'))}; echo EXIT=$?; sleep 120"
    )
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", command], check=True)
    shots = [0]

    def screen() -> str:
        return subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True, check=True
        ).stdout

    def save(name: str) -> str:
        text = screen()
        shots[0] += 1
        (out / f"{shots[0]:02d}-{name}.txt").write_text(text)
        lines = text.rstrip("\n").split("\n")
        if len(lines) > 24 or any(len(line) > 80 for line in lines):
            raise Failed(f"{name}: the screen is not 80x24")
        if "…" in text or "Traceback" in text:
            raise Failed(f"{name}: a cut line or an error:\n{text}")
        return text

    def keys(*what: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", session, *what], check=True)

    def wait(*needles: str, timeout: float = 60.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = screen()
            if any(needle in text for needle in needles):
                return text
            time.sleep(0.2)
        raise Failed(f"waited {timeout:.0f} s for {needles!r}; the screen:\n{screen()}")

    try:
        wait("Blind nil (+200")
        save("blind-or-look")
        keys("look", "Enter")
        wait("Your bid")
        save("bid")
        keys("bid 6", "Enter")
        wait("Your turn")
        text = save("trick-1")
        if "Enter plays 5♥" not in text:
            raise Failed(f"the cursor does not start on 5♥:\n{text}")
        for _ in range(8):  # a quick burst of typed lines plays no card by itself
            keys("hint", "Enter")
            time.sleep(0.1)
            keys("C-u")
        time.sleep(3)
        text = screen()
        if "K♥◂" not in text or "5♥" not in text.split("Your hand")[1]:
            raise Failed(f"a burst of 'hint' lines played a card:\n{text}")
        answers: list[str] = []
        for i in range(10):
            keys("hint", "Enter")
            time.sleep(1.0)  # each answer replaces the last one on the message line
            text = wait("Hint (")
            found = re.search(r"Hint \(expert\): play (\S+):", text.replace("\n", " "))
            card = found.group(1) if found else "?"
            if card not in LOW_HEARTS or (answers and card != answers[0]):
                raise Failed(f"hint {i + 1} is {card}, not the same low heart as before {answers}:\n{text}")
            answers.append(card)
            if f"Enter plays {card}" not in text:
                raise Failed(f"after hint {i + 1} the cursor is not on {card} (or a card was played):\n{text}")
        save("hint")
        for trick in range(1, 14):  # Enter plays the cursor's card, to the hand's end
            text = wait("Your turn", "Your lead", "Enter: next hand")
            if "Enter: next hand" in text:
                break
            keys("Enter")
            time.sleep(0.5)
            text = save(f"after-trick-{trick}")
            if "Hand 1" in text and "Enter: next hand" in text:
                break
        wait("Enter: next hand")
        save("summary")
        keys("Enter")
        time.sleep(1)
        save("hand-2")
        keys("quit", "Enter")
        text = wait("EXIT=")
        (out / f"{shots[0] + 1:02d}-exit.txt").write_text(text)
        if "EXIT=0" not in text or "spades play --resume" not in text.replace("\n", ""):
            raise Failed(f"quitting did not say where the game is saved:\n{text}")
    except Failed as exc:
        print(f"tmux-play: {exc}", file=sys.stderr)
        return 1
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        shutil.rmtree(data, ignore_errors=True)
    print(f"tmux-play: one hand played at 80x24, {shots[0]} screens in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
