"""DeadMoneyEngine: the Dead Money rules behind the shared engine contract.

The card data (hand costs, coins, Brain requirement) comes from `data/cards/dead_money.json`,
read by the bot and passed in as a `DeadMoneyDeck`: engines do no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import ClassVar, Literal

from pydantic import TypeAdapter

from engines import poker
from engines.core import CardPick, Consequence, Engine, Refusal, Result, Rng
from engines.core.computer.hints import standing
from engines.core.engine import PreMove
from engines.deadmoney import resolve
from engines.deadmoney.actions import (
    Bid,
    Cards,
    DeadMoneyAction,
    Decline,
    EndTurn,
    Pass,
    Play,
    PutNext,
    TakeBrain,
    Target,
    action_adapter,
)
from engines.deadmoney.cards import DeadMoneyDeck
from engines.deadmoney.perspective import DeadMoneyPerspective, PendingView, SeatView, ShowdownView
from engines.deadmoney.state import (
    BID_MAX,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Arrange,
    ChooseBrain,
    ChooseSeat,
    DeadMoneyOptions,
    DeadMoneyState,
    PickCards,
    Showdown,
)
from engines.deadmoney.table import Tabletop, joined, rank_of


def refuse(key: str, **params: int | str) -> Refusal:
    return Refusal(key=f"deadmoney.refusal.{key}", params=params)


def costs(key: str, **params: int | str) -> Consequence:
    return Consequence(key=f"deadmoney.consequence.{key}", params=params)


def distinct(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


BID = "bid"  # the decision a pre-move is chosen for: a bidder's turn in a showdown (`premoves`)


class DeadMoneyEngine(Engine[DeadMoneyState, DeadMoneyAction, DeadMoneyOptions, DeadMoneyPerspective]):
    """Dead Money (James Ernest, Cheapass Games 2006): empty your hand; Brains, dice and poker showdowns."""

    name: ClassVar[str] = "deadmoney"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    state_model: ClassVar[type[DeadMoneyState]] = DeadMoneyState
    options_model: ClassVar[type[DeadMoneyOptions]] = DeadMoneyOptions
    action_adapter: ClassVar[TypeAdapter[DeadMoneyAction]] = action_adapter
    # The measure is the cards left in hand: fewer is better.
    measure_order: ClassVar[Literal["high", "low"]] = "low"
    has_premoves: ClassVar[bool] = True  # passing a showdown bid

    def __init__(self, deck: DeadMoneyDeck) -> None:
        self.deck = deck
        self.specs = dict(deck.by_id)

    def table(self, state: DeadMoneyState) -> Tabletop:
        return Tabletop(state, self.specs)

    # ----- set-up -------------------------------------------------------------
    def new(self, players: int, options: DeadMoneyOptions, seed: int) -> DeadMoneyState:
        refusal = self.check_players(players)
        if refusal is not None:
            raise ValueError(refusal.key)
        rng = Rng.from_seed(seed)
        deck = self.deck.full_deck()
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        active = rng.below(players)
        state = DeadMoneyState(
            players=players,
            rng=rng,
            options=options,
            hands=hands,
            brains=[[] for _ in range(players)],
            deck=deck,
            discard=[],
            active=active,
            moves=[0] * players,
            fresh=[[] for _ in range(players)],
        )
        table = self.table(state)
        table.log("dealt", count=HAND_SIZE)
        table.log("turn", seat=active)
        return state

    # ----- whose decision -----------------------------------------------------
    def to_act(self, state: DeadMoneyState) -> tuple[int, ...]:
        if state.over:
            return ()
        decision = state.top_decision()
        if decision is None:
            return (state.active,)
        if isinstance(decision, PickCards):
            return tuple(seat for seat in decision.choosers if decision.submitted[seat] is None)
        if isinstance(decision, Showdown):
            return (decision.order[decision.at],)
        return (decision.chooser,)

    def candidate_actions(self, state: DeadMoneyState, seat: int) -> Sequence[DeadMoneyAction]:
        """Every play and answer there is, except bids and multi-card picks: a representative few of those."""
        if state.over or seat not in self.to_act(state):
            return []  # nobody is offered answers to someone else's decision (they could show hidden cards)
        table = self.table(state)
        decision = state.top_decision()
        if decision is None:
            return [*(Play(card=card) for card in distinct(resolve.sort_cards(state.hands[seat]))), EndTurn()]
        if isinstance(decision, ChooseSeat):
            return [Target(seat=option) for option in resolve.seat_options(table, decision)]
        if isinstance(decision, ChooseBrain):
            return [TakeBrain(seat=holder, brain=brain) for holder, brain in resolve.brain_options(table, decision)]
        if isinstance(decision, Arrange):
            return [PutNext(card=card) for card in distinct(decision.remaining)]
        if isinstance(decision, PickCards):
            options = resolve.pick_options(table, decision, seat)
            actions: list[DeadMoneyAction] = []
            if decision.count == 1:
                actions += [Cards(cards=(card,)) for card in distinct(options)]
            elif options:
                count = min(decision.count, len(options))
                actions += distinct_actions([Cards(cards=tuple(options[:count])), Cards(cards=tuple(options[-count:]))])
            if decision.optional:
                actions.append(Decline())
            return actions
        return [Pass(), *sample_bids(resolve.biddable(table, seat))]

    def check(self, state: DeadMoneyState, seat: int, action: DeadMoneyAction) -> Refusal | None:
        table = self.table(state)
        decision = state.top_decision()
        if isinstance(action, Play | EndTurn):
            if decision is not None:
                return refuse("not_now")
            if isinstance(action, EndTurn):
                return None
            key = resolve.playable(table, seat, action.card)
            if key is not None:
                spec = self.specs.get(action.card)
                cost = spec.hands if spec is not None else 0
                return refuse(key, card=action.card, cost=cost, left=state.hands_left)
            return None
        if isinstance(action, Cards | Decline):
            if not isinstance(decision, PickCards):
                return refuse("not_now")
            if isinstance(action, Decline):
                return None if decision.optional else refuse("cannot_decline")
            key = resolve.pick_refusal(table, decision, seat, action.cards)
            if key is not None:
                options = resolve.pick_options(table, decision, seat)
                return refuse(key, count=min(decision.count, len(options)))
            return None
        if isinstance(action, Target):
            if not isinstance(decision, ChooseSeat):
                return refuse("not_now")
            return None if action.seat in resolve.seat_options(table, decision) else refuse("bad_target")
        if isinstance(action, TakeBrain):
            if not isinstance(decision, ChooseBrain):
                return refuse("not_now")
            spots = resolve.brain_options(table, decision)
            return None if (action.seat, action.brain) in spots else refuse("bad_brain")
        if isinstance(action, PutNext):
            if not isinstance(decision, Arrange):
                return refuse("not_now")
            return None if action.card in decision.remaining else refuse("bad_card")
        if not isinstance(decision, Showdown):
            return refuse("not_now")
        if isinstance(action, Pass):
            return None
        key = resolve.bid_refusal(table, decision, seat, action.cards)
        if key == "bid_too_low" and decision.high is not None:
            # Both hands named: "pair of 3s does not beat three Kings" (the renderer words the cards).
            return refuse(key, bid=joined(action.cards), high=joined(decision.high.cards))
        return None if key is None else refuse(key)

    def premoves(self, state: DeadMoneyState, seat: int) -> Sequence[PreMove]:
        """During a showdown, a bidder waiting for their turn may pass ahead (their next bid only: a passer may
        raise again on a later lap, so the choice is made for one lap at a time)."""
        decision = state.top_decision()
        if state.over or seat in state.withdrawn or not isinstance(decision, Showdown):
            return ()
        if seat not in decision.order or seat in self.to_act(state):
            return ()
        return (PreMove(BID, (Pass(),)),)

    def decision_kind(self, state: DeadMoneyState, seat: int) -> str | None:
        """`bid` when the seat is the bidder to decide in a showdown."""
        decision = state.top_decision()
        if state.over or not isinstance(decision, Showdown) or not decision.order:
            return None
        return BID if decision.order[decision.at] == seat else None

    def evaluate(self, state: DeadMoneyState, seat: int) -> float | None:
        """The computer players' hint: the fewer cards in hand the better (the first to empty it wins), a Brain in
        front of a seat worth a little (it lets it play the Brain-requiring cards)."""
        values = [-len(hand) + 0.3 * len(brains) for hand, brains in zip(state.hands, state.brains, strict=True)]
        return standing(values, seat, 1.5, state.withdrawn)

    def consequence(self, state: DeadMoneyState, seat: int, action: DeadMoneyAction) -> Consequence | None:
        """What a legal move certainly costs its own player, whose aim is to empty their hand:
        naming themselves to draw 2 (4♠); sending their own Brain back into their hand (A♦); dropping their own
        Brain when another could be dropped (J♦, A♥).

        Ending the turn without playing, and so drawing, while a card could be played is not one: it is the
        ordinary choice of every turn (the card played might cost more), and its button says that it draws."""
        decision = state.top_decision()
        if isinstance(action, Target) and isinstance(decision, ChooseSeat):
            if action.seat == seat and decision.purpose == "draw2":
                return costs("draw", count=2)
            return None
        if isinstance(action, TakeBrain) and isinstance(decision, ChooseBrain) and action.seat == seat:
            if decision.purpose == "return":
                return costs("brain_back", card=action.brain)
            spots = resolve.brain_options(self.table(state), decision)
            if decision.purpose == "drop" and any(holder != seat for holder, _ in spots):
                return costs("drop_own", card=action.brain)
        return None

    # ----- carrying out -------------------------------------------------------
    def _apply(self, state: DeadMoneyState, seat: int, action: DeadMoneyAction) -> None:
        table = self.table(state)
        table.clear_fresh(seat)
        decision = state.top_decision()
        if isinstance(action, Play):
            resolve.play_card(table, seat, action.card)
        elif isinstance(action, EndTurn):
            resolve.end_turn(table, seat)
        elif isinstance(action, Cards | Decline):
            assert isinstance(decision, PickCards)
            cards = list(action.cards) if isinstance(action, Cards) else []
            resolve.submit(table, decision, seat, cards)
        elif isinstance(action, Target):
            assert isinstance(decision, ChooseSeat)
            state.stack.pop()
            resolve.resolve_seat(table, decision, action.seat)
        elif isinstance(action, TakeBrain):
            assert isinstance(decision, ChooseBrain)
            state.stack.pop()
            resolve.resolve_brain(table, decision, action.seat, action.brain)
        elif isinstance(action, PutNext):
            assert isinstance(decision, Arrange)
            resolve.put_next(table, decision, action.card)
        elif isinstance(action, Bid):
            assert isinstance(decision, Showdown)
            resolve.bid(table, decision, seat, action.cards)
        else:
            assert isinstance(decision, Showdown)
            resolve.pass_bid(table, decision, seat)
        resolve.run(table)

    def _withdraw(self, state: DeadMoneyState, seat: int) -> None:
        """The leaver's Brains are discarded and their hand leaves with them; an effect they were part of goes on
        without them, a showdown too (unless they held the high bid: then nobody wins the Brain). If it was their
        turn, what was left of it is abandoned and the next player plays. The last player left wins."""
        table = self.table(state)
        table.log("left", seat=seat)
        state.discard.extend(state.brains[seat])
        state.brains[seat] = []
        if state.next_active == seat:
            state.next_active = None
        alive = state.alive()
        if len(alive) <= 1:
            abandon_turn(table)  # nothing is lost: cards in play, passed or arranged go back to the piles
            for step in state.stack:
                if isinstance(step, Showdown):
                    state.discard.extend([*step.pot, step.brain])
            state.stack = []
            state.winner = alive[0] if alive else None
            state.over = True
            if state.winner is not None:
                table.log("wins", seat=state.winner)
            return
        kept = []
        for step in state.stack:
            if isinstance(step, ChooseSeat | ChooseBrain) and step.chooser == seat and seat != state.active:
                continue
            if isinstance(step, Showdown):
                if step.high is not None and step.high.seat == seat:
                    resolve.finish_showdown(table, step)  # the high bid left: nobody wins the Brain
                    continue
                resolve.leave_showdown(step, seat)
            kept.append(step)
        state.stack = kept
        if seat == state.active:
            abandon_turn(table)
        resolve.run(table)

    # ----- the end ------------------------------------------------------------
    def is_over(self, state: DeadMoneyState) -> bool:
        return state.over

    def result(self, state: DeadMoneyState) -> Result | None:
        """The player who emptied their hand wins; the others rank by the cards left in hand, leavers last."""
        if not state.over:
            return None
        keys = []
        for seat in range(state.players):
            group = 0 if seat == state.winner else 2 if seat in state.withdrawn else 1
            keys.append((group, len(state.hands[seat])))
        places = tuple(1 + sum(1 for other in keys if other < key) for key in keys)
        winners = (state.winner,) if state.winner is not None else ()
        measure = tuple(len(hand) for hand in state.hands)
        return Result(
            places=places,
            winners=winners,
            measure=measure,
            measure_key="deadmoney.measure.cards",
            higher_is_better=False,
        )

    # ----- the card picker ----------------------------------------------------
    def card_pick(self, state: DeadMoneyState, seat: int) -> CardPick | None:
        if seat not in self.to_act(state):
            return None
        table = self.table(state)
        decision = state.top_decision()
        if decision is None:
            playable = [
                card for card in resolve.sort_cards(state.hands[seat]) if resolve.playable(table, seat, card) is None
            ]
            if not playable:
                return None
            return CardPick(
                kind="play",
                field="card",
                cards=tuple(distinct(playable)),
                min=1,
                max=1,
                prompt="deadmoney.pick.play",
                params={"left": state.hands_left},
            )
        if isinstance(decision, PickCards):
            options = resolve.pick_options(table, decision, seat)
            count = min(decision.count, len(options))
            if count == 1:
                options = distinct(options)  # one card to choose: each distinct card once
            return CardPick(
                kind="cards",
                field="cards",
                cards=tuple(options),
                min=count,
                max=count,
                prompt=f"deadmoney.pick.{decision.purpose}",
                params={"count": count, "card": decision.card},
            )
        if isinstance(decision, Showdown):
            cards = resolve.biddable(table, seat)
            high = decision.high
            if len(cards) == 1 and high is not None and resolve.bid_value(cards) <= resolve.bid_value(high.cards):
                return None  # one card that cannot raise: only Pass is left (the bid stays a disabled button)
            return CardPick(
                kind="bid",
                field="cards",
                cards=tuple(cards),
                min=1,
                max=min(BID_MAX, len(cards)),
                prompt="deadmoney.pick.bid",
                groups=rank_runs(cards),  # every copy of a rank in one menu: a pair or trips in one choice
            )
        return None

    # ----- views --------------------------------------------------------------
    def perspective(
        self, state: DeadMoneyState, viewer: int | None, *, legal_now: Sequence[DeadMoneyAction] | None = None
    ) -> DeadMoneyPerspective:
        own = viewer is not None and 0 <= viewer < state.players
        decision = state.top_decision()
        to_act = self.to_act(state)
        legal = distinct([a.kind for a in self.viewer_legal(state, viewer, legal_now)]) if own else []
        peek_seat: int | None = None
        peek: list[str] = []
        arrange: list[str] = []
        arranged: list[str] = []
        my_pick: list[str] | None = None
        if isinstance(decision, PickCards) and own and viewer in decision.choosers:
            my_pick = decision.submitted[viewer]
            if decision.source == "peek" and decision.peek_seat is not None and my_pick is None:
                peek_seat = decision.peek_seat
                peek = resolve.sort_cards(state.hands[peek_seat])
        if isinstance(decision, Arrange) and own and viewer == decision.chooser:
            arrange = list(decision.remaining)
            arranged = list(decision.placed)
        return DeadMoneyPerspective(
            **self.base_perspective_fields(state, viewer),
            active=state.active,
            turn=state.turn,
            hands_left=state.hands_left,
            played=state.played,
            seats=[
                SeatView(seat=seat, hand_size=len(state.hands[seat]), brains=resolve.sort_cards(state.brains[seat]))
                for seat in range(state.players)
            ],
            deck_count=len(state.deck),
            discard=list(state.discard),
            in_play=list(state.in_play),
            last_roll=state.last_roll,
            pending=pending_view(state, decision, to_act),
            showdown=showdown_view(decision),
            winner=state.winner,
            my_hand=resolve.sort_cards(state.hands[viewer]) if own and viewer is not None else [],
            fresh=fresh_cards(state, viewer) if own and viewer is not None else [],
            my_pick=my_pick,
            held=state.held if own and viewer == state.active else None,
            peek_seat=peek_seat,
            peek=peek,
            arrange=arrange,
            arranged=arranged,
            legal=legal,
        )

    def reshuffle_unseen(self, state: DeadMoneyState, viewer: int | None, seed: int) -> DeadMoneyState:
        """Rearrange every card `viewer` cannot see, each place keeping its size: the draw pile, the other
        hands, the card being passed and the cards being arranged.

        The pooled cards are sorted before the shuffle, so the result depends only on what `viewer` sees and
        `seed`. Another player's secret pick, made and waiting for the others' (only that they picked is
        public), is drawn anew too: a legal pick from their new hand, or none when they could decline."""
        copy = state.model_copy(deep=True)
        rng = Rng.from_seed(seed)
        decision = copy.top_decision()
        visible: set[int] = set() if viewer is None else {viewer}
        if isinstance(decision, PickCards):
            peeking = viewer is not None and viewer in decision.choosers and decision.submitted[viewer] is None
            if decision.source == "peek" and decision.peek_seat is not None and peeking:
                visible.add(decision.peek_seat)
        others = [seat for seat in range(copy.players) if seat not in visible]
        pool = list(copy.deck)
        for seat in others:
            pool += copy.hands[seat]
        held_hidden = copy.held is not None and viewer != copy.active
        if held_hidden and copy.held is not None:
            pool.append(copy.held)
        arrange_hidden = isinstance(decision, Arrange) and decision.chooser != viewer
        if isinstance(decision, Arrange) and arrange_hidden:
            pool += decision.remaining + decision.placed
        pool.sort()
        rng.shuffle(pool)

        def deal(count: int) -> list[str]:
            taken = pool[:count]
            del pool[:count]
            return taken

        copy.deck = deal(len(copy.deck))
        for seat in others:
            fresh = len(fresh_cards(copy, seat))
            copy.hands[seat] = deal(len(copy.hands[seat]))
            if seat < len(copy.fresh):
                copy.fresh[seat] = copy.hands[seat][:fresh]
        if held_hidden:
            copy.held = deal(1)[0]
        if isinstance(decision, Arrange) and arrange_hidden:
            decision.remaining = deal(len(decision.remaining))
            decision.placed = deal(len(decision.placed))
        if isinstance(decision, PickCards) and decision.source == "hand":
            table = self.table(copy)
            for seat in decision.choosers:
                if seat in others and seat not in copy.withdrawn and decision.submitted[seat] is not None:
                    decision.submitted[seat] = random_pick(table, decision, seat, rng)
        copy.rng = rng
        return copy


def random_pick(table: Tabletop, step: PickCards, seat: int, rng: Rng) -> list[str]:
    """A legal pick of `seat` for `step` drawn at random (`reshuffle_unseen`): as many of the cards it may
    pick as the rules ask, or nothing when there is none or, half the time, when it may decline."""
    options = resolve.pick_options(table, step, seat)
    if not options or (step.optional and rng.below(2) == 0):
        return []
    picked = [options.pop(rng.below(len(options))) for _ in range(min(step.count, len(options)))]
    return resolve.sort_cards(picked)


def fresh_cards(state: DeadMoneyState, seat: int) -> list[str]:
    """The cards of `seat`'s hand that reached it since its own last action, in display order."""
    if seat >= len(state.fresh):
        return []
    left = Counter(state.hands[seat])
    kept = []
    for card in state.fresh[seat]:
        if left[card] > 0:
            left[card] -= 1
            kept.append(card)
    return resolve.sort_cards(kept)


def rank_runs(cards: list[str]) -> tuple[int, ...]:
    """The lengths of the runs of equal ranks in `cards` (sorted by rank): the picker's groups."""
    runs: list[int] = []
    previous: str | None = None
    for card in cards:
        rank = rank_of(card)
        if rank == previous:
            runs[-1] += 1
        else:
            runs.append(1)
            previous = rank
    return tuple(runs)


def distinct_actions(actions: list[Cards]) -> list[Cards]:
    return list({action.cards: action for action in actions}.values())


def sample_bids(cards: list[str]) -> list[Bid]:
    """A few bids to offer as candidates: each card alone, each group of equal ranks, the five highest cards."""
    bids: dict[tuple[str, ...], Bid] = {}
    for card in distinct(cards):
        bids[(card,)] = Bid(cards=(card,))
    by_rank: dict[str, list[str]] = {}
    for card in cards:
        by_rank.setdefault(rank_of(card), []).append(card)
    for group in by_rank.values():
        for size in range(2, min(len(group), BID_MAX) + 1):
            bids[tuple(group[:size])] = Bid(cards=tuple(group[:size]))
    if len(cards) >= 2:
        top = tuple(cards[-BID_MAX:])
        bids[top] = Bid(cards=top)
    return list(bids.values())


def abandon_turn(table: Tabletop) -> None:
    """The active player left: cards in play are discarded, cards being arranged go back on the draw pile, a
    showdown goes on without them, and then the next player plays (or the showdown's winner)."""
    state = table.state
    for step in state.stack:
        if isinstance(step, Arrange):
            state.deck.extend(reversed(step.placed + step.remaining))
    state.stack = [step for step in state.stack if isinstance(step, Showdown)]
    state.discard.extend(state.in_play)
    state.in_play = []
    if state.held is not None:
        state.discard.append(state.held)
        state.held = None
    state.turn_over = True


def pending_view(state: DeadMoneyState, decision: object, to_act: tuple[int, ...]) -> PendingView | None:
    if state.over:
        return None
    if decision is None:
        return PendingView(kind="turn", choosers=[state.active], waiting=list(to_act))
    if isinstance(decision, ChooseSeat):
        return PendingView(
            kind="seat",
            purpose=decision.purpose,
            card=decision.card,
            choosers=[decision.chooser],
            waiting=list(to_act),
            first=decision.first,
        )
    if isinstance(decision, ChooseBrain):
        return PendingView(
            kind="brain",
            purpose=decision.purpose,
            card=decision.card,
            choosers=[decision.chooser],
            waiting=list(to_act),
        )
    if isinstance(decision, PickCards):
        return PendingView(
            kind="cards",
            purpose=decision.purpose,
            card=decision.card,
            choosers=list(decision.choosers),
            waiting=list(to_act),
            count=decision.count,
        )
    if isinstance(decision, Arrange):
        return PendingView(kind="arrange", card=decision.card, choosers=[decision.chooser], waiting=list(to_act))
    assert isinstance(decision, Showdown)
    return PendingView(kind="showdown", card=decision.brain, choosers=list(decision.order), waiting=list(to_act))


def showdown_view(decision: object) -> ShowdownView | None:
    if not isinstance(decision, Showdown):
        return None
    high_hand = None
    if decision.high is not None:
        category, _ = poker.describe(resolve.bid_value(decision.high.cards))
        high_hand = category.value
    count = len(decision.order)
    passes = min(decision.passes, count)
    passed = [decision.order[(decision.at - back) % count] for back in range(passes, 0, -1)] if count else []
    return ShowdownView(
        brain=decision.brain,
        dropper=decision.dropper,
        order=list(decision.order),
        to_bid=decision.order[decision.at] if decision.order else None,
        high=decision.high,
        high_hand=high_hand,
        bids=list(decision.bids),
        pot=len(decision.pot),
        passed=passed,
    )
