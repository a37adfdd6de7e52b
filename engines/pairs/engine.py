"""PairsEngine: the Pairs rules behind the shared engine contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pydantic import TypeAdapter

from engines.chips import Chips
from engines.core import Consequence, Engine, Refusal, Result, Rng
from engines.core.computer.hints import standing
from engines.pairs import endings, play
from engines.pairs.actions import Fold, Hit, PairsAction, action_adapter
from engines.pairs.dealing import begin_game, can_draw
from engines.pairs.deck import MAX_PLAYERS, MIN_PLAYERS, losing_score
from engines.pairs.perspective import PairsPerspective, seat_views
from engines.pairs.state import PairsOptions, PairsState


def setup(players: int, options: PairsOptions, seed: int) -> PairsState:
    """A seated table before the first shuffle: empty hands, stacks issued for a betting match."""
    return PairsState(
        players=players,
        rng=Rng.from_seed(seed),
        options=options,
        losing_score=losing_score(players),
        in_play=[[] for _ in range(players)],
        score_cards=[[] for _ in range(players)],
        chips=Chips.seated(players, options.chips) if options.betting else None,
    )


class PairsEngine(Engine[PairsState, PairsAction, PairsOptions, PairsPerspective]):
    """Pairs (Cheapass Games): hit or fold, don't pair up, don't reach the losing score."""

    name: ClassVar[str] = "pairs"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    state_model: ClassVar[type[PairsState]] = PairsState
    options_model: ClassVar[type[PairsOptions]] = PairsOptions
    action_adapter: ClassVar[TypeAdapter[PairsAction]] = action_adapter

    def new(self, players: int, options: PairsOptions, seed: int) -> PairsState:
        refusal = self.check_players(players)
        if refusal is not None:
            raise ValueError(refusal.key)
        state = setup(players, options, seed)
        begin_game(state)
        return state

    def to_act(self, state: PairsState) -> tuple[int, ...]:
        return () if state.finished else (state.to_move,)

    def candidate_actions(self, state: PairsState, seat: int) -> Sequence[PairsAction]:
        return [Hit(), Fold()]

    def check(self, state: PairsState, seat: int, action: PairsAction) -> Refusal | None:
        if isinstance(action, Hit) and not can_draw(state):
            return Refusal(key="pairs.refusal.no_cards")
        if isinstance(action, Fold) and state.lowest_face_up() is None:
            return Refusal(key="pairs.refusal.nothing_to_take")
        return None

    def _apply(self, state: PairsState, seat: int, action: PairsAction) -> None:
        state.clear_fresh(seat)
        if isinstance(action, Hit):
            play.hit(state, seat)
        else:
            play.fold(state, seat)

    def _withdraw(self, state: PairsState, seat: int) -> None:
        play.withdraw(state, seat)

    def is_over(self, state: PairsState) -> bool:
        return state.finished

    def result(self, state: PairsState) -> Result | None:
        return endings.result(state)

    def perspective(
        self, state: PairsState, viewer: int | None, *, legal_now: Sequence[PairsAction] | None = None
    ) -> PairsPerspective:
        finished = state.finished
        pot = state.chips.pot if state.chips else 0
        legal = [a.kind for a in self.viewer_legal(state, viewer, legal_now)]
        return PairsPerspective(
            **self.base_perspective_fields(state, viewer),
            ending=state.options.ending,
            game=state.game,
            games=state.options.match_games,
            round=state.round,
            losing_score=state.losing_score,
            seats=seat_views(state),
            deck_count=len(state.deck),
            discard_count=len(state.discard),
            pot=pot,
            unclaimed_pot=pot if finished else 0,
            fold_card=None if finished else state.lowest_face_up(),
            to_move=None if finished else state.to_move,
            legal=legal,
            history=list(state.history),
            loser=state.loser,
            fresh=state.fresh_of(viewer) if viewer is not None and 0 <= viewer < state.players else [],
        )

    def evaluate(self, state: PairsState, seat: int) -> float | None:
        """The computer players' hint: the lower score stands better (the first to reach the losing score loses),
        counted in losing scores; in a betting match the chips come first."""
        values = [-score / state.losing_score for score in state.scores()]
        if state.chips is None:
            return standing(values, seat, 0.25, state.withdrawn)
        return standing([stack + value for stack, value in zip(state.chips.stacks, values, strict=True)], seat, 2.0)

    def consequence(self, state: PairsState, seat: int, action: PairsAction) -> Consequence | None:
        """A fold that brings its player to the losing score loses them the game (and, in a betting match,
        costs them the loser's payment), when drawing a card is still possible instead.

        A hit is never reported: whether the hidden card pairs is the game's ordinary risk.
        """
        if not isinstance(action, Fold) or not self.can(state, seat, Hit()):
            return None
        card = state.lowest_face_up()
        if card is None or state.score(seat) + card < state.losing_score:
            return None
        after = self.apply(state, seat, action)  # the engine's own settlement says what losing costs
        paid = after.history[-1].paid if after.history else 0
        score = state.score(seat) + card
        if paid:
            return Consequence(key="pairs.consequence.lose_pay", params={"score": score, "chips": paid})
        return Consequence(key="pairs.consequence.lose", params={"score": score})

    def reshuffle_unseen(self, state: PairsState, viewer: int | None, seed: int) -> PairsState:
        """Rearrange the face-down cards (deck and discard pile together, sizes kept) and the future shuffles.

        The cards are sorted before the shuffle, so the result depends only on what `viewer` sees and `seed`.
        """
        copy = state.model_copy(deep=True)
        rng = Rng.from_seed(seed)
        hidden = sorted(copy.deck + copy.discard)
        rng.shuffle(hidden)
        copy.deck, copy.discard = hidden[: len(copy.deck)], hidden[len(copy.deck) :]
        copy.rng = rng
        return copy
