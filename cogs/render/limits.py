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


_DANGLING = " \t\n,;:([{/-–—«\"'"  # what a cut text must not end with, before its ellipsis
WORD_CUT_SHARE = 0.5  # a cut keeps at least this share of the limit, else it falls inside a (very long) word


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, with an ellipsis when cut: at a word boundary (between two words, never
    inside one, without the dangling punctuation before it), and never in the middle of an emoji's markup. Only a
    text whose words are longer than half the limit is cut inside a word."""
    if len(text) <= limit:
        return text
    kept = _HALF_EMOJI.sub("", text[: limit - 1])
    if not text[len(kept)].isspace():  # the cut falls inside a word: go back to the space before it
        space = max(kept.rfind(" "), kept.rfind("\n"))
        if space >= limit * WORD_CUT_SHARE:
            kept = kept[:space]
    return (kept.rstrip(_DANGLING) or kept) + "…"


def embed_length(embed: discord.Embed) -> int:
    return len(embed)


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """Clip every part of `embed` to Discord's limits, dropping trailing fields if the total is too long.

    Drawn on every move: only what is over a limit (or empty, which Discord refuses) is touched.
    """
    if embed.title and len(embed.title) > TITLE:
        embed.title = clip(embed.title, TITLE)
    if embed.description and len(embed.description) > DESCRIPTION:
        embed.description = clip(embed.description, DESCRIPTION)
    fields = embed.fields  # read once: each reading wraps every field anew
    for index, field in enumerate(fields[:FIELDS]):
        name, value = field.name or "\u200b", field.value or "\u200b"
        if len(name) > FIELD_NAME or len(value) > FIELD_VALUE or name != field.name or value != field.value:
            embed.set_field_at(
                index, name=clip(name, FIELD_NAME), value=clip(value, FIELD_VALUE), inline=bool(field.inline)
            )
    count = len(fields)
    while count > FIELDS:
        embed.remove_field(FIELDS)
        count -= 1
    footer = embed.footer.text
    if footer and len(footer) > FOOTER:
        embed.set_footer(text=clip(footer, FOOTER), icon_url=embed.footer.icon_url)
    total = len(embed)
    if total <= EMBED_TOTAL:
        return embed
    while total > EMBED_TOTAL and count:
        count -= 1
        embed.remove_field(count)
        total = len(embed)
    if total > EMBED_TOTAL and embed.description:
        excess = total - EMBED_TOTAL
        embed.description = clip(embed.description, max(1, len(embed.description) - excess))
    return embed
