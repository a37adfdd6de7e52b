"""OhMyBrainEngine: the Oh My Brain rules behind the shared engine contract.

The card data (copies of each number, the marshmallow numbers) comes from `data/cards/oh_my_brain.json`, read
by the bot and passed in as an `OhMyBrainDeck`: engines do no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

from pydantic import TypeAdapter

from engines.core import CardPick, Consequence, Engine, Refusal, Result, Rng
from engines.core.computer.hints import standing
from engines.ohmybrain import dealing, effects, endings, leaving, turn
from engines.ohmybrain.actions import (
    Bury,
    Give,
    GiveTo,
    Keep,
    OhMyBrainAction,
    Pass,
    Play,
    Share,
    Steal,
    Swap,
    Take,
    action_adapter,
)
from engines.ohmybrain.cards import OhMyBrainDeck
from engines.ohmybrain.perspective import OhMyBrainPerspective, own_cards, pending_view, seat_views
from engines.ohmybrain.piles import emit
from engines.ohmybrain.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    GiveStep,
    GiveToStep,
    KeepStep,
    OhMyBrainOptions,
    OhMyBrainState,
    PlayStep,
    RefillStep,
    ShareStep,
    StealStep,
    SwapStep,
)

PASS = Pass()
# The decision each action answers: an action of another kind is refused as "not now".
ANSWERS: dict[str, type] = {
    "play": PlayStep,
    "pass": PlayStep,
    "keep": KeepStep,
    "share": ShareStep,
    "give_to": GiveToStep,
    "give": GiveStep,
    "steal": StealStep,
    "swap": SwapStep,
    "take": RefillStep,
}


def refuse(key: str, **params: int | str) -> Refusal:
    return Refusal(key=f"ohmybrain.refusal.{key}", params=params)


def distinct(cards: Sequence[int]) -> list[int]:
    return sorted(set(cards))


def setup(players: int, options: OhMyBrainOptions, seed: int, deck: OhMyBrainDeck) -> OhMyBrainState:
    """A seated table before the first shuffle: every card in the Réserve, the starting brains."""
    return OhMyBrainState(
        players=players,
        rng=Rng.from_seed(seed),
        options=options,
        marshmallow=list(deck.marshmallow),
        brains=[options.brains] * players,
        hands=[[] for _ in range(players)],
        cemeteries=[[] for _ in range(players)],
        lots=[[] for _ in range(players)],
        buried=[None] * players,
        reserve=deck.full_deck(),
        moves=[0] * players,
    )


def begin_game(state: OhMyBrainState, starter: int | None = None, order: list[int] | None = None) -> None:
    """Draw the first player at random (docs/games/ohmybrain.md#house-defaults) and deal round 1; `starter` and `order`
    (the shuffled deck, top first) are for tests that stack the table."""
    if starter is None:
        starter = state.rng.below(state.players)
    emit(state, "game_start", brains=state.options.brains)
    emit(state, "first_player", seat=starter)
    dealing.start_round(state, starter, order)


class OhMyBrainEngine(Engine[OhMyBrainState, OhMyBrainAction, OhMyBrainOptions, OhMyBrainPerspective]):
    """Oh My Brain (Lumberjacks Studio 2021): get rid of your cards before the Horde eats your brain."""

    name: ClassVar[str] = "ohmybrain"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    state_model: ClassVar[type[OhMyBrainState]] = OhMyBrainState
    options_model: ClassVar[type[OhMyBrainOptions]] = OhMyBrainOptions
    action_adapter: ClassVar[TypeAdapter[OhMyBrainAction]] = action_adapter
    measure_order: ClassVar[Literal["high", "low"]] = "high"

    def __init__(self, deck: OhMyBrainDeck) -> None:
        self.deck = deck

    # ----- set-up -------------------------------------------------------------
    def new(self, players: int, options: OhMyBrainOptions, seed: int) -> OhMyBrainState:
        refusal = self.check_players(players)
        if refusal is not None:
            raise ValueError(refusal.key)
        state = setup(players, options, seed, self.deck)
        begin_game(state)
        return state

    # ----- whose decision -----------------------------------------------------
    def to_act(self, state: OhMyBrainState) -> tuple[int, ...]:
        if state.over:
            return ()
        if state.dealing:
            return tuple(dealing.waiting(state))
        return () if state.step is None else (state.active,)

    def candidate_actions(self, state: OhMyBrainState, seat: int) -> Sequence[OhMyBrainAction]:
        """Every answer to the seat's pending decision (nothing for a seat not to act: its buttons would show
        cards). Plays: each number of the hand, with every count of its copies."""
        if seat not in self.to_act(state):
            return []
        if state.dealing:
            return [Bury(card=card) for card in distinct(state.lots[seat])]
        step = state.step
        hand = state.hands[seat]
        opponents = state.opponents(seat)
        if isinstance(step, PlayStep):
            plays = [
                Play(card=card, count=count) for card in distinct(hand) for count in range(1, hand.count(card) + 1)
            ]
            return plays if step.must else [*plays, PASS]
        if isinstance(step, KeepStep):
            return [Keep(card=card) for card in distinct(step.drawn)]
        if isinstance(step, ShareStep):
            return [Share(seat=other) for other in opponents]
        if isinstance(step, GiveToStep):
            return [GiveTo(seat=other) for other in opponents]
        if isinstance(step, GiveStep):
            return [Give(card=card) for card in distinct(hand)]
        if isinstance(step, StealStep):
            return [Steal(seat=other) for other in opponents]
        if isinstance(step, SwapStep):
            return [Swap(zone=zone, seat=other) for zone in effects.ZONES for other in opponents]
        return [Take(card=card) for card in distinct(state.cemeteries[seat])]

    def check(self, state: OhMyBrainState, seat: int, action: OhMyBrainAction) -> Refusal | None:
        if state.dealing or isinstance(action, Bury):
            if not state.dealing or not isinstance(action, Bury):
                return refuse("not_now")
            return None if action.card in state.lots[seat] else refuse("not_in_lot", card=action.card)
        step = state.step
        if not isinstance(step, ANSWERS[action.kind]):
            return refuse("not_now")
        if isinstance(action, Play):
            assert isinstance(step, PlayStep)
            held = state.hands[seat].count(action.card)
            if held < action.count:
                return refuse("not_in_hand", card=action.card, count=action.count, held=held)
            reason = turn.beats(state, step, action.card)
            top = state.top()
            if reason is not None:
                return refuse(reason, card=action.card, top="—" if top is None else top)
            return None
        if isinstance(action, Pass):
            assert isinstance(step, PlayStep)
            return refuse("must_play") if step.must else None
        if isinstance(action, Keep):
            assert isinstance(step, KeepStep)
            return None if action.card in step.drawn else refuse("not_drawn", card=action.card)
        if isinstance(action, Share | GiveTo | Steal):
            return None if action.seat in state.opponents(seat) else refuse("not_opponent")
        if isinstance(action, Give):
            if action.card not in state.hands[seat]:
                return refuse("not_in_hand", card=action.card, count=1, held=0)
            return None
        if isinstance(action, Swap):
            if action.seat not in state.opponents(seat):
                return refuse("not_opponent")
            if (action.zone, action.seat) not in effects.swaps(state, seat):
                return refuse("swap_empty_hand" if action.zone == "hand" else "swap_empty_cemetery")
            return None
        return None if action.card in state.cemeteries[seat] else refuse("not_in_cemetery", card=action.card)

    def evaluate(self, state: OhMyBrainState, seat: int) -> float | None:
        """The computer players' hint: the brains each seat has, less half a brain per card it holds (hand and
        Cemetery: a brain each is lost when someone else runs out of cards)."""
        values = [state.brains[other] - 0.5 * state.cards_of(other) for other in range(state.players)]
        return standing(values, seat, 2.0, state.withdrawn)

    def consequence(self, state: OhMyBrainState, seat: int, action: OhMyBrainAction) -> Consequence | None:
        """Not playing while a card could be played certainly costs a brain (the last one ends the game)."""
        if isinstance(action, Pass) and turn.can_play(state, seat):
            last = state.brains[seat] <= 1
            return Consequence(
                key="ohmybrain.consequence.lose_last_brain" if last else "ohmybrain.consequence.lose_brain"
            )
        return None

    # ----- carrying out -------------------------------------------------------
    def _apply(self, state: OhMyBrainState, seat: int, action: OhMyBrainAction) -> None:
        state.clear_fresh(seat)
        step = state.step
        if isinstance(action, Bury):
            dealing.bury(state, seat, action.card)
        elif isinstance(action, Play):
            state.step = None
            turn.play(state, seat, action.card, action.count)
        elif isinstance(action, Pass):
            state.step = None
            turn.pass_turn(state, seat)
        elif isinstance(action, Keep):
            turn.keep(state, seat, action.card)
        elif isinstance(action, Share):
            turn.share(state, seat, action.seat)
        elif isinstance(action, Take):
            turn.take(state, seat, action.card)
        else:
            state.step = None
            if isinstance(action, GiveTo):
                turn.after_effect(state, seat, effects.give_to(state, seat, action.seat))
                return
            if isinstance(action, Give):
                assert isinstance(step, GiveStep)
                effects.give(state, seat, step.to, action.card)
            elif isinstance(action, Steal):
                effects.steal(state, seat, action.seat)
            else:
                effects.swap(state, seat, action.zone, action.seat)
            turn.after_effect(state, seat, "done")

    def _withdraw(self, state: OhMyBrainState, seat: int) -> None:
        leaving.withdraw(state, seat)

    # ----- the end ------------------------------------------------------------
    def is_over(self, state: OhMyBrainState) -> bool:
        return state.over

    def result(self, state: OhMyBrainState) -> Result | None:
        return endings.result(state)

    # ----- the card picker ----------------------------------------------------
    def card_pick(self, state: OhMyBrainState, seat: int) -> CardPick | None:
        """The refill: one Cemetery card at a time, each number once, in a select (the Cemetery may hold many
        numbers; a choice acts at once)."""
        if not isinstance(state.step, RefillStep) or seat not in self.to_act(state):
            return None
        return CardPick(
            kind="take",
            field="card",
            cards=tuple(str(card) for card in distinct(state.cemeteries[seat])),
            min=1,
            max=1,
            prompt="ohmybrain.pick.take",
            params={"count": turn.need(state, seat)},
        )

    # ----- views --------------------------------------------------------------
    def perspective(
        self, state: OhMyBrainState, viewer: int | None, *, legal_now: Sequence[OhMyBrainAction] | None = None
    ) -> OhMyBrainPerspective:
        own = viewer is not None and 0 <= viewer < state.players
        legal = self.viewer_legal(state, viewer, legal_now) if own else []
        step = state.step
        playable: list[int] = []
        if own and viewer == state.active and isinstance(step, PlayStep) and not state.dealing and not state.over:
            playable = [card for card in distinct(state.hands[state.active]) if turn.beats(state, step, card) is None]
        return OhMyBrainPerspective(
            **self.base_perspective_fields(state, viewer),
            **own_cards(state, viewer),
            start_brains=state.options.brains,
            round=state.round,
            lot=state.lot if state.dealing else 0,
            starter=state.starter,
            active=None if state.over or state.dealing else state.active,
            turn=state.turn,
            horde=list(state.horde),
            reserve_count=len(state.reserve),
            defausse_count=len(state.defausse),
            seats=seat_views(state),
            pending=pending_view(state),
            last_roll=state.last_roll,
            last_round=state.last_round,
            winners=list(state.winners),
            marshmallow=list(state.marshmallow),
            playable=playable,
            legal=list(dict.fromkeys(action.kind for action in legal)),
        )

    def reshuffle_unseen(self, state: OhMyBrainState, viewer: int | None, seed: int) -> OhMyBrainState:
        """Rearrange every card `viewer` cannot see, each place keeping its size: the Réserve, the Défausse, the
        other players' hands, Cemeteries and lots, and the 2 cards another player drew.

        The pooled cards are sorted before the shuffle, so the result depends only on what `viewer` sees and
        `seed`. Another player's secret choice of the deal, made and waiting for the others' (only that they
        chose is public), is drawn anew from their new lot. The RNG is reseeded."""
        copy = state.model_copy(deep=True)
        rng = Rng.from_seed(seed)
        others = [seat for seat in range(copy.players) if seat != viewer]
        step = copy.step
        drawn_hidden = isinstance(step, KeepStep) and copy.active != viewer
        pool = copy.reserve + copy.defausse
        for seat in others:
            pool += copy.hands[seat] + copy.cemeteries[seat] + copy.lots[seat]
        if isinstance(step, KeepStep) and drawn_hidden:
            pool += step.drawn
        pool.sort()
        rng.shuffle(pool)

        def deal(count: int) -> list[int]:
            taken = pool[:count]
            del pool[:count]
            return taken

        copy.reserve = deal(len(copy.reserve))
        copy.defausse = deal(len(copy.defausse))
        for seat in others:
            copy.hands[seat] = deal(len(copy.hands[seat]))
            copy.cemeteries[seat] = deal(len(copy.cemeteries[seat]))
            copy.lots[seat] = sorted(deal(len(copy.lots[seat])))
            if seat < len(copy.fresh):
                copy.fresh[seat] = []
            if seat < len(copy.fresh_cemetery):
                copy.fresh_cemetery[seat] = []
            if copy.dealing and copy.buried[seat] is not None and copy.lots[seat]:
                copy.buried[seat] = rng.choice(copy.lots[seat])
        if isinstance(step, KeepStep) and drawn_hidden:
            step.drawn = sorted(deal(len(step.drawn)))
        copy.rng = rng
        return copy
