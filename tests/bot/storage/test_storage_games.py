"""Games: the one-open-table-per-channel rule, lobby edits, start, actions, abort, resume."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import asyncpg
import pytest
from storage_helpers import Clock, finish_game, new_game, new_lobby, raw_rows, results_for, seats

from bot.storage import (
    ChannelBusyError,
    Database,
    Seat,
    StaleVersionError,
    StorageError,
    TableNotFoundError,
)


# ----- lobby and the channel rule ---------------------------------------------
async def test_create_lobby_returns_the_stored_row(storage_db: Database, clock: Clock) -> None:
    host = Seat(user_id=7, name="Host")
    lobby = await storage_db.tables.create_lobby(
        guild_id=None,
        channel_id=55,
        game="pairs",
        host=host,
        options={"b": [1, 2], "a": True},
        seed=2**63 - 1,
        locale="fr",
    )
    assert lobby.status == "lobby" and lobby.version == 0 and lobby.state is None
    assert lobby.seats == [host] and lobby.host_id == 7 and lobby.seat_of(7) == 0 and lobby.seat_of(8) is None
    assert lobby.options == {"a": True, "b": [1, 2]} and lobby.seed == 2**63 - 1 and lobby.locale == "fr"
    assert lobby.guild_id is None and lobby.channel_id == 55 and lobby.table_message_id is None
    assert lobby.created_at == lobby.updated_at == clock.now
    assert await storage_db.tables.get(lobby.id) == lobby
    assert await storage_db.tables.active_in_channel(55) == lobby


async def test_seed_must_fit_sqlite(storage_db: Database) -> None:
    with pytest.raises(ValueError, match="64-bit"):
        await storage_db.tables.create_lobby(
            guild_id=1, channel_id=1, game="pairs", host=Seat(1, "a"), options={}, seed=2**63, locale="en"
        )


async def test_second_open_table_in_a_channel_is_refused_with_the_existing_one(storage_db: Database) -> None:
    first = await new_lobby(storage_db, channel_id=10)
    with pytest.raises(ChannelBusyError) as busy:
        await new_lobby(storage_db, channel_id=10, host=Seat(user_id=999, name="Other"))
    assert busy.value.existing == first
    # still refused once the lobby has started
    game = await storage_db.tables.start(first.id, first.version, state="{}")
    with pytest.raises(ChannelBusyError) as busy:
        await new_lobby(storage_db, channel_id=10)
    assert busy.value.existing == game
    assert [g.id for g in await storage_db.tables.active_tables()] == [first.id]


async def test_the_rule_lives_in_the_schema(storage_db: Database, db_location: str | Path) -> None:
    await new_lobby(storage_db, channel_id=10)
    with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError), match=r"(?i)unique"):
        await raw_rows(
            db_location,
            "INSERT INTO tables (channel_id, game, status, host_id, seed, state, locale, created_at, updated_at)"
            " VALUES (10, 'pairs', 'active', 1, 1, '{}', 'en', 0, 0)",
        )


async def test_other_channels_are_independent(storage_db: Database) -> None:
    a = await new_lobby(storage_db, channel_id=10)
    b = await new_lobby(storage_db, channel_id=11)
    assert a.id != b.id
    assert [g.id for g in await storage_db.tables.active_tables()] == [a.id, b.id]


async def test_channel_is_free_again_after_finish_or_abort(storage_db: Database) -> None:
    lobby = await new_lobby(storage_db, channel_id=10)
    await storage_db.tables.abort(lobby.id, by_user_id=100)
    assert await storage_db.tables.active_in_channel(10) is None
    game = await new_game(storage_db, channel_id=10)
    await finish_game(storage_db, game, [(1, True, 3), (2, False, 1)])
    assert await storage_db.tables.active_in_channel(10) is None
    again = await new_lobby(storage_db, channel_id=10)
    assert await storage_db.tables.active_in_channel(10) == again


async def test_other_constraint_failures_are_not_channel_busy(storage_db: Database) -> None:
    with pytest.raises(StorageError) as error:
        await storage_db.tables.create_lobby(
            guild_id=1,
            channel_id=1,
            game=None,  # type: ignore[arg-type]
            host=Seat(1, "a"),
            options={},
            seed=1,
            locale="en",
        )
    assert not isinstance(error.value, ChannelBusyError)
    assert await storage_db.tables.active_in_channel(1) is None


async def test_update_lobby_bumps_the_version(storage_db: Database) -> None:
    lobby = await new_lobby(storage_db)
    people = [*lobby.seats, Seat(user_id=200, name="Bea")]
    joined = await storage_db.tables.update_lobby(lobby.id, 0, seats=people)
    assert joined.version == 1 and joined.seats == people and joined.seat_of(200) == 1
    assert joined.options == lobby.options and joined.updated_at > lobby.updated_at
    tuned = await storage_db.tables.update_lobby(lobby.id, 1, options={"target": 9})
    assert tuned.version == 2 and tuned.options == {"target": 9} and tuned.seats == people
    assert await storage_db.tables.get(lobby.id) == tuned


async def test_update_lobby_with_a_stale_version_changes_nothing(storage_db: Database) -> None:
    lobby = await new_lobby(storage_db)
    current = await storage_db.tables.update_lobby(lobby.id, 0, options={"target": 1})
    with pytest.raises(StaleVersionError) as stale:
        await storage_db.tables.update_lobby(lobby.id, 0, options={"target": 2})
    assert stale.value.current == current and stale.value.expected_version == 0
    assert await storage_db.tables.get(lobby.id) == current


async def test_update_lobby_refuses_bad_input_and_non_lobbies(storage_db: Database) -> None:
    lobby = await new_lobby(storage_db)
    with pytest.raises(ValueError):
        await storage_db.tables.update_lobby(lobby.id, 0)
    with pytest.raises(ValueError, match="one seat"):
        await storage_db.tables.update_lobby(lobby.id, 0, seats=[Seat(1, "a"), Seat(1, "b")])
    with pytest.raises(TableNotFoundError):
        await storage_db.tables.update_lobby(12345, 0, options={})
    started = await storage_db.tables.start(lobby.id, 0, state="{}")
    with pytest.raises(StaleVersionError) as stale:  # right version, wrong status
        await storage_db.tables.update_lobby(lobby.id, started.version, options={})
    assert stale.value.current == started


async def test_set_table_message_keeps_the_version(storage_db: Database) -> None:
    lobby = await new_lobby(storage_db)
    await storage_db.tables.set_table_message(lobby.id, 987654321098765432)
    stored = await storage_db.tables.get(lobby.id)
    assert stored.table_message_id == 987654321098765432 and stored.version == lobby.version
    with pytest.raises(TableNotFoundError):
        await storage_db.tables.set_table_message(12345, 1)


async def test_get_unknown_game(storage_db: Database) -> None:
    with pytest.raises(TableNotFoundError):
        await storage_db.tables.get(12345)
    assert await storage_db.tables.actions(12345) == []


# ----- start and actions --------------------------------------------------------
async def test_start_stores_the_initial_state(storage_db: Database) -> None:
    lobby = await new_lobby(storage_db)
    with pytest.raises(StaleVersionError):
        await storage_db.tables.start(lobby.id, 5, state='{"x": 1}')
    game = await storage_db.tables.start(lobby.id, 0, state='{"x": 1}')
    assert game.status == "active" and game.version == 1 and game.state == '{"x": 1}'
    with pytest.raises(StaleVersionError):  # a second start click
        await storage_db.tables.start(lobby.id, 0, state='{"x": 2}')
    assert await storage_db.tables.get(lobby.id) == game
    assert await storage_db.tables.actions(lobby.id) == []


async def test_commit_action_bumps_the_version_and_appends_to_the_log(storage_db: Database) -> None:
    game = await new_game(storage_db)
    v = game.version
    one = await storage_db.tables.commit_action(game.id, v, seat=0, action='{"kind": "flip"}', state='{"turn": 1}')
    assert one.version == v + 1 and one.state == '{"turn": 1}' and one.status == "active"
    two = await storage_db.tables.commit_action(game.id, v + 1, seat=1, action='{"kind": "pass"}', state='{"turn": 2}')
    assert two.version == v + 2 and two.updated_at > one.updated_at
    assert await storage_db.tables.get(game.id) == two
    assert await storage_db.tables.actions(game.id) == [(v + 1, 0, '{"kind": "flip"}'), (v + 2, 1, '{"kind": "pass"}')]


async def test_a_stale_commit_changes_nothing(storage_db: Database) -> None:
    game = await new_game(storage_db)
    current = await storage_db.tables.commit_action(game.id, game.version, seat=0, action='"a"', state='"s1"')
    log = await storage_db.tables.actions(game.id)
    with pytest.raises(StaleVersionError) as stale:
        await storage_db.tables.commit_action(game.id, game.version, seat=1, action='"b"', state='"s2"')
    assert stale.value.current == current
    assert await storage_db.tables.get(game.id) == current
    assert await storage_db.tables.actions(game.id) == log


async def test_commit_needs_an_active_game_and_a_seat_at_the_table(storage_db: Database) -> None:
    lobby = await new_lobby(storage_db)
    with pytest.raises(StaleVersionError):
        await storage_db.tables.commit_action(lobby.id, lobby.version, seat=0, action="{}", state="{}")
    with pytest.raises(TableNotFoundError):
        await storage_db.tables.commit_action(12345, 0, seat=0, action="{}", state="{}")
    game = await storage_db.tables.start(lobby.id, lobby.version, state="{}")
    with pytest.raises(ValueError, match="seat 3"):
        await storage_db.tables.commit_action(game.id, game.version, seat=3, action="{}", state='"changed"')
    assert await storage_db.tables.get(game.id) == game


async def test_finishing_action_ends_the_game(storage_db: Database) -> None:
    game = await new_game(storage_db)
    done = await finish_game(storage_db, game, [(2, False, 1), (1, True, 4)])
    assert done.status == "finished" and done.version == game.version + 1 and done.ended_at == done.updated_at
    assert done.ended_by is None and not done.is_open
    assert [r.place for r in await storage_db.results.results(game.id)] == [2, 1]
    with pytest.raises(StaleVersionError):  # no action after the end
        await storage_db.tables.commit_action(game.id, done.version, seat=0, action="{}", state="{}")
    assert await storage_db.tables.active_tables() == []


async def test_records_read_back_hold_their_own_options_seats_and_notified(storage_db: Database) -> None:
    """The texts of these columns are parsed once for all rows that hold them; each record gets its own copies."""
    first = await new_game(storage_db, channel_id=30)
    second = await new_game(storage_db, channel_id=31)
    moved = await storage_db.tables.commit_action(
        first.id, first.version, seat=0, action='{"kind":"hit"}', state='{"s":1}'
    )
    again = await storage_db.tables.get(first.id)
    assert again == moved and second.options == moved.options and second.seats == moved.seats
    moved.options["changed"] = True
    moved.seats.append(Seat(user_id=99, name="Extra"))
    moved.notified[0] = 1
    assert "changed" not in again.options and "changed" not in second.options
    assert again.seats == second.seats == seats("Ada", "Bob") and again.notified == {}


# ----- abort ---------------------------------------------------------------------
async def test_abort_a_lobby_or_a_game(storage_db: Database) -> None:
    lobby = await new_lobby(storage_db, channel_id=1)
    aborted = await storage_db.tables.abort(lobby.id, by_user_id=100)
    assert aborted.status == "aborted" and aborted.version == 1 and aborted.ended_by == 100
    assert aborted.ended_at is not None
    game = await new_game(storage_db, channel_id=2)
    aborted = await storage_db.tables.abort(game.id, by_user_id=5)
    assert aborted.status == "aborted" and aborted.version == game.version + 1 and aborted.state == game.state
    with pytest.raises(StaleVersionError):  # already over
        await storage_db.tables.abort(game.id, by_user_id=5)
    with pytest.raises(TableNotFoundError):
        await storage_db.tables.abort(12345, by_user_id=5)
    assert await storage_db.tables.active_tables() == []


async def test_abort_with_expected_version_and_results(storage_db: Database) -> None:
    lobby = await new_lobby(storage_db, channel_id=1)
    with pytest.raises(ValueError, match="started"):
        await storage_db.tables.abort(lobby.id, by_user_id=100, result=[])
    game = await new_game(storage_db, channel_id=2)
    with pytest.raises(StaleVersionError):
        await storage_db.tables.abort(game.id, by_user_id=100, expected_version=game.version - 1)
    aborted = await storage_db.tables.abort(
        game.id, by_user_id=100, expected_version=game.version, result=results_for(game, [(2, False, 0), (1, True, 0)])
    )
    assert aborted.status == "aborted"
    assert [r.won for r in await storage_db.results.results(game.id)] == [False, True]
    assert (await storage_db.tables.get(lobby.id)).status == "lobby"


# ----- resume ----------------------------------------------------------------------
async def test_every_open_game_resumes_from_a_new_database(db_location: str | Path) -> None:
    db = await Database.open(db_location)
    lobby = await new_lobby(db, channel_id=1)
    lobby = await db.tables.update_lobby(lobby.id, lobby.version, seats=seats("Ada", "Bob"))
    game = await new_game(db, channel_id=2)
    game = await db.tables.commit_action(
        game.id, game.version, seat=1, action='{"kind": "x"}', state=json.dumps({"n": 1})
    )
    ended = await new_game(db, channel_id=3)
    await db.tables.abort(ended.id, by_user_id=1)
    await db.close()

    restarted = await Database.open(db_location)
    assert await restarted.tables.active_tables() == [lobby, game]
    assert await restarted.tables.active_in_channel(3) is None
    assert await restarted.tables.actions(game.id) == [(game.version, 1, '{"kind": "x"}')]
    await restarted.close()
