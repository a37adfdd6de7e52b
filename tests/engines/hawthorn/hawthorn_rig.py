"""Test helpers for Hawthorn: stack the deck, deal chosen hands, lay out a table, play on.

Every helper keeps the 55 cards whole, so rigged tables are real tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engines.core import Event, Rng
from engines.hawthorn import ENGINE, Draw, Fold, HawthornAction, HawthornOptions, HawthornState, Play, Start
from engines.hawthorn.dealing import start_hand
from engines.hawthorn.engine import setup
from tests.engines.family_support import event_keys, event_params, stacked_deck

DEFAULT = HawthornOptions()


def stacked(hands: Sequence[Sequence[int]], top: Sequence[int] = ()) -> list[int]:
    """A full deck, top first: each dealt hand in seat order, then `top`, then the rest in ascending order."""
    dealt = [card for hand in hands for card in hand]
    return stacked_deck([*dealt, *top])


def deal_next(state: HawthornState, hands: Sequence[Sequence[int]], top: Sequence[int] = ()) -> None:
    """Deal the next hand of `state` from a stacked deck: `hands` for the players with chips, in seat order."""
    state.events = []
    start_hand(state, stacked(hands, top))


def rigged(
    players: int,
    hands: Sequence[Sequence[int]],
    top: Sequence[int] = (),
    options: HawthornOptions = DEFAULT,
    seed: int = 0,
    stacks: Sequence[int] | None = None,
) -> HawthornState:
    """A new session whose first hand deals `hands` (5 cards per seat with chips) and then `top` from the deck."""
    state = setup(players, options, seed)
    if stacks is not None:
        state.chips.stacks = list(stacks)
        state.chips.start = list(stacks)
    deal_next(state, hands, top)
    return state


def started(
    players: int,
    hands: Sequence[Sequence[int]],
    starts: Sequence[int],
    top: Sequence[int] = (),
    options: HawthornOptions = DEFAULT,
    stacks: Sequence[int] | None = None,
) -> HawthornState:
    """A rigged hand after everyone chose `starts[seat]` (in seat order): the first lap is under way."""
    state = rigged(players, hands, top, options, stacks=stacks)
    return choose_all(state, starts)


def choose_all(state: HawthornState, starts: Sequence[int | None], order: Sequence[int] | None = None) -> HawthornState:
    """Every seat in `order` (default: table order) chooses `starts[seat]`; None skips a seat."""
    for seat in order if order is not None else range(state.players):
        card = starts[seat]
        if card is not None:
            state = ENGINE.apply(state, seat, Start(card=card))
    return state


def act(state: HawthornState, action: HawthornAction) -> HawthornState:
    """The seat to move does `action`."""
    assert state.phase == "play", state.phase
    return ENGINE.apply(state, state.to_move, action)


def draw(state: HawthornState) -> HawthornState:
    return act(state, Draw())


def fold(state: HawthornState) -> HawthornState:
    return act(state, Fold())


def play(state: HawthornState, card: int) -> HawthornState:
    return act(state, Play(card=card))


def keys(state: HawthornState) -> list[str]:
    """The event keys, without the `hawthorn.event.` prefix."""
    return event_keys(state, "hawthorn")


def events(state: HawthornState, key: str) -> list[dict[str, int | str]]:
    """The params of every `hawthorn.event.<key>` event."""
    return event_params(state, "hawthorn", key)


def quiet(state: HawthornState) -> HawthornState:
    """The same state with an empty event log (to see exactly what the next action emits)."""
    return state.model_copy(update={"events": list[Event]()})


def card_count(state: HawthornState) -> Counter[int]:
    return Counter(state.all_cards())


def random_action(state: HawthornState, seat: int, rng: Rng) -> HawthornAction:
    """A legal action for `seat`, drawing or playing more often than folding."""
    legal = ENGINE.legal_actions(state, seat)
    adding = [a for a in legal if not isinstance(a, Fold)]
    if adding and rng.below(4) > 0:
        return rng.choice(adding)
    return rng.choice(legal)
