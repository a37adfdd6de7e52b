"""The components of `/history` and `/replay`, each declared once (`cogs.kit.components`), and their routes.

Under `/history`, `ReplayOpen` opens a finished game's replay privately; under a replay, `ReplayControl` shows that
step in place (its control letter keeps two buttons leading to one step apart), and `ReplayJump` is the
"jump to" menu of the replay showing `step` (the step to show is the value chosen). Each declaration's `old` is
the id form messages posted before carried; they are still parsed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.kit.components import Button, Routed, Select, chosen, part, route
from cogs.kit.ids import GAME, number, text

if TYPE_CHECKING:
    from cogs.history._cog import HistoryHandlers

REPLAY_CONTROLS = "fbpnal"  # a replay's ⏮ −10 ◀ ▶ +10 ⏭ buttons (`ReplayControl`)
STEP = number(10)


class ReplayOpen(Button, word="replay", old="cr:y"):
    """Under `/history`: open that finished game's replay in a new private message."""

    EMOJI = "🎬"
    game: int = part(GAME)


class ReplayControl(Button, word="replay-step", old="cr:Y"):
    """Under a replay: ⏮ −10 ◀ ▶ +10 ⏭, each showing its step in place. `control` tells the buttons apart (two
    may lead to the same step): f first, b back 10, p previous, n next, a ahead 10, l last."""

    game: int = part(GAME)
    step: int = part(STEP)
    control: str = part(text(f"[{REPLAY_CONTROLS}]", "f"))


class ReplayJump(Select, word="replay-jump", old="cr:Y:{game}:{step}:j"):
    """Under a replay showing `step`: the "jump to" menu; the value chosen is the step to show in place."""

    game: int = part(GAME)
    step: int = part(STEP)


def routes(h: HistoryHandlers) -> tuple[Routed, ...]:
    """Each component's clicks, handed to the history handlers (register with `bot.add_dynamic_items`)."""
    return (
        route(ReplayOpen, lambda i, c: h.open_replay(i, c.game)),
        route(ReplayControl, lambda i, c: h.replay_step(i, c.game, c.step, c.control, [])),
        route(ReplayJump, lambda i, c: h.replay_step(i, c.game, c.step, "j", chosen(i))),
    )
