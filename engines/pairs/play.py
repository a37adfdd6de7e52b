"""A turn of Pairs: hit or fold, the end of a round, and a player leaving."""

from __future__ import annotations

from engines.pairs.dealing import draw, emit, start_round
from engines.pairs.endings import end_game, finish
from engines.pairs.state import PairsState


def end_round(state: PairsState, loser: int) -> None:
    """`loser` paired or folded: every card in play goes to the discard pile (score cards stay out).

    Reaching the losing score ends the game; otherwise the next round is dealt.
    """
    for cards in state.in_play:
        state.discard.extend(cards)
        cards.clear()
    if state.score(loser) >= state.losing_score:
        end_game(state, loser)
    else:
        start_round(state)


def hit(state: PairsState, seat: int) -> None:
    """Draw a card. Matching a card of yours scores its rank and ends the round; otherwise play passes left."""
    card = draw(state)
    if card is None:  # refused by the engine's check before we get here
        raise ValueError("no card to draw")
    if card in state.in_play[seat]:
        state.score_cards[seat].append(card)  # the drawn card of the pair is kept as the score card
        emit(state, "pair", seat=seat, card=card, score=state.score(seat))
        end_round(state, seat)
    else:
        state.in_play[seat].append(card)
        state.note_fresh(seat, card)
        emit(state, "hit", seat=seat, card=card)
        state.to_move = state.left_of(seat)


def fold_source(state: PairsState, seat: int) -> tuple[int, int] | None:
    """(card, owner) a fold by `seat` takes: the lowest face-up card, your own copy first, else nearest to the left."""
    card = state.lowest_face_up()
    if card is None:
        return None
    for step in range(state.players):
        owner = (seat + step) % state.players
        if card in state.in_play[owner]:
            return card, owner
    return None


def fold(state: PairsState, seat: int) -> None:
    """Take the lowest face-up card on the table as your score card; the round ends."""
    source = fold_source(state, seat)
    if source is None:  # refused by the engine's check before we get here
        raise ValueError("no face-up card to take")
    card, owner = source
    state.in_play[owner].remove(card)
    state.score_cards[seat].append(card)
    emit(state, "fold", seat=seat, card=card, from_seat=owner, score=state.score(seat))
    end_round(state, seat)


def withdraw(state: PairsState, seat: int) -> None:
    """`seat` (already listed as withdrawn) leaves: their cards in play are discarded, play goes on without them.

    Their score cards stay out until the game ends. With fewer than two players
    left the game (and match) ends.
    """
    state.discard.extend(state.in_play[seat])
    state.in_play[seat] = []
    emit(state, "left", seat=seat)
    active = state.active()
    if len(active) < 2:
        if active:
            emit(state, "last_player", seat=active[0])
        finish(state)
        return
    if state.to_move == seat:
        state.to_move = state.left_of(seat)
