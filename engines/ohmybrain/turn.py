"""A turn of Oh My Brain (SEED-OMB, Comment jouer ; docs/games/ohmybrain.md).

A. Play one card, or several of one number, strictly above the top of the Horde (a Mosquito 0 on anything;
   after a Spider, strictly below 8); one stays on the Horde, the extras are shared out one by one into
   opponents' Cemeteries. Then the card's power: the Mouse clears the Horde, refills and plays again; the
   Spider binds the next player; a marshmallow rolls the die (`effects`).
   Or do not play: the Horde is discarded, a brain is lost, 2 cards are drawn (1 to the hand, 1 to the
   Cemetery, the player's choice) and a new Horde is started with a play.
B. Refill: bring the hand up to 3 with Cemetery cards of the player's choice, one at a time.
Then the round-end check, and the next player on the left.
"""

from __future__ import annotations

from engines.ohmybrain import effects, endings
from engines.ohmybrain.cards import MOSQUITO, MOUSE, SPIDER
from engines.ohmybrain.piles import discard_horde, draw, emit, listed, lose_brain, tell
from engines.ohmybrain.state import (
    HAND_TARGET,
    PASS_DRAW,
    SPIDER_LIMIT,
    KeepStep,
    OhMyBrainState,
    PlayStep,
    RefillStep,
    ShareStep,
)


# ----- what may be played ---------------------------------------------------------------------------------------
def beats(state: OhMyBrainState, step: PlayStep, card: int) -> str | None:
    """None when `card` may go on the Horde now, else why not ("below_spider", "too_low")."""
    if card == MOSQUITO:
        return None  # "On peut toujours jouer le 0"
    if step.spider:
        return None if card < SPIDER_LIMIT else "below_spider"
    top = state.top()
    return None if top is None or card > top else "too_low"


def can_play(state: OhMyBrainState, seat: int) -> bool:
    """Whether `seat` holds a card it may play now (its pending decision being step A)."""
    step = state.step
    if not isinstance(step, PlayStep):
        return False
    return any(beats(state, step, card) is None for card in set(state.hands[seat]))


def start_play(state: OhMyBrainState, seat: int, *, must: bool = False) -> None:
    """`seat` plays (again) on the Horde as it is: step A. A required play with nothing in hand ends the turn."""
    if must and not state.hands[seat]:
        end_turn(state, seat)
        return
    state.step = PlayStep(must=must)


# ----- A: playing -----------------------------------------------------------------------------------------------
def play(state: OhMyBrainState, seat: int, card: int, count: int) -> None:
    """Play `count` copies of `card`: one on the Horde, the extras shared out; then the card's power."""
    for _ in range(count):
        state.hands[seat].remove(card)
    state.horde.append(card)
    emit(state, "play", seat=seat, card=card, count=count)
    extras = count - 1
    opponents = state.opponents(seat)
    if extras and len(opponents) == 1:
        for _ in range(extras):
            give_extra(state, seat, opponents[0], card)
        extras = 0
    if extras:
        state.step = ShareStep(card=card, left=extras)
        return
    power(state, seat, card)


def give_extra(state: OhMyBrainState, seat: int, to: int, card: int) -> None:
    state.cemeteries[to].append(card)
    state.note_cemetery(to, card)
    emit(state, "share", seat=seat, to_seat=to, card=card)


def share(state: OhMyBrainState, seat: int, to: int) -> None:
    """One extra copy goes into the Cemetery of `to`; the last one done, the card's power applies (once)."""
    step = state.step
    assert isinstance(step, ShareStep)
    give_extra(state, seat, to, step.card)
    step.left -= 1
    if step.left <= 0:
        power(state, seat, step.card)


def power(state: OhMyBrainState, seat: int, card: int) -> None:
    """What the card just played does, once however many copies were played; then the refill."""
    if card == MOUSE:
        discard_horde(state)
        emit(state, "mouse", seat=seat)
        refill(state, seat, then="play")
    elif card in state.marshmallow:
        after_effect(state, seat, effects.roll(state, seat, card))
    else:
        if card == SPIDER:
            state.spider_next = True
            emit(state, "spider", seat=seat, next_seat=state.left_of(seat))
        refill(state, seat)


def after_effect(state: OhMyBrainState, seat: int, outcome: effects.Outcome) -> None:
    """Go on after a die face: refill then end the turn ("done"), play again ("again"), or wait for the
    player's choice ("wait") or for nothing (the game is over)."""
    if state.over or outcome == "wait":
        return
    if outcome == "again":
        start_play(state, seat)
    else:
        refill(state, seat)


# ----- A: not playing -------------------------------------------------------------------------------------------
def pass_turn(state: OhMyBrainState, seat: int) -> None:
    """Not playing: discard the Horde, lose a brain (the last one ends the game), draw 2, then a new Horde."""
    discarded = len(state.horde)
    discard_horde(state)
    emit(state, "pass", seat=seat, discarded=discarded, brains=max(0, state.brains[seat] - 1))
    if lose_brain(state, seat):
        return
    drawn = [card for card in (draw(state) for _ in range(PASS_DRAW)) if card is not None]
    emit(state, "pass_draw", seat=seat, count=len(drawn))
    if len(drawn) == PASS_DRAW:
        tell(state, [seat], "drew", seat=seat, cards=listed(drawn))
        state.step = KeepStep(drawn=sorted(drawn))
        return
    for card in drawn:  # one card only (nothing left to draw): it goes to the hand
        state.hands[seat].append(card)
        state.note_hand(seat, card)
        tell(state, [seat], "drew_one", seat=seat, card=card)
    start_play(state, seat, must=True)


def keep(state: OhMyBrainState, seat: int, card: int) -> None:
    """Of the 2 cards drawn, `card` goes to the hand and the other to the Cemetery; then a new Horde."""
    step = state.step
    assert isinstance(step, KeepStep)
    drawn = list(step.drawn)
    drawn.remove(card)
    state.hands[seat].append(card)
    state.note_hand(seat, card)
    for other in drawn:
        state.cemeteries[seat].append(other)
        state.note_cemetery(seat, other)
        tell(state, [seat], "kept", seat=seat, card=card, other=other)
    start_play(state, seat, must=True)


# ----- B: the refill --------------------------------------------------------------------------------------------
def need(state: OhMyBrainState, seat: int) -> int:
    """How many Cemetery cards `seat` still takes to bring the hand up to 3."""
    return min(max(0, HAND_TARGET - len(state.hands[seat])), len(state.cemeteries[seat]))


def refill(state: OhMyBrainState, seat: int, then: str = "end") -> None:
    """Step B: a choice when the Cemetery holds more cards than the hand needs, else every card it needs taken
    at once (only counts decide, and they are public). Then `then`: end the turn, or play again."""
    wanted = need(state, seat)
    if wanted and len(state.cemeteries[seat]) > wanted:
        state.step = RefillStep(then="play" if then == "play" else "end")
        return
    if wanted:
        taken = list(state.cemeteries[seat])
        state.cemeteries[seat] = []
        for card in taken:
            state.hands[seat].append(card)
            state.note_hand(seat, card)
        emit(state, "refill", seat=seat, count=len(taken))
        tell(state, [seat], "took", seat=seat, cards=listed(taken))
    after_refill(state, seat, then)


def take(state: OhMyBrainState, seat: int, card: int) -> None:
    """One Cemetery card of `seat`'s choice goes to the hand; the refill goes on, or is done."""
    step = state.step
    assert isinstance(step, RefillStep)
    state.cemeteries[seat].remove(card)
    state.hands[seat].append(card)
    state.note_hand(seat, card)
    emit(state, "refill", seat=seat, count=1)
    tell(state, [seat], "took", seat=seat, cards=str(card))
    refill(state, seat, step.then)


def after_refill(state: OhMyBrainState, seat: int, then: str) -> None:
    if then == "play":
        start_play(state, seat, must=True)  # the Mouse's extra turn: a full turn, a play required
    else:
        end_turn(state, seat)


# ----- the end of a turn ----------------------------------------------------------------------------------------
def end_turn(state: OhMyBrainState, seat: int) -> None:
    """The round-end check (the active player first, then the others clockwise: the first found with no card
    ends the round), else the next player on the left plays, bound by a Spider played this turn."""
    state.step = None
    for other in state.clockwise_from(seat):
        if state.cards_of(other) == 0:
            endings.end_round(state, other)
            return
    following = state.left_of(seat)
    state.active = following
    state.turn += 1
    state.step = PlayStep(spider=state.spider_next)
    state.spider_next = False
