"""The lobby: opening one (or a rematch), seats, options, clock and language, the start, the host's cancel."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from pydantic import ValidationError

from bot.computers import computer_seat, is_computer, parse_level
from bot.errors import (
    AlreadySeatedError,
    ForgedComponentError,
    InvalidOptionError,
    LobbyClosedError,
    NotAPlayerError,
    NotEnoughPlayersError,
    NotHostError,
    StaleMessageError,
    TableBusyError,
    TableFullError,
)
from bot.i18n import LANGUAGES, t
from bot.services.away import AWAY_CHOICES
from bot.services.clock import TableClock, paces
from bot.services.fairness import new_salt
from bot.services.servers import effective
from bot.services.tables.store import TableStore
from bot.services.tables.table import Gate, Table, engine_for, open_gate, option_value, table_url
from bot.storage import ChannelBusyError, Deadline, GuildSettings, Seat, StaleVersionError
from engines.core import option_choices


class LobbyService:
    """A table before its game starts; every change but a join or a leave is the host's (`_hosting`)."""

    def __init__(self, store: TableStore) -> None:
        self.store = store

    async def open_lobby(
        self, *, guild_id: int | None, channel_id: int, game: str, host: Seat, locale: str, gate: Gate = open_gate
    ) -> Table:
        """A new lobby of `game` in the channel, `host` alone at it, with the default options and the server's clock."""
        engine = engine_for(game)
        options = engine.options_model().model_dump(mode="json")
        clock, expiry = await self._lobby_defaults(guild_id)
        return await self._create_lobby(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host=host,
            seats=[host],
            options=options,
            locale=locale,
            clock=clock,
            expiry=expiry,
            gate=gate,
        )

    async def open_seated(
        self, *, guild_id: int | None, channel_id: int, game: str, seats: list[Seat], locale: str, clock: TableClock
    ) -> Table:
        """A table opened for its players and started at once (a league's): `seats` in seat order, the first its
        host, the game's default options, `clock` its clock. A table already open in the channel (one this call
        opened before a crash) is taken up where it stopped: started if still a lobby."""
        engine = engine_for(game)
        try:
            table = await self._create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                host=seats[0],
                seats=seats,
                options=engine.options_model().model_dump(mode="json"),
                locale=locale,
                clock=clock,
                expiry=None,
                gate=open_gate,
            )
        except TableBusyError as busy:
            table = await self.store.get(busy.table_id)
        if table.record.status == "lobby":
            table = await self.start(table.id, table.record.host_id)
        return table

    async def rematch(self, table_id: int, host: Seat, gate: Gate = open_gate) -> Table:
        """A new lobby in the channel of the finished game `table_id`: the same players in the same order, with the
        same options, clock and language, and `host` (who must have played) as its host.

        Raises `TableBusyError` when the channel already has an open table (a rematch opened meanwhile).
        """
        finished = await self.store.get(table_id)
        record = finished.record
        if record.status != "finished":
            raise ForgedComponentError()  # the rematch button is on finished tables only
        seat = record.seat_of(host.user_id)
        if seat is None:
            raise NotAPlayerError("error.rematch_not_a_player")
        seats = [host if index == seat else person for index, person in enumerate(record.seats)]
        server_clock, expiry = await self._lobby_defaults(record.guild_id)
        clock = server_clock
        if finished.clock is not None and finished.clock.pace in paces().names():
            scale = self.store.time_scale
            clock = TableClock.preset(finished.clock.pace, timeouts=finished.clock.timeouts, scale=scale)
            clock = clock.model_copy(update={"auto": finished.clock.auto, "away_choice": finished.clock.away_choice})
        return await self._create_lobby(
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            game=record.game,
            host=host,
            seats=seats,
            options=dict(record.options),
            locale=record.locale,
            clock=clock,
            expiry=expiry,
            gate=gate,
        )

    async def _lobby_defaults(self, guild_id: int | None) -> tuple[TableClock, float | None]:
        """A new lobby's clock and the seconds after which it closes unless started: the server's, else the bot's."""
        server = await self.store.db.servers.get(guild_id) if guild_id is not None else GuildSettings(guild_id=0)
        chosen = effective(server, lobby_expiry=None)  # the server's choices over the bot's own
        clock = TableClock.preset(chosen.pace, timeouts=chosen.timeouts, scale=self.store.time_scale)
        expiry = self.store.lobby_expiry if chosen.lobby_expiry is None else chosen.lobby_expiry * self.store.time_scale
        return clock, expiry

    async def _create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host: Seat,
        seats: list[Seat],
        options: dict[str, Any],
        locale: str,
        clock: TableClock,
        expiry: float | None,
        gate: Gate,
    ) -> Table:
        await gate()
        try:
            record = await self.store.db.tables.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                host=host,
                seats=seats,
                options=options,
                seed=secrets.randbits(63),
                salt=new_salt(),
                locale=locale,
                expires_at=None if expiry is None else self.store.now() + expiry,
                clock=clock.model_dump_json(),
            )
        except ChannelBusyError as busy:
            existing = busy.existing
            raise TableBusyError(
                game=existing.game,
                url=table_url(existing),
                table_id=existing.id,
            ) from None
        if expiry is not None:
            self.store.deadline_added()
        return self.store.committed(record)

    async def expire_lobby(self, table_id: int, deadline: Deadline | None = None) -> Table | None:
        """A lobby's expiry is due: close it if nobody started it (None when there was nothing to close).

        `deadline`: the expiry as the scheduler claimed it (its row is held past now by the claim's lease).
        """
        async with self.store.locked(table_id):
            record = await self.store.db.tables.close_expired_lobby(table_id, self.store.now(), deadline=deadline)
            return None if record is None else self.store.committed(record)

    async def discard_lobby(self, table: Table) -> None:
        """Undo a lobby nobody has seen (its message could not be posted), so it does not hold the channel."""
        self.store.cache.drop(table.id)
        await self.store.db.tables.discard_lobby(table.id, table.record.version)

    async def _lobby(self, table_id: int) -> Table:
        table = await self.store.get(table_id)
        if table.record.status != "lobby":
            raise LobbyClosedError()
        return table

    @asynccontextmanager
    async def _hosting(self, table_id: int, user_id: int) -> AsyncIterator[Table]:
        """The lobby, under its lock, for a change only its host may make (`NotHostError` for anyone else)."""
        async with self.store.locked(table_id):
            table = await self._lobby(table_id)
            if user_id != table.record.host_id:
                raise NotHostError()
            yield table

    async def _update_lobby(self, table: Table, gate: Gate, **changes: Any) -> Table:
        await gate()
        try:
            record = await self.store.db.tables.update_lobby(table.id, table.record.version, **changes)
        except StaleVersionError:
            await self.store.fresh(table.id)
            raise StaleMessageError() from None
        return self.store.committed(record)

    async def join(self, table_id: int, user: Seat, gate: Gate = open_gate) -> Table:
        async with self.store.locked(table_id):
            table = await self._lobby(table_id)
            if table.seat_of(user.user_id) is not None:
                raise AlreadySeatedError()
            if len(table.record.seats) >= table.engine.max_players:
                raise TableFullError(max=table.engine.max_players)
            return await self._update_lobby(table, gate, seats=[*table.record.seats, user])

    async def add_computer(self, table_id: int, user_id: int, level: str, gate: Gate = open_gate) -> Table:
        """The host seats a computer player of `level` ("easy", "normal" or "hard"), named in the table's language."""
        async with self._hosting(table_id, user_id) as table:
            found = parse_level(level)
            if found is None:
                raise InvalidOptionError()
            if len(table.record.seats) >= table.engine.max_players:
                raise TableFullError(max=table.engine.max_players)
            lang = table.record.locale
            shown = t(lang, f"computer.level.{found}")
            seat = computer_seat(
                found, table.record.seats, lambda name: t(lang, "computer.seat", name=name, level=shown)
            )
            updated = await self._update_lobby(table, gate, seats=[*table.record.seats, seat])
            if found != "easy":  # its first decision then finds the pool started
                self.store.computers.warm()
            return updated

    async def remove_computer(self, table_id: int, user_id: int, seat: int, gate: Gate = open_gate) -> Table:
        """The host takes the computer player at `seat` away from the lobby."""
        async with self._hosting(table_id, user_id) as table:
            seats = table.record.seats
            if not 0 <= seat < len(seats) or not is_computer(seats[seat].user_id):
                raise StaleMessageError()
            return await self._update_lobby(table, gate, seats=[s for index, s in enumerate(seats) if index != seat])

    async def leave_lobby(self, table_id: int, user_id: int, gate: Gate = open_gate) -> Table:
        async with self.store.locked(table_id):
            table = await self._lobby(table_id)
            if table.seat_of(user_id) is None:
                raise NotAPlayerError()
            if user_id == table.record.host_id:
                raise NotHostError("error.host_cannot_leave")
            seats = [seat for seat in table.record.seats if seat.user_id != user_id]
            return await self._update_lobby(table, gate, seats=seats)

    async def set_option(self, table_id: int, user_id: int, field: str, value: str, gate: Gate = open_gate) -> Table:
        async with self._hosting(table_id, user_id) as table:
            choices = option_choices(table.engine.options_model)
            if field not in choices:
                raise InvalidOptionError()
            chosen = next((c for c in choices[field] if option_value(c) == value), None)
            if chosen is None:
                raise InvalidOptionError()
            options = {**table.record.options, field: chosen}
            try:
                parsed = table.engine.parse_options(options)
            except ValidationError:
                raise InvalidOptionError() from None
            return await self._update_lobby(table, gate, options=parsed.model_dump(mode="json"))

    async def set_locale(self, table_id: int, user_id: int, locale: str, gate: Gate = open_gate) -> Table:
        """The host sets the table's language: that of its public messages (each player's own answers keep theirs)."""
        async with self._hosting(table_id, user_id) as table:
            if locale not in LANGUAGES:
                raise InvalidOptionError()
            return await self._update_lobby(table, gate, locale=locale)

    async def start(self, table_id: int, user_id: int, gate: Gate = open_gate) -> Table:
        async with self._hosting(table_id, user_id) as table:
            players = len(table.record.seats)
            refusal = table.engine.check_players(players)
            if refusal is not None:
                raise NotEnoughPlayersError(min=table.engine.min_players, max=table.engine.max_players)
            options = table.engine.parse_options(table.record.options)
            state = table.engine.new(players, options, table.record.seed)
            write = None
            if table.clock is not None:
                away = await self.store.away_by_seat(table.record) if table.clock.away_allowed else {}
                version = table.record.version + 1
                computers = [seat for seat, person in enumerate(table.record.seats) if is_computer(person.user_id)]
                clock = table.clock.begin(
                    players,
                    table.engine.to_act(state),
                    self.store.now(),
                    version,
                    away,
                    computers=computers,
                    floor=self.store.computer_floor,
                )
                write = self.store.clock_write(table.record, None, clock)
            await gate()
            try:
                record = await self.store.db.tables.start(
                    table_id, table.record.version, state=table.engine.dump_state(state), clock=write
                )
            except StaleVersionError:
                await self.store.fresh(table_id)
                raise StaleMessageError() from None
            if write is not None:
                self.store.deadline_added()
                return self.store.committed(record, state, clock)
            return self.store.committed(record, state)

    async def set_clock_option(
        self, table_id: int, user_id: int, field: str, value: str, gate: Gate = open_gate
    ) -> Table:
        """The host sets the lobby's pace (`pace`), the timeouts in a row that withdraw a player (`timeouts`),
        who plays a timed-out move (`auto`: the normal computer player, or the game's safe default), or whether
        players may spend away time at the table (`away`: "on" or "off"; a league table may forbid it)."""
        async with self._hosting(table_id, user_id) as table:
            clock = table.clock or TableClock.preset(paces().default, scale=self.store.time_scale)
            if field == "pace" and value in paces().names():
                clock = clock.with_pace(value, scale=self.store.time_scale)
            elif field == "timeouts" and value in {str(k) for k in paces().timeouts.choices}:
                clock = clock.model_copy(update={"timeouts": int(value)})
            elif field == "auto" and value in ("computer", "default"):
                clock = clock.model_copy(update={"auto": value})
            elif field == "away" and value in AWAY_CHOICES:
                clock = clock.model_copy(update={"away_choice": value == "on"})
            else:
                raise InvalidOptionError()
            return await self._update_lobby(table, gate, clock=clock.model_dump_json())

    async def cancel(self, table_id: int, user_id: int, gate: Gate = open_gate) -> Table:
        async with self._hosting(table_id, user_id):
            await gate()
            return self.store.committed(await self.store.db.tables.abort(table_id, by_user_id=user_id))
