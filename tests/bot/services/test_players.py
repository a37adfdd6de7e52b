"""The player service: notification choice, refused DMs told once, and /away within a yearly allowance.

A real database in tmp_path and an injected clock: time is moved forward, never slept through.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.errors import AwayAllowanceError, InvalidOptionError, NotAwayError
from bot.i18n import t
from bot.services.clock import paces
from bot.services.players import PlayerService
from bot.services.tables import Table, Tables
from bot.storage import Database, Seat
from tests.bot.services.clocks import Clock

pytestmark = pytest.mark.postgresql_too  # people's settings and away time: on both back ends

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")
DAY = 86_400.0
ALLOWANCE = paces().away.allowance_days * DAY


def at(year: int, month: int, day: int, hour: int = 12) -> float:
    return datetime(year, month, day, hour, tzinfo=UTC).timestamp()


@pytest.fixture
def clock() -> Clock:
    return Clock(at(2026, 6, 1))


@pytest.fixture(autouse=True)
def same_deal(fixed_seed: None) -> None:
    """Every test here deals the same cards."""


def services(db: Database, clock: Clock, scale: float = 1.0) -> tuple[PlayerService, Tables]:
    tables = Tables(db, clock=clock, time_scale=scale)
    return PlayerService(db, tables, clock=clock, time_scale=scale), tables


async def running(tables: Tables) -> Table:
    table = await tables.lobby.open_lobby(guild_id=9, channel_id=500, game="pairs", host=ALICE, locale="en")
    await tables.lobby.join(table.id, BOB)
    return await tables.lobby.start(table.id, ALICE.user_id)


# ----- notifications -------------------------------------------------------------
async def test_notify_choice_is_stored_and_checked(db: Database, clock: Clock) -> None:
    players, _ = services(db, clock)
    assert (await players.settings(1)).notify == "channel"
    assert (await players.set_notify(1, "dm")).notify == "dm"
    assert (await players.settings(1)).notify == "dm"
    assert (await players.set_notify(1, "both")).notify == "both"
    with pytest.raises(InvalidOptionError):
        await players.set_notify(1, "pigeon")
    assert (await db.players.get(1)).notify == "both"


async def test_a_refused_dm_is_reported_once_until_dms_are_chosen_again(db: Database, clock: Clock) -> None:
    players, _ = services(db, clock)
    await players.set_notify(1, "dm")
    assert await players.dm_refused(1) is True
    assert await players.dm_refused(1) is False  # already told
    assert (await players.settings(1)).dm_refused
    await players.set_notify(1, "channel")
    assert (await players.settings(1)).dm_refused  # channel only: the flag does not matter, it stays
    await players.set_notify(1, "both")  # asking for DMs again clears it
    assert not (await players.settings(1)).dm_refused
    assert await players.dm_refused(1) is True
    assert await players.dm_refused(2) is True  # someone who never chose anything


# ----- away ----------------------------------------------------------------------
async def test_going_away_charges_the_allowance_and_stops_for_the_scaled_duration(db: Database, clock: Clock) -> None:
    players, _ = services(db, clock, scale=0.001)
    change = await players.go_away(1, 3)
    assert change.settings.away_until == pytest.approx(clock.now + 3 * DAY * 0.001)
    assert change.settings.away_used == 3 * DAY  # the allowance counts real days whatever the scale
    assert change.settings.away_year == 2026
    assert change.left == ALLOWANCE - 3 * DAY
    assert change.tables == []
    assert await db.players.away(clock.now) == {1: change.settings.away_until}
    assert players.is_away(await players.settings(1))
    clock.now += 3 * DAY * 0.001 + 1
    assert not players.is_away(await players.settings(1))  # over by itself
    assert players.left(await players.settings(1)) == ALLOWANCE - 3 * DAY  # and fully used


async def test_going_away_again_replaces_the_absence_and_refunds_its_unused_part(db: Database, clock: Clock) -> None:
    players, _ = services(db, clock)
    await players.go_away(1, 5)
    clock.now += 1 * DAY
    change = await players.go_away(1, 2)  # 4 unused days come back, 2 are charged
    assert change.settings.away_used == pytest.approx(3 * DAY)
    assert change.settings.away_until == clock.now + 2 * DAY
    assert change.left == pytest.approx(ALLOWANCE - 3 * DAY)


async def test_coming_back_early_refunds_the_rest_and_restarts_nothing_twice(db: Database, clock: Clock) -> None:
    players, _ = services(db, clock)
    with pytest.raises(NotAwayError):
        await players.come_back(1)
    await players.go_away(1, 5)
    clock.now += 2 * DAY + 20  # refunds are to the minute
    change = await players.come_back(1)
    assert change.settings.away_until is None
    assert change.settings.away_used == pytest.approx(2 * DAY)
    assert change.left == pytest.approx(ALLOWANCE - 2 * DAY)
    assert await db.players.away(clock.now) == {}
    with pytest.raises(NotAwayError):
        await players.come_back(1)
    await players.go_away(1, 1)
    clock.now += 10  # back at once: the whole day is refunded
    assert (await players.come_back(1)).settings.away_used == pytest.approx(2 * DAY)


async def test_the_allowance_refuses_an_absence_too_long_and_changes_nothing(db: Database, clock: Clock) -> None:
    players, _ = services(db, clock)
    await players.go_away(1, 7)
    clock.now += 7 * DAY + 1
    await players.go_away(1, 1)  # 8 days used; this one is running
    before = await players.settings(1)
    with pytest.raises(AwayAllowanceError) as refused:
        await players.go_away(1, 4)  # the running day is refunded: 3 days left, not 4
    assert refused.value.params == {"left": 3, "days": 4}
    assert await players.settings(1) == before
    assert "whole days left: 3" in t("en", refused.value.key, **refused.value.params)
    assert "jours entiers restants\u00a0: 3" in t("fr", refused.value.key, **refused.value.params)
    change = await players.go_away(1, 3)  # replacing the running day with 3 days fits exactly
    assert change.left == pytest.approx(0.0)
    with pytest.raises(InvalidOptionError):
        await players.go_away(1, 0)


async def test_the_allowance_is_per_calendar_year_in_utc(db: Database, clock: Clock) -> None:
    players, _ = services(db, clock)
    clock.now = at(2026, 12, 25)
    await players.go_away(1, 10)  # the whole 2026 allowance, charged to 2026 though it ends in 2027
    with pytest.raises(AwayAllowanceError):
        await players.go_away(1, 11)
    clock.now = at(2026, 12, 31, 23)
    assert players.left(await players.settings(1)) == 0
    clock.now = at(2027, 1, 1, 0)
    assert players.left(await players.settings(1)) == ALLOWANCE  # a new year, a new allowance
    change = await players.come_back(1)  # the unused days went back to 2026, which is over
    assert change.left == ALLOWANCE
    change = await players.go_away(1, 10)
    assert change.settings.away_year == 2027 and change.left == 0


async def test_away_stops_the_running_clocks_and_coming_back_restarts_them(db: Database, clock: Clock) -> None:
    players, tables = services(db, clock)
    table = await running(tables)
    (seat,) = table.to_act
    user = table.record.seats[seat].user_id
    before = table.deadline(seat)
    assert before is not None
    clock.now += 600  # 600 s of the bank used
    change = await players.go_away(user, 2)
    (changed,) = change.tables
    assert changed.id == table.id
    assert changed.deadline(seat) == pytest.approx(before + 2 * DAY)  # the rest of the bank runs from the return
    other = table.record.seats[1 - seat].user_id
    assert (await players.go_away(other, 1)).tables == []  # not deciding: no table changes now
    clock.now += DAY
    (restarted,) = (await players.come_back(user)).tables
    assert restarted.deadline(seat) == pytest.approx(before + DAY)  # back a day early: the rest runs from now
