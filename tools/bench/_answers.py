"""Memory kept per "My hand" answer, through discord.py's own interaction-response code.

Each "My hand" click is answered with a new private message carrying the hand's
components. discord.py keeps any View it sends that is not finished (for a
private message, 15 minutes with a timeout task); Cardroom sends `Components`,
which says it is finished, since its DynamicItems route by custom_id alone. This
answers `answers` clicks each way, Cardroom's layout and the same items in an
ordinary View, with discord.py's HTTP adapter replaced by a recorder, and
measures the Python heap that stays afterwards (tracemalloc, after a collection).
"""

from __future__ import annotations

import asyncio
import gc
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import discord
from discord.components import ActionRow
from discord.state import ConnectionState
from discord.ui.view import _component_to_item
from discord.utils import _from_json
from discord.webhook.async_ import async_context

from cogs.tables._hands import LiveHands

Frames = Callable[[], str]  # the next click's gateway frame
Layout = Callable[[], discord.ui.View]  # the hand's components, as the handler renders them for each answer


class RecordingAdapter:
    """Stands for discord.py's webhook adapter: counts callbacks and answers as Discord does."""

    def __init__(self) -> None:
        self.callbacks = 0

    async def create_interaction_response(self, interaction_id: int, token: str, **_: Any) -> dict[str, Any]:
        self.callbacks += 1
        message_id = str(interaction_id + 1)
        return {"interaction": {"id": str(interaction_id), "type": 3, "response_message_id": message_id}}

    async def delete_original_interaction_response(self, *_: Any, **__: Any) -> None:
        self.deletions = getattr(self, "deletions", 0) + 1


def ordinary(layout: Layout) -> Layout:
    """The same components as discord.ui items in a plain View (what the handlers sent before `Components`)."""

    def build() -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for row, payload in enumerate(layout().to_components()):
            for child in ActionRow(cast(Any, payload)).children:
                item = _component_to_item(child)
                item.row = row
                view.add_item(item)
        return view

    return build


@dataclass(frozen=True)
class KeptResult:
    answers: int
    kept_bytes: int  # Python heap still allocated after the answers and a collection
    views_listening: int  # views discord.py still listens on afterwards (each with its 15-minute timeout task)

    @property
    def per_answer(self) -> float:
        return self.kept_bytes / self.answers if self.answers else 0.0


def logged_in(client: discord.Client) -> ConnectionState[Any]:
    """The client's connection state, with the bot's own user set as after a login."""
    state = client._connection
    me = {"id": "1", "username": "cardroom", "discriminator": "0", "avatar": None, "bot": True}
    state.user = discord.ClientUser(state=state, data=me)  # type: ignore[arg-type]
    return state


async def answer_hands(state: ConnectionState[Any], frames: Frames, layout: Layout, answers: int) -> None:
    """Answer `answers` clicks with a private hand message each, through discord.py's response code."""
    adapter = RecordingAdapter()
    token = async_context.set(adapter)  # type: ignore[arg-type]
    try:
        for _ in range(answers):
            payload = _from_json(frames())["d"]
            interaction: discord.Interaction[Any] = discord.Interaction(data=payload, state=state)
            await interaction.response.send_message("hand", view=layout(), ephemeral=True)
    finally:
        async_context.reset(token)
    assert adapter.callbacks == answers


async def kept(frames: Frames, layout: Layout, answers: int) -> KeptResult:
    """What stays in memory after `answers` hand answers: heap bytes and views still listened on."""
    client = discord.Client(intents=discord.Intents(guilds=True))
    state = logged_in(client)
    tasks = asyncio.all_tasks()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        await answer_hands(state, frames, layout, answers)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    listening = asyncio.all_tasks() - tasks  # a kept view's timeout task holds it for 15 minutes
    for task in listening:
        task.cancel()
    await asyncio.gather(*listening, return_exceptions=True)
    await client.close()
    return KeptResult(answers=answers, kept_bytes=after - before, views_listening=len(listening))


LIVE_HAND_OPENS = 10  # hands each player opens in the live-hands measure


def _as_user(payload: dict[str, Any], user_id: int) -> dict[str, Any]:
    """A click payload as if `user_id` had clicked."""
    holder = payload["member"]["user"] if "member" in payload else payload["user"]
    holder["id"] = str(user_id)
    return payload


async def live_hands(frames: Frames, players: int, opens: int = LIVE_HAND_OPENS) -> dict[str, Any]:
    """What the one-live-hand registry keeps: heap bytes per player after each of `players` opened one hand,
    and after each opened `opens` more (each replacing, and deleting, the previous one): a player's live hand
    is one interaction kept at most 15 minutes, however often they open it."""
    client = discord.Client(intents=discord.Intents(guilds=True))
    state = logged_in(client)
    adapter = RecordingAdapter()
    token = async_context.set(adapter)  # type: ignore[arg-type]
    hands = LiveHands()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept: list[int] = []
        for round_ in range(opens):
            for player in range(players):
                payload: Any = _as_user(_from_json(frames())["d"], 10_000 + player)
                interaction: discord.Interaction[Any] = discord.Interaction(data=payload, state=state)
                hands.drawn(1, 10_000 + player, interaction, message_id=round_, original=True, secrets=[])
            await hands.settle()
            if round_ in (0, opens - 1):
                gc.collect()
                kept.append(tracemalloc.get_traced_memory()[0] - before)
    finally:
        tracemalloc.stop()
        async_context.reset(token)
    await client.close()
    first, last = kept[0] / players, kept[-1] / players
    return {
        "players": players,
        "opens": opens,
        "per_player_first": first,
        "per_player_last": last,
        "ratio": last / first if first else 0.0,
        "deleted": getattr(adapter, "deletions", 0),
        "live": len(hands),
    }


async def hand_answers(frames: Frames, layout: Layout, answers: int) -> dict[str, Any]:
    """Cardroom's layout against the same items in an ordinary View."""
    ours = await kept(frames, layout, answers)
    plain = await kept(frames, ordinary(layout), answers)
    return {
        "answers": answers,
        "components": vars(ours) | {"per_answer": ours.per_answer},
        "ordinary_view": vars(plain) | {"per_answer": plain.per_answer},
        "saved_bytes_per_answer": plain.per_answer - ours.per_answer,
    }
