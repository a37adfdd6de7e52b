"""The seasons extension: `/cardroom season` (Manage Server checked on every call, roles the bot cannot give
refused or flagged), a season's end posted where the server chose (else its notification channel), the champion
role moved, and a role the bot may not manage reported once; `/leaderboard season:` reads a season."""

from __future__ import annotations

import calendar
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.services.seasons import SeasonService
from bot.storage import Database, GuildSettings, Seat
from cogs.info._cog import InfoCog
from cogs.seasons._announce import SeasonAnnouncer
from cogs.seasons._settings import SeasonSettings
from tests.bot.services.clocks import Clock
from tests.bot.services.season_games import finished
from tests.cogs.fake_interactions import FakeInteraction

GUILD, CHANNEL, NOTIFY, ROLE = 9, 500, 600, 700
ADA, BOB = Seat(1, "Ada"), Seat(2, "Bob")


def utc(year: int, month: int, day: int = 1) -> float:
    return float(calendar.timegm((year, month, day, 0, 0, 0)))


@dataclass
class Command(FakeInteraction):
    type: discord.InteractionType = discord.InteractionType.application_command
    manage_guild: bool = True
    guild_id: int | None = GUILD
    age: float = 0.05

    def __post_init__(self) -> None:
        super().__post_init__()
        self.permissions = discord.Permissions(manage_guild=self.manage_guild)
        self.channel_id = CHANNEL
        self.namespace = SimpleNamespace(game="pairs")

    def text(self) -> str:
        parts = []
        for _, fields in self.calls:
            parts.append(str(fields.get("content") or ""))
            embed = fields.get("embed")
            if embed is not None:
                parts += [embed.title or "", embed.description or ""]
                parts += [f"{field.name}\n{field.value}" for field in embed.fields]
        return "\n".join(parts)


class Http:
    """The bot's REST calls for roles: recorded; `refuse` makes Discord answer 403."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, int]] = []
        self.refuse = False

    async def _call(self, kind: str, user_id: int, role_id: int) -> None:
        if self.refuse:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": 50013})
        self.calls.append((kind, user_id, role_id))

    async def add_role(self, guild_id: int, user_id: int, role_id: int, *, reason: str) -> None:
        await self._call("add", user_id, role_id)

    async def remove_role(self, guild_id: int, user_id: int, role_id: int, *, reason: str) -> None:
        await self._call("remove", user_id, role_id)


class FakeBot:
    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.http = Http()
        self.posted: list[tuple[int, str, discord.Embed]] = []
        self.tables = SimpleNamespace(store=SimpleNamespace(now=clock))

    def get_guild(self, guild_id: int) -> Any:
        return SimpleNamespace(preferred_locale=discord.Locale.french, system_channel=None)

    def get_partial_messageable(self, channel_id: int, *, guild_id: int | None = None) -> Any:
        async def send(*, content: str, embed: discord.Embed, allowed_mentions: discord.AllowedMentions) -> None:
            self.posted.append((channel_id, content, embed))

        return SimpleNamespace(send=send)


@pytest.fixture
def clock() -> Clock:
    return Clock(utc(2027, 1, 10))


@pytest.fixture
async def db(tmp_path: Path, clock: Clock) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "cardroom.sqlite3", clock=clock)
    yield database
    await database.close()


@pytest.fixture
def bot(db: Database, clock: Clock) -> FakeBot:
    return FakeBot(db, clock)


@pytest.fixture
def seasons(db: Database, clock: Clock) -> SeasonService:
    return SeasonService(db, clock=clock)


def role(role_id: int = ROLE, *, default: bool = False, managed: bool = False, assignable: bool = True) -> Any:
    return SimpleNamespace(
        id=role_id,
        managed=managed,
        is_default=lambda: default,
        is_assignable=lambda: assignable,
        guild=SimpleNamespace(me=object()),
    )


async def test_only_a_server_manager_sets_seasons_and_a_role_must_be_one_the_bot_can_give(
    bot: FakeBot, seasons: SeasonService
) -> None:
    handlers = SeasonSettings(bot, seasons)  # type: ignore[arg-type]
    member = Command(manage_guild=False)
    await handlers.season(member, "pairs", "monthly", None, None)  # type: ignore[arg-type]
    assert "Manage Server" in member.text() and await seasons.setting(GUILD, "pairs") is None
    everyone = Command()
    await handlers.season(everyone, "pairs", "monthly", None, role(GUILD, default=True))  # type: ignore[arg-type]
    assert "cannot be a champion role" in everyone.text() and await seasons.setting(GUILD, "pairs") is None

    shown = Command()
    await handlers.season(shown, "pairs", None, None, None)  # type: ignore[arg-type]
    assert "has no seasons" in shown.text()
    saved = Command(locale="fr")
    await handlers.season(saved, "pairs", "quarterly", None, role(assignable=False))  # type: ignore[arg-type]
    text = saved.text()
    assert "Enregistré." in text and "**trimestrielles**" in text and "2027-Q1" in text
    assert f"Je ne peux pas encore donner <@&{ROLE}>" in text
    assert "Aucun salon où publier" in text  # no channel chosen, no notification channel: said where it stands
    setting = await seasons.setting(GUILD, "pairs")
    assert setting is not None and setting.role_id == ROLE and setting.due_at == utc(2027, 4, 1)

    await bot.db.servers.save(GuildSettings(guild_id=GUILD, notify_channel_id=NOTIFY))
    shown = Command()
    await handlers.season(shown, "pairs", None, None, None)  # type: ignore[arg-type]
    assert f"posted in <#{NOTIFY}>" in shown.text()  # the fallback: the server's notification channel
    off = Command()
    await handlers.season(off, "pairs", "off", None, None)  # type: ignore[arg-type]
    assert "Seasons of Pairs are off" in off.text() and await seasons.setting(GUILD, "pairs") is None


async def test_a_seasons_end_is_posted_with_the_role_moved_and_a_refusal_said_once(
    bot: FakeBot, seasons: SeasonService, db: Database, clock: Clock
) -> None:
    await seasons.configure(GUILD, "pairs", "monthly", role_id=ROLE)
    await db.servers.save(GuildSettings(guild_id=GUILD, notify_channel_id=NOTIFY))
    announcer = SeasonAnnouncer(bot, seasons)  # type: ignore[arg-type]
    for winner, loser, month in ((ADA, BOB, 1), (BOB, ADA, 2), (ADA, BOB, 3), (ADA, BOB, 4)):
        clock.now = utc(2027, month, 10)
        await finished(db, winner, loser, guild_id=GUILD)
        clock.now = utc(2027, month + 1, 1) + 60
        (end,) = await seasons.close_due()
        if month == 2:
            bot.http.refuse = True  # the server took Manage Roles away
        if month == 4:
            bot.http.refuse = False
        await announcer.announce([end])

    clock.now = utc(2027, 6, 1) + 60
    await announcer.announce(await seasons.close_due())  # May: nobody played, nothing posted
    (channels, contents, embeds) = zip(*bot.posted, strict=True)
    assert channels == (NOTIFY,) * 4  # no channel chosen: the notification channel
    assert "🏁 La saison 2027-01 est terminée" in contents[0] and f"<@&{ROLE}> passe à <@{ADA.user_id}>" in contents[0]
    assert "Je n’ai pas le droit" in contents[1]  # refused: said once...
    assert "Je n’ai pas le droit" not in contents[2] and "passe à" not in contents[2]  # ...not again
    assert f"<@&{ROLE}> passe à <@{ADA.user_id}>" in contents[3]  # allowed again: moved
    assert "saison 2027-01" in str(embeds[0].title) and "classement final" in str(embeds[0].title)
    assert embeds[1].fields[0].value == f"🏆 <@{BOB.user_id}>"
    # February's champion was Bob: taking the role from Ada was refused, so was March's; April's is Ada's again.
    assert bot.http.calls == [("add", ADA.user_id, ROLE), ("add", ADA.user_id, ROLE)]
    setting = await seasons.setting(GUILD, "pairs")
    assert setting is not None and not setting.role_refused


async def test_the_leaderboard_shows_the_running_season_or_an_archived_one(
    bot: FakeBot, seasons: SeasonService, db: Database, clock: Clock
) -> None:
    info = InfoCog(bot)  # type: ignore[arg-type]
    off = Command()
    await info._leaderboard(off, "pairs", None, "current")  # type: ignore[arg-type]
    assert "no seasons in this server" in off.text()
    await seasons.configure(GUILD, "pairs", "monthly")
    await finished(db, ADA, BOB, guild_id=GUILD)
    running = Command()
    await info._leaderboard(running, "pairs", None, "current")  # type: ignore[arg-type]
    assert "Pairs, season 2027-01" in running.text() and "1. **Ada**" in running.text()
    clock.now = utc(2027, 2, 1) + 1
    await seasons.close_due()
    past = Command()
    await info._leaderboard(past, "pairs", None, "2027-01")  # type: ignore[arg-type]
    assert "final standings" in past.text() and f"🏆 <@{ADA.user_id}>" in past.text()
    for typed in ("2026-13", "2026-12"):
        unknown = Command()
        await info._leaderboard(unknown, "pairs", None, typed)  # type: ignore[arg-type]
        assert f"no past season “{typed}”" in unknown.text()
    choices = await info._leaderboard_season(Command(), "")  # type: ignore[call-arg, arg-type]
    assert [choice.value for choice in choices] == ["current", "2027-01"]
