"""Helpers of the accessibility browser tests (issue 52): what a screen reader hears, axe-core.

* :data:`HEAR_JS`: an init script that records every text added to the page's live regions
  (``aria-live``), as a screen reader is told it, in ``window.__heard``.
* :func:`heard`: those texts so far.
* :func:`run_axe`: axe-core (tests/js/node_modules, installed by ``npm ci``) injected into the
  page and run; the violations by impact.
* :func:`new_keyboard_table`: a table made in the lobby with three computer players, one hand.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from server_helpers import ROOT, LiveServer

AXE = ROOT / "tests" / "js" / "node_modules" / "axe-core" / "axe.min.js"
A11Y_ARTIFACTS = ROOT / "test-artifacts" / "a11y"
#: per-process axe counts, summed and printed by tests/conftest.py at the session's end
AXE_COUNTS_DIR = A11Y_ARTIFACTS / ".axe"

HEAR_JS = """
(() => {
  window.__heard = [];
  const seen = new WeakSet();
  const note = (node) => {
    const region = node.parentElement && node.parentElement.closest("[aria-live]");
    if (!region || seen.has(node)) return;
    seen.add(node);
    const text = (node.textContent || "").trim();
    if (text) window.__heard.push({ text, live: region.getAttribute("aria-live") });
  };
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) note(n);
  }).observe(document, { childList: true, subtree: true });
})();
"""


def heard(page: Any) -> list[dict[str, str]]:
    """Every announcement so far: ``{"text", "live"}`` (live: polite or assertive)."""
    return list(page.evaluate("() => window.__heard || []"))


def heard_texts(page: Any) -> list[str]:
    return [h["text"] for h in heard(page)]


def wait_heard(page: Any, pred: Any, seconds: float = 10, start: int = 0) -> str:
    """The first announcement from index ``start`` on that ``pred`` accepts, waiting for it."""
    deadline = time.time() + seconds
    while True:
        texts = heard_texts(page)[start:]
        for t in texts:
            if pred(t):
                return t
        assert time.time() < deadline, f"never heard it; heard: {texts}"
        page.wait_for_timeout(100)


def axe_source() -> str | None:
    """axe.min.js, or None when it is not installed (then CI fails: it must not skip there)."""
    if AXE.exists():
        return AXE.read_text()
    if os.environ.get("CI"):
        pytest.fail(f"axe-core is missing ({AXE}): .ci/run installs it with `npm ci` in tests/js")
    return None


def run_axe(page: Any, source: str) -> dict[str, list[dict[str, Any]]]:
    """axe-core run on the page as it is now; the violations grouped by impact."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(content=source)
    result = page.evaluate(
        """async () => {
          const r = await axe.run(document, { resultTypes: ["violations"] });
          return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => n.target.join(" ") + " :: " + (n.failureSummary || "").slice(0, 200)),
          }));
        }"""
    )
    out: dict[str, list[dict[str, Any]]] = {}
    for v in result:
        out.setdefault(v["impact"] or "unknown", []).append(v)
    return out


def record_axe(label: str, found: dict[str, list[dict[str, Any]]]) -> None:
    """Keep this page/state's counts for the session's summary (tests/conftest.py)."""
    AXE_COUNTS_DIR.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    path = AXE_COUNTS_DIR / f"{worker}-{os.getpid()}.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[label] = {impact: len(v) for impact, v in found.items()}
    path.write_text(json.dumps(data))


def new_keyboard_table(page: Any, server: LiveServer, name: str = "Alice", hands: int = 1) -> str:
    """A table made in the lobby: ``name`` in seat 0, three computer players (instant), no
    timer, ``hands`` hands; returns the table's id."""
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-3")
    page.fill("#name", name)
    page.select_option("#speed", "0.05")
    page.select_option("#timer", "0")
    for i, value in enumerate(["you", "bot:basic", "bot:basic", "bot:basic"]):
        page.select_option(f"#seat-{i}", value)
    page.click("details summary")
    page.fill("#opt-hands", str(hands))
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#me-bar b")
    return str(page.url.rstrip("/").rsplit("/", 1)[-1])


def save_text(name: str, text: str) -> Path:
    A11Y_ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = A11Y_ARTIFACTS / name
    path.write_text(text)
    return path
