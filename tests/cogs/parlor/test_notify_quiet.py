"""/notify's quiet hours and digests, and /cardroom defaults' cap on quiet hours: what they answer and store."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs.parlor._cog import ParlorCog
from cogs.parlor._people import PeopleHandlers
from cogs.parlor._servers import ServerHandlers
from tests.cogs.parlor.test_parlor import ALICE, GUILD, Clock, Command, FakeBot
from tests.support.databases import open_new_sqlite

NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[FakeBot]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield FakeBot(db, Clock())
    await db.close()


async def test_quiet_hours_are_set_shown_and_turned_off(bot: FakeBot) -> None:
    handlers = PeopleHandlers(bot)  # type: ignore[arg-type]
    shown = Command()
    await handlers.notify(shown, None)
    assert "No quiet hours." in shown.text()
    chosen = Command()
    await handlers.notify(chosen, None, zone="Europe/Paris", quiet="23:00-07:00")
    assert "Your quiet hours: 23:00–07:00 (Europe/Paris)." in chosen.text()
    player = await bot.db.players.get(ALICE.user_id)
    assert (player.zone, player.quiet_start, player.quiet_end, player.notify) == ("Europe/Paris", 1380, 420, "channel")
    off = Command(locale="fr")
    await handlers.notify(off, "dm", quiet="off")
    assert "Pas d’heures calmes" in off.text()
    player = await bot.db.players.get(ALICE.user_id)
    assert (player.quiet_start, player.notify) == (None, "dm")


@pytest.mark.parametrize(
    ("locale", "refusal"),
    [
        ("en-US", "Quiet hours of 8 h are longer than this server allows: 6 h at most."),
        ("fr", f"Des heures calmes de 8 h durent plus que ce serveur ne le permet{NBSP}: 6 h au plus."),
    ],
)
async def test_the_servers_cap_refuses_longer_quiet_hours(bot: FakeBot, locale: str, refusal: str) -> None:
    servers = ServerHandlers(bot)  # type: ignore[arg-type]
    capped = Command(locale=locale)
    await servers.defaults(
        capped, pace=None, timeouts=None, lobby_hours=None, notify_channel=None, clear_notify_channel=False, quiet_cap=6
    )
    assert "**6 h**" in capped.text()
    assert (await bot.db.servers.get(GUILD)).quiet_cap == 6.0
    handlers = PeopleHandlers(bot)  # type: ignore[arg-type]
    refused = Command(locale=locale)
    await handlers.notify(refused, "dm", zone="Europe/Paris", quiet="23:00-07:00")
    assert refusal in refused.text()
    player = await bot.db.players.get(ALICE.user_id)
    assert (player.zone, player.quiet_start, player.notify) == (None, None, "channel")  # nothing changed
    elsewhere = Command(guild_id=None)  # in a direct message: the bot's cap, 10 h
    await handlers.notify(elsewhere, None, zone="Europe/Paris", quiet="23:00-07:00")
    assert (await bot.db.players.get(ALICE.user_id)).quiet_start == 1380


async def test_digest_mode_is_chosen_with_its_time(bot: FakeBot) -> None:
    handlers = PeopleHandlers(bot)  # type: ignore[arg-type]
    no_zone = Command()
    await handlers.notify(no_zone, "digest", digest_at="09:00")
    assert "Choose your time zone too" in no_zone.text()
    daily = Command()
    await handlers.notify(daily, "digest", zone="Europe/Paris", digest_at="09:00")
    assert "one digest a day at 09:00 (Europe/Paris)" in daily.text()
    player = await bot.db.players.get(ALICE.user_id)
    assert (player.notify, player.digest_at, player.due_at) == ("digest", 540, bot.tables.store.now() + 19 * 3600)
    paced = Command()
    await handlers.notify(paced, None, digest_hours=4)  # a digest option alone means digest mode
    assert "at most every 4 hours" in paced.text()
    back = Command()
    await handlers.notify(back, "channel")
    assert (await bot.db.players.get(ALICE.user_id)).notify == "channel"


async def test_zones_are_offered_as_the_person_types(bot: FakeBot) -> None:
    cog = ParlorCog(bot)  # type: ignore[arg-type]
    choices = await cog._notify_zone(Command(), "new_y")  # type: ignore[arg-type]
    assert [choice.value for choice in choices] == ["America/New_York"]
    assert len(await cog._notify_zone(Command(), "")) == 25  # type: ignore[arg-type]
