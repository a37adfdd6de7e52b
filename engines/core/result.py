"""The outcome of a finished game, in a shape every leaderboard can use."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, model_validator

from engines.core.messages import Params


class Round(BaseModel):
    """One game of a match (or one hand of a session), for the summary shown at the end.

    `number` counts from 1; `winners` and `losers` are seats. `key` and `params` are the game's own
    line for it, if it has one (a catalogue key; seat params are rendered as names, as in events);
    without a key the line says only who won and who lost.
    """

    model_config = ConfigDict(frozen=True)

    number: int
    winners: tuple[int, ...] = ()
    losers: tuple[int, ...] = ()
    key: str | None = None
    params: Params = {}


class Result(BaseModel):
    """Final standings.

    `places[seat]` is 1 for the best, ties share a place (1, 1, 3).
    `winners` are the seats that won (may be empty, e.g. a forfeit game with only a loser).
    `measure[seat]` is the game's own measure for the leaderboard (points, chips won ...),
    described by `measure_key` (a catalogue key); higher is better when `higher_is_better`.
    `rounds` are the games of a match of several, in order (empty for a single game).
    """

    model_config = ConfigDict(frozen=True)

    places: tuple[int, ...]
    winners: tuple[int, ...]
    measure: tuple[int, ...]
    measure_key: str
    higher_is_better: bool = True
    rounds: tuple[Round, ...] = ()

    @model_validator(mode="after")
    def _same_length(self) -> Result:
        if len(self.places) != len(self.measure):
            raise ValueError("places and measure must have one entry per seat")
        seats = range(len(self.places))
        for game in self.rounds:
            if not all(seat in seats for seat in (*game.winners, *game.losers)):
                raise ValueError(f"round {game.number} names a seat that is not at the table")
        return self


def places_from_scores(scores: list[int], *, higher_is_better: bool) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3) from per-seat scores."""
    places = []
    for score in scores:
        better = sum(1 for other in scores if (other > score if higher_is_better else other < score))
        places.append(better + 1)
    return tuple(places)
