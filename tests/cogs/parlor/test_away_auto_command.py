"""/away's `auto` option: the away allowance spent by the hour instead of a timeout, turned off and on again, and
the command as Discord receives it, in both languages."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
from discord.ext import commands

from bot.i18n import LANGUAGES, catalogue
from bot.translator import CatalogueTranslator
from cogs.parlor._cog import ParlorCog
from cogs.parlor._people import PeopleHandlers
from tests.cogs.parlor.test_parlor import Clock, Command, FakeBot
from tests.support.databases import open_new_sqlite


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[FakeBot]:
    db = await open_new_sqlite(tmp_path / "cardroom.sqlite3")
    yield FakeBot(db, Clock())
    await db.close()


async def test_away_auto_is_shown_turned_off_and_on(bot: FakeBot) -> None:
    handlers = PeopleHandlers(bot)  # type: ignore[arg-type]
    status = Command()
    await handlers.away(status, None)
    assert "Automatic away time is on" in status.text()  # on by default

    off = Command(locale="fr")
    await handlers.away(off, None, "off")
    assert "L’absence automatique est désactivée\u00a0:" in off.text()
    assert "Absence restante cette année\u00a0: 10 jours (sur 10 jours)." in off.text()
    assert not (await bot.db.players.get(status.user_id)).auto_away

    both = Command()
    await handlers.away(both, "2", "on")  # away for two days, and automatic away time on again
    assert "Absence left this year: 8 days (of 10 days)." in both.text()
    assert both.text().endswith("(not at tables that allow no away time).")
    settings = await bot.db.players.get(status.user_id)
    assert settings.auto_away and settings.away_used == 2 * 86_400

    forged = Command()
    await handlers.away(forged, "4", "off")  # a forged day count: refused, and auto left as it was
    assert "That choice is not available" in forged.text()
    assert (await bot.db.players.get(status.user_id)).auto_away


async def test_the_auto_option_is_a_valid_translated_choice() -> None:
    client = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await client.add_cog(ParlorCog(client))  # type: ignore[arg-type]
    translator = CatalogueTranslator()
    await client.tree.set_translator(translator)
    payload = [await command.get_translated_payload(client.tree, translator) for command in client.tree.get_commands()]
    (away,) = [command for command in payload if command["name"] == "away"]
    (auto,) = [option for option in away["options"] if option["name"] == "auto"]
    assert [choice["value"] for choice in auto["choices"]] == ["on", "off"]
    assert all("fr" in choice["name_localizations"] for choice in auto["choices"])
    for key in ("away_auto.choice.on", "away_auto.choice.off", "command.option.away_auto.description"):
        assert all(catalogue().has(lang, key) for lang in LANGUAGES), key
