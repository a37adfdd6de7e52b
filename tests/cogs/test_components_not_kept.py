"""Restart-proof components are sent without a live View: discord.py keeps nothing per message.

A View discord.py stores after sending stays in memory (an ephemeral one for 15
minutes), about 4.5 KB per "My hand" click. Cardroom's components all route by
their custom_id (DynamicItem), so none needs storing. This drives discord.py's
own interaction-response code (the HTTP adapter replaced by a recorder) and
looks at its view store.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.webhook.async_ import async_context

from cogs.tables._components import Components, HandButton, RefreshButton

APP_ID = 1_100_000_000_000_000_001
CHANNEL_ID = 1_100_000_000_000_000_002
MESSAGE_ID = 1_100_000_000_000_000_003


class RecordingAdapter:
    """Stands for discord.py's webhook adapter: records the callbacks and answers as Discord does."""

    def __init__(self) -> None:
        self.callbacks: list[int] = []

    async def create_interaction_response(self, interaction_id: int, token: str, **_: Any) -> dict[str, Any]:
        self.callbacks.append(interaction_id)
        return {"interaction": {"id": str(interaction_id), "type": 3, "response_message_id": str(MESSAGE_ID)}}


def click_payload(number: int) -> dict[str, Any]:
    user = {"id": "42", "username": "alice", "discriminator": "0", "global_name": "Alice", "avatar": None}
    message = {
        "id": str(MESSAGE_ID),
        "channel_id": str(CHANNEL_ID),
        "author": {"id": str(APP_ID), "username": "Cardroom", "discriminator": "0", "avatar": None, "bot": True},
        "content": "",
        "timestamp": "2026-11-23T12:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
        "type": 0,
        "flags": 64,
        "components": [],
    }
    return {
        "id": str(discord.utils.time_snowflake(discord.utils.utcnow()) + number),
        "application_id": str(APP_ID),
        "type": 3,
        "token": f"token-{number}",
        "version": 1,
        "channel_id": str(CHANNEL_ID),
        "user": user,
        "locale": "en-US",
        "data": {"custom_id": "cr:r:7", "component_type": 2},
        "message": message,
        "attachment_size_limit": 10 * 1024 * 1024,
        "entitlements": [],
        "authorizing_integration_owners": {},
    }


def layout() -> discord.ui.View:
    view = Components()
    view.add_item(HandButton(7, label="My hand"))
    view.add_item(RefreshButton(7, label="Refresh"))
    return view


@pytest.mark.parametrize("answer", ["send_message", "edit_message"])
async def test_a_thousand_hand_answers_leave_no_view_behind(answer: str) -> None:
    client = discord.Client(intents=discord.Intents(guilds=True))
    state = client._connection
    adapter = RecordingAdapter()
    token = async_context.set(adapter)  # type: ignore[arg-type]
    try:
        for number in range(1000):
            interaction: discord.Interaction[Any] = discord.Interaction(data=click_payload(number), state=state)  # type: ignore[arg-type]
            if answer == "send_message":
                await interaction.response.send_message("hand", view=layout(), ephemeral=True)
            else:
                await interaction.response.edit_message(content="hand", view=layout())
    finally:
        async_context.reset(token)
    assert len(adapter.callbacks) == 1000  # every answer went through discord.py's real path
    assert state._view_store.persistent_views == []
    assert len(state._view_store._views) == 0
    # The control: an ordinary View is kept per message, which is what Components avoids.
    token = async_context.set(adapter)  # type: ignore[arg-type]
    try:
        interaction = discord.Interaction(data=click_payload(5000), state=state)  # type: ignore[arg-type]
        ordinary = discord.ui.View(timeout=None)
        ordinary.add_item(discord.ui.Button(label="x", custom_id="cr:r:7"))
        await interaction.response.send_message("hand", view=ordinary, ephemeral=True)
    finally:
        async_context.reset(token)
    assert len(state._view_store._views) == 1
    await client.close()
