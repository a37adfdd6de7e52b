"""`cardroom ratings --rebuild`: every rating recomputed from the stored results, as the games left them."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

from bot.__main__ import EXIT_CONFIG
from bot.ratings import Rating
from bot.storage import Database, ResultRow, Seat
from tests.bot.test_cli_backup import cardroom

PEOPLE = [Seat(1, "Ada"), Seat(2, "Bob"), Seat(3, "Cyd")]


async def play_games(path: Path) -> dict[str, Rating]:
    """Three finished games in one server, one aborted; the ratings they left."""
    db = await Database.open(path)
    try:
        for number, places in enumerate([(1, 2, 3), (2, 1, 1), (3, 1, 2), (1, 2, 3)]):
            lobby = await db.tables.create_lobby(
                guild_id=7, channel_id=50, game="pairs", host=PEOPLE[0], options={}, seed=1, locale="en", seats=PEOPLE
            )
            game = await db.tables.start(lobby.id, lobby.version, state="{}")
            result = [
                ResultRow(seat=seat, user_id=person.user_id, name=person.name, place=place, won=place == 1, measure=0)
                for seat, (person, place) in enumerate(zip(PEOPLE, places, strict=True))
            ]
            if number == 3:
                await db.tables.abort(game.id, by_user_id=1, result=result)
            else:
                await db.tables.commit_action(
                    game.id, game.version, seat=0, action=json.dumps({}), state="{}", result=result
                )
        return await db.ratings.of(guild_id=7, game="pairs")
    finally:
        await db.close()


async def ratings_in(path: Path) -> dict[str, Rating]:
    db = await Database.open(path)
    try:
        return await db.ratings.of(guild_id=7, game="pairs")
    finally:
        await db.close()


def test_rebuild_recomputes_the_ratings_the_games_left(tmp_path: Path) -> None:
    database = tmp_path / "data" / "cardroom.sqlite3"
    played = asyncio.run(play_games(database))
    assert set(played) == {"1", "2", "3"} and all(rating.games == 3 for rating in played.values())
    with sqlite3.connect(database) as conn:  # damage them: a rebuild must not start from what is stored
        conn.execute("UPDATE ratings SET mu = 0, games = 99")
    done = cardroom(tmp_path, database, "ratings", "--rebuild")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines() == [f"cardroom: rebuilt the ratings of {database} from 3 rated games"]
    assert asyncio.run(ratings_in(database)) == played


def test_ratings_without_rebuild_and_rebuild_elsewhere_are_refused(tmp_path: Path) -> None:
    database = tmp_path / "cardroom.sqlite3"
    bare = cardroom(tmp_path, database, "ratings")
    assert bare.returncode == EXIT_CONFIG and bare.stdout == ""
    assert "needs --rebuild" in bare.stderr
    misplaced = cardroom(tmp_path, database, "backup", "--rebuild")
    assert misplaced.returncode == 2 and "--rebuild goes with `cardroom ratings`" in misplaced.stderr
    assert not database.exists()  # nothing was opened
