"""The clock's use cases: a seat's time running out, a computer's turn, reminders, pause, a player away."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final

from bot.computers import is_computer, level_of
from bot.errors import CardroomError, ForgedComponentError, NotHostError, StaleMessageError
from bot.services import away as allowance
from bot.services.away import AwayHour
from bot.services.tables.store import COMPUTER_LEASE, TableStore
from bot.services.tables.table import Gate, Outcome, Table, open_gate
from bot.storage import Deadline, DeadlineGoneError, PlayerSettings, StaleVersionError
from bot.storage.repos.players import AwaySpent
from engines.core import Withdraw

PLAY_OUT_LIMIT: Final = 2_000  # default moves a table's play-out makes before it withdraws the seats still to act
MAX_SEATS: Final = 16  # more than any game seats: the withdrawals that end a play-out


class ClockService:
    """What the scheduler fires at a table (expiries, computer turns, reminders) and the clock's changes."""

    def __init__(self, store: TableStore) -> None:
        self.store = store

    async def lease(self, deadline: Deadline) -> Deadline | None:
        """Hold `deadline` while its move is decided: it moves `COMPUTER_LEASE` seconds on, so the scheduler does
        not fire it again meanwhile, and a crash only delays the move. The lease, or None when the deadline was
        gone or had moved (its table changed)."""
        lease = replace(deadline, due_at=self.store.now() + COMPUTER_LEASE)
        return lease if await self.store.db.deadlines.postpone(deadline, lease.due_at) else None

    async def expire(self, deadline: Deadline, lease: Deadline | None = None) -> Outcome | None:
        """A seat's time ran out: the game plays for it, or withdraws it after K timeouts in a row.

        Unless its player has away allowance left this year, keeps `auto_away` on and the table allows away time
        (`TableClock.away_allowed`): an hour of that allowance is then spent instead, and the deadline moves an
        hour later (`_spend_away`); the outcome says so (`Outcome.away`).

        The move played is the normal computer player's choice (the table's
        clock option `auto`, the default) or the game's safe default action.
        As for a computer seat's move (`play_computer`), the deadline is leased
        first, the computer thinks outside the table's lock on a copy, and the
        move then goes through the same locked, versioned path as a click,
        consuming the lease in the same transaction: whichever of the click and
        the expiry commits first wins, the other is refused as stale. None when
        there was nothing to do (the player acted first, or the table moved on).
        """
        lease = lease or await self.lease(deadline)
        if lease is None:
            return None  # gone or moved meanwhile: the player acted
        for _ in range(3):  # again after a conflict with another writer, or when the decision changed meanwhile
            table = await self.store.peek(deadline.table_id)
            if table is None or not self._still_due(table, deadline):
                await self.store.db.deadlines.take(lease)
                return None
            assert table.clock is not None and table.state is not None
            seat = deadline.seat
            player = await self._on_away_time(table, seat)
            if player is not None:  # an hour of the player's away allowance instead of the timeout
                async with self.store.locked(deadline.table_id):
                    current = await self._fresh_if(deadline.table_id, lease, lambda t: self._still_due(t, deadline))
                    if current is None:
                        return None
                    try:
                        return await self._spend_away(current, seat, player)
                    except StaleMessageError:
                        continue
            out = table.clock.seats[seat].timeouts + 1 >= table.clock.timeouts
            if out:
                action: Any = Withdraw()
            elif table.clock.auto == "computer":
                action = await self.store.computers.choose(table.engine, table.state, seat, "normal")
            else:
                action = table.engine.default_action(table.state, seat)
            token = table.decision(seat).token
            async with self.store.locked(deadline.table_id):
                current = await self._fresh_if(deadline.table_id, lease, lambda t: self._still_due(t, deadline))
                if current is None:
                    return None
                assert current.state is not None
                if current.decision(seat).token != token:
                    continue
                try:
                    return await self.store.commit(current, seat, action, open_gate, consume=lease, clocked_out=out)
                except DeadlineGoneError:
                    return None
                except StaleMessageError:
                    continue
        return None

    async def play_out(self, table_id: int, limit: int = PLAY_OUT_LIMIT) -> Outcome | None:
        """The table's time is up for good (a league round's end): the clock plays every remaining decision with the
        game's safe default move, as it does for a timed-out player (`auto` "default"), until the game ends; after
        `limit` moves, the seats still to act are withdrawn instead. The last move's outcome; None when the table
        was not running."""
        last: Outcome | None = None
        for played in range(limit + MAX_SEATS):
            async with self.store.locked(table_id):
                try:
                    table = await self.store.fresh(table_id)
                except ForgedComponentError:
                    return last
                if table.record.status != "active" or table.state is None or not table.to_act:
                    return last
                seat = table.to_act[0]
                action: Any = Withdraw() if played >= limit else table.engine.default_action(table.state, seat)
                try:
                    last = await self.store.commit(table, seat, action, open_gate, clocked_out=played >= limit)
                except StaleMessageError:
                    continue
        return last

    async def _fresh_if(self, table_id: int, lease: Deadline, due: Callable[[Table], bool]) -> Table | None:
        """Under the table's lock: the table as the database holds it (another process may have moved; a stale copy
        would drop a live deadline) while `due` still says so; else None, the lease dropped if the table moved on."""
        try:
            current = await self.store.fresh(table_id)
        except ForgedComponentError:
            return None
        if not due(current):
            await self.store.db.deadlines.take(lease)
            return None
        return current

    async def _on_away_time(self, table: Table, seat: int) -> PlayerSettings | None:
        """The settings of `seat`'s player if the clock may spend their away allowance instead of a timeout."""
        clock = table.clock
        user_id = table.record.seats[seat].user_id
        if clock is None or not clock.away_allowed or seat in clock.computers or is_computer(user_id):
            return None
        player = await self.store.db.players.get(user_id)
        if not player.auto_away or allowance.left(player, self.store.now()) < allowance.GRAIN:
            return None
        return player

    async def _spend_away(self, table: Table, seat: int, player: PlayerSettings) -> Outcome:
        """An hour of away allowance (what is left, if less) spent on `seat`'s decision: its deadline moves that
        much later, the allowance is counted in the same transaction as the clock (the deadline's row moves with
        it, so its lease goes too). StaleMessageError when the table moved meanwhile."""
        clock = table.clock
        assert clock is not None
        now = self.store.now()
        left = allowance.left(player, now)
        spent = min(allowance.HOUR, left)
        moved = clock.away_hour(seat, spent * self.store.time_scale, now)
        withdrawn = table.state.withdrawn if table.state is not None else ()
        try:
            record = await self.store.db.tables.update_clock(
                table.id,
                table.record.version,
                self.store.clock_write(table.record, clock, moved, withdrawn),
                away_spent=AwaySpent(player.user_id, allowance.year_of(now), spent),
            )
        except StaleVersionError:
            await self.store.fresh(table.id)
            raise StaleMessageError() from None
        self.store.deadline_added()
        hour = AwayHour(player.user_id, seat, spent, left - spent, first=not clock.on_auto_away(seat))
        return Outcome(table=self.store.committed(record, table.state, moved), seat=seat, finished=False, away=hour)

    def _still_due(self, table: Table, deadline: Deadline) -> bool:
        """Whether `deadline` is the one the table's clock holds for its seat now.

        The clock's due time may come before the row's: a claim or a lease moves the row later, never the
        clock, and a clock that changes rewrites (or drops) the row. So the row stands for the clock's
        decision if that decision was due by the time the row fell due.
        """
        clock = table.clock
        seat = deadline.seat
        if table.record.status != "active" or clock is None or table.state is None or seat >= len(clock.seats):
            return False
        if seat not in table.to_act:
            return False
        due = clock.deadline(seat) if deadline.kind == "expire" else clock.reminder(seat)
        return due is not None and due <= deadline.fell_due_at

    @staticmethod
    def _computer_due(table: Table, seat: int) -> bool:
        """Whether the computer playing `seat` has a decision in hand at a running, unpaused table."""
        clock = table.clock
        return (
            table.record.status == "active"
            and table.state is not None
            and clock is not None
            and seat in clock.computers
            and not clock.paused
            and seat in table.to_act
        )

    async def play_computer(self, deadline: Deadline, lease: Deadline | None = None) -> Outcome | None:
        """A computer seat's turn came (`deadline`, kind `computer`): it decides and plays.

        The deadline is first leased (`lease`; the caller may have leased it
        already), so the scheduler does not fire it again while the computer
        thinks, and a crash meanwhile only delays the move. The computer decides outside the table's
        lock on a copy; the move is committed under the lock if that decision is
        still pending, consuming the lease in the same transaction. None when
        there was nothing to do.
        """
        lease = lease or await self.lease(deadline)
        if lease is None:
            return None  # gone or moved meanwhile: its table changed
        seat = deadline.seat
        for _ in range(3):
            table = await self.store.peek(deadline.table_id)
            if table is None or not self._computer_due(table, seat):
                await self.store.db.deadlines.take(lease)
                return None
            assert table.state is not None
            level = level_of(table.record.seats[seat].user_id) or "normal"
            action = await self.store.computers.choose(table.engine, table.state, seat, level)
            token = table.decision(seat).token
            async with self.store.locked(deadline.table_id):
                current = await self._fresh_if(deadline.table_id, lease, lambda t: self._computer_due(t, seat))
                if current is None:
                    return None
                assert current.state is not None
                if current.decision(seat).token != token:
                    continue  # others' moves changed this decision: think again
                try:
                    return await self.store.commit(current, seat, action, open_gate, consume=lease, by_computer=True)
                except DeadlineGoneError:
                    return None
                except StaleMessageError:
                    continue
        return None

    async def due_reminder(self, deadline: Deadline) -> tuple[Table, int] | None:
        """The table and seat a reminder is due for, or None (and the row dropped) when it no longer applies."""
        async with self.store.locked(deadline.table_id):
            try:
                table = await self.store.fresh(deadline.table_id)  # as for `expire`: never judge on a stale copy
            except ForgedComponentError:
                return None
            if not self._still_due(table, deadline) or self._on_away_hours(table, deadline.seat):
                await self.store.db.deadlines.take(deadline)
                return None
            return table, deadline.seat

    @staticmethod
    def _on_away_hours(table: Table, seat: int) -> bool:
        """Whether `seat`'s decision runs on away hours the clock spent (its player was told: no reminder)."""
        return table.clock is not None and table.clock.on_auto_away(seat)

    async def reminded(self, deadline: Deadline) -> None:
        """The reminder was sent: its row goes."""
        await self.store.db.deadlines.take(deadline)

    async def set_paused(
        self, table_id: int, user_id: int, paused: bool, *, can_manage: bool, gate: Gate = open_gate
    ) -> Table:
        """The host (or a moderator) pauses or resumes the table: its clocks stop, or start again from now."""
        async with self.store.locked(table_id):
            table = await self.store.playing(table_id)
            if user_id != table.record.host_id and not can_manage:
                raise NotHostError("error.pause_forbidden")
            clock = table.clock
            if clock is None:
                raise CardroomError("error.no_clock")
            if clock.paused == paused:
                raise StaleMessageError()
            now = self.store.now()
            away_seats = await self.store.away_by_seat(table.record) if clock.away_allowed else {}
            changed = clock.pause(now) if paused else clock.resume(now, away_seats)
            return await self.store.change_clock(table, changed, gate)

    async def set_away(self, user_id: int, until: float | None) -> list[Table]:
        """`user_id` is away until `until` (None: back now): their running clocks stop meanwhile.

        Returns the tables whose clock changed (their messages show the new deadlines). A table that does not
        allow away time (`TableClock.away_allowed`) keeps their clock running.
        """
        away = await self.store.away_map()
        now = self.store.now()
        if until is None or until <= now:
            away.pop(user_id, None)
            back = now
        else:
            away[user_id] = until
            back = until
        changed = []
        for row in await self.store.db.players.turns_of(user_id):
            if row.since is None:
                continue
            async with self.store.locked(row.table_id):
                table = await self.store.get(row.table_id)
                clock = table.clock
                if table.record.status != "active" or clock is None or row.seat >= len(clock.seats):
                    continue
                if not clock.away_allowed:
                    continue  # this table does not stop a clock for away time
                moved = clock.set_away(row.seat, back, now)
                if moved == clock:
                    continue  # nothing runs there now (a paused table)
                try:
                    changed.append(await self.store.change_clock(table, moved, open_gate))
                except StaleMessageError:
                    continue  # moved meanwhile: its next move applies the away time
        return changed
