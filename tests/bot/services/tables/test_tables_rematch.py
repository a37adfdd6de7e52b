"""A finished table's rematch, and the table's language chosen in the lobby."""

from __future__ import annotations

import pytest

from bot.errors import ForgedComponentError, InvalidOptionError, NotAPlayerError, NotHostError, TableBusyError
from bot.services.clock import TableClock
from bot.services.tables import Table, Tables
from bot.storage import Seat
from engines.pairs import Fold

ALICE, BOB, CAROL, DAN = Seat(1, "Alice"), Seat(2, "Bob"), Seat(3, "Carol"), Seat(4, "Dan")
CHANNEL = 500


async def finished(service: Tables, *seats: Seat) -> Table:
    """A Pairs game of `seats` (the first one hosts) with a chosen ending, clock and language, played to its end."""
    table = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=seats[0], locale="en")
    for seat in seats[1:]:
        table = await service.lobby.join(table.id, seat)
    host = seats[0].user_id
    table = await service.lobby.set_option(table.id, host, "ending", "norland")
    table = await service.lobby.set_option(table.id, host, "games", "1")
    table = await service.lobby.set_clock_option(table.id, host, "pace", "relaxed")
    table = await service.lobby.set_clock_option(table.id, host, "timeouts", "5")
    table = await service.lobby.set_locale(table.id, host, "fr")
    table = await service.lobby.start(table.id, host)
    while table.record.status == "active":
        seat = table.to_act[0]
        fold = [type(action) for action in service.play.candidates(table, seat)].index(Fold)
        outcome = await service.play.act(table.id, table.record.seats[seat].user_id, table.record.version, fold)
        table = outcome.table
    assert table.record.status == "finished"
    return table


async def test_a_rematch_seats_the_same_players_in_order_with_the_same_settings(service: Tables) -> None:
    done = await finished(service, ALICE, BOB, CAROL)
    renamed_bob = Seat(BOB.user_id, "Bobby")
    rematch = await service.lobby.rematch(done.id, renamed_bob)
    record = rematch.record
    assert record.id != done.id and record.status == "lobby" and record.channel_id == CHANNEL
    assert record.host_id == BOB.user_id  # the clicker hosts, seated where they sat
    assert record.seats == [ALICE, renamed_bob, CAROL]
    assert record.options == done.record.options and record.options["ending"] == "norland"
    assert record.locale == "fr" and record.game == "pairs" and record.guild_id == 9
    assert rematch.clock is not None and done.clock is not None
    assert (rematch.clock.pace, rematch.clock.timeouts) == ("relaxed", 5)
    assert rematch.clock == TableClock.preset("relaxed", timeouts=5)  # a fresh clock, no seat's time carried over
    started = await service.lobby.start(rematch.id, BOB.user_id)  # everyone is seated: the host starts at once
    assert started.record.status == "active" and started.state is not None and started.state.players == 3


async def test_only_a_player_opens_a_rematch_and_only_once(service: Tables) -> None:
    done = await finished(service, ALICE, BOB)
    with pytest.raises(NotAPlayerError) as outsider:
        await service.lobby.rematch(done.id, DAN)
    assert outsider.value.key == "error.rematch_not_a_player"
    first = await service.lobby.rematch(done.id, ALICE)
    await service.store.set_table_message(first, 4242)
    with pytest.raises(TableBusyError) as busy:  # the second click finds the channel busy: a link to the first
        await service.lobby.rematch(done.id, BOB)
    assert busy.value.table_id == first.id and busy.value.params["url"].endswith(f"/{CHANNEL}/4242")


async def test_no_rematch_of_a_table_that_did_not_finish(service: Tables) -> None:
    lobby = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    with pytest.raises(ForgedComponentError):
        await service.lobby.rematch(lobby.id, ALICE)
    lobby = await service.lobby.join(lobby.id, BOB)
    running = await service.lobby.start(lobby.id, ALICE.user_id)
    with pytest.raises(ForgedComponentError):
        await service.lobby.rematch(running.id, ALICE)
    aborted = await service.admin.abort(CHANNEL, ALICE.user_id, can_manage=False)
    with pytest.raises(ForgedComponentError):
        await service.lobby.rematch(aborted.id, ALICE)


async def test_the_host_chooses_the_table_language(service: Tables) -> None:
    lobby = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    lobby = await service.lobby.join(lobby.id, BOB)
    with pytest.raises(NotHostError):
        await service.lobby.set_locale(lobby.id, BOB.user_id, "fr")
    with pytest.raises(InvalidOptionError):
        await service.lobby.set_locale(lobby.id, ALICE.user_id, "de")
    french = await service.lobby.set_locale(lobby.id, ALICE.user_id, "fr")
    assert french.record.locale == "fr" and (await service.store.db.tables.get(lobby.id)).locale == "fr"
    started = await service.lobby.start(lobby.id, ALICE.user_id)
    assert started.record.locale == "fr"  # the game keeps the lobby's language
