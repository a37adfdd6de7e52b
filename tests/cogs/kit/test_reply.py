"""A Reply answers once and in time, or lets nothing change.

A slow handler is deferred before 3 s and finishes through the follow-up; every
deadline runs from the interaction's creation (its snowflake), so one delivered
late is acknowledged before its change commits, or not changed at all.
"""

from __future__ import annotations

import asyncio
import datetime
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.errors import LateInteractionError
from cogs.kit.reply import Reply


@dataclass
class FakeResponse:
    calls: list[tuple[str, dict[str, Any]]]
    done: bool = False
    deferred: asyncio.Event = field(default_factory=asyncio.Event)

    def is_done(self) -> bool:
        return self.done

    async def _answer(self, name: str, **fields: Any) -> None:
        assert not self.done, "answered twice"
        await asyncio.sleep(0)
        self.done = True
        self.calls.append((name, fields))

    async def defer(self, **fields: Any) -> None:
        await self._answer("defer", **fields)
        self.deferred.set()

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
    id: int = field(default_factory=lambda: discord.utils.time_snowflake(discord.utils.utcnow()))  # just created

    def __post_init__(self) -> None:
        self.response = FakeResponse(self.calls)
        self.followup = FakeFollowup(self.calls)

    async def edit_original_response(self, **fields: Any) -> None:
        self.calls.append(("edit_original_response", fields))

    async def delete_original_response(self) -> None:
        self.calls.append(("delete_original_response", {}))

    async def original_response(self) -> str:
        return "message"


async def deferred(interaction: FakeInteraction, within: float = 5.0) -> None:
    """Wait until the timer has deferred (a test suite's pauses can delay it, never reorder it)."""
    async with asyncio.timeout(within):
        await interaction.response.deferred.wait()


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
    await deferred(interaction)  # the handler is slow
    await reply.update(content="done")
    reply.stop()
    assert [name for name, _ in interaction.calls] == ["defer", "edit_original_response"]


async def test_a_slow_public_command_keeps_its_visibility() -> None:
    interaction = FakeInteraction(discord.InteractionType.application_command)
    reply = Reply(interaction, ephemeral=False)  # type: ignore[arg-type]
    reply.start(deadline=0.01)
    await deferred(interaction)
    await reply.send(content="lobby")
    reply.stop()
    assert interaction.calls[0] == ("defer", {"ephemeral": False, "thinking": True})
    assert interaction.calls[1] == ("edit_original_response", {"content": "lobby"})


async def test_a_private_error_after_a_public_deferral_is_not_shown_publicly() -> None:
    interaction = FakeInteraction(discord.InteractionType.application_command)
    reply = Reply(interaction, ephemeral=False)  # type: ignore[arg-type]
    reply.start(deadline=0.01)
    await deferred(interaction)
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


def created_ago(seconds: float, itype: discord.InteractionType = discord.InteractionType.component) -> FakeInteraction:
    """An interaction Discord created `seconds` ago (its snowflake says so)."""
    when = discord.utils.utcnow() - datetime.timedelta(seconds=seconds)
    return FakeInteraction(itype, id=discord.utils.time_snowflake(when))


class RefusingResponse(FakeResponse):
    """Discord refuses the acknowledgement: the interaction is unknown to it now (past its window)."""

    async def defer(self, **fields: Any) -> None:
        raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), {"code": 10062, "message": "Unknown"})


def test_age_and_lateness_come_from_the_snowflake() -> None:
    fresh = Reply(created_ago(0.1), ephemeral=True)  # type: ignore[arg-type]
    replayed = Reply(created_ago(5.0), ephemeral=True)  # type: ignore[arg-type]
    assert 0.05 < fresh.age() < 1.0 and not fresh.too_late()
    assert 4.5 < replayed.age() < 6.0 and replayed.too_late()


async def test_the_timer_defers_two_seconds_after_creation_not_after_delivery() -> None:
    interaction = created_ago(1.9)
    reply = Reply(interaction, ephemeral=True)  # type: ignore[arg-type]
    reply.start()  # ACK_DEADLINE after creation: about 0.1 s from now, not 2 s
    await deferred(interaction, within=1.0)
    reply.stop()
    assert [name for name, _ in interaction.calls] == ["defer"]


async def test_a_fresh_change_commits_without_waiting_for_an_acknowledgement() -> None:
    interaction = created_ago(0.2)
    reply = Reply(interaction, ephemeral=True)  # type: ignore[arg-type]
    await reply.secure()
    assert interaction.calls == [] and reply.committing


async def test_an_old_change_is_acknowledged_before_it_commits() -> None:
    interaction = created_ago(2.0)
    reply = Reply(interaction, ephemeral=True)  # type: ignore[arg-type]
    await reply.secure()
    assert [name for name, _ in interaction.calls] == ["defer"] and reply.committing
    await reply.update(content="moved")  # the answer then goes through the acknowledged interaction
    assert [name for name, _ in interaction.calls] == ["defer", "edit_original_response"]


async def test_a_change_too_late_to_answer_is_refused_before_it_commits() -> None:
    interaction = created_ago(2.9)
    reply = Reply(interaction, ephemeral=True)  # type: ignore[arg-type]
    with pytest.raises(LateInteractionError):
        await reply.secure()
    assert interaction.calls == [] and not reply.committing


async def test_a_change_whose_acknowledgement_discord_refuses_is_not_committed() -> None:
    interaction = created_ago(2.0)
    interaction.response = RefusingResponse(interaction.calls)
    reply = Reply(interaction, ephemeral=True)  # type: ignore[arg-type]
    with pytest.raises(LateInteractionError):
        await reply.secure()
    assert not reply.committing


async def test_an_acknowledged_interaction_commits_whatever_its_age() -> None:
    interaction = created_ago(10.0)
    interaction.response.done = True  # acknowledged in time, earlier (the timer deferred it)
    reply = Reply(interaction, ephemeral=True)  # type: ignore[arg-type]
    assert not reply.too_late()
    await reply.secure()
    assert reply.committing
