"""Friends, blocks, invitations, presence, private tables and chat reports (issue 52).

Friends are **mutual**: a request, then the other player accepts (or declines).  A friend
sees whether you are online, at a table (and which, when that table is public) or offline,
and may invite you to a table; a one-way "follow" would show a stranger where anybody
plays, which card sites keep for friends only.

A **block** is one player's choice about another: the two are never seated together again
(Play now skips the table, a seat claim is refused), the blocked player's chat no longer
reaches the blocker, and any friendship or request between them ends.

A **private table** (``config["private"]``) is joined and watched only by its host, the
players seated at it, the players someone at it invited, and (when the host says so,
``config["friends"]``) the host's friends; a stranger with its code is refused in words.

Everything here lives in the database (SQLAlchemy, the tables below join
:data:`.storage.metadata`), so several server processes (``--broker``) agree on it.

The **chat filter** (:class:`ChatFilter`) masks the words an operator lists, in any script,
before a message is kept or sent to anybody.
"""

from __future__ import annotations

import enum
import json
import re
import time
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Integer,
    String,
    Table,
    Text,
    and_,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from ..i18n import N_
from .options import RequestError
from .storage import Storage, metadata, players_table, tables_table

__all__ = [
    "DEFAULT_FILTER",
    "PRESENCE_FRESH_S",
    "Access",
    "ChatFilter",
    "FriendState",
    "Presence",
    "Social",
    "SocialError",
]

#: a player not heard from for this long is offline (the lobby asks every few seconds, a
#: table reports its players every :data:`.manager.PRESENCE_BEAT_S`)
PRESENCE_FRESH_S: Final = 45.0
#: invitations older than this are no longer shown
INVITE_TTL_S: Final = 24 * 3600.0
#: the most friends, requests and blocks one player may have (a list, not a directory)
MAX_LINKS: Final = 200
#: the messages before the reported one kept with a report
REPORT_CONTEXT: Final = 5
MAX_REASON: Final = 200

friends_table = Table(
    "spades_friends",
    metadata,
    Column("player", String(16), primary_key=True),
    Column("other", String(16), primary_key=True, index=True),
    # FriendState: "asked" (player asked other) or "friends" (one row each way)
    Column("state", String(8), nullable=False),
    Column("at", Float, nullable=False),
)

blocks_table = Table(
    "spades_blocks",
    metadata,
    Column("player", String(16), primary_key=True),
    Column("other", String(16), primary_key=True, index=True),
    Column("at", Float, nullable=False),
)

invites_table = Table(
    "spades_invites",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("player", String(16), primary_key=True, index=True),
    Column("sender", String(16), nullable=False),
    Column("at", Float, nullable=False),
    Column("dismissed", Boolean, nullable=False, default=False),
)

presence_table = Table(
    "spades_presence",
    metadata,
    Column("player", String(16), primary_key=True),
    Column("seen", Float, nullable=False),
    Column("table_id", String(32), nullable=True),
    Column("table_seen", Float, nullable=True),
)

reports_table = Table(
    "spades_reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", Float, nullable=False, index=True),
    Column("table_id", String(32), nullable=False),
    Column("channel", String(12), nullable=False),
    Column("reporter", String(16), nullable=False),
    Column("reported", String(16), nullable=True),
    Column("sender", String(40), nullable=False),
    Column("text", Text, nullable=False),
    # what the sender typed, before the word filter
    Column("original", Text, nullable=False),
    # the reported message and the few before it, as JSON
    Column("context", Text, nullable=False),
    Column("reason", Text, nullable=False),
)


class FriendState(enum.StrEnum):
    ASKED = "asked"
    FRIENDS = "friends"


class Presence(enum.StrEnum):
    ONLINE = "online"
    TABLE = "table"
    OFFLINE = "offline"


class SocialError(RequestError):
    """A refused social request: a ``web`` catalog message, the request ``field`` and the
    HTTP ``status`` to answer with."""

    def __init__(self, message: str, field: str | None = None, status: int = 400, **params: Any) -> None:
        super().__init__(message, field, **params)
        self.status = status


@dataclass
class Access:
    """Who may enter a table: its privacy and the people it knows."""

    table_id: str
    private: bool
    friends: bool
    host: str | None
    public: bool
    finished: bool
    seated: list[str]


def _row_access(table_id: str, r: Any) -> Access:
    config = json.loads(r.config)
    seats = json.loads(r.seats)
    return Access(
        table_id=table_id,
        private=bool(config.get("private")),
        friends=bool(config.get("friends")),
        host=config.get("host_player") or None,
        public=bool(r.public),
        finished=bool(r.finished),
        seated=[s["player"] for s in seats if s.get("kind") == "human" and s.get("player")],
    )


class Social:
    """The social facts of one server's database (see the module's docstring)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.engine = storage.engine

    # -- players -----------------------------------------------------------------------

    async def names(self, ids: Iterable[str]) -> dict[str, str]:
        wanted = sorted(set(ids))
        if not wanted:
            return {}
        query = select(players_table.c.id, players_table.c.name).where(players_table.c.id.in_(wanted))
        async with self.engine.connect() as conn:
            return {r.id: r.name for r in await conn.execute(query)}

    async def find_player(self, name: str) -> str:
        """The id of the one player with this name (any case); refused when none or several."""
        query = select(players_table.c.id).where(func.lower(players_table.c.name) == name.lower()).limit(2)
        async with self.engine.connect() as conn:
            ids = [r[0] for r in await conn.execute(query)]
        if not ids:
            raise SocialError(N_("There is no player with that name"), "name", 404)
        if len(ids) > 1:
            raise SocialError(
                N_("Several players have that name: add them from their seat at a table"), "name", 409
            )
        return str(ids[0])

    # -- friends -----------------------------------------------------------------------

    async def _links(self, player: str) -> list[Any]:
        query = select(friends_table).where(
            or_(friends_table.c.player == player, friends_table.c.other == player)
        )
        async with self.engine.connect() as conn:
            return list(await conn.execute(query))

    async def friend_ids(self, player: str) -> set[str]:
        query = select(friends_table.c.other).where(
            friends_table.c.player == player, friends_table.c.state == FriendState.FRIENDS
        )
        async with self.engine.connect() as conn:
            return {r[0] for r in await conn.execute(query)}

    async def are_friends(self, a: str, b: str) -> bool:
        query = select(friends_table.c.state).where(
            friends_table.c.player == a,
            friends_table.c.other == b,
            friends_table.c.state == FriendState.FRIENDS,
        )
        async with self.engine.connect() as conn:
            return (await conn.execute(query)).first() is not None

    async def ask(self, player: str, other: str) -> FriendState:
        """``player`` asks ``other`` to be friends; a request the other way is accepted at once."""
        if other == player:
            raise SocialError(N_("You cannot be your own friend"), "player")
        if await self.blocked_by(player, other):
            raise SocialError(N_("You blocked this player: unblock them first"), "player", 409)
        if await self.blocked_by(other, player):
            raise SocialError(N_("This player does not take friend requests from you"), "player", 403)
        links = {(r.player, r.other): r.state for r in await self._links(player)}
        if links.get((player, other)) == FriendState.FRIENDS:
            return FriendState.FRIENDS
        if links.get((other, player)) == FriendState.ASKED:
            await self.accept(player, other)
            return FriendState.FRIENDS
        if (player, other) in links:
            return FriendState.ASKED
        if len(links) >= MAX_LINKS:
            raise SocialError(N_("Your friends list is full"), "player", 409)
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(friends_table).values(
                    player=player, other=other, state=FriendState.ASKED, at=time.time()
                )
            )
        return FriendState.ASKED

    async def accept(self, player: str, other: str) -> None:
        """``player`` accepts the request of ``other``."""
        now = time.time()
        async with self.engine.begin() as conn:
            done = await conn.execute(
                update(friends_table)
                .where(
                    friends_table.c.player == other,
                    friends_table.c.other == player,
                    friends_table.c.state == FriendState.ASKED,
                )
                .values(state=FriendState.FRIENDS, at=now)
            )
            if not done.rowcount:
                raise SocialError(N_("That player has not asked to be your friend"), "player", 404)
            await conn.execute(
                delete(friends_table).where(friends_table.c.player == player, friends_table.c.other == other)
            )
            await conn.execute(
                insert(friends_table).values(player=player, other=other, state=FriendState.FRIENDS, at=now)
            )

    async def unfriend(self, player: str, other: str) -> bool:
        """Decline a request, take one back or end a friendship; False when there was nothing."""
        async with self.engine.begin() as conn:
            done = await conn.execute(delete(friends_table).where(_pair(player, other)))
        return bool(done.rowcount)

    # -- blocks ------------------------------------------------------------------------

    async def block(self, player: str, other: str) -> None:
        if other == player:
            raise SocialError(N_("You cannot block yourself"), "player")
        async with self.engine.begin() as conn:
            await conn.execute(delete(friends_table).where(_pair(player, other)))
            have = await conn.execute(
                select(blocks_table.c.at).where(
                    blocks_table.c.player == player, blocks_table.c.other == other
                )
            )
            if have.first() is None:
                count = (
                    await conn.execute(select(func.count()).where(blocks_table.c.player == player))
                ).scalar_one()
                if count >= MAX_LINKS:
                    raise SocialError(N_("Your list of blocked players is full"), "player", 409)
                await conn.execute(insert(blocks_table).values(player=player, other=other, at=time.time()))

    async def unblock(self, player: str, other: str) -> bool:
        async with self.engine.begin() as conn:
            done = await conn.execute(
                delete(blocks_table).where(blocks_table.c.player == player, blocks_table.c.other == other)
            )
        return bool(done.rowcount)

    async def blocked_by(self, player: str, other: str) -> bool:
        """Whether ``player`` blocked ``other``."""
        query = select(blocks_table.c.at).where(
            blocks_table.c.player == player, blocks_table.c.other == other
        )
        async with self.engine.connect() as conn:
            return (await conn.execute(query)).first() is not None

    async def blocked(self, player: str) -> set[str]:
        """The players ``player`` blocked."""
        query = select(blocks_table.c.other).where(blocks_table.c.player == player)
        async with self.engine.connect() as conn:
            return {r[0] for r in await conn.execute(query)}

    async def blockers(self, player: str) -> set[str]:
        """The players who blocked ``player`` (their chat never shows ``player``'s messages)."""
        query = select(blocks_table.c.player).where(blocks_table.c.other == player)
        async with self.engine.connect() as conn:
            return {r[0] for r in await conn.execute(query)}

    async def avoid(self, player: str | None) -> set[str]:
        """Everybody ``player`` may never be seated with: blocked by or blocking them."""
        if player is None:
            return set()
        return await self.blocked(player) | await self.blockers(player)

    # -- tables: access and invitations -------------------------------------------------

    async def access(self, table_id: str) -> Access | None:
        query = select(
            tables_table.c.config, tables_table.c.seats, tables_table.c.public, tables_table.c.finished
        ).where(tables_table.c.id == table_id)
        async with self.engine.connect() as conn:
            r = (await conn.execute(query)).first()
        return None if r is None else _row_access(table_id, r)

    async def may_enter(self, access: Access, player: str | None) -> bool:
        """Whether ``player`` may join or watch the table (always, unless it is private)."""
        if not access.private:
            return True
        if player is None:
            return False
        if player == access.host or player in access.seated:
            return True
        if await self.invited(access.table_id, player):
            return True
        return bool(access.friends and access.host and await self.are_friends(access.host, player))

    async def invited(self, table_id: str, player: str) -> bool:
        query = select(invites_table.c.at).where(
            invites_table.c.table_id == table_id, invites_table.c.player == player
        )
        async with self.engine.connect() as conn:
            return (await conn.execute(query)).first() is not None

    async def invite(self, table_id: str, sender: str, player: str) -> None:
        """``sender`` (at the table, or its host) invites their friend ``player``."""
        access = await self.access(table_id)
        if access is None or access.finished:
            raise SocialError(N_("There is no such table"), "table", 404)
        if sender not in access.seated and sender != access.host:
            raise SocialError(N_("Only the people at a table can invite others to it"), "table", 403)
        if not await self.are_friends(sender, player):
            raise SocialError(N_("You can invite only your friends"), "player", 403)
        if player in await self.avoid(sender):
            raise SocialError(N_("You cannot invite this player"), "player", 403)
        now = time.time()
        async with self.engine.begin() as conn:
            done = await conn.execute(
                update(invites_table)
                .where(invites_table.c.table_id == table_id, invites_table.c.player == player)
                .values(sender=sender, at=now, dismissed=False)
            )
            if not done.rowcount:
                await conn.execute(
                    insert(invites_table).values(
                        table_id=table_id, player=player, sender=sender, at=now, dismissed=False
                    )
                )

    async def copy_invites(self, old: str, new: str) -> None:
        """A rematch of a private table lets in whoever the old one did."""
        async with self.engine.begin() as conn:
            rows = list(await conn.execute(select(invites_table).where(invites_table.c.table_id == old)))
            if rows:
                await conn.execute(
                    insert(invites_table),
                    [{**r._mapping, "table_id": new, "dismissed": True} for r in rows],
                )

    async def dismiss(self, table_id: str, player: str) -> bool:
        """The invitee hides an invitation (it still lets them in)."""
        async with self.engine.begin() as conn:
            done = await conn.execute(
                update(invites_table)
                .where(invites_table.c.table_id == table_id, invites_table.c.player == player)
                .values(dismissed=True)
            )
        return bool(done.rowcount)

    async def invitations(self, player: str) -> list[dict[str, Any]]:
        """The invitations ``player`` has not dismissed, to tables still on, newest first."""
        query = (
            select(invites_table, tables_table.c.config, tables_table.c.code)
            .join(tables_table, tables_table.c.id == invites_table.c.table_id)
            .where(
                invites_table.c.player == player,
                invites_table.c.dismissed.is_(False),
                invites_table.c.at > time.time() - INVITE_TTL_S,
                tables_table.c.finished.is_(False),
            )
            .order_by(invites_table.c.at.desc())
            .limit(20)
        )
        async with self.engine.connect() as conn:
            rows = list(await conn.execute(query))
        names = await self.names(r.sender for r in rows)
        out = []
        for r in rows:
            config = json.loads(r.config)
            out.append(
                {
                    "table": r.table_id,
                    "url": f"/t/{r.table_id}",
                    "from": {"id": r.sender, "name": names.get(r.sender, "")},
                    "name": config.get("name", ""),
                    "preset": config.get("preset", ""),
                    "private": bool(config.get("private")),
                    "at": r.at,
                }
            )
        return out

    # -- presence ----------------------------------------------------------------------

    async def seen(self, players: Sequence[str], table_id: str | None = None) -> None:
        """These players are here now (at ``table_id`` when given)."""
        now = time.time()
        values: dict[str, Any] = {"seen": now}
        if table_id is not None:
            values.update(table_id=table_id, table_seen=now)
        async with self.engine.begin() as conn:
            done = await conn.execute(
                update(presence_table).where(presence_table.c.player.in_(list(players))).values(**values)
            )
            if done.rowcount == len(players):
                return
            have = {
                r[0]
                for r in await conn.execute(
                    select(presence_table.c.player).where(presence_table.c.player.in_(list(players)))
                )
            }
            fresh = [
                {"player": p, "table_id": None, "table_seen": None, **values}
                for p in players
                if p not in have
            ]
        if fresh:
            try:
                async with self.engine.begin() as conn:
                    await conn.execute(insert(presence_table), fresh)
            except IntegrityError:  # another process wrote it meanwhile: it is fresh anyway
                pass

    async def presence(self, players: Iterable[str]) -> dict[str, tuple[Presence, str | None]]:
        """Each player's presence, with the table they are at when it is a public one."""
        wanted = sorted(set(players))
        if not wanted:
            return {}
        query = (
            select(presence_table, tables_table.c.public, tables_table.c.finished)
            .outerjoin(tables_table, tables_table.c.id == presence_table.c.table_id)
            .where(presence_table.c.player.in_(wanted))
        )
        async with self.engine.connect() as conn:
            rows = list(await conn.execute(query))
        now = time.time()
        out: dict[str, tuple[Presence, str | None]] = {p: (Presence.OFFLINE, None) for p in wanted}
        for r in rows:
            if r.table_seen is not None and r.table_seen > now - PRESENCE_FRESH_S and not r.finished:
                out[r.player] = (Presence.TABLE, r.table_id if r.public else None)
            elif r.seen > now - PRESENCE_FRESH_S:
                out[r.player] = (Presence.ONLINE, None)
        return out

    # -- the whole picture for one player ------------------------------------------------

    async def overview(self, player: str) -> dict[str, Any]:
        """What the lobby shows a player: friends with presence, requests both ways, blocked
        players, invitations.  Only public facts of others (names, ids, presence of friends)."""
        links = await self._links(player)
        friends = [r.other for r in links if r.player == player and r.state == FriendState.FRIENDS]
        asked_me = [r.player for r in links if r.other == player and r.state == FriendState.ASKED]
        i_asked = [r.other for r in links if r.player == player and r.state == FriendState.ASKED]
        blocked = await self.blocked(player)
        names = await self.names([*friends, *asked_me, *i_asked, *blocked])
        where = await self.presence(friends)

        def person(pid: str) -> dict[str, Any]:
            return {"id": pid, "name": names.get(pid, "")}

        order = {Presence.TABLE: 0, Presence.ONLINE: 1, Presence.OFFLINE: 2}
        listed = sorted(friends, key=lambda p: (order[where[p][0]], names.get(p, "").lower()))
        return {
            "friends": [{**person(p), "presence": str(where[p][0]), "table": where[p][1]} for p in listed],
            "requests": [person(p) for p in asked_me],
            "asked": [person(p) for p in i_asked],
            "blocked": [person(p) for p in sorted(blocked, key=lambda p: names.get(p, "").lower())],
            "invites": await self.invitations(player),
        }

    # -- reports -----------------------------------------------------------------------

    async def report(self, table_id: str, reporter: str, found: dict[str, Any], reason: str) -> int:
        """Keep a report of a chat message (``found``: :meth:`.table.TableActor.chat_context`)."""
        message = found["message"]
        async with self.engine.begin() as conn:
            done = await conn.execute(
                insert(reports_table).values(
                    at=time.time(),
                    table_id=table_id,
                    channel=str(message.get("channel", "")),
                    reporter=reporter,
                    reported=message.get("player"),
                    sender=str(message.get("from", ""))[:40],
                    text=str(message.get("text", "")),
                    original=str(found.get("original", message.get("text", ""))),
                    context=json.dumps(found.get("before", []), ensure_ascii=False),
                    reason=reason,
                )
            )
            key = done.inserted_primary_key
        return int(key[0]) if key else 0

    async def reports(self, limit: int = 200) -> list[dict[str, Any]]:
        """The newest reports, for the server's operator (``spades serve --reports``)."""
        query = select(reports_table).order_by(reports_table.c.at.desc()).limit(limit)
        async with self.engine.connect() as conn:
            rows = list(await conn.execute(query))
        names = await self.names([r.reporter for r in rows] + [r.reported for r in rows if r.reported])
        return [
            {
                "id": r.id,
                "at": r.at,
                "table": r.table_id,
                "channel": r.channel,
                "reporter": {"id": r.reporter, "name": names.get(r.reporter, "")},
                "reported": {"id": r.reported, "name": names.get(r.reported, r.sender)}
                if r.reported
                else None,
                "sender": r.sender,
                "text": r.text,
                "original": r.original,
                "reason": r.reason,
                "context": json.loads(r.context),
            }
            for r in rows
        ]


def _pair(a: str, b: str) -> Any:
    return or_(
        and_(friends_table.c.player == a, friends_table.c.other == b),
        and_(friends_table.c.player == b, friends_table.c.other == a),
    )


# -- the chat's word filter -------------------------------------------------------------------

_WORD: Final = re.compile(r"\w+")


def _fold(text: str) -> str:
    """A word as the filter compares it: compatibility forms folded (full-width letters,
    ligatures), case folded in any script, accents kept apart and dropped, repeated letters
    squeezed ("fuuuck" is "fuck")."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"(.)\1+", r"\1", text)


#: the words masked unless the operator gives another list (``--chat-filter FILE``) or none
#: (``--no-chat-filter``): kept short on purpose, the worst insults and slurs, not every rude word
DEFAULT_FILTER: Final = (
    "fuck*",
    "motherfuck*",
    "cunt*",
    "asshole*",
    "bitch*",
    "dickhead*",
    "nigger*",
    "faggot*",
    "retard",
    "retards",
    "бля",
    "блять",
    "блядь",
    "бляд*",
    "хуй*",
    "хуе*",
    "пизд*",
    "ебан*",
    "ебат*",
    "уебо*",
    "заеба*",
    "пидор*",
    "пидар*",
)


class ChatFilter:
    """The operator's list of words masked in the chat: one word a line, ``#`` starts a
    comment, a trailing ``*`` matches every word that begins so (``shit*``).  Matching is
    per word, in any script and any case; a masked word keeps its length (``****``)."""

    def __init__(self, words: Iterable[str] = ()) -> None:
        self.exact: set[str] = set()
        self.prefixes: list[str] = []
        for line in words:
            word = line.split("#", 1)[0].strip()
            if not word:
                continue
            if word.endswith("*"):
                stem = _fold(word[:-1])
                if stem:
                    self.prefixes.append(stem)
            else:
                self.exact.add(_fold(word))
        self.prefixes.sort()

    @classmethod
    def from_file(cls, path: str | Path) -> ChatFilter:
        return cls(Path(path).read_text(encoding="utf-8").splitlines())

    @classmethod
    def default(cls) -> ChatFilter:
        """The small list shipped with spades (:data:`DEFAULT_FILTER`)."""
        return cls(DEFAULT_FILTER)

    def __len__(self) -> int:
        return len(self.exact) + len(self.prefixes)

    def _bad(self, word: str) -> bool:
        folded = _fold(word)
        return folded in self.exact or any(folded.startswith(p) for p in self.prefixes)

    def mask(self, text: str) -> str:
        if not self:
            return text
        return _WORD.sub(lambda m: "*" * len(m.group()) if self._bad(m.group()) else m.group(), text)
