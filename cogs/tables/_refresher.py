"""Keeps each public table message in step with the database, within Discord's rate limits.

A table's message is edited at once when it changes, then at most once per
`delay` seconds: a burst of actions marks a table dirty many times, and what
changes within `delay` of an edit waits for its end and is shown in one edit
with the latest committed state (coalescing). A move played at a quiet table is
seen at once; a busy table stays within Discord's limits. The edit of a move
may come drawn already: the clicker's handler draws the table while the move
commits, when the edit is to be at once (`edits_at_once`, `mark`'s `drawn`).
The same pass rings the table's bell (`_bell`): each player is told once per
new decision.
Discord lets a bot edit a message older than an hour only so many times
(error 30046), and a table played across the day scrolls up the channel: when
a new turn starts on a table whose message is older than `REPOST_AFTER`, or
Discord refuses an edit with 30046, the table is posted anew at the bottom of
the channel and the old message becomes a one-line pointer to it. A refresh
that fails is tried again with a growing delay, never dropped.

The database remembers each table's bell message, so one posted before a
crash is replaced (or, once the game is over, deleted) after the restart. While
a bell is being posted its id is not known yet: the database then holds
`POSTING`, and a restart that finds it looks for the table's bells in the
channel's recent messages instead.

A move costs one durable transaction, its own commit: what a pass writes after
it (the version the message shows, the bell's id and the decisions it told) is
committed light, with no sync of its own (`Database._light`), in one such
transaction when the bell writes (the version shown rides on its write). It survives a
crash of the bot's process; an OS or server crash may lose the last of it,
which the restart's repair makes good: every open table is edited again
whatever version it was recorded as showing, and decisions not recorded as told
are announced again (`TableRepository.set_shown_version`, `set_bell`).

After a restart the tables to bring up to date are repaired in order and at a
pace (`_repair`): the most recently changed first, a few per second, each
loaded only when its turn comes, its earlier bell adopted then. A table with
live work is passed at once instead, ahead of the queue.

The card emojis are installed in the background after the start (`bot.emojis`):
a table drawn before, with text faces, is drawn again once they are, at the
repair's pace (`faces_installed`, told by `bot.emojis.watch`), instead of keeping
its text faces until its next move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import emojis
from bot.i18n import t
from bot.observe import metrics
from bot.services.tables import Table, table_url
from bot.storage import RepairRow
from cogs.kit.components import BUTTON, carried
from cogs.tables._bell import POSTING, Bell
from cogs.tables._components import Hand
from cogs.tables._endings import end_announcement
from cogs.tables._repair import REPAIR_RATE, RepairQueue
from cogs.tables._views import table_message

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

log = logging.getLogger("cardroom.tables")

REPOST_AFTER = 3600.0  # seconds: Discord limits edits of messages older than an hour
TOO_MANY_OLD_EDITS = 30046  # Discord's error: too many edits of messages older than an hour
RETRY_DELAYS = (2.0, 5.0, 15.0, 60.0, 300.0)  # seconds before a failed refresh is tried again (the last repeats)
SWEPT = 50  # recent channel messages searched for a mention whose id was lost in a crash
REPAIRS_IN_FLIGHT = 4  # repair passes at once at most: a slow Discord slows the repair down, not the other way
TEXT_FACES_KEPT = 10_000  # tables remembered at most as drawn with text faces while the card emojis are awaited


def shown_as_drawn(table: Table) -> bool:
    """Whether this table's message, drawn ahead while its move committed, may be shown as drawn: a running game's.
    A game's end shows the rating changes its commit works out, so its message is drawn after the commit."""
    return table.record.status == "active"


@dataclass(frozen=True, slots=True)
class DrawnTable:
    """A table message drawn ahead for its next edit: the version it shows, its embed and its controls."""

    version: int
    embed: discord.Embed
    view: discord.ui.View | None


class TableRefresher:
    def __init__(
        self, bot: CardroomBot, delay: float, repairs: RepairQueue | None = None, *, faces: bool = False
    ) -> None:
        """`faces`: card emojis are expected (`CARDROOM_EMOJIS`): the tables drawn with text faces before they are
        installed are noted, to be drawn again then (`faces_installed`)."""
        self.bot = bot
        self.delay = delay
        self.repairs = repairs if repairs is not None else RepairQueue(REPAIR_RATE)
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._repairing: set[asyncio.Task[None]] = set()  # passes the repair started, still running
        self._repairer: asyncio.Task[None] | None = None
        self._adopt: dict[int, int] = {}  # game id -> its bell posted by an earlier run, adopted at its next pass
        self._rendered: dict[int, int] = {}  # game id -> version shown on the table message
        self._edited_at: dict[int, float] = {}  # game id -> when its message was last edited (loop time), for `delay`
        self._drawn: dict[int, DrawnTable] = {}  # game id -> its message drawn ahead, for the next pass
        self.bell = Bell(bot, watching=bot.settings.watching)
        self._failures: dict[int, int] = {}  # game id -> refreshes failed in a row
        # Told of each new version a table message shows (a game's own announcements); a failure is only logged.
        self.watchers: list[Callable[[Table], Awaitable[None]]] = []
        self.faces = faces
        self._text_faces: dict[int, float] = {}  # game id -> when its message was drawn with text faces (unix time)
        self._redraw: set[int] = set()  # tables whose next pass edits their message even if it shows their version

    def mark(self, table_id: int, drawn: DrawnTable | None = None) -> None:
        """The table changed: edit its message at once, or at the end of `delay` after its last edit, in one
        edit with whatever else changes meanwhile (ahead of any repair it was queued for). `drawn`: the message
        already drawn for the version just committed, which that edit shows if nothing changed since."""
        self.repairs.take(table_id)
        if drawn is not None:
            self._drawn[table_id] = drawn
        if table_id in self._dirty:
            metrics.TABLE_EDITS.labels("coalesced").inc()  # shown by the edit already waiting
        self._pass(table_id, self._wait(table_id))

    def edits_at_once(self, table_id: int) -> bool:
        """Whether a change of this table now would be shown at once: no pass is under way or waiting, and its
        message was not edited within `delay`. (A change shown later is drawn then, with what else changed.)"""
        return table_id not in self._tasks and self._wait(table_id) == 0.0

    def _wait(self, table_id: int) -> float:
        """Seconds until the table's message may be edited again: what is left of `delay` since its last edit."""
        edited = self._edited_at.get(table_id)
        if edited is None:
            return 0.0
        return max(0.0, edited + self.delay - asyncio.get_running_loop().time())

    def _edited(self, table_id: int) -> None:
        """The table's message was just edited (or posted): the next edit waits for `delay`, then it is forgotten."""
        loop = asyncio.get_running_loop()
        now = self._edited_at[table_id] = loop.time()
        loop.call_later(self.delay, self._cooled, table_id, now)

    def _cooled(self, table_id: int, edited: float) -> None:
        if self._edited_at.get(table_id) == edited:  # not edited again since
            del self._edited_at[table_id]

    def _pass(self, table_id: int, delay: float) -> asyncio.Task[None]:
        self._dirty.add(table_id)
        task = self._tasks.get(table_id)
        if task is None:
            task = self._tasks[table_id] = asyncio.create_task(self._run(table_id, delay), name=f"table-{table_id}")
        return task

    def repair(self, rows: list[RepairRow]) -> None:
        """After a restart: bring these tables up to date, the most recently changed first, at the repair's pace.

        A table's bell posted by the earlier run is adopted at its pass (replaced or deleted then); until its
        turn comes nothing of it is loaded.
        """
        for row in rows:
            if row.ping_message_id is not None:
                self._adopt[row.table_id] = row.ping_message_id
            self.repairs.add(row.table_id, row.updated_at)
        self._start_repair()

    def _start_repair(self) -> None:
        if self._repairer is None or self._repairer.done():
            self._repairer = asyncio.create_task(self._repair(), name="table-repair")

    def faces_installed(self, registry: emojis.EmojiRegistry) -> None:
        """The card emojis were installed (a watcher of `bot.emojis`): every table message drawn with text faces
        before is drawn again, whatever version it shows, at the repair's pace, the most recently drawn first."""
        if not len(registry) or not self._text_faces:
            return
        for table_id, drawn_at in self._text_faces.items():
            self._redraw.add(table_id)
            self.repairs.add(table_id, drawn_at)
        self._text_faces.clear()
        self._start_repair()

    def _drawn_with(self, table: Table, faces: emojis.EmojiRegistry) -> None:
        """The table's message was just drawn with `faces`: note it if they were text faces (no emoji yet), to
        draw it again when the emojis come; at once if they came while it was being sent. A lobby shows no card."""
        if not self.faces:
            return
        table_id = table.id
        if len(faces) or table.state is None:
            self._text_faces.pop(table_id, None)
        elif len(emojis.registry()):  # installed meanwhile: its edit was on its way with text faces
            self._redraw.add(table_id)
            self.repairs.add(table_id, time.time())
            self._start_repair()
        elif table_id in self._text_faces or len(self._text_faces) < TEXT_FACES_KEPT:
            self._text_faces[table_id] = time.time()

    async def _repair(self) -> None:
        while (table_id := await self.repairs.next()) is not None:
            while len(self._repairing) >= REPAIRS_IN_FLIGHT:
                await asyncio.wait(self._repairing, return_when=asyncio.FIRST_COMPLETED)
            if table_id in self._tasks:
                if table_id in self._redraw:
                    self._dirty.add(table_id)  # its pass under way may have drawn it already: one more after it
                continue  # a pass is under way: it shows the table as it is now
            task = self._pass(table_id, 0.0)
            self._repairing.add(task)
            task.add_done_callback(self._repairing.discard)

    def stop_repair(self) -> None:
        """No further repair starts (a stop): what is left is repaired at the next start."""
        if self._repairer is not None:
            self._repairer.cancel()

    async def _adopt_ping(self, table: Table, ping_message_id: int) -> None:
        """A mention left by an earlier run (found in the database at start): this pass replaces or deletes it.

        If the earlier run stopped while posting one, its id is unknown: the
        table's mentions are looked for among the channel's recent messages and
        deleted (the bot's own messages with this table's hand button, other
        than the table itself). So they are too when a running table's players
        face decisions not recorded as told: a bell for them may have been
        posted whose record (and the `POSTING` mark before it, light writes
        both) an OS crash lost. The one stored is adopted all the same (it may
        ring in the server's notification channel), and the pass tells those
        players anew, replacing it.
        """
        record = table.record
        if ping_message_id != POSTING:
            await self.bell.adopt(table, ping_message_id)  # the pass replaces or deletes it, wherever it rang
            if record.status != "active" or not self.bell.fresh(table):
                return
        channel = self.bot.get_partial_messageable(record.channel_id)
        hand = Hand(table.id)  # its current id or the one posted before the ids were renamed
        try:
            async for message in channel.history(limit=SWEPT):
                ours = self.bot.user is not None and message.author.id == self.bot.user.id
                carries = any(kind == BUTTON and Hand.parse(found) == hand for kind, found in carried(message))
                if ours and message.id != record.table_message_id and carries:
                    with contextlib.suppress(discord.HTTPException):
                        await message.delete()
            if ping_message_id == POSTING:
                await self.bot.tables.store.remember_ping(table.id, None)
        except discord.HTTPException as failure:
            log.warning("Could not look for the lost mention of game %s: %s", table.id, failure.status)

    def ensure_posted(self, table_id: int) -> None:
        """Someone was sent to this table: edit its message once more, which posts it anew if it is gone.

        A table message can be lost (deleted by a moderator, never posted by an
        earlier run); the channel must never be held by a table nobody can see.
        """
        self._rendered.pop(table_id, None)
        self.mark(table_id)

    def rendered(self, table: Table) -> None:
        """The table message already shows this version (edited through an interaction): an edit like any other."""
        self._rendered[table.id] = table.record.version
        self._edited(table.id)
        self._drawn_with(table, emojis.registry())

    async def idle(self) -> None:
        """Wait until every scheduled edit is done (shutdown, tests)."""
        while self._tasks:
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _run(self, table_id: int, delay: float) -> None:
        try:
            while table_id in self._dirty:
                await asyncio.sleep(delay)
                delay = self.delay
                self._dirty.discard(table_id)
                try:
                    await self._refresh(table_id)
                    self._failures.pop(table_id, None)
                except Exception:
                    failures = self._failures.get(table_id, 0)
                    self._failures[table_id] = failures + 1
                    delay = RETRY_DELAYS[min(failures, len(RETRY_DELAYS) - 1)]
                    log.exception("Could not refresh table %s; trying again in %s s", table_id, delay)
                    asyncio.get_running_loop().call_later(delay, self.mark, table_id)
        finally:
            self._tasks.pop(table_id, None)

    async def _refresh(self, table_id: int) -> None:
        """One pass: the table's message edited to show its version, the watchers told, the bell rung. The version
        shown is written by the bell's own light write when it makes one (one light transaction for both), else
        at the end of the pass (`TableStore.shown(carried=True)`, `flush_shown`)."""
        try:
            await self._refresh_table(table_id)
        finally:
            await self.bot.tables.store.flush_shown(table_id)

    async def _refresh_table(self, table_id: int) -> None:
        drawn = self._drawn.pop(table_id, None)
        table = await self.bot.tables.store.get(table_id)
        ping = self._adopt.pop(table_id, None)
        if ping is not None:
            await self._adopt_ping(table, ping)
        news = table.record.shown_version < table.record.version  # the channel has not seen this version
        ended = table.record.status in ("finished", "aborted")
        redraw = table_id in self._redraw  # drawn with text faces before the card emojis came
        self._redraw.discard(table_id)
        # An ended table's message already showing its last version is left alone (two passes of one end: a
        # restart's repair and the deadline that ended it, say; `_close` forgets what was rendered).
        if redraw or (self._rendered.get(table_id) != table.record.version and (news or not ended)):
            fresh = drawn is not None and drawn.version == table.record.version and shown_as_drawn(table)
            faces = emojis.registry()
            await self._edit_table(table, new_turn=self._is_new_turn(table), drawn=drawn if fresh else None)
            self._drawn_with(table, faces)
            self._rendered[table_id] = table.record.version
            self._edited(table_id)
            await self.bot.tables.store.shown(table, carried=True)
            await self._tell_watchers(table)
            if (await self.bot.tables.store.get(table_id)).record.version != table.record.version:
                # A change committed while this edit was on its way, and its click's answer may have shown it first,
                # then been covered by this older drawing: another pass shows the newest.
                self.mark(table_id)
        if table.record.status == "active" and table.result is None:
            await self.bell.ring(table)
        else:
            await self._close(table, announce=news)

    async def _tell_watchers(self, table: Table) -> None:
        for watcher in self.watchers:
            try:
                await watcher(table)
            except Exception:
                log.exception("A watcher of table %s failed", table.id)

    def _is_new_turn(self, table: Table) -> bool:
        """Players face a decision they were not told about yet (the bell rings for it)."""
        return bool(self.bell.fresh(table))

    def _is_old(self, message_id: int) -> bool:
        created = discord.utils.snowflake_time(message_id).timestamp()
        return self.bot.discord_clock.now() - created > REPOST_AFTER

    async def _edit_table(self, table: Table, *, new_turn: bool, drawn: DrawnTable | None = None) -> None:
        """Show the table as it is now (`drawn`: its message already drawn for this very version)."""
        embed, view = (drawn.embed, drawn.view) if drawn is not None else table_message(table)
        channel = self.bot.get_partial_messageable(table.record.channel_id)
        old = table.record.table_message_id
        if old is not None and not (new_turn and self._is_old(old)):
            # Once the game has started, no text stays above the table (a rematch's mentions).
            extra: dict[str, Any] = {"content": None} if table.state is not None else {}
            try:
                await channel.get_partial_message(old).edit(embed=embed, view=view, **extra)
                metrics.TABLE_EDITS.labels("edited").inc()
                return
            except discord.NotFound:
                log.info("Table message of game %s was deleted; posting a new one", table.id)
                old = None
            except discord.HTTPException as refused:
                if refused.code != TOO_MANY_OLD_EDITS:
                    raise
                log.info("Discord limits edits of the old table message of game %s; posting it anew", table.id)
        message = await channel.send(embed=embed, view=view) if view else await channel.send(embed=embed)
        metrics.TABLE_EDITS.labels("posted" if old is None else "reposted").inc()
        moved = await self.bot.tables.store.set_table_message(table, message.id)
        if old is not None:
            await self._point(channel, old, moved)

    async def _point(self, channel: discord.PartialMessageable, old: int, table: Table) -> None:
        """The table's earlier message becomes one line that leads to where the table is now (best effort)."""
        pointer = t(table.record.locale, "table.moved", url=table_url(table.record))
        with contextlib.suppress(discord.HTTPException):  # the old message is only a signpost
            await channel.get_partial_message(old).edit(content=pointer, embed=None, view=None)

    async def _close(self, table: Table, *, announce: bool) -> None:
        """The game ended or was aborted: silence the bell and, when the end is news, tell the players."""
        await self.bell.silence(table.id)
        self._rendered.pop(table.id, None)
        self._drawn.pop(table.id, None)
        if table.result is None or not announce:
            return
        content, mentions = end_announcement(table)  # the standings and the rematch are on the final table
        channel = self.bot.get_partial_messageable(table.record.channel_id)
        await channel.send(content, allowed_mentions=mentions)
