"""Stand-in interactions for the cogs tests: each answer is recorded, and may be made to fail.

A `FakeInteraction` is a click or command created `age` seconds ago; each
answer pops the next of `failures` (None: that answer succeeds).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord


@dataclass
class Response:
    interaction: FakeInteraction
    done: bool = False

    def is_done(self) -> bool:
        return self.done

    async def _answer(self, name: str, fields: dict[str, Any]) -> None:
        failure = self.interaction.failures.pop(0) if self.interaction.failures else None
        self.interaction.calls.append((name, fields))
        if failure is not None:
            raise failure
        self.done = True

    async def send_message(self, **fields: Any) -> None:
        await self._answer("send_message", fields)

    async def edit_message(self, **fields: Any) -> None:
        await self._answer("edit_message", fields)

    async def defer(self, **fields: Any) -> None:
        await self._answer("defer", fields)

    async def autocomplete(self, choices: list[Any]) -> None:
        await self._answer("autocomplete", {"choices": choices})


@dataclass
class Followup:
    interaction: FakeInteraction

    async def send(self, **fields: Any) -> None:
        self.interaction.calls.append(("followup.send", fields))


@dataclass
class FakeInteraction:
    """A component click (or command) created `age` seconds ago; each answer pops the next failure, if any."""

    age: float = 0.1
    type: discord.InteractionType = discord.InteractionType.component
    locale: str = "en-US"
    failures: list[Exception | None] = field(default_factory=list)
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        created = discord.utils.utcnow() - datetime.timedelta(seconds=self.age)
        self.id = discord.utils.time_snowflake(created)
        self.user = SimpleNamespace(id=42)
        self.response = Response(self)
        self.followup = Followup(self)
        self.resynced = 0
        self.client = SimpleNamespace(resync_commands=self._resync)
        for where in ("guild_id", "channel_id"):  # a subclass's own fields stand; a plain click is in no server
            if not hasattr(self, where):
                setattr(self, where, None)

    def _resync(self) -> None:
        self.resynced += 1

    def texts(self) -> list[str]:
        return [str(fields.get("content")) for _, fields in self.calls if "content" in fields]
