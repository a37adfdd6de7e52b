"""A move costs one durable transaction, however many messages it causes: through the real handlers, a click at a
quiet table whose message is edited at once and whose next player is pinged commits durably once (the move), and
what follows it (the version shown, the bell) is committed light. And what those light writes guard is made good
by a restart's repair when they are lost (an OS crash): the rows reverted, the table is shown again and the player
due is told again by one bell, the one left standing deleted."""

from __future__ import annotations

import datetime
import itertools
import json
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.services.tables import Table, Tables
from bot.storage import Seat, TableRecord
from cogs.tables._bell import POSTING
from cogs.tables._handlers import TableHandlers
from cogs.tables._refresher import TableRefresher
from cogs.tables._repair import RepairQueue
from tests.cogs.fake_interactions import FakeInteraction
from tests.cogs.table_bots import table_bot, until
from tests.support.databases import open_new_sqlite

DELAY = 0.05  # seconds between two edits of a table message: short, so the table is soon quiet again


class Channel:
    """The tables' channel, faked: what is posted (kept, with its components, for a look through the recent
    messages), edited and deleted."""

    def __init__(self) -> None:
        self.ids = itertools.count(discord.utils.time_snowflake(datetime.datetime.now(datetime.UTC)))
        self.posted: dict[int, SimpleNamespace] = {}
        self.edited: list[int] = []
        self.deleted: list[int] = []

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(**fields: Any) -> None:
            self.edited.append(message_id)

        async def delete() -> None:
            self.deleted.append(message_id)

        return SimpleNamespace(edit=edit, delete=delete)

    async def send(self, content: str | None = None, *, view: Any = None, **fields: Any) -> Any:
        message_id = next(self.ids)
        components = [discord.ActionRow(row) for row in view.to_components()] if view is not None else []
        message = SimpleNamespace(id=message_id, content=content, author=SimpleNamespace(id=1), components=components)

        async def delete() -> None:
            self.deleted.append(message_id)

        message.delete = delete
        self.posted[message_id] = message
        return message

    async def history(self, *, limit: int) -> AsyncIterator[Any]:
        standing = [m for m in self.posted.values() if m.id not in self.deleted]
        for message in sorted(standing, key=lambda m: m.id, reverse=True)[:limit]:
            yield message

    def bells(self) -> list[int]:
        """The turn notifications standing in the channel."""
        return [m.id for m in self.posted.values() if m.content and m.id not in self.deleted]


SEED = 1  # the table's seed: its first click passes the turn to the other player


@pytest.fixture(autouse=True)
def fixed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """One deal for every run (the service draws a table's seed from `secrets`): with another, the first click may
    leave the same player to act, who just acted and is not pinged."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: SEED % 2**bits)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Tables]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")  # durability "full", the default
    yield Tables(db)
    await db.close()


async def started(service: Tables, channel: Channel) -> Table:
    """A started Pairs table of two players, with its message."""
    host, guest = Seat(11, "Ada"), Seat(12, "Bea")
    table = await service.lobby.open_lobby(guild_id=9, channel_id=700, game="pairs", host=host, locale="en")
    await service.store.set_table_message(table, next(channel.ids))
    await service.lobby.join(table.id, guest)
    return await service.lobby.start(table.id, host.user_id)


async def click(handlers: TableHandlers, table: Table) -> None:
    """The player due clicks their first action on the table."""
    seat = table.to_act[0]
    assert table.state is not None
    interaction = FakeInteraction()
    interaction.user = SimpleNamespace(id=table.record.seats[seat].user_id, display_name="P")
    interaction.channel_id = table.record.channel_id  # type: ignore[attr-defined]
    interaction.message = None  # type: ignore[attr-defined]
    token = table.engine.decision_token(table.state, seat)
    await handlers.act(interaction, table.id, table.record.version, 0, token)  # type: ignore[arg-type]
    assert interaction.calls and interaction.calls[0][0] == "edit_message", interaction.calls


async def played_once(service: Tables, channel: Channel) -> tuple[TableRecord, Table, TableRefresher, int]:
    """A table whose first decision was rung, then one click at it once quiet: (its row before the click, the table
    after it, the refresher, the durable commits the click cost until the refresher and the bell were idle)."""
    table = await started(service, channel)
    refresher = TableRefresher(table_bot(service, channel), DELAY, RepairQueue(100.0))
    handlers = TableHandlers(table_bot(service, channel), refresher)
    refresher.mark(table.id)  # the start shown, and its first player told
    await refresher.idle()
    (first_bell,) = channel.bells()
    await until(lambda: refresher.edits_at_once(table.id))  # a quiet table
    db = service.store.db
    prior = await db.tables.get(table.id)
    durable, light = db.durable_commits, db.light_commits
    edits = len(channel.edited)
    await click(handlers, table)
    await refresher.idle()
    cost = db.durable_commits - durable
    after = await service.store.get(table.id)
    assert after.record.version == table.record.version + 1
    assert channel.edited[edits:] == [table.record.table_message_id]  # edited at once, and once
    (bell,) = channel.bells()  # the next player was pinged by a new bell, the first one gone
    assert bell != first_bell and first_bell in channel.deleted
    stored = await db.tables.get(table.id)
    assert stored.shown_version == stored.version and stored.ping_message_id == bell
    (due,) = after.to_act
    assert stored.notified.get(due) is not None
    # The POSTING mark with the version shown (one write), then the bell's id with whom it told.
    assert db.light_commits - light == 2
    return prior, after, refresher, cost


async def test_a_move_at_a_quiet_table_that_pings_the_next_player_costs_one_durable_commit(service: Tables) -> None:
    channel = Channel()
    _, _, _, cost = await played_once(service, channel)
    assert cost == 1


@pytest.mark.parametrize("kept", [0, 1], ids=["all lost", "POSTING kept"])
async def test_a_restart_makes_good_the_light_writes_an_os_crash_lost(service: Tables, kept: int) -> None:
    """The light writes after the move are lost, the latest first (`kept`: how many of the two survived, the first
    being the POSTING mark with the version shown): the restart's repair shows the table again, tells the player
    due again with one bell, and the bell whose record was lost is found among the channel's recent messages and
    deleted: after `POSTING`, or, that mark lost too, because the player due was not recorded as told."""
    channel = Channel()
    before, after, refresher, _ = await played_once(service, channel)
    refresher.stop_repair()
    db = service.store.db
    (standing,) = channel.bells()
    first_bell = min(channel.posted)  # the bell of the first decision, which the move's replaced
    assert before.ping_message_id == first_bell
    shown, ping = (before.version, first_bell) if kept == 0 else (after.record.version, POSTING)
    async with db._transaction() as tx:  # the rows as the WAL's prefix left them
        await tx.conn.execute(
            "UPDATE tables SET shown_version = ?, ping_message_id = ?, notified = ? WHERE id = ?",
            (shown, ping, _told(before.notified), before.id),
        )

    restarted = Tables(db)  # a new process: nothing in memory
    repair = TableRefresher(table_bot(restarted, channel), DELAY, RepairQueue(100.0))
    edits = len(channel.edited)
    repair.repair(await restarted.store.to_repair())
    await until(lambda: repair._repairer is not None and repair._repairer.done())
    await repair.idle()

    assert channel.edited[edits:] == [after.record.table_message_id]  # the table shown again
    (bell,) = channel.bells()  # the player due told again, by one bell
    assert bell not in (standing, first_bell) and standing in channel.deleted
    stored = await db.tables.get(after.id)
    assert (stored.shown_version, stored.ping_message_id) == (stored.version, bell)
    (due,) = after.to_act
    assert stored.notified == after.record.notified and stored.notified.get(due) is not None


def _told(notified: dict[int, int]) -> str:
    """`tables.notified` as stored."""
    return json.dumps({str(seat): turn for seat, turn in sorted(notified.items())}, separators=(",", ":"))
