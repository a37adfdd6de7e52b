"""A Reply answers once and in time: a slow handler is deferred before 3 s and finishes through the follow-up."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs.tables._reply import Reply


@dataclass
class FakeResponse:
    calls: list[tuple[str, dict[str, Any]]]
    done: bool = False

    def is_done(self) -> bool:
        return self.done

    async def _answer(self, name: str, **fields: Any) -> None:
        assert not self.done, "answered twice"
        await asyncio.sleep(0)
        self.done = True
        self.calls.append((name, fields))

    async def defer(self, **fields: Any) -> None:
        await self._answer("defer", **fields)

    async def edit_message(self, **fields: Any) -> None:
        await self._answer("edit_message", **fields)

    async def send_message(self, **fields: Any) -> None:
        await self._answer("send_message", **fields)


@dataclass
class FakeFollowup:
    calls: list[tuple[str, dict[str, Any]]]

    async def send(self, **fields: Any) -> None:
        self.calls.append(("followup.send", fields))


@dataclass
class FakeInteraction:
    type: discord.InteractionType
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.response = FakeResponse(self.calls)
        self.followup = FakeFollowup(self.calls)

    async def edit_original_response(self, **fields: Any) -> None:
        self.calls.append(("edit_original_response", fields))

    async def delete_original_response(self) -> None:
        self.calls.append(("delete_original_response", {}))

    async def original_response(self) -> str:
        return "message"


async def test_a_fast_component_answer_is_a_direct_update() -> None:
    interaction = FakeInteraction(discord.InteractionType.component)
    reply = Reply(interaction, ephemeral=True)  # type: ignore[arg-type]
    reply.start(deadline=0.05)
    await reply.update(content="hi")
    await asyncio.sleep(0.1)
    reply.stop()
    assert [name for name, _ in interaction.calls] == ["edit_message"]


async def test_a_slow_component_is_deferred_then_edited_through_its_own_token() -> None:
    interaction = FakeInteraction(discord.InteractionType.component)
    reply = Reply(interaction, ephemeral=True)  # type: ignore[arg-type]
    reply.start(deadline=0.01)
    await asyncio.sleep(0.05)  # the handler is slow
    await reply.update(content="done")
    reply.stop()
    assert [name for name, _ in interaction.calls] == ["defer", "edit_original_response"]


async def test_a_slow_public_command_keeps_its_visibility() -> None:
    interaction = FakeInteraction(discord.InteractionType.application_command)
    reply = Reply(interaction, ephemeral=False)  # type: ignore[arg-type]
    reply.start(deadline=0.01)
    await asyncio.sleep(0.05)
    await reply.send(content="lobby")
    reply.stop()
    assert interaction.calls[0] == ("defer", {"ephemeral": False, "thinking": True})
    assert interaction.calls[1] == ("edit_original_response", {"content": "lobby"})


async def test_a_private_error_after_a_public_deferral_is_not_shown_publicly() -> None:
    interaction = FakeInteraction(discord.InteractionType.application_command)
    reply = Reply(interaction, ephemeral=False)  # type: ignore[arg-type]
    reply.start(deadline=0.01)
    await asyncio.sleep(0.05)
    await reply.send(private=True, content="⚠️ error")
    reply.stop()
    names = [name for name, _ in interaction.calls]
    assert names == ["defer", "delete_original_response", "followup.send"]
    assert interaction.calls[2][1]["ephemeral"] is True


async def test_timer_and_handler_racing_answer_once() -> None:
    for _ in range(50):
        interaction = FakeInteraction(discord.InteractionType.component)
        reply = Reply(interaction, ephemeral=True)  # type: ignore[arg-type]
        reply.start(deadline=0)
        await reply.update(content="x")
        await asyncio.sleep(0)
        reply.stop()
        answers = [name for name, _ in interaction.calls if name in ("defer", "edit_message")]
        assert len(answers) == 1
