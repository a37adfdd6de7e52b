"""Rearranging what a viewer cannot see (for the computer players and the conformance suite).

Hidden: the draw pile and the other players' hands (everything but the viewer's own hand; the discard pile and
the businesses lie face up). They are pooled in the canonical (sorted) order, shuffled with the seed and dealt
back in the same sizes. After the reveal, a shown hand must still show what it showed: each shown value is
matched to a hidden card that can show it (its lower value, or its higher one: a cheat), an accused player's
card to one with the same two sides; the matching tries the cards in the shuffled order (augmenting paths, so
one is always found: the real hands are one). Others' secret pending choices are redrawn as legal choices: a
window's answers (from what their new hand holds) and the values chosen before everyone has chosen. The RNG
is reseeded.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Rng
from engines.fullofdollars.actions import Bomb, Decline, Fbi, Judge
from engines.fullofdollars.cards import FullOfDollarsDeck
from engines.fullofdollars.pokerphase import duals
from engines.fullofdollars.reactions import encode, special_card
from engines.fullofdollars.state import FullOfDollarsState

Slot = Callable[[str], bool]


def _match(slots: list[Slot], pool: list[str]) -> list[str]:
    """One card of `pool` per slot, each satisfying its slot, all distinct (Kuhn's augmenting paths)."""
    owner: dict[str, int] = {}

    def place(slot: int, seen: set[str]) -> bool:
        for card in pool:
            if card in seen or not slots[slot](card):
                continue
            seen.add(card)
            if card not in owner or place(owner[card], seen):
                owner[card] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not place(slot, set()):
            raise ValueError("no hidden card can show a shown value")
    by_slot = {slot: card for card, slot in owner.items()}
    return [by_slot[slot] for slot in range(len(slots))]


def _slot(deck: FullOfDollarsDeck, code: str, label: str | None) -> Slot:
    """A shown value: any card that can show `code`; for an accused player, one whose two sides are `label`."""

    def fits(card: str) -> bool:
        values = deck.card(card).poker
        return "/".join(values) == label if label is not None else code in values

    return fits


def reshuffle(deck: FullOfDollarsDeck, state: FullOfDollarsState, viewer: int | None, seed: int) -> FullOfDollarsState:
    copy = state.model_copy(deep=True)
    rng = Rng.from_seed(seed)
    hidden = [seat for seat in range(copy.players) if seat != viewer]
    pool = sorted([card for seat in hidden for card in copy.hands[seat]] + copy.draw)
    rng.shuffle(pool)
    poker = copy.poker
    shown = poker.shown if poker is not None and copy.stage == "contest" else {}
    constrained = [seat for seat in hidden if seat in shown]
    slots: list[Slot] = []
    for seat in constrained:
        assert poker is not None
        exposed = poker.exposed.get(seat)
        for index, code in enumerate(shown[seat]):
            slots.append(_slot(deck, code, None if exposed is None else exposed[index]))
    matched = _match(slots, pool)
    taken = set(matched)
    rest = [card for card in pool if card not in taken]
    position = 0
    for seat in constrained:
        assert poker is not None
        size = len(shown[seat])
        cards = matched[position : position + size]
        position += size
        copy.hands[seat] = cards
        poker.high[seat] = sorted(
            card for card, code in zip(cards, shown[seat], strict=True) if deck.card(card).poker[0] != code
        )
    for seat in hidden:
        if seat in constrained:
            continue
        size = len(copy.hands[seat])
        copy.hands[seat], rest = rest[:size], rest[size:]
    copy.draw = rest
    _redraw_answers(deck, copy, viewer, rng)
    if poker is not None and copy.stage == "reveal":
        for seat in sorted(poker.high):
            if seat != viewer and poker.high[seat] is not None:
                poker.high[seat] = sorted(card for card in duals(deck, copy, seat) if rng.below(2))
    copy.rng = Rng.from_seed(rng.next_u64())
    return copy


def _redraw_answers(deck: FullOfDollarsDeck, state: FullOfDollarsState, viewer: int | None, rng: Rng) -> None:
    window = state.window
    if window is None:
        return
    for seat in sorted(window.answers):
        if seat == viewer or window.answers[seat] is None:
            continue
        choices = [encode(Decline())]
        if window.kind == "fbi" and special_card(deck, state, seat, "fbi") is not None:
            choices.append(encode(Fbi()))
        if window.kind == "end":
            others = [other for other in state.live() if other != seat]
            if special_card(deck, state, seat, "jugement") is not None:
                choices += [encode(Judge(target=other)) for other in others]
            if special_card(deck, state, seat, "bombe") is not None:
                choices += [encode(Bomb(card=card)) for other in others for card in state.businesses[other]]
        window.answers[seat] = rng.choice(choices)
