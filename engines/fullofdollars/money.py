"""Money, cards moving between piles, events and the end of the game.

Money is in thousands. A player who must pay more than they hold pays everything and is `ruined`: the game ends once the
current resolution is over (docs/games/fullofdollars.md#how-a-game-goes); paying exactly all you have ruins nobody.
"""

from __future__ import annotations

from engines.core import Event
from engines.core.messages import Param
from engines.fullofdollars.cards import NOTE, FullOfDollarsDeck
from engines.fullofdollars.state import FullOfDollarsState

PREFIX = "fullofdollars.event."


def emit(state: FullOfDollarsState, name: str, audience: tuple[int, ...] | None = None, **params: Param) -> None:
    state.events.append(Event(key=PREFIX + name, params=params, audience=audience))


def pay(state: FullOfDollarsState, seat: int, amount: int, to: int | None) -> int:
    """`seat` pays `amount` to the seat `to` (None: the pot); all they hold if that is less (then they are
    ruined). Returns what was paid."""
    paid = min(amount, state.money[seat])
    if paid < amount and seat not in state.ruined:
        state.ruined.append(seat)
        emit(state, "ruined", seat=seat, amount=amount, paid=paid)
    state.money[seat] -= paid
    if to is None:
        state.pot += paid
    else:
        state.money[to] += paid
    return paid


def whole_notes(amount: int, parts: int) -> int:
    """Each of `parts` shares of `amount` in whole 50k notes (the largest multiple of 50 not above amount/parts)."""
    return (amount // parts) // NOTE * NOTE if parts else 0


def half_rounded_up(amount: int) -> int:
    """Half of `amount`, rounded up to the next 50k note (fines)."""
    half = (amount + 1) // 2
    return -(-half // NOTE) * NOTE


def business_total(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int) -> int:
    return sum(deck.value(card) for card in state.businesses[seat])


def draw_cards(state: FullOfDollarsState, count: int) -> list[str]:
    """Up to `count` cards from the draw pile, the discards shuffled into it when it runs out (§2.3)."""
    drawn: list[str] = []
    for _ in range(count):
        if not state.draw:
            if not state.discard:
                break
            state.draw = sorted(state.discard)
            state.discard = []
            state.rng.shuffle(state.draw)
            emit(state, "reshuffle", cards=len(state.draw))
        drawn.append(state.draw.pop())
    return drawn


def finish(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    """The game ends: the richest player still in wins, ties broken on business values, then shared."""
    if state.stage == "over":
        return
    state.stage = "over"
    state.window = state.holdup = state.judgement = state.poker = None
    state.judgements = []
    live = state.live()
    if live:
        best = max((state.money[seat], business_total(deck, state, seat)) for seat in live)
        state.winners = [seat for seat in live if (state.money[seat], business_total(deck, state, seat)) == best]
    emit(
        state,
        "game_over",
        seats=",".join(str(seat) for seat in state.winners),
        money=max((state.money[seat] for seat in live), default=0),
    )
