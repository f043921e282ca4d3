"""``spades serve``: run the web server (play with friends in the browser)."""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; use 0.0.0.0 to let others on your network join)",
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="database: postgresql://user@host/db or sqlite:///file.sqlite "
        "(default: SQLite in the data folder)",
    )
    parser.add_argument(
        "--data",
        default="spades-data",
        metavar="DIR",
        help="data folder for the default SQLite database (default ./spades-data)",
    )
    parser.add_argument(
        "--broker",
        default=None,
        metavar="URL",
        help="redis://HOST:PORT: run as one of several processes sharing the tables "
        "(needs a PostgreSQL --db; see deploy/README.md)",
    )
    parser.add_argument("--log-level", default="warning", choices=["debug", "info", "warning", "error"])
    parser.add_argument(
        "--log-format",
        default="text",
        choices=["text", "json"],
        help="server log lines as plain text or one JSON object per line (for log collectors)",
    )
    parser.add_argument(
        "--chat-filter",
        default=None,
        metavar="FILE",
        help="words to mask in the chat, one a line (a trailing * matches every word that begins so; "
        "# starts a comment); default: a short built-in list of the worst insults and slurs",
    )
    parser.add_argument(
        "--no-chat-filter", action="store_true", help="mask no words in the chat (no word filter)"
    )
    parser.add_argument(
        "--reports",
        action="store_true",
        help="list the chat messages players reported (newest first, with the messages before each) "
        "from the database, and exit",
    )
    parser.add_argument("--json", action="store_true", help="with --reports: one JSON object per line")
    parser.add_argument(
        "--no-rate-limits",
        action="store_true",
        help="turn off the per-client rate limits and the cap on computer-only tables "
        "(benchmarks and trusted networks only)",
    )


def missing_dependency_message(exc: ImportError) -> str:
    """Words for a failed import of the server: which package is missing and how to install it.

    ``spades[server]`` may be installed and still lack a package (an upstream release that stopped
    bringing one of its own dependencies), so the message names the package rather than assuming
    the extra is absent.
    """
    text = str(exc)
    name = exc.name
    if name is None:
        found = re.search(r"Python '([\w.-]+)' library", text)
        name = found.group(1) if found else None
    package = f"the Python package {name!r}" if name else "a Python package"
    return (
        f"the web server cannot start: {package} is missing ({text}). "
        "Install the server extra with its dependencies: pip install 'spades[server]'"
    )


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..server.app import create_app
        from ..server.protocol import MAX_MESSAGE_BYTES
        from ..server.storage import StorageError, normalize_url
        from ..server.table import prepare_bots
    except ImportError as exc:
        print(f"spades serve: {missing_dependency_message(exc)}", file=sys.stderr)
        return 2
    if not 0 < args.port < 65536:
        print("spades serve: --port must be between 1 and 65535", file=sys.stderr)
        return 2
    if args.broker and not (args.db or "").startswith(("postgresql://", "postgres://")):
        print(
            "spades serve: --broker needs a shared PostgreSQL database (--db postgresql://...)",
            file=sys.stderr,
        )
        return 2
    if args.broker and not args.broker.startswith(("redis://", "rediss://", "unix://")):
        print("spades serve: --broker must be a Redis URL such as redis://127.0.0.1:6379", file=sys.stderr)
        return 2
    try:
        normalize_url(args.db, args.data)
        if args.reports:
            asyncio.run(_print_reports(args.db, args.data, args.json))
            return 0
        asyncio.run(_check_database(args.db, args.data))
    except (StorageError, OSError) as exc:
        print(f"spades serve: {exc}", file=sys.stderr)
        return 2
    from ..server.limits import Limits

    censor = _chat_filter(args)
    if censor is None:
        return 2
    _setup_logging(args.log_level, args.log_format)
    limits = Limits.off() if args.no_rate_limits else None
    app = create_app(args.db, args.data, limits, args.broker, chat_filter=censor)
    prepare_bots()
    print(
        f"spades: open http://{args.host}:{args.port}/ in your browser (Ctrl+C stops the server)", flush=True
    )
    try:
        uvicorn.run(
            app,
            host=args.host,
            port=args.port,
            log_level=args.log_level,
            ws_max_size=MAX_MESSAGE_BYTES * 2,
            ws_ping_interval=20,
            ws_ping_timeout=30,
            # small JSON messages: compressing each one costs more CPU than it saves
            ws_per_message_deflate=False,
            lifespan="on",
            log_config=None if args.log_format == "json" else uvicorn.config.LOGGING_CONFIG,
        )
    except StorageError as exc:
        print(f"spades serve: {exc}", file=sys.stderr)
        return 2
    return 0


def _setup_logging(level: str, fmt: str) -> None:
    """The server's own log (``spades.server``) on stderr, as text or JSON lines."""
    import logging

    from ..server.metrics import JsonFormatter

    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
        root = logging.getLogger()
        root.handlers[:] = [handler]
        root.setLevel(level.upper())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        logger = logging.getLogger("spades.server")
        logger.handlers[:] = [handler]
        logger.setLevel(level.upper())
        logger.propagate = False


async def _check_database(db: str | None, data: Any) -> None:
    """Open (and if needed create) the database once, so a bad URL is reported in plain words."""
    from ..server.storage import Storage

    store = await Storage.open(db, data)
    await store.close()


def _chat_filter(args: argparse.Namespace) -> Any:
    """The chat's word filter the options ask for; None (after saying why) when the file is unusable."""
    from ..server.social import ChatFilter

    if args.no_chat_filter:
        return ChatFilter()
    if not args.chat_filter:
        return ChatFilter.default()
    try:
        return ChatFilter.from_file(args.chat_filter)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"spades serve: cannot read the chat filter {args.chat_filter!r}: {exc}", file=sys.stderr)
        return None


async def _print_reports(db: str | None, data: Any, as_json: bool) -> None:
    """The operator's view of the reported chat messages (``spades serve --reports``)."""
    import json
    import time

    from ..server.social import Social
    from ..server.storage import Storage

    store = await Storage.open(db, data)
    try:
        reports = await Social(store).reports()
    finally:
        await store.close()
    if as_json:
        for r in reports:
            print(json.dumps(r, ensure_ascii=False))
        return
    if not reports:
        print("no reported chat messages")
    for r in reports:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(r["at"]))
        who = r["reported"]["id"] if r["reported"] else "spectator"
        print(
            f"#{r['id']} {when} table {r['table']} ({r['channel']}) reported by {r['reporter']['name']}"
            f" [{r['reporter']['id']}]"
        )
        for c in r["context"]:
            print(f"    {c.get('from', '')}: {c.get('text', '')}")
        print(f"  > {r['sender']} [{who}]: {r['original']}")
        if r["original"] != r["text"]:
            print(f"    (shown as: {r['text']})")
        if r["reason"]:
            print(f"    reason: {r['reason']}")
