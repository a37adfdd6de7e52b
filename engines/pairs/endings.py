"""The end of a game: who lost and won, the betting payments, the next game of a match, the result.

Forfeit: one loser, no chips. Betting endings play a match of several games;
after each game the loser pays:
- downspear: 1 chip to every other player;
- norland: 1 chip to each winner (lowest score);
- cutchfeld: their score into the pot, which the winners split equally; the
  remainder stays in the pot for the next game's winners.
Nobody pays more than they have.
"""

from __future__ import annotations

from engines.chips import Chips
from engines.core import Result
from engines.core.result import Round
from engines.pairs.dealing import begin_game, emit
from engines.pairs.state import GameRecord, PairsState

MEASURE_KEY = "pairs.measure.chips"


def others_from_left(state: PairsState, seat: int) -> list[int]:
    """The other seats still in the game, starting to the left of `seat`."""
    order = [(seat + step) % state.players for step in range(1, state.players)]
    return [other for other in order if other not in state.withdrawn]


def game_winners(state: PairsState, loser: int) -> list[int]:
    """The seats still in the game, other than the loser, with the lowest score."""
    others = others_from_left(state, loser)
    low = min(state.score(seat) for seat in others)
    return [seat for seat in others if state.score(seat) == low]


def pay_each(state: PairsState, chips: Chips, loser: int, payees: list[int]) -> int:
    """The loser pays 1 chip to each payee in turn, while they have chips. Returns the total paid."""
    total = 0
    for payee in payees:
        paid = chips.pay(loser, payee, 1)
        if paid:
            emit(state, "paid", seat=loser, to_seat=payee, amount=paid)
        total += paid
    return total


def settle(state: PairsState, loser: int, winners: list[int]) -> int:
    """The loser's payment for the game just ended. Returns the chips actually paid."""
    chips = state.chips
    ending = state.options.ending
    if chips is None or ending == "forfeit":
        return 0
    if ending == "downspear":
        owed = len(others_from_left(state, loser))
        paid = pay_each(state, chips, loser, others_from_left(state, loser))
    elif ending == "norland":
        owed = len(winners)
        paid = pay_each(state, chips, loser, winners)
    else:  # cutchfeld
        owed = state.score(loser)
        carried = chips.pot
        paid = chips.pay_to_pot(loser, owed)
        emit(state, "paid_pot", seat=loser, amount=paid, carried=carried)
        share, remainder = chips.split_pot(winners)
        for seat in winners:
            emit(state, "pot_share", seat=seat, amount=share)
        if remainder:
            emit(state, "pot_carried", amount=remainder)
    if paid < owed:
        emit(state, "short", seat=loser, owed=owed, amount=paid)
    return paid


def end_game(state: PairsState, loser: int) -> None:
    """`loser` reached the losing score: settle, then deal the next game of the match or finish."""
    winners = game_winners(state, loser)
    state.loser = loser
    emit(state, "game_over", seat=loser, score=state.score(loser), game=state.game)
    for seat in winners:
        emit(state, "game_winner", seat=seat, score=state.score(seat))
    paid = settle(state, loser, winners)
    state.history.append(
        GameRecord(
            game=state.game,
            loser=loser,
            winners=tuple(winners),
            scores=tuple(state.scores()),
            paid=paid,
            pot_after=state.chips.pot if state.chips else 0,
        )
    )
    if state.game < state.options.match_games:
        begin_game(state)
    else:
        finish(state)


def finish(state: PairsState) -> None:
    """The game (or match) is over; a pot nobody could claim is reported and left where it is."""
    state.finished = True
    if state.options.betting:
        emit(state, "match_over", games=len(state.history))
    if state.chips is not None and state.chips.pot:
        emit(state, "pot_unclaimed", amount=state.chips.pot)


def result(state: PairsState) -> Result | None:
    """Final standings: forfeit by score (loser last), betting by chips; seats that left come last."""
    if not state.finished:
        return None
    active = state.active()
    if state.chips is not None:
        stacks = state.chips.stacks
        keys: dict[int, tuple[int, ...]] = {seat: (-stacks[seat],) for seat in active}
        measure = tuple(state.chips.nets())
    else:
        loser = state.loser if state.loser in active else None
        keys = {seat: (int(seat == loser), state.score(seat)) for seat in active}
        measure = (0,) * state.players
    best = min(keys.values())
    winners = tuple(seat for seat in active if keys[seat] == best)
    places = tuple(
        1 + sum(1 for other in active if keys[other] < keys[seat]) if seat in keys else len(active) + 1
        for seat in range(state.players)
    )
    rounds = tuple(
        Round(
            number=game.game,
            winners=game.winners,
            losers=(game.loser,),
            key="pairs.round.summary",
            params={"loser_seat": game.loser, "score": game.scores[game.loser], "paid": game.paid},
        )
        for game in state.history
    )
    return Result(places=places, winners=winners, measure=measure, measure_key=MEASURE_KEY, rounds=rounds)
