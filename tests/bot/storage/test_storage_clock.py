"""A table's clock in storage: written with the change that made it, its deadlines and turns beside it."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace

import pytest
from storage_helpers import finish_game, new_game, new_lobby, results_for, seats

from bot.storage import (
    ClockWrite,
    Database,
    Deadline,
    DeadlineGoneError,
    GuildSettings,
    PlayerSettings,
    SeatTurn,
    StaleVersionError,
    TableRecord,
)

T = 1_800_000_000.0
ADA, BOB = seats("Ada", "Bob")  # user ids 100 and 101


def clock_write(
    name: str,
    deadlines: dict[tuple[int, str], float],
    previous: dict[tuple[int, str], float] | None = None,
    *,
    due: int | None = 0,
    since: float = T,
) -> ClockWrite:
    """A clock called `name` whose seat `due` decides (the turns follow `deadlines`' expiry)."""
    turns = tuple(
        SeatTurn(
            seat=seat,
            user_id=person.user_id,
            since=since if seat == due else None,
            due_at=deadlines.get((seat, "expire")) if seat == due else None,
        )
        for seat, person in enumerate((ADA, BOB))
    )
    return ClockWrite(clock=json.dumps({"name": name}), deadlines=deadlines, previous=previous or {}, turns=turns)


def both(seat: int, start: float, bank: float) -> dict[tuple[int, str], float]:
    return {(seat, "expire"): start + bank, (seat, "remind"): start + 0.8 * bank}


async def pending(db: Database, table_id: int) -> dict[tuple[int, str], float]:
    return {(d.seat, d.kind): d.due_at for d in await db.deadlines.due(float("inf"), 1000) if d.table_id == table_id}


async def clocked_game(db: Database, *, channel_id: int = 10) -> tuple[TableRecord, ClockWrite]:
    """An active game whose seat 0 decides from T with a bank of 100 s."""
    lobby = await new_lobby(db, channel_id=channel_id, host=ADA)
    lobby = await db.tables.update_lobby(lobby.id, lobby.version, seats=[ADA, BOB])
    write = clock_write("begun", both(0, T, 100))
    return await db.tables.start(lobby.id, lobby.version, state='{"turn": 0}', clock=write), write


async def test_start_writes_the_clock_deadlines_and_turns_and_drops_the_lobby_expiry(storage_db: Database) -> None:
    lobby = await storage_db.tables.create_lobby(
        guild_id=1, channel_id=10, game="pairs", host=ADA, options={}, seed=1, locale="en", expires_at=T + 5
    )
    assert await pending(storage_db, lobby.id) == {(-1, "lobby"): T + 5}
    lobby = await storage_db.tables.update_lobby(lobby.id, lobby.version, seats=[ADA, BOB])
    record = await storage_db.tables.start(
        lobby.id, lobby.version, state="{}", clock=clock_write("begun", both(0, T, 100))
    )
    assert record.status == "active" and json.loads(record.clock or "") == {"name": "begun"}
    assert await pending(storage_db, record.id) == both(0, T, 100)
    (ada,) = await storage_db.players.turns_of(ADA.user_id)
    (bob,) = await storage_db.players.turns_of(BOB.user_id)
    assert (ada.table_id, ada.seat, ada.since, ada.due_at) == (record.id, 0, T, T + 100)
    assert (bob.table_id, bob.seat, bob.since, bob.due_at) == (record.id, 1, None, None)


async def test_a_move_writes_its_clock_deadlines_and_turns_with_it(storage_db: Database) -> None:
    game, begun = await clocked_game(storage_db)
    after = clock_write("moved", both(1, T + 30, 100), begun.deadlines, due=1, since=T + 30)
    record = await storage_db.tables.commit_action(game.id, game.version, seat=0, action="{}", state="{}", clock=after)
    assert record.version == game.version + 1 and json.loads(record.clock or "") == {"name": "moved"}
    assert await pending(storage_db, game.id) == both(1, T + 30, 100)
    (ada,) = await storage_db.players.turns_of(ADA.user_id)
    (bob,) = await storage_db.players.turns_of(BOB.user_id)
    assert (ada.since, ada.due_at) == (None, None) and (bob.since, bob.due_at) == (T + 30, T + 130)


async def test_a_refused_move_writes_none_of_its_clocks_rows(storage_db: Database) -> None:
    game, begun = await clocked_game(storage_db)
    after = clock_write("moved", both(1, T + 30, 100), begun.deadlines, due=1, since=T + 30)
    with pytest.raises(StaleVersionError):
        await storage_db.tables.commit_action(game.id, game.version - 1, seat=0, action="{}", state="{}", clock=after)
    assert await pending(storage_db, game.id) == both(0, T, 100)
    (ada,) = await storage_db.players.turns_of(ADA.user_id)
    assert (ada.since, ada.due_at) == (T, T + 100)
    assert (await storage_db.tables.get(game.id)).version == game.version


async def test_a_move_moves_a_changed_deadline_and_drops_the_turn_of_a_seat_no_longer_listed(
    storage_db: Database,
) -> None:
    game, begun = await clocked_game(storage_db)
    later = {(0, "expire"): T + 150}  # seat 0's bank grew; its reminder is gone
    write = clock_write("one seat", later, begun.deadlines)
    write = replace(write, turns=write.turns[:1])  # only Ada's turn row is listed now
    record = await storage_db.tables.commit_action(game.id, game.version, seat=1, action="{}", state="{}", clock=write)
    assert record.version == game.version + 1
    assert await pending(storage_db, game.id) == later
    assert await storage_db.players.turns_of(BOB.user_id) == []
    (ada,) = await storage_db.players.turns_of(ADA.user_id)
    assert (ada.since, ada.due_at) == (T, T + 150)


async def test_moves_committed_together_keep_their_own_clocks(storage_db: Database) -> None:
    games = [await clocked_game(storage_db, channel_id=channel) for channel in (10, 11, 12)]
    writes = [
        clock_write(f"moved {n}", both(1, T + n, 100), begun.deadlines, due=1, since=T + n)
        for n, (_, begun) in enumerate(games)
    ]
    records = await asyncio.gather(
        *(
            storage_db.tables.commit_action(game.id, game.version, seat=0, action="{}", state="{}", clock=write)
            for (game, _), write in zip(games, writes, strict=True)
        )
    )
    for n, ((game, _), record) in enumerate(zip(games, records, strict=True)):
        assert json.loads(record.clock or "") == {"name": f"moved {n}"}
        assert await pending(storage_db, game.id) == both(1, T + n, 100)


async def test_unchanged_deadline_rows_are_left_alone(storage_db: Database) -> None:
    game, _ = await clocked_game(storage_db)
    three = {**both(0, T, 100), **both(1, T, 200)}
    game = await storage_db.tables.update_clock(
        game.id, game.version, clock_write("two deciding", three, both(0, T, 100))
    )
    assert await pending(storage_db, game.id) == three
    sent = Deadline(game.id, 1, "remind", T + 160)
    assert await storage_db.deadlines.take(sent)  # seat 1 was reminded

    # Seat 0 moves: its rows go, seat 1's unchanged rows stay as they are (the sent reminder is not sent again).
    record = await storage_db.tables.commit_action(
        game.id, game.version, seat=0, action="{}", state="{}", clock=clock_write("one", both(1, T, 200), three, due=1)
    )
    assert await pending(storage_db, record.id) == {(1, "expire"): T + 200}

    # A changed due time is written again (a pause and resume restart the reminder).
    moved = both(1, T + 50, 150)
    await storage_db.tables.update_clock(
        record.id, record.version, clock_write("resumed", moved, both(1, T, 200), due=1)
    )
    assert await pending(storage_db, record.id) == moved


async def test_a_clock_move_needs_its_deadline_row(storage_db: Database) -> None:
    game, begun = await clocked_game(storage_db)
    expire = Deadline(game.id, 0, "expire", T + 100)
    after = clock_write("timed out", both(1, T + 100, 100), begun.deadlines, due=1, since=T + 100)
    assert await storage_db.deadlines.take(expire)  # a player's move (another process) took it first
    with pytest.raises(DeadlineGoneError) as gone:
        await storage_db.tables.commit_action(
            game.id, game.version, seat=0, action='"late"', state='"late"', clock=after, consume=expire
        )
    assert gone.value.deadline == expire
    record = await storage_db.tables.get(game.id)
    assert (record.version, record.state, record.clock) == (game.version, game.state, game.clock)
    assert await storage_db.tables.actions(game.id) == []
    assert await pending(storage_db, game.id) == {(0, "remind"): T + 80}
    # A moved deadline is gone as well: only the very same due time is consumed.
    moved = Deadline(game.id, 0, "remind", T + 81)
    with pytest.raises(DeadlineGoneError):
        await storage_db.tables.commit_action(game.id, game.version, seat=0, action="{}", state="{}", consume=moved)
    assert await storage_db.deadlines.has(Deadline(game.id, 0, "remind", T + 80))


async def test_a_clock_move_consumes_its_deadline_with_the_move(storage_db: Database) -> None:
    game, begun = await clocked_game(storage_db)
    expire = Deadline(game.id, 0, "expire", T + 100)
    after = clock_write("timed out", both(1, T + 100, 100), begun.deadlines, due=1, since=T + 100)
    record = await storage_db.tables.commit_action(
        game.id, game.version, seat=0, action='"hit"', state="{}", clock=after, consume=expire
    )
    assert record.version == game.version + 1
    assert await storage_db.tables.actions(game.id) == [(record.version, 0, '"hit"')]
    assert await pending(storage_db, game.id) == both(1, T + 100, 100)
    with pytest.raises(DeadlineGoneError):  # the same deadline cannot fire twice
        await storage_db.tables.commit_action(
            record.id, record.version, seat=0, action='"hit"', state="{}", clock=after, consume=expire
        )
    assert (await storage_db.tables.get(game.id)).version == record.version


async def test_a_consumed_deadline_the_new_clock_still_holds_is_written_again(storage_db: Database) -> None:
    """No increment, fired right on time, the same seat decides again: same due time, but the row was consumed."""
    game, begun = await clocked_game(storage_db)
    expire = Deadline(game.id, 0, "expire", T + 100)
    again = {(0, "expire"): T + 100, (0, "remind"): T + 100}  # an empty bank from T + 100
    after = clock_write("again", again, begun.deadlines, since=T + 100)
    await storage_db.tables.commit_action(
        game.id, game.version, seat=0, action="{}", state="{}", clock=after, consume=expire
    )
    assert await pending(storage_db, game.id) == again


async def test_a_clock_move_that_ends_the_game_clears_its_rows(storage_db: Database) -> None:
    game, _ = await clocked_game(storage_db)
    expire = Deadline(game.id, 0, "expire", T + 100)
    rows = results_for(game, [(2, False, 0), (1, True, 0)])
    rows[0] = replace(rows[0], clocked_out=True)
    record = await storage_db.tables.commit_action(
        game.id, game.version, seat=0, action='{"kind":"withdraw"}', state="{}", result=rows, consume=expire
    )
    assert record.status == "finished"
    assert await pending(storage_db, game.id) == {}
    assert await storage_db.players.turns_of(ADA.user_id) == [] and await storage_db.players.turns_of(BOB.user_id) == []
    assert [(row.seat, row.clocked_out) for row in await storage_db.results.results(game.id)] == [(0, True), (1, False)]


async def test_update_clock_checks_the_version_and_the_status(storage_db: Database) -> None:
    game, begun = await clocked_game(storage_db)
    paused = clock_write("paused", {}, begun.deadlines, since=T)
    with pytest.raises(StaleVersionError):
        await storage_db.tables.update_clock(game.id, game.version - 1, paused)
    record = await storage_db.tables.get(game.id)
    assert (record.version, record.clock) == (game.version, game.clock)
    assert await pending(storage_db, game.id) == both(0, T, 100)

    record = await storage_db.tables.update_clock(game.id, game.version, paused)
    assert record.version == game.version + 1 and json.loads(record.clock or "") == {"name": "paused"}
    assert await pending(storage_db, game.id) == {}

    lobby = await new_lobby(storage_db, channel_id=20)
    with pytest.raises(StaleVersionError):
        await storage_db.tables.update_clock(lobby.id, lobby.version, paused)
    aborted = await storage_db.tables.abort(record.id, by_user_id=ADA.user_id)
    with pytest.raises(StaleVersionError):
        await storage_db.tables.update_clock(aborted.id, aborted.version, clock_write("late", both(0, T, 9)))
    assert await pending(storage_db, game.id) == {}


async def test_take_deadline_takes_only_that_very_deadline(storage_db: Database) -> None:
    game, _ = await clocked_game(storage_db)
    other = Deadline(game.id, 0, "expire", T + 99)
    assert not await storage_db.deadlines.has(other) and not await storage_db.deadlines.take(other)
    live = Deadline(game.id, 0, "expire", T + 100)
    assert await storage_db.deadlines.has(live)
    assert await storage_db.deadlines.take(live)
    assert not await storage_db.deadlines.take(live) and not await storage_db.deadlines.has(live)


async def test_turns_come_back_in_deadline_order_across_tables(storage_db: Database) -> None:
    late, _ = await clocked_game(storage_db, channel_id=10)
    soon, soon_begun = await clocked_game(storage_db, channel_id=11)
    await storage_db.tables.update_clock(
        soon.id, soon.version, clock_write("sooner", both(0, T, 10), soon_begun.deadlines)
    )
    waiting = await new_game(storage_db, [BOB, ADA], channel_id=12)  # no clock: no turns rows
    assert [row.table_id for row in await storage_db.players.turns_of(ADA.user_id)] == [soon.id, late.id]
    assert [row.due_at for row in await storage_db.players.turns_of(ADA.user_id)] == [T + 10, T + 100]
    assert waiting.id not in [row.table_id for row in await storage_db.players.turns_of(BOB.user_id)]


async def test_server_and_player_settings_round_trip(storage_db: Database) -> None:
    assert await storage_db.servers.get(5) == GuildSettings(guild_id=5)
    settings = GuildSettings(guild_id=5, pace="live", timeouts=2, lobby_expiry=600.0, notify_channel_id=77)
    await storage_db.servers.save(settings)
    assert await storage_db.servers.get(5) == settings
    assert await storage_db.players.get(ADA.user_id) == PlayerSettings(user_id=ADA.user_id)
    away = PlayerSettings(user_id=ADA.user_id, notify="dm", away_until=T + 50, away_year=2027, away_used=50.0)
    await storage_db.players.save(away)
    assert await storage_db.players.many([ADA.user_id, BOB.user_id]) == {
        ADA.user_id: away,
        BOB.user_id: PlayerSettings(user_id=BOB.user_id),
    }
    assert await storage_db.players.away(T) == {ADA.user_id: T + 50}
    assert await storage_db.players.away(T + 50) == {}


async def test_seated_anywhere_finds_a_user_seated_at_a_running_game_only(storage_db: Database) -> None:
    """What the bot asks at its start to warm the computers' pool: is a computer that thinks seated at a running
    game? (Any user id: a computer's is negative.)"""
    assert not await storage_db.players.seated_anywhere([ADA.user_id, BOB.user_id])
    game, _ = await clocked_game(storage_db)
    assert await storage_db.players.seated_anywhere([BOB.user_id])
    assert await storage_db.players.seated_anywhere([-2, ADA.user_id])
    assert not await storage_db.players.seated_anywhere([-2, 999])
    await finish_game(storage_db, game, [(1, True, 0), (2, False, 0)])
    assert not await storage_db.players.seated_anywhere([ADA.user_id, BOB.user_id])
