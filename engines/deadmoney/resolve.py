"""How a Dead Money turn unfolds: playing cards, the Brain roll, decisions, showdowns, the next turn, the win.

`run` drives the stack machine: it carries out automatic steps and stops at the
first decision that waits for someone, or, with an empty stack, at the active
player's turn. A decision nobody can take (no card, no Brain, no player to name)
is skipped ("ignore the impossible part", docs/games/deadmoney.md#house-defaults), and a decision with one
possible answer answers itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from engines import poker
from engines.deadmoney.effects import EFFECTS, choose_brain, choose_seat, pick, push
from engines.deadmoney.state import (
    HANDS_PER_TURN,
    AfterPlayStep,
    Arrange,
    BidRecord,
    ChooseBrain,
    ChooseSeat,
    EffectStep,
    PickCards,
    Roll,
    Showdown,
)
from engines.deadmoney.table import Tabletop, is_brain, joined, rank_of, suit_of

RANK_ORDER = {
    rank: index for index, rank in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
}
SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}
BrainSpot = tuple[int | None, str]  # (holder, Brain); holder None = the discard pile


@lru_cache(maxsize=256)  # a few dozen card ids, sorted many times a move
def card_order(card: str) -> tuple[int, int]:
    """Display order: 2 up to A, then Brains; suits ♣ ♦ ♥ ♠ within a rank."""
    return (RANK_ORDER.get(rank_of(card), len(RANK_ORDER)), SUIT_ORDER[suit_of(card)])


def sort_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=card_order)


def holds(hand: list[str], cards: list[str] | tuple[str, ...]) -> bool:
    """Whether `hand` holds every card of `cards`, copies counted."""
    need = Counter(cards)
    have = Counter(hand)
    return all(have[card] >= count for card, count in need.items())


# ----- the turn ----------------------------------------------------------------
def playable(table: Tabletop, seat: int, card: str) -> str | None:
    """None if `seat` may play `card` now, else the refusal key."""
    state = table.state
    if card not in state.hands[seat]:
        return "not_in_hand"
    spec = table.spec(card)
    if spec.hands > state.hands_left:
        return "too_costly"
    if spec.needs_brain and not table.has_brain(seat):
        return "needs_brain"
    return None


def play_card(table: Tabletop, seat: int, card: str) -> None:
    state = table.state
    table.remove_from_hand(seat, card)
    state.in_play.append(card)
    state.hands_left -= table.spec(card).hands
    state.played += 1
    table.log("play", seat=seat, card=card)
    push(table, EffectStep(card=card, seat=seat), AfterPlayStep(card=card, seat=seat))


def end_turn(table: Tabletop, seat: int) -> None:
    state = table.state
    if state.played == 0:
        table.log("idle", seat=seat)
        table.draw(seat, state.options.idle_draw)
    else:
        table.log("end_turn", seat=seat)
    state.turn_over = True


def after_play(table: Tabletop, step: AfterPlayStep) -> None:
    """Discard the card (unless its effect moved it), then the Brain roll of a Brain-requiring card."""
    state = table.state
    table.finish_in_play(step.card)
    spec = table.spec(step.card)
    if step.free or not spec.needs_brain:
        return
    if not table.has_brain(step.seat):
        # docs/games/deadmoney.md#house-defaults: the effect moved your Brains away
        table.log("no_brain_no_roll", seat=step.seat)
        return
    suit = suit_of(step.card)
    die = state.rng.roll(6)
    bonus = sum(1 for brain in table.brains_of(step.seat) if suit_of(brain) == suit)
    roll = Roll(seat=step.seat, card=step.card, die=die, bonus=bonus, target=int(rank_of(step.card)))
    state.last_roll = roll
    key = "roll_success" if roll.success else "roll_failure"
    table.log(key, seat=step.seat, card=step.card, die=die, bonus=bonus, total=die + bonus, target=roll.target)
    if not roll.success:
        state.turn_over = True
        push(table, choose_brain("drop", step.seat, "own", step.card))


def next_turn(table: Tabletop) -> None:
    state = table.state
    chosen = state.next_active
    state.active = chosen if chosen is not None and chosen not in state.withdrawn else state.left_of(state.active)
    state.next_active = None
    state.hands_left = HANDS_PER_TURN
    state.played = 0
    state.turn_over = False
    state.turn += 1
    table.log("turn", seat=state.active)


def check_win(table: Tabletop) -> bool:
    """Once everything has resolved: an empty hand wins (the active player first, then clockwise)."""
    state = table.state
    empty = [seat for seat in state.clockwise_from(state.active) if not state.hands[seat]]
    if not empty:
        return False
    state.winner = empty[0]
    state.over = True
    table.log("wins", seat=state.winner)
    return True


def can_play_more(table: Tabletop, seat: int) -> bool:
    return any(playable(table, seat, card) is None for card in set(table.state.hands[seat]))


# ----- the stack machine -----------------------------------------------------------
def run(table: Tabletop) -> None:
    state = table.state
    for _ in range(100_000):  # every pass consumes a step or ends; the bound only guards against a bug
        if state.over:
            return
        if not state.stack:
            if check_win(table):
                return
            if state.turn_over or state.hands_left <= 0:
                next_turn(table)
                return
            if state.played > 0 and not can_play_more(table, state.active):
                table.log("end_turn", seat=state.active)
                state.turn_over = True
                continue
            return
        step = state.stack[-1]
        if isinstance(step, EffectStep):
            state.stack.pop()
            EFFECTS[step.card](table, step.seat, step.card)
        elif isinstance(step, AfterPlayStep):
            state.stack.pop()
            after_play(table, step)
        elif waiting(table):
            return
    raise RuntimeError("Dead Money: the effect stack did not settle")


def waiting(table: Tabletop) -> bool:
    """Prepare the top decision: True if it waits for someone; False if it was skipped or answered itself."""
    step = table.state.stack[-1]
    if isinstance(step, ChooseSeat):
        options = seat_options(table, step)
        if len(options) > 1:
            return True
        table.state.stack.pop()
        if options:
            resolve_seat(table, step, options[0])
        return False
    if isinstance(step, ChooseBrain):
        spots = brain_options(table, step)
        if len(spots) > 1:
            return True
        table.state.stack.pop()
        if spots:
            resolve_brain(table, step, *spots[0])
        return False
    if isinstance(step, PickCards):
        return picks_waiting(table, step)
    if isinstance(step, Arrange):
        if len(set(step.remaining)) > 1:
            return True
        table.state.stack.pop()
        finish_arrange(table, step)
        return False
    assert isinstance(step, Showdown)
    return showdown_waiting(table, step)


# ----- naming a player ---------------------------------------------------------------
NEEDS_CARDS = ("peek", "random_from", "gives_me", "discard_one")


def seat_options(table: Tabletop, step: ChooseSeat) -> list[int]:
    """The players `step.chooser` may name: opponents in turn order from their left, themselves last (a timeout
    or a hasty click then names an opponent, never the chooser by accident)."""
    state = table.state
    options = [seat for seat in step.options if seat not in state.withdrawn]
    if step.purpose in NEEDS_CARDS:
        options = [seat for seat in options if state.hands[seat]]
    if step.purpose == "steal2":
        options = [seat for seat in options if len(state.brains[seat]) >= 2]
    if step.purpose == "pass_to" and state.held is None:
        return []
    if step.purpose == "give_this" and step.card not in state.in_play:
        return []
    return opponents_first(table, step.chooser, options)


def opponents_first(table: Tabletop, chooser: int, seats: list[int]) -> list[int]:
    """`seats` in turn order starting from `chooser`'s left, `chooser` last."""
    order = {seat: index for index, seat in enumerate(table.state.opponents(chooser))}
    return sorted(seats, key=lambda seat: order.get(seat, len(order)))


def resolve_seat(table: Tabletop, step: ChooseSeat, target: int) -> None:
    state = table.state
    chooser = step.chooser
    purpose = step.purpose
    table.log("named", seat=chooser, target_seat=target, card=step.card)
    if purpose == "take_random":
        card = table.random_card(chooser)
        if card is not None:
            table.take(target, chooser, card)
            if not state.hands[chooser]:
                table.draw(chooser, 2)
    elif purpose == "random_from":
        card = table.random_card(target)
        if card is not None:
            table.take(chooser, target, card)
            if not state.hands[target]:
                table.draw(target, 2)
    elif purpose == "swap_first":
        others = [seat for seat in state.clockwise_from(chooser) if seat != target]
        push(table, ChooseSeat(purpose="swap_second", chooser=chooser, options=others, card=step.card, first=target))
    elif purpose == "swap_second":
        assert step.first is not None
        if step.first not in state.withdrawn:
            swap(table, step.first, target)
    elif purpose == "peek":
        push(table, pick(table, "take_peek", [chooser], step.card, source="peek", peek_seat=target))
    elif purpose == "draw2":
        table.draw(target, 2)
    elif purpose == "discard_one":
        push(table, pick(table, "discard", [target], step.card))
    elif purpose == "gives_me":
        push(table, pick(table, "give_to_active", [target], step.card))
    elif purpose == "pass_to":
        held = state.held
        if held is not None:
            state.held = None
            table.receive(target, [held])
            table.log("give", seat=chooser, to_seat=target)
            table.log_secret_pass(chooser, target, held)
    elif purpose == "give_this":
        state.in_play.remove(step.card)
        table.receive(target, [step.card])
        table.log("give_public", seat=chooser, to_seat=target, card=step.card)
    else:  # steal2: two Brains from that player
        steal = choose_brain("steal", chooser, "seat", step.card, seat=target)
        push(table, steal, steal.model_copy())


def swap(table: Tabletop, first: int, second: int) -> None:
    """4♣ (house default): the smaller hand is given whole; the other player gives as many random cards."""
    state = table.state
    small, big = (first, second) if len(state.hands[first]) <= len(state.hands[second]) else (second, first)
    count = len(state.hands[small])
    given = list(state.hands[small])
    pool = list(state.hands[big])
    state.rng.shuffle(pool)
    taken = pool[:count]
    state.hands[small] = []
    for card in taken:
        state.hands[big].remove(card)
    table.receive(small, taken)
    table.receive(big, given)
    table.log("swap", seat=first, other_seat=second, count=count)
    if count:
        table.log("you_get", audience=(small,), cards=joined(taken))
        table.log("you_get", audience=(big,), cards=joined(given))


# ----- naming a Brain ------------------------------------------------------------------
def brain_options(table: Tabletop, step: ChooseBrain) -> list[BrainSpot]:
    state = table.state
    if step.scope == "discard":
        return [(None, brain) for brain in sorted({card for card in state.discard if is_brain(card)})]
    spots: list[BrainSpot] = list(table.brains_on_table())
    if step.scope == "others":
        return [spot for spot in spots if spot[0] != step.chooser]
    if step.scope == "own":
        return [spot for spot in spots if spot[0] == step.chooser]
    if step.scope == "seat":
        return [spot for spot in spots if spot[0] == step.seat]
    if step.scope == "others_else_own":
        others = [spot for spot in spots if spot[0] != step.chooser]
        return others or spots
    return spots


def resolve_brain(table: Tabletop, step: ChooseBrain, holder: int | None, brain: str) -> None:
    state = table.state
    chooser = step.chooser
    if step.purpose == "from_discard":
        table.take_from_discard(brain)
        state.brains[chooser].append(brain)
        table.log("brain_from_discard", seat=chooser, card=brain)
        return
    assert holder is not None
    if step.purpose == "steal":
        table.steal(chooser, holder, brain)
        return
    state.brains[holder].remove(brain)
    if step.purpose == "return":
        table.receive(holder, [brain])
        table.log("brain_returned", seat=holder, card=brain)
    elif step.purpose == "discard":
        state.discard.append(brain)
        table.log("brain_discarded", seat=holder, card=brain)
    else:  # drop: a showdown, bidding from the holder's left, the holder last
        table.log("brain_dropped", seat=holder, card=brain)
        order = state.clockwise_from(state.left_of(holder))
        push(table, Showdown(brain=brain, dropper=holder, order=order))


# ----- picking cards --------------------------------------------------------------------
def pick_options(table: Tabletop, step: PickCards, seat: int) -> list[str]:
    """The cards `seat` may pick from for `step`, one entry per copy, in display order."""
    state = table.state
    if step.source == "discard":
        pool = list(state.discard)
    elif step.source == "peek":
        peeked = step.peek_seat
        pool = list(state.hands[peeked]) if peeked is not None and peeked not in state.withdrawn else []
    else:
        pool = list(state.hands[seat])
    if step.ranks:
        pool = [card for card in pool if rank_of(card) in step.ranks]
    return sort_cards(pool)


def picks_waiting(table: Tabletop, step: PickCards) -> bool:
    state = table.state
    for seat in step.choosers:
        if step.submitted[seat] is not None:
            continue
        if seat in state.withdrawn:
            step.submitted[seat] = []
            continue
        options = pick_options(table, step, seat)
        if not options:
            step.submitted[seat] = []
        elif step.optional:
            continue
        elif len(options) <= step.count:
            step.submitted[seat] = options
        elif step.count == 1 and len(set(options)) == 1:
            step.submitted[seat] = options[:1]
    if any(step.submitted[seat] is None for seat in step.choosers):
        return True
    state.stack.pop()
    resolve_pick(table, step)
    return False


def pick_refusal(table: Tabletop, step: PickCards, seat: int, cards: tuple[str, ...]) -> str | None:
    options = pick_options(table, step, seat)
    if len(cards) != min(step.count, len(options)):
        return "wrong_count"
    if not holds(options, cards):
        return "not_available"
    return None


def submit(table: Tabletop, step: PickCards, seat: int, cards: list[str]) -> None:
    step.submitted[seat] = cards
    if len(step.choosers) > 1:
        table.log("decided", seat=seat)


def resolve_pick(table: Tabletop, step: PickCards) -> None:
    state = table.state
    chosen = {seat: list(step.submitted[seat] or []) for seat in step.choosers if seat not in state.withdrawn}
    chosen = {seat: cards for seat, cards in chosen.items() if cards or step.purpose == "give_rank"}
    purpose = step.purpose
    active = state.active
    if purpose == "pool":
        pool: list[str] = []
        for seat, cards in chosen.items():
            for card in cards:
                table.remove_from_hand(seat, card)
                pool.append(card)
        state.rng.shuffle(pool)
        table.log("pool", count=len(pool))
        for seat, card in zip(chosen, pool, strict=True):
            table.receive(seat, [card])
            table.log("you_get", audience=(seat,), cards=card)
    elif purpose in ("pass_left", "pass_right"):
        moves = [
            (seat, state.left_of(seat) if purpose == "pass_left" else state.right_of(seat), card)
            for seat, cards in chosen.items()
            for card in cards
        ]
        for seat, _, card in moves:
            table.remove_from_hand(seat, card)
        table.log(purpose, seats=",".join(str(seat) for seat, _, _ in moves))
        for seat, receiver, card in moves:
            table.receive(receiver, [card])
            table.log_secret_pass(seat, receiver, card)
    elif purpose == "give_active":
        received = 0
        for seat, cards in chosen.items():
            for card in cards:
                table.give(seat, active, card)
                received += 1
        if received:
            push(table, pick(table, "discard", [active], step.card, count=received))
    elif purpose == "discard":
        for seat, cards in chosen.items():
            table.discard_cards(seat, cards)
    elif purpose == "top_of_deck":
        for seat, cards in chosen.items():
            for card in cards:
                table.remove_from_hand(seat, card)
                state.deck.append(card)
                table.log("top_of_deck", seat=seat)
                table.log("you_top_of_deck", audience=(seat,), card=card)
    elif purpose == "take_peek":
        target = step.peek_seat
        assert target is not None
        for seat, cards in chosen.items():
            for card in cards:
                table.take(seat, target, card)
    elif purpose == "give_rank":
        for seat, cards in chosen.items():
            if not cards:
                table.log("declined", seat=seat)
            for card in cards:
                table.give(seat, active, card, public=True)
    elif purpose == "give_to_active":
        for seat, cards in chosen.items():
            for card in cards:
                table.give(seat, active, card)
            if not state.hands[seat]:
                table.draw(seat, len(state.hands[active]))
    elif purpose == "take_face":
        for seat, cards in chosen.items():
            for card in cards:
                table.take_from_discard(card)
                table.receive(seat, [card])
                table.log("take_face", seat=seat, card=card)
    else:  # pass_pick (7♣): hold the card, then name who gets it
        for seat, cards in chosen.items():
            for card in cards:
                table.remove_from_hand(seat, card)
                state.held = card
                push(table, choose_seat("pass_to", seat, state.opponents(seat), step.card))


# ----- K♣: rearranging the top of the draw pile ---------------------------------------------
def put_next(table: Tabletop, step: Arrange, card: str) -> None:
    step.remaining.remove(card)
    step.placed.append(card)


def finish_arrange(table: Tabletop, step: Arrange) -> None:
    order = step.placed + step.remaining  # top first
    table.state.deck.extend(reversed(order))
    table.log("arranged", seat=step.chooser, count=len(order))


# ----- showdowns -------------------------------------------------------------------------------
def bid_value(cards: Sequence[str]) -> poker.HandValue:
    return _bid_value(tuple(cards))


@lru_cache(maxsize=4096)  # the same bids are weighed at every check of a showdown
def _bid_value(cards: tuple[str, ...]) -> poker.HandValue:
    return poker.evaluate([poker.parse_card(card) for card in cards])


def biddable(table: Tabletop, seat: int) -> list[str]:
    return sort_cards([card for card in table.state.hands[seat] if not is_brain(card)])


def bid_refusal(table: Tabletop, step: Showdown, seat: int, cards: tuple[str, ...]) -> str | None:
    if any(is_brain(card) for card in cards):
        return "brain_in_bid"
    if not holds(table.state.hands[seat], cards):
        return "not_in_hand"
    if step.high is not None and bid_value(cards) <= bid_value(step.high.cards):
        return "bid_too_low"
    return None


def bid(table: Tabletop, step: Showdown, seat: int, cards: tuple[str, ...]) -> None:
    for card in cards:
        table.remove_from_hand(seat, card)
    step.pot.extend(cards)
    step.high = BidRecord(seat=seat, cards=list(cards))
    step.bids.append(step.high)
    step.passes = 0
    category, _ = poker.describe(bid_value(cards))
    table.log("bid", seat=seat, cards=joined(cards), hand=category.value)
    step.at = (step.at + 1) % len(step.order)


def pass_bid(table: Tabletop, step: Showdown, seat: int, *, auto: bool = False) -> None:
    step.passes += 1
    table.log("pass_auto" if auto else "pass", seat=seat)
    step.at = (step.at + 1) % len(step.order)


def leave_showdown(step: Showdown, seat: int) -> None:
    """`seat` (not the high bidder) left during the bidding: the next bidder keeps their turn, and a pass the
    leaver made since the last raise no longer counts towards the end."""
    if seat not in step.order:
        return
    index = step.order.index(seat)
    if 0 < (step.at - index) % len(step.order) <= step.passes:
        step.passes -= 1
    step.order.remove(seat)
    if index < step.at:
        step.at -= 1
    step.at %= max(1, len(step.order))


def showdown_waiting(table: Tabletop, step: Showdown) -> bool:
    state = table.state
    for _ in range(4 * len(step.order) + 4):
        step.order = [seat for seat in step.order if seat not in state.withdrawn]
        step.at %= max(1, len(step.order))
        needed = len(step.order) if step.high is None else len(step.order) - 1
        if step.passes >= needed or not step.order:
            state.stack.pop()
            finish_showdown(table, step)
            return False
        bidder = step.order[step.at]
        if step.high is not None and step.high.seat == bidder:
            state.stack.pop()
            finish_showdown(table, step)
            return False
        if biddable(table, bidder):
            return True
        pass_bid(table, step, bidder, auto=True)
    raise RuntimeError("Dead Money: the showdown did not settle")


def finish_showdown(table: Tabletop, step: Showdown) -> None:
    """Every bid card is discarded; the winner puts the Brain in front of them, draws a card per coin, plays next."""
    state = table.state
    state.discard.extend(step.pot)
    if step.high is None or step.high.seat in state.withdrawn:
        state.discard.append(step.brain)
        table.log("showdown_nobody", card=step.brain)
        return
    winner = step.high.seat
    coins = sum(table.spec(card).coins for card in step.high.cards)
    state.brains[winner].append(step.brain)
    table.log("showdown_won", seat=winner, card=step.brain, cards=joined(step.high.cards), coins=coins)
    table.draw(winner, coins)
    state.next_active = winner
    state.turn_over = True
