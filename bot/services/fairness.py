"""A shuffle anyone can check: a commitment to each game's seed, revealed at its end, and a verifier.

When a lobby opens, its seed is drawn from the operating system's secure source
(`secrets.randbits`) together with a secret salt; the table shows the commitment
SHA-256("<seed>:<salt>") from the game's start. When the game is over, the seed and the
salt are revealed, and anyone can recompute the commitment and replay the game: every
deal and die roll follows from the seed (the engines draw only from their seeded RNG),
and every move of the action log must be legal where it stands, so a seed or a log
changed afterwards is caught. Nothing here talks to Discord.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from bot.storage import TableRecord
from engines.core import Engine, IllegalActionError

SALT_BYTES = 16
SHORT = 16  # hex digits of the commitment shown in a table's footer (64 bits)


def new_salt() -> str:
    """A fresh secret salt, from the operating system's secure random source."""
    return secrets.token_hex(SALT_BYTES)


@lru_cache(maxsize=4096)  # every table and hand drawn shows it: worked out once per open table
def commitment(seed: int, salt: str) -> str:
    """SHA-256 of "<seed>:<salt>", in hex: what the table shows before the first move."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def short(digest: str) -> str:
    """The start of a commitment, as a table's footer shows it."""
    return digest[:SHORT]


@dataclass(frozen=True)
class Verification:
    """What a check of one finished game found. `problem` is None when everything holds."""

    table_id: int
    commitment: str
    seed: int
    salt: str
    moves: int  # actions of the log replayed
    problem: str | None  # a catalogue key saying what does not hold
    step: int | None = None  # the move at which the replay failed, if it did

    @property
    def ok(self) -> bool:
        return self.problem is None


def verify(
    engine: Engine[Any, Any, Any, Any],
    record: TableRecord,
    actions: Sequence[tuple[int, int, str]],
    *,
    announced: str | None = None,
) -> Verification:
    """Check a finished game: its seed and salt give the commitment `announced` (a prefix of it, as shown, or
    the whole) when given; and the action log replays from the seed, every move legal, to the stored final state.
    """
    salt = record.salt or ""
    digest = commitment(record.seed, salt)

    def found(problem: str | None, moves: int, step: int | None = None) -> Verification:
        return Verification(record.id, digest, record.seed, salt, moves, problem, step)

    if record.salt is None:
        return found("verify.no_commitment", 0)
    if announced is not None and not digest.startswith(announced.strip().lower()):
        return found("verify.commitment_differs", 0)
    try:
        state = engine.new(len(record.seats), engine.parse_options(record.options), record.seed)
    except (ValidationError, ValueError):
        return found("verify.replay_fails", 0, 0)
    for number, (_, seat, data) in enumerate(actions, 1):
        try:
            state = engine.apply(state, seat, engine.parse_action(data))
        except (IllegalActionError, ValidationError, ValueError):
            return found("verify.replay_fails", number - 1, number)
    if record.state is None or engine.dump_state(state) != engine.dump_state(engine.load_state(record.state)):
        return found("verify.final_differs", len(actions))
    return found(None, len(actions))
