"""Seasons through the service, with the injected clock: turned on, standings of the running season computed from its
games, a season's end archived once (two closers racing), the next end set, the past season read back, the new
season's standings empty, the all-time ratings left alone, and seasons missed while the bot was down closed."""

from __future__ import annotations

import asyncio
import calendar
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot.errors import CardroomError
from bot.seasons import bounds
from bot.services.seasons import SeasonEnd, SeasonScheduler, SeasonService
from bot.storage import Database, Seat
from bot.storage.repos.seasons import ArchivedSeason
from tests.bot.services.clocks import Clock
from tests.bot.services.season_games import finished

pytestmark = pytest.mark.postgresql_too  # claims, the archive's key and the season's results: on both back ends

GUILD, OTHER = 9, 10
ADA, BOB, CYD = Seat(1, "Ada"), Seat(2, "Bob"), Seat(3, "Cyd")
NORMAL = Seat(-2, "🤖 Ada (Normal)")  # a computer level


def utc(year: int, month: int, day: int = 1, hour: int = 0) -> float:
    return float(calendar.timegm((year, month, day, hour, 0, 0)))


@pytest.fixture
async def seasons_db(db_location: str | Path, clock: Clock) -> AsyncIterator[Database]:
    database = await Database.open(db_location, clock=clock)
    yield database
    await database.close()


@pytest.fixture
def seasons(seasons_db: Database, clock: Clock) -> SeasonService:
    return SeasonService(seasons_db, clock=clock)


async def play(db: Database, winner: Seat, *others: Seat, guild_id: int = GUILD) -> None:
    """A finished game: `winner` first, the others after in the order given."""
    await finished(db, winner, *others, guild_id=guild_id)


async def test_a_season_ends_once_archived_with_its_champion_and_the_next_one_starts_empty(
    seasons: SeasonService, seasons_db: Database, clock: Clock
) -> None:
    clock.now = utc(2027, 1, 15)
    setting = await seasons.configure(GUILD, "pairs", "monthly", channel_id=77, role_id=88)
    assert setting is not None and setting.due_at == utc(2027, 2, 1)
    for hour in range(5):
        clock.now = utc(2027, 1, 20, hour)
        await play(seasons_db, ADA, BOB)
    await play(seasons_db, NORMAL, ADA, CYD)  # a computer level beats Ada once
    await play(seasons_db, ADA, BOB, guild_id=OTHER)  # another server: not this season's
    running = await seasons.current(GUILD, "pairs")
    assert running.key == "2027-01" and not running.ended
    assert [line.name for line in running.standings][:2] == ["Ada", "Bob"]  # five games each; the others provisional
    assert {line.user_id for line in running.standings} == {1, 2, 3, -2}
    all_time = await seasons_db.ratings.of(guild_id=GUILD, game="pairs")

    clock.now = utc(2027, 1, 31, 23)
    assert await seasons.close_due() == []  # not yet
    clock.now = utc(2027, 2, 1) + 5
    ended = await seasons.close_due()
    assert len(ended) == 1
    end = ended[0]
    assert end.season.key == "2027-01" and end.season.ended and end.season.champion == ADA.user_id
    assert end.setting.channel_id == 77 and end.setting.role_id == 88 and end.previous_champion is None
    final = end.season.standings  # nobody played since: the same players and μ, their σ aged to the season's end
    assert [(line.user_id, line.mu) for line in final] == [(line.user_id, line.mu) for line in running.standings]
    assert all(f.sigma > r.sigma for f, r in zip(final, running.standings, strict=True))
    assert (await seasons_db.seasons.setting(GUILD, "pairs")).due_at == utc(2027, 3, 1)  # type: ignore[union-attr]
    assert await seasons.close_due() == []  # closed once

    past = await seasons.past(GUILD, "pairs", "2027-01")
    assert past.standings == end.season.standings and past.champion == ADA.user_id
    assert (past.starts_at, past.ends_at) == bounds("2027-01")
    assert await seasons.keys(GUILD, "pairs") == ["2027-01"]
    fresh = await seasons.current(GUILD, "pairs")
    assert fresh.key == "2027-02" and fresh.standings == ()
    assert await seasons_db.ratings.of(guild_id=GUILD, game="pairs") == all_time  # the all-time ratings stay

    clock.now = utc(2027, 2, 10)
    await play(seasons_db, BOB, ADA)
    clock.now = utc(2027, 3, 1) + 1
    (february,) = await seasons.close_due()
    assert february.season.champion == BOB.user_id and february.previous_champion == ADA.user_id
    assert await seasons.keys(GUILD, "pairs") == ["2027-02", "2027-01"]
    with pytest.raises(CardroomError) as unknown:
        await seasons.past(GUILD, "pairs", "2026-12")
    assert unknown.value.key == "seasons.error.unknown"


async def test_two_processes_closing_at_once_archive_the_season_once(
    seasons_db: Database, db_location: str | Path, clock: Clock
) -> None:
    other_db = await Database.open(db_location, clock=clock)
    try:
        first, second = SeasonService(seasons_db, clock=clock), SeasonService(other_db, clock=clock)
        clock.now = utc(2027, 1, 15)
        await first.configure(GUILD, "pairs", "quarterly")
        await play(seasons_db, CYD, ADA)
        clock.now = utc(2027, 4, 1) + 1
        results = await asyncio.gather(first.close_due(), second.close_due(), first.close_due())
        assert [len(ended) for ended in sorted(results, key=len)] == [0, 0, 1]
        (end,) = next(ended for ended in results if ended)
        assert end.season.key == "2027-Q1" and end.season.champion == CYD.user_id
        assert (await other_db.seasons.setting(GUILD, "pairs")).due_at == utc(2027, 7, 1)  # type: ignore[union-attr]
    finally:
        await other_db.close()


async def test_the_archive_takes_a_season_once_and_a_late_closer_leaves_the_next_end_as_set(
    seasons: SeasonService, seasons_db: Database, clock: Clock
) -> None:
    """A closer whose lease ran out while another closed the season finds it archived: it writes nothing."""
    clock.now = utc(2027, 1, 15)
    await seasons.configure(GUILD, "pairs", "monthly")
    archived = ArchivedSeason(GUILD, "pairs", "2027-01", *bounds("2027-01"), "[]", None, utc(2027, 2, 1))
    assert await seasons_db.seasons.close(archived, next_due=utc(2027, 3, 1))
    assert not await seasons_db.seasons.close(archived, next_due=utc(2099, 1, 1))
    assert (await seasons_db.seasons.setting(GUILD, "pairs")).due_at == utc(2027, 3, 1)  # type: ignore[union-attr]
    await seasons_db.seasons.postpone(GUILD, "pairs", utc(2027, 2, 1))  # as if read before the other closed it
    clock.now = utc(2027, 2, 1) + 1
    assert await seasons.close_due() == []  # archived already: nothing posted
    assert (await seasons_db.seasons.setting(GUILD, "pairs")).due_at == utc(2027, 3, 1)  # type: ignore[union-attr]


async def test_seasons_missed_while_the_bot_was_down_are_closed_at_the_next_start(
    seasons: SeasonService, seasons_db: Database, clock: Clock
) -> None:
    clock.now = utc(2027, 1, 15)
    await seasons.configure(GUILD, "pairs", "monthly")
    await play(seasons_db, ADA, BOB)
    clock.now = utc(2027, 2, 15)
    await play(seasons_db, BOB, ADA)
    clock.now = utc(2027, 3, 20)  # the bot was down from mid-January to now
    ended = await seasons.close_due()
    assert [(end.season.key, end.season.champion) for end in ended] == [("2027-01", 1), ("2027-02", 2)]
    assert ended[1].previous_champion == ADA.user_id
    assert (await seasons_db.seasons.setting(GUILD, "pairs")).due_at == utc(2027, 4, 1)  # type: ignore[union-attr]


async def test_seasons_are_per_game_and_can_be_changed_and_turned_off(
    seasons: SeasonService, seasons_db: Database, clock: Clock
) -> None:
    clock.now = utc(2027, 5, 10)
    with pytest.raises(CardroomError) as off:
        await seasons.current(GUILD, "pairs")
    assert off.value.key == "seasons.error.off"
    await seasons.configure(GUILD, "pairs", "monthly")
    changed = await seasons.configure(GUILD, "pairs", "quarterly", channel_id=5)
    assert changed is not None and changed.due_at == utc(2027, 7, 1) and changed.channel_id == 5
    assert (await seasons.current(GUILD, "pairs")).key == "2027-Q2"
    assert await seasons.setting(GUILD, "zombie") is None
    assert await seasons.configure(GUILD, "pairs", None) is None
    assert await seasons.setting(GUILD, "pairs") is None
    clock.now = utc(2027, 8, 1)
    assert await seasons.close_due() == []  # off: no season ends


async def test_the_scheduler_sleeps_until_the_earliest_end_then_hands_over_what_it_closed(
    seasons: SeasonService, seasons_db: Database, clock: Clock
) -> None:
    announced: list[Sequence[SeasonEnd]] = []

    async def announce(ended: Sequence[SeasonEnd]) -> None:
        announced.append(ended)

    scheduler = SeasonScheduler(seasons, announce)
    clock.now = utc(2027, 1, 31, 23)
    assert await scheduler.delay() == 3600.0  # nothing on: the longest sleep
    await seasons.configure(GUILD, "pairs", "monthly")  # pokes the scheduler (the service's poke is its)
    assert scheduler._wake.is_set()
    assert await scheduler.delay() == 3600.0  # an hour before the end
    clock.now = utc(2027, 1, 31, 23) + 1800
    assert await scheduler.delay() == 1800.0
    clock.now = utc(2027, 2, 1)
    assert await scheduler.delay() == 0.0
    assert await scheduler.fire_due() == 1
    assert [[end.season.key for end in ended] for ended in announced] == [["2027-01"]]
    assert await scheduler.delay() == 3600.0  # the next end is a month away


async def test_a_process_closes_the_seasons_of_its_own_shards_servers_only(
    seasons: SeasonService, seasons_db: Database, clock: Clock
) -> None:
    on_shard = {shard: (10 + shard) << 22 for shard in (0, 1)}  # a server on each of two shards (Discord's rule)
    clock.now = utc(2027, 1, 15)
    for guild in on_shard.values():
        await seasons.configure(guild, "pairs", "monthly")
    clock.now = utc(2027, 2, 1) + 1
    assert await seasons_db.seasons.next_due(shard_count=2, shard_ids=[1]) == utc(2027, 2, 1)
    assert await seasons_db.seasons.next_due(shard_count=2, shard_ids=[]) is None
    (first,) = await seasons.close_due(shard_count=2, shard_ids=[1])
    assert first.setting.guild_id == on_shard[1]
    assert await seasons.close_due(shard_count=2, shard_ids=[1]) == []
    (second,) = await seasons.close_due(shard_count=2, shard_ids=[0, 1])
    assert second.setting.guild_id == on_shard[0]


async def test_a_season_nobody_played_has_no_champion_and_the_role_stays_with_the_last_one(
    seasons: SeasonService, seasons_db: Database, clock: Clock
) -> None:
    clock.now = utc(2027, 1, 15)
    await seasons.configure(GUILD, "pairs", "monthly")
    await play(seasons_db, ADA, BOB)
    for month in (2, 3):
        clock.now = utc(2027, month, 1) + 1
        await seasons.close_due()
    empty = await seasons.past(GUILD, "pairs", "2027-02")
    assert empty.standings == () and empty.champion is None
    clock.now = utc(2027, 3, 5)
    await play(seasons_db, BOB, ADA)
    clock.now = utc(2027, 4, 1) + 1
    (march,) = await seasons.close_due()
    assert march.season.champion == BOB.user_id and march.previous_champion == ADA.user_id  # January's
