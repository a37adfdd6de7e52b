"""Plain, immutable values the storage layer hands out and takes in.

They carry no behaviour beyond trivial look-ups: the engine state stays an
opaque JSON string (`TableRecord.state`), the bot layer parses it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Literal

Status = Literal["lobby", "active", "finished", "aborted"]
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "active")
LeaderOrder = Literal["rating", "wins", "games", "measure"]
MeasureOrder = Literal["high", "low"]  # which way a game's own measure is better: more, or fewer


@dataclass(frozen=True, slots=True)
class Seat:
    """A person at the table, as they were when they sat down."""

    user_id: int
    name: str  # display name at join time


@dataclass(frozen=True, slots=True)
class TableRecord:
    """One row of `tables`: a table in a channel, from lobby to its end.

    `version` starts at 0 and grows by one on every change of the row (lobby
    edits, start, each action, the end); it is the optimistic-concurrency token
    every write must present. `state` is the engine state JSON, None while in lobby.
    """

    id: int
    guild_id: int | None
    channel_id: int
    game: str  # engine registry name, e.g. "pairs"
    status: Status
    host_id: int
    options: dict[str, Any]
    seats: list[Seat]
    seed: int
    state: str | None
    version: int
    table_message_id: int | None
    locale: str  # language of this table's channel messages: "en" or "fr"
    created_at: float  # unix seconds
    updated_at: float
    ended_at: float | None = None  # when it finished or was aborted
    ended_by: int | None = None  # user who aborted it (None when it finished normally)
    shown_version: int = 0  # the version the table's channel message shows
    ping_message_id: int | None = None  # the channel message that last told players it is their turn
    clock: str | None = None  # the table's clock as JSON (`bot.services.clock.TableClock`); None: no clock
    notified: dict[int, int] = field(default_factory=dict)  # seat -> the decision (version) it was told about
    salt: str | None = None  # the secret salt of the seed's commitment (`bot.services.fairness`); None before it

    def advanced(self, state: str, clock: str | None, *, finished: bool = False) -> TableRecord:
        """The row as a move's commit should leave it: the next version, the new `state`, and the new `clock` (None:
        unchanged); `finished`: the move ends the game. The times are left as they were: the database sets
        `updated_at`, and `ended_at` for a game's end."""
        values = list(_VALUES(self))
        values[_STATE], values[_VERSION] = state, self.version + 1
        if clock is not None:
            values[_CLOCK] = clock
        if finished:
            values[_STATUS] = "finished"
        return TableRecord(*values)

    def same_but_time(self, other: TableRecord) -> bool:
        """The same row, but perhaps for the times the database stamps it with (`updated_at`, `ended_at`)."""
        return _ALL_BUT_TIME(self) == _ALL_BUT_TIME(other)

    @property
    def is_open(self) -> bool:
        """Still a lobby or a running game (at most one per channel)."""
        return self.status in OPEN_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        """The seat index of `user_id`, or None if they are not at this table."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None


_FIELDS = tuple(TableRecord.__dataclass_fields__)
_VALUES = attrgetter(*_FIELDS)  # a record's values in field order, in one call
_ALL_BUT_TIME = attrgetter(*(name for name in _FIELDS if name not in ("updated_at", "ended_at")))
_STATE, _VERSION, _CLOCK, _STATUS = (_FIELDS.index(name) for name in ("state", "version", "clock", "status"))


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat's outcome, written once when a game ends."""

    seat: int
    user_id: int
    name: str
    place: int  # 1 is best; ties share a place
    won: bool
    measure: int  # the game's own leaderboard measure (points, chips ...)
    clocked_out: bool = False  # withdrawn by the clock (ran out of time too often)


@dataclass(frozen=True, slots=True)
class LeaderRow:
    """One player's aggregate over finished games of one game in one guild."""

    user_id: int
    name: str  # the name of their most recent finished game
    games: int
    wins: int
    average: float  # the game's own measure, averaged over their games
    best_place: int
    mu: float = 25.0  # their rating (`bot.ratings`; a newcomer's when they have none)
    sigma: float = 25.0 / 3
    rated: int = 0  # rated games (fewer than `bot.ratings.PROVISIONAL_GAMES`: provisional)

    @property
    def conservative(self) -> float:
        """μ − 3σ, what the leaderboard ranks by."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class SeatRating:
    """One seat's rating (mu, sigma) before and after a game that changed it."""

    seat: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float

    @property
    def delta(self) -> float:
        """The change of the conservative rating μ − 3σ."""
        return (self.mu_after - 3 * self.sigma_after) - (self.mu_before - 3 * self.sigma_before)


TABLE_SEAT = -1  # a deadline of the whole table, not of one seat


@dataclass(frozen=True, slots=True)
class Deadline:
    """Something due at a table at `due_at` (unix seconds): `kind` says what (`lobby`: close if not started).

    A deadline `db.deadlines.claim` took is held by a lease: its row's `due_at` (and this one's)
    is when the lease ends, and `fell_due` is the due time the row had when it was claimed (the
    time it fell due, or the end of an earlier lease that ran out). None for a deadline not claimed.
    """

    table_id: int
    seat: int
    kind: str
    due_at: float
    fell_due: float | None = None

    @property
    def fell_due_at(self) -> float:
        """When it fell due: `fell_due` for a claimed deadline, else `due_at`."""
        return self.due_at if self.fell_due is None else self.fell_due


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One finished game of one player, for a "recent games" list."""

    table_id: int
    game: str
    seat: int
    players: int
    place: int
    won: bool
    measure: int
    finished_at: float


@dataclass(frozen=True, slots=True)
class StatsRow:
    """One player's record in one game of one server, for `/stats`: their rank on its rating leaderboard."""

    game: str
    games: int
    wins: int
    mu: float
    sigma: float
    rated: int  # rated games (fewer than `bot.ratings.PROVISIONAL_GAMES`: provisional)
    rank: int  # their place on the game's rating leaderboard in the server (1 is first)
    ranked: int  # players on that leaderboard

    @property
    def conservative(self) -> float:
        """μ − 3σ, what the leaderboard ranks by."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class SeatTurn:
    """One seat of a running game for the turns inbox: `since` is set while the seat must decide."""

    seat: int
    user_id: int
    since: float | None
    due_at: float | None  # when its time runs out (None: not deciding, or the table is paused)


@dataclass(frozen=True, slots=True)
class ClockWrite:
    """A table's clock after a change, written in the same transaction as the change.

    `deadlines` and `previous` map (seat, kind) to a due time, after and
    before the change: rows that did not change are left alone (a reminder
    already sent is not sent again); `turns` replaces the game's `table_seats`.
    """

    clock: str
    deadlines: dict[tuple[int, str], float]
    previous: dict[tuple[int, str], float]
    turns: tuple[SeatTurn, ...]

    def gone(self) -> list[tuple[int, str]]:
        """The (seat, kind) of the deadlines the clock no longer holds: their rows are deleted."""
        return [key for key in self.previous if key not in self.deadlines]

    def due(self) -> list[tuple[int, str, float]]:
        """(seat, kind, due time) of the deadlines that are new or moved: their rows are written (inserted or
        updated). Every write of a clock's rows goes by these two, whatever the back end."""
        previous = self.previous
        return [(seat, kind, at) for (seat, kind), at in self.deadlines.items() if previous.get((seat, kind)) != at]

    def columns(self) -> tuple[list[Any], ...]:
        """The rows to write as columns, for a statement taking arrays (PostgreSQL's `unnest`): the deadlines gone
        (seats, kinds), due (seats, kinds, times), and the turns (seats, user ids, since, due)."""
        gone, due, turns = self.gone(), self.due(), self.turns
        return (
            [seat for seat, _ in gone],
            [kind for _, kind in gone],
            [seat for seat, _, _ in due],
            [kind for _, kind, _ in due],
            [at for _, _, at in due],
            [turn.seat for turn in turns],
            [turn.user_id for turn in turns],
            [turn.since for turn in turns],
            [turn.due_at for turn in turns],
        )


@dataclass(frozen=True, slots=True)
class TurnRow:
    """A running game where one user has a seat, for `/turns`."""

    table_id: int
    guild_id: int | None
    channel_id: int
    game: str
    table_message_id: int | None
    seat: int
    since: float | None  # when their decision began (None: they wait for others)
    due_at: float | None
    updated_at: float


@dataclass(frozen=True, slots=True)
class RepairRow:
    """A table to bring up to date after a restart: what orders and paces its repair, not its state."""

    table_id: int
    guild_id: int | None  # its server (None outside any): which shard repairs it
    channel_id: int
    game: str
    status: Status
    updated_at: float  # its last change: the most recently changed tables are repaired first
    ping_message_id: int | None  # its turn notification still posted by an earlier run, if any


NotifyMode = Literal["channel", "dm", "both", "digest"]
CardsMode = Literal["emoji", "text"]  # how a person's own hands show cards


@dataclass(frozen=True, slots=True)
class CardEmojiArt:
    """The art the bot uploaded as a card emoji: the emoji's id and the content hash of its drawing."""

    emoji_id: int
    hash: str


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's defaults; None means the bot's own."""

    guild_id: int
    pace: str | None = None
    timeouts: int | None = None
    lobby_expiry: float | None = None  # seconds, before the time scale
    notify_channel_id: int | None = None
    quiet_cap: float | None = None  # hours a member's quiet hours may last at most (None: the bot's cap)
    league_role_id: int | None = None  # a role that may organise leagues, besides Manage Server


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """A person's notification choice, away time (`away_used` seconds in calendar year `away_year`) and card faces."""

    user_id: int
    notify: NotifyMode = "channel"
    away_until: float | None = None
    away_year: int = 0
    away_used: float = 0.0
    dm_refused: bool = False  # told once that their DMs are closed
    cards: CardsMode = "emoji"  # their hands' cards: pictures, or text faces
    zone: str | None = None  # IANA time zone of their quiet hours and digest time
    quiet_start: int | None = None  # minute of the day, in `zone`, their quiet hours begin (None: none)
    quiet_end: int | None = None  # minute of the day, in `zone`, their quiet hours end
    held_since: float | None = None  # when the first notification held back by quiet hours was due
    auto_away: bool = True  # spend the away allowance by the hour instead of a timeout
    auto_next: bool = False  # after a move, open the next table waiting on them
    digest_at: int | None = None  # minute of the day, in `zone`, of the daily digest (None: on change)
    digest_hours: float | None = None  # at most one digest every so many hours
    digest_channel_id: int | None = None  # the last digest, replaced by the next
    digest_message_id: int | None = None
    digest_sent_at: float | None = None
    digest_count: int = 0  # tables the last digest listed
    due_at: float | None = None  # when something is next due for them (quiet hours ending, a digest)
