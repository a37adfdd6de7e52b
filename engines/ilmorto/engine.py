"""IlMortoEngine: the Il Morto rules behind the shared engine contract (docs/games/ilmorto.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from pydantic import TypeAdapter

from engines.core import Consequence, Engine, Refusal, Result, Rng, places_from_scores
from engines.core.computer.hints import standing
from engines.ilmorto import table
from engines.ilmorto.actions import (
    Accuse,
    GiveLife,
    IlMortoAction,
    Keep,
    Knock,
    Look,
    Swap,
    SwapDeck,
    action_adapter,
)
from engines.ilmorto.cards import FANTE, MAX_PLAYERS, MIN_PLAYERS, STARTING_LIVES, canonical, rank
from engines.ilmorto.perspective import IlMortoPerspective, seat_views
from engines.ilmorto.state import IlMortoOptions, IlMortoState

# The buttons, built once (frozen models): candidate_actions runs several times per move.
KNOCK, LOOK, KEEP, SWAP, SWAP_DECK = Knock(), Look(), Keep(), Swap(), SwapDeck()
ANYTIME = (Look, GiveLife, Accuse)

MEASURE_KEY = "ilmorto.measure.rounds"


def setup(players: int, options: IlMortoOptions, seed: int, dealer: int | None = None) -> IlMortoState:
    """A seated table before the first deal: three lives each; the first dealer drawn at random unless given."""
    state = IlMortoState(
        players=players,
        rng=Rng.from_seed(seed),
        options=options,
        lives=[STARTING_LIVES] * players,
        dealer=0,
        hands=[None] * players,
        face_up=[False] * players,
        known=[[] for _ in range(players)],
        looked=[False] * players,
        survived=[0] * players,
        died_at=[0] * players,
    )
    state.dealer = state.rng.below(players) if dealer is None else dealer
    table.emit(state, "game_start", lives=STARTING_LIVES)
    return state


class IlMortoEngine(Engine[IlMortoState, IlMortoAction, IlMortoOptions, IlMortoPerspective]):
    """Il Morto: one secret card each, keep it or pass it on; the lowest card loses a life; the dead are
    skipped, and the living must not speak to them."""

    name: ClassVar[str] = "ilmorto"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    state_model: ClassVar[type[IlMortoState]] = IlMortoState
    options_model: ClassVar[type[IlMortoOptions]] = IlMortoOptions
    action_adapter: ClassVar[TypeAdapter[IlMortoAction]] = action_adapter
    measure_order = "high"  # rounds survived
    has_anytime_actions: ClassVar[bool] = True

    def new(self, players: int, options: IlMortoOptions, seed: int) -> IlMortoState:
        refusal = self.check_players(players)
        if refusal is not None:
            raise ValueError(refusal.key)
        state = setup(players, options, seed)
        table.deal_round(state)
        return state

    # ----- whose decision --------------------------------------------------------------------------------------
    def to_act(self, state: IlMortoState) -> tuple[int, ...]:
        if state.finished:
            return ()
        if not state.knocked:
            return (state.dealer,)
        return () if state.to_move is None else (state.to_move,)

    def candidate_actions(self, state: IlMortoState, seat: int) -> Sequence[IlMortoAction]:
        """Before the knock: the dealer's Knock, and Look for everyone holding a card who has not looked yet.
        After it: Keep and Swap (the dealer: Keep and SwapDeck) for the player whose turn it is."""
        if state.finished or not 0 <= seat < state.players or not state.alive(seat):
            return []
        if not state.knocked:
            actions: list[IlMortoAction] = [KNOCK] if seat == state.dealer else []
            if state.holds(seat) and not state.looked[seat]:
                actions.append(LOOK)
            return actions
        if seat != state.to_move:
            return []
        return [KEEP, SWAP_DECK] if seat == state.dealer else [KEEP, SWAP]

    def anytime(self, state: IlMortoState, seat: int, action: IlMortoAction) -> bool:
        """Looking (before the knock), speaking to the dead and the dealer's accusations happen out of turn."""
        return isinstance(action, ANYTIME)

    def reported_actions(self, state: IlMortoState, seat: int) -> Sequence[IlMortoAction]:
        """A living player other than the dealer may speak to each dead player; the dealer may accuse each living
        player of speaking to each dead one. (The options may switch either off: `check` says so.)"""
        if state.finished or not 0 <= seat < state.players or not state.alive(seat):
            return []
        dead = state.dead()
        if seat != state.dealer:
            return [GiveLife(to=other) for other in dead]
        living = [other for other in state.living() if other != state.dealer]
        return [Accuse(accused=accused, dead=other) for accused in living for other in dead]

    # ----- the rules -------------------------------------------------------------------------------------------
    def check(self, state: IlMortoState, seat: int, action: IlMortoAction) -> Refusal | None:
        if isinstance(action, GiveLife):
            return self._check_give(state, seat, action)
        if isinstance(action, Accuse):
            return self._check_accuse(state, seat, action)
        if not state.alive(seat):
            return Refusal(key="ilmorto.refusal.you_are_dead")
        if isinstance(action, Look):
            if not state.holds(seat):
                return Refusal(key="ilmorto.refusal.no_card")
            if state.knocked:
                return Refusal(key="ilmorto.refusal.after_knock")
            if state.looked[seat]:
                return Refusal(key="ilmorto.refusal.already_looked")
            return None
        if isinstance(action, Knock):
            if state.knocked:
                return Refusal(key="ilmorto.refusal.already_knocked")
            if seat != state.dealer:
                return Refusal(key="ilmorto.refusal.not_dealer")
            return None
        if not state.knocked:
            return Refusal(key="ilmorto.refusal.before_knock")
        if isinstance(action, Keep):
            return None
        if state.face_up[seat]:
            return Refusal(key="ilmorto.refusal.own_face_up")
        if isinstance(action, SwapDeck):
            return None if seat == state.dealer else Refusal(key="ilmorto.refusal.deck_is_dealers")
        if seat == state.dealer:
            return Refusal(key="ilmorto.refusal.dealer_swaps_deck")
        target = table.swap_target(state, seat)
        if target.blocker is not None:
            return Refusal(key="ilmorto.refusal.blocked_by_re", params={"seat": target.blocker})
        return None

    def _check_give(self, state: IlMortoState, seat: int, action: GiveLife) -> Refusal | None:
        if not state.options.speaking_rule:
            return Refusal(key="ilmorto.refusal.speaking_off")
        if not state.alive(seat):
            return Refusal(key="ilmorto.refusal.you_are_dead")
        if seat == state.dealer:
            return Refusal(key="ilmorto.refusal.dealer_speaks_freely")
        if action.to not in state.dead():
            return Refusal(key="ilmorto.refusal.not_dead")
        return None

    def _check_accuse(self, state: IlMortoState, seat: int, action: Accuse) -> Refusal | None:
        if not state.options.accusations:
            return Refusal(key="ilmorto.refusal.accusations_off")
        if seat != state.dealer:
            return Refusal(key="ilmorto.refusal.dealer_accuses")
        if action.accused == state.dealer or not (0 <= action.accused < state.players and state.alive(action.accused)):
            return Refusal(key="ilmorto.refusal.accused_not_living")
        if action.dead not in state.dead():
            return Refusal(key="ilmorto.refusal.not_dead")
        return None

    def _apply(self, state: IlMortoState, seat: int, action: IlMortoAction) -> None:
        if isinstance(action, Look):
            table.look(state, seat)
        elif isinstance(action, Knock):
            table.knock(state)
        elif isinstance(action, Keep):
            table.keep(state, seat)
        elif isinstance(action, Swap):
            table.swap(state, seat)
        elif isinstance(action, SwapDeck):
            table.swap_deck(state, seat)
        elif isinstance(action, GiveLife):
            table.emit(state, "give_life", seat=seat, to_seat=action.to, lives=state.lives[seat] - 1)
            table.transfer_life(state, seat, action.to)
        else:
            table.emit(
                state,
                "accuse",
                seat=seat,
                accused_seat=action.accused,
                dead_seat=action.dead,
                lives=state.lives[action.accused] - 1,
            )
            table.transfer_life(state, action.accused, action.dead)

    def _withdraw(self, state: IlMortoState, seat: int) -> None:
        table.withdraw(state, seat)

    # ----- the end ---------------------------------------------------------------------------------------------
    def is_over(self, state: IlMortoState) -> bool:
        return state.finished

    def result(self, state: IlMortoState) -> Result | None:
        """Places by elimination order: the last one alive first, then the later a player (last) died the
        better, those who died together tied; players who left the game last. Measure: rounds survived."""
        if not state.finished:
            return None
        top = state.deaths + 1
        scores = [
            -1 if seat in state.withdrawn else top if seat in state.winners else state.died_at[seat]
            for seat in range(state.players)
        ]
        return Result(
            places=places_from_scores(scores, higher_is_better=True),
            winners=tuple(state.winners),
            measure=tuple(state.survived),
            measure_key=MEASURE_KEY,
        )

    # ----- views -----------------------------------------------------------------------------------------------
    def perspective(
        self, state: IlMortoState, viewer: int | None, *, legal_now: Sequence[IlMortoAction] | None = None
    ) -> IlMortoPerspective:
        legal = self.viewer_legal(state, viewer, legal_now)
        kinds = list(dict.fromkeys(action.kind for action in legal))
        swap_with, swap_deck, blocker, skipped = None, False, None, []
        due = viewer is not None and viewer in self.to_act(state) and state.knocked
        if due and viewer is not None and viewer != state.dealer and not state.face_up[viewer]:
            target = table.swap_target(state, viewer)
            swap_with, swap_deck, blocker, skipped = target.seat, target.deck, target.blocker, list(target.skipped)
        elif due and viewer == state.dealer and not state.face_up[viewer]:
            swap_deck = True
        return IlMortoPerspective(
            **self.base_perspective_fields(state, viewer),
            round=state.round,
            dealer=state.dealer,
            lives=list(state.lives),
            dead=state.dead(),
            speaking_rule=state.options.speaking_rule,
            accusations=state.options.accusations,
            knocked=state.knocked,
            to_move=None if state.finished else state.to_move,
            seats=seat_views(state, viewer),
            stock=len(state.stock),
            discard=len(state.discard),
            aside=list(state.aside),
            last_losers=list(state.last_losers),
            winners=list(state.winners),
            legal=kinds,
            swap_with=swap_with,
            swap_deck=swap_deck,
            swap_blocker=blocker,
            swap_skipped=skipped,
        )

    def evaluate(self, state: IlMortoState, seat: int) -> float | None:
        """The computer players' hint: the lives each seat has left; a dead seat below every living one, the later
        it died the better (as the results place them)."""
        top = state.deaths + 1
        values = [
            float(lives) if lives > 0 else died / top - 1.0
            for lives, died in zip(state.lives, state.died_at, strict=True)
        ]
        return standing(values, seat, 0.8, state.withdrawn)

    def consequence(self, state: IlMortoState, seat: int, action: IlMortoAction) -> Consequence | None:
        """Looking at your card before the knock costs a life for sure (your last one: you die); the dealer
        looks for free. Speaking to the dead is no button: the bot sees it happen."""
        if isinstance(action, Look) and seat != state.dealer and not state.knocked:
            lives = state.lives[seat] - 1
            if lives == 0:
                return Consequence(key="ilmorto.consequence.look_dies")
            return Consequence(key="ilmorto.consequence.look", params={"lives": lives})
        return None

    def reshuffle_unseen(self, state: IlMortoState, viewer: int | None, seed: int) -> IlMortoState:
        """Rearrange what `viewer` cannot see: the face-down cards of the others (and their own before they
        looked), the stock and the face-down discard, pooled in the deck's order, shuffled with `seed` and dealt
        back in the same places. After the knock a face-down card is never a Cavallo or a Re (those lie face
        up): the hands then take the first cards of Fante or lower. The RNG is reseeded."""
        copy = state.model_copy(deep=True)
        rng = Rng.from_seed(seed)
        slots = [seat for seat in range(state.players) if copy.holds(seat) and not copy.sees(viewer, seat)]
        hidden = [card for seat in slots if (card := copy.hands[seat]) is not None]
        pool = canonical(hidden + copy.stock + copy.discard)
        rng.shuffle(pool)
        for seat in slots:
            card = next(card for card in pool if not copy.knocked or rank(card) <= FANTE)
            pool.remove(card)
            copy.hands[seat] = card
        copy.stock, copy.discard = pool[: len(copy.stock)], pool[len(copy.stock) :]
        copy.rng = rng
        return copy
