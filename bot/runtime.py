"""The Discord client: intents, storage, extensions, command registration."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from typing import Any

import discord
import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket

from bot.services.tables import TableService
from bot.settings import Settings
from bot.storage import Database
from bot.translator import CatalogueTranslator

log = logging.getLogger("cardroom")

EXTENSIONS = ("cogs.tables", "cogs.info")
DISCORD_API = "https://discord.com"

# What the bot needs in a channel: see it, post and edit its tables, in threads too.
PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    read_message_history=True,
)
SCOPES = ("bot", "applications.commands")


def intents() -> discord.Intents:
    """Only the guilds intent (channels and threads): no privileged intent is needed."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


def point_at(api_base_url: str) -> None:
    """Send every REST call to `api_base_url` (Discord itself, a REST proxy, or the test stand-in)."""
    discord.http.Route.BASE = f"{api_base_url.rstrip('/')}/api/v{discord.http.INTERNAL_API_VERSION}"


def invite_url(application_id: int) -> str:
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=SCOPES)


class CardroomBot(commands.Bot):
    db: Database
    tables: TableService

    def __init__(self, settings: Settings) -> None:
        point_at(settings.api_base_url)
        # Cardroom has no voice: silence discord.py's start-up warnings about voice libraries.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings

    async def setup_hook(self) -> None:
        if self.settings.api_base_url.rstrip("/") != DISCORD_API:
            # Behind a REST proxy (or the test stand-in) the gateway is wherever it says it is.
            _, url, _ = await self.http.get_bot_gateway()
            DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
        self.db = await Database.open(self.settings.database, durability=self.settings.durability)
        self.tables = TableService(self.db)
        await self.tree.set_translator(CatalogueTranslator())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self._sync_commands()

    async def _sync_commands(self) -> None:
        """Register the slash commands, only when they changed since the last registration."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        payload: list[dict[str, Any]] = [
            await command.get_translated_payload(self.tree, translator)  # type: ignore[arg-type]
            for command in self.tree.get_commands(guild=guild)
        ]
        digest = hashlib.sha256(
            json.dumps([payload, guild.id if guild else None, self.application_id], sort_keys=True).encode()
        ).hexdigest()
        marker = self.settings.database.with_name(self.settings.database.name + ".commands")
        if marker.exists() and marker.read_text() == digest:
            log.info("Slash commands unchanged; not registering again")
            return
        await self.tree.sync(guild=guild)
        marker.write_text(digest)
        log.info("Registered %d slash commands", len(payload))

    async def close(self) -> None:
        cog: Any = self.get_cog("Tables")
        if cog is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(cog.refresher.idle(), 5.0)  # a table left unedited is refreshed on restart
        await super().close()
        if hasattr(self, "db"):
            await self.db.close()
