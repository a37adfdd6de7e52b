"""Test helpers for Zombie Life: stack the deck, lay out a table, play on.

Every helper keeps the 55 cards whole, so rigged tables are real tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import Rng
from engines.zombie import ENGINE, Draw, Hide, Place, Take, ZombieAction, ZombieOptions, ZombieState
from engines.zombie.dealing import begin_game
from engines.zombie.deck import full_deck
from engines.zombie.engine import setup
from engines.zombie.state import Status
from tests.engines.family_support import event_keys, event_params, stacked_deck, without

DEFAULT = ZombieOptions()


def stacked(cards: Sequence[int]) -> list[int]:
    """A full 55-card deck, top first: `cards`, then the rest in ascending order."""
    return stacked_deck(cards)


def new_rigged(players: int, cards: Sequence[int], options: ZombieOptions = DEFAULT, seed: int = 0) -> ZombieState:
    """A new game whose shuffle came out as `cards` + the rest (see `stacked`)."""
    state = setup(players, options, seed)
    begin_game(state, stacked(cards))
    return state


def arrange(
    state: ZombieState,
    refuge: Sequence[Sequence[int]],
    to_move: int,
    horde: Sequence[int] = (),
    face_down: Sequence[Sequence[int]] | None = None,
    status: Sequence[Status] | None = None,
    points: Sequence[int] | None = None,
    deck: Sequence[int] | None = None,
    discard: Sequence[int] | None = None,
    pending: int | None = None,
    hid: Sequence[int] = (),
    eliminated: Sequence[int] = (),
) -> ZombieState:
    """Lay the table out as given. The cards not placed fill the deck (if not given), else the discard pile."""
    players = state.players
    downs = face_down if face_down is not None else [[] for _ in range(players)]
    placed = [*horde, *[c for cards in [*refuge, *downs] for c in cards], *([pending] if pending is not None else [])]
    if deck is None:
        deck = without(full_deck(), [*placed, *(discard or [])])
    elif discard is None:
        discard = without(full_deck(), [*placed, *deck])
    state.refuge = [list(cards) for cards in refuge]
    state.face_down = [list(cards) for cards in downs]
    state.horde = list(horde)
    state.status = list(status) if status is not None else ["in_play"] * players
    state.points = list(points) if points is not None else [0] * players
    state.deck = list(deck)
    state.discard = list(discard or [])
    state.pending = pending
    state.to_move = to_move
    state.hid = list(hid)
    state.eliminated = list(eliminated)
    state.round = max(state.round, 1)
    state.events = []
    assert sorted([*state.table_cards(), *state.deck, *state.discard]) == full_deck()
    return state


def table(players: int, options: ZombieOptions = DEFAULT, seed: int = 0) -> ZombieState:
    """A seated table to `arrange`."""
    return setup(players, options, seed)


def on_top(state: ZombieState, *cards: int) -> ZombieState:
    """Move `cards` (from the deck) to its top, in this order."""
    for card in reversed(cards):
        state.deck.remove(card)
        state.deck.insert(0, card)
    return state


def keys(state: ZombieState) -> list[str]:
    """The event keys, without the `zombie.event.` prefix."""
    return event_keys(state, "zombie")


def events(state: ZombieState, key: str) -> list[dict[str, int | str]]:
    """The params of every `zombie.event.<key>` event."""
    return event_params(state, "zombie", key)


def act(state: ZombieState, action: ZombieAction) -> ZombieState:
    """The player to move does `action`."""
    return ENGINE.apply(state, state.to_move, action)


def draw(state: ZombieState) -> ZombieState:
    return act(state, Draw())


def take(state: ZombieState, card: int) -> ZombieState:
    return act(state, Take(card=card))


def hide(state: ZombieState) -> ZombieState:
    return act(state, Hide())


def place(state: ZombieState, zone: str) -> ZombieState:
    return act(state, Place(zone="refuge" if zone == "refuge" else "horde"))


def random_action(state: ZombieState, rng: Rng) -> ZombieAction:
    """A legal action for the seat to move: hiding now and then, drawing or taking otherwise."""
    legal = ENGINE.legal_actions(state, state.to_move)
    hides = [a for a in legal if isinstance(a, Hide)]
    if hides and rng.below(4) == 0:
        return hides[0]
    others: list[ZombieAction] = [a for a in legal if not isinstance(a, Hide)] or legal
    return rng.choice(others)
