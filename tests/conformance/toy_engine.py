"""A throwaway game that exists only to prove the conformance suite on hidden information.

Toy ("draw until someone holds a pair"), 2-4 players. The deck holds `copies`
cards of each rank 1..`ranks`. Everyone is dealt one secret card.

* Turn phase: the player to act either draws the top card (secretly) or stands
  (each player may stand once per game).
* After every full lap of turns, if `pass_round` is on, a simultaneous pass
  phase: every player secretly picks a card from their hand; once all have
  picked, each pick goes to the next player on the left.
* The game ends as soon as someone holds a pair (holders win when `pair_wins`,
  else they lose), when the deck runs out (everyone still playing ties), or
  when a single player is left. Hands are revealed when the game is over.

It follows the engine contract exactly and registers nowhere: the suite adds it
to the registered engines itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.core import Engine, Event, GameState, Perspective, Refusal, Result, Rng, places_from_scores


class ToyOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    ranks: Literal[6, 8, 10] = 8
    copies: Literal[2, 3] = 3
    pair_wins: bool = False
    pass_round: bool = True
    # Not a table option (not a Literal or bool): set by the bot, never offered in the lobby.
    stake: int = 0


class Draw(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["draw"] = "draw"


class Stand(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["stand"] = "stand"


class Pick(BaseModel):
    """Choose, secretly and at the same time as everyone, the card to pass left."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["pick"] = "pick"
    card: int


ToyAction = Annotated[Draw | Stand | Pick, Field(discriminator="kind")]


class ToyState(GameState):
    options: ToyOptions
    deck: list[int]
    hands: list[list[int]]
    picks: list[int | None]
    mucked: list[int] = Field(default_factory=list)
    phase: Literal["turn", "pass", "over"] = "turn"
    current: int = 0
    turns_this_lap: int = 0
    stood: list[bool]
    outcome: Result | None = None


class ToyView(Perspective):
    hand: list[int] | None
    hand_sizes: list[int]
    deck_size: int
    mucked_size: int
    phase: Literal["turn", "pass", "over"]
    current: int | None
    stood: list[bool]
    picked: list[bool]
    my_pick: int | None
    # Every hand, once the game is over (a showdown).
    revealed: list[list[int]] | None
    outcome: Result | None


class ToyEngine(Engine[ToyState, Draw | Stand | Pick, ToyOptions, ToyView]):
    name: ClassVar[str] = "toy"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_model: ClassVar[type[GameState]] = ToyState
    options_model: ClassVar[type[BaseModel]] = ToyOptions
    action_adapter: ClassVar[TypeAdapter[Draw | Stand | Pick]] = TypeAdapter(ToyAction)

    # ----- set-up -------------------------------------------------------------
    def new(self, players: int, options: ToyOptions, seed: int) -> ToyState:
        refusal = self.check_players(players)
        if refusal is not None:
            raise ValueError(refusal.key)
        rng = Rng.from_seed(seed)
        deck = [rank for rank in range(1, options.ranks + 1) for _ in range(options.copies)]
        rng.shuffle(deck)
        hands = [[deck.pop()] for _ in range(players)]
        state = ToyState(
            players=players,
            rng=rng,
            options=options,
            deck=deck,
            hands=hands,
            picks=[None] * players,
            stood=[False] * players,
            current=rng.below(players),
        )
        state.events.append(Event(key="toy.event.dealt", params={"seat": state.current}))
        for seat, hand in enumerate(hands):
            state.events.append(Event(key="toy.event.you_were_dealt", params={"card": hand[0]}, audience=(seat,)))
        return state

    # ----- whose decision -----------------------------------------------------
    def _live(self, state: ToyState) -> list[int]:
        return [seat for seat in range(state.players) if seat not in state.withdrawn]

    def to_act(self, state: ToyState) -> tuple[int, ...]:
        if state.phase == "turn":
            return (state.current,)
        if state.phase == "pass":
            return tuple(seat for seat in self._live(state) if state.picks[seat] is None)
        return ()

    def candidate_actions(self, state: ToyState, seat: int) -> Sequence[Draw | Stand | Pick]:
        picks = [Pick(card=rank) for rank in range(1, state.options.ranks + 1)]
        if state.phase == "pass":
            return [*picks, Draw(), Stand()]
        return [Draw(), Stand(), *picks]

    def check(self, state: ToyState, seat: int, action: Draw | Stand | Pick) -> Refusal | None:
        if isinstance(action, Pick):
            if state.phase != "pass":
                return Refusal(key="toy.refusal.wrong_phase")
            if action.card not in state.hands[seat]:
                return Refusal(key="toy.refusal.not_in_hand", params={"card": action.card})
            return None
        if state.phase != "turn":
            return Refusal(key="toy.refusal.wrong_phase")
        if isinstance(action, Stand) and state.stood[seat]:
            return Refusal(key="toy.refusal.already_stood")
        return None

    # ----- carrying out -------------------------------------------------------
    def _apply(self, state: ToyState, seat: int, action: Draw | Stand | Pick) -> None:
        if isinstance(action, Pick):
            state.hands[seat].remove(action.card)
            state.picks[seat] = action.card
            state.events.append(Event(key="toy.event.picked", params={"seat": seat}))
            state.events.append(Event(key="toy.event.you_picked", params={"card": action.card}, audience=(seat,)))
            self._maybe_pass(state)
            return
        if isinstance(action, Stand):
            state.stood[seat] = True
            state.events.append(Event(key="toy.event.stood", params={"seat": seat}))
        else:
            card = state.deck.pop()
            state.events.append(Event(key="toy.event.drew", params={"seat": seat}))
            state.events.append(Event(key="toy.event.you_drew", params={"card": card}, audience=(seat,)))
            state.hands[seat].append(card)
            if self._settle_pairs(state) or self._settle_empty_deck(state):
                return
        self._next_turn(state)

    def _withdraw(self, state: ToyState, seat: int) -> None:
        state.events.append(Event(key="toy.event.withdrew", params={"seat": seat}))
        state.mucked.extend(state.hands[seat])
        state.hands[seat] = []
        pick = state.picks[seat]
        if pick is not None:
            state.mucked.append(pick)
            state.picks[seat] = None
        live = self._live(state)
        if len(live) == 1:
            self._finish(state, winners=live)
            return
        if state.phase == "pass":
            if state.current == seat:
                state.current = self._left_of(state, seat)
            self._maybe_pass(state)
        elif state.current == seat:
            self._next_turn(state)

    def _next_turn(self, state: ToyState) -> None:
        state.current = self._left_of(state, state.current)
        state.turns_this_lap += 1
        live = self._live(state)
        if state.options.pass_round and state.turns_this_lap >= len(live):
            state.turns_this_lap = 0
            state.phase = "pass"
            state.events.append(Event(key="toy.event.pass_phase"))

    def _left_of(self, state: ToyState, seat: int) -> int:
        for step in range(1, state.players + 1):
            other = (seat + step) % state.players
            if other not in state.withdrawn:
                return other
        return seat

    def _maybe_pass(self, state: ToyState) -> None:
        live = self._live(state)
        if any(state.picks[seat] is None for seat in live):
            return
        for seat in live:
            card = state.picks[seat]
            assert card is not None
            receiver = self._left_of(state, seat)
            state.hands[receiver].append(card)
            state.events.append(
                Event(key="toy.event.you_passed", params={"card": card, "seat": receiver}, audience=(seat,))
            )
            state.events.append(
                Event(key="toy.event.you_received", params={"card": card, "seat": seat}, audience=(receiver,))
            )
        state.picks = [None] * state.players
        state.events.append(Event(key="toy.event.passed"))
        state.phase = "turn"
        self._settle_pairs(state)

    def _settle_pairs(self, state: ToyState) -> bool:
        holders = [seat for seat in self._live(state) if len(set(state.hands[seat])) < len(state.hands[seat])]
        if not holders:
            return False
        for seat in holders:
            hand = state.hands[seat]
            card = next(c for c in hand if hand.count(c) > 1)
            state.events.append(Event(key="toy.event.pair", params={"seat": seat, "card": card}))
        if state.options.pair_wins:
            self._finish(state, winners=holders)
        else:
            self._finish(state, winners=[seat for seat in self._live(state) if seat not in holders])
        return True

    def _settle_empty_deck(self, state: ToyState) -> bool:
        if state.deck:
            return False
        state.events.append(Event(key="toy.event.deck_empty"))
        self._finish(state, winners=self._live(state))
        return True

    def _finish(self, state: ToyState, winners: list[int]) -> None:
        scores = [0 if seat in state.withdrawn else 2 if seat in winners else 1 for seat in range(state.players)]
        state.phase = "over"
        state.outcome = Result(
            places=places_from_scores(scores, higher_is_better=True),
            winners=tuple(winners),
            measure=tuple(scores),
            measure_key="toy.measure.score",
        )
        state.events.append(Event(key="toy.event.game_over"))

    # ----- outcome and views --------------------------------------------------
    def result(self, state: ToyState) -> Result | None:
        return state.outcome

    def perspective(
        self, state: ToyState, viewer: int | None, *, legal_now: Sequence[Draw | Stand | Pick] | None = None
    ) -> ToyView:
        over = state.phase == "over"
        seated = viewer is not None and 0 <= viewer < state.players
        return ToyView(
            **self.base_perspective_fields(state, viewer),
            hand=sorted(state.hands[viewer]) if seated and viewer is not None else None,
            hand_sizes=[len(hand) for hand in state.hands],
            deck_size=len(state.deck),
            mucked_size=len(state.mucked),
            phase=state.phase,
            current=state.current if state.phase == "turn" else None,
            stood=list(state.stood),
            picked=[pick is not None for pick in state.picks],
            my_pick=state.picks[viewer] if seated and viewer is not None else None,
            revealed=[sorted(hand) for hand in state.hands] if over else None,
            outcome=state.outcome,
        )

    def reshuffle_unseen(self, state: ToyState, viewer: int | None, seed: int) -> ToyState:
        new = state.model_copy(deep=True)
        rng = Rng.from_seed(seed)
        new.rng = Rng.from_seed(rng.next_u64())
        over = state.phase == "over"
        # Hands are secret until the game ends; a pick is secret to all but its picker.
        hidden_hands = [] if over else [s for s in range(state.players) if s != viewer]
        hidden_picks = [s for s in range(state.players) if s != viewer and state.picks[s] is not None]
        pool = list(new.deck) + list(new.mucked)
        for seat in hidden_hands:
            pool.extend(new.hands[seat])
        for seat in hidden_picks:
            card = new.picks[seat]
            assert card is not None
            pool.append(card)
        # Sorted first: the deal depends only on what the viewer sees and the seed, not on where the cards were.
        pool.sort()
        # A pair in a hand ends the game, so a dealt-out pair would be an impossible state: deal again.
        for _ in range(20):
            cards = list(pool)
            rng.shuffle(cards)
            hands = {seat: [cards.pop() for _ in state.hands[seat]] for seat in hidden_hands}
            if all(len(set(hand)) == len(hand) for hand in hands.values()):
                break
        else:
            cards, hands = _distinct_hands(pool, {seat: len(state.hands[seat]) for seat in hidden_hands})
        for seat, hand in hands.items():
            new.hands[seat] = hand
        for seat in hidden_picks:
            new.picks[seat] = cards.pop()
        new.mucked = [cards.pop() for _ in state.mucked]
        new.deck = cards
        return new


def _distinct_hands(pool: list[int], sizes: dict[int, int]) -> tuple[list[int], dict[int, list[int]]]:
    """A deterministic pair-free deal (the rare fallback of `reshuffle_unseen`): the largest hands first, each
    takes the ranks `pool` holds the most copies of. Returns what is left of the pool, and the hands."""
    cards = list(pool)
    hands: dict[int, list[int]] = {}
    for seat in sorted(sizes, key=lambda seat: (-sizes[seat], seat)):
        counts = Counter(cards)
        ranks = sorted(counts, key=lambda rank: (-counts[rank], rank))[: sizes[seat]]
        for rank in ranks:
            cards.remove(rank)
        hands[seat] = ranks
    return cards, dict(sorted(hands.items()))
