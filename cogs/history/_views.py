"""The components of `/history` and `/replay`, bounded by construction.

`/history` lists at most `HISTORY_GAMES` (10) games: one replay button each, five to a row, so two rows.
A replay has ⏮ ◀ ▶ ⏭ on row 0, −10 and +10 on row 1, and a "jump to" menu of at most 25 steps on row 2.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord

from bot.i18n import t
from bot.services.replay import ReplayStep
from bot.services.tables import Table
from bot.storage import HistoryRow
from cogs.history._components import ReplayControl, ReplayJump, ReplayOpen
from cogs.kit.layout import Layout
from cogs.render.limits import BUTTON_LABEL, OPTION_TEXT, PER_ROW, SELECT_OPTIONS, clip
from cogs.render.replay import HISTORY_GAMES, history_button_label, step_option_label

JUMP = 10  # steps a −10 / +10 button moves
PLACEHOLDER = 150


def history_view(rows: Sequence[HistoryRow], lang: str) -> discord.ui.View | None:
    """One 🎬 button per game listed, opening its replay privately."""
    if not rows:
        return None
    view = Layout()
    for position, row in enumerate(rows[:HISTORY_GAMES]):
        view.add_button(
            ReplayOpen(row.table_id).button(clip(history_button_label(row, lang), BUTTON_LABEL)), position // PER_ROW
        )
    return view


def jump_steps(steps: int) -> list[int]:
    """The steps the "jump to" menu offers: all of them when they fit, else 25 spread from the deal to the end."""
    if steps + 1 <= SELECT_OPTIONS:
        return list(range(steps + 1))
    last = SELECT_OPTIONS - 1
    return [index * steps // last for index in range(SELECT_OPTIONS)]


def replay_view(table: Table, step: ReplayStep, mover: Callable[[int], int | None], lang: str) -> discord.ui.View:
    """The controls under a replay showing `step`; `mover(k)` is the seat whose move led to step k."""
    view = Layout()
    gid, now, last = table.id, step.number, step.steps

    def button(control: str, target: int, row: int, *, emoji: str, label: str | None = None) -> None:
        target = max(0, min(target, last))
        view.add_button(
            ReplayControl(gid, target, control).button(label or "", emoji=emoji, disabled=target == now), row
        )

    button("f", 0, 0, emoji="⏮️")
    button("p", now - 1, 0, emoji="◀️")
    button("n", now + 1, 0, emoji="▶️")
    button("l", last, 0, emoji="⏭️")
    button("b", now - JUMP, 1, emoji="⏪", label=f"−{JUMP}")
    button("a", now + JUMP, 1, emoji="⏩", label=f"+{JUMP}")
    if last > 0:
        options = [
            discord.SelectOption(
                label=clip(step_option_label(table, number, mover(number), lang), OPTION_TEXT),
                value=str(number),
                default=number == now,
            )
            for number in jump_steps(last)
        ]
        placeholder = clip(t(lang, "replay.jump"), PLACEHOLDER)
        view.add_item(ReplayJump(gid, now).menu(options, row=2, placeholder=placeholder))
    return view
