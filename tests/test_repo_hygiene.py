"""The tree as committed: no merge left half done.

Parallel branches are merged into main; a conflict resolved in one file and missed in another
once committed ``<<<<<<<`` lines into a page (``me.html``), which the browser showed as text."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("src", "tests", "docs", "bench", ".ci", "deploy")
SUFFIXES = {".py", ".js", ".html", ".css", ".md", ".po", ".pot", ".toml", ".cfg", ".json", ".sh", ""}


def _files() -> list[Path]:
    out = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for top in SCANNED:
        for path in (ROOT / top).rglob("*"):
            if path.is_file() and path.suffix in SUFFIXES and "node_modules" not in path.parts:
                out.append(path)
    return out


def test_no_merge_conflict_markers_anywhere() -> None:
    marked = []
    files = _files()
    for path in files:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (UnicodeDecodeError, OSError):
            continue
        marked += [f"{path.relative_to(ROOT)}:{i + 1}" for i, line in enumerate(lines)
                   if line.startswith(("<<<<<<< ", ">>>>>>> "))]
    assert len(files) > 100
    assert marked == []
