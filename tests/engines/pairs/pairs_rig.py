"""Test helpers for Pairs: stack the deck, lay out a table, play on.

Every helper keeps the 55 cards whole, so rigged tables are real tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import Rng
from engines.pairs import ENGINE, Fold, Hit, PairsAction, PairsOptions, PairsState
from engines.pairs.dealing import begin_game
from engines.pairs.deck import full_deck
from engines.pairs.engine import setup
from tests.engines.family_support import event_keys, event_params, stacked_deck, without

FORFEIT = PairsOptions()


def stacked(cards: Sequence[int], burn: Sequence[int] = (10, 10, 10, 10, 10)) -> list[int]:
    """A full 55-card deck, top first: the 5 burned cards, then `cards`, then the rest in ascending order."""
    return stacked_deck([*burn, *cards])


def new_rigged(
    players: int,
    cards: Sequence[int],
    options: PairsOptions = FORFEIT,
    burn: Sequence[int] = (10, 10, 10, 10, 10),
    seed: int = 0,
) -> PairsState:
    """A new game whose shuffle came out as `burn` + `cards` + the rest (see `stacked`)."""
    state = setup(players, options, seed)
    begin_game(state, stacked(cards, burn))
    return state


def arrange(
    state: PairsState,
    in_play: Sequence[Sequence[int]],
    to_move: int,
    score_cards: Sequence[Sequence[int]] | None = None,
    deck: Sequence[int] | None = None,
    discard: Sequence[int] | None = None,
) -> PairsState:
    """Lay the table out as given. The cards not placed fill the deck (if not given), else the discard pile."""
    scores = score_cards if score_cards is not None else [[] for _ in range(state.players)]
    placed = [c for cards in [*in_play, *scores] for c in cards]
    if deck is None:
        deck = without(full_deck(), [*placed, *(discard or [])])
    elif discard is None:
        discard = without(full_deck(), [*placed, *deck])
    state.in_play = [list(cards) for cards in in_play]
    state.score_cards = [list(cards) for cards in scores]
    state.deck = list(deck)
    state.discard = list(discard or [])
    state.to_move = to_move
    state.game = max(state.game, 1)  # a table laid out on a fresh `setup()` is game 1, round 1
    state.round = max(state.round, 1)
    state.events = []
    assert sorted([*state.face_up(), *[c for s in state.score_cards for c in s], *state.deck, *state.discard]) == (
        full_deck()
    )
    return state


def keys(state: PairsState) -> list[str]:
    """The event keys, without the `pairs.event.` prefix."""
    return event_keys(state, "pairs")


def events(state: PairsState, key: str) -> list[dict[str, int | str]]:
    """The params of every `pairs.event.<key>` event."""
    return event_params(state, "pairs", key)


def hit(state: PairsState) -> PairsState:
    return ENGINE.apply(state, state.to_move, Hit())


def fold(state: PairsState) -> PairsState:
    return ENGINE.apply(state, state.to_move, Fold())


def random_action(state: PairsState, rng: Rng) -> PairsAction:
    """A legal action for the seat to move, hitting more often than folding."""
    legal = ENGINE.legal_actions(state, state.to_move)
    hits = [a for a in legal if isinstance(a, Hit)]
    if hits and rng.below(3) > 0:
        return hits[0]
    return legal[-1]
