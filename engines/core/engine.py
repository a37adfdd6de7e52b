"""The contract every game engine implements.

One source of truth per rule: `refusal(state, seat, action)` both refuses an
illegal action with a reason and, through `legal_actions`, tells the UI what is
legal (pokerkit's verify / can / do). `apply` never mutates its input: it works
on a deep copy and returns the new state, or raises `IllegalActionError` and
leaves everything as it was.

Seats are indexes 0..n-1 in table order (clockwise, "to the left" is +1).
Hidden information leaves an engine only through `perspective(state, viewer)`.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Final, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter

from engines.core.messages import Consequence, Event, IllegalActionError, Refusal
from engines.core.picks import CardPick
from engines.core.result import Result
from engines.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat's pending decision (`Engine.decision`): its candidate actions, whether each is legal now, and its
    fingerprint, the `token` the UI pins its buttons to."""

    candidates: tuple[Any, ...]
    legal: tuple[bool, ...]
    token: str

    @property
    def actions(self) -> tuple[Any, ...]:
        """The candidates legal now: `Engine.legal_actions` of the same seat and state."""
        return tuple(action for action, legal in zip(self.candidates, self.legal, strict=True) if legal)


@dataclass(frozen=True, slots=True)
class PreMove:
    """What a seat that is not to act now may choose ahead for its next decision (`Engine.premoves`).

    `decision` names the kind of decision it may face next (`Engine.decision_kind` recognises it when it comes),
    `actions` the moves it may choose now for it (typically a pass), and `standing` whether the choice may be
    kept for every such decision at the table ("always pass in reaction windows here").
    """

    decision: str
    actions: tuple[Any, ...]
    standing: bool = False


class Withdraw(BaseModel):
    """Universal action: a player leaves a running game (handled by every engine)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["withdraw"] = "withdraw"


class GameState(BaseModel):
    """Fields every game state has. Subclasses add the game's own nouns."""

    players: int
    rng: Rng
    events: list[Event] = []
    # Seats that left the game; they never act again.
    withdrawn: list[int] = []
    # How many actions each seat has had accepted (kept by `Engine.apply`).
    moves: list[int] = []

    def left_of(self, seat: int) -> int:
        """The next seat still in the game to the left (clockwise) of `seat`."""
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if other not in self.withdrawn:
                return other
        return seat

    def right_of(self, seat: int) -> int:
        """The next seat still in the game to the right (anticlockwise) of `seat`."""
        for step in range(1, self.players + 1):
            other = (seat - step) % self.players
            if other not in self.withdrawn:
                return other
        return seat

    def clockwise_from(self, seat: int) -> list[int]:
        """Every seat still in the game, starting with `seat` (or the next one still in), clockwise."""
        order = [(seat + step) % self.players for step in range(self.players)]
        return [other for other in order if other not in self.withdrawn]


class Perspective(BaseModel):
    """Base of every per-viewer view. `viewer` is a seat, or None for a spectator."""

    viewer: int | None
    players: int
    to_act: tuple[int, ...]
    events: list[Event]
    finished: bool
    withdrawn: list[int] = []


S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=BaseModel)
Opt = TypeVar("Opt", bound=BaseModel)
P = TypeVar("P", bound=Perspective)

_EVENTS: Final = {"events"}  # what a state's copy shares with the state (`Engine.apply`)
EVENT_LOG_LIMIT = 12  # the table shows the last 6; a short log keeps each stored state small


def action_text(action: BaseModel) -> str:
    """An action as `json.dumps(action.model_dump(mode="json"), sort_keys=True)` writes it (decision tokens hash it).

    The same few actions come back on every decision: an action that can be hashed (a frozen model of plain
    values) is written once.
    """
    try:
        return _hashable_action_text(action)
    except TypeError:  # a list among its fields
        return _written(action)


def _written(action: BaseModel) -> str:
    return json.dumps(action.model_dump(mode="json"), sort_keys=True)


_hashable_action_text = lru_cache(maxsize=4096)(_written)


class Engine(ABC, Generic[S, A, Opt, P]):
    """A game's rules. Stateless: every method takes the state it works on."""

    name: ClassVar[str]  # registry key, also the catalogue prefix ("pairs")
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_model: ClassVar[type[GameState]]
    options_model: ClassVar[type[BaseModel]]
    # TypeAdapter over the game's discriminated action union (field `kind`).
    action_adapter: ClassVar[TypeAdapter[Any]]
    # Which way the game's measure (`Result.measure`) ranks: "high" when more is better (points, chips won),
    # "low" when fewer is better (cards left in hand).
    measure_order: ClassVar[Literal["high", "low"]] = "high"
    # Whether some actions may be taken outside one's turn (`anytime`); most games have none, and their
    # legal actions are then those of the seats due to act only.
    has_anytime_actions: ClassVar[bool] = False
    # Whether a seat may choose a move ahead for some of its decisions (`premoves`); most games offer none, and the
    # platform then never looks for pre-moves at their tables.
    has_premoves: ClassVar[bool] = False

    # ----- set-up -------------------------------------------------------------
    @abstractmethod
    def new(self, players: int, options: Opt, seed: int) -> S:
        """A fresh game, already dealt, waiting for its first decision."""

    def check_players(self, players: int) -> Refusal | None:
        if players < self.min_players:
            return Refusal(key="error.too_few_players", params={"min": self.min_players})
        if players > self.max_players:
            return Refusal(key="error.too_many_players", params={"max": self.max_players})
        return None

    # ----- whose decision -----------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """Seats that must decide now (several at once for simultaneous choices). Empty when over."""

    @abstractmethod
    def candidate_actions(self, state: S, seat: int) -> Sequence[A]:
        """A superset of the actions `seat` could take now; `legal_actions` filters it.

        For combinatorial choices (choose any set of cards) this may be a
        representative finite subset; `refusal` still judges any action.
        """

    @abstractmethod
    def check(self, state: S, seat: int, action: A) -> Refusal | None:
        """The game's own rule check, called only for a seat that must act in a live game."""

    @abstractmethod
    def _apply(self, state: S, seat: int, action: A) -> None:
        """Carry out a legal action on `state` (a private copy). Append events to `state.events`."""

    @abstractmethod
    def _withdraw(self, state: S, seat: int) -> None:
        """Remove `seat` from a live game (a private copy): go on without them, or end the game."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """Final standings when the game is over, else None."""

    @abstractmethod
    def perspective(self, state: S, viewer: int | None, *, legal_now: Sequence[A] | None = None) -> P:
        """Everything `viewer` may see (None = a spectator), and nothing else.

        `legal_now`: the viewer's legal actions in `state`, when the caller holds them already (`Decision.actions`
        of the viewer's decision): they are not worked out again (`viewer_legal`). The conformance suite checks
        the perspective is the same either way."""

    def viewer_legal(self, state: S, viewer: int | None, legal_now: Sequence[A] | None = None) -> list[A]:
        """The legal actions a perspective shows its viewer: `legal_now` if given, else `legal_actions`; none for a
        spectator."""
        if viewer is None:
            return []
        return list(legal_now) if legal_now is not None else self.legal_actions(state, viewer)

    @abstractmethod
    def reshuffle_unseen(self, state: S, viewer: int | None, seed: int) -> S:
        """A copy where everything `viewer` cannot see is rearranged (deck order, others' hidden cards).

        The conformance suite checks `perspective` is identical on both: a view
        that changes proves it showed something hidden.
        """

    def anytime(self, state: S, seat: int, action: A) -> bool:
        """Whether `action` may be taken by `seat` outside its turn (a reaction, an announcement, a ruling):
        `check` still judges it. Only asked of engines with `has_anytime_actions`."""
        return False

    def reported_actions(self, state: S, seat: int) -> Sequence[A]:
        """Actions `seat` takes by doing something outside the table's buttons (in Il Morto, speaking to a
        dead player), which the bot applies when it sees them; never offered as buttons. `anytime` and `check`
        judge them. For the conformance suite's random playouts, which must try them too."""
        return ()

    def card_pick(self, state: S, seat: int) -> CardPick | None:
        """The set of cards `seat` is asked to choose from now, when a choice is too large for buttons.

        The candidate actions of that kind are then offered by a card picker instead of
        one button each. Most games never need one.
        """
        return None

    def premoves(self, state: S, seat: int) -> Sequence[PreMove]:
        """The decisions `seat`, not to act now, may choose a move for ahead, and the moves it may choose.

        Only what the seat could actually face next, worked out from what it sees (the offer is shown on its
        own hand; playing a pre-move must look like a click). Most games offer none (the default).
        """
        return ()

    def decision_kind(self, state: S, seat: int) -> str | None:
        """The kind of decision `seat` has in hand now, when it is one a pre-move can be chosen for (a
        `PreMove.decision` of this game), else None (the default)."""
        return None

    # ----- derived, shared by all games ---------------------------------------
    def is_over(self, state: S) -> bool:
        """Whether the game has ended; engines may answer faster than building the `Result`."""
        return self.result(state) is not None

    def refusal(self, state: S, seat: int, action: A | Withdraw) -> Refusal | None:
        """The one check: None when `seat` may do `action` now, else why not."""
        if self.is_over(state):
            return Refusal(key="error.game_over")
        if not 0 <= seat < state.players or seat in state.withdrawn:
            return Refusal(key="error.not_a_player")
        if isinstance(action, Withdraw):
            return None
        if seat not in self.to_act(state) and not (self.has_anytime_actions and self.anytime(state, seat, action)):
            return Refusal(key="error.not_your_turn")
        return self.check(state, seat, action)

    def can(self, state: S, seat: int, action: A | Withdraw) -> bool:
        return self.refusal(state, seat, action) is None

    def legal_actions(self, state: S, seat: int) -> list[A]:
        """The candidate actions `seat` may take now (outside its turn too, for the game's `anytime` actions)."""
        if self.is_over(state) or seat in state.withdrawn:
            return []
        due = seat in self.to_act(state)
        if not due and not self.has_anytime_actions:
            return []
        return [a for a in self.candidate_actions(state, seat) if self._legal_now(state, seat, a, due)]

    def _legal_now(self, state: S, seat: int, action: A, due: bool) -> bool:
        """Whether `seat` (due to act now or not) may take `action` now, the game being live."""
        if not due and not (self.has_anytime_actions and self.anytime(state, seat, action)):
            return False
        return self.check(state, seat, action) is None

    def decision(self, state: S, seat: int) -> Decision:
        """`seat`'s pending decision in one pass: its candidate actions, which of them are legal now (exactly
        those `refusal` lets through), and its fingerprint (`decision_token`)."""
        own = state.moves[seat] if seat < len(state.moves) else 0
        over = self.is_over(state) or seat in state.withdrawn
        due = not over and seat in self.to_act(state)
        live = due or (not over and self.has_anytime_actions)
        candidates = tuple(self.candidate_actions(state, seat))
        legal = tuple(live and self._legal_now(state, seat, a, due) for a in candidates)
        # The text hashed is what `json.dumps([seat, own, [[action, legal], ...]], sort_keys=True)` writes.
        choices = ", ".join(
            f"[{action_text(a)}, {'true' if flag else 'false'}]" for a, flag in zip(candidates, legal, strict=True)
        )
        digest = hashlib.blake2s(f"[{seat}, {own}, [{choices}]]".encode(), digest_size=4)
        return Decision(candidates, legal, digest.hexdigest())

    def decision_token(self, state: S, seat: int) -> str:
        """A short fingerprint of `seat`'s pending decision: the seat, its own move count (actions reported from
        outside the buttons do not count), its candidate actions and which of them are legal now.

        Other players acting (say, at the same time) leave it unchanged; the seat
        acting, or its choices or their legality changing, changes it. The UI pins
        buttons to it, so a click is valid only for the decision that was offered to
        that player when the message was drawn: a button drawn disabled (not their
        turn yet) never becomes a valid click when their turn begins.
        """
        return self.decision(state, seat).token

    def consequence(self, state: S, seat: int, action: A) -> Consequence | None:
        """What a legal `action` costs the seat that takes it, when it harms them (it eliminates them,
        or makes them pay or draw by their own choice), else None.

        The UI labels such a move with its consequence, in the danger style, and asks
        the player to confirm it. Called only for legal actions; most moves cost nothing.
        """
        return None

    def evaluate(self, state: S, seat: int) -> float | None:
        """An optional hint for the computer players: how well `seat` is likely to end from `state`, on the scale of
        `engines.core.computer.outcome` (0 last, 1 ahead of everyone, 0.5 even), or None to say nothing (the default:
        the players then play random playouts to the end). Asked of the players' own determinized copies, so it may
        read the whole state; it lets them cut a long playout short."""
        return None

    def default_action(self, state: S, seat: int) -> A:
        """A safe choice for a pending decision (timeouts, computer seats): the first legal action."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalActionError(Refusal(key="error.not_your_turn"))
        return legal[0]

    def apply(self, state: S, seat: int, action: A | Withdraw) -> S:
        """The new state after `seat` does `action`; raises IllegalActionError and changes nothing if refused."""
        refusal = self.refusal(state, seat, action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        new = self.copy(state)
        self._advance(new, seat, action)
        return new

    def copy(self, state: S) -> S:
        """A private copy of `state`, which `advance` may then play forward without touching the original."""
        # A round trip through plain data: about three times faster than model_copy(deep=True) on these plain-data
        # models, and exact (the round trip of every state is checked by the conformance suite). The events are
        # frozen: the copy shares them (half of a state's size), in a list of its own.
        copied = type(state).model_validate(state.model_dump(round_trip=True, exclude=_EVENTS))
        copied.events = list(state.events)
        return copied

    def advance(self, state: S, seat: int, action: A | Withdraw) -> None:
        """`apply` without the copy: `state` itself becomes the state after the action, for a caller that owns it
        alone (a computer player's playout, which plays a private copy to the end). Refused, it changes nothing."""
        refusal = self.refusal(state, seat, action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        self._advance(state, seat, action)

    def _advance(self, new: S, seat: int, action: A | Withdraw) -> None:
        if len(new.moves) != new.players:
            new.moves = [0] * new.players
        if isinstance(action, Withdraw) or action not in self.reported_actions(new, seat):
            new.moves[seat] += 1  # an action reported from outside the buttons leaves the seat's buttons valid
        earlier = len(new.events)
        if isinstance(action, Withdraw):
            new.withdrawn.append(seat)
            self._withdraw(new, seat)
        else:
            self._apply(new, seat, action)
        # Keep a short log, but never drop what this very action caused.
        keep = max(EVENT_LOG_LIMIT, len(new.events) - earlier)
        if len(new.events) > keep:
            del new.events[: len(new.events) - keep]

    # ----- serialisation and replay -------------------------------------------
    def parse_action(self, data: str | bytes | dict[str, Any]) -> A | Withdraw:
        """A typed action from JSON (the action log) or a dict. Raises pydantic.ValidationError."""
        raw = TypeAdapter(dict[str, Any]).validate_json(data) if isinstance(data, (str, bytes)) else data
        if raw.get("kind") == "withdraw":
            return Withdraw.model_validate(raw)
        parsed: A = self.action_adapter.validate_python(raw)
        return parsed

    def dump_state(self, state: S) -> str:
        return state.model_dump_json()

    def load_state(self, data: str | bytes) -> S:
        loaded: S = self.state_model.model_validate_json(data)  # type: ignore[assignment]
        return loaded

    def parse_options(self, data: dict[str, Any]) -> Opt:
        parsed: Opt = self.options_model.model_validate(data)  # type: ignore[assignment]
        return parsed

    def replay(self, players: int, options: Opt, seed: int, log: Sequence[tuple[int, A | Withdraw]]) -> S:
        """Seed plus action log gives the same state, exactly."""
        state = self.new(players, options, seed)
        for seat, action in log:
            state = self.apply(state, seat, action)
        return state

    def base_perspective_fields(self, state: S, viewer: int | None) -> dict[str, Any]:
        """The `Perspective` base fields, with events filtered for `viewer`."""
        return {
            "viewer": viewer,
            "players": state.players,
            "to_act": self.to_act(state),
            "events": [e for e in state.events if e.visible_to(viewer)],
            "finished": self.is_over(state),
            "withdrawn": list(state.withdrawn),
        }
