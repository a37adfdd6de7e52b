"""The table's primitive moves (draw, discard, pass, move Brains, roll), each logged as an event.

`Tabletop` wraps a state being changed (a private copy) with the card data, so the
effects read like the card texts: `table.draw(seat, 2)`, `table.steal(seat, holder, brain)`.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.core import Event
from engines.core.messages import Param
from engines.deadmoney.cards import CardSpec
from engines.deadmoney.state import DeadMoneyState

BRAIN_PREFIX = "BRAIN-"
FACES = ("J", "Q", "K")


def is_brain(card: str) -> bool:
    return card.startswith(BRAIN_PREFIX)


def suit_of(card: str) -> str:
    return card[-1]


def rank_of(card: str) -> str:
    """ "A", "2".."10", "J", "Q", "K", or "BRAIN"."""
    return "BRAIN" if is_brain(card) else card[:-1]


def is_number(card: str) -> bool:
    return rank_of(card).isdigit()


def joined(cards: list[str] | tuple[str, ...]) -> str:
    """Card ids as one event parameter, "KS,9H" (the renderer shows faces)."""
    return ",".join(cards)


class Tabletop:
    def __init__(self, state: DeadMoneyState, specs: Mapping[str, CardSpec]) -> None:
        self.state = state
        self.specs = specs

    # ----- log ----------------------------------------------------------------
    def log(self, key: str, audience: tuple[int, ...] | None = None, **params: Param) -> None:
        self.state.events.append(Event(key=f"deadmoney.event.{key}", params=params, audience=audience))

    # ----- the draw pile ------------------------------------------------------
    def _refill(self) -> bool:
        """Shuffle the discards into a new draw pile when it is empty (the rules). False if there is nothing."""
        state = self.state
        if state.deck:
            return True
        if not state.discard:
            return False
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        self.log("reshuffle", count=len(state.deck))
        return True

    def take_top(self) -> str | None:
        """The top card of the draw pile (reshuffling the discards if needed), or None if there are no cards."""
        if not self._refill():
            return None
        return self.state.deck.pop()

    def draw(self, seat: int, count: int) -> list[str]:
        """`seat` draws up to `count` cards; the impossible part is ignored (docs/games/deadmoney.md#house-defaults)."""
        drawn: list[str] = []
        for _ in range(count):
            card = self.take_top()
            if card is None:
                break
            drawn.append(card)
        self.receive(seat, drawn)
        if count > 0:
            self.log("draw", seat=seat, count=len(drawn))
            if drawn:
                self.log("you_draw", audience=(seat,), cards=joined(drawn))
        return drawn

    # ----- cards between hands and piles ----------------------------------------
    def receive(self, seat: int, cards: list[str] | tuple[str, ...]) -> None:
        """`cards` go into `seat`'s hand, marked fresh for that seat until its next action."""
        state = self.state
        state.hands[seat].extend(cards)
        if len(state.fresh) != state.players:
            state.fresh = [[] for _ in range(state.players)]
        state.fresh[seat].extend(cards)

    def clear_fresh(self, seat: int) -> None:
        """`seat` acts: what it received before is no longer new."""
        if seat < len(self.state.fresh):
            self.state.fresh[seat] = []

    def remove_from_hand(self, seat: int, card: str) -> None:
        self.state.hands[seat].remove(card)
        fresh = self.state.fresh
        if seat < len(fresh) and card in fresh[seat]:
            fresh[seat].remove(card)

    def discard_cards(self, seat: int, cards: list[str]) -> None:
        for card in cards:
            self.remove_from_hand(seat, card)
            self.state.discard.append(card)
        if cards:
            self.log("discard", seat=seat, cards=joined(cards))

    def give(self, giver: int, receiver: int, card: str, *, public: bool = False) -> None:
        """Pass a card from hand to hand. Only the two players see which card, unless `public`."""
        self.remove_from_hand(giver, card)
        self.receive(receiver, [card])
        if public:
            self.log("give_public", seat=giver, to_seat=receiver, card=card)
        else:
            self.log("give", seat=giver, to_seat=receiver)
            self.log_secret_pass(giver, receiver, card)

    def take(self, taker: int, holder: int, card: str) -> None:
        """`taker` takes `card` from `holder`'s hand (at random, or from a hand they look at). Only those two see
        which card."""
        self.remove_from_hand(holder, card)
        self.receive(taker, [card])
        self.log("take", seat=taker, from_seat=holder)
        self.log("you_took", audience=(taker,), from_seat=holder, card=card)
        self.log("taken_from_you", audience=(holder,), seat=taker, card=card)

    def log_secret_pass(self, giver: int, receiver: int, card: str) -> None:
        """Which card went from `giver` to `receiver`: only those two see it."""
        self.log("gave", audience=(giver,), to_seat=receiver, card=card)
        self.log("received", audience=(receiver,), from_seat=giver, card=card)

    def take_from_discard(self, card: str) -> None:
        """Remove the most recently discarded copy of `card` from the discard pile."""
        discard = self.state.discard
        del discard[len(discard) - 1 - discard[::-1].index(card)]

    def random_card(self, seat: int) -> str | None:
        hand = self.state.hands[seat]
        return hand[self.state.rng.below(len(hand))] if hand else None

    def finish_in_play(self, card: str) -> bool:
        """Discard a card whose effect has resolved, if an effect did not move it elsewhere."""
        if card in self.state.in_play:
            self.state.in_play.remove(card)
            self.state.discard.append(card)
            return True
        return False

    # ----- Brains ---------------------------------------------------------------
    def brains_of(self, seat: int) -> list[str]:
        return self.state.brains[seat]

    def has_brain(self, seat: int) -> bool:
        return bool(self.state.brains[seat])

    def brains_on_table(self) -> list[tuple[int, str]]:
        """Every distinct (holder, Brain) on the table, holders clockwise from the active player."""
        spots: list[tuple[int, str]] = []
        for seat in self.state.clockwise_from(self.state.active):
            for brain in sorted(set(self.state.brains[seat])):
                spots.append((seat, brain))
        return spots

    def steal(self, thief: int, holder: int, brain: str) -> None:
        self.state.brains[holder].remove(brain)
        self.state.brains[thief].append(brain)
        self.log("steal", seat=thief, from_seat=holder, card=brain)

    def brains_move_left(self) -> None:
        state = self.state
        moved: list[list[str]] = [[] for _ in range(state.players)]
        for seat in range(state.players):
            if state.brains[seat]:
                moved[state.left_of(seat)].extend(state.brains[seat])
        state.brains = moved
        self.log("brains_left")

    # ----- dice -----------------------------------------------------------------
    def roll(self, seat: int) -> int:
        die = self.state.rng.roll(6)
        self.log("roll", seat=seat, die=die)
        return die

    # ----- card data ------------------------------------------------------------
    def spec(self, card: str) -> CardSpec:
        return self.specs[card]
