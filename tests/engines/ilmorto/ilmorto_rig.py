"""Test helpers for Il Morto: seat a table, stack the deal, act, read the events.

Every rigged table is a real one: `rigged` stacks the 40-card deck so that the deal gives each seat the card
asked for (the dead get none), then the `stock` cards on top of the deck, then the rest in the deck's order.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.core import Withdraw
from engines.ilmorto import ENGINE, IlMortoAction, IlMortoOptions, IlMortoState, Keep, Knock, Look, Swap, SwapDeck
from engines.ilmorto.cards import full_deck
from engines.ilmorto.engine import setup
from engines.ilmorto.table import deal_round
from tests.engines.family_support import event_keys, event_params

DEFAULT = IlMortoOptions()


def stacked(state: IlMortoState, hands: Sequence[str | None], stock: Sequence[str] = ()) -> list[str]:
    """The 40 cards, top first, that deal `hands` (by seat; None for a seat dealt nothing) at `state`'s table
    and then leave `stock` on top of the deck."""
    dealt = [card for seat in state.play_order() if (card := hands[seat]) is not None]
    top = [*dealt, *stock]
    assert len(set(top)) == len(top), f"a card twice in {top}"
    return [*top, *(card for card in full_deck() if card not in top)]


def rigged(
    hands: Sequence[str | None],
    *,
    dealer: int = 0,
    lives: Sequence[int] | None = None,
    stock: Sequence[str] = (),
    options: IlMortoOptions = DEFAULT,
    seed: int = 0,
) -> IlMortoState:
    """A table of len(hands) players, `dealer` dealing round 1 with `hands` (None for the dead), lives as given
    (3 each by default; a seat with 0 lives must have no card)."""
    players = len(hands)
    state = setup(players, options, seed, dealer=dealer)
    if lives is not None:
        state.lives = list(lives)
    for seat, card in enumerate(hands):
        assert (card is None) == (state.lives[seat] == 0), f"seat {seat}: dealt {card} with {state.lives[seat]} lives"
    deal_round(state, stacked(state, hands, stock))
    state.events = []
    return state


def redeal(state: IlMortoState, hands: Sequence[str | None], stock: Sequence[str] = ()) -> IlMortoState:
    """The round just dealt (nobody has acted in it yet) dealt again with `hands`, for the next round of a rigged
    game: same dealer, same round number, same events; only the shuffle's cards are replaced."""
    state = state.model_copy(deep=True)
    assert not state.knocked and not any(state.looked)
    state.round -= 1
    kept = list(state.events)
    deal_round(state, stacked(state, hands, stock))
    state.events = kept
    return state


def act(state: IlMortoState, seat: int, action: IlMortoAction | Withdraw) -> IlMortoState:
    return ENGINE.apply(state, seat, action)


def knock(state: IlMortoState) -> IlMortoState:
    return act(state, state.dealer, Knock())


def look(state: IlMortoState, seat: int) -> IlMortoState:
    return act(state, seat, Look())


def keep(state: IlMortoState) -> IlMortoState:
    assert state.to_move is not None
    return act(state, state.to_move, Keep())


def swap(state: IlMortoState) -> IlMortoState:
    assert state.to_move is not None
    return act(state, state.to_move, Swap())


def swap_deck(state: IlMortoState) -> IlMortoState:
    assert state.to_move is not None
    return act(state, state.to_move, SwapDeck())


def keys(state: IlMortoState) -> list[str]:
    """The event keys, without the `ilmorto.event.` prefix."""
    return event_keys(state, "ilmorto")


def events(state: IlMortoState, key: str) -> list[dict[str, int | str]]:
    """The params of every `ilmorto.event.<key>` event."""
    return event_params(state, "ilmorto", key)
