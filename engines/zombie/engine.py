"""ZombieEngine: the Zombie Life rules behind the shared engine contract."""

from __future__ import annotations

import collections
import itertools
from collections.abc import Sequence
from typing import ClassVar

from pydantic import TypeAdapter

from engines.core import Consequence, Engine, Refusal, Result, Rng
from engines.core.computer.hints import standing
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

# How many random deals of the other players' face-down cards `reshuffle_unseen` tries before searching for one.
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

    def perspective(
        self, state: ZombieState, viewer: int | None, *, legal_now: Sequence[ZombieAction] | None = None
    ) -> ZombiePerspective:
        finished = state.finished
        legal = self.viewer_legal(state, viewer, legal_now)
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

    def evaluate(self, state: ZombieState, seat: int) -> float | None:
        """The computer players' hint: the points each seat has scored."""
        return standing(state.points, seat, 4.0, state.withdrawn)

    def consequence(self, state: ZombieState, seat: int, action: ZombieAction) -> Consequence | None:
        """A draw that overruns its player whatever the card (every value they cannot see is already in both
        their Refuge and the Horde). Any other draw is the game's ordinary risk, and nothing else harms its player.
        """
        if isinstance(action, Draw) and play.surely_overrun(state, seat):
            return Consequence(key="zombie.consequence.overrun")
        return None

    def reshuffle_unseen(self, state: ZombieState, viewer: int | None, seed: int) -> ZombieState:
        """Rearrange what `viewer` cannot see: the deck, the discard pile and the other players' face-down cards.

        Those cards are pooled, sorted (so the result depends only on what `viewer`
        sees and `seed`) and dealt back in the same sizes. Face-down cards stay
        legal (distinct values, none beside the same face-up value): a few random
        deals are tried, then a legal deal is searched for in the shuffled pool
        (there is one: the real deal). The RNG is reseeded.
        """
        copy = state.model_copy(deep=True)
        rng = Rng.from_seed(seed)
        others = [seat for seat in range(state.players) if seat != viewer and copy.face_down[seat]]
        pool = sorted(copy.deck + copy.discard + [card for seat in others for card in copy.face_down[seat]])
        for _ in range(FACE_DOWN_ATTEMPTS):
            rng.shuffle(pool)
            dealt = _deal_face_down(copy, others, pool)
            if dealt is not None:
                break
        else:
            dealt = _search_face_down(copy, others, pool)
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


def _search_face_down(state: ZombieState, seats: list[int], pool: list[int]) -> dict[int, list[int]]:
    """Each seat's face-down cards taken out of `pool` (in place) by a maximum flow from the values to the seats:
    a seat takes distinct values, none among its face-up cards, and no value more often than `pool` holds it.

    Deterministic: values are tried in their order in `pool`. Should no legal deal exist (never in a real
    game, whose own deal is one), the missing cards are dealt from what is left, legal or not.
    """
    values = list(dict.fromkeys(pool))
    # Nodes: 0 is the source, then one per value, one per seat, and the sink last.
    first_seat = 1 + len(values)
    sink = first_seat + len(seats)
    capacity = [[0] * (sink + 1) for _ in range(sink + 1)]
    for node, value in enumerate(values, start=1):
        capacity[0][node] = pool.count(value)
        for seat_node, seat in enumerate(seats, start=first_seat):
            capacity[node][seat_node] = 0 if value in state.refuge[seat] else 1
    for seat_node, seat in enumerate(seats, start=first_seat):
        capacity[seat_node][sink] = len(state.face_down[seat])
    while (path := _augmenting_path(capacity, sink)) is not None:
        for start, end in itertools.pairwise(path):
            capacity[start][end] -= 1
            capacity[end][start] += 1
    dealt: dict[int, list[int]] = {}
    for seat_node, seat in enumerate(seats, start=first_seat):
        # The flow sent from a value to a seat is the residual capacity back from the seat to the value.
        dealt[seat] = [value for node, value in enumerate(values, start=1) if capacity[seat_node][node] > 0]
        for card in dealt[seat]:
            pool.remove(card)
    for seat in seats:
        while len(dealt[seat]) < len(state.face_down[seat]) and pool:
            dealt[seat].append(pool.pop())
    return dealt


def _augmenting_path(capacity: list[list[int]], sink: int) -> list[int] | None:
    """A shortest path from node 0 to `sink` along edges with capacity left, or None."""
    came_from = {0: 0}
    frontier = collections.deque([0])
    while frontier:
        node = frontier.popleft()
        for following, left in enumerate(capacity[node]):
            if left > 0 and following not in came_from:
                came_from[following] = node
                if following == sink:
                    path = [sink]
                    while path[-1] != 0:
                        path.append(came_from[path[-1]])
                    return path[::-1]
                frontier.append(following)
    return None
