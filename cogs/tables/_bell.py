"""The bell: tells each player once per new decision that it is their turn, and reminds them before time runs out.

One bell message per table, in the table's channel (or the server's
notification channel): a new short message, since edits do not notify, that
names the players now due, each with their deadline, with a jump link to the
table. The next bell replaces it (the old one is deleted); while players of a
simultaneous decision act, it is edited to name only those still due.

* A decision is identified by the game version at which the seat's clock
  started (`SeatClock.turn`); the decisions already announced are stored with
  the game (`tables.notified`), so after any move, simultaneous ones included,
  each player is told exactly once per new decision, even across a restart.
* A player who acted at this table within `watching` seconds is plainly
  watching: their new decision is announced on the bell without pinging them.
* A player's `/notify` choice sends the ping to the channel, by direct
  message, or both. A DM that Discord refuses (50007: DMs closed) falls back to
  the channel, and the player is told once.
* During a player's quiet hours (`/notify quiet:`) no ping and no DM reaches
  them: the bell names them without pinging, and what waits for them goes out as
  one direct message when their quiet hours end (`flush`, fired by the player
  scheduler `PlayerScheduler` from `players.due_at`, so it survives a restart).
* Nothing is sent for a decision the player already took: the table is read
  again just before a ping or DM goes out. When the player is the last one a
  shared decision waits for (`TableClock.last_one`), the "last one" notice
  replaces the usual one.

What the bell writes is bookkeeping committed light, without a sync of its own
(`TableRepository.set_bell`): the move that made the decision was the durable
commit. Before a bell is posted, `POSTING` (a crash while posting leaves a bell
whose id is unknown: the restart looks for it in the channel); once posted, its
id and the decisions it told, in one write. These survive a crash of the bot's
process. An OS or server crash right after them may lose them (the latest
first): the decisions are then announced once more by a new bell, and if the
`POSTING` mark itself was lost, the bell posted meanwhile is left standing in
the channel, stale, instead of being deleted: a message too many, never a turn
left untold.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.i18n import list_of, t
from bot.observe import metrics
from bot.seating import is_computer
from bot.services.digest import next_daily, worth_sending
from bot.services.notices import PlayerScheduler
from bot.services.tables import Table
from bot.services.tables.table import jump_url
from bot.storage import NotifyMode, PlayerSettings
from cogs.render.limits import CONTENT, clip
from cogs.render.text import game_name, stamp
from cogs.tables._views import bell_view

if TYPE_CHECKING:
    from bot.runtime import CardroomBot

log = logging.getLogger("cardroom.tables")

POSTING = 0  # stored as the bell's message while it is being posted: one may exist whose id was never known
DMS_CLOSED = 50007  # Discord's error: cannot send messages to this user
WATCHING = 60.0  # seconds: a player who acted this recently is watching the table


@dataclass(frozen=True)
class BellMessage:
    """The message that last rang at a table, and the seats it names."""

    channel_id: int
    message_id: int
    seats: tuple[int, ...]


def decision_of(table: Table, seat: int) -> int:
    """What identifies `seat`'s decision in hand: the version at which its clock started.

    A table older than clocks falls back to the seat's own move count (negative, never a version).
    """
    clock = table.clock
    if clock is not None and seat < len(clock.seats) and clock.seats[seat].turn is not None:
        turn = clock.seats[seat].turn
        assert turn is not None
        return turn
    state = table.state
    moves = state.moves[seat] if state is not None and seat < len(state.moves) else 0
    return -1 - moves


def people_due(table: Table) -> tuple[int, ...]:
    """The seats due to decide that people play: a computer seat is never rung."""
    seats = table.record.seats
    return tuple(seat for seat in table.to_act if not is_computer(seats[seat].user_id))


class Bell:
    def __init__(self, bot: CardroomBot, *, watching: float = WATCHING) -> None:
        self.bot = bot
        self.watching = watching
        self._rung: dict[int, BellMessage] = {}
        store = bot.tables.store
        self.notices = bot.notices  # the bot's one: /notify's changes wake this scheduler too
        self.scheduler = PlayerScheduler(bot.db, self.flush, clock=store.now)
        self.notices.poke = self.scheduler.poke

    def start(self) -> None:
        """Start the player scheduler: held notices go out when quiet hours end (those due meanwhile at once)."""
        self.scheduler.start()

    async def stop(self) -> None:
        await self.scheduler.stop()

    # ----- what is new ---------------------------------------------------------
    @staticmethod
    def fresh(table: Table) -> list[int]:
        """Seats facing a decision nobody told them about yet."""
        told = table.record.notified
        return [seat for seat in people_due(table) if told.get(seat) != decision_of(table, seat)]

    @staticmethod
    def is_last(table: Table, seat: int) -> bool:
        """Whether `seat` is the last one the table's shared decision waits for."""
        clock = table.clock
        return clock is not None and seat < len(clock.seats) and clock.last_one(seat, people_due(table))

    async def _still_due(self, table: Table, seats: list[int]) -> tuple[Table, list[int]]:
        """The table as the database holds it now, and those of `seats` still facing the decision they are
        told about (a player who took it meanwhile is told nothing)."""
        current = await self.bot.tables.store.peek(table.id)
        if current is None or current.record.status != "active":
            return table, []
        due = people_due(current)
        return current, [s for s in seats if s in due and decision_of(current, s) == decision_of(table, s)]

    def _is_watching(self, table: Table, seat: int) -> bool:
        clock = table.clock
        if clock is None or seat >= len(clock.seats):
            return False
        acted = clock.seats[seat].acted_at
        return acted is not None and self.bot.tables.store.now() - acted < self.watching

    # ----- ringing -------------------------------------------------------------
    async def adopt(self, table: Table, message_id: int) -> None:
        """A bell posted by an earlier run (its message id was stored): it names the players due now."""
        self._rung[table.id] = BellMessage(await self._channel_of(table), message_id, tuple(people_due(table)))

    async def ring(self, table: Table) -> None:
        """After a change of a running table: announce new decisions, or keep the bell to those still due."""
        fresh = self.fresh(table)
        if not fresh:
            await self._trim(table)
            return
        told = dict(table.record.notified)
        told.update({seat: decision_of(table, seat) for seat in fresh})
        notified = {seat: told[seat] for seat in people_due(table) if seat in told}
        ping = [seat for seat in fresh if not self._is_watching(table, seat)]
        if ping:
            await self._post(table, ping, reminder=None, notified=notified)  # its id and `notified` in one write
        else:
            await self._trim(table)
            await self.bot.tables.store.remember_notified(table.id, notified)

    async def remind(self, table: Table, seat: int) -> None:
        """`seat` has used most of its time: a new bell that pings them (whatever they did lately)."""
        await self._post(table, [seat], reminder=seat)

    async def silence(self, table_id: int) -> None:
        """The game ended: its bell goes (whoever it named has nothing left to do)."""
        previous = self._rung.pop(table_id, None)
        if previous is not None:
            await self.bot.tables.store.remember_ping(table_id, None)
            await self._delete(previous)

    # ----- messages ------------------------------------------------------------
    async def _channel_of(self, table: Table) -> int:
        """Where the table's bells ring: the server's notification channel, else the table's own."""
        record = table.record
        if record.guild_id is not None:
            chosen = (await self.bot.db.servers.get(record.guild_id)).notify_channel_id
            if chosen is not None:
                return chosen
        return record.channel_id

    def _deadline_text(self, table: Table, seat: int, lang: str) -> str:
        clock = table.clock
        if clock is not None and clock.paused:
            return t(lang, "bell.paused")
        due = table.deadline(seat)
        return "" if due is None else t(lang, "bell.deadline", when=stamp(due))

    def _content(self, table: Table, lang: str, reminder: int | None, closed_dms: list[int]) -> str:
        record = table.record
        game = game_name(record.game, lang)
        named = [
            f"<@{record.seats[seat].user_id}>{self._deadline_text(table, seat, lang)}"
            for seat in people_due(table)
            if seat != reminder
        ]
        if reminder is not None:
            first = t(
                lang,
                "quiet.bell.last_reminder" if self.is_last(table, reminder) else "bell.reminder",
                mention=f"<@{record.seats[reminder].user_id}>",
                game=game,
                deadline=self._deadline_text(table, reminder, lang),
            )
            lines = [first] + ([t(lang, "bell.also", players=list_of(lang, named), count=len(named))] if named else [])
        elif len(named) == 1 and self.is_last(table, people_due(table)[0]):
            lines = [t(lang, "quiet.bell.last_turn", game=game, players=named[0])]
        else:
            lines = [t(lang, "bell.turn", game=game, players=list_of(lang, named), count=len(named))]
        lines += [t(lang, "bell.dms_closed", mention=f"<@{user}>") for user in closed_dms]
        return clip("\n".join(lines), CONTENT)

    async def _post(
        self, table: Table, seats: list[int], *, reminder: int | None, notified: dict[int, int] | None = None
    ) -> None:
        """A new bell naming `seats` (pinged), replacing the table's last one. `notified`: the decisions told
        once it is posted, stored with its id in one write."""
        told = table
        table, seats = await self._still_due(table, seats)
        if not seats:
            if notified is not None:
                await self.bot.tables.store.remember_notified(told.id, notified)
            return
        if reminder is not None and reminder not in seats:
            return
        record = table.record
        lang = record.locale
        users = {seat: record.seats[seat].user_id for seat in seats}
        people = await self.bot.db.players.many(list(users.values()))
        in_channel: list[int] = []
        closed: list[int] = []
        for seat, user in users.items():
            if people[user].notify == "digest":
                await self.notices.waiting_changed(people[user])
                metrics.NOTIFICATIONS.labels("digest", "held").inc()
                continue  # digests: named on the bell, told by their next digest
            if await self.notices.hold(people[user]):
                metrics.NOTIFICATIONS.labels(people[user].notify, "held").inc()
                continue  # quiet hours: named on the bell, told when they end
            mode: NotifyMode = people[user].notify
            if mode in ("dm", "both"):
                sent = await self._direct(table, seat, user, reminder is not None)
                metrics.NOTIFICATIONS.labels("dm", "sent" if sent else "refused").inc()
                if not sent:
                    mode = "channel"
                    if await self.bot.players.dm_refused(user):
                        closed.append(user)
            if mode in ("channel", "both"):
                in_channel.append(user)
        channel_id = await self._channel_of(table)
        content = self._content(table, lang, reminder, closed)
        channel = self.bot.get_partial_messageable(channel_id)
        previous = self._rung.get(table.id)
        await self.bot.tables.store.remember_ping(table.id, POSTING)  # a crash now leaves a bell whose id is unknown
        try:
            message = await channel.send(
                content,
                view=bell_view(table, lang, in_table_channel=channel_id == record.channel_id),
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(u) for u in in_channel]
                ),
            )
        except BaseException:
            await self.bot.tables.store.remember_ping(table.id, previous.message_id if previous else None)
            raise
        metrics.NOTIFICATIONS.labels("channel", "sent").inc(len(in_channel))
        if notified is None:
            await self.bot.tables.store.remember_ping(table.id, message.id)
        else:
            await self.bot.tables.store.remember_bell(table.id, message.id, notified)
        self._rung[table.id] = BellMessage(channel_id, message.id, tuple(people_due(table)))
        if previous is not None:
            await self._delete(previous)

    async def _direct(self, table: Table, seat: int, user_id: int, reminder: bool) -> bool:
        """A direct message to the player; False when Discord refuses it because their DMs are closed."""
        record = table.record
        lang = record.locale
        guild = self.bot.get_guild(record.guild_id) if record.guild_id is not None else None
        last = self.is_last(table, seat)
        key = "quiet.bell.dm_last" if last else "bell.dm_reminder" if reminder else "bell.dm_turn"
        content = t(
            lang,
            key,
            game=game_name(record.game, lang),
            server=guild.name if guild is not None else "—",
            channel=f"<#{record.channel_id}>",
            deadline=self._deadline_text(table, seat, lang),
        )
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            await dm.send(clip(content, CONTENT), view=bell_view(table, lang, in_table_channel=False))
        except discord.Forbidden as refused:
            if refused.code == DMS_CLOSED:
                return False
            raise
        return True

    async def flush(self, player: PlayerSettings) -> None:
        """Something is due for the person (the player scheduler calls this): their digest, or, their quiet hours
        over, one direct message listing every table waiting on them now, urgent first (nothing when none does
        any more). A DM refused (DMs closed): one ping in the most urgent table's channel instead."""
        if player.notify == "digest":
            await self._digest(player)
            return
        if player.held_since is not None:
            await self._list(player, "quiet.held")
        await self.notices.release(player)

    async def _digest(self, player: PlayerSettings) -> None:
        """The person's digest, replacing the last one (deleted); none when not worth sending."""
        now = self.bot.tables.store.now()
        waiting = len([row for row in await self.bot.db.players.turns_of(player.user_id) if row.since is not None])
        following = next_daily(player, now)
        if not worth_sending(player, waiting):
            await self.bot.db.players.release(player.user_id, following)
            return
        if player.digest_channel_id is not None and player.digest_message_id is not None:
            await self._delete(BellMessage(player.digest_channel_id, player.digest_message_id, ()))
        sent = await self._list(player, "digest.title") if waiting else None
        channel_id, message_id = sent if sent is not None else (None, None)
        await self.bot.db.players.digest_sent(player.user_id, channel_id, message_id, now, waiting, following)

    async def _list(self, player: PlayerSettings, title: str) -> tuple[int, int] | None:
        """A direct message: `title`, then every table waiting on the person, urgent first, with links. Its
        (channel, message) ids; None when nothing waits, or when the DM was refused and a ping went instead."""
        user = player.user_id
        rows = [row for row in await self.bot.db.players.turns_of(user) if row.since is not None]
        if not rows:
            return None
        tables = [await self.bot.tables.store.peek(row.table_id) for row in rows]
        first = tables[0]
        lang = first.record.locale if first is not None else "en"
        lines = [t(lang, title, count=len(rows))]
        for row, table in zip(rows, tables, strict=True):
            last = table is not None and self.is_last(table, row.seat)
            lines.append(
                t(
                    lang,
                    "quiet.held_last" if last else "quiet.held_line",
                    game=game_name(row.game, lang),
                    channel=f"<#{row.channel_id}>",
                    deadline="" if row.due_at is None else t(lang, "bell.deadline", when=stamp(row.due_at)),
                    url=jump_url(row.guild_id, row.channel_id, row.table_message_id),
                )
            )
        sent = await self._send_direct(user, clip("\n".join(lines), CONTENT))
        if sent is None:
            channel_id = rows[0].channel_id if first is None else await self._channel_of(first)
            await self.bot.get_partial_messageable(channel_id).send(
                t(lang, "quiet.held_channel", mention=f"<@{user}>", count=len(rows)),
                allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(user)]),
            )
        return sent

    async def _send_direct(self, user_id: int, content: str) -> tuple[int, int] | None:
        """A direct message: its (channel, message) ids; None when Discord refuses it because DMs are closed."""
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            message = await dm.send(content)
        except discord.Forbidden as refused:
            if refused.code == DMS_CLOSED:
                return None
            raise
        return dm.id, message.id

    async def _trim(self, table: Table) -> None:
        """Keep the bell to the players still due: edit it when some have acted, delete it when none are left."""
        previous = self._rung.get(table.id)
        if previous is None:
            return
        still = tuple(seat for seat in previous.seats if seat in people_due(table))
        if still == previous.seats:
            return
        if not still:
            self._rung.pop(table.id, None)
            await self.bot.tables.store.remember_ping(table.id, None)
            await self._delete(previous)
            return
        self._rung[table.id] = BellMessage(previous.channel_id, previous.message_id, still)
        lang = table.record.locale
        content = self._content(table, lang, None, [])
        channel = self.bot.get_partial_messageable(previous.channel_id)
        with contextlib.suppress(discord.NotFound):  # gone: the next bell posts anew
            await channel.get_partial_message(previous.message_id).edit(
                content=content, allowed_mentions=discord.AllowedMentions.none()
            )

    async def _delete(self, previous: BellMessage) -> None:
        channel = self.bot.get_partial_messageable(previous.channel_id)
        with contextlib.suppress(discord.HTTPException):  # already gone: nothing to tidy
            await channel.get_partial_message(previous.message_id).delete()
