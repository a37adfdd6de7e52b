"""Restart-proof components are sent without a live View: discord.py keeps nothing per answer.

discord.py keeps every unfinished View it sends listening (a private one for 15
minutes, with a timeout task), about 4 KB per "My hand" click. Cardroom's
components all route by their custom_id (DynamicItem), so none needs it. This
drives discord.py's own interaction-response code (its HTTP adapter replaced by
a recorder, as in the bench) with the real hand layout.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import discord
import pytest

from bot.storage import Seat
from cogs.kit.layout import Components
from cogs.tables._views import hand_message
from tests.cogs.pick_states import ENGINE, table
from tools.bench._answers import answer_hands, logged_in, ordinary
from tools.bench._gateway import Snowflakes, click_frame

ANSWERS = 300


def hand_layouts(sent: list[discord.ui.View], *, plain: bool) -> Any:
    """The real hand's components for each answer (Cardroom's, or the same items in a plain View), remembered."""
    state = ENGINE.new(4, ENGINE.parse_options({}), 11)
    hand = table(state)

    def layout() -> discord.ui.View:
        return hand_message(hand, 0, "en")[1]

    build = ordinary(layout) if plain else layout

    def remembered() -> discord.ui.View:
        view = build()
        sent.append(view)
        return view

    return remembered


def frames() -> Any:
    ids, seq = Snowflakes(), itertools.count(1)
    player = Seat(42, "Alice")
    message = {"id": ids(), "embeds": [], "components": []}

    def frame() -> str:
        return click_frame(
            seq=next(seq), ids=ids, application_id=7, guild_id=8, channel_id=9, user=player, locale="en-US",
            custom_id="hand:1", message=message,
        )  # fmt: skip

    return frame


@pytest.mark.parametrize("plain", [False, True], ids=["Components", "ordinary View (the defect)"])
async def test_hand_answers_keep_no_view_listening(plain: bool) -> None:
    client = discord.Client(intents=discord.Intents(guilds=True))
    state = logged_in(client)
    sent: list[discord.ui.View] = []
    tasks = asyncio.all_tasks()
    await answer_hands(state, frames(), hand_layouts(sent, plain=plain), ANSWERS)
    started = asyncio.all_tasks() - tasks
    try:
        assert len(sent) == ANSWERS and any(view.to_components() for view in sent)
        listening = [view for view in sent if view.is_dispatching()]
        if plain:  # the control: what the handlers sent before, kept with a 15-minute timeout task each
            assert len(listening) == ANSWERS and len(started) == ANSWERS
        else:
            assert all(isinstance(view, Components) for view in sent)
            assert listening == [] and started == set()
            assert state._view_store.persistent_views == [] and not state._view_store._views
    finally:
        for task in started:
            task.cancel()
        await asyncio.gather(*started, return_exceptions=True)
        await client.close()
