"""Hold-ups (docs/games/fullofdollars.md#how-a-game-goes).

The player throws an Uzi card at a victim. Going round in the direction of play, each other player plays one
card per lap: an Uzi (joins the attackers), a Police card (defends the victim) or nothing; in the first lap
nothing takes a player out for good, except the victim, who may always come in as a defender. Sides never
change. Every later lap starts with the player who started the hold-up and asks only the two sides (and the
victim); attackers may add Uzis only after a lap with a Police card. A lap without a Police card ends it.
A card plays its icon count. Players with no card left are skipped (hand sizes are public).

More uzis: every attacker takes 100k per uzi from the victim, the biggest contributor first (equal ones in
play order from the initiator). More police: every attacker pays 100k per uzi; the total is shared among the
defenders (those who played a Police card) in whole 50k notes, the rest to the pot. Equal: nothing happens.
"""

from __future__ import annotations

from engines.core import Refusal
from engines.fullofdollars.actions import Abstain, Attack, Defend
from engines.fullofdollars.business import played_card
from engines.fullofdollars.cards import FullOfDollarsDeck
from engines.fullofdollars.money import emit, pay, whole_notes
from engines.fullofdollars.state import UZI_PRICE, FullOfDollarsState, HoldUp


def check_start(
    deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, card: str, victim: int
) -> Refusal | None:
    if card not in state.hands[seat]:
        return Refusal(key="fullofdollars.refusal.not_in_hand")
    if deck.card(card).type != "uzi":
        return Refusal(key="fullofdollars.refusal.not_an_uzi")
    if victim == seat or victim >= state.players or victim in state.withdrawn:
        return Refusal(key="fullofdollars.refusal.bad_target")
    return None


def start(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, card: str, victim: int) -> None:
    icons = deck.card(card).icons
    state.hands[seat].remove(card)
    state.discard.append(card)
    state.passes[seat] = 0
    order = state.in_order_from(seat)[1:]
    state.holdup = HoldUp(
        initiator=seat,
        victim=victim,
        side={seat: "uzi"},
        uzis={seat: icons},
        first_play={seat: 0},
        plays=1,
        order=order,
    )
    emit(state, "holdup", seat=seat, victim_seat=victim, icons=icons)
    played_card(state, seat)
    state.stage = "holdup"
    advance(deck, state)


def check_play(
    deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, action: Attack | Defend | Abstain
) -> Refusal | None:
    holdup = state.holdup
    if holdup is None or holdup.current() != seat:
        return Refusal(key="fullofdollars.refusal.not_your_turn")
    if isinstance(action, Abstain):
        return None
    if action.card not in state.hands[seat]:
        return Refusal(key="fullofdollars.refusal.not_in_hand")
    side = holdup.side.get(seat)
    if isinstance(action, Attack):
        if deck.card(action.card).type != "uzi":
            return Refusal(key="fullofdollars.refusal.not_an_uzi")
        if seat == holdup.victim:
            return Refusal(key="fullofdollars.refusal.victim_defends")
        if side not in (None, "uzi"):
            return Refusal(key="fullofdollars.refusal.no_side_change")
        if holdup.lap > 1 and not holdup.police_last_lap:
            return Refusal(key="fullofdollars.refusal.no_police_last_lap")
        return None
    if deck.card(action.card).type != "police":
        return Refusal(key="fullofdollars.refusal.not_a_police")
    if side not in (None, "police"):
        return Refusal(key="fullofdollars.refusal.no_side_change")
    return None


def play(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, action: Attack | Defend | Abstain) -> None:
    holdup = state.holdup
    assert holdup is not None
    if isinstance(action, Abstain):
        if holdup.lap == 1 and seat != holdup.victim:
            holdup.side[seat] = "out"
        emit(state, "abstain", seat=seat, uzis=holdup.total_uzis(), police=holdup.total_police())
    else:
        icons = deck.card(action.card).icons
        state.hands[seat].remove(action.card)
        state.discard.append(action.card)
        holdup.first_play.setdefault(seat, holdup.plays)
        holdup.plays += 1
        if isinstance(action, Attack):
            holdup.side[seat] = "uzi"
            holdup.uzis[seat] = holdup.uzis.get(seat, 0) + icons
        else:
            holdup.side[seat] = "police"
            holdup.police[seat] = holdup.police.get(seat, 0) + icons
            holdup.police_in_lap = True
        emit(
            state,
            "attack" if isinstance(action, Attack) else "defend",
            seat=seat,
            icons=icons,
            uzis=holdup.total_uzis(),
            police=holdup.total_police(),
        )
        played_card(state, seat)
    holdup.index += 1
    advance(deck, state)


def _askable(state: FullOfDollarsState, holdup: HoldUp, seat: int) -> bool:
    if seat in state.withdrawn:
        return False
    if not state.hands[seat]:
        if holdup.lap == 1 and seat != holdup.victim:
            holdup.side[seat] = "out"
        return False
    return holdup.side.get(seat) != "out"


def advance(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    """Move to the next player who can be asked, starting new laps as the rules say, or end the hold-up."""
    holdup = state.holdup
    assert holdup is not None
    if holdup.victim in state.withdrawn:
        emit(state, "holdup_cancelled", seat=holdup.initiator)
        state.holdup = None
        state.stage = "turn_end"
        return
    while True:
        while holdup.index < len(holdup.order) and not _askable(state, holdup, holdup.order[holdup.index]):
            holdup.index += 1
        if holdup.index < len(holdup.order):
            return
        if not holdup.police_in_lap:
            resolve(state)
            return
        holdup.lap += 1
        holdup.police_last_lap, holdup.police_in_lap = True, False
        holdup.order = [
            seat
            for seat in state.in_order_from(holdup.initiator)
            if holdup.side.get(seat) in ("uzi", "police") or seat == holdup.victim
        ]
        holdup.index = 0
        if not any(_askable(state, holdup, seat) for seat in holdup.order):
            resolve(state)
            return


def resolve(state: FullOfDollarsState) -> None:
    holdup = state.holdup
    assert holdup is not None
    state.holdup = None
    state.stage = "turn_end"
    uzis, police = holdup.total_uzis(), holdup.total_police()
    attackers = sorted(
        (seat for seat in holdup.uzis if seat not in state.withdrawn),
        key=lambda seat: (-holdup.uzis[seat], holdup.first_play.get(seat, 0)),
    )
    if uzis > police:
        emit(state, "holdup_success", victim_seat=holdup.victim, uzis=uzis, police=police)
        for seat in attackers:
            paid = pay(state, holdup.victim, UZI_PRICE * holdup.uzis[seat], seat)
            emit(state, "holdup_paid", seat=seat, victim_seat=holdup.victim, amount=paid)
    elif police > uzis:
        emit(state, "holdup_failed", victim_seat=holdup.victim, uzis=uzis, police=police)
        total = 0
        for seat in attackers:
            paid = pay(state, seat, UZI_PRICE * holdup.uzis[seat], None)
            total += paid
            emit(state, "holdup_fined", seat=seat, amount=paid)
        defenders = [seat for seat in state.in_order_from(holdup.victim) if holdup.police.get(seat, 0) > 0]
        share = whole_notes(total, len(defenders))
        for seat in defenders:
            state.pot -= share
            state.money[seat] += share
        if defenders:
            emit(
                state,
                "holdup_shared",
                seats=",".join(str(seat) for seat in defenders),
                amount=share,
                rest=total - share * len(defenders),
                count=len(defenders),  # one defender takes it all; several share it
            )
    else:
        emit(state, "holdup_tie", victim_seat=holdup.victim, uzis=uzis, police=police)
