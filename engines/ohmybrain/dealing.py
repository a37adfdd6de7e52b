"""The deal of each round: shuffle every card, then three lots of 3, from each of which every player keeps 2 and
puts 1 in their Cemetery, a secret choice made by everyone at once (SEED-OMB, Mise en place).

Nothing of a choice leaks before every player has made theirs: the chosen card waits in `buried` and only its
owner hears of it; once all are in, the lot is split and the next one dealt.
"""

from __future__ import annotations

from engines.ohmybrain.piles import emit, listed, tell
from engines.ohmybrain.state import LOT_SIZE, LOTS, OhMyBrainState, PlayStep


def start_round(state: OhMyBrainState, starter: int, order: list[int] | None = None) -> None:
    """Gather every card, shuffle (or lay them out in `order`, top first: tests stack the deck) and deal lot 1.

    `starter` starts the round once the deal is done.
    """
    cards = sorted(state.all_cards())
    if order is not None:
        if sorted(order) != cards:
            raise ValueError("a stacked deck must hold exactly the cards of the game")
        cards = list(order)
    else:
        state.rng.shuffle(cards)
    state.reserve = cards
    state.defausse = []
    state.horde = []
    alive = state.alive()
    for seat in range(state.players):
        state.hands[seat] = []
        state.cemeteries[seat] = []
        state.lots[seat] = []
        state.buried[seat] = None
    state.fresh = [[] for _ in range(state.players)]
    state.fresh_cemetery = [[] for _ in range(state.players)]
    state.round += 1
    state.starter = starter
    state.active = starter
    state.step = None
    state.spider_next = False
    state.last_roll = None
    emit(state, "round_start", round=state.round)
    if alive:
        deal_lot(state, 1)


def deal_lot(state: OhMyBrainState, number: int) -> None:
    """Deal lot `number` (1-3): 3 cards from the Réserve to every player still in, starting with the starter."""
    state.lot = number
    for seat in state.clockwise_from(state.starter):
        state.lots[seat] = sorted(state.reserve[:LOT_SIZE])
        del state.reserve[:LOT_SIZE]
        state.buried[seat] = None
        tell(state, [seat], "lot_cards", seat=seat, lot=number, cards=listed(state.lots[seat]))
    emit(state, "lot", lot=number, lots=LOTS)


def waiting(state: OhMyBrainState) -> list[int]:
    """The players who have not yet chosen the card of their lot that goes to their Cemetery."""
    if not state.dealing:
        return []
    return [seat for seat in state.alive() if state.buried[seat] is None]


def bury(state: OhMyBrainState, seat: int, card: int) -> None:
    """`seat` chooses, in secret, the card of their lot that goes to their Cemetery; the last choice splits the lots."""
    state.buried[seat] = card
    tell(state, [seat], "buried", seat=seat, card=card)
    if not waiting(state):
        split_lots(state)


def split_lots(state: OhMyBrainState) -> None:
    """Everyone has chosen: each chosen card goes to its Cemetery, the two others to the hand; then the next lot,
    or, after the third, the starter's first turn."""
    for seat in state.alive():
        lot = state.lots[seat]
        chosen = state.buried[seat]
        if chosen is None or chosen not in lot:  # cannot happen: every choice is checked
            chosen = lot[0]
        lot.remove(chosen)
        state.cemeteries[seat].append(chosen)
        state.note_cemetery(seat, chosen)
        for card in lot:
            state.hands[seat].append(card)
            state.note_hand(seat, card)
        state.lots[seat] = []
        state.buried[seat] = None
    emit(state, "lot_done", lot=state.lot)
    if state.lot < LOTS:
        deal_lot(state, state.lot + 1)
        return
    state.lot = 0
    begin_turns(state)


def begin_turns(state: OhMyBrainState) -> None:
    """The deal is over: the starter plays first, on an empty Horde."""
    starter = state.starter
    if starter in state.withdrawn:
        starter = state.left_of(starter)
    state.active = starter
    state.turn += 1
    state.step = PlayStep()
    emit(state, "first_turn", seat=starter, reserve=len(state.reserve))


def fewest_brains(state: OhMyBrainState) -> tuple[int, bool]:
    """Who starts the next round: the fewest brains; a tie is settled at random (for rock-paper-scissors).
    Returns the seat and whether a tie was drawn."""
    alive = state.alive()
    low = min(state.brains[seat] for seat in alive)
    tied = [seat for seat in alive if state.brains[seat] == low]
    if len(tied) == 1:
        return tied[0], False
    return tied[state.rng.below(len(tied))], True
