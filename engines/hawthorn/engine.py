"""HawthornEngine: the Hawthorn rules behind the shared engine contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pydantic import TypeAdapter

from engines.chips import Chips
from engines.core import Consequence, Engine, Refusal, Result, Rng
from engines.core.computer.hints import standing
from engines.hawthorn import play, session
from engines.hawthorn.actions import Draw, Fold, HawthornAction, NextHand, Play, Start, Stop, action_adapter
from engines.hawthorn.dealing import choose, start_hand
from engines.hawthorn.deck import MAX_PLAYERS, MIN_PLAYERS, STACK
from engines.hawthorn.perspective import HawthornPerspective, seat_views
from engines.hawthorn.state import HawthornOptions, HawthornState, Vote


def setup(players: int, options: HawthornOptions, seed: int) -> HawthornState:
    """A seated table before the first hand: 100 chips each, nothing dealt."""
    return HawthornState(
        players=players,
        rng=Rng.from_seed(seed),
        options=options,
        chips=Chips.seated(players, STACK),
        hands=[[] for _ in range(players)],
        choices=[None] * players,
        face_up=[[] for _ in range(players)],
        face_down=[[] for _ in range(players)],
        status=["in"] * players,
        votes=[None] * players,
    )


def refuse(key: str, **params: int | str) -> Refusal:
    return Refusal(key=f"hawthorn.refusal.{key}", params=params)


class HawthornEngine(Engine[HawthornState, HawthornAction, HawthornOptions, HawthornPerspective]):
    """Hawthorn (a Pairs variant by James Ernest & Paul Peterson): Pairs with a secret hand, a button and a pot."""

    name: ClassVar[str] = "hawthorn"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    state_model: ClassVar[type[HawthornState]] = HawthornState
    options_model: ClassVar[type[HawthornOptions]] = HawthornOptions
    action_adapter: ClassVar[TypeAdapter[HawthornAction]] = action_adapter

    def new(self, players: int, options: HawthornOptions, seed: int) -> HawthornState:
        refusal = self.check_players(players)
        if refusal is not None:
            raise ValueError(refusal.key)
        state = setup(players, options, seed)
        start_hand(state)
        return state

    # ----- whose decision -----------------------------------------------------
    def to_act(self, state: HawthornState) -> tuple[int, ...]:
        if state.phase == "choose":
            return tuple(seat for seat in state.in_round() if state.choices[seat] is None)
        if state.phase == "play":
            return (state.to_move,)
        if state.phase == "vote":
            return tuple(seat for seat in state.with_chips() if state.votes[seat] is None)
        return ()

    def candidate_actions(self, state: HawthornState, seat: int) -> Sequence[HawthornAction]:
        """One button per distinct card when choosing or playing from the hand; draw and fold; the two votes."""
        ranks = sorted(set(state.hands[seat])) if 0 <= seat < state.players else []
        if state.phase == "choose":
            return [Start(card=rank) for rank in ranks]
        if state.phase == "play":
            if state.odd_lap():
                return [Draw(), Fold()]
            if ranks:
                return [*(Play(card=rank) for rank in ranks), Fold()]
            return [Draw(), Fold()] if state.options.empty_hand == "draw" else [Fold()]
        if state.phase == "vote":
            return [NextHand(), Stop()]
        return []

    def check(self, state: HawthornState, seat: int, action: HawthornAction) -> Refusal | None:
        if isinstance(action, Start):
            if state.phase != "choose":
                return refuse("not_now")
            if action.card not in state.hands[seat]:
                return refuse("not_in_hand", card=action.card)
            return None
        if isinstance(action, NextHand | Stop):
            return None if state.phase == "vote" else refuse("not_now")
        if state.phase != "play":
            return refuse("not_now")
        if isinstance(action, Fold):
            return None
        if isinstance(action, Play):
            if state.odd_lap():
                return refuse("deck_lap", lap=state.lap)
            if action.card not in state.hands[seat]:
                return refuse("not_in_hand", card=action.card)
            return None
        if not state.odd_lap():
            if state.hands[seat]:
                return refuse("hand_lap", lap=state.lap)
            if state.options.empty_hand == "fold":
                return refuse("must_fold")
        if not state.can_draw():
            return refuse("no_cards")
        return None

    # ----- carrying out -------------------------------------------------------
    def _apply(self, state: HawthornState, seat: int, action: HawthornAction) -> None:
        state.clear_fresh(seat)
        if isinstance(action, Start):
            choose(state, seat, action.card)
        elif isinstance(action, Draw):
            play.draw_card(state, seat)
        elif isinstance(action, Play):
            play.play_card(state, seat, action.card)
        elif isinstance(action, Fold):
            play.fold(state, seat)
        else:
            session.vote(state, seat, stop=isinstance(action, Stop))

    def _withdraw(self, state: HawthornState, seat: int) -> None:
        play.withdraw(state, seat)

    # ----- the end ------------------------------------------------------------
    def is_over(self, state: HawthornState) -> bool:
        return state.phase == "over"

    def result(self, state: HawthornState) -> Result | None:
        return session.result(state)

    # ----- views --------------------------------------------------------------
    def perspective(
        self, state: HawthornState, viewer: int | None, *, legal_now: Sequence[HawthornAction] | None = None
    ) -> HawthornPerspective:
        playing = state.phase == "play"
        own = viewer is not None and 0 <= viewer < state.players
        kinds = [a.kind for a in self.viewer_legal(state, viewer, legal_now)]
        legal = list(dict.fromkeys(kinds))
        return HawthornPerspective(
            **self.base_perspective_fields(state, viewer),
            phase=state.phase,
            hand=state.hand,
            hands=state.options.hands,
            lap=state.lap,
            source=("deck" if state.odd_lap() else "hand") if playing else None,
            button=state.button,
            to_move=state.to_move if playing else None,
            pot=state.chips.pot,
            fold_cost=state.fold_cost() if playing else None,
            deck_count=len(state.deck),
            discard_count=len(state.discard),
            seats=seat_views(state),
            my_hand=list(state.hands[viewer]) if own and viewer is not None else [],
            my_choice=state.choices[viewer] if own and viewer is not None else None,
            my_face_down=list(state.face_down[viewer]) if own and viewer is not None else [],
            my_vote=state.votes[viewer] if own and viewer is not None else None,
            legal=legal,
            history=list(state.history),
            end_reason=state.end_reason,
            new_hand=own and viewer is not None and state.phase == "choose" and viewer in self.to_act(state),
            fresh=state.fresh_of(viewer) if own and viewer is not None else [],
            pairing=play.pairing_cards(state, viewer) if own and viewer is not None else [],
        )

    def evaluate(self, state: HawthornState, seat: int) -> float | None:
        """The computer players' hint: the chips each seat holds, and an equal share of the pot for each seat still
        in the hand (the last one in takes it)."""
        still = state.in_round()
        share = state.chips.pot / len(still) if still else 0.0
        values = [stack + (share if other in still else 0.0) for other, stack in enumerate(state.chips.stacks)]
        return standing(values, seat, 4.0, state.withdrawn)

    def consequence(self, state: HawthornState, seat: int, action: HawthornAction) -> Consequence | None:
        """Playing a card of your hand that pairs one of your face-up cards knocks you out of the hand and costs
        its rank in chips (all you have if short). Drawing is never reported: the card is hidden."""
        if not isinstance(action, Play) or action.card not in play.pairing_cards(state, seat):
            return None
        paid = min(action.card, state.chips.stacks[seat])
        if paid:
            return Consequence(key="hawthorn.consequence.out_pay", params={"chips": paid})
        return Consequence(key="hawthorn.consequence.out")

    def reshuffle_unseen(self, state: HawthornState, viewer: int | None, seed: int) -> HawthornState:
        """Rearrange every card `viewer` cannot see, each pile keeping its size.

        Hidden from the viewer: the deck, the discards, the other players' hands,
        their secret starting cards before the reveal and their face-down cards.
        Other players' pending votes are drawn anew (who voted is public, not how).
        The pooled cards are sorted before the shuffle, so the result depends only
        on what `viewer` sees and `seed`.
        """
        copy = state.model_copy(deep=True)
        rng = Rng.from_seed(seed)
        others = [seat for seat in range(state.players) if seat != viewer]
        chosen = [seat for seat in others if copy.choices[seat] is not None]
        pool = [*copy.deck, *copy.discard]
        for seat in others:
            pool += [*copy.hands[seat], *copy.face_down[seat]]
        pool += [card for seat in chosen if (card := copy.choices[seat]) is not None]
        pool.sort()
        rng.shuffle(pool)

        def deal(count: int) -> list[int]:
            taken = pool[:count]
            del pool[:count]
            return taken

        copy.deck = deal(len(copy.deck))
        copy.discard = deal(len(copy.discard))
        for seat in others:
            copy.hands[seat] = sorted(deal(len(copy.hands[seat])))
            copy.face_down[seat] = deal(len(copy.face_down[seat]))
        for seat in chosen:
            copy.choices[seat] = deal(1)[0]
        ballots: list[Vote] = ["next", "stop"]
        for seat in others:
            if copy.votes[seat] is not None:
                copy.votes[seat] = rng.choice(ballots)
        copy.rng = rng
        return copy
