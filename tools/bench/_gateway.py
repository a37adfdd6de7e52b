"""The Discord side of a click: the INTERACTION_CREATE frame the gateway delivers, and plausible ids.

`click_frame` builds the JSON text of a component interaction (type 3) as the
gateway sends it: the clicked message with its embeds and components, the
member, the locale, a token. The bench hands it to discord.py itself
(`_bot.BenchBot.click`), which decodes and routes it as it does live.
"""

from __future__ import annotations

import datetime
import itertools
from typing import Any

import discord
from discord.utils import _to_json

from bot.storage import Seat
from cogs.tables._components import Move

BUTTON = 2
SELECT = 3
COMPONENT_INTERACTION = 3
EPHEMERAL = 64
ALL_PERMISSIONS = "2248473465835073"
TIMESTAMP = "2025-06-01T12:00:00.000000+00:00"


def now_snowflake(last: int = 0) -> int:
    """An id Discord would give something created now (after `last`, so ids stay unique)."""
    return max(last + 1, discord.utils.time_snowflake(datetime.datetime.now(datetime.UTC)))


class Snowflakes:
    """Plausible, increasing Discord ids, from now on (a message the bot posted is not over an hour old)."""

    def __init__(self, start: int | None = None) -> None:
        first = now_snowflake() if start is None else start
        self._next = itertools.count(first, 4_194_304)  # one millisecond apart

    def __call__(self) -> int:
        return next(self._next)


def _user(seat: Seat) -> dict[str, Any]:
    return {
        "id": str(seat.user_id),
        "username": seat.name.lower(),
        "global_name": seat.name,
        "discriminator": "0",
        "avatar": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "collectibles": None,
        "display_name_styles": None,
        "primary_guild": None,
        "clan": None,
    }


def with_version(components: list[dict[str, Any]], table_id: int, version: int, token: str) -> list[dict[str, Any]]:
    """The hand's components with every action button pinned to `version` (what a refreshed hand shows)."""
    rows = []
    for row in components:
        children = []
        for child in row["components"]:
            match = Move.pattern.fullmatch(child.get("custom_id", ""))
            if match is not None:
                child = {**child, "custom_id": Move(table_id, version, int(match["index"]), token).custom_id}
            children.append(child)
        rows.append({**row, "components": children})
    return rows


def bot_message(
    message_id: int,
    channel_id: int,
    author: dict[str, Any],
    *,
    content: str = "",
    embeds: list[dict[str, Any]] | None = None,
    components: list[dict[str, Any]] | None = None,
    flags: int = 0,
    kind: int = 0,
    edited: bool = False,
) -> dict[str, Any]:
    """A message of the bot as Discord's payloads carry it (`kind` 19: a reply to an interaction)."""
    return {
        "type": kind,
        "id": str(message_id),
        "channel_id": str(channel_id),
        "author": author,
        "content": content,
        "embeds": embeds or [],
        "components": components or [],
        "attachments": [],
        "mentions": [],
        "mention_roles": [],
        "mention_everyone": False,
        "pinned": False,
        "tts": False,
        "timestamp": TIMESTAMP,
        "edited_timestamp": TIMESTAMP if edited else None,
        "flags": flags,
    }


def click_frame(
    *,
    seq: int,
    ids: Snowflakes,
    application_id: int,
    guild_id: int,
    channel_id: int,
    user: Seat,
    locale: str,
    custom_id: str,
    message: dict[str, Any],
    values: list[str] | None = None,
    interaction_id: int | None = None,
) -> str:
    """The gateway frame of a click on `custom_id` in `message` (a rendered message: embeds and components); with
    `values`, the choice of those options in the select `custom_id`. `interaction_id`: the interaction's id (it
    dates the interaction: the bot's gate refuses one older than Discord allows), else the next of `ids`."""
    interaction_id = ids() if interaction_id is None else interaction_id
    bot_user = {"id": str(application_id), "username": "cardroom", "global_name": None, "discriminator": "0",
                "avatar": None, "bot": True, "public_flags": 0}  # fmt: skip
    data = {
        "version": 1,
        "type": COMPONENT_INTERACTION,
        "id": str(interaction_id),
        "application_id": str(application_id),
        "token": "aW50ZXJhY3Rpb246" + f"{interaction_id}:" + "Q2FyZHJvb21CZW5jaFRva2Vu" * 8,
        "data": {"custom_id": custom_id, "component_type": BUTTON, "id": 1}
        if values is None
        else {"custom_id": custom_id, "component_type": SELECT, "values": values, "id": 1},
        "guild_id": str(guild_id),
        "guild": {"id": str(guild_id), "locale": "en-US", "features": []},
        "guild_locale": "en-US",
        "channel_id": str(channel_id),
        "channel": {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(guild_id),
            "name": f"pairs-{channel_id % 10_000}",
            "position": 3,
            "parent_id": str(guild_id + 1),
            "permissions": ALL_PERMISSIONS,
            "last_message_id": str(message["id"]),
            "rate_limit_per_user": 0,
            "topic": None,
            "nsfw": False,
            "flags": 0,
        },
        "member": {
            "user": _user(user),
            "roles": [],
            "joined_at": TIMESTAMP,
            "premium_since": None,
            "nick": None,
            "avatar": None,
            "banner": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
            "unusual_dm_activity_until": None,
            "permissions": ALL_PERMISSIONS,
        },
        "locale": locale,
        "app_permissions": ALL_PERMISSIONS,
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild_id)},
        "context": 0,
        "attachment_size_limit": 10_485_760,
        "message": {
            **bot_message(
                message["id"],
                channel_id,
                bot_user,
                embeds=message["embeds"],
                components=message["components"],
                flags=EPHEMERAL,
                kind=19,
                edited=True,
            ),
            "application_id": str(application_id),
            "webhook_id": str(application_id),
            "interaction_metadata": {
                "id": str(message["id"] - 1),
                "type": 3,
                "user": _user(user),
                "authorizing_integration_owners": {"0": str(guild_id)},
            },
        },
    }
    return _to_json({"op": 0, "s": seq, "t": "INTERACTION_CREATE", "d": data})
