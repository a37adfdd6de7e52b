"""Autocomplete choices shared by the cogs' commands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import catalogue, language_of
from bot.services.clock import paces
from bot.translator import loc
from cogs.render.text import game_name
from engines import registry

MAX_CHOICES = 25  # Discord's most autocomplete choices


def game_choices(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    """Games whose localised or registry name contains what the user typed."""
    lang = language_of(interaction.locale)
    typed = current.casefold().strip()
    choices = []
    for name in registry.names():
        label = game_name(name, lang)
        if typed in label.casefold() or typed in name:
            choices.append(app_commands.Choice(name=label[:100], value=name))
    return choices[:MAX_CHOICES]


def pace_choices() -> list[app_commands.Choice[str]]:
    """The paces a table's clock may run at, named in each language (a command option's fixed choices)."""

    def english(name: str) -> str:
        key = f"pace.{name}"
        return catalogue().text("en", key) if catalogue().has("en", key) else name.capitalize()

    return [app_commands.Choice(name=loc(english(name), f"pace.{name}"), value=name) for name in paces().names()]
