"""Discord's message limits, applied by construction to everything the bot renders."""

from __future__ import annotations

import re

import discord

TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
EMBED_TOTAL = 6000
CONTENT = 2000
BUTTON_LABEL = 80
SELECT_OPTIONS = 25
OPTION_TEXT = 100
CUSTOM_ID = 100
ROWS = 5
PER_ROW = 5


_HALF_EMOJI = re.compile(r"<a?:\w*(?::\d*)?$")  # a custom emoji's markup cut before its closing ">"


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, with an ellipsis when cut (never in the middle of an emoji's markup)."""
    if len(text) <= limit:
        return text
    return _HALF_EMOJI.sub("", text[: limit - 1]) + "…"


def embed_length(embed: discord.Embed) -> int:
    return len(embed)


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Clip every part of `embed` to Discord's limits, dropping trailing fields if the total is too long."""
    if embed.title:
        embed.title = clip(embed.title, TITLE)
    if embed.description:
        embed.description = clip(embed.description, DESCRIPTION)
    fields = [
        (clip(f.name or "\u200b", FIELD_NAME), clip(f.value or "\u200b", FIELD_VALUE), f.inline) for f in embed.fields
    ]
    embed.clear_fields()
    for name, value, inline in fields[:FIELDS]:
        embed.add_field(name=name, value=value, inline=inline)
    if embed.footer.text:
        embed.set_footer(text=clip(embed.footer.text, FOOTER))
    while len(embed) > EMBED_TOTAL and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
    if len(embed) > EMBED_TOTAL and embed.description:
        excess = len(embed) - EMBED_TOTAL
        embed.description = clip(embed.description, max(1, len(embed.description) - excess))
    return embed
