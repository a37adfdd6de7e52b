"""Ratings as players see them: each player's change in the final standings, and the rating leaderboard's lines."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.services.tables import Table, Tables
from bot.storage import Database, LeaderRow, Seat
from cogs.info._cog import leader_order, rating_line
from cogs.render.frame import standings
from cogs.render.rating import rating_change, rating_value
from tests.support.databases import open_new_sqlite

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")
CHANNEL = 700


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield database
    await database.close()


async def finished(service: Tables) -> Table:
    """Alice and Bob play pairs; Bob leaves, so Alice wins."""
    table = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    table = await service.lobby.join(table.id, BOB)
    table = await service.lobby.start(table.id, ALICE.user_id)
    outcome = await service.play.withdraw(table.id, BOB.user_id)
    assert outcome.finished
    return outcome.table


async def test_the_final_standings_show_each_players_rating_change(db: Database) -> None:
    service = Tables(db)
    table = await finished(service)
    assert set(table.rating_changes) == {0, 1}
    assert table.rating_changes[0] > 0 > table.rating_changes[1]
    won, lost = rating_change(table.rating_changes[0], "en"), rating_change(table.rating_changes[1], "en")
    assert won.startswith("+") and lost.startswith("-")
    lines = standings(table, "en").splitlines()
    assert "Alice — " in lines[0] and lines[0].endswith(f"· rating {won}")
    assert f"rating {lost}" in lines[1] and "(left)" in lines[1]
    assert f"cote {rating_change(table.rating_changes[0], 'fr')}" in standings(table, "fr")


async def test_a_finished_table_loaded_again_carries_its_changes(db: Database) -> None:
    table = await finished(Tables(db))
    later = Tables(db)  # another process, or after a restart: nothing cached
    assert (await later.store.get(table.id)).rating_changes == table.rating_changes
    latest = await later.history.latest_played(CHANNEL)
    assert latest is not None and latest.rating_changes == table.rating_changes


async def test_a_game_that_rated_nobody_shows_no_change(db: Database) -> None:
    service = Tables(db)
    table = await service.lobby.open_lobby(guild_id=9, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    table = await service.lobby.join(table.id, BOB)
    table = await service.lobby.start(table.id, ALICE.user_id)
    aborted = await service.admin.abort(CHANNEL, ALICE.user_id, can_manage=False)
    assert aborted.rating_changes == {}
    assert "rating" not in standings(aborted, "en")


def test_rating_numbers_read_the_languages_way() -> None:
    assert (rating_change(1.26, "en"), rating_change(-0.44, "fr"), rating_change(0.04, "en")) == (
        "+1.3",
        "-0,4",
        "±0.0",
    )
    assert (rating_value(12.34, "fr"), rating_value(-0.04, "en")) == ("12,3", "0.0")


def test_the_rating_leaderboard_line_marks_provisional_players() -> None:
    settled = LeaderRow(user_id=1, name="Ada", games=7, wins=5, average=3.0, best_place=1, mu=30.0, sigma=4.0, rated=6)
    newcomer = LeaderRow(user_id=2, name="Bob", games=1, wins=1, average=3.0, best_place=1, mu=27.5, sigma=8.0, rated=1)
    assert rating_line(1, settled, "en") == "1. **Ada** — rating 18.0 (μ 30.0) · 6 rated games"
    assert rating_line(2, newcomer, "en") == "2. **Bob** — rating 3.5 (μ 27.5) · 1 rated game · _provisional_"
    assert rating_line(2, newcomer, "fr") == "2. **Bob** — cote 3,5 (μ 27,5) · 1 partie classée · _provisoire_"


def test_by_keeps_wins_games_and_the_measure_and_defaults_to_the_rating() -> None:
    assert [leader_order(by) for by in (None, "rating", "wins", "games", "measure")] == [
        "rating",
        "rating",
        "wins",
        "games",
        "measure",
    ]
