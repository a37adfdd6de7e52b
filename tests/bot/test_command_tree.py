"""The command tree's errors are handed on by subclassing (`CardroomTree.on_error`), to the listener of the tables
extension, which answers them through the one error pipeline."""

from __future__ import annotations

import inspect
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from discord import app_commands

from bot.runtime import CardroomBot, CardroomTree
from cogs.tables._cog import TablesCog


async def test_the_tree_hands_its_errors_on_as_an_event() -> None:
    dispatched: list[tuple[Any, ...]] = []
    tree: Any = SimpleNamespace(client=SimpleNamespace(dispatch=lambda *args: dispatched.append(args)))
    interaction, error = object(), app_commands.NoPrivateMessage()
    await CardroomTree.on_error(tree, interaction, error)  # type: ignore[arg-type]
    assert dispatched == [("tree_error", interaction, error)]


def test_the_bot_is_built_with_that_tree_and_the_tables_extension_listens() -> None:
    source = inspect.getsource(CardroomBot.__init__)
    assert "tree_cls=CardroomTree" in source
    assert dict(TablesCog.__cog_listeners__).get("on_tree_error") == "on_tree_error"
    product = Path(__file__).resolve().parents[2]
    assigned = [
        path
        for folder in ("bot", "cogs")
        for path in (product / folder).rglob("*.py")
        if ".on_error =" in path.read_text(encoding="utf-8")
    ]
    assert assigned == []  # no handler is assigned over the tree's method
