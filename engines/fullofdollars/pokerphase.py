"""The Poker phase (docs/games/fullofdollars.md#how-a-game-goes).

The caller deals. Two rounds in which each player, in the direction of play from the dealer's next and the
dealer last, discards any cards face up and buys back up to 5 at 50k each (free with no notes; with too few
notes, all of them). Then everyone chooses at once, in secret, which value each two-valued card shows (the
higher one is a cheat); the hands are shown together. The second-best hand concedes or accuses the best:
an honest accused wins and the accuser pays a fine; a cheat pays a fine, is out, and the next hand is
compared. Fines are half the pot when the comparison began, rounded up to 50k, kept apart and won with the pot.
Exact ties: each of the two may accuse the other (the better-seated first); two cheats are both fined and out
(nobody left: the phase is replayed with 5 free cards each and a free second round), one cheat loses to the
honest player, no accusation or two honest players share the pot (an odd 50k stays in it).
Hands rank by `engines.poker` with `FULL_OF_DOLLARS_ORDER` and `BRIDGE_SUIT_ORDER`.
"""

from __future__ import annotations

from engines.core import Refusal
from engines.core.messages import Param
from engines.fullofdollars.cards import FullOfDollarsDeck
from engines.fullofdollars.money import draw_cards, emit, half_rounded_up, pay, whole_notes
from engines.fullofdollars.state import CARD_PRICE, HAND_SIZE, FullOfDollarsState, Poker
from engines.poker import BRIDGE_SUIT_ORDER, FULL_OF_DOLLARS_ORDER, HandValue, evaluate, parse_card


def draw_order(state: FullOfDollarsState, dealer: int) -> list[int]:
    return [*state.in_order_from(dealer)[1:], dealer] if dealer not in state.withdrawn else state.in_order_from(dealer)


def start(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    dealer = state.caller if state.caller is not None else state.turn
    state.caller = None
    state.passes = [0] * state.players
    state.poker = Poker(dealer=dealer, order=draw_order(state, dealer))
    state.stage = "draw"
    emit(state, "poker_phase", seat=dealer, pot=state.pot)
    advance_draw(deck, state)


def drawing(state: FullOfDollarsState) -> int | None:
    poker = state.poker
    if poker is None or state.stage != "draw" or poker.index >= len(poker.order):
        return None
    return poker.order[poker.index]


def card_price(state: FullOfDollarsState, seat: int) -> int:
    """What one card bought back costs `seat` in the Poker phase: 50k, or nothing in a free phase or for a
    player with no notes. Every price shown (the decision, the picker, the draft) and every price paid is this."""
    poker = state.poker
    return 0 if poker is None or poker.free or state.money[seat] == 0 else CARD_PRICE


def cost(state: FullOfDollarsState, seat: int, discards: int) -> int:
    """What buying back up to 5 after discarding `discards` cards costs `seat` (before running short)."""
    need = max(0, HAND_SIZE - (len(state.hands[seat]) - discards))
    return need * card_price(state, seat)


def check_discard(state: FullOfDollarsState, seat: int, cards: tuple[str, ...]) -> Refusal | None:
    if drawing(state) != seat:
        return Refusal(key="fullofdollars.refusal.not_your_turn")
    if len(set(cards)) != len(cards) or any(card not in state.hands[seat] for card in cards):
        return Refusal(key="fullofdollars.refusal.not_in_hand")
    return None


def discard(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, cards: tuple[str, ...]) -> None:
    poker = state.poker
    assert poker is not None
    price = cost(state, seat, len(cards))
    for card in cards:
        state.hands[seat].remove(card)
        state.discard.append(card)
    paid = pay(state, seat, price, None) if price else 0
    drawn = draw_cards(state, HAND_SIZE - len(state.hands[seat]))
    state.hands[seat].extend(drawn)
    told: dict[str, Param] = {
        "seat": seat,
        "count": len(cards),
        "bought": len(drawn),
        "amount": paid,
        "round": poker.round,
    }
    if paid:
        emit(state, "discard", None, **told)
    elif drawn:
        emit(state, "discard_free", None, **told)  # no notes left: the cards come free
    else:
        emit(state, "keep_hand", None, **told)
    poker.index += 1
    advance_draw(deck, state)


def advance_draw(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    poker = state.poker
    assert poker is not None
    while True:
        while poker.index < len(poker.order) and poker.order[poker.index] in state.withdrawn:
            poker.index += 1
        if poker.index < len(poker.order):
            return
        if poker.round == 1:
            poker.round, poker.index = 2, 0
            continue
        state.stage = "reveal"
        # Without cheating there is nothing to choose: the hands are shown at once.
        pending: list[str] | None = None if state.options.cheating else []
        poker.high = {seat: pending for seat in state.live() if state.hands[seat]}
        settle_reveal(deck, state)
        return


def duals(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int) -> list[str]:
    """The seat's two-valued cards, which may show their higher value (none when the table forbids cheating)."""
    if not state.options.cheating:
        return []
    return sorted(card for card in state.hands[seat] if deck.card(card).dual)


def check_reveal(
    deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, high: tuple[str, ...]
) -> Refusal | None:
    poker = state.poker
    if state.stage != "reveal" or poker is None or poker.high.get(seat, "") is not None:
        return Refusal(key="fullofdollars.refusal.not_your_turn")
    allowed = duals(deck, state, seat)
    if len(set(high)) != len(high) or any(card not in allowed for card in high):
        return Refusal(key="fullofdollars.refusal.not_two_valued")
    return None


def reveal(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, high: tuple[str, ...]) -> None:
    poker = state.poker
    assert poker is not None
    poker.high[seat] = sorted(high)
    emit(state, "ready", seat=seat)
    settle_reveal(deck, state)


def shown_values(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int) -> list[str]:
    poker = state.poker
    high = set((poker.high.get(seat) or []) if poker else [])
    return [deck.card(card).poker[1] if card in high else deck.card(card).poker[0] for card in state.hands[seat]]


def hand_value(codes: list[str]) -> HandValue:
    return evaluate([parse_card(code) for code in codes], FULL_OF_DOLLARS_ORDER, BRIDGE_SUIT_ORDER)


def settle_reveal(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    """Once every player still in has chosen: show the hands at once and start the comparison."""
    poker = state.poker
    assert poker is not None
    for seat in list(poker.high):
        if seat in state.withdrawn:
            del poker.high[seat]
    if any(choice is None for choice in poker.high.values()):
        return
    order = state.in_order_from(state.next_seat(poker.dealer))
    for seat in order:
        if seat in poker.high:
            codes = shown_values(deck, state, seat)
            poker.shown[seat] = codes
            emit(state, "show", seat=seat, shown_cards=",".join(codes), hand=hand_value(codes).category.value)
    values = {seat: hand_value(codes) for seat, codes in poker.shown.items()}
    poker.contenders = sorted(values, key=lambda seat: (values[seat], -order.index(seat)), reverse=True)
    poker.fine = half_rounded_up(state.pot)
    state.stage = "contest"
    next_contest(deck, state)


def contest_value(state: FullOfDollarsState, seat: int) -> HandValue:
    poker = state.poker
    assert poker is not None
    return hand_value(poker.shown[seat])


def next_contest(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    """Set up the next comparison of the two best hands still in (or end it)."""
    poker = state.poker
    assert poker is not None
    poker.contenders = [seat for seat in poker.contenders if seat not in state.withdrawn]
    poker.tie_answers = {}
    if not poker.contenders:
        replay(deck, state)
        return
    if len(poker.contenders) == 1:
        win(state, poker.contenders[0])
        return
    top, second = poker.contenders[:2]
    poker.tie = contest_value(state, top) == contest_value(state, second)


def contest_seat(state: FullOfDollarsState) -> int | None:
    """Who speaks now in the comparison: the second-best hand, or in a tie each of the two in turn."""
    poker = state.poker
    if poker is None or state.stage != "contest" or len(poker.contenders) < 2:
        return None
    top, second = poker.contenders[:2]
    if not poker.tie:
        return second
    return top if top not in poker.tie_answers else second


def cheated(state: FullOfDollarsState, seat: int) -> bool:
    poker = state.poker
    return bool(poker and poker.high.get(seat))


def _expose(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int) -> bool:
    poker = state.poker
    assert poker is not None
    poker.exposed[seat] = ["/".join(deck.card(card).poker) for card in state.hands[seat]]
    cheat = cheated(state, seat)
    emit(state, "cheat_caught" if cheat else "honest", seat=seat, shown_cards=",".join(poker.shown[seat]))
    return cheat


def _fine(state: FullOfDollarsState, seat: int) -> None:
    poker = state.poker
    assert poker is not None
    paid = pay(state, seat, poker.fine, None)
    state.pot -= paid
    poker.fines += paid
    emit(state, "fined", seat=seat, amount=paid)


def _out(state: FullOfDollarsState, seat: int) -> None:
    poker = state.poker
    assert poker is not None
    poker.contenders.remove(seat)
    poker.out.append(seat)


def answer(deck: FullOfDollarsDeck, state: FullOfDollarsState, seat: int, accuse: bool) -> None:
    poker = state.poker
    assert poker is not None
    top, second = poker.contenders[:2]
    emit(state, "accuse" if accuse else "concede", seat=seat, target_seat=second if seat == top else top)
    if not poker.tie:
        if not accuse:
            win(state, top)
        elif _expose(deck, state, top):
            _fine(state, top)
            _out(state, top)
            next_contest(deck, state)
        else:
            _fine(state, second)
            win(state, top)
        return
    poker.tie_answers[seat] = accuse
    if len(poker.tie_answers) < 2:
        return
    by_top, by_second = poker.tie_answers[top], poker.tie_answers[second]
    if not by_top and not by_second:
        split(state, top, second)
        return
    cheat_top = _expose(deck, state, top) if by_second else cheated(state, top)
    cheat_second = _expose(deck, state, second) if by_top else cheated(state, second)
    if by_top and by_second:
        if cheat_top and cheat_second:
            for loser in (top, second):
                _fine(state, loser)
                _out(state, loser)
            next_contest(deck, state)
        elif not cheat_top and not cheat_second:
            split(state, top, second)
        else:
            cheat, honest = (top, second) if cheat_top else (second, top)
            _fine(state, cheat)
            win(state, honest)
        return
    accuser, accused, guilty = (top, second, cheat_second) if by_top else (second, top, cheat_top)
    if guilty:
        _fine(state, accused)
        _out(state, accused)
        next_contest(deck, state)
    else:
        _fine(state, accuser)
        win(state, accused)


def win(state: FullOfDollarsState, seat: int) -> None:
    poker = state.poker
    assert poker is not None
    amount = state.pot + poker.fines
    state.money[seat] += amount
    emit(state, "poker_won", seat=seat, amount=amount, fines=poker.fines)
    state.pot = 0
    poker.fines = 0
    end_phase(state)


def split(state: FullOfDollarsState, first: int, second: int) -> None:
    poker = state.poker
    assert poker is not None
    total = state.pot + poker.fines
    share = whole_notes(total, 2)
    state.money[first] += share
    state.money[second] += share
    state.pot = total - 2 * share
    poker.fines = 0
    emit(state, "poker_split", seats=f"{first},{second}", amount=share, rest=state.pot)
    end_phase(state)


def replay(deck: FullOfDollarsDeck, state: FullOfDollarsState) -> None:
    """Nobody left after two tied cheats: the phase starts again, 5 free cards each and a free second round."""
    poker = state.poker
    assert poker is not None
    emit(state, "poker_replay")
    for seat in state.live():
        state.discard.extend(state.hands[seat])
        state.hands[seat] = []
    for seat in draw_order(state, poker.dealer):
        state.hands[seat] = draw_cards(state, HAND_SIZE)
    state.poker = Poker(dealer=poker.dealer, round=2, free=True, order=draw_order(state, poker.dealer))
    state.poker.fines = poker.fines
    state.stage = "draw"
    advance_draw(deck, state)


def end_phase(state: FullOfDollarsState) -> None:
    poker = state.poker
    assert poker is not None
    state.poker = None
    state.phases += 1
    state.passes = [0] * state.players
    state.caller = None
    state.turn = state.next_seat(poker.dealer)
    state.stage = "poker_done"
