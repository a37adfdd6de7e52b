"""Test helpers for Blackstone: stack the deck, lay out a hand, play on.

Every helper keeps the 55 cards whole, so rigged tables are real tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.blackstone import ENGINE, BlackstoneAction, BlackstoneOptions, BlackstoneState, NextHand, Pass, Stop, Take
from engines.blackstone.dealing import begin_hand
from engines.blackstone.deck import full_deck
from engines.blackstone.engine import setup
from engines.core import Rng
from tests.engines.family_support import event_keys, event_params, stacked_deck, without

DEFAULT = BlackstoneOptions()


def stacked(cards: Sequence[int]) -> list[int]:
    """A full 55-card deck, top first: `cards`, then the rest in ascending order (the 10s last)."""
    return stacked_deck(cards)


def new_rigged(
    players: int, cards: Sequence[int], options: BlackstoneOptions = DEFAULT, seed: int = 0
) -> BlackstoneState:
    """A new session whose first shuffle came out as `cards` + the rest (see `stacked`)."""
    state = setup(players, options, seed)
    begin_hand(state, stacked(cards))
    return state


def arrange(
    state: BlackstoneState,
    *,
    middle: Sequence[int],
    blacks: Sequence[int],
    to_move: int,
    deck: Sequence[int] | None = None,
    discard: Sequence[int] = (),
    last_take: int | None = None,
) -> BlackstoneState:
    """Lay the current hand out as given. Cards not placed fill the deck (ascending) unless `deck` is given."""
    placed = [*middle, *[10] * sum(blacks), *discard]
    rest = without(full_deck(), placed)
    if deck is None:
        deck = rest
    else:
        assert sorted(deck) == rest, "the deck must hold exactly the cards not placed"
    state.middle = list(middle)
    state.blacks = list(blacks)
    state.deck = list(deck)
    state.discard = list(discard)
    state.to_move = to_move
    state.last_take = last_take
    state.last_taker = None if last_take is None else (to_move - 1) % state.players
    state.events = []
    assert state.card_count() == 55
    return state


def top(state: BlackstoneState, *cards: int) -> BlackstoneState:
    """Put `cards` on top of the deck, in this order (they must be in the deck)."""
    rest = without(state.deck, cards)
    state.deck = [*cards, *rest]
    return state


def keys(state: BlackstoneState) -> list[str]:
    """The event keys, without the `blackstone.event.` prefix."""
    return event_keys(state, "blackstone")


def events(state: BlackstoneState, key: str) -> list[dict[str, int | str]]:
    """The params of every `blackstone.event.<key>` event."""
    return event_params(state, "blackstone", key)


def quiet(state: BlackstoneState) -> BlackstoneState:
    """The state with an empty event log, so the next action's events are all kept."""
    return state.model_copy(update={"events": []})


def take(state: BlackstoneState, count: int) -> BlackstoneState:
    return ENGINE.apply(quiet(state), state.to_move, Take(count=count))


def pass_(state: BlackstoneState) -> BlackstoneState:
    return ENGINE.apply(quiet(state), state.to_move, Pass())


def vote(state: BlackstoneState, seat: int, stop: bool) -> BlackstoneState:
    return ENGINE.apply(quiet(state), seat, Stop() if stop else NextHand())


def everyone_plays_on(state: BlackstoneState) -> BlackstoneState:
    for seat in ENGINE.to_act(state):
        state = vote(state, seat, stop=False)
    return state


def random_action(state: BlackstoneState, seat: int, rng: Rng) -> BlackstoneAction:
    """A legal action for `seat`: mostly small takes, sometimes a pass; between hands, mostly play on."""
    legal = ENGINE.legal_actions(state, seat)
    if state.phase == "decide":
        return legal[0] if rng.below(4) else legal[-1]
    takes = [a for a in legal if isinstance(a, Take)]
    if takes and rng.below(4):
        return takes[rng.below(min(3, len(takes)))]
    return legal[0]
