"""The table refresher's pace (`cogs.tables._refresher`): a change at a quiet table is shown at once, the changes
within the delay after an edit are shown together at its end, and a table drawn while its move committed is shown
as drawn. Real tables on a real database; Discord's channel faked. Through the handlers: a click at a quiet table
hands the refresher the table drawn while the move committed, and a click at a busy one does not draw it."""

from __future__ import annotations

import asyncio
import datetime
import itertools
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.services.tables import Outcome, Table, Tables
from bot.storage import Seat
from cogs.kit.reply import Reply
from cogs.tables._handlers import TableHandlers
from cogs.tables._refresher import DrawnTable, TableRefresher
from cogs.tables._repair import RepairQueue
from cogs.tables._views import table_message
from tests.cogs.fake_interactions import FakeInteraction
from tests.cogs.table_bots import table_bot, until
from tests.support.databases import open_new_sqlite

DELAY = 2.0  # seconds between two edits of one table message: wide, so "at once" is told apart from "after it"
SOON = 0.5  # an edit at once is done well within this


class FakeChannel:
    """Every edit of a table message, in order, with what it showed."""

    def __init__(self) -> None:
        self.edits: list[dict[str, Any]] = []
        self.ids = itertools.count(discord.utils.time_snowflake(datetime.datetime.now(datetime.UTC)))

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(**fields: Any) -> None:
            self.edits.append(fields)

        return SimpleNamespace(edit=edit)

    async def send(self, *args: Any, **fields: Any) -> Any:
        return SimpleNamespace(id=next(self.ids))


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Tables]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield Tables(db)
    await db.close()


async def started(service: Tables, channel: FakeChannel) -> Table:
    """A started Pairs table of two players, with its message."""
    host, guest = Seat(11, "Ada"), Seat(12, "Bea")
    table = await service.lobby.open_lobby(guild_id=9, channel_id=700, game="pairs", host=host, locale="en")
    await service.store.set_table_message(table, next(channel.ids))
    await service.lobby.join(table.id, guest)
    return await service.lobby.start(table.id, host.user_id)


def refresher_for(service: Tables, channel: FakeChannel, delay: float = DELAY) -> TableRefresher:
    return TableRefresher(table_bot(service, channel), delay, RepairQueue(100.0))


async def move(service: Tables, table: Table) -> Outcome:
    """The first player to act takes their first action."""
    seat = table.to_act[0]
    assert table.state is not None
    token = table.engine.decision_token(table.state, seat)
    return await service.play.act(table.id, table.record.seats[seat].user_id, table.record.version, 0, token)


def footer(fields: dict[str, Any]) -> str:
    return str(fields["embed"].footer.text)


async def test_a_change_at_a_quiet_table_is_shown_at_once_and_those_within_the_delay_together_after_it(
    service: Tables,
) -> None:
    channel = FakeChannel()
    table = await started(service, channel)
    refresher = refresher_for(service, channel)
    assert refresher.edits_at_once(table.id)
    loop = asyncio.get_running_loop()
    start = loop.time()
    refresher.mark(table.id)
    await until(lambda: len(channel.edits) == 1, within=SOON)
    assert f"move {table.record.version}" in footer(channel.edits[0])
    assert not refresher.edits_at_once(table.id)  # edited just now: the next change waits for the delay

    # Two moves right after the edit: nothing is shown before the delay is over, then both in one edit.
    for _ in range(2):
        table = (await move(service, table)).table
        refresher.mark(table.id)
        await asyncio.sleep(0.05)
    await asyncio.sleep(SOON)
    assert len(channel.edits) == 1
    await until(lambda: len(channel.edits) == 2, within=DELAY)
    assert loop.time() - start >= DELAY
    now = (await service.store.get(table.id)).record.version
    assert f"move {now}" in footer(channel.edits[1])
    await refresher.idle()

    # Once the delay after the last edit is over, a change is shown at once again, and nothing is kept of the edit.
    await until(lambda: refresher.edits_at_once(table.id), within=DELAY + SOON)
    await until(lambda: table.id not in refresher._edited_at, within=SOON)  # its timer may come a tick later


async def test_an_edit_through_an_interaction_counts_for_the_delay(service: Tables) -> None:
    channel = FakeChannel()
    table = await started(service, channel)
    refresher = refresher_for(service, channel)
    refresher.rendered(table)  # the table message was just edited by the answer to a click on it
    assert not refresher.edits_at_once(table.id)
    refresher.ensure_posted(table.id)
    await asyncio.sleep(SOON)
    assert channel.edits == []
    await until(lambda: len(channel.edits) == 1, within=DELAY)
    await refresher.idle()


async def test_a_move_committed_during_an_edit_is_shown_by_another_edit(service: Tables) -> None:
    """The answer to a click shows the new version first; the refresher's edit of the older one, on its way
    meanwhile, lands after it and covers it: the refresher edits again, and the message ends on the newest."""
    channel = FakeChannel()
    table = await started(service, channel)
    refresher = refresher_for(service, channel, delay=0.05)
    moved: list[Table] = []
    sent = channel.get_partial_message

    def slow_message(message_id: int) -> Any:
        async def edit(**fields: Any) -> None:
            if not moved:  # the first edit is on its way while a move commits and its answer shows it
                outcome = await move(service, table)
                moved.append(outcome.table)
                refresher.rendered(outcome.table)
            await sent(message_id).edit(**fields)

        return SimpleNamespace(edit=edit)

    channel.get_partial_message = slow_message  # type: ignore[method-assign]
    refresher.mark(table.id)
    await until(lambda: len(channel.edits) == 2, within=SOON + 1)
    await refresher.idle()
    assert f"move {table.record.version}" in footer(channel.edits[0])  # drawn before the move
    assert f"move {moved[0].record.version}" in footer(channel.edits[1])  # the newest, shown last
    assert len(channel.edits) == 2


async def test_a_table_drawn_for_the_version_shown_is_sent_as_drawn_and_an_older_one_is_drawn_anew(
    service: Tables,
) -> None:
    channel = FakeChannel()
    table = await started(service, channel)
    version = table.record.version
    refresher = refresher_for(service, channel, delay=0.0)
    ahead = discord.Embed(title="drawn ahead")
    refresher.mark(table.id, DrawnTable(version, ahead, None))
    await refresher.idle()
    assert [fields["embed"] for fields in channel.edits] == [ahead]

    await move(service, table)
    refresher.mark(table.id, DrawnTable(version, ahead, None))  # drawn for the version before the move
    await refresher.idle()
    assert len(channel.edits) == 2 and channel.edits[1]["embed"] is not ahead
    assert f"move {version + 1}" in footer(channel.edits[1])
    assert refresher._drawn == {}


# ----- through the handlers ------------------------------------------------------------------------------------


class WatchedRefresher(TableRefresher):
    """The real refresher, telling the test what each mark brought."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.brought: list[DrawnTable | None] = []

    def mark(self, table_id: int, drawn: DrawnTable | None = None) -> None:
        self.brought.append(drawn)
        super().mark(table_id, drawn)


async def click(handlers: TableHandlers, table: Table) -> FakeInteraction:
    seat = table.to_act[0]
    assert table.state is not None
    interaction = FakeInteraction()  # a click made just now
    interaction.user = SimpleNamespace(id=table.record.seats[seat].user_id, display_name="P")
    interaction.channel_id = table.record.channel_id  # type: ignore[attr-defined]
    interaction.message = None  # type: ignore[attr-defined]
    token = table.engine.decision_token(table.state, seat)
    await handlers.act(interaction, table.id, table.record.version, 0, token)  # type: ignore[arg-type]
    (name, _), *_ = interaction.calls
    assert name == "edit_message", interaction.calls
    return interaction


async def test_a_click_at_a_quiet_table_hands_over_the_table_drawn_while_it_committed(service: Tables) -> None:
    channel = FakeChannel()
    table = await started(service, channel)
    bot = table_bot(service, channel)
    refresher = WatchedRefresher(bot, DELAY, RepairQueue(100.0))
    handlers = TableHandlers(bot, refresher)

    await click(handlers, table)
    after = await service.store.get(table.id)
    (drawn,) = refresher.brought
    assert drawn is not None and drawn.version == after.record.version
    expected, controls = table_message(after)
    assert drawn.embed.to_dict() == expected.to_dict()
    assert controls is not None and drawn.view is not None
    assert drawn.view.to_components() == controls.to_components()
    await until(lambda: len(channel.edits) == 1, within=SOON)
    assert channel.edits[0]["embed"] is drawn.embed  # shown as drawn, not drawn again

    # The next click comes within the delay: its edit will come later, with what else changes; no table is drawn.
    await click(handlers, after)
    assert refresher.brought[1] is None
    await refresher.idle()
    assert len(channel.edits) == 2
    assert f"move {after.record.version + 1}" in footer(channel.edits[1])


async def test_a_game_end_is_not_drawn_ahead_its_standings_show_the_rating_changes(service: Tables) -> None:
    """At a quiet table a move's drawing ahead includes the public table, but not at a game's end: drawn ahead, the
    end would have no rating changes yet. The mover's hand is drawn after the commit (by the handler) and the table
    by the refresher, so both show the standings with them, as the other players' hands redrawn at the end do."""
    channel = FakeChannel()
    table = await started(service, channel)
    handlers = TableHandlers(table_bot(service, channel), refresher_for(service, channel))
    seat = table.to_act[0]
    interaction = FakeInteraction()
    interaction.user = SimpleNamespace(id=table.record.seats[seat].user_id, display_name="P")
    draw = handlers._hand_drawer(Reply(interaction, ephemeral=True))  # type: ignore[arg-type]
    going = draw(table)
    assert going.hand is not None and going.table is not None  # a quiet table: its edit is at once
    while table.record.status == "active":
        mover = table.to_act[0]
        kinds = [getattr(action, "kind", None) for action in service.play.candidates(table, mover)]
        user = table.record.seats[mover].user_id
        table = (await service.play.act(table.id, user, table.record.version, kinds.index("fold"))).table
    ended = draw(replace(table, rating_changes={}))  # as the end is drawn ahead, while it commits
    assert ended.hand is None and ended.table is None
