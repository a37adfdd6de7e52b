"""FullOfDollarsEngine: the Full of Dollars rules behind the shared engine contract (docs/games/fullofdollars.md).

Decisions and how they play on Discord:

* Business phase: one button per move (`Open` a business card, `HoldUp` with an Uzi card at a victim, `Pass`);
  a yes/no (`CallPoker` / `PlayOn`) after a second pass in a row.
* Hold-ups ask one player at a time (`Attack` / `Defend` with a card, or `Abstain`): the laps are the rules'.
* Reaction windows (FBI after a collection; Jugement and Bombe at the end of a turn) ask every player concerned
  at once, each on their own clock, whether or not they hold such a card: `Decline` is always there, so the
  question itself tells nothing, and a silent window never stalls an asynchronous table.
* A Jugement's target keeps or closes their businesses one at a time (two buttons each).
* Poker phase: discarding is a set of cards from a hand of 5, so it is a `CardPick` (the card picker: any 0-5
  cards, then one confirmation), not 32 buttons. Choosing which two-valued cards show their higher value is a
  secret simultaneous decision and also a `CardPick` over the player's two-valued cards (nothing picked: an
  honest hand): one message, one confirmation, however many such cards. Then `Concede` / `Accuse`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import ClassVar

from pydantic import TypeAdapter

from engines.core import CardPick, Consequence, Engine, Refusal, Result, Rng, places_from_scores
from engines.core.computer.hints import standing
from engines.core.engine import PreMove
from engines.fullofdollars import business, flow, holdup, pokerphase, reactions
from engines.fullofdollars.actions import (
    Abstain,
    Accuse,
    Attack,
    Bomb,
    CallPoker,
    CloseBusiness,
    Concede,
    Decline,
    Defend,
    Discard,
    Fbi,
    FullOfDollarsAction,
    HoldUp,
    Judge,
    KeepBusiness,
    Open,
    Pass,
    PlayOn,
    Reveal,
    action_adapter,
)
from engines.fullofdollars.cards import FullOfDollarsDeck
from engines.fullofdollars.money import business_total, emit
from engines.fullofdollars.perspective import (
    FullOfDollarsPerspective,
    card_view,
    holdup_view,
    judgement_view,
    poker_view,
    seat_views,
    window_view,
)
from engines.fullofdollars.reshuffle import reshuffle
from engines.fullofdollars.state import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    FullOfDollarsOptions,
    FullOfDollarsState,
    starting_money,
)

MEASURE_KEY = "fullofdollars.measure.money"
PASS, CALL, PLAY_ON, ABSTAIN, DECLINE, FBI = Pass(), CallPoker(), PlayOn(), Abstain(), Decline(), Fbi()
KEEP, CLOSE, CONCEDE, ACCUSE = KeepBusiness(), CloseBusiness(), Concede(), Accuse()


def subsets(cards: Sequence[str]) -> list[tuple[str, ...]]:
    """Every subset of `cards` (in their order), the empty one first, smaller ones first."""
    return [combo for size in range(len(cards) + 1) for combo in combinations(cards, size)]


REACTION = "reaction"  # the decision a pre-move is chosen for: answering a reaction window (`premoves`)
BOMB_BUTTONS = 8  # more targets for a Bombe than this are offered as a pick (a menu) rather than as buttons


class FullOfDollarsEngine(
    Engine[FullOfDollarsState, FullOfDollarsAction, FullOfDollarsOptions, FullOfDollarsPerspective]
):
    """Full of Dollars: businesses, hold-ups and dirty tricks, then a poker hand where cheating is allowed
    until someone says so. The game ends when someone cannot pay; the richest wins."""

    name: ClassVar[str] = "fullofdollars"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    state_model: ClassVar[type[FullOfDollarsState]] = FullOfDollarsState
    options_model: ClassVar[type[FullOfDollarsOptions]] = FullOfDollarsOptions
    action_adapter: ClassVar[TypeAdapter[FullOfDollarsAction]] = action_adapter
    measure_order = "high"  # money at the end
    has_premoves: ClassVar[bool] = True  # declining a reaction window, once or always

    def __init__(self, deck: FullOfDollarsDeck) -> None:
        self.deck = deck

    # ----- set-up ----------------------------------------------------------------------------------------------
    def new(self, players: int, options: FullOfDollarsOptions, seed: int) -> FullOfDollarsState:
        refusal = self.check_players(players)
        if refusal is not None:
            raise ValueError(refusal.key)
        rng = Rng.from_seed(seed)
        pile = sorted(self.deck.ids())
        rng.shuffle(pile)
        hands = [[pile.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        money = starting_money(players)
        state = FullOfDollarsState(
            players=players,
            rng=rng,
            options=options,
            money=[money] * players,
            hands=hands,
            businesses=[[] for _ in range(players)],
            draw=pile,
            passes=[0] * players,
            stage="turn_start",
        )
        state.turn = state.rng.below(players)
        emit(state, "game_start", money=money, seat=state.turn)
        flow.settle(self.deck, state)
        return state

    # ----- whose decision --------------------------------------------------------------------------------------
    def to_act(self, state: FullOfDollarsState) -> tuple[int, ...]:
        stage = state.stage
        if stage in ("turn", "call"):
            return (state.turn,)
        if stage in ("fbi", "end") and state.window is not None:
            return tuple(sorted(seat for seat, answer in state.window.answers.items() if answer is None))
        if stage == "holdup" and state.holdup is not None:
            current = state.holdup.current()
            return () if current is None else (current,)
        if stage == "judgement" and state.judgement is not None:
            return (state.judgement.target,)
        if stage == "draw":
            seat = pokerphase.drawing(state)
            return () if seat is None else (seat,)
        if stage == "reveal" and state.poker is not None:
            return tuple(sorted(seat for seat, high in state.poker.high.items() if high is None))
        if stage == "contest":
            seat = pokerphase.contest_seat(state)
            return () if seat is None else (seat,)
        return ()

    def candidate_actions(self, state: FullOfDollarsState, seat: int) -> Sequence[FullOfDollarsAction]:
        """The safe answer first (it is the default on a timeout): Pass, PlayOn, Decline, Abstain, keeping a
        business, discarding nothing, showing honestly, conceding."""
        if seat not in self.to_act(state):
            return []
        hand = state.hands[seat]
        others = [other for other in state.live() if other != seat]
        stage = state.stage
        # Only the cards of the right type are offered (a 5-player turn would otherwise list 26 moves, more than a
        # hand's buttons); `check` still judges any card.
        kinds = {card: self.deck.card(card).type for card in hand}
        uzis = [card for card in hand if kinds[card] == "uzi"]
        specials = {self.deck.card(card).special for card in hand if kinds[card] == "special"}
        if stage == "turn":
            return [
                PASS,
                *(Open(card=card) for card in hand if kinds[card] == "business"),
                *(HoldUp(card=card, victim=victim) for card in uzis for victim in others),
            ]
        if stage == "call":
            return [PLAY_ON, CALL]
        if stage == "fbi":
            return [DECLINE, FBI]
        if stage == "end":
            judges = [Judge(target=other) for other in others] if "jugement" in specials else []
            bombs = [card for owner in others for card in state.businesses[owner]] if "bombe" in specials else []
            return [DECLINE, *judges, *(Bomb(card=card) for card in bombs)]
        if stage == "holdup":
            polices = [card for card in hand if kinds[card] == "police"]
            return [ABSTAIN, *(Attack(card=card) for card in uzis), *(Defend(card=card) for card in polices)]
        if stage == "judgement":
            return [KEEP, CLOSE]
        if stage == "draw":
            return [Discard(cards=cards) for cards in subsets(hand)]
        if stage == "reveal":
            return [Reveal(cards=cards) for cards in subsets(pokerphase.duals(self.deck, state, seat))]
        if stage == "contest":
            return [CONCEDE, ACCUSE]
        return []

    def premoves(self, state: FullOfDollarsState, seat: int) -> Sequence[PreMove]:
        """A player waiting may decline their next reaction window ahead, once or for every window at the table.

        Every window asks every player concerned (FBI: all but the collector; end of turn: everyone), so any
        player still in may face the next one, unless the game ends at the next passing stage (`ruined`).
        """
        if state.finished or state.ruined or seat in state.withdrawn or not 0 <= seat < state.players:
            return ()
        if seat in self.to_act(state):
            return ()
        return (PreMove(REACTION, (DECLINE,), standing=True),)

    def decision_kind(self, state: FullOfDollarsState, seat: int) -> str | None:
        """`reaction` while a window waits for the seat's answer."""
        window = state.window
        if state.stage in ("fbi", "end") and window is not None and seat in window.answers:
            return REACTION if window.answers[seat] is None else None
        return None

    def card_pick(self, state: FullOfDollarsState, seat: int) -> CardPick | None:
        """The discard of the Poker phase and the choice of values to show are picks of cards."""
        if seat not in self.to_act(state):
            return None
        if state.stage == "draw":
            hand = tuple(state.hands[seat])
            price = pokerphase.card_price(state, seat)  # a card's price, as the decision and the draft say
            return CardPick(
                kind="discard",
                field="cards",
                cards=hand,
                min=0,
                max=len(hand),
                prompt="fullofdollars.pick.discard" if price else "fullofdollars.pick.discard_free",
                params={"price": price, "size": HAND_SIZE},
            )
        if state.stage == "reveal":
            duals = tuple(pokerphase.duals(self.deck, state, seat))
            if duals:
                return CardPick(
                    kind="reveal", field="cards", cards=duals, min=0, max=len(duals), prompt="fullofdollars.pick.reveal"
                )
        if state.stage == "end" and any(self.deck.card(card).special == "bombe" for card in state.hands[seat]):
            return self._bomb_pick(state, seat)
        return None

    def _bomb_pick(self, state: FullOfDollarsState, seat: int) -> CardPick | None:
        """A Bombe's targets as a pick of one business, grouped by owner in seat order, when they are more than
        `BOMB_BUTTONS` (a long list reads better as a menu than as buttons); `owners` names each target's owner."""
        owners = [(owner, card) for owner in state.live() if owner != seat for card in state.businesses[owner]]
        if len(owners) <= BOMB_BUTTONS:
            return None
        groups = [sum(1 for owner, _ in owners if owner == other) for other in state.live() if other != seat]
        return CardPick(
            kind="bomb",
            field="card",
            cards=tuple(card for _, card in owners),
            min=1,
            max=1,
            prompt="fullofdollars.pick.bomb",
            params={"owners": ",".join(str(owner) for owner, _ in owners)},
            groups=tuple(size for size in groups if size),
        )

    # ----- the rules -------------------------------------------------------------------------------------------
    def check(self, state: FullOfDollarsState, seat: int, action: FullOfDollarsAction) -> Refusal | None:
        stage = state.stage
        if isinstance(action, (Open, HoldUp, Pass)):
            if stage != "turn":
                return Refusal(key="fullofdollars.refusal.not_now")
            if isinstance(action, Open):
                return business.check_open(self.deck, state, seat, action.card)
            if isinstance(action, HoldUp):
                return holdup.check_start(self.deck, state, seat, action.card, action.victim)
            return None
        if isinstance(action, (CallPoker, PlayOn)):
            return None if stage == "call" else Refusal(key="fullofdollars.refusal.not_now")
        if isinstance(action, (Fbi, Judge, Bomb, Decline)):
            if stage not in ("fbi", "end"):
                return Refusal(key="fullofdollars.refusal.not_now")
            return reactions.check_answer(self.deck, state, seat, action)
        if isinstance(action, (Attack, Defend, Abstain)):
            if stage != "holdup":
                return Refusal(key="fullofdollars.refusal.not_now")
            return holdup.check_play(self.deck, state, seat, action)
        if isinstance(action, (KeepBusiness, CloseBusiness)):
            if stage != "judgement" or state.judgement is None or not state.judgement.businesses:
                return Refusal(key="fullofdollars.refusal.not_now")
            if isinstance(action, KeepBusiness):
                cost = 2 * self.deck.value(state.judgement.businesses[0])
                if state.money[seat] < cost:
                    return Refusal(key="fullofdollars.refusal.cannot_afford", params={"amount": cost})
            return None
        if isinstance(action, Discard):
            if stage != "draw":
                return Refusal(key="fullofdollars.refusal.not_now")
            return pokerphase.check_discard(state, seat, action.cards)
        if isinstance(action, Reveal):
            if stage != "reveal":
                return Refusal(key="fullofdollars.refusal.not_now")
            return pokerphase.check_reveal(self.deck, state, seat, action.cards)
        if stage != "contest":
            return Refusal(key="fullofdollars.refusal.not_now")
        return None

    def _apply(self, state: FullOfDollarsState, seat: int, action: FullOfDollarsAction) -> None:
        deck = self.deck
        if isinstance(action, Open):
            business.open_business(deck, state, seat, action.card)
        elif isinstance(action, HoldUp):
            holdup.start(deck, state, seat, action.card, action.victim)
        elif isinstance(action, Pass):
            business.pass_turn(state, seat)
        elif isinstance(action, CallPoker):
            business.call_poker(state, seat)
        elif isinstance(action, PlayOn):
            business.play_on(state, seat)
        elif isinstance(action, (Fbi, Judge, Bomb, Decline)):
            reactions.answer(deck, state, seat, action)
        elif isinstance(action, (Attack, Defend, Abstain)):
            holdup.play(deck, state, seat, action)
        elif isinstance(action, KeepBusiness):
            reactions.keep(deck, state)
        elif isinstance(action, CloseBusiness):
            reactions.close(deck, state)
        elif isinstance(action, Discard):
            pokerphase.discard(deck, state, seat, action.cards)
        elif isinstance(action, Reveal):
            pokerphase.reveal(deck, state, seat, action.cards)
        else:
            pokerphase.answer(deck, state, seat, isinstance(action, Accuse))
        flow.settle(deck, state)

    def _withdraw(self, state: FullOfDollarsState, seat: int) -> None:
        emit(state, "withdraw", seat=seat)
        flow.withdraw(self.deck, state, seat)

    def default_action(self, state: FullOfDollarsState, seat: int) -> FullOfDollarsAction:
        """The first legal action: the safe answer (see `candidate_actions`); closing a business that cannot be
        paid for is the only choice then."""
        return super().default_action(state, seat)

    def evaluate(self, state: FullOfDollarsState, seat: int) -> float | None:
        """The computer players' hint: the money each seat has (thousands), its businesses worth a quarter of their
        value (they bring money in and break ties)."""
        values = [money + 0.25 * business_total(self.deck, state, other) for other, money in enumerate(state.money)]
        return standing(values, seat, 300.0, state.withdrawn)

    def consequence(self, state: FullOfDollarsState, seat: int, action: FullOfDollarsAction) -> Consequence | None:
        """Buying back cards you cannot pay for: you pay all your notes and the game ends after this Poker
        phase (certain: the price and your money are in front of you)."""
        if isinstance(action, Discard) and state.stage == "draw":
            price = pokerphase.cost(state, seat, len(action.cards))
            if price > state.money[seat]:
                return Consequence(key="fullofdollars.consequence.ruin", params={"amount": state.money[seat]})
        return None

    # ----- the end ---------------------------------------------------------------------------------------------
    def is_over(self, state: FullOfDollarsState) -> bool:
        return state.finished

    def result(self, state: FullOfDollarsState) -> Result | None:
        """The richest player still in wins; ties go to the higher business total, then are shared. Players
        who left come last. Measure: money at the end (thousands)."""
        if not state.finished:
            return None
        top = sum(self.deck.value(card) for card in self.deck.ids()) + 1
        scores = [
            -1 if seat in state.withdrawn else state.money[seat] * top + business_total(self.deck, state, seat)
            for seat in range(state.players)
        ]
        return Result(
            places=places_from_scores(scores, higher_is_better=True),
            winners=tuple(state.winners),
            measure=tuple(state.money),
            measure_key=MEASURE_KEY,
        )

    # ----- views -----------------------------------------------------------------------------------------------
    def perspective(
        self, state: FullOfDollarsState, viewer: int | None, *, legal_now: Sequence[FullOfDollarsAction] | None = None
    ) -> FullOfDollarsPerspective:
        deck = self.deck
        legal = self.viewer_legal(state, viewer, legal_now)
        own = viewer is not None and 0 <= viewer < state.players
        return FullOfDollarsPerspective(
            **self.base_perspective_fields(state, viewer),
            stage=state.stage,
            turn=state.turn,
            direction=state.direction,
            pot=state.pot,
            seats=seat_views(deck, state),
            hand=[card_view(deck, card) for card in state.hands[viewer]] if own and viewer is not None else [],
            draw=len(state.draw),
            discard=len(state.discard),
            discard_top=card_view(deck, state.discard[-1]) if state.discard else None,
            caller=state.caller,
            holdup=holdup_view(state),
            window=window_view(state, viewer),
            judgement=judgement_view(deck, state),
            poker=poker_view(state, viewer),
            phases=state.phases,
            winners=list(state.winners),
            legal=list(dict.fromkeys(action.kind for action in legal)),
        )

    def reshuffle_unseen(self, state: FullOfDollarsState, viewer: int | None, seed: int) -> FullOfDollarsState:
        """See `reshuffle.reshuffle`."""
        return reshuffle(self.deck, state, viewer, seed)
