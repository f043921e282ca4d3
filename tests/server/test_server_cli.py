"""`spades serve` when a package the server needs is missing (issue: README browser command)."""

from __future__ import annotations

from spades.cli.serve import missing_dependency_message


def test_missing_greenlet_names_the_package_not_the_extra() -> None:
    # SQLAlchemy 2.1 raises this when greenlet is absent, although the server extra is installed.
    exc = ImportError(
        "The SQLAlchemy asyncio module requires that the Python 'greenlet' library is installed."
    )
    text = missing_dependency_message(exc)
    assert "'greenlet' is missing" in text
    assert "pip install 'spades[server]'" in text


def test_missing_module_uses_the_import_name() -> None:
    exc = ModuleNotFoundError("No module named 'starlette'", name="starlette")
    assert "'starlette' is missing" in missing_dependency_message(exc)


def test_server_extra_brings_greenlet() -> None:
    # The server extra asks for SQLAlchemy's asyncio extra, which is what brings greenlet.
    from importlib.metadata import requires

    server = [r for r in requires("spades") or [] if 'extra == "server"' in r]
    assert any(r.startswith("sqlalchemy[asyncio]") for r in server), server
