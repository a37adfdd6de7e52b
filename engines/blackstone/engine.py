"""BlackstoneEngine: the Blackstone rules behind the shared engine contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pydantic import TypeAdapter

from engines.blackstone import play, session
from engines.blackstone.actions import BlackstoneAction, NextHand, Pass, Stop, Take, action_adapter
from engines.blackstone.dealing import begin_hand
from engines.blackstone.deck import MAX_PLAYERS, MIN_PLAYERS, STACK, TAKE_CHOICES, pass_fine
from engines.blackstone.perspective import BlackstonePerspective, deck_blacks, seat_views
from engines.blackstone.state import BlackstoneOptions, BlackstoneState, Choice
from engines.chips import Chips
from engines.core import Consequence, Engine, Refusal, Result, Rng
from engines.core.computer.hints import standing


def setup(players: int, options: BlackstoneOptions, seed: int) -> BlackstoneState:
    """A seated table before the first hand: 100 chips each, nothing dealt."""
    return BlackstoneState(
        players=players,
        rng=Rng.from_seed(seed),
        options=options,
        chips=Chips.seated(players, STACK),
        blacks=[0] * players,
        opening=[[] for _ in range(players)],
        status=["in"] * players,
        choices=[None] * players,
    )


class BlackstoneEngine(Engine[BlackstoneState, BlackstoneAction, BlackstoneOptions, BlackstonePerspective]):
    """Blackstone (a Pairs variant): take cards without drawing a second black stone, or pass and pay."""

    name: ClassVar[str] = "blackstone"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    state_model: ClassVar[type[BlackstoneState]] = BlackstoneState
    options_model: ClassVar[type[BlackstoneOptions]] = BlackstoneOptions
    action_adapter: ClassVar[TypeAdapter[BlackstoneAction]] = action_adapter

    def new(self, players: int, options: BlackstoneOptions, seed: int) -> BlackstoneState:
        refusal = self.check_players(players)
        if refusal is not None:
            raise ValueError(refusal.key)
        state = setup(players, options, seed)
        begin_hand(state)
        return state

    def to_act(self, state: BlackstoneState) -> tuple[int, ...]:
        if state.phase == "play":
            return (state.to_move,)
        return tuple(state.pending())

    def candidate_actions(self, state: BlackstoneState, seat: int) -> Sequence[BlackstoneAction]:
        """Pass and "Take N" from the minimum up to nine more (at most the cards left); between hands, next or stop."""
        if state.phase == "decide":
            return [NextHand(), Stop()]
        if state.phase == "over":
            return []
        low = state.min_take()
        high = max(low, min(low + TAKE_CHOICES - 1, state.dealable()))
        return [Pass(), *(Take(count=count) for count in range(low, high + 1))]

    def check(self, state: BlackstoneState, seat: int, action: BlackstoneAction) -> Refusal | None:
        if isinstance(action, (NextHand, Stop)):
            if state.phase != "decide":
                return Refusal(key="blackstone.refusal.hand_running")
            return None
        if state.phase != "play":
            return Refusal(key="blackstone.refusal.between_hands")
        if isinstance(action, Take):
            if state.dealable() == 0:
                return Refusal(key="blackstone.refusal.no_cards")
            if action.count < state.min_take():
                return Refusal(key="blackstone.refusal.too_few", params={"min": state.min_take()})
            if action.count > state.dealable():
                return Refusal(key="blackstone.refusal.too_many", params={"max": state.dealable()})
        return None

    def _apply(self, state: BlackstoneState, seat: int, action: BlackstoneAction) -> None:
        if isinstance(action, Pass):
            play.pass_turn(state, seat)
        elif isinstance(action, Take):
            play.take(state, seat, action.count)
        else:
            choice: Choice = "next_hand" if isinstance(action, NextHand) else "stop"
            session.decide(state, seat, choice)

    def evaluate(self, state: BlackstoneState, seat: int) -> float | None:
        """The computer players' hint: the chips each seat holds (its stack and the ante still in front of it), and
        an equal share of the pot for each seat still in the hand (the pot goes to those still in)."""
        chips = state.chips
        still = state.in_hand()
        share = chips.pot / len(still) if still else 0.0
        values = [
            stack + ante + (share if other in still else 0.0)
            for other, (stack, ante) in enumerate(zip(chips.stacks, chips.antes, strict=True))
        ]
        return standing(values, seat, 15.0, state.withdrawn)

    def consequence(self, state: BlackstoneState, seat: int, action: BlackstoneAction) -> Consequence | None:
        """A take that surely brings a second black stone: you lose your ante and a fine of at least the white
        stones in the middle now (all you have if short). A pass is the game's stated price (its label says
        it), and an ordinary take's risk is hidden: neither is reported."""
        if not isinstance(action, Take) or not play.surely_loses(state, seat, action.count):
            return None
        lost = state.chips.antes[seat] + min(len(state.middle), state.chips.stacks[seat])
        return Consequence(key="blackstone.consequence.second_black", params={"chips": lost})

    def _withdraw(self, state: BlackstoneState, seat: int) -> None:
        play.withdraw(state, seat)

    def is_over(self, state: BlackstoneState) -> bool:
        return state.phase == "over"

    def result(self, state: BlackstoneState) -> Result | None:
        return session.result(state)

    def perspective(
        self, state: BlackstoneState, viewer: int | None, *, legal_now: Sequence[BlackstoneAction] | None = None
    ) -> BlackstonePerspective:
        over = state.phase == "over"
        playing = state.phase == "play"
        legal = [a.kind for a in self.viewer_legal(state, viewer, legal_now)]
        pot = state.chips.pot
        return BlackstonePerspective(
            **self.base_perspective_fields(state, viewer),
            phase=state.phase,
            hand=state.hand,
            hands=state.options.hands,
            seats=seat_views(state),
            middle=list(state.middle),
            pass_fine=pass_fine(len(state.middle)),
            loss_fine=len(state.middle),
            min_take=state.min_take(),
            last_take=state.last_take,
            last_taker=state.last_taker,
            starter=state.starter,
            loser=state.loser,
            opening=[list(cards) for cards in state.opening],
            deck_count=len(state.deck),
            deck_blacks=deck_blacks(state),
            discard_count=len(state.discard),
            pot=pot,
            unclaimed_pot=pot if over else 0,
            to_move=state.to_move if playing else None,
            legal=list(dict.fromkeys(legal)),
            my_choice=state.choices[viewer] if viewer is not None else None,
            history=list(state.history),
        )

    def reshuffle_unseen(self, state: BlackstoneState, viewer: int | None, seed: int) -> BlackstoneState:
        """Rearrange the deck, the set-aside cards, the other players' secret choices and the future shuffles.

        Each pile is sorted before its shuffle (how many black stones the deck holds is public, so the piles are
        not mixed), so the result depends only on what `viewer` sees and `seed`.
        """
        copy = state.model_copy(deep=True)
        rng = Rng.from_seed(seed)
        copy.deck = sorted(copy.deck)
        copy.discard = sorted(copy.discard)
        rng.shuffle(copy.deck)
        rng.shuffle(copy.discard)
        options: list[Choice] = ["next_hand", "stop"]
        for seat, choice in enumerate(copy.choices):
            if seat != viewer and choice is not None:
                copy.choices[seat] = rng.choice(options)
        copy.rng = rng
        return copy
