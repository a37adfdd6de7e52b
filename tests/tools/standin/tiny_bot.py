"""A tiny discord.py bot the stand-in's own tests run as a subprocess.

Environment: STANDIN_BASE_URL (e.g. http://127.0.0.1:PORT) and STANDIN_TOKEN.
Prints ``TINYBOT READY`` once connected; logs discord.py at INFO so tests can assert that no
warning or error was logged.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sys
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket

BASE_URL = os.environ["STANDIN_BASE_URL"]
TOKEN = os.environ["STANDIN_TOKEN"]

# Point discord.py at the stand-in: REST via Route.BASE; discord.Client connects straight to
# DiscordWebSocket.DEFAULT_GATEWAY (it never asks GET /gateway/bot), so set that from the answer.
discord.http.Route.BASE = f"{BASE_URL}/api/v10"

CARDS = [f"{rank} of {suit}" for suit in ("hearts", "spades") for rank in ("ace", "king", "queen", "jack")]


class Counter(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"counter:(?P<count>\d+)"):
    def __init__(self, count: int) -> None:
        super().__init__(
            discord.ui.Button(label=f"Clicked {count}", custom_id=f"counter:{count}", style=discord.ButtonStyle.primary)
        )
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Counter:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.count + 1))
        await interaction.response.edit_message(content=f"count={self.count + 1}", view=view)


class TinyTree(app_commands.CommandTree["TinyBot"]):
    async def on_error(self, interaction: discord.Interaction[TinyBot], error: app_commands.AppCommandError) -> None:
        """Answer a command Discord knows but the bot does not, or a failed answer, once more."""
        if interaction.response.is_done():
            await super().on_error(interaction, error)
            return
        text = "unknown command" if isinstance(error, app_commands.CommandNotFound) else "something went wrong"
        try:
            await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as exc:
            logging.getLogger("tinybot").info("could not answer interaction %s: %s", interaction.id, exc)


class TinyBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = TinyTree(self)

    async def setup_hook(self) -> None:
        _, url, _ = await self.http.get_bot_gateway()
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
        self.add_dynamic_items(Counter)
        await self.tree.sync()

    async def on_ready(self) -> None:
        print("TINYBOT READY", flush=True)


client = TinyBot()


@client.tree.command(name="hello", description="Say hello privately")
@app_commands.describe(name="Who to greet")
async def hello(interaction: discord.Interaction, name: str = "world") -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(0))
    await interaction.response.send_message(f"hello {name}", view=view, ephemeral=True)


@client.tree.command(name="pick", description="Pick a card")
async def pick(interaction: discord.Interaction, card: str) -> None:
    await interaction.response.send_message(f"you picked the {card}")


@pick.autocomplete("card")
async def pick_card(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c, value=c) for c in CARDS if c.startswith(current)][:25]


@client.tree.command(name="slow", description="Think, then answer")
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.1)
    await interaction.followup.send("done thinking")
    await interaction.followup.send("and a second message", ephemeral=True)


class GameChoice(discord.ui.View):
    def __init__(self, seats: int) -> None:
        super().__init__(timeout=60)
        self.seats = seats

    @discord.ui.select(
        custom_id="table:game",
        placeholder="Choose a game",
        options=[discord.SelectOption(label=g, value=g.lower()) for g in ("Poker", "Rummy", "Pairs")],
    )
    async def choose(self, interaction: discord.Interaction, select: discord.ui.Select[GameChoice]) -> None:
        await interaction.response.edit_message(content=f"{self.seats} seats, game: {select.values[0]}", view=None)


table = app_commands.Group(name="table", description="Card tables", default_permissions=discord.Permissions(16))


@table.command(name="open", description="Open a table")
@app_commands.describe(seats="How many seats")
async def table_open(interaction: discord.Interaction, seats: app_commands.Range[int, 2, 8]) -> None:
    view = GameChoice(seats)
    await interaction.response.send_message(f"table with {seats} seats", view=view)


client.tree.add_command(table)


def main() -> int:
    handler = logging.StreamHandler(sys.stderr)
    formatter = logging.Formatter("%(levelname)s %(name)s: %(message)s")
    try:
        client.run(TOKEN, log_handler=handler, log_formatter=formatter, log_level=logging.INFO, root_logger=True)
    except discord.LoginFailure as exc:
        print(f"TINYBOT LOGIN FAILED: {exc}", flush=True)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
