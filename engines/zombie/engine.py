"""ZombieEngine: the Zombie Life rules behind the shared engine contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pydantic import TypeAdapter

from engines.core import Consequence, Engine, Refusal, Result, Rng
from engines.zombie import endings, play
from engines.zombie.actions import Draw, Hide, Place, Take, ZombieAction, action_adapter
from engines.zombie.dealing import begin_game
from engines.zombie.deck import MAX_PLAYERS, MIN_PLAYERS
from engines.zombie.perspective import ZombiePerspective, seat_views
from engines.zombie.state import ZombieOptions, ZombieState

# The candidate buttons, built once (frozen models): candidate_actions runs several times per move.
DRAW, HIDE = Draw(), Hide()
PLACES: tuple[Place, Place] = (Place(zone="refuge"), Place(zone="horde"))
TAKES = {card: Take(card=card) for card in range(1, 11)}

# How many times `reshuffle_unseen` tries to deal other players' face-down cards anew before leaving them be.
FACE_DOWN_ATTEMPTS = 8


def setup(players: int, options: ZombieOptions, seed: int) -> ZombieState:
    """A seated table before the first shuffle: empty Refuges, no points."""
    return ZombieState(
        players=players,
        rng=Rng.from_seed(seed),
        options=options,
        refuge=[[] for _ in range(players)],
        face_down=[[] for _ in range(players)],
        status=["in_play"] * players,
        points=[0] * players,
    )


class ZombieEngine(Engine[ZombieState, ZombieAction, ZombieOptions, ZombiePerspective]):
    """Zombie Life (Origames, after Pairs): fill your Refuge, hide in time, first to 21 points."""

    name: ClassVar[str] = "zombie"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    state_model: ClassVar[type[ZombieState]] = ZombieState
    options_model: ClassVar[type[ZombieOptions]] = ZombieOptions
    action_adapter: ClassVar[TypeAdapter[ZombieAction]] = action_adapter

    def new(self, players: int, options: ZombieOptions, seed: int) -> ZombieState:
        refusal = self.check_players(players)
        if refusal is not None:
            raise ValueError(refusal.key)
        state = setup(players, options, seed)
        begin_game(state)
        return state

    def to_act(self, state: ZombieState) -> tuple[int, ...]:
        return () if state.finished else (state.to_move,)

    def candidate_actions(self, state: ZombieState, seat: int) -> Sequence[ZombieAction]:
        """A drawn card waiting: the two places. Otherwise: draw, one take per Horde value the Refuge lacks, hide.

        The last player in play gets no take buttons (the rule is on the table and in the refusal).

        Seats out of the round (hidden, overrun, gone) and finished games have no buttons.
        """
        if state.finished or not 0 <= seat < state.players or state.status[seat] != "in_play":
            return []
        if state.pending is not None and seat == state.to_move:
            return list(PLACES)
        if state.last_in_play():
            return [DRAW, HIDE]  # the last player in play may not take from the Horde
        return [DRAW, *(TAKES[card] for card in play.takeable(state, seat)), HIDE]

    def check(self, state: ZombieState, seat: int, action: ZombieAction) -> Refusal | None:
        pending = state.pending
        if isinstance(action, Place):
            if pending is None:
                return Refusal(key="zombie.refusal.nothing_to_place")
            if action.zone == "refuge" and not play.fits_refuge(state, seat, pending):
                return Refusal(key="zombie.refusal.refuge_has", params={"card": pending})
            if action.zone == "horde" and not play.fits_horde(state, pending):
                return Refusal(key="zombie.refusal.horde_has", params={"card": pending})
            return None
        if pending is not None:
            return Refusal(key="zombie.refusal.place_first", params={"card": pending})
        if isinstance(action, Take):
            if action.card not in state.horde:
                return Refusal(key="zombie.refusal.not_in_horde", params={"card": action.card})
            if not play.fits_refuge(state, seat, action.card):
                return Refusal(key="zombie.refusal.refuge_has", params={"card": action.card})
            if state.last_in_play():
                return Refusal(key="zombie.refusal.last_player")
        return None

    def _apply(self, state: ZombieState, seat: int, action: ZombieAction) -> None:
        state.clear_fresh(seat)
        if isinstance(action, Draw):
            play.draw_card(state, seat)
        elif isinstance(action, Place):
            play.place(state, seat, action.zone)
        elif isinstance(action, Take):
            play.take(state, seat, action.card)
        else:
            play.hide(state, seat)

    def _withdraw(self, state: ZombieState, seat: int) -> None:
        play.withdraw(state, seat)

    def is_over(self, state: ZombieState) -> bool:
        return state.finished

    def result(self, state: ZombieState) -> Result | None:
        return endings.result(state)

    def perspective(self, state: ZombieState, viewer: int | None) -> ZombiePerspective:
        finished = state.finished
        legal = self.legal_actions(state, viewer) if viewer is not None else []
        return ZombiePerspective(
            **self.base_perspective_fields(state, viewer),
            target=state.options.target,
            tie=state.options.tie,
            round=state.round,
            dealer=state.dealer,
            to_move=None if finished else state.to_move,
            pending=state.pending,
            horde=sorted(state.horde),
            seats=seat_views(state, viewer),
            last_in_play=not finished and state.last_in_play(),
            deck_count=len(state.deck),
            discard_count=len(state.discard),
            legal=list(dict.fromkeys(action.kind for action in legal)),
            takeable=[action.card for action in legal if isinstance(action, Take)],
            hide_count=play.hide_count(state, viewer) if HIDE in legal and viewer is not None else 0,
            last_round=state.last_round,
            winners=list(state.winners),
            fresh=state.fresh_of(viewer) if viewer is not None and 0 <= viewer < state.players else [],
        )

    def consequence(self, state: ZombieState, seat: int, action: ZombieAction) -> Consequence | None:
        """A draw that overruns its player whatever the card (every value they cannot see is already in both
        their Refuge and the Horde). Any other draw is the game's ordinary risk, and nothing else harms its player.
        """
        if isinstance(action, Draw) and play.surely_overrun(state, seat):
            return Consequence(key="zombie.consequence.overrun")
        return None

    def reshuffle_unseen(self, state: ZombieState, viewer: int | None, seed: int) -> ZombieState:
        """Rearrange what `viewer` cannot see: the deck, the discard pile and the other players' face-down cards.

        Those cards are pooled and dealt back in the same sizes. Face-down cards
        stay legal (distinct values, none beside the same face-up value); if a
        few tries cannot deal them so, they are left where they are and only
        the deck and discard pile are mixed. The RNG is reseeded.
        """
        copy = state.model_copy(deep=True)
        rng = Rng.from_seed(seed)
        others = [seat for seat in range(state.players) if seat != viewer and copy.face_down[seat]]
        pool = copy.deck + copy.discard + [card for seat in others for card in copy.face_down[seat]]
        for _ in range(FACE_DOWN_ATTEMPTS):
            rng.shuffle(pool)
            dealt = _deal_face_down(copy, others, pool)
            if dealt is not None:
                break
        else:
            pool = copy.deck + copy.discard
            rng.shuffle(pool)
            dealt = {}
        for seat, cards in dealt.items():
            copy.face_down[seat] = sorted(cards)
        copy.deck, copy.discard = pool[: len(copy.deck)], pool[len(copy.deck) :]
        copy.rng = rng
        return copy


def _deal_face_down(state: ZombieState, seats: list[int], pool: list[int]) -> dict[int, list[int]] | None:
    """Take each seat's face-down cards out of `pool` (in place) in its order; None (pool untouched) if impossible."""
    left = list(pool)
    dealt: dict[int, list[int]] = {}
    for seat in seats:
        cards: list[int] = []
        for card in list(left):
            if len(cards) == len(state.face_down[seat]):
                break
            if card not in cards and card not in state.refuge[seat]:
                cards.append(card)
                left.remove(card)
        if len(cards) < len(state.face_down[seat]):
            return None
        dealt[seat] = cards
    pool[:] = left
    return dealt
