"""The bench's move path is the bot's own: discord.py's gateway decoder, its routing, the production handler.

A few moves of Pairs (buttons) and of Dead Money (cards chosen in its card picker) are played through `Throughput` with
spies on the production code: every move reaches `TableHandlers`' handler for its component and `TableStore.commit`
once, each is answered by discord.py's own interaction response (the loopback sees the callback requests), the
refresher edits the table message, and each move settles before the next.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.services.tables import Tables
from bot.services.tables.store import TableStore
from bot.storage import Database
from cogs.tables._handlers import TableHandlers
from tools.bench._gateway import Snowflakes
from tools.bench._path import Room, Throughput

MOVES = 12


def spy(monkeypatch: pytest.MonkeyPatch, owner: type, name: str, calls: Counter[str]) -> None:
    """Count the calls of `owner.name` (the production function still runs)."""
    original: Callable[..., Any] = getattr(owner, name)

    async def counted(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return await original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)


@pytest.mark.parametrize(
    ("game", "handled_by"), [("pairs", ("act",)), ("deadmoney", ("act", "pick_select", "pick_confirm"))]
)
async def test_each_move_goes_through_the_production_handler(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, handled_by: tuple[str, ...]
) -> None:
    calls: Counter[str] = Counter()
    spy(monkeypatch, TableStore, "commit", calls)
    db = await Database.open(tmp_path / "path.sqlite3")
    room = Room(Tables(db), random.Random(3), Snowflakes(), game=game)
    try:
        bot = await room.started()
        assert type(bot.cog.handlers) is TableHandlers
        for name in ("act", "pick_select", "pick_confirm"):
            spy(monkeypatch, TableHandlers, name, calls)
        moves = Throughput(room)
        await moves.run(MOVES)
        result = moves.result()
        session = (await room.started()).session
    finally:
        await room.close()
        await db.close()
    assert calls["commit"] == MOVES  # one commit per move, made by the store's own code
    assert sum(calls[name] for name in handled_by) == MOVES  # each click reached its production handler
    if game == "deadmoney":
        assert calls["pick_select"] + calls["pick_confirm"] > 0  # cards chosen in the picker, as its players do
    assert session.requests["callback"] == MOVES  # answered through discord.py's interaction response
    assert session.requests["edit"] >= MOVES - result.games  # the table shown after each move (edit delay 0)
    assert not session.unknown
    assert result.moves == MOVES and result.per_second > 0
    assert all(ms > 0 for ms in result.stages_ms.values())  # to the answer, then until the move settled
    # One durable transaction per move, whatever it caused (a game's end adds its final table's shown version).
    assert MOVES <= result.durable_commits * MOVES <= MOVES + result.games
    assert result.light_commits > 0  # the table shown, the bell: bookkeeping without a sync of its own
