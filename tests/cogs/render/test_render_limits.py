"""Every rendered lobby, table and hand fits Discord's limits, for every game, in both languages.

Names are as long as Discord allows (32 characters) so the worst case is what gets checked. The tables and hands at
states of random playouts of each registered engine are checked in `test_rendered_states.py`, which plays them
once for every check of what they show.
"""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest

from bot.i18n import LANGUAGES
from bot.services.tables import Table
from bot.storage import Seat, TableRecord
from cogs.render.frame import lobby_embed
from cogs.render.limits import DESCRIPTION, EMBED_TOTAL, FIELD_NAME, FIELD_VALUE, FIELDS, FOOTER, TITLE, fit_embed
from cogs.tables._views import lobby_view
from engines import registry
from tools.standin.limits import message_problems

LONGEST_NAME = "W" * 32


def record(engine_name: str, players: int, status: str, state: str | None, options: dict[str, Any]) -> TableRecord:
    return TableRecord(
        id=9_223_372_036_854_775_000,
        guild_id=1,
        channel_id=2,
        game=engine_name,
        status=status,  # type: ignore[arg-type]
        host_id=1000,
        options=options,
        seats=[Seat(1000 + seat, LONGEST_NAME) for seat in range(players)],
        seed=1,
        state=state,
        version=4_294_967_295,
        table_message_id=3,
        locale="en",
        created_at=0.0,
        updated_at=0.0,
    )


def payload(embed: discord.Embed, view: discord.ui.View | None) -> dict[str, Any]:
    body: dict[str, Any] = {"embeds": [embed.to_dict()]}
    if view is not None:
        body["components"] = view.to_components()
    return json.loads(json.dumps(body))


@pytest.mark.parametrize("engine", registry.all_engines(), ids=lambda e: e.name)
async def test_lobby_fits_discord_limits_when_full(engine: Any) -> None:
    options = engine.options_model().model_dump(mode="json")
    table = Table(record=record(engine.name, engine.max_players, "lobby", None, options), engine=engine, state=None)
    for lang in LANGUAGES:
        assert message_problems(payload(lobby_embed(table, lang), lobby_view(table, lang))) == []


def test_fit_embed_clips_what_is_over_and_leaves_the_rest() -> None:
    assert len(fit_embed(discord.Embed(description="D" * 5000)).description or "") == DESCRIPTION
    embed = discord.Embed(title="T" * 300, description="D" * 100)
    embed.add_field(name="", value="short", inline=False)
    embed.add_field(name="N" * 300, value="V" * 1100)
    for number in range(30):
        embed.add_field(name=f"field {number}", value="x" * 200)
    embed.set_footer(text="F" * 2100, icon_url="https://example.invalid/i.png")
    fit_embed(embed)
    assert len(embed.title or "") == TITLE and (embed.title or "").endswith("…")
    assert len(embed) <= EMBED_TOTAL and 3 < len(embed.fields) < FIELDS  # the last fields dropped
    assert embed.fields[0].name == "\u200b" and embed.fields[0].value == "short" and embed.fields[0].inline is False
    assert len(embed.fields[1].name or "") == FIELD_NAME and len(embed.fields[1].value or "") == FIELD_VALUE
    assert len(embed.footer.text or "") == FOOTER and embed.footer.icon_url == "https://example.invalid/i.png"
    assert embed.fields[2].name == "field 0" and embed.fields[2].value == "x" * 200  # within limits: as it was


def test_fit_embed_changes_nothing_within_the_limits() -> None:
    embed = discord.Embed(title="Table", description="Alice to act")
    embed.add_field(name="Alice", value="`3` `5`")
    embed.set_footer(text="v12")
    before = embed.to_dict()
    assert fit_embed(embed).to_dict() == before


def test_fit_embed_cuts_the_description_when_no_field_is_left_to_drop() -> None:
    embed = discord.Embed(title="T", description="D" * DESCRIPTION)
    embed.add_field(name="Alice", value="x" * 10)
    embed.set_footer(text="F" * FOOTER)
    fit_embed(embed)
    assert embed.fields == [] and len(embed) == EMBED_TOTAL and (embed.description or "").endswith("…")
