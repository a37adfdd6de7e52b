"""Localisable messages that engines emit: refusals and table events.

Engines never hold user-facing text. They emit a catalogue key and typed
parameters; the bot renders them in the viewer's language from `data/locales`.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

Param = str | int
Params = dict[str, Param]


class Refusal(BaseModel):
    """Why an action is not legal now. `key` is a catalogue key such as `pairs.refusal.no_cards`."""

    model_config = ConfigDict(frozen=True)

    key: str
    params: Params = {}


class Consequence(BaseModel):
    """What a legal move costs the player who makes it (`deadmoney.consequence.draw_self`), for a warning.

    The text is a short phrase in the second person ("you are out and pay 10"): the UI
    puts it on the move's button and in the question that asks to confirm the move.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    params: Params = {}


class IllegalActionError(Exception):
    """Raised by `Engine.apply` when an action is refused; the state is left unchanged."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.key)
        self.refusal = refusal


class Event(BaseModel):
    """Something that happened at the table, for the log shown to players.

    `audience` is None for a public event, else the seats allowed to see it.
    Parameters named `seat`, `seats`, `card` and so on are rendered by the bot
    (a seat index becomes the player's name).
    """

    model_config = ConfigDict(frozen=True)

    key: str
    params: Params = {}
    audience: tuple[int, ...] | None = None

    def visible_to(self, viewer: int | None) -> bool:
        return self.audience is None or (viewer is not None and viewer in self.audience)
