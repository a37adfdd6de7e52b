"""`cardroom migrate-db --from A --to B`: a live SQLite database into PostgreSQL, checked, and the games go on there."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

from bot.__main__ import EXIT_CONFIG, EXIT_DATABASE
from bot.services.tables import Table, Tables
from bot.storage import Database, GuildSettings, PlayerSettings, Seat
from tests.bot.services.clocks import Clock
from tests.bot.test_cli_backup import cardroom
from tests.support.postgres import PostgresServer

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")
GUILD = 9


def fold(service: Tables, table: Table, seat: int) -> int:
    return [action.kind for action in service.play.candidates(table, seat)].index("fold")


async def play_some(path: Path, clock: Clock) -> tuple[Table, Table]:
    """A finished game (results, ratings), a game mid-play with its clock, a lobby that expires, settings."""
    db = await Database.open(path)
    try:
        service = Tables(db, clock=clock)
        done = await service.lobby.open_lobby(guild_id=GUILD, channel_id=100, game="pairs", host=ALICE, locale="en")
        await service.lobby.join(done.id, BOB)
        done = await service.lobby.start(done.id, ALICE.user_id)
        while done.record.status == "active":
            seat = done.to_act[0]
            user = done.record.seats[seat].user_id
            done = (await service.play.act(done.id, user, done.record.version, fold(service, done, seat))).table
        live = await service.lobby.open_lobby(guild_id=GUILD, channel_id=101, game="pairs", host=ALICE, locale="fr")
        await service.lobby.join(live.id, BOB)
        live = await service.lobby.start(live.id, ALICE.user_id)
        for _ in range(2):
            clock.now += 30
            seat = live.to_act[0]
            live = (await service.play.act(live.id, live.record.seats[seat].user_id, live.record.version, 0)).table
        await service.lobby.open_lobby(guild_id=GUILD, channel_id=102, game="pairs", host=BOB, locale="en")
        await db.servers.save(GuildSettings(guild_id=GUILD, pace="fast", timeouts=2, lobby_expiry=600.0))
        await db.players.save(PlayerSettings(user_id=BOB.user_id, notify="dm", away_year=2027, away_used=3600))
        return done, live
    finally:
        await db.close()


async def go_on(url: str, clock: Clock, live: Table) -> Table:
    """The game mid-play continues on PostgreSQL; a new table gets an id after every copied one."""
    db = await Database.open(url)
    try:
        service = Tables(db, clock=clock)
        table = await service.store.get(live.id)
        assert table.record == live.record and table.clock == live.clock
        clock.now += 30
        seat = table.to_act[0]
        moved = (await service.play.act(table.id, table.record.seats[seat].user_id, table.record.version, 0)).table
        assert moved.record.version == live.record.version + 1
        assert [seq for seq, _, _ in await db.tables.actions(live.id)][-1] == moved.record.version
        newer = await service.lobby.open_lobby(guild_id=GUILD, channel_id=103, game="pairs", host=ALICE, locale="en")
        assert newer.id > live.id + 1
        return moved
    finally:
        await db.close()


async def snapshot(location: str | Path, done: Table) -> tuple[object, ...]:
    db = await Database.open(location)
    try:
        return (
            await db.tables.active_tables(),
            await db.results.results(done.id),
            await db.ratings.of(guild_id=GUILD, game="pairs"),
            await db.ratings.changes(done.id),
            await db.servers.get(GUILD),
            await db.players.get(BOB.user_id),
            await db.deadlines.due(float("inf"), 100),
            await db.players.turns_of(ALICE.user_id),
            await db.tables.actions(done.id),
            db.schema_version,
        )
    finally:
        await db.close()


def test_a_live_sqlite_database_moves_to_postgresql_and_its_games_go_on(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    sqlite = tmp_path / "data" / "cardroom.sqlite3"
    clock = Clock()
    done, live = asyncio.run(play_some(sqlite, clock))
    url = postgres.new_database_sync()
    try:
        check_the_copy(tmp_path, sqlite, url, clock, done, live)
    finally:
        asyncio.run(postgres.drop(url))


def check_the_copy(tmp_path: Path, sqlite: Path, url: str, clock: Clock, done: Table, live: Table) -> None:
    copied = cardroom(tmp_path, sqlite, "migrate-db", "--from", str(sqlite), "--to", url)
    assert copied.returncode == 0, copied.stderr
    lines = copied.stdout.splitlines()
    assert lines[0].startswith(f"cardroom: copied {sqlite} to {url} (schema version ")
    tables = {line.split(":")[0].strip(): line for line in lines[1:-1]}
    assert set(tables) == {
        "schema_migrations",
        "tables",
        "actions",
        "results",
        "deadlines",
        "table_seats",
        "guild_settings",
        "players",
        "ratings",
        "card_emojis",
        "premoves",
        "leagues",
        "league_players",
        "league_tables",
        "season_settings",
        "seasons",
    }
    assert all(line.endswith("-> same") for line in tables.values())
    assert tables["tables"].startswith("  tables: 3 rows")
    assert lines[-1] == "cardroom: checked: every table has the same rows on both sides (count and SHA-256 of its rows)"
    assert asyncio.run(snapshot(url, done)) == asyncio.run(snapshot(sqlite, done))

    # The target now holds data: a second copy is refused and changes nothing.
    again = cardroom(tmp_path, sqlite, "migrate-db", "--from", str(sqlite), "--to", url)
    assert again.returncode == EXIT_DATABASE and again.stdout == ""
    assert "the target already holds data (table tables)" in again.stderr

    moved = asyncio.run(go_on(url, clock, live))
    assert moved.record.status == "active"

    # And back: the PostgreSQL database, with the move made there, into a new SQLite file.
    back = tmp_path / "back.sqlite3"
    returned = cardroom(tmp_path, sqlite, "migrate-db", "--from", url, "--to", str(back))
    assert returned.returncode == 0, returned.stderr
    assert asyncio.run(snapshot(back, done)) == asyncio.run(snapshot(url, done))


def test_migrate_db_needs_both_ends(tmp_path: Path) -> None:
    alone = cardroom(tmp_path, tmp_path / "x.sqlite3", "migrate-db", "--from", str(tmp_path / "x.sqlite3"))
    assert alone.returncode == EXIT_CONFIG and "needs --from DATABASE and --to DATABASE" in alone.stderr
    misplaced = cardroom(tmp_path, tmp_path / "x.sqlite3", "backup", "--to", "y")
    assert misplaced.returncode == 2 and "--from and --to go with `cardroom migrate-db`" in misplaced.stderr


def test_a_value_the_target_cannot_hold_as_it_is_stops_the_copy(tmp_path: Path, postgres: PostgresServer) -> None:
    """SQLite keeps 2027.5 in an INTEGER column; PostgreSQL's BIGINT would not: nothing is copied."""
    sqlite = tmp_path / "cardroom.sqlite3"
    asyncio.run(play_some(sqlite, Clock()))
    with contextlib.closing(sqlite3.connect(sqlite)) as conn, conn:
        conn.execute("UPDATE players SET away_year = 2027.5")
    url = asyncio.run(postgres.new_schema())  # an empty schema is an empty database to migrate-db
    try:
        refused = cardroom(tmp_path, sqlite, "migrate-db", "--from", str(sqlite), "--to", url)
        assert refused.returncode == EXIT_DATABASE
        assert "the source's players.away_year holds 2027.5, not an integer: nothing was copied" in refused.stderr
        assert asyncio.run(snapshot_games(url)) == []
    finally:
        asyncio.run(postgres.drop(url))


async def snapshot_games(location: str) -> list[object]:
    db = await Database.open(location)
    try:
        return list(await db.tables.active_tables())
    finally:
        await db.close()
