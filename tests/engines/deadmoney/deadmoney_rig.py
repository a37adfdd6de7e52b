"""Test helpers for Dead Money: lay out a table, rig the dice, play on, check that no card got lost.

`rig` builds a real `DeadMoneyState` (from `ENGINE.new`) and then overwrites the hands, the Brains in
front of the players, the discard pile, the top of the draw pile and the active player, keeping the
112 cards whole: every card not placed goes to the bottom of the draw pile in a fixed order.

    state = rig(players=4, hands={0: ["7S", "KD"]}, brains={0: ["BRAIN-S"]}, deck_top=["3D", "KS"])
    state = with_rolls(state, [5])       # the next rng call(s), read as d6 rolls, give 5
    state = act(state, 0, Play(card="7S"))
    assert events(state) == ["play", ..., "roll", ...]   # the events of that one action
    assert_conserved(state)

Import it as `from deadmoney_rig import ...` (the test folder is on sys.path, as for Hawthorn) or as
`from tests.engines.deadmoney.deadmoney_rig import ...`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest

from engines import registry
from engines.core import Event, IllegalActionError, Rng
from engines.deadmoney import DeadMoneyAction, DeadMoneyOptions, DeadMoneyPerspective, DeadMoneyState
from engines.deadmoney.state import Arrange, PickCards, Showdown

ENGINE: Any = registry.get("deadmoney")
GAME = "deadmoney"
FULL_DECK: list[str] = list(ENGINE.deck.full_deck())  # 112 ids, 2 of each, in file order
DEFAULT = DeadMoneyOptions()

# A fixed order for the cards nobody placed: quiet cards first (they fill default hands and lie on top of
# the rest of the draw pile), so an unplanned draw rarely brings a surprise. Within a group, file order.
_QUIET_RANKS = ("8", "9", "10", "J", "Q", "K", "A", "2", "3", "4", "5", "6", "7")


def _rest_order(card: str) -> tuple[int, int]:
    rank = "BRAIN" if card.startswith("BRAIN-") else card[:-1]
    group = _QUIET_RANKS.index(rank) if rank in _QUIET_RANKS else len(_QUIET_RANKS)
    return (group, FULL_DECK.index(card))


def without(cards: Iterable[str], taken: Iterable[str]) -> list[str]:
    """The multiset `cards` minus `taken` (ValueError if `taken` holds more copies than there are)."""
    left = Counter(cards)
    left.subtract(Counter(taken))
    missing = [card for card, count in left.items() if count < 0]
    if missing:
        raise ValueError(f"more copies placed than the deck holds (2 of each): {sorted(missing)}")
    return list(left.elements())


def rig(
    players: int = 4,
    hands: Mapping[int, Sequence[str]] | None = None,
    brains: Mapping[int, Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    discard: Sequence[str] = (),
    active: int = 0,
    seed: int = 0,
    options: DeadMoneyOptions = DEFAULT,
    filler: int = 7,
    hands_left: int | None = None,
    played: int = 0,
) -> DeadMoneyState:
    """A table laid out by hand, at the start of `active`'s turn (unless `hands_left`/`played` say otherwise).

    `hands[seat]`: that hand exactly; a seat not named gets `filler` cards from the rest (quiet ones).
    `brains[seat]`: the Brains in front of that seat. `deck_top`: the draw pile's top cards, TOP FIRST
    (`deck_top[0]` is the next card drawn). `discard`: the discard pile, bottom first (last = top).
    Every other card goes under `deck_top`, in a fixed order. The events are emptied.
    """
    hands = dict(hands or {})
    brains = dict(brains or {})
    state: DeadMoneyState = ENGINE.new(players, options, seed)
    placed = [card for hand in hands.values() for card in hand]
    placed += [card for front in brains.values() for card in front]
    placed += [*deck_top, *discard]
    rest = sorted(without(FULL_DECK, placed), key=_rest_order)
    new_hands: list[list[str]] = []
    for seat in range(players):
        if seat in hands:
            new_hands.append(list(hands[seat]))
        else:
            new_hands.append(rest[:filler])
            del rest[:filler]
    state.hands = new_hands
    state.brains = [list(brains.get(seat, [])) for seat in range(players)]
    # The draw pile is a list with its top LAST: the rest at the bottom (its first card just under deck_top).
    state.deck = [*reversed(rest), *reversed(deck_top)]
    state.discard = list(discard)
    state.in_play = []
    state.held = None
    state.stack = []
    state.active = active
    state.hands_left = 2 if hands_left is None else hands_left
    state.played = played
    state.turn_over = False
    state.next_active = None
    state.last_roll = None
    state.events = []
    assert_conserved(state)
    return state


def rolls_from(rng: Rng, count: int) -> list[int]:
    """The next `count` d6 rolls `rng` would give (on a copy)."""
    probe = rng.model_copy()
    return [probe.roll(6) for _ in range(count)]


def rng_for_rolls(values: Sequence[int], start: int = 1, limit: int = 1_000_000) -> Rng:
    """The first `Rng.from_seed(k)`, k >= start, whose next d6 rolls are `values` in order."""
    for k in range(start, start + limit):
        rng = Rng.from_seed(k)
        if rolls_from(rng, len(values)) == list(values):
            return Rng.from_seed(k)
    raise AssertionError(f"no seed in range gives the rolls {list(values)}")


def with_rolls(state: DeadMoneyState, values: Sequence[int], start: int = 1) -> DeadMoneyState:
    """Rig the dice: set `state.rng` so that its next calls, read as d6 rolls, give `values` in order.

    Beware: it rigs the next rng CALLS. Anything else that draws from the rng before the roll (a
    reshuffle of the discards, a random card taken by the A♣ or the 9♣...) consumes numbers too and
    shifts the rolls. Returns `state` (changed in place) for chaining.
    """
    state.rng = rng_for_rolls(values, start)
    return state


def with_outcome(
    state: DeadMoneyState,
    attempt: Callable[[DeadMoneyState], DeadMoneyState],
    check: Callable[[DeadMoneyState], bool],
    start: int = 1,
    limit: int = 5000,
) -> DeadMoneyState:
    """Rig the rng when other draws come before the roll (a shuffle, a random card): set `state.rng` to the
    first `Rng.from_seed(k)` for which `check(attempt(state))` holds. Returns `state` (changed in place)."""
    for k in range(start, start + limit):
        state.rng = Rng.from_seed(k)
        if check(attempt(state)):
            state.rng = Rng.from_seed(k)
            return state
    raise AssertionError("no seed in range gives the wanted outcome")


def act(state: DeadMoneyState, seat: int, action: DeadMoneyAction) -> DeadMoneyState:
    """`ENGINE.apply` on a copy whose events were emptied first: `events()` of the result is this action's."""
    quiet = state.model_copy(update={"events": []})
    new: DeadMoneyState = ENGINE.apply(quiet, seat, action)
    return new


def acts(state: DeadMoneyState, *moves: tuple[int, DeadMoneyAction]) -> DeadMoneyState:
    """Several `act`s in a row; the events are those of the last one only."""
    for seat, action in moves:
        state = act(state, seat, action)
    return state


def refused(state: DeadMoneyState, seat: int, action: DeadMoneyAction) -> str:
    """The refusal key (without `deadmoney.refusal.`) of an action that must be refused; the state is untouched."""
    before = state.model_dump_json()
    with pytest.raises(IllegalActionError) as error:
        ENGINE.apply(state, seat, action)
    assert state.model_dump_json() == before
    key: str = error.value.refusal.key
    return key.removeprefix(f"{GAME}.refusal.")


def events(state: DeadMoneyState, viewer: int | str | None = "all") -> list[str]:
    """The event keys (without `deadmoney.event.`); with a `viewer` (a seat or None) only those they see."""
    return [
        e.key.removeprefix(f"{GAME}.event.")
        for e in state.events
        if viewer == "all" or e.visible_to(viewer if isinstance(viewer, int) else None)
    ]


def event_params(state: DeadMoneyState, key: str) -> list[dict[str, int | str]]:
    """The params of every `key` event (key without the prefix)."""
    return [dict(e.params) for e in state.events if e.key == f"{GAME}.event.{key}"]


def find_events(state: DeadMoneyState, key: str) -> list[Event]:
    return [e for e in state.events if e.key == f"{GAME}.event.{key}"]


def view(state: DeadMoneyState, viewer: int | None) -> DeadMoneyPerspective:
    perspective: DeadMoneyPerspective = ENGINE.perspective(state, viewer)
    return perspective


def to_act(state: DeadMoneyState) -> tuple[int, ...]:
    seats: tuple[int, ...] = ENGINE.to_act(state)
    return seats


def legal(state: DeadMoneyState, seat: int) -> list[DeadMoneyAction]:
    actions: list[DeadMoneyAction] = ENGINE.legal_actions(state, seat)
    return actions


def deck_top(state: DeadMoneyState, count: int = 1) -> list[str]:
    """The draw pile's top `count` cards, top first."""
    return list(reversed(state.deck[-count:])) if count else []


def top_discard(state: DeadMoneyState) -> str | None:
    return state.discard[-1] if state.discard else None


def all_cards(state: DeadMoneyState) -> list[str]:
    """Every card on the table, wherever it is (hands, Brains, piles, in play, held, showdown pots, K♣ arrangement)."""
    cards = [card for hand in state.hands for card in hand]
    cards += [card for front in state.brains for card in front]
    cards += state.deck + state.discard + state.in_play
    if state.held is not None:
        cards.append(state.held)
    for step in state.stack:
        if isinstance(step, Showdown):
            cards += [*step.pot, step.brain]
        elif isinstance(step, Arrange):
            cards += step.remaining + step.placed
    return cards


def assert_conserved(state: DeadMoneyState) -> None:
    """The 112 cards are all there, each exactly as often as in the box (secret picks stay in their hands)."""
    have = Counter(all_cards(state))
    want = Counter(FULL_DECK)
    assert have == want, f"extra: {dict(have - want)}, missing: {dict(want - have)}"
    for step in state.stack:
        if isinstance(step, PickCards):
            for seat, chosen in enumerate(step.submitted):
                if chosen:
                    assert not Counter(chosen) - Counter(state.hands[seat]), (seat, chosen)
