"""The outcome of a finished game, in a shape every leaderboard can use."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, model_validator


class Result(BaseModel):
    """Final standings.

    `places[seat]` is 1 for the best, ties share a place (1, 1, 3).
    `winners` are the seats that won (may be empty, e.g. a forfeit game with only a loser).
    `measure[seat]` is the game's own measure for the leaderboard (points, chips won ...),
    described by `measure_key` (a catalogue key); higher is better when `higher_is_better`.
    """

    model_config = ConfigDict(frozen=True)

    places: tuple[int, ...]
    winners: tuple[int, ...]
    measure: tuple[int, ...]
    measure_key: str
    higher_is_better: bool = True

    @model_validator(mode="after")
    def _same_length(self) -> Result:
        if len(self.places) != len(self.measure):
            raise ValueError("places and measure must have one entry per seat")
        return self


def places_from_scores(scores: list[int], *, higher_is_better: bool) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3) from per-seat scores."""
    places = []
    for score in scores:
        better = sum(1 for other in scores if (other > score if higher_is_better else other < score))
        places.append(better + 1)
    return tuple(places)
