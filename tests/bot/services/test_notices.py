"""Quiet hours through the services: chosen within the server's cap, a table's deadline moved out of them (and
shown moved), what is held meanwhile flushed once at their end by the player scheduler, across a restart."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.errors import CardroomError
from bot.i18n import NBSP, t
from bot.services.notices import Notices, PlayerScheduler
from bot.services.quiet import DEFAULT_CAP, quiet_of
from bot.services.tables import Tables
from bot.storage import Database, GuildSettings, PlayerSettings, Seat
from tests.bot.services.clocks import Clock

ALICE, BOB = Seat(1, "Alice"), Seat(2, "Bob")
GUILD, CHANNEL = 9, 500


def at(text: str) -> float:
    return datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=UTC).timestamp()


@pytest.fixture(autouse=True)
def same_deal(fixed_seed: None) -> None:
    """The same deal every run."""


@pytest.fixture
def service(db: Database, clock: Clock) -> Tables:
    return Tables(db, clock=clock)


@pytest.fixture
def notices(db: Database, service: Tables, clock: Clock) -> Notices:
    return Notices(db, service.store, clock=clock)


async def choose(notices: Notices, user_id: int, zone: str | None, span: str | None, guild: int | None = GUILD) -> None:
    planned = await notices.plan_quiet(user_id, zone=zone, span=span, guild_id=guild)
    await notices.save_quiet(user_id, *planned)


async def test_quiet_hours_are_chosen_shown_and_turned_off(db: Database, notices: Notices) -> None:
    await choose(notices, 1, "Europe/Paris", "23:00-07:00")
    player = await db.players.get(1)
    assert (player.zone, player.quiet_start, player.quiet_end) == ("Europe/Paris", 1380, 420)
    assert quiet_of(player) is not None
    await choose(notices, 1, "America/New_York", None)  # a new zone keeps the hours
    assert (await db.players.get(1)).zone == "America/New_York"
    await choose(notices, 1, None, "off")
    player = await db.players.get(1)
    assert quiet_of(player) is None and player.zone == "America/New_York"
    assert await db.players.quiet() == {}


async def test_bad_choices_are_refused_with_a_localised_message_and_change_nothing(
    db: Database, notices: Notices
) -> None:
    await db.servers.save(GuildSettings(guild_id=GUILD, quiet_cap=6.0))
    with pytest.raises(CardroomError) as refused:
        await notices.plan_quiet(1, zone="Europe/Paris", span="23:00-07:00", guild_id=GUILD)
    assert refused.value.key == "quiet.too_long" and refused.value.params == {"hours": "8", "cap": "6"}
    assert t("en", refused.value.key, **refused.value.params) == (
        "Quiet hours of 8 h are longer than this server allows: 6 h at most."
    )
    assert f"ne le permet{NBSP}: 6 h au plus" in t("fr", refused.value.key, **refused.value.params)
    await choose(notices, 1, "Europe/Paris", "01:00-07:00")  # six hours: allowed
    # without a server (a direct message) the bot's cap applies
    assert DEFAULT_CAP == 10.0
    with pytest.raises(CardroomError) as too_long:
        await notices.plan_quiet(1, zone=None, span="20:00-07:00", guild_id=None)
    assert too_long.value.key == "quiet.too_long"
    with pytest.raises(CardroomError) as unknown:
        await notices.plan_quiet(1, zone="Mars/Olympus", span=None, guild_id=GUILD)
    assert unknown.value.key == "quiet.unknown_zone"
    with pytest.raises(CardroomError) as no_zone:
        await notices.plan_quiet(2, zone=None, span="23:00-05:00", guild_id=GUILD)
    assert no_zone.value.key == "quiet.zone_needed"
    player = await db.players.get(1)
    assert (player.quiet_start, player.quiet_end) == (60, 420)  # the refusals changed nothing


async def test_a_deadline_inside_quiet_hours_moves_past_their_end_and_shows_moved(
    service: Tables, notices: Notices, db: Database, clock: Clock
) -> None:
    clock.now = at("2027-01-15 08:00")  # a daily clock: 36 h, due 2027-01-16 20:00 UTC (21:00 in Paris)
    for user in (ALICE.user_id, BOB.user_id):
        await choose(notices, user, "Europe/Paris", "20:00-23:00")  # 19:00-22:00 UTC: 1 h left at their start
    table = await service.lobby.open_lobby(guild_id=GUILD, channel_id=CHANNEL, game="pairs", host=ALICE, locale="en")
    table = await service.lobby.join(table.id, BOB)
    table = await service.lobby.start(table.id, ALICE.user_id)
    (seat,) = table.to_act
    assert table.deadline(seat) == at("2027-01-16 23:00")  # what the table shows: that hour, after them
    deadlines = {(d.seat, d.kind): d.due_at for d in await db.deadlines.due(float("inf"), 100)}
    assert deadlines[seat, "expire"] == at("2027-01-16 23:00")  # what the scheduler fires
    (row,) = [r for r in await db.players.turns_of(table.record.seats[seat].user_id) if r.since is not None]
    assert row.due_at == at("2027-01-16 23:00")  # what /turns shows


@pytest.mark.postgresql_too
async def test_held_notices_go_out_once_at_the_end_even_after_a_restart(
    db: Database, notices: Notices, clock: Clock
) -> None:
    clock.now = at("2026-10-24 22:30")  # 00:30 in Paris, in quiet hours 23:00-07:00 (which end 06:00 UTC)
    await choose(notices, 1, "Europe/Paris", "23:00-07:00", guild=None)
    await choose(notices, 2, "Europe/Paris", "23:00-07:00", guild=None)
    assert await notices.hold(await db.players.get(1))
    clock.now += 600
    assert await notices.hold(await db.players.get(1))  # a second notice: still one held, since the first
    player = await db.players.get(1)
    assert (player.held_since, player.due_at) == (at("2026-10-24 22:30"), at("2026-10-25 06:00"))
    assert await db.players.next_due() == at("2026-10-25 06:00")

    flushed: list[PlayerSettings] = []

    async def flush(player: PlayerSettings) -> None:
        flushed.append(player)
        await notices.release(player)

    first = PlayerScheduler(db, flush, clock=clock)
    clock.now = at("2026-10-25 05:59")
    assert await first.fire_due() == 0 and flushed == []  # nothing during the quiet hours
    assert await first.delay() == 60.0
    restarted = PlayerScheduler(db, flush, clock=clock)  # a new process: everything it needs is in the database
    clock.now = at("2026-10-25 06:00")
    assert await restarted.fire_due() == 1
    assert [p.user_id for p in flushed] == [1] and flushed[0].held_since == at("2026-10-24 22:30")
    assert await restarted.fire_due() == 0  # once
    player = await db.players.get(1)
    assert (player.held_since, player.due_at) == (None, None)
    assert quiet_of(player) is not None  # the quiet hours stay chosen
    # outside quiet hours nothing is held
    assert not await notices.hold(await db.players.get(2))
    assert (await db.players.get(2)).due_at is None


async def test_quiet_hours_turned_off_send_what_they_held_at_once(db: Database, notices: Notices, clock: Clock) -> None:
    clock.now = at("2026-10-24 22:30")  # in quiet hours 23:00-07:00 Paris, which would end 06:00 UTC
    await choose(notices, 1, "Europe/Paris", "23:00-07:00", guild=None)
    assert await notices.hold(await db.players.get(1))
    clock.now += 60
    await choose(notices, 1, None, "off", guild=None)  # the player ends them now
    player = await db.players.get(1)
    assert player.held_since == at("2026-10-24 22:30") and player.due_at == clock.now  # due now, not at 06:00
    flushed: list[int] = []

    async def flush(player: PlayerSettings) -> None:
        flushed.append(player.user_id)
        await notices.release(player)

    assert await PlayerScheduler(db, flush, clock=clock).fire_due() == 1 and flushed == [1]


@pytest.mark.postgresql_too
async def test_a_failed_flush_is_tried_again_later(db: Database, notices: Notices, clock: Clock) -> None:
    clock.now = at("2026-10-24 22:30")
    await choose(notices, 1, "Europe/Paris", "23:00-07:00", guild=None)
    await notices.hold(await db.players.get(1))

    async def failing(player: PlayerSettings) -> None:
        raise RuntimeError("Discord is down")

    clock.now = at("2026-10-25 06:00")
    assert await PlayerScheduler(db, failing, clock=clock).fire_due() == 0
    player = await db.players.get(1)
    assert player.due_at == clock.now + 60 and player.held_since == at("2026-10-24 22:30")


@pytest.mark.postgresql_too
async def test_digest_choices_and_their_times_are_stored(db: Database, notices: Notices, clock: Clock) -> None:
    clock.now = at("2027-01-15 12:00")
    player = await notices.save_digest(1, None, 3.0)  # on change: the first one at once
    assert (player.notify, player.digest_at, player.digest_hours, player.due_at) == ("digest", None, 3.0, clock.now)
    await db.players.digest_sent(1, 77, 88, clock.now, 2, None)
    player = await db.players.get(1)
    assert (player.digest_channel_id, player.digest_message_id, player.digest_count, player.due_at) == (77, 88, 2, None)
    await notices.waiting_changed(player)  # a new table waits: the next digest once 3 hours have passed
    assert (await db.players.get(1)).due_at == clock.now + 3 * 3600
    await db.players.due_by(1, clock.now + 7 * 3600)  # a later time does not push it back
    assert (await db.players.get(1)).due_at == clock.now + 3 * 3600
    await choose(notices, 1, "Europe/Paris", None, guild=None)
    with pytest.raises(CardroomError) as bad:
        await notices.plan_digest(await db.players.get(1), "25:00")
    assert bad.value.key == "quiet.bad_time"
    daily = await notices.save_digest(1, await notices.plan_digest(await db.players.get(1), "9h30"), None)
    assert (daily.digest_at, daily.due_at) == (570, at("2027-01-16 08:30"))  # 09:30 in Paris tomorrow
    with pytest.raises(CardroomError) as no_zone:
        await notices.plan_digest(await db.players.get(2), "09:00")
    assert no_zone.value.key == "quiet.zone_needed"
